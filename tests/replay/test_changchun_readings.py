"""Changchun's readings by rule id (changchun.md CC-1.1, CC-2.2, CC-2.6, CC-3.1, CC-4.1, CC-5.2 –
CC-5.5): the melds a reading may hold and the error naming a bad one, what each refusal says
(the code AND the message a viewer shows), and W(s) for hands holding honour pairs and triplets.

Hands are worked by hand from the rule text; each wait set is listed in kind order (万, 条, 筒,
then E S W N C F P). Written against ``reading.py``'s mutants (issue #35, docs/mutation.md).
"""

from __future__ import annotations

import pytest

from replay.games.changchun.params import PRESETS, make_rules
from replay.games.changchun.reading import (
    Meld,
    Refusal,
    Win,
    can_baoting,
    check_win,
    held_counts,
    is_ting,
    is_win,
    makes_win,
    read_win,
    waits,
)
from replay.games.changchun.tiles import counts
from replay.tiles import CODES, parse_tile, parse_tiles

CC = PRESETS["changchun"]


def h(text: str) -> list[int]:
    return counts(parse_tiles(text.split()))


def k(code: str) -> int:
    return parse_tile(code)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("kong",), "unknown meld kind 'kong'; known: chi, peng, ming, xu, an, xuanfeng, xi, yaodan, jiudan"),
        (("peng", -1, (1,)), "only an opening set takes 补 tiles, not a peng"),
        (("peng", 34), "a peng needs a tile kind 0-33, not 34"),
        (("an", -1), "a an needs a tile kind 0-33, not -1"),
        (("chi", 27), "no chi starts at E: suited, 1 to 7 (CC-2.2)"),
        (("chi", 7), "no chi starts at 8m: suited, 1 to 7 (CC-2.2)"),
        (("chi", 26), "no chi starts at 9p: suited, 1 to 7 (CC-2.2)"),
    ],
)
def test_CC_2_2_CC_3_1_a_bad_meld_is_named(args: tuple[object, ...], message: str) -> None:
    """A meld the rules cannot hold: an unknown kind, 补 tiles outside a set (CC-3.3), a kind
    outside 0–33 (CC-1.1), a chi not starting on a suited 1–7 (CC-2.2: 8m, 9p, E)."""
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$"):
        Meld(*args)  # type: ignore[arg-type]


def test_CC_3_1_a_set_names_no_tile() -> None:
    """CC-3.1: a set is its fixed tiles (喜杠 C F P); naming a tile is an error."""
    with pytest.raises(ValueError, match=r"^a xi set names no tile \(it is "):
        Meld("xi", 5)


def test_CC_2_2_the_chi_edges_1_to_7() -> None:
    """CC-2.2: a chi starts on a suited 1–7: 7m (kind 6) is 7m 8m 9m, 7p (kind 24) 7p 8p 9p; 1m
    is 1m 2m 3m; a chi is no 刻 (CC-5.4), a peng is."""
    assert Meld("chi", 6).tiles() == (6, 7, 8) and Meld("chi", 24).tiles() == (24, 25, 26)
    assert Meld("chi", 0).tiles() == (0, 1, 2) and Meld("chi", 0).label() == "吃 chi 1m 2m 3m"
    assert not Meld("chi", 0).is_ke() and Meld("peng", 0).is_ke()


def test_CC_1_1_a_fifth_copy_counts_the_melds_too() -> None:
    """CC-1.1: a peng of 5m holds three; two more 5m concealed make five: refused with the count;
    one (four in all, in 5m 6m 7m) is no refusal: 567m 111m 234s and the peng win on a 5p pair."""
    peng = [Meld("peng", k("5m"))]
    got = check_win(h("5m 5m 1m 1m 1m 2s 3s 4s 7p 8p"), peng, k("9p"), "zimo", CC)
    assert got == Refusal("CC-1.1", "too_many_copies", "5 copies of 5m: there are four")
    assert isinstance(check_win(h("5m 6m 7m 1m 1m 1m 2s 3s 4s 5p"), peng, k("5p"), "zimo", CC), Win)
    assert held_counts(h("5m 6m 7m"), peng)[k("5m")] == 4


@pytest.mark.parametrize(
    ("hand", "tile", "rule", "code", "message"),
    [
        (
            "1m 2m 3m 1m 2m 3m 4m 5m 6m 7m 8m 9m 1m",
            "1m",
            "CC-5.2",
            "no_three_suits",
            "三色全: the hand holds no 条 s、筒 p",
        ),
        (
            "1m 2m 3m 1m 2m 3m 4m 5m 6m 7m 8m 9m 1s",
            "1s",
            "CC-5.2",
            "no_three_suits",
            "三色全: the hand holds no 筒 p",
        ),
        (
            "1s 2s 3s 1s 2s 3s 4p 5p 6p 7p 8p 9p 1p",
            "1p",
            "CC-5.2",
            "no_three_suits",
            "三色全: the hand holds no 万 m",
        ),
        (
            "2m 3m 4m 2s 3s 4s 5p 6p 7p 5m 5m 6p 7p",
            "8p",
            "CC-5.3",
            "no_yaojiu",
            "幺九: no 1, 9 or honour among the tiles",
        ),
        (
            "1m 1m 1m 2p 3p 4p 6s 7s 8s E E 5m",
            "6m",
            "CC-2.6",
            "wrong_hand_size",
            "12 concealed tiles with 0 melds; expected 13 (13 − 3·melds, CC-2.6)",
        ),
    ],
)
def test_CC_5_2_CC_5_3_CC_2_6_each_refusal_says_why(
    hand: str, tile: str, rule: str, code: str, message: str
) -> None:
    """CC-5.2: 三色全 names each missing suit (万 m, 条 s, 筒 p), two at once joined by 、;
    CC-5.3: no 1, 9 or honour; CC-2.6: 12 concealed tiles where 13 − 3·0 = 13 are due."""
    assert check_win(h(hand), [], k(tile), "zimo", CC) == Refusal(rule, code, message)


def test_CC_5_5_the_shoubayi_refusal_names_the_melds_that_break_it() -> None:
    """CC-5.5: four melds, one concealed 5p, a win on 5p. Behind a chi: refused; with
    ``special_in_piao`` off a set breaks it too and the message says so. Behind three pengs and a
    喜杠 (sets count for 飘胡 by default): 飘胡, 2 fan."""
    chi = [Meld("peng", k("1m")), Meld("peng", k("2p")), Meld("chi", k("3s")), Meld("peng", k("C"))]
    text = "手把一: a win with one concealed tile must be 飘胡, and a chi"
    assert check_win(h("5p"), chi, k("5p"), "dianpao", CC) == Refusal(
        "CC-5.5", "shoubayi_not_piao", text + " stands among the melds"
    )
    off = make_rules("changchun", {"special_in_piao": False})
    xi = [Meld("peng", k("1m")), Meld("peng", k("2p")), Meld("peng", k("3s")), Meld("xi")]
    assert check_win(h("5p"), xi, k("5p"), "dianpao", off) == Refusal(
        "CC-5.5",
        "shoubayi_not_piao",
        text + " or an opening set (special_in_piao off) stands among the melds",
    )
    got = check_win(h("5p"), xi, k("5p"), "dianpao", CC)
    assert isinstance(got, Win) and got.fans == ("piaohu",) and got.fan == 2


HONOURS = ["E", "S", "W", "N", "C", "F", "P"]


@pytest.mark.parametrize("x", HONOURS)
def test_CC_4_1_waits_beside_a_concealed_honour_triplet(x: str) -> None:
    """CC-4.1: XXX 123m 456p 789s 5p waits on 5p alone (单调) for every honour X: the triplet is
    the 刻 (CC-5.4); 三色全 and 幺九 hold."""
    assert [CODES[t] for t in waits(h(f"{x} {x} {x} 1m 2m 3m 4p 5p 6p 7s 8s 9s 5p"), [], CC)] == ["5p"]


@pytest.mark.parametrize("x", HONOURS)
def test_CC_4_1_waits_beside_an_honour_pair(x: str) -> None:
    """CC-4.1: XX 123m 456p 789s 55s waits on 5s and X (双碰): 555s or XXX is the 刻."""
    assert [CODES[t] for t in waits(h(f"{x} {x} 1m 2m 3m 4p 5p 6p 7s 8s 9s 5s 5s"), [], CC)] == ["5s", x]


@pytest.mark.parametrize(
    "hand",
    ["E S W 1m 2m 3m 4p 5p 6p 7s 8s 9s 5p", "8m 9m 1s 1m 2m 3m 4p 5p 6p 7s 8s 9s 5p"],
)
def test_CC_5_1_honours_and_suit_ends_make_no_sequence(hand: str) -> None:
    """CC-5.1: sequences are suited and within one suit: E S W is no sequence, nor 8m 9m 1s; with
    a 5p pair the rest 123m 456p 789s leaves those three tiles over: no shape (not a shape that
    merely lacks a 刻)."""
    assert check_win(h(hand), [], k("5p"), "zimo", CC) == Refusal(
        "CC-5.1", "no_shape", "no four melds and a pair (no 七对 or other special shapes)"
    )


def test_CC_4_1_a_concealed_quad_read_as_triplet_and_sequence() -> None:
    """CC-4.1 / CC-5.1: 1111m 23m 55p 67p 999s (13) waits on 5p and 8p: 111m 123m 999s with 55p +
    567p or 678p; 三色全, 幺九, 刻 (111m, 999s). The reading with the 5p pair comes after the 9s
    pair (tried first, it fails): the four 1m must be whole for each pair tried."""
    assert [CODES[t] for t in waits(h("1m 1m 1m 1m 2m 3m 5p 5p 6p 7p 9s 9s 9s"), [], CC)] == ["5p", "8p"]


@pytest.mark.parametrize(("mode", "jia"), [("duting", True), ("kan_bian", False), ("kan", False)])
def test_CC_5_7_dandiao_beside_a_123_is_no_bian(mode: str, jia: bool) -> None:
    """CC-5.7: 1m2m3m 7s8s9s 1p1p1p 4s5s6s + E waits only E; the E completes the pair, not the 3
    of 1-2-3, so ``kan_bian`` gives no 夹胡 though a 1-2-3 stands in the reading (duting does)."""
    rules = make_rules("changchun", {"jiahu": mode})
    hand = "1m 2m 3m 7s 8s 9s 1p 1p 1p 4s 5s 6s E"
    assert [CODES[t] for t in waits(h(hand), [], rules)] == ["E"]
    got = check_win(h(hand), [], k("E"), "zimo", rules)
    assert isinstance(got, Win) and ("jiahu" in got.fans) == jia


XI_MELDS = [
    Meld("peng", parse_tile("1m")),
    Meld("peng", parse_tile("2p")),
    Meld("peng", parse_tile("3s")),
    Meld("xi"),
]


def test_CC_4_1_CC_4_2_CC_5_5_four_melds_with_a_set_wait_by_special_in_piao() -> None:
    """CC-4.1 with CC-5.5: pengs 1m 2p 3s and a 喜杠, one concealed 5p: W = {5p} (飘胡, the set
    standing in it by default), so 听 and 报听 (1m held: 幺九). With ``special_in_piao`` off the
    win would be 手把一 behind a set: W is empty and 报听 is refused for that reason."""
    off = make_rules("changchun", {"special_in_piao": False})
    assert [CODES[t] for t in waits(h("5p"), XI_MELDS, CC)] == ["5p"] and waits(h("5p"), XI_MELDS, off) == []
    assert is_ting(h("5p"), XI_MELDS, CC) and not is_ting(h("5p"), XI_MELDS, off)
    assert can_baoting(h("5p"), XI_MELDS, CC) is None
    assert can_baoting(h("5p"), XI_MELDS, off) == Refusal(
        "CC-4.2", "ting_not_ready", "报听 without a wait: no tile makes a legal win"
    )
    assert is_win(h("5p 5p"), XI_MELDS, CC) and not is_win(h("5p 5p"), XI_MELDS, off)


def test_CC_4_2_no_baoting_without_a_yaojiu() -> None:
    """CC-4.2 on E9: 2m3m4m 5p5p5p 6s7s8s 4m4m 7s8s waits on 9s (6s wins with no 幺九) but holds
    no 幺九 yet: 报听 refused with that reason (断幺九不能看宝)."""
    assert can_baoting(h("2m 3m 4m 5p 5p 5p 6s 7s 8s 4m 4m 7s 8s"), [], CC) == Refusal(
        "CC-4.2", "ting_no_yaojiu", "报听 needs a 幺九 tile already held (断幺九不能看宝)"
    )


def test_CC_5_is_win_and_makes_win_decide_by_the_whole_rule() -> None:
    """CC-5.1 – CC-5.4 through the board's quick tests: E2's 13 tiles plus 6m win (is_win on the 14,
    makes_win adding the 6m); E9's 123m 456m 234p 678s E + E has a shape but no 刻: neither; a
    second 5s onto XX 123m 456p 789s 55s (双碰) wins, counted as the third 5s."""
    e2 = "1m 1m 1m 2p 3p 4p 6s 7s 8s E E 5m 7m"
    assert is_win(h(e2 + " 6m"), [], CC) and makes_win(h(e2), [], k("6m"), CC)
    e9 = "1m 2m 3m 4m 5m 6m 2p 3p 4p 6s 7s 8s E"
    assert not is_win(h(e9 + " E"), [], CC) and not makes_win(h(e9), [], k("E"), CC)
    assert makes_win(h("C C 1m 2m 3m 4p 5p 6p 7s 8s 9s 5s 5s"), [], k("5s"), CC)
    assert not makes_win(h("C C 1m 2m 3m 4p 5p 6p 7s 8s 9s 5s 5s"), [], k("6s"), CC)


def test_CC_5_6_an_unknown_way_is_named() -> None:
    """CC-5.6 knows five ways (自摸 点炮 抢胡 对宝 摸宝); any other is a caller's error, listing them."""
    with pytest.raises(
        ValueError, match=r"^unknown way of winning 'gang'; known: zimo, dianpao, qianghu, duibao, mobao$"
    ):
        check_win(h("1m 1m 1m 2p 3p 4p 6s 7s 8s E E 5m 7m"), [], k("6m"), "gang", CC)


def test_CC_4_6_mobao_needs_a_wait() -> None:
    """CC-4.6: the 宝 stands for a kind of W(s): 1m 2m 4m 5m 7p 8p 9p 1s 1s 3s 5s E C waits on
    nothing, so a drawn 宝 cannot win; read_win gives no Win for a refused one."""
    hand = "1m 2m 4m 5m 7p 8p 9p 1s 1s 3s 5s E C"
    assert waits(h(hand), [], CC) == []
    assert check_win(h(hand), [], k("E"), "mobao", CC) == Refusal(
        "CC-4.6", "bao_not_ting", "摸宝: the hand waits on nothing (W(s) is empty)"
    )
    assert read_win(h(hand), [], k("E"), "mobao", CC) is None
    assert read_win(h("1m 2m 3m 4m 5m 6m 2p 3p 4p 6s 7s 8s E"), [], k("E"), "zimo", CC) is None


def test_CC_4_5_duibao_off_the_waits_says_why_the_bao_does_not_win() -> None:
    """CC-4.5: 对宝 needs the 宝 kind in W(s). E2's hand waits on 6m only: a 宝 5m is refused with
    the reason 5m would not win (no shape, CC-5.1). Behind pengs 1m 2p 3s and a 喜杠 with
    ``special_in_piao`` off, W(s) is empty and a 宝 5p is refused for 手把一 (CC-5.5)."""
    e2 = h("1m 1m 1m 2p 3p 4p 6s 7s 8s E E 5m 7m")
    assert check_win(e2, [], k("5m"), "duibao", CC) == Refusal(
        "CC-4.5",
        "bao_not_in_waits",
        "对宝: the 宝 5m is not in W(s) (CC-5.1: no four melds and a pair (no 七对 or other special shapes))",
    )
    off = make_rules("changchun", {"special_in_piao": False})
    got = check_win(h("5p"), XI_MELDS, k("5p"), "duibao", off)
    assert got == Refusal(
        "CC-4.5",
        "bao_not_in_waits",
        "对宝: the 宝 5p is not in W(s) (CC-5.5: 手把一: a win with one concealed tile must be 飘胡,"
        " and a chi or an opening set (special_in_piao off) stands among the melds)",
    )
