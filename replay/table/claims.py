"""The claim window: who may take a discard, or rob an added kong, and who acts first.

A discard opens a window for the other seats (peng, a kong on it, chi for the 下家, a win); so
does an added kong (补杠/xu-gang), which only a win may take (抢杠). What closes it differs by
game (the next draw, a claim, the wins declared on it), and so does who wins when several seats
declare: Wuhan takes the first in turn order from the discarder (截胡, R-5.3), Sichuan and
Changsha pay every one (一炮多响 / 通炮, SC-3.2). What every game shares is written here: the
window's state (``Claim``) and the priority of claims (a win, then peng or kong, then chi, each
kind resolved by turn order from the discarder's 下家).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from replay.table.seats import seats_after

#: Claim kinds from strongest to weakest; kinds in one group are resolved by turn order.
PRIORITY: tuple[tuple[str, ...], ...] = (("hu",), ("peng", "gang"), ("chi",))


@dataclass(frozen=True)
class ClaimRules:
    """What a game's claim window allows: a board declares it once (``TableBoard.CLAIMS``).

    ``chi``: the discarder's 下家 may chi (Wuhan R-5.2, Changsha); Sichuan has no chi (SC-3.2).
    ``several_winners``: every seat that declares a win on the tile wins (一炮多响, Sichuan
    SC-3.2; 通炮, Changsha), or only the first in turn order from the discarder (截胡, Wuhan R-5.3).
    """

    chi: bool = True
    several_winners: bool = False


def first_claim(wants: Mapping[int, dict[str, Any] | None], order: Iterable[int]) -> dict[str, Any] | None:
    """The claim that takes the tile: the strongest kind, then the first seat in ``order``."""
    seats = list(order)
    for kinds in PRIORITY:
        for s in seats:
            w = wants.get(s)
            if w is not None and w["type"] in kinds:
                return w
    return None


@dataclass
class Claim:
    """An open window: a tile others may claim, a discard or an added kong that may be robbed.

    The flags are what a win on it is worth knowing without replaying the turn: ``haidi`` (the
    wall's last tile went before it: 海底炮), ``after_kong`` (discarded after a kong: 杠上炮),
    ``first_discard`` (the dealer's first: 地胡). ``hus`` lists the seats that declared a win on
    it, in the order declared; ``passed`` those that let it go (过水 locks read it).
    """

    seat: int
    tile: int
    rob: bool
    haidi: bool = False
    after_kong: bool = False
    first_discard: bool = False
    hus: list[int] = field(default_factory=list)
    passed: set[int] = field(default_factory=set)

    def copy(self) -> Claim:
        """A copy later declarations cannot change (boards are cloned to try moves)."""
        return Claim(
            self.seat,
            self.tile,
            self.rob,
            self.haidi,
            self.after_kong,
            self.first_discard,
            list(self.hus),
            set(self.passed),
        )

    def winners(self, seats: int, *, several: bool) -> list[int]:
        """Who wins on the tile, in turn order from the discarder's 下家: every seat that
        declared (``several``: 一炮多响), else only the first of them (截胡)."""
        order = [s for s in seats_after(self.seat, seats) if s in self.hus]
        return order if several else order[:1]
