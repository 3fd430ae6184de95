"""Changsha's 108 tiles (CS-1.1): suited only, 将 (jiang) = the suited 2, 5 and 8.

Kinds reuse ``replay.tiles`` numbering (0–8 万, 9–17 条, 18–26 筒) so the shared suit tables
and shape checks apply unchanged; an honour is not a Changsha tile, and reading one is an
error naming the field rather than a silently ignored kind.
"""

from __future__ import annotations

from replay.errors import InputError
from replay.tiles import CODES, ZH_NAMES, parse_tile
from replay.tiles import JIANG as _ALL_JIANG

NUM_SUITED = 27
WALL_SIZE = 108
DEAL_SIZE = 53  # 13 each + the dealer's 14th (CS-2.1)
#: the 将 kinds: 2, 5, 8 of each suit (CS-1.1)
JIANG: frozenset[int] = frozenset(k for k in _ALL_JIANG if k < NUM_SUITED)


#: a suited tile's canonical code -> its kind: the spelling records use, read without
#: ``parse_tile``'s alias search (a hand reads some 180 tiles: its wall and its events)
_BY_CODE: dict[str, int] = {CODES[k]: k for k in range(NUM_SUITED)}


def parse(token: object, field: str) -> int:
    """Any alias of a suited tile; an honour is named as not a Changsha tile (CS-1.1)."""
    if type(token) is str:
        known = _BY_CODE.get(token)
        if known is not None:
            return known
    kind = parse_tile(token, field)
    if kind >= NUM_SUITED:
        raise InputError(
            field, f"{CODES[kind]} ({ZH_NAMES[kind]}) is not a Changsha tile: no honours (CS-1.1)"
        )
    return kind


def parse_list(tokens: object, field: str) -> list[int]:
    if not isinstance(tokens, list):
        raise InputError(field, "must be a list of tiles")
    known = [_BY_CODE.get(t) if type(t) is str else None for t in tokens]
    if None not in known:  # every tile a canonical code: no per-tile field names to build
        return known  # type: ignore[return-value]
    return [parse(t, f"{field}[{i}]") for i, t in enumerate(tokens)]


def counts(kinds: list[int]) -> list[int]:
    """27 counts of a list of kinds."""
    out = [0] * NUM_SUITED
    for k in kinds:
        out[k] += 1
    return out


def name_zh(kind: int) -> str:
    """A tile's Chinese name: 五筒."""
    return ZH_NAMES[kind]


def name(kind: int) -> str:
    """A tile as a person names it: 五筒 (5p)."""
    return f"{ZH_NAMES[kind]} ({CODES[kind]})"
