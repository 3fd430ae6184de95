"""Sichuan §8 parameters: presets, every parameter settable, errors that name the parameter."""

from __future__ import annotations

import pytest

from replay.errors import InputError
from replay.games.sichuan.params import PARAMETERS, PRESETS, Cap, make_rules, rules_from_json


def test_presets_are_the_defaults_with_their_mode() -> None:
    """§8: xuezhan and xueliu are the defaults with their mode."""
    xz, xl = make_rules("xuezhan"), make_rules("xueliu")
    assert (xz.mode, xl.mode) == ("xuezhan", "xueliu")
    assert xz.ways == ("gangshanghua", "gangshangpao", "qiangganghu", "haidilaoyue")
    assert (xz.forced_hu_last, xz.gang_min_wall, xz.huazhu_multiple, xz.cap) == (4, 2, 16, None)
    assert (xz.swap_three, xz.swap_direction, xz.pass_hu) == ("off", "random", "until_draw")
    assert xz.zimo_bonus == "di"
    assert set(PRESETS) == {"xuezhan", "xueliu"}


def test_every_section_8_parameter_is_settable() -> None:
    assert set(PARAMETERS) == {
        "mode", "base", "swap_three", "swap_direction", "dingque", "que_first", "pass_hu",
        "forced_hu_last", "gang_min_wall", "cap", "zimo_bonus", "di_in_cap", "diangang_hua", "ways",
        "tiandihu", "jiang_hands", "hujiao_zhuanyi", "huazhu_multiple", "chadajiao", "tuishui",
        "draw_dealer", "bankruptcy",
    }  # fmt: skip


def test_cap_forms() -> None:
    """SC-5.1: {"fan": n} caps at 2ⁿ, {"multiple": m} at m, null is none."""
    r = make_rules("xuezhan", {"cap": {"fan": 3}})
    assert r.cap == Cap("fan", 3) and r.capped(32) == 8 and r.capped(4) == 4
    assert make_rules("xuezhan", {"cap": {"multiple": 10}}).capped(32) == 10
    assert make_rules("xuezhan", {"cap": None}).capped(1024) == 1024
    assert r.to_json()["cap"] == {"fan": 3}


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"mode": "bloody"}, "ruleset.overrides.mode"),
        ({"cap": {"fan": -1}}, "ruleset.overrides.cap.fan"),
        ({"cap": {"points": 3}}, "ruleset.overrides.cap.points"),
        ({"ways": ["gangshanghua", "tianhu"]}, "ruleset.overrides.ways[1]"),
        ({"gang_min_wall": 3}, "ruleset.overrides.gang_min_wall"),
        ({"dingque": "yes"}, "ruleset.overrides.dingque"),
        ({"laizi": "5m"}, "ruleset.overrides.laizi"),
    ],
)
def test_bad_overrides_name_the_parameter(overrides: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as err:
        rules_from_json({"preset": "xuezhan", "overrides": overrides})
    assert err.value.field == field


def test_unknown_preset_is_named() -> None:
    with pytest.raises(InputError) as err:
        rules_from_json({"preset": "hzlzg"})
    assert err.value.field == "ruleset.preset" and "xuezhan" in err.value.message


def test_ways_keep_canonical_order() -> None:
    assert make_rules("xueliu", {"ways": ["haidipao", "gangshanghua"]}).ways == ("gangshanghua", "haidipao")
