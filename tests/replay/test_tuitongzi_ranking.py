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
