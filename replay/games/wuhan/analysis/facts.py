"""Per-seat facts of one hand, the raw material of a player's habits (issue #6).

How soon a seat opened, how many times, and what it did with each 红中 (pizi) and laizi it got:
put out as a gang, discarded, or held to the end, and after how many of its own turns. The store
keeps one row per seat and the habit queries aggregate them; computing them from the replay
(rather than in SQL from the events) keeps the rules in one place: which tile is the laizi, what
counts as an open.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from replay.games.wuhan.analysis.base import Context

OPEN_EVENTS = ("chi", "peng")  # with the ming-gang: the opens


@dataclass
class _Special:
    """One kind of special tile (pizi or laizi) in one seat's hands over a hand."""

    received: int = 0
    ganged: int = 0
    discarded: int = 0
    waiting: list[int] = field(default_factory=list)  # the own-turn each held one came in
    delays: list[int] = field(default_factory=list)

    def receive(self, turn: int) -> None:
        self.received += 1
        self.waiting.append(turn)

    def put_out(self, how: str, turn: int) -> None:
        if self.waiting:
            self.delays.append(turn - self.waiting.pop(0))
            if how == "ganged":
                self.ganged += 1
            else:
                self.discarded += 1

    def facts(self, name: str) -> dict[str, Any]:
        return {
            f"{name}_received": self.received,
            f"{name}_ganged": self.ganged,
            f"{name}_discarded": self.discarded,
            f"{name}_held": len(self.waiting),
            f"{name}_turns_to_out": sum(self.delays) / len(self.delays) if self.delays else None,
        }


def seat_facts(ctx: Context) -> list[dict[str, Any]]:
    """One dict per seat: opens, first_open_turn, pizi_/laizi_ received, ganged, discarded, held and
    turns_to_out (the mean own-turns from getting such a tile to putting it out), whether the seat
    paid as liable (承包), whether it won from a liable seat, and the hand types it won."""
    pizi, laizi = set(ctx.rules.pizi), ctx.laizi
    settlement = ctx.settlement
    specials = [{"pizi": _Special(), "laizi": _Special()} for _ in range(4)]

    def which(seat: int, tile: int) -> _Special | None:
        mine = specials[seat]
        return mine["pizi"] if tile in pizi else mine["laizi"] if tile == laizi else None

    facts: list[dict[str, Any]] = [{"seat": seat, "opens": 0, "first_open_turn": None} for seat in range(4)]
    special = pizi | {laizi}  # most tiles are neither: ``which`` is asked only of these
    for seat, state in enumerate(ctx.seats_before(0)):
        for tile in state.hand:
            if tile in special and (s := which(seat, tile)) is not None:
                s.receive(1)
    for seat, turn, tile, what in ctx.walk.marks:  # (the events' walk the detectors share)
        if what == "opened":
            facts[seat]["opens"] += 1
            if facts[seat]["first_open_turn"] is None:
                facts[seat]["first_open_turn"] = turn
        elif (s := which(seat, tile)) is not None:
            if what == "received":
                s.receive(turn)
            else:
                s.put_out(what, turn)
    for seat in range(4):
        for name, s in specials[seat].items():
            facts[seat].update(s.facts(name))
        won = settlement is not None and settlement.winner == seat
        facts[seat]["liable"] = settlement is not None and settlement.liable == seat
        facts[seat]["won_from_liable"] = won and settlement is not None and settlement.liable is not None
        facts[seat]["hand_types"] = list(settlement.reading.hands) if won and settlement is not None else None
    return facts
