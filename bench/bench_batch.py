"""Batch audit on Dask: hands/s with 1 and 2 workers on the same input, in one run (issue #8).

Target: 2 workers at least 1.7x one. Both local clusters are started and warmed up (the workers
import the engine and audit a small batch) before anything is timed. The simulation that makes
the input is not timed either. A timed run is the whole job: cutting the input, auditing,
writing Parquet, the dealer-rotation reduce and the manifest. Runs alternate 1, 2, 1, 2, … and
each figure is the best of its runs, so a burst of other work on a shared machine does not
decide the ratio. Next to each figure: the cores the job got (CPU seconds of its workers and
client per wall second) and the cores other processes took meanwhile (nannies included), so a
ratio spoiled by other work on a shared machine shows as such. The client and scheduler share
the cores with the workers.

The input is the simulator's records as they come: a sitting every 12-60 hours, so about five
hands per played date and a small Parquet file per date and dataset in each part. That is the
worst case for date partitioning; a day's batch writes a few files per part.
Run: ``.venv/bin/python bench/bench_batch.py [HANDS] [PART_LINES] [REPEATS]`` (2,000, 100, 3).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

from replay.games.wuhan.simulate import simulate
from store.batch import dask_client, run_batch


def machine_cpu() -> float:
    """CPU seconds all processes on the machine have used so far (Linux), to tell others' load."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except OSError:
        return float("nan")
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    part_lines = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    records = list(simulate(hands, seed=8, workers=2))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.ndjson"
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
        warm = Path(tmp) / "warm.ndjson"
        warm.write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records[:50]), encoding="utf-8"
        )
        print(
            f"batch audit of {hands:,} simulated hands ({path.stat().st_size / 1e6:.1f} MB NDJSON), "
            f"{part_lines} lines per part, {os.cpu_count()} cores, best of {repeats}"
        )
        print(f"  load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        with dask_client(None, 1) as one, dask_client(None, 2) as two:
            clients = {1: one, 2: two}
            for client in clients.values():
                run_batch(
                    client, [str(warm)], Path(tmp) / "warm", part_lines=10, overwrite=True, shared_inputs=True
                )
            best: dict[int, float] = {}
            cores: dict[int, float] = {}  # CPU the job got per second of the best run (workers + client)
            others: dict[int, float] = {}  # CPU everything else on the machine took meanwhile
            for repeat in range(repeats):
                for workers, client in clients.items():
                    out = Path(tmp) / f"out-{workers}-{repeat}"  # a fresh folder, as a day's run writes
                    before, mine, machine = client.run(time.process_time), time.process_time(), machine_cpu()
                    start = time.perf_counter()
                    summary = run_batch(client, [str(path)], out, part_lines=part_lines, shared_inputs=True)
                    seconds = time.perf_counter() - start
                    after = client.run(time.process_time)
                    cpu = sum(after.values()) - sum(before.values()) + time.process_time() - mine
                    assert summary.records == hands, summary
                    if seconds < best.get(workers, float("inf")):
                        best[workers], cores[workers] = seconds, cpu / seconds
                        others[workers] = max(machine_cpu() - machine - cpu, 0) / seconds
        files = sum(1 for _ in out.rglob("*.parquet"))
        print(f"  load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rate = {w: hands / s for w, s in best.items()}
    print(f"  {summary.parts} parts, {files} Parquet files, {summary.rows['events']:,} event rows")
    for w in sorted(rate):
        print(
            f"  {w} worker{'s' if w > 1 else ' '}  {best[w]:6.2f} s  {rate[w]:7.1f} hands/s"
            f"  (the job kept {cores[w]:.2f} cores busy, other processes {others[w]:.2f})"
        )
    print(f"  speedup    {rate[2] / rate[1]:.2f}x   (target ≥ 1.7x)")


if __name__ == "__main__":
    main()
