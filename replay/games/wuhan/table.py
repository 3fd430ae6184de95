"""The state a settlement needs: each seat's concealed tiles, melds and gang counts.

This is the engine's input model, shared by ``replay evaluate`` (built from JSON) and the
replayer (built event by event).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from replay.games.wuhan.hand import WAYS, Meld
from replay.games.wuhan.ruleset import Ruleset


@dataclass
class SeatState:
    hand: list[int] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    pizi_gangs: int = 0
    laizi_gangs: int = 0
    pizi_discards: int = 0
    laizi_discards: int = 0
    #: R-4.4 皮子杠 and 皮 discards (qipi only): pizi gangs and discards of a 皮 kind, counted
    #: apart from the 红中 ones so a receipt names them as the player does (皮子杠)
    pi_gangs: int = 0
    pi_discards: int = 0

    @property
    def opens(self) -> int:
        """R-6.1: chi, peng and ming-gang; a xu-gang is its peng, already counted."""
        return sum(1 for m in self.melds if m.is_open)

    @property
    def opened(self) -> bool:
        return self.opens > 0

    @property
    def made_gang(self) -> bool:
        return self.pizi_gangs + self.pi_gangs + self.laizi_gangs > 0 or any(
            m.type == "gang" for m in self.melds
        )


@dataclass(frozen=True)
class Win:
    way: str  # one of replay.games.wuhan.hand.WAYS
    tile: int
    source: int | None = None  # the discarder, or the robbed seat

    def __post_init__(self) -> None:
        assert self.way in WAYS, self.way


@dataclass
class Table:
    rules: Ruleset
    laizi: int
    dealer: int
    seats: list[SeatState]
    #: tiles in nobody's hand or meld that everyone can see (the indicator, unclaimed
    #: discards): with the seat's own tiles and every meld they make a wait dead (R-9.1)
    seen: list[int] = field(default_factory=list)
