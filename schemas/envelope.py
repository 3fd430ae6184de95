"""The record envelope every game's upload format shares (HAND_RECORD.md, sichuan.md §10).

``format``, ``hand_id``, ``source``, ``played_at``, ``session`` and ``seats`` say *which* hand
this is and who sat where, whatever the game; they are defined once here so that a store, an
API or a viewer can read them the same way from any record, and a new game inherits them
instead of re-spelling them (and drifting). The game's own fields (ruleset, wall, events,
result) are declared by each game's schema, which subclasses :class:`EnvelopeSchema`.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import Schema, ValidationError, validates

from schemas.errors import flatten_errors
from schemas.fields import (
    BoundedList,
    FastNested,
    Nested,
    StrictInt,
    StrictSchema,
    StrictStr,
    json_type,
    short,
)

#: Charset of ``hand_id``, ``source`` and ``session.id``: safe in URLs, file names and logs.
ID_PATTERN = r"[A-Za-z0-9._:-]{1,128}"
ID_MAX_LENGTH = 128
ID_WHAT = "1-128 characters of A-Z a-z 0-9 . _ : -"
PLAYER_ID_MAX_LENGTH = 128
NAME_MAX_LENGTH = 64
#: Characters a ``player_id`` or ``name`` may not hold: controls (C0, DEL, C1: NUL, ESC and its
#: ANSI sequences, CR/LF), the line and paragraph separators and the bidirectional embeddings,
#: overrides and isolates. Names are shown on pages, in terminals and in logs, where these
#: would forge lines, colours or the order of text. Written for Python's re and ECMA-262 alike.
TEXT_FORBIDDEN = r"\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
#: Invisible characters (issue 36): zero-width spaces and joiners, word joiners and invisible
#: operators, the byte-order mark, soft hyphen, fillers, deprecated format controls and the tag
#: characters U+E0000-U+E007F. ``al\u200bice`` and ``alice`` look the same on every page, so a
#: name or id holding one is refused rather than shown as a look-alike of another. The one
#: exception is U+200D (zero-width joiner) between two emoji, which draws one emoji (👨‍👩‍👧).
TEXT_INVISIBLE = (
    "\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200d\u2060-\u2064\u206a-\u206f"
    "\u3164\ufeff\uffa0\U000e0000-\U000e007f"
)
#: What may stand on either side of a U+200D that joins emoji (pictographs, symbols, VS16).
_EMOJI = "\u2190-\u2bff\ufe0f\U0001f000-\U0001faff"
#: The JSON Schema's pattern of a name or player id: no forbidden or invisible character, a
#: joiner only between emoji. Its astral characters are literal (JSON escapes them as pairs),
#: so Python's re and ECMA-262 with the ``u`` flag read it alike.
TEXT_PATTERN = rf"(?:[^{TEXT_FORBIDDEN}{TEXT_INVISIBLE}]|(?<=[{_EMOJI}])\u200d(?=[{_EMOJI}]))*"

#: RFC 3339 ``date-time`` (section 5.6): the offset is mandatory, ``Z`` counts as one.
PLAYED_AT_PATTERN = (
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]{1,9})?"
    r"([Zz]|[+-]([0-9]{2}):([0-9]{2}))"
)
PLAYED_AT_MAX_LENGTH = 40

NUM_SEATS = 4
#: A sitting never lasts a million hands; the bound rejects absurd (and absurdly large) ints.
MAX_HAND_NO = 1_000_000
#: Longest ``format`` string read before it is compared.
FORMAT_MAX_LENGTH = 64

_ID_RE = re.compile(ID_PATTERN, re.ASCII)
_FORBIDDEN_RE = re.compile(f"[{TEXT_FORBIDDEN}]")
_UNSEEN_RE = re.compile(f"[{TEXT_FORBIDDEN}{TEXT_INVISIBLE}]")
_EMOJI_RE = re.compile(f"[{_EMOJI}]")
_PLAYED_AT_RE = re.compile(PLAYED_AT_PATTERN, re.ASCII)

#: One decoded record validated: the normalised record, or None and the contract's error list.
Validated = tuple[dict[str, Any] | None, list[dict[str, str]]]


def check_played_at(value: str) -> None:
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


def unseen_at(value: str) -> int | None:
    """Where the first forbidden or invisible character of ``value`` is, or None: a zero-width
    joiner between two emoji is part of the emoji, not a hidden character."""
    for m in _UNSEEN_RE.finditer(value):
        at = m.start()
        joins = (
            m.group() == "\u200d"
            and 0 < at < len(value) - 1
            and _EMOJI_RE.match(value, at - 1) is not None
            and _EMOJI_RE.match(value, at + 1) is not None
        )
        if not joins:
            return at
    return None


#: Texts already found valid Unicode without a forbidden character, up to this many: a sitting's
#: four players (ids and names) come back hand after hand
MAX_TEXTS = 4096
_CLEAN_TEXTS: set[str] = set()


def is_clean_text(value: object, lo: int, hi: int) -> bool:
    """``player_id``/``name``: a string of ``lo``-``hi`` characters, valid Unicode, no controls."""
    if type(value) is not str or not lo <= len(value) <= hi:
        return False
    if value in _CLEAN_TEXTS:  # a str equal to a clean one is that same text
        return True
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
    if unseen_at(value) is not None:
        return False
    if len(_CLEAN_TEXTS) < MAX_TEXTS:
        _CLEAN_TEXTS.add(value)
    return True


_SEAT_KEYS = frozenset({"player_id", "name"})


def fast_seat(item: object) -> dict[str, Any] | None:
    """A ``seats`` entry in its common form (``player_id`` and an optional ``name``, clean texts)
    loaded without ``SeatSchema``: an equal new dict, or None for the schema to judge."""
    if type(item) is not dict or not item.keys() <= _SEAT_KEYS:
        return None
    if not is_clean_text(item.get("player_id"), 1, PLAYER_ID_MAX_LENGTH):
        return None
    if "name" in item and not is_clean_text(item["name"], 0, NAME_MAX_LENGTH):
        return None
    return dict(item)


def strip_invisible(value: str) -> str:
    """``value`` without its invisible characters (a joiner inside an emoji kept): for a token's
    label, a note for people, where removing them loses nothing (names are refused instead)."""
    while True:
        at = unseen_at(value)
        if at is None or _FORBIDDEN_RE.match(value, at):
            return value
        value = value[:at] + value[at + 1 :]


def check_controls(value: str) -> None:
    """No control, separator or bidirectional-control character (``TEXT_FORBIDDEN``)."""
    m = _FORBIDDEN_RE.search(value)
    if m is not None:
        raise ValidationError(
            f"must not hold control characters: U+{ord(m.group()):04X} at position {m.start()}"
            " (controls, line separators and bidirectional controls are refused)"
        )


def check_text(value: str) -> None:
    """No control, separator or bidirectional-control character (``TEXT_FORBIDDEN``) and no
    invisible one (``TEXT_INVISIBLE``); the error names the first one and where it is, so an app
    can find it."""
    check_controls(value)
    at = unseen_at(value)
    if at is None:
        return
    char = value[at]
    raise ValidationError(
        f"must not hold invisible characters: U+{ord(char):04X} at position {at}"
        " (zero-width, tag and other invisible characters are refused: a name must look like itself)"
    )


def seat_field(*, required: bool = True, allow_none: bool = False) -> StrictInt:
    """A seat number 0-3 (turn order 0→1→2→3)."""
    return StrictInt(0, NUM_SEATS - 1, required=required, allow_none=allow_none)


def id_field(*, required: bool = False) -> StrictStr:
    """``hand_id``, ``source``, ``session.id``: the URL- and file-safe identifier charset."""
    return StrictStr(1, ID_MAX_LENGTH, pattern=_ID_RE, what=ID_WHAT, required=required)


class SessionSchema(StrictSchema):
    id = id_field(required=True)
    hand_no = StrictInt(1, MAX_HAND_NO, required=True)


class SeatSchema(StrictSchema):
    player_id = StrictStr(1, PLAYER_ID_MAX_LENGTH, required=True, validate=check_text)
    name = StrictStr(0, NAME_MAX_LENGTH, validate=check_text)


class EnvelopeSchema(StrictSchema):
    """The fields every record has; a game's record schema subclasses this and sets ``FORMAT``."""

    #: The exact ``format`` string of the subclass's records, e.g. ``wuhan-hand/1``.
    FORMAT: ClassVar[str] = ""

    format = StrictStr(1, FORMAT_MAX_LENGTH, required=True)
    hand_id = id_field(required=True)
    source = id_field(required=True)
    played_at = StrictStr(1, PLAYED_AT_MAX_LENGTH, validate=check_played_at)
    session = Nested(SessionSchema)
    seats = BoundedList(FastNested(SeatSchema, fast_seat), NUM_SEATS, NUM_SEATS, noun="seats", required=True)

    @validates("format")
    def _check_format(self, value: str, **kwargs: Any) -> None:
        if value != self.FORMAT:
            raise ValidationError(f"must be {self.FORMAT!r}, not {short(value)}")


def load_record(schema: Schema, obj: object) -> Validated:
    """Validate one decoded record with a game's schema; never raises for a JSON value.

    Returns ``(record, [])`` with tiles normalised and everything else as given, or
    ``(None, errors)`` sorted by field path: a bad upload is the app's mistake, reported, not a
    server crash.
    """
    if not isinstance(obj, Mapping):
        return None, [{"field": "", "message": f"a hand record must be a JSON object, not {json_type(obj)}"}]
    try:
        record: dict[str, Any] = schema.load(obj)
    except ValidationError as err:
        return None, flatten_errors(err.messages)
    return record, []
