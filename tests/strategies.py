"""Hypothesis strategies for hands, biased towards near-complete hands.

Uniformly random hands almost never win, so a comparison on them would say little. Every
strategy here builds a complete hand first (melds + pair from a mix of meld shapes:
one suit, all triplets, all 2/5/8, winds, anything) and then perturbs it a little, with
an occasional fully random hand for coverage. No kind ever has more than four tiles.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from replay.games.wuhan.laizi import table_rules
from replay.games.wuhan.ruleset import make_ruleset
from tests.reference import JIANG, NUM_KINDS, WAYS, rank, suit, wind_kinds

RULESETS = (
    make_ruleset("hzlzg"),
    make_ruleset("hzfclzg"),
    # off, so the property tests hold both sides of each parameter
    make_ruleset("hzlzg", {"jianjiang": False, "jianzi_self_draw_only": False}),
    # the 七皮四赖 switches (issue 17): the preset, and strict 将 / the laizi limit on their own and
    # with, so each switch is held on both sides and with its neighbours
    make_ruleset("qipi"),
    make_ruleset("hzlzg", {"laizi_limit": "wild", "strict_jiang": True}),
    make_ruleset("qipi", {"jianjiang": True, "laizi_limit": "held", "strict_jiang": False}),
)
WAITING_RULESETS = RULESETS[:3] * 2 + RULESETS[3:]
#: the rulesets with a 七皮四赖 switch on (R-3.6, R-4.6, R-7.15)
SWITCH_RULESETS = RULESETS[3:]
MODES = ("one_suit", "triplets", "jiang", "winds", "random")


@st.composite
def rules_and_laizi(draw: Any, rulesets: tuple[Any, ...] = RULESETS) -> tuple[Any, int]:
    """A ruleset and a laizi; with ``qipi`` the ruleset as that table plays it (R-3.6: its 皮,
    the two kinds before the laizi, are pizi). The laizi is never a pizi (R-3.2). Under ``qipi``
    half the laizi are a suited 5: only then is a 皮 kind the one reading of a laizi in a run
    (1-2 + the laizi as the 皮 3, ``forced_pi_runs``), where R-4.4's amendment changes an answer;
    elsewhere a plain kind or a triplet can take the 皮's place."""
    rules = draw(st.sampled_from(rulesets))
    kinds = [k for k in range(NUM_KINDS) if k not in rules.pizi]
    if rules.qipi and draw(st.booleans()):
        kinds = [k for k in kinds if k < 27 and k % 9 == 4]
    laizi = draw(st.sampled_from(kinds))
    return table_rules(rules, laizi), laizi


@dataclass(frozen=True)
class RefMeld:
    """A meld as the reference sees it (duck-typed like ``replay.games.wuhan.hand.Meld``)."""

    type: str
    tiles: tuple[int, ...]
    kind: str | None = None
    source: int | None = None


@dataclass(frozen=True)
class HandCase:
    """One generated winning-check input."""

    concealed: tuple[int, ...]
    melds: tuple[RefMeld, ...]
    win_tile: int
    way: str
    laizi: int
    rules: Any

    @property
    def n_laizi(self) -> int:
        return sum(1 for t in (*self.concealed, self.win_tile) if t == self.laizi)


def _sequences(kinds: frozenset[int]) -> list[tuple[int, ...]]:
    return [
        (k, k + 1, k + 2)
        for k in range(27)
        if rank(k) <= 7 and {k, k + 1, k + 2} <= kinds and suit(k) == suit(k + 2)
    ]


def _group_options(mode: str, pool: frozenset[int], one_suit: int, winds: frozenset[int]) -> tuple:
    """(meld candidates, pair candidates) for a mode; kinds restricted to ``pool``."""
    if mode == "one_suit":
        kinds = frozenset(k for k in pool if suit(k) == one_suit)
        melds = _sequences(kinds) + [(k,) * 3 for k in sorted(kinds)]
        return melds, sorted(kinds)
    if mode == "triplets":
        return [(k,) * 3 for k in sorted(pool)], sorted(pool)
    if mode == "jiang":
        kinds = sorted(pool & JIANG)
        return [(k,) * 3 for k in kinds], kinds
    if mode == "winds":
        kinds = sorted(pool & winds)
        return [(k,) * 3 for k in kinds], kinds
    melds = _sequences(pool) * 2 + [(k,) * 3 for k in sorted(pool)]
    # A 将 pair half the time, any pair otherwise.
    return melds, sorted(pool & JIANG) * 3 + sorted(pool)


def forced_pi_runs(rules: Any, laizi: int) -> list[tuple[int, int, int]]:
    """The runs 1-2-3 of a suit whose 3 is a 皮 and whose 1 and 2 are plain: with the 3 held as
    the laizi, nothing but the 皮 kind completes them (R-4.4)."""
    return [
        (k, k + 1, k + 2) for k in (0, 9, 18) if k + 2 in rules.pi and not {k, k + 1} & {*rules.pizi, laizi}
    ]


def _fits(counts: list[int], tiles: tuple[int, ...]) -> bool:
    need = [0] * NUM_KINDS
    for t in tiles:
        need[t] += 1
    return all(counts[k] + need[k] <= 4 for k in range(NUM_KINDS))


def _take(counts: list[int], tiles: tuple[int, ...]) -> None:
    for t in tiles:
        counts[t] += 1


@st.composite
def complete_groups(
    draw: Any,
    n_melds: int,
    pool: frozenset[int],
    counts: list[int],
    winds: frozenset[int] = frozenset(range(27, 34)),
) -> list[tuple[int, ...]]:
    """n melds then one pair (last), all within ``pool``, updating ``counts`` (max 4 each)."""
    mode = draw(st.sampled_from(MODES))
    one_suit = draw(st.integers(0, 2))
    melds, pairs = _group_options(mode, pool, one_suit, winds)
    fallback_melds, fallback_pairs = _group_options("random", pool, one_suit, winds)
    groups: list[tuple[int, ...]] = []
    for _ in range(n_melds):
        options = [m for m in melds if _fits(counts, m)] or [m for m in fallback_melds if _fits(counts, m)]
        group = draw(st.sampled_from(options))
        _take(counts, group)
        groups.append(group)
    options = [(k, k) for k in pairs if _fits(counts, (k, k))]
    options = options or [(k, k) for k in fallback_pairs if _fits(counts, (k, k))]
    group = draw(st.sampled_from(options))
    _take(counts, group)
    groups.append(group)
    return groups


def _change_tiles(draw: Any, tiles: list[int], counts: list[int], pool: list[int], n: int) -> None:
    """Change up to n tiles of ``tiles`` (in place) to other kinds of ``pool``, keeping <= 4."""
    for _ in range(n):
        if not tiles:
            return
        i = draw(st.integers(0, len(tiles) - 1))
        options = [k for k in pool if k != tiles[i] and counts[k] < 4]
        if not options:
            continue
        new = draw(st.sampled_from(options))
        counts[tiles[i]] -= 1
        counts[new] += 1
        tiles[i] = new


def _make_quad(draw: Any, tiles: list[int], counts: list[int], pool: list[int]) -> int | None:
    """Now and then turn a triplet of ``tiles`` into four of a kind (a kong held in hand),
    by changing one other tile; returns the kind or None. Quads are rare otherwise and
    are where a fifth copy (a wildcard standing for it) matters.
    """
    options = [k for k in pool if tiles.count(k) == 3 and counts[k] == 3]
    if not options or len(tiles) < 4 or draw(st.integers(0, 3)) != 0:
        return None
    kind = draw(st.sampled_from(options))
    i = draw(st.sampled_from([i for i, t in enumerate(tiles) if t != kind]))
    counts[tiles[i]] -= 1
    counts[kind] += 1
    tiles[i] = kind
    return kind


# --------------------------------------------------------------------------------------------
# count vectors + wildcards, for complete / shanten
# --------------------------------------------------------------------------------------------


@st.composite
def random_counts(draw: Any, n_naturals: int) -> list[int]:
    """A uniformly random multiset of ``n_naturals`` tiles, max four of a kind."""
    counts = [0] * NUM_KINDS
    for _ in range(n_naturals):
        kind = draw(st.sampled_from([k for k in range(NUM_KINDS) if counts[k] < 4]))
        counts[kind] += 1
    return counts


@st.composite
def wild_hands(draw: Any, size: int, max_wild: int, max_changes: int = 2) -> tuple[list[int], int]:
    """(counts, wild) with sum(counts) + wild == size; mostly a perturbed complete hand.

    ``size`` may be 3n+2 (from n melds and a pair) or 3n+1 (one tile dropped).
    """
    wild = draw(st.integers(0, min(max_wild, size)))
    if draw(st.integers(0, 9)) == 0:
        return draw(random_counts(size - wild)), wild
    n_melds = size // 3  # 3n+2 -> n melds + pair; 3n+1 -> the same, one tile dropped below
    counts = [0] * NUM_KINDS
    groups = draw(complete_groups(n_melds, frozenset(range(NUM_KINDS)), counts))
    tiles = [t for g in groups for t in g]
    _change_tiles(draw, tiles, counts, list(range(NUM_KINDS)), draw(st.integers(0, max_changes)))
    quad = _make_quad(draw, tiles, counts, list(range(NUM_KINDS)))
    tiles = draw(st.permutations(tiles))
    tiles = sorted(tiles, key=lambda t: t != quad)  # a quad survives the dropping below
    # Drop tiles down to `size`, then turn `wild` of the remaining into wildcards.
    naturals = list(tiles[: size - wild])
    return _count(naturals), wild


def _count(tiles: list[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


# --------------------------------------------------------------------------------------------
# full hands (concealed + melds + winning tile), for readings
# --------------------------------------------------------------------------------------------


@st.composite
def hand_cases(draw: Any, n_laizi: int | None = None, rulesets: tuple[Any, ...] = RULESETS) -> HandCase:
    """A hand for ``readings``: 4 melds + pair built from meld shapes, some melds exposed,
    then perturbed (0-2 tiles changed) and given exactly ``n_laizi`` laizi tiles among
    concealed + winning tile (0-3 when None).

    Invariants: at most 4 tiles of a kind overall; no pizi anywhere; melds hold no laizi.
    Under ``qipi`` the groups may run through a 皮 kind, whose tiles then become laizi before
    the laizi count is set (R-4.4: a laizi may stand for a 皮 kind, a 皮 tile is never held
    in a hand that could win, nor melded).
    """
    rules, laizi = draw(rules_and_laizi(rulesets))
    allowed = [k for k in range(NUM_KINDS) if k not in rules.pizi]
    shaped = frozenset(allowed) | frozenset(rules.pi)  # kinds a group may hold, 皮 through a laizi
    if n_laizi is None:
        n_laizi = draw(st.integers(0, 3))
    counts = [0] * NUM_KINDS
    if draw(st.integers(0, 19)) == 0:
        # Now and then a fully random hand (no structure, nothing exposed).
        tiles = []
        for _ in range(14):
            kind = draw(st.sampled_from([k for k in allowed if counts[k] < 4]))
            counts[kind] += 1
            tiles.append(kind)
        groups = [tuple(tiles[i : i + 3]) for i in range(0, 12, 3)] + [tuple(tiles[12:])]
        exposable: list[int] = []
    else:
        groups = draw(complete_groups(4, shaped, counts, wind_kinds(rules)))
        runs = forced_pi_runs(rules, laizi) or [
            r for r in _sequences(shaped) if set(r) & set(rules.pi) and laizi not in r
        ]
        if runs and draw(st.booleans()):  # half the 七皮 hands: a run through a 皮 kind for sure
            run = draw(st.sampled_from(runs))
            for t in groups[0]:
                counts[t] -= 1
            if _fits(counts, run):
                groups[0] = run
            _take(counts, groups[0])
        exposable = [i for i, g in enumerate(groups[:4]) if laizi not in g and not set(g) & set(rules.pi)]

    # Expose some melds (4 often, for 全求人).
    n_exposed = min(len(exposable), draw(st.sampled_from((0, 0, 1, 2, 3, 4, 4, 4))))
    n_exposed = min(n_exposed, (14 - n_laizi) // 3)  # room for the laizi in hand
    exposed = sorted(draw(st.permutations(exposable))[:n_exposed])
    melds: list[RefMeld] = []
    for i in exposed:
        g = groups[i]
        if g[0] != g[1]:
            melds.append(RefMeld("chi", g))
        elif counts[g[0]] < 4 and draw(st.booleans()):
            gang_kind = draw(st.sampled_from(("ming", "an", "xu")))
            counts[g[0]] += 1
            melds.append(RefMeld("gang", (g[0],) * 4, gang_kind))
        else:
            melds.append(RefMeld("peng", g))
    concealed = [t for i, g in enumerate(groups) if i not in exposed for t in g]

    # Perturb: change 0-2 tiles (never to pizi), then force exactly n_laizi laizi tiles.
    _change_tiles(draw, concealed, counts, allowed, draw(st.sampled_from((0, 0, 0, 1, 1, 2))))
    _make_quad(draw, concealed, counts, [k for k in allowed if k != laizi])
    for i, t in enumerate(concealed):
        if t in rules.pi:  # the laizi where the 皮 was; the count is set just below
            counts[t] -= 1
            counts[laizi] += 1
            concealed[i] = laizi
    non_laizi = [k for k in allowed if k != laizi]
    while sum(1 for t in concealed if t == laizi) > n_laizi:
        i = draw(st.sampled_from([j for j, t in enumerate(concealed) if t == laizi]))
        options = [k for k in non_laizi if counts[k] < 4]
        new = draw(st.sampled_from(options))
        counts[laizi] -= 1
        counts[new] += 1
        concealed[i] = new
    while sum(1 for t in concealed if t == laizi) < n_laizi:
        positions = [i for i, t in enumerate(concealed) if t != laizi]
        i = draw(st.sampled_from(positions))
        counts[concealed[i]] -= 1
        counts[laizi] += 1
        concealed[i] = laizi

    concealed = list(draw(st.permutations(concealed)))
    win_tile = concealed.pop()
    way = draw(st.sampled_from(WAYS))
    return HandCase(tuple(sorted(concealed)), tuple(melds), win_tile, way, laizi, rules)


# --------------------------------------------------------------------------------------------
# small hands for 见字胡 and waits
# --------------------------------------------------------------------------------------------


@st.composite
def waiting_hands(draw: Any) -> tuple[tuple[int, ...], tuple[RefMeld, ...], int, Any]:
    """(concealed, melds, laizi, rules): 2-4 exposed melds (pengs mostly, now and then a chi),
    the rest as concealed groups, then one tile swapped for a laizi and, a third of the time, a
    second tile too; 3n+1 concealed tiles. Lone-laizi hands after pengs are 见字胡, the others
    mostly not, so both answers come up often. Under ``qipi`` a concealed run may go through a
    皮 kind, its 皮 tile held as the laizi (R-4.4), at most two laizi in all."""
    rules, laizi = draw(rules_and_laizi(WAITING_RULESETS))  # 见字胡 on: drawn more often
    allowed = [k for k in range(NUM_KINDS) if k not in rules.pizi]
    plain = [k for k in allowed if k != laizi]
    through_pi = [r[0] for r in forced_pi_runs(rules, laizi)] or [
        k for k in plain if k < 27 and rank(k) <= 7 and {k + 1, k + 2} & set(rules.pi)
    ]
    pi_laizi = 0  # 皮 tiles of concealed runs, held as the laizi
    counts = [0] * NUM_KINDS
    melds: list[RefMeld] = []
    concealed: list[int] = []
    n_exposed = draw(st.sampled_from((2, 3, 4, 4)))
    for i in range(4):
        seq = draw(st.integers(0, 4)) == 0
        starts = [k for k in plain if k < 27 and rank(k) <= 7 and laizi not in (k + 1, k + 2)]
        group: tuple[int, ...] | None = None
        if seq:
            k = draw(st.sampled_from(starts))
            group = (k, k + 1, k + 2)
        if i >= n_exposed and through_pi and pi_laizi < 2 and draw(st.integers(0, 2)) == 0:
            k = draw(st.sampled_from(through_pi))
            run = (k, k + 1, k + 2)
            held = tuple(laizi if t in rules.pi else t for t in run)
            if pi_laizi + held.count(laizi) <= 2 and laizi not in run and _fits(counts, held):
                pi_laizi += held.count(laizi)
                group = held
        if group is None or not _fits(counts, group):
            options = [k for k in plain if counts[k] <= 1]
            k = draw(st.sampled_from(options))
            group = (k, k, k)
        _take(counts, group)
        if i < n_exposed:
            melds.append(RefMeld("chi" if group[0] != group[1] else "peng", group))
        else:
            concealed += group
    extra = draw(st.sampled_from([k for k in plain if counts[k] < 4]))
    counts[extra] += 1
    concealed.append(extra)
    n_laizi = 1 if len(concealed) == 1 else draw(st.sampled_from((1, 1, 2)))
    for _ in range(max(0, n_laizi - pi_laizi)):
        i = draw(st.sampled_from([j for j, t in enumerate(concealed) if t != laizi]))
        counts[concealed[i]] -= 1
        concealed[i] = laizi
    return tuple(sorted(concealed)), tuple(melds), laizi, rules
