"""Tests of the ``sichuan-hand/1`` contract (sichuan.md §10) and of the format dispatch.

The hand-written records in ``tests/data/sichuan`` are built and checked by their generator;
each invalid one carries one kind of mistake, pinned here to the exact fields it must name.
"""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from replay.games import BY_FORMAT
from replay.games.sichuan.params import PRESETS
from schemas import formats, hand_record, sichuan_hand
from schemas.sichuan_hand import (
    EVENT_SCHEMAS,
    FORMAT,
    SichuanRecordSchema,
    SichuanTransferSchema,
    SichuanWinSchema,
    fast_event,
    fast_transfer,
    fast_win,
    validate_record,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "sichuan"
SAMPLES = Path(__file__).resolve().parents[2] / "sample_logs" / "handwritten"
EXPECTED: dict[str, list[str]] = json.loads((DATA / "invalid" / "expected.json").read_text("utf-8"))


def load(name: str) -> Any:
    return json.loads((DATA / name).read_text("utf-8"))


def xuezhan() -> dict[str, Any]:
    record: dict[str, Any] = load("valid/xuezhan_e1.json")
    return record


def xueliu() -> dict[str, Any]:
    record: dict[str, Any] = load("valid/xueliu_e7.json")
    return record


def fields_of(record: object) -> list[str]:
    result, errors = validate_record(record)
    assert result is None and errors
    return [e["field"] for e in errors]


# -- valid records ----------------------------------------------------------------------------


VALID = sorted(p.name for p in (DATA / "valid").glob("*.json"))


@pytest.mark.parametrize("name", VALID)
def test_hand_written_records_are_valid_and_kept_as_given(name: str) -> None:
    raw = load(f"valid/{name}")
    before = copy.deepcopy(raw)
    record, errors = validate_record(raw)
    assert errors == []
    assert record == before, "canonical records load unchanged"
    assert raw == before, "the input is not modified"
    assert list(record) == list(before)


def test_generated_records_are_up_to_date() -> None:
    """Run ``python tests/data/sichuan/make_records.py`` when this fails."""
    spec = importlib.util.spec_from_file_location("sichuan_records", DATA / "make_records.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--check"]) == 0


def test_SC_2_1_swap_SC_2_2_dingque_events_and_SC_1_1_108_tile_wall() -> None:
    """§10: swap (换三张) and dingque (定缺) events before play; SC-1.1: a 108-tile wall."""
    record, _ = validate_record(xuezhan())
    assert record is not None
    assert record["events"][0] == {
        "type": "swap",
        "direction": "across",
        "tiles": [["9m", "9m", "9m"], ["1m", "4m", "8m"], ["1p", "2p", "3p"], ["2s", "3s", "4s"]],
    }
    assert record["events"][1] == {"type": "dingque", "suits": ["s", "m", "p", "s"]}
    assert len(record["wall"]) == 108


def test_aliases_are_normalised() -> None:
    """Tiles in any spelling become codes; suits 万 条 筒 become m s p."""
    raw = xuezhan()
    raw["wall"][0] = "一万"
    raw["events"][0]["tiles"][2] = ["1筒", "0x22", 0x23]
    raw["events"][1]["suits"] = ["条", "萬", "p", " 索 "]
    raw["events"][2]["tile"] = "9S"
    record, errors = validate_record(raw)
    assert errors == []
    assert record is not None
    assert record["wall"][0] == "1m"
    assert record["events"][0]["tiles"][2] == ["1p", "2p", "3p"]
    assert record["events"][1]["suits"] == ["s", "m", "p", "s"]
    assert record["events"][2]["tile"] == "9s"
    assert record == xuezhan() | {"wall": ["1m", *xuezhan()["wall"][1:]]}


@pytest.mark.parametrize("honour", ["E", "东风", "1z", "7z", "红中", "白", 0x31, 0x35, "0x37"])
def test_SC_1_1_an_honour_makes_the_record_invalid(honour: object) -> None:
    """SC-1.1: 108 suited tiles, no honours, in whatever spelling."""
    raw = xueliu()
    raw["deal"][1][4] = honour
    result, errors = validate_record(raw)
    assert result is None
    assert [e["field"] for e in errors] == ["deal[1][4]"]
    assert "SC-1.1" in errors[0]["message"] and "honour" in errors[0]["message"]


def test_ruleset_overrides_are_judged_by_the_sichuan_parameters() -> None:
    """§8: presets xuezhan/xueliu; every override checked by replay.games.sichuan.params."""
    raw = xuezhan()
    raw["ruleset"]["overrides"] = {
        "swap_three": "same_suit",
        "cap": {"fan": 3},
        "ways": ["haidipao"],
        "zimo_bonus": "fan",
        "bankruptcy": False,
    }
    record, errors = validate_record(raw)
    assert errors == []
    assert record is not None and record["ruleset"] == raw["ruleset"]
    for preset in PRESETS:
        raw["ruleset"] = {"preset": preset}
        assert validate_record(raw)[1] == []


@pytest.mark.parametrize(
    ("overrides", "fields"),
    [
        ({"cap": {"fan": 2, "multiple": 8}}, ["ruleset.overrides.cap"]),
        ({"cap": {"fan": 1.5}}, ["ruleset.overrides.cap"]),
        ({"cap": {"fan": 10**30}}, ["ruleset.overrides.cap"]),
        ({"cap": {"points": 3}}, ["ruleset.overrides.cap.points"]),
        ({"ways": "gangshanghua"}, ["ruleset.overrides.ways"]),
        ({"ways": [["gangshanghua"]]}, ["ruleset.overrides.ways"]),
        (
            {"base": 0, "huazhu_multiple": True},
            ["ruleset.overrides.base", "ruleset.overrides.huazhu_multiple"],
        ),
        ({"mode": "x" * 100}, ["ruleset.overrides.mode"]),
        ({"pizi": ["C"]}, ["ruleset.overrides.pizi"]),
    ],
)
def test_bad_overrides_name_the_parameter(overrides: dict[str, Any], fields: list[str]) -> None:
    raw = xuezhan()
    raw["ruleset"]["overrides"] = overrides
    result, errors = validate_record(raw)
    assert result is None
    assert [e["field"] for e in errors] == fields
    assert all(len(e["message"]) < 200 for e in errors)


def test_stacks_come_with_bankruptcy() -> None:
    """§7, §10: ``stacks`` (coins at the start, each ≥ 1) exactly when ``bankruptcy``."""
    raw = xuezhan()
    raw["ruleset"]["overrides"]["bankruptcy"] = True
    raw["stacks"] = [30, 5, 40, 25]
    assert validate_record(raw)[1] == []
    raw["ruleset"] = {"preset": "xueliu", "overrides": {"bankruptcy": True}}
    assert validate_record(raw)[1] == []
    raw["ruleset"] = {"preset": "xueliu"}
    assert fields_of(raw) == ["stacks"]


# -- invalid records: one kind of mistake each ----------------------------------------------


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_invalid_records_name_their_fields(name: str) -> None:
    raw = load(f"invalid/{name}")
    result, errors = validate_record(raw)
    assert result is None
    assert [e["field"] for e in errors] == EXPECTED[name]
    assert all(e["message"] and len(e["message"]) <= 500 for e in errors)


def test_every_invalid_file_is_listed() -> None:
    on_disk = {p.name for p in (DATA / "invalid").glob("*.json")} - {"expected.json"}
    assert on_disk == set(EXPECTED)


def test_SC_3_1_no_chi_and_messages_say_what_was_expected() -> None:
    errors = validate_record(load("invalid/chi.json"))[1]
    assert "Sichuan has no chi, SC-3.1" in errors[0]["message"]
    errors = validate_record(load("invalid/stacks_missing.json"))[1]
    assert errors == [
        {
            "field": "stacks",
            "message": "required when the ruleset has bankruptcy (破产, §7): each seat's coins at the start",
        }
    ]
    errors = validate_record(load("invalid/wrong_format.json"))[1]
    assert errors == [{"field": "format", "message": "must be 'sichuan-hand/1', not 'sichuan-hand/2'"}]


def test_envelope_errors_read_as_for_wuhan() -> None:
    """The envelope is shared: the same mistakes get the same errors in both formats."""
    wuhan = json.loads((SAMPLES / "pihu.json").read_text("utf-8"))
    sichuan = xuezhan()
    for record in (wuhan, sichuan):
        record["hand_id"] = "has space"
        record["session"] = {"id": "s", "hand_no": 0}
        record["seats"][1] = {"name": "x"}
        record["played_at"] = "yesterday"
        record["extra"] = 1
    errors = hand_record.validate_record(wuhan)[1]
    assert [e["field"] for e in errors] == [
        "extra",
        "hand_id",
        "played_at",
        "seats[1].player_id",
        "session.hand_no",
    ]
    assert validate_record(sichuan)[1] == errors


def test_result_fields() -> None:
    """§10 result: wins, huazhu, tenpai, transfers, next_dealer, deltas; every one audited."""
    raw = xuezhan()
    raw["result"] = {
        "wins": [{"from": 7, "tile": "E", "gen": 9, "ways": ["gangshanghua", "gangshanghua"], "multiple": 0}],
        "huazhu": [4],
        "transfers": [{"kind": "bribe", "from": 0, "to": 1, "amount": -1}],
        "next_dealer": None,
        "deltas": [1, 2, 3],
    }
    assert fields_of(raw) == [
        "result.deltas",
        "result.huazhu[0]",
        "result.next_dealer",
        "result.transfers[0].amount",
        "result.transfers[0].kind",
        "result.wins[0].from",
        "result.wins[0].gen",
        "result.wins[0].multiple",
        "result.wins[0].seat",
        "result.wins[0].tile",
        "result.wins[0].ways",
    ]
    raw["result"] = {"wins": [{"seat": 1, "from": None}], "transfers": [], "colour": 1}
    assert fields_of(raw) == ["result.colour"]


# -- format dispatch ------------------------------------------------------------------------


def test_dispatch_picks_the_schema_by_format() -> None:
    wuhan = json.loads((SAMPLES / "pihu.json").read_text("utf-8"))
    assert formats.validate_record(wuhan) == hand_record.validate_record(wuhan)
    assert formats.validate_record(xueliu()) == sichuan_hand.validate_record(xueliu())
    bad = xuezhan()
    bad["wall"][3] = "E"
    assert formats.validate_record(bad) == sichuan_hand.validate_record(bad)
    assert formats.FORMATS[:2] == (hand_record.FORMAT, FORMAT)
    assert set(formats.FORMATS) == set(BY_FORMAT)  # one schema for every hosted game's format


KNOWN = "wuhan-hand/1, sichuan-hand/1, changsha-hand/1, tuitongzi-round/1, erren-hand/1, changchun-hand/1"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("nosuchgame-hand/1", f"unknown format 'nosuchgame-hand/1'; known: {KNOWN}"),
        (1, f"must be one of {KNOWN}, not an integer"),
        (None, f"must be one of {KNOWN}, not null"),
    ],
)
def test_dispatch_reports_an_unknown_format_alone(value: object, message: str) -> None:
    raw = xuezhan()
    raw["format"] = value
    raw["wall"] = "broken"  # not judged: the game is unknown
    assert formats.validate_record(raw) == (None, [{"field": "format", "message": message}])


def test_dispatch_missing_format_and_non_objects() -> None:
    raw = xuezhan()
    del raw["format"]
    assert formats.validate_record(raw)[1] == [
        {"field": "format", "message": f"required field is missing; one of {KNOWN}"}
    ]
    assert formats.validate_record([raw])[1] == [
        {"field": "", "message": "a hand record must be a JSON object, not a list"}
    ]
    long = xuezhan() | {"format": "x" * 10_000}
    assert len(formats.validate_record(long)[1][0]["message"]) < 200


def test_a_wuhan_record_is_not_a_sichuan_record() -> None:
    """Wuhan's own fields are unknown to sichuan-hand/1, and its honours are refused."""
    wuhan = json.loads((SAMPLES / "pihu.json").read_text("utf-8"))
    wuhan["format"] = FORMAT
    fields = [e["field"] for e in validate_record(wuhan)[1]]
    assert "laizi_indicator" in fields and "ruleset.preset" in fields


# -- the fast path agrees with the schema ---------------------------------------------------


@pytest.mark.parametrize("name", VALID)
def test_fast_path_matches_the_schema(name: str) -> None:
    for event in load(f"valid/{name}")["events"]:
        kind = event["type"]
        loaded = EVENT_SCHEMAS[kind].load(event)
        fast = fast_event(event) if kind not in ("swap", "dingque") else None
        assert fast in (None, loaded)


@pytest.mark.parametrize(
    "event",
    [
        {"type": "discard", "seat": 0, "tile": "E"},
        {"type": "discard", "seat": 4, "tile": "5m"},
        {"type": "discard", "seat": True, "tile": "5m"},
        {"type": "draw", "seat": 0, "tile": "五万"},
        {"type": "gang", "seat": 0, "kind": "laizi", "tile": "5m"},
        {"type": "gang", "seat": 0, "kind": ["an"], "tile": "5m"},  # unhashable: no TypeError
        {"type": "peng", "seat": 0, "tile": "5m"},
    ],
)
def test_fast_path_leaves_everything_else_to_the_schema(event: dict[str, Any]) -> None:
    assert fast_event(event) is None


_WIN = {
    "seat": 2,
    "from": 1,
    "tile": "4s",
    "hand": "qingyise",
    "gen": 1,
    "ways": ["gangshangpao"],
    "multiple": 8,
}
_TRANSFER = {"kind": "hu", "from": 1, "to": 2, "amount": 8}
#: the changes of a row the fast path takes; every other change goes to the schema
_FAST_OK = ({}, {"from": None, "ways": []}, {"ways": ["haidipao", "gangshangpao"]}, {"kind": "zhuanyi"})


def _schema_item(schema: Any, item: Any) -> Any:
    try:
        return schema().load(item)
    except ValidationError:
        return None


@pytest.mark.parametrize(
    "change",
    [
        {},
        {"from": None, "ways": []},
        {"ways": ["haidipao", "gangshangpao"]},
        {"seat": 4},
        {"seat": True},
        {"from": 2},  # the schema allows a self-feed on a win row; the engine judges it
        {"tile": "四条"},  # an alias: the schema normalises it
        {"tile": "E"},
        {"hand": "pihu"},
        {"gen": 5},
        {"gen": 1.0},
        {"multiple": 0},
        {"ways": ["gangshangpao", "gangshangpao"]},
        {"ways": "gangshangpao"},
        {"ways": ["ganshangpao"]},
        {"extra": 1},
    ],
)
def test_fast_win_agrees_with_the_schema(change: dict[str, Any]) -> None:
    """A result's win row: the fast path returns what the schema returns (same key order, a
    new ``ways`` list) or None, never something the schema would refuse."""
    item = {**_WIN, **change}
    fast = fast_win(item)
    loaded = _schema_item(SichuanWinSchema, item)
    if change in ({}, {"from": None, "ways": []}, {"ways": ["haidipao", "gangshangpao"]}):
        assert fast is not None
    assert fast is None or (
        fast == loaded and list(fast) == list(loaded) and fast["ways"] is not item["ways"]
    )
    without = {k: v for k, v in _WIN.items() if k != "gen"}
    assert fast_win(without) is None  # a field left out: the schema's call


@pytest.mark.parametrize(
    "change",
    [
        {},
        {"kind": "zhuanyi"},
        {"from": 2},  # pays itself: the schema's message
        {"to": -1},
        {"amount": -1},
        {"amount": 1.5},
        {"amount": False},
        {"kind": "chi"},
        {"kind": None},
        {"note": "x"},
    ],
)
def test_fast_transfer_agrees_with_the_schema(change: dict[str, Any]) -> None:
    item = {**_TRANSFER, **change}
    fast = fast_transfer(item)
    loaded = _schema_item(SichuanTransferSchema, item)
    if any(change == ok and all(type(v) is type(ok[k]) for k, v in change.items()) for ok in _FAST_OK):
        assert fast is not None
    assert fast is None or (fast == loaded and list(fast) == list(loaded) and fast is not item)
    assert fast_transfer({k: v for k, v in _TRANSFER.items() if k != "amount"}) is None
    reordered = {"amount": 8, "to": 2, "from": 1, "kind": "hu"}
    assert list(fast_transfer(reordered) or {}) == list(_schema_item(SichuanTransferSchema, reordered))


def test_a_swap_does_not_send_the_hand_through_the_schema() -> None:
    """The list's fast path loads the swap and the dingque by their own schemas (what the slow
    path returns), so a swap hand's other events stay on the fast path."""
    record = load(f"valid/{VALID[0]}")
    events = [
        {"type": "swap", "direction": "next", "tiles": [["1m", "2m", "3m"]] * 4},
        {"type": "dingque", "suits": ["m", "s", "p", "m"]},
        {"type": "discard", "seat": 0, "tile": "5m"},
    ]
    field = SichuanRecordSchema().fields["events"]
    fast = field._fast(events)
    assert fast == [EVENT_SCHEMAS[e["type"]].load(e) for e in events]
    assert field._fast([{**events[0], "direction": "up"}, events[2]]) is None
    assert record["events"]  # the sample itself still loads
    assert validate_record(record)[1] == []


# -- never raises ------------------------------------------------------------------------------

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["5m", "E", "红中", "swap", "dingque", "xuezhan", "m", "across", "gang_an"])
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=30,
)


def _paths(value: object, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            out += _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            out += _paths(child, (*prefix, i))
    return out


@st.composite
def mutated_records(draw: st.DrawFn) -> dict[str, Any]:
    record = draw(st.sampled_from([xuezhan, xueliu]))()
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(record)[1:]
        path = draw(st.sampled_from(paths))
        parent: Any = record
        for part in path[:-1]:
            parent = parent[part]
        if draw(st.booleans()):
            parent[path[-1]] = draw(json_values)
        else:
            del parent[path[-1]]
    return record


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large],
)
@given(mutated_records())
def test_never_raises_on_mutated_records(record: dict[str, Any]) -> None:
    for result in (validate_record(record), formats.validate_record(record)):
        normalised, errors = result
        assert (normalised is None) == bool(errors)
        assert all(set(e) == {"field", "message"} for e in errors)
        json.dumps(result)


def test_the_documented_errors_are_the_servers() -> None:
    """docs/sichuan-hand.md shows real errors: each is produced by one of the invalid records."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "sichuan-hand.md").read_text("utf-8")
    shown = [
        json.loads(line.strip().rstrip(","))
        for line in doc.splitlines()
        if line.strip().startswith('{"field": ')
    ]
    produced = [e for name in EXPECTED for e in validate_record(load(f"invalid/{name}"))[1]]
    produced += formats.validate_record(xuezhan() | {"format": "changsha-hand/1"})[1]
    assert len(shown) >= 8
    for error in shown:
        assert error in produced, error
