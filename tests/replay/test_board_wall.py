"""A recorded wall must be §1's 136 tiles, four of each of the 34 kinds (issue 35: the board's
check of it was reached by no rules test, so any change to its error survived).

The error names the field (``wall``) and the first kind, in code order, that is not there four
times, with its count: worked out by hand for each wall below.
"""

from __future__ import annotations

import pytest

from replay.errors import InputError
from replay.games.wuhan.board import Board
from replay.tiles import CODES

FULL = [CODES[k] for k in range(34) for _ in range(4)]  # 1m×4, 2m×4, ... 白×4


def record(wall: list[str]) -> dict[str, object]:
    return {"ruleset": {"preset": "hzlzg", "overrides": {}}, "dealer": 0, "wall": wall}


def test_S1_R_3_1_a_full_wall_deals() -> None:
    """The other side: 136 tiles, four of each kind, deal 14 + 13 · 3 and flip the 53rd."""
    board = Board.from_record(record(FULL))
    assert [len(s.hand) for s in board.seats] == [14, 13, 13, 13]


@pytest.mark.parametrize(
    ("swap", "message"),
    [
        # a 3m (kind 2) made a 1m: 1m, the first kind, is there 5 times
        ((8, "1m"), "must hold each of the 34 tiles four times; 1m is 5×"),
        # a 1m made a 2m: 1m is there 3 times (2m 5 times comes later in code order)
        ((0, "2m"), "must hold each of the 34 tiles four times; 1m is 3×"),
        # a 白 (last kind) made a 红中: 中 is 5×, 发 4×, 白 3×: 中 comes first of the two
        ((135, "C"), "must hold each of the 34 tiles four times; C is 5×"),
    ],
)
def test_S1_R_3_1_a_wall_without_four_of_each_kind_names_the_first_wrong_kind(
    swap: tuple[int, str], message: str
) -> None:
    """§1: four of each of the 34 kinds. One tile swapped for another keeps 136 tiles but gives
    one kind 5 and another 3: the error names ``wall`` and the first of them in code order."""
    index, tile = swap
    wall = list(FULL)
    wall[index] = tile
    with pytest.raises(InputError) as err:
        Board.from_record(record(wall))
    assert (err.value.field, err.value.message) == ("wall", message)


@pytest.mark.parametrize(("given", "error"), [("5s", None), ("6s", "the wall's indicator is 5s, not 6s")])
def test_R_3_1_a_recorded_indicator_must_be_the_walls(given: str, error: str | None) -> None:
    """R-3.1: the tile after the deal (14 + 3 · 13 = 53 tiles, so the wall's 54th, index 53) is
    the indicator. In FULL that is index 53 // 4 = kind 13: 5s. A record that also names the
    indicator must name that one: 5s builds the board, 6s is an error on ``laizi_indicator``."""
    rec = {**record(FULL), "laizi_indicator": given}
    if error is None:
        assert CODES[Board.from_record(rec).indicator] == "5s"
        return
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert (err.value.field, err.value.message) == ("laizi_indicator", error)


def deal_record(sizes: list[int]) -> dict[str, object]:
    """A deal-mode record (no wall): seat s is dealt ``sizes[s]`` tiles taken from FULL in order."""
    deal, at = [], 0
    for n in sizes:
        deal.append(FULL[at : at + n])
        at += n
    return {
        "ruleset": {"preset": "hzlzg", "overrides": {}},
        "dealer": 0,
        "deal": deal,
        "laizi_indicator": "5s",
    }


@pytest.mark.parametrize(
    ("sizes", "error"),
    [
        ([14, 13, 13, 13], None),
        ([14, 13, 12, 14], ("deal[2]", "seat 2 must be dealt 13 tiles, not 12")),
        ([13, 13, 13, 13], ("deal[0]", "seat 0 must be dealt 14 tiles, not 13")),
    ],
)
def test_R_3_1_a_recorded_deal_is_13_tiles_a_seat_and_the_dealers_14th(
    sizes: list[int], error: tuple[str, str] | None
) -> None:
    """R-3.1: 13 tiles each and the dealer's extra 14th (seat 0 deals here). The first seat whose
    count is wrong is named, with what it should have had and what it had."""
    if error is None:
        assert [len(s.hand) for s in Board.from_record(deal_record(sizes)).seats] == sizes
        return
    with pytest.raises(InputError) as err:
        Board.from_record(deal_record(sizes))
    assert (err.value.field, err.value.message) == error
