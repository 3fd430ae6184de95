"""Validation of uploaded 推筒子 / 二八杠 rounds, format ``tuitongzi-round/1`` (tuitongzi.md §8).

The envelope is the shared one (``schemas.envelope``) with what a round changes: ``round_id``
for ``hand_id``, ``session.round_no`` for ``hand_no``, and two to four seats. Then the round's
own fields: the ruleset (a tuitongzi preset, overrides judged by
``replay.games.tuitongzi.params``), the banker and its bank, one bet per seat (null at the
banker), optional dice, shoe and wall, one pair of tiles per seat, the pool before, and an
optional ``result`` the audit compares.

As for the other games, only *spelling and shape* are checked here: a tile is any spelling of
a real tile (``一筒``, ``发财``); whether it is one of the 40 (TT-1.1), whether the bets are
within the limits (TT-2.2) or the hands match the wall (TT-2.4) is the audit's verdict, with
the TT rule it breaks, never a validation error.

Public API: :data:`FORMAT`, :class:`TuitongziRoundSchema` and :func:`validate_record`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError, validates_schema

from replay.games.tuitongzi.params import PRESETS, VALIDATORS, rules_from_json
from schemas.envelope import (
    MAX_HAND_NO,
    EnvelopeSchema,
    SeatSchema,
    Validated,
    id_field,
    load_record,
)
from schemas.fields import (
    BoundedList,
    Choice,
    Nested,
    StrictBool,
    StrictInt,
    StrictSchema,
    Tile,
    json_type,
    merge_errors,
)
from schemas.ruleset_field import RulesetField

__all__ = ["FORMAT", "TuitongziRoundSchema", "validate_record"]

FORMAT = "tuitongzi-round/1"
MIN_SEATS, MAX_SEATS = 2, 4
WALL_MIN, WALL_MAX = 2 * MIN_SEATS, 40
MAX_MONEY = 10**15
AWARD_KINDS = ("fa_pair", "erba")


class _Ruleset(RulesetField):
    """``{"preset": "tuitongzi"|"tuitongzi-table", "overrides": {...}}`` (tuitongzi.md §6)."""

    presets = tuple(PRESETS)
    parameters = VALIDATORS
    fallback_preset = "tuitongzi"

    def load_ruleset(self, spec: Mapping[str, Any]) -> None:
        rules_from_json(spec, "ruleset")

    def shape_problem(self, value: object) -> str | None:
        if value is None or isinstance(value, bool | int | str):
            return None
        return f"must be a number, a string, true/false or null, not {json_type(value)}"


class RoundSessionSchema(StrictSchema):
    id = id_field(required=True)
    round_no = StrictInt(1, MAX_HAND_NO, required=True)


class ShoeSchema(StrictSchema):
    id = id_field(required=True)
    round = StrictInt(1, 20, required=True)


class AwardSchema(StrictSchema):
    seat = StrictInt(0, MAX_SEATS - 1, required=True)
    kind = Choice(AWARD_KINDS, required=True)
    amount = StrictInt(0, MAX_MONEY, required=True)


def _per_seat(inner: Any) -> BoundedList[Any]:
    return BoundedList(inner, MIN_SEATS, MAX_SEATS, noun="entries (one per seat)")


class TuitongziResultSchema(StrictSchema):
    """What the app settled; every field is optional and audited against the engine's."""

    winners = _per_seat(StrictBool(allow_none=True))
    multipliers = _per_seat(StrictInt(1, 10**6, allow_none=True))
    awards = BoundedList(Nested(AwardSchema), 0, 2 * MAX_SEATS, noun="awards")
    deltas = _per_seat(StrictInt(-MAX_MONEY, MAX_MONEY))
    pool_after = StrictInt(0, MAX_MONEY)


class TuitongziRoundSchema(EnvelopeSchema):
    """One round: the envelope (``round_id``, 2–4 seats) and the round's fields (§8)."""

    class Meta(EnvelopeSchema.Meta):
        exclude = ("hand_id",)

    FORMAT = FORMAT
    round_id = id_field(required=True)
    session = Nested(RoundSessionSchema)
    seats = BoundedList(Nested(SeatSchema), MIN_SEATS, MAX_SEATS, noun="seats", required=True)
    ruleset = _Ruleset(required=True)
    banker = StrictInt(0, MAX_SEATS - 1, required=True)
    bank = StrictInt(0, MAX_MONEY, required=True)
    bets = _per_seat(StrictInt(0, MAX_MONEY, allow_none=True))
    dice = BoundedList(StrictInt(1, 6), 2, 2, noun="dice")
    shoe = Nested(ShoeSchema)
    wall = BoundedList(Tile(), WALL_MIN, WALL_MAX, noun="tiles")
    hands = _per_seat(BoundedList(Tile(), 2, 2, noun="tiles"))
    pool_before = StrictInt(0, MAX_MONEY, required=True)
    result = Nested(TuitongziResultSchema)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _check_between_fields(self, data: Mapping[str, Any], original_data: Any, **kwargs: Any) -> None:
        """One entry per seat everywhere, and the banker one of the seats."""
        if not isinstance(original_data, Mapping):
            return
        seats = original_data.get("seats")
        if not isinstance(seats, list) or not MIN_SEATS <= len(seats) <= MAX_SEATS:
            return
        n = len(seats)
        errors: dict[Any, Any] = {}
        for name in ("bets", "hands"):
            if name not in original_data:
                errors[name] = ["required: one entry per seat"]
        for name, value in (
            ("bets", original_data.get("bets")),
            ("hands", original_data.get("hands")),
            *(
                (f"result.{k}", original_data["result"].get(k))
                for k in ("winners", "multipliers", "deltas")
                if isinstance(original_data.get("result"), Mapping)
            ),
        ):
            if isinstance(value, list) and MIN_SEATS <= len(value) <= MAX_SEATS and len(value) != n:
                path: dict[Any, Any] = {name: [f"must hold one entry per seat: {n}, not {len(value)}"]}
                if name.startswith("result."):
                    path = {"result": {name.removeprefix("result."): path[name]}}
                merge_errors(errors, path)
        banker = data.get("banker")
        if isinstance(banker, int) and banker >= n:
            errors["banker"] = [f"must be one of the {n} seats (0 to {n - 1}), not {banker}"]
        if errors:
            raise ValidationError(errors)


_RECORD_SCHEMA = TuitongziRoundSchema()


def validate_record(obj: object) -> Validated:
    """Validate one decoded ``tuitongzi-round/1`` record: ``(record, [])`` with tiles as canonical
    codes, or ``(None, errors)`` each naming its field. Never raises for a JSON value."""
    return load_record(_RECORD_SCHEMA, obj)
