"""Brute-force reference semantics for hand evaluation (RULES.md §1, §4, §6, §7).

This module is deliberately independent of the engine's fast table-based code
(``replay.shape``, ``replay.games.wuhan.hand``, ``replay.tables``): it imports nothing from them and
re-derives every answer by plain enumeration straight from the rule text. It is slow and
meant to be obviously correct; the property tests compare the engine against it.

Only ``replay.tiles`` (kind numbering, ``JIANG``) is used. A ruleset is anything with
``.pizi`` (tuple of kinds: a 七皮 table's 皮 included, since a 皮 tile is a pizi in every respect:
held it blocks the win, nobody wins on it, R-4.4), ``.pi`` (that table's 皮 kinds, empty without
``qipi``: a laizi may still stand for them, R-4.4, so only ``.pizi`` less ``.pi`` — R-4.1's 红中,
and 发财 in 红中发财 — is never a laizi's reading), ``.fa_is_pizi``, ``.jianjiang`` (R-7.13),
``.laizi_limit`` (R-4.6) and ``.strict_jiang`` (R-7.15); a meld is anything with ``.type``,
``.tiles`` and ``.kind`` (as ``replay.games.wuhan.hand.Meld``).

Kinds: 0-8 = 1m-9m, 9-17 = 1s-9s, 18-26 = 1p-9p, 27-33 = E S W N C F P.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from replay.tiles import JIANG, E, F, N, P, S, W

NUM_KINDS = 34

#: Hand types that are shapes / patterns (big hands), in a fixed order.
BIG_SHAPES = ("qingyise", "fengyise", "jiangyise", "pengpenghu", "quanqiuren")

#: Way of winning -> the big hands that way adds (R-7.8, R-7.9, R-7.10; R-3.7's replacement draw
#: that is a haidi draw adds both 杠上开 and 海底捞).
WAY_HANDS = {
    "gang_draw": {"gangshangkai"},
    "haidi": {"haidilao"},
    "rob": {"qianggang"},
    "haidi_gang_draw": {"gangshangkai", "haidilao"},
}

WAYS = ("self_draw", "discard", "gang_draw", "haidi", "rob", "haidi_gang_draw")


def suit(kind: int) -> int:
    """0 = m, 1 = s, 2 = p, 3 = honour."""
    return kind // 9 if kind < 27 else 3


def rank(kind: int) -> int:
    """1..9 for suited kinds, 0 for honours."""
    return kind % 9 + 1 if kind < 27 else 0


def counts_of(tiles: Sequence[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def pair_allowed(kind: int, pair: str) -> bool:
    """May ``kind`` be the pair? ``pair`` is "jiang" (suited 2/5/8 only) or "any"."""
    if pair == "any":
        return True
    if pair == "jiang":
        return kind in JIANG
    raise ValueError(f"pair must be 'jiang' or 'any', not {pair!r}")


# --------------------------------------------------------------------------------------------
# complete: melds + one pair, with wildcards
# --------------------------------------------------------------------------------------------


def ref_complete(counts: Sequence[int], wild: int, pair: str, blocked: Sequence[int] = ()) -> bool:
    """Reference for ``replay.shape.complete``.

    True iff the natural tiles (``counts``, 34 entries) plus ``wild`` wildcards split into
    n melds (a triplet of one kind, or a sequence of three consecutive ranks of one suit)
    and exactly one pair, where each wildcard may stand for any of the 34 kinds (no limit of
    four copies) but the ``blocked`` ones (a blocked kind held is only ever itself).
    ``pair="jiang"``: the pair must be a suited 2, 5 or 8; ``pair="any"``: any.
    A total that is not 3n+2 is never complete. Counts above four are split as any others:
    the readings' reference hands it laizi read as a fifth copy (``substitutions``); the fast
    path, which only ever sees natural tiles there, answers False to them instead.
    """
    assert len(counts) == NUM_KINDS and wild >= 0 and min(counts) >= 0
    pair_allowed(0, pair)  # validates the argument
    if (sum(counts) + wild) % 3 != 2:
        return False
    return _complete(tuple(counts), wild, True, pair, frozenset(blocked))


@lru_cache(maxsize=1 << 20)
def _complete(
    counts: tuple[int, ...], wild: int, need_pair: bool, pair: str, blocked: frozenset[int] = frozenset()
) -> bool:
    """Plain recursion: the lowest natural kind left must sit in some group; try them all."""
    low = next((k for k in range(NUM_KINDS) if counts[k] > 0), None)
    if low is None:
        # Only wildcards are left: they form triplets, plus the pair if it is still missing
        # (two wildcards can be a pair of any kind, a 将 included).
        if need_pair:
            return wild >= 2 and (wild - 2) % 3 == 0
        return wild % 3 == 0
    for take, used_wild, is_pair in _groups_with(low, counts, wild, need_pair, pair, blocked):
        rest = list(counts)
        for k in take:
            rest[k] -= 1
        if _complete(tuple(rest), wild - used_wild, need_pair and not is_pair, pair, blocked):
            return True
    return False


def _groups_with(
    low: int,
    counts: tuple[int, ...],
    wild: int,
    need_pair: bool,
    pair: str,
    blocked: frozenset[int] = frozenset(),
) -> Iterator[tuple[tuple[int, ...], int, bool]]:
    """Every group containing one natural tile of kind ``low`` (the lowest natural left).

    Yields (natural kinds taken, wildcards used, is this the pair). A wildcard never stands
    for a ``blocked`` kind. (Groups of wildcards alone can always pick a kind that is not.)
    """
    # Triplet of `low`: k naturals and 3 - k wildcards.
    for k in (1, 2, 3):
        if counts[low] >= k and wild >= 3 - k and (k == 3 or low not in blocked):
            yield (low,) * k, 3 - k, False
    # The pair, of kind `low`: k naturals and 2 - k wildcards.
    if need_pair and pair_allowed(low, pair):
        for k in (1, 2):
            if counts[low] >= k and wild >= 2 - k and (k == 2 or low not in blocked):
                yield (low,) * k, 2 - k, True
    # Sequences through `low` (suited only): `low` at the bottom, middle or top.
    if low < 27:
        for start in (low - 2, low - 1, low):
            if start < 0 or suit(start) != suit(low) or rank(start) > 7:
                continue
            others = [q for q in (start, start + 1, start + 2) if q != low]
            # Each other position is a natural tile (only possible above `low`, since `low`
            # is the lowest natural left) or a wildcard.
            options = [[True, False] if (q > low and counts[q] > 0) else [False] for q in others]
            options = [[n for n in o if n or q not in blocked] for o, q in zip(options, others, strict=True)]
            for natural in itertools.product(*options):
                take = (low, *(q for q, nat in zip(others, natural, strict=True) if nat))
                used = sum(1 for nat in natural if not nat)
                if used <= wild:
                    yield take, used, False


def ref_melds_only(counts: Sequence[int]) -> bool:
    """Do the natural tiles split into melds only (triplets and sequences), no pair?"""
    return _melds_only(tuple(counts))


@lru_cache(maxsize=1 << 16)
def _melds_only(counts: tuple[int, ...]) -> bool:
    low = next((k for k in range(NUM_KINDS) if counts[k] > 0), None)
    if low is None:
        return True
    if counts[low] >= 3:
        rest = list(counts)
        rest[low] -= 3
        if _melds_only(tuple(rest)):
            return True
    if low < 27 and rank(low) <= 7 and counts[low + 1] and counts[low + 2]:
        rest = list(counts)
        for k in (low, low + 1, low + 2):
            rest[k] -= 1
        if _melds_only(tuple(rest)):
            return True
    return False


def ref_real_jiang_split(counts: Sequence[int], real: Sequence[int]) -> bool:
    """R-7.13 见将胡: melds plus a 将 pair of kind K where at least one tile of K is real.

    ``counts`` is a concrete hand (every laizi already read as some kind); ``real[K]`` counts
    its tiles of kind K that really are K (natural tiles, or laizi read as their own kind).
    """
    for k in sorted(JIANG):
        if counts[k] >= 2 and real[k] >= 1:
            rest = list(counts)
            rest[k] -= 2
            if ref_melds_only(rest):
                return True
    return False


def ref_triplets_and_jiang_pair(counts: Sequence[int], real: Sequence[int], need_real: bool) -> bool:
    """Triplets plus a 将 pair (R-7.15), whose kind has a real tile when ``need_real`` (R-7.13)."""
    for k in sorted(JIANG):
        if counts[k] >= 2 and (real[k] >= 1 or not need_real):
            rest = list(counts)
            rest[k] -= 2
            if all(c % 3 == 0 for c in rest):
                return True
    return False


def ref_triplets_and_pair(counts: Sequence[int]) -> bool:
    """Do the natural tiles split into triplets plus exactly one pair (any kind)? No wildcards."""
    for pair_kind in range(NUM_KINDS):
        if counts[pair_kind] >= 2:
            rest = list(counts)
            rest[pair_kind] -= 2
            if all(c % 3 == 0 for c in rest):
                return True
    return False


# --------------------------------------------------------------------------------------------
# shanten
# --------------------------------------------------------------------------------------------


def sub_multisets(counts: Sequence[int], size: int) -> Iterator[list[int]]:
    """Every sub-multiset of ``counts`` with exactly ``size`` tiles, as a 34-count list."""
    kinds = [k for k in range(NUM_KINDS) if counts[k] > 0]

    def rec(i: int, left: int, chosen: list[int]) -> Iterator[list[int]]:
        if i == len(kinds):
            if left == 0:
                yield list(chosen)
            return
        k = kinds[i]
        for n in range(min(counts[k], left) + 1):
            chosen[k] = n
            yield from rec(i + 1, left - n, chosen)
        chosen[k] = 0

    yield from rec(0, size, [0] * NUM_KINDS)


def ref_shanten(counts: Sequence[int], wild: int, pair: str = "jiang") -> int:
    """Reference for ``replay.shape.shanten``, by its literal definition.

    H = the naturals plus ``wild`` wildcards, |H| = 3n+1 or 3n+2, target = 3n+2. d is the
    least w >= 0 such that some sub-multiset S of the naturals with
    |S| + wild + w = target is complete together with wild + w wildcards. Returns d - 1
    (-1 = complete, 0 = tenpai).
    """
    size = sum(counts) + wild
    if size % 3 == 0:
        raise ValueError(f"hand size {size} is not 3n+1 or 3n+2")
    target = size if size % 3 == 2 else size + 1
    for w in range(target - wild + 1):
        keep = target - wild - w
        if keep > sum(counts):
            continue
        for sub in sub_multisets(counts, keep):
            if ref_complete(sub, wild + w, pair):
                return w - 1
    raise AssertionError("unreachable: target wildcards alone are always complete")


# --------------------------------------------------------------------------------------------
# readings
# --------------------------------------------------------------------------------------------


def wind_kinds(rules: Any) -> frozenset[int]:
    """风 tiles for 风一色 (§1): E S W N F P; E S W N P when 发财 is a gang tile."""
    winds = {E, S, W, N, F, P}
    if rules.fa_is_pizi:
        winds.discard(F)
    return frozenset(winds)


def is_open(meld: Any) -> bool:
    """R-6.1: chi, peng, ming-gang and xu-gang count as opens; an-gang does not."""
    if meld.type in ("chi", "peng"):
        return True
    if meld.type == "gang":
        return meld.kind in ("ming", "xu")
    raise ValueError(f"unknown meld type {meld.type!r}")


def types_of(
    y: Sequence[int],
    melds: Sequence[Any],
    way: str,
    rules: Any,
    n_laizi: int,
    real: Sequence[int] | None = None,
) -> list[set[str]]:
    """The reading sets of one concrete hand ``y`` (no wildcards left) with its melds.

    Returns the list of hand-type sets this hand supports: ``{"pihu"}`` when 屁胡 holds,
    and big hands plus the way's hand when that is non-empty. ``n_laizi`` is the number
    of laizi tiles in the concealed hand + winning tile (for R-4.3); under R-4.6 (``laizi_limit:
    wild``) the number of laizi read as another kind than their own (a 屁胡 may use one, a big
    hand two). ``real`` counts the tiles of ``y`` that really are their kind (R-7.13; default:
    all of them). R-7.15 (``strict_jiang``): a way is credited only with a 将 pair, and stacks
    only with the shapes that have one; 全求人's pair is always a 将.
    """
    if way not in WAYS:
        raise ValueError(f"unknown way {way!r}")
    counts = counts_of(y)
    if real is None:
        real = counts
    all_tiles = list(y) + [t for m in melds for t in m.tiles]
    splits_any = ref_complete(counts, 0, "any")
    # with R-7.13 (见将胡) when the ruleset asks for a real 将
    splits_jiang = ref_real_jiang_split(counts, real) if rules.jianjiang else ref_complete(counts, 0, "jiang")

    big: set[str] = set()
    suits = {suit(t) for t in all_tiles}
    if len(suits) == 1 and suits != {3} and splits_any:
        big.add("qingyise")
    if all(t in wind_kinds(rules) for t in all_tiles):
        big.add("fengyise")  # no structure needed
    if all(t in JIANG for t in all_tiles):
        big.add("jiangyise")  # no structure needed
    if all(m.type in ("peng", "gang") for m in melds) and ref_triplets_and_pair(counts):
        big.add("pengpenghu")
    strict = rules.strict_jiang
    if (
        way == "discard"
        and len(melds) == 4
        and all(is_open(m) for m in melds)
        and len(y) == 2
        and y[0] == y[1]
        and (
            (y[0] in JIANG and (real[y[0]] >= 1 or not rules.jianjiang))
            or (not strict and big & {"qingyise", "fengyise", "jiangyise", "pengpenghu"})
        )
    ):
        big.add("quanqiuren")  # R-7.7 (R-7.15: the pair always a 将)

    if rules.laizi_limit == "wild" and n_laizi > 2:
        return []  # no hand uses three wildcards

    sets: list[set[str]] = []
    if way in ("self_draw", "discard") and splits_jiang and n_laizi <= 1:
        sets.append({"pihu"})  # with R-4.3 (R-4.6: wildcards used)
    if way not in WAY_HANDS:
        if big:
            sets.append(big)
    elif not strict:
        if big or splits_jiang:
            sets.append(big | WAY_HANDS[way])
    else:
        if big:
            sets.append(big)  # the shapes alone
        if splits_jiang:
            with_jiang = set()
            if "qingyise" in big:
                with_jiang.add("qingyise")  # one suit, and this 将 split
            triplets = ref_triplets_and_jiang_pair(counts, real, rules.jianjiang)
            with_jiang |= big & {"pengpenghu", "jiangyise"} if triplets else set()
            sets.append(with_jiang | WAY_HANDS[way])
    return sets


def maximal(sets: Sequence[frozenset[str]]) -> set[frozenset[str]]:
    """The sets not strictly contained in another one (duplicates collapse)."""
    unique = set(sets)
    return {s for s in unique if not any(s < t for t in unique)}


def substitutions(x: Sequence[int], laizi: int, rules: Any) -> Iterator[list[int]]:
    """Every hand obtained by reading each laizi tile of ``x`` as some kind.

    A laizi may be read as any kind except an R-4.1 pizi (R-4.2: 红中, and 发财 in 红中发财), its own
    kind included; under ``qipi`` a 皮 kind too (R-4.4: "a laizi may still stand for a 皮 kind
    inside a winning hand"). The laizi tiles are interchangeable, so combinations with
    replacement cover every distinct result.
    """
    naturals = [t for t in x if t != laizi]
    n = len(x) - len(naturals)
    allowed = [k for k in range(NUM_KINDS) if k not in rules.pizi or k in rules.pi]
    for reading in itertools.combinations_with_replacement(allowed, n):
        yield naturals + list(reading)


def ref_readings(
    concealed: Sequence[int],
    melds: Sequence[Any],
    win_tile: int,
    way: str,
    laizi: int,
    rules: Any,
) -> set[tuple[frozenset[str], bool]]:
    """Reference for ``replay.games.wuhan.hand.readings``, as a set of (frozenset(hands), hard).

    X = concealed + [win_tile], L = number of laizi tiles in X. Hard readings come from the
    identity reading only (every laizi read as itself). If L > 0, every substitution of
    the laizi (identity included) gives soft readings. The result keeps the maximal sets,
    separately for hard and soft.
    """
    x = [*concealed, win_tile]
    n_laizi = sum(1 for t in x if t == laizi)
    wild = rules.laizi_limit == "wild"  # count the laizi used as wildcards, not those held

    hard = [frozenset(s) for s in types_of(x, melds, way, rules, 0 if wild else n_laizi)]
    result = {(s, True) for s in maximal(hard)}
    if n_laizi > 0:
        soft = []
        for y in substitutions(x, laizi, rules):
            naturals = len(x) - n_laizi  # substitutions() puts the naturals first
            real = counts_of([*y[:naturals], *(t for t in y[naturals:] if t == laizi)])
            used = sum(1 for t in y[naturals:] if t != laizi) if wild else n_laizi
            soft += [frozenset(s) for s in types_of(y, melds, way, rules, used, real)]
        result |= {(s, False) for s in maximal(soft)}
    return result


def engine_readings_as_set(readings: Sequence[Any]) -> set[tuple[frozenset[str], bool]]:
    """The engine's ``readings`` result in the reference's comparable form."""
    return {(frozenset(r.hands), bool(r.hard)) for r in readings}


# --------------------------------------------------------------------------------------------
# 见字胡 and waits
# --------------------------------------------------------------------------------------------


def ref_jianzi(concealed: Sequence[int], melds: Sequence[Any], laizi: int, rules: Any) -> bool:
    """Reference for ``replay.games.wuhan.judge.is_jianzi`` (R-7.14), straight from the rule text: the
    concealed tiles read (shape, R-4.3 and R-7.13 included) as a win on a discard of every kind
    but the pizi, the laizi and a kind the seat holds all four of (hand and melds: no copy is
    left to discard). Off when the ruleset's ``jianzi_self_draw_only`` is off."""
    if not rules.jianzi_self_draw_only:
        return False
    held = counts_of([*concealed, *(t for m in melds for t in m.tiles)])
    kinds = [k for k in range(NUM_KINDS) if k not in rules.pizi and k != laizi and held[k] < 4]
    return all(ref_readings(concealed, melds, k, "discard", laizi, rules) for k in kinds)


def ref_waits(
    concealed: Sequence[int], melds: Sequence[Any], laizi: int, rules: Any, seen: Sequence[int] = ()
) -> list[int]:
    """Reference for ``replay.games.wuhan.judge.waits`` without 起胡 (R-9.1): opened, no pizi held, and the
    kinds not all four in view (own hand, melds, ``seen``) on whose discard the hand reads as a
    win, unless it is 见字胡."""
    if not any(is_open(m) for m in melds) or any(t in rules.pizi for t in concealed):
        return []
    view = counts_of([*concealed, *(t for m in melds for t in m.tiles), *seen])
    if ref_jianzi(concealed, melds, laizi, rules):
        return []
    return [
        k
        for k in range(NUM_KINDS)
        if k not in rules.pizi
        and k != laizi
        and view[k] < 4
        and ref_readings(concealed, melds, k, "discard", laizi, rules)
    ]
