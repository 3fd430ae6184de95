"""Self-play speed and how often each hand type comes up (issue #4's benchmark).

Prints hands/s for one process (and for several when asked) and the frequency of every hand
type over the run. Run: ``.venv/bin/python bench/bench_simulate.py [HANDS] [WORKERS]``
(default 10,000 hands, one worker per core).
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter

from replay.games.wuhan.ruleset import HAND_NAMES_ZH, HAND_TYPES
from replay.games.wuhan.simulate import simulate


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else (os.cpu_count() or 1)
    types: Counter[str] = Counter()
    draws = 0
    events = 0
    start = time.perf_counter()
    for record in simulate(hands, seed=2026, workers=workers):
        events += len(record["events"])
        won = record["result"]["hands"]
        types.update(won)
        draws += not won
    elapsed = time.perf_counter() - start
    print(
        f"simulate: {hands} hands in {elapsed:.1f} s = {hands / elapsed:.0f} hands/s with {workers} worker(s)"
    )
    print(f"  {events / hands:.0f} events per hand; target ≥ 200 hands/s")
    print(f"hand types over {hands} hands (a hand may have several):")
    for h in HAND_TYPES:
        print(f"  {h:13s} {HAND_NAMES_ZH[h]:4s} {types[h]:6d}  {types[h] / hands:7.2%}")
    print(f"  {'draw':13s} {'黄庄':4s} {draws:6d}  {draws / hands:7.2%}")
    missing = [h for h in HAND_TYPES if not types[h]]
    print("every hand type occurred" if not missing else f"MISSING: {', '.join(missing)}")


if __name__ == "__main__":
    main()
