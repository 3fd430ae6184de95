"""二人麻将 hands in the store (issue 31 item 4): two seats (never four with two empty), the one
win with its fans, the payment, the per-seat facts of habits (fans won, 起胡 misses, 报听,
flowers, dealt in), the ER-1.3 check against the stored hand before (ingest and the batch
audit's reduce step), the Parquet rows, filters and re-audit.

The records are ``tests/erren_records`` (erren.md §8's examples and a few more hands); the
expectations are what the rules work out by hand for them (§5–§8), never the engine's output.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import duckdb
import orjson
import pytest

from replay.inputs import Item
from schemas.audit import audit_record
from store.batch import session_flags
from store.db import Store
from store.habits import HabitFilters, player_game, player_habits
from store.ingest import ingest
from store.page_rows import FROM_SCRATCH, TABLES
from store.parquet import PartRows
from store.queries import HandFilter, list_hands
from store.reaudit import reaudit
from tests.erren_records import NAMES, erren


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
    results = ingest(store, [item(erren(n, day=i + 1)) for i, n in enumerate(NAMES)])
    assert [(r.outcome, r.status) for r in results] == [("stored", "ok")] * len(NAMES)


def test_erren_records_are_stored_with_their_game_and_two_seats(store: Store) -> None:
    stored(store)
    got = rows(store, "SELECT hand_id, game, preset FROM hands ORDER BY hand_id")
    assert got == [(f"er-{n}", "erren", "erren") for n in sorted(NAMES)]
    for table in ("seats", "settlements", "seat_rows", "erren_seat_facts"):
        per_hand = rows(store, f"SELECT DISTINCT count(*) FROM {table} GROUP BY hand_id")
        assert per_hand == [(2,)], table  # ER-1.2: seats 0 and 1, no empty seats 2 and 3
    assert {r.outcome for r in ingest(store, [item(erren("e1", day=1))])} == {"duplicate"}


def test_hand_columns_winner_feeder_self_draw(store: Store) -> None:
    """E1: seat 1 on seat 0's 3s (seat 0 fed it); E7: seat 1 self-draws (杠上开花); 荒庄: none."""
    stored(store)
    sql = "SELECT hand_id, winner, feeder, self_draw FROM hands"
    got = {h: (w, f, sd) for h, w, f, sd in rows(store, sql)}
    assert got["er-e1"] == (1, 0, False)
    assert got["er-e4"] == (0, 1, False)
    assert got["er-e7"] == (1, None, True)
    assert got["er-hz"] == (None, None, None)


def test_the_win_row_holds_its_fans_and_T(store: Store) -> None:
    """E1 (§8): qinglong 16, hunyise 6, jianke 2, bianzhang 1, huapai 1 = T 26 on 3s; E7's way is
    杠上开花 (gangkai)."""
    stored(store)
    (win,) = rows(store, "SELECT seat, from_seat, tile, hand, multiple FROM wins WHERE hand_id = 'er-e1'")
    assert win == (1, 0, "3s", "qinglong+hunyise+jianke+bianzhang+huapai", 26)
    (ways,) = rows(store, "SELECT ways FROM wins WHERE hand_id = 'er-e7'")
    assert ways == (["gangkai"],)
    assert rows(store, "SELECT count(*) FROM wins WHERE hand_id = 'er-hz'") == [(0,)]
    types = rows(store, "SELECT hand_type FROM won_types WHERE hand_id = 'er-e1' ORDER BY 1")
    assert types == [("bianzhang",), ("huapai",), ("hunyise",), ("jianke",), ("qinglong",)]


def test_payment_is_a_transfer_and_both_seats_hold_its_receipt(store: Store) -> None:
    """ER-6.3: E4's seat 1 pays seat 0 T = 56; 荒庄 pays nothing."""
    stored(store)
    got = rows(store, "SELECT kind, payer, payee, amount FROM transfers WHERE hand_id = 'er-e4'")
    assert got == [("hu", 1, 0, 56)]
    deltas = rows(store, "SELECT seat, delta FROM settlements WHERE hand_id = 'er-e4' ORDER BY seat")
    assert deltas == [(0, 56), (1, -56)]
    for seat in (0, 1):
        sql = "SELECT receipt FROM settlements WHERE hand_id = 'er-e4' AND seat = ?"
        (receipt,) = rows(store, sql, [seat])
        (payment,) = json.loads(receipt[0])
        assert (payment["from"], payment["to"], payment["amount"]) == (1, 0, 56)
        assert any("三暗刻" in line for line in payment["receipt"])
    hz = rows(store, "SELECT delta, receipt FROM settlements WHERE hand_id = 'er-hz' ORDER BY seat")
    assert hz == [(0, None), (0, None)]


def test_seat_facts_follow_what_each_seat_did(store: Store) -> None:
    stored(store)

    def fact(hand: str, seat: int, column: str) -> Any:
        sql = f"SELECT {column} FROM erren_seat_facts WHERE hand_id = ? AND seat = ?"
        return rows(store, sql, [f"er-{hand}", seat])[0][0]

    # E2: on seat 0's 2s seat 1's 234s 678s EE + chi + peng is a shape with Q 7 < 8 (ER-3.4)
    assert fact("e2", 1, "qihu_misses") == 1 and fact("e2", 0, "qihu_misses") == 0
    assert (fact("e2", 1, "total"), fact("e2", 1, "qualifying")) == (10, 8)
    assert fact("e2", 1, "flowers") == 2 and fact("e2", 0, "fed") is True
    assert fact("e1", 1, "fans") == ["qinglong", "hunyise", "jianke", "bianzhang", "huapai"]
    assert fact("e1", 0, "fans") == [] and fact("e1", 0, "total") is None
    # the dealer's 报听 with its first discard is 天听 (ER-3.5): tianting 32 + hunyise 6 + lianliu 1
    # + yaojiuke 1 (NNN) = 40
    assert fact("tt", 0, "ting") == "tianting" and fact("tt", 0, "total") == 40
    assert fact("tt", 1, "ting") == "" and fact("tt", 1, "fed") is True
    assert (fact("e7", 1, "self_draw"), fact("e7", 0, "fed")) == (True, False)
    assert (fact("hz", 0, "flowers"), fact("hz", 1, "flowers")) == (7, 1)  # ER-2.3
    assert fact("hz", 0, "won") is False and fact("hz", 1, "won") is False


def test_seat_rows_read_erren_wins_and_deal_ins(store: Store) -> None:
    stored(store)
    got = rows(
        store,
        "SELECT hand_id, seat, won, won_self_draw, dealt_in FROM seat_rows"
        " WHERE hand_id IN ('er-e1', 'er-e8') ORDER BY hand_id, seat",
    )
    assert got == [
        ("er-e1", 0, False, False, True),
        ("er-e1", 1, True, False, False),
        ("er-e8", 0, True, True, False),
        ("er-e8", 1, False, False, False),
    ]
    with store.read() as cur:
        for table in TABLES:
            columns = ", ".join(r[0] for r in cur.execute(f"DESCRIBE {table}").fetchall())
            kept = sorted(map(repr, cur.execute(f"SELECT {columns} FROM {table}").fetchall()))
            scratch = sorted(
                map(repr, cur.execute(f"SELECT {columns} FROM ({FROM_SCRATCH[table]})").fetchall())
            )
            assert kept == scratch, table


def sitting(name: str, hand_no: int, sid: str = "er-sitting") -> dict[str, Any]:
    rec = erren(name)
    rec["hand_id"] = f"er-{name}-{sid}-{hand_no}"
    rec["session"] = {"id": sid, "hand_no": hand_no}
    return rec


def test_ER_1_3_dealer_checked_against_the_stored_hand_before(store: Store) -> None:
    """ER-1.3 (``winner``): after E1 (seat 1 won) seat 1 deals; E4 dealt by seat 0 as hand 2 of
    the same sitting, uploaded on its own, is illegal at the record (index None). E7 dealt by
    seat 0 after E4 (seat 0 won) is fine."""
    (first,) = ingest(store, [item(sitting("e1", 1))])
    assert first.status == "ok"
    (second,) = ingest(store, [item(sitting("e4", 2))])
    assert second.status == "illegal"
    (text,) = rows(store, "SELECT first_illegal FROM audits WHERE hand_id = 'er-e4-er-sitting-2'")
    illegal = json.loads(text[0])
    assert (illegal["code"], illegal["rule"], illegal["index"]) == ("dealer_not_next", "ER-1.3", None)
    assert "seat 1" in illegal["message"]
    ok = ingest(store, [item(sitting("e4", 1, "other")), item(sitting("e7", 2, "other"))])
    assert [r.status for r in ok] == ["ok", "ok"]


def test_batch_reduce_step_flags_the_hand_after_a_wrong_dealer(tmp_path: Path) -> None:
    """The batch audit's parts hand back ER-1.3 stubs; the reduce step checks them across parts."""
    parts = []
    for n, rec in enumerate([sitting("e1", 1), sitting("e4", 2)]):
        part = PartRows(n, "test")
        part.add(audit_record(rec), rec, orjson.dumps(rec))
        parts.append(part)
    stubs = [p.stub_table() for p in parts]
    assert [s.column("game").to_pylist() for s in stubs] == [["erren"], ["erren"]]
    flags = session_flags(stubs)
    (flagged,) = [row for file in flags.values() for row in file.values()]
    assert (flagged["code"], flagged["rule"]) == ("dealer_not_next", "ER-1.3")
    assert list(flags) == [str(stubs[1].column("file")[0])]


def test_parquet_rows_of_a_two_seat_hand(tmp_path: Path) -> None:
    rec = erren("e1")
    part = PartRows(0, "test")
    part.add(audit_record(rec), rec, orjson.dumps(rec))
    counts = part.write(tmp_path)
    assert counts["settlements"] == 2
    glob = str(tmp_path / "audits" / "**" / "*.parquet")
    (row,) = duckdb.sql(
        f"SELECT winner, self_draw, hands, deltas FROM read_parquet('{glob}', hive_partitioning = true)"
    ).fetchall()
    assert row == (1, False, ["qinglong", "hunyise", "jianke", "bianzhang", "huapai"], [-26, 26])
    glob = str(tmp_path / "settlements" / "**" / "*.parquet")
    got = duckdb.sql(
        f"SELECT seat, player_id, delta FROM read_parquet('{glob}', hive_partitioning = true) ORDER BY seat"
    ).fetchall()
    assert got == [(0, "er-a", -26), (1, "er-b", 26)]


def test_list_filters_by_game(store: Store) -> None:
    stored(store)
    with store.read() as cur:
        hands, n = list_hands(cur, HandFilter(game="erren"), 50, 0)
        assert n == len(NAMES) and {h["game"] for h in hands} == {"erren"}
        _, none = list_hands(cur, HandFilter(game="changsha"), 50, 0)
        assert none == 0


def test_reaudit_keeps_erren_verdicts_and_rewrites_their_rows_once(store: Store) -> None:
    stored(store)
    tables = ("wins", "transfers", "erren_seat_facts")
    before = {t: rows(store, f"SELECT count(*) FROM {t}")[0][0] for t in tables}
    report = reaudit(store)
    assert report.audited == len(NAMES) and not report.changed
    assert {t: rows(store, f"SELECT count(*) FROM {t}")[0][0] for t in tables} == before
    assert before == {"wins": 6, "transfers": 6, "erren_seat_facts": 2 * len(NAMES)}


def test_erren_habits_are_of_erren_hands_only(store: Store) -> None:
    """er-a sits at seat 0 of every hand: it wins E4 (56), E8 (93) and tt (40) of 7 hands, two
    on a discard; self-draws E8; deals in on E1 and E2; its one 报听 (tt) was 天听 and won; its
    flowers are E8's 6h and 荒庄's seven: 8 in 7 hands."""
    stored(store)
    with store.read() as cur:
        assert player_game(cur, "er-a", HabitFilters()) == "erren"
        habits = player_habits(cur, "er-a", HabitFilters())
    figures = {f["key"]: f for f in habits["figures"]}
    assert habits["filters"]["game"] == "erren"
    assert figures["hands"]["player"] == 7 and figures["hands"]["population"] == 14
    assert figures["win_rate"]["player"] == pytest.approx(3 / 7, abs=1e-4)
    assert figures["self_draw_rate"]["player"] == pytest.approx(1 / 7, abs=1e-4)
    assert figures["deal_in_rate"]["player"] == pytest.approx(2 / 7, abs=1e-4)
    assert figures["avg_fan"]["player"] == pytest.approx((56 + 93 + 40) / 3, abs=1e-4)
    assert figures["big_win_rate"]["player"] == pytest.approx(1.0)  # 56, 93, 40 are all ≥ 24
    assert figures["ting_rate"]["player"] == pytest.approx(1 / 7, abs=1e-4)
    assert figures["tianting_rate"]["player"] == pytest.approx(1.0)
    assert figures["ting_win_rate"]["player"] == pytest.approx(1.0)
    assert figures["flowers_per_hand"]["player"] == pytest.approx(8 / 7, abs=1e-4)
    assert figures["avg_points"]["population"] == 0  # points only move between the two seats
    assert figures["avg_points"]["player"] == pytest.approx((-26 - 10 + 56 - 52 + 93 + 40) / 7, abs=1e-4)
    assert figures["ting_rate"]["percent"] is True
    b = {f["key"]: f for f in player_habits_of(store, "er-b")["figures"]}
    assert b["qihu_misses_per_100"]["player"] == pytest.approx(100 / 7, abs=1e-2)  # E2's 2s
    assert b["ting_win_rate"]["player"] is None  # never declared
    assert "pizi_ganged" not in figures and "qishou_rate" not in figures
    types = {t["hand_type"]: t["player"] for t in habits["hand_types_won"]}
    assert types["hunyise"] == 2 and types["tianting"] == 1 and types["jiulian"] == 1  # fans won


def player_habits_of(store: Store, player: str) -> dict[str, Any]:
    with store.read() as cur:
        return player_habits(cur, player, HabitFilters())
