"""推筒子 / 二八杠 ruleset parameters (tuitongzi.md §6): every choice S0 leaves open, as a named value.

Pure and dependency-free so the record schema (``schemas/``) and the domain read the same names,
defaults and presets. A record names a preset (``tuitongzi``, S0's app, or ``tuitongzi-table``, a
home table) and may override any parameter; a bad value is an ``InputError`` naming the parameter.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from replay.errors import InputError
from replay.presets import (
    Check,
    apply_overrides,
    boolean,
    choice,
    int_range,
    optional,
    rules_from_spec,
)

TILES_IN_SET = 40
MAX_STAKE = 10**12


@dataclass(frozen=True)
class TuitongziRules:
    """One complete, validated ruleset; field names are the §6 parameter names."""

    preset: str = "tuitongzi"
    seats: int = 4
    half_tile: str = "F"
    erba_rank: str = "second"
    point_tie: str = "high_tile"
    mult_points: int = 1
    mult_erba: int = 2
    mult_pair: int = 2
    mult_fa_pair: int = 3
    mult_from: str = "winner"
    bet_min: int = 1
    bet_max: int | None = None
    bank_min: int = 1
    bank_cover: bool = True
    bank_carry: bool = True
    bank_short: str = "full"
    banker_rotation: str = "record"
    banker_rounds: int = 5
    shoe: str = "fresh"
    deal_start: str = "next"
    bet_after_peek: bool = False
    pool_feed_pct: int = 1
    pool_feed_from: str = "players"
    pool_fa_pct: int = 20
    pool_erba_pct: int = 10
    pool_needs_win: bool = False
    overrides: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def max_mult(self) -> int:
        """TT-2.2's "largest multiplier" a bet may be paid at (3 by default)."""
        return max(self.mult_points, self.mult_erba, self.mult_pair, self.mult_fa_pair)

    @property
    def shoe_rounds(self) -> int:
        """TT-2.3: rounds one shoe serves, ⌊40 / 2n⌋ with ``five_rounds`` (5 for four seats), else 1."""
        return TILES_IN_SET // (2 * self.seats) if self.shoe == "five_rounds" else 1

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: getattr(self, name) for name in PARAMETERS}
        out["preset"] = self.preset
        return out


PRESETS: dict[str, TuitongziRules] = {
    "tuitongzi": TuitongziRules(),
    "tuitongzi-table": TuitongziRules(
        preset="tuitongzi-table",
        half_tile="P",
        shoe="five_rounds",
        deal_start="dice",
        point_tie="high_tile_zero_banker",
        pool_feed_pct=0,
        pool_fa_pct=0,
        pool_erba_pct=0,
        bank_cover=False,
    ),
}

VALIDATORS: dict[str, Check] = {
    "seats": int_range(2, 4),
    "half_tile": choice("F", "P"),
    "erba_rank": choice("second", "top"),
    "point_tie": choice("high_tile", "banker", "high_tile_zero_banker"),
    "mult_points": int_range(1, 1000),
    "mult_erba": int_range(1, 1000),
    "mult_pair": int_range(1, 1000),
    "mult_fa_pair": int_range(1, 1000),
    "mult_from": choice("winner", "player"),
    "bet_min": int_range(1, MAX_STAKE),
    "bet_max": optional(int_range(1, MAX_STAKE)),
    "bank_min": int_range(1, MAX_STAKE),
    "bank_cover": boolean,
    "bank_carry": boolean,
    "bank_short": choice("full", "in_order"),
    "banker_rotation": choice("record", "each", "every_n"),
    "banker_rounds": int_range(1, 1000),
    "shoe": choice("fresh", "five_rounds"),
    "deal_start": choice("next", "dice"),
    "bet_after_peek": boolean,
    "pool_feed_pct": int_range(0, 100),
    "pool_feed_from": choice("players", "house"),
    "pool_fa_pct": int_range(0, 100),
    "pool_erba_pct": int_range(0, 100),
    "pool_needs_win": boolean,
}

#: §6 parameter names, in the table's order.
PARAMETERS: tuple[str, ...] = tuple(VALIDATORS)


def make_rules(preset: str = "tuitongzi", overrides: Mapping[str, Any] | None = None) -> TuitongziRules:
    """A preset with overrides on top; raises InputError naming the bad parameter.

    Beyond each value alone, two parameters must agree: ``bet_max`` ≥ ``bet_min`` (else no bet is
    legal), and the two awards together take at most the whole pool (TT-5.3 pays both out of P′).
    """
    rules = apply_overrides(PRESETS, VALIDATORS, preset, overrides)
    if rules.bet_max is not None and rules.bet_max < rules.bet_min:
        raise InputError(
            "overrides.bet_max", f"must be at least bet_min ({rules.bet_min}), not {rules.bet_max}"
        )
    if rules.pool_fa_pct + rules.pool_erba_pct > 100:
        raise InputError(
            "overrides.pool_erba_pct",
            f"pool_fa_pct + pool_erba_pct = {rules.pool_fa_pct + rules.pool_erba_pct} > 100:"
            " the awards cannot take more than the pool (TT-5.3)",
        )
    return rules


def rules_from_json(spec: object, field_name: str = "ruleset") -> TuitongziRules:
    """``{"preset": ..., "overrides": {...}}`` as in the record and evaluate contracts."""
    return rules_from_spec(spec, make_rules, field_name)


def with_changes(rules: TuitongziRules, **changes: Any) -> TuitongziRules:
    """A variant of ``rules`` (tests and §7's "with …" lines), validated like an override."""
    merged = {**dict(rules.overrides), **changes}
    return make_rules(rules.preset, merged)
