"""The shortcuts that make the Changchun mistakes cheap may skip work, never a finding.

``Board.hu_in_reach`` lets the detectors push a ``hu`` only where the seat's tiles could win
(``reading.makes_win``, itself guarded by ``_may_shape``); the mistakes' ``Walk`` rides the
audit's own replay and rebuilds states from checkpoints. Each is held here against the slow,
obvious way: a ``hu`` pushed on every board, W(s) read kind by kind, a board cloned per event;
and the verdict's (the events list read event by event, rulesets made once) against the schema
read item by item and a ruleset made each time.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from marshmallow import ValidationError

from replay.errors import InputError
from replay.games.changchun import tiles as T
from replay.games.changchun.audit import audit_validated
from replay.games.changchun.board import Board, IllegalEvent
from replay.games.changchun.mistakes import find_mistakes
from replay.games.changchun.mistakes.base import CHECKPOINT, Context
from replay.games.changchun.params import make_rules
from replay.games.changchun.reading import _may_shape, makes_win, readings, shape_tiles, waits
from replay.games.changchun.simulate import simulate
from replay.tiles import CODES, KIND_OF, parse_tile
from schemas.changchun_hand import EVENT_SCHEMAS, MAX_EVENTS, ChangchunRecordSchema, _Event, validate_record
from schemas.envelope import load_record
from schemas.fields import BoundedList
from tests.changchun_builders import tiles

RULES = make_rules("changchun")
PRESETS = ("changchun", "changchun-135", "changchun-250")


def counts(text: str) -> list[int]:
    c = [0] * 34
    for code in tiles(text):
        c[KIND_OF[code]] += 1
    return c


def random_hands(n: int, size: int, seed: int) -> list[list[int]]:
    """``n`` hands of ``size`` tiles drawn from one set of 136, plus as many built of four
    groups and a pair (so that shapes are among them, not only in theory)."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out = []
    for _ in range(n):
        c = [0] * 34
        for k in rng.sample(wall, size):
            c[k] += 1
        out.append(c)
        built = [0] * 34
        built[rng.randrange(34)] += 2
        for _ in range(4):
            if rng.random() < 0.5:
                built[rng.randrange(34)] += 3
            else:
                suit, start = rng.randrange(3), rng.randrange(7)
                for k in range(3):
                    built[9 * suit + start + k] += 1
        if size % 3 == 1:  # 13: take one back out
            built[next(k for k in range(34) if built[k])] -= 1
        if max(built) <= 4:
            out.append(built)
    return out


# ------------------------------------------------------------------ _may_shape (CC-5.1)
def test_may_shape_hand_worked() -> None:
    """123m 456m 789s 111p 55p: m 6 ≡ 0, s 3 ≡ 0, p 5 ≡ 2 (the pair), no honour: may.
    A lone 东 (1 mod 3), two pairs (m and p both 2 mod 3) or four 东 (1 mod 3) may not."""
    assert _may_shape(counts("123456m 789s 11155p"))
    assert not _may_shape(counts("123456m 789s 1115p E"))
    assert not _may_shape(counts("12344m 789s 11155p"))
    assert not _may_shape(counts("123m 789s 11155p EEEE"))
    assert _may_shape(counts("123m 789s 111p EEE CC"))  # 中 pair: 2 mod 3, the one pair


def test_may_shape_never_refuses_a_reading() -> None:
    hands = random_hands(3000, 14, seed=5)
    shaped = [c for c in hands if readings(tuple(c))]
    assert len(shaped) > 100  # the test sees real shapes
    assert all(_may_shape(c) for c in shaped)
    assert sum(_may_shape(c) for c in hands) < len(hands)  # and it does refuse some


def test_makes_win_is_w_s_one_kind_at_a_time() -> None:
    """Every kind of W(s) passes ``makes_win``; a kind it passes is in W(s) unless the seat
    already holds four of it (W(s) leaves those out, CC-4.1)."""
    seen = 0
    for c in random_hands(400, 13, seed=9):
        w = set(waits(c, [], RULES))
        for t in range(34):
            if t in w:
                seen += 1
                assert makes_win(c, [], t, RULES)
            elif c[t] < 4:
                assert not makes_win(c, [], t, RULES)
    assert seen > 20


# ------------------------------------------------------------------ Board.hu_in_reach
def every_state(record: dict[str, Any]) -> list[Board]:
    """The board before each event and after the last, one clone per event (the slow way)."""
    board = Board.from_record(record)
    out = [board.clone()]
    for event in record["events"]:
        board.push(event)
        out.append(board.clone())
    return out


def hu_stands(board: Board, s: int) -> bool:
    trial = board.clone()
    event: dict[str, Any] = {"type": "hu", "seat": s}
    try:
        trial.push(event)
    except (IllegalEvent, InputError):
        return False
    return True


@pytest.mark.parametrize("preset", PRESETS)
def test_hu_in_reach_never_hides_a_win(preset: str) -> None:
    """At every state of simulated hands, for every seat (the 宝 lifted from a leaker too): a
    ``hu`` the board accepts is always in reach."""
    stood = 0
    for rec in simulate(8, 3, preset):
        for board in every_state(rec)[:-1]:
            for s in range(4):
                lifted = board.clone()
                lifted.seats[s].leaked = False
                for b in (board, lifted):
                    if hu_stands(b, s):
                        stood += 1
                        assert b.hu_in_reach(s), (rec["hand_id"], b.events, s)
    assert stood > 0


def test_hu_in_reach_on_a_window_is_exactly_the_seat_s_wait() -> None:
    """On a window the shortcut is W(s) itself (CC-4.1): the tile is in reach of a seat exactly
    when its wait set holds it, so no window a seat could win on is skipped, none tried for
    nothing."""
    windows = 0
    for rec in simulate(6, 3, "changchun-135"):
        for board in every_state(rec):
            if board.phase != "claim" or board.claim is None:
                continue
            windows += 1
            for s in board.seats_after(board.claim.seat):
                assert board.hu_in_reach(s) == (board.claim.tile in board.waits_of(s))
    assert windows > 50


# ------------------------------------------------------------------ the Walk and its states
@pytest.mark.parametrize("preset", PRESETS)
def test_states_rebuilt_from_checkpoints_are_the_boards_of_the_replay(preset: str) -> None:
    rec = max(simulate(4, 4, preset), key=lambda r: len(r["events"]))
    slow = every_state(rec)
    ctx = Context.replay(rec)
    assert len(rec["events"]) > 2 * CHECKPOINT
    for i, want in enumerate(slow):
        got = ctx.board_at(i if i < len(slow) - 1 else None)
        assert got.result() == want.result() and got.events == want.events == i
        assert (got.phase, got.actor, got.drawn, got.bao, got.live) == (
            want.phase,
            want.actor,
            want.drawn,
            want.bao,
            want.live,
        )
        assert [(s.hand, s.melds, s.ting, s.leaked) for s in got.seats] == [
            (s.hand, s.melds, s.ting, s.leaked) for s in want.seats
        ]


def test_the_audit_s_shared_replay_finds_what_a_replay_of_its_own_finds() -> None:
    found = 0
    for preset in PRESETS:
        for rec in simulate(10, 6, preset):
            mistakes = audit_validated(rec)["mistakes"]
            assert mistakes == find_mistakes(rec)
            found += len(mistakes)
    assert found > 0


# ------------------------------------------------------------------ the verdict's own shortcuts
class _PlainEvents(ChangchunRecordSchema):
    """The record schema with the events read item by item by marshmallow, as before."""

    events = BoundedList(_Event(), 0, MAX_EVENTS, noun="events", required=True)


def test_events_load_as_the_schema_loads_them_one_by_one() -> None:
    """Gangs, chis, 报听 and 宝 events go through their schema alone; the record loaded is the
    one the item-by-item list made, and an error in any event is reported as it was."""
    plain = _PlainEvents()
    kinds: set[str] = set()
    for preset in PRESETS:
        for rec in simulate(10, 8, preset):
            kinds |= {e["type"] for e in rec["events"]}
            assert validate_record(rec) == load_record(plain, rec)
            bad = json.loads(json.dumps(rec))
            gang = next(i for i, e in enumerate(bad["events"]) if e["type"] not in ("draw", "discard"))
            bad["events"][gang]["seat"] = 7
            bad["events"][-1]["type"] = "dance"
            got, want = validate_record(bad), load_record(plain, bad)
            assert got == want and got[0] is None and len(got[1]) == 2
    assert {"gang", "chi", "peng", "ting"} <= kinds


def test_rulesets_are_made_once_and_true_is_not_one() -> None:
    """The same ruleset twice is one object; ``special_open: true`` is a ruleset but ``1`` is
    refused (a boolean), though ``True == 1`` in Python."""
    a = make_rules("changchun-135", {"special_open": True})
    assert make_rules("changchun-135", {"special_open": True}) is a
    assert a.special_open is True and a.ladder == (1, 3, 5, 10, 20, 40, 80)
    with pytest.raises(InputError, match="special_open"):
        make_rules("changchun-135", {"special_open": 1})
    assert make_rules("changchun-135") is not a and make_rules("changchun-135").special_open is False


def test_shape_tiles_are_the_kinds_may_shape_passes() -> None:
    """A seat's cached ``shape_tiles`` is exactly ``_may_shape`` asked kind by kind; 123m 456m
    789s 111p 5p (13 tiles) can only use a 5th-group tile: p is 1 mod 3, so p tiles alone."""
    assert shape_tiles(counts("123456m 789s 1115p")) == frozenset(range(18, 27))
    for c in random_hands(500, 13, seed=11):
        want = set()
        for t in range(34):
            plus = list(c)
            plus[t] += 1
            if _may_shape(plus):
                want.add(t)
        assert shape_tiles(c) == want


def slow_windows(states: list[Board], events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Windows read off a board per state: a run of claim phases, its hu declarations."""
    out = []
    n = len(events)
    i = 0
    while i < n:
        claim = states[i + 1].claim
        if states[i].phase != "claim" and states[i + 1].phase == "claim" and claim is not None:
            j = i + 1
            while j < n and states[j + 1].phase == "claim":
                j += 1
            hus = tuple(
                events[k]["seat"]
                for k in range(i + 1, min(j + 1, n))
                if events[k]["type"] == "hu" and states[k].phase == "claim"
            )
            out.append((i, j if j < n else None, claim.seat, claim.tile, claim.rob, hus))
            i = j
            continue
        i += 1
    return out


@pytest.mark.parametrize("preset", PRESETS)
def test_the_walk_s_windows_are_the_runs_of_claim_phases(preset: str) -> None:
    for rec in simulate(6, 12, preset):
        want = slow_windows(every_state(rec), rec["events"])
        got = [(w.at, w.close, w.seat, w.tile, w.rob, w.winners) for w in Context.replay(rec).windows]
        assert got == want and got


MUTATIONS: list[tuple[str, Any]] = [
    ("seat", 7),
    ("seat", True),
    ("seat", None),
    ("seat", "1"),
    ("tile", "x"),
    ("tile", "5P"),
    ("tile", None),
    ("tile", 5),
    ("tiles", ["1m"]),
    ("tiles", ["1m", "2m", "3m"]),
    ("tiles", ["1m", "two"]),
    ("tiles", "1m2m"),
    ("kind", "big"),
    ("kind", None),
    ("kind", "an"),
    ("kind", "xi"),
    ("die", 0),
    ("die", 7),
    ("die", True),
    ("die", 3.0),
    ("index", -1),
    ("index", 136),
    ("index", False),
    ("extra", 1),
]


def schema_load(event: dict[str, Any]) -> dict[str, Any] | None:
    try:
        loaded: dict[str, Any] = EVENT_SCHEMAS[event["type"]].load(event)
    except ValidationError:
        return None
    return loaded


def test_every_fast_event_is_what_its_schema_loads() -> None:
    """Every event of simulated hands (each type) skips the schema and equals the schema's
    load; every mutation of one either goes to the schema or loads as the schema loads it."""
    fast = _Event().fast_item
    kinds: set[str] = set()
    events = [e for p in PRESETS for rec in simulate(12, 13, p) for e in rec["events"]]
    events += [
        {"type": "gang", "seat": 1, "kind": "xi", "tiles": ["E", "S", "W", "N"]},
        {"type": "bao", "seat": 2, "die": 3, "tile": "5p"},
        {"type": "chi", "seat": 3, "tiles": ["4m", "6m"], "tile": "5m"},
        {"type": "pass", "seat": 0},
        {"type": "bao_leak", "seat": 2},
    ]
    for event in events:
        kinds.add(event["type"])
        got = fast(event)
        assert got is not None and got == schema_load(event), event
        assert "tiles" not in got or got["tiles"] is not event["tiles"]  # a new list, as loaded
        for key, value in MUTATIONS:
            bad = {**event, key: value}
            got = fast(bad)
            assert got is None or got == schema_load(bad), bad
    assert kinds == set(EVENT_SCHEMAS)


def test_is_ready_is_w_s_not_empty() -> None:
    """``is_ready`` answers most hands from their shape alone; it is W(s) ≠ ∅ (CC-4.1) at every
    state of simulated hands, for the seats holding 13 − 3·melds tiles."""
    ready = 0
    for rec in simulate(6, 14, "changchun"):
        for board in every_state(rec):
            for s in range(4):
                want = bool(board.clone().waits_of(s))
                ready += want
                assert board.is_ready(s) == want
    assert ready > 0


def test_a_canonical_code_parses_as_every_alias_path_parses_it() -> None:
    """``tiles.parse`` looks a canonical code up directly; any other spelling goes the long way."""
    for code in CODES:
        assert T.parse(code, "tile") == parse_tile(code) == KIND_OF[code]
    assert T.parse("5P", "tile") == T.parse(" 5p", "tile") == KIND_OF["5p"]
    with pytest.raises(InputError, match="tile"):
        T.parse("5x", "tile")
    assert T.parse_list(["5p", "E"], "wall") == T.parse_list([" 5p", "E"], "wall") == [KIND_OF["5p"], 27]
    with pytest.raises(InputError) as err:
        T.parse_list(["5p", "5x"], "wall")
    assert err.value.field == "wall[1]"


def test_window_in_reach_is_some_seat_s_hu_in_reach() -> None:
    seen = 0
    for rec in simulate(6, 15, "changchun-250"):
        for board in every_state(rec):
            if board.phase == "claim" and board.claim is not None:
                want = any(board.clone().hu_in_reach(s) for s in board.seats_after(board.claim.seat))
                seen += want
                assert board.window_in_reach() == want
            else:
                assert not board.window_in_reach()
    assert seen > 0
