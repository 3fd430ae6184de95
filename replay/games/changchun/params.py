"""Changchun ruleset parameters (changchun.md §7): every point S4 leaves open, as a named value.

A record or an evaluate input names a preset (``changchun``: the defaults; ``changchun-135``
and ``changchun-250``: the two other fan ladders) and may override any parameter; a bad value
is an ``InputError`` naming the parameter, so a typo never silently plays another game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from replay.errors import InputError
from replay.presets import apply_overrides, rules_from_spec
from replay.tiles import CODES, parse_tile

#: S4's 大蛋 kinds: 幺鸡 1s, 幺饼 1p, 红中 C, 发财 F, 白板 P (CC-3.5)
DADAN_DEFAULT: frozenset[int] = frozenset({9, 18, 31, 32, 33})


@dataclass(frozen=True)
class Rules:
    """One complete, validated Changchun ruleset; field names are the §7 parameter names."""

    preset: str = "changchun"
    #: points paid for n = 0, 1, … fan; longer n doubles the last entry (CC-6.1)
    ladder: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 64)
    #: the gang-money unit (CC-6.3); None = ladder[0] (see ``gang_money_unit``)
    gang_unit: int | None = None
    dianpao_mode: str = "all"
    bao_fan: int = 1
    jiahu: str = "duting"
    dadan_tiles: frozenset[int] = DADAN_DEFAULT
    #: "seed" = S4's formula R(g) (CC-1.5); an integer = that many tiles kept, whatever g
    reserve: str | int = "seed"
    bao_count: str = "tile"
    shoubayi: str = "forbid_action"
    chi_from: str = "shangjia"
    ting_gang: str = "same_wait"
    ting_lock: str = "baoting"
    qianghu: str = "dianpao"
    special_open: bool = False
    special_in_piao: bool = True
    diangang_payer: str = "all"
    guohu: str = "none"
    cap: int | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def gang_money_unit(self) -> int:
        """CC-6.3's unit: ``gang_unit`` when set, else the ladder's first entry (S4 1倍底注)."""
        return self.ladder[0] if self.gang_unit is None else self.gang_unit

    def ladder_at(self, n: int) -> int:
        """ladder(n) of CC-6.1: the entry for n fan, the last entry doubled past the end."""
        if n < 0:
            raise ValueError(f"negative fan {n}")
        last = len(self.ladder) - 1
        return self.ladder[n] if n <= last else self.ladder[last] * 2 ** (n - last)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"preset": self.preset}
        for name in PARAMETERS:
            out[name] = getattr(self, name)
        out["ladder"] = list(self.ladder)
        out["dadan_tiles"] = [CODES[k] for k in sorted(self.dadan_tiles)]
        return out


PRESETS: dict[str, Rules] = {
    "changchun": Rules(),
    "changchun-135": Rules(preset="changchun-135", ladder=(1, 3, 5, 10, 20, 40, 80)),
    "changchun-250": Rules(preset="changchun-250", ladder=(2, 5, 10, 20, 40, 80, 160), gang_unit=2),
}

Check = Callable[[str, object], object]

#: The values each string-valued parameter takes (§7).
CHOICES: dict[str, tuple[str, ...]] = {
    "dianpao_mode": ("all", "discarder_only", "discarder_covers"),
    "jiahu": ("duting", "kan_bian", "kan"),
    "bao_count": ("tile", "stack"),
    "shoubayi": ("forbid_action", "forbid_win"),
    "chi_from": ("shangjia", "any"),
    "ting_gang": ("same_wait", "still_ting"),
    "ting_lock": ("baoting", "kanbao"),
    "qianghu": ("dianpao", "zimo"),
    "diangang_payer": ("all", "discarder"),
    "guohu": ("none", "until_own_draw"),
}
#: The true/false parameters.
FLAGS: tuple[str, ...] = ("special_open", "special_in_piao")
MAX_POINTS = 10**9


def _choice(*allowed: str) -> Check:
    def check(name: str, value: object) -> object:
        if not isinstance(value, str) or value not in allowed:
            raise InputError(name, f"must be one of {', '.join(repr(a) for a in allowed)}, not {value!r}")
        return value

    return check


def _boolean(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise InputError(name, f"must be true or false, not {value!r}")
    return value


def _int(name: str, value: object, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError(name, f"must be an integer from {lo} to {hi}, not {value!r}")
    return value


def _ladder(name: str, value: object) -> tuple[int, ...]:
    """Points for n = 0, 1, …: at least one positive integer, never falling (CC-6.1)."""
    if not isinstance(value, list | tuple) or not value:
        raise InputError(name, "must be a non-empty list of points for 0, 1, 2 … fan (CC-6.1)")
    out = tuple(_int(f"{name}[{i}]", v, 1, MAX_POINTS) for i, v in enumerate(value))
    for i in range(1, len(out)):
        if out[i] < out[i - 1]:
            raise InputError(f"{name}[{i}]", f"{out[i]} is less than the entry before it ({out[i - 1]})")
    return out


def _gang_unit(name: str, value: object) -> int | None:
    return None if value is None else _int(name, value, 0, MAX_POINTS)


def _bao_fan(name: str, value: object) -> int:
    return _int(name, value, 1, 2)


def _dadan(name: str, value: object) -> frozenset[int]:
    if not isinstance(value, list | tuple):
        raise InputError(name, "must be a list of tiles (CC-3.5)")
    return frozenset(parse_tile(t, f"{name}[{i}]") for i, t in enumerate(value))


def _reserve(name: str, value: object) -> str | int:
    if value == "seed":
        return "seed"
    if isinstance(value, str):
        raise InputError(name, f"must be 'seed' or a number of tiles, not {value!r}")
    return _int(name, value, 0, 135)


def _cap(name: str, value: object) -> int | None:
    return None if value is None else _int(name, value, 1, MAX_POINTS)


VALIDATORS: dict[str, Check] = {
    "ladder": _ladder,
    "gang_unit": _gang_unit,
    "dianpao_mode": _choice(*CHOICES["dianpao_mode"]),
    "bao_fan": _bao_fan,
    "jiahu": _choice(*CHOICES["jiahu"]),
    "dadan_tiles": _dadan,
    "reserve": _reserve,
    "bao_count": _choice(*CHOICES["bao_count"]),
    "shoubayi": _choice(*CHOICES["shoubayi"]),
    "chi_from": _choice(*CHOICES["chi_from"]),
    "ting_gang": _choice(*CHOICES["ting_gang"]),
    "ting_lock": _choice(*CHOICES["ting_lock"]),
    "qianghu": _choice(*CHOICES["qianghu"]),
    "special_open": _boolean,
    "special_in_piao": _boolean,
    "diangang_payer": _choice(*CHOICES["diangang_payer"]),
    "guohu": _choice(*CHOICES["guohu"]),
    "cap": _cap,
}

#: §7 parameter names, in the table's order.
PARAMETERS: tuple[str, ...] = tuple(VALIDATORS)


#: rulesets already made, by preset and overrides: a hand's ruleset is read by its schema and
#: by its board, and thousands of hands share a few rulesets (a ``Rules`` is frozen, so one is
#: shared); bounded, so a stream of distinct rulesets keeps paying the check, never memory
_MADE: dict[tuple[Any, ...], Rules] = {}
MAX_MADE = 256
_SCALARS = (str, int, bool, type(None))


def _made_key(preset: object, overrides: Mapping[str, Any] | None) -> tuple[Any, ...] | None:
    """The memo's key: the preset and each override with its value's type (``True == 1`` in
    Python, and they do not validate alike), in the given order; None for values not scalar."""
    if not isinstance(preset, str):
        return None
    items = []
    for name, value in (overrides or {}).items():
        if not isinstance(name, str) or type(value) not in _SCALARS:
            return None
        items.append((name, type(value), value))
    return (preset, *items)


def make_rules(preset: str = "changchun", overrides: Mapping[str, Any] | None = None) -> Rules:
    """A preset with overrides on top; raises InputError naming the bad parameter."""
    key = _made_key(preset, overrides)
    rules = _MADE.get(key) if key is not None else None
    if rules is None:
        rules = apply_overrides(PRESETS, VALIDATORS, preset, overrides)
        if key is not None and len(_MADE) < MAX_MADE:
            _MADE[key] = rules
    return rules


def rules_from_json(value: object, field: str = "ruleset") -> Rules:
    """``{"preset": ..., "overrides": {...}}`` as in the record and evaluate contracts."""
    return rules_from_spec(value, make_rules, field)
