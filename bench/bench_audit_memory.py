"""Peak memory of ``replay audit`` on a large NDJSON file (issue #15: constant memory, < 500 MB;
issue #33: ``--workers 2`` on 100,000 distinct hands <= 400 MB for all processes together).

The file is HANDS *distinct* simulated hands (``replay simulate``, made before any timing). An
earlier version wrote a few thousand hands again and again under new ids: that kept the stream
constant but not the analysis' per-shape caches (``replay.shape``), which only grow with shapes
never met, so it never showed their bound. Distinct hands fill them as a real archive does.

``replay audit --json`` streams the file to /dev/null, with one worker and with every core,
while this script reads the RSS of the command's processes every half second from ``/proc``:
the peak of the largest one (the parent, or a worker with its caches) and the peak of their sum
(what the machine gives the command). RSS counts a page shared by several processes once in
each of them — the compiled shape core's tables and the modules a forked worker shares with
its parent — so the script also sums each process's PSS (``/proc/PID/smaps_rollup``: a shared
page divided among its sharers), the machine's real cost. The same runs on the file's first
tenth: a flat figure means constant memory. ``--workers N`` measures only that setting;
``--ingest`` measures ``replay ingest --workers N`` into a fresh database the same way (its
workers fork from a server holding the tables, ``store/workers.py``).

Run: ``.venv/bin/python bench/bench_audit_memory.py [HANDS] [--no-analysis] [--input FILE]
[--workers N] [--ingest]`` (default 1,000,000 hands: a file of about 5.5 GB, hours to simulate
and audit on two cores; 100,000 hands fill most of the caches; ``--input`` reuses a file that
``replay simulate`` wrote).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SEED = 99


def replay_cmd() -> list[str]:
    return [str(Path(sys.executable).with_name("replay"))]


def write(path: Path, hands: int) -> None:
    cmd = [*replay_cmd(), "simulate", "--hands", str(hands), "--seed", str(SEED)]
    with path.open("wb") as out:
        subprocess.run([*cmd, "--workers", str(os.cpu_count() or 1)], stdout=out, check=True)


def head(src: Path, dst: Path, lines: int) -> None:
    with src.open("rb") as f, dst.open("wb") as out:
        for n, line in enumerate(f):
            if n >= lines:
                break
            out.write(line)


def _tree(pid: int) -> list[int]:
    """The process and its descendants (``/proc/PID/task/*/children``)."""
    out = [pid]
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                for child in f.read().split():
                    out += _tree(int(child))
    except OSError:
        pass
    return out


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _pss_mb(pid: int) -> float:
    """Proportional set size: private pages plus each shared page divided by its sharers."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def peaks(args: list[str]) -> tuple[float, float, float, float]:
    """(peak RSS of one process, peak RSS summed over the tree, peak PSS summed, in MB;
    seconds) of a command."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL)
    one = total = pss = 0.0
    while proc.poll() is None:
        tree = _tree(proc.pid)
        sizes = [_rss_mb(p) for p in tree]
        one, total = max(one, *sizes), max(total, sum(sizes))
        pss = max(pss, sum(_pss_mb(p) for p in tree))
        time.sleep(0.5)
    if proc.returncode not in (0, 1):  # 1: some hand illegal or mismatched, still a full run
        raise SystemExit(f"{args} exited {proc.returncode}")
    return one, total, pss, time.perf_counter() - start


def table_mb() -> str:
    """The compiled shape core's tables in this interpreter (``docs/shape-core.md``)."""
    code = "from replay import shape; c = shape._core; print(c.table_bytes() if c else 0)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    n = int(out.stdout.strip() or 0)
    return f"{n / 2**20:.2f} MiB per process" if n else "not built (pure-Python path)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("hands", nargs="?", type=int, default=1_000_000)
    parser.add_argument("--no-analysis", action="store_true")
    parser.add_argument("--input", type=Path, help="reuse a file of `replay simulate` (HANDS: its lines)")
    parser.add_argument("--workers", type=int, help="only this --workers setting (default: 1 and every core)")
    parser.add_argument("--ingest", action="store_true", help="also `replay ingest` into a fresh database")
    args = parser.parse_args()
    extra = ["--no-analysis"] if args.no_analysis else []
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        small, big = Path(tmp) / "small.ndjson", args.input or Path(tmp) / "big.ndjson"
        started = time.perf_counter()
        if args.input is None:
            hands = args.hands
            write(big, hands)
            print(f"{hands:,} distinct simulated hands written in {time.perf_counter() - started:.0f} s")
        else:
            with big.open("rb") as f:
                hands = sum(1 for _ in f)
        head(big, small, max(hands // 10, 1))
        print(f"shape tables: {table_mb()}")
        commands = [("replay audit --json", ["audit", "--json"])]
        if args.ingest:
            commands.append(("replay ingest", ["ingest", "--quiet"]))
        for name, sub in commands:
            how = "peaks sampled every 0.5 s; an RSS sum counts a shared page in each sharer, PSS once"
            print(f"{name} {' '.join(extra)} ({how})")
            for workers in [args.workers] if args.workers else sorted({1, cores}):
                for label, path in ((f"{hands // 10:,} hands", small), (f"{hands:,} hands", big)):
                    db = Path(tmp) / "memory.duckdb"
                    for stale in (db, db.with_name(db.name + ".wal")):
                        stale.unlink(missing_ok=True)
                    where = ["--db", str(db)] if sub[0] == "ingest" else []
                    cmd = [*replay_cmd(), *sub, "--workers", str(workers), *where, *extra, str(path)]
                    one, total, pss, seconds = peaks(cmd)
                    size = path.stat().st_size / 2**20
                    print(
                        f"  --workers {workers}  {label:>18s}  {size:8.0f} MB file  largest process"
                        f" {one:6.0f} MB  all processes RSS {total:6.0f} MB, PSS {pss:6.0f} MB"
                        f"  {seconds:7.0f} s"
                    )
    print("targets: peak < 500 MB at 1,000,000 hands, about the same at a tenth (issue #15);")
    print("         --workers 2 on 100,000 distinct hands <= 400 MB, all processes together (issue #33)")


if __name__ == "__main__":
    main()
