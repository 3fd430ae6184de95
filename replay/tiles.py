"""Tiles (RULES.md §1): 34 kinds as integers 0..33, their canonical codes and every alias.

Kinds are small ints so hands can be count vectors (the lookup tables key on them):
0-8 = 1m-9m (万), 9-17 = 1s-9s (条), 18-26 = 1p-9p (筒), 27-33 = E S W N C F P.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from replay.errors import InputError

SUITS = "msp"
CODES: tuple[str, ...] = tuple(f"{n}{s}" for s in SUITS for n in range(1, 10)) + tuple("ESWNCFP")
KIND_OF: dict[str, int] = {code: i for i, code in enumerate(CODES)}

E, S, W, N, C, F, P = range(27, 34)
HONOURS = range(27, 34)
NUM_KINDS = 34

ZH_NAMES: tuple[str, ...] = (
    tuple(f"{'一二三四五六七八九'[n]}万" for n in range(9))
    + tuple(f"{'一二三四五六七八九'[n]}条" for n in range(9))
    + tuple(f"{'一二三四五六七八九'[n]}筒" for n in range(9))
    + ("东风", "南风", "西风", "北风", "红中", "发财", "白板")
)

#: 将 (jiang) kinds: suited 2, 5 and 8.
JIANG: frozenset[int] = frozenset(s * 9 + r for s in range(3) for r in (1, 4, 7))


def suit_of(kind: int) -> int:
    """0 万, 1 条, 2 筒, 3 for honours."""
    return kind // 9 if kind < 27 else 3


def rank_of(kind: int) -> int:
    """1..9 for suited tiles, 0 for honours."""
    return kind % 9 + 1 if kind < 27 else 0


def _aliases() -> dict[str, int]:
    table: dict[str, int] = dict(KIND_OF)
    digits = "一二三四五六七八九"
    suit_words = {0: ("万", "萬", "m"), 1: ("条", "條", "索", "s"), 2: ("筒", "饼", "餅", "p")}
    for suit, words in suit_words.items():
        for r in range(9):
            for w in words:
                table[f"{r + 1}{w}"] = suit * 9 + r
                table[f"{digits[r]}{w}"] = suit * 9 + r
    honour_words = {
        E: ("东", "東", "东风", "東風", "1z"),
        S: ("南", "南风", "南風", "2z"),
        W: ("西", "西风", "西風", "3z"),
        N: ("北", "北风", "北風", "4z"),
        P: ("白", "白板", "5z"),
        F: ("发", "發", "发财", "發財", "6z"),
        C: ("中", "红中", "紅中", "7z"),
    }
    for kind, words in honour_words.items():
        for w in words:
            table[w] = kind
    return table


ALIASES: dict[str, int] = _aliases()

#: Integer codes of Chinese game servers: 0x01-0x09 万, 0x11-0x19 条, 0x21-0x29 筒, 0x31-0x37 honours.
SERVER_CODES: dict[int, int] = {
    **{0x01 + r: r for r in range(9)},
    **{0x11 + r: 9 + r for r in range(9)},
    **{0x21 + r: 18 + r for r in range(9)},
    0x31: E,
    0x32: S,
    0x33: W,
    0x34: N,
    0x35: C,
    0x36: F,
    0x37: P,
}


def parse_tile(token: object, field: str = "tile") -> int:
    """Normalise any accepted spelling of a tile to its kind; a bad token names itself."""
    if isinstance(token, bool):
        raise InputError(field, f"not a tile: {token!r}")
    if isinstance(token, int):
        kind = SERVER_CODES.get(token)
        if kind is None:
            raise InputError(
                field,
                f"unknown tile code {token} (0x{token:02x})" if token >= 0 else f"unknown tile code {token}",
            )
        return kind
    if isinstance(token, str):
        text = token.strip()
        kind = ALIASES.get(text)
        if kind is None and text.lower() != text:
            kind = ALIASES.get(text.lower())
        if kind is None and text[:2].lower() == "0x":
            try:
                kind = SERVER_CODES.get(int(text, 16))
            except ValueError:
                kind = None
        if kind is None:
            raise InputError(field, f"unknown tile {token!r}")
        return kind
    raise InputError(field, f"not a tile: {token!r}")


def parse_tiles(tokens: object, field: str = "tiles") -> list[int]:
    if not isinstance(tokens, list):
        raise InputError(field, "must be a list of tiles")
    return [parse_tile(t, f"{field}[{i}]") for i, t in enumerate(tokens)]


def code(kind: int) -> str:
    return CODES[kind]


def codes(kinds: Iterable[int]) -> list[str]:
    return [CODES[k] for k in kinds]


def counts_of(kinds: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def sort_kinds(kinds: Sequence[int]) -> list[int]:
    return sorted(kinds)
