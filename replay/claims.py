"""Who acts on a discard first: the claim priority every game's table shares.

Wuhan (R-5.3: one winner, the first in turn order) and Sichuan (SC-3.2: every seat that declares
hu wins, listed in turn order) both read claims seat by seat from the discarder's 下家, and both
rank a win above peng or ming-gang above chi. A game with two seats passes ``seats=2``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: Claim kinds from strongest to weakest; kinds in one group are resolved by turn order.
PRIORITY: tuple[tuple[str, ...], ...] = (("hu",), ("peng", "gang"), ("chi",))


def seats_after(seat: int, seats: int = 4) -> list[int]:
    """The other seats in turn order, starting from ``seat``'s 下家 (next seat)."""
    return [(seat + k) % seats for k in range(1, seats)]


def first_claim(wants: Mapping[int, dict[str, Any] | None], order: Iterable[int]) -> dict[str, Any] | None:
    """The claim that takes the tile: the strongest kind, then the first seat in ``order``."""
    seats = list(order)
    for kinds in PRIORITY:
        for s in seats:
            w = wants.get(s)
            if w is not None and w["type"] in kinds:
                return w
    return None
