"""Rulesets (RULES.md §11): every disputed point of the sources as a named parameter.

A record names a preset and may override any parameter; the result is validated here so a
typo or an impossible value is an error naming the parameter, never a silent default.
The ruleset records its rule family so other regional games can sit behind the same interface.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from replay.errors import InputError
from replay.presets import apply_overrides, rules_from_spec
from replay.tiles import C, F, code, parse_tile

HAND_TYPES: tuple[str, ...] = (
    "pihu",
    "qingyise",
    "fengyise",
    "jiangyise",
    "pengpenghu",
    "quanqiuren",
    "gangshangkai",
    "haidilao",
    "qianggang",
)

HAND_NAMES_ZH: dict[str, str] = {
    "pihu": "屁胡",
    "qingyise": "清一色",
    "fengyise": "风一色",
    "jiangyise": "将一色",
    "pengpenghu": "碰碰胡",
    "quanqiuren": "全求人",
    "gangshangkai": "杠上开",
    "haidilao": "海底捞",
    "qianggang": "抢杠",
}


@dataclass(frozen=True)
class Ruleset:
    """One complete, validated set of parameters. Field names are the RULES.md §11 names."""

    preset: str = "hzlzg"
    family: str = "wuhan"
    pizi: tuple[int, ...] = (C,)
    open_mode: str = "kaikou"
    laizi_gang_factor: int = 4
    laizi_discard_factor: int = 2
    big_hand_stacking: str = "double"
    cap: int | None = 300
    golden: int | None = 400
    sunshine: int | None = None
    triple_sunshine: int | None = None
    liability_cap: int | None = None
    qihu: int = 0
    qihu_scope: str = "all"
    quanqiuren_liability: str = "not_tenpai"
    third_feed_hands: tuple[str, ...] = ("qingyise",)
    qianggang_mode: str = "robbed_gangkai"
    fengyise_golden: bool = False
    haidi_trigger: int = 14
    haidi_draws: int = 4
    #: R-7.13 见将胡: a 将 pair needs a real 将, not two laizi standing in for one
    jianjiang: bool = True
    #: R-7.14 见字胡: a hand that wins on every kind may not win on a discard
    jianzi_self_draw_only: bool = True
    #: R-2.3: who deals the next hand of a sitting: ``next`` (R-2.2) or ``winner``
    dealer_rotation: str = "next"
    #: R-3.6 七皮: the indicator's kind and the kind before it are pizi too (皮)
    qipi: bool = False
    #: R-3.7: no haidi phase, no late-kong line; play goes on to the last tile
    haidi_play_on: bool = False
    #: R-4.5: ``allowed``, or ``gang_only`` (a pizi or laizi leaves the hand only as its gang)
    special_discard: str = "allowed"
    #: R-4.6: ``held`` (R-4.3 counts laizi held) or ``wild`` (only laizi used as wildcards count)
    laizi_limit: str = "held"
    #: R-7.15: 杠上开/海底捞/抢杠 only on four melds plus a 将 pair
    strict_jiang: bool = False
    #: R-10.10: a 海底捞 on a normal draw takes the big-hand self-draw factor
    haidi_self_draw_factor: bool = False
    #: R-10.11: the robbed seat takes the 放冲 factor in ``robber`` mode
    qianggang_fangchong: bool = True
    #: Not a parameter: the 皮 kinds of one table (R-3.6), set by ``replay.games.wuhan.laizi.table_rules``
    #: once the indicator is known. They are also in ``pizi``, since a 皮 is a pizi in every
    #: respect (R-4.4); empty unless ``qipi``.
    pi: tuple[int, ...] = ()
    overrides: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def fa_is_pizi(self) -> bool:
        """红中发财 variant (R-3.2, R-4.1): 发财 is a gang tile too (not as a 皮 of one table)."""
        return F in self.pizi and F not in self.pi

    def to_json(self) -> dict[str, Any]:
        # the fields as ``asdict`` gives them (all immutable), less the two that are not parameters
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("overrides", "pi")}
        out["pizi"] = [code(k) for k in self.pizi if k not in self.pi]
        out["third_feed_hands"] = list(self.third_feed_hands)
        return out


PRESETS: dict[str, Ruleset] = {
    "hzlzg": Ruleset(),
    "hzlzg-koukou": Ruleset(preset="hzlzg-koukou", open_mode="koukou", golden=500),
    "hzfclzg": Ruleset(
        preset="hzfclzg",
        pizi=(C, F),
        cap=400,
        golden=500,
        sunshine=600,
        triple_sunshine=700,
        qihu=16,
        qihu_scope="all",
    ),
    # 七皮四赖 as P plays it (RULES.md §11): everything else as hzlzg
    "qipi": Ruleset(
        preset="qipi",
        qipi=True,
        special_discard="gang_only",
        laizi_limit="wild",
        haidi_play_on=True,
        haidi_draws=4,
        strict_jiang=True,
        haidi_self_draw_factor=True,
        qianggang_fangchong=False,
        dealer_rotation="winner",
        open_mode="koukou",
        big_hand_stacking="add",
        qianggang_mode="robber",
        jianjiang=False,
        jianzi_self_draw_only=False,
    ),
}


def _choice(*allowed: object) -> Any:
    def check(name: str, value: object) -> object:
        if isinstance(value, bool | float) or not isinstance(value, str | int) or value not in allowed:
            raise InputError(name, f"must be one of {', '.join(repr(a) for a in allowed)}, not {value!r}")
        return value

    return check


def _points(nullable: bool) -> Any:
    def check(name: str, value: object) -> object:
        if value is None and nullable:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < (1 if nullable else 0):
            what = "a positive integer or null" if nullable else "a non-negative integer"
            raise InputError(name, f"must be {what}, not {value!r}")
        if value > 10**9:
            raise InputError(name, f"{value} is beyond any real table's points")
        return value

    return check


def _int_range(lo: int, hi: int) -> Any:
    def check(name: str, value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise InputError(name, f"must be an integer from {lo} to {hi}, not {value!r}")
        return value

    return check


def _pizi(name: str, value: object) -> tuple[int, ...]:
    if not isinstance(value, list | tuple):
        raise InputError(name, f'must be ["C"] or ["C", "F"], not {value!r}')
    kinds = tuple(sorted({parse_tile(t, f"{name}[{i}]") for i, t in enumerate(value)}))
    if kinds not in ((C,), (C, F)):
        raise InputError(name, f'must be ["C"] or ["C", "F"], not {value!r}')
    return kinds


def _third_feed(name: str, value: object) -> tuple[str, ...]:
    if (
        not isinstance(value, list | tuple)
        or not all(isinstance(v, str) for v in value)
        or set(value) not in ({"qingyise"}, {"qingyise", "jiangyise"})
    ):
        raise InputError(name, f'must be ["qingyise"] or ["qingyise", "jiangyise"], not {value!r}')
    return tuple(h for h in ("qingyise", "jiangyise") if h in value)


def _boolean(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise InputError(name, f"must be true or false, not {value!r}")
    return value


VALIDATORS: dict[str, Any] = {
    "pizi": _pizi,
    "open_mode": _choice("kaikou", "koukou"),
    "laizi_gang_factor": _choice(4, 2),
    "laizi_discard_factor": _choice(2, 4),
    "big_hand_stacking": _choice("double", "add"),
    "cap": _points(True),
    "golden": _points(True),
    "sunshine": _points(True),
    "triple_sunshine": _points(True),
    "liability_cap": _points(True),
    "qihu": _points(False),
    "qihu_scope": _choice("all", "any"),
    "quanqiuren_liability": _choice("not_tenpai", "jiang_tile"),
    "third_feed_hands": _third_feed,
    "qianggang_mode": _choice("robber", "robbed_gangkai"),
    "fengyise_golden": _boolean,
    "haidi_trigger": _int_range(4, 100),
    "haidi_draws": _int_range(0, 4),
    "jianjiang": _boolean,
    "jianzi_self_draw_only": _boolean,
    "dealer_rotation": _choice("next", "winner"),
    "qipi": _boolean,
    "haidi_play_on": _boolean,
    "special_discard": _choice("allowed", "gang_only"),
    "laizi_limit": _choice("held", "wild"),
    "strict_jiang": _boolean,
    "haidi_self_draw_factor": _boolean,
    "qianggang_fangchong": _boolean,
}


def make_ruleset(preset: str = "hzlzg", overrides: Mapping[str, Any] | None = None) -> Ruleset:
    """A preset with overrides on top; raises InputError naming the bad parameter."""
    rules = apply_overrides(PRESETS, VALIDATORS, preset, overrides)
    if rules.haidi_draws > rules.haidi_trigger:
        raise InputError("overrides.haidi_draws", "cannot exceed haidi_trigger")
    if rules.qipi and rules.pizi != (C,):
        # 七皮 is a 红中赖子杠 variant; with 发财 a pizi the honour cycle has no 皮 rule
        where = "overrides.pizi" if "pizi" in rules.overrides else "overrides.qipi"
        raise InputError(where, 'qipi (七皮) needs pizi ["C"]')
    return rules


class Overrides(Mapping[str, Any]):
    """The overrides of a shared ruleset (``ruleset_from_json``), read-only. Unlike
    ``types.MappingProxyType`` it copies and pickles, as the boards that hold it do."""

    def __init__(self, given: Mapping[str, Any]) -> None:
        self._given = dict(given)

    def __getitem__(self, name: str) -> Any:
        return self._given[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._given)

    def __len__(self) -> int:
        return len(self._given)

    def __repr__(self) -> str:
        return repr(self._given)


#: rulesets parsed from a spec, by the spec's canonical JSON (``_spec_key``): a record's ruleset
#: is parsed by the schema and again by the board, and a batch repeats a few specs thousands of
#: times. The values are shared, hence immutable (``overrides`` is a read-only mapping). Each is
#: kept with the preset it was made from and used only while ``PRESETS`` still holds that very
#: object, so a preset replaced at run time (a ruling's "before" engine in the tests) is seen.
_PARSED: dict[str, tuple[object, Ruleset]] = {}
_PARSED_MAX = 1024


def _spec_key(spec: object) -> str | None:
    """The spec as canonical JSON; None for what JSON cannot say exactly (never cached)."""
    # the common case, a preset without overrides, without json.dumps ("=" starts no JSON)
    if (
        type(spec) is dict
        and type(preset := spec.get("preset")) is str
        and (len(spec) == 1 or (len(spec) == 2 and spec.get("overrides", 0) == {}))
    ):
        return "=" + preset
    try:
        return json.dumps(spec, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return None


def ruleset_from_json(spec: object, field_name: str = "ruleset") -> Ruleset:
    """``{"preset": ..., "overrides": {...}}`` as in the hand record and evaluate contracts.

    The same spec gives the same (shared, immutable) object; only a spec that parses is kept,
    so an error is raised afresh each time, naming ``field_name``.
    """
    key = _spec_key(spec)
    if key is None:
        return rules_from_spec(spec, make_ruleset, field_name)
    name = spec.get("preset") if type(spec) is dict else None
    basis = PRESETS.get(name) if type(name) is str else None
    kept = _PARSED.get(key)
    if kept is not None and kept[0] is basis:
        return kept[1]
    rules = rules_from_spec(spec, make_ruleset, field_name)
    rules = replace(rules, overrides=Overrides(rules.overrides))
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[key] = (basis, rules)
    return rules
