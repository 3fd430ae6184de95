"""What the 二人麻将 viewer's model and its store facts cost, beside the Changsha viewer's for scale.

The hand viewer's model is built on every page view, and an ingest replays each 二人 hand once
more for its per-seat facts (``replay.games.erren.facts``: the 起胡 misses are found by trying
a ``hu`` on a copy of the board wherever a seat holds a winning shape). For 二人 hands
(simulated samples in ``sample_logs/simulated/erren*.ndjson`` when there are any, else
``tests/erren_records``; audits made first, not timed): the median time per hand of
``dashboards.erren_viewer.build`` as served, of the same build without the 向听 (baseline), and
of ``store_facts``; the Changsha viewer's build of its worked examples is printed for scale.
Figures only, no verdict: ``.venv/bin/python bench/bench_erren_viewer.py [ROUNDS]`` (default 3,
a short run).
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

from dashboards import changsha_viewer, erren_viewer  # noqa: E402
from replay.games.erren.facts import store_facts  # noqa: E402
from schemas.audit import audit_record  # noqa: E402
from tests.changsha_records import changsha  # noqa: E402
from tests.erren_records import NAMES, erren  # noqa: E402

SIM = ROOT / "sample_logs" / "simulated"


def erren_records(limit: int = 200) -> list[dict[str, Any]]:
    """Simulated 二人 hands when there are any (at most ``limit``), else the builder records."""
    out: list[dict[str, Any]] = []
    for path in sorted(SIM.glob("erren*.ndjson")):
        out += [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    return out[:limit] or [erren(n) for n in NAMES]


def once_ms(build: Callable[..., Any], pairs: list[tuple[Any, Any]]) -> float:
    """The mean time of one hand, in ms."""
    start = time.perf_counter()
    for record, audit in pairs:
        build(record, audit)
    return (time.perf_counter() - start) / len(pairs) * 1000


def without_progress(record: Any, audit: Any) -> Any:
    """The baseline: the same build with both seats' 向听 left at 0."""
    real = erren_viewer._progress
    erren_viewer._progress = lambda s, known: [0, 0]  # type: ignore[assignment]
    try:
        return erren_viewer.build(record, audit)
    finally:
        erren_viewer._progress = real  # type: ignore[assignment]


def facts(record: Any, audit: Any) -> Any:
    return store_facts(record, audit.get("computed"))


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    hands = [(r, audit_record(r)) for r in erren_records()]
    changsha_hands = [(r, audit_record(r)) for r in (changsha(n) for n in ("e1", "e4", "e5", "e7", "e8"))]
    steps = statistics.mean(len(r["events"]) + 1 for r, _ in hands)
    print(f"二人麻将 per hand, median of {rounds} rounds (load average {os.getloadavg()[0]:.2f})")
    served, baseline, facts_ms = [], [], []
    for _ in range(rounds):  # alternated, so a change of load hits all alike
        baseline.append(once_ms(without_progress, hands))
        served.append(once_ms(erren_viewer.build, hands))
        facts_ms.append(once_ms(facts, hands))
    served_m, baseline_m = statistics.median(served), statistics.median(baseline)
    print(f"  erren, {len(hands)} hands of {steps:.0f} steps on average")
    print(f"    viewer baseline (no 向听)        {baseline_m:8.2f} ms")
    print(f"    viewer as served (向听 per seat) {served_m:8.2f} ms  ({served_m - baseline_m:+.2f} ms)")
    print(f"    store facts (起胡 misses, 报听)  {statistics.median(facts_ms):8.2f} ms")
    changsha_ms = statistics.median(once_ms(changsha_viewer.build, changsha_hands) for _ in range(rounds))
    print(f"  changsha, {len(changsha_hands)} hands, viewer as served {changsha_ms:8.2f} ms (for scale)")


if __name__ == "__main__":
    main()
