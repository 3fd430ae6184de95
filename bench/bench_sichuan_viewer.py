"""What the Sichuan viewer's progress graph costs the page, beside a baseline of the same run.

The hand viewer's model is built on every page view. For the simulated Sichuan hands of
``sample_logs/simulated/`` (bots' play, both presets; audits made first, not timed), the median
time of ``dashboards.sichuan_viewer.build`` as served (each seat's 向听 at every step, markers)
beside the baseline: the same build with the 向听 left out. The Wuhan viewer's build of its own
simulated hands (which has always drawn the graph) is printed for scale. Figures only, no
verdict: ``.venv/bin/python bench/bench_sichuan_viewer.py [ROUNDS]`` (default 5).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dashboards import sichuan_viewer, viewer
from schemas.audit import audit_record

ROOT = Path(__file__).resolve().parents[1]
SIM = ROOT / "sample_logs" / "simulated"


def records(*names: str) -> list[dict[str, Any]]:
    out = []
    for name in names:
        out += [json.loads(line) for line in (SIM / name).read_text("utf-8").splitlines() if line.strip()]
    return out


def once_ms(build: Callable[..., Any], pairs: list[tuple[Any, Any]]) -> float:
    """The mean build time of one hand, in ms."""
    start = time.perf_counter()
    for record, audit in pairs:
        build(record, audit)
    return (time.perf_counter() - start) / len(pairs) * 1000


def without_progress(record: Any, audit: Any) -> Any:
    """The baseline: the same build with every seat's 向听 left at 0."""
    real = sichuan_viewer._progress
    sichuan_viewer._progress = lambda s, said, known: [0, 0, 0, 0]  # type: ignore[assignment]
    try:
        return sichuan_viewer.build(record, audit)
    finally:
        sichuan_viewer._progress = real  # type: ignore[assignment]


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    sichuan = [(r, audit_record(r)) for r in records("sichuan-xueliu.ndjson", "sichuan-xuezhan.ndjson")]
    wuhan = [(r, audit_record(r)) for r in records("hzlzg.ndjson")[:100]]
    steps = statistics.mean(len(r["events"]) + 1 for r, _ in sichuan)
    load = os.getloadavg()[0]
    print(f"viewer model build, per hand, median of {rounds} rounds (load average {load:.2f})")
    served, baseline = [], []
    for _ in range(rounds):  # alternated, so a change of load on the machine hits both alike
        baseline.append(once_ms(without_progress, sichuan))
        served.append(once_ms(sichuan_viewer.build, sichuan))
    served_ms, baseline_ms = statistics.median(served), statistics.median(baseline)
    print(f"  sichuan, {len(sichuan)} hands of {steps:.0f} steps on average")
    print(f"    baseline (no 向听)        {baseline_ms:8.2f} ms")
    print(f"    as served (向听 per seat) {served_ms:8.2f} ms  ({served_ms - baseline_ms:+.2f} ms)")
    wuhan_ms = statistics.median(once_ms(viewer.build, wuhan) for _ in range(rounds))
    print(f"  wuhan, {len(wuhan)} hands, as served {wuhan_ms:8.2f} ms (for scale)")


if __name__ == "__main__":
    main()
