"""Changchun mistakes M1–M5 (changchun.md §10): for each type a hand where it fires with a cost
worked by hand, and a near hand where it must not — one of them a mistake only with knowledge
the seat lacked (a 宝 it never looked at). Dealer 0 and preset ``changchun`` (ladder 1 2 4 8 …)
unless named."""

from __future__ import annotations

from typing import Any

from replay.games.changchun.audit import audit_validated
from replay.games.changchun.mistakes import DETECTORS, find_mistakes
from tests.changchun_builders import record
from tests.replay.test_changchun_board import E1_HANDS, E6, E6_HANDS, E7, E7_HANDS, e5_record


def found(rec: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    audit = audit_validated(rec)
    assert audit["status"] == "ok", (audit["first_illegal"], audit["errors"])
    return [m for m in audit["mistakes"] if m["type"] == kind]


def test_one_detector_per_type() -> None:
    find_mistakes(record(E1_HANDS, ["x0 9p", "p2", "x2 F", "d3 E", "x3 5m", "h2"]))
    assert set(DETECTORS) == {"robbed_gang", "broke_menqing", "dealin_unready", "missed_win", "bao_leak"}


# ------------------------------------------------------------------ M1 robbed_gang 补杠被抢
def test_m1_xu_gang_robbed_by_a_win() -> None:
    """E7: seat 3's xu-gang 5p is robbed by seat 0's 抢胡: 1 unit × 3 = 3 gang money lost, plus
    the 8 it pays as the robbed seat (n = menqing + jiahu + dianpao = 3) = 11 (medium)."""
    got = found(record(E7_HANDS, E7, dealer=2), "robbed_gang")
    assert [(m["seat"], m["index"], m["cost"], m["severity"]) for m in got] == [(3, 10, 11, "medium")]


def test_m1_severe_when_the_robber_had_declared_ting() -> None:
    """E7 with seat 0's 报听 after its P discard: the same 11, now high (a 报听 is public)."""
    events = [*E7[:5], "t0", *E7[5:]]
    got = found(record(E7_HANDS, events, dealer=2), "robbed_gang")
    assert [(m["seat"], m["cost"], m["severity"]) for m in got] == [(3, 11, "high")]


def test_m1_bu_robbed_by_a_peng() -> None:
    """E6: seat 1's 补杠 N is taken by seat 3's 抢碰: the 补's 1 unit × 3 = 3, no win money."""
    got = found(record(E6_HANDS, E6), "robbed_gang")
    assert [(m["seat"], m["index"], m["cost"], m["severity"]) for m in got] == [(1, 22, 3, "low")]


def test_m1_not_for_a_first_turn_bu_nobody_may_rob() -> None:
    """E5: seat 2's 旋风杠 and its first-turn 补 E with dealt tiles stand (CC-2.4): no M1."""
    assert found(e5_record(), "robbed_gang") == []


# ------------------------------------------------------------------ M2 broke_menqing 开门破立
M2_HANDS = [
    "3s 11m 22m 33p 44p 55s 678s",
    "E 234m 789s 111p 5m 46p",
    "45m 123p 789p 99s EEE",
    "3s 11s 22s 99m 88p 99p 6m N",
]
M2 = ["x0 3s", "d1 N", "x1 E", "gm2 E", "d2 S", "x2 S", "d3 W", "x3 6m", "h2"]


def test_m2_ming_gang_gives_up_menqing_for_nothing() -> None:
    """Seat 2, 门清 and ready on 3m/6m, ming-gangs seat 1's E and after its discard still waits
    on 3m/6m, each now worth 0 fan instead of 门清's 1. It wins 平胡 on seat 3's 6m: dealer 2 +
    seat 1 1 + seat 3 (点炮) 2 = 5; with 门清 it would have been 4 + 2 + 4 = 10: cost 5."""
    got = found(record(M2_HANDS, M2), "broke_menqing")
    assert [(m["seat"], m["index"], m["cost"], m["severity"]) for m in got] == [(2, 3, 5, "low")]


def test_m2_not_when_the_seat_was_not_ready() -> None:
    """The same ming-gang by a seat not yet ready (S instead of 9s): the claim cost no ready
    门清 hand, so no M2 (it gets ready after the replacement draw and wins the same 6m)."""
    hands = [*M2_HANDS[:2], "45m 123p 789p 9s S EEE", M2_HANDS[3]]
    events = ["x0 3s", "d1 N", "x1 E", "gm2 E", "d2 9s", "x2 S", "d3 W", "x3 6m", "h2"]
    assert found(record(hands, events), "broke_menqing") == []


# ------------------------------------------------------------------ M3 dealin_unready 不听放炮
M3 = ["x0 9p", "p2", "x2 F", "t2", "d3 E", "x3 5m", "h2"]


def test_m3_unready_discard_into_a_declared_ting() -> None:
    """E1 with seat 2's 报听: seat 3, not ready, feeds its 5m. It pays 2 (n = 1 for 点炮); as a
    non-discarder 1 (n = 0): cost 1. ``discarder_only``: the whole 2."""
    got = found(record(E1_HANDS, M3), "dealin_unready")
    assert [(m["seat"], m["index"], m["cost"], m["severity"]) for m in got] == [(3, 5, 1, "low")]
    alone = found(record(E1_HANDS, M3, overrides={"dianpao_mode": "discarder_only"}), "dealin_unready")
    assert [m["cost"] for m in alone] == [2]


def test_m3_not_when_the_winner_had_not_declared() -> None:
    """E1 as the rules give it: seat 2 never declared 报听, so seat 3 had no warning: no M3."""
    events = [e for e in M3 if e != "t2"]
    assert found(record(E1_HANDS, events), "dealin_unready") == []


# ------------------------------------------------------------------ M4 missed_win 漏胡
def test_m4_lets_the_dealers_tile_pass_and_wins_less_later() -> None:
    """E1's seat 2 lets the dealer's 5m pass (dealer 2 + 1 for 点炮 → 4, seats 1 and 3 1 each: 6)
    and later wins on seat 1's 8m for only 2 + 2 + 1 = 5: cost 6."""
    events = ["x0 9p", "p2", "x2 F", "d3 E", "x3 E", "d0 5m", "x0 5m", "d1 8m", "x1 8m", "h2"]
    got = found(record(E1_HANDS, events), "missed_win")
    assert [(m["seat"], m["index"], m["cost"], m["severity"]) for m in got] == [(2, 6, 6, "low")]


def test_m4_not_when_it_later_won_as_much() -> None:
    """The other way round: seat 2 lets seat 1's 8m (5) pass and wins the dealer's 5m (6)."""
    events = [
        "x0 9p", "p2", "x2 F", "d3 E", "x3 E", "d0 W", "x0 W", "d1 8m", "x1 8m",
        "d2 N", "x2 N", "d3 S", "x3 S", "d0 5m", "x0 5m", "h2",
    ]  # fmt: skip
    assert found(record(E1_HANDS, events), "missed_win") == []


BAO_HANDS = [
    "3s 11m 22m 33p 44p 55s 7s 8s 6s",
    "234m 789s 111p 55m 46p",
    "123m 789p 999s 66s 46m",
    "3s 11s 22s 99m 88p 99p EE",
]
BAO_HEAD = [
    "x0 7s", "d1 9m", "x1 9m", "t1", "d2 N", "x2 N", "t2", "d3 N", "x3 N", "d0 N", "x0 N",
    "b1 4 3s", "d1 W", "x1 W",
]  # fmt: skip
BAO_TAIL = ["d3 W", "x3 W", "d0 W", "x0 W", "d1 5p", "h1"]


def test_m4_mobao_let_go_after_a_look() -> None:
    """Seats 1 (W = {5p}) and 2 (W = {5m}) declared 报听; seat 1 rolled the 宝 3s. Seat 2 looks
    (看宝), draws 3s — 摸宝 read as 5m — and throws it. menqing + jiahu + zimo + bao = 4: seats 1
    and 3 pay 16, the dealer 32: 64 forgone (high); seat 1 wins later, seat 2 nothing."""
    events = [*BAO_HEAD, "k2", "d2 3s", "x2 3s", *BAO_TAIL]
    got = found(record(BAO_HANDS, events), "missed_win")
    assert [(m["seat"], m["index"], m["cost"], m["severity"]) for m in got] == [(2, 16, 64, "high")]
    assert "摸宝" not in got[0]["message"] and "宝 (bao)" in got[0]["message"]


def test_m4_not_on_a_bao_the_seat_never_looked_at() -> None:
    """The same draw without seat 2's look: the 宝 was seat 1's knowledge, not seat 2's; with the
    table's 宝 the 3s would have won, but a seat is judged on what it knew (§10): no M4."""
    events = [*BAO_HEAD, "d2 3s", "x2 3s", *BAO_TAIL]
    assert found(record(BAO_HANDS, events), "missed_win") == []


# ------------------------------------------------------------------ M5 bao_leak 泄宝
def test_m5_leak_costs_the_win_it_could_not_take() -> None:
    """Seat 2 looks, leaks (泄宝), must roll the new 宝 (C), then draws its 5m: a 门清 夹胡 自摸
    (3 fan) it may not take: dealer 16 + 8 + 8 = 32 (high)."""
    events = [*BAO_HEAD, "k2", "l2", "b2 1 C", "d2 5m", "x2 5m", *BAO_TAIL]
    got = found(record(BAO_HANDS, events), "bao_leak")
    assert [(m["seat"], m["index"], m["cost"], m["severity"]) for m in got] == [(2, 15, 32, "high")]
    assert found(record(BAO_HANDS, events), "missed_win") == []  # a leaker has no legal win


def test_m5_not_without_a_leak() -> None:
    """The look alone (and the 5m drawn and won on) leaks nothing."""
    events = [*BAO_HEAD, "k2", "d2 5m", "h2"]
    assert found(record(BAO_HANDS, events), "bao_leak") == []


def test_no_analysis_leaves_the_list_empty() -> None:
    rec = record(E1_HANDS, M3)
    assert audit_validated(rec, analysis=False)["mistakes"] == []
    assert audit_validated(rec)["mistakes"] != []
