"""牌效率's event walk (issue #15) against the plain per-discard reference.

``inefficient_discard`` walks the events once, carrying each seat's packed sum (``_packed``),
group classes and the copies every seat sees from turn to turn instead of recounting them at
every discard, settles most discards inline, and computes the best discards' 进张 with
``replay.shape.best_discard_draws``. Each of these must give what the plain way gives:

- the findings of the walk are those of ``_judge`` (every plan an object, every shanten
  whole-hand, the board rebuilt) asked of every discard, on simulated hands of each preset;
- what the walk carries is, at every discard, what recounting the seat's hand and the table
  gives;
- ``best_discard_draws`` is ``discards_keeping`` then ``improving_mask`` of each discard;
- ``_triplets_packed`` is ``_triplets_value`` of the natural counts;
- ``_unseen_in`` is the unseen copies (``_unseen_of``'s list) summed over a mask's kinds.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay import shape
from replay.games.wuhan.analysis.base import Context
from replay.games.wuhan.analysis.detectors.inefficient_discard import (
    _NATURAL,
    _classes,
    _judge,
    _kinds_of,
    _Quick,
    _triplets_packed,
    _triplets_value,
    _unseen_in,
    _walk,
    inefficient_discard,
)
from replay.games.wuhan.simulate import simulate
from replay.shape import _STEP, best_discard_draws, discard_kept, discards_keeping, group_keys, improving_mask
from replay.tiles import KIND_OF, NUM_KINDS
from schemas.hand_record import validate_record
from tests.shape_paths import use_path

PRESETS = [("hzlzg", 61), ("hzlzg-koukou", 62), ("hzfclzg", 63)]


def _contexts(preset: str, seed: int, hands: int) -> list[Context]:
    out = []
    for raw in simulate(hands, seed=seed, preset=preset):
        record, errors = validate_record(raw)
        assert record is not None, errors
        out.append(Context.replay(record))
    return out


def _reference(ctx: Context) -> list[tuple[int, int, str, str]]:
    """Every discard but a laizi judged by ``_judge`` on the whole board before it."""
    out = []
    for i, event in enumerate(ctx.events):
        if event["type"] != "discard":
            continue
        thrown = KIND_OF[event["tile"]]
        if thrown == ctx.laizi:
            continue
        seat = int(event["seat"])
        verdict = _judge(ctx.before(i), seat, thrown, {})
        if verdict is not None:
            out.append((seat, i, *verdict))
    return out


@pytest.mark.parametrize(("preset", "seed"), PRESETS)
def test_the_walk_finds_what_judging_every_discard_finds(preset: str, seed: int) -> None:
    found = 0
    for ctx in _contexts(preset, seed, 40):
        walk = [(f.seat, f.index, f.severity, f.message) for f in inefficient_discard(ctx)]
        assert walk == _reference(ctx), ctx.record["hand_id"]
        found += len(walk)
    assert found >= 20  # worth the comparison: the hands hold findings of every kind of path


def _check_walk(ctx: Context, checked: Counter[str]) -> None:
    quick = _Quick(ctx.rules, ctx.laizi, ctx.final.indicator)
    suit, honour = quick._tables[:2]

    def check(
        i: int, seat: int, h: int, total: int, classes: list[int] | None, shown: list[int] | None
    ) -> None:
        seats, rivers = ctx.seats_before(i), ctx.positions.rivers[i]
        hand = seats[seat].hand
        assert h == sum(quick._pack[t] for t in hand), (ctx.record["hand_id"], i)
        assert total == len(hand)
        assert classes is not None
        assert classes == _classes(h, suit, honour)
        if shown is not None:
            assert shown == quick.public(seats, rivers)
            checked["public"] += 1
        checked["discards"] += 1

    list(_walk(ctx, check))


@pytest.mark.parametrize(("preset", "seed"), PRESETS)
def test_what_the_walk_carries_is_what_recounting_gives(preset: str, seed: int) -> None:
    """At every discard, the walk's packed sum, tile count, group classes and public copies
    are those of the seat's hand and the table then."""
    checked: Counter[str] = Counter()
    for ctx in _contexts(preset, seed, 25):
        _check_walk(ctx, checked)
    assert checked["discards"] > 500 and checked["public"] > 100, checked


def _hands() -> st.SearchStrategy[list[int]]:
    """14 natural tiles (at most four of a kind): scattered, or bunched in a suit and the
    honours as hands near ready are."""
    bunched = st.integers(0, 2).flatmap(
        lambda g: st.lists(st.sampled_from([*range(9 * g, 9 * g + 9), 27, 28, 31]), min_size=14, max_size=14)
    )
    scattered = st.lists(st.integers(0, NUM_KINDS - 1), min_size=14, max_size=14)
    return st.one_of(bunched, scattered).filter(lambda h: max(Counter(h).values()) <= 4)


@settings(max_examples=800, deadline=None, derandomize=True)
@given(_hands(), st.integers(0, 3), st.booleans(), st.integers(-1, 3))
def test_best_discard_draws_are_each_discards_improving_mask(
    tiles: list[int], drop: int, near: bool, kept_delta: int
) -> None:
    counts = [0] * NUM_KINDS
    for t in tiles[: 14 - 3 * (drop % 4)] if drop < 4 else tiles:  # 14, 11, 8 or 5 tiles
        counts[t] += 1
    size = sum(counts)
    keys = group_keys(counts)
    best = max(kept for _, kept in discard_kept(keys, size))
    kept = best - max(0, kept_delta)  # the best discards, or worse ones
    kinds = _kinds_of(discards_keeping(keys, size, kept))
    want = []
    for k in kinds:
        g = k // 9 if k < 27 else 3
        after = list(keys)
        after[g] -= _STEP[k - 9 * g]
        want.append((k, improving_mask(after, size - 1, "jiang", near)))
    assert best_discard_draws(keys, size, kept, near) == want
    if len(kinds) == 1:
        assert best_discard_draws(keys, size, kept, near, "jiang", kinds[0]) == []


def test_the_caches_keep_the_generation_before_and_answer_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """``_BEST``, ``_DRAWS`` and ``_MOVES`` (``shape._Generations``) start a new generation
    every few entries here (thousands of times as often as in a run): the answers stay the plain
    way's, and an entry met again in the generation before the current one is taken from there,
    not worked out again. (The pure-Python path's caches: the compiled core keeps none.)"""
    use_path(monkeypatch, "pure")
    discard_kept, discards_keeping = shape.discard_kept, shape.discards_keeping
    improving_mask, best_discard_draws = shape.improving_mask, shape.best_discard_draws
    monkeypatch.setattr(shape, "_BEST", shape._Generations(2))
    monkeypatch.setattr(shape, "_DRAWS", shape._Generations(2))
    monkeypatch.setattr(shape, "_MOVES", shape._Generations(shape._MOVES.size))
    made: Counter[int] = Counter()
    work = shape._group_entry

    def counted(key: int, *rest: Any) -> Any:
        made[key] += 1
        return work(key, *rest)

    monkeypatch.setattr(shape, "_group_entry", counted)
    a, b, c, d = (group_keys([1, 1, 1, n, 0, 0, 0, 0, 2] + [0] * 25)[0] for n in (0, 1, 2, 3))
    tag = 1 << 8 | 4 | 4 << 12  # 4 meld slots, all draws

    def entry(key: int) -> Any:
        return shape._best_of_group(key, 0, 0, tag, 0, "jiang")

    first = entry(a)
    entry(b)
    entry(c)  # the current generation was full: a and b are now the one before
    assert entry(a) is first and made[a] == 1  # taken back from the generation before
    entry(d)  # a new generation again: c and a behind it, b forgotten
    entry(b)
    assert made == {a: 1, b: 2, c: 1, d: 1}

    for caches in (shape._BEST, shape._DRAWS, shape._MOVES):
        monkeypatch.setattr(caches, "size", 8)
    rng = random.Random(5)
    hands = [
        h for h in (rng.choices(range(NUM_KINDS), k=14) for _ in range(60)) if max(Counter(h).values()) <= 4
    ]
    for tiles in hands * 2:  # the second round meets every shape again
        counts = [0] * NUM_KINDS
        for t in tiles:
            counts[t] += 1
        keys = group_keys(counts)
        kept = max(k for _, k in discard_kept(keys, 14))
        want = []
        for k in _kinds_of(discards_keeping(keys, 14, kept)):
            g = k // 9 if k < 27 else 3
            after = list(keys)
            after[g] -= _STEP[k - 9 * g]
            want.append((k, improving_mask(after, 13, "jiang", True)))
        assert best_discard_draws(keys, 14, kept, True) == want
    assert len(shape._BEST.now) <= 8 and len(shape._BEST.before) == 8
    assert len(shape._DRAWS.now) <= 8 and len(shape._DRAWS.before) == 8
    assert len(shape._MOVES.now) <= 8 and len(shape._MOVES.before) == 8


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(
    st.lists(st.sampled_from((0, 0, 0, 0, 1, 1, 2, 3, 4)), min_size=NUM_KINDS, max_size=NUM_KINDS),
    st.integers(0, 4),
    st.integers(0, 3),
)
def test_triplets_packed_is_the_triplets_value(counts: list[int], m: int, wild: int) -> None:
    h = int.from_bytes(bytes(counts), "little") | 0xFF << (8 * NUM_KINDS + 8)  # fields ignored
    assert h & _NATURAL == int.from_bytes(bytes(counts), "little")
    assert _triplets_packed(h, m, wild) == max(0, _triplets_value(counts, m, wild))


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, (1 << NUM_KINDS) - 1),
    st.lists(st.integers(0, 4), min_size=NUM_KINDS, max_size=NUM_KINDS),
    st.lists(st.integers(0, 4), min_size=NUM_KINDS, max_size=NUM_KINDS),
)
def test_unseen_in_sums_the_unseen_copies_of_the_masks_kinds(
    mask: int, shown: list[int], held: list[int]
) -> None:
    unseen = [max(0, 4 - a - b) for a, b in zip(shown, held, strict=True)]
    assert _unseen_in(mask, shown, held) == sum(unseen[x] for x in _kinds_of(mask))
