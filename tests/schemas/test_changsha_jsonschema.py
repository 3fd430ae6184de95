"""The published JSON Schema of ``changsha-hand/1`` (docs/changsha-hand.schema.json).

It must be the generator's output, a valid draft 2020-12 schema, describe every §7 parameter
with exactly the values the engine takes, accept every record the server accepts (it may be
looser, never stricter) and refuse the shape errors the server refuses wherever the mistake is
expressible in JSON Schema. The accepted records are the ones the Changsha tests build with
tests/changsha_builders.py: changsha.md §8's examples E1–E12 (each with the engine's own result
as the app's ``result``) and one record per reason code (illegal, but well-formed).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.games.changsha.audit import audit_validated
from replay.games.changsha.params import CHOICES, EXTRA_HANDS, VALIDATORS
from schemas.changsha_hand import ChangshaResultSchema, validate_record
from schemas.changsha_jsonschema import changsha_hand_json_schema
from tests.changsha_builders import pool, record, tsumogiri
from tests.replay.test_changsha_board import (
    E1_HANDS,
    E2_EVENTS,
    E2_HANDS,
    E3_EVENTS,
    E3_HANDS,
    E4_HANDS,
    E5_HANDS,
    E6_EVENTS,
    E6_HANDS,
    E7_HANDS,
    E8_HANDS,
    E9_EVENTS,
    E9_HANDS,
    E10_HANDS,
    E11_HANDS,
    E12_HANDS,
    e7_events,
)
from tests.replay.test_changsha_reasons import CASES, E1
from tests.schemas.jsonschema_cases import (
    accepted_by_both,
    drop_at,
    mutated,
    never_stricter,
    refused_by_both,
    set_at,
)

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "docs" / "changsha-hand.schema.json"
VALIDATOR = jsonschema.Draft202012Validator(changsha_hand_json_schema())
RESULT_FIELDS = tuple(ChangshaResultSchema().fields)


E10_EVENTS = ["x1 6p", "d2 8p", "x2 8p", "d3 3p", "ga3 9p bu", "d3 5m", "h3", "b 2p"]


def e12_events() -> list[str]:
    rest = pool(E12_HANDS, [])[:-1]
    return ["x0 6p", *tsumogiri([1, 2, 3, 0], rest), "hd3 -", "hd0 -", "hd1 -", "hd2 -", "hz"]


#: changsha.md §8's examples as the board tests build them (name, builder).
EXAMPLES: list[tuple[str, Callable[[], dict[str, Any]]]] = [
    ("E1", lambda: record(E1_HANDS, E1)),
    ("E1-deal", lambda: record(E1_HANDS, E1, wall=False)),
    ("E2", lambda: record(E2_HANDS, E2_EVENTS)),
    ("E3-once", lambda: record(E3_HANDS, E3_EVENTS, overrides={"dealer_scaling": "once"})),
    ("E4", lambda: record(E4_HANDS, ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h3", "h0", "b 3m"])),
    ("E5", lambda: record(E5_HANDS, ["x0 9m", "d1 5m", "ga1 6m kai 3 5", "d1 9p", "d1 3m", "h1", "b 5s"])),
    ("E6", lambda: record(E6_HANDS, E6_EVENTS)),
    ("E7", lambda: record(E7_HANDS, e7_events(), dealer=2)),
    ("E8", lambda: record(E8_HANDS, ["q1 sixi,liuliushun 7777m 333s", "b 4s"])),
    ("E9", lambda: record(E9_HANDS, E9_EVENTS)),
    ("E10", lambda: record(E10_HANDS, E10_EVENTS, dealer=1)),
    ("E11", lambda: record(E11_HANDS, ["x0 9m", "d1 5m", "x1 6p", "d2 1m", "x2 3p", "h3", "b 1m"])),
    ("E12", lambda: record(E12_HANDS, e12_events())),
]  # fmt: skip


def with_engine_result(rec: dict[str, Any]) -> dict[str, Any]:
    """The record with the engine's own settlement as the app's ``result`` (every §9 field)."""
    out = audit_validated(copy.deepcopy(rec))
    assert out["status"] == "ok", out["first_illegal"]
    computed = out["computed"]
    rec["result"] = {name: computed[name] for name in RESULT_FIELDS if name in computed}
    return rec


def accepted_records() -> list[tuple[str, dict[str, Any]]]:
    out = [(name, with_engine_result(build())) for name, build in EXAMPLES]
    out += [(f"reason-{code}", build()) for code, build, _ in CASES]
    qishou = ["q1 sixi,liuliushun 7777m 333s die=3", "x0 6p"]
    out.append(("qishou-continue", record(E8_HANDS, qishou, preset="changsha-app")))
    haidi = record(E1_HANDS, ["x0 9p", "d1 9s"])
    haidi["events"] += [{"type": "haidi", "seat": s, "take": take} for s, take in ((2, False), (3, True))]
    out.append(("haidi", haidi))
    every = {name: values[-1] for name, values in CHOICES.items()}
    every |= {"units": [2, 1, 6, 6], "dealer_bonus": 1, "birds": 6, "kaigang_draws": 1}
    every |= {"qishou_per_instance": True, "multi_hu": False, "shuang_kaihua": False, "haidi_roam": False}
    every |= {"extra_hands": list(EXTRA_HANDS)}
    out.append(("every-override", record(E1_HANDS, E1, preset="changsha-app", overrides=every)))
    aliases = record(E1_HANDS, E1, wall=False)
    aliases["events"][0]["tile"] = "九筒"
    aliases["events"][1]["tile"] = 0x19
    aliases["deal"][0][0] = "0x01"
    out.append(("aliases", aliases))
    return out


ACCEPTED = accepted_records()


@pytest.mark.parametrize(("name", "rec"), ACCEPTED, ids=[name for name, _ in ACCEPTED])
def test_accepted_records_validate(name: str, rec: dict[str, Any]) -> None:
    """What the server accepts, as sent and as stored (tiles as codes), the JSON Schema accepts."""
    accepted_by_both(VALIDATOR, validate_record, rec)


def test_examples_carry_every_result_field() -> None:
    """The §8 examples exercise the whole §9 ``result`` (so its JSON Schema is tried on each)."""
    seen = {field for name, rec in ACCEPTED if name.startswith("E") for field in rec["result"]}
    assert seen == set(RESULT_FIELDS)


# ------------------------------------------------------------------------ refused shape errors
KAI = ["x0 9m", "d1 5m", "ga1 6m kai 3 5", "d1 9p", "d1 3m", "h1", "b 5s"]
QISHOU = ["q1 sixi,liuliushun 7777m 333s die=3", "x0 6p"]
HAIDI = ["x0 9p", "d1 9s", "hd2 + 5p"]
APP = {"preset": "changsha-app"}
CHI = ["x0 9p", "c1 7p 8p"]

#: (name, hands, events, record options, mistake): each mistake the server refuses.
REFUSED: list[tuple[str, list[str], list[str], dict[str, Any], Callable[[dict[str, Any]], None]]] = [
    ("CS-1.1-honour-letter", E1_HANDS, E1, {}, set_at(("events", 0, "tile"), "C")),
    ("CS-1.1-honour-chinese", E1_HANDS, E1, {}, set_at(("events", 0, "tile"), "红中")),
    ("CS-1.1-honour-mpsz", E1_HANDS, E1, {}, set_at(("events", 0, "tile"), "7z")),
    ("CS-1.1-honour-code", E1_HANDS, E1, {}, set_at(("events", 0, "tile"), 0x31)),
    ("CS-1.1-honour-hex", E1_HANDS, E1, {}, set_at(("events", 0, "tile"), "0x35")),
    ("CS-1.1-honour-in-wall", E1_HANDS, E1, {}, set_at(("wall", 60), "E")),
    ("CS-1.1-honour-bird", E1_HANDS, E1, {}, set_at(("events", 5, "tiles"), ["F"])),
    ("format", E1_HANDS, E1, {}, set_at(("format",), "sichuan-hand/1")),
    ("no-hand-id", E1_HANDS, E1, {}, drop_at(("hand_id",))),
    ("unknown-field", E1_HANDS, E1, {}, set_at(("laizi_indicator",), "5m")),
    ("dealer-seat-4", E1_HANDS, E1, {}, set_at(("dealer",), 4)),
    ("short-wall", E1_HANDS, E1, {}, lambda r: r["wall"].pop()),
    ("wall-and-deal", E1_HANDS, E1, {}, set_at(("deal",), record(E1_HANDS, E1, wall=False)["deal"])),
    ("no-wall-no-deal", E1_HANDS, E1, {"wall": False}, drop_at(("deal",))),
    ("draw-without-tile-without-wall", E1_HANDS, E1, {"wall": False}, drop_at(("events", 1, "tile"))),
    ("dealer-dealt-13", E1_HANDS, E1, {"wall": False}, set_at(("dealer",), 1)),
    ("unknown-event", E1_HANDS, E1, {}, set_at(("events", 0, "type"), "flower")),
    ("event-without-type", E1_HANDS, E1, {}, drop_at(("events", 0, "type"))),
    ("event-without-seat", E1_HANDS, E1, {}, drop_at(("events", 0, "seat"))),
    ("discard-without-tile", E1_HANDS, E1, {}, drop_at(("events", 0, "tile"))),
    ("event-unknown-field", E1_HANDS, E1, {}, set_at(("events", 1, "from"), 0)),
    ("birds-with-seat", E1_HANDS, E1, {}, set_at(("events", 5, "seat"), 2)),
    ("seven-birds", E1_HANDS, E1, {}, set_at(("events", 5, "tiles"), ["7s"] * 7)),
    ("chi-three-tiles", E1_HANDS, CHI, {}, set_at(("events", 1, "tiles"), ["7p", "8p", "9p"])),
    ("gang-without-mode", E5_HANDS, KAI, {}, drop_at(("events", 2, "mode"))),
    ("gang-mode", E5_HANDS, KAI, {}, set_at(("events", 2, "mode"), "open")),
    ("gang-kind", E5_HANDS, KAI, {}, set_at(("events", 2, "kind"), "jia")),
    ("gang-die-7", E5_HANDS, KAI, {}, set_at(("events", 2, "dice"), [3, 7])),
    ("gang-one-die", E5_HANDS, KAI, {}, set_at(("events", 2, "dice"), [3])),
    ("qishou-unknown-hand", E8_HANDS, QISHOU, APP, set_at(("events", 0, "kinds"), ["wuxi"])),
    ("qishou-win-hand", E8_HANDS, QISHOU, APP, set_at(("events", 0, "kinds"), ["pinghu"])),
    ("qishou-no-kinds", E8_HANDS, QISHOU, APP, set_at(("events", 0, "kinds"), [])),
    ("qishou-kind-twice", E8_HANDS, QISHOU, APP, set_at(("events", 0, "kinds"), ["sixi"] * 2)),
    ("qishou-die-0", E8_HANDS, QISHOU, APP, set_at(("events", 0, "die"), 0)),
    ("haidi-without-take", E1_HANDS, HAIDI, {}, drop_at(("events", 2, "take"))),
    ("haidi-take-text", E1_HANDS, HAIDI, {}, set_at(("events", 2, "take"), "yes")),
    ("no-preset", E1_HANDS, E1, {}, drop_at(("ruleset", "preset"))),
    ("unknown-preset", E1_HANDS, E1, {}, set_at(("ruleset", "preset"), "changsha-2")),
    ("unknown-parameter", E1_HANDS, E1, {}, set_at(("ruleset", "overrides", "laizi"), True)),
    ("birds-9", E1_HANDS, E1, {}, set_at(("ruleset", "overrides", "birds"), 9)),
    ("units-3", E1_HANDS, E1, {}, set_at(("ruleset", "overrides", "units"), [10, 10, 30])),
    ("extra-hand", E1_HANDS, E1, {}, set_at(("ruleset", "overrides", "extra_hands"), ["jiangjianghu"])),
    ("qishou-mode", E1_HANDS, E1, {}, set_at(("ruleset", "overrides", "qishou_mode"), "sometimes")),
    ("multi-hu-text", E1_HANDS, E1, {}, set_at(("ruleset", "overrides", "multi_hu"), "yes")),
    ("result-unknown-field", E1_HANDS, E1, {}, set_at(("result",), {"winner": 2})),
    ("result-winner-twice", E1_HANDS, E1, {}, set_at(("result",), {"winners": [2, 2]})),
    ("result-discarder-4", E1_HANDS, E1, {}, set_at(("result",), {"discarder": 4})),
    ("result-hands-seat-5", E1_HANDS, E1, {}, set_at(("result",), {"hands": {"5": ["pinghu"]}})),
    ("result-hands-unknown", E1_HANDS, E1, {}, set_at(("result",), {"hands": {"2": ["pihu"]}})),
    ("result-hands-empty", E1_HANDS, E1, {}, set_at(("result",), {"hands": {"2": []}})),
    ("result-qishou-win-hand", E1_HANDS, E1, {}, set_at(("result",), {"qishou": {"1": ["pinghu"]}})),
    ("result-bird-honour", E1_HANDS, E1, {}, set_at(("result",), {"birds": ["C"]})),
    ("result-deltas-3", E1_HANDS, E1, {}, set_at(("result",), {"deltas": [-40, -20, 60]})),
    ("result-next-dealer-null", E1_HANDS, E1, {}, set_at(("result",), {"next_dealer": None})),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "hands", "events", "options", "mistake"), REFUSED, ids=[r[0] for r in REFUSED]
)
def test_shape_errors_are_refused_by_both(
    name: str,
    hands: list[str],
    events: list[str],
    options: dict[str, Any],
    mistake: Callable[[dict[str, Any]], None],
) -> None:
    """The record is fine before the mistake; after it the server and the JSON Schema refuse it."""
    refused_by_both(VALIDATOR, validate_record, record(hands, events, **options), mistake)


PROBES: list[Any] = [
    None, True, False, -1, 0, 1, 2, 3, 6, 7, 10**9, 10**9 + 1, "", "x", {}, [], [10, 10, 30, 60],
    [10, 10, 30], [10, 10, 30, 60, 70], [-1, 0, 0, 0], [0, 0, 0, 10**9 + 1], ["haohua"],
    ["quanqiuren", "haohua"], ["haohua", "haohua"], ["haohua"] * 9, ["jiangjianghu"], [True] * 4,
    *(value for values in CHOICES.values() for value in values),
]  # fmt: skip


@pytest.mark.parametrize("name", sorted(VALIDATORS))
def test_parameter_values_are_exactly_the_engines(name: str) -> None:
    """§7: for each parameter, the JSON Schema accepts a probe value exactly when the server does
    (floats aside: JSON Schema's integers include 2.0, the server's do not)."""
    verdicts = set()
    for value in PROBES:
        rec = record(E1_HANDS, E1, overrides={name: value})
        server = validate_record(rec)[1] == []
        assert VALIDATOR.is_valid(rec) == server, (name, value, server)
        verdicts.add(server)
    assert verdicts == {True, False}, "the probes must find both an accepted and a refused value"


# ------------------------------------------------------------------------ never stricter
values = st.sampled_from(
    [None, True, 0, 1, 4, 7, -1, 2.5, "", "5m", "C", "kai", "an", "sixi", "pinghu", "2", [], {}, ["5m"] * 2]
)


#: lists this long (the wall) are not mutated item by item: one tile is like another
MAX_LIST = 20
RECORDS = [rec for name, rec in ACCEPTED if name in ("E5", "qishou-continue", "E1-deal", "every-override")]


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large],
)
@given(mutated(RECORDS, values, MAX_LIST))
def test_json_schema_is_never_stricter_than_the_server(rec: dict[str, Any]) -> None:
    never_stricter(VALIDATOR, validate_record, rec)
