"""Habit figures (issue #6) on a small hand-made set whose numbers can be counted by hand.

Three hand-written hands with the same four players: ``pihu`` (seat 1 chi'd at event 1 and won
on seat 2's discard: +20), ``qingyise`` (seat 2 peng'd at event 1 and won on seat 3's discard:
+140) and ``huangzhuang`` (nobody opened or won). Seat 1 is "ann" in all three.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from replay.inputs import decode_json
from store.db import Store
from store.habits import HabitFilters, player_habits, player_mistakes
from store.ingest import ingest

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records" / "legal"
PLAYERS = ["bob", "ann", "cat", "dan"]


def approx(x: float) -> Any:
    return pytest.approx(x, abs=1e-4)  # figures are rounded to four places


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    records = []
    for name in ("pihu", "qingyise", "huangzhuang"):
        record = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
        record["source"] = "habits"
        record["seats"] = [{"player_id": p} for p in PLAYERS]
        records.append(record)
    s = Store(tmp_path / "h.duckdb")
    results = ingest(s, decode_json(json.dumps(records).encode()))
    assert [r.status for r in results] == ["ok", "ok", "ok"]
    return s


def figures(store: Store, player: str, **filters: Any) -> dict[str, Any]:
    with store.read() as cur:
        h = player_habits(cur, player, HabitFilters(**filters))
    return {f["key"]: (f["player"], f["population"]) for f in h["figures"]}


def test_rates_and_points_beside_the_population(store: Store) -> None:
    ann = figures(store, "ann")
    assert ann["hands"] == (3, 12)  # the population counts every seat of the three hands
    assert ann["win_rate"][0] == approx(1 / 3)
    assert ann["win_rate"][1] == approx(2 / 12)  # two wins over twelve seats
    assert ann["self_draw_rate"] == (0.0, 0.0)
    assert ann["avg_points"][0] == approx((20 - 40 + 0) / 3)  # +20, −40 (qingyise), 0
    assert ann["avg_points"][1] == approx(0.0)  # points sum to zero over every seat
    dan = figures(store, "dan")
    assert dan["deal_in_rate"][0] == approx(1 / 3)  # dan (seat 3) fed the 清一色


def test_rates_are_over_settled_hands_the_one_win_rate(tmp_path: Path) -> None:
    """Win, self-draw and deal-in rates count the settled hands only, as the API's /stats does.

    ann wins pihu (settled) and sits in claim_laizi (illegal: no settlement, nobody won): one
    win in one settled hand is 100 %, not one in two.
    """
    records = []
    for folder, name in (("legal", "pihu"), ("illegal", "claim_laizi")):
        record = json.loads((RECORDS.parent / folder / f"{name}.json").read_text(encoding="utf-8"))
        record["source"] = "habits"
        record["seats"] = [{"player_id": p} for p in PLAYERS]
        records.append(record)
    with Store(tmp_path / "r.duckdb") as s:
        assert [r.status for r in ingest(s, decode_json(json.dumps(records).encode()))] == ["ok", "illegal"]
        ann = figures(s, "ann")
        with s.read() as cur:
            from store.queries import player_stats

            stats = player_stats(cur, "ann")
    assert ann["hands"] == (2, 8) and ann["settled_hands"] == (1, 4)
    assert ann["win_rate"] == (approx(1.0), approx(1 / 4))  # pihu: ann's win among four seats
    assert stats is not None and stats["win_rate"] == approx(ann["win_rate"][0])
    assert ann["deal_in_rate"][1] == approx(1 / 4)  # seat 2 fed the pihu


def test_opens_and_first_open_turn(store: Store) -> None:
    ann = figures(store, "ann")
    assert ann["open_rate"][0] == approx(1 / 3)  # the chi in pihu
    assert ann["avg_opens"][0] == approx(1 / 3)
    assert ann["first_open_turn"][0] == approx(1.0)  # on the first discard of the hand
    assert ann["open_rate"][1] == approx(2 / 12)  # ann's chi and cat's peng


def test_filters_narrow_both_sides(store: Store) -> None:
    assert figures(store, "ann", preset="hzfclzg")["hands"] == (0, 0)
    with store.read() as cur:
        assert player_mistakes(cur, "nobody", HabitFilters()) == []


def test_hand_types_won(store: Store) -> None:
    with store.read() as cur:
        cat = player_habits(cur, "cat", HabitFilters())
    assert [(r["hand_type"], r["player"]) for r in cat["hand_types_won"]] == [("qingyise", 1)]


def test_the_api_serves_habits_and_mistakes(store: Store) -> None:
    from api.app import create_app

    client = create_app(store, public_read=True).test_client()
    stats = client.get("/api/v1/players/ann/stats").get_json()
    assert stats["hands"] == 3 and stats["wins"] == 1
    figures = {f["key"]: f for f in stats["habits"]["figures"]}
    assert figures["open_rate"]["player"] == approx(1 / 3)
    assert figures["open_rate"]["label"].startswith("hands opened %")
    narrowed = client.get("/api/v1/players/ann/stats?preset=hzfclzg").get_json()
    assert {f["key"]: f["player"] for f in narrowed["habits"]["figures"]}["hands"] == 0
    bad = client.get("/api/v1/players/ann/stats?since=yesterday")
    assert bad.status_code == 400 and bad.mimetype == "application/problem+json"
    assert bad.get_json()["errors"][0]["field"].endswith("since")
    mistakes = client.get("/api/v1/players/dan/mistakes").get_json()
    assert {m["type"] for m in mistakes["items"]} >= {"dealt_in"}
    assert all(m["hand_id"] and m["index"] is not None for m in mistakes["items"])
