"""Issue #27: every count a shape path can be handed, held to the brute-force reference.

A 红中发财 hand holding four 南 in hand crashed ``replay evaluate``: the 见字胡 check (R-7.14)
added each candidate kind to the hand and ``complete`` was handed a count of five. The
property tests never built a concealed four with a candidate added. Here:

* exhaustive where it is cheap: every honour vector (0–4 of each of the seven kinds) and
  every one-suit vector of up to eight tiles, with 0–4 wildcards and each pair rule;
* blocked kinds (a wildcard never stands for them), held or not;
* a fifth copy, answered (``complete``, the readings: no hand holds one) or refused with a
  ``ValueError`` (shanten, 进张), never an ``IndexError``;
* hands built around a concealed four, or a peng beside the fourth copy, through 见字胡, waits,
  readings and the analysis' winning tiles, against the reference;
* R-7.14's ruling: a kind the seat holds all four of is not a kind that may be won on.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from replay import shape
from replay.games.sichuan import reading as sichuan_reading
from replay.games.wuhan import judge
from replay.games.wuhan.analysis.base import winning_tiles
from replay.games.wuhan.evaluate import evaluate
from replay.games.wuhan.hand import Meld, readings
from replay.games.wuhan.ruleset import make_ruleset
from replay.games.wuhan.table import SeatState, Table
from replay.tiles import KIND_OF, NUM_KINDS, code
from tests.reference import engine_readings_as_set, ref_complete, ref_jianzi, ref_readings, ref_waits
from tests.shape_paths import PATHS, use_path
from tests.strategies import RefMeld, rules_and_laizi

PAIRS = ("jiang", "any")


@pytest.fixture(autouse=True, params=PATHS)
def shape_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test here on both paths of the shape engine: the compiled core and the pure-Python
    reference (issue #33, ``tests/shape_paths.py``)."""
    use_path(monkeypatch, request.param)
    return str(request.param)


def counts_of(codes: str) -> list[int]:
    counts = [0] * NUM_KINDS
    for c in codes.split():
        counts[KIND_OF[c]] += 1
    return counts


# --------------------------------------------------------------------------------------------
# the issue's input
# --------------------------------------------------------------------------------------------

ISSUE_27 = {
    "ruleset": {"preset": "hzfclzg", "overrides": {}},
    "dealer": 1,
    "winner": 2,
    "win": {"way": "discard", "tile": "N", "from": 3},
    "laizi_indicator": "F",
    "seats": [
        {"hand": [], "melds": []},
        {"hand": [], "melds": []},
        {
            "hand": ["P", "S", "S", "S", "S", "E", "E", "E", "N", "N"],
            "melds": [{"type": "peng", "tile": "W", "from": 0}],
        },
        {"hand": [], "melds": []},
    ],
}


def test_issue_27_a_concealed_four_of_winds_wins_feng_yi_se_on_a_discard() -> None:
    """The input that crashed. Under ``hzfclzg`` the pizi are 红中 and 发财 (R-4.1); the
    indicator 发财 makes 白板 the laizi (R-3.2). Seat 2 holds 白 南南南南 东东东 北北 and a peng of
    西, and wins on 北 from seat 3. Every tile is a wind (风: 东南西北 and 白 when 发财 is a gang
    tile, §1), so it is 风一色, which needs no shape (R-7.5); the laizi reads as itself, so it is
    hard (R-7.11). 见字胡 (R-7.14) does not apply: the hand does not win on 一万, say. Receipts
    (R-10.3, R-10.4): base 10 for one big hand; the winner opened ×2 and is hard ×2; the dealer
    factor is for 屁胡 only; seat 3 dealt in a big hand ×1.5. Seats 0 and 1 never opened:
    10·2·2 = 40 each; seat 3: 10·2·2·1.5 = 60; the winner +140.
    """
    answer = evaluate(json.loads(json.dumps(ISSUE_27)))
    assert answer["legal"] is True, answer
    assert answer["hands"] == ["fengyise"]
    assert answer["hard"] is True
    assert answer["deltas"] == [-40, -40, 140, -60]
    assert [(r["seat"], r["expression"], r["amount"]) for r in answer["receipts"]] == [
        (0, "10·2·2", 40),
        (1, "10·2·2", 40),
        (3, "10·2·2·1.5", 60),
    ]


# --------------------------------------------------------------------------------------------
# complete: exhaustive where cheap
# --------------------------------------------------------------------------------------------


def test_complete_on_every_honour_vector_matches_the_reference() -> None:
    """All 5^7 honour vectors (0–4 of each), 0–4 wildcards, both pair rules: 117,230 checks."""
    checked = 0
    for honours in itertools.product(range(5), repeat=7):
        size = sum(honours)
        counts = [0] * 27 + list(honours)
        for wild in range(5):
            if (size + wild) % 3 != 2 or size + wild > 14:
                continue
            for pair in PAIRS:
                assert shape.complete(counts, wild, pair) == ref_complete(counts, wild, pair), (
                    honours,
                    wild,
                    pair,
                )
                checked += 1
    assert checked == 117_230


def test_complete_on_every_small_one_suit_vector_matches_the_reference() -> None:
    """Every 万 vector of at most eight tiles (0–4 of a rank), 0–4 wildcards, both pair rules."""
    checked = 0
    for suit in itertools.product(range(5), repeat=9):
        size = sum(suit)
        if size > 8:
            continue
        counts = list(suit) + [0] * 25
        for wild in range(5):
            if (size + wild) % 3 != 2:
                continue
            for pair in PAIRS:
                assert shape.complete(counts, wild, pair) == ref_complete(counts, wild, pair), (
                    suit,
                    wild,
                    pair,
                )
                checked += 1
    assert checked == 83_144


@st.composite
def blocked_hands(draw: Any) -> tuple[list[int], int, tuple[int, ...]]:
    """(counts, wild, blocked): 3n+2 tiles over a few kinds, and one to three blocked kinds,
    half the time one the hand holds (a blocked kind held is only ever itself)."""
    wild = draw(st.integers(0, 4))
    size = draw(st.sampled_from((2, 5, 8, 11, 14)))
    kinds = draw(st.lists(st.integers(0, NUM_KINDS - 1), min_size=4, max_size=7, unique=True))
    counts = [0] * NUM_KINDS
    for _ in range(max(0, size - wild)):
        k = draw(st.sampled_from([k for k in kinds if counts[k] < 4]))
        counts[k] += 1
    if draw(st.booleans()):
        blocked = (draw(st.sampled_from(kinds)),)
    else:
        blocked = tuple(draw(st.lists(st.integers(0, NUM_KINDS - 1), min_size=1, max_size=3, unique=True)))
    return counts, wild, blocked


@settings(max_examples=3000, deadline=None, derandomize=True)
@given(blocked_hands())
def test_complete_with_blocked_kinds_matches_the_reference(
    case: tuple[list[int], int, tuple[int, ...]],
) -> None:
    counts, wild, blocked = case
    note(f"{[code(k) for k in range(NUM_KINDS) for _ in range(counts[k])]} +{wild} blocked={blocked}")
    for pair in PAIRS:
        want = ref_complete(counts, wild, pair, blocked)
        assert shape.complete(counts, wild, pair, blocked) == want, pair


def test_a_blocked_honour_held_is_only_itself() -> None:
    """红中 held once with two wildcards: 红中红中红中 if a wildcard could be 红中, but a blocked
    kind may only be itself, so no triplet and no pair can be made of it."""
    counts = counts_of("C")
    assert shape.complete(counts, 1, "any") is True  # unblocked: 红中 + a wildcard is a pair
    assert shape.complete(counts, 1, "any", blocked=(KIND_OF["C"],)) is False
    assert shape.complete(counts_of("C C"), 0, "any", blocked=(KIND_OF["C"],)) is True  # its own pair


# --------------------------------------------------------------------------------------------
# a fifth copy
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("five", ["E", "C", "1m", "5s", "9p"])
@pytest.mark.parametrize("wild", [0, 1, 2, 3, 4])
def test_a_fifth_copy_is_answered_or_refused_never_an_index_error(five: str, wild: int) -> None:
    """Five of a kind plus three tiles: no hand holds a fifth copy (R-3.1, SC-1.1), so
    ``complete`` and the readings answer no, and the shanten and 进张 paths refuse with a
    ValueError naming the four-copy limit."""
    counts = counts_of(f"{five} {five} {five} {five} {five} 2m 2m 2m")
    counts_wild = list(counts)
    for n in range(wild):  # room for the wildcards: the 2m go first
        counts_wild[KIND_OF["2m"]] -= 1 if n < 3 else 0
    for pair in PAIRS:
        assert shape.complete(counts, 0, pair) is False
        assert shape.complete(counts_wild, wild, pair) is False
        assert shape.complete(counts_wild, wild, pair, blocked=(KIND_OF[five],)) is False
        assert shape.complete_real_jiang(counts_wild, wild) is False
        with pytest.raises(ValueError, match="4 of a kind"):
            shape.shanten(counts_wild, wild, pair)
        with pytest.raises(ValueError, match="4 of a kind"):
            shape.ukeire(counts_wild, wild, pair)
    assert shape.melds_cost(counts) >= 7  # 7+ is impossible


def test_a_fifth_copy_reads_as_no_wuhan_hand_and_no_sichuan_hand() -> None:
    rules = make_ruleset("hzlzg")
    five = [KIND_OF[c] for c in "5p 5p 5p 5p 2m 2m 2m 3s 3s 3s 7s 7s 7s".split()]
    assert readings(five, [], KIND_OF["5p"], "self_draw", KIND_OF["4m"], rules) == []
    assert judge.could_win_shape(five, [], KIND_OF["5p"], KIND_OF["4m"], rules) is False
    concealed = counts_of("5p 5p 5p 5p 5p 2m 2m 2m 3s 3s 3s 7s 7s 7s")[:27]
    assert sichuan_reading.read(concealed, []) is None
    assert sichuan_reading.score(concealed, [], []) is None


# --------------------------------------------------------------------------------------------
# a kind held four times is not a kind that may be won on
# --------------------------------------------------------------------------------------------


def test_R_7_14_a_kind_held_four_times_is_skipped_by_jianzi() -> None:
    """Laizi 4万 (three held), 5筒 ×4 in hand, pengs 8条 and 1条. On any kind X it reads as
    碰碰胡: 5筒5筒5筒, X with two laizi, and 5筒 with the third as the pair — so the hand wins on
    every kind that another seat could discard. 5筒 itself cannot be discarded
    (the seat holds all four), so the hand is 见字胡 and may not win on a discard (R-7.14)."""
    rules = make_ruleset("hzlzg")
    laizi = KIND_OF["4m"]
    hand = [KIND_OF[c] for c in "4m 4m 4m 5p 5p 5p 5p".split()]
    melds = [Meld("peng", (KIND_OF["8s"],) * 3, None, 0), Meld("peng", (KIND_OF["1s"],) * 3, None, 0)]
    ref = [RefMeld("peng", m.tiles) for m in melds]
    assert judge.is_jianzi(hand, melds, laizi, rules) is True
    assert ref_jianzi(hand, ref, laizi, rules) is True
    # 见字胡 hands have no discard waits
    seats = [SeatState(hand, melds), SeatState(), SeatState(), SeatState()]
    table = Table(replace(rules, qihu=0), laizi, 1, seats)
    assert judge.waits(table, 0) == [] == ref_waits(hand, ref, laizi, rules)


def test_R_7_14_the_hand_of_issue_27_as_a_seat_that_holds_a_peng_beside_its_fourth_copy() -> None:
    """A peng of 西 and a 西 in hand: the seat holds all four 西, so a 西 is never asked about."""
    rules = make_ruleset("hzlzg")
    laizi = KIND_OF["5m"]
    w = KIND_OF["W"]
    hand = [w, laizi, laizi, laizi]
    melds = [Meld("peng", (w, w, w), None, 0), Meld("peng", (KIND_OF["E"],) * 3, None, 0)]
    melds.append(Meld("peng", (KIND_OF["9s"],) * 3, None, 0))
    ref = [RefMeld("peng", m.tiles) for m in melds]
    # any X: 西 + two laizi as a triplet, X + a laizi as the pair: 碰碰胡 on every live kind
    assert judge.is_jianzi(hand, melds, laizi, rules) is ref_jianzi(hand, ref, laizi, rules) is True


# --------------------------------------------------------------------------------------------
# hands built around a four: 见字胡, waits, readings and winning tiles against the reference
# --------------------------------------------------------------------------------------------


@st.composite
def four_hands(draw: Any) -> tuple[tuple[int, ...], tuple[RefMeld, ...], int, Any]:
    """(concealed, melds, laizi, rules), 3n+1 concealed tiles holding a kind four times: all
    four concealed (a quad kept in hand) or a peng beside the fourth copy; the rest exposed
    pengs and concealed groups, then one or two tiles swapped for the laizi."""
    rules, laizi = draw(rules_and_laizi())
    plain = [k for k in range(NUM_KINDS) if k not in rules.pizi and k != laizi]
    four = draw(st.sampled_from(plain))
    counts = [0] * NUM_KINDS
    counts[four] = 4
    melds: list[RefMeld] = []
    concealed: list[int] = []
    beside_a_peng = draw(st.booleans())
    if beside_a_peng:
        melds.append(RefMeld("peng", (four,) * 3))
        concealed.append(four)
    else:
        concealed += [four] * 4
    n_melds = draw(st.integers(1, 3))
    while len(melds) < n_melds:
        k = draw(st.sampled_from([k for k in plain if counts[k] == 0]))
        counts[k] = 3
        melds.append(RefMeld("peng", (k,) * 3))
    size = 13 - 3 * len(melds)
    while len(concealed) + 3 <= size - 1:
        if draw(st.booleans()):
            starts = [k for k in plain if k < 27 and k % 9 <= 6 and all(counts[k + i] < 4 for i in range(3))]
            group = tuple(range(s := draw(st.sampled_from(starts)), s + 3))
        else:
            k = draw(st.sampled_from([k for k in plain if counts[k] <= 1]))
            group = (k, k, k)
        for t in group:
            counts[t] += 1
        concealed += group
    while len(concealed) < size:
        k = draw(st.sampled_from([k for k in plain if counts[k] < 4]))
        counts[k] += 1
        concealed.append(k)
    swappable = [i for i, t in enumerate(concealed) if t != four]
    for i in (
        draw(st.lists(st.sampled_from(swappable), min_size=1, max_size=2, unique=True)) if swappable else []
    ):
        concealed[i] = laizi
    if laizi not in concealed:  # the four itself gives way: a tile short of four, still a test
        concealed[-1] = laizi
    return tuple(sorted(concealed)), tuple(melds), laizi, rules


@settings(max_examples=300, deadline=None, derandomize=True)
@given(four_hands())
def test_R_7_14_R_9_1_jianzi_and_waits_of_hands_holding_a_four_match_reference(
    case: tuple[tuple[int, ...], tuple[RefMeld, ...], int, Any],
) -> None:
    concealed, ref_melds, laizi, rules = case
    melds = [Meld(m.type, m.tiles) for m in ref_melds]
    shown = " ".join(map(code, concealed))
    note(f"concealed=[{shown}] melds={[code(m.tiles[0]) for m in melds]} laizi={code(laizi)}")
    assert judge.is_jianzi(list(concealed), melds, laizi, rules) == ref_jianzi(
        concealed, ref_melds, laizi, rules
    )
    seats = [SeatState(list(concealed), melds), SeatState(), SeatState(), SeatState()]
    table = Table(replace(rules, qihu=0), laizi, 1, seats)
    assert judge.waits(table, 0) == ref_waits(concealed, ref_melds, laizi, rules)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(four_hands(), st.data())
def test_readings_and_winning_tiles_of_hands_holding_a_four_match_reference(
    case: tuple[tuple[int, ...], tuple[RefMeld, ...], int, Any], data: st.DataObject
) -> None:
    """Each kind added to the hand, the four's own kind included (a fifth copy: no reading),
    read by the engine and the reference; the analysis' winning tiles are the kinds the
    engine's shape filter accepts."""
    concealed, ref_melds, laizi, rules = case
    melds = [Meld(m.type, m.tiles) for m in ref_melds]
    way = data.draw(st.sampled_from(("discard", "self_draw")))
    for k in range(NUM_KINDS):
        if k in rules.pizi:
            continue
        got = engine_readings_as_set(readings(list(concealed), melds, k, way, laizi, rules))
        if concealed.count(k) >= 4:  # a fifth copy: no such tile, no reading
            assert got == set(), code(k)
        else:
            assert got == ref_readings(concealed, ref_melds, k, way, laizi, rules), code(k)
    accepted = {k for k in range(NUM_KINDS) if judge.could_win_shape(list(concealed), melds, k, laizi, rules)}
    assert all(concealed.count(k) < 4 for k in accepted)
    assert winning_tiles(concealed, melds, laizi, rules) == frozenset(accepted)


def test_winning_tiles_never_names_a_kind_held_four_times_in_hand() -> None:
    """5筒 ×4, 2万 2万 2万 and 3条 3条: waits on 3条 (碰碰胡 / any pair), never on a fifth 5筒."""
    rules = make_ruleset("hzlzg")
    hand = [KIND_OF[c] for c in "5p 5p 5p 5p 2m 2m 2m 3s 3s 7s".split()]
    melds = [Meld("peng", (KIND_OF["E"],) * 3, None, 0)]
    tiles = winning_tiles(hand, melds, KIND_OF["9m"], rules)
    assert KIND_OF["5p"] not in tiles
    assert tiles == frozenset(
        k for k in range(NUM_KINDS) if judge.could_win_shape(hand, melds, k, KIND_OF["9m"], rules)
    )
