"""Validation of simulated records: the schema against the fast path, in one run (issue #15).

``validate_record`` first tries ``schemas/fast_record.py`` (plain checks of a well-formed
record), then, if it is not sure, the marshmallow schema. This prints both next to
``json.loads`` of the same lines, alone and inside the audit's verdict (``audit_record(
json.loads(line), None, False)``, as ``bench/bench_audit.py`` times it), all interleaved
(schema, fast, schema, fast, …) with the best pass of each kept, so the load of a shared machine
hits both alike. Target: validation ≤ 60 µs per simulated record. Run:
``.venv/bin/python bench/bench_validate.py [HANDS]`` (default 1,000).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from functools import partial

from replay.games.wuhan.simulate import simulate
from schemas import audit
from schemas.hand_record import validate_record


def timed(fn: Callable[[], object]) -> float:
    """CPU time of this process: on a shared machine, wall time mostly measures the neighbours."""
    start = time.process_time()
    fn()
    return time.process_time() - start


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

    def verdict() -> None:
        for line in lines:
            audit.audit_record(json.loads(line), None, False)

    def verdict_schema() -> None:
        audit.validate_record = partial(validate_record, fast=False)
        try:
            verdict()
        finally:
            audit.validate_record = validate_record

    runs = {
        "json.loads": parse,
        "schema": schema,
        "fast path": fast,
        "verdict, schema": verdict_schema,
        "verdict, fast": verdict,
    }
    audit.audit_record(records[0], None, False)  # load the tables once
    figures = dict.fromkeys(runs, 1e9)
    for _ in range(3):
        for name, fn in runs.items():
            figures[name] = min(figures[name], timed(fn))
    per = 1e6 / hands
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"validate_record of {hands} simulated hands ({events / hands:.0f} events each), one core")
    print(f"(CPU time, best of 3 interleaved passes; load {load}; {taken} of {hands} valid):")
    for name, seconds in figures.items():
        ratio = seconds / figures["json.loads"]
        print(f"  {name:16} {seconds * per:8.1f} µs/hand  {ratio:5.2f}x json.loads")
    speedup = figures["schema"] / figures["fast path"]
    print(f"  schema / fast path {speedup:.1f}x   (target: fast path ≤ 60 µs)")


if __name__ == "__main__":
    main()
