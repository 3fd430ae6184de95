"""Server time of the player page and the hand viewer on a database of 100,000 hands.

The database: ``replay simulate`` hands ingested through the real pipeline, then copied in SQL
(new hand ids, dates moved a day per copy) up to the wanted size: the pages' queries see 100,000
hands of realistic shape without hours of ingest. Timed through the Flask app in-process (no
network), median of several requests, next to the health endpoint and the same pages on the
uncopied database as baselines. Run: ``.venv/bin/python bench/bench_dashboards.py [HANDS] [BASE]``.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from api.app import create_app
from replay.games.wuhan.simulate import simulate
from replay.inputs import decode_ndjson
from store.db import Store
from store.ingest import ingest

TABLES = ("hands", "seats", "events", "audits", "settlements", "mistakes", "seat_facts")


def timed(client: object, url: str, n: int = 7) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        response = client.get(url)  # type: ignore[attr-defined]
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(times) * 1000


def main() -> None:
    target = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    base = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.duckdb")
        lines = "\n".join(json.dumps(r, ensure_ascii=False) for r in simulate(base, seed=99)).encode()
        start = time.perf_counter()
        ingest(store, decode_ndjson(lines))
        print(f"ingested {base} simulated hands in {time.perf_counter() - start:.0f} s")
        client = create_app(store, public_read=True).test_client()
        with store.read() as cur:
            source, hand_id = cur.execute("SELECT source, hand_id FROM hands LIMIT 1").fetchone()  # type: ignore[misc]
        player = "/players/p01"
        viewer = f"/hands/{source}/{hand_id}"
        small = {u: timed(client, u) for u in ("/api/v1/health", player, viewer)}
        copies = max(target // base - 1, 0)
        start = time.perf_counter()
        with store.write() as con:
            for table in TABLES:
                cols = [r[0] for r in con.execute(f"DESCRIBE {table}").fetchall()]
                select = ", ".join(
                    "hand_id || '-c' || k AS hand_id"
                    if c == "hand_id"
                    else "played_at + k * INTERVAL 1 DAY AS played_at"
                    if c == "played_at" and table == "hands"
                    else c
                    for c in cols
                )
                con.execute(
                    f"INSERT INTO {table} SELECT {select} FROM {table}, range(1, {copies + 1}) AS r(k)"
                ).fetchall()
        with store.read() as cur:
            total = cur.execute("SELECT count(*) FROM hands").fetchone()[0]  # type: ignore[index]
        print(f"copied to {total} hands in {time.perf_counter() - start:.0f} s")
        big = {u: timed(client, u) for u in ("/api/v1/health", player, viewer)}
        print(f"server time, median of 7 (ms)      {base:>8} hands  {total:>8} hands")
        for url, label in (
            (player, "player page /players/p01"),
            (viewer, "hand viewer"),
            ("/api/v1/health", "health (baseline)"),
        ):
            print(f"  {label:32s} {small[url]:8.1f}        {big[url]:8.1f}")
        ok = big[player] < 300 and big[viewer] < 300
        print(f"target: under 300 ms each on {total} hands: {'met' if ok else 'NOT met'}")
        store.close()


if __name__ == "__main__":
    main()
