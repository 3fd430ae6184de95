"""Sichuan self-play: whole sittings played by bots, written as ``sichuan-hand/1`` records.

Deterministic like Wuhan's simulator (``replay.games.wuhan.simulate``): everything random comes from the
master seed, so the same seed gives byte-identical records for any number of workers. Each
sitting seats four players from a pool, each keeping one style (``bots.STYLES``); the next hand's
dealer is the board's own SC-1.3 answer (the first winner, the discarder after a multiple first
win, else ``draw_dealer``). With ``bankruptcy`` each seat brings a stack of 50 × base coins,
carried from hand to hand; a seat that goes broke buys in again for the next hand.

The driver asks the bot on turn for its ranked choices and pushes the first one a clone of the
board accepts, so the board stays the only copy of the rules. On a discard every other active
seat that may legally win is asked first (a forced win, SC-1.7, is never declined), then the one
seat that could peng or 直杠; draws carry their tile, as apps record them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from datetime import datetime, timedelta, timezone
from functools import partial
from typing import Any

from replay.games.sichuan.board import Board, legal_actions
from replay.games.sichuan.bots import STYLES, Bot, Table
from replay.games.sichuan.params import rules_from_json
from replay.pool import ordered_map
from replay.sittings import Sitting, plan_sittings, seats_json
from replay.sittings import players as pool_of
from replay.table.run import try_push
from replay.table.seats import seats_after
from replay.tiles import CODES

NAMES = ("幺妹", "老成都", "二娃", "胖哥", "李嬢嬢", "张老师", "小谢", "陈大爷", "Amy", "廖哥", "王幺爸")
STYLE_CYCLE = ("balanced", "careful", "void_neglecter", "qingyise_chaser", "gambler")
CHINA = timezone(timedelta(hours=8))
START = datetime(2026, 12, 1, 20, 0, tzinfo=CHINA)
#: What ``replay simulate --game sichuan`` plays when no overrides are given: the club room of
#: sichuan.md §8 that swaps three of one suit, so every hand shows a 换三张 and a 定缺.
DEFAULT_OVERRIDES: dict[str, Any] = {"swap_three": "same_suit"}
STACK_UNITS = 50


def players(count: int) -> list[dict[str, str]]:
    """The pool: ids ``sc01``…, display names and a style per player."""
    return pool_of(count, "sc", NAMES, STYLE_CYCLE)


def _first_legal(board: Board, choices: list[dict[str, Any]]) -> dict[str, Any] | None:
    return next((c for c in choices if try_push(board, c) is not None), None)


def _draw(board: Board, seat: int) -> dict[str, Any]:
    tile = board.peek_draw()
    assert tile is not None
    return {"type": "draw", "seat": seat, "tile": CODES[tile]}


def _after_claim(board: Board) -> dict[str, Any] | None:
    """The event that closes an open claim: the next draw, 流局, or None when the wins end it."""
    trial = board.clone()
    trial._close_claim(None)
    if trial.ended:
        return None
    if trial.live <= 0 and not trial.replacement:
        return {"type": "huangzhuang"}
    return _draw(trial, trial.actor)


def _claims(board: Board, bots: list[Bot]) -> list[dict[str, Any]]:
    """What the other seats do with the open discard or 补杠: hu(s), one peng/直杠, or nothing."""
    claim = board.claim
    assert claim is not None
    forced = board.live < board.rules.forced_hu_last  # SC-1.7 (0 = off)
    hus = []
    for s in seats_after(claim.seat):
        if not board.active(s):
            continue
        reading = board.win_reading(s, claim.tile)
        if reading is None:
            continue
        event = {"type": "hu", "seat": s}
        if _first_legal(board, [event]) is None:
            continue  # 过水 (SC-3.5)
        if forced or bots[s].wants_hu(board, s, reading.points):
            hus.append(event)
    if hus or claim.rob:
        return hus
    for s in seats_after(claim.seat):
        if board.active(s) and board.seats[s].hand[claim.tile] >= 2:
            want = bots[s].claim(board, s, claim.tile)
            if want is not None and _first_legal(board, [want]) is not None:
                return [want]
    return []


def play_hand(
    rng: random.Random,
    ruleset: Mapping[str, Any],
    dealer: int,
    styles: list[str],
    stacks: list[int] | None = None,
) -> tuple[list[str], list[dict[str, Any]], Board]:
    wall = [CODES[k] for k in range(27) for _ in range(4)]
    rng.shuffle(wall)
    spec: dict[str, Any] = {"ruleset": ruleset, "dealer": dealer, "wall": wall}
    if stacks is not None:
        spec["stacks"] = stacks
    board = Board.from_record(spec)
    bots = [Bot(STYLES[s], rng) for s in styles]
    table = Table.new()
    events: list[dict[str, Any]] = []
    queue: list[dict[str, Any]] = []
    while not board.ended:
        event: dict[str, Any] | None
        if queue:
            event = queue.pop(0)
        elif board.phase == "swap":
            direction = board.rules.swap_direction
            if direction == "random":
                direction = rng.choice(("next", "prev", "across"))
            given = [bots[s].swap(board, s) for s in range(4)]
            event = {"type": "swap", "direction": direction, "tiles": given}
        elif board.phase == "dingque":
            event = {"type": "dingque", "suits": [bots[s].dingque(board, s) for s in range(4)]}
        elif board.phase == "draw":
            no_tile = board.live <= 0 and not board.replacement
            event = {"type": "huangzhuang"} if no_tile else _draw(board, board.actor)
        elif board.phase == "act":
            event = _first_legal(board, bots[board.actor].act(board, board.actor, table))
            if event is None:  # never expected: the bots' lists hold every discard
                event = legal_actions(board)[0]
        else:
            assert board.claim is not None
            if not board.claim.hus:
                queue = _claims(board, bots)
            event = queue.pop(0) if queue else _after_claim(board)
        if event is None:
            board.finish()
            break
        if event["type"] == "discard":
            table.thrown[CODES.index(event["tile"])] += 1
        elif event["type"] in ("peng", "gang") and event.get("kind", "ming") == "ming":
            tile = board.claim.tile if board.claim is not None else None
            if tile is not None:
                table.thrown[tile] -= 1  # a claimed tile is in a meld now, counted there
        board.push(event)
        events.append(event)
    board.finish()
    return wall, events, board


def play_session(preset: str, overrides: tuple[tuple[str, Any], ...], plan: Sitting) -> list[dict[str, Any]]:
    """One sitting: hands in order, each dealt by the previous hand's next dealer (SC-1.3)."""
    rng = random.Random(f"sichuan:{plan.seed}:{plan.number}")
    styles = [p["style"] for p in plan.seated]
    ruleset = {"preset": preset, "overrides": dict(overrides)}
    rules = rules_from_json(ruleset)
    stacks = [STACK_UNITS * rules.base] * 4 if rules.bankruptcy else None
    dealer = plan.dealer
    when = plan.start
    records = []
    for i in range(plan.hands):
        wall, events, board = play_hand(rng, ruleset, dealer, styles, stacks)
        when += timedelta(minutes=rng.randint(4, 12), seconds=rng.randrange(60))
        record: dict[str, Any] = {
            "format": "sichuan-hand/1",
            "hand_id": f"scsim{plan.seed}-{plan.first_hand + i:06d}",
            "source": "simulator",
            "played_at": when.isoformat(),
            "session": {"id": f"scsim{plan.seed}-s{plan.number:04d}", "hand_no": i + 1},
            "ruleset": {"preset": preset, "overrides": dict(overrides)},
            "seats": seats_json(plan),
            "dealer": dealer,
        }
        if stacks is not None:
            record["stacks"] = list(stacks)
        record["wall"] = wall
        record["events"] = events
        record["result"] = board.result()
        records.append(record)
        if stacks is not None:
            stacks = [
                s + d if s + d > 0 else STACK_UNITS * rules.base
                for s, d in zip(stacks, board.ledger.deltas, strict=True)
            ]
        dealer = board.next_dealer()
    return records


def simulate(
    hands: int,
    seed: int,
    preset: str = "xuezhan",
    overrides: Mapping[str, Any] | None = None,
    pool: int = 8,
    workers: int = 1,
) -> Iterator[dict[str, Any]]:
    """``hands`` complete records in sittings of 4–12 hands; the same for any ``workers``.

    Raises InputError for an unknown preset or a bad override (checked before any hand is played).
    """
    overrides = dict(DEFAULT_OVERRIDES if overrides is None else overrides)
    rules_from_json({"preset": preset, "overrides": overrides})
    plans = plan_sittings(hands, seed, random.Random(f"sichuan:{seed}"), players(pool), START)
    play = partial(play_session, preset, tuple(sorted(overrides.items())))
    for records in ordered_map(play, plans, workers):
        yield from records
