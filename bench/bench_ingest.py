"""Ingest throughput: NDJSON file → DuckDB through the pipeline, next to its two baselines.

Not a test: it prints figures, all measured in one run on the same file.

- **audit only** — what ``replay audit`` does (read, validate, replay), in one process, storing
  nothing: the pipeline's floor, since ingest does all of that and then stores.
- **ingest** — ``replay ingest``'s path (``store.ingest.ingest_stream``) into a fresh database
  file, closed (checkpointed) inside the timing; once in one process, once with the default
  worker processes.
- **DuckDB read_json** — DuckDB loading the same file into a table by itself, no validation or
  replay: the ceiling for moving these bytes into this database.

Target: ingest at least 80% of audit-only throughput.

Run: ``.venv/bin/python bench/bench_ingest.py`` (``--input FILE`` reuses a file made by
``replay simulate --hands 2000 --seed 1``). ``--repeat N`` keeps the best of N rounds; each
round runs every measurement once, so a burst of load from elsewhere on the machine spoils one
round of each rather than one measurement.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import duckdb

from replay.inputs import iter_records
from schemas.audit import audit_records
from store.db import Store
from store.decode import batches, read_paths
from store.ingest import ingest_stream, summarise

HANDS = 2000
SEED = 1


def make_input(folder: Path) -> Path:
    path = folder / f"sim-{HANDS}-{SEED}.ndjson"
    replay = Path(sys.executable).with_name("replay")
    cmd = [str(replay)] if replay.exists() else [sys.executable, "-m", "cli.main"]
    cmd += ["simulate", "--hands", str(HANDS), "--seed", str(SEED), "--workers", str(os.cpu_count() or 1)]
    with path.open("wb") as out:
        subprocess.run(cmd, stdout=out, check=True)
    return path


def cpu_seconds() -> float:
    """CPU time of this process (all its threads, DuckDB's included) and of its ended children
    (worker processes): a measure that load from elsewhere on the machine hardly moves."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(run: Callable[[], int]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and the count the run reports."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    n = run()
    return time.perf_counter() - wall, cpu_seconds() - cpu, n


def audit_only(path: Path) -> int:
    return len(audit_records(iter_records([str(path)])))


def ingest_file(path: Path, folder: Path, workers: int) -> int:
    db = folder / f"ingest-{workers}.duckdb"
    for stale in (db, db.with_name(db.name + ".wal")):
        stale.unlink(missing_ok=True)
    results = []
    store = Store(db)
    try:
        ingest_stream(
            store, batches(read_paths([str(path)]), 500), lambda _, r: results.extend(r), workers=workers
        )
    finally:
        store.close()
    outcomes, _ = summarise(results)
    assert outcomes["stored"] == len(results), outcomes
    return len(results)


def read_json(path: Path, folder: Path) -> int:
    db = folder / "read_json.duckdb"
    db.unlink(missing_ok=True)
    con = duckdb.connect(str(db))
    try:
        con.execute(
            "CREATE TABLE raw AS SELECT * FROM"
            " read_json(?, format = 'newline_delimited', maximum_object_size = 67108864)",
            [str(path)],
        )
        rows = con.execute("SELECT count(*) FROM raw").fetchall()
    finally:
        con.close()
    return int(rows[0][0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", type=Path, help="an NDJSON file from replay simulate (default: make one)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-ingest-"))
    try:
        path = args.input or make_input(folder)
        size = path.stat().st_size
        workers = min(os.cpu_count() or 1, 8)
        runs: dict[str, Callable[[], int]] = {
            "audit": lambda: audit_only(path),
            "one": lambda: ingest_file(path, folder, 1),
            "many": lambda: ingest_file(path, folder, workers),
            "raw": lambda: read_json(path, folder),
        }
        wall = {name: float("inf") for name in runs}
        cpu = {name: float("inf") for name in runs}
        counts = set()
        for _ in range(args.repeat):  # rounds, so a burst of load elsewhere hits one round of each
            for name, run in runs.items():
                seconds, cpu_s, count = timed(run)
                wall[name] = min(wall[name], seconds)
                cpu[name] = min(cpu[name], cpu_s)
                counts.add(count)
        assert len(counts) == 1, counts
        (n,) = counts
        print(f"input: {n} hands, {size / 1e6:.1f} MB NDJSON (replay simulate --hands {HANDS} --seed {SEED})")
        print(
            f"cores: {os.cpu_count()}; best of {args.repeat} rounds; CPU = all threads and worker processes"
        )
        print(f"  {'':<44} {'hands/s':>8} {'CPU ms/hand':>12}   vs audit only (hands/s, CPU)")
        rows = (
            ("audit", "audit only (the replay audit path, 1 process)"),
            ("one", "ingest, 1 process"),
            ("many", f"ingest, {workers} worker processes (the default)"),
            ("raw", "DuckDB read_json (no validation or replay)"),
        )
        for name, label in rows:
            rate = n / wall[name]
            per_hand = cpu[name] / n * 1000
            line = f"  {label:<44} {rate:8.0f} {per_hand:12.2f}"
            if name in ("one", "many"):
                ratio = wall["audit"] / wall[name]
                verdict = "meets" if ratio >= 0.8 else "misses"
                line += f"   {ratio:4.2f}x, {cpu['audit'] / cpu[name]:4.2f}x ({verdict} the 0.80x target)"
            print(line)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
