"""Strict JSON (issue 16, item 5): an object with the same key twice is refused, naming the key.

Parsers disagree on such objects (orjson and Python keep the last value, DuckDB's
``json_extract`` the first), so the record the audit judged and the bytes the store keeps could
be read as two different hands. ``replay.inputs`` refuses them on every path that reads input:
NDJSON lines, the items of a JSON array, a single value, a pretty-printed file. The fast check
(a byte count against a re-serialisation) is compared here with a pairs-hook parse, the obvious
reference, on generated texts with every spelling that could fool a byte count: whitespace before
colons, ``\\u`` escapes of quotes, colons and spaces, quotes and colons inside strings.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.inputs import (
    DuplicateKey,
    Unreadable,
    decode_json,
    decode_ndjson,
    iter_auto,
    loads,
    loads_stored,
)
from store.batch import _part_items, plan_parts

KEYS = ["a", "b", 'q"', "c:", 'x":', " ", "é", "\u2028"]


def _escape(text: str, rng: random.Random) -> str:
    """A JSON string literal for ``text``, each character spelled plainly or as a ``\\u`` escape."""
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append(f"\\u{ord(ch):04x}" if rng.random() < 0.5 else "\\" + ch)
        elif ch in ": " and rng.random() < 0.3:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _ws(rng: random.Random) -> str:
    return rng.choice(["", "", "", " ", "\n", " \t", "\r\n  "])


def _render(value: Any, rng: random.Random) -> str:
    """JSON text of ``value`` where an object is a list of pairs (so keys may repeat)."""
    if isinstance(value, tuple):  # an object: ((key, value), ...)
        inner = ",".join(
            f"{_ws(rng)}{_escape(k, rng)}{_ws(rng)}:{_ws(rng)}{_render(v, rng)}{_ws(rng)}" for k, v in value
        )
        return "{" + inner + "}"
    if isinstance(value, list):
        return "[" + ",".join(_ws(rng) + _render(v, rng) for v in value) + "]"
    if isinstance(value, str):
        return _escape(value, rng)
    return json.dumps(value)


TRICKY = ['x":', ' " : ', "plain", ""]
leaves = st.one_of(st.integers(-5, 5), st.booleans(), st.none(), st.sampled_from(TRICKY))
values = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(st.tuples(st.sampled_from(KEYS), inner), max_size=4).map(tuple),
    ),
    max_leaves=12,
)


def _reference_duplicate(text: str) -> str | None:
    """The first duplicated key by the json module's pairs hook (the slow, obvious way)."""
    found: list[str] = []

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in pairs]
        for i, k in enumerate(keys):
            if k in keys[:i] and not found:
                found.append(k)
        return dict(pairs)

    json.loads(text, object_pairs_hook=hook)
    return found[0] if found else None


@settings(max_examples=400, deadline=None)
@given(value=values, seed=st.integers(0, 2**16))
def test_the_fast_check_agrees_with_a_pairs_hook_parse(value: Any, seed: int) -> None:
    text = _render(value, random.Random(seed))
    expected = _reference_duplicate(text)
    data = text.encode("utf-8")
    if expected is None:
        assert loads(data) == json.loads(text)
    else:
        with pytest.raises(DuplicateKey):
            loads(data)
        assert loads_stored(data) == json.loads(text)  # stored bytes are read as they were


def test_the_error_names_the_key() -> None:
    with pytest.raises(DuplicateKey, match="duplicate key 'source'") as err:
        loads(b'{"source":"clubB","hand_id":"h1","source":"clubA"}')
    assert err.value.key == "source"
    with pytest.raises(DuplicateKey, match="'tile'"):  # deep inside, and pretty-printed
        loads(b'{"events": [\n  {"type": "discard", "tile" : "1m",\n   "tile": "2m"}]}')


def test_every_decoding_path_refuses_the_record_and_keeps_the_others(tmp_path: Path) -> None:
    dup = b'{"source":"clubB","source":"clubA"}'
    good = b'{"source":"clubA"}'
    # NDJSON: that line is an unreadable record, the others still count
    items = decode_ndjson(good + b"\n" + dup + b"\n" + good, "f")
    assert [type(i.obj).__name__ for i in items] == ["dict", "Unreadable", "dict"]
    bad = items[1].obj
    assert isinstance(bad, Unreadable) and bad.key == "source" and bad.line == 2
    assert bad.message == "line 2 has a duplicate key 'source': each key may appear once in an object"
    # a JSON array: that item, with its exact bytes kept
    items = decode_json(b"[" + good + b", " + dup + b"]", "body")
    assert isinstance(items[1].obj, Unreadable) and items[1].raw == dup
    assert items[1].obj.message == "duplicate key 'source': each key may appear once in an object"
    # one value; and a pretty-printed file is one refused record, not a line-by-line mess
    (single,) = decode_json(dup)
    assert isinstance(single.obj, Unreadable) and single.obj.key == "source"
    pretty = json.dumps({"a": 1}, indent=2).replace('"a": 1', '"a": 1,\n  "a": 2').encode()
    (whole,) = list(iter_auto(pretty, "pretty.json"))
    assert isinstance(whole.obj, Unreadable) and whole.obj.key == "a" and whole.location == "pretty.json"
    # an array item with a lone surrogate is refused too (issue 36), naming its field
    items = decode_json(b'[{"a": "\\ud800"}, {"b": 1, "b": 2}]')
    assert isinstance(items[0].obj, Unreadable) and items[0].obj.field == "a"
    assert isinstance(items[1].obj, Unreadable) and items[1].obj.key == "b"
    # the batch audit's parts, as its workers read them
    path = tmp_path / "batch.ndjson"
    path.write_bytes(good + b"\n" + dup + b"\n" + good + b"\n")
    got = [obj for part in plan_parts([str(path)], 1) for obj, _, _ in _part_items(part)]
    assert [type(o).__name__ for o in got] == ["dict", "Unreadable", "dict"]
    assert isinstance(got[1], Unreadable) and got[1].key == "source"


# ---------------------------------------------------------------------------------------------
# Issue 36, item 1: a lone surrogate escape is refused on every path, naming the field; the other
# records of the same body stand. A valid pair, or an escaped backslash before "ud800", is text.

SURROGATE = "a lone surrogate escape (\\ud800-\\udfff) in a string: not valid Unicode"


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('{"source":"simulator","\\ud800":1}', "\\ud800"),
        ('{"hand_id":"\\ud800"}', "hand_id"),
        ('{"session":{"id":"x\\udfff"}}', "session.id"),
        ('{"seats":[{},{"name":"\\uDBFF\\u0041"}]}', "seats[1].name"),
        ('{"events":[{"k":{"\\udc00x":0}}]}', "events[0].k.\\udc00x"),
    ],
)
def test_a_lone_surrogate_is_refused_on_every_path_naming_the_field(text: str, field: str) -> None:
    good = b'{"source":"clubA"}'
    data = text.encode()
    array = decode_json(b"[" + good + b"," + data + b"," + good + b"]")
    ndjson = decode_ndjson(good + b"\n" + data + b"\n" + good)
    (single,) = decode_json(data)
    for items, bad in ((array, array[1]), (ndjson, ndjson[1]), ([single], single)):
        assert [i.obj for i in items if i is not bad] == [{"source": "clubA"}] * (len(items) - 1)
        assert isinstance(bad.obj, Unreadable) and bad.obj.field == field, bad.obj
        assert "lone surrogate" in bad.obj.message
    assert ndjson[1].obj.message.startswith("line 2 has a lone surrogate escape")
    with pytest.raises(ValueError, match="lone surrogate"):
        loads(data)


def test_valid_pairs_and_escaped_backslashes_are_text() -> None:
    data = b'[{"a":"\\ud83d\\ude00","b":"\\\\ud800"}]'
    (item,) = decode_json(data)
    assert item.obj == {"a": "\U0001f600", "b": "\\ud800"}
    assert loads(data[1:-1]) == item.obj
