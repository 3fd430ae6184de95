"""Self-play: whole hands played by bots through the board, written as ``wuhan-hand/1`` records.

Deterministic: everything random comes from one ``random.Random(seed)``, so the same seed gives
byte-identical records. Hands come in sittings (sessions) with dealer rotation (R-2.2), each
sitting seating four players drawn from a pool, each player keeping one style throughout.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from functools import partial
from typing import Any

from replay.games.wuhan.audit import computed_result
from replay.games.wuhan.board import Board
from replay.games.wuhan.bots import STYLES, Bot, choose
from replay.pool import ordered_map
from replay.sittings import Sitting, plan_sittings, seats_json
from replay.sittings import players as pool_of
from replay.tiles import CODES

NAMES = ("老王", "小李", "张姐", "阿强", "陈师傅", "刘婆婆", "胖子", "Lily", "小周", "黄老板", "二毛", "赵哥")
STYLE_CYCLE = ("balanced", "cautious", "aggressive", "qingyise_chaser", "big_hand_hunter")
CHINA = timezone(timedelta(hours=8))
START = datetime(2026, 11, 1, 19, 30, tzinfo=CHINA)


def players(count: int) -> list[dict[str, str]]:
    """The pool: ids ``p01``…, display names and a style per player."""
    return pool_of(count, "p", NAMES, STYLE_CYCLE)


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


def play_session(preset: str, plan: Sitting) -> list[dict[str, Any]]:
    """One sitting: hands in order, the dealer passing on per R-2.2."""
    rng = random.Random(f"{plan.seed}:{plan.number}")
    styles = [p["style"] for p in plan.seated]
    dealer = plan.dealer
    when = plan.start
    records = []
    for i in range(plan.hands):
        wall, events, board = play_hand(rng, preset, dealer, styles)
        result = computed_result(board)
        when += timedelta(minutes=rng.randint(3, 9), seconds=rng.randrange(60))
        records.append(
            {
                "format": "wuhan-hand/1",
                "hand_id": f"sim{plan.seed}-{plan.first_hand + i:06d}",
                "source": "simulator",
                "played_at": when.isoformat(),
                "session": {"id": f"sim{plan.seed}-s{plan.number:04d}", "hand_no": i + 1},
                "ruleset": {"preset": preset, "overrides": {}},
                "seats": seats_json(plan),
                "dealer": dealer,
                "wall": wall,
                "events": events,
                "result": {
                    k: result[k] for k in ("winner", "hands", "self_draw", "hard", "liable", "deltas")
                },
            }
        )
        winner = result["winner"]
        if winner is not None and winner != dealer:  # R-2.2, or R-2.3's winner
            dealer = winner if board.rules.dealer_rotation == "winner" else (dealer + 1) % 4
    return records


def simulate(
    hands: int, seed: int, preset: str = "hzlzg", pool: int = 8, workers: int = 1
) -> Iterator[dict[str, Any]]:
    """``hands`` complete records in sittings of 4–12 hands; the same for any ``workers``."""
    plans = plan_sittings(hands, seed, random.Random(seed), players(pool), START)
    for records in ordered_map(partial(play_session, preset), plans, workers):
        yield from records
