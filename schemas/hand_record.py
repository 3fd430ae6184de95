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

import calendar
import copy
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from marshmallow import EXCLUDE, Schema, ValidationError, fields, post_load, validates_schema
from marshmallow.exceptions import SCHEMA

from replay.errors import InputError
from replay.ruleset import HAND_TYPES, PRESETS, VALIDATORS, ruleset_from_json
from replay.tiles import CODES, parse_tile

__all__ = ["FORMAT", "validate_record"]

FORMAT = "wuhan-hand/1"

#: Charset of ``hand_id``, ``source`` and ``session.id``: safe in URLs, file names and logs.
ID_PATTERN = r"[A-Za-z0-9._:-]{1,128}"
ID_MAX_LENGTH = 128
PLAYER_ID_MAX_LENGTH = 128
NAME_MAX_LENGTH = 64

#: RFC 3339 ``date-time`` (section 5.6): the offset is mandatory, ``Z`` counts as one.
PLAYED_AT_PATTERN = (
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]{1,9})?"
    r"([Zz]|[+-]([0-9]{2}):([0-9]{2}))"
)
PLAYED_AT_MAX_LENGTH = 40

NUM_SEATS = 4
WALL_SIZE = 136
HAND_SIZE = 13
DEALER_HAND_SIZE = 14
#: The indicator is the tile after the deal: 4 x 13 tiles plus the dealer's 14th (R-3.1).
WALL_INDICATOR_INDEX = NUM_SEATS * HAND_SIZE + 1
#: Far above any real hand (a hand has at most 136 - 14 - 1 draws plus as many discards and
#: claims); the bound keeps a hostile upload from costing unbounded work.
MAX_EVENTS = 20000
#: A sitting never lasts a million hands; the bound rejects absurd (and absurdly large) ints.
MAX_HAND_NO = 1_000_000
#: Same bound as the ruleset's points (replay.ruleset._points): one loser pays at most this,
#: so a winner (or a liable player paying for three) moves at most three times as much.
MAX_POINTS = 10**9
MAX_DELTA = 3 * MAX_POINTS
#: Longest tile token accepted (aliases are at most a few characters; this allows padding).
MAX_TILE_TOKEN = 32
#: At most this many errors are returned; a broken exporter can produce one per event.
MAX_ERRORS = 200

GANG_KINDS: tuple[str, ...] = ("ming", "an", "xu", "pizi", "laizi")
EVENT_TYPES: tuple[str, ...] = ("draw", "discard", "chi", "peng", "gang", "hu", "pass", "huangzhuang")

_ID_RE = re.compile(ID_PATTERN, re.ASCII)
_PLAYED_AT_RE = re.compile(PLAYED_AT_PATTERN, re.ASCII)
_IDENTIFIER_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*", re.ASCII)

T = TypeVar("T")

#: The type marshmallow gives ``Field.default_error_messages``.
_Messages = dict[str, str | list[Any] | dict[Any, Any]]

#: Messages shared by every field, so all errors read the same way whatever the field type.
_COMMON_MESSAGES: dict[str, str] = {
    "required": "required field is missing",
    "null": "must not be null",
    "validator_failed": "invalid value",
}


def _messages(**extra: Any) -> _Messages:
    """A field class's error messages: its own plus the shared ones, which win (so a Nested's
    'null' reads like every other field's); a fresh dict per class."""
    return {**extra, **_COMMON_MESSAGES}


def _schema_messages() -> dict[str, str]:
    """Schema-level messages; only ``type`` (input is not an object) is ever used."""
    return {"type": "must be an object"}


def _short(value: object, limit: int = 40) -> str:
    """A bounded ``repr`` for error messages: uploads are untrusted and may be huge or deep."""
    if isinstance(value, str):
        text = repr(value if len(value) <= limit else value[:limit] + "…")
    elif isinstance(value, bool) or value is None:
        text = json.dumps(value)
    elif isinstance(value, int):
        text = str(value) if abs(value) < 10**limit else "a huge integer"
    elif isinstance(value, float):
        text = repr(value)
    elif isinstance(value, list):
        text = "a list"
    elif isinstance(value, Mapping):
        text = "an object"
    else:
        text = type(value).__name__
    return text


def _json_type(value: object) -> str:
    """The JSON name of a value's type, for 'must be X, not Y' messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


@dataclass(frozen=True)
class _UnknownKey:
    """Error-dict key for an unknown field.

    Marshmallow keys schema-level errors by the string ``"_schema"``; an app that sends a
    field literally named ``_schema`` would collide with it if unknown fields were keyed by
    their plain name, so they get this distinct key type instead.
    """

    name: str


# --------------------------------------------------------------------------------------------
# Fields: strict about JSON types (no bool-as-int, no "1"-as-int), bounded, uniform messages.


class _StrictInt(fields.Field[int]):
    """An integer in ``[lo, hi]``; booleans and floats are rejected (``True`` is not seat 1)."""

    default_error_messages: _Messages = _messages(
        invalid="must be an integer, not {got}", range="must be an integer from {lo} to {hi}, not {got}"
    )

    def __init__(self, lo: int, hi: int, *, required: bool = False, allow_none: bool = False) -> None:
        super().__init__(required=required, allow_none=allow_none)
        self.lo = lo
        self.hi = hi

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.make_error("invalid", got=_json_type(value))
        if not self.lo <= value <= self.hi:
            raise self.make_error("range", lo=self.lo, hi=self.hi, got=_short(value))
        return value


class _StrictStr(fields.Field[str]):
    """A string with a length range and optionally a full-match pattern; no other JSON type."""

    default_error_messages: _Messages = _messages(
        invalid="must be a string, not {got}",
        length="must be {lo} to {hi} characters long, not {n}",
        pattern="must be {what}",
        unicode="must be valid Unicode text (it holds a lone surrogate escape)",
    )

    def __init__(
        self,
        lo: int,
        hi: int,
        *,
        pattern: re.Pattern[str] | None = None,
        what: str = "",
        required: bool = False,
        validate: Callable[[str], Any] | None = None,
    ) -> None:
        super().__init__(required=required, validate=validate)
        self.lo = lo
        self.hi = hi
        self.pattern = pattern
        self.what = what

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        if not isinstance(value, str):
            raise self.make_error("invalid", got=_json_type(value))
        if not self.lo <= len(value) <= self.hi:
            raise self.make_error("length", lo=self.lo, hi=self.hi, n=len(value))
        if self.pattern is not None and not self.pattern.fullmatch(value):
            raise self.make_error("pattern", what=self.what)
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:  # "\ud800" decodes from JSON but is no character
                raise self.make_error("unicode") from None
        return value


class _StrictBool(fields.Field[bool]):
    """``true`` or ``false`` only: marshmallow's Boolean would also take ``1`` and ``"yes"``."""

    default_error_messages: _Messages = _messages(invalid="must be true or false, not {got}")

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", got=_json_type(value))
        return value


class _Choice(_StrictStr):
    """One of a fixed set of names (hand types, gang kinds)."""

    def __init__(self, choices: tuple[str, ...], *, required: bool = False) -> None:
        super().__init__(0, max(len(c) for c in choices), required=required)
        self.choices = choices

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        if not isinstance(value, str) or value not in self.choices:
            raise ValidationError(f"must be one of {', '.join(self.choices)}, not {_short(value)}")
        return value


def canonical_tile(value: object) -> str:
    """Any accepted spelling of a tile (RULES.md §1) as its canonical code, e.g. ``"五万"`` → ``"5m"``.

    The type and size checks come before ``parse_tile`` so that its messages, which quote the
    token, never quote something huge.
    """
    if isinstance(value, bool):
        raise ValidationError("must be a tile (a code such as '5m' or a server integer code), not a boolean")
    if isinstance(value, int):
        if not -0xFF <= value <= 0xFF:
            raise ValidationError("unknown tile code (server codes are 0x01-0x37)")
    elif isinstance(value, str):
        if len(value) > MAX_TILE_TOKEN:
            raise ValidationError(f"unknown tile {_short(value)}")
    else:
        raise ValidationError(
            f"must be a tile (a code such as '5m' or a server integer code), not {_json_type(value)}"
        )
    try:
        return CODES[parse_tile(value, "")]
    except InputError as err:
        raise ValidationError(err.message) from None


class _Tile(fields.Field[str]):
    """A tile in any alias, loaded as its canonical code."""

    default_error_messages: _Messages = _messages()

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        return canonical_tile(value)


class _BoundedList(fields.List[T]):
    """A JSON array with a length range, checked *before* the items so a huge list costs nothing.

    marshmallow's List would also take tuples, sets and other iterables, and checks a length
    validator only after deserialising every item.
    """

    default_error_messages: _Messages = _messages(
        invalid="must be a list, not {got}",
        exact="must hold exactly {lo} {noun}, not {n}",
        range="must hold {lo} to {hi} {noun}, not {n}",
        max="must hold at most {hi} {noun}, not {n}",
    )

    def __init__(
        self,
        inner: fields.Field[T],
        lo: int,
        hi: int,
        *,
        noun: str = "items",
        required: bool = False,
        validate: Callable[[list[Any]], Any] | None = None,
    ) -> None:
        super().__init__(inner, required=required, validate=validate)
        self.lo = lo
        self.hi = hi
        self.noun = noun

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> list[T | None]:
        if not isinstance(value, list):
            raise self.make_error("invalid", got=_json_type(value))
        if not self.lo <= len(value) <= self.hi:
            key = "exact" if self.lo == self.hi else "max" if self.lo == 0 else "range"
            raise self.make_error(key, lo=self.lo, hi=self.hi, n=len(value), noun=self.noun)
        fast = self._fast(value)
        if fast is not None:
            return fast
        result: list[T | None] = super()._deserialize(value, attr, data, **kwargs)
        return result

    def _fast(self, value: list[Any]) -> list[Any] | None:
        """Walls and event lists in their common, canonical form skip the per-item Field calls."""
        if isinstance(self.inner, _Tile):
            return list(value) if all(_is_canonical(t) for t in value) else None
        if isinstance(self.inner, _Event):
            out = []
            for item in value:
                kind = item.get("type") if isinstance(item, dict) else None
                fast = fast_event(item) if isinstance(kind, str) and kind in _EVENT_KEYS else None
                if fast is None:
                    return None
                out.append(fast)
            return out
        return None


class _Nested(fields.Nested):
    """Nested with the shared messages (marshmallow's default 'Field may not be null.')."""

    default_error_messages: _Messages = _messages(**fields.Nested.default_error_messages)


def _check_played_at(value: str) -> None:
    """RFC 3339 date-time with offset; the calendar check rejects e.g. ``2026-02-30``."""
    m = _PLAYED_AT_RE.fullmatch(value)
    if m is None:
        raise ValidationError("must be an RFC 3339 timestamp with offset, e.g. 2026-11-29T20:15:03+08:00")
    year, month, day, hour, minute, second = (int(g) for g in m.groups()[:6])
    ok = 1 <= month <= 12 and hour <= 23 and minute <= 59 and second <= 60  # 60: leap second
    if ok:
        ok = 1 <= day <= calendar.monthrange(year, month)[1]
    if ok and m.group(9) is not None:
        ok = int(m.group(9)) <= 23 and int(m.group(10)) <= 59
    if not ok:
        raise ValidationError("is not a valid date and time")


def _check_unique(values: list[Any]) -> None:
    """A hand type listed twice is an exporter bug, not a stronger hand."""
    if len(set(values)) != len(values):
        raise ValidationError("must not list a hand type twice")


def _check_zero_sum(values: list[Any]) -> None:
    """Mahjong is zero-sum: whatever the losers pay the winner receives (R-10.1)."""
    total = sum(values)
    if total != 0:
        raise ValidationError(f"must sum to 0, not {total}")


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


def _merge(into: dict[Any, Any], more: Mapping[Any, Any]) -> None:
    """Deep-merge error dicts (several overrides may be wrong at once)."""
    for key, value in more.items():
        if isinstance(value, Mapping) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


class _Ruleset(fields.Field[dict[str, Any]]):
    """``{"preset", "overrides"}`` checked with ``replay.ruleset``; kept exactly as given.

    Each override is tried on its own so that every wrong parameter is reported (the engine
    stops at the first); then the whole set is tried for the cross-parameter rules.
    """

    default_error_messages: _Messages = _messages()

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise ValidationError(
                f"must be an object with 'preset' and optional 'overrides', not {_json_type(value)}"
            )
        errors: dict[Any, Any] = {}
        for key in value:
            if key not in ("preset", "overrides"):
                errors[_UnknownKey(str(key))] = ["unknown field"]
        preset = value.get("preset")
        preset_ok = isinstance(preset, str) and preset in PRESETS
        if "preset" not in value:
            errors["preset"] = [_COMMON_MESSAGES["required"]]
        elif not isinstance(preset, str):
            errors["preset"] = [f"must be a preset name ({', '.join(PRESETS)}), not {_json_type(preset)}"]
        elif not preset_ok:
            errors["preset"] = [f"unknown preset {_short(preset)}; known: {', '.join(PRESETS)}"]
        overrides = value.get("overrides", {})
        if not isinstance(overrides, Mapping):
            errors["overrides"] = [f"must be an object, not {_json_type(overrides)}"]
            overrides = {}
        for name, setting in overrides.items():
            if name not in VALIDATORS:
                message = f"unknown ruleset parameter {_short(name)}"
                _merge(errors, {"overrides": {_UnknownKey(str(name)): [message]}})
                continue
            problem = _override_shape(setting)
            if problem is not None:
                _merge(errors, {"overrides": {name: [problem]}})
            else:  # with a bad preset, still judge the override against the default one
                self._try(
                    errors, {"preset": preset if preset_ok else "hzlzg", "overrides": {name: setting}}, name
                )
        if not errors:
            self._try(errors, {"preset": preset, "overrides": dict(overrides)}, None)
        if errors:
            raise ValidationError(errors)
        return copy.deepcopy(dict(value))

    @staticmethod
    def _try(errors: dict[Any, Any], spec: Mapping[str, Any], name: str | None) -> None:
        try:
            ruleset_from_json(spec, "ruleset")
        except InputError as err:
            if name is None:
                rest = err.field.removeprefix("ruleset.").removeprefix("overrides.")
                name = rest.split("[", 1)[0] if err.field.startswith("ruleset.overrides.") else None
            if name is None:
                _merge(errors, {SCHEMA: [err.message]})
            else:
                _merge(errors, _place_override_error(err, name))
        except (TypeError, ValueError, KeyError):  # defence in depth: the engine must not crash us
            _merge(errors, {"overrides": {name: ["invalid value"]}} if name else {SCHEMA: ["invalid value"]})


# --------------------------------------------------------------------------------------------
# Schemas.


class _StrictSchema(Schema):
    """Base schema: unknown fields are errors naming the field, at every level.

    This is marshmallow's ``RAISE`` behaviour, done by a hook so the error is keyed by
    :class:`_UnknownKey` (see there); the output keeps the input's key order.
    """

    class Meta:
        unknown = EXCLUDE

    error_messages: dict[str, str] = _schema_messages()

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _reject_unknown(self, data: Mapping[str, Any], original_data: Any, **kwargs: Any) -> None:
        if not isinstance(original_data, Mapping):
            return
        known = {f.data_key or name for name, f in self.load_fields.items()}
        unknown = [key for key in original_data if key not in known]
        if unknown:
            raise ValidationError({_UnknownKey(str(key)): ["unknown field"] for key in unknown})

    @post_load(pass_original=True)
    def _keep_order(self, data: dict[str, Any], original_data: Any, **kwargs: Any) -> dict[str, Any]:
        if not isinstance(original_data, Mapping):
            return data
        return {key: data[key] for key in original_data if key in data}


def _seat(*, required: bool = True, allow_none: bool = False) -> _StrictInt:
    return _StrictInt(0, NUM_SEATS - 1, required=required, allow_none=allow_none)


class _EventSchema(_StrictSchema):
    """Common part of every event: ``type`` (already dispatched on) and ``seat``."""

    event_type: ClassVar[str] = ""
    type = _StrictStr(1, 16, required=True)
    seat = _seat()


class DrawSchema(_EventSchema):
    event_type = "draw"
    tile = _Tile()  # optional with a wall; required without one (checked by RecordSchema)


class DiscardSchema(_EventSchema):
    event_type = "discard"
    tile = _Tile(required=True)


class ChiSchema(_EventSchema):
    event_type = "chi"
    tiles = _BoundedList(_Tile(), 2, 2, noun="tiles", required=True)


class PengSchema(_EventSchema):
    event_type = "peng"


class GangSchema(_EventSchema):
    event_type = "gang"
    kind = _Choice(GANG_KINDS, required=True)
    tile = _Tile(required=True)


class HuSchema(_EventSchema):
    event_type = "hu"
    tile = _Tile()


class PassSchema(_EventSchema):
    event_type = "pass"


class HuangzhuangSchema(_StrictSchema):
    """The draw (黄庄) is nobody's action, so it has no ``seat``."""

    event_type: ClassVar[str] = "huangzhuang"
    type = _StrictStr(1, 16, required=True)


EVENT_SCHEMAS: dict[str, Schema] = {
    cls.event_type: cls()
    for cls in (
        DrawSchema,
        DiscardSchema,
        ChiSchema,
        PengSchema,
        GangSchema,
        HuSchema,
        PassSchema,
        HuangzhuangSchema,
    )
}
assert tuple(EVENT_SCHEMAS) == EVENT_TYPES


def event_fields(event_type: str) -> dict[str, bool]:
    """The fields of one event type and whether each is required (also feeds the JSON Schema)."""
    schema = EVENT_SCHEMAS[event_type]
    return {name: f.required for name, f in schema.load_fields.items()}


_EVENT_KEYS: dict[str, frozenset[str]] = {t: frozenset(event_fields(t)) for t in EVENT_TYPES}
_EVENT_REQUIRED: dict[str, tuple[str, ...]] = {
    t: tuple(name for name, req in event_fields(t).items() if req) for t in EVENT_TYPES
}
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


class _Event(fields.Field[dict[str, Any]]):
    """The discriminated union of events: ``type`` picks the schema, which then is exact.

    With an unknown or missing ``type`` only ``type`` is reported: the other fields cannot be
    judged without knowing which event was meant.
    """

    default_error_messages: _Messages = _messages()

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise ValidationError(f"must be an object, not {_json_type(value)}")
        if "type" not in value:
            raise ValidationError({"type": [f"required field is missing; one of {', '.join(EVENT_TYPES)}"]})
        kind = value["type"]
        if not isinstance(kind, str) or kind not in EVENT_SCHEMAS:
            raise ValidationError({"type": [f"must be one of {', '.join(EVENT_TYPES)}, not {_short(kind)}"]})
        fast = fast_event(value)
        if fast is not None:
            return fast
        try:
            loaded: dict[str, Any] = EVENT_SCHEMAS[kind].load(value)
        except ValidationError as err:
            raise ValidationError(err.messages) from None
        return loaded


class SessionSchema(_StrictSchema):
    id = _StrictStr(
        1, ID_MAX_LENGTH, pattern=_ID_RE, what="1-128 characters of A-Z a-z 0-9 . _ : -", required=True
    )
    hand_no = _StrictInt(1, MAX_HAND_NO, required=True)


class SeatSchema(_StrictSchema):
    player_id = _StrictStr(1, PLAYER_ID_MAX_LENGTH, required=True)
    name = _StrictStr(0, NAME_MAX_LENGTH)


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


def _check_format(value: str) -> None:
    if value != FORMAT:
        raise ValidationError(f"must be {FORMAT!r}, not {_short(value)}")


_ID_WHAT = "1-128 characters of A-Z a-z 0-9 . _ : -"


class RecordSchema(_StrictSchema):
    """One hand record. Field-level rules live on the fields; rules between fields below."""

    format = _StrictStr(1, 64, required=True, validate=_check_format)
    hand_id = _StrictStr(1, ID_MAX_LENGTH, pattern=_ID_RE, what=_ID_WHAT, required=True)
    source = _StrictStr(1, ID_MAX_LENGTH, pattern=_ID_RE, what=_ID_WHAT, required=True)
    played_at = _StrictStr(1, PLAYED_AT_MAX_LENGTH, validate=_check_played_at)
    session = _Nested(SessionSchema)
    ruleset = _Ruleset(required=True)
    seats = _BoundedList(_Nested(SeatSchema), NUM_SEATS, NUM_SEATS, noun="seats", required=True)
    dealer = _seat()
    wall = _BoundedList(_Tile(), WALL_SIZE, WALL_SIZE, noun="tiles")
    deal = _BoundedList(
        _BoundedList(_Tile(), HAND_SIZE, DEALER_HAND_SIZE, noun="tiles"), NUM_SEATS, NUM_SEATS, noun="hands"
    )
    laizi_indicator = _Tile()
    events = _BoundedList(_Event(), 0, MAX_EVENTS, noun="events", required=True)
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
        if "wall" not in original_data:
            for name in ("deal", "laizi_indicator"):
                if name not in original_data:
                    errors[name] = ["required when there is no wall"]
            raw_events = original_data.get("events")
            if isinstance(raw_events, list) and len(raw_events) <= MAX_EVENTS:
                for i, event in enumerate(raw_events):
                    if isinstance(event, Mapping) and event.get("type") == "draw" and "tile" not in event:
                        _merge(errors, {"events": {i: {"tile": ["required when there is no wall"]}}})
        dealer = data.get("dealer")
        raw_deal = original_data.get("deal")
        if isinstance(dealer, int) and isinstance(raw_deal, list) and len(raw_deal) == NUM_SEATS:
            for seat, hand in enumerate(raw_deal):
                want = DEALER_HAND_SIZE if seat == dealer else HAND_SIZE
                if (
                    isinstance(hand, list)
                    and len(hand) in (HAND_SIZE, DEALER_HAND_SIZE)
                    and len(hand) != want
                ):
                    who = "the dealer" if seat == dealer else f"not the dealer (dealer is {dealer})"
                    message = f"seat {seat} is {who}: must hold {want} tiles, not {len(hand)}"
                    _merge(errors, {"deal": {seat: [message]}})
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


# --------------------------------------------------------------------------------------------
# Errors as a flat list of {"field": JSON path, "message"}.

_PathPart = str | int


def _walk(messages: object, path: tuple[_PathPart, ...]) -> Iterator[tuple[tuple[_PathPart, ...], str]]:
    """Flatten marshmallow's nested error dict into (path, message) pairs."""
    if isinstance(messages, Mapping):
        for key, value in messages.items():
            if key == SCHEMA and not isinstance(key, _UnknownKey):
                yield from _walk(value, path)
            elif isinstance(key, _UnknownKey):
                yield from _walk(value, (*path, key.name))
            elif isinstance(key, int) and not isinstance(key, bool):
                yield from _walk(value, (*path, key))
            else:
                yield from _walk(value, (*path, str(key)))
    elif isinstance(messages, list | tuple):
        for item in messages:
            yield from _walk(item, path)
    else:
        yield path, str(messages)


def _render(path: tuple[_PathPart, ...]) -> str:
    """``("events", 17, "tile")`` → ``events[17].tile``; odd names as ``["a b"]``."""
    out: list[str] = []
    for part in path:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif _IDENTIFIER_RE.fullmatch(part) and len(part) <= 64:
            out.append(f".{part}" if out else part)
        else:
            name = part if len(part) <= 64 else part[:64] + "…"
            out.append(f"[{json.dumps(name, ensure_ascii=False)}]")
    return "".join(out)


def _sort_key(item: tuple[tuple[_PathPart, ...], str]) -> tuple[tuple[tuple[int, int, str], ...], str]:
    """Natural order: ``events[2]`` before ``events[10]``, a parent before its children."""
    path, message = item
    return tuple((0, p, "") if isinstance(p, int) else (1, 0, p) for p in path), message


def flatten_errors(messages: object) -> list[dict[str, str]]:
    """marshmallow's error structure as the contract's sorted ``[{"field", "message"}]`` list."""
    pairs = sorted(set(_walk(messages, ())), key=_sort_key)
    errors = [{"field": _render(path), "message": message[:500]} for path, message in pairs]
    if len(errors) > MAX_ERRORS:
        more = len(errors) - (MAX_ERRORS - 1)
        errors = [*errors[: MAX_ERRORS - 1], {"field": "", "message": f"and {more} more errors"}]
    return errors


def validate_record(obj: object) -> tuple[dict[str, Any] | None, list[dict[str, str]]]:
    """Validate one decoded hand record.

    Returns ``(record, [])`` with tiles normalised to canonical codes and everything else as
    given (no key is added), or ``(None, errors)`` where each error is
    ``{"field": "events[17].tile", "message": ...}``, sorted by field path. Never raises for
    any JSON-decoded value: a bad upload is the app's mistake, reported, not a server crash.
    """
    if not isinstance(obj, Mapping):
        return None, [{"field": "", "message": f"a hand record must be a JSON object, not {_json_type(obj)}"}]
    try:
        record: dict[str, Any] = _RECORD_SCHEMA.load(obj)
    except ValidationError as err:
        return None, flatten_errors(err.messages)
    return record, []
