"""Self-play: whole hands played by bots through the board, written as ``wuhan-hand/1`` records.

Deterministic: everything random comes from one ``random.Random(seed)``, so the same seed gives
byte-identical records. Hands come in sittings (sessions) with dealer rotation (R-2.2), each
sitting seating four players drawn from a pool, each player keeping one style throughout.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from typing import Any

from replay.audit import computed_result
from replay.board import Board
from replay.bots import STYLES, Bot, choose
from replay.tiles import CODES

NAMES = ("老王", "小李", "张姐", "阿强", "陈师傅", "刘婆婆", "胖子", "Lily", "小周", "黄老板", "二毛", "赵哥")
STYLE_CYCLE = ("balanced", "cautious", "aggressive", "qingyise_chaser")
CHINA = timezone(timedelta(hours=8))
START = datetime(2026, 11, 1, 19, 30, tzinfo=CHINA)


def players(count: int) -> list[dict[str, str]]:
    """The pool: ids, display names and a style per player (styles cycle so all appear)."""
    return [
        {
            "player_id": f"p{i + 1:02d}",
            "name": NAMES[i % len(NAMES)] + ("" if i < len(NAMES) else str(i // len(NAMES) + 1)),
            "style": STYLE_CYCLE[i % len(STYLE_CYCLE)],
        }
        for i in range(count)
    ]


def play_hand(
    rng: random.Random, preset: str, dealer: int, styles: list[str]
) -> tuple[list[str], list[dict[str, Any]], Board]:
    wall = [CODES[k] for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    board = Board.from_record({"ruleset": {"preset": preset}, "dealer": dealer, "wall": wall})
    bots = [Bot(STYLES[s], rng) for s in styles]
    events: list[dict[str, Any]] = []
    while not board.ended:
        event = choose(board, bots)
        tile = board.peek_draw() if event["type"] == "draw" else None
        if tile is not None:  # draws carry their tile, as apps record them
            event = {**event, "tile": CODES[tile]}
        board.push(event)
        events.append(event)
    return wall, events, board


def simulate(hands: int, seed: int, preset: str = "hzlzg", pool: int = 8) -> Iterator[dict[str, Any]]:
    """``hands`` complete records, in sittings of 4–12 hands."""
    rng = random.Random(seed)
    people = players(pool)
    when = START + timedelta(days=rng.randrange(28))
    made = 0
    session_no = 0
    while made < hands:
        session_no += 1
        seated = rng.sample(people, 4)
        session_id = f"sim{seed}-s{session_no:04d}"
        dealer = rng.randrange(4)
        for hand_no in range(1, rng.randint(4, 12) + 1):
            if made >= hands:
                break
            wall, events, board = play_hand(rng, preset, dealer, [p["style"] for p in seated])
            result = computed_result(board)
            when += timedelta(minutes=rng.randint(3, 9), seconds=rng.randrange(60))
            made += 1
            yield {
                "format": "wuhan-hand/1",
                "hand_id": f"sim{seed}-{made:06d}",
                "source": "simulator",
                "played_at": when.isoformat(),
                "session": {"id": session_id, "hand_no": hand_no},
                "ruleset": {"preset": preset, "overrides": {}},
                "seats": [{"player_id": p["player_id"], "name": p["name"]} for p in seated],
                "dealer": dealer,
                "wall": wall,
                "events": events,
                "result": {
                    k: result[k] for k in ("winner", "hands", "self_draw", "hard", "liable", "deltas")
                },
            }
            winner = result["winner"]
            if winner is not None and winner != dealer:
                dealer = (dealer + 1) % 4
        when += timedelta(hours=rng.randint(12, 60))
