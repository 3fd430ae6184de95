"""§11 rulesets: presets, overrides, validation that names the parameter, and R-3.2 laizi."""

from __future__ import annotations

import pytest

from replay.errors import InputError
from replay.games.wuhan.laizi import laizi_of, table_rules
from replay.games.wuhan.ruleset import PRESETS, VALIDATORS, make_ruleset, ruleset_from_json
from replay.tiles import CODES, parse_tile


def test_presets_match_rules_md() -> None:
    base = make_ruleset("hzlzg")
    assert (base.cap, base.golden, base.sunshine, base.triple_sunshine) == (300, 400, None, None)
    assert base.open_mode == "kaikou" and base.qianggang_mode == "robbed_gangkai" and base.family == "wuhan"
    koukou = make_ruleset("hzlzg-koukou")
    assert koukou.open_mode == "koukou" and koukou.golden == 500
    fc = make_ruleset("hzfclzg")
    assert [CODES[k] for k in fc.pizi] == ["C", "F"]
    assert (fc.cap, fc.golden, fc.sunshine, fc.triple_sunshine, fc.qihu, fc.qihu_scope) == (
        400,
        500,
        600,
        700,
        16,
        "all",
    )


def test_every_parameter_of_section_11_is_settable() -> None:
    expected = {
        "pizi",
        "open_mode",
        "laizi_gang_factor",
        "laizi_discard_factor",
        "big_hand_stacking",
        "cap",
        "golden",
        "sunshine",
        "triple_sunshine",
        "liability_cap",
        "qihu",
        "qihu_scope",
        "quanqiuren_liability",
        "third_feed_hands",
        "qianggang_mode",
        "fengyise_golden",
        "haidi_trigger",
        "haidi_draws",
        "jianjiang",
        "jianzi_self_draw_only",
        "dealer_rotation",
        "qipi",
        "haidi_play_on",
        "special_discard",
        "laizi_limit",
        "strict_jiang",
        "haidi_self_draw_factor",
        "qianggang_fangchong",
    }
    assert set(VALIDATORS) == expected


@pytest.mark.parametrize("preset", ["hzlzg", "hzlzg-koukou", "hzfclzg"])
def test_R_7_13_and_R_7_14_are_on_in_the_wuhan_presets(preset: str) -> None:
    """§11: jianjiang and jianzi_self_draw_only default to true (S0); either can be turned off."""
    rules = make_ruleset(preset)
    assert rules.jianjiang is True and rules.jianzi_self_draw_only is True
    off = make_ruleset(preset, {"jianjiang": False, "jianzi_self_draw_only": False})
    assert off.jianjiang is False and off.jianzi_self_draw_only is False
    assert off.to_json()["jianjiang"] is False


def test_overrides_apply_on_top_of_a_preset_and_null_turns_a_cap_off() -> None:
    r = make_ruleset("hzfclzg", {"cap": None, "third_feed_hands": ["qingyise", "jiangyise"]})
    assert r.cap is None and r.golden == 500 and r.third_feed_hands == ("qingyise", "jiangyise")
    assert make_ruleset("hzlzg", {"pizi": ["红中", "发"]}).fa_is_pizi


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"cpa": 400}, "ruleset.overrides.cpa"),
        ({"cap": 0}, "ruleset.overrides.cap"),
        ({"cap": "400"}, "ruleset.overrides.cap"),
        ({"qihu": True}, "ruleset.overrides.qihu"),
        ({"open_mode": "kou"}, "ruleset.overrides.open_mode"),
        ({"laizi_gang_factor": 3}, "ruleset.overrides.laizi_gang_factor"),
        ({"pizi": ["C", "E"]}, "ruleset.overrides.pizi"),
        ({"pizi": ["X"]}, "ruleset.overrides.pizi[0]"),
        ({"third_feed_hands": ["jiangyise"]}, "ruleset.overrides.third_feed_hands"),
        ({"fengyise_golden": 1}, "ruleset.overrides.fengyise_golden"),
        ({"haidi_draws": 5}, "ruleset.overrides.haidi_draws"),
        ({"jianjiang": "yes"}, "ruleset.overrides.jianjiang"),
        ({"jianzi_self_draw_only": 0}, "ruleset.overrides.jianzi_self_draw_only"),
        ({"dealer_rotation": "loser"}, "ruleset.overrides.dealer_rotation"),
        ({"qipi": "true"}, "ruleset.overrides.qipi"),
        ({"haidi_play_on": 1}, "ruleset.overrides.haidi_play_on"),
        ({"special_discard": "never"}, "ruleset.overrides.special_discard"),
        ({"laizi_limit": 2}, "ruleset.overrides.laizi_limit"),
        ({"strict_jiang": None}, "ruleset.overrides.strict_jiang"),
        ({"haidi_self_draw_factor": "1.5"}, "ruleset.overrides.haidi_self_draw_factor"),
        ({"qianggang_fangchong": []}, "ruleset.overrides.qianggang_fangchong"),
        ({"qipi": True, "pizi": ["C", "F"]}, "ruleset.overrides.pizi"),
    ],
)
def test_bad_override_names_the_parameter(overrides: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as err:
        ruleset_from_json({"preset": "hzlzg", "overrides": overrides})
    assert err.value.field == field


def test_unknown_preset_is_named() -> None:
    with pytest.raises(InputError) as err:
        ruleset_from_json({"preset": "sichuan"})
    assert err.value.field == "ruleset.preset" and "sichuan" in err.value.message


@pytest.mark.parametrize(
    ("indicator", "laizi"),
    [("4p", "5p"), ("9m", "1m"), ("9s", "1s"), ("E", "S"), ("N", "F"), ("C", "F"), ("F", "P"), ("P", "E")],
)
def test_R_3_2_laizi_after_the_indicator_hongzhong(indicator: str, laizi: str) -> None:
    assert CODES[laizi_of(parse_tile(indicator), PRESETS["hzlzg"])] == laizi


@pytest.mark.parametrize(
    ("indicator", "laizi"), [("W", "N"), ("N", "P"), ("C", "P"), ("F", "P"), ("P", "E"), ("8s", "9s")]
)
def test_R_3_2_laizi_in_the_hongzhong_facai_variant(indicator: str, laizi: str) -> None:
    assert CODES[laizi_of(parse_tile(indicator), PRESETS["hzfclzg"])] == laizi


NEW_SWITCHES = {
    "dealer_rotation": "next",
    "qipi": False,
    "haidi_play_on": False,
    "special_discard": "allowed",
    "laizi_limit": "held",
    "strict_jiang": False,
    "haidi_self_draw_factor": False,
    "qianggang_fangchong": True,
}


@pytest.mark.parametrize("preset", ["hzlzg", "hzlzg-koukou", "hzfclzg"])
def test_R_2_3_R_3_6_R_3_7_R_4_5_R_4_6_R_7_15_R_10_10_R_10_11_are_off_in_the_old_presets(preset: str) -> None:
    """§11: every switch of the 七皮四赖 rules has the default that keeps the old rules."""
    rules = make_ruleset(preset)
    assert {name: getattr(rules, name) for name in NEW_SWITCHES} == NEW_SWITCHES


def test_qipi_preset_is_section_11s() -> None:
    """§11 preset qipi: the listed switches, everything else as hzlzg."""
    q = make_ruleset("qipi")
    assert (q.qipi, q.special_discard, q.laizi_limit, q.haidi_play_on, q.haidi_draws) == (
        True,
        "gang_only",
        "wild",
        True,
        4,
    )
    assert (q.strict_jiang, q.haidi_self_draw_factor, q.qianggang_fangchong, q.dealer_rotation) == (
        True,
        True,
        False,
        "winner",
    )
    assert (q.open_mode, q.big_hand_stacking, q.qianggang_mode, q.jianjiang, q.jianzi_self_draw_only) == (
        "koukou",
        "add",
        "robber",
        False,
        False,
    )
    base = make_ruleset("hzlzg")
    assert (q.cap, q.golden, q.laizi_gang_factor, q.qihu, q.pizi) == (300, 400, 4, 0, base.pizi)
    assert q.to_json()["pizi"] == ["C"] and "pi" not in q.to_json()


@pytest.mark.parametrize(
    ("indicator", "laizi", "pi"),
    [
        ("4m", "5m", ["3m", "4m"]),  # E7
        ("1s", "2s", ["1s", "9s"]),  # 1 -> 9 in the same suit
        ("9p", "1p", ["8p", "9p"]),
        ("E", "S", ["E", "P"]),  # 东: 东, 白
        ("F", "P", ["N", "F"]),  # 发: 发, 北
        ("N", "F", ["W", "N"]),
        ("C", "F", ["W", "N"]),  # a 红中 indicator gives 北 and 西
        ("P", "E", ["F", "P"]),
    ],
)
def test_R_3_6_pi_kinds_from_the_indicator(indicator: str, laizi: str, pi: list[str]) -> None:
    """R-3.6: the indicator's kind and the kind before it are 皮, in R-3.2's honour cycle."""
    rules = PRESETS["qipi"]
    found = laizi_of(parse_tile(indicator), rules)
    assert CODES[found] == laizi
    table = table_rules(rules, found)
    assert sorted(CODES[k] for k in table.pi) == sorted(pi)
    # each 皮 is a pizi at this table, 红中 still is
    assert {CODES[k] for k in table.pizi} == {"C", *pi}
    assert table.to_json() == rules.to_json()  # the parameters a record named, not the table's 皮


def test_R_3_6_no_pi_without_qipi() -> None:
    rules = PRESETS["hzlzg"]
    assert table_rules(rules, parse_tile("5m")) is rules
