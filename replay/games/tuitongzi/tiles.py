"""推筒子's 40 tiles (TT-1.1): 筒 1p–9p four each, and four half-point tiles (发财 or 白板).

A tile here is a small int, its *rank*: 1–9 for n筒 and 0 for the half tile, so that a hand's
value is arithmetic on ranks (TT-3.1: n筒 = 2n half-points, the half tile = 1). Which honour
plays the half tile is the ruleset's ``half_tile``; the other honour, any 万/条 and any wind are
not in the set, and saying so is the audit's verdict (TT-1.1, ``not_a_tile``), not a crash.
Spellings (一筒, 发财, 白 …) are the shared aliases of ``replay.tiles``.
"""

from __future__ import annotations

from replay.errors import InputError
from replay.tiles import CODES, ZH_NAMES, F, P, parse_tile

HALF = 0
RANKS = tuple(range(10))  # 0 = the half tile, 1..9 = n筒
COPIES = 4
_PIN0 = 18  # replay.tiles kind of 1p
_HALF_KIND = {"F": F, "P": P}
_HALF_ZH = {"F": "发财", "P": "白板"}


def read(token: object, field: str, half_tile: str) -> int | None:
    """The rank of a spelt tile, or None when it is a real tile but not one of this set (TT-1.1).

    An unreadable spelling raises InputError naming ``field`` (the schema's business, repeated
    here so ``replay evaluate`` gives the same message).
    """
    kind = parse_tile(token, field)
    if _PIN0 <= kind < _PIN0 + 9:
        return kind - _PIN0 + 1
    if kind == _HALF_KIND[half_tile]:
        return HALF
    return None


def outsider(token: object, field: str) -> str:
    """How a tile outside the set is named in a reason: ``一万 (1m)``."""
    kind = parse_tile(token, field)
    return f"{ZH_NAMES[kind]} ({CODES[kind]})"


def value(rank: int) -> int:
    """TT-3.1: the tile's value in half-points (n筒 = 2n, the half tile = 1)."""
    return 1 if rank == HALF else 2 * rank


def code(rank: int, half_tile: str) -> str:
    """The canonical code: ``3p``, or ``F``/``P`` for the half tile."""
    return half_tile if rank == HALF else f"{rank}p"


def name(rank: int, half_tile: str) -> str:
    """As a player says it: ``三筒 (3p)``, ``发财 (F)``."""
    zh = _HALF_ZH[half_tile] if rank == HALF else f"{'一二三四五六七八九'[rank - 1]}筒"
    return f"{zh} ({code(rank, half_tile)})"


def full_set() -> list[int]:
    """The 40 tiles as ranks, four of each, in rank order (TT-1.1)."""
    return [r for r in RANKS for _ in range(COPIES)]


def check_rank(rank: object, field: str) -> int:
    """A rank 0–9 from internal callers (bots, tests): a programming slip is named, not wrapped."""
    if isinstance(rank, bool) or not isinstance(rank, int) or not 0 <= rank <= 9:
        raise InputError(field, f"not a tile rank 0-9: {rank!r}")
    return rank
