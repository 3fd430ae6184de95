"""二人麻将 hands on the pages without a browser (issue 31 item 4): the viewer's model in words
(no tile code, None or JSON), two seats, the flowers set aside per seat, 报听, the winning
reading with every fan and its value as a receipt (Chinese beside English), mistakes linked to
their step; the pages (viewer, upload, overview, players, player) with the game's name.

Records are ``tests/erren_records`` (erren.md §8's examples and a few more); what is expected of
them is what the rules work out by hand."""

from __future__ import annotations

import copy
import io
import re
from pathlib import Path
from typing import Any

import orjson
import pytest

from dashboards import terms
from dashboards.erren_viewer import build
from replay.games.erren.audit import audit_validated
from tests.dashboards.test_pages import strings
from tests.erren_records import NAMES, erren

#: a raw tile or flower code, None, or JSON in a text a page shows
RAW = re.compile(r"(?<![A-Za-z0-9_-])[1-9][msph](?![A-Za-z0-9_-])|\bNone\b|[{}]")


def shown(model: dict[str, Any]) -> list[str]:
    win = model["win"] or {}
    return [
        *(s["caption"] for s in model["steps"]),
        *(n for s in model["steps"] for n in s["notes"]),
        *(t for s in model["steps"] for t in s["ting"]),
        *(p["text"] for s in model["steps"] for p in s["payments"]),
        *(line for s in model["steps"] for p in s["payments"] for line in p["receipt"]),
        *(m["text"] for m in model["moves"]),
        *(f["text"] for f in win.get("fans") or []),
        *(win.get(k) or "" for k in ("title", "form", "ways", "summary")),
        *(g["label"] for g in win.get("groups") or []),
        *strings(model["settlement"] or {}),
    ]


@pytest.mark.parametrize("name", NAMES)
def test_no_raw_value_reaches_an_erren_page(name: str) -> None:
    model = build(erren(name))
    assert model["game"] == "erren" and "二人麻将" in model["game_name"] and model["seat_count"] == 2
    texts = [t for t in shown(model) if isinstance(t, str)]
    assert texts and not [t for t in texts if RAW.search(t)], [t for t in texts if RAW.search(t)]


def test_every_step_has_two_seats_never_four() -> None:
    model = build(erren("e7"))
    for s in model["steps"]:
        for key in ("hands", "melds", "discards", "flowers", "ting", "balances", "progress"):
            assert len(s[key]) == 2, key
    assert [p["seat"] for p in model["players"]] == [0, 1]


def test_the_win_is_a_receipt_of_every_fan_with_its_value() -> None:
    """E1 (§8): qinglong 16 (drops 连六 ×2, 老少副), hunyise 6, jianke 2, bianzhang 1 (3s the only
    wait), huapai 1 (not toward 起胡): T 26, Q 25 against 起胡 8; seat 0 pays 26."""
    model = build(erren("e1"))
    win = model["win"]
    assert [(f["zh"], f["en"], f["value"], f["n"], f["points"]) for f in win["fans"]] == [
        ("清龙", "Pure Straight", 16, 1, 16),
        ("混一色", "Half Flush", 6, 1, 6),
        ("箭刻", "Dragon Pung", 2, 1, 2),
        ("边张", "Edge Wait", 1, 1, 1),
        ("花牌", "Flower", 1, 1, 1),
    ]
    assert sum(f["points"] for f in win["fans"]) == win["total"] == 26
    assert [f["id"] for f in win["fans"] if f["nq"]] == ["huapai"]
    assert (win["qualifying"], win["qihu"]) == (25, 8)
    assert win["title"] == "1 ER-B wins 和 on 0 ER-A's tile 三条"
    # the reading [CCC] 123s* 456s 789s EE: the winning 3s is placed in 123s
    assert [(g["tiles"], g["won"]) for g in win["groups"]] == [
        (["C"] * 3, False),
        (["1s", "2s", "3s"], True),
        (["4s", "5s", "6s"], False),
        (["7s", "8s", "9s"], False),
        (["E", "E"], False),
    ]
    assert win["groups"][0]["label"] == "刻子 pung · exposed 明"
    (paid,) = model["settlement"]["payments"]
    assert paid["text"] == "0 ER-A pays 付 1 ER-B 26"
    assert paid["receipt"][0] == "清龙 qinglong (Pure Straight) 16"
    assert [d["delta"] for d in model["settlement"]["deltas"]] == ["-26", "+26"]
    assert win["step"] == len(erren("e1")["events"]) - 1


def test_a_fan_counted_twice_says_so() -> None:
    """E7 (§8): 幺九刻 is counted per pung; the winner's kongs 9999 (明杠) and EEEE (暗杠) are both
    pungs of a terminal or a wind: 1 × 2 = 2. The way of winning is 杠上开花 on its 6s."""
    win = build(erren("e7"))["win"]
    (yaojiu,) = [f for f in win["fans"] if f["id"] == "yaojiuke"]
    assert (yaojiu["n"], yaojiu["points"]) == (2, 2) and "× 2 = 2" in yaojiu["text"]
    assert win["ways"] == "杠上开花 gangkai" and win["title"].endswith("自摸 self-drawn 六条")


def test_flowers_are_set_aside_per_seat_and_named_in_chinese() -> None:
    """E1: seat 1 sets 夏 (2h) aside at once and draws its replacement from the back (ER-2.2);
    荒庄: seat 0 set seven aside, seat 1 the last (菊), with nothing to replace it (ER-2.3)."""
    model = build(erren("e1"))
    assert model["steps"][0]["hands"][1].count("2h") == 1  # dealt, not yet set aside
    assert model["steps"][1]["flowers"] == [[], ["2h"]] and "2h" not in model["steps"][1]["hands"][1]
    assert model["steps"][1]["caption"] == "1 ER-B 补花 sets the flower 夏 aside"
    assert model["steps"][2]["caption"] == "1 ER-B 摸 draws 白板 from the back 补牌"
    hz = build(erren("hz"))
    assert [f["names"] for f in hz["flowers"]] == ["春 夏 秋 冬 梅 兰 竹", "菊"]
    assert "荒庄 the hand ends with no winner: nobody pays" in hz["steps"][-1]["notes"]
    assert hz["win"] is None and hz["settlement"]["ended_by"] == "no one won 荒庄"


def test_baoting_is_shown_on_the_seat_and_its_discard() -> None:
    model = build(erren("tt"))
    assert model["steps"][1]["ting"] == ["报听 declared: its discard comes next", ""]
    assert model["steps"][2]["ting"][0] == "报听 天听 (heavenly ready)"
    assert model["steps"][2]["caption"] == "0 ER-A 打 discards 发财 · 报听 declares ready"
    assert model["steps"][2]["discards"][0] == [{"tile": "F", "ting": True}]
    assert model["win"]["fans"][0]["zh"] == "天听"


def test_a_mistake_is_linked_to_its_step_and_marked_on_the_graph() -> None:
    """A §10 finding (as the mistake detectors report one) sits at its event: the list links
    ``#step=N`` and the progress graph has its marker at that step."""
    rec = erren("e2")
    audit = audit_validated(rec)
    index = 12  # seat 0's discard of 2s (seat 1 held a shape under 起胡 on it)
    audit["mistakes"] = [
        {
            "type": "big_deal_in",
            "seat": 0,
            "index": index,
            "severity": "high",
            "cost": 10,
            "message": "dealt 2s",
        }
    ]
    model = build(rec, audit)
    (m,) = model["mistakes"]
    assert (m["index"], m["name"], m["message"]) == (index, "dealt in a big hand 放大炮", "dealt 二条")
    pos = next(p for p, s in enumerate(model["steps"]) if s["index"] == index)
    assert any(k["pos"] == pos and k["kind"] == "high" for k in model["markers"])


def test_a_settled_wrong_hand_compares_app_and_rules_in_words() -> None:
    rec = erren("e1")
    rec["result"] = {"winner": 1, "fans": [{"id": "qinglong", "n": 1}], "total": 16, "deltas": [-16, 16]}
    model = build(rec)
    assert model["verdict"]["kind"] == "mismatch"
    rows = {r["label"]: r for r in model["comparison"]}
    assert rows["fans 番种"]["app"] == "清龙 qinglong (Pure Straight)" and rows["fans 番种"]["differs"]
    assert rows["total fan T 总番"]["rules"] == "26" and not rows["winner 胡牌者"]["differs"]


# ---------------------------------------------------------------------------------------- pages
@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from api.app import create_app
    from replay.inputs import Item
    from store.db import Store
    from store.ingest import ingest

    path = tmp_path_factory.mktemp("er-pages") / "pages.duckdb"
    with Store(path) as store:
        recs = [erren(n, day=i + 1) for i, n in enumerate(NAMES)]
        ingest(store, [Item(r, orjson.dumps(r), None) for r in recs])
    return create_app(path, public_read=True).test_client()


def test_the_viewer_page_draws_an_erren_hand(client: Any) -> None:
    html = client.get("/hands/club-er/er-e1").get_data(as_text=True)
    assert "<title>er-e1 · Erren 二人麻将" in html and "麻将 replay</title>" in html
    assert "erren_viewer.js" in html and 'id="flowers"' in html and 'id="fans"' in html
    assert "two-seats" in html and '"seat_count": 2' in html
    assert '<td data-label="番种">清龙</td>' in html and "Pure Straight" in html
    assert 'aria-label="夏 flower 花牌"' in html  # the flower drawn as a tile, not 2h
    assert "None" not in html.split('id="model"')[0]


def test_upload_shows_an_erren_hand(client: Any) -> None:
    raw = orjson.dumps(erren("e4"))
    html = client.post(
        "/upload", data={"record": (io.BytesIO(raw), "e4.json")}, content_type="multipart/form-data"
    ).get_data(as_text=True)
    assert "一色三节高" in html and "三暗刻" in html and "erren_viewer.js" in html


def test_overview_players_and_player_pages_filter_by_erren(client: Any) -> None:
    only = client.get("/?game=erren").get_data(as_text=True)
    hands = re.search(r'<div class="n">([\d,]+)</div>hands', only)
    assert hands and int(hands.group(1)) == len(NAMES)
    assert terms.GAME_NAMES["erren"] in client.get("/").get_data(as_text=True)
    html = client.get("/players?game=erren").get_data(as_text=True)
    assert "er-a" in html and "er-b" in html
    page = client.get("/players/er-a").get_data(as_text=True)
    assert "起胡不足" in page and "报听率" in page and "缺门出清" not in page


def test_the_erren_assets_exist() -> None:
    static = Path(__file__).resolve().parents[2] / "dashboards" / "static"
    script = (static / "erren_viewer.js").read_text(encoding="utf-8")
    assert "reviewBoard(" in script and "flower_glyphs" in script
    assert "two-seats" in (static / "erren.css").read_text(encoding="utf-8")


def test_a_record_copy_is_not_changed_by_the_viewer() -> None:
    rec = erren("e8")
    before = copy.deepcopy(rec)
    build(rec)
    assert rec == before
