"""二人麻将's tiles (ER-1.1): 条 1s–9s, winds E S W N, dragons C F P (four each) and the eight
flowers 1h–8h (春夏秋冬梅兰竹菊, one each): 64 + 8 = 72. No 万, no 筒, no wildcard (无混).

Kinds reuse ``replay.tiles`` numbering (9–17 条, 27–33 honours) so the shared shape tables and
``replay.table`` boards read them unchanged; flowers are kinds 34–41, past the 34 play kinds,
because a flower is never part of a hand (ER-2.2) and a count vector of 34 never holds one.
"""

from __future__ import annotations

from collections.abc import Iterable

from replay.errors import InputError
from replay.tiles import CODES, ZH_NAMES, parse_tile

#: the 条 kinds 1s..9s and the honour kinds E S W N C F P (replay.tiles numbering)
SUITED: tuple[int, ...] = tuple(range(9, 18))
HONOURS: tuple[int, ...] = tuple(range(27, 34))
PLAY_KINDS: tuple[int, ...] = SUITED + HONOURS
WINDS: tuple[int, ...] = (27, 28, 29, 30)
DRAGONS: tuple[int, ...] = (31, 32, 33)
E, S, W, N, C, F, P = range(27, 34)
#: the flowers 1h..8h: 春 夏 秋 冬 梅 兰 竹 菊
FLOWERS: tuple[int, ...] = tuple(range(34, 42))
SEASONS: frozenset[int] = frozenset(FLOWERS[:4])
GENTLEMEN: frozenset[int] = frozenset(FLOWERS[4:])
NUM_KINDS = 34  # length of a hand's count vector (flowers never counted in it)
WALL_SIZE = 72
DEAL_SIZE = 27  # 13 each + the dealer's 14th (ER-2.1)
FLOWER_ZH = "春夏秋冬梅兰竹菊"

#: every spelling of a flower: 1h..8h, the Chinese names (春, 春花 …) and the server codes 0x41–0x48
FLOWER_ALIASES: dict[str, int] = {}
for _i, _zh in enumerate(FLOWER_ZH):
    for _word in (f"{_i + 1}h", f"{_i + 1}H", _zh, f"{_zh}花", f"0x{0x41 + _i:02x}", f"0X{0x41 + _i:02X}"):
        FLOWER_ALIASES[_word] = 34 + _i
FLOWER_SERVER_CODES: dict[int, int] = {0x41 + i: 34 + i for i in range(8)}


def is_flower(kind: int) -> bool:
    return kind >= 34


def parse(token: object, field: str = "tile") -> int:
    """Any alias of an 二人 tile or flower; a 万 or 筒 is named as not an 二人 tile (ER-1.1)."""
    if type(token) is str:  # the canonical codes first: every tile of a validated record
        kind = _CODE_KINDS.get(token)
        if kind is not None:
            return kind
    if isinstance(token, int) and not isinstance(token, bool) and token in FLOWER_SERVER_CODES:
        return FLOWER_SERVER_CODES[token]
    if isinstance(token, str) and token.strip() in FLOWER_ALIASES:
        return FLOWER_ALIASES[token.strip()]
    kind = parse_tile(token, field)
    if kind not in PLAY_KINDS:
        raise InputError(
            field,
            f"{CODES[kind]} ({ZH_NAMES[kind]}) is not an 二人麻将 tile: 条, honours, flowers (ER-1.1)",
        )
    return kind


def parse_list(tokens: object, field: str) -> list[int]:
    if not isinstance(tokens, list):
        raise InputError(field, "must be a list of tiles")
    try:  # a validated record's walls and deals: canonical codes only, no field name to build
        return [_CODE_KINDS[t] for t in tokens]
    except (KeyError, TypeError):  # an alias, or something to name by its index
        return [parse(t, f"{field}[{i}]") for i, t in enumerate(tokens)]


def parse_play(token: object, field: str) -> int:
    """A tile that can be in a hand: a flower here is an error (ER-2.2: never kept)."""
    kind = parse(token, field)
    if is_flower(kind):
        raise InputError(field, f"{name(kind)} is a flower: it is never kept in a hand (ER-2.2)")
    return kind


def parse_play_list(tokens: object, field: str) -> list[int]:
    if not isinstance(tokens, list):
        raise InputError(field, "must be a list of tiles")
    return [parse_play(t, f"{field}[{i}]") for i, t in enumerate(tokens)]


def code(kind: int) -> str:
    """The canonical code: ``5s``, ``E``, ``3h``."""
    return f"{kind - 33}h" if kind >= 34 else CODES[kind]


#: canonical code -> kind (``5s``, ``E``, ``3h``): what ``parse`` answers for them, looked up once
_CODE_KINDS: dict[str, int] = {code(k): k for k in (*PLAY_KINDS, *FLOWERS)}


def name_zh(kind: int) -> str:
    return FLOWER_ZH[kind - 34] if kind >= 34 else ZH_NAMES[kind]


def name(kind: int) -> str:
    """A tile as a person names it: ``五条 (5s)``, ``春 (1h)``."""
    return f"{name_zh(kind)} ({code(kind)})"


def counts(kinds: Iterable[int]) -> list[int]:
    """34 counts of play kinds (a flower is an error: ER-2.2)."""
    out = [0] * NUM_KINDS
    for k in kinds:
        if k >= NUM_KINDS:
            raise ValueError(f"flower {code(k)} in a hand")
        out[k] += 1
    return out


def full_set() -> list[int]:
    """The 72 tiles of ER-1.1, sorted: four of each play kind, one of each flower."""
    return list(_FULL_SET)


_FULL_SET: tuple[int, ...] = tuple(sorted([k for k in PLAY_KINDS for _ in range(4)] + list(FLOWERS)))


def is_full_set(kinds: list[int]) -> bool:
    """Whether ``kinds`` are the 72 tiles of ER-1.1 in some order (a wall)."""
    return tuple(sorted(kinds)) == _FULL_SET


def rank(kind: int) -> int:
    """1..9 for 条, 0 for an honour."""
    return kind - 8 if 9 <= kind <= 17 else 0


def is_terminal_or_honour(kind: int) -> bool:
    """幺九: 1s, 9s or an honour."""
    return kind in (9, 17) or kind >= 27
