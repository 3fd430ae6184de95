"""The 推筒子 round viewer: the banker's and each player's tiles in Chinese, class and points, who
beat whom by which rule, the receipts and the pool; the upload page shows a round the same way."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "sample_logs" / "handwritten" / "tuitongzi"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from api.app import create_app
    from replay.inputs import decode_auto
    from store.db import Store
    from store.ingest import ingest

    path = tmp_path_factory.mktemp("tt_pages") / "tt.duckdb"
    with Store(path) as store:
        for f in sorted(FOLDER.glob("*.*json")):
            ingest(store, decode_auto(f.read_bytes(), f.name))
    return create_app(path, public_read=True).test_client()


def test_round_viewer_t1(client: Any) -> None:
    html = client.get("/hands/tuitongzi-club/tt-t1").get_data(as_text=True)
    for text in ("三筒 3p", "四筒 4p", "二八杠 erba", "九筒 9p", "banker 庄家", "阿强"):
        assert text in html, text
    assert "二八杠 ranks above 点数: the player wins (TT-3.2)" in html
    assert "1 points against 7: higher points win (TT-3.3)" in html
    assert "下注 bet 50 × 二八杠 2-8 bar 2 = 100" in html  # the receipt with its factors
    assert "after 9003" in html and "✓" in html  # the pool and TT-5.4
    assert "+1100" in html
    assert "fresh every round" in html  # no mistakes judged, and why


def test_round_viewer_illegal_and_mistakes(client: Any) -> None:
    html = client.get("/hands/tuitongzi-club/tt-d-cover").get_data(as_text=True)
    assert "bet_over_cover (TT-2.2)" in html and "bets[3]" in html
    html = client.get("/hands/tuitongzi-club/tt-mistake-peek").get_data(as_text=True)
    assert "min_bet_positive_ev" in html and "2103/703" in html
    html = client.get("/hands/tuitongzi-club/tt-t10").get_data(as_text=True)
    assert "庄家不足" in html and "300 of 400 owed" in html


def test_upload_shows_a_round(client: Any) -> None:
    raw = (FOLDER / "t4_fa_pair_award.json").read_bytes()
    html = client.post(
        "/upload", data={"record": (io.BytesIO(raw), "t4.json")}, content_type="multipart/form-data"
    ).get_data(as_text=True)
    assert "对发财" in html and "发财 F" in html and "1333" in html


def test_presets_are_named_in_chinese_beside_english(client: Any) -> None:
    from dashboards import terms
    from replay.games.tuitongzi.params import PRESETS

    for preset in PRESETS:  # every preset of tuitongzi.md §6 is named, its id first
        assert terms.preset_name(preset).startswith(f"{preset} 推筒子"), preset
    assert "五轮一靴" in terms.preset_name("tuitongzi-table")  # the home table's five-round shoe
    html = client.get("/hands/tuitongzi-club/tt-t1").get_data(as_text=True)
    assert "ruleset tuitongzi 推筒子 二八杠 (app)" in html  # the round viewer names its preset
