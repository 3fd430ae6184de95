"""Brute-force reference for 二人麻将 fans (erren.md ER-4.1–ER-4.4, §5, ER-6.1, ER-6.2).

Written from the rule text alone, independently of ``replay.games.erren`` (only its tile
numbering and the §5 table's data are shared): every reading is found by trying every
multiset of candidate groups against the tiles, each fan of §5 is re-read from its
definition on plain tile lists, every subset of group-fan instances is tried against
ER-6.1b by trying every ordering, and the fans counted under 不重复 are found as the one
subset of the candidates that is consistent with the walk (ER-6.1c: a candidate is counted
exactly when no counted fan earlier in the walk excludes it), by trying subsets. Slow and
obvious on purpose; ``tests/replay/test_erren_reference.py`` holds the fast path to it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, pairwise, permutations

from replay.games.erren.fantable import ROW, TABLE

SOU = list(range(9, 18))
HON = list(range(27, 34))
WIND = [27, 28, 29, 30]
DRAGON = [31, 32, 33]
YAOJIU = [9, 17, *HON]
POS = {row.id: i for i, row in enumerate(TABLE)}


@dataclass(frozen=True)
class RSet:
    kind: str  # chow pung kong
    low: int
    meld: str  # "" concealed, chi, peng, ming, xu, an
    anke: bool

    def tiles(self) -> list[int]:
        if self.kind == "chow":
            return [self.low, self.low + 1, self.low + 2]
        return [self.low] * (4 if self.kind == "kong" else 3)


@dataclass(frozen=True)
class RReading:
    qidui: bool
    sets: tuple[RSet, ...]
    pair: int
    wait_place: str  # the placement as a wait: edge / closed / single / ""


def _fits(groups: tuple[tuple[str, int], ...], pair: int, tiles: Counter[int]) -> bool:
    used: Counter[int] = Counter({pair: 2})
    for kind, low in groups:
        for t in [low, low + 1, low + 2] if kind == "chow" else [low] * 3:
            used[t] += 1
    return used == tiles


def ref_readings(
    concealed: list[int], melds: list[tuple[str, int, str]], tile: int, self_draw: bool
) -> list[RReading]:
    """Every reading: every multiset of groups + pair equal to the concealed tiles, every
    placement of the winning tile in a concealed group or the pair; 七对 when seven pairs."""
    tiles = Counter(concealed)
    need = 4 - len(melds)
    cands = [("pung", k) for k in tiles if tiles[k] >= 3]
    cands += [("chow", k) for k in SOU if k <= 15 and tiles[k] and tiles[k + 1] and tiles[k + 2]]
    fixed = []
    for m, low, gang in melds:
        if m == "chi":
            fixed.append(RSet("chow", low, "chi", False))
        elif m == "peng":
            fixed.append(RSet("pung", low, "peng", False))
        else:
            fixed.append(RSet("kong", low, gang, gang == "an"))
    out: set[RReading] = set()
    for groups in combinations_with_replacement(sorted(cands), need):
        for pair in [k for k in tiles if tiles[k] >= 2]:
            if not _fits(groups, pair, tiles):
                continue
            for where in range(need + 1):
                if where == need:
                    if pair != tile:
                        continue
                    place = "single"
                else:
                    kind, low = groups[where]
                    held = [low, low + 1, low + 2] if kind == "chow" else [low] * 3
                    if tile not in held:
                        continue
                    place = ""
                    if kind == "chow":
                        pos = tile - low
                        if pos == 1:
                            place = "closed"
                        elif (pos == 2 and low == 9) or (pos == 0 and low == 15):
                            place = "edge"
                sets = list(fixed)
                for i, (kind, low) in enumerate(groups):
                    anke = kind == "pung" and not (i == where and not self_draw)
                    sets.append(RSet(kind, low, "", anke))
                out.add(RReading(False, tuple(sorted(sets, key=repr)), pair, place))
    if not melds and len(concealed) == 14 and all(v % 2 == 0 for v in tiles.values()):
        out.add(RReading(True, (), -1, ""))
    return sorted(out, key=repr)


def ref_complete(concealed: list[int], melds: list[tuple[str, int, str]]) -> bool:
    return any(ref_readings(concealed, melds, t, True) for t in set(concealed))


def ref_waits(concealed13: list[int], melds: list[tuple[str, int, str]]) -> list[int]:
    """ER-4.4 by trying every kind."""
    held = Counter(concealed13)
    for m, low, _ in melds:
        for t in [low, low + 1, low + 2] if m == "chi" else [low] * (4 if m == "gang" else 3):
            held[t] += 1
    return [k for k in SOU + HON if held[k] < 4 and ref_complete([*concealed13, k], melds)]


def _all_tiles(r: RReading, concealed: list[int]) -> list[int]:
    out = list(concealed)
    for s in r.sets:
        if s.meld:
            out += s.tiles()
    return out


def plain_fans(
    r: RReading,
    concealed: list[int],
    melds: list[tuple[str, int, str]],
    tile: int,
    self_draw: bool,
    flowers: list[int],
    ways: set[str],
) -> dict[str, int]:
    """§5's non-group fans read off their definitions."""
    f: dict[str, int] = {}
    ts = _all_tiles(r, concealed) if not r.qidui else list(concealed)
    kinds = set(ts)
    exposed = any(m != "gang" or g != "an" for m, _, g in melds)
    for w in ways:
        if w == "lizhi":
            if not exposed:
                f["lizhi"] = 1
        else:
            f[w] = 1
    if not self_draw and not exposed:
        f["menqianqing"] = 1
    if self_draw and not exposed:
        f["buqiuren"] = 1
    if self_draw:
        f["zimo"] = 1
    if kinds <= {10, 11, 12, 14, 16, 32}:
        f["lvyise"] = 1
    rest = list(concealed)
    rest.remove(tile)
    if not melds and sorted(rest) == [9, 9, 9, 10, 11, 12, 13, 14, 15, 16, 17, 17, 17]:
        f["jiulian"] = 1
    if kinds <= set(HON):
        f["ziyise"] = 1
    if kinds <= set(YAOJIU) and kinds & {9, 17}:
        f["hunyaojiu"] = 1
    if kinds <= set(SOU):
        f["qingyise"] = 1
    if kinds <= {14, 15, 16, 17}:
        f["dayuwu"] = 1
    if kinds <= {9, 10, 11, 12}:
        f["xiaoyuwu"] = 1
    if kinds <= {10, 12, 13, 14, 16, 17, 33}:
        f["tuibudao"] = 1
    if kinds & set(SOU) and kinds & set(HON):
        f["hunyise"] = 1
    kong_kinds = {low for m, low, _ in melds if m == "gang"}
    hog = [k for k in kinds if ts.count(k) == 4 and k not in kong_kinds]
    if hog:
        f["siguiyi"] = len(hog)
    if not kinds & set(YAOJIU):
        f["duanyao"] = 1
    if len(set(flowers)) == 8:
        f["baxian"] = 1
    if {34, 35, 36, 37} <= set(flowers):
        f["chunxiaqiudong"] = 1
    if {38, 39, 40, 41} <= set(flowers):
        f["meilanzhuju"] = 1
    if flowers:
        f["huapai"] = len(flowers)
    if r.qidui:
        f["qidui"] = 1
        ks = sorted(kinds)
        if len(ks) == 7 and ks == list(range(ks[0], ks[0] + 7)) and ks[-1] <= 17:
            f["lianqidui"] = 1
        if ks == HON:
            f["daqixing"] = 1
        return f
    pungs = [s for s in r.sets if s.kind != "chow"]
    chows = [s for s in r.sets if s.kind == "chow"]
    wp = [s for s in pungs if s.low in WIND]
    dp = [s for s in pungs if s.low in DRAGON]
    kongs = [s for s in r.sets if s.kind == "kong"]
    an_k = [s for s in kongs if s.meld == "an"]
    ming_k = [s for s in kongs if s.meld in ("ming", "xu")]
    anke = [s for s in r.sets if s.anke]
    checks = {
        "sifang_dafacai": len(wp) == 4 and r.pair == 32,
        "dasixi": len(wp) == 4,
        "dasanyuan": len(dp) == 3,
        "sigang": len(kongs) == 4,
        "xiaosixi": len(wp) == 3 and r.pair in WIND,
        "xiaosanyuan": len(dp) == 2 and r.pair in DRAGON,
        "sianke": len(anke) == 4,
        "shuanglong": sorted(s.low for s in chows) == [9, 9, 15, 15] and r.pair == 13,
        "sangang": len(kongs) == 3,
        "sananke": len(anke) == 3,
        "sanfengke": len(wp) == 3,
        "pengpenghu": len(pungs) == 4,
        "quanqiuren": len(melds) == 4
        and all(not (m == "gang" and g == "an") for m, _, g in melds)
        and not self_draw,
        "shuangangang": len(an_k) == 2,
        "shuangjianke": len(dp) == 2,
        "quandaiyao": all(set(s.tiles()) & set(YAOJIU) for s in r.sets) and r.pair in YAOJIU,
        "shuangminggang": len(ming_k) == 2,
        "pinghu": len(chows) == 4 and r.pair in SOU,
        "shuanganke": len(anke) == 2,
        "angang": len(an_k) == 1,
        "minggang": len(ming_k) == 1,
        "erwuba": r.pair in (10, 13, 16),
        "yaojiutou": r.pair in (9, 17),
    }
    f.update({k: 1 for k, v in checks.items() if v})
    if dp:
        f["jianke"] = len(dp)
    yj = [s for s in pungs if s.low in (9, 17) or s.low in WIND]
    if yj:
        f["yaojiuke"] = len(yj)
    if r.wait_place and len(ref_waits(rest, melds)) == 1:
        f[{"edge": "bianzhang", "closed": "kanzhang", "single": "dandiao"}[r.wait_place]] = 1
    return f


def group_instances(r: RReading) -> list[tuple[str, frozenset[int]]]:
    """Every instance of §5's group fans on the reading's sets (indices)."""
    out = []
    idx = range(len(r.sets))
    for n in (2, 3, 4):
        for combo in combinations(idx, n):
            ss = [r.sets[i] for i in combo]
            lows = sorted(s.low for s in ss)
            if all(s.kind == "chow" for s in ss):
                d = [b - a for a, b in pairwise(lows)]
                names = {
                    2: [("yibangao", d == [0]), ("lianliu", d == [3]), ("laoshaofu", lows == [9, 15])],
                    3: [
                        ("santongshun", d == [0, 0]),
                        ("qinglong", lows == [9, 12, 15]),
                        ("sanbugao", d in ([1, 1], [2, 2])),
                    ],
                    4: [("sitongshun", d == [0, 0, 0]), ("sibugao", d in ([1, 1, 1], [2, 2, 2]))],
                }[n]
            elif all(s.kind != "chow" and s.low <= 17 for s in ss) and n >= 3:
                names = [("sanjiegao" if n == 3 else "sijiegao", lows == list(range(lows[0], lows[0] + n)))]
            else:
                names = []
            out += [(name, frozenset(combo)) for name, ok in names if ok]
    return out


def ok_selection(sel: tuple[tuple[str, frozenset[int]], ...]) -> bool:
    """ER-6.1b read literally: some ordering, larger first, each instance holding a set no
    earlier one used; no set in two instances of one fan."""
    for a, b in combinations(sel, 2):
        if a[0] == b[0] and a[1] & b[1]:
            return False
    for order in permutations(sel):
        sizes = [len(s) for _, s in order]
        if sizes != sorted(sizes, reverse=True):
            continue
        used: set[int] = set()
        good = True
        for _, s in order:
            if s <= used:
                good = False
                break
            used |= s
        if good:
            return True
    return False


def _excl(fan: str, extra: bool) -> set[str]:
    row = ROW[fan]
    return set(row.excludes) | (set(row.extra) if extra else set())


def counted(
    items: list[tuple[str, int]], values: dict[str, int], extra: bool, wind_pungs: int
) -> list[tuple[str, int]]:
    """ER-6.1c as a consistency condition: the subset C of the walk's items such that an item is
    in C exactly when no item of C earlier in the walk excludes it. Items no candidate could
    exclude are always in; the others' subsets are tried."""
    walk = sorted(items, key=lambda it: (-values[it[0]], POS[it[0]]))
    can_go = [i for i, (f, _) in enumerate(walk) if any(f in _excl(g, extra) for g, _ in walk)]
    found = []
    for n in range(len(can_go) + 1):
        for out in combinations(can_go, n):
            chosen = [i for i in range(len(walk)) if i not in out]
            good = True
            for i, (f, _) in enumerate(walk):
                hit = any(f in _excl(walk[j][0], extra) for j in chosen if j < i)
                if hit == (i in chosen):
                    good = False
                    break
            if good:
                found.append(chosen)
    assert len(found) == 1, found
    result = []
    for i in found[0]:
        f, n = walk[i]
        if f == "yaojiuke" and extra and any(walk[j][0] == "sanfengke" for j in found[0]):
            n -= wind_pungs
            if n <= 0:
                continue
        result.append((f, n))
    return result


def ref_key(fans: list[tuple[str, int]], values: dict[str, int]) -> tuple[int, list[int], list[int]]:
    units = [f for f, n in fans for _ in range(n)]
    total = sum(values[f] for f in units)
    return (total, sorted((values[f] for f in units), reverse=True), [-POS[f] for f in units])


def ref_score(
    concealed: list[int],
    melds: list[tuple[str, int, str]],
    tile: int,
    self_draw: bool,
    flowers: list[int],
    ways: set[str],
    values: dict[str, int],
    nq: set[str],
    extra: bool = True,
) -> tuple[int, int, dict[str, int]] | None:
    """T, Q and the counted fans {id: n} of the best reading and selection; None: no shape."""
    best = None
    for r in ref_readings(concealed, melds, tile, self_draw):
        plain = plain_fans(r, concealed, melds, tile, self_draw, flowers, ways)
        inst = group_instances(r)
        wind_pungs = sum(1 for s in r.sets if s.kind != "chow" and s.low in WIND)
        for n in range(len(inst) + 1):
            for sel in combinations(inst, n):
                if not ok_selection(sel):
                    continue
                items = list(plain.items()) + [(name, 1) for name, _ in sel]
                fans = counted(items, values, extra, wind_pungs)
                merged: dict[str, int] = {}
                for f, k in fans:
                    merged[f] = merged.get(f, 0) + k
                listed = sorted(
                    merged.items(), key=lambda it: (-values[it[0]], [r.id for r in TABLE].index(it[0]))
                )
                key = ref_key(listed, values)
                if best is None or key > best[0]:
                    best = (key, merged)
    if best is None:
        return None
    total = best[0][0]
    q = total - sum(values[f] * n for f, n in best[1].items() if f in nq)
    return total, q, best[1]
