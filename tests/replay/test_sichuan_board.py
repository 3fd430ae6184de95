"""The Sichuan replayer: whole-hand E-examples and every SC rule by id."""

from __future__ import annotations

from typing import Any

from replay.games.sichuan.board import Board, IllegalEvent
from replay.tiles import KIND_OF
from tests.sichuan_builders import E5_DEAL, E5_TO_BUGANG, pool_after, record, tsumogiri


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
    "x0 9s",
    "d1 9p",
    "ga1 7s",
    "d1 1s",
    "x1 1s",
    "d2 3s",
    "x2 3s",
    "d3 9s",
    "x3 5p",
    "gm1",
    "d1 6p",
    "x1 6p",
    "d2 1p",
    "x2 1p",
    "d3 7p",
    "x3 7p",
    "d0 3p",
    "x0 5s",
    "d1 9p",
    "h1",
    "d2 2s",
    "x2 2s",
    "d3 1s",
    "x3 4p",
    "h0",
    "d2 6m",
    "h2",
]


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
    "x0 5p",
    "d1 6s",
    "x1 6s",
    "p0",
    "x0 7p",
    "d1 1p",
    "x1 1p",
    "d2 2p",
    "x2 2p",
    "d3 3p",
    "x3 3p",
    "d0 6s",
    "gx0 6s",
    "d0 3m",
    "x0 3m",
    "h1",
    "h3",
]


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


E6_DEAL = [
    "3m 1s 2s 5s 8s 9s 1p 2p 5p 6p 9p 3p 4p 7p",
    "123m 456m 789m 11s 23s",
    "22s 44s 66s 11p 33p 77p 9p",
    "888p 3s 5s 77s 9s 1p 2p 4p 5p 6p",
]
E6_EVENTS = [
    "x0 7p",
    "d1 9s",
    "x1 9s",
    "d2 5m",
    "x2 5m",
    "d3 8p",
    "ga3 8p",
    "d3 1m",
    "x3 1m",
    "d0 6m",
    "x0 6m",
    "d1 4s",
    "h1",
]


def test_e6_huazhu_dajiao_tuishui() -> None:
    """E6 / SC-6.1 查花猪, SC-6.2 下叫, SC-6.3 查大叫, SC-6.4 退税 (the winner gets its refund too)."""
    pool = pool_after(E6_DEAL, E6_EVENTS)
    pool.sort(key=lambda t: t != "9p")
    rec = record(
        E6_DEAL, E6_EVENTS + tsumogiri([2, 3, 0], pool) + ["hz"], que="mpmm", overrides={"que_first": False}
    )
    res = play(rec).result()
    assert res["huazhu"] == [0] and res["tenpai"] == [2]
    assert res["deltas"] == [-34, 6, 18, 10]
    tail = [(t["kind"], t["from"], t["to"], t["amount"]) for t in res["transfers"]][-6:]
    assert tail == [
        ("huazhu", 0, 2, 16),
        ("huazhu", 0, 3, 16),
        ("dajiao", 3, 2, 4),
        ("tuishui", 3, 0, 2),
        ("tuishui", 3, 1, 2),
        ("tuishui", 3, 2, 2),
    ]


def test_sc_2_2_que_first_makes_e6s_discard_illegal() -> None:
    """SC-2.2 que_first: seat 0 holds 3m (void m) and may not discard 7p first."""
    assert illegal(record(E6_DEAL, E6_EVENTS, que="mpmm")) == (1, "que_first", "SC-2.2")


E7_DEAL = [
    "234m 678m 34p 777p 99p 1s",
    "11s 44s 77s 11p 44p 8p 2s 6s",
    "22s 55s 88s 66p 3p 9s 3s 5p 8p",
    "1s 4s 7s 3s 6s 9s 1p 3p 6p 8p 8p 5p 2s",
]
E7_EVENTS = [
    "x0 1s",
    "d1 1m",
    "x1 1m",
    "d2 9p",
    "x2 5p",
    "h0",
    "d1 2m",
    "x1 2m",
    "d2 3m",
    "x2 3m",
    "d3 4m",
    "x3 4m",
    "d0 7p",
    "ga0 7p",
    "d0 2p",
    "h0",
]


def e7_events() -> list[str]:
    pool = pool_after(E7_DEAL, E7_EVENTS)
    pool.sort(key=lambda t: t not in ("2p", "5p"))
    return E7_EVENTS + tsumogiri([1, 2, 3, 0], pool) + ["hz"]


def test_e7_xueliu_winner_stays_and_kongs_keeping_its_waits() -> None:
    """E7 / SC-3.7: the winner stays, 暗杠 keeping its waits, 杠上花 again; in xueliu all three pay."""
    board = play(record(E7_DEAL, e7_events(), que="smmm", preset="xueliu"))
    res = board.result()
    assert [(w["seat"], w["from"], w["hand"], w["gen"], w["ways"], w["multiple"]) for w in res["wins"]] == [
        (0, 2, "pinghu", 0, [], 1),
        (0, None, "pinghu", 1, ["gangshanghua"], 4),
    ]
    assert res["deltas"] == [22, -7, -8, -7]
    assert board.seats[0].set_aside == [KIND_OF["5p"], KIND_OF["2p"]]  # won off seat 2, then self-drawn


def test_sc_3_7_xueliu_kong_that_changes_waits_is_illegal() -> None:
    """E7's note: locked 123p 456p 789p 555m 6m waits 4m/6m/7m; an 暗杠 of a drawn 5m is illegal."""
    deal = [
        "123p 456p 789p 555m 6m 1s",
        "11s 44s 77s 22p 44p 9s 2s 6s",
        "22s 55s 88s 66p 3p 9s 3s 6m 8p",
        "1s 4s 7s 3s 6s 9s 1p 3p 6p 8p 8p 5p 2s",
    ]
    events = [
        "x0 1s",
        "d1 1m",
        "x1 1m",
        "d2 9p",
        "x2 6m",
        "h0",
        "d1 2m",
        "x1 2m",
        "d2 3m",
        "x2 3m",
        "d3 4m",
        "x3 4m",
        "d0 5m",
        "ga0 5m",
    ]
    assert illegal(record(deal, events, que="smmm", preset="xueliu")) == (14, "xueliu_locked", "SC-3.7")
    events[-1] = "x0 5m"
    board = play(record(deal, events, que="smmm", preset="xueliu"))
    assert not board.ended
    events[-1] = "x0 6m"  # 不能还张: only the drawn tile may go
    assert illegal(record(deal, events, que="smmm", preset="xueliu")) == (14, "xueliu_locked", "SC-3.7")


def test_e5_rob_a_bugang_whole_hand() -> None:
    """E5 / SC-3.3: seat 2 robs seat 0's 补杠 4p: 平胡 × 抢杠胡 = 2; no kong payment; seat 3 moves next."""
    deal = E5_DEAL
    events = [*E5_TO_BUGANG, "h2"]
    board = play(record(deal, events, que="mpsp"))
    res = board.result()
    assert [(w["seat"], w["from"], w["ways"], w["multiple"]) for w in res["wins"]] == [
        (2, 0, ["qiangganghu"], 2)
    ]
    assert res["deltas"] == [-2, 0, 2, 0]
    assert [t["kind"] for t in res["transfers"]] == ["hu"]
    assert board.seats[0].pengs == [KIND_OF["4p"]] and board.seats[0].kongs == []
    assert board.actor == 3
