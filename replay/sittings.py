"""Sittings for self-play: who sits when, decided up front by the master seed.

Every game's simulator plays hands in sittings (sessions) of 4–12 hands, four players (two for
二人麻将: ``seats=2``) drawn from a pool, each keeping one style. Planning them all first from one
``random.Random`` is what lets sittings be played in any process, in any number of workers, and
still give byte-identical records: each sitting then draws from its own generator, seeded by the
master seed and its number.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any


@dataclass(frozen=True)
class Sitting:
    """One sitting: its number, how many hands, the running number of its first, who sits where."""

    seed: int
    number: int
    hands: int
    first_hand: int
    seated: tuple[dict[str, str], ...]
    dealer: int
    start: datetime


def players(count: int, id_prefix: str, names: Sequence[str], styles: Sequence[str]) -> list[dict[str, str]]:
    """The pool: ids, display names and a style per player (styles cycle so all appear)."""
    return [
        {
            "player_id": f"{id_prefix}{i + 1:02d}",
            "name": names[i % len(names)] + ("" if i < len(names) else str(i // len(names) + 1)),
            "style": styles[i % len(styles)],
        }
        for i in range(count)
    ]


def plan_sittings(
    hands: int,
    seed: int,
    rng: random.Random,
    people: Sequence[dict[str, str]],
    start: datetime,
    seats: int = 4,
) -> list[Sitting]:
    """Sittings of 4–12 hands, 12–60 hours apart, starting within four weeks of ``start``, each
    seating ``seats`` players of the pool and a first dealer among them. The draws from ``rng``
    are the same calls whatever ``seats`` is, so four-seat games plan exactly as before."""
    when = start + timedelta(days=rng.randrange(28))
    plans: list[Sitting] = []
    made = 0
    while made < hands:
        size = min(rng.randint(4, 12), hands - made)
        seated = tuple(rng.sample(list(people), seats))
        plans.append(Sitting(seed, len(plans) + 1, size, made + 1, seated, rng.randrange(seats), when))
        made += size
        when += timedelta(hours=rng.randint(12, 60))
    return plans


def seats_json(sitting: Sitting) -> list[dict[str, Any]]:
    """The record envelope's ``seats``: who sat where, without the bots' styles."""
    return [{"player_id": p["player_id"], "name": p["name"]} for p in sitting.seated]
