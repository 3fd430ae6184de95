"""Changsha rules by id (changsha.md CS-n): hand-worked values for reading and settlement."""

from __future__ import annotations

from replay.games.changsha.params import PRESETS
from replay.games.changsha.reading import Meld, Win, read_win, waits
from replay.games.changsha.scoring import bird_hits, deltas, settle
from replay.games.changsha.tiles import counts, parse_list

CS = PRESETS["changsha"]
NONE: frozenset[str] = frozenset()


def c(text: str) -> list[int]:
    return counts(parse_list(text.split(), "hand"))


def test_cs_4_2_pinghu_with_a_jiang_pair() -> None:
    """E1's hand: 平胡 on a 5p pair."""
    assert read_win(c("1m 2m 3m 4m 5m 6m 7s 8s 9s 3p 4p 5p 5p 5p"), [], NONE, CS) == Win(
        ("pinghu",), 1, False, "standard"
    )


def test_e3_stacking_settles_160_120_120() -> None:
    """E3: 清一色 + 碰碰胡 (9s pair allowed), k = 2; bird 6m hits seat 1, the winner."""
    win = read_win(c("7s 7s 7s 9s 9s 3s 3s 3s"), [Meld("peng", 10), Meld("peng", 13)], NONE, CS)
    assert win is not None and (win.hands, win.k, win.big) == (("pengpenghu", "qingyise"), 2, True)
    hits = bird_hits(c_kinds("6m"), 0)
    assert hits == [1]
    pays = settle(1, win.k, win.big, True, [0, 2, 3], 0, hits, CS)
    assert [p.amount for p in pays] == [160, 120, 120]
    assert deltas(pays) == [-160, 400, -120, -120]


def test_cs_3_8_waits() -> None:
    assert waits(c("1m 2m 3m 4m 5m 6m 7s 8s 9s 3p 4p 5p 5p"), [], CS) == c_kinds("2p 5p")


def c_kinds(text: str) -> list[int]:
    return parse_list(text.split(), "tiles")
