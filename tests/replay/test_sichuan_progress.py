"""The Sichuan 向听 of the viewer's progress graph (``replay.games.sichuan.progress``).

Hand-worked examples for the void suit (a tile of it must go: one exchange each), 七对 and the
choice of void before 定缺; then two checks against independent definitions: ready (0) is what
the rules code calls 下叫 (``reading.waits``), complete (-1) what it reads as a win
(``reading.read``), and every other value is one exchange more than the best exchange reaches
(the definition of "tiles from ready", checked by trying every draw and discard).
"""

from __future__ import annotations

import random

import pytest

from replay.games.sichuan.progress import counts_of, distance
from replay.games.sichuan.reading import read, waits

M, S, P = 0, 1, 2  # suits in tiles.SUIT_CODES order: 万 m, 条 s, 筒 p


def hand(text: str) -> list[int]:
    return counts_of(text.split())


def test_four_sets_and_a_void_tile_is_one_exchange_from_ready() -> None:
    # the single 5p cannot be waited on: it is of the void suit and must go first
    assert distance(hand("1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 1s 1s 5p"), 0, P) == 1
    # the same tiles with 条 as the void: three must go, and 5p then waits for its pair
    assert distance(hand("1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 1s 1s 5p"), 0, S) == 3
    # before 定缺 the cheapest suit to clear counts: 筒 here, one tile
    assert distance(hand("1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 1s 1s 5p"), 0, None) == 1
    # two suits held: ready on 5s with 筒 as the void to come
    assert distance(hand("1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 1s 1s 5s"), 0, None) == 0


def test_two_void_tiles_cost_two_exchanges_even_with_a_pair_made() -> None:
    # 123456789m 11s is three sets and a pair; the two 5p must go and bring a fourth set's start
    assert distance(hand("1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 1s 5p 5p"), 0, P) == 2


def test_seven_pairs_with_four_alike_and_a_void_single() -> None:
    # 龙七对 shape: 1111m counts as two pairs; 5p is void and must go
    assert distance(hand("1m 1m 1m 1m 2m 2m 3m 3m 4m 4m 6s 6s 5p"), 0, P) == 1
    assert distance(hand("1m 1m 1m 1m 2m 2m 3m 3m 4m 4m 6s 6s 6s 6s"), 0, P) == -1
    # with a meld, 七对 is out of reach: 1m 1m 2m 2m 3m 3m 4m 4m 6s 6s is two sets, two pairs
    assert distance(hand("1m 1m 2m 2m 3m 3m 4m 4m 6s 6s"), 1, P) == 0


def test_before_dingque_a_melded_suit_cannot_be_the_void() -> None:
    tiles = hand("1p 2p 3p 4p 5p 6p 7p 8p 9p 1s")
    assert distance(tiles, 1, None, melded_suits=()) == 0  # 筒 kept, 条 single waits
    # a peng of 万 and 条 held: the 筒 cannot all be kept, the 条 single is all that may go
    assert distance(tiles, 1, None, melded_suits={M, S}) > 0


def _random_hand(rng: random.Random, size: int, suits: tuple[int, ...]) -> list[int]:
    wall = [k for k in range(27) if k // 9 in suits for _ in range(4)]
    counts = [0] * 27
    for k in rng.sample(wall, size):
        counts[k] += 1
    return counts


def _complete(rng: random.Random, suits: tuple[int, int]) -> list[int]:
    """Four sets and a pair from two suits, no kind past four."""
    while True:
        counts = [0] * 27
        for _ in range(4):
            s = rng.choice(suits)
            if rng.random() < 0.5:
                r = rng.randrange(7)
                for d in range(3):
                    counts[9 * s + r + d] += 1
            else:
                counts[9 * s + rng.randrange(9)] += 3
        counts[9 * rng.choice(suits) + rng.randrange(9)] += 2
        if max(counts) <= 4:
            return counts


@pytest.mark.parametrize("seed", range(4))
def test_ready_and_complete_agree_with_the_rules_reading(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        full = _complete(rng, (M, S))
        assert distance(full, 0, P) == -1 and read(full, []) is not None
        drop = rng.choice([k for k in range(27) if full[k]])
        ready = list(full)
        ready[drop] -= 1
        assert waits(ready, [], [], P), ready
        assert distance(ready, 0, P) == 0
        spoilt = list(ready)
        spoilt[9 * P + rng.randrange(9)] += 1  # a void tile in the 14-tile hand: discard it, ready
        assert distance(spoilt, 0, P) == 0
        spoilt[rng.choice([k for k in range(27) if spoilt[k] and k // 9 != P])] -= 1
        assert distance(spoilt, 0, P) >= 1  # 13 tiles with a void tile: not ready
        # random 13-tile hands without void tiles: ready exactly when 下叫 has a winning tile
        other = _random_hand(rng, 13, (M, S))
        if max(other) < 4:
            assert (distance(other, 0, P) == 0) == bool(waits(other, [], [], P)), other


@pytest.mark.parametrize("seed", range(3))
def test_each_step_from_ready_is_one_exchange(seed: int) -> None:
    """d(h) = 1 + min over a draw t and a discard u of d(h + t - u), for hands not yet ready,
    void tiles held or not: the meaning of "tiles from ready" the graph promises."""
    rng = random.Random(100 + seed)
    for _ in range(40):
        h = _random_hand(rng, 13, (M, S, P))
        d = distance(h, 0, P)
        if d <= 0:
            continue
        best = 99
        for t in range(27):
            if h[t] >= 4:
                continue
            h[t] += 1
            for u in range(27):
                if h[u] and u != t:
                    h[u] -= 1
                    best = min(best, distance(h, 0, P))
                    h[u] += 1
            h[t] -= 1
        assert d == 1 + best, (h, d, best)
