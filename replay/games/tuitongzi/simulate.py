"""推筒子 self-play: sittings of rounds written as ``tuitongzi-round/1`` records.

Deterministic like the other games' simulators: the sittings are planned from the master seed
(``replay.sittings``) and each is played from its own generator, so the same seed gives
byte-identical records for any number of workers. A sitting seats n players of the pool with
their styles (``bots.STYLES``); the banker keeps the bank (carried, TT-1.3) under ``record`` until
it has banked four rounds or its bank runs low, then the next seat banks with a fresh bank; under
``each``/``every_n`` the rule decides. The pool is carried from round to round (TT-5.1); a
``five_rounds`` shoe serves its ⌊40 / 2n⌋ rounds from one shuffle (TT-2.3).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from datetime import datetime, timedelta, timezone
from functools import partial
from typing import Any

from replay.games.tuitongzi import tiles as T
from replay.games.tuitongzi.bots import STYLES, limit_for, stake
from replay.games.tuitongzi.params import rules_from_json
from replay.games.tuitongzi.ranking import Hand
from replay.games.tuitongzi.round import dealt_hands, round_tiles
from replay.games.tuitongzi.settle import deal_order, settle
from replay.pool import ordered_map
from replay.sittings import Sitting, plan_sittings
from replay.sittings import players as pool_of

NAMES = ("阿强", "老王", "小芳", "胖子", "李姐", "赵老板", "阿明", "Kiki", "陈叔", "小六")
CHINA = timezone(timedelta(hours=8))
START = datetime(2026, 12, 1, 21, 0, tzinfo=CHINA)
#: per preset: a fresh bank, a player's betting unit and the pool a sitting finds
STAKES = {"tuitongzi": (3000, 100, 10000), "tuitongzi-table": (600, 20, 0)}
RECORD_TURNS = 4


def players(count: int) -> list[dict[str, str]]:
    """The pool: ids ``tt01``…, display names and a style per player."""
    return pool_of(count, "tt", NAMES, STYLES)


def _next_banker(rules: Any, banker: int, round_no: int, turns: int, bank: int, fresh: int, n: int) -> int:
    if rules.banker_rotation == "each":
        return (banker + 1) % n
    if rules.banker_rotation == "every_n":
        return (banker + 1) % n if round_no % rules.banker_rounds == 0 else banker
    return (banker + 1) % n if turns >= RECORD_TURNS or bank < fresh // 2 else banker


def play_session(preset: str, overrides: tuple[tuple[str, Any], ...], plan: Sitting) -> list[dict[str, Any]]:
    """One sitting of rounds, the bank and the pool carried from each round to the next."""
    rng = random.Random(f"tuitongzi:{plan.seed}:{plan.number}")
    ruleset = {"preset": preset, "overrides": dict(overrides)}
    rules = rules_from_json(ruleset)
    n = rules.seats
    seated = plan.seated[:n]
    styles = [p["style"] for p in seated]
    fresh, unit, pool = STAKES[preset]
    fresh = max(fresh, rules.bank_min)
    banker = plan.dealer % n
    bank = fresh
    turns = 0
    losses = [0] * n
    shoe_wall: list[int] = []
    shoe_no = 0
    shoe_round = rules.shoe_rounds
    when = plan.start
    sid = f"ttsim{plan.seed}-s{plan.number:04d}"
    records = []
    for i in range(plan.hands):
        round_no = i + 1
        if rules.shoe == "five_rounds":
            if shoe_round >= rules.shoe_rounds:
                shoe_wall = T.full_set()
                rng.shuffle(shoe_wall)
                shoe_no += 1
                shoe_round = 0
            shoe_round += 1
            wall = shoe_wall
        else:
            wall = T.full_set()
            rng.shuffle(wall)
            wall = wall[: 2 * n]
        dice = (rng.randint(1, 6), rng.randint(1, 6)) if rules.deal_start == "dice" else None
        ranks = dealt_hands(rules, round_tiles(rules, wall, n, shoe_round or 1), banker, dice)
        hands = [Hand.of(a, b) for a, b in ranks]
        seen = wall[: 2 * n * (shoe_round - 1)] if rules.shoe == "five_rounds" else []
        bets: list[int | None] = [None] * n
        before = 0
        order = deal_order(banker, n)
        for k, seat in enumerate(order):
            own = hands[seat] if rules.bet_after_peek else None
            limit = limit_for(rules, bank, before)
            if limit is not None and rules.bank_cover:  # leave each later player its bet_min
                limit -= rules.bet_min * (len(order) - k - 1)
            bet = stake(styles[seat], rng, unit, losses[seat], rules, limit, own, seen)
            bets[seat] = bet
            before += bet
        s = settle(rules, banker, bank, bets, hands, pool)
        for seat, o in enumerate(s.outcomes):
            if o is not None:
                losses[seat] = 0 if o.verdict.player_wins else losses[seat] + 1
        when += timedelta(minutes=rng.randint(1, 4), seconds=rng.randrange(60))
        record: dict[str, Any] = {
            "format": "tuitongzi-round/1",
            "round_id": f"ttsim{plan.seed}-{plan.first_hand + i:06d}",
            "source": "simulator",
            "played_at": when.isoformat(),
            "session": {"id": sid, "round_no": round_no},
            "ruleset": {"preset": preset, "overrides": dict(overrides)},
            "seats": [{"player_id": p["player_id"], "name": p["name"]} for p in seated],
            "banker": banker,
            "bank": bank,
            "bets": bets,
        }
        if dice is not None:
            record["dice"] = list(dice)
        if rules.shoe == "five_rounds":
            record["shoe"] = {"id": f"{sid}-shoe{shoe_no}", "round": shoe_round}
        record["wall"] = [T.code(t, rules.half_tile) for t in wall]
        record["hands"] = [[T.code(t, rules.half_tile) for t in pair] for pair in ranks]
        record["pool_before"] = pool
        record["result"] = s.result()
        records.append(record)
        pool = s.pool_after
        turns += 1
        carried = bank + s.deltas[banker]
        nxt = _next_banker(rules, banker, round_no, turns, carried, fresh, n)
        if (
            nxt == banker
            and rules.bank_carry
            and carried < rules.bank_min
            and rules.banker_rotation == "record"
        ):
            nxt = (banker + 1) % n  # a broke banker cannot carry its bank: the next seat banks
        if nxt != banker:
            banker, bank, turns = nxt, fresh, 0
        elif rules.bank_carry:
            bank = carried  # TT-1.3 (under every_n a broke banker's bank stays broke: bank_below_min)
        else:
            bank = fresh
    return records


def simulate(
    hands: int,
    seed: int,
    preset: str = "tuitongzi",
    overrides: Mapping[str, Any] | None = None,
    pool: int = 8,
    workers: int = 1,
) -> Iterator[dict[str, Any]]:
    """``hands`` rounds in sittings of 4–12; the same for any ``workers``.

    Raises InputError for an unknown preset or a bad override (checked before any round is played).
    """
    overrides = dict(overrides or {})
    rules_from_json({"preset": preset, "overrides": overrides})
    plans = plan_sittings(hands, seed, random.Random(f"tuitongzi:{seed}"), players(pool), START)
    play = partial(play_session, preset, tuple(sorted(overrides.items())))
    for records in ordered_map(play, plans, workers):
        yield from records
