"""schemas/changsha_hand.py: spelling and shape of ``changsha-hand/1`` (changsha.md §9)."""

from __future__ import annotations

from typing import Any

import pytest
from marshmallow import ValidationError

from schemas.changsha_hand import ChangshaResultSchema, fast_result, validate_record
from schemas.formats import validate_record as validate_any
from tests.changsha_builders import record
from tests.replay.test_changsha_board import E1_HANDS, E5_HANDS, E8_HANDS

E1 = ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"]


def errors(rec: dict[str, Any]) -> dict[str, str]:
    out, errs = validate_record(rec)
    assert out is None
    return {e["field"]: e["message"] for e in errs}


def test_a_record_loads_as_given() -> None:
    rec = record(E1_HANDS, E1)
    out, errs = validate_any(rec)
    assert errs == [] and out == rec


def test_aliases_become_codes() -> None:
    rec = record(E1_HANDS, E1)
    rec["events"][0]["tile"] = "九筒"
    out, _ = validate_record(rec)
    assert out is not None and out["events"][0]["tile"] == "9p"


def test_every_changsha_event_shape_loads() -> None:
    kai = record(E5_HANDS, ["x0 9m", "d1 5m", "ga1 6m kai 3 5", "d1 9p", "d1 3m", "h1", "b 5s"])
    assert validate_record(kai)[1] == []
    q = record(E8_HANDS, ["q1 sixi,liuliushun 7777m 333s die=3", "x0 6p"], preset="changsha-app")
    assert validate_record(q)[1] == []
    h = record(E1_HANDS, ["x0 9p", "d1 9s"])
    h["events"] += [{"type": "haidi", "seat": 2, "take": False}, {"type": "haidi", "seat": 3, "take": True}]
    assert validate_record(h)[1] == []


def test_honour_is_not_a_changsha_tile() -> None:
    rec = record(E1_HANDS, E1)
    rec["events"][0]["tile"] = "C"
    assert "CS-1.1" in errors(rec)["events[0].tile"]


def test_gang_needs_its_mode_and_two_dice() -> None:
    rec = record(E5_HANDS, ["x0 9m", "d1 5m", "ga1 6m kai 3 5"])
    rec["events"][2]["dice"] = [3, 7]
    del rec["events"][2]["mode"]
    errs = errors(rec)
    assert "events[2].mode" in errs and "events[2].dice[1]" in errs


def test_unknown_opening_hand_and_unknown_field() -> None:
    rec = record(E8_HANDS, ["q1 sixi"])
    rec["events"][0]["kinds"] = ["sixi", "wuxi"]
    rec["events"][0]["extra"] = 1
    errs = errors(rec)
    assert "events[0].kinds[1]" in errs and "events[0].extra" in errs


def test_result_shape() -> None:
    rec = record(E1_HANDS, E1, result={"deltas": [1, 0, 0, 0], "hands": {"5": ["pinghu"]}, "winners": [2, 2]})
    errs = errors(rec)
    assert "must sum to 0" in errs["result.deltas"]
    assert 'result.hands["5"]' in errs and "result.winners" in errs


def test_without_a_wall_the_deal_and_draw_tiles_are_required() -> None:
    rec = record(E1_HANDS, E1, wall=False)
    del rec["events"][1]["tile"]
    del rec["deal"]
    errs = errors(rec)
    assert "deal" in errs and "events[1].tile" in errs


def test_bad_ruleset_override_is_named() -> None:
    rec = record(E1_HANDS, E1, overrides={"birds": 9})
    assert any(k.startswith("ruleset.overrides.birds") for k in errors(rec))


def test_an_unhashable_event_type_is_an_error_not_a_crash() -> None:
    """``validate_record`` never raises for a JSON value: a list or object as ``type`` is refused
    by name (the fast path once looked it up in a dict and raised TypeError)."""
    for kind in ([], {}):
        rec = record(E1_HANDS, E1)
        rec["events"][0]["type"] = kind
        assert "must be one of qishou" in errors(rec)["events[0].type"]


# -- the result's fast path agrees with the schema --------------------------------------------

_RESULT = {
    "winners": [2, 0],
    "discarder": 1,
    "hands": {"2": ["pinghu"], "0": ["pengpenghu", "qingyise"]},
    "qishou": {},
    "birds": ["3s", "9p"],
    "bird_seats": [1, 1],
    "deltas": [10, -40, 30, 0],
    "next_dealer": 1,
}


def _result_by_schema(value: Any) -> Any:
    try:
        return ChangshaResultSchema().load(value)
    except ValidationError:
        return None


@pytest.mark.parametrize(
    ("change", "fast_ok"),
    [
        ({}, True),
        ({"discarder": None, "winners": [], "hands": {}, "birds": [], "bird_seats": []}, True),
        ({"qishou": {"3": ["sixi", "banbanhu"]}}, True),
        ({"winners": [2, 2]}, False),
        ({"winners": [True]}, False),
        ({"discarder": 4}, False),
        ({"next_dealer": None}, False),
        ({"hands": {2: ["pinghu"]}}, False),
        ({"hands": {"2": []}}, False),
        ({"hands": {"2": ["sixi"]}}, False),  # an opening hand is no win hand
        ({"qishou": {"3": ["pinghu"]}}, False),
        ({"birds": ["三条"]}, False),  # an alias: the schema normalises it
        ({"birds": ["E"]}, False),
        ({"bird_seats": [4]}, False),
        ({"deltas": [10, -40, 30, 1]}, False),
        ({"deltas": [10, -40, 30]}, False),
        ({"deltas": [10.0, -40, 30, 0]}, False),
        ({"note": 1}, False),
    ],
)
def test_fast_result_agrees_with_the_schema(change: dict[str, Any], fast_ok: bool) -> None:
    """``fast_result`` returns what ``ChangshaResultSchema`` returns (equal, the input's key order, new
    lists) or None; never something the schema refuses."""
    value = {**_RESULT, **change}
    fast = fast_result(value)
    loaded = _result_by_schema(value)
    assert (fast is not None) == fast_ok
    if fast is not None:
        assert fast == loaded and list(fast) == list(loaded)
        assert fast["winners"] is not value["winners"] and fast["hands"] is not value["hands"]
    reordered = dict(reversed(list(_RESULT.items())))
    assert list(fast_result(reordered) or {}) == list(_result_by_schema(reordered))
