"""The shared shape engine (``replay/shape.py``) on hands worked out by hand (issue #35).

The property tests hold ``shape`` to the brute-force reference (``tests/reference.py``) over
generated hands; these hold it to figures worked out in each test's comment, on both sides of
each boundary the code draws: the 3n+2 tile count, the 将 pair (R-7.2: a suited 2, 5 or 8) or
any pair, honour pairs and honour fours, 0–4 wildcards (R-4.2: a laizi stands for any tile),
blocked kinds (a wildcard never stands for them, a blocked kind held is only itself), the real
将 of 见将胡 (R-7.13), the four-copy limit (R-3.1) and the 14-tile limit with their messages.

Notation: ``hand("123m 55p EE")`` is the count vector of 1m 2m 3m 5p 5p E E (m 万, s 条,
p 筒; E S W N C F P the honours). Shanten (向听): -1 complete, 0 ready (听牌).
"""

from __future__ import annotations

import pytest

from replay import shape
from replay.tiles import KIND_OF, NUM_KINDS

PAIRS = ("jiang", "any")


def hand(text: str) -> list[int]:
    """Counts of a hand written as runs of one suit ("123m") or honours ("EE")."""
    counts = [0] * NUM_KINDS
    for word in text.split():
        if word[0].isdigit():
            for digit in word[:-1]:
                counts[KIND_OF[digit + word[-1]]] += 1
        else:
            for letter in word:
                counts[KIND_OF[letter]] += 1
    return counts


def kinds(text: str) -> frozenset[int]:
    return frozenset(k for k, n in enumerate(hand(text)) if n)


def both(counts: list[int], wild: int = 0, blocked: tuple[int, ...] = ()) -> tuple[bool, bool]:
    """``complete`` under the 将 rule and under any pair."""
    return (shape.complete(counts, wild, "jiang", blocked), shape.complete(counts, wild, "any", blocked))


# --------------------------------------------------------------------------------------------
# complete: R-7.2's shape, natural tiles only
# --------------------------------------------------------------------------------------------


def test_R_7_2_a_complete_hand_is_3n_plus_2_tiles() -> None:
    # 123m 456m 789m 55p: three runs and the 将 pair 5p, 11 tiles = 3·3 + 2
    assert both(hand("123m 456m 789m 55p")) == (True, True)
    # without one 5p, 10 tiles: no split into melds and one pair
    assert both(hand("123m 456m 789m 5p")) == (False, False)
    # 14 tiles, a fourth run: complete; the same with one more 1s (15 tiles) is not
    assert both(hand("123m 456m 789m 123s 55p")) == (True, True)


@pytest.mark.parametrize(
    "pair_kind", ["1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "2p", "5p", "9p"]
)
def test_R_7_2_the_jiang_pair_is_a_suited_2_5_or_8(pair_kind: str) -> None:
    # 123m 456m 789m EEE + a pair: jiang only for a rank 2, 5, 8; any pair always
    rank, suit = pair_kind
    counts = hand(f"123m 456m 789m EEE {rank}{rank}{suit}")
    assert sum(counts) == 14
    is_jiang = pair_kind[0] in "258"
    assert both(counts) == (is_jiang, True)
    # the pair in the suit of the runs: 123m 456m 789m + 22m / 33m (the suit table's own pair bit)
    assert both(hand("123m 456m 789m 22m")) == (True, True)
    assert both(hand("123m 456m 789m 33m")) == (False, True)
    # and in the middle suit, beside runs of the other two
    assert both(hand("123m 88s 789p")) == (True, True)
    assert both(hand("123m 99s 789p")) == (False, True)
    assert both(hand("123m 789s 55p")) == (True, True)
    assert both(hand("123m 789s 66p")) == (False, True)


def test_R_7_2_each_suit_must_split_and_only_one_holds_the_pair() -> None:
    # a broken suit (124: no run, no pair) in each position, the others complete: no
    for text in ("124m 123s 55p", "123m 124s 55p", "55m 123s 124p"):
        assert both(hand(text)) == (False, False), text
    # two suits each holding a pair (55m, 55p) beside a run: two pairs, no hand
    assert both(hand("55m 123s 55p")) == (False, False)
    assert both(hand("123m 55s 55p")) == (False, False)
    assert both(hand("55m 55s 123p")) == (False, False)
    # the pair in each suit in turn, the other two melds only: yes
    for text in ("55m 123s 789p", "123m 55s 789p", "123m 789s 55p"):
        assert both(hand(text)) == (True, True), text


def test_R_7_2_an_honour_pair_is_any_pair_never_jiang() -> None:
    # 123m 456m 789m 123s EE: four runs and the pair EE: no 将 (an honour), any pair yes
    assert both(hand("123m 456m 789m 123s EE")) == (False, True)
    # an honour pair beside a suit that also holds a pair (11s): two pairs, no hand
    assert both(hand("123m 456m 789m 11s EE")) == (False, False)
    # four honour pairs beside 123m: 11 tiles, 3n+2, but one meld and four pairs
    assert both(hand("123m EE SS CC FF")) == (False, False)
    # an honour pair beside an incomplete suit (124m): no
    assert both(hand("124m 456m 789m 123s EE")) == (False, False)


def test_R_7_2_honours_are_a_triplet_or_the_pair_never_one_or_four() -> None:
    # EEE 123m 55s: honour triplet, run, 将 pair: complete (8 tiles)
    assert both(hand("EEE 123m 55s")) == (True, True)
    # one E instead (6 tiles): a lone honour, no run can take it
    assert both(hand("E 123m 55s")) == (False, False)
    # four E (9 tiles: not 3n+2 either): a four is a triplet and a lone tile
    assert both(hand("EEEE 123m 55s")) == (False, False)
    # EE alone: the pair, any rule only
    assert both(hand("EE")) == (False, True)
    assert both(hand("EEEE")) == (False, False)


# --------------------------------------------------------------------------------------------
# complete: wildcards
# --------------------------------------------------------------------------------------------


def test_R_4_2_wildcards_count_toward_3n_plus_2() -> None:
    base = hand("123m 456m 789m 55p")  # 11 tiles, complete
    # + 1 (12), + 2 (13), + 4 (15) wildcards: not 3n+2; + 3 (14): the wildcards are a triplet
    assert [both(base, w) for w in range(5)] == [
        (True, True),
        (False, False),
        (False, False),
        (True, True),
        (False, False),
    ]


def test_R_4_2_a_lone_tile_and_0_to_4_wildcards() -> None:
    # 123m 456m 789m 1s: 1s is no 将. Any pair: 1s + one wildcard (11 tiles with 1).
    # 将: the pair is two wildcards and 1s + two wildcards a meld: 4 wildcards (14 tiles).
    counts = hand("123m 456m 789m 1s")
    assert both(counts, 1) == (False, True)
    assert both(counts, 4) == (True, True)
    # 5s is a 将: one wildcard makes the pair 5s 5s
    assert both(hand("123m 456m 789m 5s"), 1) == (True, True)
    # 3s: no 将, any pair
    assert both(hand("123m 456m 789m 3s"), 1) == (False, True)
    # 13m 456m 789m 55p + 1: the wildcard is the 2m of 123m
    assert both(hand("13m 456m 789m 55p"), 1) == (True, True)
    # a lone honour + 1: E E is any pair; E + 2 wildcards is a triplet but the 将 needs 2 more
    assert both(hand("123m 456m 789m 123s E"), 1) == (False, True)
    # no natural tile: two wildcards are a pair of anything, five a triplet and a pair
    assert both([0] * NUM_KINDS, 2) == (True, True)
    assert both([0] * NUM_KINDS, 5) == (True, True)
    # 5p + 1: the pair 5p 5p; 1p + 1: any pair only
    assert both(hand("5p"), 1) == (True, True)
    assert both(hand("1p"), 1) == (False, True)


def test_R_4_2_honours_with_wildcards() -> None:
    # CC 123m + 3: 将 — CC + 1 wildcard is a triplet, the other two the pair; any — also
    assert both(hand("CC 123m"), 3) == (True, True)
    # C 123m + 4: C + 2 a triplet, 2 the pair
    assert both(hand("C 123m"), 4) == (True, True)
    # CCCC 5p + 3: CCC, then C + 2 wildcards, 5p + the last: the 将 pair
    assert both(hand("CCCC 5p"), 3) == (True, True)
    # EE SS 5p + 1 (6 tiles): no split — two honour pairs need one wildcard each to be triplets
    # and the 5p pair another: 3 > 1
    assert both(hand("EE SS 5p"), 1) == (False, False)
    # EE SS 5p + 4 (9 tiles): EEE SSS 5p5p, one wildcard left: not 3n+2 anyway; + 3 (8): EE+1,
    # SS+1, 5p+1: 将 yes; any: also
    assert both(hand("EE SS 5p"), 3) == (True, True)
    # EE SS + 3 (7 tiles, not 3n+2) no; EE SS + 1 (5): EE the pair, SS + 1 a triplet: any only
    assert both(hand("EE SS"), 1) == (False, True)
    # EEEE + 1 (5): EEE and E + wildcard as the pair: any only
    assert both(hand("EEEE"), 1) == (False, True)


# --------------------------------------------------------------------------------------------
# complete: blocked kinds
# --------------------------------------------------------------------------------------------


def test_blocked_kinds_a_wildcard_never_stands_for_them() -> None:
    p5, s5 = KIND_OF["5p"], KIND_OF["5s"]
    # 5p + 1: the pair 5p 5p, unless 5p is blocked; blocking another kind changes nothing
    assert both(hand("5p"), 1) == (True, True)
    assert both(hand("5p"), 1, (p5,)) == (False, False)
    assert both(hand("5p"), 1, (s5,)) == (True, True)
    # 23m 55s + 1: the wildcard is 1m or 4m; blocking both (the suit's edge kind 1m, k = 0)
    # leaves nothing, blocking either one leaves the other
    m1, m4 = KIND_OF["1m"], KIND_OF["4m"]
    assert both(hand("23m 55s"), 1, (m1, m4)) == (False, False)
    assert both(hand("23m 55s"), 1, (m4,)) == (True, True)
    assert both(hand("23m 55s"), 1, (m1,)) == (True, True)
    # the same at the top edge of the third suit: 78p 55s + 1 needs 6p or 9p (k = 26)
    p6, p9 = KIND_OF["6p"], KIND_OF["9p"]
    assert both(hand("78p 55s"), 1, (p6, p9)) == (False, False)
    assert both(hand("78p 55s"), 1, (p9,)) == (True, True)
    assert both(hand("78p 55s"), 1, (p6,)) == (True, True)
    # and in the middle suit: 23s 55p + 1, blocked 1s and 4s
    assert both(hand("23s 55p"), 1, (KIND_OF["1s"], KIND_OF["4s"])) == (False, False)
    assert both(hand("23s 55p"), 1, (KIND_OF["1s"],)) == (True, True)


def test_blocked_honours_held_are_only_themselves() -> None:
    c = KIND_OF["C"]
    # CC 123m + 3, C blocked: CC cannot grow to a triplet, so it must be the pair: any yes
    # (the three wildcards a triplet), 将 no (an honour pair)
    assert both(hand("CC 123m"), 3, (c,)) == (False, True)
    # C 123m + 4, C blocked: a lone C can be neither
    assert both(hand("C 123m"), 4, (c,)) == (False, False)
    # CCCC 5p + 3, C blocked: CCC and a lone C
    assert both(hand("CCCC 5p"), 3, (c,)) == (False, False)
    # CCC 5p + 1, C blocked: its own triplet and the pair 5p 5p
    assert both(hand("CCC 5p"), 1, (c,)) == (True, True)
    # a blocked honour not held changes nothing; the next honour (F) blocked leaves C alone
    assert both(hand("C 123m"), 4, (KIND_OF["F"],)) == (True, True)
    assert both(hand("CC 123m"), 3, (KIND_OF["F"],)) == (True, True)
    # E blocked, EE SS + 1: EE the pair (its own), SS + 1 a triplet: any yes
    assert both(hand("EE SS"), 1, (KIND_OF["E"],)) == (False, True)
    # S blocked instead: EE SS + 1: SS must be the pair, EE + 1 the triplet: any yes
    assert both(hand("EE SS"), 1, (KIND_OF["S"],)) == (False, True)
    # both blocked: neither may take the wildcard
    assert both(hand("EE SS"), 1, (KIND_OF["E"], KIND_OF["S"])) == (False, False)


# --------------------------------------------------------------------------------------------
# complete_real_jiang: 见将胡
# --------------------------------------------------------------------------------------------


def test_R_7_13_the_jiang_pair_holds_a_natural_tile() -> None:
    # no wildcard: complete's 将 rule
    assert shape.complete_real_jiang(hand("123m 456m 789m 123s 55p")) is True
    assert shape.complete_real_jiang(hand("123m 456m 789m 123s 11p")) is False
    # 123m 456m 789m 123s 5p + 1: 5p and the wildcard
    assert shape.complete_real_jiang(hand("123m 456m 789m 123s 5p"), 1) is True
    # 111m 333m 777m 999s + 2: the only pair is two wildcards: no real 将 (complete says yes)
    assert shape.complete_real_jiang(hand("111m 333m 777m 999s"), 2) is False
    assert shape.complete(hand("111m 333m 777m 999s"), 2) is True
    # 111m 333m 777m 99s + 3: 99s + 1 a triplet, the pair two wildcards: no real 将
    assert shape.complete_real_jiang(hand("111m 333m 777m 99s"), 3) is False
    # 123m 456m 789m 55p + 3: 55p both natural, the wildcards a triplet
    assert shape.complete_real_jiang(hand("123m 456m 789m 55p"), 3) is True
    # 123m 456m 789m 1s 5p + 3: 5p + 1 the pair, 1s + 2 a meld
    assert shape.complete_real_jiang(hand("123m 456m 789m 1s 5p"), 3) is True
    # the 3n+2 count: 123m 456m 789m 5p + 2 is 12 tiles
    assert shape.complete_real_jiang(hand("123m 456m 789m 5p"), 2) is False
    assert shape.complete_real_jiang(hand("123m 456m 789m 5p"), 1) is True
    # 2m 5p 1s 9s + 1: either 将 takes the wildcard, three lone tiles are left
    assert shape.complete_real_jiang(hand("2m 5p 1s 9s"), 1) is False


def test_R_7_13_a_blocked_jiang_kind_takes_no_wildcard() -> None:
    p5 = KIND_OF["5p"]
    # 5p blocked: the wildcard cannot be the second 5p
    assert shape.complete_real_jiang(hand("123m 456m 789m 123s 5p"), 1, (p5,)) is False
    # two natural 5p need no wildcard: still a real 将
    assert shape.complete_real_jiang(hand("123m 456m 789m 55p"), 3, (p5,)) is True
    # blocked elsewhere: 1s blocked, 1s + 2 wildcards cannot be 111s (a wildcard would be 1s)
    # but can be 123s
    assert shape.complete_real_jiang(hand("123m 456m 789m 1s 5p"), 3, (KIND_OF["1s"],)) is True
    # 2s blocked: 1s + 2s 3s: a wildcard for 2s is refused, 111s too — 1s is blocked too
    blocked = (KIND_OF["1s"], KIND_OF["2s"])
    assert shape.complete_real_jiang(hand("123m 456m 789m 1s 5p"), 3, blocked) is False


def test_R_7_13_each_jiang_kind_is_tried_in_turn() -> None:
    # 22m 8p 678s + 2 (8 tiles): 22m the pair (both natural), 8p + 2 wildcards 888p, 678s
    assert shape.complete_real_jiang(hand("22m 8p 678s"), 2) is True
    # 2m 89p 678s + 2: 2m + 1 the pair, 89p + 1 (7p) a run, 678s
    assert shape.complete_real_jiang(hand("2m 89p 678s"), 2) is True
    # 2m 5m 8m + 2 (5 tiles): whichever 将 takes a wildcard, two lone tiles are left for one
    # wildcard (2m 5m 8m are three apart: no run of two of them)
    assert shape.complete_real_jiang(hand("2m 5m 8m"), 2) is False
    # 22m 5p 9s + 1: 2m + 1 leaves 2m 5p 9s (6 more), 22m leaves 5p 9s (4 more than 1),
    # 5p + 1 leaves 22m 9s (3 more than 0): no
    assert shape.complete_real_jiang(hand("22m 5p 9s"), 1) is False


# --------------------------------------------------------------------------------------------
# melds_cost
# --------------------------------------------------------------------------------------------


def test_melds_cost_is_the_wildcards_for_melds_only() -> None:
    assert shape.melds_cost(hand("123m")) == 0
    assert shape.melds_cost(hand("1m")) == 2  # 1m + 2: 111m or 123m
    assert shape.melds_cost(hand("12m")) == 1  # + 3m
    assert shape.melds_cost(hand("13s")) == 1  # + 2s
    assert shape.melds_cost(hand("E")) == 2  # EEE
    assert shape.melds_cost(hand("EE")) == 1
    assert shape.melds_cost(hand("EEE")) == 0
    assert shape.melds_cost(hand("EEEE")) == 2  # EEE and E + 2
    assert shape.melds_cost(hand("1m E 9p")) == 6
    assert shape.melds_cost(hand("123m 456s 789p EEE")) == 0
    # blocked: 3m blocked, 12m cannot take 3m: 1m + 2 and 2m + 2
    assert shape.melds_cost(hand("12m"), (KIND_OF["3m"],)) == 4
    # a blocked honour held alone or as a pair: no meld (7 or more: impossible)
    assert shape.melds_cost(hand("E"), (KIND_OF["E"],)) >= 7
    assert shape.melds_cost(hand("EE"), (KIND_OF["E"],)) >= 7
    assert shape.melds_cost(hand("EEE"), (KIND_OF["E"],)) == 0
    # E blocked does not block S (the honours are matched kind by kind)
    assert shape.melds_cost(hand("S"), (KIND_OF["E"],)) == 2
    assert shape.melds_cost(hand("S"), (KIND_OF["S"],)) >= 7
    assert shape.melds_cost(hand("P"), (KIND_OF["P"],)) >= 7
    assert shape.melds_cost(hand("P"), (KIND_OF["F"],)) == 2


def test_suit_values_read_each_suit_apart() -> None:
    """Each suit's packed wildcard needs: melds | any pair << 3 | 将 pair << 6."""

    def unpack(v: int) -> tuple[int, int, int]:
        return v & 7, v >> 3 & 7, v >> 6 & 7

    b = bytes(hand("123m 5s 11p"))
    v0, v1, v2 = shape.suit_values(b)
    assert unpack(v0) == (0, 2, 2)  # 123m: a meld; a pair is two wildcards
    assert unpack(v1) == (2, 1, 1)  # 5s: + 2 for 345s or 555s; 5s 5s with one
    assert unpack(v2) == (1, 0, 3)  # 11p: 111p with one; 11p is the pair; 将: 111p, 2 more
    # 5s blocked: no wildcard is a 5s — melds 345s / 456s / 567s still take 2; the pair is two
    # wildcards (a 2s or 8s under 将) beside 5s in a run: 4. The other suits are unchanged.
    w0, w1, w2 = shape.suit_values(b, (KIND_OF["5s"],))
    assert (w0, w2) == (v0, v2)
    assert unpack(w1) == (2, 4, 4)
    # 1p blocked (the first kind of the third suit): no 111p, so each 1p sits in a 123p with
    # two wildcards (4); 11p is the pair by itself (0); 将: 4 + a pair of two wildcards (6)
    assert unpack(shape.suit_values(b, (KIND_OF["1p"],))[2]) == (4, 0, 6)
    # 9m blocked beside 123m: nothing changes in 万
    assert shape.suit_values(b, (KIND_OF["9m"],)) == (v0, v1, v2)


# --------------------------------------------------------------------------------------------
# shanten
# --------------------------------------------------------------------------------------------


def test_shanten_of_worked_hands() -> None:
    # complete 14 tiles: -1; the same less the second 5p (13): ready on 5p, 0
    assert shape.shanten(hand("123m 456m 789m 123s 55p")) == -1
    assert shape.shanten(hand("123m 456m 789m 123s 5p")) == 0
    # 13 lone tiles, no two within reach: any pair — four of them each need two more for a
    # meld and a fifth one more for the pair: 9 tiles in, so 8 (9 exchanges − 1). 将: none of
    # them is a 2/5/8, the pair is two new tiles: 9.
    lone = hand("1m 4m 7m 1s 4s 7s 1p 4p 7p E S W N")
    assert (shape.shanten(lone, 0, "jiang"), shape.shanten(lone, 0, "any")) == (9, 8)
    # the default pair rule is 将
    assert shape.shanten(lone) == 9
    # one of them a wildcard instead (N gone): one exchange less
    twelve = hand("1m 4m 7m 1s 4s 7s 1p 4p 7p E S W")
    assert (shape.shanten(twelve, 1, "jiang"), shape.shanten(twelve, 1, "any")) == (8, 7)
    # one tile: 5p waits on 5p (0); 1p and E need a 将 from nothing under 将 (1), 0 under any
    assert (shape.shanten(hand("5p")), shape.shanten(hand("5p"), 0, "any")) == (0, 0)
    assert (shape.shanten(hand("1p")), shape.shanten(hand("1p"), 0, "any")) == (1, 0)
    assert (shape.shanten(hand("E")), shape.shanten(hand("E"), 0, "any")) == (1, 0)
    # wildcards alone: 1 wildcard waits (0); 2 are a pair (-1)
    assert shape.shanten([0] * NUM_KINDS, 1) == 0
    assert shape.shanten([0] * NUM_KINDS, 2) == -1
    # 12m 5p 9p E (5 tiles): 12m + 3m and 5p + 5p: one exchange away from 123m 55p — 1
    assert shape.shanten(hand("12m 5p 9p E")) == 1


def test_R_3_1_shanten_refuses_15_tiles_and_a_fifth_copy_with_the_limit() -> None:
    fourteen = hand("123m 456m 789m 123s 55p")
    assert shape.shanten(fourteen, 0) == -1
    with pytest.raises(ValueError) as error:
        shape.shanten(fourteen, 1)
    assert str(error.value) == "shanten is for hands of at most 14 tiles and 4 of a kind, not 15 tiles"
    # 11111m 23m: a fifth 1m, 7 tiles
    with pytest.raises(ValueError) as error:
        shape.shanten(hand("11111m 23m"))
    assert str(error.value) == "shanten is for hands of at most 14 tiles and 4 of a kind, not 7 tiles"
    with pytest.raises(ValueError) as error:
        shape.shanten(hand("11111m 2m"), 1)
    assert str(error.value) == "shanten is for hands of at most 14 tiles and 4 of a kind, not 7 tiles"
    # four copies are fine: 1111m 23m (6 + 1 wildcard: 111m 123m + the wildcard: ready)
    assert shape.shanten(hand("1111m 23m"), 1, "any") == 0
    with pytest.raises(ValueError) as error:
        shape.shanten([0] * NUM_KINDS, 2, "seven")
    assert str(error.value) == "pair must be 'jiang' or 'any', not 'seven'"


def test_shanten_after_draws_one_more_tile_of_each_kind() -> None:
    # 123m 456m 789m 123s 5p (ready on 5p): drawing 5p completes (-1), anything else leaves 0
    ready = hand("123m 456m 789m 123s 5p")
    after = shape.shanten_after_draws(ready)
    assert set(after) == set(range(NUM_KINDS))
    assert after[KIND_OF["5p"]] == -1
    assert {k for k, v in after.items() if v == 0} == set(range(NUM_KINDS)) - {KIND_OF["5p"]}
    # the kinds asked only, each once
    asked = shape.shanten_after_draws(ready, 0, "jiang", [KIND_OF["5p"], KIND_OF["1m"], KIND_OF["5p"]])
    assert asked == {KIND_OF["5p"]: -1, KIND_OF["1m"]: 0}
    # a fifth copy is computed (a wildcard may read as one): 1111m 23m 456m 789m 5p + 1m:
    # 111m 123m 456m 789m, 1m and 5p left: discard 1m, ready on 5p (0)
    four = hand("1111m 23m 456m 789m 5p")
    assert shape.shanten_after_draws(four, 0, "jiang", [KIND_OF["1m"]]) == {KIND_OF["1m"]: 0}
    # ... and with the 5p drawn instead: 111m 123m 456m 789m 55p, complete
    assert shape.shanten_after_draws(four, 0, "jiang", [KIND_OF["5p"]]) == {KIND_OF["5p"]: -1}
    # 1p alone: 将 — drawing any 2/5/8 makes a 将 to wait on (0); any — only 1p completes
    lone = shape.shanten_after_draws(hand("1p"))
    assert {k for k, v in lone.items() if v == 0} == kinds("2m 5m 8m 2s 5s 8s 2p 5p 8p")
    assert {k for k, v in shape.shanten_after_draws(hand("1p"), 0, "any").items() if v == -1} == kinds("1p")


def test_shanten_after_discards_one_less_of_each_kind_held() -> None:
    # 23m 55s 9p: throwing 9p leaves 23m 55s, ready (0); throwing 2m, 3m or a 5s leaves 1
    got = shape.shanten_after_discards(hand("23m 55s 9p"))
    assert got == {KIND_OF["2m"]: 1, KIND_OF["3m"]: 1, KIND_OF["5s"]: 1, KIND_OF["9p"]: 0}
    # with a wildcard and any pair: 1m 5p + 1 wildcard (3 tiles): either discard leaves a
    # tile and the wildcard, a pair under any (-1)
    assert shape.shanten_after_discards(hand("1m 5p"), 1, "any") == {KIND_OF["1m"]: -1, KIND_OF["5p"]: -1}


def test_improving_draws_filter_by_below() -> None:
    ready = hand("123m 456m 789m 123s 5p")
    # below 0: only the winning 5p; below 1: every kind (no draw makes a ready hand worse)
    assert shape.improving_draws(ready, 0, "jiang", range(NUM_KINDS), 0) == kinds("5p")
    assert shape.improving_draws(ready, 0, "jiang", range(NUM_KINDS), 1) == frozenset(range(NUM_KINDS))
    assert shape.improving_draws(ready, 0, "jiang", range(NUM_KINDS), -1) == frozenset()
    # 1p alone: below 1 under 将 — the 2/5/8s; under any the 1p (below 0)
    assert shape.improving_draws(hand("1p"), 0, "jiang", range(NUM_KINDS), 1) == kinds(
        "2m 5m 8m 2s 5s 8s 2p 5p 8p"
    )
    assert shape.improving_draws(hand("1p"), 0, "any", range(NUM_KINDS), 0) == kinds("1p")
    # E alone (the honours group): any — E; 将 — the 2/5/8s
    assert shape.improving_draws(hand("E"), 0, "any", range(NUM_KINDS), 0) == kinds("E")
    assert shape.improving_draws(hand("E"), 0, "jiang", range(NUM_KINDS), 1) == kinds(
        "2m 5m 8m 2s 5s 8s 2p 5p 8p"
    )
    # each group: 5s alone and 5p alone wait on themselves
    assert shape.improving_draws(hand("5s"), 0, "jiang", range(NUM_KINDS), 0) == kinds("5s")
    assert shape.improving_draws(hand("5p"), 0, "jiang", range(NUM_KINDS), 0) == kinds("5p")
    assert shape.improving_draws(hand("5m"), 0, "jiang", range(NUM_KINDS), 0) == kinds("5m")
    # only the kinds asked
    assert shape.improving_draws(ready, 0, "jiang", [KIND_OF["1m"]], 0) == frozenset()
    # a kind held four times: its fifth copy computed. 1111m 23m 456m 789m 5p: drawing 1m
    # leaves 0, not below 0; 5p completes
    four = hand("1111m 23m 456m 789m 5p")
    assert shape.improving_draws(four, 0, "jiang", kinds("1m 5p"), 0) == kinds("5p")
    assert shape.improving_draws(four, 0, "jiang", kinds("1m 5p"), 1) == kinds("1m 5p")


def test_R_3_1_improving_draws_refuses_a_15th_tile_and_a_fifth_copy() -> None:
    ready = hand("123m 456m 789m 123s 5p")
    with pytest.raises(ValueError) as error:
        shape.improving_draws(ready, 1, "jiang", [0], 0)
    assert str(error.value) == "shanten is for hands of at most 14 tiles and 4 of a kind, not 15 tiles"
    with pytest.raises(ValueError) as error:
        shape.improving_draws(hand("11111m 2m"), 0, "jiang", [0], 0)
    assert str(error.value) == "shanten is for hands of at most 14 tiles and 4 of a kind, not 7 tiles"


# --------------------------------------------------------------------------------------------
# ukeire (进张 of every discard)
# --------------------------------------------------------------------------------------------


def test_ukeire_of_a_worked_five_tile_hand() -> None:
    """23m 55s 9p (5 tiles): what each discard leaves and which draws then lower the shanten.

    将 rule:
    - throw 9p: 23m 55s, ready (0) on 1m / 4m;
    - throw 2m: 3m 55s 9p (1): 1m 2m 3m 4m 5m make a run-to-be or a pair of 3m beside the 将
      55s (13m, 23m, 33m, 34m, 35m: ready), 7p 8p 9p likewise with 9p; 5s makes 555s but
      leaves 3m 9p with no 将 to wait on: not listed;
    - throw 3m: 2m 55s 9p: 1m–4m and 7p–9p as above; 5m does not reach 2m (25m); 5s makes
      555s and 2m, a 将, waits on its pair: listed;
    - throw a 5s: 23m 5s 9p: 1m / 4m make a run (ready on 5s), 5s back makes 23m 55s.
    Any pair: 9p may be the pair, so the 5s throw also takes 9p (23m 99p), and 555s beside 3m
    waits on 3m: the 2m throw also takes 5s.
    """
    u = shape.ukeire(hand("23m 55s 9p"))
    assert u == {
        KIND_OF["2m"]: (1, kinds("1m 2m 3m 4m 5m 7p 8p 9p")),
        KIND_OF["3m"]: (1, kinds("1m 2m 3m 4m 5s 7p 8p 9p")),
        KIND_OF["5s"]: (1, kinds("1m 4m 5s")),
        KIND_OF["9p"]: (0, kinds("1m 4m")),
    }
    u = shape.ukeire(hand("23m 55s 9p"), 0, "any")
    assert u[KIND_OF["5s"]] == (1, kinds("1m 4m 5s 9p"))
    assert u[KIND_OF["2m"]] == (1, kinds("1m 2m 3m 4m 5m 5s 7p 8p 9p"))
    assert u[KIND_OF["9p"]] == (0, kinds("1m 4m"))
    # draws=False: the shanten after each discard only
    assert shape.ukeire(hand("23m 55s 9p"), 0, "jiang", draws=False) == {
        KIND_OF["2m"]: (1, frozenset()),
        KIND_OF["3m"]: (1, frozenset()),
        KIND_OF["5s"]: (1, frozenset()),
        KIND_OF["9p"]: (0, frozenset()),
    }


def test_ukeire_across_groups_and_honours() -> None:
    # 1m 5p (2 tiles): throw 1m: 5p waits on 5p (0); throw 5p: 1m needs a 将 under 将 (1: any
    # 2/5/8 drawn), and under any pair waits on 1m (0)
    assert shape.ukeire(hand("1m 5p")) == {
        KIND_OF["1m"]: (0, kinds("5p")),
        KIND_OF["5p"]: (1, kinds("2m 5m 8m 2s 5s 8s 2p 5p 8p")),
    }
    assert shape.ukeire(hand("1m 5p"), 0, "any") == {
        KIND_OF["1m"]: (0, kinds("5p")),
        KIND_OF["5p"]: (0, kinds("1m")),
    }
    # E S: any — each waits on the other's pair; 将 — either needs a 2/5/8
    assert shape.ukeire(hand("E S"), 0, "any") == {
        KIND_OF["E"]: (0, kinds("S")),
        KIND_OF["S"]: (0, kinds("E")),
    }
    jiang = kinds("2m 5m 8m 2s 5s 8s 2p 5p 8p")
    assert shape.ukeire(hand("E S")) == {KIND_OF["E"]: (1, jiang), KIND_OF["S"]: (1, jiang)}
    # 12m 5p 9p E (5 tiles), 将: throwing 9p or E leaves 12m 5p + the other (1), improved by
    # 3m (123m) or 5p (55p) — the honour group's draws and the suits' alike
    u = shape.ukeire(hand("12m 5p 9p E"))
    assert u[KIND_OF["9p"]] == (1, kinds("3m 5p"))
    assert u[KIND_OF["E"]] == (1, kinds("3m 5p"))
    # throwing 1m: 2m 5p 9p E (2): a draw that pairs a tile or starts a run with one — 1m–4m
    # by 2m, 3p–7p by 5p, 7p–9p by 9p, E by E; 5m, 6m and the other honours reach nothing
    assert u[KIND_OF["1m"]] == (2, kinds("1m 2m 3m 4m 3p 4p 5p 6p 7p 8p 9p E"))
    # any pair: throwing 5p leaves 12m 9p E, improved by 3m, 9p, E
    assert shape.ukeire(hand("12m 5p 9p E"), 0, "any")[KIND_OF["5p"]] == (1, kinds("3m 9p E"))


def test_ukeire_never_offers_a_fifth_copy() -> None:
    # 1111m 2m (5 tiles), any pair. Throw 2m: 1111m is 111m + 1m, ready (0) — on a fifth 1m,
    # which cannot be drawn: no draw is offered. Throw a 1m: 111m 2m, ready on 2m (111m 22m)
    # and on 3m (11m 123m).
    assert shape.ukeire(hand("1111m 2m"), 0, "any") == {
        KIND_OF["1m"]: (0, kinds("2m 3m")),
        KIND_OF["2m"]: (0, frozenset()),
    }
    # 将: throw a 1m: ready on 2m only (11m is no 将); throw 2m: 1111m needs a 将 pair (1),
    # any 2/5/8 drawn starts one
    assert shape.ukeire(hand("1111m 2m")) == {
        KIND_OF["1m"]: (0, kinds("2m")),
        KIND_OF["2m"]: (1, kinds("2m 5m 8m 2s 5s 8s 2p 5p 8p")),
    }


def test_R_3_1_ukeire_refuses_16_tiles_none_and_a_fifth_copy() -> None:
    # 15 tiles (a 14-tile hand that drew, about to discard): allowed; 16 and 0 are not
    fifteen = hand("123m 456m 789m 123s 55p 9p")
    assert shape.ukeire(fifteen)[KIND_OF["9p"]][0] == -1
    with pytest.raises(ValueError) as error:
        shape.ukeire(fifteen, 1)
    assert str(error.value) == "shanten is for hands of at most 14 tiles and 4 of a kind, not 16 tiles"
    with pytest.raises(ValueError) as error:
        shape.ukeire([0] * NUM_KINDS, 0)
    assert str(error.value) == "shanten is for hands of at most 14 tiles and 4 of a kind, not 0 tiles"
    # one tile is the smallest: throwing it leaves nothing, two tiles from a pair (1)
    assert shape.ukeire(hand("5p"), 0, "jiang", draws=False) == {KIND_OF["5p"]: (1, frozenset())}
    with pytest.raises(ValueError) as error:
        shape.ukeire(hand("11111m 2m"))
    assert str(error.value) == "shanten is for hands of at most 14 tiles and 4 of a kind, not 6 tiles"


# --------------------------------------------------------------------------------------------
# the per-group lookups (issue #15): the same answers by group shape and rest
# --------------------------------------------------------------------------------------------


def bits(text: str) -> int:
    return sum(1 << k for k in kinds(text))


JIANG_KINDS = "2m 5m 8m 2s 5s 8s 2p 5p 8p"


def test_group_keys_and_shanten_of_keys() -> None:
    # each group's counts as a little-endian integer of its ranks: 123m -> 1 | 1 << 8 | 1 << 16,
    # 5s -> 1 << 32 (rank 5 of 条), 11p -> 2, E -> 1
    keys = shape.group_keys(hand("123m 5s 11p E"))
    assert keys == (0x010101, 1 << 32, 2, 1)
    # 7 tiles (aiming at 8: two melds and the 将): keep 123m 11p 5s, draw a 1p and a 5s —
    # 123m 111p 55s: two tiles in, shanten 1
    assert shape.shanten_of_keys(keys, 7, 0, "jiang") == shape.shanten(hand("123m 5s 11p E")) == 1
    # a ready 13-tile hand by its keys; the same with its 5p a wildcard; and with two
    assert shape.shanten_of_keys(shape.group_keys(hand("123m 456m 789m 123s 5p")), 13, 0) == 0
    assert shape.shanten_of_keys(shape.group_keys(hand("123m 456m 789m 123s")), 13, 1) == 0
    assert shape.shanten_of_keys(shape.group_keys(hand("123m 456m 789m 123s")), 14, 2) == -1
    lone = shape.group_keys(hand("1m 4m 7m 1s 4s 7s 1p 4p 7p E S W N"))
    assert (shape.shanten_of_keys(lone, 13, 0, "jiang"), shape.shanten_of_keys(lone, 13, 0, "any")) == (9, 8)


def test_improving_kinds_and_masks_of_worked_hands() -> None:
    # 23m 55s (4 tiles): ready on 1m / 4m, both near 23m
    for pair in PAIRS:
        keys = shape.group_keys(hand("23m 55s"))
        assert shape.improving_kinds(keys, 4, pair) == [KIND_OF["1m"], KIND_OF["4m"]]
        assert shape.improving_kinds(keys, 4, pair, near=True) == [KIND_OF["1m"], KIND_OF["4m"]]
        assert shape.improving_mask(keys, 4, pair) == bits("1m 4m")
    # 1p alone: 将 — any 2/5/8 starts the 将 (1 → 0); near it only 2p (1p–3p);
    # any pair — the 1p itself
    keys = shape.group_keys(hand("1p"))
    assert shape.improving_kinds(keys, 1) == sorted(kinds(JIANG_KINDS))
    assert shape.improving_kinds(keys, 1, "jiang", near=True) == [KIND_OF["2p"]]
    assert shape.improving_kinds(keys, 1, "any") == [KIND_OF["1p"]]
    assert shape.improving_mask(keys, 1) == bits(JIANG_KINDS)
    assert shape.improving_mask(keys, 1, "jiang", near=True) == bits("2p")
    assert shape.improving_mask(keys, 1, "any") == bits("1p")
    # E alone: 将 — the 2/5/8s, none near an honour; any — E itself
    keys = shape.group_keys(hand("E"))
    assert shape.improving_kinds(keys, 1) == sorted(kinds(JIANG_KINDS))
    assert shape.improving_kinds(keys, 1, "jiang", near=True) == []
    assert shape.improving_kinds(keys, 1, "any", near=True) == [KIND_OF["E"]]
    assert shape.improving_mask(keys, 1, "jiang", near=True) == 0
    assert shape.improving_mask(keys, 1, "any", near=True) == bits("E")
    # 1m 9m E (3 tiles), 将 (3): a pair or a run-to-be with 1m (1m 2m 3m) or 9m (7m 8m 9m),
    # E E, or a 将 started anywhere (5m and the 2/5/8s of the other suits: far from any tile
    # held, so not near); any (2): the same less the 将s
    keys = shape.group_keys(hand("1m 9m E"))
    near = "1m 2m 3m 7m 8m 9m E"
    assert shape.improving_kinds(keys, 3) == sorted(kinds(f"{near} 5m 2s 5s 8s 2p 5p 8p"))
    assert shape.improving_kinds(keys, 3, "jiang", near=True) == sorted(kinds(near))
    assert shape.improving_kinds(keys, 3, "any") == sorted(kinds(near))
    assert shape.improving_mask(keys, 3) == bits(f"{near} 5m 2s 5s 8s 2p 5p 8p")
    assert shape.improving_mask(keys, 3, "jiang", near=True) == bits(near)
    # the classes given by the caller are the ones read
    classes = [shape.rule_tables("any")[0 if g < 3 else 1][k] >> 8 & 255 for g, k in enumerate(keys)]
    assert shape.improving_mask(keys, 3, "any", classes=classes) == bits(near)
    # a ready 13-tile hand: only its wait
    keys = shape.group_keys(hand("123m 456m 789m 123s 5p"))
    assert shape.improving_kinds(keys, 13) == [KIND_OF["5p"]]
    assert shape.improving_mask(keys, 13, "any", near=True) == bits("5p")


def test_discard_kept_and_discards_keeping_of_worked_hands() -> None:
    # 23m 55s 9p (5 tiles): shanten after a discard = 3·1 + 1 − kept = 4 − kept: 9p leaves 0
    # (kept 4), 2m, 3m, 5s leave 1 (kept 3) — as ukeire's worked figures
    keys = shape.group_keys(hand("23m 55s 9p"))
    for pair in PAIRS:
        assert shape.discard_kept(keys, 5, pair) == [
            (KIND_OF["2m"], 3),
            (KIND_OF["3m"], 3),
            (KIND_OF["5s"], 3),
            (KIND_OF["9p"], 4),
        ]
        assert shape.discards_keeping(keys, 5, 4, pair) == bits("9p")
        assert shape.discards_keeping(keys, 5, 3, pair) == bits("2m 3m 5s")
        assert shape.discards_keeping(keys, 5, 2, pair) == 0
    # 12m 5p 9p E: 9p or E leave 12m 5p + one (1: kept 3); 1m, 2m, 5p leave 2 (kept 2) under
    # 将; under any, 5p leaves 12m 9p E, also 1 (9p or E may be the pair)
    keys = shape.group_keys(hand("12m 5p 9p E"))
    assert shape.discard_kept(keys, 5) == [
        (KIND_OF["1m"], 2),
        (KIND_OF["2m"], 2),
        (KIND_OF["5p"], 2),
        (KIND_OF["9p"], 3),
        (KIND_OF["E"], 3),
    ]
    assert shape.discards_keeping(keys, 5, 3) == bits("9p E")
    assert shape.discards_keeping(keys, 5, 3, "any") == bits("5p 9p E")
    assert shape.discards_keeping(keys, 5, 2, "any") == bits("1m 2m")
    # honours only: E S, 将 — either discard leaves a lone honour (kept 0, shanten 1); any — a
    # lone honour waiting on its pair (kept 1, shanten 0)
    keys = shape.group_keys(hand("E S"))
    assert shape.discard_kept(keys, 2) == [(KIND_OF["E"], 0), (KIND_OF["S"], 0)]
    assert shape.discard_kept(keys, 2, "any") == [(KIND_OF["E"], 1), (KIND_OF["S"], 1)]
    assert shape.discards_keeping(keys, 2, 1, "any") == bits("E S")
    assert shape.discards_keeping(keys, 2, 0, "any") == 0


def test_best_discard_draws_of_worked_hands() -> None:
    # 23m 55s 9p: the best discard 9p (kept 4) and its 进张 1m 4m; the three that keep 3 with
    # ukeire's worked 进张 (see test_ukeire_of_a_worked_five_tile_hand)
    keys = shape.group_keys(hand("23m 55s 9p"))
    for near in (False, True):
        assert shape.best_discard_draws(keys, 5, 4, near) == [(KIND_OF["9p"], bits("1m 4m"))]
        assert shape.best_discard_draws(keys, 5, 3, near) == [
            (KIND_OF["2m"], bits("1m 2m 3m 4m 5m 7p 8p 9p")),
            (KIND_OF["3m"], bits("1m 2m 3m 4m 5s 7p 8p 9p")),
            (KIND_OF["5s"], bits("1m 4m 5s")),
        ]
        assert shape.best_discard_draws(keys, 5, 3, near, "any")[2] == (KIND_OF["5s"], bits("1m 4m 5s 9p"))
    # alone: the only discard keeping 4 is 9p — asked with alone=9p, an empty list
    assert shape.best_discard_draws(keys, 5, 4, False, alone=KIND_OF["9p"]) == []
    assert shape.best_discard_draws(keys, 5, 4, False, alone=KIND_OF["2m"]) == [
        (KIND_OF["9p"], bits("1m 4m"))
    ]
    assert len(shape.best_discard_draws(keys, 5, 3, False, alone=KIND_OF["2m"])) == 3
    assert shape.best_discard_draws(keys, 5, 2, False) == []
    # 12m 5p 9p E, 将: 9p and E keep 3, each then improved by 3m or 5p (the honours' own
    # group and the suits' alike); the ones keeping 2, near or not (5p: the 2/5/8s far away)
    keys = shape.group_keys(hand("12m 5p 9p E"))
    assert shape.best_discard_draws(keys, 5, 3, False) == [
        (KIND_OF["9p"], bits("3m 5p")),
        (KIND_OF["E"], bits("3m 5p")),
    ]
    got = dict(shape.best_discard_draws(keys, 5, 2, False))
    assert got == {
        KIND_OF["1m"]: bits("1m 2m 3m 4m 3p 4p 5p 6p 7p 8p 9p E"),
        KIND_OF["2m"]: bits("1m 2m 3m 5p 7p 8p 9p E"),
        KIND_OF["5p"]: bits("1m 2m 3m 5m 8m 2s 5s 8s 2p 5p 7p 8p 9p E"),
    }
    near = dict(shape.best_discard_draws(keys, 5, 2, True))
    assert near[KIND_OF["5p"]] == bits("1m 2m 3m 7p 8p 9p E")
    assert near[KIND_OF["1m"]] == got[KIND_OF["1m"]]
    # any pair: 5p, 9p, E keep 3, each improved by 3m and the other two's pairs
    assert shape.best_discard_draws(keys, 5, 3, False, "any") == [
        (KIND_OF["5p"], bits("3m 9p E")),
        (KIND_OF["9p"], bits("3m 5p E")),
        (KIND_OF["E"], bits("3m 5p 9p")),
    ]
    # the classes given by the caller are the ones read
    classes = [shape.rule_tables("any")[0 if g < 3 else 1][k] >> 8 & 255 for g, k in enumerate(keys)]
    assert shape.best_discard_draws(keys, 5, 3, False, "any", classes=classes)[0] == (
        KIND_OF["5p"],
        bits("3m 9p E"),
    )


def test_best_discard_draws_near_leaves_out_an_emptied_group() -> None:
    # 1m 5p, 将: throwing 5p leaves 1m (kept 0, shanten 1): any 2/5/8 starts the 将; near the
    # hand after the discard only 2m (1m–3m) — the emptied 筒 offers nothing near
    keys = shape.group_keys(hand("1m 5p"))
    assert shape.best_discard_draws(keys, 2, 0, False) == [(KIND_OF["5p"], bits(JIANG_KINDS))]
    assert shape.best_discard_draws(keys, 2, 0, True) == [(KIND_OF["5p"], bits("2m"))]
    assert shape.best_discard_draws(keys, 2, 1, True) == [(KIND_OF["1m"], bits("5p"))]
    # E S, 将: either discard leaves a lone honour: the 2/5/8s, none near
    keys = shape.group_keys(hand("E S"))
    assert shape.best_discard_draws(keys, 2, 0, False) == [
        (KIND_OF["E"], bits(JIANG_KINDS)),
        (KIND_OF["S"], bits(JIANG_KINDS)),
    ]
    assert shape.best_discard_draws(keys, 2, 0, True) == [(KIND_OF["E"], 0), (KIND_OF["S"], 0)]
    assert shape.best_discard_draws(keys, 2, 1, False, "any") == [
        (KIND_OF["E"], bits("S")),
        (KIND_OF["S"], bits("E")),
    ]
    # 1111m 2m, 将: throwing 2m leaves 1111m (kept 3, shanten 1): a 将 from any 2/5/8, near
    # only 2m; throwing a 1m leaves 111m 2m, ready on 2m
    keys = shape.group_keys(hand("1111m 2m"))
    assert shape.best_discard_draws(keys, 5, 3, False) == [(KIND_OF["2m"], bits(JIANG_KINDS))]
    assert shape.best_discard_draws(keys, 5, 3, True) == [(KIND_OF["2m"], bits("2m"))]
    assert shape.best_discard_draws(keys, 5, 4, True) == [(KIND_OF["1m"], bits("2m"))]


def test_the_defaults_are_no_wildcard_the_jiang_pair_nothing_blocked() -> None:
    """Each function called without its optional arguments: 0 wildcards, the 将 rule (R-7.2's
    屁胡), no blocked kind, draws on, all kinds, not ``near``, no ``alone``, classes looked up."""
    jiang_hand = hand("123m 456m 789m 55p")  # complete with the 将 5p, 11 tiles
    plain_pair = hand("123m 456m 789m 11p")  # complete with any pair only
    assert shape.complete(jiang_hand) is True
    assert shape.complete(plain_pair) is False
    assert shape.complete(hand("123m 456m 789m 5p"), 1) is True
    assert shape.complete(hand("123m 456m 789m 1p"), 1) is False
    assert shape.complete_real_jiang(jiang_hand) is True
    assert shape.complete_real_jiang(plain_pair) is False
    assert shape.complete_real_jiang(hand("123m 456m 789m 5p"), 1) is True
    assert shape.melds_cost(hand("12m")) == 1
    assert shape.suit_values(bytes(hand("5s")))[1] == 2 | 1 << 3 | 1 << 6
    ready_1p = hand("123m 456m 789m 1p")  # any pair: ready on 1p; 将: 1
    assert shape.shanten(ready_1p) == 1
    assert shape.shanten(ready_1p, 0, "any") == 0
    assert shape.shanten(hand("123m 456m 789m 5p")) == 0
    assert shape.shanten_after_discards(hand("123m 456m 789m 1p 5p")) == shape.shanten_after_discards(
        hand("123m 456m 789m 1p 5p"), 0, "jiang"
    )
    assert shape.shanten_after_discards(hand("123m 456m 789m 1p 5p"))[KIND_OF["1p"]] == 0
    assert shape.shanten_after_discards(hand("123m 456m 789m 1p 5p"))[KIND_OF["5p"]] == 1
    assert shape.shanten_after_draws(ready_1p)[KIND_OF["1p"]] == 1  # 11p: no 将 yet
    assert shape.shanten_after_draws(ready_1p)[KIND_OF["5p"]] == 0
    assert len(shape.shanten_after_draws(ready_1p)) == NUM_KINDS
    u = shape.ukeire(hand("123m 456m 789m 1p 5p"))
    assert u[KIND_OF["1p"]] == (0, kinds("5p"))
    keys = shape.group_keys(ready_1p)
    assert shape.shanten_of_keys(keys, 10, 0) == 1
    assert shape.improving_kinds(keys, 10) == sorted(kinds(JIANG_KINDS))
    assert shape.improving_mask(keys, 10) == bits(JIANG_KINDS)
    keys5 = shape.group_keys(hand("123m 456m 789m 1p 5p"))
    # 11 tiles: shanten after a discard = 3·3 + 1 − kept. Throwing 1p leaves a ready hand (kept
    # 10); 5p leaves 1p alone, no 将 (1: kept 9); any 万 breaks a run (1: kept 9)
    assert shape.discard_kept(keys5, 11) == [(k, 9) for k in range(9)] + [
        (KIND_OF["1p"], 10),
        (KIND_OF["5p"], 9),
    ]
    assert shape.discards_keeping(keys5, 11, 10) == bits("1p")
    assert shape.best_discard_draws(keys5, 11, 10, False) == [(KIND_OF["1p"], bits("5p"))]
    assert shape.rule_tables() is shape.rule_tables("jiang")
    assert shape.rule_tables()[2] == 0 and shape.rule_tables("any")[2] == 8


@pytest.mark.parametrize("five", ["1m", "5s", "9p"])
def test_R_3_1_a_fifth_copy_with_wildcards_is_no_hand(five: str) -> None:
    # 5 of a kind (5 tiles) + 3 wildcards (8): 111 + 11 + a wildcard triplet would split, and
    # alone 5 tiles would be 111 + 11, but no hand holds a fifth copy: no, under each rule,
    # with or without blocked kinds, in each suit; its melds cost "impossible" (7 or more)
    counts = hand(five[0] * 5 + five[1])
    for wild in (3, 0):
        assert both(counts, wild) == (False, False)
        assert both(counts, wild, (KIND_OF["E"],)) == (False, False)
        assert shape.complete_real_jiang(counts, wild) is False
    assert shape.melds_cost(counts) >= 7
    assert shape.melds_cost(counts, (KIND_OF["E"],)) >= 7


def test_R_4_2_the_pair_may_sit_in_any_suit_beside_wildcards() -> None:
    # a 将 + 1 wildcard in each suit in turn, a run in another: 5m 123s, 5s 123p, 5p 123m
    for text in ("5m 123s", "5s 123p", "5p 123m"):
        assert both(hand(text), 1) == (True, True), text
    # 14m + 3 (5 tiles): 1m + 2 a meld leaves 4m + 1, a pair of 4m: any pair yes, 将 no (and
    # 4m + 2 with 1m + 1 likewise); the 将 would need 1m + 2, 4m + 2 and a pair of two: 6
    assert both(hand("14m"), 3) == (False, True)
    # E S W 5p + 4 (8 tiles): three lone honours need two each (6), more than 4: no
    assert both(hand("E S W 5p"), 4) == (False, False)
    # a lone honour beside a blocked kind elsewhere: 123m 456m 789m 123s E + 1, 发财 blocked:
    # E + 1 is still any pair (the block is F's alone)
    assert both(hand("123m 456m 789m 123s E"), 1, (KIND_OF["F"],)) == (False, True)


def test_R_7_13_real_jiang_at_the_limits() -> None:
    # four of a kind is a hand's: 1111m 23m 5p + 1 — 111m 123m and 5p + 1: yes
    assert shape.complete_real_jiang(hand("1111m 23m 5p"), 1) is True
    # five 5s + 3 (8 tiles): 555s 55s would pair, but no hand holds a fifth copy
    assert shape.complete_real_jiang(hand("55555s"), 3) is False
    assert both(hand("55555s"), 3) == (False, False)
    # 1s 55p + 2: 55p both natural, 1s + 2 a meld: exactly the two wildcards
    assert shape.complete_real_jiang(hand("1s 55p"), 2) is True
    # C 5p + 6 with 红中 blocked: 5p + 1 the pair leaves a lone blocked C, which no number of
    # wildcards makes a meld: no (a 7 from the tables is "impossible", not seven wildcards)
    assert shape.complete_real_jiang(hand("C 5p"), 6, (KIND_OF["C"],)) is False
    # 55p C + 2: 55p the pair, C + 2 a triplet — unless 红中 is blocked
    assert shape.complete_real_jiang(hand("55p C"), 2) is True
    assert shape.complete_real_jiang(hand("55p C"), 2, (KIND_OF["C"],)) is False


def test_rule_tables_answer_by_the_documented_formula() -> None:
    """``rule_tables``' docstring: shanten = 3·(size // 3) + 1 − wild − F[(K[J[c0·s + c1]·s + c2]·nh
    + c3)·5 + size // 3] with c = table[key] >> shift & 255 — on either path (the compiled
    core's flat arrays or the shipped dictionaries), for worked hands."""

    def by_formula(text: str, wild: int, pair: str) -> int:
        suit, honour, shift, s, nh, jt, kt, ft = shape.rule_tables(pair)
        k0, k1, k2, k3 = shape.group_keys(hand(text))
        c0, c1, c2 = (suit[k] >> shift & 255 for k in (k0, k1, k2))
        c3 = honour[k3] >> shift & 255
        size = sum(hand(text)) + wild
        melds = size // 3
        return 3 * melds + 1 - wild - ft[(kt[jt[c0 * s + c1] * s + c2] * nh + c3) * 5 + melds]

    assert shape.rule_tables("jiang")[2] == 0 and shape.rule_tables("any")[2] == 8  # the class shift
    # worked above: ready (0), complete (-1), the 13 lone tiles (9 / 8), 1p (1 / 0), E (1 / 0)
    for pair in PAIRS:
        assert by_formula("123m 456m 789m 123s 5p", 0, pair) == 0
        assert by_formula("123m 456m 789m 123s 55p", 0, pair) == -1
        assert by_formula("123m 456m 789m 123s", 1, pair) == 0
    assert by_formula("1m 4m 7m 1s 4s 7s 1p 4p 7p E S W N", 0, "jiang") == 9
    assert by_formula("1m 4m 7m 1s 4s 7s 1p 4p 7p E S W N", 0, "any") == 8
    assert (by_formula("1p", 0, "jiang"), by_formula("1p", 0, "any")) == (1, 0)
    assert (by_formula("E", 0, "jiang"), by_formula("E", 0, "any")) == (1, 0)
    # 5s 5p: one exchange from a 将 pair (0); EE: no 将 under 将 (1), the pair itself under any (-1)
    assert (by_formula("5s 5p", 0, "jiang"), by_formula("EE", 0, "jiang"), by_formula("EE", 0, "any")) == (
        0,
        1,
        -1,
    )


def test_R_4_2_a_fifth_copy_drawn_is_worked_out_under_each_pair_rule() -> None:
    # A wildcard may read as a fifth copy, so the draws of a kind held four times are computed
    # (outside the tables). 1111m 23m 456m 789m 9p + a fifth 1m (14 tiles): 111m 123m 456m
    # 789m, with 1m and 9p left — 将: neither is a 将, a 将 pair is two tiles in (1); any: throw
    # one, wait on the other's pair (0)
    four_m = hand("1111m 23m 456m 789m 9p")
    m1 = KIND_OF["1m"]
    assert shape.shanten_after_draws(four_m, 0, "jiang", [m1]) == {m1: 1}
    assert shape.shanten_after_draws(four_m, 0, "any", [m1]) == {m1: 0}
    assert shape.improving_draws(four_m, 0, "any", [m1], 1) == frozenset({m1})
    assert shape.improving_draws(four_m, 0, "jiang", [m1], 1) == frozenset()
    # EEEE 123m 456m 789m + a fifth E: EEE EE and three runs — any: complete (-1); 将: EE is no
    # 将, two tiles for one (1)
    four_e = hand("EEEE 123m 456m 789m")
    e = KIND_OF["E"]
    assert shape.shanten_after_draws(four_e, 0, "any", [e]) == {e: -1}
    assert shape.shanten_after_draws(four_e, 0, "jiang", [e]) == {e: 1}
    assert shape.improving_draws(four_e, 0, "any", [e], 0) == frozenset({e})
    # EEEE 123m 456m 78m + 1 wildcard + a fifth E: EEE EE 123m 456m, 78m + the wildcard: -1
    assert shape.shanten_after_draws(hand("EEEE 123m 456m 78m"), 1, "any", [e]) == {e: -1}


def test_the_two_generation_cache_keeps_the_one_before() -> None:
    """``_Generations``: ``now`` holds ``size`` entries; the next one starts a new generation,
    the full one kept as ``before`` (issue #15)."""
    cache: shape._Generations[str] = shape._Generations(2)
    assert (cache.now, cache.before, cache.size) == ({}, {}, 2)
    assert cache.keep(1, "a") == "a"
    assert cache.keep(2, "b") == "b"
    assert (cache.now, cache.before) == ({1: "a", 2: "b"}, {})
    assert cache.keep(3, "c") == "c"  # now was full: a new generation
    assert (cache.now, cache.before) == ({3: "c"}, {1: "a", 2: "b"})


def test_rule_tables_on_a_cold_start() -> None:
    """The first call of a process builds the pair rule's tables (nothing cached yet)."""
    saved = dict(shape._RULES)
    shape._RULES.clear()
    try:
        assert shape.rule_tables("any")[2] == 8
        shape._RULES.clear()
        assert shape.rule_tables()[2] == 0
        assert shape.rule_tables("jiang") is shape.rule_tables("jiang")
    finally:
        shape._RULES.clear()
        shape._RULES.update(saved)


def test_shanten_reads_each_group_under_each_rule() -> None:
    # 123m 456s 789p EE (11 tiles): three runs and the pair EE — any: complete (-1); 将: EE is no
    # 将, two tiles for one (1)
    assert (shape.shanten(hand("123m 456s 789p EE")), shape.shanten(hand("123m 456s 789p EE"), 0, "any")) == (
        1,
        -1,
    )
    # 123m 456m 789m 555p 22s: 22s is the 将 pair (in 条): complete; with one 2s: ready (0)
    assert shape.shanten(hand("123m 456m 789m 555p 22s")) == -1
    assert shape.shanten(hand("123m 456m 789m 555p 2s")) == 0
    # 123m 456m 789m 123s + 1 wildcard (13): ready on anything under any pair (the wildcard
    # pairs it): 0
    assert shape.shanten(hand("123m 456m 789m 123s"), 1, "any") == 0


def test_improving_draws_with_every_group_held_and_a_wildcard() -> None:
    # 123m 456s 789p EEE 5m (13 tiles), any pair: ready on 5m. Below 1: every draw keeps it
    # ready — each kind, whichever group it falls in, read beside the other groups' classes
    ready = hand("123m 456s 789p EEE 5m")
    assert shape.improving_draws(ready, 0, "any", range(NUM_KINDS), 1) == frozenset(range(NUM_KINDS))
    assert shape.improving_draws(ready, 0, "any", range(NUM_KINDS), 0) == kinds("5m")
    # 123m 456m 789m 123s + 1 wildcard (13): under 将 the wildcard pairs a drawn 2/5/8 (and
    # nothing else completes); under any pair it pairs whatever is drawn
    twelve = hand("123m 456m 789m 123s")
    assert shape.improving_draws(twelve, 1, "jiang", range(NUM_KINDS), 0) == kinds(JIANG_KINDS)
    assert shape.improving_draws(twelve, 1, "any", range(NUM_KINDS), 0) == frozenset(range(NUM_KINDS))


def test_the_per_group_caches_keep_each_kind_of_answer_apart() -> None:
    """One process asks the same group shapes for discards, improving draws near or not, under
    each rule and meld count: each answer is its own (the caches key them apart)."""
    keys = shape.group_keys(hand("23m"))
    # 23m + 3 wildcards (5 tiles): either discard leaves a tile and three wildcards — a meld of
    # it and two, one wildcard waiting on its pair: ready (0), kept 1 (3·1 + 1 − 3 − 1 = 0)
    assert shape.discard_kept(keys, 5, "jiang") == [(KIND_OF["2m"], 1), (KIND_OF["3m"], 1)]
    assert shape.discards_keeping(keys, 5, 1, "jiang") == bits("2m 3m")
    # 23m + 2 wildcards (4 tiles, the same meld slots: 1): ready; 将 — a draw completes it if it
    # extends 23m (1m, 4m: the wildcards the pair), pairs a wildcard as a 将, or 33m + a
    # wildcard and 2m + a wildcard as the 将 (3m); near: within two ranks of 2m 3m
    near = "1m 2m 3m 4m 5m"
    assert shape.improving_kinds(keys, 4, "jiang", near=True) == sorted(kinds(near))
    assert shape.improving_mask(keys, 4, "jiang", near=True) == bits(near)
    everything = sorted(kinds(f"1m 3m 4m {JIANG_KINDS}"))
    assert shape.improving_kinds(keys, 4, "jiang") == everything
    assert shape.improving_mask(keys, 4, "jiang") == bits(f"1m 3m 4m {JIANG_KINDS}")
    # any pair: every draw pairs with a wildcard
    assert shape.improving_kinds(keys, 4, "any") == list(range(NUM_KINDS))
    assert shape.improving_kinds(keys, 4, "any", near=True) == sorted(kinds(near))
    assert shape.discard_kept(keys, 5, "any") == [(KIND_OF["2m"], 1), (KIND_OF["3m"], 1)]
    # 23m + 6 wildcards (8 tiles, two slots): the same kept, one slot more
    assert shape.discard_kept(keys, 8, "jiang") == [(KIND_OF["2m"], 1), (KIND_OF["3m"], 1)]
    # 1m 5p (2 tiles): under 将 throwing 5p keeps 0 (1m: no 将), under any 1 (1m waits on its pair)
    keys = shape.group_keys(hand("1m 5p"))
    assert shape.discards_keeping(keys, 2, 1, "jiang") == bits("1m")
    assert shape.discards_keeping(keys, 2, 1, "any") == bits("1m 5p")
    assert shape.discards_keeping(keys, 2, 0, "jiang") == bits("5p")
    assert shape.discards_keeping(keys, 2, 0, "any") == 0


def test_improving_draws_of_wildcards_and_a_lone_honour() -> None:
    # nothing but one wildcard (1 tile): any draw pairs with it (any); a 2/5/8 (将); near a
    # held tile: nothing is held, nothing is near
    empty = (0, 0, 0, 0)
    assert shape.improving_kinds(empty, 1, "any") == list(range(NUM_KINDS))
    assert shape.improving_mask(empty, 1, "any") == (1 << NUM_KINDS) - 1
    assert shape.improving_kinds(empty, 1) == sorted(kinds(JIANG_KINDS))
    assert shape.improving_kinds(empty, 1, "any", near=True) == []
    assert shape.improving_mask(empty, 1, "any", near=True) == 0
    # N + 3 wildcards (4 tiles), any: any draw X makes X + two wildcards a triplet and N + one
    # the pair: every kind; near — the held honour N only
    keys = shape.group_keys(hand("N"))
    assert shape.improving_kinds(keys, 4, "any") == list(range(NUM_KINDS))
    assert shape.improving_kinds(keys, 4, "any", near=True) == [KIND_OF["N"]]
    assert shape.improving_mask(keys, 4, "any", near=True) == bits("N")
    # N + 4 wildcards (5 tiles): throwing N leaves four wildcards, no natural tile kept (0):
    # 3·1 + 1 − 4 − 0 = 0, ready (three a triplet, one waiting on its pair)
    assert shape.discard_kept(keys, 5, "any") == [(KIND_OF["N"], 0)]


def test_the_per_group_functions_on_a_cold_start() -> None:
    """Each per-group function called first in a process (no pair rule's tables built yet)."""
    keys = shape.group_keys(hand("23m 55s 9p"))
    calls = [
        (lambda: shape.shanten_of_keys(keys, 5, 0, "any"), 0),
        (lambda: shape.discard_kept(keys, 5, "any")[-1], (KIND_OF["9p"], 4)),
        (lambda: shape.discards_keeping(keys, 5, 4, "any"), bits("9p")),
        (lambda: shape.improving_kinds(shape.group_keys(hand("23m 55s")), 4, "any"), sorted(kinds("1m 4m"))),
        (lambda: shape.improving_mask(shape.group_keys(hand("23m 55s")), 4, "any"), bits("1m 4m")),
        (lambda: shape.best_discard_draws(keys, 5, 4, False, "any"), [(KIND_OF["9p"], bits("1m 4m"))]),
        (lambda: shape.improving_draws(hand("23m 55s"), 0, "any", range(NUM_KINDS), 0), kinds("1m 4m")),
        (lambda: shape.ukeire(hand("23m 55s 9p"), 0, "any")[KIND_OF["9p"]], (0, kinds("1m 4m"))),
        (lambda: shape.shanten(hand("23m 55s"), 0, "any"), 0),
    ]
    saved = dict(shape._RULES)
    try:
        for call, want in calls:
            shape._RULES.clear()
            assert call() == want
    finally:
        shape._RULES.clear()
        shape._RULES.update(saved)


def test_ukeire_reads_the_honours_class_and_each_kinds_own_count() -> None:
    # 12m 5p 9p EE, any pair: throwing 5p leaves 12m 9p EE (5 tiles, one meld slot and the
    # pair): EE the pair, 12m waits on 3m — ready (0), improved by 3m only
    assert shape.ukeire(hand("12m 5p 9p EE"), 0, "any")[KIND_OF["5p"]] == (0, kinds("3m"))
    # 123m EEE, any: throwing 1m leaves 23m EEE — EEE the meld and 22m / 33m the pair, or 234m /
    # 123m and EE: ready on 1m 2m 3m 4m
    assert shape.ukeire(hand("123m EEE"), 0, "any")[KIND_OF["1m"]] == (0, kinds("1m 2m 3m 4m"))
    # PPPP 13m 55s (8 tiles), 将: throwing a P leaves PPP 13m 55s, ready on 2m (whose own count,
    # 0, is what allows the draw — not the 4 of P)
    assert shape.ukeire(hand("PPPP 13m 55s"))[KIND_OF["P"]] == (0, kinds("2m"))
    # 5p + 1 wildcard: throwing 5p leaves the wildcard, which pairs any draw (any: all 34
    # kinds, every group) or a drawn 2/5/8 (将)
    assert shape.ukeire(hand("5p"), 1, "any") == {KIND_OF["5p"]: (0, frozenset(range(NUM_KINDS)))}
    assert shape.ukeire(hand("5p"), 1, "jiang") == {KIND_OF["5p"]: (0, kinds(JIANG_KINDS))}


def test_a_fifth_copy_drawn_with_two_wildcards_and_past_14_tiles() -> None:
    # EEEE 123m 4m + 2 wildcards (10 tiles) + a fifth E: EEE EE 123m and 4m with both
    # wildcards — complete (-1), 11 tiles, three meld slots
    e = KIND_OF["E"]
    assert shape.shanten_after_draws(hand("EEEE 123m 4m"), 2, "any", [e]) == {e: -1}
    # a 14-tile hand holding four 1m: a fifth 1m makes 15 tiles — refused with the limit
    with pytest.raises(ValueError) as error:
        shape.shanten_after_draws(hand("1111m 23m 456m 789m 55p"), 0, "jiang", [KIND_OF["1m"]])
    assert str(error.value) == "shanten is for hands of at most 14 tiles and 4 of a kind, not 15 tiles"


def test_the_per_group_lookups_keep_meld_slots_and_honours_apart() -> None:
    # any pair, the honours' and 筒's classes read: 123m 456s 789p EE (11 tiles) and 123m 456s
    # 55p (8) are complete (-1)
    assert shape.shanten_of_keys(shape.group_keys(hand("123m 456s 789p EE")), 11, 0, "any") == -1
    assert shape.shanten_of_keys(shape.group_keys(hand("123m 456s 55p")), 8, 0, "any") == -1
    # 123p E (4 tiles), any: 123p the meld, E waits on its pair — beside a held 筒
    assert shape.improving_kinds(shape.group_keys(hand("123p E")), 4, "any") == [KIND_OF["E"]]
    assert shape.improving_mask(shape.group_keys(hand("123p E")), 4, "any") == bits("E")
    # E alone (1 tile, no meld slot): waits on E; E + 3 wildcards (4 tiles, one slot): any draw
    # X makes X + 2 a meld and E + 1 the pair — the same honours shape, another slot count
    keys = shape.group_keys(hand("E"))
    assert shape.improving_kinds(keys, 1, "any") == [KIND_OF["E"]]
    assert shape.improving_kinds(keys, 4, "any") == list(range(NUM_KINDS))
    assert shape.improving_mask(keys, 1, "any") == bits("E")
    assert shape.improving_mask(keys, 4, "any") == (1 << NUM_KINDS) - 1
    # E S (2 tiles), 将: either discard leaves a lone honour, no 将 — kept 0 (shanten 1); E S
    # + 3 wildcards (5 tiles): throwing E leaves S + 3, SSS with two and one waiting on a 将 —
    # kept 1 (3·1 + 1 − 3 − 1 = 0)
    keys = shape.group_keys(hand("E S"))
    assert shape.discard_kept(keys, 2) == [(KIND_OF["E"], 0), (KIND_OF["S"], 0)]
    assert shape.discard_kept(keys, 5) == [(KIND_OF["E"], 1), (KIND_OF["S"], 1)]
    assert shape.discards_keeping(keys, 2, 0) == bits("E S")
    assert shape.discards_keeping(keys, 5, 1) == bits("E S")
    assert shape.discards_keeping(keys, 5, 0) == 0
    # EEE S 5p (5 tiles), 将: throwing S leaves EEE 5p, ready on 5p (kept 4); throwing E or 5p
    # leaves no 将 wait (kept 3). Any pair: throwing 5p leaves EEE S, ready on S (kept 4)
    keys = shape.group_keys(hand("EEE S 5p"))
    assert shape.discard_kept(keys, 5) == [(KIND_OF["5p"], 3), (KIND_OF["E"], 3), (KIND_OF["S"], 4)]
    assert shape.discard_kept(keys, 5, "any") == [(KIND_OF["5p"], 4), (KIND_OF["E"], 3), (KIND_OF["S"], 4)]
    assert shape.discards_keeping(keys, 5, 4, "any") == bits("5p S")
    # 23s 9s 55p, 将: the best discard 9s (a 条) leaves 23s 55p, ready on 1s / 4s — its own
    # suit's draws, read as a suit
    keys = shape.group_keys(hand("23s 9s 55p"))
    assert shape.best_discard_draws(keys, 5, 4, False) == [(KIND_OF["9s"], bits("1s 4s"))]
    assert shape.best_discard_draws(keys, 5, 4, True) == [(KIND_OF["9s"], bits("1s 4s"))]


def test_best_discard_draws_of_honours_and_a_second_call() -> None:
    # EEE S 5p, 将: S is the best discard (EEE 5p, ready on 5p); keeping 3, throwing 5p leaves
    # EEE S (a 将 from any 2/5/8) and throwing E leaves EE S 5p (5p for the 将 pair, E back)
    keys = shape.group_keys(hand("EEE S 5p"))
    assert shape.best_discard_draws(keys, 5, 4, False) == [(KIND_OF["S"], bits("5p"))]
    assert shape.best_discard_draws(keys, 5, 3, False) == [
        (KIND_OF["5p"], bits(JIANG_KINDS)),
        (KIND_OF["E"], bits("5p E")),
    ]
    # N 5p + 3 wildcards, any, near: throwing 5p leaves N + 3, improved by a held N only
    # (its emptied 筒 offers nothing near); throwing N leaves 5p + 3, improved near 5p (3p–7p)
    keys = shape.group_keys(hand("N 5p"))
    assert shape.best_discard_draws(keys, 5, 1, True, "any") == [
        (KIND_OF["5p"], bits("N")),
        (KIND_OF["N"], bits("3p 4p 5p 6p 7p")),
    ]
    # asked again (its entry cached with the draws it worked out): the same answer
    keys = shape.group_keys(hand("1m 5p"))
    for _ in range(2):
        assert shape.best_discard_draws(keys, 2, 0, False) == [(KIND_OF["5p"], bits(JIANG_KINDS))]
        assert shape.best_discard_draws(keys, 2, 1, False) == [(KIND_OF["1m"], bits("5p"))]
