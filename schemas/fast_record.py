"""A schema-free fast path for loading a whole well-formed ``wuhan-hand/1`` record (issue #15).

The audit's verdict must cost a few ``json.loads``; loading a record through marshmallow (a
dozen nested schemas and fields, hooks, error bookkeeping) cost several hundred µs even when
the record was perfect, which is nearly always. :class:`FastRecord` checks the common case with
plain Python and C-level set operations and returns exactly what ``RecordSchema`` would return
(an equal dict, same key order at every level, new dicts and lists where the schema makes
new ones, except the events: see below), or None: "not sure". None is never an error; the
caller then runs the schema, so every error message and every edge case (tile aliases to
normalise, nulls, wrong types, unknown keys, cross-field mistakes) stays the schema's.

Safety rests on one rule: accept only what is *obviously* valid, by checks at least as strict
as the schema's, and decline everything else. In particular:

* numbers must be exactly ``int`` (``True == 1 == 1.0`` in Python: ``true`` is never a seat or
  a score, ``1.0`` never an integer) and containers exactly ``dict``/``list`` (nothing else
  passes ``dict.get`` or ``type(x) is list``); names, tiles and kinds are looked up among
  strings, which no other JSON value equals. (The input is a JSON-decoded value, as
  ``validate_record`` documents: dict, list, str, int, float, bool, None.)
* every key must be a known field and every required field present, at every level;
* tiles must already be canonical codes (aliases need normalising: declined);
* the ruleset is judged by the schema's own ruleset field (the engine's code); only rulesets it
  accepted are remembered, keyed by their exact content *with each value's type* (``True`` and
  ``1`` are equal and hash alike in Python, so a key without types would conflate them);
* the cross-field rules of ``RecordSchema._check_between_fields`` are re-checked for the
  accepted case (no wall needs a deal, an indicator and a tile on every draw; the dealer holds
  14 tiles and the others 13; the indicator is ``wall[53]``).

The one thing shared with the input: each event's dict. An accepted event is already exactly
what the schema would make of it (known keys in the given order, canonical tiles, exact ints),
so the loaded record's (new) events list holds the input's own event dicts instead of a hundred
copies of them, the largest part of this path's cost. Nothing downstream writes to an event
(the replayer, the analysis, the store and the viewer only read them); a caller that wants to
change the loaded record's events must copy them first, as ``validate_record`` says.

``tests/schemas/test_fast_record.py`` checks, on valid records and on random mutations of them,
that an accepted record is one the schema accepts with an equal output, and that whatever the
schema rejects is declined.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from functools import partial
from itertools import chain, repeat
from operator import is_not
from typing import Any

from marshmallow import Schema, ValidationError, fields

from schemas.envelope import (
    ID_MAX_LENGTH,
    ID_PATTERN,
    MAX_HAND_NO,
    NAME_MAX_LENGTH,
    NUM_SEATS,
    PLAYED_AT_MAX_LENGTH,
    PLAYER_ID_MAX_LENGTH,
    check_played_at,
    is_clean_text,
)

_ID_RE = re.compile(ID_PATTERN, re.ASCII)
_SEATS = frozenset(range(NUM_SEATS))
_LIST = frozenset({list})
_INT = frozenset({int})
_ABSENT = object()
_present = partial(is_not, _ABSENT)
#: Rulesets accepted are remembered up to this many (a hostile stream of distinct rulesets
#: then simply keeps paying the engine's check, as every record did before).
MAX_RULESETS = 1024
#: Override values the fast path freezes; anything else (floats, objects) goes to the schema.
_SCALARS = (str, int, bool, type(None))
_RULESET_KEYS = frozenset({"preset", "overrides"})
_SESSION_KEYS = ("id", "hand_no")
_SEAT_KEYS = frozenset({"player_id", "name"})


def _is_id(value: object) -> bool:
    """``hand_id``, ``source``, ``session.id``: a string of the URL-safe charset, 1-128 long."""
    return type(value) is str and len(value) <= ID_MAX_LENGTH and _ID_RE.fullmatch(value) is not None


def _shapes(events: list[Any]) -> Iterator[tuple[Any, tuple[Any, ...]]]:
    """Each event's ``(type, keys in order)``; dict.get raises TypeError for a non-object."""
    return zip(map(dict.get, events, repeat("type", len(events))), map(tuple, events), strict=True)


def _is_seat(value: object) -> bool:
    return type(value) is int and 0 <= value < NUM_SEATS


def _freeze(value: Any) -> Hashable | None:
    """An override value as a hashable key that keeps each value's type, or None to decline."""
    if type(value) is list:
        items = []
        for item in value:
            if type(item) not in (str, int):
                return None
            items.append((type(item), item))
        return (list, tuple(items))
    if type(value) in _SCALARS:
        return (type(value), value)
    return None


def _thaw(value: Any) -> Any:
    """A fresh copy of a frozen-able override value (what ``copy.deepcopy`` would give)."""
    return list(value) if type(value) is list else value


class FastRecord:
    """The fast path for one record schema; built once by ``schemas.hand_record``.

    The names and bounds come from the caller (the schema's own constants), the ruleset check
    from the schema's ruleset field, so the two cannot drift apart silently; the tests compare
    them on valid and mutated records.
    """

    def __init__(
        self,
        *,
        schema: Schema,
        record_format: str,
        ruleset: fields.Field[Any],
        tiles: Iterable[str],
        wall_size: int,
        hand_size: int,
        dealer_hand_size: int,
        indicator_index: int,
        max_events: int,
        event_keys: Mapping[str, frozenset[str]],
        event_required: Mapping[str, tuple[str, ...]],
        gang_kinds: Iterable[str],
        hand_types: Iterable[str],
        max_delta: int,
        result_keys: Iterable[str],
    ) -> None:
        self.format = record_format
        self.ruleset_field = ruleset
        self.tiles = frozenset(tiles)
        self.any_tile = min(self.tiles)
        self.wall_size = wall_size
        self.hand_size = hand_size
        self.dealer_hand_size = dealer_hand_size
        self.indicator_index = indicator_index
        self.max_events = max_events
        self.event_keys = dict(event_keys)
        self.event_required = dict(event_required)
        self.gang_kinds = frozenset(gang_kinds)
        self.any_kind = min(self.gang_kinds)
        self.hand_types = frozenset(hand_types)
        self.max_hands = len(self.hand_types)
        self.max_delta = max_delta
        self.result_keys = frozenset(result_keys)
        load_fields = schema.load_fields
        self.keys = frozenset(f.data_key or name for name, f in load_fields.items())
        self.required = frozenset(f.data_key or name for name, f in load_fields.items() if f.required)
        self.loaders: dict[str, Callable[[Any], Any]] = {
            "format": self._format,
            "hand_id": self._id,
            "source": self._id,
            "played_at": self._played_at,
            "session": self._session,
            "seats": self._seats,
            "ruleset": self._ruleset,
            "dealer": self._dealer,
            "wall": self._wall,
            "deal": self._deal,
            "laizi_indicator": self._tile,
            "events": self._events,
            "result": self._result,
        }
        if set(self.loaders) != self.keys:  # a field added to the schema must be added here
            raise ValueError(f"fast path fields {sorted(self.loaders)} != schema's {sorted(self.keys)}")
        #: Event shapes ``(type, keys in order)`` known valid. Finitely many exist (known types,
        #: their keys in some order), so this stays small whatever is uploaded.
        self.shapes: set[tuple[Any, tuple[Any, ...]]] = set()
        #: Frozen rulesets the schema's ruleset field accepted.
        self.rulesets: set[Hashable] = set()

    # ----------------------------------------------------------------------------------------
    # The record.

    def load(self, obj: object) -> dict[str, Any] | None:
        """The record exactly as ``RecordSchema().load(obj)`` returns it, or None ("not sure")."""
        if type(obj) is not dict:
            return None
        keys = obj.keys()
        if not keys <= self.keys or not self.required <= keys:
            return None
        loaders = self.loaders
        out: dict[str, Any] = {}
        for key, value in obj.items():
            loaded = loaders[key](value)
            if loaded is None:  # no top-level field is nullable: None is always "not sure"
                return None
            out[key] = loaded
        return out if self._between_fields(out) else None

    def _between_fields(self, record: dict[str, Any]) -> bool:
        """``RecordSchema._check_between_fields`` for a record whose every field is valid."""
        wall = record.get("wall")
        indicator = record.get("laizi_indicator")
        if wall is None:
            if "deal" not in record or indicator is None:
                return False
            for event in record["events"]:
                if event["type"] == "draw" and "tile" not in event:
                    return False
        deal = record.get("deal")
        if deal is not None:
            dealer = record["dealer"]
            for seat, hand in enumerate(deal):
                if len(hand) != (self.dealer_hand_size if seat == dealer else self.hand_size):
                    return False
        return wall is None or indicator is None or wall[self.indicator_index] == indicator

    # ----------------------------------------------------------------------------------------
    # The envelope.

    def _format(self, value: object) -> str | None:
        return value if type(value) is str and value == self.format else None

    def _id(self, value: object) -> str | None:
        return value if _is_id(value) else None  # type: ignore[return-value]

    def _played_at(self, value: object) -> str | None:
        if type(value) is not str or not 1 <= len(value) <= PLAYED_AT_MAX_LENGTH:
            return None
        try:
            check_played_at(value)  # ASCII-only pattern: no surrogate can pass it
        except ValidationError:
            return None
        return value

    def _session(self, value: object) -> dict[str, Any] | None:
        if type(value) is not dict or len(value) != len(_SESSION_KEYS):
            return None
        ident = value.get("id")
        hand_no = value.get("hand_no")
        if not _is_id(ident) or type(hand_no) is not int or not 1 <= hand_no <= MAX_HAND_NO:
            return None
        return dict(value)

    def _seats(self, value: object) -> list[dict[str, Any]] | None:
        if type(value) is not list or len(value) != NUM_SEATS:
            return None
        out = []
        for seat in value:
            if type(seat) is not dict or not seat.keys() <= _SEAT_KEYS:
                return None
            if not is_clean_text(seat.get("player_id"), 1, PLAYER_ID_MAX_LENGTH):
                return None
            if "name" in seat and not is_clean_text(seat["name"], 0, NAME_MAX_LENGTH):
                return None
            out.append(dict(seat))
        return out

    def _ruleset(self, value: object) -> dict[str, Any] | None:
        """The schema's ruleset field decides; a ruleset it accepted once is remembered."""
        if type(value) is not dict or not value.keys() <= _RULESET_KEYS:
            return None
        preset = value.get("preset")
        overrides = value.get("overrides", {})
        if type(preset) is not str or type(overrides) is not dict:
            return None
        frozen = []
        for name, setting in overrides.items():
            item = _freeze(setting)
            if type(name) is not str or item is None:
                return None
            frozen.append((name, item))
        key = (tuple(value), preset, tuple(frozen))
        if key not in self.rulesets:
            try:
                self.ruleset_field.deserialize(value, "ruleset", None)
            except ValidationError:
                return None
            if len(self.rulesets) < MAX_RULESETS:
                self.rulesets.add(key)
        out: dict[str, Any] = {}
        for name in value:
            out[name] = preset if name == "preset" else {n: _thaw(s) for n, s in overrides.items()}
        return out

    def _dealer(self, value: object) -> int | None:
        return value if _is_seat(value) else None  # type: ignore[return-value]

    # ----------------------------------------------------------------------------------------
    # Tiles.

    def _tile(self, value: object) -> str | None:
        return value if type(value) is str and value in self.tiles else None

    def _tiles(self, value: object, lo: int, hi: int) -> list[str] | None:
        """A list of ``lo``-``hi`` canonical codes, copied; set operations run in C."""
        if type(value) is not list or not lo <= len(value) <= hi:
            return None
        try:
            if not self.tiles.issuperset(value):  # no JSON value but a string equals a string
                return None
        except TypeError:  # an unhashable item
            return None
        return list(value)

    def _wall(self, value: object) -> list[str] | None:
        return self._tiles(value, self.wall_size, self.wall_size)

    def _deal(self, value: object) -> list[list[str]] | None:
        if type(value) is not list or len(value) != NUM_SEATS:
            return None
        out = []
        for hand in value:
            tiles = self._tiles(hand, self.hand_size, self.dealer_hand_size)
            if tiles is None:
                return None
            out.append(tiles)
        return out

    # ----------------------------------------------------------------------------------------
    # Events: a hundred-odd per record, so each check is one C-level pass over all of them.

    def _events(self, value: object) -> list[dict[str, Any]] | None:
        if type(value) is not list or len(value) > self.max_events:
            return None
        if not value:
            return []
        try:
            return self._events_checked(value)
        except TypeError:  # an unhashable value where a scalar belongs
            return None

    def _events_checked(self, events: list[Any]) -> list[dict[str, Any]] | None:
        # ``known.issuperset(values)`` looks each value up without building a set of them
        n = len(events)
        # this record's distinct shapes first: within one document the JSON decoder gives
        # each key (``"type"``, ``"seat"``...) one string object, so the keys of equal shapes
        # compare by identity here; then a handful of look-ups among the known shapes
        shapes = set(_shapes(events))
        if not self.shapes.issuperset(shapes) and not all(map(self._shape_ok, shapes)):
            return None
        seats = list(map(dict.get, events, repeat("seat", n), repeat(0, n)))
        if not _INT.issuperset(map(type, seats)) or not _SEATS.issuperset(seats):  # True == 1
            return None
        # tile and kind are compared with strings: no other JSON value equals a string
        if not self.tiles.issuperset(map(dict.get, events, repeat("tile", n), repeat(self.any_tile, n))):
            return None
        if not self.gang_kinds.issuperset(map(dict.get, events, repeat("kind", n), repeat(self.any_kind, n))):
            return None
        # a sentinel, not None, marks "no tiles": ``"tiles": null`` must reach the type check
        chis: list[Any] = list(
            filter(_present, map(dict.get, events, repeat("tiles", n), repeat(_ABSENT, n)))
        )
        if chis:
            if not _LIST.issuperset(map(type, chis)) or set(map(len, chis)) != {2}:
                return None
            if not self.tiles.issuperset(chain.from_iterable(chis)):
                return None
        # the input's own dicts: each is exactly what the schema would make (module docstring)
        return list(events)

    def _shape_ok(self, shape: tuple[Any, tuple[Any, ...]]) -> bool:
        """Known type, only its keys, all its required keys (remembered once known good)."""
        if shape in self.shapes:
            return True
        kind, keys = shape
        allowed = self.event_keys.get(kind) if type(kind) is str else None
        if allowed is None or not set(keys) <= allowed:
            return False
        if not all(name in keys for name in self.event_required[kind]):
            return False
        self.shapes.add(shape)
        return True

    # ----------------------------------------------------------------------------------------
    # The result.

    def _result(self, value: object) -> dict[str, Any] | None:
        if type(value) is not dict or not value.keys() <= self.result_keys:
            return None
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key in ("winner", "liable"):
                if item is not None and not _is_seat(item):
                    return None
            elif key == "hard":
                if item is not None and type(item) is not bool:
                    return None
            elif key == "self_draw":
                if type(item) is not bool:
                    return None
            elif key == "hands":
                item = self._hands(item)
                if item is None:
                    return None
            elif key == "deltas":
                item = self._deltas(item)
                if item is None:
                    return None
            else:  # a result field this path does not know: the schema decides
                return None
            out[key] = item
        return out

    def _hands(self, value: object) -> list[str] | None:
        if type(value) is not list or len(value) > self.max_hands:
            return None
        for name in value:
            if type(name) is not str or name not in self.hand_types:
                return None
        return list(value) if len(set(value)) == len(value) else None

    def _deltas(self, value: object) -> list[int] | None:
        if type(value) is not list or len(value) != NUM_SEATS:
            return None
        bound = self.max_delta
        for delta in value:
            if type(delta) is not int or not -bound <= delta <= bound:
                return None
        return list(value) if sum(value) == 0 else None
