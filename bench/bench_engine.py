"""Engine speed: win check, shanten and ukeire, next to the PyPI ``mahjong`` library in one run.

Not a test: it prints figures. Hands are random complete hands and near-misses (one tile
changed), laizi-free for the comparison with ``mahjong`` (which has no wildcards), then with
1 and 2–3 laizi for our own targets (issue #15: shanten ≤ 3 µs warm and cold alike, the
tiles-that-improve of every discard of a 14-tile hand ≤ 100 µs). "Cold" is the first call on
hands never seen, in a process whose tables are loaded but hold nothing hand-specific.
Run: ``.venv/bin/python bench/bench_engine.py``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from replay.shape import complete, shanten, ukeire

SHAPES = [[r, r, r] for r in range(34)] + [
    [s * 9 + r, s * 9 + r + 1, s * 9 + r + 2] for s in range(3) for r in range(7)
]


def complete_hand(rng: random.Random) -> list[int]:
    while True:
        tiles = [t for _ in range(4) for t in rng.choice(SHAPES)]
        pair = rng.randrange(34)
        tiles += [pair, pair]
        if max(tiles.count(t) for t in set(tiles)) <= 4:
            return tiles


def counts(tiles: Sequence[int]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


def near_miss(rng: random.Random, tiles: list[int]) -> list[int]:
    while True:
        out = list(tiles)
        out[rng.randrange(len(out))] = rng.randrange(34)
        if out.count(max(set(out), key=out.count)) <= 4:
            return out


def per_call_us(fn: Callable[[Sequence[int]], object], inputs: list[list[int]], repeat: int = 5) -> float:
    """Best of ``repeat`` passes (``repeat=1`` on hands never seen: the cold figure)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for x in inputs:
            fn(x)
        best = min(best, time.perf_counter() - start)
    return best / len(inputs) * 1e6


def with_laizi(rng: random.Random, tiles: list[int], n: int) -> tuple[list[int], int]:
    """Replace n tiles by a laizi (removed from the counts, passed as wildcards)."""
    out = list(tiles)
    for i in rng.sample(range(len(out)), n):
        out[i] = -1
    return counts([t for t in out if t >= 0]), n


def main() -> None:
    rng = random.Random(20261130)
    n = 4000
    wins = [complete_hand(rng) for _ in range(n // 2)]
    hands = [counts(h) for h in wins] + [counts(near_miss(rng, h)) for h in wins]
    agari, sh = Agari(), Shanten()
    suite = [(c, sum(c)) for c in hands]
    assert all(complete(c, 0, "any") == agari.is_agari(c) for c, _ in suite), "disagrees with mahjong"
    ours = per_call_us(lambda c: complete(c, 0, "any"), hands)
    ours_j = per_call_us(lambda c: complete(c, 0, "jiang"), hands)
    theirs = per_call_us(agari.is_agari, hands)
    print(f"win check, laizi-free ({len(hands)} hands: half complete, half one tile off)")
    print(f"  replay.shape.complete(any pair)   {ours:7.2f} µs/call")
    print(f"  replay.shape.complete(将 pair)     {ours_j:7.2f} µs/call")
    print(f"  mahjong Agari.is_agari            {theirs:7.2f} µs/call   ratio {theirs / ours:.1f}x (≥ 4x)")
    for k in (1, 2, 3):
        lz = [with_laizi(rng, h, k) for h in wins]
        us = per_call_us(lambda cw: complete(cw[0], cw[1], "jiang"), lz)  # type: ignore[arg-type,index]
        print(f"win check with {k} laizi               {us:7.2f} µs/call   (target < 10 µs)")
    thirteen = [counts(near_miss(rng, h)[:13]) for h in wins] + [counts(h[:13]) for h in wins]
    fourteen = [counts(near_miss(rng, h)) for h in wins]
    shanten([0] * 34)  # load the tables (once per process, a few hundred ms)
    sh_cold = per_call_us(lambda c: shanten(c, 0, "jiang"), fourteen, repeat=1)
    sh_theirs = per_call_us(
        lambda c: sh.calculate_shanten(c, use_chiitoitsu=False, use_kokushi=False), thirteen
    )
    sh_warm = per_call_us(lambda c: shanten(c, 0, "any"), thirteen)
    sh_jiang = per_call_us(lambda c: shanten(c, 0, "jiang"), thirteen)
    sh_14 = per_call_us(lambda c: shanten(c, 0, "jiang"), fourteen)
    differ = [c for c in thirteen if shanten(c, 0, "any") != sh.calculate_shanten(c, False, False)]
    fifth = sum(1 for c in differ if 4 in c)  # ours reads a missing tile as any kind, a 5th copy too
    print(
        f"shanten, laizi-free ({len(thirteen)} hands; differ from mahjong on {len(differ)}, "
        f"{fifth} of them a wait on a fifth copy)"
    )
    print(f"  replay.shape.shanten, 14 tiles, cold {sh_cold:7.2f} µs/call   (target ≤ 3 µs)")
    print(f"  replay.shape.shanten, 14 tiles, 将    {sh_14:7.2f} µs/call   (target ≤ 3 µs)")
    print(f"  replay.shape.shanten, 13 tiles, any  {sh_warm:7.2f} µs/call")
    print(f"  replay.shape.shanten, 13 tiles, 将    {sh_jiang:7.2f} µs/call")
    print(
        f"  mahjong calculate_shanten, 13 tiles  {sh_theirs:7.2f} µs/call   ratio {sh_theirs / sh_jiang:.1f}x"
    )
    for k in (1, 2, 3):
        for size in (13, 14):
            lz = [with_laizi(rng, (h if size == 14 else h[:13]), k) for h in wins]
            us = per_call_us(lambda cw: shanten(cw[0], cw[1], "jiang"), lz)  # type: ignore[arg-type,index]
            print(f"shanten, {size} tiles with {k} laizi, 将      {us:7.2f} µs/call   (target ≤ 3 µs)")
    few = fourteen[:40]
    uk_cold = per_call_us(lambda c: ukeire(c, 0, "jiang"), fourteen[40:], repeat=1)
    uk = per_call_us(lambda c: ukeire(c, 0, "jiang"), fourteen)
    uk_lz = per_call_us(
        lambda cw: ukeire(cw[0], cw[1], "jiang"),  # type: ignore[arg-type,index]
        [with_laizi(rng, near_miss(rng, h), 1) for h in wins],
    )
    uk_theirs = per_call_us(lambda c: mahjong_ukeire(sh, c), few, repeat=1)
    print("tiles that improve (进张) for every discard of a 14-tile hand")
    print(f"  replay.shape.ukeire, cold            {uk_cold:7.1f} µs/hand   (target ≤ 100 µs)")
    print(f"  replay.shape.ukeire, 将               {uk:7.1f} µs/hand   (target ≤ 100 µs)")
    print(f"  replay.shape.ukeire, 1 laizi, 将      {uk_lz:7.1f} µs/hand")
    print(f"  mahjong, shanten per discard × draw  {uk_theirs:7.1f} µs/hand   ratio {uk_theirs / uk:.0f}x")


def mahjong_ukeire(sh: Shanten, c: Sequence[int]) -> dict[int, int]:
    """The same question asked of ``mahjong`` the plain way: every discard, every draw."""
    out: dict[int, int] = {}
    hand = list(c)
    for d in range(34):
        if not hand[d]:
            continue
        hand[d] -= 1
        now = sh.calculate_shanten(hand, use_chiitoitsu=False, use_kokushi=False)
        n = 0
        for k in range(34):
            if hand[k] < 4:
                hand[k] += 1
                if sh.calculate_shanten(hand, use_chiitoitsu=False, use_kokushi=False) < now:
                    n += 4 - hand[k] + 1
                hand[k] -= 1
        hand[d] += 1
        out[d] = n
    return out


if __name__ == "__main__":
    main()
