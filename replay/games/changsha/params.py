"""Changsha ruleset parameters (changsha.md §7): every choice S3 leaves open, as a named value.

A record or an evaluate input names a preset (``changsha``: S3's own rules; ``changsha-app``:
the modern apps' common practice) and may override any parameter; a bad value is an
``InputError`` naming the parameter, so a typo never silently plays another game.
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
    check_names,
    choice,
    int_range,
    rules_from_spec,
)

#: CS-4.3's cp hands that ``extra_hands`` may switch on.
EXTRA_HANDS: tuple[str, ...] = ("quanqiuren", "haohua")


@dataclass(frozen=True)
class Rules:
    """One complete, validated Changsha ruleset; field names are the §7 parameter names."""

    preset: str = "changsha"
    #: plain column (CS-6.3): small self-draw, small discard, big self-draw, big discard
    units: tuple[int, int, int, int] = (10, 10, 30, 60)
    #: added to a unit in the dealer column (S3 +10; the app preset's +1)
    dealer_bonus: int = 10
    dealer_scaling: str = "per_hand"
    qishou_mode: str = "end"
    qishou_per_instance: bool = False
    birds: int = 1
    bird_mode: str = "double"
    bird_from: str = "dealer"
    multi_hu: bool = True
    louhu_scope: str = "same_tile"
    kaigang_draws: int = 2
    shuang_kaihua: bool = True
    kaigang_claims: str = "all"
    haidi_roam: bool = True
    extra_hands: frozenset[str] = frozenset()
    overrides: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"preset": self.preset}
        for name in PARAMETERS:
            out[name] = getattr(self, name)
        out["units"] = list(self.units)
        out["extra_hands"] = [h for h in EXTRA_HANDS if h in self.extra_hands]
        return out


PRESETS: dict[str, Rules] = {
    "changsha": Rules(),
    "changsha-app": Rules(
        preset="changsha-app",
        units=(2, 1, 6, 6),
        dealer_bonus=1,
        dealer_scaling="once",
        qishou_mode="continue",
        qishou_per_instance=True,
        birds=2,
        extra_hands=frozenset(EXTRA_HANDS),
    ),
}


def _units(name: str, value: object) -> tuple[int, int, int, int]:
    """Four positive integers: small self-draw, small discard, big self-draw, big discard."""
    if not isinstance(value, list | tuple) or len(value) != 4:
        raise InputError(
            name, "must be 4 integers: small self-draw, small discard, big self-draw, big discard (CS-6.3)"
        )
    for i, u in enumerate(value):
        int_range(*INT_RANGES["units"])(f"{name}[{i}]", u)
    a, b, c, d = (int(u) for u in value)
    return (a, b, c, d)


def _extra_hands(name: str, value: object) -> frozenset[str]:
    return frozenset(check_names(name, value, EXTRA_HANDS, "hand"))


#: The values each string-valued parameter takes (§7), named so that the JSON Schema export
#: (``schemas.changsha_jsonschema``) lists exactly what the validators accept.
CHOICES: dict[str, tuple[str, ...]] = {
    "dealer_scaling": ("per_hand", "once"),
    "qishou_mode": ("end", "continue", "off"),
    "bird_mode": ("double", "linear", "plus"),
    "bird_from": ("dealer", "winner"),
    "louhu_scope": ("same_tile", "any_tile"),
    "kaigang_claims": ("all", "hu_only"),
}
#: The inclusive bounds of each integer parameter (``units``: of each of its four integers).
INT_RANGES: dict[str, tuple[int, int]] = {
    "units": (0, 10**9),
    "dealer_bonus": (0, 10**9),
    "birds": (0, 6),
    "kaigang_draws": (1, 2),
}
#: The true/false parameters.
FLAGS: tuple[str, ...] = ("qishou_per_instance", "multi_hu", "shuang_kaihua", "haidi_roam")

VALIDATORS: dict[str, Check] = {
    "units": _units,
    "dealer_bonus": int_range(*INT_RANGES["dealer_bonus"]),
    "dealer_scaling": choice(*CHOICES["dealer_scaling"]),
    "qishou_mode": choice(*CHOICES["qishou_mode"]),
    "qishou_per_instance": boolean,
    "birds": int_range(*INT_RANGES["birds"]),
    "bird_mode": choice(*CHOICES["bird_mode"]),
    "bird_from": choice(*CHOICES["bird_from"]),
    "multi_hu": boolean,
    "louhu_scope": choice(*CHOICES["louhu_scope"]),
    "kaigang_draws": int_range(*INT_RANGES["kaigang_draws"]),
    "shuang_kaihua": boolean,
    "kaigang_claims": choice(*CHOICES["kaigang_claims"]),
    "haidi_roam": boolean,
    "extra_hands": _extra_hands,
}
assert set(CHOICES) | set(INT_RANGES) | set(FLAGS) | {"extra_hands"} == set(VALIDATORS)

#: §7 parameter names, in the table's order (``dealer_bonus`` is the "+10" of ``units``).
PARAMETERS: tuple[str, ...] = tuple(VALIDATORS)


def make_rules(preset: str = "changsha", overrides: Mapping[str, Any] | None = None) -> Rules:
    """A preset with overrides on top; raises InputError naming the bad parameter."""
    return apply_overrides(PRESETS, VALIDATORS, preset, overrides)


def rules_from_json(value: object, field: str = "ruleset") -> Rules:
    """``{"preset": ..., "overrides": {...}}`` as in the record and evaluate contracts."""
    return rules_from_spec(value, make_rules, field)
