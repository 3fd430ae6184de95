"""Shanten (向听) tables: every suit shape reduced to a class, classes combined by lookup.

Why: shanten is asked hundreds of times per hand by the mistake analysis and the bots, and a
per-call search (or a cache that fills on first sight) makes the first hands slow and the
rest memory-bound. Here all the work is done once, by ``python -m replay.shanten_tables``,
and shipped in ``replay/data/shanten_classes.bin`` (a test regenerates it and compares).

The idea: for one group of tiles (a suit's 9 counts, or the 7 honour counts) and m meld slots
(m = 0..4), ``kept[m]`` is the most of its tiles that fit in m slots partly filled, without a
pair and with one (any pair, or a 将 pair 2/5/8 for 屁胡). The tiles a hand still misses are
the slots' size minus what is kept; a laizi is a wildcard that buys one missing tile, so it
only enters as a count at the end. Of the 405,350 suit shapes of at most 14 tiles there are only
247 distinct ``kept`` vectors under the 将 rule (110 with any pair), and the honours give 35
(55), so the combination of the groups is itself tabulated:

    J[suit 0 class][suit 1 class] -> class of the two suits together   (404 classes, 将)
    K[J class][suit 2 class]       -> class of the three suits           (336 classes, 将)
    F[K class][honour class][M]    -> tiles kept in M slots with a pair or without

so a shanten is four dictionary lookups and three list lookups, first time or not.
"""

from __future__ import annotations

import array
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA_FILE = Path(__file__).with_name("data") / "shanten_classes.bin"
PAIRS = ("jiang", "any")
MAX_SLOTS = 4
MAX_TILES = 14
_MAGIC = b"WHSC1"
_NEG = -99  # "cannot be done": far below any real count, and still below after a few sums

Key = tuple[int, ...]
Kept = tuple[tuple[int, int, int], ...]  # [m][no pair, any pair, 将 pair] for m = 0..4
Vector = tuple[int, ...]  # kept without a pair for m = 0..4, then with the pair for m = 0..4


# --- generation (slow, run once) ---------------------------------------------------------------


def _merge(best: list[list[int]], sub: Kept, dm: int, dp: int, kept: int) -> None:
    for m in range(5 - dm):
        row = sub[m]
        for p in range(3):
            v = row[p]
            if v <= _NEG:
                continue
            if dp:
                if p:
                    continue
                for q in (1, 2) if dp == 2 else (1,):
                    if v + kept > best[m + dm][q]:
                        best[m + dm][q] = v + kept
            elif v + kept > best[m + dm][p]:
                best[m + dm][p] = v + kept


@cache
def suit_kept(key: Key) -> Kept:
    """Best kept counts for one suit's 9 counts: the lowest tile is given up or starts a slot."""
    r = next((i for i, c in enumerate(key) if c), None)
    if r is None:
        return ((0, _NEG, _NEG),) * 5
    best = [[_NEG] * 3 for _ in range(5)]

    def take(*ranks: int) -> Key:
        k = list(key)
        for x in ranks:
            k[x] -= 1
        return tuple(k)

    _merge(best, suit_kept(take(r)), 0, 0, 0)  # the tile at r is given up
    c = key[r]
    for n in range(1, min(c, 3) + 1):  # a triplet slot with n tiles of r
        _merge(best, suit_kept(take(*[r] * n)), 1, 0, n)
    if r + 1 < 9 and key[r + 1]:
        if r + 2 < 9 and key[r + 2]:
            _merge(best, suit_kept(take(r, r + 1, r + 2)), 1, 0, 3)
        _merge(best, suit_kept(take(r, r + 1)), 1, 0, 2)
    if r + 2 < 9 and key[r + 2]:
        _merge(best, suit_kept(take(r, r + 2)), 1, 0, 2)
    jiang = 2 if r in (1, 4, 7) else 1
    for n in range(1, min(c, 2) + 1):  # the pair with n tiles of r
        _merge(best, suit_kept(take(*[r] * n)), 0, jiang, n)
    for m in range(1, 5):  # an empty slot is all wildcards: more slots never keep fewer
        for p in range(3):
            best[m][p] = max(best[m][p], best[m - 1][p])
    return tuple((a, b, d) for a, b, d in best)


def honour_kept(key: Key) -> Kept:
    """Honours make only triplets and pairs; one kind may fill two slots (four of a kind)."""
    best = [[_NEG] * 3 for _ in range(5)]
    best[0][0] = 0
    for c in key:
        if not c:
            continue
        nxt = [row[:] for row in best]
        for m in range(5):
            for p in range(3):
                v = best[m][p]
                if v <= _NEG:
                    continue
                for slots in (1, 2):  # meld slots taken by this kind, with or without the pair
                    if m + slots <= 4:
                        nxt[m + slots][p] = max(nxt[m + slots][p], v + min(c, 3 * slots))
                        if p == 0:
                            nxt[m + slots][1] = max(nxt[m + slots][1], v + min(c, 3 * slots + 2))
                if p == 0:
                    nxt[m][1] = max(nxt[m][1], v + min(c, 2))
        best = nxt
    for m in range(1, 5):
        for p in range(3):
            best[m][p] = max(best[m][p], best[m - 1][p])
    return tuple((a, b, d) for a, b, d in best)


def shapes(width: int) -> Iterator[Key]:
    """Every count vector of ``width`` kinds with at most 4 of a kind and 14 tiles, in order."""

    def rec(prefix: Key, left: int) -> Iterator[Key]:
        if len(prefix) == width:
            yield prefix
            return
        for c in range(min(4, left) + 1):
            yield from rec((*prefix, c), left - c)

    yield from rec((), MAX_TILES)


def vector(kept: Kept, p: int) -> Vector:
    return tuple(kept[m][0] for m in range(5)) + tuple(kept[m][p] for m in range(5))


def join(x: Vector, y: Vector) -> Vector:
    """Max-plus combination of two groups: slots shared out, the pair in at most one of them."""
    no = [_NEG] * 5
    yes = [_NEG] * 5
    for a in range(5):
        for b in range(5 - a):
            v = x[a] + y[b]
            if v > no[a + b]:
                no[a + b] = v
            v = max(x[a] + y[5 + b], x[5 + a] + y[b])
            if v > yes[a + b]:
                yes[a + b] = v
    return tuple(max(v, _NEG) for v in (*no, *yes))


def _classes(vectors: list[Vector]) -> tuple[list[Vector], list[int]]:
    distinct = sorted(set(vectors))
    index = {v: i for i, v in enumerate(distinct)}
    return distinct, [index[v] for v in vectors]


@dataclass(frozen=True)
class RuleTables:
    """The tables of one pair rule, as ``shape`` reads them (flat lists, row-major)."""

    suit_vectors: list[Vector]  # per suit class, its kept vector (for the sync test)
    honour_vectors: list[Vector]
    suit_class: list[int]  # per suit shape, in ``shapes(9)`` order
    honour_class: list[int]  # per honour shape, in ``shapes(7)`` order
    suits: int  # number of suit classes (the row length of J and K)
    honours: int  # number of honour classes
    j: list[int]  # J[a * suits + b]
    k: list[int]  # K[ab * suits + c]
    f: list[int]  # F[(abc * honours + h) * 5 + M]: tiles kept in M slots, pair or not


def generate_rule(p: int, suit_keys: list[Key], honour_keys: list[Key]) -> RuleTables:
    """``p``: 2 for the 将 pair, 1 for any pair (the honours never hold a 将 pair)."""
    svec, scls = _classes([vector(suit_kept(k), p) for k in suit_keys])
    hvec, hcls = _classes(
        [
            vector(honour_kept(k), 1) if p == 1 else vector(honour_kept(k), 0)[:5] + (_NEG,) * 5
            for k in honour_keys
        ]
    )
    return combine(svec, hvec, scls, hcls)


def combine(svec: list[Vector], hvec: list[Vector], scls: list[int], hcls: list[int]) -> RuleTables:
    """The combination tables from the group classes (a second or two)."""
    jvec, jcls = _classes([join(a, b) for a in svec for b in svec])
    kvec, kcls = _classes([join(a, c) for a in jvec for c in svec])
    f: list[int] = []
    for abc in kvec:
        for h in hvec:
            whole = join(abc, h)
            f.extend(max(whole[m], whole[5 + m]) for m in range(5))
    return RuleTables(svec, hvec, scls, hcls, len(svec), len(hvec), jcls, kcls, f)


def generate() -> dict[str, RuleTables]:
    suit_keys, honour_keys = list(shapes(9)), list(shapes(7))
    return {
        "jiang": generate_rule(2, suit_keys, honour_keys),
        "any": generate_rule(1, suit_keys, honour_keys),
    }


# --- the file ----------------------------------------------------------------------------------


def _pack(code: str, values: list[int]) -> bytes:
    raw = array.array(code, values).tobytes()
    return len(values).to_bytes(4, "little") + raw


def encode(tables: dict[str, RuleTables]) -> bytes:
    parts = [
        b"".join(bytes(k) for k in shapes(9)),
        b"".join(bytes(k) for k in shapes(7)),
    ]
    body = bytearray()
    for part in parts:
        body += len(part).to_bytes(4, "little") + part
    for name in PAIRS:
        t = tables[name]
        body += t.suits.to_bytes(2, "little") + t.honours.to_bytes(2, "little")
        body += _pack("b", [v for vec in (*t.suit_vectors, *t.honour_vectors) for v in vec])
        for code, values in (("B", t.suit_class), ("B", t.honour_class), ("H", t.j), ("H", t.k), ("B", t.f)):
            body += _pack(code, values)
    return _MAGIC + zlib.compress(bytes(body), 9)


@dataclass(frozen=True)
class Loaded:
    """The decoded file: shape -> packed classes (将 class | any class << 8), and each rule's tables.

    A shape is keyed by its counts read as a little-endian integer (``int.from_bytes``), so
    that one more tile of rank r is ``key + (1 << 8 * r)``: no bytes to build per lookup.
    """

    suit: dict[int, int]
    honour: dict[int, int]
    rules: dict[str, RuleTables]


def decode(blob: bytes) -> Loaded:
    suit_keys, honour_keys, rules = parse(blob)
    return _loaded(suit_keys, honour_keys, rules)


def parse(blob: bytes) -> tuple[bytes, bytes, dict[str, RuleTables]]:
    """The file's sections: the suit shapes' and the honour shapes' counts (9 and 7 bytes a
    shape, in ``shapes()`` order) and each rule's tables; the compiled core (``replay.shape_core``)
    lays these out as flat arrays, ``decode`` as the dictionaries the pure-Python path reads."""
    if not blob.startswith(_MAGIC):
        raise ValueError(f"{DATA_FILE} is not a shanten table file (run python -m replay.shanten_tables)")
    raw = memoryview(zlib.decompress(blob[len(_MAGIC) :]))
    pos = 0

    def take(n: int) -> bytes:
        nonlocal pos
        out = bytes(raw[pos : pos + n])
        pos += n
        return out

    def number(width: int) -> int:
        return int.from_bytes(take(width), "little")

    suit_keys = take(number(4))
    honour_keys = take(number(4))
    rules: dict[str, RuleTables] = {}
    for name in PAIRS:
        suits, honours = number(2), number(2)
        flat = array.array("b")
        flat.frombytes(take(number(4)))
        vectors = [tuple(flat[i : i + 10]) for i in range(0, len(flat), 10)]
        arrays: list[list[int]] = []
        for code in ("B", "B", "H", "H", "B"):
            n = number(4)
            a = array.array(code)
            a.frombytes(take(n * a.itemsize))
            arrays.append(a.tolist())
        rules[name] = RuleTables(
            vectors[:suits],
            vectors[suits:],
            arrays[0],
            arrays[1],
            suits,
            honours,
            arrays[2],
            arrays[3],
            arrays[4],
        )
    return suit_keys, honour_keys, rules


def _loaded(suit_keys: bytes, honour_keys: bytes, rules: dict[str, RuleTables]) -> Loaded:
    jiang, any_ = rules["jiang"], rules["any"]
    # 405,350 shapes share 510 values: one int object each instead of one per shape (14 MB
    # less in every process, and a lookup's value is one of a few hot objects)
    shared: dict[int, int] = {}
    suit = dict(
        zip(
            (int.from_bytes(suit_keys[i : i + 9], "little") for i in range(0, len(suit_keys), 9)),
            (
                shared.setdefault(a | b << 8, a | b << 8)
                for a, b in zip(jiang.suit_class, any_.suit_class, strict=True)
            ),
            strict=True,
        )
    )
    honour = dict(
        zip(
            (int.from_bytes(honour_keys[i : i + 7], "little") for i in range(0, len(honour_keys), 7)),
            (
                shared.setdefault(a | b << 8, a | b << 8)
                for a, b in zip(jiang.honour_class, any_.honour_class, strict=True)
            ),
            strict=True,
        )
    )
    return Loaded(suit, honour, rules)


@cache
def load() -> Loaded:
    return decode(DATA_FILE.read_bytes())


def main() -> None:
    DATA_FILE.parent.mkdir(exist_ok=True)
    blob = encode(generate())
    DATA_FILE.write_bytes(blob)
    print(f"wrote {DATA_FILE} ({len(blob)} bytes)")


if __name__ == "__main__":
    main()
