"""Changsha rules by id (changsha.md CS-n) with hand-worked values, and §8's examples E1–E10 at
the scoring level: the hand, its reading, the birds -> each payment and the deltas."""

from __future__ import annotations

import pytest

from replay.errors import InputError
from replay.games.changsha.params import PARAMETERS, PRESETS, make_rules, rules_from_json
from replay.games.changsha.reading import Meld, Win, is_tenpai, opening_hands, read_win, waits
from replay.games.changsha.scoring import Payment, bird_hits, deltas, settle
from replay.games.changsha.tiles import JIANG, WALL_SIZE, counts, name, name_zh, parse, parse_list

CS = PRESETS["changsha"]
APP = PRESETS["changsha-app"]
NONE: frozenset[str] = frozenset()


def kinds(text: str) -> list[int]:
    """``"1m2m3m 5p"`` or ``"123m 5p"`` -> kinds (digits before their suit letter)."""
    out = []
    for group in text.split():
        digits, suit = group[:-1].replace("m", "").replace("s", "").replace("p", ""), group[-1]
        if len(group) > 2 and any(ch in "msp" for ch in group[:-1]):  # 1m2m3m form
            out += [parse(group[i : i + 2], "tile") for i in range(0, len(group), 2)]
        else:
            out += [parse(d + suit, "tile") for d in digits]
    return out


def c(text: str) -> list[int]:
    return counts(kinds(text))


def k(tile: str) -> int:
    return parse(tile, "tile")


def ids(win: Win | None) -> tuple[str, ...] | None:
    return None if win is None else win.hands


# --- CS-1.1 tiles -------------------------------------------------------------------------------


def test_cs_1_1_suited_tiles_only_and_the_jiang_kinds() -> None:
    assert WALL_SIZE == 108 and k("5p") == 22 and name_zh(22) == "五筒" and name(22) == "五筒 (5p)"
    assert sorted(JIANG) == [1, 4, 7, 10, 13, 16, 19, 22, 25]
    with pytest.raises(InputError, match=r"not a Changsha tile.*CS-1\.1") as err:
        parse_list(["1m", "C"], "hand")
    assert err.value.field == "hand[1]"


# --- §7 parameters --------------------------------------------------------------------------------


def test_section_7_presets() -> None:
    assert (CS.units, CS.dealer_bonus, CS.dealer_scaling, CS.qishou_mode, CS.birds) == (
        (10, 10, 30, 60), 10, "per_hand", "end", 1,
    )  # fmt: skip
    assert (CS.bird_mode, CS.bird_from, CS.multi_hu, CS.louhu_scope, CS.kaigang_draws) == (
        "double", "dealer", True, "same_tile", 2,
    )  # fmt: skip
    assert (CS.shuang_kaihua, CS.kaigang_claims, CS.haidi_roam, CS.extra_hands) == (True, "all", True, NONE)
    assert (APP.units, APP.dealer_bonus, APP.dealer_scaling, APP.qishou_mode) == (
        (2, 1, 6, 6),
        1,
        "once",
        "continue",
    )
    assert (APP.qishou_per_instance, APP.birds, APP.extra_hands) == (True, 2, {"quanqiuren", "haohua"})
    assert set(PARAMETERS) == set(CS.to_json()) - {"preset"}
    r = make_rules("changsha", {"units": [1, 2, 3, 4], "birds": 6, "extra_hands": ["haohua"]})
    assert (r.units, r.birds, r.extra_hands, r.to_json()["extra_hands"]) == (
        (1, 2, 3, 4),
        6,
        {"haohua"},
        ["haohua"],
    )


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"birds": 7}, "ruleset.overrides.birds"),
        ({"bird_mode": "triple"}, "ruleset.overrides.bird_mode"),
        ({"units": [10, 10, 30]}, "ruleset.overrides.units"),
        ({"units": [10, 10, 30, "60"]}, "ruleset.overrides.units[3]"),
        ({"extra_hands": ["haohua", "shisanyao"]}, "ruleset.overrides.extra_hands[1]"),
        ({"kaigang_draws": 3}, "ruleset.overrides.kaigang_draws"),
        ({"multi_hu": 1}, "ruleset.overrides.multi_hu"),
        ({"laizi": "5m"}, "ruleset.overrides.laizi"),
    ],
)
def test_bad_overrides_name_the_parameter(overrides: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as err:
        rules_from_json({"preset": "changsha", "overrides": overrides})
    assert err.value.field == field


def test_unknown_preset_is_named() -> None:
    with pytest.raises(InputError, match="changsha-app") as err:
        rules_from_json({"preset": "xuezhan"})
    assert err.value.field == "ruleset.preset"


# --- CS-4.1 shapes and the 将 rule ---------------------------------------------------------------


def test_cs_4_1_a_standard_needs_a_jiang_pair() -> None:
    """(a): 9p pair, no big hand -> no win; the same sets on a 5p pair -> 平胡."""
    assert read_win(c("123m 456m 789s 345p 99p"), [], NONE, CS) is None
    assert ids(read_win(c("123m 456m 789s 345p 55p"), [], NONE, CS)) == ("pinghu",)


def test_cs_4_1_a_pengpenghu_qingyise_quanqiuren_waive_the_jiang() -> None:
    assert ids(read_win(c("111m 333s 444p 666p 99m"), [], NONE, CS)) == ("pengpenghu",)
    assert ids(read_win(c("123s 456s 789s 333s 99s"), [], NONE, CS)) == ("qingyise",)
    melds = [Meld("chi", k("1m")), Meld("chi", k("4m")), Meld("peng", k("3s")), Meld("chi", k("7p"))]
    assert read_win(c("99p"), melds, NONE, CS) is None  # quanqiuren off in `changsha`
    assert read_win(c("99p"), melds, NONE, APP) == Win(("quanqiuren",), 1, True, "standard")


def test_cs_4_1_b_qixiaodui_four_alike_is_two_pairs_no_melds() -> None:
    assert read_win(c("1111m 33s 44s 66p 77p 99p"), [], NONE, CS) == Win(("qixiaodui",), 1, True, "qixiaodui")
    assert read_win(c("11m 33s 44s 66p 77p"), [Meld("peng", k("9p"))], NONE, CS) is None


def test_cs_4_1_c_jiangjianghu_any_arrangement_peng_allowed() -> None:
    win = read_win(c("22m 55m 88m 22s 55s 8s 2p 5p 8p"), [], NONE, CS)
    assert win == Win(("jiangjianghu",), 1, True, "jiangjianghu")
    win = read_win(c("55m 88m 8s 2p 5p 8p 8p 2s 5s"), [Meld("peng", k("2m"))], NONE, CS)
    assert win == Win(("jiangjianghu",), 1, True, "jiangjianghu")
    assert read_win(c("22m 55m 88m 22s 55s 8s 2p 5p 9p"), [], NONE, CS) is None


# --- CS-4.2 / 4.3 hands ----------------------------------------------------------------------------


def test_cs_4_2_pinghu_is_small() -> None:
    assert read_win(c("123m 456m 789s 345p 55p"), [], NONE, CS) == Win(("pinghu",), 1, False, "standard")


@pytest.mark.parametrize(
    ("hand", "melds", "ways", "rules", "want"),
    [
        ("123m 456m 789s 345p 55p", [], {"tianhu"}, CS, ("tianhu",)),  # the dealt 14
        ("123m 456m 789s 345p 55p", [], {"dihu"}, CS, ("dihu",)),
        ("111m 999s 55p", [Meld("peng", 12), Meld("gang", 24, True)], set(), CS, ("pengpenghu",)),
        ("22m 55m 88m 22s 55s 8s 2p 5p 8p", [], set(), CS, ("jiangjianghu",)),
        ("123p 456p 789p 22p 678p", [], set(), CS, ("qingyise",)),
        ("11m 33s 44s 66p 77p 99p 22m", [], set(), CS, ("qixiaodui",)),
        ("123m 456m 789s 345p 55p", [], {"haidilaoyue"}, CS, ("haidilaoyue",)),
        ("123m 456m 789s 345p 55p", [], {"haidipao"}, CS, ("haidipao",)),
        (
            "123m 345p 55p",
            [Meld("gang", 5, True), Meld("chi", 10)],
            {"gangshangkaihua"},
            CS,
            ("gangshangkaihua",),
        ),
        ("123m 456m 789s 345p 55p", [], {"gangshangpao"}, CS, ("gangshangpao",)),
        ("123m 456m 789s 345p 55p", [], {"qiangganghu"}, CS, ("qiangganghu",)),
        (
            "11p",
            [Meld("chi", 0), Meld("chi", 3), Meld("chi", 9), Meld("chi", 12)],
            set(),
            APP,
            ("quanqiuren",),
        ),
        ("1111m 33s 44s 66p 77p 99p", [], set(), APP, ("qixiaodui", "haohua")),
    ],
)
def test_cs_4_3_each_big_hand_is_k_1(
    hand: str, melds: list[Meld], ways: set[str], rules: object, want: tuple[str, ...]
) -> None:
    """CS-4.3: each big hand alone, on a hand that is nothing else, is big with k 1."""
    win = read_win(c(hand), melds, frozenset(ways), rules)  # type: ignore[arg-type]
    assert win is not None and (win.hands, win.big) == (want, True)
    assert win.k == len(want)


def test_cs_4_3_haohua_adds_its_quads() -> None:
    """CS-4.3 豪华 (extra_hands): 豪华 2, 双豪华 3, 三豪华 4 (七小对 + n)."""
    assert read_win(c("1111m 33s 44s 66p 77p 99p"), [], NONE, APP).k == 2  # type: ignore[union-attr]
    assert read_win(c("1111m 3333s 66p 77p 99p"), [], NONE, APP).k == 3  # type: ignore[union-attr]
    win = read_win(c("1111m 3333s 6666p 99p"), [], NONE, APP)
    assert win == Win(("qixiaodui", "haohua"), 4, True, "qixiaodui")


# --- CS-4.4 ways need a legal shape ------------------------------------------------------------------


@pytest.mark.parametrize("way", ["tianhu", "dihu", "haidilaoyue", "haidipao", "gangshangpao", "qiangganghu"])
def test_cs_4_4_a_way_needs_the_jiang_pair(way: str) -> None:
    """S3 海底捞月: 需要将: 9p pair without a waiving hand is no win whatever the way."""
    assert read_win(c("123m 456m 789s 345p 99p"), [], frozenset({way}), CS) is None
    assert read_win(c("123m 456m 789s 345p 22p"), [], frozenset({way}), CS) == Win(
        (way,), 1, True, "standard"
    )


# --- CS-4.5 combination and the best reading ------------------------------------------------------


def test_cs_4_5_big_hands_add() -> None:
    assert read_win(c("222m 555s 888p 222p 55m"), [], NONE, CS).k == 2  # type: ignore[union-attr]  # 将将胡+碰碰胡
    win = read_win(c("11s 22s 33s 55s 66s 77s 99s"), [], NONE, CS)
    assert win == Win(("qingyise", "qixiaodui"), 2, True, "qixiaodui")
    win = read_win(c("11m 33s 44s 66p 77p 99p 22m"), [], frozenset({"tianhu"}), CS)
    assert win == Win(("tianhu", "qixiaodui"), 2, True, "qixiaodui")
    win = read_win(c("2222s 55s 88s 22p 55p 88p"), [], frozenset({"haidilaoyue"}), APP)
    assert win is not None and win.hands == ("jiangjianghu", "qixiaodui", "haidilaoyue", "haohua")
    assert win.k == 4


def test_cs_4_5_the_reading_that_settles_most() -> None:
    """1122334455667 7s: shape (a) reads 清一色 (1), (b) 清一色 + 七小对 (2): the engine takes (b)."""
    win = read_win(c("11s 22s 33s 44s 55s 66s 77s"), [], NONE, CS)
    assert win == Win(("qingyise", "qixiaodui"), 2, True, "qixiaodui")


def test_cs_3_5_shuang_kaihua_counts_twice() -> None:
    melds = [Meld("gang", 5, True), Meld("chi", 10)]
    way = frozenset({"gangshangkaihua"})
    win = read_win(c("123m 345p 55p"), melds, way, CS, kaihua_twice=True)
    assert win == Win(("gangshangkaihua", "gangshangkaihua"), 2, True, "standard")
    off = make_rules("changsha", {"shuang_kaihua": False})
    assert read_win(c("123m 345p 55p"), melds, way, off, kaihua_twice=True).k == 1  # type: ignore[union-attr]


# --- CS-3.8 waits ----------------------------------------------------------------------------------


def test_cs_3_8_waits_and_tenpai() -> None:
    assert waits(c("123m 456m 789s 345p 5p"), [], CS) == [k("2p"), k("5p")]
    # a lone 5s beside a peng of 5s: its pair would need a fifth copy (held 4): not tenpai
    assert waits(c("123m 456m 789m 5s"), [Meld("peng", k("5s"))], CS) == []
    assert not is_tenpai(c("123m 456m 789m 5s"), [Meld("peng", k("5s"))], CS)
    # 9p single wait is no wait under the 将 rule, a wait when 七小对 or 碰碰胡 waives it
    assert waits(c("123m 456m 789s 345p 9p"), [], CS) == []
    assert waits(c("111m 333s 444p 666p 9m"), [], CS) == [k("9m")]


# --- CS-5.1 opening hands --------------------------------------------------------------------------


def test_cs_5_1_opening_hands() -> None:
    """E8's dealt hand: 四喜 + 六六顺, n = 2; 板板胡 and 缺一色 by literal counting."""
    e8 = c("7777m 333s 2m 8m 1p 4p 6p 9s")
    assert opening_hands(e8, CS) == {"sixi": 1, "liuliushun": 1}
    assert opening_hands(c("1113m 4669s 1133p 7p"), CS) == {"banbanhu": 1}
    assert opening_hands(c("1234567m 1234567s"), CS) == {"queyise": 1}
    assert opening_hands(c("123m 456m 789s 345p 5p"), CS) == {}
    both = c("1111m 3333s 666p 999p 1s")
    assert opening_hands(both, CS) == {"sixi": 1, "banbanhu": 1, "liuliushun": 1}
    assert opening_hands(both, APP) == {"sixi": 2, "banbanhu": 1, "liuliushun": 2}


# --- CS-6 settlement --------------------------------------------------------------------------------


def test_cs_6_3_units_plain_and_dealer_column() -> None:
    """CS-6.3: the 4 plain units and the dealer column (+10) of `changsha`."""
    cells = {}
    for big in (False, True):
        for self_draw in (True, False):
            for payer in (1, 0):  # seat 0 is the dealer
                cells[big, self_draw, payer] = settle(2, 1, big, self_draw, [payer], 0, [], CS)[0].amount
    assert cells == {
        (False, True, 1): 10, (False, True, 0): 20, (False, False, 1): 10, (False, False, 0): 20,
        (True, True, 1): 30, (True, True, 0): 40, (True, False, 1): 60, (True, False, 0): 70,
    }  # fmt: skip


def test_cs_6_2_dealer_scaling_once() -> None:
    """CS-6.2 per_hand: k × (U + 10); once: k × U + 10 (E3's 140)."""
    once = make_rules("changsha", {"dealer_scaling": "once"})
    assert settle(1, 2, True, True, [0], 0, [], CS)[0].amount == 80
    assert settle(1, 2, True, True, [0], 0, [], once)[0].amount == 70
    assert settle(1, 2, True, True, [2], 0, [], once)[0].amount == 60
    pay = settle(1, 2, True, True, [0], 0, [1], once)[0]
    assert pay == Payment(
        0, 1, 140, "大胡自摸 big self-draw (k2 × 30 + 庄 dealer 10) · 中鸟 birds 1 ×2 = 140"
    )


def test_cs_6_4_bird_values_from_the_base() -> None:
    """CS-6.4: 1/5/9 the base, 2/6 下家, 3/7 对家, 4/8 上家."""
    assert bird_hits(kinds("1m 5s 9p 2m 6s 3p 7m 4s 8p"), 0) == [0, 0, 0, 1, 1, 2, 2, 3, 3]
    assert bird_hits(kinds("1m 2m 3m 4m"), 2) == [2, 3, 0, 1]


def test_cs_6_4_bird_modes_and_h() -> None:
    """h counts the birds on the winner or the payer; double ×2^h, linear ×(1+h), plus +h×10."""
    hits = [2, 0, 3]  # winner 2, payer 0: h = 2; payer 1: h = 1
    assert [p.amount for p in settle(2, 1, False, True, [0, 1], 3, hits, CS)] == [40, 20]
    linear = make_rules("changsha", {"bird_mode": "linear"})
    assert [p.amount for p in settle(2, 1, False, True, [0, 1], 3, hits, linear)] == [30, 20]
    plus = make_rules("changsha", {"bird_mode": "plus"})
    pays = settle(2, 2, True, False, [0], 3, hits, plus)
    assert pays[0] == Payment(0, 2, 140, "大胡点炮 big discard k2 × 60 · 中鸟 birds 2 +2×10 = 140")


def test_CS_6_2_double_is_2_to_the_h_not_2h() -> None:
    """CS-6.2 `double`: A = k × U × 2^h. Small self-draw, plain pair (U 10), k 1: h 2 gives
    10 × 2² = 40 (2 × h would say the same), h 3 gives 10 × 2³ = 80 (2 × h: 60)."""
    two = settle(2, 1, False, True, [0], 3, [2, 0], CS)[0]
    assert two == Payment(0, 2, 40, "小胡自摸 small self-draw k1 × 10 · 中鸟 birds 2 ×4 = 40")
    three = settle(2, 1, False, True, [0], 3, [2, 0, 2], CS)[0]
    assert three == Payment(0, 2, 80, "小胡自摸 small self-draw k1 × 10 · 中鸟 birds 3 ×8 = 80")


def test_CS_6_4_linear_multiplies_by_1_plus_h() -> None:
    """CS-6.4 `linear`: ×(1 + h). Big discard, plain pair (U 60), k 1: h 1 gives 60 × 2 = 120,
    h 2 gives 60 × 3 = 180 (`plus` would give 60 + 10 = 70 and 80)."""
    linear = make_rules("changsha", {"bird_mode": "linear"})
    one = settle(2, 1, True, False, [0], 3, [2], linear)[0]
    assert one == Payment(0, 2, 120, "大胡点炮 big discard k1 × 60 · 中鸟 birds 1 ×(1+1) = 120")
    two = settle(2, 1, True, False, [0], 3, [2, 0], linear)[0]
    assert two == Payment(0, 2, 180, "大胡点炮 big discard k1 × 60 · 中鸟 birds 2 ×(1+2) = 180")


def test_CS_6_4_plus_adds_the_small_self_draw_plain_unit() -> None:
    """CS-6.4 `plus`: + h × the small self-draw plain unit, whatever the win. `changsha-app`'s
    units 2/1/6/6 (small self-draw 2, small discard 1), `once`: a small discard, k 1, no dealer in
    the pair: (1 × 1) + 2 birds × 2 = 5 (the small discard's own unit would give 1 + 2 × 1 = 3);
    the pair without the dealer writes no dealer term."""
    plus = make_rules("changsha-app", {"bird_mode": "plus"})
    pay = settle(2, 1, False, False, [0], 3, [2, 0], plus)[0]
    assert pay == Payment(0, 2, 5, "小胡点炮 small discard (k1 × 1) · 中鸟 birds 2 +2×2 = 5")
    dealer = settle(2, 1, False, False, [3], 3, [], plus)[0]  # the payer deals: 1 × 1 + 1
    assert dealer == Payment(3, 2, 2, "小胡点炮 small discard (k1 × 1 + 庄 dealer 1) = 2")


def test_cs_6_5_deltas_sum_to_zero() -> None:
    """CS-6.5: no caps, the deltas sum to 0."""
    pays = settle(2, 3, True, True, [0, 1, 3], 0, [1, 2], CS)
    assert sum(deltas(pays)) == 0 and deltas(pays)[2] == sum(p.amount for p in pays)


# --- §8 examples ------------------------------------------------------------------------------------


def example(
    hand: str,
    tile: str,
    melds: list[Meld],
    ways: set[str],
    winner: int,
    payers: list[int],
    dealer: int,
    birds: str,
    rules: object = CS,
) -> tuple[Win, list[Payment]]:
    win = read_win(c(hand + " " + tile), melds, frozenset(ways), rules)  # type: ignore[arg-type]
    assert win is not None
    hits = bird_hits(kinds(birds), dealer)
    return win, settle(winner, win.k, win.big, len(payers) == 3, payers, dealer, hits, rules)  # type: ignore[arg-type]


def test_e1_small_self_draw_bird_on_the_winner() -> None:
    win, pays = example("1m2m3m 4m5m6m 7s8s9s 3p4p5p 5p", "5p", [], set(), 2, [0, 1, 3], 0, "7s")
    assert win.hands == ("pinghu",)
    assert [p.amount for p in pays] == [40, 20, 20] and deltas(pays) == [-40, -20, 80, -20]
    assert pays[0].receipt == "小胡自摸 small self-draw k1 × 庄 dealer 20 · 中鸟 birds 1 ×2 = 40"


def test_e2_dealer_wins_a_small_discard() -> None:
    win, pays = example("2m3m4m 6p7p8p 1s2s3s 5s6s7s 8s", "8s", [], set(), 0, [3], 0, "4p")
    assert win.hands == ("pinghu",) and deltas(pays) == [40, 0, 0, -40]


def test_e3_stacking_per_hand_and_once() -> None:
    melds = [Meld("peng", k("2s")), Meld("peng", k("5s"))]
    win, pays = example("7s7s7s 9s9s 3s3s", "3s", melds, set(), 1, [0, 2, 3], 0, "6m")
    assert (win.hands, win.k) == (("pengpenghu", "qingyise"), 2)
    assert [p.amount for p in pays] == [160, 120, 120] and deltas(pays) == [-160, 400, -120, -120]
    assert pays[0].receipt == "大胡自摸 big self-draw k2 × 庄 dealer 40 · 中鸟 birds 1 ×2 = 160"
    once = make_rules("changsha", {"dealer_scaling": "once"})
    _, pays = example("7s7s7s 9s9s 3s3s", "3s", melds, set(), 1, [0, 2, 3], 0, "6m", once)
    assert [p.amount for p in pays] == [140, 120, 120] and deltas(pays)[1] == 380


def test_e4_tongpao_two_settle_calls() -> None:
    w0, p0 = example("1m1m 4m4m 6s6s 9s9s 3p3p 7p7p 5p", "5p", [], set(), 0, [2], 0, "3m")
    w3, p3 = example("1m2m3m 4s5s6s 7p8p9p 2p2p 3p4p", "5p", [], set(), 3, [2], 0, "3m")
    assert (w0.hands, w3.hands) == (("qixiaodui",), ("pinghu",))
    assert (p0[0].amount, p3[0].amount) == (140, 20)
    assert deltas([*p0, *p3]) == [140, 0, -160, 20]


def test_e5_gangshangkaihua() -> None:
    melds = [Meld("gang", k("6m"), concealed=True)]
    # tenpai with the kong set aside (CS-3.5); 6m would complete 4m5m6m but all four are in the kong
    assert waits(c("2s3s4s 5p6p7p 2m2m 4m5m"), melds, CS) == [k("3m")]
    win, pays = example("2s3s4s 5p6p7p 2m2m 4m5m", "3m", melds, {"gangshangkaihua"}, 1, [0, 2, 3], 0, "5s")
    assert (win.hands, win.k) == (("gangshangkaihua",), 1)
    assert [p.amount for p in pays] == [80, 30, 30] and deltas(pays) == [-80, 140, -30, -30]


def test_e6_gangshangpao_qingyise() -> None:
    win, pays = example("1p2p3p 4p5p6p 7p8p9p 2p2p 6p7p", "8p", [], {"gangshangpao"}, 1, [3], 0, "2m")
    assert (win.hands, win.k) == (("qingyise", "gangshangpao"), 2)
    assert pays[0].amount == 240 and deltas(pays) == [0, 240, 0, -240]


def test_e7_haidipao_two_winners_bird_in_no_pair() -> None:
    w1, p1 = example("2m3m4m 6s7s8s 3p4p5p 8p8p 4s6s", "5s", [], {"haidipao"}, 1, [0], 2, "5s")
    w3, p3 = example("1m1m1m 7m8m9m 3s4s5s 2p2p 5s5s", "5s", [], {"haidipao"}, 3, [0], 2, "5s")
    assert bird_hits([k("5s")], 2) == [2]
    assert (w1.hands, p1[0].amount, w3.hands, p3[0].amount) == (("haidipao",), 60, ("haidipao",), 60)
    assert deltas([*p1, *p3]) == [-120, 60, 0, 60]


def test_e8_opening_hands_n_2() -> None:
    found = opening_hands(c("7m7m7m7m 3s3s3s 2m 8m 1p 4p 6p 9s"), CS)
    n = sum(found.values())
    assert (found, n) == ({"sixi": 1, "liuliushun": 1}, 2)
    pays = settle(1, n, False, True, [0, 2, 3], 0, bird_hits([k("4s")], 0), CS)
    assert [p.amount for p in pays] == [40, 20, 40] and deltas(pays) == [-40, 100, -20, -40]


def test_e9_qiangganghu() -> None:
    win, pays = example("3m4m 2s2s 6s7s8s 1p2p3p 7p8p9p", "5m", [], {"qiangganghu"}, 0, [2], 0, "9m")
    assert win.hands == ("qiangganghu",) and pays[0].amount == 140 and deltas(pays) == [140, 0, -140, 0]


def test_e10_buzhang_win_is_an_ordinary_self_draw() -> None:
    melds = [Meld("gang", k("9p"), concealed=True)]
    win, pays = example("3m4m 2s2s 6s7s8s 1p2p3p", "5m", melds, set(), 3, [0, 1, 2], 1, "2p")
    assert win == Win(("pinghu",), 1, False, "standard")
    assert [p.amount for p in pays] == [10, 20, 20] and deltas(pays) == [-10, -20, -20, 50]
