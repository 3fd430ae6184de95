"""TT-4 and TT-5 read back whole: every comparison, receipt, factor and line a player is shown.

The examples (test_tuitongzi_examples.py) hold the deltas and the pool of §7's T1–T10; these tests
hold what ``replay evaluate`` explains them with (issue 35: a receipt naming the wrong side, rule
or factor passed every test before). Figures are worked from the rule text in each comment.
"""

from __future__ import annotations

from typing import Any

import pytest

from replay.games import GAMES
from replay.games.tuitongzi.params import make_rules
from replay.games.tuitongzi.ranking import Hand
from replay.games.tuitongzi.settle import deal_order, settle

HANDS_T1 = [["3p", "4p"], ["5p", "6p"], ["2p", "8p"], ["9p", "9p"]]


def ev(
    hands: list[list[str]],
    bank: int = 2000,
    bets: list[int | None] | None = None,
    banker: int = 0,
    **overrides: Any,
) -> dict[str, Any]:
    return GAMES["tuitongzi"].evaluate(
        {
            "game": "tuitongzi",
            "ruleset": {"preset": "tuitongzi", "overrides": overrides},
            "banker": banker,
            "bank": bank,
            "bets": [None, 100, 50, 200] if bets is None else bets,
            "hands": hands,
            "pool_before": 10000,
        }
    )


def receipt(
    kind: str,
    zh: str,
    rule: str,
    payer: int | str,
    payee: int | str,
    amount: int,
    *factors: Any,
    note: str = "",
) -> dict[str, Any]:
    """A receipt as ``replay evaluate`` gives it; ``factors`` as (name, zh, value) triples."""
    line = " × ".join(f"{z} {n} {v}" for n, z, v in factors)
    return {
        "kind": kind,
        "zh": zh,
        "rule": rule,
        "from": payer,
        "to": payee,
        "amount": amount,
        "factors": [{"name": n, "zh": z, "value": v} for n, z, v in factors],
        "text": f"{line} = {amount}" + (f" ({note})" if note else ""),
    }


def comparison(
    seat: int, winner: str, rule: str, why: str, m: int, m_from: str, owed: int, paid: int
) -> dict[str, Any]:
    return {
        "seat": seat,
        "winner": winner,
        "rule": rule,
        "why": why,
        "multiplier": m,
        "multiplier_from": m_from,
        "owed": owed,
        "paid": paid,
    }


AWARD_NOTE = "rounded down; the remainder stays in the pool"


def test_t1_tt_4_2_tt_5_2_tt_5_3_every_line() -> None:
    """T1: banker 3p4p = 6 + 8 = 14 half-points = 7. s1 5p6p = 22 mod 20 = 2 = 1 point loses at
    ×1 (the banker's points hand sets m): 100 × 1 = 100 to the banker. s2 二八杠 beats points, ×2:
    50 × 2 = 100 from the banker. s3 9p9p (对子) beats points, ×2: 200 × 2 = 400. Feed 1 %:
    ⌊100/100⌋ = 1, ⌊50/100⌋ = 0 (no receipt), ⌊200/100⌋ = 2; P′ = 10003; A2 = ⌊10003 × 10/100⌋
    = 1000, s2 the only 二八杠: 1000 × 50/50. Deltas −400, −101, +1100, +398."""
    a = ev(HANDS_T1)
    assert a["legal"] is True and a["reason"] is None and a["banker"] == 0
    assert a["hands"][0] == {
        "seat": 0,
        "tiles": ["3p", "4p"],
        "class": "points",
        "class_zh": "点数",
        "points": 7,
        "label": "7 点 (7 points)",
    }
    assert [hand["seat"] for hand in a["hands"]] == [0, 1, 2, 3]
    assert a["comparisons"] == [
        comparison(1, "banker", "TT-3.3", "1 points against 7: higher points win", 1, "points", 100, 100),
        comparison(2, "player", "TT-3.2", "二八杠 ranks above 点数: the player wins", 2, "erba", 100, 100),
        comparison(3, "player", "TT-3.2", "对子 ranks above 点数: the player wins", 2, "pair", 400, 400),
    ]
    assert a["shortfall"] is None
    assert a["receipts"] == [
        receipt("loss", "庄家赢", "TT-4.2 (TT-3.3)", 1, 0, 100, ("bet", "下注", 100), ("points", "点数", 1)),
        receipt("win", "闲家赢", "TT-4.2 (TT-3.2)", 0, 2, 100, ("bet", "下注", 50), ("2-8 bar", "二八杠", 2)),
        receipt("win", "闲家赢", "TT-4.2 (TT-3.2)", 0, 3, 400, ("bet", "下注", 200), ("pair", "对子", 2)),
        receipt(
            "pool_feed",
            "抽水入池",
            "TT-5.2",
            1,
            "pool",
            1,
            ("bet", "下注", 100),
            ("feed %", "抽水比例", "1%"),
            note="rounded down",
        ),
        receipt(
            "pool_feed",
            "抽水入池",
            "TT-5.2",
            3,
            "pool",
            2,
            ("bet", "下注", 200),
            ("feed %", "抽水比例", "1%"),
            note="rounded down",
        ),
        receipt(
            "award",
            "奖池 二八杠",
            "TT-5.3",
            "pool",
            2,
            1000,
            ("pool P′", "奖池", 10003),
            ("award %", "奖励比例", "10% → 1000"),
            ("share of bets", "按下注比例", "50/50"),
            note=AWARD_NOTE,
        ),
    ]
    # the §8 result the audit compares: winners and m per seat, null at the banker
    assert a["result"] == {
        "winners": [None, False, True, True],
        "multipliers": [None, 1, 2, 2],
        "awards": [{"seat": 2, "kind": "erba", "amount": 1000}],
        "deltas": [-400, -101, 1100, 398],
        "pool_after": 9003,
    }
    assert a["check"] == {
        "rule": "TT-5.4",
        "sum_deltas": 997,
        "pool_change": -997,
        "house_feed": 0,
        "holds": True,
    }


def test_t10_tt_4_3_in_order_shortfall_line_by_line() -> None:
    """T10: bank 300, no cover, in_order. The banker owes 100 + 400 = 500 and collects s1's 100:
    500 − 100 = 400 > 300, short 100. It pays s2 its 100 (300 + 100 − 100 = 300 left), then s3
    the 300 left of its 400: a third factor 300/400 and the note of 100 unpaid."""
    a = ev(HANDS_T1, bank=300, bank_cover=False, bank_short="in_order")
    assert a["shortfall"] == {
        "rule": "TT-4.3",
        "mode": "in_order",
        "bank": 300,
        "collected": 100,
        "owed": 500,
        "short": 100,
    }
    assert [(c["owed"], c["paid"]) for c in a["comparisons"]] == [(100, 100), (100, 100), (400, 300)]
    assert a["receipts"][1] == receipt(
        "win", "闲家赢", "TT-4.2 (TT-3.2)", 0, 2, 100, ("bet", "下注", 50), ("2-8 bar", "二八杠", 2)
    )
    assert a["receipts"][2] == receipt(
        "win",
        "闲家赢",
        "TT-4.2 (TT-3.2)",
        0,
        3,
        300,
        ("bet", "下注", 200),
        ("pair", "对子", 2),
        ("paid of owed", "庄家不足 实付", "300/400"),
        note="the bank fell short (庄家不足, TT-4.3 in_order): 100 unpaid",
    )
    assert a["deltas"] == [-300, -101, 1100, 298]
    # `full` (the default): the same shortfall is reported, every winner paid in full
    full = ev(HANDS_T1, bank=300, bank_cover=False)
    assert full["shortfall"] == {**a["shortfall"], "mode": "full"}
    assert [c["paid"] for c in full["comparisons"]] == [100, 100, 400]


@pytest.mark.parametrize(
    ("bank", "shortfall", "paid_s3"),
    [
        # TT-4.3 applies "when the banker's net loss exceeds its bank": T1's net loss is
        # 500 − 100 = 400. Bank 400: not exceeded, s3 paid its 400. Bank 399: short by 1, and the
        # 399 + 100 collected pay s2 its 100, then s3 the 399 left.
        (400, None, 400),
        (
            399,
            {"rule": "TT-4.3", "mode": "in_order", "bank": 399, "collected": 100, "owed": 500, "short": 1},
            399,
        ),
    ],
)
def test_tt_4_3_shortfall_only_when_the_net_loss_exceeds_the_bank(
    bank: int, shortfall: dict[str, Any] | None, paid_s3: int
) -> None:
    a = ev(HANDS_T1, bank=bank, bank_cover=False, bank_short="in_order")
    assert a["shortfall"] == shortfall
    assert [c["paid"] for c in a["comparisons"]] == [100, 100, paid_s3]
    assert a["deltas"] == [100 - 100 - paid_s3, -101, 1100, paid_s3 - 2]


def test_tt_4_3_in_order_pays_from_the_bankers_next_seat() -> None:
    """Banker seat 2 (5p6p, 1 point), bank 250, no cover, in_order; deal order 3, 0, 1 (TT-1.2).
    s3 9p9p bets 100: wins ×2 = 200; s0 2p2p bets 100: wins ×2 = 200; s1 1p9p (0, 鳖十) bets 50:
    loses at the banker's ×1 = 50. Owed 400, collected 50: 350 > 250. 250 + 50 = 300 pays s3
    its 200 first, then s0 the 100 left of 200. Feed 1 %: s3 1, s0 1, s1 0. Deltas s0 +99,
    s1 −50, s2 50 − 200 − 100 = −250, s3 +199; P′ = 10002, no award."""
    hands = [["2p", "2p"], ["1p", "9p"], ["5p", "6p"], ["9p", "9p"]]
    a = ev(hands, bank=250, bets=[100, 50, None, 100], banker=2, bank_cover=False, bank_short="in_order")
    assert deal_order(2, 4) == [3, 0, 1]
    # comparisons are listed by seat; the receipts below are in deal order
    assert [(c["seat"], c["owed"], c["paid"]) for c in a["comparisons"]] == [
        (0, 200, 100),
        (1, 50, 50),
        (3, 200, 200),
    ]
    assert a["deltas"] == [99, -50, -250, 199]
    assert a["result"]["winners"] == [True, False, None, True]
    assert a["result"]["multipliers"] == [2, 1, None, 2]
    assert [(r["from"], r["to"], r["amount"]) for r in a["receipts"]] == [
        (2, 3, 200),
        (2, 0, 100),
        (1, 2, 50),
        (3, "pool", 1),
        (0, "pool", 1),
    ]
    assert a["pool"] == {"before": 10000, "feed": 2, "after_feed": 10002, "awards": [], "after": 10002}
    assert a["check"]["holds"] and a["check"]["sum_deltas"] == -2


def test_tt_5_2_house_feed_receipt() -> None:
    """`house` at 10 %: no seat pays; the house adds ⌊(100 + 50 + 200) × 10 / 100⌋ = 35, P′ =
    10035, A2 = ⌊10035 × 10 / 100⌋ = 1003 to s2."""
    a = ev(HANDS_T1, pool_feed_from="house", pool_feed_pct=10)
    assert a["receipts"][3:] == [
        receipt(
            "pool_feed",
            "庄房入池",
            "TT-5.2",
            "house",
            "pool",
            35,
            ("all bets", "总下注", 350),
            ("feed %", "抽水比例", "10%"),
            note="rounded down",
        ),
        receipt(
            "award",
            "奖池 二八杠",
            "TT-5.3",
            "pool",
            2,
            1003,
            ("pool P′", "奖池", 10035),
            ("award %", "奖励比例", "10% → 1003"),
            ("share of bets", "按下注比例", "50/50"),
            note=AWARD_NOTE,
        ),
    ]
    # rounded down: at 1 % the house adds ⌊350 × 1 / 100⌋ = 3, not 3.5; P′ = 10003
    one = ev(HANDS_T1, pool_feed_from="house", pool_feed_pct=1)
    assert one["pool"]["feed"] == 3 and type(one["pool"]["feed"]) is int
    assert one["receipts"][3]["text"] == "总下注 all bets 350 × 抽水比例 feed % 1% = 3 (rounded down)"
    assert one["pool"]["after_feed"] == 10003 and one["check"]["house_feed"] == 3
    # a feed of 0 (⌊350 × 0 / 100⌋) writes no receipt, from the house or from the players
    for source in ("house", "players"):
        b = ev(HANDS_T1, pool_feed_from=source, pool_feed_pct=0)
        assert [r["kind"] for r in b["receipts"]] == ["loss", "win", "win", "award"]
        assert b["pool"]["feed"] == 0 and b["pool"]["after_feed"] == 10000
        assert b["check"]["house_feed"] == 0


def test_t4_tt_5_3_shares_by_bet_and_mult_from_player() -> None:
    """T4 with `mult_from: player`: s1, s2 FF beat 9p9p at their own ×3 (300, 150); s3 1p2p
    loses at its own points ×1 (200, not T4's 400). A1 = ⌊10003 × 20/100⌋ = 2000 shared by
    bets 100 : 50: ⌊2000 × 100/150⌋ = 1333, ⌊2000 × 50/150⌋ = 666."""
    a = ev([["9p", "9p"], ["F", "F"], ["F", "F"], ["1p", "2p"]], mult_from="player")
    assert a["comparisons"] == [
        comparison(1, "player", "TT-3.2", "对发财 ranks above 对子: the player wins", 3, "fa_pair", 300, 300),
        comparison(2, "player", "TT-3.2", "对发财 ranks above 对子: the player wins", 3, "fa_pair", 150, 150),
        comparison(3, "banker", "TT-3.2", "对子 ranks above 点数: the banker wins", 1, "points", 200, 200),
    ]
    assert a["receipts"][0]["factors"][1] == {"name": "pair of half tiles", "zh": "对发财", "value": 3}
    assert a["receipts"][5:] == [
        receipt(
            "award",
            "奖池 对发财",
            "TT-5.3",
            "pool",
            seat,
            amount,
            ("pool P′", "奖池", 10003),
            ("award %", "奖励比例", "20% → 2000"),
            ("share of bets", "按下注比例", share),
            note=AWARD_NOTE,
        )
        for seat, amount, share in ((1, 1333, "100/150"), (2, 666, "50/150"))
    ]
    assert a["pool"]["after"] == 10003 - 1333 - 666
    # `pool_needs_win`: both FF holders beat the banker, so the same awards are paid
    assert (
        ev([["9p", "9p"], ["F", "F"], ["F", "F"], ["1p", "2p"]], pool_needs_win=True)["pool"]["awards"]
        == (a["pool"]["awards"])
    )


def test_tt_5_3_an_award_of_zero_percent_pays_nothing() -> None:
    """`pool_erba_pct: 0` (as `tuitongzi-table`): s2 holds 二八杠 in T1 and gets no award, no
    entry of 0; P′ = 10003 stays whole. The 对发财 award at 0 % the same (T4's hands)."""
    a = ev(HANDS_T1, pool_erba_pct=0)
    assert a["pool"]["awards"] == [] and a["pool"]["after"] == 10003
    assert a["deltas"] == [-400, -101, 100, 398]
    b = ev([["9p", "9p"], ["F", "F"], ["F", "F"], ["1p", "2p"]], pool_fa_pct=0)
    assert b["pool"]["awards"] == [] and b["result"]["awards"] == []


def test_tt_4_1_the_settlement_alone_two_seats() -> None:
    """TT-1.2's two seats, banker seat 1, settled directly: s0 (2p8p, bet 10) against the banker's
    7p8p (14 + 16 = 30 mod 20 = 10 = 5 points): 二八杠 wins ×2 = 20. Feed ⌊10 × 1/100⌋ = 0. A2 =
    ⌊500 × 10/100⌋ = 50 to s0."""
    s = settle(make_rules(overrides={"seats": 2}), 1, 100, [10, None], [Hand.of(2, 8), Hand.of(7, 8)], 500)
    assert s.result() == {
        "winners": [True, None],
        "multipliers": [2, None],
        "awards": [{"seat": 0, "kind": "erba", "amount": 50}],
        "deltas": [70, -20],
        "pool_after": 450,
    }
    assert s.comparisons() == [
        comparison(0, "player", "TT-3.2", "二八杠 ranks above 点数: the player wins", 2, "erba", 20, 20)
    ]
