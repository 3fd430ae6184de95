"""The compiled shape core next to the pure-Python shape engine, in one run (issue #33).

Not a test: it prints figures. Per call, from Python, on 14-tile hands (near-complete, 0–3
wildcards): ``shanten`` and ``ukeire`` (the 进张 of every discard), compiled and pure side by
side (issue #33's targets: ≤ 0.5 µs and ≤ 15 µs); then ``complete``. Then the resident memory
of a fresh process that has loaded the tables and asked each function once, with the core and
with ``REPLAY_PURE_SHAPE=1``. The host is shared: read the ratios of one run, with the load
printed. Run: ``.venv/bin/python bench/bench_shape_core.py``.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from replay import shape

SHAPES = [[r, r, r] for r in range(34)] + [
    [s * 9 + r, s * 9 + r + 1, s * 9 + r + 2] for s in range(3) for r in range(7)
]


def hands(n: int, wild: int, seed: int) -> list[list[int]]:
    """14-tile hands less ``wild`` naturals: a complete hand with one or two tiles changed."""
    rng = random.Random(seed)
    out: list[list[int]] = []
    while len(out) < n:
        tiles = [t for _ in range(4) for t in rng.choice(SHAPES)]
        p = rng.randrange(34)
        tiles += [p, p]
        for _ in range(rng.randint(1, 2)):
            tiles[rng.randrange(14)] = rng.randrange(34)
        rng.shuffle(tiles)
        counts = [0] * 34
        for t in tiles[wild:]:
            counts[t] += 1
        if max(counts) <= 4:
            out.append(counts)
    return out


def per_call_us(fn: Callable[..., Any], inputs: Sequence[Any], *args: Any, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for x in inputs:
            fn(x, *args)
        best = min(best, time.perf_counter() - start)
    return best / len(inputs) * 1e6


RSS = """
import resource
from replay import shape
from replay.tiles import NUM_KINDS
h = [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1] + [0] * 21
shape.shanten(h, 0); shape.shanten(h, 0, "any"); shape.ukeire(h, 1); shape.complete(h, 1)
shape.complete_real_jiang(h, 1); shape.improving_draws(h[:9] + [1] + h[10:], 0, "jiang", range(NUM_KINDS), 2)
rss = int(next(l for l in open("/proc/self/status") if l.startswith("VmRSS")).split()[1]) // 1024
print(rss, shape._core is not None, shape._core.table_bytes() // 1024 if shape._core else 0)
"""


def rss(pure: bool) -> str:
    env = dict(os.environ)
    env.pop("REPLAY_PURE_SHAPE", None)
    if pure:
        env["REPLAY_PURE_SHAPE"] = "1"
    out = subprocess.run([sys.executable, "-c", RSS], env=env, capture_output=True, text=True, check=True)
    mb, core, kb = out.stdout.split()
    return f"{mb} MB" + (f" (the core's flat tables: {int(kb) / 1024:.1f} MB)" if core == "True" else "")


def main() -> None:
    if shape._core is None:
        print("the compiled core is not built (or REPLAY_PURE_SHAPE is set): nothing to compare")
        return
    pure = shape.PURE
    print(f"per call, µs (best of 5 passes over 2,000 hands each; load {_load()}):")
    print(f"  {'':34s} {'compiled':>9s} {'pure':>9s} {'pure/compiled':>14s}")
    for wild in range(4):
        inputs = hands(2000, wild, seed=wild)
        for label, name, args, target in (
            (f"shanten, 14 tiles, {wild} wild, 将", "shanten", (wild,), "≤ 0.5"),
            (f"ukeire (进张 per discard), {wild} wild", "ukeire", (wild,), "≤ 15"),
            (f"complete, {wild} wild, any pair", "complete", (wild, "any"), ""),
        ):
            c = per_call_us(getattr(shape._core, name), inputs, *args)
            p = per_call_us(pure[name], inputs, *args)
            note = f"   (target {target} µs)" if target else ""
            print(f"  {label:34s} {c:9.2f} {p:9.2f} {p / c:13.1f}x{note}")
    inputs = hands(2000, 0, seed=9)
    walk = []  # the analysis' walk: the best discards' 进张, from group keys and tiles kept
    for counts in inputs:
        keys = shape.group_keys(counts)
        walk.append((keys, max(k for _, k in pure["discard_kept"](keys, 14))))
    c = per_call_us(lambda x: shape._core.best_discard_draws(x[0], 14, x[1], True), walk)  # type: ignore[union-attr]
    p = per_call_us(lambda x: pure["best_discard_draws"](x[0], 14, x[1], True), walk)
    label = "best_discard_draws, 14 tiles, near"
    print(f"  {label:34s} {c:9.2f} {p:9.2f} {p / c:13.1f}x   (pure: its caches warm after the first pass)")
    print(f"resident memory of a fresh process, tables loaded (load {_load()}):")
    print(f"  with the core          {rss(False)}")
    print(f"  REPLAY_PURE_SHAPE=1    {rss(True)}")


def _load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
