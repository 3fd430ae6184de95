"""Issue 16, item 5: control characters in player ids and names are refused with an error that
names the character, and an integer out of any 64-bit range hears the range, not "not an integer".

The published JSON Schema (docs/hand-record.schema.json) says the same as the validator: the
same texts pass and fail both.
"""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

import jsonschema
import pytest

from replay.games.wuhan.simulate import simulate
from replay.inputs import loads
from schemas.formats import validate_record
from schemas.jsonschema import hand_record_json_schema


@functools.cache
def _record() -> dict[str, Any]:
    return next(iter(simulate(1, 5)))


def record_with(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    rec = copy.deepcopy(_record())
    target = rec
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return rec


REFUSED = {
    "a\x00b": "U+0000 at position 1",
    "\x1b[31mred": "U+001B at position 0",
    "two\r\nlines": "U+000D at position 3",
    "tab\there": "U+0009 at position 3",
    "del\x7f": "U+007F at position 3",
    "c1\x85": "U+0085 at position 2",
    "line\u2028sep": "U+2028 at position 4",
    "\u202eevil": "U+202E at position 0",
    "iso\u2066late": "U+2066 at position 3",
}
ACCEPTED = ["老王", "p/01", 'O\'Neil "the wall"', "👨\u200d👩\u200d👧 family", "a b", "%2F..%2F", "x" * 64]


@pytest.mark.parametrize("field", ["player_id", "name"])
@pytest.mark.parametrize(("text", "where"), REFUSED.items())
def test_control_characters_are_refused_naming_the_character(field: str, text: str, where: str) -> None:
    rec = record_with(("seats", 2, field), text)
    _, errors = validate_record(loads(json.dumps(rec).encode()))
    assert errors == [
        {
            "field": f"seats[2].{field}",
            "message": f"must not hold control characters: {where}"
            " (controls, line separators and bidirectional controls are refused)",
        }
    ]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(rec, hand_record_json_schema())


@pytest.mark.parametrize("text", ACCEPTED)
def test_ordinary_names_and_ids_still_pass(text: str) -> None:
    rec = record_with(("seats", 1, "player_id"), text)
    rec["seats"][1]["name"] = text
    record, errors = validate_record(loads(json.dumps(rec).encode()))
    assert errors == [] and record is not None
    jsonschema.validate(rec, hand_record_json_schema())


def test_a_huge_integer_hears_the_range() -> None:
    """2**70 is parsed as a float by orjson; the app is told the range, as for 2**40."""
    for big in (2**70, -(2**70), 2**40):
        rec = record_with(("result", "deltas", 0), big)
        _, errors = validate_record(loads(json.dumps(rec).encode()))
        assert [e["field"] for e in errors] == ["result.deltas[0]"]
        assert errors[0]["message"].startswith("must be an integer from -3000000000 to 3000000000, not ")
    rec = record_with(("session",), {"id": "s1", "hand_no": 2**70})
    _, errors = validate_record(loads(json.dumps(rec).encode()))
    message = "must be an integer from 1 to 1000000, not 1.18e+21"
    assert errors == [{"field": "session.hand_no", "message": message}]
    # a real fraction is still "not an integer", the wording apps already match on
    _, errors = validate_record(loads(json.dumps(record_with(("dealer",), 1.5)).encode()))
    assert errors == [{"field": "dealer", "message": "must be an integer, not a number"}]


# Issue 36: invisible characters make look-alike names ("al\u200bice" shows as "alice"), so a
# player id or name holding one is refused, naming it; by the validator (both games, the fast
# path included) and by the published JSON Schema alike. A zero-width joiner inside an emoji
# sequence is part of the emoji and stays accepted (see ACCEPTED above).
INVISIBLE = {
    "al\u200bice": "U+200B at position 2",
    "\ufeffbob": "U+FEFF at position 0",
    "tag\U000e0041": "U+E0041 at position 3",
    "zw\u200cnj": "U+200C at position 2",
    "jo\u200dined": "U+200D at position 2",
    "wj\u2060x": "U+2060 at position 2",
    "soft\u00adhyphen": "U+00AD at position 4",
    "fill\u3164er": "U+3164 at position 4",
}


@pytest.mark.parametrize("field", ["player_id", "name"])
@pytest.mark.parametrize(("text", "where"), INVISIBLE.items())
def test_invisible_characters_are_refused_naming_the_character(field: str, text: str, where: str) -> None:
    from replay.games.sichuan.simulate import simulate as sichuan_simulate

    for base in (_record(), next(iter(sichuan_simulate(1, 3)))):
        rec = copy.deepcopy(base)
        rec["seats"][2][field] = text
        _, errors = validate_record(loads(json.dumps(rec).encode()))
        assert errors == [
            {
                "field": f"seats[2].{field}",
                "message": f"must not hold invisible characters: {where} (zero-width, tag and other"
                " invisible characters are refused: a name must look like itself)",
            }
        ]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(record_with(("seats", 2, field), text), hand_record_json_schema())


def test_the_bidi_marks_are_controls() -> None:
    rec = record_with(("seats", 0, "name"), "a\u200fb")
    _, errors = validate_record(loads(json.dumps(rec).encode()))
    assert errors[0]["message"].startswith("must not hold control characters: U+200F at position 1")
