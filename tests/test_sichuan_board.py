"""The Sichuan replayer: whole-hand E-examples and every SC rule by id."""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.sichuan.board import Board, IllegalEvent
from tests.sichuan_builders import pool_after, record, tsumogiri


def play(rec: dict[str, Any]) -> Board:
    board = Board.from_record(rec)
    for e in rec["events"]:
        board.push(e)
    board.finish()
    return board


def illegal(rec: dict[str, Any]) -> tuple[int, str, str]:
    """(event index, code, rule) of the first illegal event."""
    board = Board.from_record(rec)
    for i, e in enumerate(rec["events"]):
        try:
            board.push(e)
        except IllegalEvent as err:
            return i, err.reason.code, err.reason.rule
    raise AssertionError("every event was legal")


E1_DEAL = [
    "123m 456m 678m 2p 11p 9s 5s",
    "7777s 555p 234s 88s 9p",
    "11m 234m 567m 999m 78m",
    "45p 11s 33s 66s 88p 22p 9s",
]
E1_EVENTS = [
    "x0 9s", "d1 9p", "ga1 7s", "d1 1s", "x1 1s", "d2 3s", "x2 3s", "d3 9s", "x3 5p", "gm1", "d1 6p",
    "x1 6p", "d2 1p", "x2 1p", "d3 7p", "x3 7p", "d0 3p", "x0 5s", "d1 9p", "h1", "d2 2s", "x2 2s",
    "d3 1s", "x3 4p", "h0", "d2 6m", "h2",
]  # fmt: skip


def test_e1_xuezhan_three_winners() -> None:
    """E1 / SC-3.6, SC-3.9, SC-5.3, SC-5.5: kongs paid at once, winners leave, the third win ends it."""
    board = play(record(E1_DEAL, E1_EVENTS, que="smpm"))
    assert board.ended and board.ended_by == "wins"
    res = board.result()
    assert res["deltas"] == [-6, 23, -2, -15]
    assert [(w["seat"], w["from"], w["hand"], w["gen"], w["multiple"]) for w in res["wins"]] == [
        (1, None, "pinghu", 2, 4),
        (0, 3, "pinghu", 0, 1),
        (2, None, "qingyise", 0, 4),
    ]
    assert res["next_dealer"] == 1 and res["huazhu"] == [] and res["tenpai"] == []
    kinds = [(t["kind"], t["from"], t["to"], t["amount"]) for t in res["transfers"]]
    assert kinds[:4] == [
        ("gang_an", 2, 1, 2),
        ("gang_an", 3, 1, 2),
        ("gang_an", 0, 1, 2),
        ("gang_ming", 3, 1, 2),
    ]
    assert kinds[-1] == ("hu", 3, 2, 5)


E2_DEAL = [
    "66s 123s 789s 44s 23s 5p 7p",
    "222p 444p 777m 99p 33m",
    "1234568m 9m 1s 34s 7s 9s",
    "12m 456m 789m 555s 88s",
]
E2_EVENTS = [
    "x0 5p", "d1 6s", "x1 6s", "p0", "x0 7p", "d1 1p", "x1 1p", "d2 2p", "x2 2p", "d3 3p", "x3 3p",
    "d0 6s", "gx0 6s", "d0 3m", "x0 3m", "h1", "h3",
]  # fmt: skip


def e2_record(**kw: Any) -> dict[str, Any]:
    pool = pool_after(E2_DEAL, E2_EVENTS)
    pool.sort(key=lambda t: t not in ("1s", "4s"))  # the waits early: no forced win at the end
    return record(E2_DEAL, E2_EVENTS + tsumogiri([0, 2], pool) + ["hz"], que="mspp", **kw)


def test_e2_gangshangpao_multiple_win_zhuanyi_dajiao() -> None:
    """E2 / SC-3.2 一炮多响, SC-3.4, SC-4.4 杠上炮, SC-5.6 呼叫转移, SC-6.3 查大叫."""
    board = play(e2_record())
    res = board.result()
    assert board.ended_by == "huangzhuang"
    assert [(w["seat"], w["hand"], w["ways"], w["multiple"]) for w in res["wins"]] == [
        (1, "duiduihu", ["gangshangpao"], 4),
        (3, "pinghu", ["gangshangpao"], 2),
    ]
    assert res["tenpai"] == [0] and res["huazhu"] == []
    assert ("zhuanyi", 0, 1, 3) in [(t["kind"], t["from"], t["to"], t["amount"]) for t in res["transfers"]]
    assert ("dajiao", 2, 0, 8) in [(t["kind"], t["from"], t["to"], t["amount"]) for t in res["transfers"]]
    assert res["deltas"] == [2, 6, -9, 1]
    assert res["next_dealer"] == 0  # SC-1.3: a multiple first win: the discarder deals


def test_sc_5_6_hujiao_zhuanyi_off() -> None:
    res = play(e2_record(overrides={"hujiao_zhuanyi": "off"})).result()
    assert res["deltas"] == [5, 3, -9, 1]
