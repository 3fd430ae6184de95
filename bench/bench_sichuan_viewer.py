"""What the Sichuan viewer's progress graph costs the page, beside a baseline of the same run.

The hand viewer's model is built on every page view. For the simulated Sichuan hands of
``sample_logs/simulated/`` (bots' play, both presets; audits made first, not timed), the median
time of ``dashboards.sichuan_viewer.build`` as served (each seat's 向听 at every step, markers)
beside the baseline: the same build with the 向听 left out. The Wuhan viewer's build of its own
simulated hands (which has always drawn the graph) is printed for scale. Figures only, no
verdict: ``.venv/bin/python bench/bench_sichuan_viewer.py [ROUNDS]`` (default 5).
"""

from __future__ import annotations

import os
import statistics
import sys
from typing import Any

from common import once_ms, simulated
from common import without_progress as baseline

from dashboards import sichuan_viewer, viewer
from schemas.audit import audit_record


def without_progress(record: Any, audit: Any) -> Any:
    """The baseline: the same build with every seat's 向听 left at 0."""
    return baseline(sichuan_viewer, record, audit)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    sichuan = [(r, audit_record(r)) for r in simulated("sichuan-xueliu.ndjson", "sichuan-xuezhan.ndjson")]
    wuhan = [(r, audit_record(r)) for r in simulated("hzlzg.ndjson")[:100]]
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
