"""Tests of the hand record contract (format ``wuhan-hand/1``): validation, errors, JSON Schema.

Apps code against the error paths, so each kind of mistake is pinned to the exact ``field`` it
reports; the property tests guard the promise that no upload can crash the validator.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.games.wuhan.ruleset import VALIDATORS
from replay.tiles import ALIASES, KIND_OF, SERVER_CODES
from schemas.hand_record import FORMAT, MAX_ERRORS, validate_record
from schemas.jsonschema import OUTPUT, hand_record_json_schema, render

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "hand-record.schema.json"


def valid_record() -> dict[str, Any]:
    """A deal-mode record in the shape of HAND_RECORD.md's example, with tile aliases mixed in."""
    return {
        "format": "wuhan-hand/1",
        "hand_id": "club42-20261129-0007",
        "source": "club42-app",
        "played_at": "2026-11-29T20:15:03+08:00",
        "session": {"id": "club42-20261129", "hand_no": 7},
        "ruleset": {"preset": "hzlzg", "overrides": {"cap": 400}},
        "seats": [
            {"player_id": "u1001", "name": "老王"},
            {"player_id": "u1002"},
            {"player_id": "u1003"},
            {"player_id": "u1004"},
        ],
        "dealer": 0,
        "deal": [
            ["1m", "五万", "5m", "6m", "7m", "2s", "2s", "3s", "4p", "5p", "6p", "N", "1m", "9s"],
            ["2m", "3m", "4m", "7s", "8s", "9s", "9p", "9p", "E", "E", "S", "W", "F"],
            ["7p", "8p", "2p", "3p", "4p", "5s", "6s", "7s", "1s", "1s", "2m", "3m", "4m"],
            ["1p", "1p", "2p", "3p", "6m", "7m", "8m", "3s", "4s", "P", "P", "P", "W"],
        ],
        "laizi_indicator": "4p",
        "events": [
            {"type": "discard", "seat": 0, "tile": "N"},
            {"type": "draw", "seat": 1, "tile": "7s"},
            {"type": "discard", "seat": 1, "tile": "9p"},
            {"type": "chi", "seat": 2, "tiles": ["7p", "8p"]},
            {"type": "discard", "seat": 2, "tile": "5s"},
            {"type": "pass", "seat": 3},
            {"type": "peng", "seat": 0},
            {"type": "discard", "seat": 0, "tile": "1m"},
            {"type": "draw", "seat": 1, "tile": "3m"},
            {"type": "discard", "seat": 1, "tile": "东风"},
            {"type": "draw", "seat": 2, "tile": "7z"},
            {"type": "gang", "seat": 2, "kind": "pizi", "tile": 0x35},
            {"type": "draw", "seat": 2, "tile": "2s"},
            {"type": "hu", "seat": 2},
        ],
        "result": {
            "winner": 2,
            "hands": ["gangshangkai"],
            "self_draw": True,
            "hard": False,
            "liable": None,
            "deltas": [-80, -40, 160, -40],
        },
    }


def wall_record() -> dict[str, Any]:
    """A wall-mode record: no deal, no indicator, draws without tiles."""
    tiles = [f"{n}{s}" for s in "msp" for n in range(1, 10)] + list("ESWNCFP")
    wall = [t for t in tiles for _ in range(4)]
    record = valid_record()
    del record["deal"], record["laizi_indicator"], record["result"]
    record["wall"] = wall
    record["events"] = [{"type": "discard", "seat": 0, "tile": "N"}, {"type": "draw", "seat": 1}]
    return record


def errors_of(record: object) -> list[dict[str, str]]:
    result, errors = validate_record(record)
    assert result is None
    assert errors
    return errors


def fields_of(record: object) -> list[str]:
    return [e["field"] for e in errors_of(record)]


# -- valid records ----------------------------------------------------------------------------


def test_valid_record_passes_and_is_normalised() -> None:
    raw = valid_record()
    before = copy.deepcopy(raw)
    record, errors = validate_record(raw)
    assert errors == []
    assert record is not None
    assert raw == before, "the input must not be modified"
    assert record["deal"][0][1] == "5m"  # 五万
    assert record["events"][9]["tile"] == "E"  # 东风
    assert record["events"][10]["tile"] == "C"  # 7z
    assert record["events"][11]["tile"] == "C"  # 0x35
    assert record["events"][11]["kind"] == "pizi"
    # Everything that is not a tile is kept exactly as given, in the given key order.
    expected = copy.deepcopy(before)
    expected["deal"][0][1] = "5m"
    expected["events"][9]["tile"] = "E"
    expected["events"][10]["tile"] = "C"
    expected["events"][11]["tile"] = "C"
    assert record == expected
    assert list(record) == list(before)
    assert record["played_at"] == "2026-11-29T20:15:03+08:00"
    assert record["ruleset"] == {"preset": "hzlzg", "overrides": {"cap": 400}}


def test_no_keys_are_added() -> None:
    raw = valid_record()
    del raw["played_at"], raw["session"], raw["seats"][0]["name"]
    raw["result"] = {}
    raw["events"] = [{"type": "hu", "seat": 0}, {"type": "huangzhuang"}]
    record, errors = validate_record(raw)
    assert errors == []
    assert record is not None
    assert "played_at" not in record and "session" not in record and "wall" not in record
    assert record["seats"][0] == {"player_id": "u1001"}
    assert record["result"] == {}
    assert record["events"] == [{"type": "hu", "seat": 0}, {"type": "huangzhuang"}]


def test_wall_record_passes_without_deal_or_draw_tiles() -> None:
    record, errors = validate_record(wall_record())
    assert errors == []
    assert record is not None
    assert len(record["wall"]) == 136
    assert record["events"][1] == {"type": "draw", "seat": 1}


@pytest.mark.parametrize("alias", ["五万", "5万", "5m", "0x05", 0x05, " 5m ", "5M"])
def test_tile_aliases(alias: object) -> None:
    raw = valid_record()
    raw["events"][0]["tile"] = alias
    record, errors = validate_record(raw)
    assert errors == []
    assert record is not None
    assert record["events"][0]["tile"] == "5m"


def test_ruleset_is_kept_as_given() -> None:
    raw = valid_record()
    raw["ruleset"] = {"preset": "hzfclzg", "overrides": {"pizi": ["红中", "发"], "qihu": 0}}
    record, errors = validate_record(raw)
    assert errors == []
    assert record is not None
    assert record["ruleset"] == {"preset": "hzfclzg", "overrides": {"pizi": ["红中", "发"], "qihu": 0}}


def test_format_constant() -> None:
    assert FORMAT == "wuhan-hand/1"


# -- error paths -----------------------------------------------------------------------------


def test_non_object_is_a_root_error() -> None:
    for value in (None, [], "x", 3, 1.5, True):
        errors = errors_of(value)
        assert len(errors) == 1
        assert errors[0]["field"] == ""


def test_unknown_top_level_field() -> None:
    raw = valid_record()
    raw["colour"] = "red"
    assert errors_of(raw) == [{"field": "colour", "message": "unknown field"}]


def test_unknown_event_field() -> None:
    raw = valid_record()
    raw["events"][3]["tiel"] = "5m"
    assert fields_of(raw) == ["events[3].tiel"]


@pytest.mark.parametrize(
    ("path", "key"),
    [
        ((), "_schema"),
        (("session",), "extra"),
        (("ruleset",), "override"),
        (("seats", 1), "nick"),
        (("result",), "winners"),
        (("ruleset", "overrides"), "kap"),
        (("ruleset", "overrides"), "_schema"),
    ],
)
def test_unknown_fields_at_every_level(path: tuple[str | int, ...], key: str) -> None:
    raw = valid_record()
    target: Any = raw
    for part in path:
        target = target[part]
    target[key] = 1
    field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in (*path, key)).lstrip(".")
    assert fields_of(raw) == [field]


def test_odd_field_names_are_quoted() -> None:
    raw = valid_record()
    raw["a.b"] = 1
    raw["events"][0]["tile "] = 1
    assert fields_of(raw) == ['["a.b"]', 'events[0]["tile "]']


def test_bad_tile() -> None:
    raw = valid_record()
    raw["events"][1]["tile"] = "8x"
    errors = errors_of(raw)
    assert [e["field"] for e in errors] == ["events[1].tile"]
    assert "8x" in errors[0]["message"]


@pytest.mark.parametrize("bad", [True, None, 1.0, [], {}, "", "x" * 1000, 0x38, 10**30, -1])
def test_bad_tile_values(bad: object) -> None:
    raw = valid_record()
    raw["deal"][2][5] = bad
    errors = errors_of(raw)
    assert [e["field"] for e in errors] == ["deal[2][5]"]
    assert len(errors[0]["message"]) < 200


def test_wrong_seat_count() -> None:
    raw = valid_record()
    raw["seats"].pop()
    assert errors_of(raw) == [{"field": "seats", "message": "must hold exactly 4 seats, not 3"}]


def test_seat_needs_player_id() -> None:
    raw = valid_record()
    raw["seats"][2] = {"name": "x"}
    raw["seats"][3] = {"player_id": ""}
    assert fields_of(raw) == ["seats[2].player_id", "seats[3].player_id"]


def test_deal_lengths_against_dealer() -> None:
    raw = valid_record()
    raw["dealer"] = 1  # seat 0 still holds 14 tiles, seat 1 only 13
    errors = errors_of(raw)
    assert [e["field"] for e in errors] == ["deal[0]", "deal[1]"]
    assert "must hold 13 tiles, not 14" in errors[0]["message"]
    assert "must hold 14 tiles, not 13" in errors[1]["message"]


def test_deal_shape() -> None:
    raw = valid_record()
    raw["deal"][3] = raw["deal"][3][:5]
    assert fields_of(raw) == ["deal[3]"]
    raw = valid_record()
    raw["deal"].pop()
    assert fields_of(raw) == ["deal"]


def test_deal_and_indicator_required_without_wall() -> None:
    raw = valid_record()
    del raw["deal"], raw["laizi_indicator"]
    assert fields_of(raw) == ["deal", "laizi_indicator"]


def test_draw_tile_required_without_wall() -> None:
    raw = valid_record()
    del raw["events"][1]["tile"]
    assert errors_of(raw) == [{"field": "events[1].tile", "message": "required when there is no wall"}]


def test_wall_length_and_indicator_match() -> None:
    raw = wall_record()
    raw["wall"].pop()
    assert fields_of(raw) == ["wall"]
    raw = wall_record()
    raw["laizi_indicator"] = raw["wall"][53]
    assert validate_record(raw)[1] == []
    raw["laizi_indicator"] = "C"
    errors = errors_of(raw)
    assert [e["field"] for e in errors] == ["laizi_indicator"]
    assert "wall[53]" in errors[0]["message"]


def test_bad_ruleset_override() -> None:
    raw = valid_record()
    raw["ruleset"]["overrides"]["cap"] = -5
    errors = errors_of(raw)
    assert [e["field"] for e in errors] == ["ruleset.overrides.cap"]


def test_every_bad_override_is_reported() -> None:
    raw = valid_record()
    raw["ruleset"]["overrides"] = {
        "cap": "lots",
        "pizi": ["C", "9z"],
        "laizi_gang_factor": 4.0,
        "fengyise_golden": 1,
        "third_feed_hands": [["qingyise"]],
        "no_such": 1,
    }
    assert fields_of(raw) == [
        "ruleset.overrides.cap",
        "ruleset.overrides.fengyise_golden",
        "ruleset.overrides.laizi_gang_factor",
        "ruleset.overrides.no_such",
        "ruleset.overrides.pizi[1]",
        "ruleset.overrides.third_feed_hands",
    ]


def test_ruleset_cross_parameter_and_preset_errors() -> None:
    raw = valid_record()
    raw["ruleset"]["overrides"] = {"haidi_trigger": 4, "haidi_draws": 4}
    assert validate_record(raw)[1] == []
    raw["ruleset"]["overrides"] = {"haidi_trigger": 5, "haidi_draws": 6}
    assert fields_of(raw) == ["ruleset.overrides.haidi_draws"]
    raw["ruleset"] = {"preset": "nope"}
    assert fields_of(raw) == ["ruleset.preset"]
    raw["ruleset"] = {"overrides": {}}
    assert fields_of(raw) == ["ruleset.preset"]
    raw["ruleset"] = {"preset": "hzlzg", "overrides": None}
    assert fields_of(raw) == ["ruleset.overrides"]
    raw["ruleset"] = "hzlzg"
    assert fields_of(raw) == ["ruleset"]


def test_deltas_must_sum_to_zero() -> None:
    raw = valid_record()
    raw["result"]["deltas"] = [-80, -40, 160, -30]
    assert errors_of(raw) == [{"field": "result.deltas", "message": "must sum to 0, not 10"}]


def test_result_fields() -> None:
    raw = valid_record()
    raw["result"] = {
        "winner": 4,
        "hands": ["pihu", "pihu", "tianhu"],
        "self_draw": 1,
        "hard": "no",
        "liable": True,
        "deltas": [0, 0, 0],
    }
    assert fields_of(raw) == [
        "result.deltas",
        "result.hands[2]",
        "result.hard",
        "result.liable",
        "result.self_draw",
        "result.winner",
    ]
    raw["result"] = {"hands": ["pihu", "pihu"]}
    assert fields_of(raw) == ["result.hands"]


def test_bool_is_not_an_int() -> None:
    raw = valid_record()
    raw["dealer"] = True
    raw["events"][0]["seat"] = False
    raw["session"]["hand_no"] = True
    raw["result"]["deltas"] = [True, False, -1, 0]
    errors = errors_of(raw)
    assert [e["field"] for e in errors] == [
        "dealer",
        "events[0].seat",
        "result.deltas[0]",
        "result.deltas[1]",
        "session.hand_no",
    ]
    assert all("boolean" in e["message"] for e in errors)


def test_huge_and_fractional_ints() -> None:
    raw = valid_record()
    raw["session"]["hand_no"] = 10**100
    raw["dealer"] = 0.0
    raw["result"]["deltas"] = [10**20, -(10**20), 0, 0]
    assert fields_of(raw) == ["dealer", "result.deltas[0]", "result.deltas[1]", "session.hand_no"]


def test_seats_in_events_are_0_to_3() -> None:
    raw = valid_record()
    raw["events"][0]["seat"] = 4
    raw["events"][2]["seat"] = -1
    assert fields_of(raw) == ["events[0].seat", "events[2].seat"]


def test_event_union() -> None:
    raw = valid_record()
    raw["events"] = [
        {"type": "discard", "seat": 0},  # tile missing
        {"type": "chi", "seat": 1, "tiles": ["1m"]},  # one tile short
        {"type": "gang", "seat": 2, "kind": "big", "tile": "1m"},
        {"type": "peng", "seat": 3, "tile": "1m"},  # peng has no tile
        {"type": "huangzhuang", "seat": 0},  # nobody's action
        {"type": "riichi", "seat": 0},
        {"seat": 0},
        "discard",
        {"type": "hu", "seat": 1, "tile": "1m"},  # fine: hu.tile is optional
        {"type": "pass"},
        {"type": 3},
    ]
    assert fields_of(raw) == [
        "events[0].tile",
        "events[1].tiles",
        "events[2].kind",
        "events[3].tile",
        "events[4].seat",
        "events[5].type",
        "events[6].type",
        "events[7]",
        "events[9].seat",
        "events[10].type",
    ]


def test_identifiers_and_timestamp() -> None:
    raw = valid_record()
    raw["hand_id"] = "has space"
    raw["source"] = "x" * 129
    raw["session"]["id"] = ""
    raw["played_at"] = "2026-11-29T20:15:03"  # no offset
    raw["format"] = "wuhan-hand/2"
    assert fields_of(raw) == ["format", "hand_id", "played_at", "session.id", "source"]


@pytest.mark.parametrize(
    ("stamp", "ok"),
    [
        ("2026-11-29T20:15:03Z", True),
        ("2026-11-29t20:15:03.123456-05:30", True),
        ("2016-12-31T23:59:60Z", True),  # leap second
        ("2026-02-29T00:00:00+08:00", False),
        ("2026-13-01T00:00:00+08:00", False),
        ("2026-11-29T24:00:00+08:00", False),
        ("2026-11-29T20:15:03+24:00", False),
        ("2026-11-29 20:15:03+08:00", False),
        ("2026-11-29T20:15:03+08:00\n", False),
    ],
)
def test_played_at(stamp: str, ok: bool) -> None:
    raw = valid_record()
    raw["played_at"] = stamp
    assert (validate_record(raw)[1] == []) is ok


def test_errors_are_sorted_naturally_and_deterministic() -> None:
    raw = valid_record()
    for i in (12, 2, 10):
        raw["events"][i]["seat"] = 9
    raw["zzz"] = 1
    raw["dealer"] = 7
    fields = fields_of(raw)
    assert fields == ["dealer", "events[2].seat", "events[10].seat", "events[12].seat", "zzz"]
    assert errors_of(copy.deepcopy(raw)) == errors_of(raw)


def test_error_count_is_bounded() -> None:
    raw = valid_record()
    raw["events"] = [{"type": "discard", "seat": 0, "tile": "?"} for _ in range(MAX_ERRORS + 50)]
    errors = errors_of(raw)
    assert len(errors) == MAX_ERRORS
    assert errors[-1] == {"field": "", "message": "and 51 more errors"}


def test_too_many_events() -> None:
    raw = valid_record()
    raw["events"] = [{"type": "pass", "seat": 0}] * 20001
    assert fields_of(raw) == ["events"]


# -- JSON Schema -----------------------------------------------------------------------------


def test_schema_file_is_up_to_date() -> None:
    """Run ``python -m schemas.jsonschema`` when this fails."""
    assert SCHEMA_FILE == OUTPUT
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == hand_record_json_schema()
    assert SCHEMA_FILE.read_text(encoding="utf-8") == render()


def test_schema_is_valid_draft_2020_12() -> None:
    jsonschema.Draft202012Validator.check_schema(hand_record_json_schema())


def test_schema_describes_every_ruleset_parameter() -> None:
    overrides = hand_record_json_schema()["properties"]["ruleset"]["properties"]["overrides"]
    assert set(overrides["properties"]) == set(VALIDATORS)


VALIDATOR = jsonschema.Draft202012Validator(hand_record_json_schema())


def test_valid_records_validate_against_json_schema() -> None:
    for record in (valid_record(), wall_record()):
        VALIDATOR.validate(record)
        normalised, errors = validate_record(record)
        assert errors == []
        VALIDATOR.validate(normalised)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda r: r.update(colour=1),
        lambda r: r["events"][3].update(tiel="5m"),
        lambda r: r["seats"].pop(),
        lambda r: r.update(dealer=True),
        lambda r: r.update(dealer=2),  # deal lengths no longer fit the dealer
        lambda r: r["events"][1].pop("tile"),  # no wall: draws need tiles
        lambda r: r.pop("deal"),
        lambda r: r["ruleset"]["overrides"].update(cap=0),
        lambda r: r["events"].append({"type": "gang", "seat": 0, "kind": "big", "tile": "1m"}),
        lambda r: r["events"].append({"type": "huangzhuang", "seat": 0}),
        lambda r: r["result"].update(hands=["pihu", "pihu"]),
    ],
)
def test_json_schema_rejects_what_it_can_express(mutate: Any) -> None:
    raw = valid_record()
    mutate(raw)
    assert validate_record(raw)[0] is None
    assert not VALIDATOR.is_valid(raw)


# -- properties: never raises ----------------------------------------------------------------

KNOWN_KEYS = sorted(
    {
        *valid_record(),
        *valid_record()["result"],
        "type",
        "seat",
        "tile",
        "tiles",
        "kind",
        "preset",
        "overrides",
    }
    | set(VALIDATORS)
    | {"player_id", "name", "id", "hand_no", "wall", "_schema"}
)

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-300, max_value=300)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | st.sampled_from(
        ["5m", "五万", "7z", "0x35", "draw", "gang", "hzlzg", "pizi", "C", "2026-01-01T00:00:00Z"]
    )
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=6)
        | st.dictionaries(st.sampled_from(KNOWN_KEYS) | st.text(max_size=8), children, max_size=6)
    ),
    max_leaves=40,
)


def _check_shape(result: tuple[dict[str, Any] | None, list[dict[str, str]]]) -> None:
    record, errors = result
    assert (record is None) == bool(errors)
    for error in errors:
        assert set(error) == {"field", "message"}
        assert isinstance(error["field"], str) and isinstance(error["message"], str)
    json.dumps(result)


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_never_raises_on_arbitrary_json(value: object) -> None:
    _check_shape(validate_record(value))


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(KNOWN_KEYS), json_values, max_size=12))
def test_never_raises_on_record_like_objects(value: dict[str, Any]) -> None:
    _check_shape(validate_record({"format": FORMAT, **value}))


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
    """A valid record (deal or wall mode) with a few values replaced, deleted or added."""
    record = draw(st.sampled_from([valid_record, wall_record]))()
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(record)[1:]
        path = draw(st.sampled_from(paths))
        parent: Any = record
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(json_values)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(KNOWN_KEYS) | st.text(max_size=8))] = draw(json_values)
        else:
            parent.append(draw(json_values))
    return record


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_never_raises_on_mutated_records(record: dict[str, Any]) -> None:
    result = validate_record(record)
    _check_shape(result)
    if result[0] is not None:
        # The published JSON Schema is never stricter than the server.
        VALIDATOR.validate(record)
        VALIDATOR.validate(result[0])


def _spellings(code: str) -> list[object]:
    """Every spelling of a canonical code that the tile table knows."""
    kind = KIND_OF[code]
    names: list[object] = [alias for alias, k in ALIASES.items() if k == kind]
    names += [n for n, k in SERVER_CODES.items() if k == kind]
    return names


@st.composite
def respelled_records(draw: st.DrawFn) -> dict[str, Any]:
    """A valid record with every tile in a random spelling and optional parts dropped."""
    record = draw(st.sampled_from([valid_record, wall_record]))()
    normalised, _ = validate_record(record)
    assert normalised is not None

    def respell(value: Any, path: tuple[Any, ...]) -> Any:
        if isinstance(value, dict):
            return {k: v if k == "ruleset" else respell(v, (*path, k)) for k, v in value.items()}
        if isinstance(value, list):
            return [respell(v, (*path, i)) for i, v in enumerate(value)]
        if isinstance(value, str) and value in KIND_OF and path[-1] != "type":
            return draw(st.sampled_from(_spellings(value)))
        return value

    out: dict[str, Any] = respell(normalised, ())
    for key in ("played_at", "session", "result"):
        if draw(st.booleans()):
            out.pop(key, None)
    return out


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(respelled_records())
def test_any_spelling_is_accepted_and_normalisation_is_idempotent(record: dict[str, Any]) -> None:
    normalised, errors = validate_record(record)
    assert errors == []
    assert normalised is not None
    VALIDATOR.validate(record)
    assert validate_record(normalised) == (normalised, [])
    assert all(t in KIND_OF for hand in normalised.get("deal", []) for t in hand)


def test_lone_surrogates_in_text_are_refused_with_the_field() -> None:
    import json as _json
    from pathlib import Path as _Path

    record = _json.loads(
        (_Path(__file__).parents[2] / "sample_logs/handwritten/pihu.json").read_text("utf-8")
    )
    record["seats"][2]["player_id"] = "u\ud800"
    normalised, errors = validate_record(record)
    assert normalised is None
    assert errors == [
        {
            "field": "seats[2].player_id",
            "message": "must be valid Unicode text (it holds a lone surrogate escape)",
        }
    ]
