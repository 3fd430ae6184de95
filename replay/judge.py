"""Judging a win (R-7.1): is it legal, which reading pays most (R-7.12), and what it settles to.

Also tenpai and waits (R-9.1), which liability needs (R-10.6a) and the analysis reuses.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from replay.hand import SHAPE_TYPES, Meld, Reading, readings, wind_kinds
from replay.reasons import Reason, reason
from replay.ruleset import Ruleset
from replay.settle import BelowQihu, Settlement, settle
from replay.shape import complete
from replay.table import SeatState, Table, Win
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
    """Cheap necessary condition for any winning shape; filters before ``readings``."""
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
    if win.way == "gang_draw" and not seat.made_gang:
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
    tenpai: bool | None = None
    if win.way == "discard" and win.source is not None and any("quanqiuren" in r.hands for r in found):
        tenpai = is_tenpai(table.seats[win.source], table.laizi, table.rules)
    best: Settlement | None = None
    low: list[int] = []
    settled: list[Settlement] = []
    for r in found:
        try:
            s = settle(table, winner, win, r, tenpai)
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
    """R-7.12: more for the winner; on a tie the hard reading, then more hand types."""
    ka = (a.total, a.reading.hard, len(a.reading.hands), a.reading.hands)
    kb = (b.total, b.reading.hard, len(b.reading.hands), b.reading.hands)
    return ka > kb


def _no_shape_reason(table: Table, winner: int, win: Win) -> Reason:
    seat = table.seats[winner]
    tiles = [*seat.hand, win.tile]
    count = tiles.count(table.laizi)
    if count >= 2 and win.way in ("self_draw", "discard"):
        counts = Counter(tiles)
        natural = [0 if k == table.laizi else counts[k] for k in range(NUM_KINDS)]
        if complete(natural, count, "jiang") or complete([counts[k] for k in range(NUM_KINDS)], 0, "jiang"):
            return reason("pihu_two_laizi", seat=winner, count=count)
    return reason("not_a_winning_hand", seat=winner, tile=code(win.tile))


def can_win_on(seat: SeatState, tile: int, way: str, laizi: int, rules: Ruleset) -> bool:
    """Shape and R-7.1 preconditions, without 起胡 (which needs the whole table)."""
    if not seat.opened or tile in rules.pizi or any(t in rules.pizi for t in seat.hand):
        return False
    if way in ("discard", "rob") and tile == laizi:
        return False
    if not could_win_shape(seat.hand, seat.melds, tile, laizi, rules):
        return False
    return bool(readings(seat.hand, seat.melds, tile, way, laizi, rules))


def _discardable(seat: SeatState, laizi: int, rules: Ruleset) -> list[int]:
    """Kinds another player could discard: not a pizi, not the laizi, not all four in this seat."""
    held = Counter(seat.hand)
    for m in seat.melds:
        held.update(m.tiles)
    return [k for k in range(NUM_KINDS) if k not in rules.pizi and k != laizi and held[k] < 4]


def waits(seat: SeatState, laizi: int, rules: Ruleset) -> list[int]:
    """R-9.1: the kinds another player could discard for this seat to win (起胡 not counted)."""
    if not seat.opened or any(t in rules.pizi for t in seat.hand):
        return []
    return [k for k in _discardable(seat, laizi, rules) if can_win_on(seat, k, "discard", laizi, rules)]


def is_tenpai(seat: SeatState, laizi: int, rules: Ruleset) -> bool:
    """R-9.1 听头: some discard would let the seat win. With two laizi only big hands count."""
    if not seat.opened or any(t in rules.pizi for t in seat.hand):
        return False
    return any(can_win_on(seat, k, "discard", laizi, rules) for k in _discardable(seat, laizi, rules))


__all__ = ["SHAPE_TYPES", "Judgement", "can_win_on", "is_tenpai", "judge", "waits"]
