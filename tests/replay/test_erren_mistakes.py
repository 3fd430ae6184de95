"""二人麻将 mistakes (erren.md §10): each detector fires where the rule says, with its cost worked
out by hand from §5–§8 (costs are the T of the win concerned, §10), and stays quiet on a
near-identical hand where it must not. The hands are §8's worked examples where one fits
(deals and events in ``tests/replay/test_erren_board.py``)."""

from __future__ import annotations

from typing import Any

from replay.findings import SEVERITIES
from replay.games.erren.audit import audit_validated
from replay.games.erren.mistakes import DETECTORS, find_mistakes
from replay.games.erren.mistakes.base import _load, severity
from tests.erren_builders import record
from tests.replay.test_erren_board import E1, E1_HANDS, E2, E2_HANDS, E6, E6_HANDS, E7, E7_HANDS, E8_HANDS


def found(rec: dict[str, Any], kind: str) -> list[tuple[int, int, int | None, str]]:
    """(seat, index, cost, severity) of each finding of this type."""
    audit = audit_validated(rec)
    assert audit["status"] == "ok", (audit["first_illegal"], audit["errors"])
    mine = [m for m in find_mistakes(rec) if m["type"] == kind]
    return [(m["seat"], m["index"], m["cost"], m["severity"]) for m in mine]


def test_the_four_types_of_section_10() -> None:
    _load()
    assert set(DETECTORS) == {"missed_win", "big_deal_in", "gang_cut_wait", "robbed_xugang"}


def test_severity_scale() -> None:
    got = [severity(t) for t in (None, 8, 23, 24, 63, 64)]
    assert got == ["low", "low", "low", "medium", "medium", "high"]
    assert set(SEVERITIES) == {"low", "medium", "high"}


# ---------------------------------------------------------------------------- missed_win 漏和
def test_missed_win_on_a_discard_e1() -> None:
    """E1, but seat 1 lets seat 0's 3s go (event 6) and draws the last 3s itself (event 7): the
    win given up is E1's, T 26 (qinglong 16 + hunyise 6 + jianke 2 + bianzhang 1 + huapai 1):
    medium. Its self-drawn win at event 8 is taken, so nothing there."""
    rec = record(E1_HANDS, [*E1[:-1], "d1 3s", "h1"])
    assert found(rec, "missed_win") == [(1, 7, 26, "medium")]


def test_missed_win_not_when_the_win_is_taken_e1() -> None:
    assert found(record(E1_HANDS, E1), "missed_win") == []


def test_missed_win_by_self_draw_e8() -> None:
    """E8: seat 0's 补花 replacement 5s completes 九莲宝灯 (T 93: jiulian 88 + shuanganke 2 + zimo 1
    + erwuba 1 + huapai 1) and it throws the 5s (event 6): high. Seat 1 then self-draws P."""
    events = ["x0 N", "d1 W", "x1 W", "d0 6h", "f0 6h", "d0 5s", "x0 5s", "d1 P", "h1"]
    assert found(record(E8_HANDS, events), "missed_win") == [(0, 6, 93, "high")]


def test_missed_win_only_above_qihu_e2() -> None:
    """E2: seat 1 passes seat 0's 2s (event 12) and self-draws 2s. Under ``erren`` the 2s win
    counts Q 7 < 8, no legal hu (ER-3.4), so nothing was missed; under ``erren-lite`` (qihu 1) it
    was a win of T 9 (hunyise 6 + yaojiuke 1 + huapai 2): missed, low."""
    events = [*E2, "d0 2s", "x0 2s", "d1 2s", "h1"]
    assert found(record(E2_HANDS, events), "missed_win") == []
    assert found(record(E2_HANDS, events, preset="erren-lite"), "missed_win") == [(1, 13, 9, "low")]


# ---------------------------------------------------------------------------- big_deal_in 放大炮
#: seat 1 chis 123s and pengs 999s, then waits 6s/9s on 456s 78s 22s; seat 0 deals in with 6s
BIG_HANDS = ["3s 9s 6s E SS NN C FF P WW", "12s 99s 456s 78s 22s E W"]


def big_events(first: str, second: str) -> list[str]:
    return ["x0 3s", "c1 1s 2s", "x1 E", f"d0 {first}", "x0 9s", "p1", "x1 W", f"d0 {second}", "x0 6s", "h1"]


def test_big_deal_in() -> None:
    """Seat 1 (chi 123s, peng 999s: two exposed melds) wins on 6s: 123 456 678 999 22 is
    qingyise 24 + lianliu 1 (123, 456) + yaojiuke 1 (999) + erwuba 1 (22) = T 27 ≥ 24. Seat 0
    holds E SS NN C FF P WW 4s 8s after the 6s: not tenpai. Medium (27 ≥ 24)."""
    rec = record(BIG_HANDS, big_events("4s", "8s"))
    assert audit_validated(rec)["computed"]["total"] == 27
    assert found(rec, "big_deal_in") == [(0, 8, 27, "medium")]


def test_big_deal_in_not_when_the_discarder_was_tenpai() -> None:
    """The same, but seat 0 drew E and C: EE SS NN CC FF P WW is a 七对 wait on P (tenpai)."""
    assert found(record(BIG_HANDS, big_events("E", "C")), "big_deal_in") == []


def test_big_deal_in_not_below_24_or_with_one_meld() -> None:
    """E1 (one exposed peng, T 26) and E2's 5s win (two melds, T 10): neither is 放大炮."""
    assert found(record(E1_HANDS, E1), "big_deal_in") == []
    assert found(record(E2_HANDS, [*E2, "d0 6s", "x0 5s", "h1"]), "big_deal_in") == []


# ---------------------------------------------------------------------------- robbed_xugang 补杠被抢
def test_robbed_xugang_e6() -> None:
    """E6: seat 0's xu-gang of 5s (event 8) is robbed: T 20 (qianggang 8 + hunyise 6 + jianke 2 +
    lianliu 1 + yaojiuke 1 + kanzhang 1 + erwuba 1): low. Not also 放大炮 (not a discard)."""
    rec = record(E6_HANDS, E6)
    assert found(rec, "robbed_xugang") == [(0, 8, 20, "low")]
    assert found(rec, "big_deal_in") == []


def test_robbed_xugang_not_on_a_discard_win() -> None:
    """E6, but seat 0 discards the 5s instead of adding it: seat 1 wins on a discard (和绝张:
    the other three 5s are in seat 0's peng), no kong was robbed."""
    rec = record(E6_HANDS, [*E6[:-2], "x0 5s", "h1"])
    assert found(rec, "robbed_xugang") == []


# ---------------------------------------------------------------------------- gang_cut_wait 杠后减听
#: seat 1 waits 2s/3s on 1113s 456s 789s EEE; seat 0 waits C/F and wins on seat 1's C
CUT_HANDS = ["SSS WWW NNN CC FF 5s", "1113s 456s 789s EEE"]


def test_gang_cut_wait() -> None:
    """Seat 1 is tenpai on 2s (11 + 13) and 3s (111 + 3 单钓); it draws the 4th 1s and an-gangs it
    (event 2): 3s 456s 789s EEE waits on 3s alone, one kind of two. No cost can be named; some
    wait is left, so low."""
    rec = record(CUT_HANDS, ["x0 5s", "d1 1s", "ga1 1s", "d1 C", "x1 C", "h0"])
    assert found(rec, "gang_cut_wait") == [(1, 2, None, "low")]
    message = next(m["message"] for m in find_mistakes(rec) if m["type"] == "gang_cut_wait")
    assert "2s 3s" in message and "a wait on 3s" in message


def test_gang_cut_wait_not_when_the_wait_is_kept() -> None:
    """The same seat an-gangs a drawn 4th E instead: still waiting on 2s and 3s."""
    rec = record(CUT_HANDS, ["x0 5s", "d1 E", "ga1 E", "d1 C", "x1 C", "h0"])
    assert found(rec, "gang_cut_wait") == []


def test_gang_cut_wait_not_when_not_tenpai_e7() -> None:
    """E7: seat 1 an-gangs C and E while not tenpai before its draws: no 杠后减听."""
    assert found(record(E7_HANDS, E7), "gang_cut_wait") == []


# ---------------------------------------------------------------------------- the audit
def test_the_audit_lists_the_mistakes_and_no_analysis_leaves_them_out() -> None:
    """E6's record as the board tests build it: seat 1 pengs the dealer's first discard N (event
    1) when NN 5s 46s 789s 22s PPP + N was a 人胡 (renhu 108 + hunyise 6 + jianke 2 + lianliu 1 +
    yaojiuke 1 + erwuba 1 = T 119, high), then robs the kong (T 20)."""
    rec = record(E6_HANDS, E6)
    got = [(m["type"], m["index"], m["cost"], m["severity"]) for m in audit_validated(rec)["mistakes"]]
    assert got == [("missed_win", 1, 119, "high"), ("robbed_xugang", 8, 20, "low")]
    quiet = audit_validated(rec, analysis=False)
    assert quiet["mistakes"] == [] and quiet["status"] == "ok"
