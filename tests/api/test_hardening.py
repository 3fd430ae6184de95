"""Issue 16, items 5 and 6 over HTTP: strict JSON at the API, ids with any allowed character in
every route, pages and API alike on a bad token, security headers on every answer, ``Secure``
cookies over HTTPS (directly or behind a proxy).
"""

from __future__ import annotations

import copy
import functools
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask

from api.app import create_app
from replay.games.wuhan.simulate import simulate
from replay.inputs import decode_ndjson
from store.ingest import ingest
from store.tokens import create_token, revoke_token

ODD_IDS = ["club/老王 01", "/lead", "trail/", "a//b", "50% off?#", "x/stats"]


@functools.cache
def records() -> tuple[dict[str, Any], ...]:
    """Four simulated hands whose seat 0 is one of the odd player ids each (and more)."""
    out = []
    for i, rec in enumerate(simulate(len(ODD_IDS), 3)):
        rec = copy.deepcopy(rec)
        rec["seats"][0]["player_id"] = ODD_IDS[i]
        rec["seats"][0]["name"] = f"<b>名{i}</b>"
        out.append(rec)
    return tuple(out)


def make_app(path: Path, **kwargs: Any) -> Flask:
    app = create_app(path, **kwargs)
    lines = b"\n".join(json.dumps(r).encode() for r in records())
    ingest(app.extensions["replay.store"], decode_ndjson(lines))
    return app


@pytest.fixture
def app(tmp_path: Path) -> Any:
    app = make_app(tmp_path / "h.duckdb", public_read=True)
    yield app
    app.extensions["replay.store"].close()


def test_duplicate_keys_at_the_api_are_refused_naming_the_key(app: Flask) -> None:
    """The issue's case: ``source`` twice, sent with club A's token, is not stored as club A
    (DuckDB would read club B from the kept bytes): it is ``invalid``, its bytes kept in rejects."""
    store = app.extensions["replay.store"]
    _, club_a = create_token(store, "upload", "clubA")
    rec = dict(records()[0], hand_id="dup-1", source="clubA")
    text = json.dumps(rec)
    body = text.replace('"source": "clubA"', '"source": "clubB", "source": "clubA"', 1).encode()
    assert body.count(b'"source"') == 2
    client = app.test_client()
    auth = {"Authorization": f"Bearer {club_a}"}
    for ctype in ("application/json", "application/x-ndjson"):
        response = client.post("/api/v1/hands", data=body, content_type=ctype, headers=auth)
        assert response.status_code == 200
        (result,) = response.get_json()["results"]
        assert result["outcome"] == "invalid"
        assert result["errors"][0]["message"].endswith(
            "duplicate key 'source': each key may appear once in an object"
        )
    with store.read() as cur:
        assert cur.execute("SELECT count(*) FROM hands WHERE hand_id = 'dup-1'").fetchall() == [(0,)]
        kept = cur.execute(
            "SELECT r.raw FROM rejects j JOIN raw_uploads r USING (raw_id) ORDER BY j.received_at"
        ).fetchall()
    assert bytes(kept[-1][0]) == body
    # the evaluate of one object answers the contract's error naming the key, like `replay evaluate`
    twice = b'{"dealer":0,"dealer":1}'
    response = client.post("/api/v1/evaluate", data=twice, content_type="application/json")
    assert response.status_code == 200
    assert "duplicate key 'dealer'" in response.get_json()["error"]["message"]


@pytest.mark.parametrize("player_id", ODD_IDS)
def test_ids_with_any_allowed_character_work_in_every_route(app: Flask, player_id: str) -> None:
    client = app.test_client()
    segment = quote(player_id, safe="")
    stats = client.get(f"/api/v1/players/{segment}/stats")
    assert stats.status_code == 200, stats.data[:300]
    assert stats.get_json()["player_id"] == player_id and stats.get_json()["hands"] == 1
    mistakes = client.get(f"/api/v1/players/{segment}/mistakes")
    assert mistakes.status_code == 200
    assert all(item["hand_id"] for item in mistakes.get_json()["items"])
    listed = client.get("/api/v1/hands", query_string={"player": player_id})
    assert listed.get_json()["total"] == 1
    page = client.get(f"/players/{segment}")
    assert page.status_code == 200
    assert "&lt;b&gt;名" in page.get_data(as_text=True)


def test_the_pages_link_to_player_pages_that_open(app: Flask) -> None:
    client = app.test_client()
    html = client.get("/players").get_data(as_text=True)
    links = sorted(set(re.findall(r'href="(/players/[^"]+)"', html)))
    assert len(links) >= len(ODD_IDS)
    for link in links:
        assert client.get(link.replace("&amp;", "&")).status_code == 200, link


def test_pages_and_api_refuse_a_revoked_token_alike(app: Flask) -> None:
    """Under --public-read, no token reads; a revoked one is refused by pages as by the API."""
    store = app.extensions["replay.store"]
    token_id, secret = create_token(store, "read")
    client = app.test_client()
    assert client.get("/").status_code == 200
    assert client.get("/api/v1/hands").status_code == 200
    revoke_token(store, token_id)
    bearer = {"Authorization": f"Bearer {secret}"}
    assert client.get("/api/v1/hands", headers=bearer).status_code == 401
    page = client.get("/", headers=bearer)
    assert page.status_code == 401 and "unknown or revoked" in page.get_data(as_text=True)
    client.set_cookie("replay_token", secret)
    assert client.get("/players").status_code == 401
    # signing in with an empty token signs out: the pages read again without one
    out = client.post("/signin", data={"token": ""})
    assert out.status_code == 302 and "replay_token=;" in out.headers["Set-Cookie"]
    assert client.get("/players").status_code == 200
    assert client.get("/", headers={"Authorization": "Bearer wr_unknown"}).status_code == 401


PAGES_AND_ANSWERS = [
    "/",
    "/players",
    "/signin",
    "/ui/style.css",
    "/api/v1/health",
    "/api/v1/hands",
    "/api/v1/openapi.json",
    "/api/v1/docs",
    "/api/v1/hands/nope/nope",  # a problem+json 404
    "/players/nobody",  # a page 404
    "/no/such/path",
]


@pytest.mark.parametrize("path", PAGES_AND_ANSWERS)
def test_security_headers_on_every_answer(app: Flask, path: str) -> None:
    response = app.test_client().get(path)
    headers = response.headers
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"
    csp = headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp
    if response.mimetype == "text/html":
        script_src = re.search(r"script-src ([^;]*)", csp)
        assert script_src is not None
        assert "'unsafe-inline'" not in script_src.group(1) and "'unsafe-eval'" not in script_src.group(1)
    else:
        assert csp.startswith("default-src 'none'")


def test_only_the_docs_page_gets_its_inline_script_hashed(app: Flask) -> None:
    import base64
    import hashlib

    client = app.test_client()
    docs = client.get("/api/v1/docs")
    (script,) = re.findall(rb"<script>(.*?)</script>", docs.data, re.DOTALL)
    digest = base64.b64encode(hashlib.sha256(script).digest()).decode()
    assert f"'sha256-{digest}'" in docs.headers["Content-Security-Policy"]
    assert "sha256-" not in client.get("/players").headers["Content-Security-Policy"]


def test_the_sign_in_cookie_is_secure_over_https(tmp_path: Path) -> None:
    app = make_app(tmp_path / "c.duckdb")
    client = app.test_client()
    plain = client.post("/signin", data={"token": "wr_x"})
    assert "Secure" not in plain.headers["Set-Cookie"]
    assert "HttpOnly" in plain.headers["Set-Cookie"] and "SameSite=Strict" in plain.headers["Set-Cookie"]
    https = client.post("/signin", data={"token": "wr_x"}, base_url="https://replay.example")
    assert "Secure" in https.headers["Set-Cookie"]
    # behind a proxy that terminates TLS, the forwarded scheme counts only with --proxy-hops
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    unproxied = client.post("/signin", data={"token": "wr_x"}, headers=forwarded)
    assert "Secure" not in unproxied.headers["Set-Cookie"]
    app.extensions["replay.store"].close()
    proxied = create_app(tmp_path / "c.duckdb", proxy_hops=1)
    got = proxied.test_client().post("/signin", data={"token": "wr_x"}, headers=forwarded)
    assert "Secure" in got.headers["Set-Cookie"]
    proxied.extensions["replay.store"].close()
    always = create_app(tmp_path / "c.duckdb", secure_cookies="always")
    assert "Secure" in always.test_client().post("/signin", data={"token": "wr_x"}).headers["Set-Cookie"]
    always.extensions["replay.store"].close()
