"""牌效率 (inefficient_discard): a discard that left the hand further from ready than it had to.

A discard is compared with every other tile the seat could have thrown, by shanten (向听: tiles
from ready) and, on a tie, by acceptance (进张: unseen tiles that would bring the hand closer,
laizi included, counted from what the seat could see). The hand is measured against every plan
its exposed melds still allow, and the best plan counts, so a player chasing 清一色, 碰碰胡,
风一色 or 将一色 is not faulted for shedding what a 屁胡 would keep:

- 屁胡: four melds and a 将 pair (R-7.2), laizi wild (R-4.2), a held pizi a dead tile (R-4.1);
- 清一色 of a suit every exposed meld is in (R-7.3), any pair, other tiles dead;
- 碰碰胡 when every exposed meld is a triplet (R-7.6);
- 风一色 / 将一色 when every exposed tile is of the family (R-7.4, R-7.5): no structure, so the
  distance is the tiles outside the family.

Only seats close to ready are judged (at most two from ready with the best discard): far from
ready, counting is not how people play and the shanten of a 14-tile mess says little. Putting a
laizi out is a scoring choice (丢赖子 doubles every payment), not tile efficiency, so it is not
judged. A discard that avoids feeding a visible one-suit hand's third open (R-10.6b) is defence
and not reported when every better tile would have been such a feed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from replay.games.wuhan.analysis.base import Context, Finding, tile_name
from replay.games.wuhan.analysis.registry import detector
from replay.games.wuhan.board import Board
from replay.games.wuhan.hand import Meld, wind_kinds
from replay.games.wuhan.ruleset import Ruleset
from replay.games.wuhan.table import SeatState
from replay.shape import (
    best_discard_draws,
    discard_kept,
    improving_draws,
    improving_mask,
    rule_tables,
    shanten,
    shanten_after_discards,
    shanten_of_keys,
)
from replay.tiles import JIANG, KIND_OF, NUM_KINDS

NEAR_READY = 2  # judge only seats at most this far from ready with their best discard
ACCEPTANCE_READY = 1  # weigh accepted tiles only this close: further out, shape choices rule
CLEAR_LOSS = 4  # "clearly fewer" accepted tiles: at least this many and a quarter of the best
_SUITS = (range(0, 9), range(9, 18), range(18, 27))
#: the kinds a tile can make a meld or pair with: itself and, for suited tiles, two either side
_NEAR = tuple(
    tuple(y for y in range(x - 2, x + 3) if x // 9 == y // 9 and 0 <= y < 27) if x < 27 else (x,)
    for x in range(NUM_KINDS)
)
PLAN_NAMES = {"qingyise": "清一色", "pengpenghu": "碰碰胡", "fengyise": "风一色", "jiangyise": "将一色"}


@dataclass
class _Hand:
    """The concealed tiles before the discard (3M + 2 of them), as the plans need them."""

    counts: list[int]
    natural: list[int]  # counts without the laizi and the pizi
    wild: int
    slots: int  # meld slots left: 4 minus the exposed melds
    laizi: int
    pizi: tuple[int, ...]
    total: int
    useful: dict[tuple[str, bytes, int, int], frozenset[int]]  # shared by a hand's discards


class _Plan:
    name = ""

    def floor(self) -> int:
        """A cheap floor under ``best``, to skip plans that cannot matter."""
        return self.best()

    def best(self) -> int:
        """The value (shanten for this plan) after the plan's best discard."""
        raise NotImplementedError

    def value(self, discard: int) -> int:
        raise NotImplementedError

    def values(self, candidates: list[int]) -> dict[int, int]:
        return {k: self.value(k) for k in candidates}

    def acceptance(self, discard: int, value: int, unseen: list[int]) -> int:
        """Unseen tiles that would bring the hand closer after ``discard`` (laizi always do)."""
        raise NotImplementedError


class _Structured(_Plan):
    """屁胡 (all kinds, 将 pair) or 清一色 of one suit (any pair); tiles it cannot use are dead.

    A dead tile is counted as a wildcard for ``shanten`` and then paid back with one exchange:
    this keeps the meld slots right (the shanten functions derive them from the tile count).
    """

    def __init__(self, hand: _Hand, name: str, allowed: range | None, pair: str) -> None:
        self.hand, self.name, self.allowed, self.pair = hand, name, allowed, pair
        if allowed is None:
            self.natural = hand.natural
        else:
            self.natural = [0] * NUM_KINDS
            self.natural[allowed.start : allowed.stop] = hand.natural[allowed.start : allowed.stop]
        self.dead = hand.total - hand.wild - sum(self.natural)

    def floor(self) -> int:
        return max(0, self.dead - 1)  # every dead tile is an exchange

    def best(self) -> int:
        # the 14-tile shanten is the best discard's, except that a complete hand stays ready
        return max(0, shanten(self.natural, self.hand.wild + self.dead, self.pair) + self.dead)

    def value(self, discard: int) -> int:
        natural, wild, dead = self.natural, self.hand.wild, self.dead
        if not natural[discard]:
            return shanten(natural, wild + dead - 1, self.pair) + dead - 1
        after = list(natural)
        after[discard] -= 1
        return shanten(after, wild + dead, self.pair) + dead

    def values(self, candidates: list[int]) -> dict[int, int]:
        wild, dead = self.hand.wild, self.dead
        after = shanten_after_discards(self.natural, wild + dead, self.pair)
        out: dict[int, int] = {}
        shed: int | None = None
        for k in candidates:
            if self.natural[k]:
                out[k] = after[k] + dead
            else:
                if shed is None:
                    shed = shanten(self.natural, wild + dead - 1, self.pair) + dead - 1
                out[k] = shed
        return out

    def acceptance(self, discard: int, value: int, unseen: list[int]) -> int:
        hand = self.hand
        natural = list(self.natural)
        dead = self.dead
        if natural[discard]:
            natural[discard] -= 1
        else:
            dead -= 1
        key = (self.name, bytes(natural), hand.wild, dead)
        useful = hand.useful.get(key)
        if useful is None:  # a seat that throws what it drew keeps its hand: seen before
            useful = hand.useful[key] = self._useful(natural, dead, value)
        return unseen[hand.laizi] + sum(unseen[k] for k in useful)

    def _kinds(self, natural: list[int], dead: int) -> frozenset[int]:
        """The kinds worth trying as a draw: next to what is held, or any usable one (dead tiles)."""
        hand = self.hand
        usable = range(NUM_KINDS) if self.allowed is None else self.allowed
        kinds: set[int] = set()
        if dead:  # a dead tile can be swapped for any usable one
            kinds.update(usable)
        else:  # otherwise only tiles next to what is held can help
            for x in usable:
                if natural[x]:
                    kinds.update(_NEAR[x])
        kinds -= {hand.laizi, *hand.pizi}
        return frozenset(kinds)

    def _useful(self, natural: list[int], dead: int, value: int) -> frozenset[int]:
        """The kinds that would bring these tiles (after the discard) closer to ready."""
        kinds = self._kinds(natural, dead)
        return improving_draws(natural, self.hand.wild + dead, self.pair, kinds, value - dead)


def _triplets_value(counts: list[int], m: int, wild: int) -> int:
    """碰碰胡's exchanges to ready minus one, as ``shanten`` counts them, for M slots and a pair.

    The best M triplet kinds and one pair kind: a kind held c times fills min(c, 3) of a
    triplet or min(c, 2) of the pair, so only how many kinds are held once, twice and three or
    more times matters (counted in C by ``list.count``, as this is asked of most open hands).
    """
    n3 = counts.count(3) + counts.count(4)
    n2 = counts.count(2)
    n1 = counts.count(1)
    trips = [3] * n3 + [2] * n2 + [1] * n1  # min(c, 3) of each kind held, largest first
    top = sum(trips[:m])
    nxt = trips[m] if len(trips) > m else 0
    low = trips[m - 1] if 0 < m <= len(trips) else -1
    kept = top
    for v, pair, held in ((3, 2, n3), (2, 2, n2), (1, 1, n1)):  # the pair of a kind held v times
        if held:
            rest = top - v + nxt if m and v >= low else top
            kept = max(kept, pair + rest)
    return 3 * m + 2 - kept - wild - 1


class _Triplets(_Plan):
    """碰碰胡: the best M triplet kinds and one pair kind; runs are worth nothing."""

    name = "pengpenghu"

    def __init__(self, hand: _Hand) -> None:
        self.hand = hand
        self.natural = list(hand.natural)

    def _value(self, counts: list[int]) -> int:
        return _triplets_value(counts, self.hand.slots, self.hand.wild)

    def best(self) -> int:
        # as for shanten: the whole hand's value, except that a complete hand stays ready
        return max(0, self._value(self.natural))

    def value(self, discard: int) -> int:
        natural = self.natural
        if not natural[discard]:
            return self._value(natural)
        natural[discard] -= 1
        try:
            return self._value(natural)
        finally:
            natural[discard] += 1

    def acceptance(self, discard: int, value: int, unseen: list[int]) -> int:
        hand = self.hand
        after = list(self.natural)
        if after[discard]:
            after[discard] -= 1
        total = unseen[hand.laizi]
        fresh = [k for k in range(NUM_KINDS) if not after[k] and k != hand.laizi and k not in hand.pizi]
        trial = [k for k in range(NUM_KINDS) if after[k] in (1, 2)] + fresh[:1]
        for k in trial:
            after[k] += 1
            helps = self._value(after) < value
            after[k] -= 1
            if helps:
                total += sum(unseen[f] for f in fresh) if k in fresh else unseen[k]
        return total


class _Family(_Plan):
    """风一色 / 将一色: no structure (R-7.4, R-7.5); every tile outside the family must go."""

    def __init__(self, hand: _Hand, name: str, family: frozenset[int], tiles: list[int]) -> None:
        self.hand, self.name, self.family = hand, name, family
        self.off = sum(1 for t in tiles if t not in family and t != hand.laizi)

    def best(self) -> int:
        return max(0, self.off - 1)

    def value(self, discard: int) -> int:
        return self.off - (discard not in self.family and discard != self.hand.laizi)

    def acceptance(self, discard: int, value: int, unseen: list[int]) -> int:
        laizi = self.hand.laizi
        return unseen[laizi] + sum(unseen[k] for k in self.family if k != laizi)


def _big_plans(board: Board, state: SeatState, hand: _Hand) -> list[_Plan]:
    """The big-hand plans the exposed melds still allow (R-7.3 – R-7.6) and that could be near.

    A plan whose dead tiles alone put it further than ``NEAR_READY + 1`` can never be
    plausible, so it is not even built (most hands lean to no suit).
    """
    limit = NEAR_READY + 2  # dead tiles (each an exchange) at which a plan is out of reach
    meld_tiles = [t for m in state.melds for t in m.tiles]
    plans: list[_Plan] = []
    for suit in _SUITS:
        if all(t in suit for t in meld_tiles):
            dead = hand.total - hand.wild - sum(hand.natural[suit.start : suit.stop])
            if dead <= limit:
                plans.append(_Structured(hand, f"qingyise:{suit.start // 9}", suit, "any"))
    if state.melds and all(m.is_triplet for m in state.melds):
        plans.append(_Triplets(hand))
    for name, family in (("fengyise", wind_kinds(board.rules)), ("jiangyise", JIANG)):
        if all(t in family for t in meld_tiles):
            plan = _Family(hand, name, family, state.hand)
            if plan.off <= limit:
                plans.append(plan)
    return plans


def _unseen(board: Board, seat: int) -> list[int]:
    """4 minus the copies this seat can see: its hand, every meld and river, the indicator."""
    return _unseen_of(board.seats, board.discards, seat, board.laizi, board.indicator)


def _unseen_of(
    seats: Sequence[SeatState],
    rivers: Sequence[Sequence[tuple[int, int | None]]],
    seat: int,
    laizi: int,
    indicator: int,
) -> list[int]:
    seen = [0] * NUM_KINDS
    for t in seats[seat].hand:
        seen[t] += 1
    for s in seats:
        for m in s.melds:
            for t in m.tiles:
                seen[t] += 1
        seen[laizi] += s.laizi_gangs
    for river in rivers:
        for t, by in river:
            if by is None:
                seen[t] += 1
    seen[indicator] += 1
    return [4 - c if c < 4 else 0 for c in seen]


def _danger(board: Board, seat: int) -> frozenset[int]:
    """Tiles another seat could claim as the third open of a one-family hand (喂第三口)."""
    return _danger_of(board.seats, seat, board.rules)


def _danger_of(seats: Sequence[SeatState], seat: int, rules: Ruleset) -> frozenset[int]:
    out: set[int] = set()
    jiang = "jiangyise" in rules.third_feed_hands
    for s, other in enumerate(seats):
        opens = [m for m in other.melds if m.is_open]
        if s == seat or len(opens) != 2:
            continue
        tiles = [t for m in opens for t in m.tiles]
        if all(t < 27 for t in tiles) and len({t // 9 for t in tiles}) == 1:
            out.update(_SUITS[tiles[0] // 9])
        if jiang and all(t in JIANG for t in tiles):
            out.update(JIANG)
    return frozenset(out)


def _far(value: int) -> str:
    return "ready (听牌)" if value <= 0 else f"{value} from ready ({value}向听)"


def _aim(plan: _Plan) -> str:
    return "" if plan.name == "pihu" else f", aiming at {PLAN_NAMES[plan.name.split(':')[0]]}"


def _hand(board: Board, seat: int, useful: dict[tuple[str, bytes, int, int], frozenset[int]]) -> _Hand:
    state = board.seats[seat]
    laizi, pizi = board.laizi, board.rules.pizi
    counts = [0] * NUM_KINDS
    for t in state.hand:
        counts[t] += 1
    natural = list(counts)
    natural[laizi] = 0
    for p in pizi:
        natural[p] = 0
    return _Hand(counts, natural, counts[laizi], 4 - len(state.melds), laizi, pizi, len(state.hand), useful)


def _judge(
    board: Board, seat: int, thrown: int, useful: dict[tuple[str, bytes, int, int], frozenset[int]]
) -> tuple[str, str] | None:
    """(severity, message) when the discard was clearly not the best, else None.

    A discard is fine when it is the best one for some plausible plan: a plan whose best
    discard is at most one step behind the closest plan's (a big hand is worth one step).
    Most discards are settled by the 屁胡 plan alone; the others are only computed when they
    could change the verdict.
    """
    hand = _hand(board, seat, useful)
    pihu = _Structured(hand, "pihu", None, "jiang")
    pihu_best = pihu.best()
    big = _big_plans(board, board.seats[seat], hand)
    floors = [p.floor() for p in big]
    if min([pihu_best, *floors]) > NEAR_READY:
        return None  # far from ready
    others_floor = min(floors, default=99)
    if pihu.value(thrown) == pihu_best and others_floor >= pihu_best - 1:
        # the best 屁胡 discard, and no big hand can make 屁胡 implausible
        if pihu_best > ACCEPTANCE_READY:
            return None
        if _acceptance_verdict(board, seat, thrown, pihu, pihu_best, hand) is None:
            return None
    plans: list[tuple[int, int, _Plan]] = [(pihu_best, 0, pihu)]
    limit = min(pihu_best, NEAR_READY) + 1
    plans += [(p.best(), i + 1, p) for i, (p, f) in enumerate(zip(big, floors, strict=True)) if f <= limit]
    best = min(b for b, _, _ in plans)
    if best > NEAR_READY:
        return None
    plausible = sorted(x for x in plans if x[0] <= best + 1)
    tied = [(b, p) for b, _, p in plausible if p.value(thrown) == b]
    if not tied:
        mine = min(p.value(thrown) for _, _, p in plausible)
        plan = plausible[0][2]
        candidates = [k for k in range(NUM_KINDS) if hand.counts[k] and k != hand.laizi]
        values = plan.values(candidates)
        better = [k for k in candidates if values[k] == best]
        if thrown not in (danger := _danger(board, seat)) and all(k in danger for k in better):
            return None
        severity = "high" if mine - best >= 2 or best <= 0 else "medium"
        alt = " or ".join(tile_name(k) for k in better[:3])
        return severity, (
            f"discarding {tile_name(thrown)} left the hand {_far(mine)} where {alt} would have left it "
            f"{_far(best)}{_aim(plan)} (牌效率)"
        )
    if any(b > ACCEPTANCE_READY for b, _ in tied):
        return None  # acceptance is only weighed close to ready
    verdict: tuple[str, str] | None = None
    for b, plan in tied:
        found = _acceptance_verdict(board, seat, thrown, plan, b, hand)
        if found is None:
            return None
        verdict = verdict or found
    return verdict


def _acceptance_verdict(
    board: Board, seat: int, thrown: int, plan: _Plan, best: int, hand: _Hand
) -> tuple[str, str] | None:
    """Among the plan's best discards, did ``thrown`` accept clearly fewer tiles than another?"""
    candidates = [k for k in range(NUM_KINDS) if hand.counts[k] and k != hand.laizi]
    values = plan.values(candidates)
    others = [k for k in candidates if values[k] == best and k != thrown]
    if not others:
        return None  # the unique best discard of this plan
    unseen = _unseen(board, seat)
    own = plan.acceptance(thrown, best, unseen)
    scored = sorted(((plan.acceptance(k, best, unseen), k) for k in others), reverse=True)
    top = scored[0][0]
    lost = top - own
    if lost < CLEAR_LOSS or 4 * lost < top:
        return None
    better = [k for a, k in scored if a - own >= CLEAR_LOSS and 4 * (a - own) >= a]
    danger = _danger(board, seat)
    if thrown not in danger and all(k in danger for k in better):
        return None
    severity = "high" if lost >= 12 else "medium" if lost >= 8 else "low"
    return severity, (
        f"discarding {tile_name(thrown)} kept the hand {_far(best)} but accepts {own} tiles (进张) "
        f"where {tile_name(scored[0][1])} accepts {top}{_aim(plan)} (牌效率)"
    )


Verdict = tuple[str, str] | None
_STEP = tuple(1 << 8 * r for r in range(9))
_MASK = (1 << 72) - 1  # one suit's key, as ``replay.shape.group_keys`` cuts them
_HONOURS = (1 << 56) - 1
_NATURAL = (1 << 8 * NUM_KINDS) - 1
#: a hand's packed sum (``_packed``): the 34 natural counts a byte each, then 8-bit fields: the
#: laizi, the natural tiles of each group (three suits, the honours), the tiles of each family
_FIELDS = 8 * NUM_KINDS + 8
_WIND, _JIANG = 40, 48  # the families' fields, above _FIELDS


@cache
def _pack_table(laizi: int, pizi: tuple[int, ...], families: tuple[frozenset[int], ...]) -> tuple[int, ...]:
    return tuple(_packed(k, laizi, pizi, families) for k in range(NUM_KINDS))


def _kinds_of(mask: int) -> list[int]:
    """The kinds of a bit mask (bit k: kind k), in kind order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _unseen_in(mask: int, shown: Sequence[int], counts: Sequence[int]) -> int:
    """The unseen copies of the kinds of a bit mask (``_unseen_of``: four less what every seat
    sees and what this seat holds), summed without building the kinds' list."""
    total = 0
    while mask:
        low = mask & -mask
        x = low.bit_length() - 1
        c = shown[x] + counts[x]
        if c < 4:
            total += 4 - c
        mask ^= low
    return total


def _packed(kind: int, laizi: int, pizi: tuple[int, ...], families: tuple[frozenset[int], ...]) -> int:
    """What one tile of ``kind`` adds to a hand's packed sum: summed over a hand (in C, by
    ``sum(map(...))``) it gives the natural tiles' group keys and every count the plans ask for
    without building a count list; the hands ``_Quick`` sees are most often settled by these."""
    fields = 0
    if kind == laizi:
        fields |= 1
    elif kind not in pizi:  # a pizi is dead: counted by neither
        g = kind // 9 if kind < 27 else 3
        fields |= 1 << 8 * (g + 1)
    wind, jiang = families
    fields |= (kind in wind) << _WIND | (kind in jiang) << _JIANG
    natural = 1 << 8 * kind if kind != laizi and kind not in pizi else 0
    return natural | fields << _FIELDS


_PLANS_LIMIT = NEAR_READY + 2  # as in _big_plans
_TRIPLETS: dict[tuple[int, int, int, int, int], int] = {}


def _triplets_packed(h: int, m: int, wild: int) -> int:
    """``max(0, _triplets_value(...))`` of the natural counts in a packed sum: the value only
    depends on how many kinds are held once, twice and three or more times (a small domain,
    so it is kept for the process once worked out)."""
    b = (h & _NATURAL).to_bytes(NUM_KINDS, "little")
    key = (b.count(3) + b.count(4), b.count(2), b.count(1), m, wild)
    found = _TRIPLETS.get(key)
    if found is None:
        n3, n2, n1 = key[:3]
        found = _TRIPLETS[key] = max(0, _triplets_value([3] * n3 + [2] * n2 + [1] * n1, m, wild))
    return found


@dataclass
class _Melds:
    """What a seat's exposed melds leave open: the 清一色 suits, 碰碰胡, the families."""

    suits: tuple[int, ...]
    triplets: bool
    #: (plan name, kinds) of each family in reach, the laizi among its kinds: it never counts
    #: against the family
    families: tuple[tuple[str, frozenset[int]], ...]
    #: per plan of ``suits`` and ``families``, in that order: where its tiles' count is in a
    #: packed sum's fields, and whether the laizi are counted apart (a suit) or in it (a family)
    offs: tuple[tuple[int, bool], ...]


_MELD_FACTS: dict[tuple[Any, ...], _Melds] = {}
_KIND_STEPS = tuple(_STEP[k - 9 * (k // 9 if k < 27 else 3)] for k in range(NUM_KINDS))


@cache
def _groups(laizi: int, pizi: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(-1 if k == laizi or k in pizi else k // 9 if k < 27 else 3 for k in range(NUM_KINDS))


class _Quick:
    """``_judge`` without the plan objects, for the discards the 屁胡 plan alone decides.

    Most discards are far from ready, or the best 屁胡 discard with no big hand near enough to
    matter, or the one thrown in its place; these are decided here from the hand's group keys
    (``replay.shape.group_keys``) and the per-group 进张 of ``replay.shape.improving_kinds``.
    Everything else (a big-hand plan within reach) is left to ``_judge``, which is the
    reference: ``judge`` says ``(False, None)`` for those, and a property test holds the two
    to the same verdicts.
    """

    def __init__(self, rules: Ruleset, laizi: int, indicator: int) -> None:
        self.rules, self.laizi, self.indicator = rules, laizi, indicator
        self.pizi = rules.pizi
        self.excluded_mask = sum(1 << k for k in {laizi, *rules.pizi})
        self._useful: dict[tuple[tuple[int, int, int, int], int, int], int] = {}
        self.winds = wind_kinds(rules)
        self.families = (self.winds | {laizi}, JIANG | {laizi})
        self._melds: dict[int, tuple[list[Meld], _Melds]] = {}
        self._danger: dict[tuple[int, ...], tuple[tuple[list[Meld], ...], frozenset[int]]] = {}
        #: per kind, what one tile of it adds to a hand's packed sum (see ``_packed``)
        self._pack = _pack_table(laizi, self.pizi, self.families)
        self._tables = rule_tables("jiang")
        #: per kind: its group in a packed sum (-1: the laizi or a pizi, counted by none) and
        #: what one more tile of it adds to that group's key
        self.group = _groups(laizi, self.pizi)
        self.step = _KIND_STEPS
        assert self._tables[2] == 0  # 屁胡's classes are the low byte: no shift in ``judge``

    def _shed(
        self, keys: tuple[int, int, int, int], total: int, wild: int, dead: int, classes: list[int] | None
    ) -> int:
        """The 屁胡 value of discarding a pizi (one dead tile fewer, the natural tiles the same):
        ``shanten_of_keys(keys, total - 1, wild + dead - 1) + dead - 1``, from the classes."""
        if classes is None:
            return shanten_of_keys(keys, total - 1, wild + dead - 1) + dead - 1
        _, _, _, ns, nh, jt, kt, ft = self._tables
        c0, c1, c2, c3 = classes
        m = (total - 1) // 3
        return (
            3 * m + 1 - (wild + dead - 1) - ft[(kt[jt[c0 * ns + c1] * ns + c2] * nh + c3) * 5 + m] + dead - 1
        )

    def _counts(self, h: int, wild: int, hand: list[int]) -> list[int]:
        """Every kind's copies in the hand whose packed sum is ``h`` (the pizi counted apart)."""
        counts = list((h & _NATURAL).to_bytes(NUM_KINDS, "little"))
        counts[self.laizi] = wild
        for p in self.pizi:
            if p != self.laizi:
                counts[p] = hand.count(p)
        return counts

    def public(
        self, seats: Sequence[SeatState], rivers: Sequence[Sequence[tuple[int, int | None]]]
    ) -> list[int]:
        """The copies of each kind every seat sees: the melds, the laizi gangs, the rivers'
        unclaimed tiles and the indicator (``_unseen_of`` without the seat's own hand)."""
        seen = [0] * NUM_KINDS
        laizi = self.laizi
        for s in seats:
            for m in s.melds:
                for t in m.tiles:
                    seen[t] += 1
            seen[laizi] += s.laizi_gangs
        for river in rivers:
            for t, by in river:
                if by is None:
                    seen[t] += 1
        seen[self.indicator] += 1
        return seen

    def melds(self, melds: list[Meld]) -> _Melds:
        """A seat's meld list is replaced, never changed, when it melds: one look per list
        (the list is kept with its facts, so that its id is not reused while they are)."""
        found = self._melds.get(id(melds))
        if found is not None and found[0] is melds:
            return found[1]
        # the same melds recur from hand to hand (none at all, most often): kept for the process
        content = (self.laizi, self.winds, tuple(m.tiles for m in melds), tuple(m.is_triplet for m in melds))
        facts = _MELD_FACTS.get(content)
        if facts is None:
            facts = self._facts(melds)
            if len(_MELD_FACTS) >= 1 << 14:
                _MELD_FACTS.clear()
            _MELD_FACTS[content] = facts
        self._melds[id(melds)] = (melds, facts)
        return facts

    def danger(self, seats: Sequence[SeatState], seat: int) -> frozenset[int]:
        """``_danger_of`` (喂第三口), once per seat and set of meld lists: it reads only the
        melds, and a seat's list is replaced, never changed, when it melds, so the discards
        between two melds ask the same question. The lists are kept with the answer, so that
        their ids are not reused while it is."""
        m0, m1, m2, m3 = seats[0].melds, seats[1].melds, seats[2].melds, seats[3].melds
        key = (seat, id(m0), id(m1), id(m2), id(m3))
        found = self._danger.get(key)
        if found is not None:
            k0, k1, k2, k3 = found[0]
            if k0 is m0 and k1 is m1 and k2 is m2 and k3 is m3:
                return found[1]
        danger = _danger_of(seats, seat, self.rules)
        self._danger[key] = ((m0, m1, m2, m3), danger)
        return danger

    def _facts(self, melds: list[Meld]) -> _Melds:
        kinds = {t for m in melds for t in m.tiles}
        groups = {t // 9 if t < 27 else 3 for t in kinds}
        suits = tuple(s for s in range(3) if groups <= {s})
        families = tuple(
            (name, f | {self.laizi})
            for name, f in (("fengyise", self.winds), ("jiangyise", JIANG))
            if kinds <= f
        )
        triplets = bool(melds) and all(m.is_triplet for m in melds)
        offs = tuple((8 * (g + 1), True) for g in suits) + tuple(
            (_WIND if name == "fengyise" else _JIANG, False) for name, _ in families
        )
        return _Melds(suits, triplets, families, offs)

    def judge(
        self,
        seats: Sequence[SeatState],
        rivers: Sequence[Sequence[tuple[int, int | None]]],
        seat: int,
        thrown: int,
    ) -> tuple[bool, Verdict]:
        """(decided, verdict): ``_judge``'s verdict when this can settle it, else (False, None).

        From scratch: the seat's packed sum from its hand. ``inefficient_discard`` keeps the
        sums while it walks the events and calls ``decide`` directly."""
        hand = seats[seat].hand
        return self.decide(
            sum(map(self._pack.__getitem__, hand)), len(hand), seats, rivers, seat, thrown, [None]
        )

    def decide(
        self,
        h: int,
        total: int,
        seats: Sequence[SeatState],
        rivers: Sequence[Sequence[tuple[int, int | None]]],
        seat: int,
        thrown: int,
        public: list[list[int] | None],
        facts: _Melds | None = None,
    ) -> tuple[bool, Verdict]:
        """``judge`` of the hand whose packed sum is ``h`` (``total`` tiles, the seat's hand in
        ``seats``); ``public[0]``: the copies every seat sees (melds, rivers, the indicator),
        kept by the caller from discard to discard, or None: then counted here if needed;
        ``facts``: ``melds`` of the seat's melds, when the caller keeps them."""
        state = seats[seat]
        fields = h >> _FIELDS
        wild = fields & 255
        keys = k0, k1, k2, k3 = (h & _MASK, h >> 72 & _MASK, h >> 144 & _MASK, h >> 216 & _HONOURS)
        suit, honour, _, ns, nh, jt, kt, ft = self._tables
        try:  # shanten_of_keys, inlined: every discard asks it
            c0, c1, c2, c3 = suit[k0] & 255, suit[k1] & 255, suit[k2] & 255, honour[k3] & 255
        except KeyError:
            return False, None
        # the 14 tiles' shanten is the best discard's, except that a complete hand stays ready
        m = total // 3
        pihu_best = 3 * m + 1 - wild - ft[(kt[jt[c0 * ns + c1] * ns + c2] * nh + c3) * 5 + m]
        if pihu_best < 0:
            pihu_best = 0
        melds = state.melds
        if facts is None:
            facts = self.melds(melds)
        # the floor under the big-hand plans _big_plans builds: a plan of ``off`` tiles outside
        # it is built when off <= _PLANS_LIMIT and its floor is max(0, off - 1), so the lowest
        # floor is that of the lowest ``off`` (the plans themselves are listed only when needed)
        low = 99
        for shift, wilds in facts.offs:
            off = total - (fields >> shift & 255) - (wild if wilds else 0)
            if off < low:
                low = off
        others_floor = max(0, low - 1) if low <= _PLANS_LIMIT else 99
        triplets = 99
        if facts.triplets:
            triplets = _triplets_packed(h, 4 - len(melds), wild)
            if triplets < others_floor:
                others_floor = triplets
        if pihu_best > NEAR_READY and others_floor > NEAR_READY:
            return True, None  # far from ready
        m = (total - 1) // 3
        if h >> 8 * thrown & 255:  # the value of the discard (``_value``): one group changes
            g = thrown // 9 if thrown < 27 else 3
            c = [c0, c1, c2, c3]
            try:
                c[g] = (suit if g < 3 else honour)[keys[g] - _STEP[thrown - 9 * g]] & 255
            except KeyError:
                return False, None
            kept = ft[(kt[jt[c[0] * ns + c[1]] * ns + c[2]] * nh + c[3]) * 5 + m]
        else:  # a pizi: one dead tile fewer
            kept = ft[(kt[jt[c0 * ns + c1] * ns + c2] * nh + c3) * 5 + m]
        mine = 3 * m + 1 - wild - kept
        if mine == pihu_best and others_floor >= pihu_best - 1 and pihu_best > ACCEPTANCE_READY:
            return True, None
        classes = [c0, c1, c2, c3]
        return self.settle(
            h,
            total,
            seats,
            rivers,
            seat,
            thrown,
            public,
            facts,
            pihu_best,
            mine,
            others_floor,
            triplets,
            classes,
        )

    def settle(
        self,
        h: int,
        total: int,
        seats: Sequence[SeatState],
        rivers: Sequence[Sequence[tuple[int, int | None]]],
        seat: int,
        thrown: int,
        public: list[list[int] | None],
        facts: _Melds,
        pihu_best: int,
        mine: int,
        others_floor: int,
        triplets: int,
        classes: list[int] | None,
    ) -> tuple[bool, Verdict]:
        """``decide`` once the quick exits are passed: ``pihu_best``, ``mine`` (the 屁胡 value
        of the discard) and the floors under the big-hand plans are known, and ``classes`` (the
        hand's groups' 屁胡 classes) when the caller has them. Shared by ``decide`` and the walk of
        ``inefficient_discard``, which works those out itself."""
        state = seats[seat]
        laizi = self.laizi
        melds = state.melds
        fields = h >> _FIELDS
        wild = fields & 255
        keys = (h & _MASK, h >> 72 & _MASK, h >> 144 & _MASK, h >> 216 & _HONOURS)
        in_suit = (fields >> 8 & 255, fields >> 16 & 255, fields >> 24 & 255)
        dead = total - wild - in_suit[0] - in_suit[1] - in_suit[2] - (fields >> 32 & 255)
        natural: list[int] | None = None
        limit = min(pihu_best, NEAR_READY) + 1
        if mine == pihu_best and others_floor >= pihu_best - 1:
            verdict = self._acceptance(
                seats, rivers, seat, thrown, h, total, keys, wild, dead, pihu_best, public, classes
            )
            if verdict is None:
                return True, None
            # _judge goes on to weigh the plans: with none in reach it finds this verdict again
            if others_floor > limit:
                return True, verdict
        # the big-hand plans _big_plans builds, in its order, with their floors
        bigs: list[tuple[int, tuple[Any, ...]]] = []
        for s in facts.suits:
            off_suit = total - wild - in_suit[s]
            if off_suit <= _PLANS_LIMIT:
                bigs.append((max(0, off_suit - 1), ("qingyise", s, off_suit)))
        if facts.triplets:
            bigs.append((triplets, ("pengpenghu", 4 - len(melds))))
        for name, family in facts.families:
            off = total - (fields >> (_WIND if name == "fengyise" else _JIANG) & 255)
            if off <= _PLANS_LIMIT:
                bigs.append((max(0, off - 1), (name, family, off)))
        if natural is None:
            natural = list((h & _NATURAL).to_bytes(NUM_KINDS, "little"))
        counts = natural.copy()
        counts[laizi] = wild
        hand = state.hand
        for p in self.pizi:
            if p != laizi:
                counts[p] = hand.count(p)
        held = (counts, natural, keys, total, wild, dead)
        plans: list[tuple[int, int, tuple[Any, ...] | None]] = [(pihu_best, 0, None)]  # None: 屁胡
        for i, (floor, plan) in enumerate(bigs):
            if floor <= limit:
                plans.append((self._best(plan, held), i + 1, plan))
        best = min(b for b, _, _ in plans)
        if best > NEAR_READY:
            return True, None
        plausible = sorted((x for x in plans if x[0] <= best + 1), key=lambda x: (x[0], x[1]))
        tied = [(b, plan) for b, _, plan in plausible if self._plan_value(plan, thrown, held) == b]
        if not tied:
            mine = min(self._plan_value(plan, thrown, held) for _, _, plan in plausible)
            first = plausible[0][2]
            values = self._plan_values(first, held)
            better = [k for k, v in values.items() if v == best]
            if thrown not in (danger := self.danger(seats, seat)) and all(k in danger for k in better):
                return True, None
            severity = "high" if mine - best >= 2 or best <= 0 else "medium"
            alt = " or ".join(tile_name(k) for k in better[:3])
            aim = "" if first is None else f", aiming at {PLAN_NAMES[first[0]]}"
            return True, (
                severity,
                f"discarding {tile_name(thrown)} left the hand {_far(mine)} where {alt} would have left it "
                f"{_far(best)}{aim} (牌效率)",
            )
        if any(b > ACCEPTANCE_READY for b, _ in tied):
            return True, None  # acceptance is only weighed close to ready
        if tied == [(pihu_best, None)]:
            return True, self._acceptance(
                seats, rivers, seat, thrown, h, total, keys, wild, dead, pihu_best, public, classes
            )
        return False, None  # a big hand's acceptance: _judge weighs it

    def _best(self, plan: tuple[Any, ...], held: tuple[Any, ...]) -> int:
        """A big-hand plan's ``best`` (the value after its best discard)."""
        _counts, natural, keys, total, wild, _dead = held
        name = plan[0]
        if name == "qingyise":
            s, off_suit = int(plan[1]), int(plan[2])
            alone = tuple(keys[g] if g == s else 0 for g in range(4))
            return max(0, shanten_of_keys(alone, total, wild + off_suit, "any") + off_suit)
        if name == "pengpenghu":
            return max(0, _triplets_value(natural, plan[1], wild))
        return max(0, int(plan[2]) - 1)

    def _plan_value(self, plan: tuple[Any, ...] | None, k: int, held: tuple[Any, ...]) -> int:
        """A plan's ``value`` after discarding ``k`` (None: the 屁胡 plan)."""
        _counts, natural, keys, total, wild, dead = held
        if plan is None:
            return self._value(keys, natural, total, wild, dead, k)
        name = plan[0]
        if name == "qingyise":
            s, off_suit = int(plan[1]), int(plan[2])
            alone = [keys[g] if g == s else 0 for g in range(4)]
            if natural[k] and 9 * s <= k < 9 * s + 9:
                alone[s] -= _STEP[k - 9 * s]
                return shanten_of_keys(alone, total - 1, wild + off_suit, "any") + off_suit
            return shanten_of_keys(alone, total - 1, wild + off_suit - 1, "any") + off_suit - 1
        if name == "pengpenghu":
            if not natural[k]:
                return _triplets_value(natural, plan[1], wild)
            after = natural.copy()
            after[k] -= 1
            return _triplets_value(after, plan[1], wild)
        return int(plan[2] - (k not in plan[1]))

    def _plan_values(self, plan: tuple[Any, ...] | None, held: tuple[Any, ...]) -> dict[int, int]:
        """A plan's ``values`` of every discard but the laizi, in kind order."""
        counts, _natural, keys, total, wild, dead = held
        if plan is None:
            return self._values(counts, keys, total, wild, dead)
        laizi = self.laizi
        return {k: self._plan_value(plan, k, held) for k in range(NUM_KINDS) if counts[k] and k != laizi}

    @staticmethod
    def _value(
        keys: tuple[int, int, int, int], natural: list[int], total: int, wild: int, dead: int, k: int
    ) -> int:
        """The 屁胡 plan's value after discarding ``k`` (``_Structured.value``)."""
        if natural[k]:
            g = k // 9 if k < 27 else 3
            after = list(keys)
            after[g] -= _STEP[k - 9 * g]
            return shanten_of_keys(after, total - 1, wild + dead) + dead
        return shanten_of_keys(keys, total - 1, wild + dead - 1) + dead - 1

    def _values(
        self, counts: list[int], keys: tuple[int, int, int, int], total: int, wild: int, dead: int
    ) -> dict[int, int]:
        """The 屁胡 plan's value after each discard but the laizi, in kind order (``values``)."""
        base = 3 * (total // 3) + 1 - wild  # the shanten of the 3M+1 tiles left, before the kept ones
        out = {k: base - kept for k, kept in discard_kept(keys, total)}  # each natural kind
        if dead:  # a pizi: one dead tile fewer, the natural tiles the same
            shed = shanten_of_keys(keys, total - 1, wild + dead - 1) + dead - 1
            for p in self.pizi:
                if counts[p]:
                    out[p] = shed
            return dict(sorted(out.items()))
        return out

    def _acceptance(
        self,
        seats: Sequence[SeatState],
        rivers: Sequence[Sequence[tuple[int, int | None]]],
        seat: int,
        thrown: int,
        h: int,
        total: int,
        keys: tuple[int, int, int, int],
        wild: int,
        dead: int,
        best: int,
        public: list[list[int] | None],
        classes: list[int] | None,
    ) -> Verdict:
        """``_acceptance_verdict`` for the 屁胡 plan, of the hand whose packed sum is ``h``."""
        counts: list[int] | None = None  # every kind's copies held, built only when needed
        # the other discards as good as the best (values, without building them all)
        kept = 3 * (total // 3) + 1 - wild - best  # what a natural discard keeps to be worth ``best``
        # as bit masks (bit k: kind k), so that comparing the sets is a few integer operations
        excluded = ~self.excluded_mask  # a drawn laizi is counted apart; a drawn pizi helps nothing
        shed: list[int] = []  # a pizi as good as the best: one dead tile fewer
        if dead and self._shed(keys, total, wild, dead, classes) == best:
            counts = self._counts(h, wild, seats[seat].hand)
            shed = [p for p in self.pizi if counts[p] and p != thrown]
        # the natural discards as good as the best, each with the draws it would take (as bit
        # masks, bit k: kind k, so that comparing the sets is a few integer operations)
        draws = best_discard_draws(keys, total, kept, not dead, "jiang", -1 if shed else thrown, classes)
        if not draws and not shed:
            return None  # the unique best discard of this plan
        mine = -1
        theirs: list[tuple[int, int]] = []
        for k, found in draws:
            if k == thrown:
                mine = found & excluded
            else:
                theirs.append((k, found & excluded))
        if mine < 0:  # a pizi thrown: one dead tile fewer, the natural tiles the same
            mine = improving_mask(keys, total - 1, "jiang", dead == 1, classes) & excluded
        if shed:  # a pizi kept: the same hand whichever pizi goes
            found = improving_mask(keys, total - 1, "jiang", dead == 1, classes) & excluded
            theirs += [(p, found) for p in shed]
        if not theirs:
            return None  # the unique best discard of this plan
        for _, kinds in theirs:
            if kinds & ~mine:
                break
        else:
            return None  # every other discard accepts a subset of these tiles: none accepts more
        laizi = self.laizi
        if counts is None:
            counts = self._counts(h, wild, seats[seat].hand)
        shown = public[0]
        if shown is None:
            shown = public[0] = self.public(seats, rivers)
        # what every seat sees and this seat's own tiles (``counts``: all of them), as _unseen_of
        seen = shown[laizi] + counts[laizi]
        base = 4 - seen if seen < 4 else 0
        own = base + _unseen_in(mine, shown, counts)
        weighed = [(base + _unseen_in(kinds, shown, counts), k) for k, kinds in theirs]
        top = max(weighed)[0]
        lost = top - own
        if lost < CLEAR_LOSS or 4 * lost < top:
            return None
        scored = sorted(weighed, reverse=True)
        better = [k for a, k in scored if a - own >= CLEAR_LOSS and 4 * (a - own) >= a]
        danger = self.danger(seats, seat)
        if thrown not in danger and all(k in danger for k in better):
            return None
        severity = "high" if lost >= 12 else "medium" if lost >= 8 else "low"
        return severity, (
            f"discarding {tile_name(thrown)} kept the hand {_far(best)} but accepts {own} tiles (进张) "
            f"where {tile_name(scored[0][1])} accepts {top} (牌效率)"
        )


@detector("inefficient_discard")
def inefficient_discard(ctx: Context) -> Iterator[Finding]:
    return _walk(ctx, None)


#: what the walk carries, shown to a test at each discard: (event index, seat, packed sum,
#: tiles held, the groups' classes, the public copies or None)
Check = Callable[[int, int, int, int, list[int] | None, list[int] | None], None]


def _walk(ctx: Context, check: Check | None) -> Iterator[Finding]:
    """Every discard judged in event order, with what each seat holds carried from turn to
    turn instead of recounted at every discard (issue #15):

    - the seat's packed sum (``_packed``): a draw adds its tile's, a discard takes it away, and
      any other event the seat makes (a claim, a gang) is read back from the position after it;
    - the 屁胡 classes of its four groups (``replay.shape.rule_tables``): a tile drawn or thrown
      changes one group, so one class is looked up per draw and per discard, not four;
    - the copies every seat sees (``_unseen_of``): a discard adds one, anything else recounts.

    Most discards are settled here, inline, by ``_Quick.decide``'s quick exits (far from ready;
    the best 屁胡 discard with no big hand near and too far for acceptance to count); the rest go
    to ``_Quick.settle`` and, when it cannot settle them, to ``_judge``, the reference.
    """
    laizi = ctx.laizi
    useful: dict[tuple[str, bytes, int, int], frozenset[int]] = {}
    quick = _Quick(ctx.rules, laizi, ctx.final.indicator)
    positions = ctx.positions
    seats_at, rivers_at = positions.seats, positions.rivers  # position i: before event i
    scalars = positions.scalars  # [4]: the position's last draw (``positions.draw``, inlined)
    pack = quick._pack
    suit, honour, _, ns, nh, jt, kt, ft = quick._tables
    group, step = quick.group, quick.step
    hot = (_HOT_SUIT, _HOT_SUIT, _HOT_SUIT, _HOT_HONOUR)
    settle, melds_of, acceptance = quick.settle, quick.melds, quick._acceptance
    first = seats_at[0]
    packed = [sum(map(pack.__getitem__, s.hand)) for s in first]
    held = [len(s.hand) for s in first]
    classes = [_classes(h, suit, honour) for h in packed]  # None: a shape outside the tables
    melds = [s.melds for s in first]
    facts = [melds_of(s.melds) for s in first]
    public: list[list[int] | None] = [None]  # None: to be counted again when asked
    for i, event in enumerate(ctx.events):
        kind = event["type"]
        if kind == "draw":
            draw = scalars[i + 1][4]
            if draw is not None:
                seat, tile = draw.seat, draw.tile
                h = packed[seat] = packed[seat] + pack[tile]
                held[seat] += 1
                g = group[tile]
                c = classes[seat]
                if g >= 0 and c is not None:
                    key = h >> _SHIFTS[g] & _GROUP_MASKS[g]
                    found = hot[g].get(key)
                    if found is None:
                        found = _hot_class(g, key)
                    if found < 0:
                        classes[seat] = None
                    else:
                        c[g] = found
            continue
        if kind != "discard":
            shown = public[0]
            if shown is not None:  # what the event showed (a meld, a laizi gang), as a difference
                _show(shown, seats_at[i], seats_at[i + 1], rivers_at[i], rivers_at[i + 1], laizi)
            if "seat" in event:
                seat = int(event["seat"])
                hand = seats_at[i + 1][seat].hand
                h = packed[seat] = sum(map(pack.__getitem__, hand))
                held[seat] = len(hand)
                classes[seat] = _classes(h, suit, honour)
            continue
        thrown = KIND_OF[event["tile"]]
        seat = int(event["seat"])
        seats = seats_at[i]
        state = seats[seat]
        if len(state.hand) != held[seat]:  # never on a legal replay: read it back then
            h = packed[seat] = sum(map(pack.__getitem__, state.hand))
            held[seat] = len(state.hand)
            classes[seat] = _classes(h, suit, honour)
        h = packed[seat]
        total = held[seat]
        c = classes[seat]
        if check is not None:
            check(i, seat, h, total, c, public[0])
        g = group[thrown]
        y = -1  # the class of the thrown tile's group after it, when it is a natural tile
        if g >= 0 and c is not None:
            key = (h >> _SHIFTS[g] & _GROUP_MASKS[g]) - step[thrown]
            found = hot[g].get(key)
            if found is None:
                found = _hot_class(g, key)
            if found < 0:
                classes[seat] = c = None
            else:
                y = found
        if thrown != laizi:
            if state.melds is not melds[seat]:
                melds[seat] = state.melds
                facts[seat] = melds_of(state.melds)
            verdict: Verdict = None
            decided = False
            if c is None:  # a shape outside the tables: from scratch
                decided, verdict = quick.decide(
                    h, total, seats, rivers_at[i], seat, thrown, public, facts[seat]
                )
            else:  # _Quick.decide, inline, from the carried classes
                c0, c1, c2, c3 = c
                fields = h >> _FIELDS
                wild = fields & 255
                m = total // 3
                pihu_best = 3 * m + 1 - wild - ft[(kt[jt[c0 * ns + c1] * ns + c2] * nh + c3) * 5 + m]
                if pihu_best < 0:
                    pihu_best = 0
                known = facts[seat]
                low = 99
                for shift, wilds in known.offs:
                    off = total - (fields >> shift & 255) - (wild if wilds else 0)
                    if off < low:
                        low = off
                others_floor = (low - 1 if low > 0 else 0) if low <= _PLANS_LIMIT else 99
                triplets = 99
                if known.triplets:
                    triplets = _triplets_packed(h, 4 - len(state.melds), wild)
                    if triplets < others_floor:
                        others_floor = triplets
                if pihu_best > NEAR_READY and others_floor > NEAR_READY:
                    decided = True  # far from ready
                else:
                    m = (total - 1) // 3
                    if y >= 0:  # the value of the discard: one group changes
                        if g == 0:
                            kept = ft[(kt[jt[y * ns + c1] * ns + c2] * nh + c3) * 5 + m]
                        elif g == 1:
                            kept = ft[(kt[jt[c0 * ns + y] * ns + c2] * nh + c3) * 5 + m]
                        elif g == 2:
                            kept = ft[(kt[jt[c0 * ns + c1] * ns + y] * nh + c3) * 5 + m]
                        else:
                            kept = ft[(kt[jt[c0 * ns + c1] * ns + c2] * nh + y) * 5 + m]
                    else:  # a pizi: one dead tile fewer
                        kept = ft[(kt[jt[c0 * ns + c1] * ns + c2] * nh + c3) * 5 + m]
                    mine = 3 * m + 1 - wild - kept
                    if mine == pihu_best and others_floor >= pihu_best - 1:
                        if pihu_best > ACCEPTANCE_READY:
                            decided = True
                        else:  # settle's first step, without its other arguments
                            nat = (
                                (fields >> 8 & 255)
                                + (fields >> 16 & 255)
                                + (fields >> 24 & 255)
                                + (fields >> 32 & 255)
                            )
                            keys = (h & _MASK, h >> 72 & _MASK, h >> 144 & _MASK, h >> 216 & _HONOURS)
                            verdict = acceptance(
                                seats, rivers_at[i], seat, thrown, h, total, keys, wild, total - wild - nat,
                                pihu_best, public, c,
                            )  # fmt: skip
                            # with a big-hand plan in reach settle weighs the plans (asking this again)
                            decided = verdict is None or others_floor > pihu_best + 1
                    if not decided:
                        decided, verdict = settle(
                            h, total, seats, rivers_at[i], seat, thrown, public, known, pihu_best, mine,
                            others_floor, triplets, c,
                        )  # fmt: skip
            if not decided:
                verdict = _judge(ctx.before(i), seat, thrown, useful)
            if verdict is not None:
                severity, message = verdict
                yield Finding("inefficient_discard", seat, i, severity, None, message)
        packed[seat] = h - pack[thrown]
        held[seat] = total - 1
        if y >= 0:
            c[g] = y  # type: ignore[index]  # y is only set with the classes known
        seen = public[0]
        if seen is not None:
            seen[thrown] += 1


def _show(
    shown: list[int],
    seats: Sequence[SeatState],
    after: Sequence[SeatState],
    rivers: Sequence[Sequence[tuple[int, int | None]]],
    rivers_after: Sequence[Sequence[tuple[int, int | None]]],
    laizi: int,
) -> None:
    """Bring the public copies (``_Quick.public``) from one position to the next: the seats and
    rivers that changed are counted again, before and after, and the difference applied."""
    for s in range(4):
        old, new = seats[s], after[s]
        if old is not new:
            if old.melds is not new.melds:
                for m in old.melds:
                    for t in m.tiles:
                        shown[t] -= 1
                for m in new.melds:
                    for t in m.tiles:
                        shown[t] += 1
            shown[laizi] += new.laizi_gangs - old.laizi_gangs
        river, river_after = rivers[s], rivers_after[s]
        if river is not river_after:
            for t, by in river:
                if by is None:
                    shown[t] -= 1
            for t, by in river_after:
                if by is None:
                    shown[t] += 1


#: the 屁胡 class of each group shape met lately (the suits', the honours'): the shape tables
#: hold 405,350 suit shapes in tens of MB, and a lookup there misses the processor's caches;
#: play meets a few thousand shapes, whose classes fit in a small dict that stays cached
_HOT_SUIT: dict[int, int] = {}
_HOT_HONOUR: dict[int, int] = {}
_HOT_LIMIT = 1 << 15


def _hot_class(g: int, key: int) -> int:
    """The 屁胡 class of group ``g``'s shape ``key`` (-1 outside the tables), kept in the hot dicts."""
    suit, honour = rule_tables("jiang")[:2]
    found = (suit if g < 3 else honour).get(key)
    if found is None:
        return -1
    hot = _HOT_SUIT if g < 3 else _HOT_HONOUR
    if len(hot) >= _HOT_LIMIT:
        hot.clear()
    hot[key] = found & 255
    return found & 255


_SHIFTS = (0, 72, 144, 216)  # where each group's key is in a packed sum
_GROUP_MASKS = ((1 << 72) - 1, (1 << 72) - 1, (1 << 72) - 1, (1 << 56) - 1)


def _classes(h: int, suit: dict[int, int], honour: dict[int, int]) -> list[int] | None:
    """The 屁胡 classes of a packed sum's four groups, or None for a shape outside the tables."""
    try:
        return [
            suit[h & _MASK] & 255,
            suit[h >> 72 & _MASK] & 255,
            suit[h >> 144 & _MASK] & 255,
            honour[h >> 216 & _HONOURS] & 255,
        ]
    except KeyError:
        return None


def distance(board: Board, seat: int) -> int:
    """How far the seat's hand is from ready by 屁胡 counting (向听: 0 ready, -1 complete).

    The hand viewer's progress graph: one number per seat per step, the evaluation line of a
    review board. Big-hand plans are left out so the line means the same thing all hand long.
    """
    hand = _hand(board, seat, {})
    natural, wild = hand.natural, hand.wild
    dead = hand.total - wild - sum(natural)
    return shanten(natural, wild + dead) + dead


def discard_options(board: Board, seat: int) -> list[tuple[int, int, int]]:
    """(kind, 向听 after discarding it, 进张 then) for each tile the seat holds, laizi aside.

    The numbers the 牌效率 finding weighs under the 屁胡 plan, so the viewer can draw the
    player's choice beside the better ones (mjai-reviewer style) instead of only telling it.
    """
    hand = _hand(board, seat, {})
    pihu = _Structured(hand, "pihu", None, "jiang")
    candidates = [k for k in range(NUM_KINDS) if hand.counts[k] and k != hand.laizi]
    values = pihu.values(candidates)
    unseen = _unseen(board, seat)
    return [(k, values[k], pihu.acceptance(k, values[k], unseen)) for k in candidates]
