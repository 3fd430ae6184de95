"""Sichuan hands on the pages (issue 13 item 3c), without a browser: the viewer's model in words
(swap, void suits, winners in order, each transfer at its event, the end-of-wall checks, the
receipts), and the overview, players and player pages split by game.

Records are ``tests/data/sichuan/valid/`` (the rules' worked examples; each ``result`` worked
out by hand); expectations come from those results and events, not from the engine.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from dashboards import terms
from dashboards.sichuan_viewer import build
from tests.dashboards.test_pages import strings
from tests.replay.test_sichuan_rules import dihu_32_record, tianhu_32_record

ROOT = Path(__file__).resolve().parents[2]
VALID = ROOT / "tests" / "data" / "sichuan" / "valid"
RAW = re.compile(r"(?<![A-Za-z0-9_-])[1-9][msp](?![A-Za-z0-9_-])")


def record(name: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads((VALID / name).read_text(encoding="utf-8"))
    return value


def shown(model: dict[str, Any]) -> list[str]:
    return [
        *(s["caption"] for s in model["steps"]),
        *(n for s in model["steps"] for n in s["notes"]),
        *(t["text"] for s in model["steps"] for t in s["transfers"]),
        *(s for step in model["steps"] for s in step["status"]),
        *(m["text"] for m in model["moves"]),
        *(w["text"] for w in model["wins"]),
        *strings(model["verdict"] or {}),
        *strings(model["comparison"]),
        *strings(model["settlement"] or {}),
    ]


@pytest.mark.parametrize("path", sorted(VALID.glob("*.json")), ids=lambda p: p.stem)
def test_no_raw_value_reaches_a_sichuan_page(path: Path) -> None:
    model = build(json.loads(path.read_text(encoding="utf-8")))
    assert model["status"] == "ok" and model["steps"]
    for text in shown(model):
        assert not re.search(r"\b(None|null|undefined)\b", text), text
        assert not RAW.search(text), text


def test_the_swap_and_the_void_suits_are_shown_as_the_events_say() -> None:
    """SC-2.1/SC-2.2: E1 swaps across (对家); each seat's 定缺 as the dingque event names it."""
    e1 = record("xuezhan_e1.json")
    model = build(e1)
    swap_event = next(e for e in e1["events"] if e["type"] == "swap")
    swap = next(s for s in model["steps"] if s["swap"])
    assert swap["swap"]["given"] == swap_event["tiles"]
    assert "对家" in swap["swap"]["direction"] and "换三张" in swap["caption"]
    suits = next(e for e in e1["events"] if e["type"] == "dingque")["suits"]
    last = model["steps"][-1]
    assert last["void_letters"] == suits
    assert last["voids"] == [terms.SUIT_NAMES[s] for s in suits]


def test_winners_are_listed_in_the_order_they_won() -> None:
    """SC-3.7 (血战到底): E1's three winners in the result's order, each out once it has won."""
    e1 = record("xuezhan_e1.json")
    model = build(e1)
    order = [w["seat"] for w in e1["result"]["wins"]]
    assert [w["seat"] for w in model["wins"]] == order
    assert [w["text"].split(" · ")[0] for w in model["wins"]] == ["1st 第一", "2nd 第二", "3rd 第三"]
    first_win_step = next(p for p, s in enumerate(model["steps"]) if s["winners"])
    assert "won 已胡" in model["steps"][first_win_step]["status"][order[0]]
    assert model["steps"][first_win_step - 1]["status"][order[0]] == ""


def test_a_multiple_win_is_settled_when_the_window_closes_with_its_zhuanyi() -> None:
    """SC-3.2/SC-5.6: E2's two wins on one 杠上炮 discard (一炮多响) are settled together at the
    next event, with the kong money passed on (呼叫转移) to the first winner from the discarder."""
    e2 = record("xuezhan_e2.json")
    model = build(e2)
    hu_steps = [s for s in model["steps"] if s["kind"] == "hu"]
    assert len(hu_steps) == 2 and all(not s["transfers"] for s in hu_steps)
    assert all("等待其他家胡" in " ".join(s["notes"]) for s in hu_steps)
    settled = next(s for s in model["steps"] if any(t["kind"] == "zhuanyi" for t in s["transfers"]))
    kinds = [t["kind"] for t in settled["transfers"]]
    assert kinds.count("hu") == 2 and kinds[-1] == "zhuanyi"
    zhuanyi = next(t for t in e2["result"]["transfers"] if t["kind"] == "zhuanyi")
    assert any(t["from"] == zhuanyi["from"] and t["to"] == zhuanyi["to"] for t in settled["transfers"])
    assert "呼叫转移" in settled["transfers"][-1]["text"]


def test_each_transfer_appears_once_at_its_step_and_the_coins_add_up() -> None:
    for path in sorted(VALID.glob("*.json")):
        r = json.loads(path.read_text(encoding="utf-8"))
        model = build(r)
        moved = [(t["kind"], t["from"], t["to"], t["amount"]) for s in model["steps"] for t in s["transfers"]]
        want = [(t["kind"], t["from"], t["to"], t["amount"]) for t in r["result"]["transfers"]]
        assert sorted(moved) == sorted(want), path.name
        assert model["steps"][-1]["balances"] == [f"{d:+d}" for d in r["result"]["deltas"]], path.name


def test_kong_money_is_paid_at_the_kong() -> None:
    """SC-5.5: E1's 暗杠 (下雨) is paid by every seat still in at the kong itself."""
    e1 = record("xuezhan_e1.json")
    model = build(e1)
    kong = next(s for s in model["steps"] if s["kind"] == "gang")
    assert kong["transfers"] and {t["kind"] for t in kong["transfers"]} == {"gang_an"}
    assert all("下雨" in t["text"] for t in kong["transfers"])


def test_end_of_wall_checks_and_a_xueliu_winners_locked_hand() -> None:
    """§6 and SC-3.7 (血流成河): E7 ends at the wall with 查大叫 paid to the ready seat; seat 0 won
    twice and plays on with its hand locked, the tiles it won on set aside."""
    e7 = record("xueliu_e7.json")
    model = build(e7)
    end = next(s for s in model["steps"] if s["kind"] == "huangzhuang")
    assert {t["kind"] for t in end["transfers"]} == {"dajiao"}
    assert any("查大叫" in n for n in end["notes"]) and any("查花猪" in n for n in end["notes"])
    assert model["settlement"]["end_of_wall"]
    last = model["steps"][-1]
    assert "won ×2" in last["status"][0] and "锁牌" in last["status"][0]
    assert last["won_tiles"][0] == [w["tile"] for w in e7["result"]["wins"]]


def test_receipts_say_each_win_factor_by_factor_with_its_payers() -> None:
    e7 = record("xueliu_e7.json")
    receipts = build(e7)["settlement"]["receipts"]
    assert len(receipts) == len(e7["result"]["wins"])
    second = receipts[1]
    assert "根 2" in second["expression"] and "杠上花 2" in second["expression"]
    assert [p["who"][0] for p in second["payers"]] == ["1", "2", "3"]
    assert all("自摸加底" in p["expression"] for p in second["payers"])


def test_a_settled_wrong_sichuan_hand_compares_app_and_rules() -> None:
    e1 = copy.deepcopy(record("xuezhan_e1.json"))
    e1["result"]["deltas"] = [0, 0, 0, 0]
    model = build(e1)
    assert model["status"] == "mismatch" and model["verdict"]["kind"] == "mismatch"
    row = next(r for r in model["comparison"] if r["differs"])
    assert row["label"] == terms.SICHUAN_DIFFERENCE_NAMES["deltas"]
    assert row["app"] == "+0 / +0 / +0 / +0"


def test_an_illegal_sichuan_event_is_pinned_with_its_sc_rule() -> None:
    """SC-3.1: right after 定缺 it is the dealer's (seat 0's) turn; seat 2 discarding is illegal."""
    e1 = copy.deepcopy(record("xuezhan_e1.json"))
    e1["events"].insert(2, {"type": "discard", "seat": 2, "tile": "1m"})
    model = build(e1)
    assert model["status"] == "illegal"
    assert model["first_illegal"]["index"] == 2 and model["first_illegal"]["rule"] == "SC-3.1"
    assert model["first_illegal"]["seat"] == 2
    assert model["steps"][-1]["illegal"] and model["verdict"]["step"] == 2


# ---------------------------------------------------------------------------------------- pages
@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from api.app import create_app
    from replay.inputs import decode_auto
    from store.db import Store
    from store.ingest import ingest

    path = tmp_path_factory.mktemp("sc-pages") / "pages.duckdb"
    with Store(path) as store:
        for f in sorted(VALID.glob("*.json")):
            ingest(store, decode_auto(f.read_bytes(), f.name))
        for f in sorted((ROOT / "sample_logs" / "handwritten").glob("*.json"))[:6]:
            ingest(store, decode_auto(f.read_bytes(), f.name))
    return create_app(path, public_read=True).test_client()


def test_the_viewer_page_draws_a_sichuan_hand(client: Any) -> None:
    html = client.get("/hands/sichuan-club/sc-xuezhan-e1").get_data(as_text=True)
    assert 'id="openings"' in html and 'id="winners"' in html and "sichuan_viewer.js" in html
    assert "viewer.js?" not in html.replace("sichuan_viewer.js?", "")
    assert "换三张" in html and "定缺" in html


def test_overview_splits_by_game_and_filters_by_it(client: Any) -> None:
    html = client.get("/").get_data(as_text=True)
    assert 'id="by-game"' in html and terms.GAME_NAMES["sichuan"] in html
    only = client.get("/?game=sichuan").get_data(as_text=True)
    hands = re.search(r'<div class="n">([\d,]+)</div>hands', only)
    assert hands and int(hands.group(1)) == len(list(VALID.glob("*.json")))
    assert client.get("/?game=go").status_code == 400


def test_players_page_has_a_row_per_game_and_the_player_page_per_game_figures(client: Any) -> None:
    html = client.get("/players?game=sichuan").get_data(as_text=True)
    assert "sc1" in html and terms.GAME_NAMES["sichuan"] in html
    page = client.get("/players/sc1").get_data(as_text=True)
    assert "缺门出清" in page and "红中 ganged" not in page
    assert client.get("/players/sc1?game=wuhan").status_code == 404


# ------------------------------------------------------------- progress graph and one-seat view
SAMPLES = ROOT / "sample_logs" / "handwritten" / "sichuan"
MISTAKE_SAMPLES = sorted(SAMPLES.glob("mistake_m*.json"))


def test_mistake_samples_cover_m1_to_m5() -> None:
    kinds = {m["type"] for p in MISTAKE_SAMPLES for m in build(json.loads(p.read_text("utf-8")))["mistakes"]}
    assert {"gangshangpao_safe", "robbed_kong", "broke_ting", "missed_win", "huazhu_neglect"} <= kinds


@pytest.mark.parametrize("path", [*sorted(VALID.glob("*.json")), *MISTAKE_SAMPLES], ids=lambda p: p.stem)
def test_each_seat_is_measured_at_every_step_and_a_winner_stays_at_hu(path: Path) -> None:
    """Four values a step, -1 (胡) from a seat's first 胡 to the end: 血战 winners leave, 血流
    winners play on with locked hands and stay there. Before its first win a seat was not
    complete at the deal."""
    r = json.loads(path.read_text(encoding="utf-8"))
    model = build(r)
    steps = model["steps"]
    assert all(len(s["progress"]) == 4 and all(v >= -1 for v in s["progress"]) for s in steps)
    winners = {e["seat"] for e in r["events"] if e["type"] == "hu"}
    for seat in winners:
        first = next(p for p, s in enumerate(steps) if s["kind"] == "hu" and s["actor"] == seat)
        assert all(s["progress"][seat] == -1 for s in steps[first:]), (path.name, seat)
        assert steps[0]["progress"][seat] >= 0


@pytest.mark.parametrize(
    "path",
    [p for p in [*sorted(VALID.glob("*.json")), *MISTAKE_SAMPLES] if '"huangzhuang"' in p.read_text("utf-8")],
    ids=lambda p: p.stem,
)
def test_ready_at_the_end_of_the_wall_is_who_the_result_says_was_ready(path: Path) -> None:
    """查大叫 (§6): at the wall's end, the seats still playing at 0 (听牌) are the result's
    ready seats, worked out by hand; the others are further away."""
    r = json.loads(path.read_text(encoding="utf-8"))
    end = next(s for s in build(r)["steps"] if s["kind"] == "huangzhuang")
    playing = [s for s in range(4) if not end["status"][s]]
    assert playing
    assert [s for s in playing if end["progress"][s] == 0] == sorted(
        set(r["result"]["tenpai"]) & set(playing)
    )


@pytest.mark.parametrize("path", [*sorted(VALID.glob("*.json")), *MISTAKE_SAMPLES], ids=lambda p: p.stem)
def test_markers_put_each_mistake_kong_and_win_at_its_step(path: Path) -> None:
    r = json.loads(path.read_text(encoding="utf-8"))
    model = build(r)
    at = {s["index"]: p for p, s in enumerate(model["steps"])}
    markers = model["markers"]
    for m in model["mistakes"]:
        assert {
            "pos": at[m["index"]],
            "index": m["index"],
            "kind": m["severity"],
            "label": m["name"],
        } in markers
    hu = [i for i, e in enumerate(r["events"]) if e["type"] == "hu"]
    wins = [m for m in markers if m["kind"] == "win"]
    assert [m["index"] for m in wins] == hu and all(m["pos"] == at[m["index"]] for m in wins)
    assert all(r["events"][m["index"]]["type"] == "gang" for m in markers if m["kind"] == "gang")
    assert len([m for m in markers if m["kind"] == "gang"]) == sum(e["type"] == "gang" for e in r["events"])
    names = {w["label"] for w in wins}
    assert all(re.fullmatch(r"win 胡 by \d \S+", n) for n in names), names


def test_an_illegal_sichuan_event_has_its_marker() -> None:
    e1 = copy.deepcopy(record("xuezhan_e1.json"))
    e1["events"].insert(2, {"type": "discard", "seat": 2, "tile": "1m"})
    model = build(e1)
    assert [m for m in model["markers"] if m["kind"] == "illegal"] == [
        {"pos": len(model["steps"]) - 1, "index": 2, "kind": "illegal", "label": "illegal 违规"}
    ]


def test_another_seats_draw_has_a_caption_without_its_tile() -> None:
    model = build(record("xuezhan_e1.json"))
    draw = next(s for s in model["steps"] if s["kind"] == "draw")
    assert draw["caption"].startswith(draw["caption_seen"]) and draw["caption"] != draw["caption_seen"]
    assert draw["caption_seen"].endswith("摸 draws")


def test_the_sichuan_page_has_the_one_seat_view_and_the_graph_from_the_shared_shell(client: Any) -> None:
    html = client.get("/hands/sichuan-club/sc-xuezhan-e1").get_data(as_text=True)
    assert 'id="timeline"' in html and 'id="mode"' in html
    assert html.count('<option value="') == 5  # all open, then each seat
    assert "board.js?" in html and "Sichuan counting" in html and "◆ kong 杠" in html
    wuhan = client.get("/hands/sample-club/" + _a_wuhan_hand()).get_data(as_text=True)
    assert "board.js?" in wuhan and "viewer.js?" in wuhan and "屁胡 counting" in wuhan


def _a_wuhan_hand() -> str:
    f = sorted((ROOT / "sample_logs" / "handwritten").glob("*.json"))[0]
    return str(json.loads(f.read_text("utf-8"))["hand_id"])


def test_step_controls_keys_and_swipes_live_in_the_shared_shell_only() -> None:
    """The two games' scripts draw only their panes: stepping, keys, swipes, #step links and the
    graph are board.js's, once."""
    static = ROOT / "dashboards" / "static"
    shell = (static / "board.js").read_text("utf-8")
    for needle in ("ArrowRight", "touchstart", "#step=", "polyline", "URLSearchParams"):
        assert needle in shell
        for game in ("viewer.js", "sichuan_viewer.js"):
            assert needle not in (static / game).read_text("utf-8"), (needle, game)


def test_a_sichuan_players_mistakes_open_the_board_as_that_seat(client: Any) -> None:
    e5 = record("xuezhan_e5.json")
    mistake = build(e5)["mistakes"][0]
    player = e5["seats"][mistake["seat"]]["player_id"]
    html = client.get(f"/players/{player}?game=sichuan").get_data(as_text=True)
    want = f"/hands/sichuan-club/{e5['hand_id']}?as={mistake['seat']}#step={mistake['index']}"
    assert want in html


def test_a_xuezhan_winner_lays_its_hand_down_from_its_win_on() -> None:
    """SC-3.7: in 血战到底 a winner leaves with its hand shown; in 血流成河 it plays on."""
    e1 = build(record("xuezhan_e1.json"))
    for w in e1["wins"]:
        at = next(p for p, s in enumerate(e1["steps"]) if s["index"] == w["step"])
        assert not e1["steps"][at - 1]["laid_down"][w["seat"]]
        assert all(s["laid_down"][w["seat"]] for s in e1["steps"][at:])
    assert not any(any(s["laid_down"]) for s in build(record("xueliu_e7.json"))["steps"])


def test_sc_4_5_the_receipt_of_a_32_tianhu_dihu_is_the_flat_one() -> None:
    """SC-4.5 at equality (issue 34) on the viewer: the 天胡 whose 青龙七对 is worth exactly 32 and
    the 地胡 whose 龙七对 16 · 根 2 is 32 are receipted flat, ``天胡 32 = 32`` / ``地胡 32 = 32`` with
    no 根; the 地胡 on the dealer's discard is paid 32 by seat 0, the self-drawn 天胡 32 + 1 by each."""
    tian = build(tianhu_32_record())["settlement"]["receipts"][0]
    assert tian["expression"] == "天胡 32 = 32" and "根" not in tian["title"]
    assert [p["expression"] for p in tian["payers"]] == ["32 + 自摸加底 1 = 33"] * 3
    di = build(dihu_32_record())["settlement"]["receipts"][0]
    assert di["expression"] == "地胡 32 = 32" and "根" not in di["title"] and "地胡" in di["title"]
    assert [(p["who"][0], p["expression"]) for p in di["payers"]] == [("0", "32")]
