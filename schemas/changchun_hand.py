"""Validation of uploaded Changchun hand records, format ``changchun-hand/1`` (changchun.md §9).

The contract of the other hand formats: the shared envelope (``schemas.envelope``), strict
fields (every error names the JSON path and what was expected, nothing unknown is ignored), tile
aliases loaded as canonical codes. Changchun's own: 136 tiles (the 34 kinds of the Wuhan
reference, no flowers, CC-1.1), a Changchun ruleset (``changchun``, ``changchun-135``,
``changchun-250``) judged by ``replay.games.changchun.params``, no ``laizi_indicator``,
``gang`` with the opening sets (旋风杠 ``xuanfeng``, 喜杠 ``xi``, 幺蛋 ``yaodan``, 九蛋
``jiudan``: ``tiles``) and 补 ``bu`` beside ``an``/``xu``/``ming`` (``tile``), the 报听
``ting``, 宝 ``bao`` (a roll: ``die``, ``index`` with a wall, ``tile`` without), 看宝 ``kanbao``
and 泄宝 ``bao_leak`` events, and §9's ``result`` (win money and gang money apart).

Only *spelling and shape* are checked here; whether an event can happen (a set not dealt, a
报听 not ready, a roll pointing at the wrong position, a 宝 win on a dead 宝) is the board's
verdict with its CC rule.

Public API: :data:`FORMAT`, :class:`ChangchunRecordSchema` and :func:`validate_record`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, validates_schema

from replay.games.changchun.params import PRESETS, VALIDATORS, rules_from_json
from replay.games.changchun.reading import FANS, WAYS
from replay.games.changchun.tiles import SETS
from replay.tiles import CODES
from schemas.envelope import NUM_SEATS, EnvelopeSchema, Validated, load_record, seat_field
from schemas.events import (
    NO_WALL,
    EventUnion,
    HuangzhuangSchema,
    SeatEvent,
    deal_field,
    deal_size_errors,
    deltas_field,
    event_schemas,
    no_wall_errors,
    schema_fields,
    unique,
    wall_field,
)
from schemas.fields import (
    BoundedList,
    Choice,
    Nested,
    StrictInt,
    StrictSchema,
    Tile,
    merge_errors,
)
from schemas.ruleset_field import RulesetField

__all__ = ["FORMAT", "ChangchunRecordSchema", "validate_record"]

FORMAT = "changchun-hand/1"

WALL_SIZE = 136
HAND_SIZE = 13
DEALER_HAND_SIZE = 14
#: a hand has at most 83 live draws, a few dozen replacement draws, as many discards and claims,
#: a 报听 and a look per turn; the bound only keeps a hostile upload from costing unbounded work
MAX_EVENTS = 2000
#: amounts are integers of the table's units; JSON's safe-integer range
MAX_COINS = 2**53 - 1
#: n(L) of CC-6.1 is a handful (6 fans at most, +2); the bound only refuses absurd values
MAX_FAN = 64
#: no override is a longer list (``ladder`` has 7 entries in every preset, ``dadan_tiles`` a few)
MAX_OVERRIDE_LIST = 34
#: the kongs as in ``wuhan-hand/1`` and 补 (CC-3.3): each names its ``tile``
TILE_GANGS = ("an", "xu", "ming", "bu")
#: the opening sets of CC-3.1: each names its ``tiles``
SET_GANGS: tuple[str, ...] = tuple(SETS)
GANG_KINDS: tuple[str, ...] = (*TILE_GANGS, *SET_GANGS)
#: a set's tiles: 3 (喜杠, 幺蛋, 九蛋) or 4 (旋风杠); which ones is the board's check (CC-3.1)
SET_MIN = min(len(t) for t in SETS.values())
SET_MAX = max(len(t) for t in SETS.values())
#: the fan ids of §9's ``result.hands`` (平胡 is a win with none)
HAND_IDS: tuple[str, ...] = ("pinghu", *FANS)
EVENT_TYPES: tuple[str, ...] = (
    "draw",
    "discard",
    "chi",
    "peng",
    "gang",
    "hu",
    "pass",
    "ting",
    "bao",
    "kanbao",
    "bao_leak",
    "huangzhuang",
)


class _Ruleset(RulesetField):
    """``{"preset": "changchun"|"changchun-135"|"changchun-250", "overrides": {...}}`` (§7)."""

    presets = tuple(PRESETS)
    parameters = tuple(VALIDATORS)
    fallback_preset = "changchun"

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
            len(value) > MAX_OVERRIDE_LIST
            or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value)
        ):
            return "is not a valid value (a list here holds points or tiles)"
        if isinstance(value, Mapping):
            return "no ruleset parameter takes an object"
        return None


# --------------------------------------------------------------------------------------------
# Events.


class DrawSchema(SeatEvent):
    """A live draw or a replacement draw (the board knows which); ``tile`` required without a wall."""

    event_type = "draw"
    tile = Tile()


class DiscardSchema(SeatEvent):
    event_type = "discard"
    tile = Tile(required=True)


class ChiSchema(SeatEvent):
    event_type = "chi"
    tiles = BoundedList(Tile(), 2, 2, noun="tiles", required=True)
    tile = Tile()


class PengSchema(SeatEvent):
    """A peng on a discard, or 抢碰 right after a 补杠 (CC-2.4: derived, no field)."""

    event_type = "peng"
    tile = Tile()


class GangSchema(SeatEvent):
    """A kong (``an``, ``xu``, ``ming``) or a 补 (``bu``) names its ``tile``; an opening set
    (CC-3.1) names its ``tiles`` instead."""

    event_type = "gang"
    kind = Choice(GANG_KINDS, required=True)
    tile = Tile()
    tiles = BoundedList(Tile(), SET_MIN, SET_MAX, noun="tiles")

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _tile_or_tiles(self, data: Mapping[str, Any], original_data: Any, **kwargs: Any) -> None:
        kind = original_data.get("kind") if isinstance(original_data, Mapping) else None
        if not isinstance(kind, str) or kind not in GANG_KINDS:
            return
        errors: dict[str, list[str]] = {}
        if kind in TILE_GANGS:
            if "tile" not in original_data:
                errors["tile"] = [f"required for kind '{kind}': the tile of the kong or 补"]
            if "tiles" in original_data:
                sets = ", ".join(SET_GANGS)
                errors["tiles"] = [f"only an opening set ({sets}) names tiles; a {kind} gang names its tile"]
        else:
            if "tiles" not in original_data:
                errors["tiles"] = [f"required for the opening set {kind}: its {len(SETS[kind])} tiles"]
            if "tile" in original_data:
                errors["tile"] = ["an opening set names its tiles, not a tile (a 补 is kind 'bu')"]
        if errors:
            raise ValidationError(errors)


class HuSchema(SeatEvent):
    event_type = "hu"
    tile = Tile()


class PassSchema(SeatEvent):
    event_type = "pass"


class TingSchema(SeatEvent):
    """报听 (CC-4.2), right after the seat's own discard."""

    event_type = "ting"


class BaoSchema(SeatEvent):
    """A roll of the 宝 (CC-4.4, CC-4.7): ``index`` required with a wall, ``tile`` without."""

    event_type = "bao"
    die = StrictInt(1, 6)
    index = StrictInt(0, WALL_SIZE - 1)
    tile = Tile()


class KanbaoSchema(SeatEvent):
    """看宝 (CC-4.4): a look at the standing 宝."""

    event_type = "kanbao"


class BaoLeakSchema(SeatEvent):
    """泄宝 (CC-4.8)."""

    event_type = "bao_leak"


EVENT_SCHEMAS: dict[str, Schema] = event_schemas(
    DrawSchema,
    DiscardSchema,
    ChiSchema,
    PengSchema,
    GangSchema,
    HuSchema,
    PassSchema,
    TingSchema,
    BaoSchema,
    KanbaoSchema,
    BaoLeakSchema,
    HuangzhuangSchema,
)
assert tuple(EVENT_SCHEMAS) == EVENT_TYPES


def event_fields(event_type: str) -> dict[str, bool]:
    """The fields of one event type and whether each is required (also feeds the JSON Schema)."""
    return schema_fields(EVENT_SCHEMAS[event_type])


_PLAIN = ("draw", "discard", "hu", "pass", "peng", "ting", "kanbao", "bao_leak")
_SIMPLE = {t: frozenset(event_fields(t)) for t in _PLAIN}
_CODES = frozenset(CODES)
_GANG_KEYS = frozenset(event_fields("gang"))
_CHI_KEYS = frozenset(event_fields("chi"))
_BAO_KEYS = frozenset(event_fields("bao"))


def _codes(value: object, lo: int, hi: int) -> list[str] | None:
    """A new list of ``lo`` to ``hi`` canonical codes, as ``BoundedList(Tile())`` loads it."""
    if type(value) is not list or not lo <= len(value) <= hi:
        return None
    if not all(type(t) is str and t in _CODES for t in value):
        return None
    return list(value)


def _small_int(value: object, lo: int, hi: int) -> bool:
    """``StrictInt(lo, hi)``: exactly an int (never a bool) in the range."""
    return type(value) is int and lo <= value <= hi


class _Event(EventUnion):
    """Changchun's events: ``type`` picks the schema, which then is exact."""

    SCHEMAS = EVENT_SCHEMAS
    TYPES = EVENT_TYPES

    def fast_item(self, item: object) -> dict[str, Any] | None:
        """Events in canonical spelling skip the schema (nearly all events): draws, discards,
        wins, passes, pengs, 报听 and looks as given; chis, gangs and 宝 rolls checked field by
        field as their schema checks them. Anything else (an alias, an error) gets None."""
        if not isinstance(item, dict):
            return None
        kind = item.get("type")
        if not isinstance(kind, str):  # a list or object is unhashable
            return None
        if kind == "huangzhuang":
            return item if item.keys() == {"type"} else None
        if kind in ("chi", "gang", "bao"):
            return self._fast_meld(item, kind)
        keys = _SIMPLE.get(kind)
        if keys is None or not item.keys() <= keys:
            return None
        seat = item.get("seat")
        if type(seat) is not int or not 0 <= seat < NUM_SEATS:
            return None
        if "tile" in item and (type(item["tile"]) is not str or item["tile"] not in _CODES):
            return None
        if item["type"] == "discard" and "tile" not in item:
            return None
        return item  # exactly what the schema makes of it: shared, not copied (see _Events)

    @staticmethod
    def _fast_meld(item: dict[str, Any], kind: str) -> dict[str, Any] | None:
        """A chi (two tiles), a gang (a tile, or an opening set's tiles, by its kind) or a 宝
        roll (die 1-6, a wall index, a tile) exactly as its schema loads it, else None."""
        seat = item.get("seat")
        if type(seat) is not int or not 0 <= seat < NUM_SEATS:
            return None
        keys = item.keys()
        tile = item.get("tile")
        if "tile" in item and (type(tile) is not str or tile not in _CODES):
            return None
        out = dict(item)
        if kind == "chi":
            if not keys <= _CHI_KEYS or (tiles := _codes(item.get("tiles"), 2, 2)) is None:
                return None
            out["tiles"] = tiles
        elif kind == "gang":
            gang = item.get("kind")
            if not keys <= _GANG_KEYS or type(gang) is not str:
                return None
            if gang in TILE_GANGS:
                if "tile" not in item or "tiles" in item:
                    return None
            elif gang in SET_GANGS:
                if "tile" in item or (tiles := _codes(item.get("tiles"), SET_MIN, SET_MAX)) is None:
                    return None
                out["tiles"] = tiles
            else:
                return None
        else:  # bao
            if not keys <= _BAO_KEYS:
                return None
            if "die" in item and not _small_int(item["die"], 1, 6):
                return None
            if "index" in item and not _small_int(item["index"], 0, WALL_SIZE - 1):
                return None
        return out

    def fast(self, value: Mapping[str, Any]) -> dict[str, Any] | None:
        return self.fast_item(value)


class _Events(BoundedList[dict[str, Any]]):
    """The events: one in canonical form skips the schema (``_Event.fast_item``), any other (a
    gang, a chi, a 宝 ...) goes through it alone, instead of the whole list going through
    marshmallow item by item as soon as one event is not simple (a Changchun hand nearly always
    has one). Any error, and the list is read again the full way, so the errors are the same.

    As Wuhan's fast record does, the loaded (new) list holds the input's own event dicts where
    they already are what the schema makes (a draw, a discard ...: known keys, canonical tiles,
    exact ints): a hand's hundred copies were most of the objects a hand kept alive. Nothing
    downstream writes to an event; a caller that wants to must copy it first."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> list[dict[str, Any] | None]:
        inner = self.inner
        if isinstance(value, list) and self.lo <= len(value) <= self.hi and isinstance(inner, _Event):
            out: list[dict[str, Any] | None] = []
            try:
                for item in value:
                    got = inner.fast_item(item)
                    out.append(got if got is not None else inner.deserialize(item, **kwargs))
            except ValidationError:
                pass
            else:
                return out
        return super()._deserialize(value, attr, data, **kwargs)


# --------------------------------------------------------------------------------------------
# The app's result (§9): audited against the replay, so every field is optional.


class _NullableChoice(Choice):
    """One of a fixed set of names, or null (``way`` at 荒庄)."""

    def __init__(self, choices: tuple[str, ...]) -> None:
        super().__init__(choices)
        self.allow_none = True


class ChangchunResultSchema(StrictSchema):
    """What the app settled (§9); every field is optional and audited against the replay."""

    winner = seat_field(required=False, allow_none=True)
    discarder = seat_field(required=False, allow_none=True)
    way = _NullableChoice(WAYS)
    hands = BoundedList(Choice(HAND_IDS), 0, len(HAND_IDS), noun="fan ids", validate=unique("fan id"))
    fan = BoundedList(StrictInt(0, MAX_FAN, allow_none=True), NUM_SEATS, NUM_SEATS, noun="entries")
    win_deltas = deltas_field(MAX_COINS)
    gang_deltas = deltas_field(MAX_COINS)
    deltas = deltas_field(MAX_COINS)


# --------------------------------------------------------------------------------------------
# The record.


class ChangchunRecordSchema(EnvelopeSchema):
    """One Changchun hand: the shared envelope and Changchun's own fields."""

    FORMAT = FORMAT
    ruleset = _Ruleset(required=True)
    dealer = seat_field()
    wall = wall_field(Tile, WALL_SIZE)
    deal = deal_field(Tile, HAND_SIZE, DEALER_HAND_SIZE)
    events = _Events(_Event(), 0, MAX_EVENTS, noun="events", required=True)
    result = Nested(ChangchunResultSchema)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _check_between_fields(self, data: Mapping[str, Any], original_data: Any, **kwargs: Any) -> None:
        """Without a wall the deal is required and every draw and 宝 roll names its tile; with a
        wall a roll names its ``index`` (CC-1.4, §9)."""
        if not isinstance(original_data, Mapping):
            return
        errors: dict[Any, Any] = {}
        has_wall = "wall" in original_data
        if has_wall and "deal" in original_data:
            errors["deal"] = ["must not be given with a wall: the deal is the wall's first 53 tiles (CC-1.4)"]
        no_wall_errors(original_data, errors, MAX_EVENTS)
        raw = original_data.get("events")
        if isinstance(raw, list) and len(raw) <= MAX_EVENTS:  # a 宝 roll names its tile or its index
            for i, event in enumerate(raw):
                if not isinstance(event, Mapping) or event.get("type") != "bao":
                    continue
                if not has_wall and "tile" not in event:
                    merge_errors(errors, {"events": {i: {"tile": [NO_WALL]}}})
                if has_wall and "index" not in event:
                    merge_errors(
                        errors, {"events": {i: {"index": ["required with a wall: the 宝's position in it"]}}}
                    )
        deal_size_errors(data, original_data, errors, HAND_SIZE, DEALER_HAND_SIZE)
        if errors:
            raise ValidationError(errors)


_RECORD_SCHEMA = ChangchunRecordSchema()


def validate_record(obj: object) -> Validated:
    """Validate one decoded ``changchun-hand/1`` record: ``(record, [])`` with tiles as canonical
    codes and everything else as given, or ``(None, errors)`` each naming its field path.
    Never raises for any JSON-decoded value."""
    return load_record(_RECORD_SCHEMA, obj)
