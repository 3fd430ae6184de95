"""Sichuan hands in the store (issue 13 item 3): the game column, several winners, transfers,
per-seat facts, the SC-1.3 check against stored neighbours, and re-audit.

The records are ``tests/data/sichuan/valid/``: the rules' worked examples played out, each
``result`` worked out by hand (``tests/data/sichuan/make_records.py``). The store must keep what
the rules say of them, so the expectations below are read from those hand-made results and
from the events, never from the engine's own output.
"""

from __future__ import annotations

import copy
import gzip
import json
import shutil
from pathlib import Path
from typing import Any

import orjson
import pytest

from replay.inputs import Item, read_paths
from store.db import Store
from store.ingest import ingest
from store.queries import HandFilter, list_hands
from store.reaudit import reaudit

ROOT = Path(__file__).resolve().parents[2]
VALID = ROOT / "tests" / "data" / "sichuan" / "valid"
INVALID = ROOT / "tests" / "data" / "sichuan" / "invalid"
OLD_DB = ROOT / "tests" / "data" / "store" / "before-layout-move.duckdb.gz"


def record(name: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads((VALID / name).read_text(encoding="utf-8"))
    return value


def item(obj: object) -> Item:
    return Item(obj, orjson.dumps(obj), None)


@pytest.fixture
def store(tmp_path: Path) -> Any:
    with Store(tmp_path / "store.duckdb") as s:
        yield s


def rows(store: Store, sql: str, params: list[Any] | None = None) -> list[tuple[Any, ...]]:
    with store.read() as cur:
        return cur.execute(sql, params or []).fetchall()


def test_old_database_rows_become_wuhan_hands(tmp_path: Path) -> None:
    db = tmp_path / "old.duckdb"
    with gzip.open(OLD_DB, "rb") as src, db.open("wb") as dst:
        shutil.copyfileobj(src, dst)
    with Store(db) as store:
        assert rows(store, "SELECT DISTINCT game FROM hands") == [("wuhan",)]
        assert rows(store, "SELECT count(*) FROM player_hands WHERE game = 'wuhan'") == [(12,)]


def test_sichuan_records_are_stored_with_their_game(store: Store) -> None:
    items = [it for file in read_paths([str(p) for p in sorted(VALID.glob("*.json"))]) for it in file]
    results = ingest(store, items)
    assert {r.outcome for r in results} == {"stored"}
    assert {r.status for r in results} == {"ok"}
    stored = rows(store, "SELECT hand_id, game, preset FROM hands ORDER BY hand_id")
    expected = sorted(
        (r["hand_id"], "sichuan", r["ruleset"]["preset"])
        for r in (record(p.name) for p in VALID.glob("*.json"))
    )
    assert stored == expected
    # the same records again change nothing
    assert {r.outcome for r in ingest(store, items)} == {"duplicate"}


def test_several_winners_are_kept_in_the_order_they_won(store: Store) -> None:
    """SC-3.2/SC-3.7: E1 has three winners (seat 1 自摸, seat 0 on seat 3's discard, seat 2 自摸);
    ``hands.winner`` is the first, ``wins`` holds all three in order."""
    e1 = record("xuezhan_e1.json")
    ingest(store, [item(e1)])
    wins = rows(store, "SELECT n, seat, from_seat, tile, hand, multiple FROM wins ORDER BY n")
    assert wins == [
        (n, w["seat"], w["from"], w["tile"], w["hand"], w["multiple"])
        for n, w in enumerate(e1["result"]["wins"])
    ]
    first = e1["result"]["wins"][0]
    assert rows(store, "SELECT winner, feeder, self_draw FROM hands") == [(first["seat"], None, True)]


def test_every_transfer_and_delta_is_stored(store: Store) -> None:
    """SC-5.5/5.6, §6: E2 (杠上炮 with 一炮多响 and 呼叫转移, 查大叫) as the hand-made result lists."""
    e2 = record("xuezhan_e2.json")
    ingest(store, [item(e2)])
    got = rows(store, "SELECT kind, payer, payee, amount FROM transfers ORDER BY n")
    want = [(t["kind"], t["from"], t["to"], t["amount"]) for t in e2["result"]["transfers"]]
    assert sorted(got) == sorted(want)
    assert "zhuanyi" in {k for k, *_ in got}
    deltas = rows(store, "SELECT seat, delta FROM settlements ORDER BY seat")
    assert [d for _, d in deltas] == e2["result"]["deltas"]
    assert sum(d for _, d in deltas) == 0


def test_a_sichuan_seats_receipts_are_the_wins_it_took_part_in(store: Store) -> None:
    e1 = record("xuezhan_e1.json")
    ingest(store, [item(e1)])
    receipts = dict(rows(store, "SELECT seat, receipt FROM settlements"))
    winners = [w["seat"] for w in e1["result"]["wins"]]
    for seat, text in receipts.items():
        mine = json.loads(text)
        # every seat paid or won something in E1: three wins, each paid by the others still in
        assert mine, seat
        for r in mine:
            assert r["seat"] == seat or seat in [p["seat"] for p in r["payers"]]
        assert sum(1 for r in mine if r["seat"] == seat) == winners.count(seat)


def test_player_hands_counts_a_sichuan_seat_that_won_or_fed(store: Store) -> None:
    """E2: seats 1 and 3 both won on seat 0's discard (一炮多响): two winners, one feeder."""
    e2 = record("xuezhan_e2.json")
    ingest(store, [item(e2)])
    got = rows(store, "SELECT seat, won, won_self_draw, dealt_in, game FROM player_hands ORDER BY seat")
    winners = {w["seat"] for w in e2["result"]["wins"]}
    feeders = {w["from"] for w in e2["result"]["wins"]}
    assert got == [(s, s in winners, False, s in feeders, "sichuan") for s in range(4)]


def test_sichuan_seat_facts_follow_the_openings_and_the_end_of_wall(store: Store) -> None:
    """E1's 换三张 and 定缺 as its events say; E7 (血流成河) seat 0 wins twice, seat 3 is 下叫."""
    e1, e7 = record("xuezhan_e1.json"), record("xueliu_e7.json")
    ingest(store, [item(e1), item(e7)])
    swap = next(e for e in e1["events"] if e["type"] == "swap")
    dingque = next(e for e in e1["events"] if e["type"] == "dingque")
    facts = rows(
        store,
        "SELECT seat, void_suit, swapped FROM sichuan_seat_facts WHERE hand_id = ? ORDER BY seat",
        [e1["hand_id"]],
    )
    assert facts == [(s, dingque["suits"][s], swap["tiles"][s]) for s in range(4)]
    seat0 = rows(
        store,
        "SELECT wins, self_draw_wins, first_win, tenpai FROM sichuan_seat_facts"
        " WHERE hand_id = ? AND seat = 0",
        [e7["hand_id"]],
    )
    assert seat0 == [(2, 1, 1, False)]
    tenpai = rows(
        store,
        "SELECT seat FROM sichuan_seat_facts WHERE hand_id = ? AND tenpai ORDER BY seat",
        [e7["hand_id"]],
    )
    assert [s for (s,) in tenpai] == e7["result"]["tenpai"]
    paid = rows(
        store,
        "SELECT seat FROM sichuan_seat_facts WHERE hand_id = ? AND paid_dajiao ORDER BY seat",
        [e7["hand_id"]],
    )
    assert [s for (s,) in paid] == sorted(
        {t["from"] for t in e7["result"]["transfers"] if t["kind"] == "dajiao"}
    )


def test_bankrupt_seat_is_a_fact(store: Store) -> None:
    """§7: E8 has stacks; a seat whose coins reach 0 is bankrupt (破产)."""
    e8 = record("xuezhan_e8.json")
    ingest(store, [item(e8)])
    broke = rows(store, "SELECT seat FROM sichuan_seat_facts WHERE bankrupt ORDER BY seat")
    expected = [s for s in range(4) if e8["stacks"][s] + e8["result"]["deltas"][s] <= 0]
    assert expected and [s for (s,) in broke] == expected


def _next_hand(base: dict[str, Any], template: str, hand_id: str) -> dict[str, Any]:
    nxt = copy.deepcopy(record(template))
    nxt["hand_id"] = hand_id
    nxt["session"] = {"id": base["session"]["id"], "hand_no": base["session"]["hand_no"] + 1}
    return nxt


def test_SC_1_3_dealer_checked_against_the_stored_hand_before(store: Store) -> None:
    """SC-1.3: after E5 (one winner, seat 2) seat 2 deals; a hand 2 dealt by seat 0, uploaded on
    its own, is illegal at the record (index None) and says why, from the stored hand 1."""
    e5 = record("xuezhan_e5.json")
    ingest(store, [item(e5)])
    hand2 = _next_hand(e5, "xueliu_e7.json", "sc-next-after-e5")
    (result,) = ingest(store, [item(hand2)])
    assert result.status == "illegal"
    (first,) = rows(store, "SELECT first_illegal FROM audits WHERE hand_id = 'sc-next-after-e5'")
    illegal = json.loads(first[0])
    assert illegal["code"] == "dealer_not_next" and illegal["rule"] == "SC-1.3"
    assert illegal["index"] is None
    assert "seat 2" in illegal["message"] and "won first" in illegal["message"]


def test_SC_1_3_after_a_multiple_win_the_discarder_deals(store: Store) -> None:
    """SC-1.3: E2's first win was 一炮多响 on seat 0's discard, so seat 0 deals hand 2: E7 (dealt
    by seat 0) follows it legally; after E1 (seat 1 won first) the same hand is illegal."""
    e2 = record("xuezhan_e2.json")
    ingest(store, [item(e2)])
    (ok,) = ingest(store, [item(_next_hand(e2, "xueliu_e7.json", "sc-after-e2"))])
    assert ok.status == "ok"
    e1 = record("xuezhan_e1.json")
    e1["session"] = {"id": "another-sitting", "hand_no": 1}
    ingest(store, [item(e1)])
    (bad,) = ingest(store, [item(_next_hand(e1, "xueliu_e7.json", "sc-after-e1"))])
    assert bad.status == "illegal"


def test_invalid_sichuan_records_are_kept_with_the_sichuan_schemas_errors(store: Store) -> None:
    expected = json.loads((INVALID / "expected.json").read_text(encoding="utf-8"))
    names = sorted(n for n in expected if n not in ("not_an_object.json", "wrong_format.json"))
    items = [it for n in names for file in read_paths([str(INVALID / n)]) for it in file]
    results = ingest(store, items)
    for name, r in zip(names, results, strict=True):
        assert r.outcome == "invalid", name
        assert sorted({e["field"] for e in r.errors}) == sorted(set(expected[name])), name
    assert rows(store, "SELECT count(*) FROM rejects") == [(len(names),)]


def test_list_filters_by_game(store: Store) -> None:
    ingest(store, [item(record("xuezhan_e1.json"))])
    wuhan = next(read_paths([str(ROOT / "sample_logs" / "handwritten" / "pihu.json")]))
    ingest(store, list(wuhan))
    with store.read() as cur:
        sichuan, n = list_hands(cur, HandFilter(game="sichuan"), 50, 0)
        assert n == 1 and sichuan[0]["game"] == "sichuan"
        others, m = list_hands(cur, HandFilter(game="wuhan"), 50, 0)
        assert m >= 1 and {h["game"] for h in others} == {"wuhan"}


def test_reaudit_keeps_sichuan_verdicts_and_rewrites_their_rows_once(store: Store) -> None:
    items = [it for file in read_paths([str(p) for p in sorted(VALID.glob("*.json"))]) for it in file]
    ingest(store, items)
    before = {
        t: rows(store, f"SELECT count(*) FROM {t}")[0][0] for t in ("wins", "transfers", "sichuan_seat_facts")
    }
    report = reaudit(store)
    assert report.audited == len(items) and not report.changed
    after = {t: rows(store, f"SELECT count(*) FROM {t}")[0][0] for t in before}
    assert after == before and before["sichuan_seat_facts"] == 4 * len(items)


def test_sichuan_habits_are_of_sichuan_hands_only(store: Store) -> None:
    """A player's Sichuan figures come from Sichuan hands and are compared with Sichuan seats only;
    a Wuhan hand in the store changes neither."""
    from store.habits import HabitFilters, player_game, player_habits

    records = [record(p.name) for p in sorted(VALID.glob("*.json"))]
    ingest(store, [item(r) for r in records])
    wuhan = next(read_paths([str(ROOT / "sample_logs" / "handwritten" / "pihu.json")]))
    ingest(store, list(wuhan))
    player = records[0]["seats"][1]["player_id"]
    seats = [(r, s) for r in records for s in range(4) if r["seats"][s]["player_id"] == player]
    with store.read() as cur:
        assert player_game(cur, player, HabitFilters()) == "sichuan"
        habits = player_habits(cur, player, HabitFilters())
    figures = {f["key"]: f for f in habits["figures"]}
    assert habits["filters"]["game"] == "sichuan"
    assert figures["hands"]["player"] == len(seats)
    assert figures["hands"]["population"] == 4 * len(records)
    won = sum(any(w["seat"] == s for w in r["result"]["wins"]) for r, s in seats)
    assert figures["win_rate"]["player"] == pytest.approx(won / len(seats), abs=1e-4)
    paid = sum(
        any(t["kind"] == "dajiao" and t["from"] == s for t in r["result"]["transfers"]) for r, s in seats
    )
    assert figures["dajiao_rate"]["player"] == pytest.approx(paid / len(seats), abs=1e-4)
    coins = sum(r["result"]["deltas"][s] for r, s in seats) / len(seats)
    assert figures["avg_points"]["player"] == pytest.approx(coins, abs=1e-4)
    assert figures["avg_points"]["population"] == 0  # coins only move between the seats of a hand
    assert "pizi_ganged" not in figures
