"""Validation of uploaded Sichuan hand records, format ``sichuan-hand/1`` (sichuan.md §10).

The same contract as ``wuhan-hand/1`` (``schemas.hand_record``), with the same envelope
(``schemas.envelope``) and the same strict fields: every error names the JSON path of the field
and what was expected, nothing unknown is ignored, tile aliases become canonical codes. What is
Sichuan's own: 108 suited tiles (an honour makes the record invalid, SC-1.1), the ruleset is a
Sichuan preset (``xuezhan`` 血战到底, ``xueliu`` 血流成河) with overrides judged by
``replay.games.sichuan.params``, no ``laizi_indicator``, ``stacks`` with ``bankruptcy``, the
``swap`` (换三张) and ``dingque`` (定缺) events, and a ``result`` of wins and transfers.

As for Wuhan, only *spelling and shape* are checked here; whether the events can happen (a swap
when ``swap_three`` is off, a fifth 5m, a win on a void suit) is the replayer's verdict, with the
SC rule it breaks, never a validation error.

Public API: :data:`FORMAT`, :class:`SichuanRecordSchema` and :func:`validate_record`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, fields, validates_schema

from replay.errors import InputError
from replay.games.sichuan.params import PRESETS, VALIDATORS, WAYS, rules_from_json
from replay.games.sichuan.vocabulary import (
    GANG_KINDS,
    HAND_TYPES,
    SUIT_ALIASES,
    SWAP_DIRECTIONS,
    TRANSFER_KINDS,
)
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
    event_keys,
    event_required,
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
    FastNested,
    Messages,
    Nested,
    StrictInt,
    StrictSchema,
    field_messages,
    json_type,
    short,
)
from schemas.ruleset_field import RulesetField

__all__ = ["FORMAT", "SichuanRecordSchema", "validate_record"]

FORMAT = "sichuan-hand/1"

WALL_SIZE = 108
HAND_SIZE = 13
DEALER_HAND_SIZE = 14
SWAP_SIZE = 3
#: A xuezhan hand has at most 55 draws and as many discards and claims; xueliu a few more. The
#: bound only keeps a hostile upload from costing unbounded work.
MAX_EVENTS = 20000
#: Coins (§10: amounts, deltas and stacks are coins, n units = n × base). Uncapped xueliu hands
#: can move large sums; the bound is JSON's safe-integer range, so every app can send it exactly.
MAX_COINS = 2**53 - 1
#: A hand has at most a few dozen wins (xueliu) and a few transfers per win and kong.
MAX_WINS = 200
MAX_TRANSFERS = 2000
#: M before the cap (SC-5.1) for the largest real hand is far below this.
MAX_MULTIPLE = 2**53 - 1
#: G (根) counts kinds held four times: at most 4 with 18 tiles in hand and melds.
MAX_GEN = 4

EVENT_TYPES: tuple[str, ...] = (
    "swap",
    "dingque",
    "draw",
    "discard",
    "peng",
    "gang",
    "hu",
    "pass",
    "huangzhuang",
)


# --------------------------------------------------------------------------------------------
# Fields of Sichuan's own.


#: any accepted spelling of a suited tile as its code; an honour is refused naming SC-1.1
suited_tile = suited_tile_loader("Sichuan", "SC-1.1")
#: a tile in any alias, loaded as its canonical code, never an honour (SC-1.1)
SuitedTile = suited_tile_field(suited_tile)


class Suit(fields.Field[str]):
    """A suit letter ``m`` ``s`` ``p`` (or 万 条 筒), loaded as the letter."""

    default_error_messages: Messages = field_messages()

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        if isinstance(value, str) and value.strip() in SUIT_ALIASES:
            return SUIT_ALIASES[value.strip()]
        if isinstance(value, str):
            raise ValidationError(f"must be a suit: m 万, s 条 or p 筒, not {short(value)}")
        raise ValidationError(f"must be a suit (m 万, s 条 or p 筒), not {json_type(value)}")


# --------------------------------------------------------------------------------------------
# The ruleset: judged by replay.games.sichuan.params, the module the engine reads.


def _override_shape(value: object) -> str | None:
    """Reject values no Sichuan parameter can take before the engine sees (and quotes) them."""
    if isinstance(value, float):
        return "no ruleset parameter takes a fractional number"
    if isinstance(value, str) and len(value) > 64:
        return "is too long for any ruleset parameter"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        return "is beyond any real table's stakes"
    if isinstance(value, list):
        if len(value) > 8:
            return "has too many items for any ruleset parameter"
        if not all(isinstance(item, str) and len(item) <= 64 for item in value):
            return "is not a valid value (a list here holds only way names, e.g. gangshanghua)"
    if isinstance(value, Mapping) and not _cap_like(value):
        return 'is not a valid value (an object here is a cap: {"fan": n} or {"multiple": m})'
    return None


def _cap_like(value: Mapping[Any, Any]) -> bool:
    """At most two short keys with short scalar values: safe to hand to the engine and quote."""
    return len(value) <= 2 and all(
        isinstance(k, str)
        and len(k) <= 16
        and (
            (isinstance(v, str) and len(v) <= 16)
            or isinstance(v, bool)
            or (isinstance(v, int) and abs(v) <= 10**12)
        )
        for k, v in value.items()
    )


class _SichuanRuleset(RulesetField):
    """``{"preset": "xuezhan"|"xueliu", "overrides": {...}}`` (sichuan.md §8), kept as given."""

    presets = tuple(PRESETS)
    parameters = VALIDATORS
    fallback_preset = "xuezhan"

    def load_ruleset(self, spec: Mapping[str, Any]) -> None:
        rules_from_json(spec, "ruleset")

    def shape_problem(self, value: object) -> str | None:
        return _override_shape(value)

    def place(self, err: InputError, name: str) -> dict[Any, Any]:
        """``ruleset.overrides.cap.fan`` and ``ruleset.overrides.ways[1]`` at their own paths.

        The override name is a JSON key that may itself hold dots, so the engine's path is
        matched against the known name rather than split.
        """
        rest = err.field.removeprefix("ruleset.").removeprefix("overrides.").removeprefix(name)
        if rest.startswith("[") and rest.endswith("]") and rest[1:-1].isdigit():
            return {"overrides": {name: {int(rest[1:-1]): [err.message]}}}
        if rest.startswith(".") and len(rest) > 1:
            return {"overrides": {name: {rest[1:]: [err.message]}}}
        return {"overrides": {name: [err.message]}}


def _bankruptcy(ruleset: Mapping[str, Any]) -> bool | None:
    """Whether the record's ruleset plays with 破产 (§7); None when the ruleset is invalid."""
    try:
        return rules_from_json(ruleset, "ruleset").bankruptcy
    except (InputError, TypeError, ValueError, KeyError):
        return None


# --------------------------------------------------------------------------------------------
# Events.


class SichuanDrawSchema(SeatEvent):
    event_type = "draw"
    tile = SuitedTile()  # optional with a wall; required without one (checked by the record)


class SichuanDiscardSchema(SeatEvent):
    event_type = "discard"
    tile = SuitedTile(required=True)


class SichuanPengSchema(SeatEvent):
    event_type = "peng"


class SichuanGangSchema(SeatEvent):
    event_type = "gang"
    kind = Choice(tuple(GANG_KINDS), required=True)
    tile = SuitedTile(required=True)


class SichuanHuSchema(SeatEvent):
    event_type = "hu"
    tile = SuitedTile()


class SichuanPassSchema(SeatEvent):
    event_type = "pass"


class SichuanSwapSchema(TableEvent):
    """换三张 (SC-2.1): all four seats pass three tiles at once, so it has no ``seat``.

    ``tiles[s]`` are the three tiles seat s gave away; ``direction`` is where they went (under
    ``swap_direction: random`` the dice decided, and the event says what they decided).
    """

    event_type = "swap"
    direction = Choice(tuple(SWAP_DIRECTIONS), required=True)
    tiles = BoundedList(
        BoundedList(SuitedTile(), SWAP_SIZE, SWAP_SIZE, noun="tiles"),
        NUM_SEATS,
        NUM_SEATS,
        noun="seats' tiles",
        required=True,
    )


class SichuanDingqueSchema(TableEvent):
    """定缺 (SC-2.2): all four seats declare their void suit at once; ``suits[s]`` is seat s's."""

    event_type = "dingque"
    suits = BoundedList(Suit(), NUM_SEATS, NUM_SEATS, noun="suits", required=True)


class SichuanHuangzhuangSchema(HuangzhuangSchema):
    """The wall running out (流局, SC-1.6) is nobody's action, so it has no ``seat``."""


EVENT_SCHEMAS: dict[str, Schema] = event_schemas(
    SichuanSwapSchema,
    SichuanDingqueSchema,
    SichuanDrawSchema,
    SichuanDiscardSchema,
    SichuanPengSchema,
    SichuanGangSchema,
    SichuanHuSchema,
    SichuanPassSchema,
    SichuanHuangzhuangSchema,
)
assert tuple(EVENT_SCHEMAS) == EVENT_TYPES


def event_fields(event_type: str) -> dict[str, bool]:
    """The fields of one event type and whether each is required (also feeds the JSON Schema)."""
    return schema_fields(EVENT_SCHEMAS[event_type])


_EVENT_KEYS = event_keys(EVENT_SCHEMAS)
_EVENT_REQUIRED = event_required(EVENT_SCHEMAS)
_SUITED = frozenset(SUITED_CODES)
#: Events whose fields the fast path knows (seat, tile, kind); swap and dingque are rare.
_FAST_TYPES = frozenset(EVENT_TYPES) - {"swap", "dingque"}


def fast_event(value: Mapping[str, Any]) -> dict[str, Any] | None:
    """The common case, checked without a schema: canonical suited tiles, known keys, seats 0-3.

    Anything else returns None and goes through the schema, so results and messages are the
    schema's (``tests/schemas/test_sichuan_schema.py`` checks the two agree).
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
    if "tile" in value:
        tile = value["tile"]
        if type(tile) is not str or tile not in _SUITED:
            return None
    if "kind" in value and (type(value["kind"]) is not str or value["kind"] not in GANG_KINDS):
        return None
    return dict(value)


class _Event(EventUnion):
    """Sichuan's events: ``type`` picks the schema, which then is exact."""

    SCHEMAS = EVENT_SCHEMAS
    TYPES = EVENT_TYPES

    def fast_item(self, item: object) -> dict[str, Any] | None:
        """An event of the list in its common form, or None: the whole list goes through the
        schema. The hand's one swap and one dingque are loaded here by their own schema, as the
        list's slow path loads them (an error in one: None, and the slow path reports it), so
        they no longer send every other event of the hand through the schema too."""
        if not isinstance(item, dict):
            return None
        kind = item.get("type")
        if not isinstance(kind, str):
            return None
        if kind in _FAST_TYPES:
            return fast_event(item)
        if kind not in EVENT_SCHEMAS:
            return None
        try:
            loaded: dict[str, Any] = EVENT_SCHEMAS[kind].load(item)
        except ValidationError:
            return None
        return loaded

    def fast(self, value: Mapping[str, Any]) -> dict[str, Any] | None:
        return fast_event(value) if value["type"] in _FAST_TYPES else None

    def unknown_hint(self, kind: object) -> str:
        return " (Sichuan has no chi, SC-3.1)" if kind == "chi" else ""


# --------------------------------------------------------------------------------------------
# The app's result (§10): audited against the replay, so every field is optional.


#: One win: ``from`` null = self-draw (自摸); ``multiple`` = M before the cap, ``gen`` = its G.
#: (``from`` is a Python keyword, so these two schemas are declared with ``from_dict``.)
SichuanWinSchema: type[Schema] = StrictSchema.from_dict(
    {
        "seat": seat_field(),
        "from": seat_field(required=False, allow_none=True),
        "tile": SuitedTile(),
        "hand": Choice(tuple(HAND_TYPES)),
        "gen": StrictInt(0, MAX_GEN),
        "ways": BoundedList(Choice(WAYS), 0, len(WAYS), noun="ways", validate=unique("way")),
        "multiple": StrictInt(1, MAX_MULTIPLE),
    },
    name="SichuanWinSchema",
)


class _TransferChecks(StrictSchema):
    """A transfer moves coins between two different seats."""

    @validates_schema(skip_on_field_errors=True)
    def _check_seats(self, data: Mapping[str, Any], **kwargs: Any) -> None:
        if "from" in data and "to" in data and data["from"] == data["to"]:
            raise ValidationError(
                {"to": [f"must differ from 'from' (seat {data['from']} cannot pay itself)"]}
            )


#: One payment, after bankruptcy (§7): ``kind`` says what it settles.
SichuanTransferSchema: type[Schema] = _TransferChecks.from_dict(
    {
        "kind": Choice(tuple(TRANSFER_KINDS), required=True),
        "from": seat_field(),
        "to": seat_field(),
        "amount": StrictInt(0, MAX_COINS, required=True),
    },
    name="SichuanTransferSchema",
)


def _seat(value: object) -> bool:
    return type(value) is int and 0 <= value < NUM_SEATS


def fast_transfer(item: object) -> dict[str, Any] | None:
    """A transfer with its four fields, each in canonical form (what the schema returns: an
    equal new dict in the input's key order), or None: the list goes through the schema, so
    every message stays the schema's."""
    if type(item) is not dict or len(item) != 4:
        return None
    kind, payer, payee, amount = item.get("kind"), item.get("from"), item.get("to"), item.get("amount")
    if (
        type(kind) is str
        and kind in TRANSFER_KINDS
        and _seat(payer)
        and _seat(payee)
        and payer != payee
        and type(amount) is int
        and 0 <= amount <= MAX_COINS
    ):
        return dict(item)
    return None


def fast_win(item: object) -> dict[str, Any] | None:
    """A win with all seven fields in canonical form (a new dict, ``ways`` a new list), or None
    (the schema's path), as ``fast_transfer``."""
    if type(item) is not dict or len(item) != 7 or "from" not in item:
        return None
    source, tile, hand, gen = item["from"], item.get("tile"), item.get("hand"), item.get("gen")
    ways, multiple = item.get("ways"), item.get("multiple")
    if not (
        _seat(item.get("seat"))
        and (source is None or _seat(source))
        and type(tile) is str
        and tile in _SUITED
        and type(hand) is str
        and hand in HAND_TYPES
        and type(gen) is int
        and 0 <= gen <= MAX_GEN
        and type(multiple) is int
        and 1 <= multiple <= MAX_MULTIPLE
        and type(ways) is list
        and len(ways) <= len(WAYS)
        and all(type(w) is str and w in WAYS for w in ways)
        and len(set(ways)) == len(ways)
    ):
        return None
    out = dict(item)
    out["ways"] = list(ways)
    return out


class SichuanResultSchema(StrictSchema):
    """What the app settled; every field is optional and audited against the replay."""

    wins = BoundedList(FastNested(SichuanWinSchema, fast_win), 0, MAX_WINS, noun="wins")
    huazhu = BoundedList(seat_field(), 0, NUM_SEATS, noun="seats", validate=unique("seat"))
    tenpai = BoundedList(seat_field(), 0, NUM_SEATS, noun="seats", validate=unique("seat"))
    transfers = BoundedList(
        FastNested(SichuanTransferSchema, fast_transfer), 0, MAX_TRANSFERS, noun="transfers"
    )
    next_dealer = seat_field(required=False)
    deltas = deltas_field(MAX_COINS)


# --------------------------------------------------------------------------------------------
# The record.


class SichuanRecordSchema(EnvelopeSchema):
    """One Sichuan hand: the shared envelope and Sichuan's own fields; rules between them below."""

    FORMAT = FORMAT
    ruleset = _SichuanRuleset(required=True)
    dealer = seat_field()
    stacks = BoundedList(StrictInt(1, MAX_COINS), NUM_SEATS, NUM_SEATS, noun="integers")
    wall = wall_field(SuitedTile, WALL_SIZE)
    deal = deal_field(SuitedTile, HAND_SIZE, DEALER_HAND_SIZE)
    events = events_field(_Event, MAX_EVENTS)
    result = Nested(SichuanResultSchema)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _check_between_fields(self, data: Mapping[str, Any], original_data: Any, **kwargs: Any) -> None:
        """Rules that involve two fields, each checked as soon as its inputs are readable."""
        if not isinstance(original_data, Mapping):
            return
        errors: dict[Any, Any] = {}
        no_wall_errors(original_data, errors, MAX_EVENTS)
        deal_size_errors(data, original_data, errors, HAND_SIZE, DEALER_HAND_SIZE)
        ruleset = data.get("ruleset")
        bankrupt = _bankruptcy(ruleset) if isinstance(ruleset, Mapping) else None
        if bankrupt is True and "stacks" not in original_data:
            errors["stacks"] = [
                "required when the ruleset has bankruptcy (破产, §7): each seat's coins at the start"
            ]
        elif bankrupt is False and "stacks" in original_data:
            errors["stacks"] = ["only allowed when the ruleset has bankruptcy: true (破产, §7)"]
        if errors:
            raise ValidationError(errors)


_RECORD_SCHEMA = SichuanRecordSchema()


def validate_record(obj: object) -> Validated:
    """Validate one decoded ``sichuan-hand/1`` record.

    Returns ``(record, [])`` with tiles normalised to canonical codes, suits to ``m``/``s``/``p``
    and everything else as given (no key is added), or ``(None, errors)``, each error
    ``{"field": "events[17].tile", "message": ...}``, sorted by field path. Never raises for any
    JSON-decoded value.
    """
    return load_record(_RECORD_SCHEMA, obj)
