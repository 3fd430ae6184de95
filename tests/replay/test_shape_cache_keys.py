"""``best_discard_draws``' per-group caches asked in one process about inputs whose keys would
collide under a wrong key formula (issue #35).

``best_discard_draws`` keeps, per group shape and the other groups' class, what each discard
leaves (``_BEST``) and the draws that help each group (``_DRAWS``), each under one int built from
the shape key, the other groups' class, the honours' class and a tag (pair rule, ``near``, meld
slots). A key built with another shift or a flag bit moved only costs a miss — unless it equals
another stored entry's key. Group keys are the group's nine counts as bytes (``group_keys``), so
the shape with every count doubled has exactly twice the key: a key shifted one bit too far
reads the doubled shape's entry. These tests store the doubled shape's entry first and then ask
about the shape itself beside the same other groups and tile count (wildcards make up the
difference), and compare every answer with ``improving_mask`` of the hand after each discard
(its own cache, keyed apart), on the pure-Python functions (``shape.PURE``) in either mode.
"""

from __future__ import annotations

import random

from replay import shape
from replay.tiles import NUM_KINDS

PURE_BEST = shape.PURE["best_discard_draws"]
PURE_KEPT = shape.PURE["discard_kept"]
PURE_MASK = shape.PURE["improving_mask"]


def _reference(counts: list[int], size: int, kept: int, near: bool, pair: str) -> list[tuple[int, int]]:
    """(kind, improving_mask of the hand without it) of each natural discard keeping ``kept``."""
    keys = shape.group_keys(counts)
    by_kind = dict(PURE_KEPT(keys, size, pair))
    out = []
    for kind in range(NUM_KINDS):
        if counts[kind] and by_kind.get(kind) == kept:
            after = list(counts)
            after[kind] -= 1
            out.append((kind, PURE_MASK(shape.group_keys(after), size - 1, pair, near)))
    return out


def _ask(counts: list[int], size: int, pair: str, near: bool) -> int:
    """Every kept count of the hand asked of the walk, each answer held to the reference."""
    keys = shape.group_keys(counts)
    asked = 0
    for kept in sorted({k for _, k in PURE_KEPT(keys, size, pair)}, reverse=True):
        got = PURE_BEST(keys, size, kept, near, pair)
        assert got == _reference(counts, size, kept, near, pair), (counts, size, kept, near, pair)
        asked += 1
    return asked


def _place(counts: list[int], group: int, ranks: list[int]) -> None:
    for rank, n in enumerate(ranks):
        counts[9 * group + rank] += n


def test_a_shape_and_its_doubled_shape_beside_the_same_groups_answer_apart() -> None:
    # 1m 2m (key 0x0101) and 11m 22m (0x0202) in the 万 group beside 5p (and, second, E):
    # 11m 22m 5p is five tiles; 1m 2m 5p and two wildcards is five too, the same meld slots,
    # the same other groups' class. Each must get its own answer: 1m 2m + 5p + 2 wildcards
    # keeps 2 whichever of 1m, 2m, 5p goes (1 meld of a tile and the 2 wildcards, 1 tile of
    # the next slot) and 11m 22m 5p throws 5p to keep 4 (two pairs: one a meld slot short;
    # throwing 1m or 2m keeps 3), under either pair rule.
    for others in ([(2, 4, 1)], [(2, 4, 1), (3, 0, 1)]):
        for pair in ("jiang", "any"):
            for near in (False, True):
                for base in ([1, 1], [1, 0, 1], [0, 1, 1, 0, 0, 1], [2, 1], [1, 2, 0, 0, 1]):
                    for group in (0, 1, 2, 3):
                        doubled = [2 * n for n in base]
                        big = [0] * NUM_KINDS
                        _place(big, group, doubled)
                        small = [0] * NUM_KINDS
                        _place(small, group, base)
                        for g, rank, n in others:
                            if g != group:
                                big[9 * g + rank] += n
                                small[9 * g + rank] += n
                        size = sum(big)
                        assert _ask(big, size, pair, near)
                        assert _ask(small, size, pair, near)  # sum(base) wildcards make up the size


def test_many_small_hands_in_one_process_each_answer_their_own() -> None:
    # seeded hands of 2-14 tiles from a few kinds (so their groups' shapes and classes repeat
    # and their keys crowd the caches), with 0-3 wildcards, under each rule and near or not
    rng = random.Random(35)
    kinds = [0, 1, 2, 3, 4, 9, 10, 11, 13, 18, 19, 20, 22, 27, 28, 31]
    asked = 0
    for _ in range(600):
        counts = [0] * NUM_KINDS
        for _ in range(rng.randint(1, 12)):
            kind = rng.choice(kinds)
            if counts[kind] < 4:
                counts[kind] += 1
        size = sum(counts) + rng.randint(0, 3)
        if size > 14:
            continue
        asked += _ask(counts, size, rng.choice(("jiang", "any")), rng.random() < 0.5)
    assert asked > 600


def test_only_the_third_suit_and_honours_held() -> None:
    # 万 and 条 empty (their combined class 0), 筒 and honours held: throwing an honour leaves
    # the 筒 group's draws to be worked out beside an empty pair of suits — not beside itself
    for pair in ("jiang", "any"):
        for near in (False, True):
            for hand in ([(2, 0, 1), (2, 1, 1), (3, 0, 1), (3, 4, 2)], [(2, 4, 2), (3, 1, 1), (3, 2, 1)]):
                counts = [0] * NUM_KINDS
                for g, rank, n in hand:
                    counts[9 * g + rank] += n
                for extra in (0, 1, 2):
                    assert _ask(counts, sum(counts) + extra, pair, near)


def test_an_honour_shape_and_its_doubled_shape_beside_classes_one_and_two() -> None:
    # The honours' entries are keyed (honour shape << 10 | suits' class) << 24 | tag: one bit too
    # far names the doubled shape beside the doubled class. Under 将 one suited tile of kind 18
    # leaves the suits' class 1 for the honours and one of kind 16 class 2 (under any pair:
    # kind 12 gives 1, kinds 0 and 15 give 2). Each hand is asked beside the other and again
    # (A, B, A): B's entry must not stand for A's, nor A's for B's; the tile counts are made
    # equal with wildcards (the same meld slots).
    for pair, one, two in (("jiang", [18], [16]), ("any", [12], [0, 15])):
        for base in ([1], [1, 1], [2, 0, 1], [0, 1, 0, 0, 0, 0, 2]):
            for near in (False, True):
                small = [0] * NUM_KINDS
                big = [0] * NUM_KINDS
                for kind in one:
                    small[kind] += 1
                for kind in two:
                    big[kind] += 1
                _place(small, 3, base)
                _place(big, 3, [2 * n for n in base])
                size = max(sum(small), sum(big))
                for counts in (big, small, big):
                    assert _ask(counts, size, pair, near)


def test_an_honour_entry_is_not_read_from_the_high_bytes_of_another_honour_shape() -> None:
    # Read with the key's shift turned around, (shape << 10 | class) >> 24, an honour shape of
    # c5 copies of honour 5 and c6 of honour 6 (bytes 5 and 6 of its key) names the entry kept
    # for c6 copies of honour 0 beside the suits' class 4·c5. Under 将 kinds 7 and 21 leave the
    # honours class 4 and kinds 0, 12, 18, 21 class 8 (under any pair: 1, 8, 10, 22 and 20, 24,
    # 25); the second hand throws honour 5 or 6, never honour 0.
    cases = (
        ("jiang", [7, 21], 1),
        ("jiang", [0, 12, 18, 21], 2),
        ("any", [1, 8, 10, 22], 1),
        ("any", [20, 24, 25], 2),
    )
    for pair, suits, c5 in cases:
        for c6 in (1, 2):
            for near in (False, True):
                first = [0] * NUM_KINDS
                for kind in suits:
                    first[kind] += 1
                first[27] += c6
                second = [0] * NUM_KINDS
                second[27 + 5] += c5
                second[27 + 6] += c6
                size = max(sum(first), sum(second))
                for counts in (first, second):
                    assert _ask(counts, size, pair, near)


def test_a_suit_shape_and_its_doubled_shape_beside_classes_r_and_2r() -> None:
    # A suit group's entries are keyed ((shape << 10 | others' class) << 8 | honours' class)
    # << 16 | tag: one bit too far at the end names the doubled shape beside the doubled class
    # (no honours: class 0 either way). The other two suits' tiles giving a class r and 2r are
    # found in the rule's own tables (one or two tiles of theirs); each hand is asked beside the
    # other and again, tile counts made equal with wildcards.
    for pair in ("jiang", "any"):
        suit, _, shift, s, _, jt, _, _ = shape.rule_tables(pair)
        for group in (0, 1, 2):
            a, b = [g for g in (0, 1, 2) if g != group]
            by_class: dict[int, list[int]] = {}
            for x in range(-1, 18):
                for y in range(x, 18):
                    counts = [0] * NUM_KINDS
                    for i in (x, y):
                        if i >= 0:
                            counts[9 * (a if i < 9 else b) + i % 9] += 1
                    keys = shape.group_keys(counts)
                    rest = jt[(suit[keys[a]] >> shift & 255) * s + (suit[keys[b]] >> shift & 255)]
                    by_class.setdefault(rest, counts)
            doubles = [r for r in sorted(by_class) if r and 2 * r in by_class][:2]
            assert doubles, (pair, group)
            for r in doubles:
                for base in ([1], [1, 1], [2, 0, 1]):
                    for near in (False, True):
                        small, big = list(by_class[r]), list(by_class[2 * r])
                        _place(small, group, base)
                        _place(big, group, [2 * n for n in base])
                        size = max(sum(small), sum(big))
                        for counts in (big, small, big):
                            assert _ask(counts, size, pair, near)


def test_the_generation_before_is_read_by_the_key_it_was_kept_under() -> None:
    # generations of two entries (the shipped ones hold 65,536): every few asks an entry moves to
    # the generation before, which ``_best_of_group`` and ``_draws_mask`` read by the key they
    # build — a key that names the wrong entry there hands back another group's answer
    saved = shape._BEST, shape._DRAWS
    shape._BEST, shape._DRAWS = shape._Generations(2), shape._Generations(2)
    try:
        test_many_small_hands_in_one_process_each_answer_their_own()
        test_a_shape_and_its_doubled_shape_beside_the_same_groups_answer_apart()
        test_only_the_third_suit_and_honours_held()
        test_an_honour_shape_and_its_doubled_shape_beside_classes_one_and_two()
        test_an_honour_entry_is_not_read_from_the_high_bytes_of_another_honour_shape()
        test_a_suit_shape_and_its_doubled_shape_beside_classes_r_and_2r()
    finally:
        shape._BEST, shape._DRAWS = saved
