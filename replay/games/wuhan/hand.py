"""Hand shapes and the readings of a winning hand (R-7.2 – R-7.10, R-7.11, R-4.3).

A *reading* is one way of understanding the hand: which hand types it is and whether it is
hard (硬胡: every laizi read as itself) or soft. ``readings`` returns the maximal ones; the
scorer (``replay.games.wuhan.settle``) picks the one that pays most (R-7.12).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, compress

from replay.games.wuhan.ruleset import HAND_TYPES, Ruleset
from replay.shape import PAIR_EXTRA, TRIPLET_NEED, complete, complete_real_jiang, suit_values
from replay.tiles import JIANG, NUM_KINDS, E, F, N, P, S, W

#: ``haidi_gang_draw``: a replacement draw that is also a haidi draw, possible only when play
#: goes on to the last tile (R-3.7): both 杠上开 and 海底捞
WAYS = ("self_draw", "discard", "gang_draw", "haidi", "rob", "haidi_gang_draw")
SELF_DRAWN_WAYS = frozenset({"self_draw", "gang_draw", "haidi", "haidi_gang_draw"})
WAY_TYPES: dict[str, frozenset[str]] = {
    "gang_draw": frozenset({"gangshangkai"}),
    "haidi": frozenset({"haidilao"}),
    "rob": frozenset({"qianggang"}),
    "haidi_gang_draw": frozenset({"gangshangkai", "haidilao"}),
}
SHAPE_TYPES = ("qingyise", "fengyise", "jiangyise", "pengpenghu", "quanqiuren")
_ORDER = {h: i for i, h in enumerate(HAND_TYPES)}
_HONOURS = frozenset(range(27, NUM_KINDS))


@dataclass(frozen=True)
class Meld:
    """An exposed or declared meld. ``source`` is the seat the claimed tile came from."""

    type: str  # "chi" | "peng" | "gang"
    tiles: tuple[int, ...]
    kind: str | None = None  # for gangs: "ming" | "an" | "xu"
    source: int | None = None

    @property
    def is_open(self) -> bool:
        """R-6.1: chi, peng and ming-gang open; a xu-gang is the peng that already opened."""
        return self.type != "gang" or self.kind in ("ming", "xu")

    @property
    def is_triplet(self) -> bool:
        return self.type != "chi"


#: Melds already made, by their fields: a meld is an immutable value, and the few hundred a
#: table can hold are made again and again (a frozen dataclass costs more to make than to find)
_MELDS: dict[tuple[str, tuple[int, ...], str | None, int | None], Meld] = {}


def meld(type: str, tiles: tuple[int, ...], kind: str | None = None, source: int | None = None) -> Meld:
    """``Meld(type, tiles, kind, source)``, shared."""
    key = (type, tiles, kind, source)
    made = _MELDS.get(key)
    if made is None:
        if len(_MELDS) >= 4096:
            _MELDS.clear()
        made = _MELDS[key] = Meld(type, tiles, kind, source)
    return made


@dataclass(frozen=True, order=True)
class Reading:
    hands: tuple[str, ...]
    hard: bool

    @property
    def big(self) -> bool:
        return self.hands != ("pihu",)


def wind_kinds(rules: Ruleset) -> frozenset[int]:
    """风一色 tiles (§1): E S W N F P, less whatever is a pizi in this ruleset."""
    return _winds(rules.pizi)


@cache
def _winds(pizi: tuple[int, ...]) -> frozenset[int]:
    return frozenset({E, S, W, N, F, P}) - set(pizi)


def _pph_cost(counts: Sequence[int], jiang: bool = False, wild_pair: bool = True) -> int:
    """Wildcards to make the concealed tiles triplets plus one pair (碰碰胡 shape).

    ``jiang``: the pair must be a 将 (R-7.15); ``wild_pair``: two wildcards may be the pair
    (not where R-7.13 asks for a real 将). Every kind is open to a wildcard, a 皮 included (R-4.4).
    """
    cost = 0
    delta = 2 if wild_pair else 99
    for k in compress(range(len(counts)), counts):  # the kinds held: a dozen of the 34
        c = counts[k]
        cost += TRIPLET_NEED[c]
        if not jiang or k in JIANG:
            delta = min(delta, PAIR_EXTRA[c])
    return cost + delta


def _suit_pair_need(counts: Sequence[int], suit: int) -> int:
    v = suit_values(bytes(counts))[suit]
    return v >> 3 & 7


def pihu_shape(counts: Sequence[int], wild: int, laizi: int, rules: Ruleset) -> bool:
    """R-7.2's four melds plus a 将 pair; with R-7.13 (见将胡) the pair must hold a real 将.

    ``counts`` are the natural tiles, ``wild`` the laizi read as wildcards. When the laizi is
    itself a 2/5/8, two of them read as their own kind are a real 将, so R-7.13 changes
    nothing: only a laizi that is not a 将 can fake one. A wildcard may read as a 皮 kind
    (R-4.4: 1-2条 + laizi as the 皮 3条 is a run): only the 皮 *tiles* are pizi, and a held one
    is refused before any shape is read (``replay.games.wuhan.judge``). Nor is any kind kept from
    a wildcard for R-4.1's pizi: standing for a 红中 could only complete a held 红中, which blocks
    the win anyway.
    """
    if wild and rules.jianjiang and laizi not in JIANG:
        return complete_real_jiang(counts, wild)
    return complete(counts, wild, "jiang")


def _family(
    counts: list[int],
    wild: int,
    melds: Sequence[Meld],
    way: str,
    laizi_count: int,
    rules: Ruleset,
    laizi: int,
) -> set[frozenset[str]]:
    """Maximal hand-type sets for one way of counting the tiles (natural or with wildcards)."""
    present = set(compress(range(NUM_KINDS), counts))
    for m in melds:
        present.update(m.tiles)
    all_pengs = all(m.is_triplet for m in melds)
    four_opens = len(melds) == 4 and all(m.is_open for m in melds)
    winds = wind_kinds(rules)
    suits = {k // 9 for k in present if k < 27}
    honours = not present.isdisjoint(_HONOURS)
    pihu = pihu_shape(counts, wild, laizi, rules)

    def own_jiang(allowed: frozenset[int]) -> bool:
        """R-7.13: two laizi read as their own kind are a real 将 when that kind is a 2/5/8 the
        reading may hold (a 清一色 of another suit may not: 5万 laizi are no 将 of a 条 hand)."""
        return laizi in JIANG and laizi in allowed

    def feasible(types: frozenset[str], jiang: bool = False) -> bool:
        """Can the tiles be read as all of ``types`` at once; ``jiang``: with a 将 pair (R-7.15)."""
        allowed_sets: list[frozenset[int]] = []
        if "qingyise" in types:
            if len(suits) > 1 or honours:
                return False
            for s in suits or {0, 1, 2}:
                allowed_sets.append(frozenset(range(s * 9, s * 9 + 9)))
        else:
            allowed_sets.append(frozenset(range(NUM_KINDS)))
        return any(_fits(types, allowed, jiang) for allowed in allowed_sets)

    def _fits(types: frozenset[str], allowed: frozenset[int], jiang: bool) -> bool:
        if jiang and "fengyise" in types:  # winds only: no 将 pair
            return False
        if "fengyise" in types:
            allowed &= winds
        if "jiangyise" in types:
            allowed &= JIANG
        if not present <= allowed or not allowed:
            return False
        if "quanqiuren" in types:
            if way != "discard" or not four_opens or sum(counts) + wild != 2:
                return False
            pair_kinds = [k for k in range(NUM_KINDS) if counts[k]]
            if wild == 0 and not (len(pair_kinds) == 1 and counts[pair_kinds[0]] == 2):
                return False
            candidates = set(pair_kinds) if pair_kinds else set(allowed)
            if rules.strict_jiang or not types & {"qingyise", "fengyise", "jiangyise", "pengpenghu"}:
                candidates &= JIANG
                if not pair_kinds and rules.jianjiang:  # two laizi are a 将 only as themselves
                    candidates &= {laizi}
            if not candidates & allowed:
                return False
        if (
            "pengpenghu" in types
            or ("qingyise" in types and "jiangyise" in types)
            or (jiang and "jiangyise" in types)
        ):
            # no sequence can be made of 2/5/8 tiles only: 清一色 + 将一色 is triplets too, and so
            # is 将一色 with R-7.15's 将 pair
            wild_pair = not (jiang and wild and rules.jianjiang and not own_jiang(allowed))
            return all_pengs and _pph_cost(counts, jiang, wild_pair) <= wild
        if "qingyise" in types:
            if jiang:  # one suit and R-7.2's shape: the wildcards can always be read in the suit,
                # but two of them are a real 将 only as the laizi's own kind, in the suit
                if wild and rules.jianjiang and not own_jiang(allowed):
                    return complete_real_jiang(counts, wild)
                return pihu
            (suit,) = {k // 9 for k in allowed}
            return _suit_pair_need(counts, suit) <= wild
        return not jiang or pihu  # 风一色 never has a 将; 将一色 and 全求人 are handled above

    def possible(jiang: bool = False) -> tuple[str, ...]:
        """The types ``feasible`` may accept in some set: each one left out here makes it
        return False for every set that holds it (the same tests, made once), so trying only
        sets of these finds the same maximal sets; a 屁胡 hand then tries none."""
        kept = []
        if len(suits) <= 1 and not honours:
            kept.append("qingyise")
        if not jiang and present <= winds:
            kept.append("fengyise")
        if present <= JIANG:
            kept.append("jiangyise")
        wild_pair = not (jiang and wild and rules.jianjiang and laizi not in JIANG)
        if all_pengs and _pph_cost(counts, jiang, wild_pair) <= wild:
            kept.append("pengpenghu")
        if way == "discard" and four_opens and sum(counts) + wild == 2:
            pairs = [c for c in counts if c]
            if wild or pairs == [2]:
                kept.append("quanqiuren")
        return tuple(kept)

    found = _maximal_sets(feasible, possible())
    out: set[frozenset[str]] = set()
    if way in WAY_TYPES:
        extra = WAY_TYPES[way]
        if rules.strict_jiang:
            # the way only with four melds plus a 将 pair, the shapes it stacks with too
            credited = _maximal_sets(lambda t: feasible(t, True), possible(True)) if pihu else []
            out.update(t | extra for t in credited)
            out.update(t for t in found if not any(t <= c for c in credited))
            if pihu and not credited:
                out.add(extra)
        else:
            out.update(t | extra for t in found)
            if pihu and not found:
                out.add(extra)
    else:
        out.update(found)
        if pihu and laizi_count <= 1:  # R-4.6 ``wild``: the wildcards used
            out.add(frozenset({"pihu"}))
    return out


def _maximal_sets(
    feasible: Callable[[frozenset[str]], bool], among: Sequence[str] = SHAPE_TYPES
) -> list[frozenset[str]]:
    """The largest sets of ``among`` (SHAPE_TYPES, or those of them still possible, in that
    order) readable at once (none inside another)."""
    found: list[frozenset[str]] = []
    for size in range(len(among), 0, -1):
        for combo in combinations(among, size):
            types = frozenset(combo)
            if any(types <= f for f in found):
                continue
            if feasible(types):
                found.append(types)
    return found


def _order(types: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(types, key=_ORDER.__getitem__))


#: Readings already made, by their type set and hardness: a reading is an immutable value and a
#: few dozen cover nearly every win (making a frozen dataclass, ordering its types and hashing
#: it costs more than finding it here)
_READINGS: dict[tuple[frozenset[str], bool], Reading] = {}


def _reading(types: frozenset[str], hard: bool) -> Reading:
    made = _READINGS.get((types, hard))
    if made is None:
        if len(_READINGS) >= 4096:
            _READINGS.clear()
        made = _READINGS[(types, hard)] = Reading(_order(types), hard)
    return made


def _counts(concealed: Sequence[int], win_tile: int) -> list[int]:
    """Copies of each kind in the concealed tiles and the winning one."""
    counts = [0] * NUM_KINDS
    for t in concealed:
        counts[t] += 1
    counts[win_tile] += 1
    return counts


def readings(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    way: str,
    laizi: int,
    rules: Ruleset,
) -> list[Reading]:
    """Every maximal reading of concealed + winning tile with these melds (shape only).

    Hard readings take each laizi as itself (R-7.11); soft ones let laizi stand for any tile.
    Preconditions that are not about shape (opened, pizi, qihu) are ``replay.games.wuhan.judge``'s.
    """
    counts = _counts(concealed, win_tile)
    if counts[win_tile] > 4:  # a fifth copy: no such tile, not even for 风一色 (issue #27)
        return []
    held = counts[laizi]
    if rules.laizi_limit == "held":
        result = {_reading(t, True) for t in _family(counts, 0, melds, way, held, rules, laizi)}
        if held:
            natural = list(counts)
            natural[laizi] = 0
            soft = _family(natural, held, melds, way, held, rules, laizi)
            result |= {_reading(t, False) for t in soft}
        return sorted(result)
    # R-4.6 ``wild``: only laizi used as wildcards count, at most one for 屁胡, two for a big hand;
    # the rest read as their own kind
    result = {_reading(t, True) for t in _family(counts, 0, melds, way, 0, rules, laizi)}
    soft_sets: set[frozenset[str]] = set()
    for used in range(1, min(held, 2) + 1):
        natural = list(counts)
        natural[laizi] = held - used
        soft_sets |= _family(natural, used, melds, way, used, rules, laizi)
    result |= {_reading(t, False) for t in soft_sets if not any(t < u for u in soft_sets)}
    return sorted(result)


def wins_without_wild_limit(
    concealed: Sequence[int], melds: Sequence[Meld], win_tile: int, way: str, laizi: int, rules: Ruleset
) -> bool:
    """Would some reading take this win if R-4.6 ``wild`` allowed any number of wildcards?

    What R-4.6's refusal (``too_many_wild_laizi``) claims: the hand wins, only with more laizi
    read as wildcards than it may use. A hand that no number of wildcards makes a winning hand
    (a complete shape whose pair no hand type takes) is R-7.2's ``not_a_winning_hand`` instead.
    """
    counts = _counts(concealed, win_tile)
    held = counts[laizi]
    for used in range(1, held + 1):
        natural = list(counts)
        natural[laizi] = held - used
        if _family(natural, used, melds, way, 0, rules, laizi):
            return True
    return False
