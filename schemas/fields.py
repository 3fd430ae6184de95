"""Strict JSON field types shared by every record format's schema (``wuhan-hand/1``, ``sichuan-hand/1``).

Upload contracts promise apps that every mistake names the field that is wrong and what was
expected, and that nothing unknown is silently ignored. These building blocks keep that promise
the same way for every game: strict about JSON types (``true`` is not seat 1, ``"1"`` is not 1),
bounded before any per-item work (a hostile upload costs nothing), and one wording for the
common messages so the games' errors read alike.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from marshmallow import EXCLUDE, Schema, ValidationError, fields, post_load, validates_schema

from replay.errors import InputError
from replay.tiles import CODES, parse_tile

#: Longest tile token accepted (aliases are at most a few characters; this allows padding).
MAX_TILE_TOKEN = 32

T = TypeVar("T")

#: The type marshmallow gives ``Field.default_error_messages``.
Messages = dict[str, str | list[Any] | dict[Any, Any]]

#: Messages shared by every field, so all errors read the same way whatever the field type.
COMMON_MESSAGES: dict[str, str] = {
    "required": "required field is missing",
    "null": "must not be null",
    "validator_failed": "invalid value",
}


def field_messages(**extra: Any) -> Messages:
    """A field class's error messages: its own plus the shared ones, which win (so a Nested's
    'null' reads like every other field's); a fresh dict per class."""
    return {**extra, **COMMON_MESSAGES}


def schema_messages() -> dict[str, str]:
    """Schema-level messages; only ``type`` (input is not an object) is ever used."""
    return {"type": "must be an object"}


def short(value: object, limit: int = 40) -> str:
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


#: How much of an untrusted text an error message or a 404 echoes back.
ECHO_LIMIT = 80


def echo(value: str, limit: int = ECHO_LIMIT) -> str:
    """An untrusted text quoted in an error: whole if short, else its first ``limit`` characters,
    an ellipsis and the original length (a 100 KB player id is not sent back in full)."""
    if len(value) <= limit:
        return repr(value)
    return f"{value[:limit]!r}… ({len(value)} characters)"


def json_type(value: object) -> str:
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
class UnknownKey:
    """Error-dict key for an unknown field.

    Marshmallow keys schema-level errors by the string ``"_schema"``; an app that sends a
    field literally named ``_schema`` would collide with it if unknown fields were keyed by
    their plain name, so they get this distinct key type instead.
    """

    name: str


# --------------------------------------------------------------------------------------------
# Fields: strict about JSON types (no bool-as-int, no "1"-as-int), bounded, uniform messages.


class StrictInt(fields.Field[int]):
    """An integer in ``[lo, hi]``; booleans and floats are rejected (``True`` is not seat 1)."""

    default_error_messages: Messages = field_messages(
        invalid="must be an integer, not {got}", range="must be an integer from {lo} to {hi}, not {got}"
    )

    def __init__(self, lo: int, hi: int, *, required: bool = False, allow_none: bool = False) -> None:
        super().__init__(required=required, allow_none=allow_none)
        self.lo = lo
        self.hi = hi

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> int:
        if isinstance(value, float) and value.is_integer() and not self.lo <= value <= self.hi:
            # an integer too large for 64 bits reaches here as a float (orjson): the range is
            # what the app needs to hear, not that 2**70 "is not an integer"
            raise self.make_error("range", lo=self.lo, hi=self.hi, got=f"{value:.3g}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.make_error("invalid", got=json_type(value))
        if not self.lo <= value <= self.hi:
            raise self.make_error("range", lo=self.lo, hi=self.hi, got=short(value))
        return value


class StrictStr(fields.Field[str]):
    """A string with a length range and optionally a full-match pattern; no other JSON type."""

    default_error_messages: Messages = field_messages(
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
            raise self.make_error("invalid", got=json_type(value))
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


class StrictBool(fields.Field[bool]):
    """``true`` or ``false`` only: marshmallow's Boolean would also take ``1`` and ``"yes"``."""

    default_error_messages: Messages = field_messages(invalid="must be true or false, not {got}")

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", got=json_type(value))
        return value


class Choice(StrictStr):
    """One of a fixed set of names (hand types, gang kinds)."""

    def __init__(self, choices: tuple[str, ...], *, required: bool = False) -> None:
        super().__init__(0, max(len(c) for c in choices), required=required)
        self.choices = choices

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        if not isinstance(value, str) or value not in self.choices:
            raise ValidationError(f"must be one of {', '.join(self.choices)}, not {short(value)}")
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
            raise ValidationError(f"unknown tile {short(value)}")
    else:
        raise ValidationError(
            f"must be a tile (a code such as '5m' or a server integer code), not {json_type(value)}"
        )
    try:
        return CODES[parse_tile(value, "")]
    except InputError as err:
        raise ValidationError(err.message) from None


class Tile(fields.Field[str]):
    """A tile in any alias, loaded as its canonical code."""

    default_error_messages: Messages = field_messages()

    #: Tokens that load as themselves; anything else goes through :func:`canonical_tile`.
    FAST_CODES: frozenset[str] = frozenset(CODES)

    def fast_item(self, value: object) -> str | None:
        """A canonical code as it is (the common case in walls), else None."""
        return value if type(value) is str and value in self.FAST_CODES else None

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        return canonical_tile(value)


class BoundedList(fields.List[T]):
    """A JSON array with a length range, checked *before* the items so a huge list costs nothing.

    marshmallow's List would also take tuples, sets and other iterables, and checks a length
    validator only after deserialising every item.
    """

    default_error_messages: Messages = field_messages(
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
            raise self.make_error("invalid", got=json_type(value))
        if not self.lo <= len(value) <= self.hi:
            key = "exact" if self.lo == self.hi else "max" if self.lo == 0 else "range"
            raise self.make_error(key, lo=self.lo, hi=self.hi, n=len(value), noun=self.noun)
        fast = self._fast(value)
        if fast is not None:
            return fast
        result: list[T | None] = super()._deserialize(value, attr, data, **kwargs)
        return result

    def _fast(self, value: list[Any]) -> list[Any] | None:
        """Walls and event lists in their common, canonical form skip the per-item Field calls.

        The inner field opts in with ``fast_item``, which returns the loaded item or None when
        the item needs the full field (an alias to normalise, an error to report).
        """
        fast_item: Callable[[Any], Any] | None = getattr(self.inner, "fast_item", None)
        if fast_item is None:
            return None
        out = []
        for item in value:
            fast = fast_item(item)
            if fast is None:
                return None
            out.append(fast)
        return out


class Nested(fields.Nested):
    """Nested with the shared messages (marshmallow's default 'Field may not be null.')."""

    default_error_messages: Messages = field_messages(**fields.Nested.default_error_messages)


class FastNested(Nested):
    """A nested object with a schema-free ``fast_item`` for its common form (read by
    ``BoundedList._fast``): it returns what the schema would return for an item already in
    canonical form (an equal new dict, in the input's key order) or None, and then the whole list
    goes through the schema, so every message and edge case stays the schema's."""

    def __init__(self, schema: Any, fast: Callable[[object], dict[str, Any] | None]) -> None:
        super().__init__(schema)
        self.fast_item = fast


def check_unique(values: list[Any]) -> None:
    """A hand type listed twice is an exporter bug, not a stronger hand."""
    if len(set(values)) != len(values):
        raise ValidationError("must not list a hand type twice")


def check_zero_sum(values: list[Any]) -> None:
    """Mahjong is zero-sum: whatever the losers pay the winner receives (R-10.1)."""
    total = sum(values)
    if total != 0:
        raise ValidationError(f"must sum to 0, not {total}")


def merge_errors(into: dict[Any, Any], more: Mapping[Any, Any]) -> None:
    """Deep-merge error dicts (several overrides may be wrong at once)."""
    for key, value in more.items():
        if isinstance(value, Mapping) and isinstance(into.get(key), dict):
            merge_errors(into[key], value)
        else:
            into[key] = value


class StrictSchema(Schema):
    """Base schema: unknown fields are errors naming the field, at every level.

    This is marshmallow's ``RAISE`` behaviour, done by a hook so the error is keyed by
    :class:`UnknownKey` (see there); the output keeps the input's key order.
    """

    class Meta:
        unknown = EXCLUDE

    error_messages: dict[str, str] = schema_messages()

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _reject_unknown(self, data: Mapping[str, Any], original_data: Any, **kwargs: Any) -> None:
        if not isinstance(original_data, Mapping):
            return
        known = {f.data_key or name for name, f in self.load_fields.items()}
        unknown = [key for key in original_data if key not in known]
        if unknown:
            raise ValidationError({UnknownKey(str(key)): ["unknown field"] for key in unknown})

    @post_load(pass_original=True)
    def _keep_order(self, data: dict[str, Any], original_data: Any, **kwargs: Any) -> dict[str, Any]:
        if not isinstance(original_data, Mapping):
            return data
        return {key: data[key] for key in original_data if key in data}
