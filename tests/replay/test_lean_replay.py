"""Issue #15, the verdict's half: the lean replay says what the full replay says.

The verdict (``--no-analysis``) replays a record in a bare loop that keeps no positions, judges
the shape types it can rule out once (``hand._family``), settles with integer factors and
shares one parsed ruleset between the records that name it. Each is a shortcut that must not
change a byte: here the verdict of every record of the test set, of every preset's simulated
hands and of broken copies of them equals the full audit's (which replays through
``Positions``), and the shared ruleset is the one ``make_ruleset`` makes, read-only.
``tests/replay/test_saved_findings.py`` holds the full audit to what it said before.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from replay.errors import InputError
from replay.games.wuhan.board import Board, IllegalEvent
from replay.games.wuhan.ruleset import PRESETS, make_ruleset, ruleset_from_json
from replay.games.wuhan.settle import Factor
from replay.games.wuhan.simulate import simulate
from replay.inputs import iter_records
from replay.tiles import CODES
from schemas.audit import audit_record
from schemas.hand_record import validate_record

ROOT = Path(__file__).resolve().parents[2]


def _verdict(audit: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in audit.items() if k not in ("mistakes", "_facts")}


def _broken(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy with one event dropped, repeated or given to another seat: illegal somewhere."""
    out = copy.deepcopy(record)
    events = out["events"]
    i = rng.randrange(len(events))
    how = rng.randrange(3)
    if how == 0:
        del events[i]
    elif how == 1:
        events.insert(i, dict(events[i]))
    elif "seat" in events[i]:
        events[i]["seat"] = (events[i]["seat"] + rng.randrange(1, 4)) % 4
    return out


def _records() -> list[object]:
    folders = ("tests/data/records", "sample_logs/handwritten")
    found: list[object] = [obj for obj, _ in iter_records([str(ROOT / f) for f in folders])]
    rng = random.Random(15)
    for preset in PRESETS:
        hands = list(simulate(12, seed=4, preset=preset))
        found += hands
        found += [_broken(r, rng) for r in hands]
    return found


def test_the_verdict_alone_is_the_full_audits_verdict() -> None:
    records = _records()
    statuses = set()
    for obj in records:
        lean = audit_record(obj, None, False)
        full = audit_record(obj)
        assert lean["mistakes"] == [] and "_facts" not in lean
        assert _verdict(lean) == _verdict(full), lean["hand_id"]
        statuses.add(lean["status"])
    assert statuses >= {"ok", "illegal", "mismatch"}


def test_a_parsed_ruleset_is_shared_and_read_only() -> None:
    spec = {"preset": "hzfclzg", "overrides": {"qihu": 8, "cap": 200}}
    rules = ruleset_from_json(spec)
    assert ruleset_from_json({"overrides": {"cap": 200, "qihu": 8}, "preset": "hzfclzg"}) is rules
    assert rules == make_ruleset("hzfclzg", {"qihu": 8, "cap": 200})
    assert rules.to_json() == make_ruleset("hzfclzg", {"qihu": 8, "cap": 200}).to_json()
    assert dict(rules.overrides) == {"qihu": 8, "cap": 200}
    with pytest.raises(TypeError):
        rules.overrides["qihu"] = 0  # type: ignore[index]
    plain = ruleset_from_json({"preset": "qipi"})
    assert ruleset_from_json({"preset": "qipi", "overrides": {}}) is plain
    assert plain == PRESETS["qipi"]
    # true is not 1: JSON tells them apart, and so does the cache
    assert ruleset_from_json({"preset": "hzlzg", "overrides": {"qipi": True}}).qipi is True
    for _ in range(2):  # an error is never kept: each call names its own field
        with pytest.raises(InputError) as err:
            ruleset_from_json({"preset": "hzlzg", "overrides": {"qihu": 1.5}}, "x")
        assert err.value.field == "x.overrides.qihu"


def test_a_preset_replaced_at_run_time_is_not_served_from_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruling's "before" engine (tests/store/test_reaudit_rulings.py) swaps a preset in PRESETS:
    rulesets parsed before the swap must not stand in for it, whatever ran earlier."""
    spec = {"preset": "hzlzg", "overrides": {"cap": 300}}
    current = ruleset_from_json(spec)
    assert current.jianjiang is True
    monkeypatch.setitem(PRESETS, "hzlzg", replace(PRESETS["hzlzg"], jianjiang=False))
    assert ruleset_from_json(spec).jianjiang is False
    assert ruleset_from_json({"preset": "hzlzg"}).jianjiang is False
    monkeypatch.undo()
    assert ruleset_from_json(spec).jianjiang is True


def test_factors_are_integers_but_the_one_and_a_half() -> None:
    """Receipts print as before: ``2`` for an integer factor, ``1.5`` for R-10.3's big-hand one."""
    assert Factor("hard", 2, "winner").text == "2"
    assert Factor("hard", Fraction(2), "winner").text == "2"
    assert Factor("self_draw", Fraction(3, 2), "winner").text == "1.5"
    texts = set()
    for record in simulate(60, seed=9, preset="hzlzg"):
        audit = audit_record(record, None, False)
        for receipt in (audit["computed"] or {}).get("receipts", []):
            texts.update(f["value"] for f in receipt["factors"])
    assert "2" in texts and all(t.isdigit() or t == "1.5" for t in texts)


def _push_each(board: Board, events: list[dict[str, Any]]) -> tuple[int, dict[str, Any] | None]:
    for i, event in enumerate(events):
        try:
            board.push(event)
        except IllegalEvent as err:
            return i, err.reason.to_json()
    return len(events), None


def _push_all(board: Board, events: list[dict[str, Any]]) -> tuple[int, dict[str, Any] | None]:
    try:
        board.push_all(events)
    except IllegalEvent as err:
        return board.events, err.reason.to_json()
    return board.events, None


def test_push_all_is_push_of_each_event() -> None:
    """``push_all`` applies plain draws and discards inline: it stops at the same event with the
    same reason as ``push`` one by one, and leaves the board in the same state, on every
    preset's hands, broken ones (the inline checks refusing and handing over to the handler)
    and hands in deal mode."""
    rng = random.Random(31)
    stops = set()
    for preset in PRESETS:
        for record in simulate(15, seed=31, preset=preset):
            copies = [record, _broken(record, rng), _broken(record, rng), _broken(record, rng)]
            dealt = copy.deepcopy(record)  # deal mode: the same hand without its wall
            deal = Board.from_record(record).seats
            dealt["deal"] = [[CODES[t] for t in s.hand] for s in deal]
            dealt["laizi_indicator"] = dealt.pop("wall")[53]
            copies.append(dealt)
            for r in copies:
                one, many = Board.from_record(r), Board.from_record(r)
                assert _push_each(one, r["events"]) == _push_all(many, r["events"])
                stops.add(_push_all(Board.from_record(r), r["events"])[1] is None)
                assert one.snapshot() == many.snapshot()
                assert (one.ended_by, one.last_draw, one.passes) == (
                    many.ended_by,
                    many.last_draw,
                    many.passes,
                )
    assert stops == {True, False}


def test_the_audit_leaves_its_input_as_it_was() -> None:
    """The fast path's record shares the input's event dicts (``schemas.fast_record``): nothing
    the audit does may write to them."""
    for record in simulate(20, seed=5, preset="hzlzg"):
        before = copy.deepcopy(record)
        loaded, errors = validate_record(record)
        assert loaded == before and not errors
        assert loaded["events"] is not record["events"]
        audit_record(record, None, False)
        audit_record(record)
        assert record == before
