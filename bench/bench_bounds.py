"""What bounded requests and strict JSON cost (issue 16), each beside a baseline from the same run.

1. The million-record gzip of the issue (3 KB of ``{}`` lines, and the JSON-array form) sent to
   ``POST /api/v1/hands`` and ``/audit``: time and peak memory to the 413, beside only *decoding*
   the same million records (the least the server did before the limit: it then validated,
   audited and stored them, 39 s and 2 GB in the issue).
2. The duplicate-key check on every parse: ``replay.inputs.loads`` (orjson + the byte-count check,
   a pairs-hook parse only when escapes could hide a key) beside plain ``orjson.loads`` and the
   json module's ``json.loads``, on simulated records as apps send them (compact UTF-8) and as
   Python's ``json.dumps`` writes them (``\\uXXXX`` escapes, which take the slow path when they
   spell a quote, a colon or a space — rare — and the fast path otherwise).

    .venv/bin/python bench/bench_bounds.py
"""

from __future__ import annotations

import gzip
import json
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from api.app import create_app
from replay.games.wuhan.simulate import simulate
from replay.inputs import decode_json, decode_ndjson, loads
from store.tokens import create_token

MILLION = 10**6


def resident_mb() -> float:
    """This process's resident memory (Linux ``/proc``; 0 elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except OSError:
        return 0.0
    return pages * 4096 / 2**20


def measured(fn: Callable[[], Any]) -> tuple[float, float, Any]:
    """Seconds of one call and the resident MB its result holds."""
    before = resident_mb()
    start = time.perf_counter()
    out = fn()
    seconds = time.perf_counter() - start
    return seconds, resident_mb() - before, out


def peak_mb(fn: Callable[[], Any]) -> float:
    """Peak traced MB of one call (tracemalloc: slow, so only for the fast path)."""
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return peak


def best(fn: Callable[[], Any], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def bombs() -> None:
    ndjson = b"{}\n" * MILLION
    array = b"[" + b",".join([b"{}"] * MILLION) + b"]"
    sizes = f"{len(gzip.compress(ndjson, 9))} B gzip (NDJSON), {len(gzip.compress(array, 9))} B (array)"
    print(f"1. a million records: {sizes}")
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Path(folder) / "bench.duckdb", public_read=True)
        _, secret = create_token(app.extensions["replay.store"], "upload", "bench")
        client = app.test_client()
        auth = {"Authorization": f"Bearer {secret}"}
        client.post("/api/v1/hands", data=b"{}", content_type="application/json", headers=auth)  # warm
        for name, body, ctype, decode in (
            ("NDJSON", ndjson, "application/x-ndjson", lambda: decode_ndjson(ndjson)),
            ("array ", array, "application/json", lambda: decode_json(array)),
        ):
            packed = gzip.compress(body, 9)
            for path in ("/api/v1/hands", "/api/v1/audit"):
                headers = {**auth, "Content-Encoding": "gzip"}

                def send(
                    path: str = path,
                    headers: dict[str, str] = headers,
                    data: bytes = packed,
                    ctype: str = ctype,
                ) -> int:
                    return client.post(path, data=data, content_type=ctype, headers=headers).status_code

                start = time.perf_counter()
                status = send()
                seconds = time.perf_counter() - start
                print(
                    f"   {name} {path:15} -> {status} in {seconds * 1e3:7.1f} ms,"
                    f" {peak_mb(send):5.1f} MB peak (traced)"
                )
            seconds, held, items = measured(decode)
            print(
                f"   {name} baseline: decoding all {len(items):,} records alone {seconds * 1e3:7.0f} ms,"
                f" {held:5.0f} MB resident (before any validation, audit or storage)"
            )
            del items
        app.extensions["replay.store"].close()


def strict_json() -> None:
    records = list(simulate(300, 7))
    compact = [orjson.dumps(r) for r in records]
    escaped = [json.dumps(r).encode() for r in records]  # ensure_ascii: \uXXXX for 老王 and the like
    hiding = [json.dumps(r).replace('"p0"', '"\\u0070\\u0030"').encode() for r in records]
    size = sum(map(len, compact)) // len(compact)
    print(f"2. duplicate-key check: µs per record ({size} B each), best of 5")
    for label, lines in (("compact UTF-8", compact), ("json.dumps (\\u escapes)", escaped)):
        texts = [line.decode() for line in lines]
        plain = best(lambda lines=lines: [orjson.loads(x) for x in lines]) / len(lines) * 1e6
        stdlib = best(lambda texts=texts: [json.loads(x) for x in texts]) / len(lines) * 1e6
        strict = best(lambda lines=lines: [loads(x) for x in lines]) / len(lines) * 1e6
        print(
            f"   {label:24} orjson.loads {plain:6.1f}   json.loads {stdlib:6.1f}"
            f"   replay.inputs.loads {strict:6.1f}  (+{strict - plain:.1f} over orjson)"
        )
    slow = best(lambda: [loads(x) for x in hiding]) / len(hiding) * 1e6
    print(f"   {'escaped quote/colon/space':24} replay.inputs.loads {slow:6.1f} (the pairs-hook path)")


if __name__ == "__main__":
    bombs()
    strict_json()
