"""Changsha mistakes M1–M5 (changsha.md §10): each detector fires where the rule says, with its
cost worked out by hand from §6, and stays quiet on a near-identical hand where it must not.

The hands are §8's worked examples (deals and events in ``tests/replay/test_changsha_board.py``);
where a hand must go on to its end, seats draw and throw the rest of the wall (``tsumogiri``)
and all four decline the 海底 (E12), so the hand ends in 黄庄.
"""

from __future__ import annotations

from typing import Any

from replay.findings import SEVERITIES
from replay.games.changsha.audit import audit_validated
from replay.games.changsha.mistakes import DETECTORS, find_mistakes
from tests.changsha_builders import pool, record, tsumogiri
from tests.replay.test_changsha_board import (
    E1_HANDS,
    E6_EVENTS,
    E6_HANDS,
    E7_HANDS,
    E8_HANDS,
    E9_EVENTS,
    E9_HANDS,
    E10_HANDS,
    E11_HANDS,
    e7_events,
)

DECLINE_ALL = ["hd3 -", "hd0 -", "hd1 -", "hd2 -", "hz"]


def found(rec: dict[str, Any], kind: str, seat: int | None = None) -> list[tuple[int, int, int | None, str]]:
    """(seat, index, cost, severity) of each finding of this type (of this seat)."""
    mine = [m for m in find_mistakes(rec) if m["type"] == kind and seat in (None, m["seat"])]
    return [(m["seat"], m["index"], m["cost"], m["severity"]) for m in mine]


def to_the_end(
    hands: list[str], head: list[str], kept: list[str], first: list[str], order: list[int]
) -> list[str]:
    """``head``, then every seat in ``order`` draws and throws the rest of the wall (``first``
    drawn first), the 海底 declined by all four, 黄庄."""
    rest = pool(hands, kept)
    for t in reversed(first):
        rest.remove(t)
        rest.insert(0, t)
    haidi = rest.pop()
    assert haidi
    return [*head, *tsumogiri(order, rest), *DECLINE_ALL]


# ---------------------------------------------------------------------------- M1 missed_win
def test_m1_self_draw_let_go() -> None:
    """M1: E1, but seat 2 throws the 5p that completed its 平胡 (event 4). The win forgone is E1's:
    the bird is the next front tile, 7s (seat 3's draw), on seat 2 itself: 20 × 2 from the dealer
    + 10 × 2 + 10 × 2 = 80; 8 units of 10: medium."""
    head = ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "x2 5p"]
    events = to_the_end(E1_HANDS, head, ["9s", "5p"], ["7s"], [3, 0, 1, 2])
    assert events[5] == "d3 7s"
    rec = record(E1_HANDS, events)
    assert audit_validated(rec)["status"] == "ok"
    assert (2, 4, 80, "medium") in found(rec, "missed_win", 2)


def test_m1_not_when_the_win_is_taken() -> None:
    """E1 as written: seat 2 wins on its 5p: nothing missed."""
    rec = record(E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"])
    assert found(rec, "missed_win") == []


def test_m1_not_when_the_seat_collects_as_much_later() -> None:
    """E9: seat 0 lets seat 1's 5m go (漏胡, event 2: 平胡 10 × 2 = 20 with the 9m bird), then robs
    seat 2's kong of 5m for 140: it gained more than it let go, so no M1 — only the robbed kong."""
    rec = record(E9_HANDS, E9_EVENTS)
    assert found(rec, "missed_win", 0) == []
    assert found(rec, "costly_kong") == [(2, 12, 140, "medium")]


def test_m1_notes_the_louhu_lock() -> None:
    """E11: seat 3 lets seat 1's 6p go (event 2) and never wins: M1 names the 漏胡 lock (CS-3.9).
    Its 平胡 on a non-dealer's discard: 10; the bird then (the next front tile, seat 2's draw 1m)
    hits the dealer, seat 0, in no pair: cost 10, low."""
    head = ["x0 9m", "d1 5m", "x1 6p", "d2 1m", "x2 1m"]
    events = to_the_end(E11_HANDS, head, ["5m", "1m"], ["9s"], [3, 0, 1, 2])
    rec = record(E11_HANDS, events)
    got = [m for m in find_mistakes(rec) if m["type"] == "missed_win" and m["index"] == 2]
    assert [(m["seat"], m["cost"], m["severity"]) for m in got] == [(3, 10, "low")]
    assert "漏胡" in got[0]["message"] and "CS-3.9" in got[0]["message"]


# ---------------------------------------------------------------------------- M2 haidi_not_tenpai
E7_NOT_READY = ["99p 13p 111s 999s 666m", *E7_HANDS[1:]]


def e7_like(hands: list[str], tail: list[str]) -> list[str]:
    head = ["x2 9p", "p0", "x0 1s"]
    rest = pool(hands, ["5s"])
    return [*head, *tsumogiri([1, 2, 3, 0], rest), *tail]


def test_m2_haidi_taken_while_not_tenpai() -> None:
    """M2: E7 with seat 0 holding 13p instead of 22p: after its peng and 1s it holds 13p 11s 999s
    666m, no legal win with any tile (CS-3.8). It takes the 海底 5s anyway and pays both 海底炮:
    60 + 60 = 120 (E7's amounts), 12 units: medium."""
    events = e7_like(E7_NOT_READY, ["hd3 -", "hd0 + 5s", "h1", "h3", "b 5s"])
    rec = record(E7_NOT_READY, events, dealer=2)
    assert audit_validated(rec)["computed"]["deltas"] == [-120, 60, 0, 60]
    at = events.index("hd0 + 5s")
    assert found(rec, "haidi_not_tenpai") == [(0, at, 120, "medium")]


def test_m2_not_when_tenpai() -> None:
    """E7 as written: seat 0 (22p 11s 999s 666m + 9p peng) waits on 2p/1s (碰碰胡): a fair gamble."""
    assert found(record(E7_HANDS, e7_events(), dealer=2), "haidi_not_tenpai") == []


# ---------------------------------------------------------------------------- M3 haidi_declined_win
def test_m3_declined_the_haidi_that_won() -> None:
    """M3, §10's numbers: E7's seat 3 declines the 海底 5s, which makes its 555s: 海底捞月, a big
    self-draw by all three with the dealer (seat 2) column and the bird (the 海底 5s → seat 2):
    30 + 30 + 40 × 2 = 140. It received 60 (海底炮 from seat 0) instead: cost 80, medium."""
    events = e7_events()
    at = events.index("hd3 -")
    assert found(record(E7_HANDS, events, dealer=2), "haidi_declined_win") == [(3, at, 80, "medium")]


def test_m3_not_when_taken() -> None:
    """E7 with seat 3 taking the 海底 and winning 海底捞月 (140): nothing declined."""
    events = [*e7_events()[:-5], "hd3 + 5s", "h3", "b 5s"]
    rec = record(E7_HANDS, events, dealer=2)
    assert audit_validated(rec)["computed"]["deltas"] == [-30, -30, -80, 140]
    assert found(rec, "haidi_declined_win") == []


# ---------------------------------------------------------------------------- M4 qishou_not_declared
def e8_played_on(declare: list[str], preset: str) -> dict[str, Any]:
    events = to_the_end(E8_HANDS, [*declare, "x0 6p"], [], [], [1, 2, 3, 0])
    return record(E8_HANDS, events, preset=preset)


def test_m4_opening_hand_not_declared_continue_mode() -> None:
    """M4, ``continue`` (changsha-app): seat 1 was dealt 7777m 333s: 四喜 (one quad) + 六六顺 (two
    kinds of three), n = 2, and declares nothing. Forgone: 2 small self-draws from each other seat
    at the app's units (2, dealer +1 once): seat 0 (dealer) 2 × 2 + 1 = 5, seats 2 and 3 2 × 2 = 4:
    13 (before the bird die it would have rolled), 6.5 units of 2: medium."""
    rec = e8_played_on([], "changsha-app")
    assert found(rec, "qishou_not_declared", 1) == [(1, 0, 13, "medium")]


def test_m4_end_mode_has_no_cost() -> None:
    """M4, ``end`` (changsha): declaring would have ended the hand; playing on may be sound: no cost."""
    assert found(e8_played_on([], "changsha"), "qishou_not_declared", 1) == [(1, 0, None, "low")]


def test_m4_not_when_declared() -> None:
    rec = e8_played_on(["q1 sixi,liuliushun 7777m 333s die=3"], "changsha-app")
    assert audit_validated(rec)["status"] == "ok"
    assert found(rec, "qishou_not_declared", 1) == []


# ---------------------------------------------------------------------------- M5 costly_kong
def test_m5_kaigang_tile_won_gangshangpao() -> None:
    """M5: E6, seat 3's 开杠 of 9m (event 5); seat 1 wins its 8p 杠上炮 + 清一色: 2 × 60 × 2 = 240,
    24 units: high."""
    assert found(record(E6_HANDS, E6_EVENTS), "costly_kong") == [(3, 5, 240, "high")]


def test_m5_robbed_xu_kong() -> None:
    """M5: E9, seat 2's added 5m (event 12) robbed by seat 0: 70 × 2 = 140 (see the M1 test)."""
    assert found(record(E9_HANDS, E9_EVENTS), "costly_kong") == [(2, 12, 140, "medium")]


def test_m5_not_for_a_kong_nobody_won_on() -> None:
    """E10: seat 3's 补张 an-kong cannot be robbed and wins itself; no kong cost."""
    rec = record(
        E10_HANDS, ["x1 6p", "d2 8p", "x2 8p", "d3 3p", "ga3 9p bu", "d3 5m", "h3", "b 2p"], dealer=1
    )
    assert found(rec, "costly_kong") == []


# ---------------------------------------------------------------------------- the audit
def test_audit_lists_mistakes_only_with_analysis() -> None:
    rec = record(E6_HANDS, E6_EVENTS)
    assert [m["type"] for m in audit_validated(rec)["mistakes"] if m["type"] == "costly_kong"] == [
        "costly_kong"
    ]
    assert audit_validated(rec, analysis=False)["mistakes"] == []


def test_every_type_registered_with_a_valid_severity() -> None:
    find_mistakes(record(E6_HANDS, E6_EVENTS))
    assert set(DETECTORS) == {
        "missed_win",
        "haidi_not_tenpai",
        "haidi_declined_win",
        "qishou_not_declared",
        "costly_kong",
    }
    for m in find_mistakes(record(E9_HANDS, E9_EVENTS)):
        assert m["severity"] in SEVERITIES and m["message"].endswith(")")
