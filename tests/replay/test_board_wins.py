"""Wuhan board: what a win leaves on the table and is judged on, hand-worked from RULES.md.

Rule ids are /work/shared/RULES.md's. These hold the parts of ``Board`` that the earlier
board tests left unasserted (issue #35's mutation screen of ``replay/games/wuhan/board.py``):
a rob of the second of two xu-gangs, two 皮子杠 by one seat, the copy of a seat a win is judged
on, and ``push_all`` after the end of a hand.
"""

from __future__ import annotations

import pytest

from replay.games.wuhan.board import ACT, CLAIM, Board, IllegalEvent, _with_hand, _with_melds
from replay.games.wuhan.hand import meld
from replay.games.wuhan.table import SeatState
from replay.tiles import CODES, KIND_OF
from tests.replay.test_board_legality import refused
from tests.replay.test_qipi_rules import deal_board
from tests.replay.test_replay_rules import tsumogiri_until, wall_board

M4, S1 = KIND_OF["4m"], KIND_OF["1s"]

# seat 1 pengs 4m, then 1s; draws the fourth 1s and xu-gangs it; draws the fourth 4m and xu-gangs
# it; seat 2 (2-3m, 1-2-3p, 7-8-9p, peng 7s, pair 5s) robs that 4m
TWO_XU_GANGS = [
    {"type": "discard", "seat": 0, "tile": "7s"},
    {"type": "peng", "seat": 2},
    {"type": "discard", "seat": 2, "tile": "9m"},
    {"type": "draw", "seat": 3, "tile": "E"},
    {"type": "discard", "seat": 3, "tile": "E"},
    {"type": "draw", "seat": 0, "tile": "S"},
    {"type": "discard", "seat": 0, "tile": "4m"},
    {"type": "peng", "seat": 1},
    {"type": "discard", "seat": 1, "tile": "9s"},
    {"type": "draw", "seat": 2, "tile": "N"},
    {"type": "discard", "seat": 2, "tile": "N"},
    {"type": "draw", "seat": 3, "tile": "N"},
    {"type": "discard", "seat": 3, "tile": "N"},
    {"type": "draw", "seat": 0, "tile": "W"},
    {"type": "discard", "seat": 0, "tile": "1s"},
    {"type": "peng", "seat": 1},
    {"type": "discard", "seat": 1, "tile": "8s"},
    {"type": "draw", "seat": 2, "tile": "W"},
    {"type": "discard", "seat": 2, "tile": "W"},
    {"type": "draw", "seat": 3, "tile": "W"},
    {"type": "discard", "seat": 3, "tile": "W"},
    {"type": "draw", "seat": 0, "tile": "S"},
    {"type": "discard", "seat": 0, "tile": "S"},
    {"type": "draw", "seat": 1, "tile": "1s"},
]


def test_R_5_5_R_10_8_robbing_the_second_of_two_xu_gangs() -> None:
    """R-6.1, R-5.5, R-10.8 (hzlzg: 杠进杠出), indicator 5p. Seat 1 pengs seat 0's 4m and then its
    1s; the fourth 1s drawn, its xu-gang upgrades the 1s peng, not the 4m one before it. The fourth
    4m drawn and xu-ganged, seat 2 robs it. Seat 1 keeps its 1s xu-gang and its 4m peng (fed by
    seat 0). R-10.8: seat 1 pays what it would win by a soft 杠上开 with the 4m kong completed:
    base 10 × opened 2 (开口番, once) × xu-gang 2 (1s) × xu-gang 2 (4m) = 80 from seat 0 (no
    open), 80 × 2 (opened: the 7s peng) = 160 from seat 2, 80 from seat 3: 320 to seat 2.
    Without the 1s xu-gang counted it would be 40 + 80 + 40 = 160."""
    board = deal_board(
        {
            0: "7s 4m 1s 1m 1m 1m 1m 2m 2m 2m 3m 3m 3m 3s",
            1: "4m 4m 1s 1s 9s 8s 5m 5m 5m 5m 6m 6m 6m",
            2: "7s 7s 2m 3m 5s 5s 1p 2p 3p 7p 8p 9p 9m",
            3: "2s 3s 4s 6s 6s 6s 8s 8s 8s 9s 9s 9s 2s",
        },
        "5p",
        preset="hzlzg",
    )
    for event in TWO_XU_GANGS:
        board.push(event)
    assert board.seats[1].melds == [meld("peng", (M4,) * 3, None, 0), meld("peng", (S1,) * 3, None, 0)]
    board.push({"type": "gang", "seat": 1, "kind": "xu", "tile": "1s"})
    # the 1s peng (the second meld) becomes the xu-gang, keeping its source
    assert board.seats[1].melds == [meld("peng", (M4,) * 3, None, 0), meld("gang", (S1,) * 4, "xu", 0)]
    for event in [
        {"type": "draw", "seat": 1, "tile": "E"},
        {"type": "discard", "seat": 1, "tile": "E"},
        {"type": "draw", "seat": 2, "tile": "S"},
        {"type": "discard", "seat": 2, "tile": "S"},
        {"type": "draw", "seat": 3, "tile": "E"},
        {"type": "discard", "seat": 3, "tile": "E"},
        {"type": "draw", "seat": 0, "tile": "N"},
        {"type": "discard", "seat": 0, "tile": "N"},
        {"type": "draw", "seat": 1, "tile": "4m"},
        {"type": "gang", "seat": 1, "kind": "xu", "tile": "4m"},
    ]:
        board.push(event)
    assert board.seats[1].melds == [meld("gang", (M4,) * 4, "xu", 0), meld("gang", (S1,) * 4, "xu", 0)]
    board.push({"type": "hu", "seat": 2, "tile": "4m"})
    settlement = board.settlement
    assert settlement is not None and settlement.reading.hands == ("qianggang",)
    assert settlement.deltas == [0, -320, 320, 0]
    # the rob takes back only the robbed 4m: the 1s xu-gang stays a gang
    assert board.seats[1].melds == [meld("peng", (M4,) * 3, None, 0), meld("gang", (S1,) * 4, "xu", 0)]
    assert board.seats[2].hand[-1] == M4 and len(board.seats[2].hand) == 11


def test_R_4_4_two_pi_gangs_by_one_seat_count_two() -> None:
    """R-4.4 (qipi): indicator 4万, so 3万 and 4万 are 皮. The dealer puts out its two 3万 as two
    皮子杠, each with a replacement draw: two pi gangs (R-10.3: factor 2 each), no 红中 pizi gang."""
    board = deal_board({0: "3m 3m"}, "4m")
    board.push({"type": "gang", "seat": 0, "kind": "pizi", "tile": "3m"})
    board.push({"type": "draw", "seat": 0, "tile": "9s"})
    board.push({"type": "gang", "seat": 0, "kind": "pizi", "tile": "3m"})
    assert (board.seats[0].pi_gangs, board.seats[0].pizi_gangs) == (2, 0)


def test_R_10_3_a_judged_copy_keeps_every_count() -> None:
    """R-10.3: a win is judged on a copy of the seat with the winning tile taken out (自摸) or the
    robbed kong turned back to its peng (R-5.5); the copy keeps each count the factors read:
    pizi gangs 1, laizi gangs 2, pizi discards 3, laizi discards 4, 皮 gangs 5, 皮 discards 6."""
    peng = meld("peng", (M4,) * 3, None, 0)
    seat = SeatState([S1, S1], [peng], 1, 2, 3, 4, 5, 6)
    assert _with_hand(seat, [S1]) == SeatState([S1], [peng], 1, 2, 3, 4, 5, 6)
    assert _with_melds(seat, []) == SeatState([S1, S1], [], 1, 2, 3, 4, 5, 6)


def test_R_5_3_push_all_after_the_end_names_how_the_hand_ended() -> None:
    """R-5.3 (``event_after_end``): ``push_all`` refuses an event after the end as ``push`` does.
    After the four haidi draws (R-3.4) and 黄庄, a draw is refused naming "draw"."""
    board = wall_board(seed=7)
    tsumogiri_until(board, 14)
    seat = (board.last_discard[0] + 1) % 4  # type: ignore[index]
    board.push_all([{"type": "draw", "seat": (seat + k) % 4} for k in range(4)] + [{"type": "huangzhuang"}])
    assert board.ended and board.ended_by == "huangzhuang"
    with pytest.raises(IllegalEvent) as err:
        board.push_all([{"type": "draw", "seat": seat}])
    why = err.value.reason
    assert (why.code, why.rule, why.message) == refused(board, {"type": "draw", "seat": seat})
    assert why.message == "the hand already ended (draw); nothing may follow"


def two_waiting() -> Board:
    """hzlzg, indicator 5p; dealer 0. Seat 2 (2-3m, 1-2-3p, 7-8-9p, peng 7s, pair 5s) and seat 3
    (5-6m, 2-3-4s, 6-7-8s, peng 9m, pair 8p: a 将 of 2/5/8, R-7.2) both wait on 4m, both opened
    (R-6.2). Seat 0 then discards 4m; seat 1 holds the other three."""
    board = deal_board(
        {
            0: "7s 4m",
            1: "4m 4m 4m",
            2: "7s 7s 2m 3m 5s 5s 1p 2p 3p 7p 8p 9p 9m",
            3: "9m 9m 5m 6m 2s 3s 4s 6s 7s 8s 8p 8p W",
        },
        "5p",
        preset="hzlzg",
    )
    for event in [
        {"type": "discard", "seat": 0, "tile": "7s"},
        {"type": "peng", "seat": 2},
        {"type": "discard", "seat": 2, "tile": "9m"},
        {"type": "peng", "seat": 3},
        {"type": "discard", "seat": 3, "tile": "W"},
        {"type": "draw", "seat": 0, "tile": "S"},
        {"type": "discard", "seat": 0, "tile": "4m"},
    ]:
        board.push(event)
    return board


def test_R_5_2_R_6_1_a_discard_win_takes_the_tile_from_the_river() -> None:
    """R-5.2, R-6.1: seat 3 wins on seat 0's 4m (屁胡, hard: no laizi). The river keeps the 4m,
    marked taken by seat 3; seat 3's hand holds it (10 + 1 = 11 beside its peng). R-10.3: winner
    opened 2 × hard 2 = 4; seat 0 (dealer, dealt in) 4 × 2 × 2 = 16, seat 1 (no open) 4, seat 2
    (opened) 8: seat 3 takes 28."""
    board = two_waiting()
    board.push({"type": "hu", "seat": 3, "tile": "4m"})
    assert board.discards[0][-1] == (M4, 3)
    assert len(board.seats[3].hand) == 11 and board.seats[3].hand[-1] == M4
    assert board.settlement is not None and board.settlement.deltas == [-16, -4, -8, 28]


def test_R_5_5_two_seats_may_rob_in_turn_order_after_the_gang_seat() -> None:
    """R-5.5: seat 1 pengs the 4m and adds its own fourth as a xu-gang; seats 2 and 3 can both
    rob it. The robbers are listed in play order after the gang seat, (1 + 1) mod 4 = 2 then
    (1 + 2) mod 4 = 3, then seat 1's replacement draw."""
    board = two_waiting()
    board.push({"type": "peng", "seat": 1})
    board.push({"type": "gang", "seat": 1, "kind": "xu", "tile": "4m"})
    assert board.legal_actions() == [
        {"type": "hu", "seat": 2},
        {"type": "hu", "seat": 3},
        {"type": "draw", "seat": 1},
    ]


def test_R_5_4_push_all_clears_the_passes_at_a_discard_as_push_does() -> None:
    """R-5.4 (no furiten): a ``pass`` is recorded in any phase and binds nobody. Through
    ``push_all``: seat 2 passes while dealer 0 is to act, 0 discards (the passes are cleared:
    set()), seat 2 passes on the discard ({2}), seat 1 draws (cleared again)."""
    board = wall_board(seed=4)
    tile = CODES[board.seats[0].hand[0]]
    board.push_all([{"type": "pass", "seat": 2}, {"type": "discard", "seat": 0, "tile": tile}])
    assert board.phase == CLAIM and board.passes == set()
    board.push_all([{"type": "pass", "seat": 2}])
    assert board.passes == {2}
    board.push_all([{"type": "draw", "seat": 1}])
    assert board.phase == ACT and board.turn == 1 and board.passes == set()
