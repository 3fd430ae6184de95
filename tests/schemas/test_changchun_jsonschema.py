# ruff: noqa: E501  (one refused case a line: the table reads better unwrapped)
"""The published JSON Schema of ``changchun-hand/1`` (docs/changchun-hand.schema.json).

It must be the generator's output, a valid draft 2020-12 schema, describe every §7 parameter
with exactly the values the engine takes, accept every record the server accepts (it may be
looser, never stricter) and refuse the shape errors the server refuses wherever the mistake is
expressible in JSON Schema. The accepted records are the ones the Changchun tests build with
tests/changchun_builders.py: changchun.md §8's examples (each with the engine's own result as
the app's ``result``) and one record per reason code (illegal, but well-formed).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.games.changchun.audit import audit_validated
from replay.games.changchun.params import CHOICES, VALIDATORS
from schemas.changchun_hand import ChangchunResultSchema, validate_record
from schemas.changchun_jsonschema import changchun_hand_json_schema
from tests.changchun_builders import record, tsumogiri
from tests.replay.test_changchun_board import (
    E1,
    E1_HANDS,
    E2_HANDS,
    E3,
    E3_HANDS,
    E4,
    E4_HANDS,
    E6,
    E6_HANDS,
    E7,
    E7_HANDS,
    E8,
    E8_HANDS,
    e5_record,
)
from tests.replay.test_changchun_reasons import CASES
from tests.schemas.jsonschema_cases import (
    accepted_by_both,
    drop_at,
    mutated,
    never_stricter,
    refused_by_both,
    set_at,
)

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "docs" / "changchun-hand.schema.json"
VALIDATOR = jsonschema.Draft202012Validator(changchun_hand_json_schema())
RESULT_FIELDS = tuple(ChangchunResultSchema().fields)
E2 = ["x0 9s", *tsumogiri([1, 2, 3], ["1p", "5p", "7p"]), "d0 6m", "h0"]

#: changchun.md §8's examples as the board tests build them (name, builder).
EXAMPLES: list[tuple[str, Callable[[], dict[str, Any]]]] = [
    ("E1", lambda: record(E1_HANDS, E1)),
    ("E1-deal", lambda: record(E1_HANDS, E1, wall=False)),
    ("E2", lambda: record(E2_HANDS, E2)),
    ("E3", lambda: record(E3_HANDS, E3)),
    ("E3-deal", lambda: record(E3_HANDS, E3, wall=False)),
    ("E4", lambda: record(E4_HANDS, E4)),
    ("E5", e5_record),
    ("E6", lambda: record(E6_HANDS, E6)),
    ("E7", lambda: record(E7_HANDS, E7, dealer=2)),
    ("E8", lambda: record(E8_HANDS, E8, dealer=1, preset="changchun-135")),
]
#: reason codes whose record the schema itself refuses (the board's check is a second line)
SCHEMA_REFUSES = {"draw_tile_missing"}


def with_engine_result(rec: dict[str, Any]) -> dict[str, Any]:
    """The record with the engine's own settlement as the app's ``result`` (every §9 field)."""
    out = audit_validated(copy.deepcopy(rec))
    assert out["status"] == "ok", out["first_illegal"]
    computed = out["computed"]
    rec["result"] = {name: computed[name] for name in RESULT_FIELDS}
    return rec


def accepted_records() -> list[tuple[str, dict[str, Any]]]:
    out = [(name, with_engine_result(build())) for name, build in EXAMPLES]
    out += [(f"reason-{code}", build()) for code, build, _ in CASES if code not in SCHEMA_REFUSES]
    every = {name: values[-1] for name, values in CHOICES.items()}
    every |= {"ladder": [1, 3, 5, 10], "gang_unit": None, "bao_fan": 2, "dadan_tiles": ["1s", "红中", 0x21]}
    every |= {"reserve": 14, "special_open": True, "special_in_piao": False, "cap": 200}
    out.append(("every-override", record(E1_HANDS, E1, preset="changchun-250", overrides=every)))
    aliases = record(E3_HANDS, E3, wall=False)
    aliases["events"][0]["tile"] = "七条"
    aliases["events"][1]["tile"] = 0x09
    aliases["events"][10]["tile"] = "0x13"
    aliases["deal"][0][0] = "三条"
    out.append(("aliases", aliases))
    return out


ACCEPTED = accepted_records()


def test_tiles_are_the_wuhan_ones() -> None:
    """The tiles are Wuhan's 34 kinds (CC-1.1); the envelope is test_hand_jsonschemas.py's."""
    wuhan = json.loads((SCHEMA_FILE.parent / "hand-record.schema.json").read_text("utf-8"))
    assert changchun_hand_json_schema()["$defs"]["tile"] == wuhan["$defs"]["tile"]


@pytest.mark.parametrize(("name", "rec"), ACCEPTED, ids=[name for name, _ in ACCEPTED])
def test_accepted_records_validate(name: str, rec: dict[str, Any]) -> None:
    """What the server accepts, as sent and as stored (tiles as codes), the JSON Schema accepts."""
    accepted_by_both(VALIDATOR, validate_record, rec)


def test_the_schema_refuses_exactly_the_listed_reason_records() -> None:
    refused = {code for code, build, _ in CASES if validate_record(build())[1]}
    assert refused == SCHEMA_REFUSES


def test_examples_carry_every_result_field() -> None:
    """The §8 examples exercise the whole §9 ``result`` (so its JSON Schema is tried on each),
    a win with each of its ways but 抢胡's robbed tile, and 荒庄's nulls."""
    results = [rec["result"] for name, rec in ACCEPTED if name.startswith("E")]
    assert all(set(r) == set(RESULT_FIELDS) for r in results)
    assert {r["way"] for r in results} == {"dianpao", "zimo", "mobao", "duibao", "qianghu", None}


# ------------------------------------------------------------------------ refused shape errors
# E5's head: 3 gm0 7p, 7 ga1 C, 11 xf2, 13 gb2 E; E3: 3 t1, 10 b1 4 3s; E4[:9] + k0: 9 k0

#: (name, record builder, mistake): each mistake the server refuses.
REFUSED: list[tuple[str, Callable[[], dict[str, Any]], Callable[[dict[str, Any]], None]]] = [
    ("CC-1.1-flower-code", lambda: record(E1_HANDS, E1), set_at(("events", 0, "tile"), 0x41)),
    ("format", lambda: record(E1_HANDS, E1), set_at(("format",), "changsha-hand/1")),
    ("no-hand-id", lambda: record(E1_HANDS, E1), drop_at(("hand_id",))),
    ("laizi-indicator", lambda: record(E1_HANDS, E1), set_at(("laizi_indicator",), "5m")),
    ("dealer-seat-4", lambda: record(E1_HANDS, E1), set_at(("dealer",), 4)),
    ("short-wall", lambda: record(E1_HANDS, E1), lambda r: r["wall"].pop()),
    ("wall-and-deal", lambda: record(E1_HANDS, E1), set_at(("deal",), record(E1_HANDS, E1, wall=False)["deal"])),
    ("no-wall-no-deal", lambda: record(E1_HANDS, E1, wall=False), drop_at(("deal",))),
    ("draw-without-tile-without-wall", lambda: record(E1_HANDS, E1, wall=False), drop_at(("events", 3, "tile"))),
    ("bao-without-tile-without-wall", lambda: record(E3_HANDS, E3, wall=False), drop_at(("events", 10, "tile"))),
    ("bao-without-index-with-wall", lambda: record(E3_HANDS, E3), drop_at(("events", 10, "index"))),
    ("bao-index-136", lambda: record(E3_HANDS, E3), set_at(("events", 10, "index"), 136)),
    ("bao-die-0", lambda: record(E3_HANDS, E3), set_at(("events", 10, "die"), 0)),
    ("ting-with-tile", lambda: record(E3_HANDS, E3), set_at(("events", 3, "tile"), "9m")),
    ("kanbao-without-seat", lambda: record(E4_HANDS, [*E4[:9], "k0"]), drop_at(("events", 9, "seat"))),
    ("dealer-dealt-13", lambda: record(E1_HANDS, E1, wall=False), set_at(("dealer",), 1)),
    ("unknown-event", lambda: record(E1_HANDS, E1), set_at(("events", 0, "type"), "buhua")),
    ("event-type-list", lambda: record(E1_HANDS, E1), set_at(("events", 0, "type"), ["discard"])),
    ("event-without-type", lambda: record(E1_HANDS, E1), drop_at(("events", 0, "type"))),
    ("discard-without-tile", lambda: record(E1_HANDS, E1), drop_at(("events", 0, "tile"))),
    ("event-unknown-field", lambda: record(E1_HANDS, E1), set_at(("events", 1, "from"), 0)),
    ("gang-kind-pizi", e5_record, set_at(("events", 3, "kind"), "pizi")),
    ("an-gang-without-tile", e5_record, drop_at(("events", 7, "tile"))),
    ("set-without-tiles", e5_record, drop_at(("events", 11, "tiles"))),
    ("set-with-a-tile", e5_record, set_at(("events", 11, "tile"), "E")),
    ("set-five-tiles", e5_record, set_at(("events", 11, "tiles"), ["E", "S", "W", "N", "E"])),
    ("bu-with-tiles", e5_record, set_at(("events", 13, "tiles"), ["E", "S", "W"])),
    ("no-preset", lambda: record(E1_HANDS, E1), drop_at(("ruleset", "preset"))),
    ("unknown-preset", lambda: record(E1_HANDS, E1), set_at(("ruleset", "preset"), "changchun-2")),
    ("unknown-parameter", lambda: record(E1_HANDS, E1), set_at(("ruleset", "overrides", "laizi"), True)),
    ("empty-ladder", lambda: record(E1_HANDS, E1), set_at(("ruleset", "overrides", "ladder"), [])),
    ("bao-fan-3", lambda: record(E1_HANDS, E1), set_at(("ruleset", "overrides", "bao_fan"), 3)),
    ("reserve-text", lambda: record(E1_HANDS, E1), set_at(("ruleset", "overrides", "reserve"), "all")),
    ("guohu-text", lambda: record(E1_HANDS, E1), set_at(("ruleset", "overrides", "guohu"), "yes")),
    ("result-unknown-field", lambda: record(E1_HANDS, E1), set_at(("result",), {"winners": [2]})),
    ("result-way", lambda: record(E1_HANDS, E1), set_at(("result",), {"way": "gangkai"})),
    ("result-hands-twice", lambda: record(E1_HANDS, E1), set_at(("result",), {"hands": ["zimo", "zimo"]})),
    ("result-fan-negative", lambda: record(E1_HANDS, E1), set_at(("result",), {"fan": [1, -1, None, 1]})),
    ("result-fan-3", lambda: record(E1_HANDS, E1), set_at(("result",), {"fan": [1, 1, None]})),
    ("result-deltas-3", lambda: record(E1_HANDS, E1), set_at(("result",), {"gang_deltas": [0, 0, 0]})),
    ("result-winner-4", lambda: record(E1_HANDS, E1), set_at(("result",), {"winner": 4})),
]  # fmt: skip


@pytest.mark.parametrize(("name", "build", "mistake"), REFUSED, ids=[r[0] for r in REFUSED])
def test_shape_errors_are_refused_by_both(
    name: str, build: Callable[[], dict[str, Any]], mistake: Callable[[dict[str, Any]], None]
) -> None:
    """The record is fine before the mistake; after it the server and the JSON Schema refuse it."""
    refused_by_both(VALIDATOR, validate_record, build(), mistake)


PROBES: list[Any] = [
    None, True, False, -1, 0, 1, 2, 3, 14, 135, 136, 10**9, 10**9 + 1, "", "x", "seed", {}, [],
    [1], [1, 2, 4], [2, 1], [0, 1], [1] * 34, [1] * 35, ["1s", "C"], ["1s", "X"], ["1s", True],
    *(value for values in CHOICES.values() for value in values),
]  # fmt: skip
#: parameters whose rule JSON Schema cannot say (a ladder that never falls), and the probe
#: it lets through: the JSON Schema is looser there, never stricter
LOOSER = {("ladder", "[2, 1]"), ("dadan_tiles", '["1s", "X"]')}


@pytest.mark.parametrize("name", sorted(VALIDATORS))
def test_parameter_values_are_exactly_the_engines(name: str) -> None:
    """§7: for each parameter, the JSON Schema accepts a probe value exactly when the server does
    (save the listed looser cases; floats aside: JSON Schema's integers include 2.0)."""
    verdicts = set()
    for value in PROBES:
        rec = record(E1_HANDS, E1)
        rec["ruleset"]["overrides"] = {name: value}
        server = validate_record(rec)[1] == []
        key = (name, json.dumps(value))
        if key in LOOSER:
            assert not server and VALIDATOR.is_valid(rec), key
        else:
            assert VALIDATOR.is_valid(rec) == server, (name, value, server)
        verdicts.add(server)
    assert verdicts == {True, False}, "the probes must find both an accepted and a refused value"


# ------------------------------------------------------------------------ never stricter
values = st.sampled_from(
    [None, True, 0, 1, 4, 7, 136, -1, 2.5, "", "5m", "C", "bu", "an", "xuanfeng", "bao", "ting",
     "mobao", "pinghu", "2", [], {}, ["5m"] * 2, ["E", "S", "W", "N"]]
)  # fmt: skip


#: lists this long (the wall) are not mutated item by item: one tile is like another
MAX_LIST = 40
RECORDS = [rec for name, rec in ACCEPTED if name in ("E3", "E3-deal", "E5", "every-override")]


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large],
)
@given(mutated(RECORDS, values, MAX_LIST))
def test_json_schema_is_never_stricter_than_the_server(rec: dict[str, Any]) -> None:
    never_stricter(VALIDATOR, validate_record, rec)
