"""The published JSON Schema of ``erren-hand/1`` (docs/erren-hand.schema.json).

It must be the generator's output, a valid draft 2020-12 schema and describe every §7 parameter
(test_hand_jsonschemas.py, as for every game), accept every record the server accepts (it may be
looser, never stricter: here erren.md §8's examples and one record per reason code, all
well-formed) and refuse the shape errors the server refuses wherever JSON Schema can say them."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest

from schemas.erren_hand import validate_record
from schemas.erren_jsonschema import erren_hand_json_schema
from tests.erren_builders import record
from tests.replay.test_erren_audit import E1_RESULT
from tests.replay.test_erren_board import E1, E1_HANDS, E8, E8_HANDS, e9_record
from tests.replay.test_erren_reasons import CASES

VALIDATOR = jsonschema.Draft202012Validator(erren_hand_json_schema())


def accepted() -> list[dict[str, Any]]:
    recs = [
        record(E1_HANDS, E1, result=copy.deepcopy(E1_RESULT)),
        record(E8_HANDS, E8, wall=False),
        record(
            E1_HANDS, E1, overrides={"fan_values": {"qinglong": 20}, "cap": None, "qihu_excluded": ["huapai"]}
        ),
        e9_record(),
    ]
    recs += [build() for _, build, _ in CASES]
    return recs


@pytest.mark.parametrize("index", range(len(CASES) + 4))
def test_never_stricter_than_the_server(index: int) -> None:
    rec = accepted()[index]
    assert validate_record(rec)[1] == []
    assert list(VALIDATOR.iter_errors(rec)) == []


@pytest.mark.parametrize(
    ("change", "value"),
    [
        ("seats", [{"player_id": "a"}] * 4),
        ("dealer", 2),
        ("laizi_indicator", "5s"),
        ("events", [{"type": "haidi", "seat": 0, "take": True}]),
        ("events", [{"type": "buhua", "seat": 0}]),
        ("result", {"deltas": [1, -1, 0]}),
        ("result", {"fans": [{"id": "wufanhu", "n": 1}]}),
    ],
)
def test_shape_errors_are_refused_by_both(change: str, value: object) -> None:
    rec = record(E1_HANDS, E1)
    rec[change] = value
    assert validate_record(rec)[1] != []
    assert list(VALIDATOR.iter_errors(rec)) != []


def test_a_deal_without_wall_must_name_draws() -> None:
    rec = record(E8_HANDS, E8, wall=False)
    del rec["events"][1]["tile"]
    assert validate_record(rec)[1] != [] and list(VALIDATOR.iter_errors(rec)) != []
