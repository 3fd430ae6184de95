"""TT-3.1–TT-3.5 and TT-4.1's multipliers, by hand-worked values, then exhaustively against the
independent reference (tests/tuitongzi_reference.py) over every pair of two-tile hands."""

from __future__ import annotations

import itertools

import pytest

from replay.games.tuitongzi.params import make_rules
from replay.games.tuitongzi.ranking import Hand, compare
from replay.games.tuitongzi.tiles import full_set, read, value
from tests import tuitongzi_reference as ref

R = make_rules()


def h(a: str, b: str, half: str = "F") -> Hand:
    ra, rb = read(a, "a", half), read(b, "b", half)
    assert ra is not None and rb is not None
    return Hand.of(ra, rb)


def test_tt_1_1_forty_tiles_four_half_tiles() -> None:
    tiles = full_set()
    assert len(tiles) == 40 and tiles.count(0) == 4 and all(tiles.count(r) == 4 for r in range(1, 10))
    assert read("发财", "t", "F") == 0 and read("白板", "t", "P") == 0 and read("九筒", "t", "F") == 9
    assert read("P", "t", "F") is None and read("1m", "t", "F") is None and read("F", "t", "P") is None


def test_tt_3_1_values_in_half_points() -> None:
    assert [value(r) for r in range(10)] == [1, 2, 4, 6, 8, 10, 12, 14, 16, 18]


@pytest.mark.parametrize(
    ("a", "b", "kind", "points"),
    [
        ("F", "F", "fa_pair", None),
        ("2p", "8p", "erba", None),
        ("8p", "2p", "erba", None),
        ("9p", "9p", "pair", None),
        ("7p", "8p", "points", 5),  # S0's example
        ("F", "9p", "points", 9.5),
        ("1p", "9p", "points", 0),  # 鳖十
        ("F", "4p", "points", 4.5),
        ("3p", "7p", "points", 0),
        ("F", "1p", "points", 1.5),
    ],
)
def test_tt_3_2_and_3_3_class_and_points(a: str, b: str, kind: str, points: float | None) -> None:
    hand = h(a, b)
    assert hand.kind == kind
    assert hand.to_json(R)["points"] == points


def test_tt_3_2_class_order_and_erba_top() -> None:
    assert not compare(h("F", "F"), h("2p", "8p"), R).player_wins  # 对发财 > 二八杠
    assert compare(h("9p", "9p"), h("2p", "8p"), R).player_wins  # 二八杠 > pairs
    assert compare(h("1p", "2p"), h("1p", "1p"), R).player_wins  # pair > points
    assert compare(h("8p", "8p"), h("9p", "9p"), R).player_wins  # 9p9p high
    top = make_rules(overrides={"erba_rank": "top"})
    v = compare(h("F", "F"), h("2p", "8p"), top)
    assert v.player_wins and v.rule == "TT-3.2"


def test_tt_3_3_higher_points_win() -> None:
    v = compare(h("3p", "4p"), h("F", "9p"), R)
    assert v.player_wins and v.rule == "TT-3.3"


@pytest.mark.parametrize(
    ("tie", "banker", "player", "player_wins"),
    [
        ("high_tile", ("4p", "5p"), ("3p", "6p"), True),  # T2: 6 > 5
        ("high_tile", ("3p", "7p"), ("1p", "9p"), True),  # T3: 0 v 0, 9 > 7
        ("high_tile", ("3p", "7p"), ("4p", "6p"), False),  # T3: 6 < 7
        ("high_tile", ("1p", "2p"), ("5p", "8p"), True),  # 3 v 13 → 3: 8 > 2
        ("banker", ("4p", "5p"), ("3p", "6p"), False),
        ("high_tile_zero_banker", ("3p", "7p"), ("1p", "9p"), False),
        ("high_tile_zero_banker", ("4p", "5p"), ("3p", "6p"), True),
    ],
)
def test_tt_3_4_point_ties(
    tie: str, banker: tuple[str, str], player: tuple[str, str], player_wins: bool
) -> None:
    rules = make_rules(overrides={"point_tie": tie})
    v = compare(h(*banker), h(*player), rules)
    assert v.player_wins is player_wins
    assert v.rule == ("TT-3.3" if h(*banker).half_points != h(*player).half_points else "TT-3.4")


def test_tt_3_4_half_tile_never_decides_a_tie() -> None:
    """TT-3.4 calls the half tile the lowest single, but it never decides: a hand holding one
    half tile has a half-point total, so an equal-points hand holds one too, and then the other
    tiles are equal: the hands are identical (TT-3.5). Checked over every such pair."""
    for a, b in itertools.product(range(1, 10), repeat=2):
        ha, hb = Hand.of(0, a), Hand.of(0, b)
        if ha.half_points == hb.half_points:
            assert a == b
            assert compare(ha, hb, R).rule == "TT-3.5"


def test_tt_3_5_identical_hands_go_to_the_banker() -> None:
    for pair in (("F", "F"), ("2p", "8p"), ("5p", "5p"), ("4p", "5p")):
        v = compare(h(*pair), h(*pair), R)
        assert not v.player_wins and v.rule == "TT-3.5"


def test_tt_4_1_multipliers() -> None:
    assert [h(*p).multiplier(R) for p in (("1p", "2p"), ("2p", "8p"), ("3p", "3p"), ("F", "F"))] == [
        1,
        2,
        2,
        3,
    ]


RANK_CODES = ["F", *(f"{n}p" for n in range(1, 10))]
HANDS = list(itertools.combinations_with_replacement(RANK_CODES, 2))


@pytest.mark.parametrize("erba_rank", ["second", "top"])
@pytest.mark.parametrize("point_tie", ["high_tile", "banker", "high_tile_zero_banker"])
@pytest.mark.parametrize("mult_from", ["winner", "player"])
def test_exhaustive_against_reference(erba_rank: str, point_tie: str, mult_from: str) -> None:
    """Every (banker hand, player hand) of the 55 kinds of two-tile hand (3,025 comparisons)."""
    from replay.games.tuitongzi.mistakes import _value

    rules = make_rules(overrides={"erba_rank": erba_rank, "point_tie": point_tie, "mult_from": mult_from})
    assert len(HANDS) == 55
    for banker, player in itertools.product(HANDS, HANDS):
        want = ref.winner(banker, player, erba_rank, point_tie)
        got = compare(h(*banker), h(*player), rules)
        assert got.player_wins is (want == "player"), (banker, player)
        assert _value(h(*banker), h(*player), rules) == ref.player_return(
            banker, player, erba_rank, point_tie, mult_from
        ), (banker, player)


def test_reference_points_agree_on_every_hand() -> None:
    for hand in HANDS:
        if ref.hand_class(hand) == "点数":
            assert h(*hand).half_points == 2 * ref.hand_points(hand), hand


# --- the verdict's whole reason and the hand's whole JSON (issue 35: a receipt says *why*) ---


@pytest.mark.parametrize(
    ("banker", "player", "overrides", "verdict"),
    [
        # TT-3.2 across classes, each side of each class boundary: 二八杠 over points, 对发财 over
        # 二八杠 (and the reverse under erba_rank top), 对发财 over a pair, a pair over points
        (("5p", "6p"), ("2p", "8p"), {}, (True, "TT-3.2", "二八杠 ranks above 点数: the player wins")),
        (("F", "F"), ("2p", "8p"), {}, (False, "TT-3.2", "对发财 ranks above 二八杠: the banker wins")),
        (("2p", "8p"), ("F", "F"), {}, (True, "TT-3.2", "对发财 ranks above 二八杠: the player wins")),
        (("F", "F"), ("9p", "9p"), {}, (False, "TT-3.2", "对发财 ranks above 对子: the banker wins")),
        (("9p", "9p"), ("1p", "2p"), {}, (False, "TT-3.2", "对子 ranks above 点数: the banker wins")),
        # the lowest pair over the highest points (1p1p over F9p's 9.5); 二八杠 over the highest pair
        (("F", "9p"), ("1p", "1p"), {}, (True, "TT-3.2", "对子 ranks above 点数: the player wins")),
        (("9p", "9p"), ("2p", "8p"), {}, (True, "TT-3.2", "二八杠 ranks above 对子: the player wins")),
        (("2p", "8p"), ("9p", "9p"), {}, (False, "TT-3.2", "二八杠 ranks above 对子: the banker wins")),
        (
            ("F", "F"),
            ("2p", "8p"),
            {"erba_rank": "top"},
            (True, "TT-3.2", "二八杠 ranks above 对发财: the player wins"),
        ),
        (
            ("2p", "8p"),
            ("F", "F"),
            {"erba_rank": "top"},
            (False, "TT-3.2", "二八杠 ranks above 对发财: the banker wins"),
        ),
        # TT-3.5: the same two kinds go to the banker
        (("4p", "5p"), ("4p", "5p"), {}, (False, "TT-3.5", "identical hands (同牌) go to the banker")),
        # TT-3.2 within pairs: 9p9p over 8p8p, from either seat
        (("8p", "8p"), ("9p", "9p"), {}, (True, "TT-3.2", "the higher pair wins: 9筒对 against 8筒对")),
        (("9p", "9p"), ("8p", "8p"), {}, (False, "TT-3.2", "the higher pair wins: 8筒对 against 9筒对")),
        # TT-3.3: 3p+4p = 6+8 = 14 half-points = 7; F+9p = 1+18 = 19 = 9.5; 5p+6p = 22 mod 20 = 1
        (("3p", "4p"), ("F", "9p"), {}, (True, "TT-3.3", "9.5 points against 7: higher points win")),
        (("3p", "4p"), ("5p", "6p"), {}, (False, "TT-3.3", "1 points against 7: higher points win")),
        # half a point apart: F+9p = 19 half-points (9.5) over 4p+5p = 8 + 10 = 18 (9), both ways;
        # 1p+9p = 20 mod 20 = 0 (鳖十) under F+9p
        (("F", "9p"), ("4p", "5p"), {}, (False, "TT-3.3", "9 points against 9.5: higher points win")),
        (("4p", "5p"), ("F", "9p"), {}, (True, "TT-3.3", "9.5 points against 9: higher points win")),
        (("F", "9p"), ("1p", "9p"), {}, (False, "TT-3.3", "0 points against 9.5: higher points win")),
        # TT-3.4 high_tile: 4p+5p = 3p+6p = 9 points, 6p over 5p (T2); 3p7p v 1p9p, 0 v 0, 9p over 7p
        (
            ("4p", "5p"),
            ("3p", "6p"),
            {},
            (True, "TT-3.4", "equal points (9): the higher single tile wins, 6p against 5p"),
        ),
        (
            ("3p", "6p"),
            ("4p", "5p"),
            {},
            (False, "TT-3.4", "equal points (9): the higher single tile wins, 5p against 6p"),
        ),
        # TT-3.4 banker: every equal-point comparison to the banker
        (
            ("4p", "5p"),
            ("3p", "6p"),
            {"point_tie": "banker"},
            (False, "TT-3.4", "equal points (9) go to the banker (point_tie banker)"),
        ),
        # TT-3.4 high_tile_zero_banker: 0 v 0 (鳖十) to the banker; 1 v 1 (5p6p, 4p7p: 22 mod 20 = 2
        # half-points each) still by the high tile, 7p over 6p: each side of the zero
        (
            ("3p", "7p"),
            ("1p", "9p"),
            {"point_tie": "high_tile_zero_banker"},
            (False, "TT-3.4", "0 against 0 (鳖十) goes to the banker (point_tie high_tile_zero_banker)"),
        ),
        (
            ("5p", "6p"),
            ("4p", "7p"),
            {"point_tie": "high_tile_zero_banker"},
            (True, "TT-3.4", "equal points (1): the higher single tile wins, 7p against 6p"),
        ),
    ],
)
def test_tt_3_2_to_3_5_each_verdict_names_its_rule_and_why(
    banker: tuple[str, str],
    player: tuple[str, str],
    overrides: dict[str, str],
    verdict: tuple[bool, str, str],
) -> None:
    v = compare(h(*banker), h(*player), make_rules(overrides=overrides))
    assert (v.player_wins, v.rule, v.why) == verdict


@pytest.mark.parametrize(
    ("a", "b", "half", "json"),
    [
        # TT-3.2's classes as a receipt shows them; the half tile spelt by `half_tile` (TT-1.1)
        ("F", "F", "F", (["F", "F"], "fa_pair", "对发财", None, "对发财 (pair of half tiles)")),
        ("P", "P", "P", (["P", "P"], "fa_pair", "对发财", None, "对发财 (pair of half tiles)")),
        ("8p", "2p", "F", (["2p", "8p"], "erba", "二八杠", None, "二八杠 (2-8 bar)")),
        ("9p", "9p", "F", (["9p", "9p"], "pair", "对子", None, "九筒对 (pair of 9p)")),
        ("1p", "1p", "F", (["1p", "1p"], "pair", "对子", None, "一筒对 (pair of 1p)")),
        # TT-3.3: F+9p = 1 + 18 = 19 half-points = 9.5; 1p+9p = 2 + 18 = 20 mod 20 = 0, 鳖十;
        # 白板 + 4p = 1 + 8 = 9 = 4.5
        ("9p", "F", "F", (["F", "9p"], "points", "点数", 9.5, "9.5 点 (9.5 points)")),
        ("9p", "1p", "F", (["1p", "9p"], "points", "点数", 0, "0 点 鳖十 (0 points)")),
        ("P", "4p", "P", (["P", "4p"], "points", "点数", 4.5, "4.5 点 (4.5 points)")),
        ("7p", "8p", "F", (["7p", "8p"], "points", "点数", 5, "5 点 (5 points)")),
    ],
)
def test_tt_3_2_tt_3_3_a_hands_json_class_points_and_label(
    a: str, b: str, half: str, json: tuple[list[str], str, str, float | None, str]
) -> None:
    rules = make_rules(overrides={"half_tile": half})
    assert h(a, b, half).to_json(rules) == dict(
        zip(("tiles", "class", "class_zh", "points", "label"), json, strict=True)
    )
