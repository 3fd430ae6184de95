"""The 推筒子 round viewer: the banker's and each player's tiles in Chinese, class and points, who
beat whom by which rule, the receipts and the pool; the upload page shows a round the same way."""

from __future__ import annotations

import io
import re
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
    for text in ("三筒", "四筒", "二八杠 erba", "九筒", "banker 庄家", "阿强"):
        assert text in html, text
    tiles = re.findall(r'<td class="tt-tiles"[^>]*>(.*?)</td>', html)
    assert len(tiles) == 4 and "三筒" in tiles[0] and "四筒" in tiles[0]
    assert not any(re.search(r"[1-9]p\b", t) for t in tiles), tiles  # tiles in Chinese only, no code
    assert "二八杠 ranks above 点数: the player wins (TT-3.2)" in html
    assert "1 points against 7: higher points win (TT-3.3)" in html
    assert "下注 bet 50 × 二八杠 2-8 bar 2 = 100" in html  # the receipt with its factors
    assert "after 9003" in html and "✓" in html  # the pool and TT-5.4
    assert "+1100" in html
    assert "fresh every round" in html  # no mistakes judged, and why


def test_round_viewer_illegal_and_mistakes(client: Any) -> None:
    html = client.get("/hands/tuitongzi-club/tt-d-cover").get_data(as_text=True)
    assert "(TT-2.2)" in html and "bets[3]" in html
    assert "bet_over_cover" not in html  # the rule and the message, not the reason's code
    html = client.get("/hands/tuitongzi-club/tt-mistake-peek").get_data(as_text=True)
    assert "bet the minimum with the odds for 顺势不加" in html and "2103/703" in html
    assert "min_bet_positive_ev" not in html  # the mistake named, not its code
    html = client.get("/hands/tuitongzi-club/tt-t10").get_data(as_text=True)
    assert "庄家不足" in html and "300 of 400 owed" in html


def test_differences_are_words_per_seat_not_json(client: Any) -> None:
    """The README's mismatches: tt-dispute-zero-tie (the app paid seat 1's 0-point tie to the
    player; TT-3.4 gives it to the banker, so −450/+100 for −250/−100), tt-dispute-award-banker
    (a jackpot award of 2000 to the banker, who cannot win one), tt-dispute-no-feed (TT-5.4: the
    app's deltas and pool are 3 off the house feed of 0)."""
    html = client.get("/hands/tuitongzi-club/tt-dispute-zero-tie").get_data(as_text=True)
    section = html[html.index('id="differences"') :]
    section = section[: section.index("</ul>")]
    app, rules = section.split("the rules say", 1)
    assert "who beat the banker 比牌输赢: the app said seat 1 阿强 beat the banker 闲赢" in app
    assert rules.startswith(" seat 1 阿强 lost to the banker 庄赢")
    assert "deltas 输赢: the app said -450 / +100 / -50 / +400, the rules say -250 / -100 / -50 / +400" in (
        section
    )
    for raw in ("null", "true", "false", "[", "{"):
        assert raw not in section, raw
    html = client.get("/hands/tuitongzi-club/tt-dispute-award-banker").get_data(as_text=True)
    assert "jackpot awards 奖池奖励: the app has seat 0 wins 2000 from the pool (对发财" in html
    assert "pool after 奖池余额: the app said 7003, the rules say 9003" in html
    html = client.get("/hands/tuitongzi-club/tt-dispute-no-feed").get_data(as_text=True)
    assert "TT-5.4 balance 平账 (Σ deltas + pool change): the app said 3, the rules say 0" in html


def test_upload_shows_a_round(client: Any) -> None:
    raw = (FOLDER / "t4_fa_pair_award.json").read_bytes()
    html = client.post(
        "/upload", data={"record": (io.BytesIO(raw), "t4.json")}, content_type="multipart/form-data"
    ).get_data(as_text=True)
    assert "对发财" in html and '<span class="tile">发财</span>' in html and "1333" in html
    assert "发财 F" not in html  # the tile in Chinese only


def test_presets_are_named_in_chinese_beside_english(client: Any) -> None:
    from dashboards import terms
    from replay.games.tuitongzi.params import PRESETS

    for preset in PRESETS:  # every preset of tuitongzi.md §6 is named, its id first
        assert terms.preset_name(preset).startswith(f"{preset} 推筒子"), preset
    assert "五轮一靴" in terms.preset_name("tuitongzi-table")  # the home table's five-round shoe
    html = client.get("/hands/tuitongzi-club/tt-t1").get_data(as_text=True)
    assert "ruleset 规则 tuitongzi 推筒子 二八杠 (app)" in html  # the round viewer names its preset
    html = client.get("/hands/tuitongzi-club/tt-d-bank").get_data(as_text=True)
    assert "(app) · bank min 5000" in html and "bank_min" not in html  # an override in words, no JSON


def test_sitting_running_totals(client: Any) -> None:
    """tt-d-pool: round 1 is T1 ([−400, −101, +1100, +398]); round 2 deals T1's tiles again and is
    illegal only across the sitting (TT-5.1: its pool was not carried), so its own settlement,
    the same deltas, still counts, marked illegal."""
    import json

    from store.tuitongzi_sitting import sitting_rounds

    store = client.application.extensions["dashboards.data"].store
    with store.read() as cur:
        sitting = sitting_rounds(cur, "tuitongzi-club", "tt-d-pool")
    assert [(r["hand_id"], r["status"], r["banker"]) for r in sitting["rounds"]] == [
        ("tt-d-pool-1", "ok", "tt-club-0"),
        ("tt-d-pool-2", "illegal", "tt-club-0"),
    ]
    totals = {p["player_id"]: p["totals"] for p in sitting["players"]}
    assert totals == {
        "tt-club-0": [-400, -800],
        "tt-club-1": [-101, -202],
        "tt-club-2": [1100, 2200],
        "tt-club-3": [398, 796],
    }
    html = client.get("/hands/tuitongzi-club/tt-d-pool-2").get_data(as_text=True)
    assert 'id="sitting-totals"' in html and "本场累计输赢" in html and 'id="charts-js"' in html
    start = html.index('data-figure="', html.index('id="sitting-totals"')) + len('data-figure="')
    import html as entities

    figure = json.loads(entities.unescape(html[start : html.index('"', start)]))
    lines = {d["name"]: d["y"] for d in figure["data"]}
    assert lines["老板"] == [-400, -800] and lines["小芳"] == [1100, 2200]
    assert figure["data"][0]["marker"]["symbol"] == ["circle", "x"]  # round 2 is illegal
    assert figure["data"][0]["marker"]["size"] == [6, 12]  # the round on the page
    assert figure["data"][0]["text"][1] == "tt-d-pool-2: -400 · banker 庄 · illegal 违规"
    alone = client.get("/hands/tuitongzi-club/tt-t1").get_data(as_text=True)
    assert 'id="sitting-totals"' not in alone  # a round of no sitting
