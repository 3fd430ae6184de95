"""Changsha hands in the store (issue 29 item 5): the game column, every winner of a 通炮, the
payments, the per-seat facts of habits, the CS-1.3 check against the stored hand before, and
re-audit.

The records are changsha.md §8's worked examples played out by ``tests/changsha_records``; the
expectations are what the rules work out by hand for them (§8), never the engine's own output.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson
import pytest

from replay.inputs import Item
from store.db import Store
from store.ingest import ingest
from store.page_rows import FROM_SCRATCH, TABLES
from store.queries import HandFilter, list_hands
from store.reaudit import reaudit
from tests.changsha_records import NAMES, changsha


def item(obj: object) -> Item:
    return Item(obj, orjson.dumps(obj), None)


@pytest.fixture
def store(tmp_path: Path) -> Any:
    with Store(tmp_path / "store.duckdb") as s:
        yield s


def rows(store: Store, sql: str, params: list[Any] | None = None) -> list[tuple[Any, ...]]:
    with store.read() as cur:
        return cur.execute(sql, params or []).fetchall()


def stored(store: Store) -> None:
    results = ingest(store, [item(changsha(n, day=i + 1)) for i, n in enumerate(NAMES)])
    assert [(r.outcome, r.status) for r in results] == [("stored", "ok")] * len(NAMES)


def test_changsha_records_are_stored_with_their_game(store: Store) -> None:
    stored(store)
    got = rows(store, "SELECT hand_id, game, preset FROM hands ORDER BY hand_id")
    assert got == [(f"cs-{n}", "changsha", "changsha") for n in sorted(NAMES)]
    assert {r.outcome for r in ingest(store, [item(changsha("e1", day=1))])} == {"duplicate"}


def test_hand_columns_first_winner_discarder_self_draw(store: Store) -> None:
    """E1: seat 2 self-draws; E4 (通炮): seats 3 and 0 win on seat 2's 5p, seat 3 first in turn
    order after the discarder; E8: seat 1's end-mode 起手胡 is paid by all (self-drawn)."""
    stored(store)
    got = dict(
        (h, (w, f, sd)) for h, w, f, sd in rows(store, "SELECT hand_id, winner, feeder, self_draw FROM hands")
    )
    assert got["cs-e1"] == (2, None, True)
    assert got["cs-e4"] == (3, 2, False)
    assert got["cs-e8"] == (1, None, True)


def test_every_winner_of_a_tongpao_is_a_wins_row(store: Store) -> None:
    """CS-3.2: E4's two winners on one 5p, with their hands (平胡; 七小对) and k (CS-4.5)."""
    stored(store)
    got = rows(
        store,
        "SELECT n, seat, from_seat, tile, hand, multiple FROM wins WHERE hand_id = 'cs-e4' ORDER BY n",
    )
    assert got == [(0, 3, 2, "5p", "pinghu", 1), (1, 0, 2, "5p", "qixiaodui", 1)]
    (ways,) = rows(store, "SELECT ways FROM wins WHERE hand_id = 'cs-e5'")
    assert ways == (["gangshangkaihua"],)  # CS-3.5: 杠上开花 on the 开杠's 3m


def test_a_win_of_two_big_hands_keeps_both(store: Store) -> None:
    """CS-4.5: E3's 清一色 + 碰碰胡 is one win of k = 2; both hands count in the won types."""
    (result,) = ingest(store, [item(changsha("e3"))])
    assert result.status == "ok"
    (win,) = rows(store, "SELECT seat, hand, multiple FROM wins WHERE hand_id = 'cs-e3'")
    assert win[0] == 1 and sorted(win[1].split("+")) == ["pengpenghu", "qingyise"] and win[2] == 2
    types = rows(store, "SELECT hand_type FROM won_types WHERE hand_id = 'cs-e3' ORDER BY 1")
    assert types == [("pengpenghu",), ("qingyise",)]


def test_payments_are_transfers_and_deltas_settlements(store: Store) -> None:
    """E4: seat 2 pays seat 3 20 and seat 0 140; E8's three payments are the opening hand's."""
    stored(store)
    got = rows(store, "SELECT kind, payer, payee, amount FROM transfers WHERE hand_id = 'cs-e4' ORDER BY n")
    assert sorted(got) == [("hu", 2, 0, 140), ("hu", 2, 3, 20)]
    kinds = rows(store, "SELECT DISTINCT kind FROM transfers WHERE hand_id = 'cs-e8'")
    assert kinds == [("qishou",)]
    deltas = rows(store, "SELECT delta FROM settlements WHERE hand_id = 'cs-e8' ORDER BY seat")
    assert [d for (d,) in deltas] == [-40, 100, -20, -40]
    (receipt,) = rows(store, "SELECT receipt FROM settlements WHERE hand_id = 'cs-e4' AND seat = 1")
    assert receipt == (None,)  # seat 1 neither paid nor received
    (receipt,) = rows(store, "SELECT receipt FROM settlements WHERE hand_id = 'cs-e4' AND seat = 2")
    assert sorted(p["amount"] for p in json.loads(receipt[0])) == [20, 140]


def test_seat_facts_follow_what_each_seat_did(store: Store) -> None:
    stored(store)

    def fact(hand: str, seat: int, column: str) -> Any:
        sql = f"SELECT {column} FROM changsha_seat_facts WHERE hand_id = ? AND seat = ?"
        return rows(store, sql, [f"cs-{hand}", seat])[0][0]

    assert fact("e5", 1, "kai_kongs") == 1 and fact("e5", 1, "bu_kongs") == 0  # CS-3.5
    assert fact("e5", 1, "hand_types") == ["gangshangkaihua"] and fact("e5", 1, "big_wins") == 1
    # E7 (CS-2.6): seat 3 declined the 海底, seat 0 took it and paid both 海底炮 winners
    assert (fact("e7", 3, "haidi_offered"), fact("e7", 3, "haidi_taken")) == (1, False)
    assert (fact("e7", 0, "haidi_offered"), fact("e7", 0, "haidi_taken")) == (1, True)
    assert fact("e7", 0, "fed") == 2 and fact("e7", 1, "haidi_offered") == 0
    # E8 (CS-5.1): 四喜 + 六六顺 declared
    assert fact("e8", 1, "qishou") == ["sixi", "liuliushun"] and fact("e8", 1, "wins") == 1
    # E1: seat 1's 2345678m 345678s has no 筒: 缺一色 dealt and not declared (CS-5.1)
    assert fact("e1", 1, "qishou_missed") is True and fact("e1", 2, "qishou_missed") is False
    # E4's bird 3m counted from the dealer (seat 0) hits seat 2 (CS-6.4)
    assert [fact("e4", s, "birds_hit") for s in range(4)] == [0, 0, 1, 0]


def test_seat_rows_read_changsha_wins_and_deal_ins(store: Store) -> None:
    stored(store)
    got = rows(
        store,
        "SELECT seat, won, won_self_draw, dealt_in, kongs, wins, fed FROM seat_rows"
        " WHERE hand_id = 'cs-e4' ORDER BY seat",
    )
    assert got == [
        (0, True, False, False, 0, 1, 0),
        (1, False, False, False, 0, 0, 0),
        (2, False, False, True, 0, 0, 2),
        (3, True, False, False, 0, 1, 0),
    ]
    types = rows(store, "SELECT hand_type FROM won_types WHERE hand_id = 'cs-e4' ORDER BY 1")
    assert types == [("pinghu",), ("qixiaodui",)]
    with store.read() as cur:
        for table in TABLES:
            columns = ", ".join(r[0] for r in cur.execute(f"DESCRIBE {table}").fetchall())
            kept = sorted(map(repr, cur.execute(f"SELECT {columns} FROM {table}").fetchall()))
            scratch = sorted(
                map(repr, cur.execute(f"SELECT {columns} FROM ({FROM_SCRATCH[table]})").fetchall())
            )
            assert kept == scratch, table


def test_CS_1_3_dealer_checked_against_the_stored_hand_before(store: Store) -> None:
    """CS-1.3 (c): after E1 (seat 2 won alone) seat 2 deals; E4 dealt by seat 0 as hand 2 of the
    same sitting, uploaded on its own, is illegal at the record (index None)."""
    e1 = changsha("e1")
    e1["session"] = {"id": "cs-sitting", "hand_no": 1}
    ingest(store, [item(e1)])
    e4 = changsha("e4")
    e4["session"] = {"id": "cs-sitting", "hand_no": 2}
    (result,) = ingest(store, [item(e4)])
    assert result.status == "illegal"
    (first,) = rows(store, "SELECT first_illegal FROM audits WHERE hand_id = 'cs-e4'")
    illegal = json.loads(first[0])
    assert (illegal["code"], illegal["rule"], illegal["index"]) == ("dealer_not_next", "CS-1.3", None)
    e4b = changsha("e4")
    e4b["hand_id"] = "cs-e4-first"
    e4b["session"] = {"id": "another", "hand_no": 1}
    (ok,) = ingest(store, [item(e4b)])
    assert ok.status == "ok"


def test_list_filters_by_game_and_preset(store: Store) -> None:
    stored(store)
    with store.read() as cur:
        hands, n = list_hands(cur, HandFilter(game="changsha"), 50, 0)
        assert n == len(NAMES) and {h["game"] for h in hands} == {"changsha"}
        _, none = list_hands(cur, HandFilter(game="sichuan"), 50, 0)
        assert none == 0


def test_reaudit_keeps_changsha_verdicts_and_rewrites_their_rows_once(store: Store) -> None:
    stored(store)
    tables = ("wins", "transfers", "changsha_seat_facts")
    before = {t: rows(store, f"SELECT count(*) FROM {t}")[0][0] for t in tables}
    report = reaudit(store)
    assert report.audited == len(NAMES) and not report.changed
    assert {t: rows(store, f"SELECT count(*) FROM {t}")[0][0] for t in tables} == before
    assert before["changsha_seat_facts"] == 4 * len(NAMES)
    assert before["wins"] == 1 + 2 + 1 + 2 + 0  # E1, E4 (通炮), E5, E7 (two 海底炮), E8 (起手胡)


def test_changsha_habits_are_of_changsha_hands_only(store: Store) -> None:
    """cs-c sits at seat 2 of every example: it self-draws E1, pays E4's two winners, and the
    birds of E1 (7s from the winner... counted from the dealer: seat 2), E4 (3m) and E7 (5s from
    dealer 2: seat 2) hit it: 3 birds in 5 hands."""
    from store.habits import HabitFilters, player_game, player_habits

    stored(store)
    with store.read() as cur:
        assert player_game(cur, "cs-c", HabitFilters()) == "changsha"
        habits = player_habits(cur, "cs-c", HabitFilters())
    figures = {f["key"]: f for f in habits["figures"]}
    assert habits["filters"]["game"] == "changsha"
    assert figures["hands"]["player"] == 5 and figures["hands"]["population"] == 20
    assert figures["win_rate"]["player"] == pytest.approx(0.2)
    assert figures["self_draw_rate"]["player"] == pytest.approx(0.2)
    assert figures["deal_in_rate"]["player"] == pytest.approx(0.2)
    assert figures["birds_per_hand"]["player"] == pytest.approx(0.6)
    assert figures["avg_points"]["population"] == 0  # points only move between a hand's seats
    b = {f["key"]: f for f in player_habits_of(store, "cs-b")["figures"]}
    assert b["kai_kongs_per_hand"]["player"] == pytest.approx(0.2)  # E5's 开杠
    assert b["qishou_rate"]["player"] == pytest.approx(0.2)  # E8's 四喜 + 六六顺
    a = {f["key"]: f for f in player_habits_of(store, "cs-a")["figures"]}
    assert a["haidi_take_rate"]["player"] == pytest.approx(1.0)  # offered once (E7), took it
    assert "pizi_ganged" not in figures and "huazhu_rate" not in figures
    types = {t["hand_type"] for t in player_habits_of(store, "cs-a")["hand_types_won"]}
    assert types == {"qixiaodui"}  # E4


def player_habits_of(store: Store, player: str) -> dict[str, Any]:
    from store.habits import HabitFilters, player_habits

    with store.read() as cur:
        return player_habits(cur, player, HabitFilters())
