"""Load: concurrent uploaders and readers against a real ``replay serve``, and what it stored.

Not a test: it prints figures, all measured in one run on the same records.

- **store alone** — ``store.ingest.ingest`` in this process, batch after batch, no HTTP: the
  ceiling for storing these records on this machine.
- **1 uploader** — one client sending every record once over HTTP to a fresh ``replay serve``.
- **U uploaders + R readers** — U clients each sending *every* record (shuffled, in batches of
  1-50, as JSON, NDJSON or gzip NDJSON) to another fresh server while R clients list hands, fetch
  hands and read player stats. Each hand is thus sent U times: exactly one upload may store it,
  the others must answer ``duplicate``.

It prints records/s (every record sent, duplicates included, and new hands stored per second),
p50/p95 latency of uploads and reads, and the check that nothing was lost or duplicated: every
upload answered 200, one ``stored`` per hand, ``hands`` and ``raw_uploads`` in the database
(opened after the server's SIGTERM) hold each hand exactly once, and the WAL was checkpointed.

Run: ``.venv/bin/python bench/bench_load.py`` (``--hands 1000 --uploaders 4 --readers 2``;
``--input FILE`` reuses NDJSON from ``replay simulate``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

from replay.inputs import decode_ndjson
from store.db import Store
from store.ingest import ingest
from store.tokens import create_token

ROOT = Path(__file__).resolve().parents[1]


def records_from(args: argparse.Namespace) -> list[bytes]:
    if args.input:
        lines = args.input.read_bytes().splitlines()
    else:
        from replay.games.wuhan.simulate import simulate

        workers = min(os.cpu_count() or 1, 8)
        lines = [json.dumps(r).encode() for r in simulate(args.hands, args.seed, workers=workers)]
    return [ln for ln in lines if ln.strip()]


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    db: Path
    url: str
    upload: str
    read: str


def start(folder: Path, name: str) -> Server:
    db = folder / f"{name}.duckdb"
    with Store(db) as store:
        upload = create_token(store, "upload", "simulator")[1]
        read = create_token(store, "read")[1]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "serve", "--db", str(db), "--port", str(port), "--threads", "8"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/api/v1"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{url}/health", timeout=2).status_code == 200:
                return Server(proc, db, url, upload, read)
        except requests.ConnectionError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("replay serve did not start")


def stop(server: Server) -> bool:
    """SIGTERM (drain and checkpoint); True when it exited 0 and left no WAL."""
    server.proc.send_signal(signal.SIGTERM)
    code = server.proc.wait(timeout=300)
    wal = Path(f"{server.db}.wal")
    return code == 0 and (not wal.exists() or wal.stat().st_size == 0)


@dataclass
class Run:
    results: list[dict[str, Any]] = field(default_factory=list)
    upload_ms: list[float] = field(default_factory=list)
    read_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def uploader(server: Server, lines: list[bytes], seed: int, run: Run) -> None:
    rng = random.Random(seed)
    mine = lines[:]
    rng.shuffle(mine)
    auth = {"Authorization": f"Bearer {server.upload}"}
    with requests.Session() as http:
        while mine:
            size = rng.randint(1, 50)
            batch, mine = mine[:size], mine[size:]
            kind = rng.choice(["json", "ndjson", "gzip"])
            if kind == "json":
                body = b"[" + b",".join(batch) + b"]"
                headers = {**auth, "Content-Type": "application/json"}
            else:
                body = b"\n".join(batch)
                headers = {**auth, "Content-Type": "application/x-ndjson"}
                if kind == "gzip":
                    body = gzip.compress(body)
                    headers["Content-Encoding"] = "gzip"
            t = time.perf_counter()
            response = http.post(f"{server.url}/hands", data=body, headers=headers, timeout=600)
            ms = (time.perf_counter() - t) * 1000
            with run.lock:
                run.upload_ms.append(ms)
                if response.status_code != 200:
                    run.failures.append(f"upload {response.status_code}: {response.text[:200]}")
                    return
                run.results.extend(response.json()["results"])


def reader(server: Server, ids: list[tuple[str, str, str]], stop: threading.Event, run: Run) -> None:
    rng = random.Random(len(ids))
    auth = {"Authorization": f"Bearer {server.read}"}
    with requests.Session() as http:
        while not stop.is_set():
            source, hand_id, player = rng.choice(ids)
            for path in ("/hands?limit=50", f"/hands/{source}/{hand_id}", f"/players/{player}/stats"):
                t = time.perf_counter()
                response = http.get(server.url + path, headers=auth, timeout=600)
                ms = (time.perf_counter() - t) * 1000
                with run.lock:
                    run.read_ms.append(ms)
                    if response.status_code not in (200, 404):  # 404: not stored yet
                        run.failures.append(f"read {path} {response.status_code}: {response.text[:200]}")


def load(server: Server, lines: list[bytes], uploaders: int, readers: int) -> tuple[Run, float]:
    run = Run()
    ids = []
    for raw in lines:
        r = json.loads(raw)
        ids.append((r["source"], r["hand_id"], r["seats"][0]["player_id"]))
    done = threading.Event()
    up = [threading.Thread(target=uploader, args=(server, lines, n, run)) for n in range(uploaders)]
    rd = [threading.Thread(target=reader, args=(server, ids, done, run)) for _ in range(readers)]
    t = time.perf_counter()
    for thread in [*up, *rd]:
        thread.start()
    for thread in up:
        thread.join()
    wall = time.perf_counter() - t
    done.set()
    for thread in rd:
        thread.join()
    return run, wall


def check(run: Run, server: Server, lines: list[bytes], copies: int) -> list[str]:
    """Every way the run could have lost or duplicated a record; empty when it did neither."""
    problems = list(run.failures[:5])
    if len(run.results) != copies * len(lines):
        problems.append(f"{len(run.results)} results for {copies * len(lines)} records sent")
    by_hand: dict[str, Counter[str]] = {}
    for r in run.results:
        by_hand.setdefault(r["hand_id"], Counter())[r["outcome"]] += 1
    wrong = {h: c for h, c in by_hand.items() if c != Counter(stored=1, duplicate=copies - 1)}
    if len(by_hand) != len(lines) or wrong:
        problems.append(
            f"{len(by_hand)} hands answered; not one stored + duplicates: {list(wrong.items())[:3]}"
        )
    if not stop(server):
        problems.append("the server did not stop cleanly (exit status or WAL left behind)")
    with Store(server.db) as store, store.read() as cur:
        hands = cur.execute("SELECT count(*), count(DISTINCT (source, hand_id)) FROM hands").fetchall()[0]
        raws = cur.execute("SELECT count(*) FROM raw_uploads").fetchall()[0][0]
        rejects = cur.execute("SELECT count(*) FROM rejects").fetchall()[0][0]
    if hands != (len(lines), len(lines)) or raws != len(lines) or rejects:
        problems.append(
            f"database: {hands[0]} hands ({hands[1]} distinct), {raws} raw uploads, {rejects} rejects"
        )
    return problems


def pct(values: list[float], q: float) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--uploaders", type=int, default=4)
    parser.add_argument("--readers", type=int, default=2)
    parser.add_argument("--input", type=Path, help="NDJSON from replay simulate (default: simulate --hands)")
    args = parser.parse_args()
    lines = records_from(args)
    n = len(lines)
    folder = Path(tempfile.mkdtemp(prefix="bench-load-"))
    try:
        with Store(folder / "alone.duckdb") as store:  # baseline: the store, no HTTP
            t = time.perf_counter()
            for i in range(0, n, 25):
                ingest(store, decode_ndjson(b"\n".join(lines[i : i + 25])))
            alone = time.perf_counter() - t

        single = start(folder, "single")
        one, one_wall = load(single, lines, 1, 0)
        one_problems = check(one, single, lines, 1)

        many = start(folder, "many")
        run, wall = load(many, lines, args.uploaders, args.readers)
        problems = check(run, many, lines, args.uploaders)

        print(f"input: {n} hands ({sum(map(len, lines)) / 1e6:.1f} MB NDJSON); cores: {os.cpu_count()}")
        print(
            f"  {'':<40} {'records/s':>10} {'new hands/s':>12}"
            f" {'upload p50/p95 ms':>19} {'read p50/p95 ms':>17}"
        )
        print(f"  {'store alone (in process, batches of 25)':<40} {n / alone:10.0f} {n / alone:12.0f}")
        print(
            f"  {'1 uploader over HTTP':<40} {n / one_wall:10.0f} {n / one_wall:12.0f}"
            f" {pct(one.upload_ms, 50):8.0f} / {pct(one.upload_ms, 95):6.0f}"
        )
        label = f"{args.uploaders} uploaders + {args.readers} readers"
        print(
            f"  {label:<40} {len(run.results) / wall:10.0f} {n / wall:12.0f}"
            f" {pct(run.upload_ms, 50):8.0f} / {pct(run.upload_ms, 95):6.0f}"
            f" {pct(run.read_ms, 50):7.0f} / {pct(run.read_ms, 95):6.0f}"
        )
        print(
            f"  {len(run.upload_ms)} uploads and {len(run.read_ms)} reads;"
            f" each hand sent {args.uploaders} times"
        )
        for name, found in (("1 uploader", one_problems), (label, problems)):
            if found:
                print(f"{name}: LOST OR DUPLICATED: " + "; ".join(found))
            else:
                print(
                    f"{name}: nothing lost or duplicated (one stored per hand, the rest duplicate;"
                    " hands = raw uploads = distinct hands; clean SIGTERM, no WAL)"
                )
        if one_problems or problems:
            sys.exit(1)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
