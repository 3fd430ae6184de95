"""The published JSON Schema of ``sichuan-hand/1`` (docs/sichuan-hand.schema.json).

It must be the generator's output, a valid draft 2020-12 schema, describe every §8 parameter,
accept every record the server accepts (it may be looser, never stricter) and refuse the
hand-written invalid records wherever their mistake is expressible in JSON Schema.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schemas.sichuan_hand import validate_record
from schemas.sichuan_jsonschema import sichuan_hand_json_schema
from tests.schemas.jsonschema_cases import mutated, never_stricter

DATA = Path(__file__).resolve().parents[1] / "data" / "sichuan"
SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "sichuan-hand.schema.json"
VALIDATOR = jsonschema.Draft202012Validator(sichuan_hand_json_schema())
EXPECTED: dict[str, list[str]] = json.loads((DATA / "invalid" / "expected.json").read_text("utf-8"))


def load(name: str) -> Any:
    return json.loads((DATA / name).read_text("utf-8"))


@pytest.mark.parametrize("name", sorted(f"valid/{p.name}" for p in (DATA / "valid").glob("*.json")))
def test_valid_records_validate(name: str) -> None:
    record = load(name)
    VALIDATOR.validate(record)
    normalised, errors = validate_record(record)
    assert errors == [] and normalised is not None
    VALIDATOR.validate(normalised)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_invalid_records_are_refused(name: str) -> None:
    """Each hand-written mistake (honours, SC-1.1, included) is expressible in JSON Schema."""
    assert not VALIDATOR.is_valid(load(f"invalid/{name}"))


@pytest.mark.parametrize("honour", ["E", "中", "7z", "0x35", 0x31])
def test_SC_1_1_honours_are_refused(honour: object) -> None:
    """SC-1.1: no honour in any spelling."""
    record = load("valid/xueliu_e7.json")
    record["events"][0]["tile"] = honour
    assert not VALIDATOR.is_valid(record)


def test_stacks_follow_bankruptcy() -> None:
    record = load("valid/xuezhan_e1.json")
    record["ruleset"]["overrides"]["bankruptcy"] = True
    assert not VALIDATOR.is_valid(record)
    record["stacks"] = [30, 5, 40, 25]
    VALIDATOR.validate(record)
    assert validate_record(record)[1] == []
    del record["ruleset"]["overrides"]["bankruptcy"]
    assert not VALIDATOR.is_valid(record)


values = st.sampled_from(
    [None, True, 0, 1, 3, 4, -1, 2.5, "", "5m", "E", "xueliu", "m", "z", "across", [], {}, ["5m"] * 3]
)


#: lists this long (the wall) are not mutated item by item: one tile is like another
MAX_LIST = 20
RECORDS = [load("valid/xuezhan_e1.json"), load("valid/xueliu_e7.json")]


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large],
)
@given(mutated(RECORDS, values, MAX_LIST))
def test_json_schema_is_never_stricter_than_the_server(record: dict[str, Any]) -> None:
    never_stricter(VALIDATOR, validate_record, record)
