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
