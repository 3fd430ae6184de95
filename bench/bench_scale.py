"""Pages at scale (issue #15 item 6): page server times on a big database, and ingest on top of it.

Not a test: it prints figures. Steps, each optional:

1. **Build** (or grow, or reuse) ``--db PATH`` to ``--hands`` hands (default 1,000,000) through
   the ingest pipeline ``replay ingest`` runs (``store.ingest.ingest_stream``, with analysis),
   from a few thousand simulated hands re-keyed with new ids, players, sources and dates
   (``bench/scale_data.py``). ``--snapshot-every N`` copies the file (checkpointed) to
   ``PATH.<hands>`` every N hands, so pages can be measured on a smaller size while it grows.
2. **Pages**: the server time of the overview, the player page (the heaviest player and a
   typical one), the audits page and a filtered mistakes explorer page, each the first request
   after the server opened the database (a fresh app: its template is compiled then too) and
   the median of the warm requests after it. Server time is the app's own ``Server-Timing:
   app;dur=`` header (``api/timing.py``, from the first ``before_request`` to the last
   ``after_request``), read through the Flask test client: no network or browser in the figure.
3. **Ingest on top**: the next 10,000 hands (``--next``) into the big database, and the same
   hands into an empty database, in the same run: hands/s of each side by side; then the pages
   again (an ingest ends by storing the population figures the player page compares with, so
   a database built by an older version, or grown by API uploads alone, shows the difference).

Run: ``nice .venv/bin/python bench/bench_scale.py --db /work/scale-db/scale.duckdb --hands 200000``
(``--no-build`` measures the file as it is; ``--workers`` as for ``replay ingest``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from scale_data import Generator  # noqa: E402

from replay.inputs import Item, loads  # noqa: E402
from store.db import Store, first  # noqa: E402
from store.ingest import batches, ingest_stream  # noqa: E402


def stored(store: Store) -> tuple[int, int]:
    """(hands stored, the generated sitting to resume from)."""
    with store.read() as cur:
        row = first(
            cur,
            "SELECT count(*), coalesce(max(TRY_CAST(substr(session_id, 2) AS INTEGER)), 0)"
            " FROM hands WHERE session_id LIKE 's%'",
        )
    assert row is not None
    return int(row[0]), int(row[1])


def as_items(records: Iterable[dict[str, Any]]) -> Iterator[Item]:
    """Records as ``replay ingest`` reads them from an NDJSON file: their bytes, decoded."""
    for n, record in enumerate(records):
        raw = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
        yield Item(loads(raw), raw, f"generated:{n + 1}", 0.0)


def items(gen: Generator, start_sitting: int, hands: int) -> Iterator[Item]:
    return as_items(record for _, record in gen.records(start_sitting, hands))


def ingest_generated(
    store: Store,
    gen: Generator,
    start_sitting: int,
    hands: int,
    workers: int,
    snapshot_every: int = 0,
    progress: bool = False,
) -> tuple[int, float]:
    """Ingest ``hands`` generated hands (whole sittings) from ``start_sitting``: (count, seconds)."""
    done = [0, 0]  # hands, hands at the last snapshot
    t0 = time.perf_counter()

    def on_batch(_: Any, results: list[Any]) -> None:
        done[0] += len(results)
        if progress:
            rate = done[0] / (time.perf_counter() - t0)
            print(f"  ingested {done[0]} ({rate:.0f} hands/s)", file=sys.stderr, flush=True)
        if snapshot_every and done[0] - done[1] >= snapshot_every:
            done[1] = done[0]
            snapshot(store)

    ingest_stream(store, batches([items(gen, start_sitting, hands)], 1000), on_batch, workers=workers)
    return done[0], time.perf_counter() - t0


def snapshot(store: Store) -> None:
    """A copy of the file as it is now, named for its hand count (the writer is idle meanwhile)."""
    store.checkpoint()
    n, _ = stored(store)
    target = Path(f"{store.path}.{n}")
    shutil.copyfile(store.path, target.with_suffix(target.suffix + ".part"))
    target.with_suffix(target.suffix + ".part").rename(target)
    print(f"  snapshot {target}", file=sys.stderr, flush=True)


def build(db: Path, hands: int, workers: int, snapshot_every: int) -> None:
    gen = Generator(db.parent / "templates")
    store = Store(db)
    try:
        have, last = stored(store)
        if have >= hands:
            print(f"{db}: {have} hands already (asked for {hands})")
            return
        print(f"{db}: {have} hands; ingesting {hands - have} more from sitting {max(last, 1)}", flush=True)
        n, seconds = ingest_generated(
            store, gen, max(last, 1), hands - have, workers, snapshot_every, progress=True
        )
        print(f"built: {n} hands in {seconds:.0f} s ({n / seconds:.0f} hands/s)", flush=True)
    finally:
        store.close(checkpoint=True)


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} cores"


def pages(store: Store) -> list[tuple[str, str]]:
    """The pages measured, chosen from what the database holds."""
    with store.read() as cur:
        ranked = cur.execute(
            "SELECT player_id, count(*) AS n FROM seats GROUP BY 1 ORDER BY 2 DESC, 1"
        ).fetchall()
        kind = first(
            cur,
            "SELECT type FROM mistakes WHERE severity <> 'low' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1",
        )
    heavy, typical = ranked[0], ranked[len(ranked) // 2]
    return [
        ("overview 总览", "/"),
        (f"player, heaviest ({heavy[1]} hands)", f"/players/{heavy[0]}"),
        (f"player, typical ({typical[1]} hands)", f"/players/{typical[0]}"),
        ("audits 审核", "/audits"),
        (
            "mistakes: game, type, 3 months",
            f"/mistakes?game=wuhan&type={kind[0] if kind else 'missed_win'}"
            "&since=2026-03-01&until=2026-05-31",
        ),
        ("mistakes: heaviest player, high", f"/mistakes?player={heavy[0]}&severity=high&sort=cost"),
    ]


def server_ms(client: Any, url: str) -> float:
    """The app's ``Server-Timing``; the test client's wall time for a version without it (the
    baseline: run this file from a checkout of an older commit)."""
    started = time.perf_counter()
    response = client.get(url)
    wall = (time.perf_counter() - started) * 1000
    assert response.status_code == 200, (url, response.status_code)
    timing = response.headers.get("Server-Timing")
    return float(timing.split("dur=")[1]) if timing else wall


def measure_pages(db: Path, warm: int) -> None:
    """Each page: its first request on a freshly opened database, then ``warm`` more."""
    from api.app import create_app
    from store import habits

    store = Store(db)
    try:
        n, _ = stored(store)
        chosen = pages(store)
    finally:
        store.close()
    print(f"pages on {db} ({n:,} hands), {load()}")
    print("  server time, ms (Server-Timing app;dur, Flask test client)")
    print(f"  {'page':<40} {'first':>8} {'warm median':>12} {'warm max':>9}")
    for label, url in chosen:
        # each page's first request on a freshly opened database, as after a restart
        habits._POPULATION.clear()
        store = Store(db)
        try:
            client = create_app(store, public_read=True).test_client()
            cold = server_ms(client, url)
            times = [server_ms(client, url) for _ in range(warm)]
        finally:
            store.close()
        print(f"  {label:<40} {cold:8.0f} {statistics.median(times):12.0f} {max(times):9.0f}", flush=True)


def cpu_seconds() -> float:
    """CPU time of this process (every thread, DuckDB's too) and of its ended worker processes:
    what load from elsewhere on the machine hardly moves."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def ingest_next(db: Path, hands: int, workers: int, rounds: int = 4) -> None:
    """The next ``hands`` generated hands into the big database and into an empty one.

    In ``rounds`` slices taken in turn (empty then big, big then empty, ...), so a burst of load
    from elsewhere on the machine falls on both sides alike; each slice is one
    ``ingest_stream`` call, its end (a sort when due, the population figures) included.
    """
    gen = Generator(db.parent / "templates")
    big = Store(db)
    have, last = stored(big)
    records = list(gen.records(last + 1, hands))
    slices: list[list[dict[str, Any]]] = []
    for i, (sitting, record) in enumerate(records):  # cut between sittings
        if not slices or (len(slices[-1]) >= len(records) / rounds and sitting != records[i - 1][0]):
            slices.append([])
        slices[-1].append(record)
    wall = {"empty": 0.0, "big": 0.0}
    cpu = {"empty": 0.0, "big": 0.0}
    try:
        with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp:
            empty = Store(Path(tmp) / "empty.duckdb")
            try:
                for i, part in enumerate(slices):
                    order = [("empty", empty), ("big", big)]
                    for name, store in order if i % 2 == 0 else order[::-1]:
                        w, c = time.perf_counter(), cpu_seconds()
                        stream = batches([list(as_items(part))], 1000)
                        ingest_stream(store, stream, workers=workers)
                        wall[name] += time.perf_counter() - w
                        cpu[name] += cpu_seconds() - c
            finally:
                empty.close(checkpoint=True)
    finally:
        big.close(checkpoint=True)
    n = len(records)
    how = f"{workers} worker(s), with analysis, {len(slices)} slices"
    print(f"ingest of the next {n:,} hands ({how}), {load()}")
    print(f"  {'':<34} {'hands/s':>8} {'CPU ms/hand':>12}")
    for name, label in (("empty", "into an empty database"), ("big", f"into the database of {have:,}")):
        line = f"  {label:<34} {n / wall[name]:8.0f} {cpu[name] / n * 1000:12.2f}"
        if name == "big":
            line += f"   {wall['empty'] / wall['big']:.2f}x, CPU {cpu['empty'] / cpu['big']:.2f}x of empty"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=Path("/work/scale-db/scale.duckdb"))
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--snapshot-every", type=int, default=0)
    parser.add_argument("--no-build", action="store_true", help="measure the database as it is")
    parser.add_argument("--build-only", action="store_true")
    parser.add_argument("--warm", type=int, default=9, help="warm requests per page")
    parser.add_argument("--no-pages", action="store_true", help="only the ingest on top")
    parser.add_argument("--next", type=int, default=10_000, help="hands ingested on top (0: none)")
    args = parser.parse_args()
    if not args.no_build:
        build(args.db, args.hands, args.workers, args.snapshot_every)
    if args.build_only:
        return
    if not args.no_pages:
        measure_pages(args.db, args.warm)
    if args.next:
        ingest_next(args.db, args.next, args.workers)
        if not args.no_pages:
            print("after that ingest (it stored the population figures, store.habits.refresh_populations):")
            measure_pages(args.db, args.warm)


if __name__ == "__main__":
    main()
