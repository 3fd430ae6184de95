"""The Changsha table (replay/games/changsha/board.py): changsha.md §8's examples E1–E12 as whole
records pushed through the board and audited, each against its hand-worked deltas, winners, birds
and next dealer; then one record per reason code that breaks exactly that rule."""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.changsha.audit import audit_validated
from replay.games.changsha.board import Board, legal_actions
from replay.games.changsha.reasons import CATALOGUE
from tests.changsha_builders import pool, record, tsumogiri


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


# ---------------------------------------------------------------------------------- §8 examples
E1_HANDS = ["1999m 111222s 6669p", "2345678m 345678s", "123456m 789s 3455p", "112233778899p 4p"]


def test_e1_small_self_draw_bird_on_the_winner() -> None:
    """E1 (CS-6.2, CS-6.3, CS-6.4): 平胡 self-draw, bird 7s on the winner: h = 1 for every pair."""
    rec = record(E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"])
    got = audited(rec)
    assert got["deltas"] == [-40, -20, 80, -20]
    assert got["winners"] == [2] and got["discarder"] is None
    assert got["hands"] == {"2": ["pinghu"]}
    assert got["birds"] == ["7s"] and got["bird_seats"] == [2]
    assert got["next_dealer"] == 2
    assert [(p["from"], p["amount"]) for p in got["payments"]] == [(3, 20), (0, 40), (1, 20)]


def test_e1_birds_derived_without_a_birds_event() -> None:
    """CS-6.4: with a wall the birds come from it when the record does not list them."""
    rec = record(E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"])
    rec["events"].pop()
    got = audited(rec)
    assert got["birds"] == ["7s"] and got["deltas"] == [-40, -20, 80, -20]


E2_HANDS = [
    "234m 678p 123s 567s 8s 9m",
    "111555m 444999s 1p",
    "222333p 4p 5p 999p 6m 7m",
    "888m 33m 55p 67p 11s 4s 7m",
]
E2_EVENTS = ["x0 9m", "d1 2s", "x1 2s", "d2 3s", "x2 3s", "d3 8s", "x3 8s", "h0", "b 4p"]


def test_e2_dealer_wins_a_small_discard() -> None:
    """E2 (CS-6.1: only the discarder pays): bird 4p on the discarder, dealer column 20 × 2."""
    got = audited(record(E2_HANDS, E2_EVENTS))
    assert got["deltas"] == [40, 0, 0, -40]
    assert got["winners"] == [0] and got["discarder"] == 3
    assert got["bird_seats"] == [3] and got["next_dealer"] == 0


E3_HANDS = ["2s 111444777m 1479p", "2255s 777s 99s 33s 1m 1p", "222555888m 258p 6s", "333666999m 369p 5s"]
E3_EVENTS = [
    "x0 2s", "p1", "x1 1m", "d2 8s", "x2 8s", "d3 4s", "x3 5s", "p1", "x1 1p",
    "d2 8s", "x2 8s", "d3 4s", "x3 4s", "d0 6s", "x0 6s", "d1 3s", "h1", "b 6m",
]  # fmt: skip


def test_e3_big_hands_add() -> None:
    """E3 (CS-4.5): 清一色 + 碰碰胡, k = 2, 9s pair allowed; bird 6m on the winner."""
    got = audited(record(E3_HANDS, E3_EVENTS))
    assert got["hands"] == {"1": ["pengpenghu", "qingyise"]} or sorted(got["hands"]["1"]) == [
        "pengpenghu",
        "qingyise",
    ]
    assert got["deltas"] == [-160, 400, -120, -120]
    assert got["next_dealer"] == 1


def test_e3_dealer_scaling_once() -> None:
    """E3 with ``dealer_scaling: once``: the dealer pays (2 × 30 + 10) × 2 = 140."""
    got = audited(record(E3_HANDS, E3_EVENTS, overrides={"dealer_scaling": "once"}))
    assert got["deltas"] == [-140, 380, -120, -120]


E4_HANDS = [
    "11m 44m 66s 99s 33p 77p 5p 9m",
    "222555888m 2s 5s 8s 6m",
    "666m 77m 2s 3s 11s 88p 5p 9p",
    "123m 456s 789p 22p 34p",
]


def test_e4_tongpao_two_winners() -> None:
    """E4 (CS-3.2 通炮, CS-1.3 b): two winners on one discard, each settled alone; the discarder deals."""
    rec = record(E4_HANDS, ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h3", "h0", "b 3m"])
    got = audited(rec)
    assert got["deltas"] == [140, 0, -160, 20]
    assert got["winners"] == [3, 0] or sorted(got["winners"]) == [0, 3]
    assert got["hands"]["0"] == ["qixiaodui"] and got["hands"]["3"] == ["pinghu"]
    assert got["bird_seats"] == [2] and got["next_dealer"] == 2


def test_e4_without_multi_hu_only_the_first_in_turn_order() -> None:
    """CS-3.2 ``multi_hu: false``: the first declaring seat after the discarder wins alone."""
    rec = record(
        E4_HANDS,
        ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h0", "h3", "b 3m"],
        overrides={"multi_hu": False},
    )
    got = audited(rec)
    assert got["winners"] == [3] and got["deltas"] == [0, 0, -20, 20] and got["next_dealer"] == 3


E5_HANDS = ["111222333444p 9m 8m", "6666m 234s 567p 22m 4m", "111555999s 888p 7m", "777666888s 8m 9m 11m"]


def test_e5_gangshang_kaihua() -> None:
    """E5 (CS-2.4, CS-3.5): 开杠 with dice [3, 5] picks wall[102] then wall[98]; 3m wins 杠上开花."""
    rec = record(E5_HANDS, ["x0 9m", "d1 5m", "ga1 6m kai 3 5", "d1 9p", "d1 3m", "h1", "b 5s"])
    assert rec["wall"][102] == "9p" and rec["wall"][98] == "3m"
    got = audited(rec)
    assert got["hands"] == {"1": ["gangshangkaihua"]}
    assert got["deltas"] == [-80, 140, -30, -30]
    assert got["bird_seats"] == [0] and got["next_dealer"] == 1


E6_HANDS = [
    "123s 444m 66m 888m 999s",
    "123456789p 22p 67p",
    "9m 111m 234m 555s 77m 6m",
    "999m 123s 456s 78s 55m",
]
E6_EVENTS = ["x0 1s", "d1 3s", "x1 3s", "d2 2s", "x2 9m", "gm3 9m kai 2 2", "d3 4s", "d3 8p", "h1 8p", "b 2m"]


def test_e6_gangshang_pao_with_qingyise() -> None:
    """E6 (CS-2.4, CS-3.5): dice [2, 2] take stack 52's top then its bottom; 8p is won 杠上炮,
    k = 2 with 清一色, paid by the ganger alone, bird 2m on the winner."""
    rec = record(E6_HANDS, E6_EVENTS)
    assert rec["wall"][104] == "4s" and rec["wall"][105] == "8p"
    got = audited(rec)
    assert sorted(got["hands"]["1"]) == ["gangshangpao", "qingyise"]
    assert got["deltas"] == [0, 240, 0, -240]
    assert got["discarder"] == 3 and got["next_dealer"] == 1


E7_HANDS = [
    "99p 22p 111s 999s 666m",
    "234m 678s 345p 88p 4s 6s",
    "9p 2s 111p 444p 777p 666p",
    "111m 789m 345s 22p 55s",
]


def e7_events() -> list[str]:
    head = ["x2 9p", "p0", "x0 1s"]
    rest = pool(E7_HANDS, ["5s"])
    assert len(rest) == 54 and "5s" not in rest and "2p" not in rest
    return [*head, *tsumogiri([1, 2, 3, 0], rest), "hd3 -", "hd0 + 5s", "h1", "h3", "b 5s"]


def test_e7_haidipao_two_winners() -> None:
    """E7 (CS-2.6, CS-6.4, CS-1.3 b): seat 3 declines, seat 0 takes 5s and cannot win; two 海底炮
    winners at 60 each; the bird is the 海底 itself; the taker deals next."""
    got = audited(record(E7_HANDS, e7_events(), dealer=2))
    assert got["deltas"] == [-120, 60, 0, 60]
    assert got["birds"] == ["5s"] and got["bird_seats"] == [2]
    assert got["next_dealer"] == 0 and got["discarder"] == 0


E8_HANDS = [
    "111222333m 444p 5p 6p",
    "7777m 333s 2m 8m 1p 4p 6p 9s",
    "111555999s 3m 6m 9m 7s",
    "222555888p 9m 1s 2s 3s",
]


def test_e8_opening_hand_end_mode() -> None:
    """E8 (CS-5.1, CS-5.2 end, CS-1.3 c): 四喜 + 六六顺, n = 2; bird wall[53] = 4s on seat 3."""
    rec = record(E8_HANDS, ["q1 sixi,liuliushun 7777m 333s", "b 4s"])
    assert rec["wall"][53] == "4s"
    got = audited(rec)
    assert got["deltas"] == [-40, 100, -20, -40]
    assert got["qishou"] == {"1": ["sixi", "liuliushun"]}
    assert got["winners"] == [1] and got["next_dealer"] == 1


E9_HANDS = [
    "34m 22s 678s 123p 789p 9s",
    "111m 99m 666m 333s 8p 4p",
    "55m 111s 444s 999p 66p",
    "777888222m 555s 5p",
]
E9_EVENTS = [
    "x0 9s", "d1 5m", "x1 5m", "p2", "x2 6p", "d3 4m", "x3 4m", "d0 7s", "x0 7s",
    "d1 6s", "x1 6s", "d2 5m", "gx2 5m bu", "h0", "b 9m",
]  # fmt: skip


def test_e9_qiangganghu() -> None:
    """E9 (CS-3.7, CS-3.9): seat 0 let 5m go (漏胡) but drew since; it robs seat 2's added 5m."""
    got = audited(record(E9_HANDS, E9_EVENTS))
    assert got["hands"] == {"0": ["qiangganghu"]}
    assert got["deltas"] == [140, 0, -140, 0]
    assert got["discarder"] == 2 and got["next_dealer"] == 0


E10_HANDS = ["666777m 555s 444p 5p", "111999m 111999s 5p 6p", "222888m 333444s 7p", "9999p 34m 22s 678s 12p"]


def test_e10_buzhang_win_is_ordinary() -> None:
    """E10 (CS-2.3, CS-3.4): 补张 takes wall[106]; 5m completes 平胡, a small self-draw."""
    rec = record(
        E10_HANDS, ["x1 6p", "d2 8p", "x2 8p", "d3 3p", "ga3 9p bu", "d3 5m", "h3", "b 2p"], dealer=1
    )
    assert rec["wall"][106] == "5m"
    got = audited(rec)
    assert got["hands"] == {"3": ["pinghu"]}
    assert got["deltas"] == [-10, -20, -20, 50]
    assert got["bird_seats"] == [2] and got["next_dealer"] == 3


E11_HANDS = [
    "111222333s 777s 1p 9m",
    "666m 888m 44m 6p 2p 1p 99p",
    "6p 3p 999m 555p 888s 77m",
    "45p 123m 456s 789s 22m",
]


def test_e11_louhu_same_tile() -> None:
    """E11 (CS-3.9): seat 3 lets seat 1's 6p go; seat 2's 6p is refused; a 3p would be legal."""
    head = ["x0 9m", "d1 5m", "x1 6p", "d2 1m"]
    first = refused(record(E11_HANDS, [*head, "x2 6p", "h3"]))
    assert (first["code"], first["rule"], first["index"]) == ("louhu", "CS-3.9", 5)
    got = audited(record(E11_HANDS, [*head, "x2 3p", "h3", "b 1m"]))
    assert got["winners"] == [3]


def test_e11_louhu_any_tile_scope() -> None:
    """CS-3.9 ``louhu_scope: any_tile``: after letting 6p go, seat 3 may not win on 3p either."""
    head = ["x0 9m", "d1 5m", "x1 6p", "d2 1m"]
    first = refused(record(E11_HANDS, [*head, "x2 3p", "h3"], overrides={"louhu_scope": "any_tile"}))
    assert first["code"] == "louhu"


def test_e11_louhu_ends_at_the_next_draw() -> None:
    """CS-3.9: seat 3's own draw lifts the lock; it wins on seat 0's later 6p."""
    events = ["x0 9m", "d1 5m", "x1 6p", "d2 1m", "x2 1m", "d3 1s", "x3 1s", "d0 6p", "x0 6p", "h3", "b 1m"]
    got = audited(record(E11_HANDS, events))
    assert got["winners"] == [3]


E12_HANDS = ["111222333m 444p 5p 6p", "444555666m 777s 1p", "111222333s 777p 8p", "888999s 789m 99p 44s"]


def test_e12_all_four_decline_the_haidi() -> None:
    """E12 (CS-2.6, CS-1.3 d): all four decline: 黄庄, nothing paid, the first seat offered deals."""
    rest = pool(E12_HANDS, [])
    haidi = rest.pop()
    events = ["x0 6p", *tsumogiri([1, 2, 3, 0], rest), "hd3 -", "hd0 -", "hd1 -", "hd2 -", "hz"]
    got = audited(record(E12_HANDS, events))
    assert got["deltas"] == [0, 0, 0, 0] and got["winners"] == []
    assert got["next_dealer"] == 3 and got["ended_by"] == "huangzhuang"
    assert haidi


# ---------------------------------------------------------------------------------- board API
def test_clone_is_independent() -> None:
    rec = record(E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"])
    board = Board.from_record(rec)
    board.push(rec["events"][0])
    copy = board.clone()
    copy.push(rec["events"][1])
    assert board.phase == "claim" and copy.phase == "act"
    assert sum(board.seats[1].hand) == 13 and sum(copy.seats[1].hand) == 14


def test_legal_actions_offer_the_win() -> None:
    rec = record(E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"])
    board = Board.from_record(rec)
    for e in rec["events"][:4]:
        board.push(e)
    actions = legal_actions(board)
    assert {"type": "hu", "seat": 2} in actions
    assert all(a["seat"] == 2 for a in actions if a["type"] != "qishou")


def test_every_reason_code_is_catalogued_with_a_cs_rule() -> None:
    assert all(rule.startswith("CS-") for rule, _ in CATALOGUE.values())


@pytest.mark.parametrize("code", ["event_after_end", "draw_mismatch", "draw_tile_missing", "fifth_copy"])
def test_engine_codes_are_in_the_catalogue(code: str) -> None:
    assert code in CATALOGUE
