"""Validation of uploaded Changsha hand records, format ``changsha-hand/1`` (changsha.md §9).

The contract of ``wuhan-hand/1`` and ``sichuan-hand/1``: the shared envelope
(``schemas.envelope``), strict fields (every error names the JSON path and what was expected,
nothing unknown is ignored), tile aliases loaded as canonical codes. Changsha's own: 108 suited
tiles (an honour makes the record invalid, CS-1.1), a Changsha ruleset (``changsha``,
``changsha-app``) judged by ``replay.games.changsha.params``, no ``laizi_indicator``, ``gang``
with its ``mode`` (补张 ``bu`` / 开杠 ``kai``) and ``dice``, the ``qishou`` (起手胡), ``haidi``
(海底, 漫游) and ``birds`` (扎鸟) events, and §9's ``result``.

Only *spelling and shape* are checked here; whether an event can happen (a 开杠 while not tenpai,
a win after 漏胡, birds that are not the wall's) is the board's verdict with its CS rule.

Public API: :data:`FORMAT`, :class:`ChangshaRecordSchema` and :func:`validate_record`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from marshmallow import Schema, ValidationError, fields, validates_schema

from replay.games.changsha.params import PRESETS, VALIDATORS, rules_from_json
from replay.games.changsha.reading import NAMES_ZH, OPENING_HANDS
from schemas.envelope import NUM_SEATS, EnvelopeSchema, Validated, load_record, seat_field
from schemas.events import (
    SUITED_CODES,
    EventUnion,
    HuangzhuangSchema,
    SeatEvent,
    TableEvent,
    deal_field,
    deal_size_errors,
    deltas_field,
    event_schemas,
    events_field,
    no_wall_errors,
    schema_fields,
    suited_tile_field,
    suited_tile_loader,
    unique,
    wall_field,
)
from schemas.fields import (
    BoundedList,
    Choice,
    Messages,
    Nested,
    StrictBool,
    StrictInt,
    StrictSchema,
    field_messages,
    json_type,
    short,
)
from schemas.ruleset_field import RulesetField

__all__ = ["FORMAT", "ChangshaRecordSchema", "validate_record"]

FORMAT = "changsha-hand/1"

WALL_SIZE = 108
HAND_SIZE = 13
DEALER_HAND_SIZE = 14
#: a hand has at most 55 live draws and as many discards and claims, 4 haidi offers, a few
#: qishou; the bound only keeps a hostile upload from costing unbounded work
MAX_EVENTS = 2000
MAX_BIRDS = 6
#: amounts are integers of the table's units; JSON's safe-integer range
MAX_COINS = 2**53 - 1
#: a seat's hand ids in ``result.hands`` / ``result.qishou`` (a real win names a few)
MAX_HAND_IDS = 16
#: ``result.hands`` / ``result.qishou`` are keyed by the seat as a JSON string
SEAT_KEYS: tuple[str, ...] = tuple(str(seat) for seat in range(NUM_SEATS))
#: no override is a longer list (``units`` has 4 integers, ``extra_hands`` a few ids)
MAX_OVERRIDE_LIST = 8
GANG_KINDS = ("an", "xu", "ming")
GANG_MODES = ("bu", "kai")
#: every id a win may name (big hands, 平胡, 全求人, 豪华七小对)
WIN_HANDS: tuple[str, ...] = tuple(h for h in NAMES_ZH if h not in OPENING_HANDS)
EVENT_TYPES: tuple[str, ...] = (
    "qishou",
    "draw",
    "discard",
    "chi",
    "peng",
    "gang",
    "hu",
    "pass",
    "haidi",
    "birds",
    "huangzhuang",
)


#: any accepted spelling of a suited tile as its code; an honour is refused naming CS-1.1
suited_tile = suited_tile_loader("Changsha", "CS-1.1")
#: a tile in any alias, loaded as its canonical code, never an honour (CS-1.1)
SuitedTile = suited_tile_field(suited_tile)


class _Ruleset(RulesetField):
    """``{"preset": "changsha"|"changsha-app", "overrides": {...}}`` (changsha.md §7), kept as given."""

    presets = tuple(PRESETS)
    parameters = tuple(VALIDATORS)
    fallback_preset = "changsha"

    def load_ruleset(self, spec: Mapping[str, Any]) -> None:
        rules_from_json(spec, "ruleset")

    def shape_problem(self, value: object) -> str | None:
        if isinstance(value, float):
            return "no ruleset parameter takes a fractional number"
        if isinstance(value, str) and len(value) > 64:
            return "is too long for any ruleset parameter"
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**9:
            return "is beyond any real table's stakes"
        if isinstance(value, list) and (
            len(value) > MAX_OVERRIDE_LIST or not all(isinstance(v, (str, int)) for v in value)
        ):
            return "is not a valid value (a list here holds units or hand ids)"
        if isinstance(value, Mapping):
            return "no ruleset parameter takes an object"
        return None


# --------------------------------------------------------------------------------------------
# Events.


class QishouSchema(SeatEvent):
    """起手胡 (CS-5.2): the opening hands declared, the tiles shown, the bird die in ``continue``."""

    event_type = "qishou"
    kinds = BoundedList(
        Choice(OPENING_HANDS),
        1,
        len(OPENING_HANDS),
        noun="opening hands",
        required=True,
        validate=unique("hand"),
    )
    tiles = BoundedList(SuitedTile(), 0, DEALER_HAND_SIZE, noun="tiles")
    die = StrictInt(1, 6)


class DrawSchema(SeatEvent):
    event_type = "draw"
    tile = SuitedTile()


class DiscardSchema(SeatEvent):
    event_type = "discard"
    tile = SuitedTile(required=True)


class ChiSchema(SeatEvent):
    event_type = "chi"
    tiles = BoundedList(SuitedTile(), 2, 2, noun="tiles", required=True)
    tile = SuitedTile()


class PengSchema(SeatEvent):
    event_type = "peng"
    tile = SuitedTile()


class GangSchema(SeatEvent):
    event_type = "gang"
    kind = Choice(GANG_KINDS, required=True)
    tile = SuitedTile(required=True)
    mode = Choice(GANG_MODES, required=True)
    dice = BoundedList(StrictInt(1, 6), 2, 2, noun="dice")


class HuSchema(SeatEvent):
    event_type = "hu"
    tile = SuitedTile()


class PassSchema(SeatEvent):
    event_type = "pass"


class HaidiSchema(SeatEvent):
    """One offer of the 海底 (CS-2.6): taken or declined; a take may name the tile."""

    event_type = "haidi"
    take = StrictBool(required=True)
    tile = SuitedTile()


class BirdsSchema(TableEvent):
    """扎鸟 (CS-6.4): the birds drawn after the win; nobody's action, so no ``seat``."""

    event_type = "birds"
    tiles = BoundedList(SuitedTile(), 0, MAX_BIRDS, noun="tiles", required=True)


EVENT_SCHEMAS: dict[str, Schema] = event_schemas(
    QishouSchema,
    DrawSchema,
    DiscardSchema,
    ChiSchema,
    PengSchema,
    GangSchema,
    HuSchema,
    PassSchema,
    HaidiSchema,
    BirdsSchema,
    HuangzhuangSchema,
)
assert tuple(EVENT_SCHEMAS) == EVENT_TYPES


def event_fields(event_type: str) -> dict[str, bool]:
    """The fields of one event type and whether each is required (also feeds the JSON Schema)."""
    return schema_fields(EVENT_SCHEMAS[event_type])


#: each event type's fields, for the schema-free path (``_Event.fast_item``); qishou is rare
_FIELDS = {t: frozenset(event_fields(t)) for t in EVENT_TYPES if t != "qishou"}
_SUITED = frozenset(SUITED_CODES)
#: the events that have no ``seat`` (nobody's action)
_TABLE = frozenset({"birds", "huangzhuang"})


def _canonical_tiles(value: object, lo: int, hi: int) -> bool:
    """A list of ``lo`` to ``hi`` suited tiles, each already its canonical code."""
    return (
        type(value) is list and lo <= len(value) <= hi and all(type(t) is str and t in _SUITED for t in value)
    )


class _Event(EventUnion):
    """Changsha's events: ``type`` picks the schema, which then is exact."""

    SCHEMAS = EVENT_SCHEMAS
    TYPES = EVENT_TYPES

    def fast_item(self, item: object) -> dict[str, Any] | None:
        """An event in canonical spelling that its schema takes unchanged, loaded without it
        (every event of a hand but the rare qishou): the same dict the schema gives (it keeps
        the input's key order), lists copied. None: the schema loads it (an alias to
        normalise, an error to report)."""
        if not isinstance(item, dict):
            return None
        kind = item.get("type")
        keys = _FIELDS.get(kind) if isinstance(kind, str) else None  # a list or object is unhashable
        if keys is None or not item.keys() <= keys:
            return None
        if kind not in _TABLE:
            seat = item.get("seat")
            if type(seat) is not int or not 0 <= seat < NUM_SEATS:
                return None
        if "tile" in item:
            if type(item["tile"]) is not str or item["tile"] not in _SUITED:
                return None
        elif kind in ("discard", "gang"):
            return None
        if kind == "chi" or kind == "birds":
            lo, hi = (2, 2) if kind == "chi" else (0, MAX_BIRDS)
            if not _canonical_tiles(item.get("tiles"), lo, hi):
                return None
            return {**item, "tiles": list(item["tiles"])}
        if kind == "haidi" and type(item.get("take")) is not bool:
            return None
        if kind == "gang":
            if item.get("kind") not in GANG_KINDS or item.get("mode") not in GANG_MODES:
                return None
            if "dice" in item:
                dice = item["dice"]
                if (
                    type(dice) is not list
                    or len(dice) != 2
                    or not all(type(d) is int and 1 <= d <= 6 for d in dice)
                ):
                    return None
                return {**item, "dice": list(dice)}
        return dict(item)

    def fast(self, value: Mapping[str, Any]) -> dict[str, Any] | None:
        return self.fast_item(value)


# --------------------------------------------------------------------------------------------
# The app's result (§9): audited against the replay, so every field is optional.


class _SeatMap(fields.Field[dict[str, list[str]]]):
    """``{"2": ["qingyise", ...]}``: seats (as JSON keys) to hand ids of one vocabulary."""

    default_error_messages: Messages = field_messages()

    def __init__(self, ids: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ids = ids

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> dict[str, list[str]]:
        if not isinstance(value, Mapping):
            raise ValidationError(f"must be an object of seats to hand ids, not {json_type(value)}")
        errors: dict[Any, Any] = {}
        out: dict[str, list[str]] = {}
        for key, ids in value.items():
            if key not in SEAT_KEYS:
                errors[str(key)] = [f"must be a seat 0-3 as a string key, not {short(key)}"]
                continue
            if not isinstance(ids, list) or not 0 < len(ids) <= MAX_HAND_IDS:
                errors[key] = [f"must be a list of 1 to {MAX_HAND_IDS} hand ids"]
                continue
            bad = [i for i in ids if not isinstance(i, str) or i not in self.ids]
            if bad:
                errors[key] = [f"must hold only {', '.join(self.ids)}, not {short(bad[0])}"]
                continue
            out[key] = list(ids)
        if errors:
            raise ValidationError(errors)
        return out


class ChangshaResultSchema(StrictSchema):
    """What the app settled; every field is optional and audited against the replay."""

    winners = BoundedList(seat_field(), 0, NUM_SEATS, noun="seats", validate=unique("seat"))
    discarder = seat_field(required=False, allow_none=True)
    hands = _SeatMap(WIN_HANDS)
    qishou = _SeatMap(OPENING_HANDS)
    birds = BoundedList(SuitedTile(), 0, MAX_BIRDS, noun="tiles")
    bird_seats = BoundedList(seat_field(), 0, MAX_BIRDS, noun="seats")
    deltas = deltas_field(MAX_COINS)
    next_dealer = seat_field(required=False)


def _seats_list(value: object, hi: int, unique_seats: bool) -> bool:
    if type(value) is not list or len(value) > hi:
        return False
    if not all(type(v) is int and 0 <= v < NUM_SEATS for v in value):
        return False
    return not unique_seats or len(set(value)) == len(value)


def _seat_map(value: object, ids: frozenset[str]) -> dict[str, list[str]] | None:
    if type(value) is not dict:
        return None
    out = {}
    for key, names in value.items():
        if key not in _SEAT_KEY_SET or type(names) is not list or not 0 < len(names) <= MAX_HAND_IDS:
            return None
        if not all(type(n) is str and n in ids for n in names):
            return None
        out[key] = list(names)
    return out


_SEAT_KEY_SET = frozenset(SEAT_KEYS)
_WIN_IDS = frozenset(WIN_HANDS)
_OPENING_IDS = frozenset(OPENING_HANDS)


def fast_result(value: object) -> dict[str, Any] | None:
    """§9's ``result`` in its common, canonical form, loaded without ``ChangshaResultSchema``: an equal
    new dict in the input's key order (new lists and maps), or None: the schema loads it, so
    every message stays the schema's. ``tests/schemas/test_changsha_schema.py`` holds the two
    together."""
    if type(value) is not dict or not value.keys() <= _RESULT_KEYS:
        return None
    out: dict[str, Any] = {}
    for key, item in value.items():
        loaded: Any
        if key == "winners":
            ok = _seats_list(item, NUM_SEATS, True)
            loaded = list(item) if ok else None
        elif key == "bird_seats":
            ok = _seats_list(item, MAX_BIRDS, False)
            loaded = list(item) if ok else None
        elif key in ("discarder", "next_dealer"):
            ok = (item is None and key == "discarder") or (type(item) is int and 0 <= item < NUM_SEATS)
            loaded = item
        elif key == "hands" or key == "qishou":
            loaded = _seat_map(item, _WIN_IDS if key == "hands" else _OPENING_IDS)
            ok = loaded is not None
        elif key == "birds":
            ok = _canonical_tiles(item, 0, MAX_BIRDS)
            loaded = list(item) if ok else None
        else:  # deltas
            ok = (
                type(item) is list
                and len(item) == NUM_SEATS
                and all(type(d) is int and -MAX_COINS <= d <= MAX_COINS for d in item)
                and sum(item) == 0
            )
            loaded = list(item) if ok else None
        if not ok:
            return None
        out[key] = loaded
    return out


class _Result(Nested):
    """``result``: ``fast_result`` first, the schema for anything else."""

    def _deserialize(
        self,
        value: Any,
        attr: str | None,
        data: Mapping[str, Any] | None,
        partial: bool | Sequence[str] | AbstractSet[str] | None = None,
        **kwargs: Any,
    ) -> Any:
        fast = fast_result(value)
        if fast is not None:
            return fast
        return super()._deserialize(value, attr, data, partial, **kwargs)


_RESULT_KEYS = frozenset(ChangshaResultSchema().fields)


# --------------------------------------------------------------------------------------------
# The record.


class ChangshaRecordSchema(EnvelopeSchema):
    """One Changsha hand: the shared envelope and Changsha's own fields."""

    FORMAT = FORMAT
    ruleset = _Ruleset(required=True)
    dealer = seat_field()
    wall = wall_field(SuitedTile, WALL_SIZE)
    deal = deal_field(SuitedTile, HAND_SIZE, DEALER_HAND_SIZE)
    events = events_field(_Event, MAX_EVENTS)
    result = _Result(ChangshaResultSchema)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _check_between_fields(self, data: Mapping[str, Any], original_data: Any, **kwargs: Any) -> None:
        """Without a wall the deal is required and every draw names its tile (CS-2.1)."""
        if not isinstance(original_data, Mapping):
            return
        errors: dict[Any, Any] = {}
        if "wall" in original_data and "deal" in original_data:
            errors["deal"] = ["must not be given with a wall: the deal is the wall's first 53 tiles (CS-2.1)"]
        no_wall_errors(original_data, errors, MAX_EVENTS)
        deal_size_errors(data, original_data, errors, HAND_SIZE, DEALER_HAND_SIZE)
        if errors:
            raise ValidationError(errors)


_RECORD_SCHEMA = ChangshaRecordSchema()


def validate_record(obj: object) -> Validated:
    """Validate one decoded ``changsha-hand/1`` record: ``(record, [])`` with tiles as canonical
    codes and everything else as given, or ``(None, errors)`` each naming its field path.
    Never raises for any JSON-decoded value."""
    return load_record(_RECORD_SCHEMA, obj)
