"""Issue #33: the compiled shape core answers as the pure-Python shape engine and the reference.

``replay._shapecore`` (docs/shape-core.md) replaces ``replay.shape``'s hot functions. Here every
compiled function is held to its pure-Python original (``shape.PURE``) on generated hands —
counts 0–4, honours, 0–4 wildcards, blocked kinds, each pair rule, fourth and fifth copies —
and ``complete`` and ``shanten`` to the brute-force reference of ``tests/reference.py`` too;
errors must be the same errors. The tables' flat arrays are held to the shipped dictionaries
key by key. Deterministic (``derandomize=True``). Skipped where the extension is not built.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from replay import shape
from replay.shanten_tables import load
from replay.tiles import NUM_KINDS, code
from tests.reference import ref_complete, ref_shanten
from tests.shape_paths import core_on
from tests.strategies import random_counts, wild_hands

pytestmark = pytest.mark.skipif(not core_on(), reason="the compiled shape core is not built here")
PAIRS = ("jiang", "any")
ROOT = Path(__file__).resolve().parents[2]


def show(counts: list[int], wild: int) -> str:
    return f"[{' '.join(code(k) for k in range(NUM_KINDS) for _ in range(counts[k]))}] + {wild} wild"


def same(name: str, *args: Any) -> Any:
    """The compiled and the pure function's answer (or error), which must be the same."""
    compiled: Callable[..., Any] = getattr(shape._core, name)
    pure = shape.PURE[name]
    try:
        want: Any = pure(*args)
    except Exception as e:  # the compiled one must raise the same error
        with pytest.raises(type(e)) as got:
            compiled(*args)
        assert str(got.value) == str(e), name
        return e
    got_value = compiled(*args)
    assert got_value == want, name
    return want


@st.composite
def any_hands(draw: Any) -> tuple[list[int], int]:
    """(counts, wild): near-complete hands of every size, or any multiset, 0–4 wildcards."""
    size = draw(st.sampled_from((1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 14, 14)))
    if draw(st.booleans()):
        return draw(wild_hands(size, 4, max_changes=3))
    wild = draw(st.integers(0, min(4, size)))
    return draw(random_counts(size - wild)), wild


@st.composite
def blocked_sets(draw: Any, counts: list[int]) -> tuple[int, ...]:
    """No, one or a few blocked kinds, often ones the hand holds."""
    held = [k for k in range(NUM_KINDS) if counts[k]]
    mode = draw(st.integers(0, 3))
    if mode == 0 or not held:
        return ()
    if mode == 1:
        return (draw(st.sampled_from(held)),)
    return tuple(draw(st.lists(st.integers(0, NUM_KINDS - 1), min_size=1, max_size=4, unique=True)))


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(any_hands(), st.data())
def test_complete_melds_cost_and_real_jiang_match_the_pure_functions_and_the_reference(
    hand: tuple[list[int], int], data: st.DataObject
) -> None:
    counts, wild = hand
    blocked = data.draw(blocked_sets(counts))
    note(f"{show(counts, wild)} blocked={blocked}")
    for pair in PAIRS:
        got = same("complete", counts, wild, pair, blocked)
        if (sum(counts) + wild) % 3 == 2:
            assert got == ref_complete(counts, wild, pair, blocked), pair
    same("melds_cost", counts, blocked)
    same("complete_real_jiang", counts, wild, blocked)
    same("suit_values", bytes(counts), blocked)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.sampled_from((13, 14)).flatmap(lambda size: wild_hands(size, 3, max_changes=3)))
def test_shanten_matches_the_pure_function_and_the_reference(hand: tuple[list[int], int]) -> None:
    counts, wild = hand
    note(show(counts, wild))
    for pair in PAIRS:
        assert same("shanten", counts, wild, pair) == ref_shanten(counts, wild, pair), pair


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(any_hands())
def test_the_draw_and_discard_functions_match_the_pure_ones(hand: tuple[list[int], int]) -> None:
    """ukeire (进张 of every discard), the shanten after each discard and each draw, the
    improving draws of a discard and the shanten of group keys: same answers, same errors
    (hands of 15 tiles with a wildcard are refused by both)."""
    counts, wild = hand
    note(show(counts, wild))
    for pair in PAIRS:
        if sum(counts) + wild <= 14:
            same("shanten", counts, wild, pair)
            same("shanten_after_draws", counts, wild, pair)
            same("shanten_of_keys", shape.group_keys(counts), sum(counts) + wild, wild, pair)
        same("ukeire", counts, wild, pair)
        same("ukeire", counts, wild, pair, False)
        same("shanten_after_discards", counts, wild, pair)
        for kind in [k for k in range(NUM_KINDS) if counts[k]][:3]:
            after = list(counts)
            after[kind] -= 1
            same("improving_draws", after, wild, pair, list(range(NUM_KINDS)), 2)
            same("improving_draws", after, wild, pair, [kind, 0, 33], 0)
            same("improving_draws", after, wild, pair, frozenset(range(kind, NUM_KINDS)), 1)
            same("improving_draws", after, wild, pair, range(NUM_KINDS), 1)


@pytest.mark.parametrize("pair", PAIRS)
@pytest.mark.parametrize("wild", [0, 1, 2, 3])
def test_fourth_and_fifth_copies_and_bad_input_answer_as_the_pure_functions(pair: str, wild: int) -> None:
    """A concealed four (a draw of it is a fifth copy: the pure ``_fifth``), a fifth copy held
    (refused), 15 tiles, a count above 255, a bad pair rule, 27 counts (Sichuan's)."""
    four = [0] * NUM_KINDS
    four[27] = 4
    four[0] = four[1] = four[2] = 1
    four[9] = 2
    same("shanten_after_draws", four, wild, pair)
    same("shanten_after_draws", four, wild, pair, [27, 0])
    same("improving_draws", four[:27] + [3] + four[28:], wild, pair, [27, 1], 5)
    five = list(four)
    five[27] = 5
    for name in ("shanten", "ukeire", "shanten_after_discards", "shanten_after_draws"):
        same(name, five, wild, pair)
    same("complete", five, wild, pair)
    same("complete", five, wild, pair, (27,))
    same("complete_real_jiang", five, wild)
    same("melds_cost", five)
    same("shanten", [4] * 4 + [0] * 30, wild, pair)
    same("shanten", [300] + [0] * 33, wild, pair)
    same("complete", [300] + [0] * 33, wild, pair)
    same("shanten", four, wild, "seven pairs")
    same("ukeire", four, wild, "seven pairs")
    same("complete", four[:27], 2, pair)
    same("complete", bytes([2, 3, 4] + [0] * 24), wild, pair)
    same("shanten", tuple(four), wild, pair)


def test_the_flat_tables_hold_every_shape_of_the_shipped_ones() -> None:
    """The mappings over the core's arrays give every suit and honour shape's packed classes
    as the shipped dictionaries do, and nothing else (KeyError, ``get``'s default)."""
    loaded = load()
    suit, honour = shape._core_tables()
    assert len(suit) == len(loaded.suit) and len(honour) == len(loaded.honour)
    assert all(suit[k] == v for k, v in loaded.suit.items())
    assert all(honour[k] == v for k, v in loaded.honour.items())
    over = int.from_bytes(bytes([4, 4, 4, 3, 0, 0, 0, 0, 0]), "little")  # 15 tiles: no shape
    assert over not in loaded.suit and over not in suit
    assert suit.get(over) is None and suit.get(over, -1) == -1
    with pytest.raises(KeyError):
        suit[over]
    with pytest.raises(KeyError):
        suit[-1]
    with pytest.raises(KeyError):
        honour[5]  # a fifth 东
    assert suit[b"\x01\x01\x01\x00\x00\x00\x00\x00\x00"] == loaded.suit[0x010101]


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(any_hands(), st.data())
def test_the_best_discard_walk_matches_the_pure_functions(
    hand: tuple[list[int], int], data: st.DataObject
) -> None:
    """The analysis' walk (``improving_mask``/``_kinds``, ``discard_kept``, ``discards_keeping``,
    ``best_discard_draws``, with the caller's classes or without, near or not, ``alone``): the
    compiled functions, which work each answer out, against the pure ones and their caches."""
    counts, wild = hand
    size = sum(counts) + wild
    keys = shape.group_keys(counts)
    near = data.draw(st.booleans())
    note(f"{show(counts, wild)} near={near}")
    for pair in PAIRS:
        if size % 3 == 2:  # a hand with a tile to discard: 5, 8, 11 or 14 tiles (2: one pair)
            kept = same("discard_kept", keys, size, pair)
            suit, honour, shift = shape.rule_tables(pair)[:3]
            classes = [suit[k] >> shift & 255 for k in keys[:3]] + [honour[keys[3]] >> shift & 255]
            for best in sorted({k for _, k in kept}):
                same("discards_keeping", keys, size, best, pair)
                alone = data.draw(st.sampled_from([-1] + [k for k, _ in kept]))
                same("best_discard_draws", keys, size, best, near, pair, alone)
                same("best_discard_draws", keys, size, best, near, pair, alone, classes)
        else:
            same("improving_mask", keys, size, pair, near)
            same("improving_kinds", keys, size, pair, near)


def test_the_analysis_calls_are_answered_by_the_core_not_handed_back() -> None:
    """The calls the analysis makes — group keys, the 屁胡 classes it carries (up to 246), a
    14-tile hand — stay in C: a call handed to the pure function answers the same but slowly,
    and nothing else would notice (a class above 64 once was)."""
    counts = [0] * NUM_KINDS
    for k in (0, 1, 2, 4, 5, 9, 10, 11, 13, 22, 23, 24, 27, 27):
        counts[k] += 1
    keys = shape.group_keys(counts)
    suit, honour = shape.rule_tables("jiang")[:2]
    classes = [suit[k] & 255 for k in keys[:3]] + [honour[keys[3]] & 255]
    assert max(classes) > 64  # the case that was handed back
    core: Any = shape._core
    before = core.handed_back()
    kept = max(k for _, k in core.discard_kept(keys, 14))
    core.best_discard_draws(keys, 14, kept, True, "jiang", -1, classes)
    core.improving_mask(keys, 13, "jiang", True, classes)
    core.discards_keeping(keys, 14, kept)
    core.shanten_of_keys(keys, 14, 0)
    core.ukeire(counts, 0)
    core.shanten(counts, 0)
    core.complete(counts, 0, "any")
    core.improving_draws([*counts[:27], 1, *counts[28:]], 0, "jiang", frozenset({20, 21, 22}), 1)
    assert core.handed_back() == before
