"""``/api/v1/admin``: tokens and background re-audits while the server runs (issue 16, item 2).

Through Flask's test client on a real DuckDB file. The re-audit tests hold the job between two
chunks (a hook on its progress callback) so what happens *during* a job is checked at a known
point rather than raced: an upload is stored while the job waits, a second start is refused.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api.app import create_app
from replay.inputs import decode_ndjson
from store.ingest import ingest
from store.jobs import Job, Jobs
from tests.api.test_api import Api, assert_problem, line, sim

ADMIN_ROUTES = [
    ("get", "/api/v1/admin/tokens"),
    ("post", "/api/v1/admin/tokens"),
    ("post", "/api/v1/admin/tokens/tok_00000000/revoke"),
    ("get", "/api/v1/admin/reaudit"),
    ("post", "/api/v1/admin/reaudit"),
    ("get", "/api/v1/admin/reaudit/job_000000000000"),
]


@pytest.fixture
def admin(tmp_path: Path) -> Iterator[Api]:
    app = create_app(tmp_path / "admin.duckdb", public_read=True)
    yield Api(app)
    app.extensions["replay.jobs"].shutdown()
    app.extensions["replay.store"].close()


def call(api: Api, method: str, path: str, who: str | None = "admin", body: object = None) -> Any:
    return getattr(api.client, method)(path, headers=api.auth(who), json=body)


def wait_until_finished(api: Api, location: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120  # a liveness bound, not a speed claim
    while True:
        job: dict[str, Any] = call(api, "get", location).get_json()
        if job["state"] != "running" or time.monotonic() > deadline:
            return job
        time.sleep(0.05)


@pytest.mark.parametrize(("method", "path"), ADMIN_ROUTES)
def test_admin_routes_need_an_admin_token_even_under_public_read(admin: Api, method: str, path: str) -> None:
    assert_problem(call(admin, method, path, who=None, body={"scope": "read"}), 401)
    for who in ("read", "upload"):
        problem = assert_problem(call(admin, method, path, who=who, body={"scope": "read"}), 403)
        assert "admin" in problem["detail"]


def test_tokens_are_created_listed_and_revoked_while_serving(admin: Api) -> None:
    made = call(
        admin, "post", "/api/v1/admin/tokens", body={"scope": "upload", "source": "club7", "label": "app"}
    )
    assert made.status_code == 201, made.data
    created = made.get_json()
    token, secret = created["token"], created["secret"]
    assert token["scope"] == "upload" and token["source"] == "club7" and token["label"] == "app"
    assert token["revoked_at"] is None and secret.startswith("wr_")
    # The new secret works at once, for its own scope only.
    record = {**sim()[0], "source": "club7"}
    upload = {"Authorization": f"Bearer {secret}"}
    stored = admin.client.post(
        "/api/v1/hands", data=line(record), headers=upload, content_type="application/json"
    )
    assert stored.get_json()["results"][0]["outcome"] == "stored"
    listing = call(admin, "get", "/api/v1/admin/tokens").get_json()["items"]
    assert [t["token_id"] for t in listing][-1] == token["token_id"]
    assert secret not in json.dumps(listing)  # the list never holds a secret
    revoked = call(admin, "post", f"/api/v1/admin/tokens/{token['token_id']}/revoke")
    assert revoked.status_code == 200 and revoked.get_json()["revoked_at"] is not None
    again = admin.client.post(
        "/api/v1/hands", data=line(record), headers=upload, content_type="application/json"
    )
    assert_problem(again, 401)
    # Revoked tokens stay listed; revoking again is a 404 (no live token has that id).
    listing = call(admin, "get", "/api/v1/admin/tokens").get_json()["items"]
    assert next(t for t in listing if t["token_id"] == token["token_id"])["revoked_at"] is not None
    assert_problem(call(admin, "post", f"/api/v1/admin/tokens/{token['token_id']}/revoke"), 404)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"scope": "upload"}, "source"),  # an upload token is bound to a source
        ({"scope": "admin", "source": "club7"}, "source"),  # admin tokens never are (read ones may be)
        ({"scope": "root"}, "scope"),
        ({"scope": "upload", "source": "club 7"}, "source"),
        ({"scope": "read", "secret": "wr_mine"}, "secret"),  # the server makes secrets
        ({}, "scope"),
    ],
)
def test_a_bad_token_request_is_a_400_naming_the_field(admin: Api, body: dict[str, Any], field: str) -> None:
    before = len(call(admin, "get", "/api/v1/admin/tokens").get_json()["items"])
    problem = assert_problem(call(admin, "post", "/api/v1/admin/tokens", body=body), 400)
    assert field in [e["field"] for e in problem["errors"]], problem
    assert len(call(admin, "get", "/api/v1/admin/tokens").get_json()["items"]) == before


def _store_hands(api: Api, n: int) -> list[dict[str, Any]]:
    records = list(sim(n, 5))
    ingest(api.app.extensions["replay.store"], decode_ndjson(b"\n".join(line(r) for r in records)))
    return records


def _spoil_verdict(api: Api, hand_id: str) -> None:
    """What an older engine might have stored: an ``ok`` hand recorded as a ``mismatch``."""
    with api.app.extensions["replay.store"].write() as con:
        audit = json.loads(
            con.execute("SELECT audit FROM audits WHERE hand_id = ?", [hand_id]).fetchall()[0][0]
        )
        audit["status"] = "mismatch"
        audit["differences"] = [{"field": "deltas", "recorded": [1, -1, 0, 0], "computed": [0, 0, 0, 0]}]
        con.execute(
            "UPDATE audits SET status = 'mismatch', audit = ? WHERE hand_id = ?", [json.dumps(audit), hand_id]
        ).fetchall()
        con.execute("UPDATE hands SET status = 'mismatch' WHERE hand_id = ?", [hand_id]).fetchall()


def test_reaudit_job_reports_the_changed_verdict_and_fixes_it(admin: Api) -> None:
    records = _store_hands(admin, 12)
    victim = records[7]["hand_id"]
    _spoil_verdict(admin, victim)
    started = call(admin, "post", "/api/v1/admin/reaudit")
    assert started.status_code == 202, started.data
    job = started.get_json()
    assert started.headers["Location"] == f"/api/v1/admin/reaudit/{job['job_id']}"
    assert job["kind"] == "reaudit" and job["result"] is None
    done = wait_until_finished(admin, started.headers["Location"])
    assert done["state"] == "done", done
    assert done["progress"] == {"done": 12, "total": 12}
    result = done["result"]
    assert result["audited"] == 12 and result["changed"] == 1
    assert result["statuses"] == {"ok": 12, "illegal": 0, "mismatch": 0, "invalid": 0, "error": 0}
    assert result["changes"] == [
        {
            "source": "simulator",
            "hand_id": victim,
            "before": "mismatch",
            "after": "ok",
            "fields": ["status", "differences"],
        }
    ]
    hand = admin.get(f"/api/v1/hands/simulator/{victim}/audit", who="admin").get_json()
    assert hand["status"] == "ok" and hand["differences"] == []
    # The changes page: offset past the one change gives none; the job is listed.
    page = call(admin, "get", f"{started.headers['Location']}?offset=1").get_json()
    assert page["result"]["changes"] == [] and page["result"]["changed"] == 1
    assert [j["job_id"] for j in call(admin, "get", "/api/v1/admin/reaudit").get_json()["items"]] == [
        job["job_id"]
    ]
    assert_problem(call(admin, "get", "/api/v1/admin/reaudit/job_unknown"), 404)


def test_uploads_are_stored_while_a_reaudit_runs_and_a_second_one_is_refused(
    admin: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    _store_hands(admin, 12)
    jobs: Jobs = admin.app.extensions["replay.jobs"]
    jobs.chunk = 4
    first_chunk, release = threading.Event(), threading.Event()
    original = Job._progress

    def hold_after_first_chunk(job: Job, n: int) -> None:
        original(job, n)
        if not first_chunk.is_set():
            first_chunk.set()
            release.wait(60)

    monkeypatch.setattr(Job, "_progress", hold_after_first_chunk)
    started = call(admin, "post", "/api/v1/admin/reaudit")
    assert started.status_code == 202
    try:
        assert first_chunk.wait(60)
        running = call(admin, "get", started.headers["Location"]).get_json()
        # chunks are cut between sittings only, so the first holds 4 hands or more, not all 12
        assert running["state"] == "running" and 4 <= running["progress"]["done"] < 12
        assert running["progress"]["total"] == 12
        # Between two chunks the write lock is free: an upload is stored, not queued behind the job.
        fresh = {**sim(13, 5)[12]}
        answer = admin.post("/api/v1/hands", line(fresh), who="upload")
        assert answer.get_json()["results"][0]["outcome"] == "stored"
        second = assert_problem(call(admin, "post", "/api/v1/admin/reaudit"), 409)
        assert running["job_id"] in second["detail"]
    finally:
        release.set()
    done = wait_until_finished(admin, started.headers["Location"])
    # The job re-audits the hands stored when it began; the new one was audited as it was stored.
    assert done["state"] == "done" and done["progress"] == {"done": 12, "total": 12}
    assert admin.get("/api/v1/hands?limit=100").get_json()["total"] == 13


def test_a_shutdown_stops_a_reaudit_between_chunks(admin: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    """``replay serve`` on SIGTERM: the job stops after its current chunk; each hand keeps one
    engine's whole verdict (chunks are transactions), and the job says how far it got."""
    _store_hands(admin, 12)
    jobs: Jobs = admin.app.extensions["replay.jobs"]
    jobs.chunk = 4
    first_chunk = threading.Event()
    original = Job._progress

    def wait_for_the_shutdown_after_first_chunk(job: Job, n: int) -> None:
        original(job, n)
        if not first_chunk.is_set():
            first_chunk.set()
            jobs._stop.wait(60)  # the shutdown comes while the job is between two chunks

    monkeypatch.setattr(Job, "_progress", wait_for_the_shutdown_after_first_chunk)
    started = call(admin, "post", "/api/v1/admin/reaudit")
    assert first_chunk.wait(60)
    assert jobs.shutdown(60)
    job = call(admin, "get", started.headers["Location"]).get_json()
    assert job["state"] == "stopped" and 4 <= job["progress"]["done"] < job["progress"]["total"] == 12
    assert job["result"]["audited"] == job["progress"]["done"]
    assert_problem(call(admin, "post", "/api/v1/admin/reaudit"), 503)
