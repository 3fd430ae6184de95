"""Peak memory of ``replay audit`` on a large NDJSON file (issue #15: constant memory, < 500 MB).

A few thousand simulated hands are written again and again under new hand ids (and sittings) to
make a file of HANDS hands; ``replay audit --json`` streams it to /dev/null in a child process and
the child's peak RSS (``getrusage``) is printed beside the same command on a tenth of the file,
so a flat figure means constant memory. Run: ``.venv/bin/python bench/bench_audit_memory.py
[HANDS] [--no-analysis]`` (default 1,000,000 hands; the full analysis of a million hands takes
hours on two cores, the verdict alone far less).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from replay.games.wuhan.simulate import simulate

BASE = 2000  # distinct simulated hands, re-keyed


def write(path: Path, hands: int) -> None:
    base = list(simulate(BASE, seed=99))
    with path.open("w", encoding="utf-8") as f:
        for n in range(hands):
            r = base[n % BASE]
            copy = n // BASE
            rec = {
                **r,
                "hand_id": f"{r['hand_id']}-c{copy}",
                "session": {**r["session"], "id": f"{r['session']['id']}-c{copy}"},
            }
            f.write(json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n")


def peak_mb(args: list[str]) -> tuple[float, float]:
    """(peak RSS of the child in MB, seconds); each run in a fresh child whose peak is its own."""
    code = (
        "import resource, subprocess, sys;"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
    return int(out.stdout.split()[-1]) / 1024, time.perf_counter() - start


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 1_000_000
    extra = ["--no-analysis"] if "--no-analysis" in sys.argv else []
    replay = str(Path(sys.executable).with_name("replay"))
    with tempfile.TemporaryDirectory() as tmp:
        small, big = Path(tmp) / "small.ndjson", Path(tmp) / "big.ndjson"
        write(small, max(hands // 10, 1))
        write(big, hands)
        print(f"replay audit --json {' '.join(extra)} (--workers 1; peak RSS of the child process)")
        for label, path in ((f"{hands // 10:,} hands", small), (f"{hands:,} hands", big)):
            mb, seconds = peak_mb([replay, "audit", "--json", "--workers", "1", *extra, str(path)])
            size = path.stat().st_size / 2**20
            print(f"  {label:>18s}  {size:8.0f} MB file  peak {mb:6.0f} MB  {seconds:7.0f} s")
    print("target: peak < 500 MB at 1,000,000 hands, and about the same at a tenth")


if __name__ == "__main__":
    main()
