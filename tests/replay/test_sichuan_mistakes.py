"""Sichuan mistakes M1–M5 (sichuan.md §11): each detector fires where the rule says, with its cost
worked out by hand from §5–§6, and stays quiet on a near-identical hand where it must not.

The hands are the worked examples of sichuan.md §9 (deals and events in
``tests/replay/test_sichuan_board.py``), finished the way their tests finish them.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from replay.findings import SEVERITIES
from replay.games.sichuan.audit import audit_validated
from replay.games.sichuan.mistakes import DETECTORS, find_mistakes
from tests.replay.test_sichuan_board import E1_DEAL, E1_EVENTS, E6_DEAL, E6_EVENTS, e2_record
from tests.sichuan_builders import E5_DEAL, E5_TO_BUGANG, pool_after, record, tsumogiri

E5_EVENTS = [*E5_TO_BUGANG, "h2"]


def found(rec: dict[str, Any], kind: str) -> list[tuple[int, int, int | None, str]]:
    """(seat, index, cost, severity) of each finding of this type."""
    mine = [m for m in find_mistakes(rec) if m["type"] == kind]
    return [(m["seat"], m["index"], m["cost"], m["severity"]) for m in mine]


def e5_finished() -> dict[str, Any]:
    tail = tsumogiri([3, 0, 1], pool_after(E5_DEAL, E5_EVENTS))
    return record(E5_DEAL, [*E5_EVENTS, *tail, "hz"], que="mpsp")


def e6_events(last_draw_of_seat_3: str | None = None) -> list[str]:
    pool = pool_after(E6_DEAL, E6_EVENTS)
    pool.sort(key=lambda t: t != "9p")
    if last_draw_of_seat_3 is not None:  # tsumogiri([2, 3, 0]): seat 3 draws pool[1], pool[4], ...
        last = max(i for i in range(len(pool)) if i % 3 == 1)
        j = pool.index(last_draw_of_seat_3)
        pool[j], pool[last] = pool[last], pool[j]
    return E6_EVENTS + tsumogiri([2, 3, 0], pool) + ["hz"]


def e6(events: list[str]) -> dict[str, Any]:
    return record(E6_DEAL, events, que="mpmm", overrides={"que_first": False})


def test_m1_gangshangpao_with_a_safe_tile() -> None:
    """M1: E2 without que_first. Seat 0's 补杠 6s, replacement 3m, discards 3m (event 15, after the
    dingque at 0): seats 1 and 3 win, though 1s was safe (seat 1 waits 3m/9p, seat 3 3m, seat 2
    is not ready). Cost: 4 (seat 1's 对对胡 × 杠上炮) + 2 (seat 3's 平胡 × 杠上炮) + 3 (the 补杠's
    income handed to seat 1 by 呼叫转移) = 9 units: medium (≥ 4)."""
    assert found(e2_record(overrides={"que_first": False}), "gangshangpao_safe") == [(0, 15, 9, "medium")]


def test_m1_not_when_no_safe_tile_was_legal() -> None:
    """E2 as written (que_first): seat 0 holds 3m of its void suit and must throw it (SC-2.2)."""
    assert found(e2_record(), "gangshangpao_safe") == []


def test_m2_robbed_bugang() -> None:
    """M2: E5. Seat 0's 补杠 4p (event 13) is robbed by seat 2: 平胡 × 抢杠胡 = 2, paid by seat 0."""
    assert found(e5_finished(), "robbed_kong") == [(0, 13, 2, "low")]


def test_m2_not_without_a_robbery() -> None:
    """E1's kongs are an 暗杠 and a 直杠: neither can be robbed (SC-3.3)."""
    assert found(record(E1_DEAL, E1_EVENTS, que="smpm"), "robbed_kong") == []


def test_m3_broke_xiajiao() -> None:
    """M3: E6 with seat 3's last draw a 4s it throws at once. Keeping 4s and throwing 9s leaves
    345s 77s 12p 456p + 8888p, waiting on 3p (下叫). Instead it pays 查大叫 4 to seat 2 and 退税
    2 + 2 + 2 for its 暗杠; as the only other eligible seats are seat 0 (花猪) and seat 2 (下叫),
    nobody would have paid it 大叫: cost 4 + 6 = 10."""
    events = e6_events("4s")
    rec = e6(events)
    at = max(i for i, e in enumerate(events) if e.startswith("x3")) + 1  # + the dingque event
    assert found(rec, "broke_ting") == [(3, at, 10, "medium")]
    res = audit_validated(rec)["computed"]
    assert res["tenpai"] == [2] and res["deltas"] == [-34, 6, 18, 10]


def test_m3_not_when_the_seat_kept_its_xiajiao() -> None:
    """The same hand with seat 3 throwing 9s instead: it ends with 下叫 (3p) and pays nothing."""
    events = e6_events("4s")
    k = max(i for i, e in enumerate(events) if e.startswith("x3"))
    events[k] = "x3 9s"
    rec = e6(events)
    assert found(rec, "broke_ting") == []
    res = audit_validated(rec)["computed"]
    assert res["tenpai"] == [2, 3]


def test_m4_missed_self_draw() -> None:
    """M4: E2 after the wins: seat 0 (6666s 123s 789s 44s 23s) draws 1s at event 18 and throws it.
    清一色 P 4 × 2^1 (the 6s kong) = 8, self-drawn: the only active payer, seat 2, owes 8 + 1 = 9.
    Seat 0 never wins later, so every chance it let go counts: 1s off seat 2 (8) and 4s (9)."""
    want = [(0, 18, 9, "medium"), (0, 21, 8, "medium"), (0, 22, 9, "medium")]
    assert found(e2_record(), "missed_win") == want


def test_m4_not_when_every_win_was_taken() -> None:
    """E1: every win offered was declared."""
    assert found(record(E1_DEAL, E1_EVENTS, que="smpm"), "missed_win") == []


def test_m5_huazhu_by_neglect() -> None:
    """M5: E6 (que_first false). Seat 0 (缺m) throws 7p at event 1 while holding 3m and ends 花猪:
    it pays 16 to each of seats 2 and 3 = 32: high (≥ 16)."""
    assert found(e6(e6_events()), "huazhu_neglect") == [(0, 1, 32, "high")]


def test_m5_not_when_the_table_forces_void_tiles_first() -> None:
    """Under que_first a seat cannot keep a void tile while it throws another: a 花猪 there was
    dealt (it drew void tiles at the end), never neglect. E6's opening discard is then 3m."""
    events = e6_events()
    events[0] = "x0 3m"
    rec = record(E6_DEAL, events, que="mpmm")
    assert found(rec, "huazhu_neglect") == []


def test_findings_have_the_shared_shape_and_cover_the_catalogue() -> None:
    """Every detector of the catalogue (M1–M5) fires on one of these hands, in the shape Wuhan's
    findings have (``replay.findings.Finding``), so the store and the pages show both alike."""
    seen = set()
    for rec in (e6(e6_events("4s")), e2_record(overrides={"que_first": False}), e5_finished()):
        for m in find_mistakes(rec):
            assert set(m) == {"type", "seat", "index", "severity", "cost", "message"}
            assert m["severity"] in SEVERITIES and m["cost"] >= 0
            assert re.search(r"M[1-5]\)$", m["message"]), m["message"]
            seen.add(m["type"])
    assert (
        seen
        == set(DETECTORS)
        == {
            "gangshangpao_safe",
            "robbed_kong",
            "broke_ting",
            "missed_win",
            "huazhu_neglect",
        }
    )


def test_the_audit_lists_the_mistakes_of_a_legal_hand_only() -> None:
    a = audit_validated(e6(e6_events()))
    assert a["status"] == "ok" and a["mistakes"][0]["type"] == "huazhu_neglect"
    bad = e6(e6_events())
    bad["events"][2]["tile"] = "1m"  # seat 0 throws a tile it does not hold
    a = audit_validated(bad)
    assert a["status"] == "illegal" and a["mistakes"] == []
    with pytest.raises(ValueError, match="illegal"):
        find_mistakes(bad)
