"""Fast shape checks on count vectors: complete hands (R-7.2 shapes) and shanten.

Both work on the 34 counts of the *natural* tiles plus a number of wildcards (laizi), so
the same code serves the hard reading (laizi counted as natural tiles, ``wild=0``) and the
soft one. ``complete`` looks each suit up in the precomputed tables of ``replay.tables``;
``shanten`` keeps a per-suit table that fills lazily (a suit key is computed once, then
looked up). The brute-force reference in ``tests/reference.py`` defines what both must say.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from replay.tables import ANY_PAIR_DONE, IMPOSSIBLE, JIANG_PAIR_DONE, MELDS_DONE, complete_flags, suit_needs
from replay.tiles import JIANG, NUM_KINDS

_NONE = 7 | 7 << 3 | 7 << 6
# Wildcards to make an honour count into triplets only, or into a pair plus triplets.
_TRIP = (0, 2, 1, 0, 2)
_PAIR = (2, 1, 0, 2, 1)


def complete(counts: Sequence[int], wild: int = 0, pair: str = "jiang") -> bool:
    """Do the tiles (at most 14, total 3n+2) split into n melds and a pair?

    ``pair="jiang"``: the pair must be a suited 2, 5 or 8 (屁胡, R-7.2); ``"any"`` allows any
    pair (清一色, 碰碰胡). Each wildcard may stand for any kind.
    """
    b = bytes(counts)
    if wild == 0:
        return _complete_natural(b, pair)
    if (sum(b) + wild) % 3 != 2:
        return False
    table = suit_needs()
    v0 = table.get(b[0:9], _NONE)
    v1 = table.get(b[9:18], _NONE)
    v2 = table.get(b[18:27], _NONE)
    m0, m1, m2 = v0 & 7, v1 & 7, v2 & 7
    hm = 0
    hp = IMPOSSIBLE
    for c in b[27:34]:
        if c:
            hm += _TRIP[c]
            hp = min(hp, _PAIR[c] - _TRIP[c])
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


def complete_real_jiang(counts: Sequence[int], wild: int = 0) -> bool:
    """n melds plus a 将 pair that holds at least one natural tile (R-7.13 见将胡).

    ``counts`` are the natural tiles only; two wildcards may still fill melds but never make
    the 将 pair by themselves. (A laizi that is itself a 2/5/8 and reads as its own kind is a
    real 将: the caller counts it as natural, or uses ``complete`` when the laizi is a 将.)
    """
    if wild == 0:
        return complete(counts, 0, "jiang")
    if (sum(counts) + wild) % 3 != 2:
        return False
    rest = list(counts)
    for k in JIANG:
        c = rest[k]
        if not c:
            continue
        rest[k] = c - 1  # one natural tile of the pair, the other a wildcard ...
        if melds_cost(rest) <= wild - 1:
            return True
        if c >= 2:  # ... or both natural
            rest[k] = c - 2
            if melds_cost(rest) <= wild:
                return True
        rest[k] = c
    return False


def melds_cost(counts: Sequence[int]) -> int:
    """Wildcards needed to make the natural tiles into melds only (no pair); 7+ = impossible."""
    b = bytes(counts)
    table = suit_needs()
    cost = (table.get(b[0:9], _NONE) & 7) + (table.get(b[9:18], _NONE) & 7) + (table.get(b[18:27], _NONE) & 7)
    for c in b[27:34]:
        if c:
            cost += _TRIP[c]
    return cost


def _complete_natural(b: bytes, pair: str) -> bool:
    """The laizi-free case, the hottest path: three lookups in the small table of complete keys."""
    honours = b[27:]
    if 1 in honours or 4 in honours:
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
# For one group of tiles (a suit or the honours) and a number m of meld slots, the most tiles
# that can be kept in m slots with no pair (index 0), with any pair (1), with a 将 pair (2).
# Slots may be partly filled: the missing tiles are the exchanges still needed.

_NEG = -99
Kept = tuple[tuple[int, int, int], ...]  # [m][pair kind] for m = 0..4


def _merge(best: list[list[int]], sub: Kept, dm: int, dp: int, kept: int) -> None:
    for m in range(5 - dm):
        row = sub[m]
        for p in range(3):
            v = row[p]
            if v <= _NEG:
                continue
            if dp:
                if p:
                    continue
                for q in (1, 2) if dp == 2 else (1,):
                    if v + kept > best[m + dm][q]:
                        best[m + dm][q] = v + kept
            elif v + kept > best[m + dm][p]:
                best[m + dm][p] = v + kept


@cache
def suit_kept(key: tuple[int, ...]) -> Kept:
    """Best kept counts for one suit's 9 counts (computed once per key, then a lookup)."""
    r = next((i for i, c in enumerate(key) if c), None)
    if r is None:
        return ((0, _NEG, _NEG),) + ((0, _NEG, _NEG),) * 4
    best = [[_NEG] * 3 for _ in range(5)]

    def take(*ranks: int) -> tuple[int, ...]:
        k = list(key)
        for x in ranks:
            k[x] -= 1
        return tuple(k)

    _merge(best, suit_kept(take(r)), 0, 0, 0)  # the tile at r is given up
    c = key[r]
    for n in range(1, min(c, 3) + 1):  # a triplet slot with n tiles of r
        _merge(best, suit_kept(take(*[r] * n)), 1, 0, n)
    if r + 1 < 9 and key[r + 1]:
        if r + 2 < 9 and key[r + 2]:
            _merge(best, suit_kept(take(r, r + 1, r + 2)), 1, 0, 3)
        _merge(best, suit_kept(take(r, r + 1)), 1, 0, 2)
    if r + 2 < 9 and key[r + 2]:
        _merge(best, suit_kept(take(r, r + 2)), 1, 0, 2)
    jiang = 2 if r in (1, 4, 7) else 1
    for n in range(1, min(c, 2) + 1):  # the pair with n tiles of r
        _merge(best, suit_kept(take(*[r] * n)), 0, jiang, n)
    for m in range(1, 5):  # an empty slot is all wildcards: more slots never keep fewer
        for p in range(3):
            best[m][p] = max(best[m][p], best[m - 1][p])
    return tuple((a, b, d) for a, b, d in best)


@cache
def honour_kept(key: tuple[int, ...]) -> Kept:
    """Honours make only triplets and pairs; one kind may fill two slots (four of a kind)."""
    best = [[_NEG] * 3 for _ in range(5)]
    best[0][0] = 0
    for c in key:
        if not c:
            continue
        nxt = [row[:] for row in best]
        for m in range(5):
            for p in range(3):
                v = best[m][p]
                if v <= _NEG:
                    continue
                for slots in (1, 2):  # meld slots taken by this kind, with or without the pair
                    if m + slots <= 4:
                        nxt[m + slots][p] = max(nxt[m + slots][p], v + min(c, 3 * slots))
                        if p == 0:
                            nxt[m + slots][1] = max(nxt[m + slots][1], v + min(c, 3 * slots + 2))
                if p == 0:
                    nxt[m][1] = max(nxt[m][1], v + min(c, 2))
        best = nxt
    for m in range(1, 5):
        for p in range(3):
            best[m][p] = max(best[m][p], best[m - 1][p])
    return tuple((a, b, d) for a, b, d in best)


Options = tuple[tuple[tuple[int, int], ...], ...]  # per pair kind: (slots, kept) steps


def _options(kept: Kept) -> Options:
    """Only the slot counts where keeping improves: usually two or three steps, not five."""
    out = []
    for p in range(3):
        steps: list[tuple[int, int]] = []
        for m in range(5):
            v = kept[m][p]
            if v > _NEG and (not steps or v > steps[-1][1]):
                steps.append((m, v))
        out.append(tuple(steps))
    return tuple(out)


@cache
def _suit_options(key: bytes) -> Options:
    return _options(suit_kept(tuple(key)))


@cache
def _honour_options(key: bytes) -> Options:
    return _options(honour_kept(tuple(key)))


Steps = tuple[tuple[int, int], ...]
State = tuple[Steps, Steps]  # (slots, kept) steps without the pair and with it
_IDENTITY: State = (((0, 0),), ())
_GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))


def _group(key: bytes, lo: int, pair: str) -> State:
    if lo < 27:
        opts = _suit_options(key)
        return opts[0], opts[2 if pair == "jiang" else 1]
    opts = _honour_options(key)
    return opts[0], (opts[1] if pair == "any" else ())


@lru_cache(maxsize=1 << 16)
def _join(x: State, y: State, melds: int) -> State:
    """Max-plus combination of two groups of tiles, at most ``melds`` slots in all.

    Results keep only the steps where more slots keep more tiles, so lists stay short.
    """
    no = [_NEG] * 5
    yes = [_NEG] * 5
    y_no, y_yes = y
    for a, va in x[0]:
        for m, k in y_no:
            t = a + m
            if t <= melds and va + k > no[t]:
                no[t] = va + k
        for m, k in y_yes:
            t = a + m
            if t <= melds and va + k > yes[t]:
                yes[t] = va + k
    for a, va in x[1]:
        for m, k in y_no:
            t = a + m
            if t <= melds and va + k > yes[t]:
                yes[t] = va + k
    return _steps(no), _steps(yes)


def _steps(dense: list[int]) -> Steps:
    out = []
    top = _NEG
    for m, v in enumerate(dense):
        if v > top:
            out.append((m, v))
            top = v
    return tuple(out)


def _value(state: State, melds: int, wild: int) -> int:
    no, yes = state
    kept = no[-1][1]  # steps keep more with each slot, so the last keeps most
    if yes and yes[-1][1] > kept:
        kept = yes[-1][1]
    return 3 * melds + 2 - kept - wild - 1  # with no pair kept, the pair is two wildcards


def shanten(counts: Sequence[int], wild: int = 0, pair: str = "jiang") -> int:
    """Exchanges still needed, minus one: -1 complete, 0 tenpai (听牌). Hands of at most 14 tiles.

    With ``pair="jiang"`` the hand aims at 屁胡's 将 pair; ``"any"`` at any pair.
    """
    b = bytes(counts)
    melds = (sum(b) + wild) // 3
    state = _IDENTITY
    for lo, hi in _GROUPS:
        key = b[lo:hi]
        if any(key):
            state = _join(state, _group(key, lo, pair), melds)
    return _value(state, melds, wild)


def _others(b: bytes, pair: str, melds: int) -> list[State]:
    """For each group, the combination of the other three (prefix and suffix joins)."""
    groups = [_group(b[lo:hi], lo, pair) if any(b[lo:hi]) else _IDENTITY for lo, hi in _GROUPS]
    prefix = [_IDENTITY]
    for g in groups[:-1]:
        prefix.append(_join(prefix[-1], g, melds))
    out: list[State] = [_IDENTITY] * 4
    suffix = _IDENTITY
    for i in range(3, -1, -1):
        out[i] = _join(prefix[i], suffix, melds)
        suffix = _join(groups[i], suffix, melds)
    return out


def shanten_after_discards(counts: Sequence[int], wild: int = 0, pair: str = "jiang") -> dict[int, int]:
    """``shanten`` of the hand without one tile, for every kind held: a discard decision in one go.

    Taking a tile out changes one group only, so the other three are combined once per group.
    """
    b = bytes(counts)
    melds = (sum(b) + wild - 1) // 3
    others = _others(b, pair, melds)
    out: dict[int, int] = {}
    for gi, (lo, hi) in enumerate(_GROUPS):
        for kind in range(lo, hi):
            if b[kind]:
                key = bytearray(b[lo:hi])
                key[kind - lo] -= 1
                out[kind] = _value(_join(others[gi], _group(bytes(key), lo, pair), melds), melds, wild)
    return out


def shanten_after_draws(
    counts: Sequence[int], wild: int = 0, pair: str = "jiang", kinds: Iterable[int] | None = None
) -> dict[int, int]:
    """``shanten`` of the hand with one more tile of each kind asked for (all 34 by default)."""
    b = bytes(counts)
    melds = (sum(b) + wild + 1) // 3
    others = _others(b, pair, melds)
    wanted = range(NUM_KINDS) if kinds is None else sorted(set(kinds))
    out: dict[int, int] = {}
    for kind in wanted:
        gi = min(kind // 9, 3)
        lo, hi = _GROUPS[gi]
        key = bytearray(b[lo:hi])
        key[kind - lo] += 1
        out[kind] = _value(_join(others[gi], _group(bytes(key), lo, pair), melds), melds, wild)
    return out
