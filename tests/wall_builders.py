"""What the games' compact-record builders (tests/<game>_builders.py) share: where the deal
sits in the wall, filling a wall's unplaced positions with the tiles left, a record around its
hands and events, and tsumogiri turns.

Each game's builder keeps what is its own: its tile and event shorthand and how its board takes
tiles from the wall (front, back, dice picks, the 宝), which is what ``arrange`` follows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def deal_positions(dealer: int, seats: int = 4) -> list[tuple[int, int]]:
    """(seat, index in its dealt hand) of the wall's first tiles: 4-4-4 and 1 to each seat from
    the dealer on, then the dealer's 14th (CS-2.1, CC-1.4, ER-2.1)."""
    taken = [0] * seats
    out = []
    for n in (4, 4, 4, 1):
        for k in range(seats):
            s = (dealer + k) % seats
            out += [(s, taken[s] + i) for i in range(n)]
            taken[s] += n
    out.append((dealer, 13))
    return out


def dealt_wall(size: int, hands: list[list[str]], dealer: int) -> list[str | None]:
    """A wall of ``size`` places with the deal at its front and nothing else placed yet."""
    wall: list[str | None] = [None] * size
    for i, (s, j) in enumerate(deal_positions(dealer, len(hands))):
        wall[i] = hands[s][j]
    return wall


def filled(wall: list[str | None], copies: dict[str, int]) -> list[str]:
    """The wall with each unplaced position given the next tile left of the set (``copies``:
    each tile and how many the set has, in the order the rest is laid)."""
    counts = dict(copies)
    for t in wall:
        if t is not None:
            counts[t] -= 1
            assert counts[t] >= 0, f"one {t} too many"
    rest = [t for t in counts for _ in range(counts[t])]
    out = [t if t is not None else rest.pop(0) for t in wall]
    assert not rest
    return out


def hand_record(
    record_format: str,
    dealt: list[list[str]],
    events: list[dict[str, Any]],
    *,
    dealer: int,
    preset: str,
    overrides: dict[str, Any] | None,
    result: dict[str, Any] | None,
    wall: Callable[[], list[str]] | None,
) -> dict[str, Any]:
    """A hand record of ``dealt`` and ``events``: with the ``wall()`` arranged for them, or with
    ``deal`` when ``wall`` is None; the dealer holds 14 tiles, the others 13."""
    for s, h in enumerate(dealt):
        assert len(h) == (14 if s == dealer else 13), f"seat {s} holds {len(h)}"
    rec: dict[str, Any] = {
        "format": record_format,
        "hand_id": "t-1",
        "source": "tests",
        "ruleset": {"preset": preset, "overrides": overrides or {}},
        "seats": [{"player_id": f"p{i}"} for i in range(len(dealt))],
        "dealer": dealer,
        "events": events,
    }
    if wall is not None:
        rec["wall"] = wall()
    else:
        rec["deal"] = dealt
    if result is not None:
        rec["result"] = result
    return rec


def tsumogiri(seats: Sequence[int], tiles_: Sequence[str]) -> list[str]:
    """Seats in turn draw a tile and discard it at once."""
    out: list[str] = []
    for i, t in enumerate(tiles_):
        s = seats[i % len(seats)]
        out += [f"d{s} {t}", f"x{s} {t}"]
    return out
