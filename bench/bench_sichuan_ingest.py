"""Ingest of Sichuan hands beside Wuhan hands, in the same run: what storing a second game costs.

Not a test: it prints figures. For each game, the same number of simulated hands (the committed
samples, ``sample_logs/simulated/``) go through

- **audit only** — ``schemas.audit.audit_records`` (validate, replay, settle, mistakes), storing
  nothing: the floor of ingest;
- **ingest** — ``store.ingest.ingest_stream`` into a fresh database file in one process: the same
  audit plus the rows (for Sichuan also ``wins``, ``transfers`` and ``sichuan_seat_facts``, whose
  facts replay the hand a second time), closed inside the timing.

Run: ``.venv/bin/python bench/bench_sichuan_ingest.py [--repeat N]`` (best of N rounds).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from replay.inputs import Item, decode_auto
from schemas.audit import audit_records
from store.db import Store
from store.ingest import batches, ingest_stream

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_logs" / "simulated"


def load(names: list[str], limit: int) -> list[Item]:
    items: list[Item] = []
    for name in names:
        path = SAMPLES / name
        items += decode_auto(path.read_bytes(), str(path))
    return items[:limit]


def audit_only(items: list[Item]) -> float:
    start = time.perf_counter()
    audits = audit_records((it.obj, it.location) for it in items)
    assert len(audits) == len(items)
    return time.perf_counter() - start


def ingest_once(items: list[Item]) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        with Store(Path(tmp) / "bench.duckdb") as store:
            ingest_stream(store, batches([items], 1000))
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    sichuan = load(
        ["sichuan-xuezhan.ndjson", "sichuan-xueliu.ndjson", "sichuan-xuezhan-bankruptcy.ndjson"], 10**6
    )
    wuhan = load(["hzlzg.ndjson", "hzlzg-koukou.ndjson", "hzfclzg.ndjson"], len(sichuan))
    n = min(len(sichuan), len(wuhan))
    sichuan, wuhan = sichuan[:n], wuhan[:n]
    best: dict[tuple[str, str], float] = {}
    for _ in range(args.repeat):  # each round measures everything once: load from elsewhere spoils a round
        for game, items in (("wuhan", wuhan), ("sichuan", sichuan)):
            for what, run in (("audit only", audit_only), ("ingest", ingest_once)):
                seconds = run(items)
                key = (game, what)
                best[key] = min(best.get(key, seconds), seconds)
    print(f"{n} hands per game, best of {args.repeat} rounds, one process")
    print(f"{'game':<9}{'measure':<12}{'hands/s':>10}{'ms/hand':>10}{'ingest / audit':>16}")
    for game in ("wuhan", "sichuan"):
        for what in ("audit only", "ingest"):
            s = best[(game, what)]
            ratio = f"{best[(game, 'audit only')] / s:.0%}" if what == "ingest" else ""
            print(f"{game:<9}{what:<12}{n / s:>10.0f}{1000 * s / n:>10.2f}{ratio:>16}")
    slower = best[("sichuan", "ingest")] / best[("wuhan", "ingest")]
    print(f"sichuan ingest / wuhan ingest time per hand: {slower:.2f}")


if __name__ == "__main__":
    main()
