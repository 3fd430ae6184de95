"""§7's worked examples T1–T10 through ``replay evaluate``, and TT-4/TT-5 by their ids."""

from __future__ import annotations

from typing import Any

import pytest

from replay.games import GAMES

HANDS_T1 = [["3p", "4p"], ["5p", "6p"], ["2p", "8p"], ["9p", "9p"]]


def ev(
    hands: list[list[str]], bank: int = 2000, preset: str = "tuitongzi", **overrides: Any
) -> dict[str, Any]:
    return GAMES["tuitongzi"].evaluate(
        {
            "game": "tuitongzi",
            "ruleset": {"preset": preset, "overrides": overrides},
            "banker": 0,
            "bank": bank,
            "bets": [None, 100, 50, 200],
            "hands": hands,
            "pool_before": 10000,
        }
    )


def test_t1() -> None:
    a = ev(HANDS_T1)
    assert a["deltas"] == [-400, -101, 1100, 398]
    assert a["pool"] == {
        "before": 10000,
        "feed": 3,
        "after_feed": 10003,
        "awards": [{"seat": 2, "kind": "erba", "amount": 1000}],
        "after": 9003,
    }
    assert [c["multiplier"] for c in a["comparisons"]] == [1, 2, 2]
    assert a["check"]["holds"] and a["check"]["sum_deltas"] == 997


def test_t2_identical_and_high_tile() -> None:
    hands = [["4p", "5p"], ["4p", "5p"], ["3p", "6p"], ["F", "9p"]]
    a = ev(hands)
    assert a["deltas"] == [-150, -101, 50, 198] and a["pool"]["after"] == 10003
    assert [c["rule"] for c in a["comparisons"]] == ["TT-3.5", "TT-3.4", "TT-3.3"]
    assert ev(hands, point_tie="banker")["deltas"] == [-50, -101, -50, 198]


def test_t3_zero_against_zero() -> None:
    hands = [["3p", "7p"], ["1p", "9p"], ["4p", "6p"], ["5p", "5p"]]
    assert ev(hands)["deltas"] == [-450, 99, -50, 398]
    a = ev(hands, point_tie="high_tile_zero_banker")
    assert a["deltas"] == [-250, -101, -50, 398] and a["pool"]["after"] == 10003


def test_t4_fa_pair_award_shared_by_bets() -> None:
    hands = [["9p", "9p"], ["F", "F"], ["F", "F"], ["1p", "2p"]]
    a = ev(hands)
    assert a["deltas"] == [-50, 1632, 816, -402] and a["pool"]["after"] == 8004
    assert a["pool"]["awards"] == [
        {"seat": 1, "kind": "fa_pair", "amount": 1333},
        {"seat": 2, "kind": "fa_pair", "amount": 666},
    ]
    assert a["comparisons"][2]["multiplier"] == 2  # s3 loses at the banker's pair
    b = ev(hands, mult_from="player")
    assert b["deltas"] == [-250, 1632, 816, -202]


def test_t5_banker_fa_pair_and_award_without_win() -> None:
    hands = [["F", "F"], ["9p", "9p"], ["2p", "8p"], ["5p", "6p"]]
    assert ev(hands)["deltas"] == [1050, -301, 850, -602]
    assert ev(hands)["pool"]["after"] == 9003
    needs = ev(hands, pool_needs_win=True)
    assert needs["deltas"] == [1050, -301, -150, -602] and needs["pool"]["after"] == 10003
    top = ev(hands, erba_rank="top")
    assert top["deltas"][2] == 1100 and top["comparisons"][1]["winner"] == "player"


def test_t6_half_points() -> None:
    a = ev([["6p", "8p"], ["F", "4p"], ["2p", "2p"], ["F", "1p"]])
    assert a["deltas"] == [0, 99, 100, -202] and a["pool"]["after"] == 10003


def test_t7_cover() -> None:
    a = ev(HANDS_T1, bank=1000)
    assert not a["legal"]
    assert a["reason"]["code"] == "bet_over_cover" and a["reason"]["field"] == "bets[3]"
    assert a["reason"]["rule"] == "TT-2.2"
    assert ev(HANDS_T1, bank=1000, bank_cover=False)["legal"]


def test_t10_in_order_shortfall() -> None:
    a = ev(HANDS_T1, bank=300, bank_cover=False, bank_short="in_order")
    assert a["deltas"] == [-300, -101, 1100, 298] and a["pool"]["after"] == 9003
    assert a["shortfall"]["short"] == 100 and a["comparisons"][2]["paid"] == 300
    full = ev(HANDS_T1, bank=300, bank_cover=False)
    assert full["deltas"] == [-400, -101, 1100, 398] and full["shortfall"]["mode"] == "full"


def test_tt_4_3_in_order_later_winners_get_nothing() -> None:
    # s1 wins 100 (2p2p vs 1 point ×2 = 200), s2 wins 100, s3 wins 400; bank 150, nothing collected
    a = ev(
        [["5p", "6p"], ["2p", "2p"], ["3p", "3p"], ["9p", "9p"]],
        bank=150,
        bank_cover=False,
        bank_short="in_order",
    )
    assert [c["paid"] for c in a["comparisons"]] == [150, 0, 0]
    assert a["deltas"][:3] == [-150, 149, 0]


def test_tt_5_2_house_feed_and_tt_5_4() -> None:
    a = ev(HANDS_T1, pool_feed_from="house", pool_feed_pct=10)
    # house adds ⌊350 × 10 / 100⌋ = 35; P′ = 10035; A2 = 1003 to s2
    assert a["pool"]["feed"] == 35 and a["pool"]["awards"][0]["amount"] == 1003
    assert a["deltas"] == [-400, -100, 1103, 400]
    assert a["check"] == {
        "rule": "TT-5.4",
        "sum_deltas": 1003,
        "pool_change": 35 - 1003,
        "house_feed": 35,
        "holds": True,
    }


def test_tt_5_3_both_awards_on_p_prime() -> None:
    a = ev([["5p", "6p"], ["F", "F"], ["2p", "8p"], ["1p", "2p"]])
    # P′ 10003: A1 2000 to s1, A2 1000 to s2 (both on P′, not one after the other)
    assert a["pool"]["awards"] == [
        {"seat": 1, "kind": "fa_pair", "amount": 2000},
        {"seat": 2, "kind": "erba", "amount": 1000},
    ]
    assert a["pool"]["after"] == 7003


def test_receipts_show_every_factor() -> None:
    a = ev(HANDS_T1)
    win = next(r for r in a["receipts"] if r["kind"] == "win" and r["to"] == 2)
    assert win["factors"] == [
        {"name": "bet", "zh": "下注", "value": 50},
        {"name": "2-8 bar", "zh": "二八杠", "value": 2},
    ]
    assert win["amount"] == 100 and win["from"] == 0
    award = next(r for r in a["receipts"] if r["kind"] == "award")
    assert award["to"] == 2 and award["amount"] == 1000 and award["rule"] == "TT-5.3"
    feeds = [r for r in a["receipts"] if r["kind"] == "pool_feed"]
    assert [(r["from"], r["amount"]) for r in feeds] == [(1, 1), (3, 2)]


@pytest.mark.parametrize("bad", [{"game": "tuitongzi"}, {"game": "tuitongzi", "ruleset": {"preset": "x"}}])
def test_bad_input_names_the_field(bad: dict[str, Any]) -> None:
    assert "error" in GAMES["tuitongzi"].evaluate(bad)
