"""``tuitongzi-round/1``: the marshmallow schema (spelling and shape, errors naming the field),
the format's wiring, and the published JSON Schema agreeing with it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from schemas.audit import audit_records
from schemas.formats import validate_record as validate_any
from schemas.tuitongzi_jsonschema import OUTPUT, render, tuitongzi_round_json_schema
from schemas.tuitongzi_round import validate_record
from tests.replay.test_tuitongzi_audit import record


def test_valid_round_normalises_tiles() -> None:
    rec = record(hands=[["三筒", "4p"], ["5p", "6p"], ["二筒", "八筒"], ["9p", "九筒"]])
    got, errors = validate_any(rec)
    assert errors == [] and got is not None
    assert got["hands"] == [["3p", "4p"], ["5p", "6p"], ["2p", "8p"], ["9p", "9p"]]
    assert validate_record(record(hands=[["发财", "白"], *record()["hands"][1:]]))[0]["hands"][0] == [
        "F",
        "P",
    ]  # type: ignore[index]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"round_id": None}, "round_id"),
        ({"hand_id": "x"}, "hand_id"),
        ({"bets": [None, 100, 50]}, "bets"),
        ({"hands": [["3p", "4p"], ["5p"], ["2p", "8p"], ["9p", "9p"]]}, "hands.1"),
        ({"hands": [["3p", "4p"], ["xx", "5p"], ["2p", "8p"], ["9p", "9p"]]}, "hands.1.0"),
        ({"banker": 4}, "banker"),
        ({"seats": [{"player_id": "a"}, {"player_id": "b"}, {"player_id": "c"}], "banker": 3}, "banker"),
        (
            {"ruleset": {"preset": "tuitongzi", "overrides": {"point_tie": "x"}}},
            "ruleset.overrides.point_tie",
        ),
        ({"dice": [0, 7]}, "dice.0"),
        ({"result": {"deltas": [1, 2]}}, "result.deltas"),
        ({"result": {"awards": [{"seat": 1, "kind": "pair", "amount": 3}]}}, "result.awards.0.kind"),
        ({"pool_before": -1}, "pool_before"),
    ],
)
def test_errors_name_the_field(change: dict[str, Any], field: str) -> None:
    rec = record(**change)
    if change.get("round_id", 1) is None:
        del rec["round_id"]
    got, errors = validate_record(rec)
    assert got is None
    fields = [e["field"].replace("[", ".").replace("]", "") for e in errors]
    assert field in fields, errors


def test_json_schema_is_published_and_accepts_what_the_server_accepts() -> None:
    assert Path(OUTPUT).read_text(encoding="utf-8") == render()
    schema = tuitongzi_round_json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    rec = record(result={"deltas": [-400, -101, 1100, 398], "pool_after": 9003}, dice=[3, 4])
    assert validate_record(rec)[1] == []
    assert list(validator.iter_errors(rec)) == []
    assert list(validator.iter_errors(record(hand_id="x")))  # both refuse an unknown field


def test_audit_pipeline_picks_the_game_by_format() -> None:
    good = record(session={"id": "s", "round_no": 1})
    bad = record(round_id="r2", session={"id": "s", "round_no": 2}, pool_before=1)
    audits = audit_records([(good, None), (bad, None), ({**good, "bank": "x"}, None)])
    assert [a["status"] for a in audits] == ["ok", "illegal", "invalid"]
    assert audits[1]["first_illegal"]["code"] == "bank_not_carried"
    assert audits[2]["game"] == "tuitongzi" and audits[2]["errors"][0]["field"] == "bank"
    assert all("_tuitongzi_session" not in a for a in audits)
    json.dumps(audits)
