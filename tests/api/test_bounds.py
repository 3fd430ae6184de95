"""Bounded work per request (issue 16, item 1): a tiny body cannot buy unbounded work.

The attack of the issue: a 3 KB gzip of a million ``{}`` records held the server for 39 s and
2 GB. Each test sends it (and the JSON-array form) and checks the answer is a 413 problem that
names the limit, that nothing was validated, audited or stored, and, against the real
``replay serve``, that the server's peak memory did not move. How long the refusal takes is
printed by ``bench/bench_bounds.py`` beside the old cost (timed assertions are not tests).
"""

from __future__ import annotations

import gzip
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from api.app import create_app
from store.db import Store
from store.tokens import create_token
from tests import serving

MILLION = 10**6
NDJSON_BOMB = gzip.compress(b"{}\n" * MILLION, 9)
ARRAY_BOMB = gzip.compress(b"[" + b",".join([b"{}"] * MILLION) + b"]", 9)
MAX_RECORDS = 5000


def counts(store: Store) -> dict[str, int]:
    with store.read() as cur:
        return {
            table: int(cur.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0])
            for table in ("raw_uploads", "rejects", "hands")
        }


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    app = create_app(tmp_path / "bounds.duckdb", public_read=True, max_records=MAX_RECORDS)
    yield app
    app.extensions["replay.store"].close()


def test_the_bombs_are_tiny() -> None:
    """The attack is cheap to send: a few kilobytes for a million records."""
    assert len(NDJSON_BOMB) < 4096
    assert len(ARRAY_BOMB) < 4096


@pytest.mark.parametrize(
    ("path", "body", "ctype"),
    [
        ("/api/v1/hands", NDJSON_BOMB, "application/x-ndjson"),
        ("/api/v1/hands", ARRAY_BOMB, "application/json"),
        ("/api/v1/audit", NDJSON_BOMB, "application/x-ndjson"),
        ("/api/v1/audit", ARRAY_BOMB, "application/json"),
        ("/api/v1/evaluate", NDJSON_BOMB, "application/x-ndjson"),
    ],
)
def test_a_million_records_are_refused_before_any_is_validated(
    app: Any, monkeypatch: pytest.MonkeyPatch, path: str, body: bytes, ctype: str
) -> None:
    store = app.extensions["replay.store"]
    _, secret = create_token(store, "upload", "simulator")
    client = app.test_client()
    headers = {"Authorization": f"Bearer {secret}"}
    warm = client.post(path, data=b"{}", content_type="application/json", headers=headers)
    assert warm.status_code in (200, 400)  # /evaluate answers a malformed single input with a 400
    started: list[str] = []
    import api.hands
    import api.tools

    for module, name in ((api.hands, "ingest"), (api.tools, "audit_records"), (api.tools, "evaluate_at")):
        monkeypatch.setattr(module, name, lambda *a, _n=name, **k: started.append(_n))
    before = counts(store)
    tracemalloc.start()
    try:
        response = client.post(
            path, data=body, content_type=ctype, headers={**headers, "Content-Encoding": "gzip"}
        )
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert response.status_code == 413, response.data[:300]
    assert response.mimetype == "application/problem+json"
    detail = response.get_json()["detail"]
    assert f"more than {MAX_RECORDS} records" in detail and "NDJSON batches" in detail
    assert started == []  # nothing was ingested, audited or evaluated
    assert counts(store) == before
    # the body inflates to 3 MB; the old path held a million parsed records (gigabytes)
    assert peak < 24 * 1024 * 1024, peak


def test_the_limit_itself_is_accepted(app: Any) -> None:
    """Exactly ``max_records`` records is a normal answer: the limit is a bound, not a cut."""
    response = app.test_client().post(
        "/api/v1/evaluate",
        data=gzip.compress(b"{}\n" * MAX_RECORDS),
        content_type="application/x-ndjson",
        headers={"Content-Encoding": "gzip"},
    )
    assert response.status_code == 200
    assert len(response.get_json()["results"]) == MAX_RECORDS


def test_blank_lines_are_not_records(app: Any) -> None:
    body = b"\n \n".join([b"{}"] * 3) + b"\n\r\n" * 10
    small = create_app(app.extensions["replay.store"], public_read=True, max_records=3)
    response = small.test_client().post("/api/v1/evaluate", data=body, content_type="application/x-ndjson")
    assert response.status_code == 200
    assert len(response.get_json()["results"]) == 3
    over = small.test_client().post(
        "/api/v1/evaluate", data=body + b"{}", content_type="application/x-ndjson"
    )
    assert over.status_code == 413


# ---------------------------------------------------------------------------------------------
# The real server: its peak memory (VmHWM) before and after the attack.


def _peak_kib(pid: int) -> int:
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmHWM:"):
            return int(row.split()[1])
    raise AssertionError("no VmHWM in /proc")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads peak memory from /proc")
def test_the_real_server_refuses_the_bomb_with_its_memory_unchanged(tmp_path: Path) -> None:
    db = tmp_path / "served.duckdb"
    with Store(db) as store:
        _, upload = create_token(store, "upload", "simulator")
    running = serving.start(db, "--public-read")
    proc, url = running.proc, running.api
    try:
        # warm: one ordinary request of each kind, so the baseline includes what any request costs
        for path, headers in (("/hands", {"Authorization": f"Bearer {upload}"}), ("/audit", {})):
            ndjson = {**headers, "Content-Type": "application/x-ndjson"}
            requests.post(url + path, data=b"{}\n", headers=ndjson, timeout=60)
        before = _peak_kib(proc.pid)
        for path, headers in (("/hands", {"Authorization": f"Bearer {upload}"}), ("/audit", {})):
            for body, ctype in ((NDJSON_BOMB, "application/x-ndjson"), (ARRAY_BOMB, "application/json")):
                response = requests.post(
                    url + path,
                    data=body,
                    headers={**headers, "Content-Type": ctype, "Content-Encoding": "gzip"},
                    timeout=60,
                )
                assert response.status_code == 413, response.text[:300]
                assert response.headers["Content-Type"].startswith("application/problem+json")
        grown = _peak_kib(proc.pid) - before
        assert grown < 32 * 1024, f"peak memory grew by {grown} KiB"
    finally:
        serving.stop(running)
    with Store(db) as store:
        assert counts(store) == {"raw_uploads": 1, "rejects": 1, "hands": 0}
