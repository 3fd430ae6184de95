"""Issue #27: a differential fuzz of the whole engine, both games.

Random described wins go through ``evaluate`` and random legal records — the simulators'
hands, then mutated (a tile swapped, a kong kept concealed, an event moved, dropped or played
twice, a seat changed) — through the audit a user runs (``schemas.audit.audit_record``: the
schema, then the replayer, settlement and mistake analysis). Nothing may raise: every input
gets an answer. Where a reference exists it must agree: a Wuhan win the engine calls legal
reads as a win in the brute-force reference (``tests/reference.py``), and one it refuses as
``not_a_winning_hand`` reads as none.

CI runs a fixed seed in seconds; ``pytest -m slow tests/replay/test_engine_fuzz.py`` runs
over 100,000 cases (``FUZZ_CASES`` sets how many records each game's slow test mutates).
"""

from __future__ import annotations

import copy
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings

from replay.games.sichuan.evaluate import evaluate as evaluate_sichuan
from replay.games.sichuan.simulate import simulate as simulate_sichuan
from replay.games.wuhan.evaluate import evaluate as evaluate_wuhan
from replay.games.wuhan.laizi import laizi_of
from replay.games.wuhan.simulate import simulate as simulate_wuhan
from replay.tiles import CODES, NUM_KINDS
from schemas.audit import audit_record
from tests.reference import ref_readings
from tests.strategies import HandCase, hand_cases

STATUSES = {"ok", "illegal", "mismatch", "invalid"}
SUITED = [CODES[k] for k in range(27)]


# --------------------------------------------------------------------------------------------
# described wins: Wuhan, against the reference
# --------------------------------------------------------------------------------------------


def _indicator(laizi: int, rules: Any) -> str:
    return next(CODES[k] for k in range(NUM_KINDS) if laizi_of(k, rules) == laizi)


def _meld(m: Any, winner: int, rng: random.Random) -> dict[str, Any]:
    source = rng.choice([s for s in range(4) if s != winner])
    if m.type == "chi":
        return {"type": "chi", "tiles": [CODES[t] for t in m.tiles], "from": (winner - 1) % 4}
    if m.type == "peng":
        return {"type": "peng", "tile": CODES[m.tiles[0]], "from": source}
    out = {"type": "gang", "kind": m.kind, "tile": CODES[m.tiles[0]]}
    if m.kind == "ming":
        out["from"] = source
    return out


def win_of(case: HandCase, rng: random.Random) -> dict[str, Any]:
    """The case as ``replay evaluate`` takes it: seat 2 wins; a discard or robbed kong comes
    from a random other seat."""
    winner = 2
    way = {"haidi_gang_draw": "gang_draw"}.get(case.way, case.way)
    win: dict[str, Any] = {"way": way, "tile": CODES[case.win_tile]}
    if way in ("discard", "rob"):
        win["from"] = rng.choice([0, 1, 3])
    seats: list[dict[str, Any]] = [{"hand": [], "melds": []} for _ in range(4)]
    seats[winner] = {
        "hand": [CODES[t] for t in case.concealed],
        "melds": [_meld(m, winner, rng) for m in case.melds],
    }
    preset = case.rules.preset
    return {
        "ruleset": {"preset": preset, "overrides": dict(case.rules.overrides)},
        "dealer": rng.randrange(4),
        "winner": winner,
        "win": win,
        "laizi_indicator": _indicator(case.laizi, case.rules),
        "seats": seats,
    }


def check_described_win(case: HandCase, seed: int) -> dict[str, Any]:
    value = win_of(case, random.Random(seed))
    note(str(value))
    answer = evaluate_wuhan(value)
    assert isinstance(answer, dict) and ("legal" in answer or "error" in answer), answer
    if "error" in answer:
        return answer
    way = value["win"]["way"]
    ref = ref_readings(case.concealed, case.melds, case.win_tile, way, case.laizi, case.rules)
    if answer["legal"]:
        assert ref, "the engine settled a win that reads as no hand in the reference"
    elif answer["reason"]["code"] == "not_a_winning_hand":
        assert not ref, f"the reference reads a win: {ref}"
    return answer


def _seed(case: HandCase) -> int:
    """The seats and ways drawn for a case: from its tiles (ints hash alike in every process)."""
    return hash((case.concealed, case.win_tile, case.laizi)) & 0xFFFF


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(hand_cases())
def test_described_wuhan_wins_never_raise_and_agree_with_the_reference(case: HandCase) -> None:
    check_described_win(case, seed=_seed(case))


SICHUAN_WAYS = ("self_draw", "discard", "gang_draw", "rob")


def random_sichuan_win(rng: random.Random) -> dict[str, Any]:
    """A Sichuan described win: a hand of two suits (most often a near-win), melds, a way."""
    suits = rng.sample(range(3), 2)
    void = next(s for s in range(3) if s not in suits)
    kinds = [9 * s + r for s in suits for r in range(9)]
    counts = [0] * 27
    n_melds = rng.choice((0, 0, 1, 2, 4))
    melds = []
    for _ in range(n_melds):
        k = rng.choice([k for k in kinds if counts[k] == 0])
        counts[k] = 3 if rng.random() < 0.7 else 4
        melds.append({"type": "peng" if counts[k] == 3 else "gang", "tile": CODES[k]})
    hand: list[int] = []
    while len(hand) < 13 - 3 * n_melds:
        k = rng.choice([k for k in kinds if counts[k] < 4])
        counts[k] += 1
        hand.append(k)
    tile = rng.choice([k for k in kinds if counts[k] < 4] or kinds)
    way = rng.choice(SICHUAN_WAYS)
    winner = rng.randrange(4)
    win: dict[str, Any] = {"way": way, "tile": CODES[tile]}
    if way in ("discard", "rob"):
        win["from"] = (winner + rng.randrange(1, 4)) % 4
    seats: list[dict[str, Any]] = [{"hand": [], "void": "mps"[rng.randrange(3)]} for _ in range(4)]
    seats[winner] = {"hand": [CODES[t] for t in sorted(hand)], "void": "msp"[void], "melds": melds}
    return {
        "game": "sichuan",
        "ruleset": {"preset": rng.choice(("xuezhan", "xueliu")), "overrides": {}},
        "dealer": rng.randrange(4),
        "winner": winner,
        "win": win,
        "seats": seats,
    }


def test_described_sichuan_wins_never_raise() -> None:
    rng = random.Random(27)
    answered = {"legal": 0, "illegal": 0, "error": 0}
    for _ in range(600):
        value = random_sichuan_win(rng)
        answer = evaluate_sichuan(value)
        key = "error" if "error" in answer else ("legal" if answer["legal"] else "illegal")
        answered[key] += 1
    assert answered["legal"] and answered["illegal"], answered  # the generator reaches both


# --------------------------------------------------------------------------------------------
# mutated records, both games, through the audit
# --------------------------------------------------------------------------------------------


def _tiles_of(record: dict[str, Any]) -> list[str]:
    return SUITED if record["format"].startswith("sichuan") else list(CODES)


def mutate(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """One plausible corruption of a legal record, and what it was."""
    out = copy.deepcopy(record)
    events: list[dict[str, Any]] = out["events"]
    kind = rng.choice(("swap_tile", "swap_tile", "conceal_kong", "move", "drop", "twice", "seat", "result"))
    if not events:
        return out, "none"
    i = rng.randrange(len(events))
    if kind == "swap_tile":
        with_tile = [e for e in events if isinstance(e.get("tile"), str)]
        if with_tile:
            rng.choice(with_tile)["tile"] = rng.choice(_tiles_of(out))
    elif kind == "conceal_kong":
        kongs = [e for e in events if e.get("type") in ("gang", "kong")]
        if kongs:
            e = rng.choice(kongs)
            e["kind"] = "an"
            e.pop("from", None)
    elif kind == "move":
        e = events.pop(i)
        events.insert(rng.randrange(len(events) + 1), e)
    elif kind == "drop":
        events.pop(i)
    elif kind == "twice":
        events.insert(i, copy.deepcopy(events[i]))
    elif kind == "seat" and "seat" in events[i]:
        events[i]["seat"] = rng.randrange(4)
    elif kind == "result" and isinstance(out.get("result"), dict):  # what the app says it charged
        deltas, wins = out["result"].get("deltas"), out["result"].get("wins")
        if isinstance(deltas, list) and len(deltas) == 4:  # still summing to zero
            a, b = rng.sample(range(4), 2)
            moved = rng.choice((1, 2, 100))
            deltas[a] += moved
            deltas[b] -= moved
        elif isinstance(wins, list) and wins:
            rng.choice(wins)["multiple"] *= 2
    return out, kind


def fuzz_records(records: list[dict[str, Any]], cases: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    for n in range(cases):
        record, kind = mutate(records[n % len(records)], rng)
        try:
            audit = audit_record(record, f"case {n}", analysis=n % 4 == 0)
        except Exception as err:  # the failure names the case, for a test of its own
            raise AssertionError(f"{kind} case {n} of seed {seed} raised {err!r}: {record}") from err
        assert audit["status"] in STATUSES, audit["status"]
        seen[audit["status"]] = seen.get(audit["status"], 0) + 1
    return seen


def _records(game: str, hands: int, seed: int) -> list[dict[str, Any]]:
    if game == "wuhan":
        out = list(simulate_wuhan(hands, seed, "hzlzg")) + list(simulate_wuhan(hands // 2, seed, "qipi"))
        return out + list(simulate_wuhan(hands // 2, seed, "hzfclzg"))
    return list(simulate_sichuan(hands, seed, "xuezhan")) + list(simulate_sichuan(hands // 2, seed, "xueliu"))


@pytest.mark.parametrize("game", ["wuhan", "sichuan"])
def test_mutated_records_are_audited_without_an_exception(game: str) -> None:
    seen = fuzz_records(_records(game, 24, 3), cases=300, seed=27)
    assert seen.get("illegal", 0) >= 50, seen  # the mutations do reach the rules
    assert seen.get("ok", 0) + seen.get("mismatch", 0) >= 20, seen  # and some stay legal


@pytest.mark.slow
@pytest.mark.parametrize("game", ["wuhan", "sichuan"])
def test_mutated_records_many(game: str) -> None:
    """With the described wins below, over 100,000 cases in all (``-m slow``)."""
    cases = int(os.environ.get("FUZZ_CASES", "45000"))
    fuzz_records(_records(game, 200, 11), cases=cases, seed=11)


@pytest.mark.slow
def test_described_wins_many() -> None:
    rng = random.Random(101)
    for _ in range(10_000):
        evaluate_sichuan(random_sichuan_win(rng))


@pytest.mark.slow
@settings(max_examples=5000, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(hand_cases())
def test_described_wuhan_wins_many(case: HandCase) -> None:
    check_described_win(case, seed=_seed(case))
