"""Changsha's readings (replay/games/changsha/reading.py) by rule id, written against the
survivors of the mutation screen (issue #35): each test names the CS rule, works its figures by
hand from ../shared/rules/changsha.md in the docstring, and holds both sides of a boundary."""

from __future__ import annotations

import pytest

from replay.games.changsha.params import PRESETS
from replay.games.changsha.reading import Meld, read_win, waits
from replay.games.changsha.tiles import counts, parse

CS = PRESETS["changsha"]
NONE: frozenset[str] = frozenset()


def c(text: str) -> list[int]:
    """``"123m 55p"`` -> the 27 counts (digits before their suit letter)."""
    return counts([parse(d + g[-1], "tile") for g in text.split() for d in g[:-1]])


def k(tile: str) -> int:
    return parse(tile, "tile")


# --- CS-1.1 / CS-4.1: a meld is a chi, peng or gang of the 27 suited kinds ------------------------
@pytest.mark.parametrize(
    "meld",
    [
        Meld("pung", k("1m")),  # a kind of meld Changsha has not, on a good tile
        Meld("peng", 27),  # kind 27 would be an honour (东): CS-1.1 has none
        Meld("peng", -1),
    ],
)
def test_CS_1_1_CS_4_1_a_meld_that_is_no_changsha_meld_is_refused(meld: Meld) -> None:
    """A meld of another kind, or on a kind outside 0-26 (1m..9p), is an input error naming it,
    from ``read_win`` and ``waits`` alike (the evaluate endpoint passes melds through them)."""
    with pytest.raises(ValueError, match=r"^not a Changsha meld: Meld\(kind="):
        read_win(c("123m 456m 789s 55p"), [meld], NONE, CS)
    with pytest.raises(ValueError, match=r"^not a Changsha meld: Meld\(kind="):
        waits(c("123m 456m 789s 5p"), [meld], CS)


def test_CS_3_2_a_chi_runs_within_its_suit() -> None:
    """CS-3.2: a chi is a suited sequence. A chi by its lowest kind ``first`` holds first..first+2,
    so it fits its suit when ``first % 9 <= 6``: 7m8m9m (first 6) is a chi, 8m9m1s (first 7) is
    not. A peng of 8m (first 7, 7 % 9 = 7 > 6) is no chi and is left alone.
    With 7m8m9m exposed, 123m 456p 789s 55p completes 平胡 on a 5p pair."""
    good = read_win(c("123m 456p 789s 55p"), [Meld("chi", k("7m"))], NONE, CS)
    assert good is not None and good.hands == ("pinghu",)
    with pytest.raises(ValueError, match=r"^a chi runs over its suit: Meld\(kind='chi', first=7"):
        read_win(c("123m 456p 789s 55p"), [Meld("chi", k("8m"))], NONE, CS)
    with pytest.raises(ValueError, match=r"^a chi runs over its suit: Meld\(kind='chi', first=16"):
        waits(c("123m 456p 789s 5p"), [Meld("chi", k("8s"))], CS)
    # a peng of 8m and of 9p (first 7, 26): pengs, not runs
    peng = read_win(c("123m 456p 789s 55p"), [Meld("peng", k("8m"))], NONE, CS)
    assert peng is not None and peng.hands == ("pinghu",)
    peng = read_win(c("123m 456p 789s 55p"), [Meld("peng", k("9p"))], NONE, CS)
    assert peng is not None and peng.hands == ("pinghu",)


def test_CS_4_4_a_way_the_board_cannot_know_is_refused_by_name() -> None:
    """CS-4.4's ways are 天胡, 地胡, 海底捞月/炮, 杠上开花/炮, 抢杠胡; 平胡 (a hand, CS-4.2) or a
    misspelt way is an input error listing them sorted, while a known way on the same 平胡 tiles
    (123m 456m 789s 345p 55p, a 将 pair) reads as that big hand alone, k 1."""
    tiles = c("123m 456m 789s 345p 55p")
    with pytest.raises(ValueError, match=r"^unknown ways of winning: \['pinghu', 'zimo'\]$"):
        read_win(tiles, [], frozenset({"zimo", "pinghu", "dihu"}), CS)
    win = read_win(tiles, [], frozenset({"dihu"}), CS)
    assert win is not None and (win.hands, win.k, win.big) == (("dihu",), 1, True)


def test_CS_3_8_a_pengs_fourth_tile_is_a_wait() -> None:
    """CS-3.8 counts a kind held concealed plus in melds: a peng of 5s holds 3, so the 4th 5s is
    a wait. 123m 456m 34s 55p beside the peng waits on 2s (234s) and 5s (345s), both 平胡 on the
    5p pair (将); a kong of 5s holds 4, so there only 2s is left."""
    assert waits(c("123m 456m 34s 55p"), [Meld("peng", k("5s"))], CS) == [k("2s"), k("5s")]
    assert waits(c("123m 456m 34s 55p"), [Meld("gang", k("5s"))], CS) == [k("2s")]


def test_CS_4_3_quanqiuren_waives_the_jiang_only_when_extra_hands_has_it() -> None:
    """CS-4.1(a) with CS-4.3's cp extra: four melds won on the last single tile, any pair. A 9p
    pair beside chi 1m, chi 4m, peng 3s, chi 7p is no win under ``changsha`` (extra_hands {}:
    no 全求人, no 碰碰胡, not one suit) and 全求人 under ``changsha-app``: ``is_win`` and the
    waits (9p, the one tile that pairs) say the same as ``read_win``."""
    from replay.games.changsha.reading import is_win

    app = PRESETS["changsha-app"]
    melds = [Meld("chi", k("1m")), Meld("chi", k("4m")), Meld("peng", k("3s")), Meld("chi", k("7p"))]
    assert not is_win(c("99p"), melds, CS)
    assert is_win(c("99p"), melds, app)
    assert waits(c("9p"), melds, CS) == []
    assert waits(c("9p"), melds, app) == [k("9p")]


def test_CS_5_1_queyise_counts_the_three_suits_by_their_nine_kinds() -> None:
    """CS-5.1 缺一色: a suit missing. 1234567m 1s 23456p holds all three suits (1s is a 索, kind
    9, and 1p..9p kinds 18..26): no opening hand at all (2m/5m are 将, no 4 alike, no pung).
    1234567m 23456p 8p lacks 索: 缺一色."""
    from replay.games.changsha.reading import opening_hands

    assert opening_hands(c("1234567m 1s 23456p"), CS) == {}
    assert opening_hands(c("1234567m 23456p 8p"), CS) == {"queyise": 1}


def test_CS_5_1_liuliushun_per_instance_counts_whole_pairs_of_pungs() -> None:
    """CS-5.1 with ``qishou_per_instance`` (cp 有几个算几次): 六六顺 counts ⌊kinds with ≥ 3 / 2⌋.
    111m 333m 666s 1247p has three such kinds: one 六六顺, not 1.5; a fourth (999p) makes two.
    Neither hand is 四喜, 板板胡 (2p is a 将) or 缺一色."""
    from replay.games.changsha.reading import opening_hands

    app = PRESETS["changsha-app"]
    assert opening_hands(c("111m 333m 666s 1247p"), app) == {"liuliushun": 1}
    assert opening_hands(c("111m 333m 666s 999p 2p"), app) == {"liuliushun": 2}
