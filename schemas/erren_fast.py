"""The schema-free fast path of ``erren-hand/1`` records: ``schemas.fast_record`` for 二人麻将.

Loading a perfect 二人 record through ``ErrenRecordSchema`` (the envelope, two nested seats, the
ruleset, the result's nested fans) cost more than the rest of its audit's verdict. This path
checks the common case with plain Python and returns exactly what the schema would return (an
equal dict, same key order and leaf types at every level, new dicts and lists), or None: "not
sure", and the caller runs the schema, so every error message and edge case stays the schema's.

It is Wuhan's ``FastRecord`` (the same envelope, ruleset memo, tile and event checks) with what
二人 has otherwise: two seats (ER-1.2), no ``laizi_indicator``, no ``deal`` beside a ``wall``
(ER-2.1), the ``buhua``/``ting`` events, and §9's ``result`` (``winner``, ``self_draw``, ``fans``
with their counts, ``total``, ``qualifying``, two ``deltas``). Unlike Wuhan's, each event is a new
dict (a chi's ``tiles`` a new list), as the schema makes them. ``tests/schemas/test_erren_fast.py``
holds it to the schema on valid records and on random mutations of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import chain, repeat
from typing import Any

from marshmallow import Schema, fields

from schemas.envelope import NAME_MAX_LENGTH, PLAYER_ID_MAX_LENGTH, is_clean_text
from schemas.fast_record import _ABSENT, _INT, _LIST, FastRecord, _present, _shapes

NUM_SEATS = 2
_SEATS = frozenset(range(NUM_SEATS))
_SEAT_KEYS = frozenset({"player_id", "name"})
_FAN_KEYS = frozenset({"id", "n"})


class ErrenFastRecord(FastRecord):
    """The fast path for ``ErrenRecordSchema``; built once by ``schemas.erren_hand``.

    Wuhan's constructor is not called: its fields (``laizi_indicator``, hand types) are not
    二人's. The names and bounds come from the schema's own constants, so the two cannot drift
    apart silently (a field added to the schema and not here raises at import).
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
        max_events: int,
        event_keys: Mapping[str, frozenset[str]],
        event_required: Mapping[str, tuple[str, ...]],
        gang_kinds: Iterable[str],
        fan_ids: Iterable[str],
        max_fans: int,
        max_fan_count: int,
        max_coins: int,
        result_keys: Iterable[str],
    ) -> None:
        self.format = record_format
        self.ruleset_field = ruleset
        self.tiles = frozenset(tiles)
        self.any_tile = min(self.tiles)
        self.wall_size = wall_size
        self.hand_size = hand_size
        self.dealer_hand_size = dealer_hand_size
        self.max_events = max_events
        self.event_keys = dict(event_keys)
        self.event_required = dict(event_required)
        self.gang_kinds = frozenset(gang_kinds)
        self.any_kind = min(self.gang_kinds)
        self.fan_ids = frozenset(fan_ids)
        self.max_fans = max_fans
        self.max_fan_count = max_fan_count
        self.max_coins = max_coins
        self.result_keys = frozenset(result_keys)
        load_fields = schema.load_fields
        self.keys = frozenset(f.data_key or name for name, f in load_fields.items())
        self.required = frozenset(f.data_key or name for name, f in load_fields.items() if f.required)
        self.loaders = {
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
            "events": self._events,
            "result": self._result,
        }
        if set(self.loaders) != self.keys:  # a field added to the schema must be added here
            raise ValueError(f"fast path fields {sorted(self.loaders)} != schema's {sorted(self.keys)}")
        self.shapes = set()
        self.rulesets = set()

    def _between_fields(self, record: dict[str, Any]) -> bool:
        """``ErrenRecordSchema._check_between_fields`` for a record whose every field is valid."""
        if "wall" in record:
            return "deal" not in record
        if "deal" not in record:
            return False
        for event in record["events"]:
            if event["type"] == "draw" and "tile" not in event:
                return False
        dealer = record["dealer"]
        return all(
            len(hand) == (self.dealer_hand_size if seat == dealer else self.hand_size)
            for seat, hand in enumerate(record["deal"])
        )

    # ----------------------------------------------------------------------------------------
    # Two seats (ER-1.2).

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

    def _dealer(self, value: object) -> int | None:
        return value if type(value) is int and 0 <= value < NUM_SEATS else None

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

    def _events_checked(self, events: list[Any]) -> list[dict[str, Any]] | None:
        n = len(events)
        shapes = set(_shapes(events))
        if not self.shapes.issuperset(shapes) and not all(map(self._shape_ok, shapes)):
            return None
        seats = list(map(dict.get, events, repeat("seat", n), repeat(0, n)))
        if not _INT.issuperset(map(type, seats)) or not _SEATS.issuperset(seats):  # True == 1
            return None
        if not self.tiles.issuperset(map(dict.get, events, repeat("tile", n), repeat(self.any_tile, n))):
            return None
        if not self.gang_kinds.issuperset(map(dict.get, events, repeat("kind", n), repeat(self.any_kind, n))):
            return None
        chis: list[Any] = list(
            filter(_present, map(dict.get, events, repeat("tiles", n), repeat(_ABSENT, n)))
        )
        if chis:
            if not _LIST.issuperset(map(type, chis)) or set(map(len, chis)) != {2}:
                return None
            if not self.tiles.issuperset(chain.from_iterable(chis)):
                return None
            return [{**e, "tiles": list(e["tiles"])} if "tiles" in e else dict(e) for e in events]
        return list(map(dict, events))

    # ----------------------------------------------------------------------------------------
    # The result (§9).

    def _result(self, value: object) -> dict[str, Any] | None:
        if type(value) is not dict or not value.keys() <= self.result_keys:
            return None
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key == "winner":
                if item is not None and not (type(item) is int and 0 <= item < NUM_SEATS):
                    return None
            elif key == "self_draw":
                if item is not None and type(item) is not bool:
                    return None
            elif key in ("total", "qualifying"):
                if type(item) is not int or not 0 <= item <= self.max_coins:
                    return None
            elif key == "fans":
                item = self._fans(item)
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

    def _fans(self, value: object) -> list[dict[str, Any]] | None:
        if type(value) is not list or len(value) > self.max_fans:
            return None
        ids = set()
        out = []
        for fan in value:
            if type(fan) is not dict or fan.keys() != _FAN_KEYS:
                return None
            fid, n = fan["id"], fan["n"]
            if type(fid) is not str or fid not in self.fan_ids or fid in ids:
                return None
            if type(n) is not int or not 1 <= n <= self.max_fan_count:
                return None
            ids.add(fid)
            out.append(dict(fan))
        return out

    def _deltas(self, value: object) -> list[int] | None:
        if type(value) is not list or len(value) != NUM_SEATS:
            return None
        bound = self.max_coins
        for delta in value:
            if type(delta) is not int or not -bound <= delta <= bound:
                return None
        return list(value) if sum(value) == 0 else None
