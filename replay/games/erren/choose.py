"""Choosing the fans of a win by the 国标 principles (ER-6.1) and the totals T and Q (ER-6.2).

Per reading (ER-6.1a 不拆移: the reading fixes the sets): every admissible selection of
group-fan instances (ER-6.1b: ordered larger first, each instance holds a set no earlier one
used — 套算一次 — and no set in two instances of one fan — 不得相同), then 不重复 (ER-6.1c): the
candidates walked by value, highest first (§5's order on ties), a fan already excluded skipped
(and excluding nothing), a counted one excluding its 不计 list. The reading's score is its best
selection, the win's the best reading; equal totals are ordered by ER-6.2's tie-break.
Results are cached by the win (its counts, melds, tile and ways) and the ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

from replay.games.erren.fans import Instance, Win, candidates, instances
from replay.games.erren.fantable import ORDER, ROW
from replay.games.erren.params import Rules
from replay.games.erren.readings import Reading, readings
from replay.games.erren.tiles import WINDS


@dataclass(frozen=True)
class Counted:
    """A fan as counted: id, how many times (instances, pungs, flowers…) and its value each."""

    id: str
    n: int
    value: int

    @property
    def points(self) -> int:
        return self.n * self.value


@dataclass(frozen=True)
class Score:
    """The chosen fans of one reading (walk order), T and Q (ER-6.2)."""

    reading: Reading
    fans: tuple[Counted, ...]
    total: int
    qualifying: int
    #: the group-fan instances counted (which sets each fan was counted on)
    instances: tuple[Instance, ...] = ()

    def key(self) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """ER-6.2's order: higher T; then the values sorted high to low; then the fans in walk
        order reaching an earlier §5 row at the first difference (negated so larger wins)."""
        values = tuple(sorted((f.value for f in self.fans for _ in range(f.n)), reverse=True))
        rows = tuple(-ORDER[f.id] for f in self.fans for _ in range(f.n))
        return (self.total, values, rows)

    def fan_ids(self) -> dict[str, int]:
        return {f.id: f.n for f in self.fans}


def admissible(selection: tuple[Instance, ...]) -> bool:
    """ER-6.1b: 不得相同 (no set in two instances of one fan) and 套算一次 (some order, larger
    instances first, in which each instance holds a set no earlier one used)."""
    by_fan: dict[str, set[int]] = {}
    for inst in selection:
        seen = by_fan.setdefault(inst.fan, set())
        if seen & inst.sets:
            return False
        seen |= inst.sets
    sizes = sorted({len(i.sets) for i in selection}, reverse=True)
    used: set[int] = set()
    for size in sizes:
        group = [i for i in selection if len(i.sets) == size]
        for order in permutations(group):
            seen_now = set(used)
            if all(_adds(inst, seen_now) for inst in order):
                used = seen_now
                break
        else:
            return False
    return True


def _adds(inst: Instance, used: set[int]) -> bool:
    """Whether ``inst`` holds a set not in ``used``; if so its sets join ``used``."""
    if inst.sets <= used:
        return False
    used |= inst.sets
    return True


def selections(found: tuple[Instance, ...]) -> list[tuple[Instance, ...]]:
    """Every admissible selection (the empty one included). Admissibility is inherited by
    subsets, so a selection that fails is never extended."""
    out: list[tuple[Instance, ...]] = [()]

    def grow(start: int, chosen: tuple[Instance, ...]) -> None:
        for j in range(start, len(found)):
            nxt = (*chosen, found[j])
            if admissible(nxt):
                out.append(nxt)
                grow(j + 1, nxt)

    grow(0, ())
    return out


def walk(
    plain: dict[str, int], chosen: tuple[Instance, ...], reading: Reading, rules: Rules
) -> tuple[tuple[Counted, ...], tuple[Instance, ...]]:
    """ER-6.1c 不重复 over one selection: by value, highest first, §5's order on ties."""
    values = rules.values
    items: list[tuple[str, int, Instance | None]] = [(f, n, None) for f, n in plain.items()]
    items += [(i.fan, 1, i) for i in chosen]
    items.sort(key=lambda it: (-values[it[0]], ORDER[it[0]]))
    excluded: set[str] = set()
    counts: dict[str, int] = {}
    kept: list[Instance] = []
    for fan, n, inst in items:
        if fan in excluded:
            continue
        if fan == "yaojiuke" and "sanfengke" in counts and rules.extra_exclusions:
            # † 三风刻 drops the 幺九刻 of its own three wind pungs, not of a 1s/9s pung
            n -= sum(1 for s in reading.sets if s.is_pung and s.tile in WINDS)
            if n <= 0:
                continue
        counts[fan] = counts.get(fan, 0) + n
        if inst is not None:
            kept.append(inst)
        row = ROW[fan]
        excluded.update(row.excludes)
        if rules.extra_exclusions:
            excluded.update(row.extra)
    fans = tuple(Counted(f, n, values[f]) for f, n in counts.items())
    return fans, tuple(kept)


def score_reading(reading: Reading, win: Win, rules: Rules) -> Score:
    """The best admissible selection of one reading."""
    plain = candidates(reading, win)
    best: Score | None = None
    for chosen in selections(instances(reading)):
        fans, kept = walk(plain, chosen, reading, rules)
        total = sum(f.points for f in fans)
        q = total - sum(f.points for f in fans if f.id in rules.qihu_excluded)
        s = Score(reading, fans, total, q, kept)
        if best is None or s.key() > best.key():
            best = s
    assert best is not None
    return best


@lru_cache(maxsize=32768)
def scores(win: Win, rules: Rules) -> tuple[Score, ...]:
    """The best score of every reading of ``win``, best first (ER-6.2's order); () for no shape."""
    found = [score_reading(r, win, rules) for r in readings(win.counts, win.melds, win.tile, win.self_draw)]
    found.sort(key=Score.key, reverse=True)
    return tuple(found)


def score(win: Win, rules: Rules) -> Score | None:
    """ER-6.2: the win's fans, T and Q from its best reading; None when no winning shape (ER-4.1)."""
    found = scores(win, rules)
    return found[0] if found else None


def legal(found: Score | None, rules: Rules) -> bool:
    """ER-3.4: a winning shape and Q ≥ 起胡 (``qihu``)."""
    return found is not None and found.qualifying >= rules.qihu
