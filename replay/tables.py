"""查表法 lookup tables: for one suit's count vector, how many wildcards complete it.

Key: the 9 counts of one suit as ``bytes``. Value packs three minimum wildcard counts
(3 bits each, 7 = more than 4): melds only, melds + any pair, melds + a 将 pair (2/5/8).
A wildcard may stand for any tile, a fifth copy included (the brute-force reference in the
tests reads laizi the same way). The tables are generated once by ``python -m replay.tables``
into ``replay/data/suit_needs.bin``; a test regenerates them and compares, so the file is
never stale. Generating takes seconds, loading takes milliseconds.
"""

from __future__ import annotations

import array
import zlib
from functools import cache
from pathlib import Path

DATA_FILE = Path(__file__).with_name("data") / "suit_needs.bin"
IMPOSSIBLE = 7
MAX_WILD = 4
_MAGIC = b"WHSN1"

Key = tuple[int, ...]


def _meld_shapes() -> list[Key]:
    shapes: list[Key] = []
    for r in range(9):
        k = [0] * 9
        k[r] = 3
        shapes.append(tuple(k))
    for r in range(7):
        k = [0] * 9
        k[r] = k[r + 1] = k[r + 2] = 1
        shapes.append(tuple(k))
    return shapes


def _complete_sets() -> tuple[set[Key], set[Key], set[Key]]:
    """Every suit multiset of up to 4 melds (counts unbounded: wildcards may make 5th copies)."""
    shapes = _meld_shapes()
    zero: Key = (0,) * 9
    melds = {zero}
    frontier = {zero}
    for _ in range(4):
        frontier = {
            tuple(a + b for a, b in zip(k, s, strict=True))
            for k in frontier
            for s in shapes
            if max(a + b for a, b in zip(k, s, strict=True)) <= 4 + MAX_WILD
        }
        melds |= frontier

    def with_pair(ranks: tuple[int, ...]) -> set[Key]:
        return {k[:r] + (k[r] + 2,) + k[r + 1 :] for k in melds for r in ranks}

    return melds, with_pair(tuple(range(9))), with_pair((1, 4, 7))


def _needs(complete: set[Key]) -> dict[Key, int]:
    """Breadth-first removal: a key's need is its distance to the nearest complete superset."""
    need = dict.fromkeys(complete, 0)
    frontier = complete
    for w in range(1, MAX_WILD + 1):
        nxt: set[Key] = set()
        for k in frontier:
            for i in range(9):
                if k[i]:
                    n = k[:i] + (k[i] - 1,) + k[i + 1 :]
                    if n not in need:
                        need[n] = w
                        nxt.add(n)
        frontier = nxt
    return {k: v for k, v in need.items() if max(k, default=0) <= 4}


def generate() -> dict[bytes, int]:
    melds, any_pair, jiang_pair = _complete_sets()
    nm, np_, nj = _needs(melds), _needs(any_pair), _needs(jiang_pair)
    table: dict[bytes, int] = {}
    for k in sorted(set(nm) | set(np_) | set(nj)):
        table[bytes(k)] = nm.get(k, IMPOSSIBLE) | np_.get(k, IMPOSSIBLE) << 3 | nj.get(k, IMPOSSIBLE) << 6
    return table


def encode(table: dict[bytes, int]) -> bytes:
    keys = b"".join(table)
    values = array.array("H", table.values())
    return _MAGIC + zlib.compress(len(table).to_bytes(4, "little") + keys + values.tobytes(), 9)


def parse(blob: bytes) -> tuple[bytes, array.array[int]]:
    """The file's keys (9 bytes a shape) and packed needs (``H``), as stored: the compiled core
    (``replay.shape_core``) lays them out as a flat array, ``decode`` as a dictionary."""
    if not blob.startswith(_MAGIC):
        raise ValueError(f"{DATA_FILE} is not a suit table file")
    raw = zlib.decompress(blob[len(_MAGIC) :])
    n = int.from_bytes(raw[:4], "little")
    keys = raw[4 : 4 + 9 * n]
    values = array.array("H")
    values.frombytes(raw[4 + 9 * n :])
    return keys, values


def decode(blob: bytes) -> dict[bytes, int]:
    keys, values = parse(blob)
    n = len(values)
    shared: dict[int, int] = {}  # few distinct values: one int object each, not one per shape
    return dict(
        zip(
            (keys[i : i + 9] for i in range(0, 9 * n, 9)),
            (shared.setdefault(v, v) for v in values),
            strict=True,
        )
    )


@cache
def suit_needs() -> dict[bytes, int]:
    return decode(DATA_FILE.read_bytes())


MELDS_DONE, JIANG_PAIR_DONE, ANY_PAIR_DONE = 1, 2, 4


@cache
def complete_flags() -> dict[bytes, int]:
    """Keys complete without wildcards, as bit flags; a small table for the hot laizi-free check."""
    flags: dict[bytes, int] = {}
    for key, v in suit_needs().items():
        f = (
            (v & 7 == 0) * MELDS_DONE
            | (v >> 6 & 7 == 0) * JIANG_PAIR_DONE
            | (v >> 3 & 7 == 0) * ANY_PAIR_DONE
        )
        if f:
            flags[key] = f
    return flags


def main() -> None:
    DATA_FILE.parent.mkdir(exist_ok=True)
    blob = encode(generate())
    DATA_FILE.write_bytes(blob)
    print(f"wrote {DATA_FILE} ({len(blob)} bytes)")


if __name__ == "__main__":
    main()
