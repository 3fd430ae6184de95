"""TT-1.1–TT-2.5's legality checks of one round (round.py), each refusal read back whole: its code,
rule, field, index AND message, with the value just inside each boundary accepted.

test_tuitongzi_audit.py holds each code's (code, rule, field); these hold what a refusal tells the
person who reads it (which seat, which tile, how many, what was dealt) and the boundaries (issue 35:
a refusal naming the wrong seat or count, or a limit off by one, passed every test before).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from replay.errors import InputError
from replay.games import GAMES
from replay.games.tuitongzi.params import make_rules
from replay.games.tuitongzi.ranking import Hand
from replay.games.tuitongzi.reasons import Illegal
from replay.games.tuitongzi.round import dealt_hands, read_round, round_tiles, start_seat

HANDS_T1 = [["3p", "4p"], ["5p", "6p"], ["2p", "8p"], ["9p", "9p"]]
# the 40 tiles of a 白板 shoe in rank order, four of each (TT-1.1)
SHOE_P = [t for t in ["P", *(f"{n}p" for n in range(1, 10))] for _ in range(4)]


def raw(preset: str = "tuitongzi", overrides: dict[str, Any] | None = None, **changes: Any) -> dict[str, Any]:
    """T1's round (§7) as ``replay evaluate`` input, with changes."""
    v: dict[str, Any] = {
        "game": "tuitongzi",
        "ruleset": {"preset": preset, "overrides": overrides or {}},
        "banker": 0,
        "bank": 2000,
        "bets": [None, 100, 50, 200],
        "hands": copy.deepcopy(HANDS_T1),
        "pool_before": 10000,
    }
    v.update(changes)
    return v


def refusal(v: dict[str, Any]) -> tuple[str, str, str, int | None, str]:
    a = GAMES["tuitongzi"].evaluate(v)
    assert a["legal"] is False, a
    r = a["reason"]
    return r["code"], r["rule"], r["field"], r["index"], r["message"]


def legal(v: dict[str, Any]) -> dict[str, Any]:
    a = GAMES["tuitongzi"].evaluate(v)
    assert a.get("legal") is True, a
    return a


def error(v: dict[str, Any]) -> dict[str, str]:
    a = GAMES["tuitongzi"].evaluate(v)
    assert "error" in a, a
    err: dict[str, str] = a["error"]
    return err


def test_TT_2_2_banker_and_missing_bets() -> None:
    """The banker does not bet; every player does, checked in deal order (from the banker's next
    seat): with banker 2, bets[3] is checked before bets[0]."""
    assert refusal(raw(bets=[0, 100, 50, 200])) == (
        "banker_bet",
        "TT-2.2",
        "bets[0]",
        0,
        "the banker (seat 0) does not bet: bets[0] must be left empty",
    )
    assert refusal(raw(banker=2, bets=[100, 50, 5, 200])) == (
        "banker_bet",
        "TT-2.2",
        "bets[2]",
        2,
        "the banker (seat 2) does not bet: bets[2] must be left empty",
    )
    # banker 2: deal order 3, 0, 1; both s3 and s0 lack a bet, s3 is named
    assert refusal(raw(banker=2, bets=[None, 100, None, None])) == (
        "bet_missing",
        "TT-2.2",
        "bets[3]",
        3,
        "player seat 3 has no bet",
    )


@pytest.mark.parametrize(
    ("overrides", "bets", "ok"),
    [
        # [bet_min, bet_max] is closed: a bet at either end stands, one past it is refused
        ({"bet_min": 50}, [None, 100, 50, 200], True),
        ({"bet_min": 51}, [None, 100, 50, 200], False),
        ({"bet_max": 200}, [None, 100, 50, 200], True),
        ({"bet_max": 199}, [None, 100, 50, 200], False),
    ],
)
def test_TT_2_2_bets_within_bet_min_and_bet_max(
    overrides: dict[str, int], bets: list[int | None], ok: bool
) -> None:
    v = raw(overrides=overrides, bets=bets)
    if ok:
        legal(v)
        return
    if "bet_min" in overrides:  # s2's 50 is the first out (deal order 1, 2, 3); no bet_max: ∞
        assert refusal(v) == ("bet_out_of_range", "TT-2.2", "bets[2]", 2, "seat 2 bet 50, outside [51, ∞]")
    else:
        assert refusal(v) == ("bet_out_of_range", "TT-2.2", "bets[3]", 3, "seat 3 bet 200, outside [1, 199]")


def test_TT_2_2_a_bet_of_zero_is_below_the_default_minimum() -> None:
    """bet_min 1 by default (§6): a 0 is refused as out of range, not read as no bet."""
    assert refusal(raw(bets=[None, 0, 50, 200])) == (
        "bet_out_of_range",
        "TT-2.2",
        "bets[1]",
        1,
        "seat 1 bet 0, outside [1, ∞]",
    )


def test_TT_2_2_bank_cover_at_and_past_the_bank() -> None:
    """T7's figures: bets 100 + 50 + 200 = 350, × the largest multiplier 3 = 1050. A bank of 1050
    covers them exactly (the check is "exceed"); 1049 does not, and the refusal is at bets[3],
    the bet that took the total past it. With mult_fa_pair 4 the largest multiplier is 4:
    100 × 4 = 400, (100 + 50) × 4 = 600 ≤ 1050, 350 × 4 = 1400 > 1050."""
    legal(raw(bank=1050))
    assert refusal(raw(bank=1049)) == (
        "bet_over_cover",
        "TT-2.2",
        "bets[3]",
        3,
        "with seat 3's bet the bets so far are 350; 350 × 3 = 1050 exceeds the bank 1049,"
        " which must cover every bet",
    )
    assert refusal(raw(bank=1050, overrides={"mult_fa_pair": 4})) == (
        "bet_over_cover",
        "TT-2.2",
        "bets[3]",
        3,
        "with seat 3's bet the bets so far are 350; 350 × 4 = 1400 exceeds the bank 1050,"
        " which must cover every bet",
    )
    # the total runs in deal order: banker 3, order 0, 1, 2 with bets 300, 100, 50: 300 × 3 = 900
    # ≤ 1000, 400 × 3 = 1200 > 1000 at bets[1]
    hands = [["5p", "6p"], ["2p", "8p"], ["9p", "9p"], ["3p", "4p"]]
    assert refusal(raw(banker=3, bank=1000, bets=[300, 100, 50, None], hands=hands))[2:4] == ("bets[1]", 1)
    legal(raw(bank=1049, overrides={"bank_cover": False}))


def test_TT_1_3_bank_at_and_below_bank_min() -> None:
    legal(raw(bank=2000, overrides={"bank_min": 2000}))
    assert refusal(raw(bank=1999, overrides={"bank_min": 2000})) == (
        "bank_below_min",
        "TT-1.3",
        "bank",
        None,
        "the banker's bank (注金) is 1999, below the ruleset's minimum bank 2000",
    )


def test_TT_1_2_seat_count_names_the_field_it_read() -> None:
    """`replay evaluate` counts the hands; the audit passes the record's seats (field `seats`)."""
    assert refusal(raw(overrides={"seats": 3})) == (
        "seat_count",
        "TT-1.2",
        "hands",
        None,
        "the round has 4 seats; the ruleset plays 3",
    )
    rules = make_rules(overrides={"seats": 3})
    with pytest.raises(Illegal) as bad:
        read_round(raw(), rules, 4)
    assert (bad.value.field, bad.value.reason.code) == ("seats", "seat_count")
    with pytest.raises(InputError) as short:
        read_round(raw(), make_rules(), 3)
    assert short.value.to_json() == {
        "field": "hands",
        "message": "must hold one pair per seat: 3 seats, 4 hands",
    }


def test_TT_1_1_a_tile_outside_the_set() -> None:
    """发财 is the half tile under `F`; 白板 is not one of the 40 then, nor any 万."""
    hands = [["3p", "4p"], ["5p", "P"], ["2p", "8p"], ["9p", "9p"]]
    assert refusal(raw(hands=hands)) == (
        "not_a_tile",
        "TT-1.1",
        "hands[1][1]",
        1,
        "白板 (P) is not one of the 40 tiles (筒 1p–9p and the half tile 发财 (F))",
    )
    assert refusal(raw(hands=HANDS_T1[:3] + [["9p", "2m"]], overrides={"half_tile": "P"})) == (
        "not_a_tile",
        "TT-1.1",
        "hands[3][1]",
        1,
        "二万 (2m) is not one of the 40 tiles (筒 1p–9p and the half tile 白板 (P))",
    )


def test_TT_2_3_wall_size_shoe_and_its_rounds() -> None:
    """`fresh`: the wall is the round's 2n = 8 tiles; `five_rounds`: all 40. A shoe serves
    ⌊40 / 2n⌋ rounds: 5 with four seats (round 5 stands, 6 does not), 6 with three."""
    wall = ["5p", "6p", "2p", "8p", "9p", "9p", "3p", "4p"]
    assert refusal(raw(wall=wall[:7])) == (
        "wrong_wall_size",
        "TT-2.3",
        "wall",
        None,
        "the wall holds 7 tiles; shoe fresh with 4 seats needs 8",
    )
    assert refusal(raw(wall=wall, overrides={"shoe": "five_rounds"}, shoe={"id": "s", "round": 1}))[4] == (
        "the wall holds 8 tiles; shoe five_rounds with 4 seats needs 40"
    )
    five = {"shoe": "five_rounds"}
    assert refusal(raw(overrides=five)) == (
        "shoe_missing",
        "TT-2.3",
        "shoe",
        None,
        "a five-round shoe (五轮一靴): the record must say which shoe and which round of it",
    )
    legal(raw(overrides=five, shoe={"id": "s", "round": 5}))
    assert refusal(raw(overrides=five, shoe={"id": "s", "round": 6})) == (
        "shoe_round_out_of_range",
        "TT-2.3",
        "shoe.round",
        None,
        "round 6 of a shoe: one shuffle serves only 5 rounds with 4 seats",
    )
    three = raw(overrides={**five, "seats": 3}, banker=0, bets=[None, 100, 50], hands=HANDS_T1[:3])
    legal({**three, "shoe": {"id": "s", "round": 6}})
    assert refusal({**three, "shoe": {"id": "s", "round": 7}})[4] == (
        "round 7 of a shoe: one shuffle serves only 6 rounds with 3 seats"
    )


def test_TT_2_5_four_copies_stand_a_fifth_is_refused() -> None:
    """No kind more than 4 times in a round: four 9p stand (9p9p, 9p9p), a fifth is refused, and
    the lowest kind over four is named."""
    legal(raw(hands=[["9p", "9p"], ["5p", "6p"], ["2p", "8p"], ["9p", "9p"]]))
    assert refusal(raw(hands=[["9p", "9p"], ["5p", "9p"], ["2p", "8p"], ["9p", "9p"]])) == (
        "too_many_copies",
        "TT-2.5",
        "hands",
        None,
        "九筒 (9p) appears 5 times in the round's hands; there are only four",
    )
    # 40 wall tiles of a five-round shoe, high ranks first, with a 3p made a fifth 5p and a 4p a
    # fifth 9p: 9p is met first in the wall, 5p (the lower kind) is named
    shoe = list(reversed(SHOE_P))
    shoe[shoe.index("3p")] = "5p"
    shoe[shoe.index("4p")] = "9p"
    bad = raw(preset="tuitongzi-table", wall=shoe, dice=[1, 1], shoe={"id": "s", "round": 1}, bank=100)
    assert refusal(bad) == (
        "too_many_copies",
        "TT-2.5",
        "wall",
        None,
        "五筒 (5p) appears 5 times in the wall; there are only four",
    )


def test_TT_2_4_the_deal_from_the_wall() -> None:
    """`next` with banker 0: stack i (wall[2i], wall[2i+1]) to seat 1 + i, the banker last.
    A hand that differs names its seat, the two hands and its stack: s0 is the 4th stack (3)."""
    wall = ["5p", "6p", "8p", "2p", "9p", "9p", "4p", "3p"]
    legal(raw(wall=wall))
    swapped = ["5p", "6p", "8p", "2p", "9p", "9p", "3p", "5p"]
    assert refusal(raw(wall=swapped)) == (
        "hand_not_dealt",
        "TT-2.4",
        "hands[0]",
        0,
        "seat 0 holds 3p+4p; the wall dealt it 3p+5p (stack 3)",
    )
    # banker 2: s3 gets the first stack; s1's is the 3rd (stack 2)
    hands = [["9p", "9p"], ["2p", "8p"], ["3p", "4p"], ["5p", "6p"]]
    v = raw(banker=2, bets=[100, 50, None, 200], hands=hands)
    legal({**v, "wall": ["5p", "6p", "9p", "9p", "8p", "2p", "3p", "4p"]})
    assert refusal({**v, "wall": ["5p", "6p", "9p", "9p", "8p", "1p", "3p", "4p"]})[2:] == (
        "hands[1]",
        1,
        "seat 1 holds 2p+8p; the wall dealt it 8p+1p (stack 2)",
    )


def test_TT_2_4_dice_start_and_tt_2_3_shoe_rounds() -> None:
    """T8: banker 0, dice 3 + 4: start = 0 + 7 − 1 = 6 ≡ 2 (mod 4); dice 1 + 1: start 1 (the
    banker's next seat); `next` ignores the dice. Round k of a five-round shoe deals wall[8(k−1)
    … 8k−1]: round 2 of SHOE_P is tiles 8–15, four 2p and four 3p."""
    table = make_rules("tuitongzi-table")
    assert start_seat(table, 0, 4, (3, 4)) == 2
    assert start_seat(table, 0, 4, (1, 1)) == 1
    assert start_seat(table, 3, 4, (6, 6)) == (3 + 12 - 1) % 4 == 2
    assert start_seat(make_rules(), 0, 4, (3, 4)) == 1
    assert start_seat(table, 1, 4, None) == 2
    assert start_seat(make_rules(overrides={"seats": 3}), 2, 3, None) == 0
    ranks = [0] * 4 + [r for r in range(1, 10) for _ in range(4)]
    assert list(round_tiles(table, ranks, 4, 2)) == [2, 2, 2, 2, 3, 3, 3, 3]
    assert list(round_tiles(table, ranks, 4, 5)) == [8] * 4 + [9] * 4
    assert list(round_tiles(make_rules(), ranks[:8], 4, 1)) == [0, 0, 0, 0, 1, 1, 1, 1]
    # T8's deal: s2 wall[0,1], s3 [2,3], s0 [4,5], s1 [6,7]
    assert dealt_hands(table, [10, 11, 12, 13, 14, 15, 16, 17], 0, (3, 4)) == [
        [14, 15],
        [16, 17],
        [10, 11],
        [12, 13],
    ]
    # T9: three seats, banker s1, next: s2 first, s0 second, s1 last
    assert dealt_hands(make_rules(overrides={"seats": 3}), [1, 2, 3, 4, 5, 6], 1, None) == [
        [3, 4],
        [5, 6],
        [1, 2],
    ]
    # the dealt hands checked against round 2's tiles, not round 1's: dice 1 + 1 start at s1
    v = raw(preset="tuitongzi-table", wall=SHOE_P, dice=[1, 1], shoe={"id": "s", "round": 2}, bank=100)
    v["hands"] = [["3p", "3p"], ["2p", "2p"], ["2p", "2p"], ["3p", "3p"]]
    legal(v)
    assert refusal({**v, "dice": None})[:3] == ("dice_missing", "TT-2.4", "dice")
    assert (
        refusal({**v, "dice": None})[4]
        == "the dice (掷骰) pick who is dealt first: a round with a wall needs its dice"
    )


def test_TT_2_3_seen_before_is_the_earlier_rounds_of_the_shoe() -> None:
    """mistakes' unseen tiles (§9): round 2 of a five-round shoe has seen round 1's 8 tiles."""
    v = raw(preset="tuitongzi-table", wall=SHOE_P, dice=[1, 1], shoe={"id": "s", "round": 2}, bank=100)
    v["hands"] = [["3p", "3p"], ["2p", "2p"], ["2p", "2p"], ["3p", "3p"]]
    rnd = read_round(v, make_rules("tuitongzi-table"))
    assert rnd.seen_before() == [0, 0, 0, 0, 1, 1, 1, 1]
    assert rnd.shoe == ("s", 2) and rnd.dice == (1, 1) and rnd.seats == 4
    assert rnd.hands[1] == Hand.of(2, 2) and rnd.bets == [None, 100, 50, 200] and rnd.bank == 100
    assert rnd.pool_before == 10000 and rnd.banker == 0 and rnd.wall is not None and len(rnd.wall) == 40
    round1 = read_round(
        {**v, "shoe": {"id": "s", "round": 1}, "hands": [["1p", "1p"], ["P", "P"], ["P", "P"], ["1p", "1p"]]},
        make_rules("tuitongzi-table"),
    )
    assert round1.seen_before() == []
    no_wall = {k: x for k, x in v.items() if k != "wall"}
    assert read_round(no_wall, make_rules("tuitongzi-table")).seen_before() == []
    assert read_round(raw(), make_rules()).seen_before() == []


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"banker": 4}, "banker", "must be an integer from 0 to 3, not 4"),
        ({"banker": True}, "banker", "must be an integer from 0 to 3, not True"),
        ({"bank": -1}, "bank", "must be an integer from 0 to 1000000000000000, not -1"),
        ({"pool_before": "9"}, "pool_before", "must be an integer from 0 to 1000000000000000, not '9'"),
        ({"hands": HANDS_T1[:1]}, "hands", "must be a list of 2 to 4 pairs of tiles, one per seat"),
        (
            {"hands": [*HANDS_T1, ["1p", "1p"]]},
            "hands",
            "must be a list of 2 to 4 pairs of tiles, one per seat",
        ),
        ({"hands": [["3p"], *HANDS_T1[1:]]}, "hands[0]", "must be a pair of two tiles"),
        ({"bets": [None, 100, 50]}, "bets", "must be a list of 4 entries, null at the banker"),
        (
            {"bets": [None, 100, 50.5, 200]},
            "bets[2]",
            "must be an integer from 0 to 1000000000000000, not 50.5",
        ),
        ({"dice": [3]}, "dice", "must be two dice [d1, d2]"),
        ({"dice": [3, 7]}, "dice[1]", "must be an integer from 1 to 6, not 7"),
        ({"dice": [0, 6]}, "dice[0]", "must be an integer from 1 to 6, not 0"),
        ({"wall": "3p4p"}, "wall", "must be a list of tiles"),
        ({"hands": [HANDS_T1[0], ["zz", "6p"], *HANDS_T1[2:]]}, "hands[1][0]", "unknown tile 'zz'"),
        ({"dice": [7, 1]}, "dice[0]", "must be an integer from 1 to 6, not 7"),
    ],
)
def test_input_errors_name_the_field(changes: dict[str, Any], field: str, message: str) -> None:
    assert error(raw(**changes)) == {"field": field, "message": message}


def test_tt_2_3_shoe_fields_name_the_field() -> None:
    five = {"shoe": "five_rounds"}
    assert error(raw(overrides=five, shoe={"id": "s", "round": 0})) == {
        "field": "shoe.round",
        "message": "must be an integer from 1 to 40, not 0",
    }
    assert error(raw(overrides=five, shoe={"id": 7, "round": 1})) == {
        "field": "shoe.id",
        "message": "must be a string naming the shoe",
    }


def test_TT_1_3_a_bank_of_zero_is_below_the_minimum() -> None:
    """A bank of 0 is a number the record may hold; bank_min (at least 1, §6) refuses it."""
    assert refusal(raw(bank=0)) == (
        "bank_below_min",
        "TT-1.3",
        "bank",
        None,
        "the banker's bank (注金) is 0, below the ruleset's minimum bank 1",
    )


def test_TT_5_1_pool_before_defaults_to_zero() -> None:
    """Without pool_before the pool starts at 0: T1's feed 1 + 0 + 2 = 3, A2 = ⌊3 × 10/100⌋ = 0."""
    v = raw()
    del v["pool_before"]
    a = legal(v)
    assert a["pool"]["before"] == 0 and a["pool"]["after_feed"] == 3


def test_TT_1_2_two_seats() -> None:
    """seats 2 (TT-1.2's lower end): banker s0 3p4p (7) against s1 2p8p, bet 100: 二八杠 ×2 =
    200; feed ⌊100 × 1/100⌋ = 1, P′ = 10001, A2 = ⌊10001 × 10/100⌋ = 1000: s1 200 − 1 + 1000."""
    a = legal(raw(overrides={"seats": 2}, bets=[None, 100], hands=[["3p", "4p"], ["2p", "8p"]]))
    assert a["deltas"] == [-200, 1199] and a["comparisons"][0]["winner"] == "player"


def test_TT_2_4_a_dice_deal_names_the_stack_from_the_dice() -> None:
    """`deal_start: dice`, banker 0, dice 3 + 4: start 6 ≡ 2 (T8). Wall F 9p | 2p 8p | 3p 4p | 5p 6p:
    s2 F+9p, s3 2p+8p, s0 3p+4p (stack (0 − 2) mod 4 = 2), s1 5p+6p."""
    dice = {"deal_start": "dice"}
    wall = ["F", "9p", "2p", "8p", "3p", "4p", "5p", "6p"]
    hands = [["3p", "4p"], ["5p", "6p"], ["9p", "F"], ["2p", "8p"]]
    legal(raw(overrides=dice, wall=wall, dice=[3, 4], hands=hands))
    swapped = [["9p", "F"], ["5p", "6p"], ["3p", "4p"], ["2p", "8p"]]
    assert refusal(raw(overrides=dice, wall=wall, dice=[3, 4], hands=swapped)) == (
        "hand_not_dealt",
        "TT-2.4",
        "hands[0]",
        0,
        "seat 0 holds 9p+F; the wall dealt it 3p+4p (stack 2)",
    )


def test_TT_2_5_a_fifth_half_tile() -> None:
    hands = [["F", "F"], ["F", "F"], ["F", "8p"], ["9p", "9p"]]
    assert (
        refusal(raw(hands=hands))[4] == "发财 (F) appears 5 times in the round's hands; there are only four"
    )
    hands_p = [["P", "P"], ["P", "P"], ["P", "8p"], ["9p", "9p"]]
    assert refusal(raw(hands=hands_p, overrides={"half_tile": "P"}))[4] == (
        "白板 (P) appears 5 times in the round's hands; there are only four"
    )
