"""Reading a Sichuan win (SC-4.1–SC-4.3): the winning shape, the hand type, 根, and 下叫 waits.

Works on the 27 suited counts. The shape check reuses the shared suit tables
(``replay.shape.complete`` with any pair); the hand types are derived from counts directly
(no decomposition search) because each table row of SC-4.2 is a property of the counts:
no sequences means every count is 0, 2 or 3 with one pair; 带幺九 means ranks 2/3 (7/8) appear
only inside 123 (789) runs. ``tests/sichuan_reference.py`` enumerates decompositions instead
and the property tests hold this module to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from replay.shape import complete, improving_draws

#: SC-4.2 rows in table order: (id, 番种, P). Ties name the later row.
HAND_TYPES: tuple[tuple[str, str, int], ...] = (
    ("pinghu", "平胡", 1),
    ("duiduihu", "对对胡", 2),
    ("qingyise", "清一色", 4),
    ("daiyaojiu", "带幺九", 4),
    ("qidui", "七对", 4),
    ("jingoudiao", "金钩钓", 4),
    ("qingdui", "清对", 8),
    ("longqidui", "龙七对", 16),
    ("qingqidui", "青七对", 16),
    ("qingjingoudiao", "青金钩钓", 16),
    ("qingyaojiu", "清幺九", 16),
    ("qinglongqidui", "青龙七对", 32),
    ("tianhu", "天胡", 32),
    ("dihu", "地胡", 32),
    ("jiangdui", "将对", 8),
    ("jiangjingoudiao", "将金钩钓", 16),
)
POINTS: dict[str, int] = {h: p for h, _, p in HAND_TYPES}
NAMES_ZH: dict[str, str] = {h: zh for h, zh, _ in HAND_TYPES}
ROW: dict[str, int] = {h: i for i, (h, _, _) in enumerate(HAND_TYPES)}
#: Hand types that use G − 1 (SC-4.3 减一根).
MINUS_ONE_GEN = frozenset({"longqidui", "qinglongqidui"})
JIANG_RANKS = frozenset({1, 4, 7})  # ranks 2, 5, 8 as rank − 1


@dataclass(frozen=True)
class Reading:
    """The single highest entry (SC-4.2) with its P and G (SC-4.3, 减一根 applied)."""

    hand: str
    points: int
    gen: int
    met: tuple[str, ...]  # every row met, table order (for naming a tied row)


def is_duidui(concealed: Sequence[int]) -> bool:
    """(a) without sequences: concealed counts are triplets and exactly one pair."""
    pairs = 0
    for c in concealed:
        if c == 2:
            pairs += 1
        elif c not in (0, 3):
            return False
    return pairs == 1


def is_yaojiu(concealed: Sequence[int]) -> bool:
    """Does a (complete) concealed part split with a 1 or 9 in every set and the pair?"""
    pairs = 0
    for s in range(3):
        c = concealed[9 * s : 9 * s + 9]
        if c[3] or c[4] or c[5]:
            return False
        for lo, mid, hi in ((0, 1, 2), (8, 7, 6)):
            if c[mid] != c[hi]:
                return False
            rest = c[lo] - c[mid]
            if rest == 2:
                pairs += 1
            elif rest not in (0, 3):
                return False
    return pairs == 1


def read(concealed: Sequence[int], melds: Sequence[int], *, jiang_hands: bool = False) -> Reading | None:
    """The best entry of a winning hand (G left 0), or None when the shape does not win.

    ``concealed``: counts (27+) of the concealed tiles *with* the winning tile; ``melds``: the
    kind of each peng or kong. Void suits are the caller's check (SC-2.2).
    """
    c = list(concealed[:27])
    shape_a = complete(c, 0, "any")  # the shared shape core: one call, the honours left out
    if not shape_a and (melds or 1 in c or 3 in c):
        return None  # neither shape (a), nor counts all even (七对): most calls end here
    n = sum(c)
    if n != 14 - 3 * len(melds) or max(c) > 4:  # a fifth copy is no hand (SC-1.1), not a 七对 pair
        return None
    met: list[str] = []
    qidui = not melds and all(x % 2 == 0 for x in c)
    suits = {k // 9 for k in range(27) if c[k]} | {m // 9 for m in melds}
    qing = len(suits) == 1
    four = any(x == 4 for x in c)
    all_jiang = all(k % 9 in JIANG_RANKS for k in range(27) if c[k]) and all(
        m % 9 in JIANG_RANKS for m in melds
    )
    if shape_a:
        duidui = is_duidui(c)
        jingou = len(melds) == 4
        yaojiu = is_yaojiu(c) and all(m % 9 in (0, 8) for m in melds)
        met.append("pinghu")
        if duidui and not jingou:
            met.append("duiduihu")
        if qing:
            met.append("qingyise")
        if yaojiu:
            met.append("daiyaojiu")
        if jingou:
            met.append("jingoudiao")
        if qing and duidui and not jingou:
            met.append("qingdui")
    if qidui:
        met.append("qidui")
        if qing:
            met.append("qingyise")
        if four:
            met.append("longqidui")
        if qing:
            met.append("qingqidui")
    if shape_a:
        if qing and len(melds) == 4:
            met.append("qingjingoudiao")
        if qing and is_yaojiu(c) and all(m % 9 in (0, 8) for m in melds):
            met.append("qingyaojiu")
    if qidui and qing and four:
        met.append("qinglongqidui")
    if jiang_hands and shape_a and all_jiang:
        if is_duidui(c) and len(melds) < 4:
            met.append("jiangdui")
        if len(melds) == 4:
            met.append("jiangjingoudiao")
    ordered = sorted(set(met), key=ROW.__getitem__)
    best = max(ordered, key=lambda h: (POINTS[h], ROW[h]))
    return Reading(best, POINTS[best], 0, tuple(ordered))


def gen_count(concealed: Sequence[int], peng_kinds: Sequence[int], kong_kinds: Sequence[int]) -> int:
    """G (SC-4.3): kinds of which the winner holds all four, concealed or melded."""
    total = list(concealed[:27])
    for m in peng_kinds:
        total[m] += 3
    for k in kong_kinds:
        total[k] += 4
    return sum(1 for x in total if x >= 4)


def score(
    concealed: Sequence[int],
    peng_kinds: Sequence[int],
    kong_kinds: Sequence[int],
    *,
    jiang_hands: bool = False,
) -> Reading | None:
    """Hand type and G of a winning hand (concealed counts include the winning tile)."""
    melds = [*peng_kinds, *kong_kinds]
    r = read(concealed, melds, jiang_hands=jiang_hands)
    if r is None:
        return None
    g = gen_count(concealed, peng_kinds, kong_kinds)
    if r.hand in MINUS_ONE_GEN:
        g -= 1
    return Reading(r.hand, r.points, g, r.met)


def waits(
    concealed: Sequence[int],
    peng_kinds: Sequence[int],
    kong_kinds: Sequence[int],
    void: int | None,
    *,
    jiang_hands: bool = False,
    two_suits: bool = False,
) -> dict[int, Reading]:
    """SC-6.2 下叫: each tile t (not void, not a kind the seat holds all four of) that wins.

    ``two_suits``: without 定缺, a win needs at most two suits (SC-2.2).
    """
    held = list(concealed[:27])
    for k in peng_kinds:
        held[k] += 3
    for k in kong_kinds:
        held[k] += 4
    out: dict[int, Reading] = {}
    if void is not None and any(m // 9 == void for m in [*peng_kinds, *kong_kinds]):
        return out
    c = list(concealed[:27])
    for t in _candidates(c, len(peng_kinds) + len(kong_kinds)):
        if held[t] >= 4 or (void is not None and t // 9 == void):
            continue
        c[t] += 1
        if void is not None and any(c[9 * void : 9 * void + 9]):
            c[t] -= 1
            continue
        if two_suits and not at_most_two_suits(c, [*peng_kinds, *kong_kinds]):
            c[t] -= 1
            continue
        r = score(c, peng_kinds, kong_kinds, jiang_hands=jiang_hands)
        c[t] -= 1
        if r is not None:
            out[t] = r
    return out


def _candidates(concealed: list[int], melds: int) -> Sequence[int]:
    """The kinds a hand of ``concealed`` counts (27) and ``melds`` melds may win on, a superset
    of ``waits``' keys: a hand of the right size asks the shared shape core which draws complete
    shape (a) (``improving_draws`` below shanten 0) and adds the one kind it holds an odd count
    of when only one is odd (七对, no melds); any other hand tries all 27 kinds."""
    if sum(concealed) + 3 * melds != 13 or max(concealed) > 4:
        return range(27)
    kinds = set(improving_draws(concealed, 0, "any", range(27), 0))
    if not melds:
        odd = [k for k in range(27) if concealed[k] % 2]
        if len(odd) == 1:
            kinds.add(odd[0])
    return sorted(kinds)


@lru_cache(maxsize=1024)
def shape_wins(concealed: tuple[int, ...], melds: int) -> frozenset[int]:
    """``_candidates`` of a hand as a set, remembered for the last 1,024 hands: a seat's hand is
    asked about every discard of the other three seats (the claim window's checks, the 漏胡
    detector) while it does not change, so most asks are one lookup."""
    return frozenset(_candidates(list(concealed), melds))


def at_most_two_suits(concealed: Sequence[int], meld_kinds: Sequence[int]) -> bool:
    """S0 缺一门: without 定缺 a win holds at most two suits."""
    suits = {k // 9 for k in range(27) if concealed[k]} | {m // 9 for m in meld_kinds}
    return len(suits) <= 2
