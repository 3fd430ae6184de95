"""Rate limits (issue 16, item 1): per token, per address without one, 429 with Retry-After.

Limits here are tiny so a handful of requests reach them; the clock never moves in a test, so
the windows do not reset under it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from store.tokens import create_token


@pytest.fixture
def app(tmp_path: Path) -> Any:
    app = create_app(
        tmp_path / "limits.duckdb", public_read=True, rate_limit="4 per minute", work_rate_limit="2 per hour"
    )
    yield app
    app.extensions["replay.store"].close()


def bearer(app: Flask, scope: str = "read") -> dict[str, str]:
    source = "club" if scope == "upload" else None
    return {"Authorization": f"Bearer {create_token(app.extensions['replay.store'], scope, source)[1]}"}


def spend(client: FlaskClient, n: int, **kwargs: Any) -> list[int]:
    return [client.get("/api/v1/hands", **kwargs).status_code for _ in range(n)]


def assert_429(response: Any, limit: str) -> None:
    assert response.status_code == 429
    assert response.mimetype == "application/problem+json"
    assert 0 < int(response.headers["Retry-After"]) <= 3600
    body = response.get_json()
    assert body["status"] == 429 and limit in body["detail"] and "Retry-After" in body["detail"]


def test_each_token_has_its_own_budget(app: Flask) -> None:
    client = app.test_client()
    first, second = bearer(app), bearer(app)
    assert spend(client, 4, headers=first) == [200] * 4
    assert_429(client.get("/api/v1/hands", headers=first), "4 per 1 minute")
    assert client.get("/api/v1/players/x/stats", headers=first).status_code == 429  # every route counts
    assert spend(client, 4, headers=second) == [200] * 4  # another token is not slowed
    assert spend(client, 1) == [200]  # nor are anonymous readers


def test_anonymous_reads_are_limited_per_address(app: Flask) -> None:
    client = app.test_client()
    here = {"environ_base": {"REMOTE_ADDR": "198.51.100.1"}}
    there = {"environ_base": {"REMOTE_ADDR": "198.51.100.2"}}
    assert spend(client, 4, **here) == [200] * 4
    assert_429(client.get("/api/v1/hands", **here), "4 per 1 minute")
    assert client.get("/", **here).status_code == 429  # the pages are reads too
    # a bad token does not buy a fresh budget: it is counted against the address
    assert client.get("/api/v1/hands", headers={"Authorization": "Bearer wr_nope"}, **here).status_code == 429
    assert spend(client, 4, **there) == [200] * 4


def test_the_probe_the_document_and_static_files_are_never_limited(app: Flask) -> None:
    client = app.test_client()
    spend(client, 5)
    for path in ("/api/v1/health", "/api/v1/openapi.json", "/api/v1/docs", "/ui/style.css"):
        assert client.get(path).status_code == 200, path


def test_work_has_a_smaller_budget_of_its_own(app: Flask) -> None:
    client = app.test_client()
    upload = bearer(app, "upload")
    ndjson = {"content_type": "application/x-ndjson", "headers": upload}
    assert client.post("/api/v1/evaluate", data=b"{}", **ndjson).status_code == 200
    assert client.post("/api/v1/audit", data=b"{}", **ndjson).status_code == 200
    assert_429(client.post("/api/v1/hands", data=b"{}", **ndjson), "2 per 1 hour")
    assert client.get("/api/v1/hands", headers=bearer(app)).status_code == 200  # reads go on


def test_behind_a_proxy_the_forwarded_address_is_the_caller(tmp_path: Path) -> None:
    app = create_app(tmp_path / "p.duckdb", public_read=True, rate_limit="2 per minute", proxy_hops=1)
    client = app.test_client()
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    alice = {"X-Forwarded-For": "203.0.113.7"}
    bob = {"X-Forwarded-For": "203.0.113.8"}
    assert spend(client, 2, headers=alice, environ_base=proxy) == [200, 200]
    assert spend(client, 1, headers=alice, environ_base=proxy) == [429]
    assert spend(client, 2, headers=bob, environ_base=proxy) == [200, 200]
    app.extensions["replay.store"].close()


def test_a_malformed_limit_is_refused_at_start_and_off_means_none(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a rate limit: 'lots'"):
        create_app(tmp_path / "bad.duckdb", rate_limit="lots")
    app = create_app(tmp_path / "off.duckdb", public_read=True, rate_limit="off", work_rate_limit="off")
    assert app.extensions["replay.limiter"] is None
    assert spend(app.test_client(), 50) == [200] * 50
    app.extensions["replay.store"].close()
