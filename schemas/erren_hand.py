"""Validation of uploaded 二人麻将 hand records, format ``erren-hand/1`` (erren.md §9).

The contract of the other hand formats: the shared envelope (``schemas.envelope``) with its
``seats`` redeclared for two seats, strict fields (every error names the JSON path and what was
expected, nothing unknown is ignored), tile aliases loaded as canonical codes. 二人麻将's own:
72 tiles of 条, honours and flowers (a 万 or 筒 makes the record invalid, ER-1.1; flowers load as
``1h``–``8h`` from 春夏秋冬梅兰竹菊 or server codes 0x41–0x48), seats and the dealer 0 or 1, an
二人 ruleset (``erren``, ``erren-gb``, ``erren-lite``) judged by ``replay.games.erren.params``,
no ``laizi_indicator``, the ``buhua`` (补花) and ``ting`` (报听) events, and §9's ``result``
(``winner``, ``self_draw``, ``fans`` with their counts, ``total`` T, ``qualifying`` Q, two
``deltas``).

Only *spelling and shape* are checked here; whether an event can happen (a flower discarded, a
``hu`` under 起胡, a 报听 not tenpai) is the board's verdict with its ER rule.

Public API: :data:`FORMAT`, :class:`ErrenRecordSchema` and :func:`validate_record`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, validates_schema

from replay.errors import InputError
from replay.games.erren import tiles as T
from replay.games.erren.fantable import IDS
from replay.games.erren.params import PRESETS, VALIDATORS, rules_from_json
from schemas.envelope import EnvelopeSchema, SeatSchema, Validated, load_record
from schemas.erren_fast import ErrenFastRecord
from schemas.events import (
    EventUnion,
    HuangzhuangSchema,
    SeatEvent,
    deal_field,
    deal_size_errors,
    deltas_field,
    event_keys,
    event_required,
    event_schemas,
    no_wall_errors,
    schema_fields,
    wall_field,
)
from schemas.fields import (
    BoundedList,
    Choice,
    Nested,
    StrictBool,
    StrictInt,
    StrictSchema,
    Tile,
    json_type,
    short,
)
from schemas.ruleset_field import RulesetField

__all__ = ["FORMAT", "ErrenRecordSchema", "validate_record"]

FORMAT = "erren-hand/1"

NUM_SEATS = 2
WALL_SIZE = T.WALL_SIZE
HAND_SIZE = 13
DEALER_HAND_SIZE = 14
#: a hand has at most 45 draws from the wall and as many discards and claims, 8 补花, a 报听 or
#: two; the bound only keeps a hostile upload from costing unbounded work
MAX_EVENTS = 1000
#: amounts are integers of the table's units; JSON's safe-integer range
MAX_COINS = 2**53 - 1
#: a fan is counted at most a few times (幺九刻 per pung, 花牌 per flower: 8)
MAX_FAN_COUNT = 8
#: §5 has 70-odd rows; a win names far fewer
MAX_FANS = 32
#: no override is a longer list (``qihu_excluded`` names a few fans)
MAX_OVERRIDE_LIST = len(IDS)
GANG_KINDS = ("an", "xu", "ming")
#: every tile code of the set (ER-1.1): 条, honours, flowers
CODES: tuple[str, ...] = tuple(T.code(k) for k in (*T.PLAY_KINDS, *T.FLOWERS))
EVENT_TYPES: tuple[str, ...] = (
    "draw",
    "discard",
    "chi",
    "peng",
    "gang",
    "hu",
    "pass",
    "huangzhuang",
    "buhua",
    "ting",
)


def erren_tile(value: object) -> str:
    """Any accepted spelling of an 二人 tile or flower as its code; a 万/筒 is refused naming ER-1.1."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValidationError(f"must be a tile (a code such as '5s' or '3h'), not {json_type(value)}")
    if isinstance(value, str) and len(value) > 16:
        raise ValidationError(f"unknown tile {short(value)}")
    try:
        return T.code(T.parse(value, ""))
    except InputError as err:
        raise ValidationError(err.message) from None


class ErrenTile(Tile):
    """A tile in any alias, loaded as its canonical code: 条, an honour or a flower (ER-1.1)."""

    FAST_CODES = frozenset(CODES)

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        fast = self.fast_item(value)
        return fast if fast is not None else erren_tile(value)


def seat_field(*, required: bool = True, allow_none: bool = False) -> StrictInt:
    """Seat 0 or 1 (ER-1.2)."""
    return StrictInt(0, NUM_SEATS - 1, required=required, allow_none=allow_none)


class _Ruleset(RulesetField):
    """``{"preset": "erren"|"erren-gb"|"erren-lite", "overrides": {...}}`` (erren.md §7)."""

    presets = tuple(PRESETS)
    parameters = tuple(VALIDATORS)
    fallback_preset = "erren"

    def load_ruleset(self, spec: Mapping[str, Any]) -> None:
        rules_from_json(spec, "ruleset")

    def shape_problem(self, value: object) -> str | None:
        if isinstance(value, float):
            return "no ruleset parameter takes a fractional number"
        if isinstance(value, str) and len(value) > 64:
            return "is too long for any ruleset parameter"
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
            return "is beyond any real table's stakes"
        if isinstance(value, list) and (
            len(value) > MAX_OVERRIDE_LIST or not all(isinstance(v, str) for v in value)
        ):
            return "is not a valid value (a list here names fan ids)"
        if isinstance(value, Mapping) and len(value) > len(IDS):
            return "names more fans than the table has"
        return None


# --------------------------------------------------------------------------------------------
# Events.


class _EventSchema(SeatEvent):
    """A seat's action; the seat is 0 or 1 (ER-1.2)."""

    seat = seat_field()


class DrawSchema(_EventSchema):
    event_type = "draw"
    tile = ErrenTile()


class DiscardSchema(_EventSchema):
    event_type = "discard"
    tile = ErrenTile(required=True)


class ChiSchema(_EventSchema):
    event_type = "chi"
    tiles = BoundedList(ErrenTile(), 2, 2, noun="tiles", required=True)
    tile = ErrenTile()


class PengSchema(_EventSchema):
    event_type = "peng"
    tile = ErrenTile()


class GangSchema(_EventSchema):
    event_type = "gang"
    kind = Choice(GANG_KINDS, required=True)
    tile = ErrenTile(required=True)


class HuSchema(_EventSchema):
    event_type = "hu"
    tile = ErrenTile()


class PassSchema(_EventSchema):
    event_type = "pass"


class BuhuaSchema(_EventSchema):
    """补花 (ER-2.2): a flower exposed; the replacement ``draw`` from the back follows."""

    event_type = "buhua"
    tile = ErrenTile(required=True)


class TingSchema(_EventSchema):
    """报听 (ER-3.5): before its discard, or alone for a non-dealer's 天听."""

    event_type = "ting"


EVENT_SCHEMAS: dict[str, Schema] = event_schemas(
    DrawSchema,
    DiscardSchema,
    ChiSchema,
    PengSchema,
    GangSchema,
    HuSchema,
    PassSchema,
    HuangzhuangSchema,
    BuhuaSchema,
    TingSchema,
)
assert tuple(EVENT_SCHEMAS) == EVENT_TYPES


def event_fields(event_type: str) -> dict[str, bool]:
    """The fields of one event type and whether each is required (also feeds the JSON Schema)."""
    return schema_fields(EVENT_SCHEMAS[event_type])


_EVENT_KEYS: dict[str, frozenset[str]] = event_keys(EVENT_SCHEMAS)
_EVENT_REQUIRED: dict[str, tuple[str, ...]] = event_required(EVENT_SCHEMAS)
_CODES = frozenset(CODES)


def fast_event(value: dict[str, Any]) -> dict[str, Any] | None:
    """An event the schema would load unchanged, checked without it (canonical tile codes, known
    keys, the required ones given, seats 0 or 1, a known gang kind), or None.

    Loading each of a hand's forty-odd events through a marshmallow Schema was half of an 二人
    audit's cost. Anything else (an alias to normalise, an error to report) returns None and goes
    through the schema, so the loaded record and every error message stay the schema's
    (``tests/schemas/test_erren_schema.py`` checks the two agree).
    """
    kind = value.get("type")
    if type(kind) is not str:
        return None
    keys = _EVENT_KEYS.get(kind)
    if keys is None or not value.keys() <= keys:
        return None
    for name in _EVENT_REQUIRED[kind]:
        if name not in value:
            return None
    if "seat" in value:
        seat = value["seat"]
        if type(seat) is not int or not 0 <= seat < NUM_SEATS:
            return None
    if "tile" in value:
        tile = value["tile"]
        if type(tile) is not str or tile not in _CODES:
            return None
    if "kind" in value:
        gang = value["kind"]
        if type(gang) is not str or gang not in GANG_KINDS:
            return None
    out = dict(value)
    if "tiles" in value:
        tiles = value["tiles"]
        if type(tiles) is not list or len(tiles) != 2:
            return None
        if not all(type(t) is str and t in _CODES for t in tiles):
            return None
        out["tiles"] = list(tiles)  # the schema's list is a new one: a caller may change it
    return out


class _Event(EventUnion):
    """二人麻将's events: ``type`` picks the schema, which then is exact."""

    SCHEMAS = EVENT_SCHEMAS
    TYPES = EVENT_TYPES

    def fast_item(self, item: object) -> dict[str, Any] | None:
        """The schema-free path of an event list's item (``fast_event``); None: the schema's."""
        return fast_event(item) if type(item) is dict else None

    def fast(self, value: Mapping[str, Any]) -> dict[str, Any] | None:
        return self.fast_item(value)


# --------------------------------------------------------------------------------------------
# The app's result (§9): audited against the replay, so every field is optional.


class FanSchema(StrictSchema):
    """One counted fan: its §5 id and how many times it counts (幺九刻, 花牌 per instance)."""

    id = Choice(IDS, required=True)
    n = StrictInt(1, MAX_FAN_COUNT, required=True)


def _unique_fans(values: list[dict[str, Any]]) -> None:
    ids = [v.get("id") for v in values]
    if len(set(ids)) != len(ids):
        raise ValidationError("must not list a fan twice (give its count in n)")


class ErrenResultSchema(StrictSchema):
    """What the app settled; every field is optional and audited against the replay."""

    winner = seat_field(required=False, allow_none=True)
    self_draw = StrictBool(allow_none=True)
    fans = BoundedList(Nested(FanSchema), 0, MAX_FANS, noun="fans", validate=_unique_fans)
    total = StrictInt(0, MAX_COINS)
    qualifying = StrictInt(0, MAX_COINS)
    deltas = deltas_field(MAX_COINS, NUM_SEATS)


# --------------------------------------------------------------------------------------------
# The record.


class ErrenRecordSchema(EnvelopeSchema):
    """One 二人 hand: the shared envelope with two seats and 二人麻将's own fields."""

    FORMAT = FORMAT
    seats = BoundedList(Nested(SeatSchema), NUM_SEATS, NUM_SEATS, noun="seats", required=True)
    ruleset = _Ruleset(required=True)
    dealer = seat_field()
    wall = wall_field(ErrenTile, WALL_SIZE)
    deal = deal_field(ErrenTile, HAND_SIZE, DEALER_HAND_SIZE, NUM_SEATS)
    events = BoundedList(_Event(), 0, MAX_EVENTS, noun="events", required=True)
    result = Nested(ErrenResultSchema)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _check_between_fields(self, data: Mapping[str, Any], original_data: Any, **kwargs: Any) -> None:
        """Without a wall the deal is required and every draw names its tile (ER-2.1)."""
        if not isinstance(original_data, Mapping):
            return
        errors: dict[Any, Any] = {}
        if "wall" in original_data and "deal" in original_data:
            errors["deal"] = ["must not be given with a wall: the deal is the wall's first 27 tiles (ER-2.1)"]
        no_wall_errors(original_data, errors, MAX_EVENTS)
        deal_size_errors(data, original_data, errors, HAND_SIZE, DEALER_HAND_SIZE, NUM_SEATS)
        if errors:
            raise ValidationError(errors)


_RECORD_SCHEMA = ErrenRecordSchema()
_FAST = ErrenFastRecord(
    schema=_RECORD_SCHEMA,
    record_format=FORMAT,
    ruleset=_RECORD_SCHEMA.fields["ruleset"],
    tiles=CODES,
    wall_size=WALL_SIZE,
    hand_size=HAND_SIZE,
    dealer_hand_size=DEALER_HAND_SIZE,
    max_events=MAX_EVENTS,
    event_keys=_EVENT_KEYS,
    event_required=_EVENT_REQUIRED,
    gang_kinds=GANG_KINDS,
    fan_ids=IDS,
    max_fans=MAX_FANS,
    max_fan_count=MAX_FAN_COUNT,
    max_coins=MAX_COINS,
    result_keys=ErrenResultSchema().load_fields,
)


def validate_record(obj: object, *, fast: bool = True) -> Validated:
    """Validate one decoded ``erren-hand/1`` record: ``(record, [])`` with tiles as canonical codes
    and everything else as given, or ``(None, errors)`` each naming its field path. Never raises
    for any JSON-decoded value.

    A well-formed record is loaded by ``schemas.erren_fast`` without the schema (the same
    record, a fraction of the cost); anything it is not sure of goes through the schema.
    ``fast=False`` (for tests) always uses the schema."""
    if fast:
        record = _FAST.load(obj)
        if record is not None:
            return record, []
    return load_record(_RECORD_SCHEMA, obj)
