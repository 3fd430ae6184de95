"""Brute-force reference for Changchun reading (changchun.md CC-4.1, CC-4.5, CC-4.6, CC-5, CC-1.5, CC-4.4).

Written from the rule text alone, apart from ``replay.games.changchun``: the concealed tile
*list* is split every way into one pair and sets (pungs, chows) by trying each tile in turn,
each split is read literally by CC-5.1–5.5 and scored by CC-5.7, and the best is kept (CC-5.6).
Melds come in as plain ``(kind, tiles)`` pairs (kind ``chi``, ``peng``, ``ming``, ``xu``, ``an``
or ``set``). Slow and obvious on purpose; the property tests hold the fast module to it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

RefMeld = tuple[str, tuple[int, ...]]
HONOURS = range(27, 34)
DRAGONS = (31, 32, 33)  # 中 发 白


def is_yaojiu(t: int) -> bool:
    """CC-1.1: 1s, 9s and honours."""
    return t >= 27 or t % 9 in (0, 8)


def _is_pung(g: tuple[int, ...]) -> bool:
    return g[0] == g[1] == g[2]


def _is_chow(g: tuple[int, ...]) -> bool:
    a, b, c = sorted(g)
    return c < 27 and a // 9 == c // 9 and b == a + 1 and c == a + 2


def splits(tiles: list[int]) -> Iterator[tuple[int, list[tuple[int, ...]]]]:
    """Every (pair, sets) split of the tile list, by trying every 3 of the rest that make a set."""
    seen: set[tuple[int, tuple[tuple[int, ...], ...]]] = set()
    for pair in set(tiles):
        if tiles.count(pair) < 2:
            continue
        rest = sorted(tiles)
        rest.remove(pair)
        rest.remove(pair)
        for sets in _sets(rest):
            key = (pair, tuple(sorted(sets)))
            if key not in seen:
                seen.add(key)
                yield pair, sets


def _sets(rest: list[int]) -> Iterator[list[tuple[int, ...]]]:
    if not rest:
        yield []
        return
    first = rest[0]  # the smallest tile must be in some set with two others
    others = rest[1:]
    tried: set[tuple[int, ...]] = set()
    for i, j in combinations(range(len(others)), 2):
        g = (first, others[i], others[j])
        if g in tried or not (_is_pung(g) or _is_chow(g)):
            continue
        tried.add(g)
        left = [t for k, t in enumerate(others) if k not in (i, j)]
        for more in _sets(left):
            yield [g, *more]


def _legal_split(
    before: list[int], melds: list[RefMeld], pair: int, sets: list[tuple[int, ...]], rules: Any
) -> bool:
    """CC-5.4 and CC-5.5 on one split (三色全 and 幺九 are checked on the tiles)."""
    ke = any(k != "chi" for k, _ in melds) or any(_is_pung(g) for g in sets) or pair in DRAGONS
    if not ke:
        return False
    return len(before) != 1 or _piao(melds, sets, rules)  # 手把一 must be 飘胡


def _piao(melds: list[RefMeld], sets: list[tuple[int, ...]], rules: Any) -> bool:
    for kind, _ in melds:
        if kind == "chi" or (kind == "set" and not rules.special_in_piao):
            return False
    return all(_is_pung(g) for g in sets)


def _everything(before: list[int], melds: list[RefMeld], tile: int) -> list[int]:
    return [*before, tile, *(t for _, ts in melds for t in ts)]


def legal(before: list[int], melds: list[RefMeld], tile: int, rules: Any) -> bool:
    """CC-5.1–5.5: is ``before`` + ``tile`` with ``melds`` a legal win?"""
    if len(before) + 3 * len(melds) != 13:
        return False
    every = _everything(before, melds, tile)
    if any(every.count(t) > 4 for t in every):
        return False
    if {t // 9 for t in every if t < 27} != {0, 1, 2}:
        return False
    if not any(is_yaojiu(t) for t in every):
        return False
    hand = sorted([*before, tile])
    return any(_legal_split(before, melds, p, s, rules) for p, s in splits(hand))


def ref_waits(before: list[int], melds: list[RefMeld], rules: Any) -> list[int]:
    """CC-4.1: kinds completing a legal win, kinds the seat holds all four of left out."""
    held = [*before, *(t for _, ts in melds for t in ts)]
    return [t for t in range(34) if held.count(t) < 4 and legal(before, melds, t, rules)]


def _middle_or_edge(t: int, sets: list[tuple[int, ...]], mode: str) -> bool:
    for g in sets:
        if not _is_chow(g):
            continue
        lo = min(g)
        if t == lo + 1:
            return True
        if mode == "kan_bian" and ((lo % 9 == 0 and t == lo + 2) or (lo % 9 == 6 and t == lo)):
            return True
    return False


def _score(
    before: list[int], melds: list[RefMeld], tile: int, way: str, w: list[int], rules: Any
) -> int | None:
    """The best fan total of the legal splits (CC-5.7), None if none is legal."""
    if not legal(before, melds, tile, rules):
        return None
    hand = sorted([*before, tile])
    best: int | None = None
    for pair, sets in splits(hand):
        if not _legal_split(before, melds, pair, sets, rules):
            continue
        fan = 0
        opened = any(
            k in ("chi", "peng", "ming", "xu") or (k == "set" and rules.special_open) for k, _ in melds
        )
        if not opened:
            fan += 1  # 门清
        piao = _piao(melds, sets, rules)
        if piao:
            fan += 2
        elif len(w) == 1 and (rules.jiahu == "duting" or _middle_or_edge(tile, sets, rules.jiahu)):
            fan += 1  # 夹胡
        if way in ("zimo", "duibao", "mobao") or (way == "qianghu" and rules.qianghu == "zimo"):
            fan += 1
        if way in ("duibao", "mobao"):
            fan += rules.bao_fan
        best = fan if best is None else max(best, fan)
    return best


def ref_win(before: list[int], melds: list[RefMeld], tile: int, way: str, rules: Any) -> int | None:
    """The winner's fan of the best legal reading (CC-5.6), or None when no legal win.

    对宝 (CC-4.5): the 宝 kind ``tile`` must be in W(s). 摸宝 (CC-4.6): the tile stands for any
    kind of W(s), the highest score kept.
    """
    w = ref_waits(before, melds, rules)
    if way == "mobao":
        scores = [s for t in w if (s := _score(before, melds, t, way, w, rules)) is not None]
        return max(scores) if scores else None
    if way == "duibao" and tile not in w:
        return None
    return _score(before, melds, tile, way, w, rules)


def ref_reserve(g: int) -> int:
    """CC-1.5 counted in stacks: 7 stacks kept, one more per gang after the first (1 gang 7,
    2 gangs 8 …), and a lone tile at the tail (after an odd number of tail draws) kept too."""
    stacks = 7 if g <= 1 else 7 + (g - 1)
    return 2 * stacks + g % 2


def ref_bao_index(undrawn: list[int], die: int, g: int, mode: str) -> int | None:
    """CC-4.4 by walking the wall from its back end: tile mode counts d tiles; stack mode counts
    d stacks of two, where an odd number of tail draws leaves a lone tile first."""
    walk = sorted(undrawn, reverse=True)
    steps = die if mode == "tile" else 2 * die - 1 + g % 2
    return walk[steps - 1] if steps <= len(walk) else None
