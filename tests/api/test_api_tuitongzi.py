"""推筒子 through the API: rounds upload beside the other games and filter by game, a stored round
reads back with its audit, and ``/evaluate`` settles a round named by its game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from api.app import create_app
from tests.api.test_api import Api, line

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "sample_logs" / "handwritten" / "tuitongzi"


@pytest.fixture
def api(tmp_path: Path) -> Any:
    app = create_app(tmp_path / "api.duckdb", max_body=1024 * 1024)
    yield Api(app)
    app.extensions["replay.store"].close()


def test_rounds_upload_and_filter_by_game(api: Api) -> None:
    names = ("t1.json", "t5_banker_fa_pair.json", "disputed_bet_over_cover.json")
    records = [json.loads((FOLDER / n).read_text(encoding="utf-8")) for n in names]
    for r in records:
        r["source"] = "club42"  # the upload token's source
    body = b"\n".join(line(r) for r in records)
    results = api.post("/api/v1/hands", body, who="club", content_type="application/x-ndjson").get_json()
    assert [(r["hand_id"], r["outcome"], r["status"]) for r in results["results"]] == [
        ("tt-t1", "stored", "ok"),
        ("tt-t5", "stored", "ok"),
        ("tt-d-cover", "stored", "illegal"),
    ]
    only = api.get("/api/v1/hands?game=tuitongzi").get_json()
    assert only["total"] == 3 and {h["game"] for h in only["items"]} == {"tuitongzi"}


def test_evaluate_a_round(api: Api) -> None:
    body = {
        "game": "tuitongzi",
        "ruleset": {"preset": "tuitongzi"},
        "banker": 0,
        "bank": 2000,
        "bets": [None, 100, 50, 200],
        "hands": [["6p", "8p"], ["发财", "4p"], ["2p", "2p"], ["F", "1p"]],
        "pool_before": 10000,
    }
    answer = api.post("/api/v1/evaluate", json.dumps(body).encode(), who="read").get_json()
    assert answer["legal"] is True and answer["deltas"] == [0, 99, 100, -202]  # T6
