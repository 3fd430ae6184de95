"""Brute-force reference for Changsha reading (changsha.md CS-3.8, CS-4.1–4.5, CS-5.1).

Written from the rule text alone, independently of ``replay.games.changsha.reading``: every
partition of the concealed tiles into sets (chows, pungs) and one pair is enumerated, each
partition read literally by CS-4.1/4.3, 七小对 and 将将胡 checked on the tile list, and the
reading with the most big hands kept. Slow and obvious on purpose; the property tests hold the
fast module to it.
"""

from __future__ import annotations

from collections.abc import Iterator

JIANG_RANKS = (2, 5, 8)


def rank(kind: int) -> int:
    return kind % 9 + 1


def suit(kind: int) -> int:
    return kind // 9


def partitions(tiles: list[int]) -> Iterator[tuple[list[tuple[str, int]], int]]:
    """Every split of a sorted tile list into sets (("chow", low) / ("pung", kind)) and one pair."""
    seen: set[tuple[tuple[tuple[str, int], ...], int]] = set()
    for p in sorted(set(tiles)):
        if tiles.count(p) < 2:
            continue
        rest = list(tiles)
        rest.remove(p)
        rest.remove(p)
        for sets in _sets(sorted(rest)):
            key = (tuple(sorted(sets)), p)
            if key not in seen:
                seen.add(key)
                yield sets, p


def _sets(tiles: list[int]) -> Iterator[list[tuple[str, int]]]:
    if not tiles:
        yield []
        return
    t = tiles[0]
    if tiles.count(t) >= 3:
        rest = list(tiles)
        for _ in range(3):
            rest.remove(t)
        for more in _sets(rest):
            yield [("pung", t), *more]
    if rank(t) <= 7 and t + 1 in tiles and t + 2 in tiles:
        rest = list(tiles)
        for x in (t, t + 1, t + 2):
            rest.remove(x)
        for more in _sets(rest):
            yield [("chow", t), *more]


def ref_read(
    concealed: list[int], melds: list[tuple[str, int]], extra: frozenset[str]
) -> tuple[list[str], int, str] | None:
    """The best reading of the tiles alone: (big ids, 豪华 extra, shape), or None.

    ``concealed``: the concealed tiles as a list of kinds, the winning one included; ``melds``:
    ("chi"|"peng"|"gang", first kind).
    """
    if len(concealed) != 14 - 3 * len(melds):
        return None
    every = list(concealed)
    for kind, first in melds:
        every += [first, first + 1, first + 2] if kind == "chi" else [first] * (4 if kind == "gang" else 3)
    if any(every.count(k) > 4 for k in set(every)):
        return None
    one_suit = len({suit(t) for t in every}) == 1
    all_258 = all(rank(t) in JIANG_RANKS for t in every)
    candidates: list[tuple[list[str], int, str]] = []
    for sets, pair in partitions(sorted(concealed)):
        no_chow = all(s == "pung" for s, _ in sets) and all(k != "chi" for k, _ in melds)
        quanqiuren = "quanqiuren" in extra and len(melds) == 4
        if rank(pair) in JIANG_RANKS or no_chow or one_suit or quanqiuren:
            ids = []
            if no_chow:
                ids.append("pengpenghu")
            if all_258:
                ids.append("jiangjianghu")
            if one_suit:
                ids.append("qingyise")
            if quanqiuren:
                ids.append("quanqiuren")
            candidates.append((ids, 0, "standard"))
    if not melds and len(concealed) == 14:
        kinds = sorted(set(concealed))
        # seven pairs: a kind held twice is one pair, four times two pairs
        if sum(concealed.count(k) // 2 for k in kinds) == 7 and all(
            concealed.count(k) % 2 == 0 for k in kinds
        ):
            ids = ["qixiaodui"]
            if one_suit:
                ids.append("qingyise")
            if all_258:
                ids.append("jiangjianghu")
            quads = [k for k in kinds if concealed.count(k) == 4]
            extra_k = 0
            if "haohua" in extra and quads:
                ids.append("haohua")
                extra_k = len(quads) - 1
            candidates.append((ids, extra_k, "qixiaodui"))
    if all_258 and len(every) - sum(1 for k, _ in melds if k == "gang") == 14:
        candidates.append((["jiangjianghu"], 0, "jiangjianghu"))
    if not candidates:
        return None
    return max(candidates, key=lambda c: len(c[0]) + c[1])


def ref_win(
    concealed: list[int], melds: list[tuple[str, int]], ways: frozenset[str], extra: frozenset[str]
) -> tuple[frozenset[str], int, bool] | None:
    """(ids as a set, k, big) of the best reading with the ways of winning added (CS-4.4/4.5)."""
    r = ref_read(concealed, melds, extra)
    if r is None:
        return None
    ids, extra_k, _ = r
    ids = ids + sorted(ways)
    if not ids:
        return frozenset({"pinghu"}), 1, False
    return frozenset(ids), len(ids) + extra_k, True


def ref_waits(concealed: list[int], melds: list[tuple[str, int]], extra: frozenset[str]) -> list[int]:
    """CS-3.8: each kind, held fewer than 4 times in all, whose addition reads as a win."""
    every = list(concealed)
    for kind, first in melds:
        every += [first, first + 1, first + 2] if kind == "chi" else [first] * (4 if kind == "gang" else 3)
    return [
        t for t in range(27) if every.count(t) < 4 and ref_read([*concealed, t], melds, extra) is not None
    ]


def ref_opening(dealt: list[int], per_instance: bool) -> dict[str, int]:
    """CS-5.1 by literal counting on the dealt tiles (a list of kinds)."""
    out: dict[str, int] = {}
    four = [k for k in range(27) if dealt.count(k) == 4]
    if four:
        out["sixi"] = len(four) if per_instance else 1
    if not any(rank(t) in JIANG_RANKS for t in dealt):
        out["banbanhu"] = 1
    if any(not any(suit(t) == s for t in dealt) for s in range(3)):
        out["queyise"] = 1
    three = [k for k in range(27) if dealt.count(k) >= 3]
    if len(three) >= 2:
        out["liuliushun"] = len(three) // 2 if per_instance else 1
    return out
