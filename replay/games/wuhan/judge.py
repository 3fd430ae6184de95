"""Judging a win (R-7.1): is it legal, which reading pays most (R-7.12), and what it settles to.

Also tenpai and waits (R-9.1), which liability needs (R-10.6a) and the analysis reuses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from replay.games.wuhan.hand import SHAPE_TYPES, Meld, Reading, readings, wind_kinds, wins_without_wild_limit
from replay.games.wuhan.reasons import Reason, reason
from replay.games.wuhan.ruleset import Ruleset
from replay.games.wuhan.settle import BelowQihu, Settlement, settle
from replay.games.wuhan.table import SeatState, Table, Win
from replay.shape import complete
from replay.tiles import JIANG, NUM_KINDS, code


@dataclass
class Judgement:
    legal: bool
    reason: Reason | None = None
    settlement: Settlement | None = None
    #: other readings that pay exactly as much (R-7.12 leaves the choice open): an app that
    #: reports one of them settled the hand right
    ties: list[Reading] = field(default_factory=list)


def could_win_shape(concealed: list[int], melds: list[Meld], tile: int, laizi: int, rules: Ruleset) -> bool:
    """Cheap necessary condition for any winning shape; filters before ``readings``.

    No shape wins on a fifth copy of a kind held four times in hand: there is no such tile.
    """
    if concealed.count(tile) >= 4:
        return False
    counts = [0] * NUM_KINDS
    for t in concealed:
        counts[t] += 1
    counts[tile] += 1
    wild = counts[laizi]
    if complete(counts, 0, "any"):
        return True
    if wild:
        natural = list(counts)
        natural[laizi] = 0
        if complete(natural, wild, "any"):
            return True
    # 风一色 and 将一色 need no structure: every natural tile of one family is enough
    for family in (wind_kinds(rules), JIANG):
        if (
            (tile in family or tile == laizi)
            and all(t in family for t in concealed if t != laizi)
            and all(t in family for m in melds for t in m.tiles)
        ):
            return True
    return False


def _preconditions(table: Table, winner: int, win: Win) -> Reason | None:
    seat = table.seats[winner]
    rules = table.rules
    if not seat.opened:
        return reason("not_opened", seat=winner)
    pizi = [t for t in seat.hand if t in rules.pizi]
    if pizi:
        return reason("holds_pizi", seat=winner, tile=code(pizi[0]))
    if win.tile in rules.pizi:
        return reason("win_on_pizi", tile=code(win.tile))
    if win.way in ("discard", "rob") and win.tile == table.laizi:
        return reason("win_on_discarded_laizi", tile=code(win.tile))
    if win.way in ("gang_draw", "haidi_gang_draw") and not seat.made_gang:
        return reason("gang_draw_without_gang", seat=winner)
    if win.way == "rob":
        assert win.source is not None
        if not any(m.type == "peng" and m.tiles[0] == win.tile for m in table.seats[win.source].melds):
            return reason("rob_not_xu_gang", source=win.source, tile=code(win.tile))
    return None


def judge(table: Table, winner: int, win: Win) -> Judgement:
    """Legal or not, with the reason; if legal, the settlement of the reading that pays most."""
    pre = _preconditions(table, winner, win)
    if pre is not None:
        return Judgement(False, pre)
    seat = table.seats[winner]
    found = readings(seat.hand, seat.melds, win.tile, win.way, table.laizi, table.rules)
    if not found:
        return Judgement(False, _no_shape_reason(table, winner, win))
    if win.way == "discard" and is_jianzi(seat.hand, seat.melds, table.laizi, table.rules):
        return Judgement(False, reason("jianzi_discard", seat=winner, tile=code(win.tile)))
    tenpai: bool | None = None
    if win.way == "discard" and win.source is not None and any("quanqiuren" in r.hands for r in found):
        tenpai = is_tenpai(table, win.source)
    best: Settlement | None = None
    low: list[int] = []
    settled: list[Settlement] = []
    opens = [s.opens for s in table.seats]  # counted once for every reading
    for r in found:
        try:
            s = settle(table, winner, win, r, tenpai, opens)
        except BelowQihu as err:
            low = max(low, err.raws, key=sum) if low else err.raws
            continue
        settled.append(s)
        if best is None or _better(s, best):
            best = s
    if best is None:
        rules = table.rules
        return Judgement(
            False, reason("below_qihu", pays=sorted(low), qihu=rules.qihu, scope=rules.qihu_scope)
        )
    ties = [
        s.reading for s in settled if s is not best and s.deltas == best.deltas and s.liable == best.liable
    ]
    return Judgement(True, None, best, ties)


def _better(a: Settlement, b: Settlement) -> bool:
    """R-7.12: more for the winner; on a tie the larger total before caps (a capped 碰碰胡 over a
    capped 屁胡), then the hard reading, then more hand types."""
    ka = (a.total, a.raw_total, a.reading.hard, len(a.reading.hands), a.reading.hands)
    kb = (b.total, b.raw_total, b.reading.hard, len(b.reading.hands), b.reading.hands)
    return ka > kb


def _no_shape_reason(table: Table, winner: int, win: Win) -> Reason:
    seat = table.seats[winner]
    tiles = [*seat.hand, win.tile]
    count = tiles.count(table.laizi)
    rules = table.rules
    if count and rules.jianjiang:
        lenient = replace(rules, jianjiang=False)
        if readings(seat.hand, seat.melds, win.tile, win.way, table.laizi, lenient):
            return reason("no_real_jiang", seat=winner, tile=code(win.tile))
    if count >= 2 and rules.laizi_limit == "wild":  # more wildcards than the hand may use
        if wins_without_wild_limit(seat.hand, seat.melds, win.tile, win.way, table.laizi, rules):
            return reason("too_many_wild_laizi", seat=winner, count=count)
    elif count >= 2 and win.way in ("self_draw", "discard"):
        counts = Counter(tiles)
        natural = [0 if k == table.laizi else counts[k] for k in range(NUM_KINDS)]
        if complete(natural, count, "jiang") or complete([counts[k] for k in range(NUM_KINDS)], 0, "jiang"):
            return reason("pihu_two_laizi", seat=winner, count=count)
    return reason("not_a_winning_hand", seat=winner, tile=code(win.tile))


def can_win_on(seat: SeatState, tile: int, way: str, laizi: int, rules: Ruleset) -> bool:
    """Shape and R-7.1 preconditions (R-7.14 included), without 起胡 (which needs the table)."""
    if not seat.opened or tile in rules.pizi or any(t in rules.pizi for t in seat.hand):
        return False
    if way in ("discard", "rob") and tile == laizi:
        return False
    if not could_win_shape(seat.hand, seat.melds, tile, laizi, rules):
        return False
    if not readings(seat.hand, seat.melds, tile, way, laizi, rules):
        return False
    return way != "discard" or not is_jianzi(seat.hand, seat.melds, laizi, rules)


def is_jianzi(hand: Sequence[int], melds: Sequence[Meld], laizi: int, rules: Ruleset) -> bool:
    """R-7.14 见字胡: these concealed tiles would win on every kind that may be won on.

    A kind the seat holds all four of (in hand and melds) may not be won on: no copy is left
    for another seat to discard, so it is skipped, as the pizi and the laizi are (issue #27).

    Such a hand may not win on a discard when ``jianzi_self_draw_only`` is set. "Would win"
    is the shape with R-4.3 and R-7.13 (S0: 别人随便打什么你都能成型胡牌), not 起胡. Without a
    laizi in hand no hand qualifies (an honour must find its pair or triplet among the
    concealed tiles, and a suited tile can then never fit), which keeps the common case free.
    """
    if not rules.jianzi_self_draw_only or laizi not in hand:
        return False
    return _jianzi(tuple(sorted(hand)), tuple(melds), laizi, rules)


@lru_cache(maxsize=4096)
def _jianzi(hand: tuple[int, ...], melds: tuple[Meld, ...], laizi: int, rules: Ruleset) -> bool:
    concealed = list(hand)
    held = Counter(hand)
    held.update(t for m in melds for t in m.tiles)
    # honours first: they are the likeliest kinds to fail, which ends the search early
    for k in (*range(27, NUM_KINDS), *range(27)):
        if k in rules.pizi or k == laizi or held[k] >= 4:
            continue  # not a kind that may be won on: a pizi, the laizi, or no copy left to discard
        if not could_win_shape(concealed, list(melds), k, laizi, rules):
            return False
        if not readings(concealed, melds, k, "discard", laizi, rules):
            return False
    return True


def visible(table: Table, seat_no: int) -> Counter[int]:
    """R-9.1: the copies this seat can see: its own hand, every meld, discards, the indicator."""
    seen = Counter(table.seats[seat_no].hand)
    seen.update(table.seen)
    for s in table.seats:
        for m in s.melds:
            seen.update(m.tiles)
    return seen


def _wins_on_discard(table: Table, seat_no: int, tile: int) -> bool:
    """Could the seat legally win if another seat discarded ``tile``? 起胡 from some discarder."""
    seat, rules, laizi = table.seats[seat_no], table.rules, table.laizi
    if not can_win_on(seat, tile, "discard", laizi, rules):
        return False
    if not rules.qihu:
        return True
    found = readings(seat.hand, seat.melds, tile, "discard", laizi, rules)
    for source in range(4):
        if source == seat_no:
            continue
        win = Win("discard", tile, source)
        for r in found:
            try:
                settle(table, seat_no, win, r, None)
            except BelowQihu:
                continue
            return True
    return False


def _live_kinds(table: Table, seat_no: int) -> list[int]:
    """Kinds another seat could still discard: not a pizi or the laizi, not all four in view."""
    seen = visible(table, seat_no)
    rules = table.rules
    return [k for k in range(NUM_KINDS) if k not in rules.pizi and k != table.laizi and seen[k] < 4]


def waits(table: Table, seat_no: int) -> list[int]:
    """R-9.1: the kinds another seat could still discard for this seat to win legally.

    Legally includes 起胡 (R-10.7, from at least one possible discarder) and R-7.14 (a 见字胡
    hand has no discard waits); a kind whose four copies are all in view is dead.
    """
    seat = table.seats[seat_no]
    if not seat.opened or any(t in table.rules.pizi for t in seat.hand):
        return []
    return [k for k in _live_kinds(table, seat_no) if _wins_on_discard(table, seat_no, k)]


def is_tenpai(table: Table, seat_no: int) -> bool:
    """R-9.1 听头: some live discard would let the seat win. With two laizi only big hands count."""
    seat = table.seats[seat_no]
    if not seat.opened or any(t in table.rules.pizi for t in seat.hand):
        return False
    return any(_wins_on_discard(table, seat_no, k) for k in _live_kinds(table, seat_no))


__all__ = ["SHAPE_TYPES", "Judgement", "can_win_on", "is_jianzi", "is_tenpai", "judge", "waits"]
