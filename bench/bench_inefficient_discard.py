"""The 牌效率 detector alone (issue #15), µs per hand, optionally A/B against another checkout.

Each record of ``simulate(HANDS, seed=7)`` is replayed (not timed), then
``list(inefficient_discard(ctx))`` is timed and the context dropped at once, as a streaming
audit drops it (keeping every position alive makes the garbage collector skew the figure).
Best of 3 passes, wall clock and process CPU time (the latter moved less by a loaded
machine). With ``--against DIR`` the same measure runs in a subprocess with ``DIR`` first on
``sys.path`` (e.g. ``git archive main`` unpacked there), interleaved with this checkout's, so
both are measured in the same window. Run: ``.venv/bin/python
bench/bench_inefficient_discard.py [HANDS] [--against DIR]`` (default 600 hands).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path


def measure(hands: int, passes: int = 3) -> tuple[float, float, int]:
    from replay.games.wuhan.analysis.base import Context
    from replay.games.wuhan.analysis.detectors.inefficient_discard import inefficient_discard
    from replay.games.wuhan.audit import replay_events
    from replay.games.wuhan.simulate import simulate
    from schemas.hand_record import validate_record

    records = []
    for raw in simulate(hands, seed=7):
        record = validate_record(raw)[0]
        assert record is not None
        records.append(record)
    found = 0
    best = cpu_best = float("inf")
    wall, cpu = time.perf_counter, time.process_time
    for _ in range(passes):
        spent = cpu_spent = 0.0
        found = 0
        for record in records:
            ctx = Context(record, record["events"], replay_events(record, positions=True).positions)
            start, cpu_start = wall(), cpu()
            for _finding in inefficient_discard(ctx):
                found += 1
            cpu_spent += cpu() - cpu_start
            spent += wall() - start
            del ctx
        best = min(best, spent)
        cpu_best = min(cpu_best, cpu_spent)
    return best * 1e6 / hands, cpu_best * 1e6 / hands, found


def _load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    args = sys.argv[1:]
    against = None
    if "--against" in args:
        i = args.index("--against")
        against = args[i + 1]
        del args[i : i + 2]
    if args and args[0] == "--one":
        per, cpu, found = measure(int(args[1]))
        print(f"{per:.1f} {cpu:.1f} {found}")
        return
    hands = int(args[0]) if args else 600
    here = str(Path(__file__).resolve().parents[1])
    runs = [("this", here)] + ([("against", against)] if against else [])
    print(f"inefficient_discard alone, {hands} simulated hands (seed 7), best of 3, load {_load()}")
    for round_ in range(2 if against else 1):
        for label, root in runs:
            env = {**os.environ, "PYTHONPATH": root}
            out = subprocess.run(
                [sys.executable, __file__, "--one", str(hands)],
                env=env,
                cwd=root,
                capture_output=True,
                text=True,
            )
            if out.returncode:
                print(out.stderr)
                continue
            per, cpu, found = out.stdout.split()
            print(
                f"  [{round_}] {label:8s} {float(per):8.1f} µs/hand wall {float(cpu):8.1f} cpu  "
                f"{found} findings  ({root}; load {_load()})"
            )


if __name__ == "__main__":
    main()
