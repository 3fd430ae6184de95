"""The audit of one round (every reason code by its TT id, the deal of TT-2.4 with T8 and T9,
the diff with the app's result) and of a sitting (TT-1.3, TT-2.3/2.5, TT-5.1 across rounds)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from replay.games.tuitongzi.audit import audit_validated, check_sessions, strip_private

HANDS_T1 = [["3p", "4p"], ["5p", "6p"], ["2p", "8p"], ["9p", "9p"]]


def record(**changes: Any) -> dict[str, Any]:
    overrides = changes.pop("overrides", {})
    preset = changes.pop("preset", "tuitongzi")
    rec: dict[str, Any] = {
        "format": "tuitongzi-round/1",
        "round_id": "r1",
        "source": "test",
        "ruleset": {"preset": preset, "overrides": overrides},
        "seats": [{"player_id": f"p{i}"} for i in range(4)],
        "banker": 0,
        "bank": 2000,
        "bets": [None, 100, 50, 200],
        "hands": copy.deepcopy(HANDS_T1),
        "pool_before": 10000,
    }
    rec.update(changes)
    return rec


def first(rec: dict[str, Any]) -> dict[str, Any]:
    a = audit_validated(rec)
    assert a["status"] == "illegal", a
    fi: dict[str, Any] = a["first_illegal"]
    return fi


def test_ok_and_result_diff() -> None:
    a = audit_validated(record(result={"deltas": [-400, -101, 1100, 398], "pool_after": 9003}))
    assert a["status"] == "ok" and a["game"] == "tuitongzi" and a["hand_id"] == "r1"
    assert a["computed"]["winners"] == [None, False, True, True]
    assert a["computed"]["multipliers"] == [None, 1, 2, 2]
    assert a["mistakes"] == [] and "fresh every round" in a["mistakes_note"]
    b = audit_validated(record(result={"deltas": [-400, -100, 1100, 398], "pool_after": 9003}))
    assert b["status"] == "mismatch"
    assert [d["field"] for d in b["differences"]] == ["deltas", "check"]
    c = audit_validated(
        record(
            result={
                "awards": [{"seat": 2, "kind": "erba", "amount": 1000}],
                "winners": [None, True, True, True],
            }
        )
    )
    assert [d["field"] for d in c["differences"]] == ["winners"]


@pytest.mark.parametrize(
    ("changes", "code", "rule", "field"),
    [
        ({"overrides": {"seats": 3}}, "seat_count", "TT-1.2", "seats"),
        ({"bank": 5, "overrides": {"bank_min": 10}}, "bank_below_min", "TT-1.3", "bank"),
        (
            {"hands": [["3p", "4p"], ["5p", "P"], ["2p", "8p"], ["9p", "9p"]]},
            "not_a_tile",
            "TT-1.1",
            "hands[1][1]",
        ),
        (
            {"hands": [["1m", "4p"], ["5p", "6p"], ["2p", "8p"], ["9p", "9p"]]},
            "not_a_tile",
            "TT-1.1",
            "hands[0][0]",
        ),
        (
            {"hands": [["9p", "9p"], ["5p", "9p"], ["9p", "8p"], ["9p", "9p"]]},
            "too_many_copies",
            "TT-2.5",
            "hands",
        ),
        ({"wall": ["3p", "4p"]}, "wrong_wall_size", "TT-2.3", "wall"),
        (
            {"wall": ["5p", "6p", "2p", "8p", "9p", "9p", "3p", "5p"]},
            "hand_not_dealt",
            "TT-2.4",
            "hands[0]",
        ),
        ({"bets": [10, 100, 50, 200]}, "banker_bet", "TT-2.2", "bets[0]"),
        ({"bets": [None, 100, None, 200]}, "bet_missing", "TT-2.2", "bets[2]"),
        ({"overrides": {"bet_max": 150}}, "bet_out_of_range", "TT-2.2", "bets[3]"),
        ({"overrides": {"bet_min": 60}}, "bet_out_of_range", "TT-2.2", "bets[2]"),
        ({"bank": 1000}, "bet_over_cover", "TT-2.2", "bets[3]"),  # T7
        ({"overrides": {"shoe": "five_rounds"}}, "shoe_missing", "TT-2.3", "shoe"),
        (
            {"overrides": {"shoe": "five_rounds"}, "shoe": {"id": "s", "round": 6}},
            "shoe_round_out_of_range",
            "TT-2.3",
            "shoe.round",
        ),
        (
            {"overrides": {"deal_start": "dice"}, "wall": ["5p", "6p", "2p", "8p", "9p", "9p", "3p", "4p"]},
            "dice_missing",
            "TT-2.4",
            "dice",
        ),
    ],
)
def test_reason_codes(changes: dict[str, Any], code: str, rule: str, field: str) -> None:
    fi = first(record(**changes))
    assert (fi["code"], fi["rule"], fi["field"]) == (code, rule, field)


def test_tt_2_4_next_deal_players_first() -> None:
    # banker 0: s1 gets wall[0,1], s2 [2,3], s3 [4,5], the banker the last stack
    wall = ["5p", "6p", "8p", "2p", "9p", "9p", "4p", "3p"]
    assert audit_validated(record(wall=wall))["status"] == "ok"


def test_t8_dice_start() -> None:
    """T8: dice 3 + 4 with banker 0: start 6 ≡ 2; s2 gets wall[0,1], s3 [2,3], s0 [4,5], s1 [6,7]."""
    wall40 = ["2p", "8p", "9p", "9p", "3p", "4p", "5p", "6p"] + [
        t for t in [f"{n}p" for n in range(1, 10) for _ in range(4)] + ["P"] * 4
    ]
    # take the round's 8 out of the full set so the 40 stay four of each
    rest = [f"{n}p" for n in range(1, 10) for _ in range(4)] + ["P"] * 4
    for t in wall40[:8]:
        rest.remove(t)
    wall = wall40[:8] + rest
    rec = record(
        preset="tuitongzi-table",
        wall=wall,
        dice=[3, 4],
        shoe={"id": "s1", "round": 1},
        bank=100,
    )
    a = audit_validated(rec)
    assert a["status"] == "ok", a
    assert a["computed"]["hands"][2]["tiles"] == ["2p", "8p"]
    # round 2 of the shoe reads wall[8:16] with its own dice
    rec2 = record(preset="tuitongzi-table", wall=wall, dice=[1, 1], shoe={"id": "s1", "round": 2}, bank=100)
    start = (0 + 1 + 1 - 1) % 4
    tiles = wall[8:16]
    hands = [None] * 4
    for i in range(4):
        hands[(start + i) % 4] = tiles[2 * i : 2 * i + 2]
    rec2["hands"] = hands
    assert audit_validated(rec2)["status"] == "ok"


def test_t8_zero_against_zero_goes_to_the_banker() -> None:
    rec = record(
        preset="tuitongzi-table",
        hands=[["3p", "7p"], ["1p", "9p"], ["4p", "5p"], ["5p", "5p"]],
        shoe={"id": "s", "round": 1},
    )
    a = audit_validated(rec)
    assert a["computed"]["winners"] == [None, False, True, True]


def test_t9_three_seats() -> None:
    """T9: banker s1, next: s2 gets the first stack, s0 the second, s1 the last."""
    rec = record(
        overrides={"seats": 3},
        seats=[{"player_id": f"p{i}"} for i in range(3)],
        banker=1,
        bets=[100, None, 50],
        hands=[["5p", "6p"], ["3p", "4p"], ["2p", "8p"]],
        wall=["2p", "8p", "5p", "6p", "3p", "4p"],
    )
    assert audit_validated(rec)["status"] == "ok"


def _sitting(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    audits = [audit_validated(r) for r in rounds]
    check_sessions(audits)
    for a in audits:
        strip_private(a)
    return audits


def test_session_pool_carried_tt_5_1() -> None:
    r1 = record(session={"id": "s", "round_no": 1})
    r2 = record(round_id="r2", session={"id": "s", "round_no": 2}, pool_before=9003, bank=1600)
    audits = _sitting([r1, r2])
    assert [a["status"] for a in audits] == ["ok", "ok"]  # bank 2000 − 400 carried (TT-1.3)
    r2["pool_before"] = 10000
    fi = _sitting([r1, r2])[1]["first_illegal"]
    assert (fi["code"], fi["rule"], fi["field"]) == ("pool_not_carried", "TT-5.1", "pool_before")


def test_session_bank_carried_tt_1_3() -> None:
    r1 = record(session={"id": "s", "round_no": 1})
    r2 = record(round_id="r2", session={"id": "s", "round_no": 2}, pool_before=9003, bank=2000)
    fi = _sitting([r1, r2])[1]["first_illegal"]
    assert fi["code"] == "bank_not_carried" and "1600" in fi["message"]
    no_carry = {"bank_carry": False}
    r1["ruleset"]["overrides"] = no_carry
    r2["ruleset"]["overrides"] = no_carry
    assert _sitting([r1, r2])[1]["status"] == "ok"


def test_session_banker_rotation_tt_1_3() -> None:
    each = {"banker_rotation": "each"}
    r1 = record(session={"id": "s", "round_no": 1}, overrides=each)
    r2 = record(round_id="r2", session={"id": "s", "round_no": 2}, pool_before=9003, overrides=each)
    fi = _sitting([r1, r2])[1]["first_illegal"]
    assert (fi["code"], fi["field"]) == ("banker_not_next", "banker") and "seat 1" in fi["message"]
    r2.update(banker=1, bets=[100, None, 50, 200])
    assert _sitting([r1, r2])[1]["status"] == "ok"
    every = {"banker_rotation": "every_n", "banker_rounds": 2, "bank_carry": False}
    rounds = [
        record(round_id=f"r{k}", session={"id": "s", "round_no": k}, overrides=every) for k in (1, 2, 3)
    ]
    pool = 10000
    for r in rounds:  # chain the pool (TT-5.1) so only the banker can be wrong
        r["pool_before"] = pool
        pool = audit_validated(r)["computed"]["pool_after"]
    out = _sitting(rounds)
    assert out[1]["status"] == "ok"  # rounds 1–2: seat 0
    assert out[2]["first_illegal"]["code"] == "banker_not_next"  # round 3: seat 1


def test_session_shoe_tt_2_3_and_tt_2_5() -> None:
    def rnd(k: int, shoe_round: int, hands: list[list[str]]) -> dict[str, Any]:
        return record(
            round_id=f"r{k}",
            preset="tuitongzi-table",
            session={"id": "s", "round_no": k},
            shoe={"id": "A", "round": shoe_round},
            hands=hands,
            pool_before=0,
            bank=700,
            overrides={"bank_carry": False},
        )

    r1 = rnd(1, 1, [["3p", "4p"], ["9p", "9p"], ["2p", "8p"], ["9p", "1p"]])
    r2 = rnd(2, 3, [["3p", "4p"], ["5p", "6p"], ["2p", "8p"], ["7p", "1p"]])
    fi = _sitting([r1, r2])[1]["first_illegal"]
    assert (fi["code"], fi["field"]) == ("shoe_broken", "shoe.round")
    r2["shoe"]["round"] = 2
    r2["hands"][1] = ["9p", "5p"]  # a fourth... and fifth 9p across the shoe
    r2["hands"][3] = ["9p", "1p"]
    fi = _sitting([r1, r2])[1]["first_illegal"]
    assert (fi["code"], fi["rule"]) == ("too_many_copies", "TT-2.5")
