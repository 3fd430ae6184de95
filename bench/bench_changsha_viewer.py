"""What the Changsha viewer's model costs a page view, beside the Sichuan viewer's for scale.

The hand viewer's model is built on every page view. For Changsha hands (changsha.md §8's worked
examples as ``tests/changsha_records`` plays them out, until simulated Changsha samples exist in
``sample_logs/simulated/``; audits made first, not timed), the median time of
``dashboards.changsha_viewer.build`` as served (steps in words, each seat's 向听, birds, receipts)
beside the baseline without the 向听; the Sichuan viewer's build of a few of its simulated hands
is printed for scale. Figures only, no verdict:
``.venv/bin/python bench/bench_changsha_viewer.py [ROUNDS]`` (default 3, a short run).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import SIM, once_ms  # noqa: E402
from common import without_progress as baseline  # noqa: E402

from dashboards import changsha_viewer, sichuan_viewer  # noqa: E402
from schemas.audit import audit_record  # noqa: E402
from tests.changsha_records import NAMES, changsha  # noqa: E402


def changsha_records() -> list[dict[str, Any]]:
    """Simulated Changsha hands when there are any, else the worked examples."""
    out = []
    for path in sorted(SIM.glob("changsha*.ndjson")):
        out += [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    return out or [changsha(n) for n in (*NAMES, "e3")]


def without_progress(record: Any, audit: Any) -> Any:
    """The baseline: the same build with every seat's 向听 left at 0."""
    return baseline(changsha_viewer, record, audit)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    hands = [(r, audit_record(r)) for r in changsha_records()]
    sichuan_path = SIM / "sichuan-xuezhan.ndjson"
    sichuan_lines = sichuan_path.read_text("utf-8").splitlines()[:20] if sichuan_path.exists() else []
    sichuan = [(r, audit_record(r)) for r in (json.loads(x) for x in sichuan_lines if x.strip())]
    steps = statistics.mean(len(r["events"]) + 1 for r, _ in hands)
    print(f"viewer model build, per hand, median of {rounds} rounds (load average {os.getloadavg()[0]:.2f})")
    served, baseline = [], []
    for _ in range(rounds):  # alternated, so a change of load hits both alike
        baseline.append(once_ms(without_progress, hands))
        served.append(once_ms(changsha_viewer.build, hands))
    served_ms, baseline_ms = statistics.median(served), statistics.median(baseline)
    print(f"  changsha, {len(hands)} hands of {steps:.0f} steps on average")
    print(f"    baseline (no 向听)        {baseline_ms:8.2f} ms")
    print(f"    as served (向听 per seat) {served_ms:8.2f} ms  ({served_ms - baseline_ms:+.2f} ms)")
    if sichuan:
        sichuan_ms = statistics.median(once_ms(sichuan_viewer.build, sichuan) for _ in range(rounds))
        print(f"  sichuan, {len(sichuan)} hands, as served {sichuan_ms:8.2f} ms (for scale)")


if __name__ == "__main__":
    main()
