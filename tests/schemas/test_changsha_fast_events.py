"""The schema-free path of Changsha events (``schemas.changsha_hand._Event.fast_item``).

It answers only for an event its schema takes unchanged, and then with exactly the schema's
output; anything else (an alias, a wrong type, a missing or unknown key) goes to the schema,
which reports it. When every event of a hand takes it, the events list skips marshmallow's
per-item calls altogether (``BoundedList._fast``), most of validation's cost.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from schemas.changsha_hand import EVENT_SCHEMAS, _Event

ROOT = Path(__file__).resolve().parents[2] / "sample_logs"
FAST = _Event()


def schema_load(event: dict[str, Any]) -> dict[str, Any] | None:
    """The event schema's output, or None when it refuses the event."""
    try:
        loaded: dict[str, Any] = EVENT_SCHEMAS[event["type"]].load(event)
    except ValidationError:
        return None
    return loaded


def simulated_events() -> list[dict[str, Any]]:
    out = []
    for name in ("changsha-changsha.ndjson", "changsha-app.ndjson"):
        for line in (ROOT / "simulated" / name).read_text("utf-8").splitlines():
            if line.strip():
                out += json.loads(line)["events"]
    return out


def test_every_simulated_event_but_qishou_is_fast_and_equal() -> None:
    events = simulated_events()
    kinds = {e["type"] for e in events}
    assert {"chi", "peng", "gang", "haidi", "birds", "huangzhuang"} <= kinds
    for e in events:
        got = FAST.fast_item(e)
        if e["type"] == "qishou":
            assert got is None
            continue
        assert got is not None, e
        assert got == schema_load(e) and list(got) == list(e)  # the input's key order


@pytest.mark.parametrize(
    "event",
    [
        {"type": "gang", "seat": 1, "kind": "ming", "tile": "5m", "mode": "kai", "dice": [3, 5]},
        {"type": "gang", "seat": 0, "kind": "an", "tile": "9p", "mode": "bu"},
        {"type": "chi", "seat": 2, "tiles": ["3s", "4s"], "tile": "5s"},
        {"type": "peng", "seat": 3},
        {"type": "haidi", "seat": 1, "take": False},
        {"type": "haidi", "seat": 1, "take": True, "tile": "1m"},
        {"type": "birds", "tiles": []},
        {"type": "birds", "tiles": ["1m", "2p", "3s", "4m", "5p", "6s"]},
        {"type": "huangzhuang"},
    ],
)
def test_canonical_events_load_fast(event: dict[str, Any]) -> None:
    got = FAST.fast_item(event)
    assert got is not None and got == schema_load(event) == event
    if "tiles" in event:
        assert got["tiles"] is not event["tiles"]  # a copy, as the schema's


@pytest.mark.parametrize(
    "event",
    [
        {"type": "gang", "seat": 1, "kind": "ming", "tile": "5m", "mode": "kai", "dice": [True, 5]},
        {"type": "gang", "seat": 1, "kind": "ming", "tile": "5m", "mode": "kai", "dice": [3, 7]},
        {"type": "gang", "seat": 1, "kind": "ming", "tile": "5m", "mode": "kai", "dice": [3]},
        {"type": "gang", "seat": 1, "kind": "jia", "tile": "5m", "mode": "bu"},
        {"type": "gang", "seat": 1, "kind": "an", "mode": "bu"},
        {"type": "gang", "seat": 1, "kind": "an", "tile": "5m"},
        {"type": "chi", "seat": 2, "tiles": ["3s"], "tile": "5s"},
        {"type": "chi", "seat": 2, "tiles": ["三条", "4s"]},
        {"type": "peng", "seat": 3, "tiles": ["5m"]},
        {"type": "haidi", "seat": 1, "take": 1},
        {"type": "haidi", "seat": 1},
        {"type": "birds", "seat": 0, "tiles": []},
        {"type": "birds", "tiles": ["1m"] * 7},
        {"type": "birds"},
        {"type": "huangzhuang", "seat": 0},
        {"type": "pass", "seat": 4},
    ],
)
def test_anything_else_goes_to_the_schema(event: dict[str, Any]) -> None:
    """Each of these is an alias the schema normalises or an error it names: not fast."""
    assert FAST.fast_item(event) is None
    if event.get("tiles") != ["三条", "4s"]:
        assert schema_load(event) is None


VALUES = st.one_of(
    st.sampled_from(["5m", "9p", "1s", "五万", "0x05", "z1", "an", "xu", "ming", "bu", "kai", ""]),
    st.integers(-1, 7),
    st.booleans(),
    st.none(),
    st.lists(st.one_of(st.sampled_from(["5m", "2p", "五万"]), st.integers(0, 7), st.booleans()), max_size=7),
)
EVENTS = st.builds(
    lambda kind, extra: {"type": kind, **extra},
    st.sampled_from([t for t in EVENT_SCHEMAS if t != "qishou"]),
    st.dictionaries(
        st.sampled_from(["seat", "tile", "tiles", "kind", "mode", "dice", "take", "die"]), VALUES
    ),
)


@settings(max_examples=400, deadline=None)
@given(EVENTS)
def test_fast_only_where_the_schema_gives_the_same(event: dict[str, Any]) -> None:
    got = FAST.fast_item(event)
    if got is not None:
        assert got == schema_load(event)
