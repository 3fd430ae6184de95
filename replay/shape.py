"""Fast shape checks on count vectors: complete hands (R-7.2 shapes) and shanten.

Both work on the 34 counts of the *natural* tiles plus a number of wildcards (laizi), so
the same code serves the hard reading (laizi counted as natural tiles, ``wild=0``) and the
soft one. ``complete`` looks each suit up in the precomputed tables of ``replay.tables``;
``shanten`` in those of ``replay.shanten_tables`` (shipped, so the first hand is as fast as the
millionth). The brute-force reference in ``tests/reference.py`` defines what both must say.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any, Generic, TypeVar

from replay import shape_core
from replay.shanten_tables import honour_kept, join, load, suit_kept, vector
from replay.tables import ANY_PAIR_DONE, IMPOSSIBLE, JIANG_PAIR_DONE, MELDS_DONE, complete_flags, suit_needs
from replay.tiles import JIANG, NUM_KINDS

_NONE = 7 | 7 << 3 | 7 << 6
# Wildcards to make a count of one kind into triplets only, and what taking the pair from it costs
# beyond that, indexed by the count: a count above four is no hand at all (the four copies of
# ), so it can never be made (a caller that adds a candidate tile to a concealed four must
# get "no", not an IndexError: issue #27). The tuples run to 255, the largest byte.
TRIPLET_NEED = (0, 2, 1, 0, 2) + (IMPOSSIBLE,) * 251
PAIR_EXTRA = (2, -1, -1, 2, -1) + (0,) * 251
#: the same for a kind no wildcard may stand for: only a triplet or a pair of its own tiles
_BLOCKED_TRIPLET_NEED = (0, IMPOSSIBLE, IMPOSSIBLE, 0) + (IMPOSSIBLE,) * 252
_BLOCKED_PAIR_EXTRA = (0, 0, -IMPOSSIBLE, IMPOSSIBLE) + (0,) * 252
#: the honour counts a laizi-free complete hand may hold (a pair or a triplet, or none)
_HONOUR_OK = bytes((0, 2, 3))


def complete(counts: Sequence[int], wild: int = 0, pair: str = "jiang", blocked: Sequence[int] = ()) -> bool:
    """Do the tiles (at most 14, total 3n+2) split into n melds and a pair?

    A count above four of any kind answers False: no hand holds a fifth copy (R-3.1).
    ``pair="jiang"``: the pair must be a suited 2, 5 or 8 (屁胡, R-7.2); ``"any"`` allows any
    pair (清一色, 碰碰胡). Each wildcard may stand for any kind but the ``blocked`` ones, and a
    blocked kind held is only ever itself. (Wuhan blocks nothing since R-4.4's amendment: a
    laizi may be a 皮, and a laizi read as a held pizi could never win, R-4.2; the parameter is
    the shared engine's for a game whose wildcards exclude kinds.)
    """
    b = bytes(counts)
    if wild == 0:
        return _complete_natural(b, pair)
    if (sum(b) + wild) % 3 != 2:
        return False
    if blocked:
        v0, v1, v2 = suit_values(b, blocked)
    else:  # the common case, kept to three lookups
        table = suit_needs()
        v0 = table.get(b[0:9], _NONE)
        v1 = table.get(b[9:18], _NONE)
        v2 = table.get(b[18:27], _NONE)
    m0, m1, m2 = v0 & 7, v1 & 7, v2 & 7
    hm = 0
    hp = IMPOSSIBLE
    if blocked:
        for k, c in enumerate(b[27:34], 27):
            if c:
                hm += (_BLOCKED_TRIPLET_NEED if k in blocked else TRIPLET_NEED)[c]
                hp = min(hp, (_BLOCKED_PAIR_EXTRA if k in blocked else PAIR_EXTRA)[c])
    else:
        for c in b[27:34]:
            if c:
                hm += TRIPLET_NEED[c]
                hp = min(hp, PAIR_EXTRA[c])
    base = m0 + m1 + m2 + hm
    shift = 6 if pair == "jiang" else 3
    best = min(
        base + 2,  # the pair is two wildcards
        base - m0 + (v0 >> shift & 7),
        base - m1 + (v1 >> shift & 7),
        base - m2 + (v2 >> shift & 7),
    )
    if pair == "any":
        best = min(best, base + hp)
    return best <= wild


def complete_real_jiang(counts: Sequence[int], wild: int = 0, blocked: Sequence[int] = ()) -> bool:
    """n melds plus a 将 pair that holds at least one natural tile (R-7.13 见将胡).

    ``counts`` are the natural tiles only; two wildcards may still fill melds but never make
    the 将 pair by themselves. (A laizi that is itself a 2/5/8 and reads as its own kind is a
    real 将: the caller counts it as natural, or uses ``complete`` when the laizi is a 将.)
    """
    if wild == 0:
        return complete(counts, 0, "jiang")
    if (sum(counts) + wild) % 3 != 2 or max(counts) > 4:  # a fifth copy is no hand
        return False
    rest = list(counts)
    for k in JIANG:
        c = rest[k]
        if not c:
            continue
        if k not in blocked:  # one natural tile of the pair, the other a wildcard ...
            rest[k] = c - 1
            if melds_cost(rest, blocked) <= wild - 1:
                return True
        if c >= 2:  # ... or both natural
            rest[k] = c - 2
            if melds_cost(rest, blocked) <= wild:
                return True
        rest[k] = c
    return False


def melds_cost(counts: Sequence[int], blocked: Sequence[int] = ()) -> int:
    """Wildcards needed to make the natural tiles into melds only (no pair); 7+ = impossible."""
    b = bytes(counts)
    if blocked:
        v0, v1, v2 = suit_values(b, blocked)
    else:
        table = suit_needs()
        v0, v1, v2 = table.get(b[0:9], _NONE), table.get(b[9:18], _NONE), table.get(b[18:27], _NONE)
    cost = (v0 & 7) + (v1 & 7) + (v2 & 7)
    for k, c in enumerate(b[27:34], 27):
        if c:
            cost += (_BLOCKED_TRIPLET_NEED if k in blocked else TRIPLET_NEED)[c]
    return cost


def suit_values(b: bytes, blocked: Sequence[int] = ()) -> tuple[int, int, int]:
    """The three suits' packed wildcard needs (``replay.tables``), a blocked kind's suit apart."""
    table = suit_needs()
    out = []
    for lo in (0, 9, 18):
        key = b[lo : lo + 9]
        mask = 0
        for k in blocked:
            if lo <= k < lo + 9:
                mask |= 1 << (k - lo)
        out.append(blocked_needs(key, mask) if mask else table.get(key, _NONE))
    return out[0], out[1], out[2]


@lru_cache(maxsize=1 << 16)
def blocked_needs(key: bytes, mask: int) -> int:
    """One suit's packed needs (melds | any pair << 3 | 将 pair << 6, 7 = impossible) when no
    wildcard may stand for the ranks in ``mask`` (``complete``'s ``blocked``).

    Plain recursion, the lowest natural tile first; each suit shape once (cached).
    """
    counts = tuple(key)
    if max(counts) > 4:  # a fifth copy: no hand (the plain tables hold no such shape either)
        return _NONE
    melds = _need(counts, mask, 0)
    anyp = _need(counts, mask, 1)
    jiang = _need(counts, mask, 2)
    return min(melds, IMPOSSIBLE) | min(anyp, IMPOSSIBLE) << 3 | min(jiang, IMPOSSIBLE) << 6


_PAIR_RANKS = (0, 0b111111111, 0b010010010)  # pair: none, any rank, a 2/5/8


@lru_cache(maxsize=1 << 18)
def _need(counts: tuple[int, ...], mask: int, pair: int) -> int:
    """Least wildcards (none at a ``mask`` rank) making ``counts`` melds plus the ``pair`` asked."""
    low = next((r for r in range(9) if counts[r]), None)
    if low is None:
        if not pair:
            return 0
        return 2 if _PAIR_RANKS[pair] & ~mask & 0x1FF else IMPOSSIBLE
    free = not mask >> low & 1
    best = IMPOSSIBLE
    c = counts[low]

    def rest(*ranks: int) -> tuple[int, ...]:
        out = list(counts)
        for r in ranks:
            out[r] -= 1
        return tuple(out)

    for k in (1, 2, 3):  # a triplet of `low`: k natural tiles
        if c >= k and (k == 3 or free):
            best = min(best, 3 - k + _need(rest(*(low,) * k), mask, pair))
    if pair and _PAIR_RANKS[pair] >> low & 1:
        for k in (1, 2):  # the pair, of `low`
            if c >= k and (k == 2 or free):
                best = min(best, 2 - k + _need(rest(*(low,) * k), mask, 0))
    for start in (low - 2, low - 1, low):  # runs through `low`, the lowest natural tile left
        if start < 0 or start > 6:
            continue
        take = [low]
        used = 0
        ok = True
        for r in (start, start + 1, start + 2):
            if r == low:
                continue
            if r > low and counts[r]:
                take.append(r)  # natural; reading it as a wildcard's place never does better
            elif mask >> r & 1:
                ok = False
                break
            else:
                used += 1
        if ok:
            best = min(best, used + _need(rest(*take), mask, pair))
    return best


def _complete_natural(b: bytes, pair: str) -> bool:
    """The laizi-free case, the hottest path: three lookups in the small table of complete keys."""
    honours = b[27:]
    if honours.translate(None, _HONOUR_OK):  # an honour alone, a four, or a fifth copy
        return False
    get = complete_flags().get
    f0 = get(b[:9])
    if f0 is None:
        return False
    f1 = get(b[9:18])
    if f1 is None:
        return False
    f2 = get(b[18:27])
    if f2 is None:
        return False
    if 2 in honours:  # the pair is an honour pair
        return pair == "any" and honours.count(2) == 1 and f0 & f1 & f2 & MELDS_DONE == MELDS_DONE
    bit = JIANG_PAIR_DONE if pair == "jiang" else ANY_PAIR_DONE
    return bool(
        (f0 & f1 & MELDS_DONE and f2 & bit)
        or (f0 & f2 & MELDS_DONE and f1 & bit)
        or (f1 & f2 & MELDS_DONE and f0 & bit)
    )


# --- shanten -------------------------------------------------------------------------------
# Each group of tiles (three suits, the honours) is looked up as a class; the classes are
# combined by the tables J, K, F of ``replay.shanten_tables`` into the tiles that fit in M meld
# slots and a pair. Shanten is what is missing, less the laizi, minus one.

_SLICES = ((0, 9), (9, 18), (18, 27))
_GROUPS = (*_SLICES, (27, 34))
_MASK = (1 << 72) - 1
_from_bytes = int.from_bytes
_STEP = tuple(1 << 8 * r for r in range(9))  # one more tile of rank r, in a shape's integer key
#: per pair rule: shape -> class dicts, the class shift, and the combination tables
_Rule = tuple[dict[int, int], dict[int, int], int, int, int, list[int], list[int], list[int]]
_RULES: dict[str, _Rule] = {}


def _rule(pair: str) -> _Rule:
    rule = _RULES.get(pair)
    if rule is None:
        if pair not in ("jiang", "any"):
            raise ValueError(f"pair must be 'jiang' or 'any', not {pair!r}")
        shift = 0 if pair == "jiang" else 8
        if _core is not None:  # the same tables as flat arrays: no dictionaries built
            suit_table, honour_table = _core_tables()
            s, nh, j, k, f = _core.rule(shift >> 3)
            rule = _RULES[pair] = (suit_table, honour_table, shift, s, nh, j, k, f)
        else:
            tables = load()
            t = tables.rules[pair]
            rule = _RULES[pair] = (tables.suit, tables.honour, shift, t.suits, t.honours, t.j, t.k, t.f)
    return rule


@lru_cache(maxsize=1)
def _core_tables() -> tuple[dict[int, int], dict[int, int]]:
    """The compiled core's read-only mappings (``ShapeTable``: ``[key]`` and ``.get`` as a dict's)
    over its flat class arrays, for the pure-Python functions it does not replace."""
    assert _core is not None
    suit_table, honour_table = _core.tables()
    return suit_table, honour_table


def rule_tables(pair: str = "jiang") -> _Rule:
    """The lookup tables ``shanten_of_keys`` reads, for a caller that inlines it in a hot loop:
    (suit classes, honour classes, class shift, suit classes' count, honour classes' count,
    J, K, F); the shanten of keys (k0, k1, k2, k3) with ``size`` tiles and ``wild`` wildcards
    is ``3 * (size // 3) + 1 - wild - F[(K[J[c0 * s + c1] * s + c2] * nh + c3) * 5 + size // 3]``
    with ``c = table[key] >> shift & 255`` of each group."""
    return _RULES.get(pair) or _rule(pair)


def _too_big(size: int) -> ValueError:
    return ValueError(f"shanten is for hands of at most 14 tiles and 4 of a kind, not {size} tiles")


def _slow_kept(b: bytes, pair: str, melds: int) -> int:
    """A shape outside the tables (a fifth copy asked about): the tables' own generator."""
    p = 2 if pair == "jiang" else 1
    whole: tuple[int, ...] = (0,) * 5 + (-99,) * 5
    for lo, hi in _SLICES:
        whole = join(whole, vector(suit_kept(tuple(b[lo:hi])), p))
    honours = vector(honour_kept(tuple(b[27:34])), 1 if p == 1 else 0)
    if p == 2:
        honours = honours[:5] + (-99,) * 5
    whole = join(whole, honours)
    return max(whole[melds], whole[5 + melds])


def shanten(counts: Sequence[int], wild: int = 0, pair: str = "jiang") -> int:
    """Exchanges still needed, minus one: -1 complete, 0 tenpai (听牌). Hands of at most 14 tiles.

    With ``pair="jiang"`` the hand aims at 屁胡's 将 pair; ``"any"`` at any pair. A missing tile
    is bought by a wildcard, a fifth copy included. Four lookups and three sums, inlined: this
    is the engine's hottest function.
    """
    suit, honour, shift, s, nh, jt, kt, ft = _RULES.get(pair) or _rule(pair)
    b = bytes(counts)
    size = sum(b) + wild
    if size > 14:
        raise _too_big(size)
    melds = size // 3
    h = _from_bytes(b, "little")
    try:
        kept = ft[
            (
                kt[
                    jt[(suit[h & _MASK] >> shift & 255) * s + (suit[h >> 72 & _MASK] >> shift & 255)] * s
                    + (suit[h >> 144 & _MASK] >> shift & 255)
                ]
                * nh
                + (honour[h >> 216] >> shift & 255)
            )
            * 5
            + melds
        ]
    except KeyError:
        if max(b) > 4:
            raise _too_big(size) from None
        kept = _slow_kept(b, pair, melds)
    return 3 * melds + 1 - wild - kept


def shanten_after_discards(counts: Sequence[int], wild: int = 0, pair: str = "jiang") -> dict[int, int]:
    """``shanten`` of the hand without one tile, for every kind held: a discard decision in one go."""
    return {kind: v for kind, (v, _) in ukeire(counts, wild, pair, draws=False).items()}


def shanten_after_draws(
    counts: Sequence[int], wild: int = 0, pair: str = "jiang", kinds: Iterable[int] | None = None
) -> dict[int, int]:
    """``shanten`` of the hand with one more tile of each kind asked for (all 34 by default).

    A fifth copy may be asked about (a wildcard reads as any kind): it is computed, not looked up.
    """
    b = bytearray(counts)
    wanted = range(NUM_KINDS) if kinds is None else sorted(set(kinds))
    out: dict[int, int] = {}
    for kind in wanted:
        b[kind] += 1
        out[kind] = shanten(b, wild, pair) if b[kind] <= 4 else _fifth(bytes(b), wild, pair)
        b[kind] -= 1
    return out


def improving_draws(
    counts: Sequence[int], wild: int, pair: str, kinds: Iterable[int], below: int
) -> frozenset[int]:
    """The kinds of ``kinds`` whose draw leaves a shanten under ``below``: ``shanten_after_draws``
    filtered, without recomputing what a draw leaves unchanged.

    A draw changes one group (a suit, or the honours): its class is one lookup of the group's
    shape with one more tile, and the other groups' classes are the hand's own, so each kind
    costs a dictionary lookup and three list lookups instead of a whole ``shanten``. This is
    the 进张 of one discard, which the mistake analysis asks for the thrown tile and its rivals.
    """
    suit, honour, shift, s, nh, jt, kt, ft = _RULES.get(pair) or _rule(pair)
    b = bytes(counts)
    size = sum(b) + wild + 1
    if size > 14 or max(b) > 4:
        raise _too_big(size)
    melds = size // 3
    base = 3 * melds + 1 - wild
    h = _from_bytes(b, "little")
    k0, k1, k2, k3 = h & _MASK, h >> 72 & _MASK, h >> 144 & _MASK, h >> 216
    c0, c1, c2 = suit[k0] >> shift & 255, suit[k1] >> shift & 255, suit[k2] >> shift & 255
    c3 = honour[k3] >> shift & 255
    out = []
    for x in kinds:
        if b[x] >= 4:  # a fifth copy (a wildcard can read as one): computed, as shanten_after_draws does
            after = bytearray(b)
            after[x] += 1
            if _fifth(bytes(after), wild, pair) < below:
                out.append(x)
            continue
        g = x // 9 if x < 27 else 3
        packed = (suit if g < 3 else honour).get((k0, k1, k2, k3)[g] + _STEP[x - 9 * g])
        if packed is None:  # a shape outside the tables: the plain way
            after = bytearray(b)
            after[x] += 1
            value = shanten(after, wild, pair)
        else:
            y = packed >> shift & 255
            if g == 0:
                kept = ft[(kt[jt[y * s + c1] * s + c2] * nh + c3) * 5 + melds]
            elif g == 1:
                kept = ft[(kt[jt[c0 * s + y] * s + c2] * nh + c3) * 5 + melds]
            elif g == 2:
                kept = ft[(kt[jt[c0 * s + c1] * s + y] * nh + c3) * 5 + melds]
            else:
                kept = ft[(kt[jt[c0 * s + c1] * s + c2] * nh + y) * 5 + melds]
            value = base - kept
        if value < below:
            out.append(x)
    return frozenset(out)


def _fifth(b: bytes, wild: int, pair: str) -> int:
    size = sum(b) + wild
    if size > 14:
        raise _too_big(size)
    melds = size // 3
    return 3 * melds + 1 - wild - _slow_kept(b, pair, melds)


def ukeire(
    counts: Sequence[int], wild: int = 0, pair: str = "jiang", draws: bool = True
) -> dict[int, tuple[int, frozenset[int]]]:
    """For every kind held: the shanten after discarding it, and the kinds whose draw lowers it.

    The tiles-that-improve (进张) of every discard in one go. A discard changes one group and a
    draw another, so the other groups keep their classes and their partial sums: a draw in
    another group costs one to three list lookups, and two discards that leave their group in
    the same class share those draws. Kinds already held four times after the discard are not
    offered (no fifth copy can be drawn); a drawn laizi always helps and is the caller's to add.
    ``draws=False`` skips the draws (the shanten after each discard only).
    """
    suit, honour, shift, s, nh, jt, kt, ft = _RULES.get(pair) or _rule(pair)
    b = bytes(counts)
    size = sum(b) + wild
    if size > 15 or size < 1 or max(b) > 4:
        raise _too_big(size)
    melds = (size - 1) // 3
    base = 3 * melds + 1 - wild
    h = _from_bytes(b, "little")
    keys = (h & _MASK, h >> 72 & _MASK, h >> 144 & _MASK, h >> 216)
    tables = (suit, suit, suit, honour)
    now = [suit[keys[0]] >> shift & 255, suit[keys[1]] >> shift & 255, suit[keys[2]] >> shift & 255]
    now.append(honour[keys[3]] >> shift & 255)
    # per group: (kind, class with one more of it), leaving out a draw that keeps the class
    plus: list[list[tuple[int, int]]] = [[], [], [], []]
    if draws:
        for g in range(4):
            table, key, lo, held = tables[g], keys[g], 9 * g, now[g]
            row = []
            for r in range(9 if g < 3 else 7):
                packed = table.get(key + _STEP[r]) if b[lo + r] < 4 else None
                if packed is not None and packed >> shift & 255 != held:  # None: 15 tiles in a group
                    row.append((lo + r, packed >> shift & 255))
            plus[g] = row
    kept14 = ft[(kt[jt[now[0] * s + now[1]] * s + now[2]] * nh + now[3]) * 5 + melds]
    shared: dict[tuple[int, int], list[int]] = {}
    out: dict[int, tuple[int, frozenset[int]]] = {}
    for kind, n in enumerate(b):
        if not n:
            continue
        g = kind // 9 if kind < 27 else 3
        lo = 9 * g
        table = tables[g]
        key = keys[g] - _STEP[kind - lo]
        c = list(now)
        c[g] = table[key] >> shift & 255
        c0, c1, c2, c3 = c
        j01 = jt[c0 * s + c1]
        k012 = kt[j01 * s + c2]
        kept = ft[(k012 * nh + c3) * 5 + melds]
        if not draws:
            out[kind] = (base - kept, frozenset())
            continue
        better = shared.get((g, c[g]))
        if better is None:  # draws in the other groups
            better = []
            if g != 3:
                better += [x for x, y in plus[3] if ft[(k012 * nh + y) * 5 + melds] > kept]
            if g != 2:
                better += [x for x, y in plus[2] if ft[(kt[j01 * s + y] * nh + c3) * 5 + melds] > kept]
            if g != 1:
                better += [
                    x for x, y in plus[1] if ft[(kt[jt[c0 * s + y] * s + c2] * nh + c3) * 5 + melds] > kept
                ]
            if g != 0:
                better += [
                    x for x, y in plus[0] if ft[(kt[jt[y * s + c1] * s + c2] * nh + c3) * 5 + melds] > kept
                ]
            shared[(g, c[g])] = better
        mine = list(better)
        if kept14 > kept:  # drawing the discard back
            mine.append(kind)
        for r in range(9 if g < 3 else 7):  # draws in the discard's own group
            x = lo + r
            if x != kind and b[x] < 4:
                c[g] = table[key + _STEP[r]] >> shift & 255
                if ft[(kt[jt[c[0] * s + c[1]] * s + c[2]] * nh + c[3]) * 5 + melds] > kept:
                    mine.append(x)
        out[kind] = (base - kept, frozenset(mine))
    return out


# --- per-group 进张, for an analysis that asks it of many hands ------------------------------
# A draw or a discard changes one group (a suit, or the honours). Whether a draw in a suit
# lowers the shanten depends only on that suit's shape, on the class of the other two suits
# together (J, the tables' combination of two suit classes: the join is commutative and
# associative, so any two suits may be taken first) and the honours' class, and on the meld
# slots: not on which suit it is, nor on which hand. So the improving draws of a shape are
# looked up once per (shape, the rest's classes) and shared by every hand and every discard
# that leaves a group so; the same goes for the shanten after each discard of a group's tiles.

#: the kinds within two ranks of each rank (a suit) held, as a 9-bit mask per shape's ranks
_NEAR_MASK = tuple(sum(1 << q for q in range(max(0, r - 2), min(9, r + 3))) for r in range(9))
_GROUP_CACHE: dict[tuple[int, ...], tuple[int, ...]] = {}
_GROUP_LIMIT = 1 << 17  # entries kept per cache (``_MOVES``: fewer, its entries are the largest)

V = TypeVar("V")


class _Generations(Generic[V]):
    """A cache kept in two generations: ``now``, which the hot paths read inline, and the one
    before it, whose entries are taken back into ``now`` when met again. When ``now`` holds
    ``size`` entries it becomes the one before. Starting over when full threw away the shapes
    every hand meets with the rare ones, and the next thousand hands paid for them all again
    (half as many misses again over a run of 16,000 hands, issue #15)."""

    __slots__ = ("before", "now", "size")

    def __init__(self, size: int) -> None:
        self.now: dict[int, V] = {}
        self.before: dict[int, V] = {}
        self.size = size

    def keep(self, key: int, value: V) -> V:
        """Put ``value`` in ``now`` (starting a new generation if it is full) and return it."""
        if len(self.now) >= self.size:
            self.before, self.now = self.now, {}
        self.now[key] = value
        return value


def group_keys(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """The four groups' shape keys (as the tables index them) of 34 counts, each at most 4."""
    h = _from_bytes(bytes(counts), "little")
    return h & _MASK, h >> 72 & _MASK, h >> 144 & _MASK, h >> 216


def shanten_of_keys(keys: Sequence[int], size: int, wild: int, pair: str = "jiang") -> int:
    """``shanten`` of the hand whose groups are ``keys`` (``group_keys``), ``size`` tiles with
    the ``wild`` wildcards; raises KeyError for a shape outside the tables."""
    suit, honour, shift, s, nh, jt, kt, ft = _RULES.get(pair) or _rule(pair)
    melds = size // 3
    c0, c1, c2 = suit[keys[0]] >> shift & 255, suit[keys[1]] >> shift & 255, suit[keys[2]] >> shift & 255
    kept = ft[(kt[jt[c0 * s + c1] * s + c2] * nh + (honour[keys[3]] >> shift & 255)) * 5 + melds]
    return 3 * melds + 1 - wild - kept


def improving_kinds(keys: Sequence[int], size: int, pair: str = "jiang", near: bool = False) -> list[int]:
    """The kinds whose draw lowers the shanten of the hand whose groups are ``keys``
    (``group_keys``), ``size`` tiles with its wildcards: ``improving_draws`` over every kind the
    hand holds fewer than four of (``near``: only those within two ranks of a held tile of
    their suit, or held honours), in kind order. Each group's answer is looked up once per
    shape and rest (see above); raises KeyError for a shape outside the tables.
    """
    suit, honour, shift, s, _, jt, kt, _ = _RULES.get(pair) or _rule(pair)
    melds = (size + 1) // 3  # the slots of the hand with the draw
    k0, k1, k2, k3 = keys
    c0, c1, c2 = suit[k0] >> shift & 255, suit[k1] >> shift & 255, suit[k2] >> shift & 255
    c3 = honour[k3] >> shift & 255
    j01, j02, j12 = jt[c0 * s + c1], jt[c0 * s + c2], jt[c1 * s + c2]
    out: list[int] = []
    cache = _GROUP_CACHE
    tag = (shift << 4) | (2 if near else 1) << 8 | melds  # improving: 1 or 2 in the high bits
    for lo, key, rest in ((0, k0, j12), (9, k1, j02), (18, k2, j01)):
        if near and not key:
            continue  # nothing held in the suit: nothing near
        ck = (tag, key, rest, c3)
        found = cache.get(ck)
        if found is None:
            found = _cached(ck, _improving_suit(key, rest, c3, melds, near, pair))
        if found:
            out += [lo + r for r in found]
    if k3 or not near:
        k012 = kt[j01 * s + c2]
        hk = (tag | 1024, k3, k012)
        found = cache.get(hk)
        if found is None:
            found = _cached(hk, _improving_honours(k3, k012, melds, near, pair))
        if found:
            out += [27 + r for r in found]
    return out


def discard_kept(keys: Sequence[int], size: int, pair: str = "jiang") -> list[tuple[int, int]]:
    """(kind, tiles kept) for every natural kind held, in kind order, after discarding it: the
    shanten after that discard is ``3 * (size // 3) + 1 - wild - kept`` (``size`` counts the
    hand before the discard, wildcards included). Looked up per group shape and rest, as
    ``improving_kinds``; raises KeyError for a shape outside the tables."""
    suit, honour, shift, s, _, jt, kt, _ = _RULES.get(pair) or _rule(pair)
    melds = (size - 1) // 3  # the slots of the hand after the discard
    k0, k1, k2, k3 = keys
    c0, c1, c2 = suit[k0] >> shift & 255, suit[k1] >> shift & 255, suit[k2] >> shift & 255
    c3 = honour[k3] >> shift & 255
    j01 = jt[c0 * s + c1]
    out: list[tuple[int, int]] = []
    cache = _GROUP_CACHE
    tag = (shift << 4) | 3 << 8 | melds  # discards: 3 in the high bits
    for lo, key, rest in ((0, k0, jt[c1 * s + c2]), (9, k1, jt[c0 * s + c2]), (18, k2, j01)):
        if not key:
            continue
        ck = (tag, key, rest, c3)
        found = cache.get(ck)
        if found is None:
            found = _cached(ck, _discards_suit(key, rest, c3, melds, pair))
        out += [(lo + found[i], found[i + 1]) for i in range(0, len(found), 2)]
    if k3:
        k012 = kt[j01 * s + c2]
        hk = (tag | 1024, k3, k012)
        found = cache.get(hk)
        if found is None:
            found = _cached(hk, _discards_honours(k3, k012, melds, pair))
        out += [(27 + found[i], found[i + 1]) for i in range(0, len(found), 2)]
    return out


def improving_mask(
    keys: Sequence[int],
    size: int,
    pair: str = "jiang",
    near: bool = False,
    classes: Sequence[int] | None = None,
) -> int:
    """``improving_kinds`` as a bit mask (bit ``k`` for kind ``k``): a caller that only unions,
    compares and subtracts these sets does it in a few integer operations, and each group's
    mask is looked up once per shape and rest, as ``improving_kinds``' lists are. ``classes``:
    the groups' classes under ``pair``, when the caller has them."""
    suit, honour, shift, s, _, jt, kt, _ = _RULES.get(pair) or _rule(pair)
    melds = (size + 1) // 3
    k0, k1, k2, k3 = keys
    if classes is None:
        c0, c1, c2 = suit[k0] >> shift & 255, suit[k1] >> shift & 255, suit[k2] >> shift & 255
        c3 = honour[k3] >> shift & 255
    else:
        c0, c1, c2, c3 = classes
    j01 = jt[c0 * s + c1]
    out = 0
    cache = _MASK_CACHE
    tag = (shift << 4) | (2 if near else 1) << 8 | melds
    for lo, key, rest in ((0, k0, jt[c1 * s + c2]), (9, k1, jt[c0 * s + c2]), (18, k2, j01)):
        if near and not key:
            continue
        ck = (tag, key, rest, c3)
        found = cache.get(ck)
        if found is None:
            found = _mask_cached(ck, _suit_mask(key, rest, c3, melds, near, pair))
        out |= found << lo
    if k3 or not near:
        k012 = kt[j01 * s + c2]
        hk = (tag | 1024, k3, k012)
        found = cache.get(hk)
        if found is None:
            found = _mask_cached(hk, _honours_mask(k3, k012, melds, near, pair))
        out |= found << 27
    return out


def discards_keeping(keys: Sequence[int], size: int, kept: int, pair: str = "jiang") -> int:
    """The natural kinds whose discard keeps ``kept`` tiles (``discard_kept``), as a bit mask:
    the best discards of a hand, for a caller that already knows how many the best keep."""
    suit, honour, shift, s, _, jt, kt, _ = _RULES.get(pair) or _rule(pair)
    melds = (size - 1) // 3
    k0, k1, k2, k3 = keys
    c0, c1, c2 = suit[k0] >> shift & 255, suit[k1] >> shift & 255, suit[k2] >> shift & 255
    c3 = honour[k3] >> shift & 255
    j01 = jt[c0 * s + c1]
    out = 0
    cache = _KEPT_CACHE
    tag = (shift << 4) | 3 << 8 | melds
    for lo, key, rest in ((0, k0, jt[c1 * s + c2]), (9, k1, jt[c0 * s + c2]), (18, k2, j01)):
        if not key:
            continue
        ck = (tag, key, rest, c3)
        found = cache.get(ck)
        if found is None:
            found = _kept_cached(ck, _discards_suit(key, rest, c3, melds, pair))
        out |= found.get(kept, 0) << lo
    if k3:
        k012 = kt[j01 * s + c2]
        hk = (tag | 1024, k3, k012)
        found = cache.get(hk)
        if found is None:
            found = _kept_cached(hk, _discards_honours(k3, k012, melds, pair))
        out |= found.get(kept, 0) << 27
    return out


_MASK_CACHE: dict[tuple[int, ...], int] = {}
_KEPT_CACHE: dict[tuple[int, ...], dict[int, int]] = {}


def _mask_cached(key: tuple[int, ...], mask: int) -> int:
    if len(_MASK_CACHE) >= _GROUP_LIMIT:
        _MASK_CACHE.clear()
    _MASK_CACHE[key] = mask
    return mask


def _kept_cached(key: tuple[int, ...], pairs: tuple[int, ...]) -> dict[int, int]:
    """(rank, kept) pairs, flattened, as kept -> the ranks' mask."""
    if len(_KEPT_CACHE) >= _GROUP_LIMIT:
        _KEPT_CACHE.clear()
    by_kept: dict[int, int] = {}
    for i in range(0, len(pairs), 2):
        by_kept[pairs[i + 1]] = by_kept.get(pairs[i + 1], 0) | 1 << pairs[i]
    _KEPT_CACHE[key] = by_kept
    return by_kept


def _cached(key: tuple[int, ...], value: tuple[int, ...]) -> tuple[int, ...]:
    if len(_GROUP_CACHE) >= _GROUP_LIMIT:
        _GROUP_CACHE.clear()
    _GROUP_CACHE[key] = value
    return value


def _moves(key: int, honours: bool, pair: str) -> _Moves:
    """A group shape's class, its (rank, class, near a held tile) for each draw it can take,
    and its (rank, class) for each discard: the big shape dictionaries are read once per shape
    (their reads are the slow part of a lookup), whatever the rest of the hand."""
    suit, honour, shift, *_ = _RULES.get(pair) or _rule(pair)
    ck = key << 2 | (shift > 0) << 1 | honours
    found = _MOVES.now.get(ck)
    if found is None:
        return _moves_missed(ck, key, honours, shift, suit, honour)
    return found


def _moves_missed(
    ck: int, key: int, honours: bool, shift: int, suit: dict[int, int], honour: dict[int, int]
) -> _Moves:
    """``_moves`` not in the current generation: from the one before, or worked out."""
    found = _MOVES.before.get(ck)
    if found is None:
        table, ranks = (honour, 7) if honours else (suit, 9)
        held = [key >> 8 * r & 255 for r in range(ranks)]
        near = 0
        for r in range(ranks):
            if held[r]:
                near |= 1 << r if honours else _NEAR_MASK[r]
        after = [table.get(key + _STEP[r]) if held[r] < 4 else None for r in range(ranks)]
        # None: a fifth copy, or a group past 14 tiles (a 14-tile hand's discards read these too)
        draws = tuple(
            (r, y >> shift & 255, bool(near >> r & 1)) for r, y in enumerate(after) if y is not None
        )
        sheds = tuple((r, table[key - _STEP[r]] >> shift & 255) for r in range(ranks) if held[r])
        found = (table[key] >> shift & 255, draws, sheds)
    return _MOVES.keep(ck, found)


_Moves = tuple[int, tuple[tuple[int, int, bool], ...], tuple[tuple[int, int], ...]]
#: ``_moves``' answers, two generations of 32,768 (about 1.2 kB an entry: at 131,072 entries,
#: the bound it had in one generation, this one cache could hold 160 MB; a long run of distinct
#: hands met 45,000 shapes in 56,000 hands and few new ones after)
_MOVES: _Generations[_Moves] = _Generations(1 << 15)


def _improving_suit(key: int, rest: int, honours: int, melds: int, near: bool, pair: str) -> tuple[int, ...]:
    """The ranks of a suit of shape ``key`` whose draw keeps more tiles, beside the other two
    suits' J class ``rest`` and the honours' class (``_suit_mask``'s ranks)."""
    return _ranks(_suit_mask(key, rest, honours, melds, near, pair))


def _improving_honours(key: int, rest: int, melds: int, near: bool, pair: str) -> tuple[int, ...]:
    """As ``_improving_suit`` for the honours, beside the three suits' K class ``rest``."""
    return _ranks(_honours_mask(key, rest, melds, near, pair))


def _ranks(mask: int) -> tuple[int, ...]:
    return tuple(r for r in range(9) if mask >> r & 1)


def _suit_mask(key: int, rest: int, honours: int, melds: int, near: bool, pair: str) -> int:
    """The improving draws of a suit of shape ``key`` (see ``_improving_suit``) as a bit mask of
    ranks: the one place this rule is worked out, the lists and the analysis' masks alike."""
    _, _, _, s, nh, _, kt, ft = _RULES.get(pair) or _rule(pair)
    c, draws, _ = _moves(key, False, pair)
    row = rest * s
    kept = ft[(kt[row + c] * nh + honours) * 5 + melds]
    mask = 0
    for r, y, close in draws:
        if (close or not near) and ft[(kt[row + y] * nh + honours) * 5 + melds] > kept:
            mask |= 1 << r
    return mask


def _honours_mask(key: int, rest: int, melds: int, near: bool, pair: str) -> int:
    """``_suit_mask`` for the honours, beside the three suits' K class ``rest``."""
    _, _, _, _, nh, _, _, ft = _RULES.get(pair) or _rule(pair)
    c, draws, _ = _moves(key, True, pair)
    row = rest * nh
    kept = ft[(row + c) * 5 + melds]
    mask = 0
    for r, y, close in draws:
        if (close or not near) and ft[(row + y) * 5 + melds] > kept:
            mask |= 1 << r
    return mask


def _discards_suit(key: int, rest: int, honours: int, melds: int, pair: str) -> tuple[int, ...]:
    """(rank, tiles kept) pairs, flattened, for each rank of a suit of shape ``key`` held."""
    _, _, _, s, nh, _, kt, ft = _RULES.get(pair) or _rule(pair)
    out: list[int] = []
    for r, y in _moves(key, False, pair)[2]:
        out += (r, ft[(kt[rest * s + y] * nh + honours) * 5 + melds])
    return tuple(out)


def _discards_honours(key: int, rest: int, melds: int, pair: str) -> tuple[int, ...]:
    _, _, _, _, nh, _, _, ft = _RULES.get(pair) or _rule(pair)
    out: list[int] = []
    for r, y in _moves(key, True, pair)[2]:
        out += (r, ft[(rest * nh + y) * 5 + melds])
    return tuple(out)


def best_discard_draws(
    keys: Sequence[int],
    size: int,
    kept: int,
    near: bool,
    pair: str = "jiang",
    alone: int = -1,
    classes: Sequence[int] | None = None,
) -> list[tuple[int, int]]:
    """(kind, ``improving_mask`` of the hand without it) for every natural kind whose discard
    keeps ``kept`` tiles (``discards_keeping``), in kind order: the 进张 of a hand's best
    discards in one go, for the acceptance comparison of the mistake analysis.

    A discard changes one group. What it leaves in that group — the group's class after it and
    the draws in the group that would help, beside the other groups' class — depends only on
    the group's shape and that class, so it is kept per (shape, rest) for the process, with the
    tiles each discard keeps (``_best_of_group``); the draws of the discards that keep ``kept``
    are added to it when first asked for (``_own_draws``). The draws in the *other* groups depend on
    their shapes and on the discard's group's class after it: worked out once per (group,
    class) whatever the rank. ``size`` counts the hand before the discard; raises KeyError for
    a shape outside the tables. With ``alone``: an empty list when that kind is the only such
    discard (a caller comparing it with the others has none). ``classes``: the groups' classes
    under ``pair``, when the caller has them.
    """
    suit, honour, shift, s, _, jt, kt, _ = _RULES.get(pair) or _rule(pair)
    dmelds = (size - 1) // 3  # discards_keeping's slots: the hand after the discard
    imelds = size // 3  # improving_mask's: that hand with a draw
    k0, k1, k2, k3 = keys
    if classes is None:
        c0, c1, c2 = suit[k0] >> shift & 255, suit[k1] >> shift & 255, suit[k2] >> shift & 255
        c3 = honour[k3] >> shift & 255
    else:
        c0, c1, c2, c3 = classes
    j01 = jt[c0 * s + c1]
    tag = (shift << 4) | (2 if near else 1) << 8 | imelds | dmelds << 12
    get = _BEST.now.get
    # per group with such discards: (group, its (rank, class after, own group's draws) each)
    best: list[tuple[int, tuple[tuple[int, ...], ...]]] = []
    itag = tag & 0xFFF
    asked = kept | _DRAWN
    # the caches are keyed by one int each (shape, rest, honours' class, tag): an int hashes and
    # compares in one step where a tuple reads each of its items (they are cold in memory)
    if k0:
        rest = jt[c1 * s + c2]
        found = get(((k0 << 10 | rest) << 8 | c3) << 16 | tag) or _best_of_group(k0, rest, c3, tag, 0, pair)
        entries = found.get(asked)
        if entries is None and kept in found:
            entries = _own_draws(found, kept, k0, rest, c3, itag, False, pair)
        if entries:
            best.append((0, entries))
    if k1:
        rest = jt[c0 * s + c2]
        found = get(((k1 << 10 | rest) << 8 | c3) << 16 | tag) or _best_of_group(k1, rest, c3, tag, 1, pair)
        entries = found.get(asked)
        if entries is None and kept in found:
            entries = _own_draws(found, kept, k1, rest, c3, itag, False, pair)
        if entries:
            best.append((1, entries))
    if k2:
        found = get(((k2 << 10 | j01) << 8 | c3) << 16 | tag) or _best_of_group(k2, j01, c3, tag, 2, pair)
        entries = found.get(asked)
        if entries is None and kept in found:
            entries = _own_draws(found, kept, k2, j01, c3, itag, False, pair)
        if entries:
            best.append((2, entries))
    if k3:
        rest = kt[j01 * s + c2]
        found = get((k3 << 10 | rest) << 24 | tag | 1024) or _best_of_group(k3, rest, 0, tag | 1024, 3, pair)
        entries = found.get(asked)
        if entries is None and kept in found:
            entries = _own_draws(found, kept, k3, rest, 0, itag, True, pair)
        if entries:
            best.append((3, entries))
    if len(best) == 1 and len(best[0][1]) == 1 and 9 * best[0][0] + best[0][1][0][0] == alone:
        return []
    out: list[tuple[int, int]] = []
    cross: dict[int, int] = {}
    mget = _DRAWS.now.get
    for g, group_entries in best:
        for r, y, own in group_entries:
            other = cross.get(g << 8 | y)
            if other is None:  # the draws in the other groups, beside this group's new class
                moved = [c0, c1, c2, c3]
                moved[g] = y
                m0, m1, m2, m3 = moved
                j = jt[m0 * s + m1]
                other = 0
                for h, k, rest in ((0, k0, -1), (1, k1, -1), (2, k2, j), (3, k3, -1)):
                    if h == g or (near and not k):
                        continue
                    if h < 3:
                        if rest < 0:
                            rest = jt[m1 * s + m2] if h == 0 else jt[m0 * s + m2]
                        mask = mget(((k << 10 | rest) << 8 | m3) << 12 | itag)
                        if mask is None:
                            mask = _draws_mask(k, rest, m3, itag, False, pair)
                        other |= mask << 9 * h
                    else:
                        rest = kt[j * s + m2]
                        mask = mget((k << 10 | rest) << 20 | itag | 1024)
                        if mask is None:
                            mask = _draws_mask(k, rest, 0, itag, True, pair)
                        other |= mask << 27
                cross[g << 8 | y] = other
            out.append((9 * g + r, own << 9 * g | other))
    return out


#: ``improving_mask``'s per-group masks for ``best_discard_draws``, keyed by one int
_DRAWS: _Generations[int] = _Generations(_GROUP_LIMIT // 2)


def _draws_mask(key: int, rest: int, c3: int, itag: int, honours: bool, pair: str) -> int:
    """``_DRAWS``' mask of a group of shape ``key`` beside ``rest`` (and, for a suit, the
    honours' class ``c3``), with ``itag``'s meld slots and ``near``; made and kept on a miss.
    The key is the one ``best_discard_draws`` reads inline (its hot path) and only this makes."""
    near, melds = itag >> 8 & 3 == 2, itag & 15
    ck = (key << 10 | rest) << 20 | itag | 1024 if honours else ((key << 10 | rest) << 8 | c3) << 12 | itag
    mask = _DRAWS.now.get(ck)
    if mask is None:
        mask = _DRAWS.before.get(ck)
        if mask is None:
            if honours:
                mask = _honours_mask(key, rest, melds, near, pair)
            else:
                mask = _suit_mask(key, rest, c3, melds, near, pair)
        _DRAWS.keep(ck, mask)
    return mask


#: per (group shape, the other groups' class(es), the honours' class, tag) as one int: tiles
#: kept -> (rank, the group's class after discarding it) of each such rank; and, once a caller
#: asked for that many tiles kept, ``kept | _DRAWN`` -> (rank, class after, the ranks of the
#: group whose draw would then help) of each (``_own_draws``). The group's shape after a
#: discard is not kept (the caller has the shape): an int more per discard made an entry 838
#: bytes instead of 707, and the caches' bound is what a long run's memory comes to (issue #15)
_BestEntry = dict[int, tuple[tuple[int, ...], ...]]
_BEST: _Generations[_BestEntry] = _Generations(_GROUP_LIMIT // 2)
_DRAWN = 256  # above any count of tiles kept


def _own_draws(
    found: _BestEntry,
    kept: int,
    key: int,
    rest: int,
    c3: int,
    itag: int,
    honours: bool,
    pair: str,
) -> tuple[tuple[int, ...], ...]:
    """A ``_BEST`` entry's discards that keep ``kept`` tiles, each with the draws in its
    own group that would then help, kept in the entry. Worked out only when asked: an entry
    lists every discard of the group, and most of them never keep the hand's best count."""
    near = itag >> 8 & 3 == 2
    drawn = found[kept | _DRAWN] = tuple(
        (r, y, 0 if near and key == _STEP[r] else _draws_mask(key - _STEP[r], rest, c3, itag, honours, pair))
        for r, y in found[kept]
    )
    return drawn


def _best_of_group(key: int, rest: int, c3: int, tag: int, g: int, pair: str) -> _BestEntry:
    """``best_discard_draws``' entry for one group: see ``_BEST``."""
    honours = g == 3
    ck = (((key << 10 | rest) << 8 | c3) << 16 | tag) if not honours else (key << 10 | rest) << 24 | tag
    found = _BEST.before.get(ck)
    if found is None:
        found = _group_entry(key, rest, c3, tag >> 12, honours, pair)
    return _BEST.keep(ck, found)


def _group_entry(key: int, rest: int, c3: int, dmelds: int, honours: bool, pair: str) -> _BestEntry:
    """A ``_BEST`` entry worked out: tiles kept -> (rank, class after) of the discards
    that keep that many."""
    _, _, _, s, nh, _, kt, ft = _RULES.get(pair) or _rule(pair)
    by_kept: dict[int, list[tuple[int, ...]]] = {}
    # each discard's tiles kept, as ``_discards_suit`` / ``_discards_honours`` count them, with
    # the group's class after it from the same reading of the shape tables (``_moves``)
    if honours:
        row = rest * nh
        for r, y in _moves(key, True, pair)[2]:
            by_kept.setdefault(ft[(row + y) * 5 + dmelds], []).append((r, y))
    else:
        row = rest * s
        for r, y in _moves(key, False, pair)[2]:
            by_kept.setdefault(ft[(kt[row + y] * nh + c3) * 5 + dmelds], []).append((r, y))
    return {kept: tuple(v) for kept, v in by_kept.items()}


# --- the compiled core ---------------------------------------------------------------------
# ``replay.shape_core`` (docs/shape-core.md): when the C extension is built and not turned off
# (REPLAY_PURE_SHAPE=1), these functions are its compiled ones, which answer as the pure-Python
# ones above do (tests/replay/test_shape_core.py holds them to it) from flat arrays; the
# functions left in Python read the same arrays through ``_core_tables``' mappings.

#: the functions the compiled core replaces, by name
COMPILED = (
    "complete",
    "complete_real_jiang",
    "melds_cost",
    "suit_values",
    "shanten",
    "shanten_after_draws",
    "shanten_after_discards",
    "improving_draws",
    "ukeire",
    "shanten_of_keys",
    "improving_mask",
    "improving_kinds",
    "discard_kept",
    "discards_keeping",
    "best_discard_draws",
)
#: the pure-Python functions: the reference, and what the core hands the cases it does not
#: take back to (a fifth copy asked about, an argument of an unusual type)
PURE: dict[str, Callable[..., Any]] = {name: globals()[name] for name in COMPILED} | {"_fifth": _fifth}
_core = shape_core.load(PURE)
if _core is not None:
    globals().update({name: getattr(_core, name) for name in COMPILED})
