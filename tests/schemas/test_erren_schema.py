"""The ``erren-hand/1`` schema (schemas/erren_hand.py): two seats, 条/honours/flowers only,
the ``buhua`` and ``ting`` events, §9's result; routed by ``format`` (schemas/formats.py)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from schemas import formats
from schemas.erren_hand import FORMAT, validate_record
from tests.erren_builders import record
from tests.replay.test_erren_audit import E1_RESULT
from tests.replay.test_erren_board import E1, E1_HANDS


def e1() -> dict[str, Any]:
    return record(E1_HANDS, E1, result=copy.deepcopy(E1_RESULT))


def errors(raw: dict[str, Any]) -> list[dict[str, str]]:
    rec, errs = validate_record(raw)
    assert rec is None
    return errs


def test_a_whole_record_loads_and_routes_by_format() -> None:
    rec, errs = validate_record(e1())
    assert errs == [] and rec is not None and rec["format"] == FORMAT
    assert formats.validate_record(e1()) == (rec, [])


def test_aliases_load_as_codes() -> None:
    raw = e1()
    raw["events"][0]["tile"] = "夏"  # 2h
    raw["events"][2]["tile"] = "红中"
    rec, errs = validate_record(raw)
    assert errs == [] and rec is not None
    assert (rec["events"][0]["tile"], rec["events"][2]["tile"]) == ("2h", "C")
    raw["events"][0]["tile"] = 0x42
    assert validate_record(raw)[0]["events"][0]["tile"] == "2h"  # type: ignore[index]


def test_wan_and_tong_are_not_erren_tiles() -> None:
    raw = e1()
    raw["wall"][5] = "5m"
    (err,) = errors(raw)
    assert err["field"] == "wall[5]" and "ER-1.1" in err["message"]


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("seats",), [{"player_id": "a"}] * 4, "seats"),
        (("dealer",), 2, "dealer"),
        (("events", 0, "seat"), 3, "events[0].seat"),
        (("events", 0, "tile"), None, "events[0].tile"),
        (("result", "deltas"), [-26, 25], "result.deltas"),
        (("result", "deltas"), [-26, 26, 0], "result.deltas"),
        (("result", "fans"), [{"id": "qinglong", "n": 1}, {"id": "qinglong", "n": 1}], "result.fans"),
        (("result", "fans"), [{"id": "wufanhu", "n": 1}], "result.fans[0].id"),
        (("result", "winner"), 2, "result.winner"),
        (("ruleset", "preset"), "changsha", "ruleset.preset"),
        (("ruleset", "overrides"), {"qihu": 0}, "ruleset.overrides.qihu"),
    ],
)
def test_bad_fields_are_named(path: tuple[Any, ...], value: object, field: str) -> None:
    raw = e1()
    target: Any = raw
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert field in [e["field"] for e in errors(raw)]


def test_events_of_their_own() -> None:
    raw = e1()
    raw["events"].append({"type": "ting", "seat": 1, "tile": "5s"})
    assert [e["field"] for e in errors(raw)] == [f"events[{len(E1)}].tile"]
    raw["events"][-1] = {"type": "buhua", "seat": 1}
    assert [e["field"] for e in errors(raw)] == [f"events[{len(E1)}].tile"]
    raw["events"][-1] = {"type": "haidi", "seat": 1, "take": True}
    assert [e["field"] for e in errors(raw)] == [f"events[{len(E1)}].type"]
    raw["events"][-1] = {"type": "gang", "seat": 1, "kind": "pizi", "tile": "C"}
    assert [e["field"] for e in errors(raw)] == [f"events[{len(E1)}].kind"]


def test_without_a_wall_the_deal_and_draw_tiles_are_required() -> None:
    raw = record(E1_HANDS, E1, wall=False)
    assert validate_record(raw)[1] == []
    del raw["events"][1]["tile"]
    assert [e["field"] for e in errors(raw)] == ["events[1].tile"]
    raw = record(E1_HANDS, E1, wall=False)
    raw["deal"] = [raw["deal"][1], raw["deal"][0]]
    assert {e["field"] for e in errors(raw)} == {"deal[0]", "deal[1]"}
    raw = e1()
    raw["deal"] = [["1s"] * 14, ["2s"] * 13]
    assert "deal" in [e["field"] for e in errors(raw)]


def test_a_laizi_indicator_is_unknown() -> None:
    raw = e1()
    raw["laizi_indicator"] = "5s"
    assert [e["field"] for e in errors(raw)] == ["laizi_indicator"]


def test_the_docs_example_loads_and_audits_ok() -> None:
    """docs/erren-hand.md's example (§8 E1 in deal mode) is valid and the app's result agrees."""
    import json
    import re
    from pathlib import Path

    from replay.games.erren.audit import audit_validated

    text = (Path(__file__).resolve().parents[2] / "docs" / "erren-hand.md").read_text("utf-8")
    found = re.search(r"```json\n(.*?)```", text, re.S)
    assert found is not None
    rec, errs = validate_record(json.loads(found.group(1)))
    assert errs == [] and rec is not None
    assert audit_validated(rec)["status"] == "ok"


_FAST_CASES: list[dict[str, Any]] = [
    {"type": "draw", "seat": 0},
    {"type": "draw", "seat": 1, "tile": "5s"},
    {"type": "discard", "seat": 0, "tile": "C"},
    {"type": "discard", "tile": "C", "seat": 0},  # key order kept
    {"type": "chi", "seat": 1, "tiles": ["3s", "4s"]},
    {"type": "chi", "seat": 1, "tiles": ["3s", "4s"], "tile": "5s"},
    {"type": "peng", "seat": 0, "tile": "E"},
    {"type": "gang", "seat": 0, "kind": "an", "tile": "9s"},
    {"type": "hu", "seat": 1},
    {"type": "pass", "seat": 0},
    {"type": "huangzhuang"},
    {"type": "buhua", "seat": 0, "tile": "3h"},
    {"type": "ting", "seat": 1},
]
_SPOILED: list[tuple[str, object]] = [
    ("seat", 2),
    ("seat", True),
    ("seat", "0"),
    ("tile", "五条"),
    ("tile", 0x42),
    ("tile", "5m"),
    ("tile", None),
    ("kind", "big"),
    ("kind", ["an"]),
    ("tiles", ["3s"]),
    ("tiles", ["3s", "四条"]),
    ("tiles", "3s4s"),
    ("extra", 1),
]


def test_the_fast_event_path_loads_what_the_schema_loads() -> None:
    """``fast_event`` takes only events the schema loads unchanged: on every case and every
    spoiled variant it either gives the schema's event or steps aside (None)."""
    from schemas.erren_hand import EVENT_SCHEMAS, fast_event

    taken = 0
    for case in _FAST_CASES:
        variants = [case] + [{**case, key: value} for key, value in _SPOILED]
        variants += [{k: v for k, v in case.items() if k != drop} for drop in case if drop != "type"]
        for event in variants:
            fast = fast_event(event)
            if fast is None:
                continue
            taken += 1
            assert fast == EVENT_SCHEMAS[event["type"]].load(event)
            assert list(fast) == list(event)
        assert fast_event(case) is not None, case
    assert taken >= len(_FAST_CASES)


def test_a_spoiled_event_is_reported_as_the_schema_reports_it() -> None:
    raw = e1()
    raw["events"][1] = {**raw["events"][1], "seat": 2}
    (err,) = errors(raw)
    assert err["field"] == "events[1].seat"
