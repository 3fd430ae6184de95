"""Validation alone of simulated records: the schema against the fast path, in one run (issue #15).

``validate_record`` first tries ``schemas/fast_record.py`` (plain checks of a well-formed
record), then, if it is not sure, the marshmallow schema. This prints both next to
``json.loads`` of the same lines, interleaved (schema, fast, schema, fast, …) and the best of
each kept, so the load of a shared machine hits both alike. Target: ≤ 60 µs per simulated
record. Run: ``.venv/bin/python bench/bench_validate.py [HANDS]`` (default 1,000).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable

from replay.games.wuhan.simulate import simulate
from schemas.hand_record import validate_record


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    lines = [json.dumps(r, ensure_ascii=False) for r in simulate(hands, seed=7)]
    records = [json.loads(line) for line in lines]
    events = sum(len(r["events"]) for r in records)
    taken = sum(validate_record(r)[0] is not None for r in records)
    assert all(validate_record(r) == validate_record(r, fast=False) for r in records)

    def parse() -> None:
        for line in lines:
            json.loads(line)

    def schema() -> None:
        for r in records:
            validate_record(r, fast=False)

    def fast() -> None:
        for r in records:
            validate_record(r)

    figures: dict[str, float] = {"json.loads": 1e9, "schema": 1e9, "fast path": 1e9}
    for _ in range(3):
        for name, fn in (("json.loads", parse), ("schema", schema), ("fast path", fast)):
            figures[name] = min(figures[name], timed(fn))
    per = 1e6 / hands
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"validate_record of {hands} simulated hands ({events / hands:.0f} events each), one core")
    print(f"(best of 3 interleaved passes; load {load}; {taken} of {hands} valid):")
    for name, seconds in figures.items():
        ratio = seconds / figures["json.loads"]
        print(f"  {name:12} {seconds * per:8.1f} µs/hand  {ratio:5.2f}x json.loads")
    speedup = figures["schema"] / figures["fast path"]
    print(f"  schema / fast path {speedup:.1f}x   (target: fast path ≤ 60 µs)")


if __name__ == "__main__":
    main()
