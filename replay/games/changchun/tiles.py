"""Changchun's 136 tiles (CC-1.1): the 34 kinds of ``replay.tiles``, no flowers.

Kinds reuse ``replay.tiles`` numbering (0–8 万 m, 9–17 条 s, 18–26 筒 p, 27–33 E S W N C F P),
so every alias of the Wuhan reference parses. 幺九 are every 1, every 9 and every honour
(S4 term 10: 字牌算幺九). The opening sets of CC-3.1 and the group each 补 tile belongs to
(CC-3.3) live here because they are properties of tiles alone.
"""

from __future__ import annotations

from replay.errors import InputError
from replay.tiles import CODES, KIND_OF, ZH_NAMES, C, E, F, N, P, S, W, parse_tile

NUM_KINDS = 34
WALL_SIZE = 136
DEAL_SIZE = 53  # 13 each + the dealer's 14th (CC-1.4)

#: 幺九 kinds: 1 and 9 of each suit and every honour (CC-1.1)
YAOJIU: frozenset[int] = frozenset([0, 8, 9, 17, 18, 26, *range(27, 34)])

#: CC-3.1's opening sets (起手杠 / 蛋): kind -> its base tiles, and the Chinese name
SETS: dict[str, tuple[int, ...]] = {
    "xuanfeng": (E, S, W, N),
    "xi": (C, F, P),
    "yaodan": (0, 9, 18),
    "jiudan": (8, 17, 26),
}
SET_ZH: dict[str, str] = {"xuanfeng": "旋风杠", "xi": "喜杠", "yaodan": "幺蛋", "jiudan": "九蛋"}


def bu_set(kind: int) -> str | None:
    """The set a tile may be added to by 补 (CC-3.3): winds → 旋风杠, C F P → 喜杠, any 1 → 幺蛋,
    any 9 → 九蛋; None for the other tiles."""
    if kind in (E, S, W, N):
        return "xuanfeng"
    if kind in (C, F, P):
        return "xi"
    if kind < 27 and kind % 9 == 0:
        return "yaodan"
    if kind < 27 and kind % 9 == 8:
        return "jiudan"
    return None


def suit(kind: int) -> int | None:
    """0 万, 1 条, 2 筒; None for an honour (三色全 counts suits only, CC-5.2)."""
    return kind // 9 if kind < 27 else None


def parse(token: object, field: str) -> int:
    """Any alias of a tile (CC-1.1); a canonical code (what a validated record holds: every
    event and wall tile a replay reads) by one lookup."""
    kind = KIND_OF.get(token) if type(token) is str else None
    return kind if kind is not None else parse_tile(token, field)


def parse_list(tokens: object, field: str) -> list[int]:
    if not isinstance(tokens, list):
        raise InputError(field, "must be a list of tiles")
    try:
        return [KIND_OF[t] for t in tokens]  # canonical codes: a validated wall, a deal
    except (KeyError, TypeError):  # an alias, or an error naming its item
        return [parse(t, f"{field}[{i}]") for i, t in enumerate(tokens)]


def counts(kinds: list[int] | tuple[int, ...]) -> list[int]:
    """34 counts of a list of kinds."""
    out = [0] * NUM_KINDS
    for k in kinds:
        out[k] += 1
    return out


def name(kind: int) -> str:
    """A tile as a person names it: 五筒 (5p)."""
    return f"{ZH_NAMES[kind]} ({CODES[kind]})"


def code(kind: int) -> str:
    return CODES[kind]
