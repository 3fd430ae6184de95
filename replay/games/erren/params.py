"""二人麻将 ruleset parameters (erren.md §7): every value the rules leave open, as a named value.

A record or an evaluate input names a preset (``erren``: the defaults; ``erren-gb``: 国标
settlement with base 8 and the deal alternating; ``erren-lite``: 起胡 1, as casual apps) and may
override any parameter; a bad value is an ``InputError`` naming the parameter
(``overrides.fan_values.qinglong``), so a typo never silently plays another game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from replay.errors import InputError
from replay.games.erren.fantable import DEFAULT_VALUES, IDS, NQ_DEFAULT
from replay.presets import apply_overrides, rules_from_spec


@dataclass(frozen=True)
class Rules:
    """One complete, validated 二人 ruleset; field names are §7's parameter names.

    Hashable (``fan_values`` is a tuple of pairs in §5's order) so choose/settle cache by it.
    """

    preset: str = "erren"
    qihu: int = 8
    qihu_excluded: frozenset[str] = NQ_DEFAULT
    fan_values: tuple[tuple[str, int], ...] = tuple(DEFAULT_VALUES.items())
    extra_exclusions: bool = True
    settle: str = "fan"
    unit: int = 1
    base: int = 8
    cap: int | None = None
    dealer_rotation: str = "winner"
    claims_after_wall: bool = True
    ting_lock: bool = True
    gangkai_via_flower: bool = False
    overrides: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @cached_property
    def values(self) -> dict[str, int]:
        """fan id -> its value under this ruleset."""
        return dict(self.fan_values)

    def value(self, fan: str) -> int:
        return self.values[fan]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"preset": self.preset}
        for name in PARAMETERS:
            out[name] = getattr(self, name)
        out["qihu_excluded"] = [f for f in IDS if f in self.qihu_excluded]
        out["fan_values"] = dict(self.fan_values)
        return out


PRESETS: dict[str, Rules] = {
    "erren": Rules(),
    "erren-gb": Rules(preset="erren-gb", settle="guobiao", dealer_rotation="alternate"),
    "erren-lite": Rules(preset="erren-lite", qihu=1),
}

Check = Callable[[str, Any], Any]
CHOICES: dict[str, tuple[str, ...]] = {
    "settle": ("fan", "guobiao"),
    "dealer_rotation": ("winner", "alternate"),
}
FLAGS: tuple[str, ...] = ("extra_exclusions", "claims_after_wall", "ting_lock", "gangkai_via_flower")
#: inclusive bounds of the integer parameters (``cap`` may also be null: no cap)
INT_RANGES: dict[str, tuple[int, int]] = {
    "qihu": (1, 10**6),
    "unit": (1, 10**9),
    "base": (0, 10**9),
    "cap": (1, 10**12),
}


def _int(name: str, lo: int, hi: int, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError(name, f"must be an integer from {lo} to {hi}, not {value!r}")
    return value


def _ranged(param: str) -> Check:
    lo, hi = INT_RANGES[param]
    return lambda name, value: _int(name, lo, hi, value)


def _cap(name: str, value: object) -> int | None:
    return None if value is None else _int(name, *INT_RANGES["cap"], value)


def _choice(param: str) -> Check:
    allowed = CHOICES[param]

    def check(name: str, value: object) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise InputError(name, f"must be one of {', '.join(repr(a) for a in allowed)}, not {value!r}")
        return value

    return check


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise InputError(name, f"must be true or false, not {value!r}")
    return value


def _fan_id(name: str, value: object) -> str:
    if not isinstance(value, str) or value not in DEFAULT_VALUES:
        raise InputError(name, f"unknown fan {value!r} (erren.md §5 ids: qinglong, hunyise, …)")
    return value


def _qihu_excluded(name: str, value: object) -> frozenset[str]:
    if not isinstance(value, list | tuple):
        raise InputError(name, "must be a list of fan ids (erren.md §5)")
    return frozenset(_fan_id(f"{name}[{i}]", v) for i, v in enumerate(value))


def _fan_values(name: str, value: object) -> tuple[tuple[str, int], ...]:
    """Some fans' values over §5's: ``{"qinglong": 20}``; each id known, each value ≥ 0."""
    if not isinstance(value, Mapping):
        raise InputError(name, "must be an object: fan id -> value (erren.md §5)")
    values = dict(DEFAULT_VALUES)
    for fan, v in value.items():
        _fan_id(f"{name}.{fan}", fan)
        values[fan] = _int(f"{name}.{fan}", 0, 10**6, v)
    return tuple(values.items())


VALIDATORS: dict[str, Check] = {
    "qihu": _ranged("qihu"),
    "qihu_excluded": _qihu_excluded,
    "fan_values": _fan_values,
    "extra_exclusions": _flag,
    "settle": _choice("settle"),
    "unit": _ranged("unit"),
    "base": _ranged("base"),
    "cap": _cap,
    "dealer_rotation": _choice("dealer_rotation"),
    "claims_after_wall": _flag,
    "ting_lock": _flag,
    "gangkai_via_flower": _flag,
}
#: §7's parameter names in the table's order
PARAMETERS: tuple[str, ...] = tuple(VALIDATORS)


def make_rules(preset: str = "erren", overrides: Mapping[str, Any] | None = None) -> Rules:
    """A preset with overrides on top; raises InputError naming the bad parameter."""
    return apply_overrides(PRESETS, VALIDATORS, preset, overrides)


def rules_from_json(value: object, field: str = "ruleset") -> Rules:
    """``{"preset": ..., "overrides": {...}}`` as in the record and evaluate contracts."""
    return rules_from_spec(value, make_rules, field)
