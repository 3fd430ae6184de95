"""The pieces every record format shares: the envelope, the strict fields and their fast paths.

Both games' schemas skip marshmallow for events and walls already in canonical form; these
properties hold that shortcut to the schema it stands for, in both games, since a divergence
would make a record's verdict depend on whether an alias appeared somewhere in it.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from schemas import hand_record, sichuan_hand
from schemas.envelope import EnvelopeSchema
from schemas.fields import BoundedList, Tile
from schemas.sichuan_hand import SuitedTile

values = st.sampled_from(
    [0, 1, 3, 4, -1, True, None, 1.0, "5m", "E", "C", "五万", "an", "ming", "xu", "pizi", ["5m", "6m"], {}]
)
keys = st.sampled_from(["seat", "tile", "tiles", "kind", "extra"])


def events(types: tuple[str, ...]) -> st.SearchStrategy[dict[str, Any]]:
    return st.builds(
        lambda kind, rest: {"type": kind, **rest},
        st.sampled_from(types),
        st.dictionaries(keys, values, max_size=4),
    )


def _load(schema: Any, event: dict[str, Any]) -> Any:
    try:
        return schema.load(event)
    except ValidationError:
        return "error"


@settings(max_examples=300, deadline=None)
@given(events(hand_record.EVENT_TYPES))
def test_wuhan_fast_path_is_the_schema(event: dict[str, Any]) -> None:
    fast = hand_record.fast_event(event)
    if fast is not None:
        assert fast == _load(hand_record.EVENT_SCHEMAS[event["type"]], event)


@settings(max_examples=300, deadline=None)
@given(events(("draw", "discard", "peng", "gang", "hu", "pass", "huangzhuang")))
def test_sichuan_fast_path_is_the_schema(event: dict[str, Any]) -> None:
    fast = sichuan_hand.fast_event(event)
    if fast is not None:
        assert fast == _load(sichuan_hand.EVENT_SCHEMAS[event["type"]], event)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["5m", "9p", "E", "C", "五万", "1z", 0x25, " 5m "]), max_size=8))
def test_tile_lists_fast_or_slow_load_alike(tiles: list[Any]) -> None:
    """A list of canonical codes takes the shortcut; any alias sends it through each field."""
    for inner in (Tile(), SuitedTile()):
        field = BoundedList(inner, 0, 8)
        slow = []
        for t in tiles:
            try:
                slow.append(inner.deserialize(t))
            except ValidationError:
                slow = None  # type: ignore[assignment]
                break
        try:
            loaded = field.deserialize(tiles)
        except ValidationError:
            loaded = None
        assert loaded == slow


def test_both_formats_share_the_envelope() -> None:
    """issue 13: format, hand_id, source, played_at, session and seats are declared once."""
    envelope = set(EnvelopeSchema().fields)
    assert envelope == {"format", "hand_id", "source", "played_at", "session", "seats"}
    for schema in (hand_record.RecordSchema, sichuan_hand.SichuanRecordSchema):
        assert issubclass(schema, EnvelopeSchema)
        assert all(
            schema._declared_fields[name] is EnvelopeSchema._declared_fields[name] for name in envelope
        )
    assert (hand_record.RecordSchema.FORMAT, sichuan_hand.SichuanRecordSchema.FORMAT) == (
        "wuhan-hand/1",
        "sichuan-hand/1",
    )
