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
from typing import Any, ClassVar

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
from replay.tiles import CODES, HONOURS, KIND_OF, ZH_NAMES
from schemas.envelope import NUM_SEATS, EnvelopeSchema, Validated, load_record, seat_field
from schemas.fields import (
    BoundedList,
    Choice,
    Messages,
    Nested,
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

SUITED_CODES: tuple[str, ...] = tuple(code for code in CODES if KIND_OF[code] not in HONOURS)
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


def suited_tile(value: object) -> str:
    """Any accepted spelling of a suited tile as its code; an honour is refused naming SC-1.1."""
    code = canonical_tile(value)
    kind = KIND_OF[code]
    if kind in HONOURS:
        raise ValidationError(
            f"{ZH_NAMES[kind]} ({code}) is an honour tile (字牌): Sichuan mahjong (SC-1.1) has only "
            "万 m, 条 s and 筒 p tiles"
        )
    return code


class SuitedTile(Tile):
    """A tile in any alias, loaded as its canonical code, never an honour (SC-1.1)."""

    FAST_CODES = frozenset(SUITED_CODES)

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        return suited_tile(value)


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


def _check_unique_seats(values: list[Any]) -> None:
    """A seat listed twice as 花猪 or 下叫 is an exporter bug."""
    if len(set(values)) != len(values):
        raise ValidationError("must not list a seat twice")


def _check_unique_ways(values: list[Any]) -> None:
    if len(set(values)) != len(values):
        raise ValidationError("must not list a way twice")


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


class _EventSchema(StrictSchema):
    """Common part of a seat's action: ``type`` (already dispatched on) and ``seat``."""

    event_type: ClassVar[str] = ""
    type = StrictStr(1, 16, required=True)
    seat = seat_field()


class DrawSchema(_EventSchema):
    event_type = "draw"
    tile = SuitedTile()  # optional with a wall; required without one (checked by the record)


class DiscardSchema(_EventSchema):
    event_type = "discard"
    tile = SuitedTile(required=True)


class PengSchema(_EventSchema):
    event_type = "peng"


class GangSchema(_EventSchema):
    event_type = "gang"
    kind = Choice(tuple(GANG_KINDS), required=True)
    tile = SuitedTile(required=True)


class HuSchema(_EventSchema):
    event_type = "hu"
    tile = SuitedTile()


class PassSchema(_EventSchema):
    event_type = "pass"


class SwapSchema(StrictSchema):
    """换三张 (SC-2.1): all four seats pass three tiles at once, so it has no ``seat``.

    ``tiles[s]`` are the three tiles seat s gave away; ``direction`` is where they went (under
    ``swap_direction: random`` the dice decided, and the event says what they decided).
    """

    event_type: ClassVar[str] = "swap"
    type = StrictStr(1, 16, required=True)
    direction = Choice(tuple(SWAP_DIRECTIONS), required=True)
    tiles = BoundedList(
        BoundedList(SuitedTile(), SWAP_SIZE, SWAP_SIZE, noun="tiles"),
        NUM_SEATS,
        NUM_SEATS,
        noun="seats' tiles",
        required=True,
    )


class DingqueSchema(StrictSchema):
    """定缺 (SC-2.2): all four seats declare their void suit at once; ``suits[s]`` is seat s's."""

    event_type: ClassVar[str] = "dingque"
    type = StrictStr(1, 16, required=True)
    suits = BoundedList(Suit(), NUM_SEATS, NUM_SEATS, noun="suits", required=True)


class HuangzhuangSchema(StrictSchema):
    """The wall running out (流局, SC-1.6) is nobody's action, so it has no ``seat``."""

    event_type: ClassVar[str] = "huangzhuang"
    type = StrictStr(1, 16, required=True)


EVENT_SCHEMAS: dict[str, Schema] = {
    cls.event_type: cls()
    for cls in (
        SwapSchema,
        DingqueSchema,
        DrawSchema,
        DiscardSchema,
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
_SUITED = frozenset(SUITED_CODES)
#: Events whose fields the fast path knows (seat, tile, kind); swap and dingque are rare.
_FAST_TYPES = frozenset(EVENT_TYPES) - {"swap", "dingque"}


def fast_event(value: Mapping[str, Any]) -> dict[str, Any] | None:
    """The common case, checked without a schema: canonical suited tiles, known keys, seats 0-3.

    Anything else returns None and goes through the schema, so results and messages are the
    schema's (``tests/test_sichuan_schema.py`` checks the two agree).
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


class _Event(fields.Field[dict[str, Any]]):
    """The discriminated union of events: ``type`` picks the schema, which then is exact."""

    default_error_messages: Messages = field_messages()

    def fast_item(self, item: object) -> dict[str, Any] | None:
        if not isinstance(item, dict):
            return None
        kind = item.get("type")
        return fast_event(item) if isinstance(kind, str) and kind in _FAST_TYPES else None

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise ValidationError(f"must be an object, not {json_type(value)}")
        if "type" not in value:
            raise ValidationError({"type": [f"required field is missing; one of {', '.join(EVENT_TYPES)}"]})
        kind = value["type"]
        if not isinstance(kind, str) or kind not in EVENT_SCHEMAS:
            hint = " (Sichuan has no chi, SC-3.1)" if kind == "chi" else ""
            raise ValidationError(
                {"type": [f"must be one of {', '.join(EVENT_TYPES)}, not {short(kind)}{hint}"]}
            )
        if kind in _FAST_TYPES:
            fast = fast_event(value)
            if fast is not None:
                return fast
        try:
            loaded: dict[str, Any] = EVENT_SCHEMAS[kind].load(value)
        except ValidationError as err:
            raise ValidationError(err.messages) from None
        return loaded


# --------------------------------------------------------------------------------------------
# The app's result (§10): audited against the replay, so every field is optional.


def _coins(lo: int = -MAX_COINS) -> StrictInt:
    return StrictInt(lo, MAX_COINS)


def _from_seat(*, required: bool, allow_none: bool) -> StrictInt:
    """``from`` is a Python keyword; the field is declared under it via ``from_dict``."""
    return seat_field(required=required, allow_none=allow_none)


#: One win: ``from`` null = self-draw (自摸); ``multiple`` = M before the cap, ``gen`` = its G.
WinSchema: type[Schema] = StrictSchema.from_dict(
    {
        "seat": seat_field(),
        "from": _from_seat(required=False, allow_none=True),
        "tile": SuitedTile(),
        "hand": Choice(tuple(HAND_TYPES)),
        "gen": StrictInt(0, MAX_GEN),
        "ways": BoundedList(Choice(WAYS), 0, len(WAYS), noun="ways", validate=_check_unique_ways),
        "multiple": StrictInt(1, MAX_MULTIPLE),
    },
    name="WinSchema",
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
TransferSchema: type[Schema] = _TransferChecks.from_dict(
    {
        "kind": Choice(tuple(TRANSFER_KINDS), required=True),
        "from": _from_seat(required=True, allow_none=False),
        "to": seat_field(),
        "amount": StrictInt(0, MAX_COINS, required=True),
    },
    name="TransferSchema",
)


class ResultSchema(StrictSchema):
    """What the app settled; every field is optional and audited against the replay."""

    wins = BoundedList(Nested(WinSchema), 0, MAX_WINS, noun="wins")
    huazhu = BoundedList(seat_field(), 0, NUM_SEATS, noun="seats", validate=_check_unique_seats)
    tenpai = BoundedList(seat_field(), 0, NUM_SEATS, noun="seats", validate=_check_unique_seats)
    transfers = BoundedList(Nested(TransferSchema), 0, MAX_TRANSFERS, noun="transfers")
    next_dealer = seat_field(required=False)
    deltas = BoundedList(_coins(), NUM_SEATS, NUM_SEATS, noun="integers", validate=check_zero_sum)


# --------------------------------------------------------------------------------------------
# The record.


class SichuanRecordSchema(EnvelopeSchema):
    """One Sichuan hand: the shared envelope and Sichuan's own fields; rules between them below."""

    FORMAT = FORMAT
    ruleset = _SichuanRuleset(required=True)
    dealer = seat_field()
    stacks = BoundedList(StrictInt(1, MAX_COINS), NUM_SEATS, NUM_SEATS, noun="integers")
    wall = BoundedList(SuitedTile(), WALL_SIZE, WALL_SIZE, noun="tiles")
    deal = BoundedList(
        BoundedList(SuitedTile(), HAND_SIZE, DEALER_HAND_SIZE, noun="tiles"),
        NUM_SEATS,
        NUM_SEATS,
        noun="hands",
    )
    events = BoundedList(_Event(), 0, MAX_EVENTS, noun="events", required=True)
    result = Nested(ResultSchema)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _check_between_fields(self, data: Mapping[str, Any], original_data: Any, **kwargs: Any) -> None:
        """Rules that involve two fields, each checked as soon as its inputs are readable."""
        if not isinstance(original_data, Mapping):
            return
        errors: dict[Any, Any] = {}
        if "wall" not in original_data:
            if "deal" not in original_data:
                errors["deal"] = ["required when there is no wall"]
            raw_events = original_data.get("events")
            if isinstance(raw_events, list) and len(raw_events) <= MAX_EVENTS:
                for i, event in enumerate(raw_events):
                    if isinstance(event, Mapping) and event.get("type") == "draw" and "tile" not in event:
                        merge_errors(errors, {"events": {i: {"tile": ["required when there is no wall"]}}})
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
                    merge_errors(errors, {"deal": {seat: [message]}})
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
