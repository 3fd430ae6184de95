"""Ingest throughput: NDJSON file → DuckDB through the pipeline, next to its two baselines.

Not a test: it prints figures, all measured in one run on the same file, each command in a
fresh process as a user runs it (imports, the engine's tables, its caches cold: what a real
run over hands never seen pays).

- **replay audit --json** — read, validate, replay and analyse, storing nothing: the
  pipeline's floor, since ingest does all of that and then stores.
- **replay ingest** — the same records into a fresh database file (closed, so checkpointed,
  inside the timing).
- **DuckDB read_json** — DuckDB loading the same file into a table by itself, no validation or
  replay: the ceiling for moving these bytes into this database.

Both commands run with one worker process and with every core (``--workers``), and each
ingest is compared with the audit at the same setting. Target (issue #15): ingest at least
80% of the full audit's throughput. An earlier version timed the audit in this process, where
from the second round on the analysis' per-shape caches already held every hand of the file,
against ingest worker processes that started cold: that compared a warm audit with a cold
ingest.

Run: ``.venv/bin/python bench/bench_ingest.py`` (``--input FILE`` reuses a file made by
``replay simulate --hands 2000 --seed 1``). ``--repeat N`` keeps the best of N rounds; each
round runs every measurement once, so a burst of load from elsewhere on the machine spoils one
round of each rather than one measurement. ``--cores-only`` runs only the every-core audit and
ingest (the issue #33 ratio), alternated, in half the time.
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

HANDS = 2000
SEED = 1
#: whether ingest's fork server (and so its workers) is reaped by this process (``adopt_orphans``)
ADOPTED = False


def make_input(folder: Path) -> Path:
    path = folder / f"sim-{HANDS}-{SEED}.ndjson"
    cmd = [
        *replay_cmd(),
        "simulate",
        "--hands",
        str(HANDS),
        "--seed",
        str(SEED),
        "--workers",
        str(os.cpu_count() or 1),
    ]
    with path.open("wb") as out:
        subprocess.run(cmd, stdout=out, check=True)
    return path


def adopt_orphans() -> bool:
    """Make this process the subreaper of its descendants (Linux ``PR_SET_CHILD_SUBREAPER``).

    ``replay ingest`` forks its workers itself (``store.workers.forked_pool``), but where it
    cannot they are children of a fork server, which outlives the command by a moment and is
    then no one's child: its CPU, and its workers', never reached this process's
    ``RUSAGE_CHILDREN``. Adopted here and reaped (``reap``), they count like the audit's."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(36, 1, 0, 0, 0) == 0)  # 36: PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def reap(wait: float = 5.0) -> None:
    """Wait for the adopted descendants (the fork server, once its owner is gone) to end."""
    end = time.monotonic() + wait
    while time.monotonic() < end:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.02)


def cpu_seconds() -> float:
    """CPU time of this process (all its threads, DuckDB's included) and of its ended children
    (worker processes; ingest's fork server and its workers too, when ``adopt_orphans``
    worked): a measure that load from elsewhere on the machine hardly moves."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(run: Callable[[], int]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and the count the run reports."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    n = run()
    return time.perf_counter() - wall, cpu_seconds() - cpu, n


def replay_cmd() -> list[str]:
    replay = Path(sys.executable).with_name("replay")
    return [str(replay)] if replay.exists() else [sys.executable, "-m", "cli.main"]


def audit_cli(path: Path, workers: int) -> int:
    done = subprocess.run(
        [*replay_cmd(), "audit", "--json", "--workers", str(workers), str(path)],
        capture_output=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr  # 1: some hand is not ok
    return done.stdout.count(b"\n")


def ingest_cli(path: Path, folder: Path, workers: int) -> int:
    db = folder / f"ingest-{workers}.duckdb"
    for stale in (db, db.with_name(db.name + ".wal")):
        stale.unlink(missing_ok=True)
    done = subprocess.run(
        [*replay_cmd(), "ingest", "--db", str(db), "--workers", str(workers), "--quiet", str(path)],
        capture_output=True,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    if ADOPTED:
        reap()  # the fork server and its workers, so their CPU is counted
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute("SELECT count(*) FROM hands").fetchall()
    finally:
        con.close()
    return int(rows[0][0])


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
    parser.add_argument(
        "--cores-only", action="store_true", help="only the every-core pair (audit, ingest), alternated"
    )
    args = parser.parse_args()
    global ADOPTED
    ADOPTED = adopt_orphans()
    folder = Path(tempfile.mkdtemp(prefix="bench-ingest-"))
    try:
        path = args.input or make_input(folder)
        size = path.stat().st_size
        workers = min(os.cpu_count() or 1, 8)
        runs: dict[str, Callable[[], int]] = {
            "audit1": lambda: audit_cli(path, 1),
            "one": lambda: ingest_cli(path, folder, 1),
            "auditN": lambda: audit_cli(path, workers),
            "many": lambda: ingest_cli(path, folder, workers),
            "raw": lambda: read_json(path, folder),
        }
        if args.cores_only:
            runs = {name: runs[name] for name in ("auditN", "many")}
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
        made = (
            "--input " + str(args.input) if args.input else f"replay simulate --hands {HANDS} --seed {SEED}"
        )
        print(f"input: {n} hands, {size / 1e6:.1f} MB NDJSON ({made})")
        print(
            f"cores: {os.cpu_count()}; best of {args.repeat} rounds; CPU = all threads and worker processes"
        )
        print(f"  {'':<44} {'hands/s':>8} {'CPU ms/hand':>12}   ingest vs audit (hands/s, CPU)")
        rows = (
            ("audit1", "replay audit --json --workers 1", None),
            ("one", "replay ingest --workers 1", "audit1"),
            ("auditN", f"replay audit --json --workers {workers}", None),
            ("many", f"replay ingest --workers {workers}", "auditN"),
            ("raw", "DuckDB read_json (no validation or replay)", None),
        )
        for name, label, base in rows:
            if name not in runs:
                continue
            rate = n / wall[name]
            # ingest's pool workers may be a fork server's children (store/workers.py): their CPU
            # is counted then only when this process adopted the server (``adopt_orphans``)
            seen = name != "many" or workers == 1 or ADOPTED
            per_hand = f"{cpu[name] / n * 1000:12.2f}" if seen else f"{'n/a':>12}"
            line = f"  {label:<44} {rate:8.0f} {per_hand}"
            if base is not None:
                ratio = wall[base] / wall[name]
                verdict = "meets" if ratio >= 0.8 else "misses"
                by_cpu = f"{cpu[base] / cpu[name]:4.2f}x" if seen else "n/a"
                line += f"   {ratio:4.2f}x, {by_cpu} ({verdict} the 0.80x target)"
            print(line)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
