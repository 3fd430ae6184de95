"""The 二人 rules core by ER id (erren.md): tiles ER-1.1, parameters §7, shapes and readings
ER-4.1–ER-4.4, 报听's tenpai ER-3.5, the principles ER-6.1, T and Q ER-6.2, settlement ER-6.3.
Expected values are worked by hand from the rule text."""

from __future__ import annotations

import pytest

from replay.errors import InputError
from replay.games.erren import tiles as T
from replay.games.erren.choose import admissible, legal, score, scores
from replay.games.erren.fans import Instance
from replay.games.erren.params import PARAMETERS, PRESETS, make_rules, rules_from_json
from replay.games.erren.readings import Meld, is_tenpai, readings, waits
from replay.games.erren.settle import amount, no_payment, settle
from tests.erren_hands import counts, kinds, melds, win

ERREN = make_rules("erren")


# ER-1.1 tiles
def test_er_1_1_seventy_two_tiles_and_flowers() -> None:
    full = T.full_set()
    assert len(full) == T.WALL_SIZE == 72
    assert sum(1 for k in full if T.is_flower(k)) == 8
    assert {T.code(k) for k in full if not T.is_flower(k)} == {f"{r}s" for r in range(1, 10)} | set("ESWNCFP")


@pytest.mark.parametrize(
    ("token", "code"),
    [("1h", "1h"), ("春", "1h"), ("菊", "8h"), ("兰花", "6h"), (0x41, "1h"), (0x48, "8h"), ("0x45", "5h"),
     ("五条", "5s"), ("0x15", "5s"), ("发", "F"), ("7z", "C"), ("5s", "5s")],
)  # fmt: skip
def test_er_1_1_aliases(token: object, code: str) -> None:
    assert T.code(T.parse(token)) == code


@pytest.mark.parametrize("token", ["5m", "一万", "9p", 0x01, 0x49, "0x40"])
def test_er_1_1_no_wan_no_tong(token: object) -> None:
    with pytest.raises(InputError) as err:
        T.parse(token, "wall[3]")
    assert err.value.field == "wall[3]"


def test_er_1_1_flower_never_in_a_hand() -> None:
    with pytest.raises(InputError, match=r"ER-2\.2"):
        T.parse_play("春", "hand[0]")
    assert T.name(T.parse("春")) == "春 (1h)" and T.name(T.parse("5s")) == "五条 (5s)"


# §7 parameters and presets
def test_presets_of_section_7() -> None:
    assert (ERREN.qihu, ERREN.settle, ERREN.dealer_rotation, ERREN.base, ERREN.cap) == (
        8,
        "fan",
        "winner",
        8,
        None,
    )
    gb = PRESETS["erren-gb"]
    assert (gb.settle, gb.dealer_rotation, gb.qihu) == ("guobiao", "alternate", 8)
    assert PRESETS["erren-lite"].qihu == 1
    assert ERREN.qihu_excluded == {"huapai", "chunxiaqiudong", "meilanzhuju", "baxian", "lizhi"}
    assert ERREN.value("qinglong") == 16 and ERREN.value("sifang_dafacai") == 168
    assert set(ERREN.to_json()) == {"preset", *PARAMETERS}


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"qihu": 0}, "ruleset.overrides.qihu"),
        ({"fan_values": {"qinlong": 3}}, "ruleset.overrides.fan_values.qinlong"),
        ({"fan_values": {"qinglong": "16"}}, "ruleset.overrides.fan_values.qinglong"),
        ({"qihu_excluded": ["huapai", "flower"]}, "ruleset.overrides.qihu_excluded[1]"),
        ({"settle": "gb"}, "ruleset.overrides.settle"),
        ({"cap": 0}, "ruleset.overrides.cap"),
        ({"ting_lock": "yes"}, "ruleset.overrides.ting_lock"),
        ({"dealer": 1}, "ruleset.overrides.dealer"),
    ],
)
def test_overrides_are_validated_naming_the_parameter(overrides: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as err:
        rules_from_json({"preset": "erren", "overrides": overrides})
    assert err.value.field == field


def test_fan_values_override_is_partial() -> None:
    r = make_rules("erren", {"fan_values": {"qinglong": 20}, "cap": None})
    assert r.value("qinglong") == 20 and r.value("hunyise") == 6 and r.cap is None
    found = score(win("12s 456s 789s EE", "3s", melds_="peng:C"), r)
    assert found is not None and found.total == 29  # 20 + 6 + 2 + 1


# ER-4.1 shapes
def test_er_4_1_standard_any_pair_and_qidui() -> None:
    assert score(win("123s 456s 789s EEE 5s", "5s"), ERREN) is not None  # 乱将: a 5s pair
    four = score(win("1111s 2233s 55s 99s E", "E"), ERREN)  # four 1s = two pairs
    assert four is not None and four.reading.form == "qidui"
    with_angang = win("2233s 55s 99s E", "E", melds_="gang:1s:an")
    assert score(with_angang, ERREN) is None  # 七对 wants no melds at all, an-gang included


# ER-4.2 readings
def test_er_4_2_every_decomposition_and_placement() -> None:
    w = win("111s 222s 333s 99s EE", "9s")
    found = readings(w.counts, w.melds, w.tile, w.self_draw)
    assert sorted(r.describe() for r in found) == ["111s 222s 333s 999s* EE", "123s 123s 123s 999s* EE"]
    w = win("123s 123s 456s 45s 99s", "6s")  # 6s in either 456: one reading; plus 七对
    assert sorted(r.form for r in readings(w.counts, w.melds, w.tile, w.self_draw)) == ["qidui", "standard"]


# ER-4.3 暗刻
def test_er_4_3_anke_and_an_gang() -> None:
    discard = score(win("111s 333s 555s 77s 99s", "7s"), ERREN)
    drawn = score(win("111s 333s 555s 77s 99s", "7s", self_draw=True), ERREN)
    assert discard is not None and "sananke" in discard.fan_ids()  # the discard-completed 777 is not 暗刻
    assert drawn is not None and "sianke" in drawn.fan_ids()
    robbed = score(win("111s 333s 555s 77s 99s", "7s", ways="qianggang"), ERREN)
    assert robbed is not None and "sananke" in robbed.fan_ids()  # 抢杠 is a discard win (ER-3.3)
    an = score(win("333s 456s 789s 5s", "5s", melds_="gang:E:an"), ERREN)
    assert an is not None and an.fan_ids().get("shuanganke") == 1 and "menqianqing" in an.fan_ids()


# ER-4.4 waits
def test_er_4_4_waits_leave_out_kinds_held_four_times() -> None:
    assert [T.code(k) for k in waits(counts("123s 456s 789s EEE 2s"), [])] == ["2s"]
    # N held four times (peng NNN + one): the 单钓 on N is no wait
    assert waits(counts("123s EEE SSS N"), list(melds("peng:N"))) == ()
    assert [T.code(k) for k in waits(counts("1112345678999s"), [])] == [f"{r}s" for r in range(1, 10)]
    chi = melds("chi:1s")
    assert [T.code(k) for k in waits(counts("456s 789s EEE 5s"), list(chi))] == ["5s"]


def test_er_3_5_tenpai_for_baoting() -> None:
    assert is_tenpai(counts("123s 456s 789s EEE 2s"), [])
    assert not is_tenpai(counts("123s 456s 789s E S W N"), [])
    assert is_tenpai(counts("1133557799s E S S"), [])  # 七对 tenpai on E


# ER-6.1 principles
def test_er_6_1b_taosuan_yici_and_bu_de_xiang_tong() -> None:
    a, b, c = (
        Instance("yibangao", frozenset({0, 1})),
        Instance("lianliu", frozenset({0, 2})),
        Instance("lianliu", frozenset({1, 3})),
    )
    assert admissible((a, b, c))  # each pair instance adds a set
    assert not admissible((b, Instance("lianliu", frozenset({0, 3}))))  # set 0 twice in 连六: 不得相同
    big = Instance("sibugao", frozenset({0, 1, 2, 3}))
    assert not admissible((big, a))  # a 4-set instance leaves no pair fan
    three = Instance("sanbugao", frozenset({0, 1, 2}))
    assert admissible((three, Instance("lianliu", frozenset({2, 3}))))
    assert not admissible(
        (three, Instance("lianliu", frozenset({2, 3})), Instance("yibangao", frozenset({1, 3})))
    )


def test_er_6_1c_a_skipped_fan_excludes_nothing() -> None:
    drawn = score(win("111s 222s 333s 99s EE", "9s", self_draw=True), ERREN)
    assert drawn is not None
    assert "buqiuren" not in drawn.fan_ids() and drawn.fan_ids().get("zimo") == 1


def test_er_6_1_four_chows_give_at_most_three_pair_fans() -> None:
    found = score(win("123s 456s 45s 99s", "6s", melds_="chi:1s"), ERREN)
    # two 123 and two 456 (E3): six pair instances, three fit
    assert found is not None
    pair_fans = sum(n for f, n in found.fan_ids().items() if f in ("yibangao", "lianliu", "laoshaofu"))
    assert pair_fans == 3


# ER-6.2 T, Q and the tie-break
def test_er_6_2_tie_break_prefers_earlier_rows() -> None:
    found = score(win("123s 456s 45s 99s", "6s", melds_="chi:1s"), ERREN)
    assert found is not None and found.fan_ids()["yibangao"] == 2 and found.fan_ids()["lianliu"] == 1
    assert [s.total for s in scores(win("111s 222s 333s 99s EE", "9s"), ERREN)] == [56, 37]


def test_er_6_2_q_leaves_out_nq_fans_and_qihu_is_on_q() -> None:
    w = win("678s 34s EE", "2s", melds_="chi:1s peng:9s", flowers="1h 2h 3h 4h 5h 6h 7h 8h")
    found = score(w, ERREN)
    assert found is not None
    # baxian 88 drops the two flower sets; huapai 8; hunyise 6 + yaojiuke 1 count: Q 7
    assert (found.total, found.qualifying) == (88 + 8 + 7, 7) and not legal(found, ERREN)
    counting = make_rules("erren", {"qihu_excluded": []})
    assert legal(score(w, counting), counting)


# ER-6.3 settlement
def test_er_6_3_settlement() -> None:
    found = score(win("12s 456s 789s EE", "3s", melds_="peng:C"), ERREN)
    assert found is not None and found.total == 25
    pay = settle(1, found, ERREN)
    assert pay.deltas() == [-25, 25] and sum(pay.deltas()) == 0
    assert settle(0, found, ERREN).deltas() == [25, -25]
    assert amount(25, make_rules("erren-gb")) == 33
    assert amount(25, make_rules("erren", {"unit": 2, "cap": 40})) == 40
    assert amount(25, make_rules("erren-gb", {"unit": 2})) == 66
    assert no_payment() == [0, 0]


def test_meld_helpers() -> None:
    assert Meld("gang", 27, "an").exposed is False and Meld("gang", 27, "xu").exposed is True
    assert kinds("12s E 3h") == [9, 10, 27, 36]
