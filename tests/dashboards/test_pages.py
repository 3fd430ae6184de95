"""The pages' words and numbers without a browser (issue 14): names, times, significance marks,
the viewer's model, and the mistakes explorer's paging, sorting and refusals.

Each expectation is worked out from the sample records or by hand, not read back from the code.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dashboards import stats, terms
from dashboards.viewer import build
from replay.tiles import CODES

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_logs" / "handwritten"


def sample(name: str) -> Any:
    return json.loads((SAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def strings(obj: object) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from strings(v)


# ---------------------------------------------------------------------------------------- terms
def test_every_tile_code_in_a_message_is_named_in_chinese() -> None:
    text = "discarding 5m left the hand where 1s or 9p or E would (C held), R-10.6b, player p01"
    assert terms.tiles_in_text(text) == (
        "discarding 五万 left the hand where 一条 or 九筒 or 东风 would (红中 held), R-10.6b, player p01"
    )
    assert terms.tiles_in_text(None) == ""
    # a message that names the tile and gives its code says the name once
    assert terms.tiles_in_text("should draw 七条 (7s), not 五万 (5m)") == "should draw 七条, not 五万"
    assert len(terms.TILE_ZH) == 34 and all(terms.TILE_ZH[c] for c in CODES)


def test_times_keep_the_hands_own_offset() -> None:
    assert terms.local_time("2026-03-01T20:15:00+08:00") == "2026-03-01 20:15 +08:00"
    assert terms.local_time("2026-03-01T12:15:00Z") == "2026-03-01 12:15 +00:00"
    assert terms.local_time(None) == ""


def test_differences_are_told_in_words_not_json() -> None:
    words = terms.difference_words(
        {"field": "deltas", "recorded": [0, 180, -180, 0], "computed": [0, 180, 0, -180]}
    )
    assert words == "points 输赢: the app said +0 / +180 / -180 / +0, the rules say +0 / +180 / +0 / -180"
    assert "seat 3" in terms.difference_words({"field": "liable", "recorded": 2, "computed": 3})


def test_list_differences_name_only_the_items_that_differ() -> None:
    """A Sichuan result's payments and wins: the one payment that differs, in words, not the list.

    SC-6.4 退税: the rules refund seat 3's kong money that the app kept; the other payments agree.
    """
    same = [
        {"kind": "gang_an", "from": 0, "to": 3, "amount": 2},
        {"kind": "hu", "from": 2, "to": 1, "amount": 2},
    ]
    refund = {"kind": "tuishui", "from": 3, "to": 0, "amount": 2}
    words = terms.difference_words({"field": "transfers", "recorded": same, "computed": [*same, refund]})
    assert words == "payments 转账: the rules have seat 3 pays seat 0: 2 (kong refund 退税)"
    win = {"seat": 2, "from": None, "tile": "6m", "hand": "pinghu", "gen": 0, "ways": [], "multiple": 1}
    words = terms.difference_words(
        {"field": "wins", "recorded": [win], "computed": [{**win, "hand": "qingyise", "multiple": 4}]}
    )
    assert words == (
        "wins 胡牌: the app has seat 2 自摸 self-draw 六万: 平胡 pinghu, ×1,"
        " the rules have seat 2 自摸 self-draw 六万: 清一色 qingyise, ×4"
    )
    twice = terms.difference_words({"field": "transfers", "recorded": [*same, same[0]], "computed": same})
    assert twice == "payments 转账: the app has seat 0 pays seat 3: 2 (concealed kong 暗杠)"  # counted twice
    assert terms.difference_words({"field": "next_dealer", "recorded": 1, "computed": 0}) == (
        "next dealer 下局庄家: the app said seat 1, the rules say seat 0"
    )


# ---------------------------------------------------------------------------------------- stats
def test_significance_is_a_two_proportion_z_test_against_everyone_else() -> None:
    # player 30 wins in 100 hands; everyone 200 in 1000, so the other 900 hands won 170 (18.9 %)
    p_rest = 170 / 900
    expected = (0.30 - p_rest) / math.sqrt(0.2 * 0.8 * (1 / 100 + 1 / 900))
    assert stats.z_score(0.30, 100, 0.20, 1000) == pytest.approx(expected)
    marks = stats.marks(
        [
            {"key": "hands", "player": 100, "population": 1000},
            {"key": "win_rate", "player": 0.30, "population": 0.20},
            {"key": "deal_in_rate", "player": 0.20, "population": 0.20},
            {"key": "avg_points", "player": 5.0, "population": 0.0},
        ]
    )
    assert marks["win_rate"]["significant"] and marks["win_rate"]["text"] == "higher 偏高"
    assert not marks["deal_in_rate"]["significant"] and marks["deal_in_rate"]["z"] == 0
    assert "avg_points" not in marks  # an average needs its spread: not tested
    # the counts the test weighed: 30 of the player's 100 hands, 170 of the other 900
    assert marks["win_rate"]["counts"] == "30 of 100 hands · others 170 of 900"
    assert stats.z_score(0.3, 100, 0.3, 100) is None  # the player is everyone: nothing to compare


# ---------------------------------------------------------------------------------------- viewer
def test_mismatch_verdict_compares_the_app_and_the_rules_seat_by_seat() -> None:
    model = build(sample("disputed_wrong_liable"))
    verdict = model["verdict"]
    assert (
        verdict["kind"] == "mismatch"
        and verdict["step"] == len(sample("disputed_wrong_liable")["events"]) - 1
    )
    differs = {r["label"]: (r["app"], r["rules"]) for r in model["comparison"] if r["differs"]}
    assert differs == {
        "liable 承包": ("2 p2", "3 p3"),
        "2 p2 points 输赢": ("-180", "+0"),
        "3 p3 points 输赢": ("+0", "-180"),
    }


def test_win_caption_names_winner_way_source_and_tile() -> None:
    record = sample("qingyise")
    model = build(record)
    win = model["steps"][-1]["win"]
    discard = next(e for e in reversed(record["events"]) if e["type"] == "discard")
    assert win["seat"] == record["events"][-1]["seat"]
    assert win["way"] == "discard" and win["source"] == discard["seat"]
    assert win["tile"] == discard["tile"]
    assert f"from {discard['seat']} " in win["caption"] and terms.tile(discard["tile"]) in win["caption"]
    self_drawn = build(sample("disputed_wrong_liable"))["steps"][-1]["win"]
    assert self_drawn["way"] == "self_draw" and "自摸" in self_drawn["caption"]


def test_illegal_claim_is_pinned_on_the_claimer_at_its_step() -> None:
    model = build(sample("disputed_claimed_laizi"))  # seat 1 chi's a discarded laizi
    assert model["verdict"]["kind"] == "illegal" and model["verdict"]["step"] == 1
    assert model["first_illegal"]["seat"] == 1 and "R-4.2" in model["verdict"]["title"]
    assert model["steps"][-1]["illegal"] and model["steps"][-1]["actor"] == 1
    assert [m["kind"] for m in model["markers"]] == ["illegal"]


def test_inefficient_discard_shows_the_choice_beside_the_better_tiles() -> None:
    model = build(sample("disputed_wrong_liable"))
    first = next(m for m in model["mistakes"] if m["type"] == "inefficient_discard")
    # the detector says: "discarding 5m left the hand 1 from ready where 1s or 4s or 7s would have
    # left it ready": the drawn choices must say the same thing in numbers
    assert "五万" in first["message"] and "5m" not in first["message"]
    options = first["options"]
    assert options["chosen"]["tile"] == "5m" and options["chosen"]["shanten"] == 1
    assert {b["tile"] for b in options["better"]} == {"1s", "4s", "7s"}
    assert all(b["shanten"] == 0 for b in options["better"])


def test_receipts_label_every_factor_and_tell_sides_apart() -> None:
    model = build(sample("disputed_wrong_liable"))
    receipt = next(r for r in model["settlement"]["receipts"] if r["pays"])
    labels = [(f["label"], f["value"], f["side"]) for f in receipt["factors"]]
    # qingyise self-drawn, opened, hard: 10 · 2 · 2 · 1.5 = 60
    assert labels == [
        ("底", "10", "base"),
        ("开口", "2", "winner"),
        ("硬", "2", "winner"),
        ("自摸", "1.5", "winner"),
    ]
    assert receipt["raw"] == 60 and receipt["pays"] == 180
    # R-10.6b: the liable feeder (seat 3) pays its own 60 and the 60 each of seats 0 and 2 owe
    assert receipt["covers"] == "60 own 自付 + 60 for 0 p0 + 60 for 2 p2"
    assert all(r["covers"] == "" for r in model["settlement"]["receipts"] if r is not receipt)


def test_mistake_types_are_named_in_english_and_chinese_never_by_code() -> None:
    assert terms.mistake_name("inefficient_discard") == "tile efficiency 牌效率"
    assert terms.mistake_name("dealt_in") == "dealt in 放冲"
    assert terms.mistake_name("some_new_type") == "some new type"  # a type the pages do not know yet
    for kind in terms.MISTAKE_NAMES_ZH:
        assert "_" not in terms.mistake_name(kind)


def test_move_list_is_one_line_per_turn_in_player_notation() -> None:
    record = sample("qingyise")
    model = build(record)
    lines = [m["text"] for m in model["moves"]]
    assert lines[1] == "2 p2 碰 一条 ← 0 p0"
    draws = sum(1 for e in record["events"] if e["type"] == "draw")
    passes = sum(1 for e in record["events"] if e["type"] == "pass")
    assert len(lines) == len(record["events"]) - draws - passes  # a draw shares its discard's line


def test_a_draw_is_told_without_its_tile_to_the_other_seats() -> None:
    """The one-seat view's caption and move line of another seat's draw (``seen``)."""
    record = sample("qingyise")
    model = build(record)
    i = next(i for i, e in enumerate(record["events"]) if e["type"] == "draw" and e.get("tile"))
    seat, drawn = record["events"][i]["seat"], terms.tile(record["events"][i]["tile"])
    step = next(s for s in model["steps"] if s["index"] == i)
    assert drawn in step["caption"] and drawn not in step["caption_seen"]
    assert step["caption_seen"] == f"{seat} {model['players'][seat]['name']} 摸"
    line = next(m for m in model["moves"] if m["first"] == model["steps"].index(step))
    assert line["seen"].startswith(step["caption_seen"] + " · ") and line["text"].startswith(step["caption"])
    assert all(m["seen"] is None for m in model["moves"] if "摸" not in m["text"])


def test_qipi_viewer_shows_the_pi_and_draws_a_pi_gang_as_such() -> None:
    """七皮四赖 (R-3.6, R-4.4): each step names the table's 皮 beside indicator and laizi (4万:
    皮 3万 4万); seat 1's 3万 put out is a 皮子杠 (not a 红中杠) in the move list and its receipt."""
    model = build(sample("disputed_pi_gang"))
    assert model["steps"][0]["pi"] == ["3m", "4m"] and model["steps"][0]["laizi"] == "5m"
    captions = [s["caption"] for s in model["steps"]]
    assert "1 p1 皮子杠 三万" in captions and "3 p3 红中杠 红中" in captions
    assert model["steps"][-1]["gangs"][1]["pi_gangs"] == 1
    receipt = next(r for r in model["settlement"]["receipts"] if r["seat"] == 2)
    assert [f["label"] for f in receipt["factors"]] == ["底", "开口", "皮子杠", "硬"]
    assert terms.for_pages()["pi_gang"] == "皮子杠"
    old = build(sample("pihu"))
    assert "pi" not in old["steps"][0] and "pi_gangs" not in old["steps"][0]["gangs"][0]


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_no_raw_value_reaches_a_page(path: Path) -> None:
    model = build(json.loads(path.read_text(encoding="utf-8")))
    shown = [
        *(s["caption"] for s in model["steps"]),
        *(m["text"] for m in model["moves"]),
        *(m["message"] for m in model["mistakes"]),
        *strings(model["verdict"] or {}),
        *strings(model["comparison"]),
        *strings(model["settlement"] or {}),
    ]
    for text in shown:
        assert not re.search(r"\b(None|null|undefined)\b", text), text
        assert not re.search(r"(?<![A-Za-z0-9_-])[1-9][msp](?![A-Za-z0-9_-])", text), text


# ---------------------------------------------------------------------------------------- explorer
@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from api.app import create_app
    from replay.inputs import decode_auto
    from store.db import Store
    from store.ingest import ingest

    path = tmp_path_factory.mktemp("pages") / "pages.duckdb"
    with Store(path) as store:
        for f in sorted((ROOT / "sample_logs" / "simulated").glob("*.ndjson")):
            ingest(store, decode_auto(f.read_bytes(), f.name))
        for f in sorted(SAMPLES.glob("*.json")):
            ingest(store, decode_auto(f.read_bytes(), f.name))
    return create_app(path, public_read=True).test_client()


def showing(html: str) -> tuple[int, int, int]:
    found = re.search(r'id="showing">([\d,]+)–([\d,]+) of ([\d,]+)<', html)
    assert found, "the explorer says which rows it shows"
    a, b, c = (int(x.replace(",", "")) for x in found.groups())
    return a, b, c


def test_explorer_pages_on_the_server_with_the_total(client: Any) -> None:
    first = client.get("/mistakes").get_data(as_text=True)
    a, b, total = showing(first)
    assert (a, b) == (1, min(50, total)) and total > 50
    assert first.count('<tr class="sev-') == 50
    second = client.get("/mistakes?page=2").get_data(as_text=True)
    assert showing(second)[:2] == (51, min(100, total))
    everything = client.get("/mistakes?low=1").get_data(as_text=True)
    hidden = re.search(r"([\d,]+) low-severity 牌效率", first)
    assert hidden and showing(everything)[2] == total + int(hidden.group(1).replace(",", ""))


def test_explorer_links_each_mistake_to_its_moment_as_its_player_sees_it(client: Any) -> None:
    """Each row opens the board at the event, as the seat that made the mistake (``?as=N``)."""
    html = client.get("/mistakes").get_data(as_text=True)
    rows = re.findall(r'<tr class="sev-.*?</tr>', html, re.S)
    assert rows
    for row in rows:
        link = re.search(r'href="/hands/[^"?]+\?as=(\d)#step=(\d+)">[^<]* · event (\d+)<', row)
        assert link, row
        assert link.group(2) == link.group(3)


def test_explorer_sorts_by_cost_in_the_database(client: Any) -> None:
    html = client.get("/mistakes?sort=cost").get_data(as_text=True)
    costs = [
        int(c.replace(",", "")) for c in re.findall(r'data-label="cost 失分" class="num">([\d,]+)<', html)
    ]
    assert len(costs) > 1 and costs == sorted(costs, reverse=True)


@pytest.mark.parametrize(
    ("query", "status", "says"),
    [
        ("sort=luck", 400, "sort:"),
        ("severity=fatal", 400, "severity:"),
        ("page=two", 400, "page:"),
        ("page=0", 400, "page:"),
        ("page=99999", 404, "page:"),
        ("since=yesterday", 400, "since:"),
    ],
)
def test_explorer_refuses_bad_choices_by_name(client: Any, query: str, status: int, says: str) -> None:
    response = client.get(f"/mistakes?{query}")
    assert response.status_code == status
    assert says in response.get_data(as_text=True)


def test_audit_rows_link_mismatches_to_their_step(client: Any) -> None:
    html = client.get("/audits?status=mismatch").get_data(as_text=True)
    last = len(sample("disputed_wrong_liable")["events"]) - 1
    assert f"/hands/sample-club/mm-liable-1#step={last}" in html
    assert "liable 承包: the app said seat 2, the rules say seat 3" in html


def test_pages_are_gzipped_for_browsers_that_accept_it(client: Any) -> None:
    page = client.get("/players/p01", headers={"Accept-Encoding": "gzip"})
    assert page.headers.get("Content-Encoding") == "gzip"
    src = re.search(r'data-plotly="([^"]+)"', client.get("/players/p01").get_data(as_text=True))
    assert src
    js = client.get(src.group(1).replace("&amp;", "&"), headers={"Accept-Encoding": "gzip"})
    assert js.headers["Content-Encoding"] == "gzip" and js.cache_control.max_age >= 86400
    plain = client.get(src.group(1).replace("&amp;", "&"))
    assert "Content-Encoding" not in plain.headers and len(plain.data) > 3 * len(js.data)


def test_days_are_the_hands_own_days_not_utc(tmp_path: Path) -> None:
    """A hand played at 01:30 in Wuhan (+08:00) is the previous day in UTC: charts count it on
    the day its players lived it, as its time is shown."""
    from datetime import date

    from dashboards.data import Filters, StoreData
    from replay.inputs import decode_auto
    from store.db import Store
    from store.ingest import ingest

    record = sample("pihu")
    record["played_at"] = "2026-03-01T01:30:00+08:00"
    with Store(tmp_path / "day.duckdb") as store:
        ingest(store, decode_auto(json.dumps(record).encode(), "pihu.json"))
        pages = StoreData(store)
        assert [r["day"] for r in pages.overview(Filters())["per_day"]] == [date(2026, 3, 1)]
        player = record["seats"][0]["player_id"]
        assert [r["day"] for r in pages.player(player, Filters())["points"]] == [date(2026, 3, 1)]


def test_rulesets_are_named_as_players_know_them() -> None:
    """RULES.md §11: hzfclzg is 红中发财赖子杠; the id stays beside it (filters and records use it)."""
    assert terms.preset_name("hzfclzg") == "hzfclzg 红中发财赖子杠"
    assert terms.preset_name("qipi") == "qipi 七皮四赖"
    assert terms.preset_name("club-house") == "club-house"  # a preset the pages do not know
    assert build(sample("qingyise"))["ruleset"].startswith("hzlzg 红中赖子杠")
