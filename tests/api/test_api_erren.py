"""The API with 二人麻将 hands (issue 31 item 4): uploads beside Wuhan's, ``?game=erren``, the
game and its record schema in the OpenAPI document, a hand's audit and its replay (two seats,
flowers set aside, 报听, the winning reading with every fan and its value, the payment's
receipt), and a player's 二人 figures.

Records are ``tests/erren_records`` (erren.md §8's examples and a few more); what is expected of
them is what the rules work out by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from api.app import create_app
from tests.api.test_api import Api, assert_problem, line
from tests.erren_records import NAMES, erren

ROOT = Path(__file__).resolve().parents[2]
WUHAN = ROOT / "sample_logs" / "handwritten" / "pihu.json"


@pytest.fixture
def api(tmp_path: Path) -> Any:
    app = create_app(tmp_path / "api.duckdb", max_body=1024 * 1024)
    yield Api(app)
    app.extensions["replay.store"].close()


def upload(api: Api) -> list[dict[str, Any]]:
    records = [erren(n, day=i + 1, source="club42") for i, n in enumerate(NAMES)]
    wuhan = json.loads(WUHAN.read_text(encoding="utf-8"))
    wuhan = wuhan if isinstance(wuhan, list) else [wuhan]
    for r in wuhan:
        r["source"] = "club42"
    body = b"\n".join(line(r) for r in [*records, *wuhan])
    results = api.post("/api/v1/hands", body, who="club", content_type="application/x-ndjson").get_json()
    assert {r["outcome"] for r in results["results"]} == {"stored"}
    assert {r["status"] for r in results["results"][: len(records)]} == {"ok"}
    return records


def test_erren_records_upload_and_filter_by_game(api: Api) -> None:
    records = upload(api)
    only = api.get("/api/v1/hands?game=erren").get_json()
    assert only["total"] == len(records)
    assert {h["game"] for h in only["items"]} == {"erren"}
    e1 = next(h for h in only["items"] if h["hand_id"] == "er-e1")
    assert e1["winner"] == 1  # on seat 0's 3s (§8 E1)
    everything = api.get("/api/v1/hands").get_json()
    assert {h["game"] for h in everything["items"]} == {"wuhan", "erren"}


def test_the_openapi_document_lists_erren(api: Api) -> None:
    spec = api.get("/api/v1/openapi.json", who=None).get_json()
    params = spec["paths"]["/api/v1/hands"]["get"]["parameters"]
    game = next(p for p in params if p["name"] == "game")
    assert "erren" in game["schema"]["enum"]
    assert "ErrenHandRecord" in spec["components"]["schemas"]
    body = spec["paths"]["/api/v1/hands"]["post"]["requestBody"]["description"]
    assert "erren-hand/1" in body


def test_an_erren_hand_and_its_audit(api: Api) -> None:
    upload(api)
    audit = api.get("/api/v1/hands/club42/er-e4/audit").get_json()
    assert audit["game"] == "erren" and audit["status"] == "ok"
    assert audit["computed"]["deltas"] == [56, -56]  # E4, worked by hand in §8
    assert (audit["computed"]["total"], audit["computed"]["winner"]) == (56, 0)
    assert not any(k.startswith("_") for k in audit)
    hand = api.get("/api/v1/hands/club42/er-e4").get_json()
    assert hand["record"]["format"] == "erren-hand/1" and hand["audit"] == audit
    assert len(hand["record"]["seats"]) == 2


def test_an_erren_replay_shows_two_seats_flowers_and_the_fans_receipt(api: Api) -> None:
    """E1: seat 1 sets 夏 (2h) aside and draws its replacement; at the win on 3s the reading
    [CCC] 123s* 456s 789s EE with qinglong 16, hunyise 6, jianke 2, bianzhang 1, huapai 1 = 26."""
    upload(api)
    steps = api.get("/api/v1/hands/club42/er-e1/replay").get_json()["steps"]
    assert steps[0]["index"] is None and len(steps) == len(erren("e1")["events"]) + 1
    assert all(len(s["hands"]) == 2 and len(s["flowers"]) == 2 for s in steps)
    assert "2h" in steps[0]["hands"][1] and steps[1]["flowers"] == [[], ["2h"]]
    assert "2h" not in steps[1]["hands"][1]
    win = steps[-1]["win"]
    assert (win["seat"], win["from"], win["tile"], win["total"], win["qualifying"]) == (1, 0, "3s", 26, 25)
    assert [(f["id"], f["zh"], f["value"] * f["n"]) for f in win["fans"]] == [
        ("qinglong", "清龙", 16),
        ("hunyise", "混一色", 6),
        ("jianke", "箭刻", 2),
        ("bianzhang", "边张", 1),
        ("huapai", "花牌", 1),
    ]
    assert [f["id"] for f in win["fans"] if f["nq"]] == ["huapai"]  # not counted for 起胡
    (paid,) = steps[-1]["payments"]
    assert (paid["from"], paid["to"], paid["amount"]) == (0, 1, 26)
    assert steps[-1]["deltas"] == [-26, 26]


def test_a_replay_shows_the_tianting_declaration(api: Api) -> None:
    upload(api)
    steps = api.get("/api/v1/hands/club42/er-tt/replay").get_json()["steps"]
    assert steps[1]["ting"] == ["pending", None]  # declared; its discard comes next (ER-3.5)
    assert steps[2]["ting"] == ["tianting", None] and steps[2]["discards"][0] == [{"tile": "F", "ting": True}]
    assert steps[-1]["win"]["fans"][0]["id"] == "tianting"


def test_player_figures_are_erren_ones(api: Api) -> None:
    upload(api)
    stats = api.get("/api/v1/players/er-a/stats").get_json()
    assert stats["game"] == "erren" and stats["hands"] == len(NAMES)
    # er-a sits at seat 0: E1 -26, E2 -10, E4 +56, E7 -52, E8 +93, tt +40, 荒庄 0
    assert stats["total_points"] == -26 - 10 + 56 - 52 + 93 + 40
    keys = [f["key"] for f in stats["habits"]["figures"]]
    assert "qihu_misses_per_100" in keys and "ting_rate" in keys and "birds_per_hand" not in keys
    assert_problem(api.get("/api/v1/players/er-a/stats?game=sichuan"), 404)
