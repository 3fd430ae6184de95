"""推筒子 figures on the player page, on four rounds counted by hand (tuitongzi.md §7).

Players p0–p3 sit at seats 0–3 in T1, T2 and T3 (banker seat 0 = p0, bets 100, 50, 200, pool
10000); a fourth round deals T1's tiles again with the seats turned so that p1 banks
(seats p1, p2, p3, p0). Deltas, from §7: T1 [−400, −101, +1100, +398] (players' winners F T T),
T2 [−150, −101, +50, +198] (F T T), T3 [−450, +99, −50, +398] (T F T), T1 turned the same as
T1 for [p1, p2, p3, p0].
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dashboards import stats
from replay.inputs import decode_json
from store.db import Store
from store.habits import HabitFilters, player_habits
from store.ingest import ingest

T1 = Path(__file__).resolve().parents[2] / "sample_logs" / "handwritten" / "tuitongzi" / "t1.json"
PLAYERS = ["p0", "p1", "p2", "p3"]


def approx(x: float) -> Any:
    return pytest.approx(x, abs=1e-4)


def _round(round_id: str, hands: list[list[str]], players: list[str]) -> dict[str, Any]:
    record = json.loads(T1.read_text(encoding="utf-8"))
    record.pop("result")  # the engine settles; the deltas above are §7's
    record.update(
        round_id=round_id,
        source="habits",
        hands=hands,
        seats=[{"player_id": p, "name": p.upper()} for p in players],
    )
    return record


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    t1 = [["3p", "4p"], ["5p", "6p"], ["2p", "8p"], ["9p", "9p"]]
    records = [
        _round("T1", t1, PLAYERS),
        _round("T2", [["4p", "5p"], ["4p", "5p"], ["3p", "6p"], ["F", "9p"]], PLAYERS),
        _round("T3", [["3p", "7p"], ["1p", "9p"], ["4p", "6p"], ["5p", "5p"]], PLAYERS),
        _round("T1-turned", t1, ["p1", "p2", "p3", "p0"]),
    ]
    s = Store(tmp_path / "tt.duckdb")
    results = ingest(s, decode_json(json.dumps(records).encode()))
    assert [r.status for r in results] == ["ok"] * 4
    with s.read() as cur:
        sql = "SELECT hand_id, list(delta ORDER BY seat) FROM settlements GROUP BY 1"
        deltas = cur.execute(sql).fetchall()
    assert dict(deltas) == {
        "T1": [-400, -101, 1100, 398],
        "T2": [-150, -101, 50, 198],
        "T3": [-450, 99, -50, 398],
        "T1-turned": [-400, -101, 1100, 398],
    }
    return s


def habits(store: Store, player: str) -> dict[str, Any]:
    with store.read() as cur:
        return player_habits(cur, player, HabitFilters(game="tuitongzi"))


def figures(store: Store, player: str) -> dict[str, Any]:
    return {f["key"]: (f["player"], f["population"]) for f in habits(store, player)["figures"]}


def test_banker_and_player_figures(store: Store) -> None:
    p0 = figures(store, "p0")
    assert p0["hands"] == (4, 16) and p0["settled_hands"] == (4, 16)
    assert p0["banker_rounds"] == (3, 4) and p0["player_rounds"] == (1, 12)
    assert p0["banker_rate"] == (approx(3 / 4), approx(4 / 16))
    assert p0["avg_points"][0] == approx((-400 - 150 - 450 + 398) / 4)
    assert p0["avg_points"][1] == approx((997 - 3 - 3 + 997) / 16)  # the pool takes and gives
    assert p0["banker_avg"] == (approx(-1000 / 3), approx(-1400 / 4))
    assert p0["banker_win_rate"] == (0.0, 0.0)  # no banker came out ahead
    assert p0["player_avg"][0] == approx(398) and p0["player_win_rate"][0] == approx(1.0)
    assert p0["player_win_rate"][1] == approx(8 / 12)  # 8 of the 12 players' results beat the banker
    assert p0["avg_bet"] == (approx(200), approx(4 * (100 + 50 + 200) / 12))
    p1 = figures(store, "p1")
    assert p1["banker_rounds"][0] == 1 and p1["banker_avg"][0] == approx(-400)
    assert p1["player_avg"][0] == approx((-101 - 101 + 99) / 3)
    assert p1["player_win_rate"][0] == approx(1 / 3)  # T3 only: 1p9p beats 3p7p on the high tile
    assert p1["avg_bet"][0] == approx(100)


def test_win_rates_against_chance(store: Store) -> None:
    """The z-test the other games' pages use, over the rounds in the role: p1 beat the banker in
    1 of 3 rounds, the other players in 7 of 9; pooled 8/12: z = (1/3 − 7/9) / √(⅔·⅓·(1/3 + 1/9))
    = −1.41, within chance."""
    marks = stats.marks(habits(store, "p1")["figures"])
    mark = marks["player_win_rate"]
    assert mark["z"] == -1.41 and not mark["significant"] and mark["text"] == "within chance 正常"
    assert mark["counts"] == "1 of 3 hands · others 7 of 9"
    assert "banker_win_rate" not in marks  # every banker lost: no spread to test against
    assert marks["banker_rate"]["counts"] == "1 of 4 hands · others 3 of 12"


def test_the_player_page_shows_the_figures(store: Store, tmp_path: Path) -> None:
    from api.app import create_app

    path = tmp_path / "tt.duckdb"
    store.close()
    client = create_app(path, public_read=True).test_client()
    html = client.get("/players/p1").get_data(as_text=True)
    for label in ("net per round as banker 坐庄每局输赢", "beat the banker as player % 闲家胜率", "坐庄率"):
        assert label in html, label
    assert "33.3 %" in html  # p1's win rate as player, 1 of 3
    assert "z = -1.41 · 1 of 3 hands · others 7 of 9" in html  # against chance, as the other games
    assert 'id="won"' not in html  # a round wins no hand type: no empty chart
    assert "beat the banker 闲家赢" in html  # the rates chart, beside everyone
