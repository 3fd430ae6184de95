"""What a 推筒子 round page costs a view: the round viewer's model and the sitting's totals.

Over the simulated rounds in ``sample_logs/simulated/tuitongzi-*.ndjson`` (audits made first,
not timed): the median time of ``dashboards.tuitongzi_viewer.build`` per round, and of the
running-totals chart of each sitting (``store.tuitongzi_sitting.sitting_rounds`` on a store the
rounds were ingested into, plus ``charts.sitting_totals``), as the round page runs both. Figures
only, no verdict: ``.venv/bin/python bench/bench_tuitongzi_viewer.py [ROUNDS]`` (default 3, a
short run).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dashboards import charts, tuitongzi_viewer  # noqa: E402
from replay.inputs import decode_json  # noqa: E402
from schemas.audit import audit_record  # noqa: E402
from store.db import Store  # noqa: E402
from store.ingest import ingest  # noqa: E402
from store.tuitongzi_sitting import sitting_rounds  # noqa: E402

SIM = ROOT / "sample_logs" / "simulated"


def records() -> list[dict[str, Any]]:
    out = []
    for path in sorted(SIM.glob("tuitongzi-*.ndjson")):
        out += [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    return out


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    recs = records()
    pairs = [(r, audit_record(r)) for r in recs]
    build_ms = []
    for _ in range(rounds):
        start = time.perf_counter()
        for record, audit in pairs:
            tuitongzi_viewer.build(record, audit)
        build_ms.append((time.perf_counter() - start) / len(pairs) * 1000)
    sittings = sorted({(r["source"], r["session"]["id"]) for r in recs if "session" in r})
    with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "tt.duckdb") as store:
        ingest(store, decode_json(json.dumps(recs).encode()))
        totals_ms = []
        for _ in range(rounds):
            start = time.perf_counter()
            for source, sid in sittings:
                with store.read() as cur:
                    charts.sitting_totals(sitting_rounds(cur, source, sid))
            totals_ms.append((time.perf_counter() - start) / max(len(sittings), 1) * 1000)
    print(f"推筒子 round viewer: {len(pairs)} rounds, {rounds} rounds of timing")
    print(f"  build per round        {statistics.median(build_ms):8.3f} ms (median)")
    per_sitting = statistics.median(totals_ms)
    print(f"  sitting totals chart   {per_sitting:8.3f} ms per sitting ({len(sittings)} sittings)")


if __name__ == "__main__":
    main()
