"""The Changchun table (replay/games/changchun/board.py): changchun.md §8's examples E1–E9 as whole
records pushed through the board and audited, each against its hand-worked deltas, winners and
next dealer; then the 宝 checked against what was visible at each moment (CC-4.4 – CC-4.8)."""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.changchun.audit import audit_validated
from replay.games.changchun.board import Board, legal_actions
from tests.changchun_builders import kind, pool, record, tsumogiri


def audited(rec: dict[str, Any]) -> dict[str, Any]:
    out = audit_validated(rec)
    assert out["status"] == "ok", (out["first_illegal"], out["errors"])
    computed: dict[str, Any] = out["computed"]
    return computed


def refused(rec: dict[str, Any]) -> dict[str, Any]:
    out = audit_validated(rec)
    assert out["status"] == "illegal", (out["status"], out["errors"], out["computed"])
    first: dict[str, Any] = out["first_illegal"]
    return first


def board_after(rec: dict[str, Any], n: int | None = None) -> Board:
    board = Board.from_record(rec)
    for e in rec["events"][:n]:
        board.push(e)
    return board


# ---------------------------------------------------------------------------------- §8 examples
E1_HANDS = [
    "9p 123s 789s 234p 678p E",
    "11223344m SSWWN",
    "123m 456s 67m 55p 99p F",
    "5m 88m 99m 11p 2p 3p CC PP",
]
E1 = ["x0 9p", "p2", "x2 F", "d3 E", "x3 5m", "h2"]


@pytest.mark.parametrize(
    ("mode", "deltas", "fan"),
    [
        ("all", [-2, -1, 5, -2], [1, 0, None, 1]),
        ("discarder_only", [0, 0, 2, -2], [None, None, None, 1]),
        ("discarder_covers", [0, 0, 5, -5], [None, None, None, 1]),
    ],
)
def test_e1_pinghu_on_a_discard_in_the_three_modes(
    mode: str, deltas: list[int], fan: list[int | None]
) -> None:
    """E1 (CC-6.1, CC-6.2): 平胡 0 fan; seat 3 dealt in (+1), seat 0 deals (+1): 2, 2, 1."""
    got = audited(record(E1_HANDS, E1, overrides={"dianpao_mode": mode}))
    assert got["deltas"] == deltas and got["win_deltas"] == deltas
    assert (got["winner"], got["discarder"], got["way"], got["hands"]) == (2, 3, "dianpao", ["pinghu"])
    assert got["fan"] == fan and got["gang_deltas"] == [0, 0, 0, 0]
    assert got["next_dealer"] == 1  # another seat won: the dealer's 下家 deals (CC-1.3)


E2_HANDS = ["111m 234p 678s EE 57m 9s", "11223344p SSWWN", "567m 56789s 99p FFF", "88m 99m 11s 22s 3s CC PP"]


def test_e2_dealer_menqing_jiahu_zimo() -> None:
    """E2: menqing, jiahu (W = {6m}), zimo and zhuang: n = 4 for all three → 16 each."""
    events = ["x0 9s", *tsumogiri([1, 2, 3], ["1p", "5p", "7p"]), "d0 6m", "h0"]
    got = audited(record(E2_HANDS, events))
    assert got["deltas"] == [48, -16, -16, -16]
    assert sorted(got["hands"]) == ["jiahu", "menqing", "zimo"] and got["way"] == "zimo"
    assert got["fan"] == [None, 4, 4, 4] and got["next_dealer"] == 0


E3_HANDS = [
    "3s 11m 22m 33p 44p 55s 7s 8s 6s",
    "234m 789s 111p 55m 46p",
    "3s 66m 77m 66p 77p 88s 9s 5s",
    "3s 11s 22s 99m 88p 99p EE",
]
E3 = [
    "x0 7s", "d1 9m", "x1 9m", "t1", *tsumogiri([2, 3, 0], ["N", "N", "N"]),
    "b1 4 3s", "d1 7m", "x1 7m", "d2 W", "x2 3s", "d3 W", "x3 3s", "d0 W", "x0 3s",
    "b1 2 8p", "d1 8p", "h1",
]  # fmt: skip


def test_e3_bao_dies_at_three_visible_and_mobao_wins() -> None:
    """E3 (S4's first example): 宝 3s by die 4 at wall[132]; three 3s discarded make it dead;
    seat 1 must roll again (die 2 → 8p at wall[134], the old 宝 back in the wall), then draws
    8p: 摸宝 read as 5p. menqing + jiahu + zimo + bao = 4: 16 from seats 2, 3; 32 from the dealer."""
    rec = record(E3_HANDS, E3)
    assert [e.get("index") for e in rec["events"] if e["type"] == "bao"] == [132, 134]
    got = audited(rec)
    assert got["deltas"] == [-32, 64, -16, -16]
    assert got["way"] == "mobao" and sorted(got["hands"]) == ["bao", "jiahu", "menqing", "zimo"]
    assert got["fan"] == [5, None, 4, 4]


def test_e3_the_bao_as_each_seat_learnt_it() -> None:
    """The board's knowledge per seat: seat 1 learnt 3s at event 10 and 8p at event 19; nobody
    else ever knew it; 3s died at its third visible copy (event 18)."""
    rec = record(E3_HANDS, E3)
    board = board_after(rec, 18)
    assert board.bao == kind("3s") and board.bao_alive() and board.bao_known(1) == kind("3s")
    assert board.bao_known(0) is None and board.visible[kind("3s")] == 2
    board.push(rec["events"][18])  # seat 0's 3s: the third visible
    assert not board.bao_alive() and "three" in (board.bao_dead or "")
    board = board_after(rec, 21)
    assert [(lk.index, lk.seat, lk.kind, lk.how) for lk in board.learnt(1)] == [
        (10, 1, kind("3s"), "bao"),
        (19, 1, kind("8p"), "bao"),
    ]
    assert all(board.learnt(s) == [] for s in (0, 2, 3))
    assert board.bao_index() == 134


def test_e3_the_dead_bao_must_be_rolled_again() -> None:
    """CC-4.7: seat 1's draw without the new roll is refused (bao_must_roll)."""
    first = refused(record(E3_HANDS, [*E3[:-3], "d1 8p"]))
    assert (first["index"], first["code"], first["rule"]) == (19, "bao_must_roll", "CC-4.7")


def test_e3_a_look_at_the_dead_bao_is_refused() -> None:
    """CC-4.7: kanbao at a dead 宝 is refused; the seat rolls."""
    first = refused(record(E3_HANDS, [*E3[:-3], "k1"]))
    assert (first["index"], first["code"]) == (19, "bao_must_roll")


def test_e3_mobao_needs_the_live_bao() -> None:
    """CC-4.6/4.7: had seat 1 drawn a 3s after the 宝 died it could not win by it (3s is not
    5p): the hu is refused as an ordinary self-draw that does not complete the hand."""
    events = [*E3[:-3], "b1 2 8p", "d1 7p", "x1 7p"]
    assert audit_validated(record(E3_HANDS, events))["first_illegal"]["code"] == "hand_not_finished"


E4_HANDS = ["111m 999p 555s EEE W 2m", "11223344s SSNNC", "567m 56789s 66p FFF", "88m 99m 22p 33p 4p CC PP"]
E4 = ["x0 2m", "t0", *tsumogiri([1, 2, 3], ["1p", "5p", "7p"]), "b0 1 W", "h0"]


def test_e4_duibao_the_maximum() -> None:
    """E4 (S4's maximum): 对宝 W; menqing 1 + piaohu 2 + zimo 1 + bao 1 + zhuang 1 = 6 → 64."""
    got = audited(record(E4_HANDS, E4))
    assert got["deltas"] == [192, -64, -64, -64]
    assert got["way"] == "duibao" and sorted(got["hands"]) == ["bao", "menqing", "piaohu", "zimo"]


E5_HANDS = [
    "777p 123m 789m 789s 1p 2p",
    "CCCC 7p 11s 22s 33s 44s",
    "ESWNE 234m 345p 56p",
    "5555m 234s 678m 99p 1m",
]
E5_HEAD = [
    "x0 1p", "d1 9m", "x1 7p", "gm0 7p", "d0 9s", "x0 9s",
    "d1 2m", "ga1 C", "d1 3m", "x1 3m",
    "d2 1s", "xf2", "d2 2s", "gb2 E", "d2 3s", "x2 3s",
    "d3 4s", "ga3 5m", "d3 5s", "x3 5s",
]  # fmt: skip


def e5_record(live: int = 51, tail: tuple[str, ...] = ("hz",)) -> dict[str, Any]:
    """Seat 0 ming-gangs seat 1's 7p; seat 1 an-gangs C (暗大蛋); seat 2 旋风杠 and 补 E in its
    first turn; seat 3 an-gangs 5m: g = 5, 74 undrawn after them; 51 live draws leave R(5) = 23."""
    draws = pool(E5_HANDS, ["9m", "9s", "2m", "3m", "1s", "2s", "3s", "4s", "5s"])
    return record(E5_HANDS, [*E5_HEAD, *tsumogiri([0, 1, 2, 3], draws[:live]), *tail])


def test_e5_huangzhuang_keeps_the_gang_money() -> None:
    """E5 (CC-1.5, CC-6.3): 荒庄; receipts: seat 2 +6, seat 3 +6, seat 0 +3, seat 1 +12."""
    rec = e5_record()
    got = audited(rec)
    assert got["winner"] is None and got["win_deltas"] == [0, 0, 0, 0]
    assert got["gang_deltas"] == got["deltas"] == [-5, 7, -1, -1]
    assert got["next_dealer"] == 0  # 荒庄: the dealer stays (CC-1.3)
    board = board_after(rec, -1)
    assert board.wallx.replacements == 5 and board.live == 23 and board.reserve() == 23


def test_e5_no_live_draw_into_the_reserve() -> None:
    """CC-1.5: at 23 undrawn tiles with g = 5 the due seat's draw is refused."""
    first = refused(e5_record(tail=("d3",)))
    assert (first["index"], first["code"], first["rule"]) == (20 + 102, "wall_reserve", "CC-1.5")


def test_e5_no_early_huangzhuang() -> None:
    """CC-1.5: one live draw before the reserve the hand is not yet a draw."""
    first = refused(e5_record(live=50))
    assert (first["index"], first["code"]) == (20 + 100, "early_huangzhuang")


E6_HANDS = [
    "9s 123m 567m 123p 567p 9p",
    "ESWN 8m 234s 567s 11p",
    "99s 22p 444m 66s 88m 7p C",
    "NN 2p 33m 66m 3p 4p 77s 8s P",
]
E6 = [
    "x0 9s", "p2", "x2 7p", "d3 F", "x3 2p", "p2", "x2 C", "d3 F", "x3 F", "d0 W", "x0 W",
    "d1 9m", "xf1", "d1 9m", "x1 9m", "d2 5p", "x2 5p", "d3 6p", "x3 6p", "d0 8p", "x0 8p",
    "d1 N", "gb1 N", "p3", "x3 P", "d0 7m", "x0 7m", "d1 1s", "x1 8m", "h2",
]  # fmt: skip


def test_e6_qiangpeng_voids_the_bu_then_piaohu() -> None:
    """E6 (CC-2.4, CC-6.3): seat 3 抢碰s seat 1's 补杠 N: the 补 never counts; seat 2 wins 飘胡
    on seat 1's 8m: 8 + 8 + 4 = 20; gang money: seat 1's 旋风杠 alone, 1 from each."""
    rec = record(E6_HANDS, E6)
    got = audited(rec)
    assert got["deltas"] == [-9, -5, 19, -5]
    assert got["win_deltas"] == [-8, -8, 20, -4] and got["gang_deltas"] == [-1, 3, -1, -1]
    assert got["hands"] == ["piaohu"] and got["fan"] == [3, 3, None, 2]
    board = board_after(rec, 24)
    assert board.robbed == [(23, 1, kind("N"), "bu")] and board.actor == 3


E7_HANDS = [
    "123s 789m 333p 46p EE",
    "123m 456s 999m 46p CC",
    "5p 44m 55m 66m 77s 88s 99s F",
    "55p 789p 12p SSS WW N",
]
E7 = [
    "x2 5p", "p3", "x3 N", "d0 P", "x0 P", "d1 P", "x1 P", "d2 P", "x2 P",
    "d3 5p", "gx3 5p", "h1", "h0",
]  # fmt: skip


def test_e7_qianghu_and_jiehu() -> None:
    """E7 (CC-2.3, CC-2.4): seats 1 and 0 both rob seat 3's xu-gang 5p; seat 0, nearer after
    seat 3, wins alone (截胡) whatever order they declared; the xu-gang is void.
    n: seat 3 (robbed) 3 → 8, seat 2 (dealer) 3 → 8, seat 1 2 → 4."""
    got = audited(record(E7_HANDS, E7, dealer=2))
    assert got["deltas"] == [20, -4, -8, -8] and got["gang_deltas"] == [0, 0, 0, 0]
    assert (got["winner"], got["discarder"], got["way"]) == (0, 3, "qianghu")
    assert got["next_dealer"] == 3


E8_HANDS = [
    "11p 22p 33p 66s 77s 88m 9m",
    "W 111m 345m 678m 99p 1s 2s",
    "8s 456p 788p 33s 55s 9m S",
    "222m 79s 123p EE 46s C",
]
E8 = [
    "x1 W", "d2 N", "x2 8s", "c3 7s 9s", "x3 C", "d0 P", "x0 P", "d1 P", "x1 P", "d2 P", "x2 P",
    "d3 2m", "ga3 2m", "d3 F", "x3 F", "d0 F", "x0 F", "d1 F", "x1 F", "d2 S", "x2 S", "d3 5s", "h3",
]  # fmt: skip


def test_e8_changchun_135() -> None:
    """E8 (changchun-135): jiahu + zimo = 2 → 5; the dealer 3 → 10; an-gang 2m: 2 from each."""
    got = audited(record(E8_HANDS, E8, dealer=1, preset="changchun-135"))
    assert got["deltas"] == [-7, -12, -7, 26]
    assert got["win_deltas"] == [-5, -10, -5, 20] and got["gang_deltas"] == [-2, -2, -2, 6]
    assert got["next_dealer"] == 2


def test_e9_a_wind_pair_is_no_ke() -> None:
    """E9: 123m 456m 234p 678s + E E has no 刻 (CC-5.4): the self-draw is refused."""
    hands = ["123m 456m 234p 678s E 9p", "11223344p SSWWN", "789m 56789s 99p FFF", "88m 99m 11s 22s 3s CC PP"]
    first = refused(record(hands, ["x0 9p", *tsumogiri([1, 2, 3], ["1p", "5p", "7p"]), "d0 E", "h0"]))
    assert (first["index"], first["code"], first["rule"]) == (8, "no_ke", "CC-5.4")


def test_legal_actions_after_e3_death() -> None:
    """Bots ask the board: with the 宝 dead, seat 1's only moves are the rolls (and leaks)."""
    board = board_after(record(E3_HANDS, E3), 19)
    kinds = {a["type"] for a in legal_actions(board)}
    assert kinds == {"bao"}
