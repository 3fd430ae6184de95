"""What the Changchun viewer's model costs a page view, beside the Changsha viewer's for scale.

The hand viewer's model is built on every page view. For Changchun hands (changchun.md §8's worked
examples as ``tests/changchun_records`` plays them out, until simulated Changchun samples exist in
``sample_logs/simulated/``; audits made first, not timed), the median time of
``dashboards.changchun_viewer.build`` as served (steps in words, the 宝 and who knew it at each
step, each seat's 向听, receipts) beside the baseline without the 向听; the Changsha viewer's
build of its worked examples is printed for scale. Figures only, no verdict:
``.venv/bin/python bench/bench_changchun_viewer.py [ROUNDS]`` (default 3, a short run).
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dashboards import changchun_viewer, changsha_viewer  # noqa: E402
from schemas.audit import audit_record  # noqa: E402
from tests.changchun_records import NAMES, changchun  # noqa: E402
from tests.changsha_records import NAMES as CS_NAMES  # noqa: E402
from tests.changsha_records import changsha  # noqa: E402

SIM = ROOT / "sample_logs" / "simulated"


def changchun_records() -> list[dict[str, Any]]:
    """Simulated Changchun hands when there are any, else the worked examples."""
    out = []
    for path in sorted(SIM.glob("changchun*.ndjson")):
        out += [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    return out or [changchun(n) for n in NAMES]


def once_ms(build: Callable[..., Any], pairs: list[tuple[Any, Any]]) -> float:
    """The mean build time of one hand, in ms."""
    start = time.perf_counter()
    for record, audit in pairs:
        build(record, audit)
    return (time.perf_counter() - start) / len(pairs) * 1000


def without_progress(record: Any, audit: Any) -> Any:
    """The baseline: the same build with every seat's 向听 left at 0."""
    real = changchun_viewer._progress
    changchun_viewer._progress = lambda s, known: [0, 0, 0, 0]  # type: ignore[assignment]
    try:
        return changchun_viewer.build(record, audit)
    finally:
        changchun_viewer._progress = real  # type: ignore[assignment]


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    hands = [(r, audit_record(r)) for r in changchun_records()]
    changsha_hands = [(r, audit_record(r)) for r in (changsha(n) for n in CS_NAMES)]
    steps = statistics.mean(len(r["events"]) + 1 for r, _ in hands)
    print(f"viewer model build, per hand, median of {rounds} rounds (load average {os.getloadavg()[0]:.2f})")
    served, baseline = [], []
    for _ in range(rounds):  # alternated, so a change of load hits both alike
        baseline.append(once_ms(without_progress, hands))
        served.append(once_ms(changchun_viewer.build, hands))
    served_ms, baseline_ms = statistics.median(served), statistics.median(baseline)
    print(f"  changchun, {len(hands)} hands of {steps:.0f} steps on average")
    print(f"    baseline (no 向听)        {baseline_ms:8.2f} ms")
    print(f"    as served (向听 per seat) {served_ms:8.2f} ms  ({served_ms - baseline_ms:+.2f} ms)")
    changsha_ms = statistics.median(once_ms(changsha_viewer.build, changsha_hands) for _ in range(rounds))
    print(f"  changsha, {len(changsha_hands)} hands, as served {changsha_ms:8.2f} ms (for scale)")


if __name__ == "__main__":
    main()
