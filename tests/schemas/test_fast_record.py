"""The schema-free fast path (``schemas/fast_record.py``) against the schema it stands in for.

The fast path may decline anything, but what it accepts must be exactly what ``RecordSchema``
returns, and nothing the schema rejects may pass it. Outputs are compared by :func:`typed`,
which keeps key order and each leaf's type: ``==`` alone would call ``True`` and ``1`` equal.
Valid records come from the simulator, ``sample_logs/`` and ``tests/data/records/``; invalid
ones from random mutations of them.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from replay.games.wuhan.simulate import simulate
from schemas.fast_record import MAX_RULESETS
from schemas.hand_record import _FAST, FORMAT, validate_record

ROOT = Path(__file__).resolve().parents[2]


def typed(value: Any) -> Any:
    """``value`` as nested tuples that keep dict key order and every leaf's exact type."""
    if isinstance(value, dict):
        return ("dict", tuple((typed(k), typed(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("list", tuple(typed(v) for v in value))
    return (type(value).__name__, repr(value))


def _corpus() -> list[dict[str, Any]]:
    """Every ``wuhan-hand/1`` record of the repository's samples and test data, and simulated ones."""
    records: list[dict[str, Any]] = []
    files = [
        *sorted((ROOT / "sample_logs").rglob("*.json")),
        *sorted((ROOT / "tests/data/records").rglob("*.json")),
    ]
    for path in files:
        obj = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(obj, dict) and obj.get("format") == FORMAT:
            records.append(obj)
    for path in sorted((ROOT / "sample_logs").rglob("*.ndjson")):
        for line in path.read_text(encoding="utf-8").splitlines()[:20]:
            obj = json.loads(line)
            if isinstance(obj, dict) and obj.get("format") == FORMAT:
                records.append(obj)
    for preset in ("hzlzg", "hzlzg-koukou", "qipi"):
        records.extend(json.loads(json.dumps(r)) for r in simulate(12, seed=11, preset=preset))
    return records


CORPUS = _corpus()
VALID = [r for r in CORPUS if validate_record(r, fast=False)[0] is not None]
#: Valid records the schema loads unchanged (no alias to normalise): the fast path must take them.
CANONICAL = [r for r in VALID if typed(validate_record(r, fast=False)[0]) == typed(r)]


def check_agree(obj: Any) -> dict[str, Any] | None:
    """The fast path's answer for ``obj``, after checking it against the schema's."""
    fast = _FAST.load(obj)
    slow, errors = validate_record(obj, fast=False)
    if fast is not None:
        assert slow is not None, errors  # never accept what the schema rejects
        assert typed(fast) == typed(slow)  # never a different record
    on = validate_record(obj)
    assert on[1] == errors
    assert typed(on[0]) == typed(slow)
    return fast


def test_corpus_is_broad() -> None:
    """The property tests below are only as good as their inputs."""
    assert len(VALID) > 100
    assert len(CANONICAL) > 100
    assert len(VALID) > len(CANONICAL)  # aliases are in there too (the fast path declines them)
    assert any("wall" not in r for r in CANONICAL)  # deal mode
    assert any("wall" in r for r in CANONICAL)


def test_simulated_records_take_the_fast_path() -> None:
    """Not a path that quietly declines everything: every simulated record is taken."""
    records = [json.loads(json.dumps(r)) for r in simulate(60, seed=3)]
    taken = [r for r in records if _FAST.load(r) is not None]
    assert len(taken) == len(records)


def test_most_of_the_corpus_takes_the_fast_path() -> None:
    taken = [r for r in CANONICAL if _FAST.load(r) is not None]
    assert len(taken) == len(CANONICAL)
    assert len(taken) >= 0.9 * len(VALID)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VALID))
def test_valid_records_load_as_the_schema_loads_them(record: dict[str, Any]) -> None:
    fast = check_agree(record)
    if any(record is r for r in CANONICAL):
        assert fast is not None


def test_aliases_are_left_to_the_schema() -> None:
    """A record that needs normalising is declined, and the schema normalises it."""
    original = next(r for r in CANONICAL if "wall" in r)
    record = copy.deepcopy(original)
    tile = record["wall"].index("5m")
    record["wall"][tile] = "五万"
    assert _FAST.load(record) is None
    loaded, errors = validate_record(record)
    assert errors == [] and loaded is not None
    assert typed(loaded) == typed(original)


# --------------------------------------------------------------------------------------------
# Mutations: whatever is done to a valid record, the two paths must not disagree.

INTERESTING: list[Any] = [
    *(0, 1, 2, 3, 4, -1, 12, 13, 14, 15, 53, 135, 136, 137, 400, 10**6, 10**6 + 1, 10**9),
    *(3 * 10**9, 3 * 10**9 + 1, 10**12 + 1, 2**70, -(3 * 10**9) - 1),
    *(True, False, None, 0.0, 1.0, 3.0, 0.5, 1e300),
    *("", "5m", "1m", "9s", "C", "F", "P", "E", "五万", "东风", "5M", " 5m", "0x15", "x" * 200),
    *("draw", "discard", "chi", "peng", "gang", "hu", "pass", "huangzhuang", "ming", "an", "laizi"),
    *("pihu", "qingyise", "hzlzg", "qipi", "kaikou", "koukou", FORMAT, "sichuan-hand/1"),
    *("a\x00b", "\ud800", "名\u202e", "id with space", "2026-02-30T00:00:00Z", "2026-11-29T20:15:03Z"),
    *([], [0, 0, 0, 0], [1, -1, 0, 0], ["5m", "5m"], ["5m"], ["C"], ["C", "F"], [True], [None]),
    *({}, {"type": "draw", "seat": 0}, {"preset": "hzlzg"}, {"player_id": "p"}, {"id": "s", "hand_no": 1}),
]
MUTATIONS = ("replace", "replace", "copy_other", "delete", "add_key", "insert", "duplicate", "swap")


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``value`` (the root excluded)."""
    out: list[tuple[Any, ...]] = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        out.append((*prefix, key))
        out.extend(paths(child, (*prefix, key)))
    return out


def signature(path: tuple[Any, ...]) -> tuple[str, ...]:
    """A path with its list indices blanked out: ``("events", "*", "tile")``."""
    return tuple("*" if isinstance(key, int) else str(key) for key in path)


def get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def mutate(record: dict[str, Any], data: st.DataObject) -> None:
    """One random change somewhere in ``record`` (in place)."""
    everything = paths(record)
    # first a kind of place (``events.*.tiles``, ``result.deltas.*``), then one such place: a
    # rare place (a chi's tiles) is then as likely to be hit as a wall tile
    kinds = sorted({signature(p) for p in everything}, key=repr)
    place = data.draw(st.sampled_from(kinds), label="place")
    path = data.draw(st.sampled_from([p for p in everything if signature(p) == place]), label="path")
    parent = get(record, path[:-1])
    key = path[-1]
    kind = data.draw(st.sampled_from(MUTATIONS), label="mutation")
    if kind == "replace":
        parent[key] = copy.deepcopy(data.draw(st.sampled_from(INTERESTING), label="value"))
    elif kind == "copy_other":
        parent[key] = copy.deepcopy(get(record, data.draw(st.sampled_from(everything), label="from")))
    elif kind == "delete":
        del parent[key]
    elif kind == "add_key":
        target = parent if isinstance(parent, dict) else get(record, path)
        if isinstance(target, dict):
            name = data.draw(st.sampled_from(["extra", "tiel", "Seat", "_schema", "tile", "kind", "tiles"]))
            target[name] = copy.deepcopy(data.draw(st.sampled_from(INTERESTING), label="value"))
    elif kind == "insert" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(data.draw(st.sampled_from(INTERESTING), label="value")))
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif kind == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = data.draw(st.integers(0, len(parent) - 1), label="with")
        parent[key], parent[other] = parent[other], parent[key]


#: One value of each JSON type, and the lookalikes Python confuses (``True == 1 == 1.0``).
EACH_TYPE: list[Any] = [None, True, False, 0, 1, 1.0, 0.5, "", "5m", "五万", [], ["5m"], {}, {"type": "pass"}]


def _places(record: dict[str, Any]) -> list[tuple[Any, ...]]:
    """One concrete path for each kind of place in ``record`` (the first of each)."""
    first: dict[tuple[str, ...], tuple[Any, ...]] = {}
    for path in paths(record):
        first.setdefault(signature(path), path)
    return list(first.values())


def _systematic_records() -> list[dict[str, Any]]:
    with_chi = next(
        r for r in CANONICAL if "wall" in r and "result" in r and any(e["type"] == "chi" for e in r["events"])
    )
    deal_mode = next(r for r in CANONICAL if "wall" not in r)
    overrides = copy.deepcopy(with_chi)
    overrides["ruleset"] = {
        "overrides": {"cap": 400, "pizi": ["C", "F"], "fengyise_golden": True, "golden": None},
        "preset": "hzlzg",
    }
    return [with_chi, deal_mode, overrides]


@pytest.mark.parametrize("record", _systematic_records(), ids=["wall", "deal", "overrides"])
def test_every_place_with_every_type(record: dict[str, Any]) -> None:
    """Every kind of place in a record, given a value of every JSON type, or deleted."""
    for path in _places(record):
        for value in [*EACH_TYPE, "delete"]:
            mutated = copy.deepcopy(record)
            parent = get(mutated, path[:-1])
            if value == "delete":
                del parent[path[-1]]
            else:
                parent[path[-1]] = copy.deepcopy(value)
            check_agree(mutated)
        for name in ("extra", "tile"):
            mutated = copy.deepcopy(record)
            target = get(mutated, path)
            if isinstance(target, dict):
                target[name] = "5m"
                check_agree(mutated)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CANONICAL), st.integers(1, 3), st.data())
def test_mutated_records_never_split_the_paths(record: dict[str, Any], n: int, data: st.DataObject) -> None:
    mutated = copy.deepcopy(record)
    for _ in range(n):
        mutate(mutated, data)
    fast = check_agree(mutated)
    accepted = validate_record(mutated, fast=False)[0] is not None
    event("fast path took it" if fast is not None else "schema accepts" if accepted else "both reject")


# --------------------------------------------------------------------------------------------
# Pinned cases: the classic ways a lenient checker goes wrong.


def _canonical_wall_record() -> dict[str, Any]:
    return copy.deepcopy(next(r for r in CANONICAL if "wall" in r and "result" in r))


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("dealer",), True),
        (("dealer",), 0.0),
        (("events", 0, "seat"), True),
        (("events", 0, "seat"), 1.0),
        (("session", "hand_no"), True),
        (("result", "deltas", 0), True),
        (("result", "self_draw"), 1),
        (("result", "hard"), 0),
        (("result", "winner"), False),
        (("seats", 0, "player_id"), "p\x1b[31m"),
        (("seats", 0, "name"), "\ud800"),
        (("hand_id",), "x" * 129),
        (("played_at",), "2026-02-30T00:00:00+08:00"),
        (("laizi_indicator",), "五万"),
    ],
)
def test_bool_int_and_other_lookalikes_are_declined(path: tuple[Any, ...], value: Any) -> None:
    record = _canonical_wall_record()
    record.setdefault("session", {"id": "s1", "hand_no": 1})
    get(record, path[:-1])[path[-1]] = value
    assert _FAST.load(record) is None
    check_agree(record)


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r["result"]["deltas"].__setitem__(0, r["result"]["deltas"][0] + 1),  # not zero-sum
        lambda r: r["result"]["deltas"].__setitem__(slice(None), [3 * 10**9 + 1, -(3 * 10**9) - 1, 0, 0]),
        lambda r: r["result"].__setitem__("hands", ["pihu", "pihu"]),
        lambda r: r["result"].__setitem__("winner", 4),
        lambda r: r["ruleset"].__setitem__("preset", ["hzlzg"]),
        lambda r: r["ruleset"].__setitem__("overrides", [["cap", 400]]),
        lambda r: r["ruleset"].__setitem__("overrides", {"cap": {"value": 400}}),
        lambda r: r["seats"].append({"player_id": "p5"}),
        lambda r: r["wall"].pop(),
        lambda r: r["events"].append({"type": "chi", "seat": 0, "tiles": ["1m", "2m", "3m"]}),
        lambda r: r["events"].append({"type": "chi", "seat": 0, "tiles": "1m2m"}),
        lambda r: r["events"].append({"type": "chi", "seat": 0, "tiles": ["1m", ["2m"]]}),
        lambda r: r["events"].append({"type": "gang", "seat": 0, "kind": "big", "tile": "1m"}),
        lambda r: r["events"].append({"type": "peng", "seat": 0, "tile": "1m"}),
        lambda r: r["events"].append({"type": "huangzhuang", "seat": 0}),
        lambda r: r["events"].append({"type": "draw"}),
        lambda r: r["events"].append({"type": ["draw"], "seat": 0}),
        lambda r: r["events"].append(["draw", 0]),
        lambda r: r["events"].append({"type": "chi", "seat": 0, "tiles": None}),
        lambda r: r["events"].append({"type": "draw", "seat": 0, "tile": None}),
        lambda r: r["events"].append({"type": "gang", "seat": 0, "kind": None, "tile": "1m"}),
        lambda r: r["events"].append({"type": "pass", "seat": None}),
        lambda r: r["events"].append({"type": None}),
        lambda r: r["result"].__setitem__("deltas", None),
        lambda r: r["result"].__setitem__("hands", None),
        lambda r: r["result"].__setitem__("self_draw", None),
        lambda r: r["seats"][1].__setitem__("name", None),
        lambda r: r["ruleset"].__setitem__("overrides", None),
        lambda r: r.__setitem__("played_at", None),
        lambda r: r.__setitem__("session", None),
    ],
)
def test_broken_records_are_declined(change: Any) -> None:
    record = _canonical_wall_record()
    record["result"]["deltas"] = [3, -1, -1, -1]
    record["result"].setdefault("winner", 0)
    assert check_agree(record) is not None
    change(record)
    assert _FAST.load(record) is None
    assert validate_record(record)[0] is None


def test_the_ruleset_memory_keeps_types_apart() -> None:
    """``True == 1`` in Python: a remembered ``haidi_draws: 1`` must not admit ``True``."""
    record = _canonical_wall_record()
    for name, good, bad in (("haidi_draws", 1, True), ("fengyise_golden", True, 1), ("cap", 400, 400.0)):
        record["ruleset"] = {"preset": "hzlzg", "overrides": {name: good}}
        assert check_agree(record) is not None
        record["ruleset"] = {"preset": "hzlzg", "overrides": {name: bad}}
        assert check_agree(record) is None
        assert validate_record(record)[0] is None


def test_the_ruleset_memory_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_FAST, "rulesets", set())
    record = _canonical_wall_record()
    for cap in range(1, MAX_RULESETS + 20):
        record["ruleset"] = {"preset": "hzlzg", "overrides": {"cap": cap}}
        assert _FAST.load(record) is not None
    assert len(_FAST.rulesets) == MAX_RULESETS
    record["ruleset"] = {"preset": "hzlzg", "overrides": {"cap": 0}}
    assert _FAST.load(record) is None


def test_deal_mode_rules_between_fields() -> None:
    record = copy.deepcopy(
        next(r for r in CANONICAL if "wall" not in r and any(e["type"] == "draw" for e in r["events"]))
    )
    assert check_agree(record) is not None
    draw = next(i for i, e in enumerate(record["events"]) if e["type"] == "draw")
    no_tile = copy.deepcopy(record)
    del no_tile["events"][draw]["tile"]
    assert check_agree(no_tile) is None
    short = copy.deepcopy(record)
    short["deal"][record["dealer"]].pop()
    assert check_agree(short) is None
    moved = copy.deepcopy(record)
    moved["dealer"] = (record["dealer"] + 1) % 4
    assert check_agree(moved) is None
    for name in ("deal", "laizi_indicator"):
        missing = copy.deepcopy(record)
        del missing[name]
        assert check_agree(missing) is None


def test_wall_and_indicator_must_agree() -> None:
    record = _canonical_wall_record()
    record["laizi_indicator"] = record["wall"][53]
    assert check_agree(record) is not None
    record["laizi_indicator"] = next(t for t in ("1m", "2m") if t != record["wall"][53])
    assert check_agree(record) is None


def _reversed_keys(value: Any) -> Any:
    """``value`` with every object's keys in reverse order."""
    if isinstance(value, dict):
        return {key: _reversed_keys(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [_reversed_keys(item) for item in value]
    return value


def test_key_order_is_kept_at_every_level() -> None:
    """The schema keeps the input's key order (``StrictSchema._keep_order``); so must the fast path."""
    for record in _systematic_records():
        mixed = _reversed_keys(record)
        fast = check_agree(mixed)
        assert fast is not None
        assert typed(fast) == typed(mixed)
        assert list(fast) == list(reversed(list(record)))
