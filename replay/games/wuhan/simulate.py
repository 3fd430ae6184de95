"""Self-play: whole hands played by bots through the board, written as ``wuhan-hand/1`` records.

Deterministic: everything random comes from one ``random.Random(seed)``, so the same seed gives
byte-identical records. Hands come in sittings (sessions) with dealer rotation (R-2.2), each
sitting seating four players drawn from a pool, each player keeping one style throughout.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from replay.games.wuhan.audit import computed_result
from replay.games.wuhan.board import Board
from replay.games.wuhan.bots import STYLES, Bot, choose
from replay.tiles import CODES

NAMES = ("老王", "小李", "张姐", "阿强", "陈师傅", "刘婆婆", "胖子", "Lily", "小周", "黄老板", "二毛", "赵哥")
STYLE_CYCLE = ("balanced", "cautious", "aggressive", "qingyise_chaser", "big_hand_hunter")
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


@dataclass(frozen=True)
class SessionPlan:
    """What the master seed decides up front, so sittings can be played in any process."""

    seed: int
    number: int
    hands: int
    first_hand: int  # running hand number of its first hand
    seated: tuple[dict[str, str], ...]
    dealer: int
    start: datetime
    preset: str


def plan_sessions(hands: int, seed: int, preset: str, pool: int) -> list[SessionPlan]:
    rng = random.Random(seed)
    people = players(pool)
    when = START + timedelta(days=rng.randrange(28))
    plans: list[SessionPlan] = []
    made = 0
    while made < hands:
        size = min(rng.randint(4, 12), hands - made)
        seated = tuple(rng.sample(people, 4))
        plans.append(
            SessionPlan(seed, len(plans) + 1, size, made + 1, seated, rng.randrange(4), when, preset)
        )
        made += size
        when += timedelta(hours=rng.randint(12, 60))
    return plans


def play_session(plan: SessionPlan) -> list[dict[str, Any]]:
    """One sitting: hands in order, the dealer passing on per R-2.2."""
    rng = random.Random(f"{plan.seed}:{plan.number}")
    styles = [p["style"] for p in plan.seated]
    dealer = plan.dealer
    when = plan.start
    records = []
    for i in range(plan.hands):
        wall, events, board = play_hand(rng, plan.preset, dealer, styles)
        result = computed_result(board)
        when += timedelta(minutes=rng.randint(3, 9), seconds=rng.randrange(60))
        records.append(
            {
                "format": "wuhan-hand/1",
                "hand_id": f"sim{plan.seed}-{plan.first_hand + i:06d}",
                "source": "simulator",
                "played_at": when.isoformat(),
                "session": {"id": f"sim{plan.seed}-s{plan.number:04d}", "hand_no": i + 1},
                "ruleset": {"preset": plan.preset, "overrides": {}},
                "seats": [{"player_id": p["player_id"], "name": p["name"]} for p in plan.seated],
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
    plans = plan_sessions(hands, seed, preset, pool)
    if workers <= 1 or len(plans) < 2:
        for plan in plans:
            yield from play_session(plan)
        return
    with ProcessPoolExecutor(max_workers=workers) as ex:
        for records in ex.map(play_session, plans, chunksize=1):
            yield from records
