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
from replay.games.sichuan.ledger import Ledger
from replay.tiles import KIND_OF
from tests.replay.test_sichuan_board import E1_DEAL, E1_EVENTS, E2_DEAL, play
from tests.replay.test_sichuan_evaluate import ev
from tests.replay.test_sichuan_evaluate import peng as ev_peng
from tests.replay.test_sichuan_evaluate import seat as ev_seat
from tests.replay.test_sichuan_rules import leave
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
    leave(board, left)
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
    leave(board, left)
    if left == 0:
        assert refused(copy.deepcopy(board), "d1 9p") == ("wall_empty", "SC-1.6")
        board.push(event("hz"))
        assert board.ended_by == "huangzhuang"
    else:
        assert refused(copy.deepcopy(board), "hz") == ("early_huangzhuang", "SC-1.6")
        board.push(event("d1 9p"))
        assert board.live == 0


# SC-1.7 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("left", "forced"), [(3, True), (4, False)])
def test_SC_1_7_forced_self_draw_only_below_the_limit(left: int, forced: bool) -> None:
    """SC-1.7 (forced_hu_last 4): "once fewer than 4 tiles are left" a seat that can win must.
    E1: seat 2 drew 6m and can win (清一色); with 3 left its discard is refused, with exactly 4 it
    may discard."""
    board = until(record(E1_DEAL, E1_EVENTS, que="smpm"), 27)
    leave(board, left)
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


# SC-3.5 with SC-4.5: the M of a passed 地胡 is its flat 32. Seat 2 (缺p) holds 111s 234s 55s 78s
# 999s: on the dealer's first discard 6s it is 清一色 (P 4, no 根: normal M 4), a 地胡 with
# ``tiandihu`` (SC-4.5: flat 32, since 4 is not larger). It lets the 6s go; seat 1 draws and
# discards the fourth 9s, on which seat 2 is 清一色 with a 根 (9999s as 789s + 999s): M 4 · 2 = 8.
DIHU_DEAL = [
    "6s 111m 456m 789m 22m 44p",
    "23p 111p 789p 55m 666m",
    "111s 234s 55s 78s 999s",
    "1p 333m 444m 777m 88m 9m",
]


def test_SC_3_5_SC_4_5_a_passed_dihu_counts_as_its_flat_32() -> None:
    """higher_ok: the later win's M 8 is not larger than the 32 passed: locked. Without 天胡/地胡
    the win passed was worth its normal M 4, and 8 > 4: allowed (seat 1 pays 8, SC-5.2)."""
    taken = play(record(DIHU_DEAL, ["x0 6s", "h2"], que="sspp", overrides={"tiandihu": True}))
    assert [(w.seat, w.hand, w.multiple) for w in taken.wins] == [(2, "dihu", 32)]
    events = ["x0 6s", "d1 9s", "x1 9s", "h2"]
    locked = record(DIHU_DEAL, events, que="sspp", overrides={"pass_hu": "higher_ok", "tiandihu": True})
    assert refused(until(locked, len(locked["events"]) - 1), "h2") == ("pass_hu_locked", "SC-3.5")
    board = play(record(DIHU_DEAL, events, que="sspp", overrides={"pass_hu": "higher_ok", "tiandihu": False}))
    assert [(w.seat, w.hand, w.gen, w.multiple) for w in board.wins] == [(2, "qingyise", 1, 8)]
    assert board.ledger.deltas == [0, -8, 8, 0]


# One deal for SC-4.4, SC-4.5 and SC-6.4. Seat 0 deals (缺m): 1111p (an 暗杠 to make), 2p 3p 6p 9p,
# 2s 4s 5s 6s 7s 8s. Seat 1 (缺p): 11m 234m 678m 555s 78s waits 6s / 9s, 平胡 P 1, no 根.
# Seats 2 and 3 (缺s): two suits, no pair but seat 3's 22p, no 下叫 (at most three sets each).
DEAL = [
    "1111p 2p 3p 6p 9p 2s 4s 5s 6s 7s 8s",
    "11m 234m 678m 555s 78s",
    "1m 3m 4m 5m 7m 9m 2p 3p 4p 5p 7p 8p 9p",
    "1m 2m 3m 4m 6m 7m 8m 9m 22p 4p 5p 8p",
]


def hand(events: list[str], que: str = "mpss", **overrides: Any) -> dict[str, Any]:
    return record(DEAL, events, que=que, overrides=overrides)


# SC-4.4 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("left", "ways", "multiple", "deltas"),
    [
        (1, None, 2, [-3, 9, -3, -3]),  # the draw takes the last tile: 海底捞月, M 1·2 = 2, +1 each
        (2, None, 1, [-2, 6, -2, -2]),  # one tile stays: a plain self-draw, M 1, +1 each
        (1, ["gangshanghua"], 1, [-2, 6, -2, -2]),  # 海底捞月 not in `ways`: not counted
    ],
)
def test_SC_4_4_haidilaoyue_is_the_self_draw_of_the_last_tile(
    left: int, ways: list[str] | None, multiple: int, deltas: list[int]
) -> None:
    """SC-4.4 海底捞月 (self-draw of the 海底 tile), SC-5.3 (every other seat pays M + 1). Dealer 0
    discards 2p; seat 1 draws 6s with ``left`` tiles in the wall before it (tiandihu off: no 地胡)."""
    overrides: dict[str, Any] = {"tiandihu": False}
    if ways is not None:
        overrides["ways"] = ways
    board = until(hand(["x0 2p"], **overrides))
    leave(board, left)
    board.push(event("d1 6s"))
    board.push(event("h1"))
    assert [(w.multiple, "haidilaoyue" in w.ways) for w in board.wins] == [(multiple, multiple == 2)]
    assert board.ledger.deltas == deltas


@pytest.mark.parametrize(
    ("left", "ways", "multiple"),
    [
        (0, ["haidipao"], 2),  # the discard made with the wall empty: 海底炮 ×2
        (1, ["haidipao"], 1),  # one tile left: an ordinary discard
        (0, None, 1),  # default `ways` leave 海底炮 out (§8)
    ],
)
def test_SC_4_4_haidipao_is_a_win_on_the_haidi_discard(
    left: int, ways: list[str] | None, multiple: int
) -> None:
    """SC-4.4 海底炮, SC-5.2: dealer 0 discards 6s with ``left`` tiles in the wall; seat 1 wins 平胡
    M 1, doubled by 海底炮 when it counts; the discarder pays M (tiandihu off: no 地胡)."""
    overrides: dict[str, Any] = {"tiandihu": False}
    if ways is not None:
        overrides["ways"] = ways
    board = until(hand([], **overrides))  # the 定缺
    leave(board, left)
    board.push(event("x0 6s"))
    board.push(event("h1"))
    board.finish()
    assert [(w.multiple, "haidipao" in w.ways) for w in board.wins] == [(multiple, multiple == 2)]
    assert board.ledger.deltas == [-multiple, multiple, 0, 0]


# SC-4.5 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("events", "hand_type", "deltas"),
    [
        # nothing before seat 1's first draw: 地胡, flat 32, +1 自摸加底 from each of 0, 2, 3
        (["x0 2p", "d1 6s", "h1"], "dihu", [-33, 99, -33, -33]),
        # seat 3 pengs the dealer's 2p first: 平胡 M 1, 1 + 1 from each
        (["x0 2p", "p3", "x3 8p", "d0 3p", "x0 3p", "d1 6s", "h1"], "pinghu", [-2, 6, -2, -2]),
        # the dealer's 暗杠 (0: +6, the others −2) comes first: 平胡 M 1, 1 + 1 from each
        (["ga0 1p", "d0 9s", "x0 2p", "d1 6s", "h1"], "pinghu", [4, 4, -4, -4]),
    ],
)
def test_SC_4_5_dihu_by_self_draw_only_with_no_peng_or_kong_before(
    events: list[str], hand_type: str, deltas: list[int]
) -> None:
    """SC-4.5: 地胡 by self-draw on a non-dealer's first draw, "no peng or kong (暗杠 included) by
    anyone before it". Seat 1's normal M is 1, far below 32."""
    board = play(hand(events))
    assert [w.hand for w in board.wins] == [hand_type]
    assert board.ledger.deltas == deltas


@pytest.mark.parametrize(
    ("events", "hand_type", "deltas"),
    [
        (["x0 6s", "h1"], "dihu", [-32, 32, 0, 0]),  # the dealer's first discard: 地胡 32
        # after the dealer's 暗杠 (+6 from each): 平胡 · 杠上炮 = 2, then 呼叫转移 of the 6 (SC-5.6)
        (["ga0 1p", "d0 9s", "x0 6s", "h1"], "pinghu", [6 - 2 - 6, -2 + 2 + 6, -2, -2]),
    ],
)
def test_SC_4_5_dihu_on_the_dealers_first_discard_only_with_no_kong_before(
    events: list[str], hand_type: str, deltas: list[int]
) -> None:
    """SC-4.5: 地胡 on the dealer's first discard, unless a kong came before it."""
    board = play(hand(events))
    assert [w.hand for w in board.wins] == [hand_type]
    assert board.ledger.deltas == deltas


# SC-6.4 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("zhuanyi", "deltas"),
    [
        # 呼叫转移 moved the 6 to seat 1: nothing is left to return
        ("last", [6 - 2 - 6, -2 + 2 + 6, -2, -2]),
        # no 呼叫转移: seat 0 (no 下叫) returns 2 to each payer, the winner included
        ("off", [6 - 2 - 6, -2 + 2 + 2, -2 + 2, -2 + 2]),
    ],
)
def test_SC_6_4_income_moved_by_hujiao_zhuanyi_is_not_refunded(zhuanyi: str, deltas: list[int]) -> None:
    """SC-6.4 退税 "except income transferred by SC-5.6": dealer 0 暗杠s 1p (1, 2, 3 pay 2 each),
    draws 9s and discards 6s; seat 1 wins 平胡 · 杠上炮 = 2 (tiandihu off). The wall then ends;
    seat 0 (10 tiles: 23p 6p 9p 2s 4s 5s 7s 8s 9s) has no 下叫, nor have seats 2 and 3: no 大叫."""
    board = until(hand(["ga0 1p", "d0 9s", "x0 6s", "h1"], tiandihu=False, hujiao_zhuanyi=zhuanyi))
    leave(board, 0)
    board.push(event("hz"))
    assert board.ended_by == "huangzhuang" and board.tenpai == [] and board.huazhu == []
    assert board.ledger.deltas == deltas


def test_SC_6_4_a_huazhu_returns_its_kong_income() -> None:
    """SC-6.4: "each eligible seat without 下叫 (花猪 included)". Seat 0 declares 缺s but keeps its s
    tiles (que_first off): after its 暗杠 of 1p (+2 from each) and a 2p discard it is 花猪 and pays
    each of 1, 2, 3 16 (SC-6.1). Seat 1 has 下叫 (6s/9s, D 1): seats 2, 3 pay it 1 each (SC-6.3).
    退税: seat 0 returns 2 to each payer. Seat 0: 6 − 48 − 6 = −48; seat 1: −2 + 16 + 2 + 2 = 18;
    seats 2, 3: −2 + 16 − 1 + 2 = 15."""
    rec = record(DEAL, ["ga0 1p", "d0 9s", "x0 2p"], que="spss", overrides={"que_first": False})
    board = until(rec)
    leave(board, 0)
    board.push(event("hz"))
    assert board.huazhu == [0] and board.tenpai == [1]
    assert board.ledger.deltas == [-48, 18, 15, 15]


# SC-6.3 -------------------------------------------------------------------------------------------
# Seat 1 (缺s): 23p 444p 789p 55m 666m waits 1p (123p 444p: 平胡, D 1) and 4p (234p 444p: 平胡 with
# 4444p a 根, D 1 · 2 = 2). Seats 0 (after its 5p), 2 and 3 hold two suits with no 下叫.
DAJIAO_DEAL = [
    "1m 3m 4m 6m 7m 9m 1s 2s 4s 5s 7s 8s 9s 5p",
    "23p 444p 789p 55m 666m",
    "1p 5p 7p 2s 5s 8s 3p 6p 9p 1s 4s 7s 6s",
    "2p 5p 8p 3s 6s 9s 2s 1s 5p 8p 3s 9s 6s",
]


@pytest.mark.parametrize(("chadajiao", "deltas"), [(True, [-2, 6, -2, -2]), (False, [0, 0, 0, 0])])
def test_SC_6_3_dajiao_is_the_largest_over_the_waits(chadajiao: bool, deltas: list[int]) -> None:
    """SC-6.3: D is the largest P × 2^G over seat 1's waits: max(1, 2) = 2, paid by each of 0, 2,
    3 (eligible, not 花猪, no 下叫); nothing with ``chadajiao`` off."""
    board = until(record(DAJIAO_DEAL, ["x0 5p"], que="psmm", overrides={"chadajiao": chadajiao}))
    leave(board, 0)
    board.push(event("hz"))
    assert board.huazhu == [] and board.tenpai == [1]
    assert board.ledger.deltas == deltas


# SC-5.1 / SC-5.3: the lines a player writes (``replay evaluate``) ---------------------------------
E5_WINNER = ev_seat("111m 678m 55m 678p 23p", void="s")  # 平胡 on 1p or 4p, M 1
E3_WINNER = ev_seat("11p 33p 5555p 77p 88p 9p")  # 青龙七对 on 9p: P 32, G 1 − 1 = 0, M 32


@pytest.mark.parametrize(
    ("way", "overrides", "line", "deltas"),
    [
        ({"way": "discard", "tile": "4p", "from": 0}, {}, "1", [-1, 0, 1, 0]),
        # a cap that M does not reach changes nothing in the line
        ({"way": "discard", "tile": "4p", "from": 0}, {"cap": {"fan": 3}}, "1", [-1, 0, 1, 0]),
        # 自摸加底 added after the cap (default): M 1 + 1
        ({"way": "self_draw", "tile": "4p"}, {}, "1 + 自摸加底 1 = 2", [-2, -2, 6, -2]),
        # di_in_cap with no cap reached: the same sum, written inside the cap
        ({"way": "self_draw", "tile": "4p"}, {"di_in_cap": True}, "1 + 自摸加底 1 = 2", [-2, -2, 6, -2]),
    ],
)
def test_SC_5_1_SC_5_3_the_payers_line(
    way: dict[str, Any], overrides: dict[str, Any], line: str, deltas: list[int]
) -> None:
    """SC-5.2 / SC-5.3: each payer's line is M, its cap when it bites, and 自摸加底 (+1, ``di``)."""
    out = ev([ev_seat(), ev_seat(), E5_WINNER, ev_seat()], 2, way, overrides)
    assert {r["expression"] for r in out["receipts"]} == {line}
    assert out["deltas"] == deltas


def test_SC_5_3_di_in_cap_puts_the_bonus_inside_the_cap() -> None:
    """SC-5.3 with ``di_in_cap`` and cap fan 3 (C 8): E3's 青龙七对 self-draw, M 32: 32 + 1 = 33,
    capped at 8 (not 8 + 1 = 9 as without ``di_in_cap``, E3): 0, 1, 3 pay 8."""
    win = {"way": "self_draw", "tile": "9p"}
    out = ev([ev_seat(), ev_seat(), E3_WINNER, ev_seat()], 2, win, {"cap": {"fan": 3}, "di_in_cap": True})
    assert {r["expression"] for r in out["receipts"]} == {"32 + 自摸加底 1 → 封顶 8"}
    assert out["deltas"] == [-8, -8, 24, -8]


@pytest.mark.parametrize(
    ("win", "overrides", "expression"),
    [
        ({"way": "rob", "tile": "4p", "from": 0}, {}, "平胡 1 · 抢杠胡 2 = 2"),  # E5
        ({"way": "self_draw", "tile": "4p"}, {"zimo_bonus": "fan"}, "平胡 1 · 自摸 2 = 2"),
    ],
)
def test_SC_5_1_the_winners_line_names_each_factor(
    win: dict[str, Any], overrides: dict[str, Any], expression: str
) -> None:
    """SC-5.1: M = P × 2^(G + ways) (× 2 for 自摸 under ``fan``), written factor by factor."""
    seats = [ev_seat("", [ev_peng("4p", 1)]), ev_seat(), E5_WINNER, ev_seat()]
    out = ev(seats, 2, win, overrides)
    assert out["expression"] == expression


@pytest.mark.parametrize(
    ("first", "fields"),
    [
        # SC-4.5 / SC-5.1: flat M 32, "no G, ways or fan doubling": P 32, G 0, the line 地胡 32
        ("dihu", ("dihu", 32, 0, True, 32, "地胡 32 = 32")),
        # the same win not first: 平胡 P 1, G 0, M 1
        (None, ("pinghu", 1, 0, False, 1, "平胡 1 = 1")),
    ],
)
def test_SC_4_5_SC_5_1_a_flat_win_reports_its_own_figures(first: str | None, fields: tuple[Any, ...]) -> None:
    """E9's hand (seat 1: 11m 234m 678m 555s 78s) on dealer 0's 6s, evaluated with and without
    ``first: dihu``: hand, P, G, flat, M and the winner's line as SC-5.1 writes them."""
    win = {"way": "discard", "tile": "6s", "from": 0, "first": first}
    out = ev([ev_seat(), ev_seat("11m 234m 678m 555s 78s", void="p"), ev_seat(), ev_seat()], 1, win)
    assert (out["hand"], out["points"], out["gen"], out["flat"], out["multiple"], out["expression"]) == fields


# §7, SC-5.6, SC-6.4 in the ledger itself ----------------------------------------------------------
@pytest.mark.parametrize(
    ("stack", "paid", "bankrupt"),
    [
        (20, [16, 4, 0], {1}),  # short: its 下家 2 first (16), then 3 (the 4 left), then 0 (nothing)
        (48, [16, 16, 16], {1}),  # pays all and is left at 0: "a seat at 0 is bankrupt"
        (49, [16, 16, 16], set()),  # left with 1: still in
    ],
)
def test_s7_bankruptcy_a_payer_serves_its_payees_in_turn_order_from_its_xiajia(
    stack: int, paid: list[int], bankrupt: set[int]
) -> None:
    """§7: seat 1 owes 16 to each of 0, 3 and 2 (listed in that order) and pays at most its
    balance, serving 2, 3, 0; the rest is lost."""
    ledger = Ledger(1, [30, stack, 30, 30])
    ledger.step("huazhu", [(1, 0, 16), (1, 3, 16), (1, 2, 16)])
    assert [(t.payee, t.amount, t.owed) for t in ledger.transfers] == [
        (2, paid[0], 16),
        (3, paid[1], 16),
        (0, paid[2], 16),
    ]
    assert ledger.deltas == [paid[2], -sum(paid), paid[0], paid[1]] and ledger.bankrupt == bankrupt


def two_kongs() -> Ledger:
    """Seat 0 暗杠s on its turn 1 and again on its turn 5: 1, 2, 3 pay 2 each time (SC-5.5)."""
    ledger = Ledger(1)
    ledger.kong("gang_an", 0, [1, 2, 3], 2, 1)
    ledger.kong("gang_an", 0, [1, 2, 3], 2, 5)
    return ledger


@pytest.mark.parametrize(("turn", "moved"), [(5, 6), (None, 12)])
def test_SC_5_6_hujiao_zhuanyi_moves_that_turns_income_or_all(turn: int | None, moved: int) -> None:
    """SC-5.6: a 杠上炮 on turn 5 hands seat 1 the kong income of that turn (``last``: 3 × 2 = 6) or
    all still held (``all``: 12); nothing is moved twice."""
    ledger = two_kongs()
    assert ledger.zhuanyi(0, 1, turn) is not None
    assert ledger.deltas == [12 - moved, -4 + moved, -4, -4]
    again = ledger.zhuanyi(0, 1, turn)
    assert again is None and ledger.deltas[0] == 12 - moved


def test_SC_6_4_tuishui_returns_every_kong_payment_summed_by_payer() -> None:
    """SC-6.4: each payer paid seat 0 2 + 2: 退税 returns 4 to each, one transfer per payer."""
    ledger = two_kongs()
    ledger.refund(0)
    assert [(t.kind, t.payee, t.amount) for t in ledger.transfers[-3:]] == [
        ("tuishui", 1, 4),
        ("tuishui", 2, 4),
        ("tuishui", 3, 4),
    ]
    assert ledger.deltas == [0, 0, 0, 0]
