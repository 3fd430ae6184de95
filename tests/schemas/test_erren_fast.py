"""二人's schema-free fast path (``schemas/erren_fast.py``) against ``ErrenRecordSchema``.

The fast path may decline anything, but what it accepts must be exactly what the schema returns
(compared by ``typed``: key order and every leaf's exact type, since ``True == 1`` in Python),
and nothing the schema rejects may pass it. Valid records: ``sample_logs`` (hand-written and
simulated ``erren-hand/1``) and fresh self-play; invalid ones: random mutations of them.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from replay.games.erren.simulate import simulate
from schemas.erren_hand import _FAST, FORMAT, validate_record
from tests.schemas.test_fast_record import MUTATIONS, get, paths, signature, typed

ROOT = Path(__file__).resolve().parents[2]


def _corpus() -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for path in sorted((ROOT / "sample_logs").rglob("*.json")):
        obj = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(obj, dict) and obj.get("format") == FORMAT:
            records.append(obj)
    for path in sorted((ROOT / "sample_logs/simulated").glob("erren-*.ndjson")):
        records += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[:15]]
    for preset in ("erren", "erren-gb", "erren-lite"):
        records.extend(json.loads(json.dumps(r)) for r in simulate(6, 5, preset))
    return records


CORPUS = _corpus()
VALID = [r for r in CORPUS if validate_record(r, fast=False)[0] is not None]
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
    assert len(CANONICAL) > 100
    assert any("wall" not in r for r in CANONICAL)  # deal mode
    assert any("wall" in r for r in CANONICAL)
    assert any(e["type"] == "chi" for r in CANONICAL for e in r["events"])
    assert any(r.get("result", {}).get("fans") for r in CANONICAL)


def test_every_canonical_record_takes_the_fast_path() -> None:
    """Not a path that quietly declines everything."""
    for record in CANONICAL:
        assert check_agree(record) is not None


def test_loaded_events_are_new_objects() -> None:
    """As the schema's: changing the loaded record leaves the upload as it was."""
    record = next(r for r in CANONICAL if any(e["type"] == "chi" for e in r["events"]))
    loaded = _FAST.load(record)
    assert loaded is not None
    for mine, theirs in zip(loaded["events"], record["events"], strict=True):
        assert mine is not theirs and mine == theirs
        if "tiles" in theirs:
            assert mine["tiles"] is not theirs["tiles"]


INTERESTING: list[Any] = [
    *(0, 1, 2, -1, 8, 9, 13, 14, 72, 10**6, 2**53, 2**70, True, False, None, 0.0, 1.0, 0.5),
    *("", "5s", "1s", "9s", "C", "E", "1h", "8h", "9h", "5m", "五条", "春", "0x42", "x" * 200),
    *("draw", "discard", "chi", "peng", "gang", "hu", "pass", "huangzhuang", "buhua", "ting"),
    *("an", "xu", "ming", "qinglong", "hunyise", "huapai", "erren", "erren-gb", FORMAT),
    *("a\x00b", "\ud800", "2026-02-30T00:00:00Z", "2026-11-29T20:15:03Z"),
    *([], [0, 0], [1, -1], [1, -1, 0], ["3s", "4s"], ["3s"], ["C", "F"], [True], [None]),
    *({}, {"type": "draw", "seat": 0}, {"preset": "erren"}, {"id": "qinglong", "n": 1}, {"id": "s", "n": 0}),
]


def mutate(record: dict[str, Any], data: st.DataObject) -> None:
    """One random change somewhere in ``record`` (in place), a rare place as likely as a common one."""
    everything = paths(record)
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
            name = data.draw(st.sampled_from(["extra", "tile", "kind", "tiles", "seat", "n", "deal"]))
            target[name] = copy.deepcopy(data.draw(st.sampled_from(INTERESTING), label="value"))
    elif kind == "insert" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(data.draw(st.sampled_from(INTERESTING), label="value")))
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif kind == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = data.draw(st.integers(0, len(parent) - 1), label="with")
        parent[key], parent[other] = parent[other], parent[key]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CANONICAL), st.integers(1, 3), st.data())
def test_mutated_records_never_split_the_paths(record: dict[str, Any], n: int, data: st.DataObject) -> None:
    mutated = copy.deepcopy(record)
    for _ in range(n):
        mutate(mutated, data)
    fast = check_agree(mutated)
    accepted = validate_record(mutated, fast=False)[0] is not None
    event("fast path took it" if fast is not None else "schema accepts" if accepted else "both reject")


EACH_TYPE: list[Any] = [None, True, False, 0, 1, 1.0, "", "5s", "五条", [], ["5s"], {}, {"type": "pass"}]


def _places(record: dict[str, Any]) -> list[tuple[Any, ...]]:
    first: dict[tuple[str, ...], tuple[Any, ...]] = {}
    for path in paths(record):
        first.setdefault(signature(path), path)
    return list(first.values())


def _systematic() -> list[dict[str, Any]]:
    with_chi = next(
        r
        for r in CANONICAL
        if "wall" in r and r.get("result", {}).get("fans") and any(e["type"] == "chi" for e in r["events"])
    )
    deal_mode = next(r for r in CANONICAL if "wall" not in r)
    return [with_chi, deal_mode]


@pytest.mark.parametrize("record", _systematic(), ids=["wall", "deal"])
def test_every_place_with_every_type(record: dict[str, Any]) -> None:
    for path in _places(record):
        for value in [*EACH_TYPE, "delete"]:
            mutated = copy.deepcopy(record)
            parent = get(mutated, path[:-1])
            if value == "delete":
                del parent[path[-1]]
            else:
                parent[path[-1]] = copy.deepcopy(value)
            check_agree(mutated)


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.__setitem__("dealer", True),
        lambda r: r.__setitem__("dealer", 2),
        lambda r: r["seats"].append({"player_id": "p3"}),
        lambda r: r["events"][0].__setitem__("seat", 2),
        lambda r: r["events"][0].__setitem__("seat", True),
        lambda r: r["result"].__setitem__("winner", 2),
        lambda r: r["result"].__setitem__("winner", False),
        lambda r: r["result"].__setitem__("self_draw", 1),
        lambda r: r["result"].__setitem__("total", None),
        lambda r: r["result"].__setitem__("deltas", [1, 0]),
        lambda r: r["result"].__setitem__("deltas", [1, -1, 0]),
        lambda r: r["result"]["fans"].append(dict(r["result"]["fans"][0])),  # a fan listed twice
        lambda r: r["result"]["fans"].append({"id": "qinglong"}),
        lambda r: r["result"]["fans"].append({"id": "qinglong", "n": 9}),
        lambda r: r["result"]["fans"].append({"id": "qinglong", "n": True}),
        lambda r: r["result"]["fans"].append({"id": "nope", "n": 1}),
        lambda r: r["result"]["fans"].append({"id": "qinglong", "n": 1, "value": 16}),
        lambda r: r.__setitem__("deal", [r["wall"][:14], r["wall"][14:27]]),  # deal beside a wall
        lambda r: r["events"].append({"type": "buhua", "seat": 0}),
        lambda r: r["events"].append({"type": "ting", "seat": 0, "tile": "5s"}),
        lambda r: r["events"].append({"type": "gang", "seat": 0, "kind": "big", "tile": "5s"}),
        lambda r: r["events"].append({"type": "chi", "seat": 0, "tiles": ["3s", "4s", "5s"]}),
        lambda r: r["events"].append({"type": "discard", "seat": 0, "tile": "5m"}),
    ],
)
def test_broken_records_are_declined(change: Any) -> None:
    record = copy.deepcopy(_systematic()[0])
    assert check_agree(record) is not None
    change(record)
    assert _FAST.load(record) is None
    assert validate_record(record)[0] is None


def test_deal_mode_rules_between_fields() -> None:
    record = copy.deepcopy(
        next(r for r in CANONICAL if "wall" not in r and any(e["type"] == "draw" for e in r["events"]))
    )
    assert check_agree(record) is not None
    draw = next(i for i, e in enumerate(record["events"]) if e["type"] == "draw")
    no_tile = copy.deepcopy(record)
    del no_tile["events"][draw]["tile"]
    assert check_agree(no_tile) is None
    moved = copy.deepcopy(record)
    moved["dealer"] = 1 - record["dealer"]
    assert check_agree(moved) is None
    missing = copy.deepcopy(record)
    del missing["deal"]
    assert check_agree(missing) is None
