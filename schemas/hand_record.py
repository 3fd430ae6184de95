"""Validation of uploaded hand records, format ``wuhan-hand/1`` (HAND_RECORD.md).

The upload contract promises apps two things this module enforces: every mistake is reported
with the JSON path of the field that is wrong (``events[17].tile``), and nothing unknown is
ever silently ignored (a typo such as ``tiel`` is an error, not a dropped key). Everything that
is only a matter of *spelling* is normalised here (tile aliases become canonical codes) so the
replayer and the stored record see one spelling; whether the play itself is legal is the
replayer's verdict, not a validation error, and is deliberately not checked here.

Public API: :data:`FORMAT` and :func:`validate_record`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, validates_schema

from replay.errors import InputError
from replay.games.wuhan.ruleset import HAND_TYPES, PRESETS, VALIDATORS, ruleset_from_json
from replay.tiles import CODES
from schemas.envelope import (
    ID_MAX_LENGTH,
    ID_PATTERN,
    MAX_HAND_NO,
    NAME_MAX_LENGTH,
    NUM_SEATS,
    PLAYED_AT_MAX_LENGTH,
    PLAYED_AT_PATTERN,
    PLAYER_ID_MAX_LENGTH,
    EnvelopeSchema,
    SeatSchema,
    SessionSchema,
    Validated,
    load_record,
)
from schemas.envelope import seat_field as _seat
from schemas.errors import MAX_ERRORS, flatten_errors
from schemas.events import (
    EventUnion,
    HuangzhuangSchema,
    SeatEvent,
    deal_field,
    deal_size_errors,
    event_keys,
    event_required,
    event_schemas,
    events_field,
    no_wall_errors,
    schema_fields,
    wall_field,
)
from schemas.fast_record import FastRecord
from schemas.fields import MAX_TILE_TOKEN, canonical_tile
from schemas.fields import BoundedList as _BoundedList
from schemas.fields import Choice as _Choice
from schemas.fields import Nested as _Nested
from schemas.fields import StrictBool as _StrictBool
from schemas.fields import StrictInt as _StrictInt
from schemas.fields import StrictSchema as _StrictSchema
from schemas.fields import Tile as _Tile
from schemas.fields import check_unique as _check_unique
from schemas.fields import check_zero_sum as _check_zero_sum
from schemas.ruleset_field import RulesetField

__all__ = [
    "FORMAT",
    "ID_MAX_LENGTH",
    "ID_PATTERN",
    "MAX_ERRORS",
    "MAX_HAND_NO",
    "MAX_TILE_TOKEN",
    "NAME_MAX_LENGTH",
    "NUM_SEATS",
    "PLAYED_AT_MAX_LENGTH",
    "PLAYED_AT_PATTERN",
    "PLAYER_ID_MAX_LENGTH",
    "SeatSchema",
    "SessionSchema",
    "canonical_tile",
    "flatten_errors",
    "validate_record",
]

FORMAT = "wuhan-hand/1"

WALL_SIZE = 136
HAND_SIZE = 13
DEALER_HAND_SIZE = 14
#: The indicator is the tile after the deal: 4 x 13 tiles plus the dealer's 14th (R-3.1).
WALL_INDICATOR_INDEX = NUM_SEATS * HAND_SIZE + 1
#: Far above any real hand (a hand has at most 136 - 14 - 1 draws plus as many discards and
#: claims); the bound keeps a hostile upload from costing unbounded work.
MAX_EVENTS = 20000
#: Same bound as the ruleset's points (replay.games.wuhan.ruleset._points): one loser pays at most this,
#: so a winner (or a liable player paying for three) moves at most three times as much.
MAX_POINTS = 10**9
MAX_DELTA = 3 * MAX_POINTS

GANG_KINDS: tuple[str, ...] = ("ming", "an", "xu", "pizi", "laizi")
EVENT_TYPES: tuple[str, ...] = ("draw", "discard", "chi", "peng", "gang", "hu", "pass", "huangzhuang")


# --------------------------------------------------------------------------------------------
# The ruleset: validated by the engine's own code so the record and the engine cannot disagree.


def _override_shape(value: object) -> str | None:
    """Reject values no ruleset parameter can take before the engine sees (and quotes) them."""
    if isinstance(value, float):
        return "no ruleset parameter takes a fractional number"
    if isinstance(value, Mapping):
        return "no ruleset parameter takes an object"
    if isinstance(value, str) and len(value) > 64:
        return "is too long for any ruleset parameter"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        return "is beyond any real table's points"
    if isinstance(value, list):
        if len(value) > 8:
            return "has too many items for any ruleset parameter"
        for item in value:
            if not (
                (isinstance(item, str) and len(item) <= 64)
                or (isinstance(item, int) and not isinstance(item, bool) and abs(item) <= 10**6)
            ):
                return "is not a valid value (a list here holds only tile or hand-type names)"
    return None


def _place_override_error(err: InputError, name: str) -> dict[Any, Any]:
    """Turn an engine error for override ``name`` into a nested marshmallow error dict.

    The engine reports paths such as ``ruleset.overrides.pizi[1]``; the override name is an
    arbitrary JSON key (it may contain dots), so it is matched as a known prefix rather than by
    splitting the path.
    """
    rest = err.field.removeprefix("ruleset.").removeprefix("overrides.")
    if rest.startswith(name + "["):
        index = rest[len(name) + 1 :].split("]", 1)[0]
        if index.isdigit():
            return {"overrides": {name: {int(index): [err.message]}}}
    return {"overrides": {name: [err.message]}}


class _Ruleset(RulesetField):
    """``{"preset", "overrides"}`` checked with ``replay.games.wuhan.ruleset``; kept exactly as given."""

    presets = tuple(PRESETS)
    parameters = VALIDATORS
    fallback_preset = "hzlzg"

    def load_ruleset(self, spec: Mapping[str, Any]) -> None:
        ruleset_from_json(spec, "ruleset")

    def shape_problem(self, value: object) -> str | None:
        return _override_shape(value)

    def place(self, err: InputError, name: str) -> dict[Any, Any]:
        return _place_override_error(err, name)


# --------------------------------------------------------------------------------------------
# Schemas.


class DrawSchema(SeatEvent):
    event_type = "draw"
    tile = _Tile()  # optional with a wall; required without one (checked by RecordSchema)


class DiscardSchema(SeatEvent):
    event_type = "discard"
    tile = _Tile(required=True)


class ChiSchema(SeatEvent):
    event_type = "chi"
    tiles = _BoundedList(_Tile(), 2, 2, noun="tiles", required=True)


class PengSchema(SeatEvent):
    event_type = "peng"


class GangSchema(SeatEvent):
    event_type = "gang"
    kind = _Choice(GANG_KINDS, required=True)
    tile = _Tile(required=True)


class HuSchema(SeatEvent):
    event_type = "hu"
    tile = _Tile()


class PassSchema(SeatEvent):
    event_type = "pass"


EVENT_SCHEMAS: dict[str, Schema] = event_schemas(
    DrawSchema,
    DiscardSchema,
    ChiSchema,
    PengSchema,
    GangSchema,
    HuSchema,
    PassSchema,
    HuangzhuangSchema,
)
assert tuple(EVENT_SCHEMAS) == EVENT_TYPES


def event_fields(event_type: str) -> dict[str, bool]:
    """The fields of one event type and whether each is required (also feeds the JSON Schema)."""
    return schema_fields(EVENT_SCHEMAS[event_type])


_EVENT_KEYS = event_keys(EVENT_SCHEMAS)
_EVENT_REQUIRED = event_required(EVENT_SCHEMAS)
_CANONICAL = frozenset(CODES)


def _is_canonical(tile: object) -> bool:
    return type(tile) is str and tile in _CANONICAL


def fast_event(value: Mapping[str, Any]) -> dict[str, Any] | None:
    """The common case, checked without a schema: canonical tiles, known keys, seats 0-3.

    A record has a hundred-odd events and loading each through a Schema dominated the audit's
    cost. This accepts only events the schema would load unchanged; anything else (an alias to
    normalise, any error to report) returns None and goes through the schema, so the result and
    the error messages are the schema's. ``tests/schemas/test_schemas.py`` checks the two agree.
    """
    kind = value["type"]
    keys = value.keys()
    if not keys <= _EVENT_KEYS[kind]:
        return None
    for name in _EVENT_REQUIRED[kind]:
        if name not in value:
            return None
    if "seat" in value:
        seat = value["seat"]
        if type(seat) is not int or not 0 <= seat < NUM_SEATS:
            return None
    if "tile" in value and not _is_canonical(value["tile"]):
        return None
    if "tiles" in value:
        tiles = value["tiles"]
        if type(tiles) is not list or len(tiles) != 2 or not all(_is_canonical(t) for t in tiles):
            return None
    if "kind" in value and value["kind"] not in GANG_KINDS:
        return None
    return dict(value)


class _Event(EventUnion):
    """Wuhan's events: ``type`` picks the schema, which then is exact."""

    SCHEMAS = EVENT_SCHEMAS
    TYPES = EVENT_TYPES

    def fast_item(self, item: object) -> dict[str, Any] | None:
        """The schema-free fast path for an event list's item (see :func:`fast_event`)."""
        if not isinstance(item, dict):
            return None
        kind = item.get("type")
        return fast_event(item) if isinstance(kind, str) and kind in _EVENT_KEYS else None

    def fast(self, value: Mapping[str, Any]) -> dict[str, Any] | None:
        return fast_event(value)


class ResultSchema(_StrictSchema):
    """What the app settled; every field is optional and audited against the replay."""

    winner = _seat(required=False, allow_none=True)
    hands = _BoundedList(_Choice(HAND_TYPES), 0, len(HAND_TYPES), noun="hand types", validate=_check_unique)
    self_draw = _StrictBool()
    hard = _StrictBool(allow_none=True)  # null for a draw (黄庄): nobody won, hard or soft
    liable = _seat(required=False, allow_none=True)
    deltas = _BoundedList(
        _StrictInt(-MAX_DELTA, MAX_DELTA), NUM_SEATS, NUM_SEATS, noun="integers", validate=_check_zero_sum
    )


class RecordSchema(EnvelopeSchema):
    """One hand record: the shared envelope (``format`` … ``seats``) and Wuhan's own fields.

    Field-level rules live on the fields; rules between fields below.
    """

    FORMAT = FORMAT
    ruleset = _Ruleset(required=True)
    dealer = _seat()
    wall = wall_field(_Tile, WALL_SIZE)
    deal = deal_field(_Tile, HAND_SIZE, DEALER_HAND_SIZE)
    laizi_indicator = _Tile()
    events = events_field(_Event, MAX_EVENTS)
    result = _Nested(ResultSchema)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _check_between_fields(self, data: Mapping[str, Any], original_data: Any, **kwargs: Any) -> None:
        """Rules that involve two fields; each is checked as soon as its inputs are readable.

        The raw input (``original_data``) is consulted where a rule depends on a key being
        *present*, so a rule still fires when another part of the record is broken.
        """
        if not isinstance(original_data, Mapping):
            return
        errors: dict[Any, Any] = {}
        no_wall_errors(original_data, errors, MAX_EVENTS, required=("deal", "laizi_indicator"))
        deal_size_errors(data, original_data, errors, HAND_SIZE, DEALER_HAND_SIZE)
        wall = data.get("wall")
        indicator = data.get("laizi_indicator")
        if wall is not None and indicator is not None and wall[WALL_INDICATOR_INDEX] != indicator:
            errors["laizi_indicator"] = [
                f"does not match the wall: the indicator is wall[{WALL_INDICATOR_INDEX}] = "
                f"{wall[WALL_INDICATOR_INDEX]}"
            ]
        if errors:
            raise ValidationError(errors)


_RECORD_SCHEMA = RecordSchema()
_FAST = FastRecord(
    schema=_RECORD_SCHEMA,
    record_format=FORMAT,
    ruleset=_RECORD_SCHEMA.fields["ruleset"],
    tiles=CODES,
    wall_size=WALL_SIZE,
    hand_size=HAND_SIZE,
    dealer_hand_size=DEALER_HAND_SIZE,
    indicator_index=WALL_INDICATOR_INDEX,
    max_events=MAX_EVENTS,
    event_keys=_EVENT_KEYS,
    event_required=_EVENT_REQUIRED,
    gang_kinds=GANG_KINDS,
    hand_types=HAND_TYPES,
    max_delta=MAX_DELTA,
    result_keys=ResultSchema().load_fields,
)


def validate_record(obj: object, *, fast: bool = True) -> Validated:
    """Validate one decoded ``wuhan-hand/1`` record.

    Returns ``(record, [])`` with tiles normalised to canonical codes and everything else as
    given (no key is added), or ``(None, errors)`` where each error is
    ``{"field": "events[17].tile", "message": ...}``, sorted by field path. Never raises for
    any JSON-decoded value: a bad upload is the app's mistake, reported, not a server crash.

    A well-formed record is loaded by :mod:`schemas.fast_record` without the schema (same
    result, a fraction of the cost); anything it is not sure of goes through the schema. The
    fast path's record shares each event's dict with ``obj`` (already canonical, so equal to
    what the schema would make): treat the record as read-only, or copy an event before
    changing it.
    ``fast=False`` (for tests) always uses the schema.
    """
    if fast:
        record = _FAST.load(obj)
        if record is not None:
            return record, []
    return load_record(_RECORD_SCHEMA, obj)
