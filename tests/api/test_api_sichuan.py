"""The API with a second game (issue 13 item 3b): Sichuan uploads, ``?game=`` filters, the game in
the OpenAPI document, a Sichuan hand's replay with its transfers, and per-game player figures.

Records are ``tests/data/sichuan/valid/`` (the rules' examples, results worked out by hand).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from api.app import create_app
from replay.games import GAMES
from tests.api.test_api import Api, assert_problem, line

ROOT = Path(__file__).resolve().parents[2]
VALID = ROOT / "tests" / "data" / "sichuan" / "valid"
WUHAN = ROOT / "sample_logs" / "handwritten" / "pihu.json"


def sichuan(name: str, source: str = "club42") -> dict[str, Any]:
    record: dict[str, Any] = json.loads((VALID / name).read_text(encoding="utf-8"))
    record["source"] = source
    return record


@pytest.fixture
def api(tmp_path: Path) -> Any:
    app = create_app(tmp_path / "api.duckdb", max_body=1024 * 1024)
    yield Api(app)
    app.extensions["replay.store"].close()


def upload_both(api: Api) -> list[dict[str, Any]]:
    records = [sichuan(p.name) for p in sorted(VALID.glob("*.json"))]
    wuhan = json.loads(WUHAN.read_text(encoding="utf-8"))
    wuhan = wuhan if isinstance(wuhan, list) else [wuhan]
    for r in wuhan:
        r["source"] = "club42"
    body = b"\n".join(line(r) for r in [*records, *wuhan])
    results = api.post("/api/v1/hands", body, who="club", content_type="application/x-ndjson").get_json()
    assert {r["outcome"] for r in results["results"]} == {"stored"}
    return records


def test_sichuan_records_upload_beside_wuhan_ones_and_filter_by_game(api: Api) -> None:
    records = upload_both(api)
    everything = api.get("/api/v1/hands").get_json()
    assert {h["game"] for h in everything["items"]} == {"wuhan", "sichuan"}
    only = api.get("/api/v1/hands?game=sichuan").get_json()
    assert only["total"] == len(records)
    assert {h["hand_id"] for h in only["items"]} == {r["hand_id"] for r in records}
    # a Sichuan hand's winner in the list is its first winner
    e1 = next(h for h in only["items"] if h["hand_id"] == "sc-xuezhan-e1")
    assert e1["winner"] == sichuan("xuezhan_e1.json")["result"]["wins"][0]["seat"]
    wuhan = api.get("/api/v1/hands?game=wuhan").get_json()
    assert wuhan["total"] == everything["total"] - len(records)


def test_an_unknown_game_is_a_400_naming_the_field(api: Api) -> None:
    body = assert_problem(api.get("/api/v1/hands?game=nosuchgame"), 400)
    assert [e["field"] for e in body["errors"]] == ["game"]
    body = assert_problem(api.get("/api/v1/players/sc0/stats?game=mahjong"), 400)
    assert [e["field"] for e in body["errors"]] == ["game"]


def test_the_openapi_document_shows_the_game(api: Api) -> None:
    spec = api.get("/api/v1/openapi.json", who=None).get_json()
    params = spec["paths"]["/api/v1/hands"]["get"]["parameters"]
    game = next(p for p in params if p["name"] == "game")
    assert game["in"] == "query" and set(game["schema"]["enum"]) == set(GAMES)
    stats = spec["paths"]["/api/v1/players/{player_id}/stats"]["get"]["parameters"]
    assert any(p["name"] == "game" for p in stats)
    assert "SichuanHandRecord" in spec["components"]["schemas"]
    assert "game" in spec["components"]["schemas"]["HandSummary"]["properties"]


def test_a_sichuan_replay_shows_each_transfer_at_its_event(api: Api) -> None:
    """SC-5.5/5.6: E2's 补杠 is paid when it stands, its 杠上炮 wins and 呼叫转移 when the window
    closes, 查大叫 at the 流局: every transfer of the result appears once, at some step."""
    upload_both(api)
    e2 = sichuan("xuezhan_e2.json")
    steps = api.get("/api/v1/hands/club42/sc-xuezhan-e2/replay").get_json()["steps"]
    assert steps[0]["index"] is None and len(steps) == len(e2["events"]) + 1
    seen = [(t["kind"], t["from"], t["to"], t["amount"]) for s in steps for t in s["transfers"]]
    want = [(t["kind"], t["from"], t["to"], t["amount"]) for t in e2["result"]["transfers"]]
    assert sorted(seen) == sorted(want)
    end = next(s for s in steps if (s["event"] or {}).get("type") == "huangzhuang")
    assert [t["kind"] for t in end["transfers"]] == ["dajiao"]
    assert end["tenpai"] == e2["result"]["tenpai"]
    assert steps[-1]["deltas"] == e2["result"]["deltas"]


def test_player_figures_are_of_one_game(api: Api) -> None:
    upload_both(api)
    e1 = sichuan("xuezhan_e1.json")
    player = e1["seats"][1]["player_id"]
    stats = api.get(f"/api/v1/players/{player}/stats").get_json()
    assert stats["game"] == "sichuan"  # the only game this player sat in
    mine = [(r, s) for r in (sichuan(p.name) for p in VALID.glob("*.json")) for s in range(4)]
    mine = [(r, s) for r, s in mine if r["seats"][s]["player_id"] == player]
    assert stats["hands"] == len(mine)
    assert stats["total_points"] == sum(r["result"]["deltas"][s] for r, s in mine)
    assert stats["wins"] == sum(any(w["seat"] == s for w in r["result"]["wins"]) for r, s in mine)
    keys = [f["key"] for f in stats["habits"]["figures"]]
    assert "void_turns" in keys and "pizi_ganged" not in keys
    assert stats["habits"]["filters"]["game"] == "sichuan"
    assert_problem(api.get(f"/api/v1/players/{player}/stats?game=wuhan"), 404)


def test_evaluate_takes_a_sichuan_win_named_by_its_game(api: Api) -> None:
    """SC-4.2/SC-5 through the API: 11 33 5555 77 88 9 筒 + 9p self-drawn is 七对, all 筒, with four
    5p (龙): 青龙七对, M 32. The 3-番 cap makes it 2³ = 8, plus 自摸加底 1: each of the three
    others pays 9, the winner (seat 2) gets 27."""
    body = (ROOT / "sample_logs" / "evaluate" / "sichuan.ndjson").read_bytes().splitlines()[0]
    answer = api.post("/api/v1/evaluate", body, who="read").get_json()
    assert answer["legal"] is True and answer["hand"] == "qinglongqidui" and answer["multiple"] == 32
    assert answer["deltas"] == [-9, -9, 27, -9]
    bad = api.post("/api/v1/evaluate", b'{"game": "nosuchgame"}', who="read").get_json()
    assert bad["error"]["field"] == "game" and "sichuan" in bad["error"]["message"]
