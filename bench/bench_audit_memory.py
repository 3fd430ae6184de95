"""Peak memory of ``replay audit`` on a large NDJSON file (issue #15: constant memory, < 500 MB).

The file is HANDS *distinct* simulated hands (``replay simulate``, made before any timing). An
earlier version wrote a few thousand hands again and again under new ids: that kept the stream
constant but not the analysis' per-shape caches (``replay.shape``), which only grow with shapes
never met, so it never showed their bound. Distinct hands fill them as a real archive does.

``replay audit --json`` streams the file to /dev/null, with one worker and with every core,
while this script reads the RSS of the command's processes every half second from ``/proc``:
the peak of the largest one (the parent, or a worker with its caches) and the peak of their sum
(what the machine gives the command). The same runs on the file's first tenth: a flat figure
means constant memory. Run: ``.venv/bin/python bench/bench_audit_memory.py [HANDS]
[--no-analysis] [--input FILE]`` (default 1,000,000 hands: a file of about 5.5 GB, hours to
simulate and audit on two cores; 100,000 hands take about half an hour and already fill most of
the caches; ``--input`` reuses a file that ``replay simulate`` wrote).
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


def peaks(args: list[str]) -> tuple[float, float, float]:
    """(peak RSS of one process, peak of the whole tree, in MB; seconds) of a command."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL)
    one = total = 0.0
    while proc.poll() is None:
        sizes = [_rss_mb(p) for p in _tree(proc.pid)]
        one, total = max(one, *sizes), max(total, sum(sizes))
        time.sleep(0.5)
    if proc.returncode not in (0, 1):  # 1: some hand illegal or mismatched, still a full run
        raise SystemExit(f"{args} exited {proc.returncode}")
    return one, total, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("hands", nargs="?", type=int, default=1_000_000)
    parser.add_argument("--no-analysis", action="store_true")
    parser.add_argument("--input", type=Path, help="reuse a file of `replay simulate` (HANDS: its lines)")
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
        print(f"replay audit --json {' '.join(extra)} (peak RSS, sampled every 0.5 s)")
        for workers in sorted({1, cores}):
            for label, path in ((f"{hands // 10:,} hands", small), (f"{hands:,} hands", big)):
                cmd = [*replay_cmd(), "audit", "--json", "--workers", str(workers), *extra, str(path)]
                one, total, seconds = peaks(cmd)
                size = path.stat().st_size / 2**20
                print(
                    f"  --workers {workers}  {label:>18s}  {size:8.0f} MB file  largest process"
                    f" {one:6.0f} MB  all processes {total:6.0f} MB  {seconds:7.0f} s"
                )
    print("target: peak < 500 MB at 1,000,000 hands, and about the same at a tenth")


if __name__ == "__main__":
    main()
