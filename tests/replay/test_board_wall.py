"""A recorded wall must be §1's 136 tiles, four of each of the 34 kinds (issue 35: the board's
check of it was reached by no rules test, so any change to its error survived).

The error names the field (``wall``) and the first kind, in code order, that is not there four
times, with its count: worked out by hand for each wall below.
"""

from __future__ import annotations

import copy

import pytest

from replay.errors import InputError
from replay.games.wuhan.board import ACT, Board, IllegalEvent
from replay.tiles import CODES, KIND_OF

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


# A deal-mode record worked by hand (dealer 0; indicator 1p, so the laizi is 2p by ):
#   seat 0: 1m×3 2m×3 3m×3 4m×3 5m×2 (14)   seat 1: 6m×3 7m×3 8m×3 9m×3 1p (13)
#   seat 2: 1s×3 2s×3 3s×3 4s×3 5s (13)      seat 3: 1p×2 2p×3 3p×3 4p×3 5p×2 (13)
# Copies in view at the start: 1p 1 + 2 + the indicator = 4; 9m 3; 5m 2.
COUNTED = {
    "ruleset": {"preset": "hzlzg", "overrides": {}},
    "dealer": 0,
    "deal": [
        "1m 1m 1m 2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m".split(),
        "6m 6m 6m 7m 7m 7m 8m 8m 8m 9m 9m 9m 1p".split(),
        "1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s".split(),
        "1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p 5p".split(),
    ],
    "laizi_indicator": "1p",
}


def test_R_3_1_a_deal_and_indicator_may_hold_four_copies_not_five() -> None:
    """§1, R-3.1: four of each kind, counted over the four hands and the indicator. Above, 1p
    is dealt three times and flipped once: exactly four, a legal start. Seat 1's first 6m made a
    1p: five, refused on ``deal`` with the count. Then also seat 1's first 7m and seat 2's 5s
    made 9m: 9m (3 + 2) and 1p are both five times; the first in code order (9m, kind 8, before
    1p, kind 18) is named."""
    assert [len(s.hand) for s in Board.from_record(COUNTED).seats] == [14, 13, 13, 13]
    five = copy.deepcopy(COUNTED)
    five["deal"][1][0] = "1p"  # seat 1: 6m 6m 1p ... 1p → 1p in view 5 times
    with pytest.raises(InputError) as err:
        Board.from_record(five)
    assert (err.value.field, err.value.message) == ("deal", "1p appears 5 times in the deal and indicator")
    two = copy.deepcopy(five)
    two["deal"][1][3] = "9m"  # seat 1's first 7m: 9m 3 + 1 = 4
    two["deal"][2][12] = "9m"  # seat 2's 5s: 9m 5 times, beside 1p's 5
    with pytest.raises(InputError) as err:
        Board.from_record(two)
    assert (err.value.field, err.value.message) == ("deal", "9m appears 5 times in the deal and indicator")


def test_R_3_1_a_deal_mode_draw_of_a_fifth_copy_is_refused() -> None:
    """R-3.1 in deal mode: each draw names its tile, and the copies in view (dealt, flipped,
    drawn) stay at four. After seat 0 discards a 5m, seat 1 may not draw 1p (three dealt and the
    indicator: a fifth); it may draw 9m (three dealt: the fourth). Seat 2, after seat 1 discards
    that 9m, may not draw another (the discard is the fourth copy, already counted); 5m (two
    dealt, 2 + 1 = 3) it may."""
    board = Board.from_record(COUNTED)
    board.push({"type": "discard", "seat": 0, "tile": "5m"})
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "draw", "seat": 1, "tile": "1p"})
    why = err.value.reason
    assert (why.code, why.rule, why.message) == (
        "fifth_copy",
        "R-3.1",
        "1p would be a fifth copy: there are only four of each tile",
    )
    board.push({"type": "draw", "seat": 1, "tile": "9m"})
    board.push({"type": "discard", "seat": 1, "tile": "9m"})
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "draw", "seat": 2, "tile": "9m"})
    assert err.value.reason.code == "fifth_copy"
    board.push({"type": "draw", "seat": 2, "tile": "5m"})
    assert board.seats[2].hand[-1] == KIND_OF["5m"] and board.phase == ACT


def test_R_9_1_R_10_3_the_table_a_win_is_judged_on() -> None:
    """``Board.table``: what ``judge`` reads beside the seats. R-9.1 counts as dead a kind whose
    four copies are in view: in hands, melds, *discards* or the *indicator*; a discard claimed
    into a meld is counted with the melds, so the table's ``seen`` holds the indicator and the
    unclaimed discards only, river by river. R-10.3's dealer factor needs the dealer.

    On COUNTED: seat 0 discards 5m (nobody claims it), seat 1 draws and discards 5p, seat 3
    pengs it (claimed: in seat 3's meld), seat 3 discards 4p. Seen: 1p (indicator), 5m, 4p."""
    board = Board.from_record({**COUNTED, "dealer": 0})
    board.push({"type": "discard", "seat": 0, "tile": "5m"})
    board.push({"type": "draw", "seat": 1, "tile": "5p"})
    board.push({"type": "discard", "seat": 1, "tile": "5p"})
    board.push({"type": "peng", "seat": 3})
    board.push({"type": "discard", "seat": 3, "tile": "4p"})
    table = board.table()
    assert [CODES[t] for t in table.seen] == ["1p", "5m", "4p"]
    assert table.dealer == 0 and table.laizi == KIND_OF["2p"]
    assert [s.hand for s in table.seats] == [s.hand for s in board.seats]
    dealt_by_3 = Board.from_record(
        {**COUNTED, "dealer": 3, "deal": [*COUNTED["deal"][1:], COUNTED["deal"][0]]}
    )
    assert dealt_by_3.table().dealer == 3 and [CODES[t] for t in dealt_by_3.table().seen] == ["1p"]
