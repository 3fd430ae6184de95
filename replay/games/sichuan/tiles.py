"""Sichuan's 108 tiles (SC-1.1); the deal out of its wall (SC-1.4) is the table engine's
(``replay.table.wall.deal``).

Kinds reuse ``replay.tiles`` numbering (0–8 万, 9–17 条, 18–26 筒) so the shared suit tables
and shape checks apply unchanged; an honour is simply not a Sichuan tile, and reading one is
an error naming the field rather than a silently ignored kind.
"""

from __future__ import annotations

from replay.errors import InputError
from replay.tiles import CODES, ZH_NAMES, parse_tile

NUM_SUITED = 27
SUIT_CODES = "msp"
SUIT_NAMES_ZH = ("万", "条", "筒")
WALL_SIZE = 108
DEAL_SIZE = 53  # 13 each + the dealer's 14th
LIVE_SIZE = WALL_SIZE - DEAL_SIZE  # 55


#: canonical code -> kind, the form every validated record holds: one lookup a tile
_CANONICAL = {CODES[k]: k for k in range(NUM_SUITED)}


def parse(token: object, field: str) -> int:
    """Any alias of a suited tile; an honour is named as not a Sichuan tile (SC-1.1)."""
    if type(token) is str:
        known = _CANONICAL.get(token)
        if known is not None:
            return known
    kind = parse_tile(token, field)
    if kind >= NUM_SUITED:
        raise InputError(
            field, f"{CODES[kind]} ({ZH_NAMES[kind]}) is not a Sichuan tile: no honours (SC-1.1)"
        )
    return kind


def parse_list(tokens: object, field: str) -> list[int]:
    if not isinstance(tokens, list):
        raise InputError(field, "must be a list of tiles")
    return [parse(t, f"{field}[{i}]") for i, t in enumerate(tokens)]


def parse_suit(token: object, field: str) -> int:
    """A suit letter ``m``/``s``/``p`` (or 万/条/筒) as 0/1/2."""
    names = {"m": 0, "s": 1, "p": 2, "万": 0, "条": 1, "條": 1, "索": 1, "筒": 2, "饼": 2}
    if not isinstance(token, str) or token not in names:
        raise InputError(field, f"must be a suit 'm', 's' or 'p', not {token!r}")
    return names[token]


def suit(kind: int) -> int:
    return kind // 9


def name(kind: int) -> str:
    """A tile as a person names it: 五条 (5s)."""
    return f"{ZH_NAMES[kind]} ({CODES[kind]})"
