"""Sichuan ruleset parameters (sichuan.md §8): every choice S0 leaves open, as a named value.

Pure and dependency-free so the record schema (``schemas/``) and the domain read the same
names, defaults and presets. A record names a preset (``xuezhan`` 血战到底 or ``xueliu`` 血流成河)
and may override any parameter; a bad value is an ``InputError`` naming the parameter.
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

#: SC-4.4 ways (×2 each when listed in ``ways``), in the order receipts print them.
WAYS: tuple[str, ...] = ("gangshanghua", "gangshangpao", "qiangganghu", "haidilaoyue", "haidipao")
WAY_NAMES_ZH: dict[str, str] = {
    "gangshanghua": "杠上花",
    "gangshangpao": "杠上炮",
    "qiangganghu": "抢杠胡",
    "haidilaoyue": "海底捞月",
    "haidipao": "海底炮",
}
DEFAULT_WAYS: tuple[str, ...] = ("gangshanghua", "gangshangpao", "qiangganghu", "haidilaoyue")

MODES = ("xuezhan", "xueliu")


@dataclass(frozen=True)
class Cap:
    """SC-5.1's C: ``{"fan": n}`` caps at 2ⁿ, ``{"multiple": m}`` at m."""

    kind: str
    n: int

    @property
    def value(self) -> int:
        return 2**self.n if self.kind == "fan" else self.n

    def to_json(self) -> dict[str, int]:
        return {self.kind: self.n}


@dataclass(frozen=True)
class SichuanRules:
    """One complete, validated Sichuan ruleset; field names are the §8 parameter names."""

    preset: str = "xuezhan"
    mode: str = "xuezhan"
    base: int = 1
    swap_three: str = "off"
    swap_direction: str = "random"
    dingque: bool = True
    que_first: bool = True
    pass_hu: str = "until_draw"
    forced_hu_last: int = 4
    gang_min_wall: int = 2
    cap: Cap | None = None
    zimo_bonus: str = "di"
    di_in_cap: bool = False
    diangang_hua: str = "zimo"
    ways: tuple[str, ...] = DEFAULT_WAYS
    tiandihu: bool = True
    jiang_hands: bool = False
    hujiao_zhuanyi: str = "last"
    huazhu_multiple: int = 16
    chadajiao: bool = True
    tuishui: bool = True
    draw_dealer: str = "stay"
    bankruptcy: bool = False
    family: str = "sichuan"
    overrides: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def capped(self, m: int) -> int:
        """M' = min(M, C) (SC-5.1); no cap leaves M."""
        return m if self.cap is None else min(m, self.cap.value)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: getattr(self, name) for name in PARAMETERS}
        out["preset"] = self.preset
        out["cap"] = None if self.cap is None else self.cap.to_json()
        out["ways"] = list(self.ways)
        return out


PRESETS: dict[str, SichuanRules] = {
    "xuezhan": SichuanRules(),
    "xueliu": SichuanRules(preset="xueliu", mode="xueliu"),
}


def _cap(name: str, value: object) -> Cap | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or len(value) != 1:
        raise InputError(name, f'must be null, {{"fan": n}} or {{"multiple": m}}, not {value!r}')
    ((kind, n),) = value.items()
    if kind == "fan":
        int_range(0, 30)(f"{name}.fan", n)
    elif kind == "multiple":
        int_range(1, 10**9)(f"{name}.multiple", n)
    else:
        raise InputError(f"{name}.{kind}", 'a cap is {"fan": n} or {"multiple": m}')
    return Cap(str(kind), int(n))


def _ways(name: str, value: object) -> tuple[str, ...]:
    """The listed ways in ``WAYS``' order (receipts print them so)."""
    given = check_names(name, value, WAYS, "way")
    return tuple(w for w in WAYS if w in given)


VALIDATORS: dict[str, Check] = {
    "mode": choice(*MODES),
    "base": int_range(1, 10**9),
    "swap_three": choice("off", "same_suit", "any"),
    "swap_direction": choice("random", "next", "prev", "across"),
    "dingque": boolean,
    "que_first": boolean,
    "pass_hu": choice("until_draw", "higher_ok", "free"),
    "forced_hu_last": int_range(0, 108),
    "gang_min_wall": int_range(1, 2),
    "cap": _cap,
    "zimo_bonus": choice("di", "fan", "none"),
    "di_in_cap": boolean,
    "diangang_hua": choice("zimo", "dianpao"),
    "ways": _ways,
    "tiandihu": boolean,
    "jiang_hands": boolean,
    "hujiao_zhuanyi": choice("last", "all", "off"),
    "huazhu_multiple": int_range(0, 10**6),
    "chadajiao": boolean,
    "tuishui": boolean,
    "draw_dealer": choice("stay", "next"),
    "bankruptcy": boolean,
}

#: §8 parameter names, in the table's order.
PARAMETERS: tuple[str, ...] = tuple(VALIDATORS)


def make_rules(preset: str = "xuezhan", overrides: Mapping[str, Any] | None = None) -> SichuanRules:
    """A preset with overrides on top; raises InputError naming the bad parameter."""
    return apply_overrides(PRESETS, VALIDATORS, preset, overrides)


def rules_from_json(spec: object, field_name: str = "ruleset") -> SichuanRules:
    """``{"preset": ..., "overrides": {...}}`` as in the record and evaluate contracts."""
    return rules_from_spec(spec, make_rules, field_name)
