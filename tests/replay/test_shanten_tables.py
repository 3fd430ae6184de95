"""The shipped shanten tables (``replay/data/shanten_classes.bin``) against their generator and
against the brute-force reference (R-7.2 shapes: melds and a 将 pair; R-4.2 laizi as wildcards).

Every suit class and every honour class is checked by a representative shape with 0–3 wildcards
and with honour triplets beside it (so each class is read at every number of meld slots), and
``ukeire`` is held to shanten taken one discard and one draw at a time.
"""

from __future__ import annotations

import random

import pytest

from replay import shanten_tables as st
from replay.shape import (
    discard_kept,
    discards_keeping,
    group_keys,
    improving_draws,
    improving_kinds,
    improving_mask,
    shanten,
    shanten_after_discards,
    shanten_after_draws,
    shanten_of_keys,
    ukeire,
)
from replay.tiles import E, N, S, W
from tests.reference import ref_shanten


def test_file_is_what_the_generator_writes_for_a_sample_of_shapes() -> None:
    """Cheap sync check: sampled shapes, every honour shape, and the combination tables."""
    loaded = st.load()
    keys = list(st.shapes(9))
    honour_keys = list(st.shapes(7))
    for name, p in (("jiang", 2), ("any", 1)):
        t = loaded.rules[name]
        for i in range(0, len(keys), 211):
            key = keys[i]
            packed = loaded.suit[int.from_bytes(bytes(key), "little")]
            got = t.suit_vectors[packed >> (0 if name == "jiang" else 8) & 255]
            assert got == st.vector(st.suit_kept(key), p), (name, key)
        for key in honour_keys[::7]:
            packed = loaded.honour[int.from_bytes(bytes(key), "little")]
            want = st.vector(st.honour_kept(key), 1 if p == 1 else 0)
            if p == 2:
                want = want[:5] + (-99,) * 5
            assert t.honour_vectors[packed >> (0 if name == "jiang" else 8) & 255] == want, (name, key)
        again = st.combine(t.suit_vectors, t.honour_vectors, t.suit_class, t.honour_class)
        assert (again.j, again.k, again.f) == (t.j, t.k, t.f), name


@pytest.mark.slow
def test_file_is_exactly_what_the_generator_writes() -> None:
    assert st.DATA_FILE.read_bytes() == st.encode(st.generate()), "run python -m replay.shanten_tables"


def _representatives(shift: int) -> dict[int, tuple[int, ...]]:
    """The smallest shape of each suit class (fewest tiles, then first in order)."""
    loaded = st.load()
    out: dict[int, tuple[int, ...]] = {}
    for key in sorted(st.shapes(9), key=sum):
        cls = loaded.suit[int.from_bytes(bytes(key), "little")] >> shift & 255
        out.setdefault(cls, key)
    return out


@pytest.mark.parametrize("pair", ["jiang", "any"])
def test_every_suit_class_matches_the_reference(pair: str) -> None:
    """R-7.2: each class's representative, with 0–3 wildcards and 0–3 honour triplets beside it."""
    reps = _representatives(0 if pair == "jiang" else 8)
    assert len(reps) == st.load().rules[pair].suits
    checked = 0
    for suit in (0, 2):  # the suits are read by the same tables; check two positions of them
        for key in reps.values():
            for triplets in range(4):
                for wild in range(4):
                    size = sum(key) + wild + 3 * triplets
                    if size > 14 or size % 3 == 0:
                        continue
                    counts = [0] * 34
                    counts[9 * suit : 9 * suit + 9] = key
                    for h in (E, S, W, N)[:triplets]:
                        counts[h] = 3
                    assert shanten(counts, wild, pair) == ref_shanten(counts, wild, pair), (
                        key,
                        wild,
                        triplets,
                    )
                    checked += 1
    assert checked > 1000


@pytest.mark.parametrize("pair", ["jiang", "any"])
def test_every_honour_class_matches_the_reference(pair: str) -> None:
    loaded = st.load()
    shift = 0 if pair == "jiang" else 8
    reps: dict[int, tuple[int, ...]] = {}
    for key in sorted(st.shapes(7), key=sum):
        reps.setdefault(loaded.honour[int.from_bytes(bytes(key), "little")] >> shift & 255, key)
    assert len(reps) == loaded.rules[pair].honours
    for key in reps.values():
        for wild in range(4):
            for run in (0, 1):  # a 123m beside the honours, so a 将-pair hand has somewhere to go
                counts = [0] * 27 + list(key)
                if run:
                    counts[0] = counts[1] = counts[2] = 1
                size = sum(counts) + wild
                if size > 14 or size % 3 == 0:
                    continue
                assert shanten(counts, wild, pair) == ref_shanten(counts, wild, pair), (key, wild, run)


def _random_hand(rng: random.Random, size: int) -> list[int]:
    counts = [0] * 34
    centre = rng.randrange(34)
    while sum(counts) < size:
        t = rng.randrange(34) if rng.random() < 0.3 else min(33, max(0, centre + rng.randint(-5, 5)))
        if counts[t] < 4:
            counts[t] += 1
    return counts


@pytest.mark.parametrize("pair", ["jiang", "any"])
def test_ukeire_is_shanten_one_discard_and_one_draw_at_a_time(pair: str) -> None:
    """The incremental lookups give what whole-hand shanten gives, kind by kind."""
    rng = random.Random(15)
    for _ in range(150):
        wild = rng.randint(0, 3)
        counts = _random_hand(rng, rng.choice((14, 11, 8)) - wild)
        got = ukeire(counts, wild, pair)
        assert set(got) == {k for k in range(34) if counts[k]}
        for d, (value, better) in got.items():
            after = list(counts)
            after[d] -= 1
            now = shanten(after, wild, pair)
            want = frozenset(
                k
                for k in range(34)
                if after[k] < 4 and shanten([*after[:k], after[k] + 1, *after[k + 1 :]], wild, pair) < now
            )
            assert (value, better) == (now, want), (counts, wild, d)


def test_ukeire_agrees_with_the_reference_on_small_hands() -> None:
    rng = random.Random(7)
    for _ in range(20):
        wild = rng.randint(0, 2)
        counts = _random_hand(rng, 8 - wild)
        for d, (value, better) in ukeire(counts, wild, "jiang").items():
            after = list(counts)
            after[d] -= 1
            now = ref_shanten(after, wild, "jiang")
            assert value == now
            for k in range(34):
                if after[k] < 4:
                    after[k] += 1
                    assert (k in better) == (ref_shanten(after, wild, "jiang") < now), (counts, d, k)
                    after[k] -= 1


def test_discards_and_draws_read_the_same_tables() -> None:
    rng = random.Random(3)
    for _ in range(100):
        counts = _random_hand(rng, 13)
        draws = shanten_after_draws(counts, 0, "jiang")
        for k, v in draws.items():
            more = list(counts)
            more[k] += 1
            assert v == (shanten(more, 0, "jiang") if more[k] <= 4 else ref_shanten(more, 0, "jiang"))
        for k, v in shanten_after_discards(counts, 1, "any").items():
            less = list(counts)
            less[k] -= 1
            assert v == shanten(less, 1, "any")


@pytest.mark.parametrize("pair", ["jiang", "any"])
def test_improving_draws_is_shanten_after_draws_filtered(pair: str) -> None:
    """Issue #15: one discard's 进张 by one lookup per draw is what whole-hand shanten says, for
    hands of 13, 10, 7 tiles with 0–3 wildcards (R-4.2), any subset of kinds, fifth copies included."""
    rng = random.Random(1515)
    for _ in range(300):
        wild = rng.randint(0, 3)
        counts = _random_hand(rng, rng.choice((13, 10, 7)) - wild)
        kinds = rng.sample(range(34), rng.randint(1, 34))
        draws = shanten_after_draws(counts, wild, pair, kinds)
        now = shanten(counts, wild, pair)
        for below in (now, now + 1, now - 1):
            want = frozenset(k for k, v in draws.items() if v < below)
            assert improving_draws(counts, wild, pair, kinds, below) == want, (counts, wild, kinds)


def _near(counts: list[int]) -> set[int]:
    out: set[int] = set()
    for x in range(34):
        if counts[x]:
            out.update(
                y for y in range(x - 2, x + 3) if x // 9 == y // 9 and 0 <= y < 27
            ) if x < 27 else out.add(x)
    return out


@pytest.mark.parametrize("pair", ["jiang", "any"])
def test_per_group_lookups_are_improving_draws_and_discards(pair: str) -> None:
    """Issue #15: the per-group 进张 (``improving_kinds``) and shanten after each discard
    (``discard_kept``), answered from a cache shared across hands, say what ``improving_draws``
    and ``shanten_after_discards`` say of the same hands, 1 to 14 tiles with 0–3 wildcards."""
    rng = random.Random(1516)
    for _ in range(600):
        wild = rng.randint(0, 3)
        size = rng.choice((13, 10, 7, 4, 1, 14, 11, 8, 5, 2))
        if size < wild:
            continue
        counts = _random_hand(rng, size - wild)
        keys = group_keys(counts)
        now = shanten(counts, wild, pair)
        assert shanten_of_keys(keys, size, wild, pair) == now
        if size % 3 == 1:
            want = {k for k in improving_draws(counts, wild, pair, range(34), now) if counts[k] < 4}
            got = improving_kinds(keys, size, pair)
            assert got == sorted(want), (counts, wild)
            assert improving_kinds(keys, size, pair, near=True) == sorted(want & _near(counts)), (
                counts,
                wild,
            )
        else:
            base = 3 * (size // 3) + 1 - wild
            got_after = {k: base - kept for k, kept in discard_kept(keys, size, pair)}
            assert got_after == shanten_after_discards(counts, wild, pair), (counts, wild)


@pytest.mark.parametrize("pair", ["jiang", "any"])
def test_per_group_masks_are_the_per_group_lists(pair: str) -> None:
    """``improving_mask`` and ``discards_keeping`` (bit masks, for 牌效率's acceptance) hold the
    kinds ``improving_kinds`` and ``discard_kept`` list, whichever of them is asked first (each
    keeps its own cache; both read ``_suit_mask``/``_honours_mask``, which the test above holds
    to ``improving_draws``)."""
    rng = random.Random(2323)
    for _ in range(600):
        wild = rng.randint(0, 3)
        size = rng.choice((13, 10, 7, 4, 1, 14, 11, 8, 5, 2))
        if size < wild:
            continue
        counts = _random_hand(rng, size - wild)
        keys = group_keys(counts)
        if size % 3 == 1:
            for near in (False, True):
                mask = improving_mask(keys, size, pair, near)
                assert [k for k in range(34) if mask >> k & 1] == improving_kinds(keys, size, pair, near)
        else:
            kept = dict(discard_kept(keys, size, pair))
            for value in {*kept.values(), 99}:
                mask = discards_keeping(keys, size, value, pair)
                assert {k for k in range(34) if mask >> k & 1} == {k for k, n in kept.items() if n == value}


def test_a_fifth_copy_is_computed_not_refused() -> None:
    """A wildcard may stand for a fifth copy, so a draw of a kind held four times is answered."""
    counts = [0] * 34
    counts[0] = 4
    counts[1] = counts[2] = 1
    counts[E] = 3
    counts[S] = 3  # 1111m 2m 3m EEE SSS: 12 tiles + 1 wild = 13
    got = shanten_after_draws(counts, 1, "any", [0])[0]
    more = list(counts)
    more[0] = 5
    assert got == ref_shanten(more, 1, "any")


def test_oversized_hands_get_a_clear_error() -> None:
    counts = [0] * 34
    counts[0] = 4
    counts[1] = 4
    counts[2] = 4
    counts[3] = 3
    with pytest.raises(ValueError, match="at most 14 tiles"):
        shanten(counts, 0)
    with pytest.raises(ValueError, match="pair must be"):
        shanten([0] * 34, 2, "seven")
