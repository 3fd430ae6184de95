"""Changchun rules core by CC id (changchun.md), with hand-worked values, and §8's worked
examples at the reading / scoring level (E1–E9; the board replays them as records).

Every expected number below is worked from the rule text by hand in the test's docstring or
comment, never copied from the code's output.
"""

from __future__ import annotations

import pytest

from replay.errors import InputError
from replay.games.changchun import bao as B
from replay.games.changchun.params import PRESETS, Rules, make_rules, rules_from_json
from replay.games.changchun.reading import (
    Meld,
    Refusal,
    Win,
    can_baoting,
    check_win,
    gang_keeps_ting,
    held_counts,
    read_win,
    shoubayi_allowed,
    waits,
)
from replay.games.changchun.scoring import (
    deltas,
    fan_by_seat,
    gang_units,
    next_dealer,
    settle_gangs,
    settle_win,
)
from replay.games.changchun.tiles import YAOJIU, bu_set, counts
from replay.tiles import CODES, parse_tile, parse_tiles

CC = PRESETS["changchun"]
CC135 = PRESETS["changchun-135"]
CC250 = PRESETS["changchun-250"]


def h(text: str) -> list[int]:
    return counts(parse_tiles(text.split()))


def k(code: str) -> int:
    return parse_tile(code)


def names(kinds: list[int]) -> list[str]:
    return [CODES[t] for t in kinds]


def win(text: str, melds: list[Meld], tile: str, way: str, rules: Rules = CC) -> Win:
    got = check_win(h(text), melds, k(tile), way, rules)
    assert isinstance(got, Win), got
    return got


def refusal(text: str, melds: list[Meld], tile: str, way: str = "zimo", rules: Rules = CC) -> Refusal:
    got = check_win(h(text), melds, k(tile), way, rules)
    assert isinstance(got, Refusal), got
    return got


# --- §7 parameters and presets ------------------------------------------------------------


def test_presets_differ_only_in_ladder_and_gang_unit() -> None:
    """§7: changchun-135 ladder 1 3 5 10 20 40 80; changchun-250 2 5 10 … 160 with gang_unit 2."""
    assert CC.ladder == (1, 2, 4, 8, 16, 32, 64) and CC.gang_money_unit == 1
    assert CC135.ladder == (1, 3, 5, 10, 20, 40, 80) and CC135.gang_money_unit == 1
    assert CC250.ladder == (2, 5, 10, 20, 40, 80, 160) and CC250.gang_money_unit == 2


def test_bad_override_names_the_parameter() -> None:
    with pytest.raises(InputError) as err:
        rules_from_json({"preset": "changchun", "overrides": {"jiahu": "bian"}})
    assert err.value.field == "ruleset.overrides.jiahu"
    with pytest.raises(InputError) as err:
        make_rules("changchun", {"ladder": [1, 2, 1]})
    assert err.value.field == "overrides.ladder[2]"
    with pytest.raises(InputError) as err:
        make_rules("changchun", {"dadan_tiles": ["1s", "X"]})
    assert err.value.field == "overrides.dadan_tiles[1]"
    with pytest.raises(InputError) as err:
        make_rules("changchun", {"flowers": True})
    assert err.value.field == "overrides.flowers"
    with pytest.raises(InputError):
        make_rules("changchun-50", {})


def test_wushi_ling_is_an_override() -> None:
    """§7: S4's 五十零 is ladder 5 10 20 … with gang_unit 5."""
    r = make_rules("changchun", {"ladder": [5, 10, 20], "gang_unit": 5})
    assert [r.ladder_at(n) for n in range(5)] == [5, 10, 20, 40, 80]
    assert r.gang_money_unit == 5


# --- CC-1 tiles, dealer, wall ---------------------------------------------------------------


def test_cc_1_1_yaojiu_tiles() -> None:
    """CC-1.1: every 1, every 9, every honour (13 kinds)."""
    assert sorted(names(sorted(YAOJIU))) == sorted(["1m", "9m", "1s", "9s", "1p", "9p", *"ESWNCFP"])


def test_cc_1_3_next_dealer() -> None:
    """CC-1.3: the dealer stays on its own win or 荒庄; another winner passes it to the 下家."""
    assert next_dealer(2, 2) == 2
    assert next_dealer(2, None) == 2
    assert next_dealer(2, 0) == 3
    assert next_dealer(3, 1) == 0


def test_cc_1_5_reserve_keeps_the_last_stacks() -> None:
    """CC-1.5: R(0) = 14; R(g) = 2·(6+g) + g mod 2: 15, 16, 19, 20, 23; E5's g = 5 keeps 23."""
    assert [B.reserve(g, CC) for g in range(6)] == [14, 15, 16, 19, 20, 23]
    assert B.wall_exhausted(23, 5, CC) and not B.wall_exhausted(24, 5, CC)
    fixed = make_rules("changchun", {"reserve": 14})
    assert B.reserve(5, fixed) == 14


# --- CC-2 actions -----------------------------------------------------------------------------


def test_cc_2_5_shoubayi() -> None:
    """CC-2.5: one concealed tile only behind triplets, kongs and (special_in_piao) sets."""
    pengs = [Meld("peng", k("1m")), Meld("peng", k("2p")), Meld("ming", k("3s")), Meld("xi")]
    with_chi = [*pengs[:3], Meld("chi", k("4s"))]
    assert shoubayi_allowed(pengs, 1, CC)
    assert not shoubayi_allowed(with_chi, 1, CC)
    assert shoubayi_allowed(with_chi, 4, CC)  # four concealed: any melds
    assert not shoubayi_allowed(pengs, 1, make_rules("changchun", {"special_in_piao": False}))
    assert shoubayi_allowed(with_chi, 1, make_rules("changchun", {"shoubayi": "forbid_win"}))


def test_cc_2_6_hand_size() -> None:
    """CC-2.6: 13 − 3·m concealed before the win; a set counts as a meld, 补 tiles add none."""
    got = refusal("1m 1m 1m 2p 3p 4p 6s 7s 8s E E 5m", [], "6m")
    assert (got.rule, got.code) == ("CC-2.6", "wrong_hand_size")
    # xuanfeng with a 补: m = 1, so 10 concealed
    assert isinstance(
        check_win(h("1m 1m 1m 2p 3p 4p 6s 7s 8s 5p"), [Meld("xuanfeng", bu=(k("E"),))], k("5p"), "zimo", CC),
        Win,
    )


# --- CC-3 opening sets and 大蛋 -----------------------------------------------------------------


def test_cc_3_1_sets_and_cc_3_3_bu_groups() -> None:
    """CC-3.1 / CC-3.3: the four sets' tiles and which tile 补s which set."""
    assert names(list(Meld("xuanfeng").tiles())) == ["E", "S", "W", "N"]
    assert names(list(Meld("xi").tiles())) == ["C", "F", "P"]
    assert names(list(Meld("yaodan", bu=(k("1s"),)).tiles())) == ["1m", "1s", "1p", "1s"]
    assert [bu_set(k(t)) for t in ("N", "F", "1p", "9m", "5m")] == [
        "xuanfeng",
        "xi",
        "yaodan",
        "jiudan",
        None,
    ]
    with pytest.raises(ValueError, match=r"CC-3\.3"):
        Meld("xi", bu=(k("E"),))


def test_cc_3_5_dadan_and_cc_6_3_units() -> None:
    """CC-3.5 / CC-6.3: 大蛋 is a kong of 1s 1p C F P: 明 2, 暗 4; plain ming/xu 1, an 2; set 1 + 补s."""
    units = [
        gang_units(m, CC)
        for m in (
            Meld("ming", k("7p")),
            Meld("xu", k("7p")),
            Meld("an", k("5m")),
            Meld("ming", k("1s")),
            Meld("xu", k("F")),
            Meld("an", k("C")),
            Meld("xuanfeng", bu=(k("E"), k("N"))),
            Meld("jiudan"),
            Meld("peng", k("C")),
        )
    ]
    assert units == [1, 1, 2, 2, 2, 4, 3, 1, 0]
    assert gang_units(Meld("an", k("C")), make_rules("changchun", {"dadan_tiles": ["1s"]})) == 2


def test_cc_3_6_sets_count_as_ke_yaojiu_closed_and_piao() -> None:
    """CC-3.6: a set is a 刻 (CC-5.4) and 幺九, not an open (special_open off), a kong for 飘胡."""
    # no triplet in the concealed tiles, no dragon pair: the 喜杠 is the 刻; 幺九 only in it
    w = win("2m 3m 4m 2p 3p 4p 6s 7s 8s 5p", [Meld("xi")], "5p", "zimo")
    assert "menqing" in w.fans
    assert (
        "menqing"
        not in win(
            "2m 3m 4m 2p 3p 4p 6s 7s 8s 5p",
            [Meld("xi")],
            "5p",
            "zimo",
            make_rules("changchun", {"special_open": True}),
        ).fans
    )
    # 飘胡 with a set; not with special_in_piao off
    piao = win("2m 2m 2m 3p 3p 3p 7s 7s 7s 5p", [Meld("xi")], "5p", "zimo")
    assert "piaohu" in piao.fans
    off = make_rules("changchun", {"special_in_piao": False})
    assert "piaohu" not in win("2m 2m 2m 3p 3p 3p 7s 7s 7s 5p", [Meld("xi")], "5p", "zimo", off).fans


# --- CC-4 报听 and the 宝 ---------------------------------------------------------------------


def test_cc_4_1_wait_set_excludes_a_kind_held_four_times() -> None:
    """CC-4.1: 1p2p3p 4p4p4p4p 9s9s9s 2m3m4m: a fifth 4p would pair the lone 4p, but all four
    are held, so W = {1p} (1p1p 2p3p4p 4p4p4p); 2m3m4m + 2p3p4p + … with no 刻 waits on nothing."""
    hand = h("1p 2p 3p 4p 4p 4p 4p 9s 9s 9s 2m 3m 4m")
    assert held_counts(hand, [])[k("4p")] == 4
    assert names(waits(hand, [], CC)) == ["1p"]
    assert waits(h("1p 2p 3p 5p 6p 7p 2s 3s 4s 2m 3m 4m E"), [], CC) == []


def test_cc_4_2_baoting_needs_a_wait_and_a_yaojiu() -> None:
    """CC-4.2: E3's hand may declare; E9's 断幺 hand may not (its only wait needs the 9s)."""
    assert can_baoting(h("2m 3m 4m 7s 8s 9s 1p 1p 1p 5m 5m 4p 6p"), [], CC) is None
    got = can_baoting(h("2m 3m 4m 5p 5p 5p 6s 7s 8s 4m 4m 7s 8s"), [], CC)
    assert got is not None and (got.rule, got.code) == ("CC-4.2", "ting_no_yaojiu")
    got = can_baoting(h("1m 2m 4m 5p 5p 5p 6s 7s 8s 4m 4m 7s 9s"), [], CC)
    assert got is not None and got.code == "ting_not_ready"
    # a 幺九 in a meld counts: 9p peng, simples concealed
    assert can_baoting(h("2m 3m 4m 4s 5s 6s 6m 7m 5p 5p"), [Meld("peng", k("9p"))], CC) is None


def test_cc_4_3_ting_gang() -> None:
    """CC-4.3: same_wait keeps only an unchanged W(s); still_ting any non-empty one."""
    assert gang_keeps_ting([4, 7], [7, 4], CC)
    assert not gang_keeps_ting([4, 7], [4], CC)
    loose = make_rules("changchun", {"ting_gang": "still_ting"})
    assert gang_keeps_ting([4, 7], [4], loose) and not gang_keeps_ting([4, 7], [], loose)


def test_cc_4_4_bao_position() -> None:
    """CC-4.4: tile mode, die 4 on a full tail → 132 (§9's example); stack mode counts
    2d − 1 + (g mod 2): die 2, g 0 → the 3rd from the back, g 1 → the 4th."""
    tail = list(range(53, 136))
    assert B.bao_index(tail, 4, 0, CC) == 132
    stack = make_rules("changchun", {"bao_count": "stack"})
    assert B.bao_index(tail, 2, 0, stack) == 133
    after_one = list(range(53, 135))  # 135 taken by a replacement draw: g = 1
    assert B.bao_index(after_one, 2, 1, stack) == 131
    assert B.bao_index([60, 61], 3, 0, CC) is None
    with pytest.raises(ValueError):
        B.bao_rank(7, 0, CC)


def test_CC_4_4_stack_count_at_g_2_and_the_last_undrawn_position() -> None:
    """CC-4.4 `stack`: the (2d − 1 + (g mod 2))-th from the back; g 2 is even, so die 2 gives the
    3rd (2·2 − 1 + 0), as at g 0, not the 5th. `tile`: the d-th; die 3 with exactly three undrawn
    positions is the last of them (60), with two there is none. A die outside 1–6 and a negative
    number of replacement draws are refused with a message saying so."""
    stack = make_rules("changchun", {"bao_count": "stack"})
    after_two = list(range(53, 134))  # 135 and 134 taken by replacement draws: g = 2
    assert B.bao_rank(2, 2, stack) == 3 and B.bao_index(after_two, 2, 2, stack) == 131
    assert B.bao_index([60, 61, 62], 3, 0, CC) == 60
    assert B.bao_index([60, 61], 3, 0, CC) is None
    with pytest.raises(ValueError, match="a die shows 1 to 6, not 7"):
        B.bao_rank(7, 0, CC)
    with pytest.raises(ValueError, match="negative replacement draws -1"):
        B.reserve(-1, CC)


def test_cc_4_5_duibao_needs_the_bao_in_the_waits() -> None:
    """CC-4.5: E4's W = {W}: 宝 W wins by 对宝; 宝 E (held thrice, no wait) does not."""
    assert B.duibao_possible(k("W"), [k("W")])
    got = refusal("1m 1m 1m 9p 9p 9p 5s 5s 5s E E E W", [], "E", "duibao")
    assert (got.rule, got.code) == ("CC-4.5", "bao_not_in_waits")


def test_cc_4_6_mobao_reads_the_best_kind() -> None:
    """CC-4.6: the 宝 tile stands for a kind of W(s), read for the highest score: 1m1m1m 2p2p2p
    6s6s6s 9s9s 3m3m waits 3m and 9s, either one 飘胡: 门清 1 + 飘胡 2 + 自摸 1 + 宝 1 = 5."""
    w = win("1m 1m 1m 2p 2p 2p 6s 6s 6s 9s 9s 3m 3m", [], "5p", "mobao")
    assert w.fans == ("menqing", "piaohu", "zimo", "bao") and w.fan == 5
    assert CODES[w.tile] in ("3m", "9s")
    assert B.mobao_possible(k("5p"), k("5p"), [k("3m")]) and not B.mobao_possible(k("5p"), k("5p"), [])
    got = refusal("1m 2m 4m 5p 5p 5p 6s 7s 8s 4m 4m 7s 9s", [], "5p", "mobao")
    assert (got.rule, got.code) == ("CC-4.6", "bao_not_ting")


def test_cc_4_7_three_visible_kill_the_bao() -> None:
    """CC-4.7: three of its kind visible make the 宝 dead; two do not."""
    seen = [0] * 34
    seen[k("3s")] = 2
    assert not B.is_dead(k("3s"), seen)
    seen[k("3s")] = 3
    assert B.is_dead(k("3s"), seen)


# --- CC-5 winning -------------------------------------------------------------------------------


def test_cc_5_1_no_seven_pairs() -> None:
    """CC-5.1: only four melds and a pair; 七对 is no Changchun win."""
    got = refusal("1m 1m 9m 9m 1s 1s 5s 5s 1p 1p 9p 9p C", [], "C")
    assert (got.rule, got.code) == ("CC-5.1", "no_shape")


def test_cc_5_2_three_suits() -> None:
    """CC-5.2: 万 and 筒 only is no win, melds and sets counted (a 幺蛋 brings all three)."""
    got = refusal("1m 1m 1m 2p 3p 4p 6m 7m 8m E E 5p 6p", [], "7p")
    assert (got.rule, got.code) == ("CC-5.2", "no_three_suits")
    assert "条" in got.message
    w = win("1m 1m 1m 2p 3p 4p E E 5p 6p", [Meld("yaodan")], "7p", "dianpao")
    assert w.fans == ("menqing",)


def test_cc_5_3_yaojiu() -> None:
    """CC-5.3: E9's second hand wins on 9s (a 幺九) but not on 6s."""
    hand = "2m 3m 4m 5p 5p 5p 6s 7s 8s 4m 4m 7s 8s"
    assert names(waits(h(hand), [], CC)) == ["9s"]
    got = refusal(hand, [], "6s")
    assert (got.rule, got.code) == ("CC-5.3", "no_yaojiu")
    assert win(hand, [], "9s", "dianpao").fans == ("menqing", "jiahu")


def test_cc_5_4_ke() -> None:
    """CC-5.4 (E9): four chows and a wind pair have no 刻; a 中 pair is one; a concealed triplet
    read as a triplet is one (1m1m1m 2m3m reads 111 + 23 or 11 + 123)."""
    got = refusal("1m 2m 3m 4m 5m 6m 2p 3p 4p 6s 7s 8s E", [], "E")
    assert (got.rule, got.code) == ("CC-5.4", "no_ke")
    assert win("1m 2m 3m 4m 5m 6m 2p 3p 4p 6s 7s 8s C", [], "C", "zimo").fans == ("menqing", "jiahu", "zimo")
    # 1m1m1m2m3m 5p5p + chows: the reading 111 + 23 + 55… needs 4m/1m — winning 4m reads
    # 111 234 (刻 by the triplet) or 11 123 4? no; 1m is needed as triplet: legal
    w = win("1m 1m 1m 2m 3m 5p 6p 7p 6s 7s 8s 9s 9s", [], "4m", "dianpao")
    assert w.fans == ("menqing",)
    # 1m1m 2m2m 3m3m reads only as two chows: no 刻 anywhere
    got = refusal("1m 1m 2m 2m 3m 3m 5p 6p 7p 6s 7s 8s 9s", [], "9s")
    assert (got.rule, got.code) == ("CC-5.4", "no_ke")


def test_cc_5_5_one_concealed_tile_must_be_piao() -> None:
    """CC-5.5: with four melds, a single wait behind a chi is refused; behind pengs it is 飘胡."""
    melds = [Meld("peng", k("1m")), Meld("peng", k("2p")), Meld("chi", k("3s")), Meld("peng", k("C"))]
    got = refusal("5p", melds, "5p", "dianpao")
    assert (got.rule, got.code) == ("CC-5.5", "shoubayi_not_piao")
    melds[2] = Meld("ming", k("3s"))
    w = win("5p", melds, "5p", "dianpao")
    assert w.fans == ("piaohu",) and w.fan == 2  # 单调 but 飘胡 excludes 夹胡


def test_cc_5_6_best_reading_and_self_draws() -> None:
    """CC-5.6: 对宝 and 摸宝 are 自摸; 抢胡 is a discard unless qianghu: zimo."""
    hand = "2m 3m 4m 7s 8s 9s 1p 1p 1p 5m 5m 4p 6p"
    assert win(hand, [], "5p", "qianghu").fans == ("menqing", "jiahu")
    assert win(hand, [], "5p", "qianghu", make_rules("changchun", {"qianghu": "zimo"})).fans == (
        "menqing",
        "jiahu",
        "zimo",
    )
    # the best reading: 2m2m2m 3m3m3m 4m4m4m 1p1p1p 5s5s reads as three chows 234 (no 飘) or
    # three triplets (飘胡 2): the triplets are kept; W holds 4m and 5s at least (no 夹胡):
    # 门清 + 飘胡 + 自摸 = 4.
    w = win("2m 2m 2m 3m 3m 3m 4m 4m 1p 1p 1p 5s 5s", [], "4m", "zimo")
    assert w.fans == ("menqing", "piaohu", "zimo") and w.fan == 4


@pytest.mark.parametrize(
    ("mode", "tile", "jia"),
    [
        # 4p6p waiting 5p: middle — every mode
        ("duting", "5p", True),
        ("kan_bian", "5p", True),
        ("kan", "5p", True),
    ],
)
def test_cc_5_7_jiahu_kan(mode: str, tile: str, jia: bool) -> None:
    """CC-5.7 夹胡 on a 砍张 (middle): all three readings."""
    rules = make_rules("changchun", {"jiahu": mode})
    w = win("2m 3m 4m 7s 8s 9s 1p 1p 1p 5m 5m 4p 6p", [], tile, "dianpao", rules)
    assert ("jiahu" in w.fans) == jia


@pytest.mark.parametrize(("mode", "jia"), [("duting", True), ("kan_bian", True), ("kan", False)])
def test_cc_5_7_jiahu_bian(mode: str, jia: bool) -> None:
    """CC-5.7 边张: 1p2p waiting only 3p completes 1-2-3 as its 3: duting and kan_bian, not kan."""
    rules = make_rules("changchun", {"jiahu": mode})
    hand = "2m 3m 4m 7s 8s 9s 5p 5p 5p 9m 9m 1p 2p"
    assert names(waits(h(hand), [], rules)) == ["3p"]
    assert ("jiahu" in win(hand, [], "3p", "dianpao", rules).fans) == jia
    # the other edge: 8p9p waiting only 7p completes 7-8-9 as its 7
    hand = "2m 3m 4m 7s 8s 9s 5p 5p 5p 9m 9m 8p 9p"
    assert names(waits(h(hand), [], rules)) == ["7p"]
    assert ("jiahu" in win(hand, [], "7p", "dianpao", rules).fans) == jia


@pytest.mark.parametrize(("mode", "jia"), [("duting", True), ("kan_bian", False), ("kan", False)])
def test_cc_5_7_jiahu_dandiao(mode: str, jia: bool) -> None:
    """CC-5.7 单调: 2m3m4m 7s8s9s 1p1p1p 4s5s6s + E waits only E (pair): duting only."""
    rules = make_rules("changchun", {"jiahu": mode})
    hand = "2m 3m 4m 7s 8s 9s 1p 1p 1p 4s 5s 6s E"
    assert names(waits(h(hand), [], rules)) == ["E"]
    assert ("jiahu" in win(hand, [], "E", "dianpao", rules).fans) == jia


def test_cc_5_7_no_jiahu_on_two_waits_and_menqing_kept_by_an_gang() -> None:
    """CC-5.7: E1's two waits give no 夹胡; an an-gang keeps 门清, a xu-gang breaks it."""
    assert win("1m 2m 3m 4s 5s 6s 6m 7m 5p 5p", [Meld("an", k("9p"))], "5m", "dianpao").fans == ("menqing",)
    assert win("1m 2m 3m 4s 5s 6s 6m 7m 5p 5p", [Meld("xu", k("9p"))], "5m", "dianpao").fans == ()


def test_cc_5_7_bao_fan() -> None:
    """CC-5.7: 宝 is ``bao_fan``: E3 with bao_fan 2 is 5 fan."""
    r = make_rules("changchun", {"bao_fan": 2})
    assert win("2m 3m 4m 7s 8s 9s 1p 1p 1p 5m 5m 4p 6p", [], "8p", "mobao", r).fan == 5


# --- CC-6 settlement ----------------------------------------------------------------------------


def test_cc_6_1_ladder_extends_by_doubling() -> None:
    """CC-6.1: n past the ladder doubles its last entry: 64 → 128, 256; 135: 80 → 160."""
    assert [CC.ladder_at(n) for n in (6, 7, 8)] == [64, 128, 256]
    assert CC135.ladder_at(7) == 160
    assert CC250.ladder_at(0) == 2


def test_cc_6_1_loser_menqing_never_counts_and_dealer_once() -> None:
    """CC-6.1: E1's 0-fan hand won by seat 1 on dealer 0's discard: the dealer pays n = 1 (庄)
    + 1 (点炮) = 2 → 4; seats 2 and 3 pay n = 0 → 1 each. Nobody's own 门清 counts."""
    w = win("1m 2m 3m 4s 5s 6s 6m 7m 5p 5p", [Meld("peng", k("9p"))], "5m", "dianpao")  # 0 fan
    pays = settle_win(1, w, 0, 0, CC)  # dealer 0 deals in to seat 1
    assert {p.payer: (p.n, p.amount) for p in pays} == {0: (2, 4), 2: (0, 1), 3: (0, 1)}
    assert fan_by_seat(pays) == [2, None, 0, 0]
    assert "庄 zhuang" in pays[0].receipt and "点炮 dianpao" in pays[0].receipt


def test_cc_6_2_dianpao_modes_and_cap() -> None:
    """CC-6.2 / CC-6.4: E7's amounts 8, 4, 8 (robbed seat 3, dealer 2): all → +20;
    discarder_only → 8; discarder_covers → 20 from seat 3; cap 6 → 6, 4, 6."""
    w = win("1s 2s 3s 7m 8m 9m 3p 3p 3p 4p 6p E E", [], "5p", "qianghu")
    assert deltas(settle_win(0, w, 3, 2, CC)) == [20, -4, -8, -8]
    only = make_rules("changchun", {"dianpao_mode": "discarder_only"})
    assert deltas(settle_win(0, w, 3, 2, only)) == [8, 0, 0, -8]
    covers = make_rules("changchun", {"dianpao_mode": "discarder_covers"})
    pays = settle_win(0, w, 3, 2, covers)
    assert deltas(pays) == [20, 0, 0, -20] and len(pays) == 1 and pays[0].n == 3
    capped = make_rules("changchun", {"cap": 6})
    assert deltas(settle_win(0, w, 3, 2, capped)) == [16, -4, -6, -6]
    # 抢胡 as self-draw: all pay 门清+夹胡+自摸 = 3, dealer 4: 8, 16, 8 → +32
    zimo = make_rules("changchun", {"qianghu": "zimo"})
    w2 = win("1s 2s 3s 7m 8m 9m 3p 3p 3p 4p 6p E E", [], "5p", "qianghu", zimo)
    assert deltas(settle_win(0, w2, 3, 2, zimo)) == [32, -8, -16, -8]


def test_cc_6_3_gang_money_no_dealer_factor_and_diangang() -> None:
    """CC-6.3: a ming-gang pays 1 from each other seat (dealer or not); with diangang_payer
    discarder its discarder pays 3; changchun-250's unit is 2."""
    ming = [[Meld("ming", k("7p"), source=1)], [], [], []]
    assert deltas(settle_gangs(ming, CC)) == [3, -1, -1, -1]
    dg = make_rules("changchun", {"diangang_payer": "discarder"})
    assert deltas(settle_gangs(ming, dg)) == [3, -3, 0, 0]
    assert deltas(settle_gangs(ming, CC250)) == [6, -2, -2, -2]
    # chi and peng pay nothing
    assert deltas(settle_gangs([[Meld("peng", k("C"))], [], [], []], CC)) == [0, 0, 0, 0]


# --- §8 worked examples ---------------------------------------------------------------------------


def test_e1_dianpao_modes() -> None:
    """E1: 0 fan; seat 3 dealt in (n 1 → 2), dealer 0 (n 1 → 2), seat 1 (n 0 → 1)."""
    w = win("1m 2m 3m 4s 5s 6s 6m 7m 5p 5p", [Meld("peng", k("9p"))], "5m", "dianpao")
    assert w.hands == ("pinghu",)
    assert deltas(settle_win(2, w, 3, 0, CC)) == [-2, -1, 5, -2]
    only = make_rules("changchun", {"dianpao_mode": "discarder_only"})
    assert deltas(settle_win(2, w, 3, 0, only)) == [0, 0, 2, -2]
    covers = make_rules("changchun", {"dianpao_mode": "discarder_covers"})
    assert deltas(settle_win(2, w, 3, 0, covers)) == [0, 0, 5, -5]


def test_e2_dealer_jiahu_zimo() -> None:
    """E2: menqing + jiahu + zimo = 3, + zhuang = 4 → 16 each."""
    w = win("1m 1m 1m 2p 3p 4p 6s 7s 8s E E 5m 7m", [], "6m", "zimo")
    assert names(waits(h("1m 1m 1m 2p 3p 4p 6s 7s 8s E E 5m 7m"), [], CC)) == ["6m"]
    assert w.fans == ("menqing", "jiahu", "zimo")
    assert deltas(settle_win(0, w, None, 0, CC)) == [48, -16, -16, -16]


def test_e3_mobao() -> None:
    """E3: 8p drawn as the 宝 reads 5p: 4 fan → 16; dealer 5 → 32: [−32, +64, −16, −16]."""
    w = win("2m 3m 4m 7s 8s 9s 1p 1p 1p 5m 5m 4p 6p", [], "8p", "mobao")
    assert CODES[w.tile] == "5p" and w.fans == ("menqing", "jiahu", "zimo", "bao")
    assert deltas(settle_win(1, w, None, 0, CC)) == [-32, 64, -16, -16]


def test_e4_maximum() -> None:
    """E4: menqing 1 + piaohu 2 + zimo 1 + bao 1 + zhuang 1 = 6 → 64 each."""
    w = win("1m 1m 1m 9p 9p 9p 5s 5s 5s E E E W", [], "W", "duibao")
    assert w.fans == ("menqing", "piaohu", "zimo", "bao")
    assert deltas(settle_win(0, w, None, 0, CC)) == [192, -64, -64, -64]


def test_e5_huangzhuang_gang_money() -> None:
    """E5: seat 2 xuanfeng + 补 E (2), seat 3 an 5m (2), seat 0 ming 7p (1), seat 1 暗大蛋 C (4)."""
    standing = [
        [Meld("ming", k("7p"), source=1)],
        [Meld("an", k("C"))],
        [Meld("xuanfeng", bu=(k("E"),))],
        [Meld("an", k("5m"))],
    ]
    pays = settle_gangs(standing, CC)
    received = {s: sum(p.amount for p in pays if p.payee == s) for s in range(4)}
    assert received == {0: 3, 1: 12, 2: 6, 3: 6}
    assert deltas(pays) == [-5, 7, -1, -1]
    assert all("不随庄走" in p.receipt for p in pays)


def test_e6_piaohu_and_the_robbed_bu() -> None:
    """E6: 飘胡 2; seat 1 dealt in 3 → 8, dealer 0 3 → 8, seat 3 2 → 4: +20; the robbed 补
    is left out, the xuanfeng alone pays 1 × 3."""
    w = win("4m 4m 4m 6s 6s 8m 8m", [Meld("peng", k("9s")), Meld("peng", k("2p"))], "8m", "dianpao")
    assert w.fans == ("piaohu",)
    pays = settle_win(2, w, 1, 0, CC) + settle_gangs([[], [Meld("xuanfeng")], [], []], CC)
    assert deltas(pays) == [-9, -5, 19, -5]


def test_e7_qianghu() -> None:
    """E7: robbed seat 3: menqing + jiahu + dianpao = 3 → 8; dealer 2 → 8; seat 1 → 4."""
    w = win("1s 2s 3s 7m 8m 9m 3p 3p 3p 4p 6p E E", [], "5p", "qianghu")
    assert deltas(settle_win(0, w, 3, 2, CC)) == [20, -4, -8, -8]


def test_e8_changchun_135() -> None:
    """E8: jiahu + zimo = 2 → 5; dealer 1: 3 → 10; an-gang 2m: 2 from each."""
    melds = [Meld("chi", k("7s")), Meld("an", k("2m"))]
    w = win("1p 2p 3p E E 4s 6s", melds, "5s", "zimo", CC135)
    assert w.fans == ("jiahu", "zimo")
    pays = settle_win(3, w, None, 1, CC135) + settle_gangs([[], [], [], melds], CC135)
    assert deltas(pays) == [-7, -12, -7, 26]


def test_e9_not_wins() -> None:
    """E9: no 刻 with a wind pair, a win with C C; the 6s/9s hand wins only on 9s, may not 报听."""
    assert refusal("1m 2m 3m 4m 5m 6m 2p 3p 4p 6s 7s 8s E", [], "E").code == "no_ke"
    assert read_win(h("1m 2m 3m 4m 5m 6m 2p 3p 4p 6s 7s 8s C"), [], k("C"), "zimo", CC) is not None
    hand = "2m 3m 4m 5p 5p 5p 6s 7s 8s 4m 4m 7s 8s"
    assert refusal(hand, [], "6s").code == "no_yaojiu"
    assert read_win(h(hand), [], k("9s"), "zimo", CC) is not None
    assert can_baoting(h(hand), [], CC) is not None
