"""The HTTP API through Flask's test client: uploads, reads, auth, limits and problem+json."""

from __future__ import annotations

import copy
import functools
import gzip
import json
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from replay.games.wuhan.evaluate import evaluate
from replay.games.wuhan.simulate import simulate
from schemas.audit import audit_record, audit_records
from store.tokens import create_token, revoke_token

ROOT = Path(__file__).resolve().parents[2]
MAX_BODY = 256 * 1024


@functools.cache
def sim(n: int = 16, seed: int = 9) -> tuple[dict[str, Any], ...]:
    return tuple(simulate(n, seed))


def line(record: object) -> bytes:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()


class Api:
    """The app, its client and one token of each kind."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.client: FlaskClient = app.test_client()
        store = app.extensions["replay.store"]
        self.ids: dict[str, str] = {}
        self.tokens: dict[str, str] = {}
        for name, scope, source in (
            ("admin", "admin", None),
            ("read", "read", None),
            ("upload", "upload", "simulator"),
            ("club", "upload", "club42"),
        ):
            self.ids[name], self.tokens[name] = create_token(store, scope, source)

    def auth(self, who: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[who]}"} if who else {}

    def post(self, path: str, body: bytes, who: str | None = "upload", **headers: str) -> Any:
        ctype = headers.pop("content_type", "application/json")
        return self.client.post(path, data=body, headers={**self.auth(who), **headers}, content_type=ctype)

    def get(self, path: str, who: str | None = "read", **kwargs: Any) -> Any:
        return self.client.get(path, headers=self.auth(who), **kwargs)


@pytest.fixture
def api(tmp_path: Path) -> Any:
    app = create_app(tmp_path / "api.duckdb", max_body=MAX_BODY)
    yield Api(app)
    app.extensions["replay.store"].close()


@pytest.fixture
def public(tmp_path: Path) -> Any:
    app = create_app(tmp_path / "public.duckdb", public_read=True, max_body=MAX_BODY)
    yield Api(app)
    app.extensions["replay.store"].close()


def assert_problem(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.data[:500]
    assert response.mimetype == "application/problem+json"
    body: dict[str, Any] = response.get_json(force=True)
    assert set(body) == {"type", "title", "status", "detail", "errors"}
    assert body["status"] == status and body["detail"]
    for error in body["errors"]:
        assert set(error) == {"field", "message"}
    return body


# --------------------------------------------------------------------------------------------
# Uploads.


def test_health_needs_no_token(api: Api) -> None:
    response = api.get("/api/v1/health", who=None)
    assert response.status_code == 200 and response.get_json() == {"status": "ok"}


def test_upload_one_record_a_list_and_ndjson(api: Api) -> None:
    records = sim()
    one = api.post("/api/v1/hands", line(records[0]))
    assert one.status_code == 200
    assert one.get_json() == {
        "results": [
            {
                "source": "simulator",
                "hand_id": records[0]["hand_id"],
                "outcome": "stored",
                "status": "ok",
                "errors": [],
            }
        ]
    }
    many = api.post("/api/v1/hands", json.dumps(list(records[:4])).encode())
    assert [r["outcome"] for r in many.get_json()["results"]] == ["duplicate", "stored", "stored", "stored"]
    nd = b"\n".join(line(r) for r in records[3:8]) + b"\n"
    lines = api.post("/api/v1/hands", nd, content_type="application/x-ndjson; charset=utf-8")
    assert [r["outcome"] for r in lines.get_json()["results"]] == ["duplicate"] + ["stored"] * 4


def test_gzip_bodies_by_header_or_by_magic(api: Api) -> None:
    records = sim()
    packed = gzip.compress(b"\n".join(line(r) for r in records[:3]))
    by_header = api.post(
        "/api/v1/hands", packed, content_type="application/x-ndjson", **{"Content-Encoding": "gzip"}
    )
    assert [r["outcome"] for r in by_header.get_json()["results"]] == ["stored"] * 3
    by_magic = api.post("/api/v1/hands", gzip.compress(line(records[3])))
    assert by_magic.get_json()["results"][0]["outcome"] == "stored"
    broken = api.post("/api/v1/hands", packed[:40], **{"Content-Encoding": "gzip"})
    assert_problem(broken, 400)


def test_conflict_invalid_and_wrong_source_come_back_per_record(api: Api) -> None:
    record = sim()[0]
    api.post("/api/v1/hands", line(record))
    changed = {**copy.deepcopy(record), "played_at": "2030-01-01T00:00:00Z"}
    bad = {**copy.deepcopy(sim()[1]), "dealer": "east"}
    club = {**copy.deepcopy(sim()[2]), "source": "club42"}
    body = json.dumps([changed, bad, club, "not a record"]).encode()
    results = api.post("/api/v1/hands", body).get_json()["results"]
    assert [r["outcome"] for r in results] == ["conflict", "invalid", "invalid", "invalid"]
    assert results[0]["status"] == "ok" and results[0]["errors"][0]["field"] == "hand_id"
    assert results[1]["status"] is None
    assert results[1]["errors"] == [{"field": "dealer", "message": "must be an integer, not a string"}]
    assert "club42" in results[2]["errors"][0]["message"] and results[2]["errors"][0]["field"] == "source"
    assert results[3]["hand_id"] is None
    club_results = api.post("/api/v1/hands", line(club), who="club").get_json()["results"]
    assert club_results[0]["outcome"] == "stored"
    admin_results = api.post("/api/v1/hands", line(sim()[3]), who="admin").get_json()["results"]
    assert admin_results[0]["outcome"] == "stored"


def test_auth_401_403_and_revocation(api: Api, tmp_path: Path) -> None:
    body = line(sim()[0])
    assert_problem(api.post("/api/v1/hands", body, who=None), 401)
    assert api.post("/api/v1/hands", body, who=None).headers["WWW-Authenticate"].startswith("Bearer")
    assert_problem(api.post("/api/v1/hands", body, who="read"), 403)
    assert_problem(
        api.client.post("/api/v1/hands", data=body, headers={"Authorization": "Bearer wr_nope"}), 401
    )
    assert_problem(api.client.post("/api/v1/hands", data=body, headers={"Authorization": "Basic abc"}), 401)
    for path in ("/api/v1/hands", "/api/v1/hands/simulator/x", "/api/v1/players/p01/stats"):
        assert_problem(api.get(path, who=None), 401)
        assert_problem(api.get(path, who="upload"), 403)
    assert api.get("/api/v1/hands", who="read").status_code == 200
    assert api.get("/api/v1/hands", who="admin").status_code == 200
    revoke_token(api.app.extensions["replay.store"], api.ids["read"])
    assert_problem(api.get("/api/v1/hands", who="read"), 401)


def test_public_read_opens_reads_but_not_uploads(public: Api) -> None:
    assert public.get("/api/v1/hands", who=None).status_code == 200
    assert public.post("/api/v1/audit", line(sim()[0]), who=None).status_code == 200
    assert_problem(public.post("/api/v1/hands", line(sim()[0]), who=None), 401)
    bad = public.client.get("/api/v1/hands", headers={"Authorization": "Bearer wr_typo"})
    assert_problem(bad, 401)


def test_limits_and_content_types(api: Api) -> None:
    big = b"[" + b" " * MAX_BODY + b"]"
    body = assert_problem(api.post("/api/v1/hands", big), 413)
    assert str(MAX_BODY) in body["detail"]
    bomb = gzip.compress(b" " * (MAX_BODY * 4) + b"{}")
    assert len(bomb) < MAX_BODY
    assert_problem(api.post("/api/v1/hands", bomb, **{"Content-Encoding": "gzip"}), 413)
    assert_problem(api.post("/api/v1/hands", b"{}", content_type="text/plain"), 415)
    assert_problem(api.post("/api/v1/hands", b"{}", content_type=""), 415)
    assert_problem(api.post("/api/v1/hands", b"{}", **{"Content-Encoding": "br"}), 415)
    assert_problem(api.post("/api/v1/hands", b"{not json"), 400)
    assert_problem(api.post("/api/v1/hands", b"   "), 400)
    assert_problem(api.post("/api/v1/hands", b"[1, 2"), 400)
    assert_problem(api.client.get("/api/v1/nowhere"), 404)
    assert_problem(api.client.delete("/api/v1/hands"), 405)


@pytest.mark.parametrize(
    "payload",
    [
        b'{"format": "wuhan-hand/1", "hand_id": 1e999}',
        b'{"hand_id": ' + b"9" * 5000 + b"}",
        b'{"hand_id": NaN}',
        b'{"hand_id": "\\ud800\\u0000\\u202e", "source": "\xe4\xb8\xad\\u0007",'
        b' "seats": [{"player_id": "\\udfff"}]}',
        b'{"\\ud800": 1, "a\\u0000b": {"\\u0001": []}}',
        b"[" * 3000 + b"]" * 3000,
        b'"just a string"',
        b"[null, true, 1.5, -0, {}]",
        b'{"format": "wuhan-hand/1", "events": '
        + b"["
        + b",".join([b'{"type": "pass", "seat": 0}'] * 10)
        + b"]}",
    ],
)
def test_hostile_bodies_never_cause_a_server_error(api: Api, payload: bytes) -> None:
    for path in ("/api/v1/hands", "/api/v1/audit", "/api/v1/evaluate"):
        for ctype in ("application/json", "application/x-ndjson"):
            response = api.post(path, payload, who="admin", content_type=ctype)
            assert response.status_code < 500, (path, ctype, response.data[:300])
            if response.status_code >= 400:
                assert_problem(response, response.status_code)


def test_a_ten_thousand_event_record_is_answered_quickly(api: Api) -> None:
    record = copy.deepcopy(sim()[0])
    record["hand_id"] = "long-1"
    while len(record["events"]) < 10_000:
        record["events"] = record["events"] + record["events"]
    record["events"] = record["events"][:10_000]
    api.app.config.update(REPLAY_MAX_BODY=4 * 1024 * 1024, MAX_CONTENT_LENGTH=4 * 1024 * 1024)
    response = api.post("/api/v1/hands", line(record))
    result = response.get_json()["results"][0]
    assert response.status_code == 200
    assert (result["outcome"], result["status"]) == ("stored", "illegal")
    steps = api.get("/api/v1/hands/simulator/long-1/replay").get_json()["steps"]
    assert len(steps) < 1000 and "illegal" in steps[-1]


# --------------------------------------------------------------------------------------------
# Reads.


def test_list_filters_paging_and_bad_parameters(api: Api) -> None:
    records = sim()
    api.post("/api/v1/hands", b"\n".join(line(r) for r in records), content_type="application/x-ndjson")
    page = api.get("/api/v1/hands?limit=5&offset=2").get_json()
    assert page["total"] == len(records) and len(page["items"]) == 5
    item = page["items"][0]
    assert set(item) >= {"source", "hand_id", "played_at", "players", "status"}
    assert len(item["players"]) == 4
    player = records[0]["seats"][2]["player_id"]
    mine = api.get(f"/api/v1/hands?player={player}&limit=1000").get_json()
    assert mine["total"] == sum(player in [s["player_id"] for s in r["seats"]] for r in records)
    assert api.get("/api/v1/hands?status=illegal").get_json()["total"] == 0
    assert api.get("/api/v1/hands?source=other").get_json() == {"items": [], "total": 0}
    since = sorted(r["played_at"] for r in records)[5]
    later = api.get("/api/v1/hands", query_string={"since": since, "limit": 1000}).get_json()
    assert later["total"] == len(records) - 5
    for bad in (
        "limit=0",
        "limit=100000",
        "offset=-1",
        "limit=1e9",
        "status=great",
        "since=yesterday",
        "since=2026-11-01T00:00:00",
        "limit=" + "9" * 5000,
    ):
        body = assert_problem(api.get(f"/api/v1/hands?{bad}"), 400)
        assert body["errors"][0]["field"] == bad.split("=")[0]


def test_one_hand_its_audit_and_its_replay(api: Api) -> None:
    record = copy.deepcopy(sim()[5])
    record["wall"] = ["五万" if t == "5m" else t for t in record["wall"]]  # an alias, stored as sent
    raw = json.dumps(record, ensure_ascii=False, indent=1).encode()
    api.post("/api/v1/hands", raw)
    path = f"/api/v1/hands/simulator/{record['hand_id']}"
    detail = api.get(path).get_json()
    assert detail["record"] == record
    want = audit_records([(record, None)])[0]
    assert detail["audit"] == want
    assert api.get(path + "/audit").get_json() == want
    steps = api.get(path + "/replay").get_json()["steps"]
    assert len(steps) == len(record["events"])
    assert steps[0]["index"] == 0 and steps[-1]["event"] == record["events"][-1]
    assert_problem(api.get("/api/v1/hands/simulator/nope"), 404)
    assert_problem(api.get("/api/v1/hands/nope/x/replay"), 404)


def test_audit_and_evaluate_without_storing(api: Api) -> None:
    records = [sim()[0], {"format": "wuhan-hand/1"}]
    response = api.post("/api/v1/audit", json.dumps(records).encode(), who="read")
    assert response.get_json() == {"results": audit_records([(r, None) for r in records])}
    assert api.get("/api/v1/hands").get_json()["total"] == 0
    win = json.loads((ROOT / "sample_logs" / "evaluate" / "examples.ndjson").read_text().splitlines()[0])
    one = api.post("/api/v1/evaluate", line(win), who="read")
    assert one.status_code == 200 and one.get_json() == evaluate(win)
    many = api.post(
        "/api/v1/evaluate", line(win) + b"\n{}\n", who="read", content_type="application/x-ndjson"
    )
    answers = many.get_json()["results"]
    assert answers[0] == evaluate(win) and "error" in answers[1]
    listed = api.post("/api/v1/evaluate", json.dumps([win]).encode(), who="read").get_json()
    assert listed == {"results": [evaluate(win)]}
    bad = api.post("/api/v1/evaluate", b'{"dealer": 9}', who="read")  # the contract's error object
    assert bad.status_code == 200 and bad.get_json() == evaluate({"dealer": 9})
    assert bad.get_json()["error"]["field"]
    assert_problem(api.post("/api/v1/evaluate", b'"one string"', who="read"), 400)


def test_player_stats(api: Api) -> None:
    records = sim()
    api.post("/api/v1/hands", b"\n".join(line(r) for r in records), content_type="application/x-ndjson")
    player = records[0]["seats"][0]["player_id"]
    stats = api.get(f"/api/v1/players/{player}/stats").get_json()
    mine = [
        (r, [s["player_id"] for s in r["seats"]].index(player))
        for r in records
        if player in [s["player_id"] for s in r["seats"]]
    ]
    assert stats["player_id"] == player and stats["hands"] == len(mine)
    assert stats["wins"] == sum(r["result"]["winner"] == seat for r, seat in mine)
    assert stats["total_points"] == sum(r["result"]["deltas"][seat] for r, seat in mine)
    assert stats["win_rate"] == pytest.approx(stats["wins"] / stats["settled_hands"])
    assert_problem(api.get("/api/v1/players/nobody/stats"), 404)


# --------------------------------------------------------------------------------------------
# The document.


def test_each_games_result_has_its_own_openapi_name(tmp_path: Path) -> None:
    """apispec names a schema after its class: every game's ``ResultSchema`` was "Result", so the
    document was built with a warning and renamed ones (Result1, Result2 ...). Each game's result
    now has its own name, and its fields are the game's schema's, as the server reads them."""
    from schemas import changchun_hand, changsha_hand, erren_hand, hand_record, sichuan_hand

    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        app = create_app(tmp_path / "names.duckdb", max_body=MAX_BODY)
    try:
        spec = Api(app).get("/api/v1/openapi.json", who=None).get_json()
    finally:
        app.extensions["replay.store"].close()
    schemas = spec["components"]["schemas"]
    for record, result, schema in (
        ("HandRecord", "Result", hand_record.ResultSchema),
        ("SichuanHandRecord", "SichuanResult", sichuan_hand.SichuanResultSchema),
        ("ChangshaHandRecord", "ChangshaResult", changsha_hand.ChangshaResultSchema),
        ("ChangchunHandRecord", "ChangchunResult", changchun_hand.ChangchunResultSchema),
        ("ErrenHandRecord", "ErrenResult", erren_hand.ErrenResultSchema),
    ):
        assert schemas[record]["properties"]["result"] == {"$ref": f"#/components/schemas/{result}"}, record
        assert set(schemas[result]["properties"]) == set(schema().fields), result
    assert not any(re.fullmatch(r"Result\d+", name) for name in schemas)


def test_openapi_document_and_local_docs_page(api: Api) -> None:
    spec = api.get("/api/v1/openapi.json", who=None).get_json()
    assert spec["openapi"].startswith("3.")
    assert set(spec["paths"]) == {
        "/api/v1/health",
        "/api/v1/hands",
        "/api/v1/hands/{source}/{hand_id}",
        "/api/v1/hands/{source}/{hand_id}/audit",
        "/api/v1/hands/{source}/{hand_id}/replay",
        "/api/v1/audit",
        "/api/v1/evaluate",
        "/api/v1/players/{player_id}/stats",
        "/api/v1/players/{player_id}/mistakes",
        "/api/v1/admin/tokens",
        "/api/v1/admin/tokens/{token_id}/revoke",
        "/api/v1/admin/reaudit",
        "/api/v1/admin/reaudit/{job_id}",
    }
    schemas = spec["components"]["schemas"]
    assert {"HandRecord", "UploadResponse", "HandList", "PlayerStats", "Problem"} <= set(schemas)
    # "id": a 500's logged traceback (issue #27), an RFC 9457 extension member
    assert set(schemas["Problem"]["properties"]) == {"type", "title", "status", "detail", "errors", "id"}
    default = spec["components"]["responses"]["DEFAULT_ERROR"]["content"]
    assert list(default) == ["application/problem+json"]
    page = api.get("/api/v1/docs", who=None)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert not re.search(r"(src|href)=\"https?://", html), "the docs page must not load anything from the web"
    for asset in re.findall(r"(?:src|href)=\"([^\"]+)\"", html):
        assert api.get(asset, who=None).status_code == 200, asset


def test_upload_without_analysis_stores_the_verdict_only(api: Api) -> None:
    """Issue #15: ?analysis=false stores the same verdict with no mistakes; the default analyses."""
    records = sim()[:6]
    body = b"\n".join(line(r) for r in records)
    bare = api.post("/api/v1/hands?analysis=false", body, content_type="application/x-ndjson").get_json()
    assert [r["outcome"] for r in bare["results"]] == ["stored"] * 6
    audits = [api.get(f"/api/v1/hands/simulator/{r['hand_id']}").get_json()["audit"] for r in records]
    assert all(a["mistakes"] == [] for a in audits)
    analysed = [audit_record(json.loads(line(r))) for r in records]
    assert any(a["mistakes"] for a in analysed)
    assert [a["status"] for a in audits] == [a["status"] for a in analysed]
    assert [a["computed"] for a in audits] == [a["computed"] for a in analysed]
    assert api.post("/api/v1/hands?analysis=maybe", body).status_code in (400, 422)
