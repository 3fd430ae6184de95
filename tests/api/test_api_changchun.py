"""The API with Changchun hands (issue 30): uploads beside Wuhan's, ``?game=changchun``, the game
and its record schema in the OpenAPI document, a hand's audit (win and gang money apart), its
replay with the 宝 and who knew it at each step, and a player's Changchun figures.

Records are changchun.md §8's worked examples (``tests/changchun_records``); what is expected of
them is what §8 works out by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from api.app import create_app
from tests.api.test_api import Api, assert_problem, line
from tests.changchun_records import NAMES, changchun

ROOT = Path(__file__).resolve().parents[2]
WUHAN = ROOT / "sample_logs" / "handwritten" / "pihu.json"


@pytest.fixture
def api(tmp_path: Path) -> Any:
    app = create_app(tmp_path / "api.duckdb", max_body=1024 * 1024)
    yield Api(app)
    app.extensions["replay.store"].close()


def upload(api: Api) -> list[dict[str, Any]]:
    records = [changchun(n, day=i + 1) for i, n in enumerate(NAMES)]
    for r in records:
        r["source"] = "club42"
    wuhan = json.loads(WUHAN.read_text(encoding="utf-8"))
    wuhan = wuhan if isinstance(wuhan, list) else [wuhan]
    for r in wuhan:
        r["source"] = "club42"
    body = b"\n".join(line(r) for r in [*records, *wuhan])
    results = api.post("/api/v1/hands", body, who="club", content_type="application/x-ndjson").get_json()
    assert {r["outcome"] for r in results["results"]} == {"stored"}
    return records


def test_changchun_records_upload_and_filter_by_game(api: Api) -> None:
    records = upload(api)
    only = api.get("/api/v1/hands?game=changchun").get_json()
    assert only["total"] == len(records)
    assert {h["game"] for h in only["items"]} == {"changchun"}
    e7 = next(h for h in only["items"] if h["hand_id"] == "cc-e7")
    assert e7["winner"] == 0  # 截胡: seat 0 is nearer after the robbed seat 3 than seat 1 (CC-2.3)
    everything = api.get("/api/v1/hands").get_json()
    assert {h["game"] for h in everything["items"]} == {"wuhan", "changchun"}


def test_the_openapi_document_lists_changchun(api: Api) -> None:
    spec = api.get("/api/v1/openapi.json", who=None).get_json()
    params = spec["paths"]["/api/v1/hands"]["get"]["parameters"]
    game = next(p for p in params if p["name"] == "game")
    assert "changchun" in game["schema"]["enum"]
    assert "ChangchunHandRecord" in spec["components"]["schemas"]
    body = spec["paths"]["/api/v1/hands"]["post"]["requestBody"]["description"]
    assert "changchun-hand/1" in body


def test_a_changchun_hand_and_its_audit(api: Api) -> None:
    """E6 (§8): win money [-8, -8, 20, -4] and seat 1's 旋风杠 as gang money [-1, 3, -1, -1]."""
    upload(api)
    audit = api.get("/api/v1/hands/club42/cc-e6/audit").get_json()
    assert audit["game"] == "changchun" and audit["status"] == "ok"
    assert audit["computed"]["win_deltas"] == [-8, -8, 20, -4]
    assert audit["computed"]["gang_deltas"] == [-1, 3, -1, -1]
    assert audit["computed"]["deltas"] == [-9, -5, 19, -5]
    assert not any(k.startswith("_") for k in audit)
    hand = api.get("/api/v1/hands/club42/cc-e6").get_json()
    assert hand["record"]["format"] == "changchun-hand/1" and hand["audit"] == audit


def test_a_changchun_replay_tells_who_knew_the_bao_when(api: Api) -> None:
    """E3: seat 1 rolls 3s at event 10 and alone knows it; 3s dies at event 18 (three visible,
    CC-4.7); seat 1 rolls 8p at event 19 and wins 摸宝 at event 21; the payments come at the end."""
    upload(api)
    steps = api.get("/api/v1/hands/club42/cc-e3/replay").get_json()["steps"]
    assert steps[0]["index"] is None and len(steps) == len(changchun("e3")["events"]) + 1
    at = {s["index"]: s for s in steps}
    assert at[9]["bao"] is None and at[9]["bao_known"] == [None, None, None, None]
    assert at[10]["bao"]["tile"] == "3s" and at[10]["bao_known"] == [None, "3s", None, None]
    assert at[17]["bao"]["dead"] is None and at[18]["bao"]["dead"] and at[18]["bao"]["visible"] == 3
    assert at[19]["bao"]["tile"] == "8p" and at[19]["bao_known"] == [None, "8p", None, None]
    assert [(lk["index"], lk["seat"], lk["tile"]) for lk in at[19]["learnt"]] == [
        (10, 1, "3s"),
        (19, 1, "8p"),
    ]
    assert at[3]["ting"] == [False, True, False, False] and at[3]["ting_at"][1] == 3
    assert at[21]["win"]["way"] == "mobao" and at[21]["win"]["tile"] == "5p"
    paid = [(p["from"], p["to"], p["amount"], p["kind"]) for s in steps for p in s["payments"]]
    assert sorted(paid) == [(0, 1, 32, "win"), (2, 1, 16, "win"), (3, 1, 16, "win")]


def test_a_replay_shows_sets_bu_robbed_gang_and_jiehu(api: Api) -> None:
    upload(api)
    e5 = api.get("/api/v1/hands/club42/cc-e5/replay").get_json()["steps"]
    xf = e5[-1]["melds"][2][0]
    assert (xf["type"], xf["tiles"], xf["bu"]) == ("xuanfeng", ["E", "S", "W", "N"], ["E"])  # CC-3.3
    assert {p["kind"] for s in e5 for p in s["payments"]} == {"gang"}  # 荒庄: gang money only
    e7 = api.get("/api/v1/hands/club42/cc-e7/replay").get_json()["steps"]
    assert e7[-1]["jiehu"] == [1] and e7[-1]["win"]["seat"] == 0  # CC-2.3
    assert [(r["seat"], r["tile"], r["kind"]) for r in e7[-1]["robbed"]] == [(3, "5p", "xu")]  # CC-2.4


def test_player_figures_are_changchun_ones(api: Api) -> None:
    upload(api)
    stats = api.get("/api/v1/players/cc-b/stats").get_json()
    assert stats["game"] == "changchun" and stats["hands"] == len(NAMES)
    # cc-b sits at seat 1: E1 -1, E3 +64, E4 -64, E5 +7, E6 -5, E7 -4, E8 -12, leak 0 (§8)
    assert stats["total_points"] == -1 + 64 - 64 + 7 - 5 - 4 - 12 + 0
    keys = [f["key"] for f in stats["habits"]["figures"]]
    assert "ting_rate" in keys and "bao_win_rate" in keys and "birds_per_hand" not in keys
    assert_problem(api.get("/api/v1/players/cc-b/stats?game=sichuan"), 404)
