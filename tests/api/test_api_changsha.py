"""The API with Changsha hands (issue 29 item 5): uploads beside Wuhan's, ``?game=changsha``, the
game and its record schema in the OpenAPI document, a hand's audit and its replay with every
payment's receipt, and a player's Changsha figures.

Records are changsha.md §8's worked examples (``tests/changsha_records``); what is expected of
them is what §8 works out by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from api.app import create_app
from tests.api.test_api import Api, assert_problem, line
from tests.changsha_records import NAMES, changsha

ROOT = Path(__file__).resolve().parents[2]
WUHAN = ROOT / "sample_logs" / "handwritten" / "pihu.json"


@pytest.fixture
def api(tmp_path: Path) -> Any:
    app = create_app(tmp_path / "api.duckdb", max_body=1024 * 1024)
    yield Api(app)
    app.extensions["replay.store"].close()


def upload(api: Api) -> list[dict[str, Any]]:
    records = [changsha(n, day=i + 1, source="club42") for i, n in enumerate(NAMES)]
    wuhan = json.loads(WUHAN.read_text(encoding="utf-8"))
    wuhan = wuhan if isinstance(wuhan, list) else [wuhan]
    for r in wuhan:
        r["source"] = "club42"
    body = b"\n".join(line(r) for r in [*records, *wuhan])
    results = api.post("/api/v1/hands", body, who="club", content_type="application/x-ndjson").get_json()
    assert {r["outcome"] for r in results["results"]} == {"stored"}
    return records


def test_changsha_records_upload_and_filter_by_game(api: Api) -> None:
    records = upload(api)
    only = api.get("/api/v1/hands?game=changsha").get_json()
    assert only["total"] == len(records)
    assert {h["game"] for h in only["items"]} == {"changsha"}
    e4 = next(h for h in only["items"] if h["hand_id"] == "cs-e4")
    assert e4["winner"] == 3  # 通炮: the first winner after the discarder, seat 2 (CS-3.2)
    everything = api.get("/api/v1/hands").get_json()
    assert {h["game"] for h in everything["items"]} == {"wuhan", "changsha"}


def test_the_openapi_document_lists_changsha(api: Api) -> None:
    spec = api.get("/api/v1/openapi.json", who=None).get_json()
    params = spec["paths"]["/api/v1/hands"]["get"]["parameters"]
    game = next(p for p in params if p["name"] == "game")
    assert "changsha" in game["schema"]["enum"]
    assert "ChangshaHandRecord" in spec["components"]["schemas"]
    body = spec["paths"]["/api/v1/hands"]["post"]["requestBody"]["description"]
    assert "changsha-hand/1" in body


def test_a_changsha_hand_and_its_audit(api: Api) -> None:
    upload(api)
    audit = api.get("/api/v1/hands/club42/cs-e4/audit").get_json()
    assert audit["game"] == "changsha" and audit["status"] == "ok"
    assert audit["computed"]["deltas"] == [140, 0, -160, 20]  # E4, worked by hand in §8
    assert not any(k.startswith("_") for k in audit)
    hand = api.get("/api/v1/hands/club42/cs-e4").get_json()
    assert hand["record"]["format"] == "changsha-hand/1" and hand["audit"] == audit


def test_a_changsha_replay_shows_each_payment_with_its_receipt(api: Api) -> None:
    """E4 (通炮): both winners settle when the birds are drawn (3m, from dealer 0: seat 2); seat 2
    pays 20 to seat 3 (平胡 small discard 10 ×2 for the bird on the payer) and 140 to seat 0."""
    upload(api)
    steps = api.get("/api/v1/hands/club42/cs-e4/replay").get_json()["steps"]
    assert steps[0]["index"] is None and len(steps) == len(changsha("e4")["events"]) + 1
    paid = [(p["from"], p["to"], p["amount"]) for s in steps for p in s["payments"]]
    assert sorted(paid) == [(2, 0, 140), (2, 3, 20)]
    birds = next(s for s in steps if (s["event"] or {}).get("type") == "birds")
    assert birds["birds"] == [{"n": 0, "tile": "3m", "hits": [{"base": 0, "seat": 2}]}]
    assert {w["seat"] for w in birds["wins"]} == {0, 3} and all(w["from"] == 2 for w in birds["wins"])
    assert all("=" in p["receipt"] and "中鸟" in p["receipt"] for p in birds["payments"])
    assert steps[-1]["deltas"] == [140, 0, -160, 20]


def test_a_replay_shows_the_kaigang_tiles_and_haidi_offers(api: Api) -> None:
    upload(api)
    e5 = api.get("/api/v1/hands/club42/cs-e5/replay").get_json()["steps"]
    assert e5[-1]["kai"] == {"seat": 1, "tile": "6m", "dice": [3, 5], "tiles": ["9p", "3m"]}  # CS-2.4
    e7 = api.get("/api/v1/hands/club42/cs-e7/replay").get_json()["steps"]
    assert e7[-1]["haidi"]["offers"] == [{"seat": 3, "take": False}, {"seat": 0, "take": True}]
    e8 = api.get("/api/v1/hands/club42/cs-e8/replay").get_json()["steps"]
    assert e8[1]["qishou"][1] == {"kinds": ["sixi", "liuliushun"], "tiles": [*["7m"] * 4, *["3s"] * 3]}
    assert {p["kind"] for s in e8 for p in s["payments"]} == {"qishou"}


def test_player_figures_are_changsha_ones(api: Api) -> None:
    upload(api)
    stats = api.get("/api/v1/players/cs-c/stats").get_json()
    assert stats["game"] == "changsha" and stats["hands"] == len(NAMES)
    # cs-c sits at seat 2: E1 +80, E4 -160, E5 -30, E7 0, E8 -20 (§8)
    assert stats["total_points"] == 80 - 160 - 30 + 0 - 20
    keys = [f["key"] for f in stats["habits"]["figures"]]
    assert "birds_per_hand" in keys and "haidi_take_rate" in keys and "void_turns" not in keys
    assert_problem(api.get("/api/v1/players/cs-c/stats?game=sichuan"), 404)
