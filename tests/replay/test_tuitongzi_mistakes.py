"""§9's mistakes with exact EV, hand-worked; and the note where no mistake can be judged."""

from __future__ import annotations

from fractions import Fraction

from replay.games.tuitongzi.audit import audit_validated
from replay.games.tuitongzi.mistakes import ev_known, ev_unseen
from replay.games.tuitongzi.params import make_rules
from replay.games.tuitongzi.ranking import Hand
from tests.replay.test_tuitongzi_audit import record

PEEK = {"bet_after_peek": True}


def test_ev_holding_fa_pair() -> None:
    """Own FF; 38 unseen tiles hold 2 F: the banker draws FF in 1 of C(38,2) = 703 pairs (−3),
    anything else loses to 对发财 (+3): EV = (702·3 − 3) / 703 = 2103/703."""
    unseen = [2] + [4] * 9
    assert ev_known(Hand(0, 0), unseen, make_rules()) == Fraction(2103, 703)


def test_ev_holding_bie_shi() -> None:
    """Own 1p9p (0 points). It beats only 3p7p and 4p6p (0 points, high tile 9 > 7, 6): 32 pairs,
    +1. It loses the other 671: FF 6 pairs ×3, 2p8p 16 ×2, pairs 3+6·7+3 = 48 ×2, points 601 ×1.
    EV = (32 − 18 − 32 − 96 − 601) / 703 = −715/703."""
    unseen = [4, 3, 4, 4, 4, 4, 4, 4, 4, 3]
    assert ev_known(Hand(1, 9), unseen, make_rules()) == Fraction(-715, 703)


def test_ev_unseen_eight_tiles() -> None:
    """Unseen F×4, 9p×4 (own pair unseen too): own FF (6 ways) 39/15, F9p (16) −24/15, 9p9p (6)
    −4/15 against the remaining six: EV = (234 − 384 − 24) / 420 = −29/70."""
    unseen = [4] + [0] * 8 + [4]
    assert ev_unseen(unseen, make_rules()) == Fraction(-29, 70)


def test_peek_findings() -> None:
    rec = record(
        overrides=PEEK,
        bets=[None, 1, 50, 200],
        hands=[["3p", "4p"], ["F", "F"], ["2p", "8p"], ["1p", "9p"]],
    )
    a = audit_validated(rec)
    assert a["mistakes_note"] is None
    found = {m["type"]: m for m in a["mistakes"]}
    low = found["min_bet_positive_ev"]
    # cover allows ⌊2000 / 3⌋ − 0 = 666: (666 − 1) × 2103/703 = 1989.3 → 1989
    assert (low["seat"], low["cost"], low["severity"]) == (1, 1989, "high")
    high = found["raise_negative_ev"]
    # (200 − 1) × 715/703 = 202.4 → 202
    assert (high["seat"], high["cost"], high["severity"]) == (3, 202, "high")
    assert len(a["mistakes"]) == 2  # seat 2 (二八杠, bet 50 > min, EV > 0) is no mistake


def test_no_finding_when_bet_max_is_bet_min() -> None:
    rec = record(
        overrides={**PEEK, "bet_max": 1},
        bets=[None, 1, 1, 1],
        hands=[["3p", "4p"], ["F", "F"], ["2p", "8p"], ["1p", "9p"]],
    )
    assert audit_validated(rec)["mistakes"] == []


def test_five_rounds_round_five_from_the_wall() -> None:
    wall = [f"{n}p" for n in range(1, 9) for _ in range(4)] + ["P"] * 4 + ["9p"] * 4
    rec = record(
        preset="tuitongzi-table",
        wall=wall,
        dice=[1, 1],
        shoe={"id": "A", "round": 5},
        bank=100,
        hands=[["9p", "9p"], ["P", "P"], ["P", "P"], ["9p", "9p"]],
    )
    a = audit_validated(rec)
    assert a["status"] == "ok", a
    assert [(m["type"], m["seat"]) for m in a["mistakes"]] == [
        ("raise_negative_ev", 1),
        ("raise_negative_ev", 2),
        ("raise_negative_ev", 3),
    ]
    assert "-29/70" in a["mistakes"][0]["message"]
    assert a["mistakes"][0]["cost"] == round(99 * Fraction(29, 70))  # 41


def test_notes_where_nothing_is_judged() -> None:
    assert "fresh every round" in audit_validated(record())["mistakes_note"]
    first = record(preset="tuitongzi-table", shoe={"id": "A", "round": 1}, bank=100)
    assert "first of its shoe" in audit_validated(first)["mistakes_note"]
    later = record(preset="tuitongzi-table", shoe={"id": "A", "round": 2}, bank=100)
    assert "no wall" in audit_validated(later)["mistakes_note"]
