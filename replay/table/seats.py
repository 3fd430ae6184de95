"""Turn order: who plays after whom, for a table of four seats or of two (二人麻将).

Every game plays counter-clockwise from the dealer; a seat's 下家 (next seat) draws after its
discard and is the only one that may chi it. Seats are numbered ``0 .. seats - 1`` in turn order.
"""

from __future__ import annotations


def next_seat(seat: int, seats: int = 4) -> int:
    """``seat``'s 下家: the seat that plays next."""
    return (seat + 1) % seats


def seats_after(seat: int, seats: int = 4) -> list[int]:
    """The other seats in turn order, starting from ``seat``'s 下家 (next seat)."""
    return [(seat + k) % seats for k in range(1, seats)]
