"""What every tile game's record schema shares (Wuhan, Sichuan, Changsha and the games after
them): the event base schemas, the discriminated union of events, the suited-tile field of a
game without honours, and the rules between ``wall``, ``deal``, ``dealer`` and ``events``.

Each game's module (``schemas.<game>_hand``) keeps what is its own: its event types and their
fields, the hint for a type it does not have, its fast path, its result and its ruleset. The
messages are written once here, so every game's records are refused in the same words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from marshmallow import Schema, ValidationError, fields

from replay.tiles import CODES, HONOURS, KIND_OF, ZH_NAMES
from schemas.envelope import NUM_SEATS, seat_field
from schemas.fields import (
    BoundedList,
    Messages,
    StrictInt,
    StrictSchema,
    StrictStr,
    Tile,
    canonical_tile,
    check_zero_sum,
    field_messages,
    json_type,
    merge_errors,
    short,
)

#: the 108 tiles of a game without honours (万 m, 条 s, 筒 p), as codes
SUITED_CODES: tuple[str, ...] = tuple(code for code in CODES if KIND_OF[code] not in HONOURS)

NO_WALL = "required when there is no wall"


# --------------------------------------------------------------------------------------------
# Tiles and lists.


def suited_tile_loader(game: str, rule: str) -> Callable[[object], str]:
    """The loader of a suited tile for ``game`` ("Sichuan"): any accepted spelling as its code;
    an honour is refused naming the game's ``rule`` (SC-1.1, CS-1.1)."""

    def suited_tile(value: object) -> str:
        code = canonical_tile(value)
        kind = KIND_OF[code]
        if kind in HONOURS:
            raise ValidationError(
                f"{ZH_NAMES[kind]} ({code}) is an honour tile (字牌): {game} mahjong ({rule}) has only "
                "万 m, 条 s and 筒 p tiles"
            )
        return code

    return suited_tile


def suited_tile_field(load: Callable[[object], str]) -> type[Tile]:
    """A ``Tile`` field class that loads with ``load`` (``suited_tile_loader``): never an honour."""

    class SuitedTile(Tile):
        """A tile in any alias, loaded as its canonical code, never an honour."""

        FAST_CODES = frozenset(SUITED_CODES)

        def _deserialize(
            self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
        ) -> str:
            return load(value)

    return SuitedTile


def unique(noun: str) -> Callable[[list[Any]], None]:
    """A list validator: no ``noun`` (seat, way, hand) listed twice (an exporter bug)."""

    def check(values: list[Any]) -> None:
        if len(set(values)) != len(values):
            raise ValidationError(f"must not list a {noun} twice")

    return check


def deltas_field(max_coins: int, seats: int = NUM_SEATS) -> BoundedList[int]:
    """``result.deltas``: one integer per seat (of ``seats``: 二人麻将 has two), summing to zero."""
    integer = StrictInt(-max_coins, max_coins)
    return BoundedList(integer, seats, seats, noun="integers", validate=check_zero_sum)


def wall_field(tile: type[Tile], size: int) -> BoundedList[str]:
    """``wall``: every tile of the set, in the order they leave the wall."""
    return BoundedList(tile(), size, size, noun="tiles")


def deal_field(
    tile: type[Tile], hand_size: int, dealer_hand_size: int, seats: int = NUM_SEATS
) -> BoundedList[Any]:
    """``deal``: one hand per seat (of ``seats``), of ``hand_size`` or ``dealer_hand_size`` tiles
    (which seat holds which is ``deal_size_errors``)."""
    hand: Any = BoundedList(tile(), hand_size, dealer_hand_size, noun="tiles")
    return BoundedList(hand, seats, seats, noun="hands")


def events_field(union: type[EventUnion], max_events: int) -> BoundedList[dict[str, Any]]:
    """``events``: the record's events, each read by the game's ``EventUnion``."""
    return BoundedList(union(), 0, max_events, noun="events", required=True)


# --------------------------------------------------------------------------------------------
# Events.


class TableEvent(StrictSchema):
    """An event that is nobody's action (黄庄, 扎鸟, 换三张): ``type`` only, no ``seat``."""

    event_type: ClassVar[str] = ""
    type = StrictStr(1, 16, required=True)


class SeatEvent(TableEvent):
    """A seat's action: ``type`` (already dispatched on) and ``seat``."""

    seat = seat_field()


class HuangzhuangSchema(TableEvent):
    """The wall running out (黄庄, 流局) is nobody's action, so it has no ``seat``."""

    event_type = "huangzhuang"


def event_schemas(*classes: type[TableEvent]) -> dict[str, Schema]:
    """Event type -> schema instance, in the order given (the record format's order)."""
    return {cls.event_type: cls() for cls in classes}


def schema_fields(schema: Schema) -> dict[str, bool]:
    """The fields of one event schema and whether each is required (feeds the JSON Schema)."""
    return {name: f.required for name, f in schema.load_fields.items()}


def event_keys(schemas: Mapping[str, Schema]) -> dict[str, frozenset[str]]:
    """Each event type's allowed keys (a fast path accepts no other)."""
    return {t: frozenset(schema_fields(s)) for t, s in schemas.items()}


def event_required(schemas: Mapping[str, Schema]) -> dict[str, tuple[str, ...]]:
    """Each event type's required keys."""
    return {t: tuple(name for name, req in schema_fields(s).items() if req) for t, s in schemas.items()}


class EventUnion(fields.Field[dict[str, Any]]):
    """The discriminated union of events: ``type`` picks the schema, which then is exact.

    With an unknown or missing ``type`` only ``type`` is reported: the other fields cannot be
    judged without knowing which event was meant. A game sets ``SCHEMAS`` and ``TYPES`` and may
    override ``fast`` (its schema-free path for a common, already canonical event) and
    ``unknown_hint`` (a word on a type it does not have: Sichuan's chi).
    """

    SCHEMAS: ClassVar[Mapping[str, Schema]] = {}
    TYPES: ClassVar[tuple[str, ...]] = ()

    default_error_messages: Messages = field_messages()

    def fast(self, value: Mapping[str, Any]) -> dict[str, Any] | None:
        """The event loaded without its schema, or None to load it through the schema."""
        return None

    def unknown_hint(self, kind: object) -> str:
        return ""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise ValidationError(f"must be an object, not {json_type(value)}")
        if "type" not in value:
            raise ValidationError({"type": [f"required field is missing; one of {', '.join(self.TYPES)}"]})
        kind = value["type"]
        if not isinstance(kind, str) or kind not in self.SCHEMAS:
            raise ValidationError(
                {
                    "type": [
                        f"must be one of {', '.join(self.TYPES)}, not {short(kind)}{self.unknown_hint(kind)}"
                    ]
                }
            )
        fast = self.fast(value)
        if fast is not None:
            return fast
        try:
            loaded: dict[str, Any] = self.SCHEMAS[kind].load(value)
        except ValidationError as err:
            raise ValidationError(err.messages) from None
        return loaded


# --------------------------------------------------------------------------------------------
# Rules between the record's fields.


def no_wall_errors(
    original: Mapping[str, Any], errors: dict[Any, Any], max_events: int, required: Iterable[str] = ("deal",)
) -> None:
    """Without a ``wall``: each of ``required`` must be given and every draw names its tile."""
    if "wall" in original:
        return
    for name in required:
        if name not in original:
            errors[name] = [NO_WALL]
    raw_events = original.get("events")
    if isinstance(raw_events, list) and len(raw_events) <= max_events:
        for i, event in enumerate(raw_events):
            if isinstance(event, Mapping) and event.get("type") == "draw" and "tile" not in event:
                merge_errors(errors, {"events": {i: {"tile": [NO_WALL]}}})


def deal_size_errors(
    data: Mapping[str, Any],
    original: Mapping[str, Any],
    errors: dict[Any, Any],
    hand_size: int,
    dealer_hand_size: int,
    seats: int = NUM_SEATS,
) -> None:
    """The dealer is dealt ``dealer_hand_size`` tiles, the others ``hand_size``; a hand of the
    other size is named by its seat (a length of neither, or a deal not of ``seats`` hands, is
    the list's own error)."""
    dealer = data.get("dealer")
    raw_deal = original.get("deal")
    if isinstance(dealer, int) and isinstance(raw_deal, list) and len(raw_deal) == seats:
        for seat, hand in enumerate(raw_deal):
            want = dealer_hand_size if seat == dealer else hand_size
            if isinstance(hand, list) and len(hand) in (hand_size, dealer_hand_size) and len(hand) != want:
                who = "the dealer" if seat == dealer else f"not the dealer (dealer is {dealer})"
                message = f"seat {seat} is {who}: must hold {want} tiles, not {len(hand)}"
                merge_errors(errors, {"deal": {seat: [message]}})
