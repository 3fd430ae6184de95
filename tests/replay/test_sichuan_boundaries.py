"""Sichuan rules at both sides of their boundaries (issue 35: where a planted one-line bug went
unseen). Whole hands dealt by hand (``tests/sichuan_builders.py``), pushed event by event; the
end of the wall is reached by setting the deal-mode wall count, as ``test_sichuan_rules.py`` does.
Every expected figure is worked out from ``../shared/rules/sichuan.md`` in the comment beside it.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from replay.games.sichuan.board import Board, IllegalEvent
from replay.tiles import KIND_OF
from tests.replay.test_sichuan_board import E1_DEAL, E1_EVENTS, E2_DEAL, play
from tests.sichuan_builders import event, record


def until(rec: dict[str, Any], n: int | None = None) -> Board:
    """The board after the first ``n`` events of ``rec`` (all of them by default)."""
    board = Board.from_record(rec)
    for e in rec["events"][:n]:
        board.push(e)
    return board


def refused(board: Board, text: str) -> tuple[str, str]:
    with pytest.raises(IllegalEvent) as err:
        board.push(event(text))
    return err.value.reason.code, err.value.reason.rule


# SC-1.6 -------------------------------------------------------------------------------------------
HAIDI_PENG = record(E2_DEAL, ["x0 5p", "d1 6s", "x1 6s", "p0"], que="mspp")


@pytest.mark.parametrize(("left", "peng_ok"), [(0, False), (1, True)])
def test_SC_1_6_only_the_discard_that_empties_the_wall_refuses_a_peng(left: int, peng_ok: bool) -> None:
    """SC-1.6: nothing but hu on the 海底 discard (the one made with 0 tiles left); with 1 tile
    left it is an ordinary discard: seat 0 (66s) pengs seat 1's 6s."""
    board = until(HAIDI_PENG, 3)
    board.live_count = left
    board.push(HAIDI_PENG["events"][3])  # seat 1 discards 6s
    if peng_ok:
        board.push(event("p0"))
        assert board.seats[0].pengs == [KIND_OF["6s"]]
    else:
        assert refused(board, "p0") == ("haidi_claim", "SC-1.6")


@pytest.mark.parametrize("left", [0, 1])
def test_SC_1_6_the_hand_ends_when_a_seat_is_due_to_draw_from_an_empty_wall(left: int) -> None:
    """SC-1.6: with 0 tiles left the next draw is refused (wall_empty) and 流局 is due; with 1
    left the draw is taken and 流局 is early."""
    board = until(record(E1_DEAL, E1_EVENTS, que="smpm"), 2)  # seat 0 discarded 9s
    board.live_count = left
    if left == 0:
        assert refused(copy.deepcopy(board), "d1 9p") == ("wall_empty", "SC-1.6")
        board.push(event("hz"))
        assert board.ended_by == "huangzhuang"
    else:
        assert refused(copy.deepcopy(board), "hz") == ("early_huangzhuang", "SC-1.6")
        board.push(event("d1 9p"))
        assert board.live_count == 0


# SC-1.7 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("left", "forced"), [(3, True), (4, False)])
def test_SC_1_7_forced_self_draw_only_below_the_limit(left: int, forced: bool) -> None:
    """SC-1.7 (forced_hu_last 4): "once fewer than 4 tiles are left" a seat that can win must.
    E1: seat 2 drew 6m and can win (清一色); with 3 left its discard is refused, with exactly 4 it
    may discard."""
    board = until(record(E1_DEAL, E1_EVENTS, que="smpm"), 27)
    board.live_count = left
    if forced:
        assert refused(board, "x2 6m") == ("forced_hu", "SC-1.7")
    else:
        board.push(event("x2 6m"))
        assert board.phase == "claim"


# SC-3.5 higher_ok ----------------------------------------------------------------------------------
# Seat 1 (缺s) holds 23p 111p 789p 55m 666m: on 1p 1111p makes a 根: 平胡 P 1 · 2^1 = M 2; on 4p
# 平胡 M 1. Seat 2 (缺p) lets go of its only p, 4p; seat 3 (缺p) of its only p, 1p.
PASS_DEAL = [
    "9s 111m 456m 789m 22m 44p",
    "23p 111p 789p 55m 666m",
    "4p 111s 222s 333s 44s 5s",
    "1p 555s 666s 777s 88s 9s",
]
PASS_START = ["x0 9s", "d1 9s", "x1 9s", "d2 7m", "x2 4p", "d3 8m", "x3 1p"]


@pytest.mark.parametrize(("pass_hu", "wins"), [("higher_ok", True), ("until_draw", False), ("free", True)])
def test_SC_3_5_higher_ok_allows_a_larger_win_than_the_one_passed(pass_hu: str, wins: bool) -> None:
    """SC-3.5: seat 1 passed 4p (M 1), then wins on seat 3's 1p (M 2). higher_ok: 2 > 1, allowed;
    seat 3 pays 2 (SC-5.2). until_draw: locked until seat 1's next draw."""
    rec = record(PASS_DEAL, [*PASS_START, "h1"], que="sspp", overrides={"pass_hu": pass_hu})
    if wins:
        board = play(rec)
        assert [(w.seat, w.multiple) for w in board.wins] == [(1, 2)]
        assert board.ledger.deltas == [0, 2, 0, -2]
    else:
        assert refused(until(rec, len(rec["events"]) - 1), "h1") == ("pass_hu_locked", "SC-3.5")


def test_SC_3_5_higher_ok_compares_with_every_win_passed_since_the_draw() -> None:
    """SC-3.5 higher_ok, "larger than every win it passed since its last draw": seat 1 let go of
    seat 2's 4p (M 1), then of seat 3's 1p (M 2, larger: not locked, so passed too). Seat 0 then
    暗杠s 1m, draws 3m and discards 4p: 杠上炮, M 1 · 2 = 2: larger than the first win passed but
    not than both: locked. (A win not larger than those passed is locked, so is never passed:
    the M passed only grow, and the last is the largest.)"""
    events = [*PASS_START, "d0 1m", "ga0 1m", "d0 3m", "x0 4p", "h1"]
    rec = record(PASS_DEAL, events, que="sspp", overrides={"pass_hu": "higher_ok"})
    assert refused(until(rec, len(rec["events"]) - 1), "h1") == ("pass_hu_locked", "SC-3.5")
    # seat 3 lets go of a drawn 5p instead of its 1p: only M 1 was passed, 2 > 1: allowed
    events = [{"d3 8m": "d3 5p", "x3 1p": "x3 5p"}.get(e, e) for e in events]
    board = play(record(PASS_DEAL, events, que="sspp", overrides={"pass_hu": "higher_ok"}))
    assert [(w.seat, w.multiple, w.ways) for w in board.wins] == [(1, 2, ("gangshangpao",))]
