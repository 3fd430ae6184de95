"""Changchun hands in the store (issue 30): the game column, the one winner (截胡), the payments
with gang money apart, the per-seat facts of habits (报听, the 宝, 泄宝, opening sets), the CC-1.3
check against the stored hand before, re-audit, and the Changchun habit figures.

The records are changchun.md §8's worked examples played out by ``tests/changchun_records``; the
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
from tests.changchun_records import NAMES, changchun


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
    results = ingest(store, [item(changchun(n, day=i + 1)) for i, n in enumerate(NAMES)])
    assert [(r.outcome, r.status) for r in results] == [("stored", "ok")] * len(NAMES)


def fact(store: Store, hand: str, seat: int, column: str) -> Any:
    sql = f"SELECT {column} FROM changchun_seat_facts WHERE hand_id = ? AND seat = ?"
    return rows(store, sql, [f"cc-{hand}", seat])[0][0]


def test_changchun_records_are_stored_with_their_game(store: Store) -> None:
    stored(store)
    got = rows(store, "SELECT hand_id, game, preset FROM hands ORDER BY hand_id")
    presets = {"e8": "changchun-135"}
    assert got == [(f"cc-{n}", "changchun", presets.get(n, "changchun")) for n in sorted(NAMES)]
    assert {r.outcome for r in ingest(store, [item(changchun("e1", day=1))])} == {"duplicate"}


def test_hand_columns_winner_feeder_self_draw(store: Store) -> None:
    """E1: seat 2 on seat 3's 5m; E3: seat 1 摸宝 (self-drawn); E7: seat 0 robs seat 3's xu-gang
    (the robbed seat pays as the discarder, CC-5.6); E5: 荒庄, no winner."""
    stored(store)
    got = {
        h: (w, f, sd) for h, w, f, sd in rows(store, "SELECT hand_id, winner, feeder, self_draw FROM hands")
    }
    assert got["cc-e1"] == (2, 3, False)
    assert got["cc-e3"] == (1, None, True)
    assert got["cc-e7"] == (0, 3, False)
    assert got["cc-e5"] == (None, None, None)


def test_the_win_row_names_its_way_fans_and_fan(store: Store) -> None:
    """E3: 摸宝, the drawn 8p read as 5p (CC-4.6), menqing + jiahu + zimo + bao = 4; E4: 对宝 on
    W, menqing + piaohu + zimo + bao = 5 (CC-5.7, before the dealer's 1); E5 (荒庄): none."""
    stored(store)
    sql = "SELECT seat, from_seat, tile, hand, ways, multiple FROM wins WHERE hand_id = ?"
    (e3,) = rows(store, sql, ["cc-e3"])
    assert e3[:3] == (1, None, "5p") and sorted(e3[3].split("+")) == ["bao", "jiahu", "menqing", "zimo"]
    assert (e3[4], e3[5]) == (["mobao"], 4)
    (e4,) = rows(store, sql, ["cc-e4"])
    assert (e4[2], e4[4], e4[5]) == ("W", ["duibao"], 5)
    assert rows(store, sql, ["cc-e5"]) == []
    types = rows(store, "SELECT hand_type FROM won_types WHERE hand_id = 'cc-e3' ORDER BY 1")
    assert types == [("bao",), ("jiahu",), ("menqing",), ("zimo",)]


def test_gang_money_is_a_transfer_apart_even_at_huangzhuang(store: Store) -> None:
    """E5 (CC-6.3): 荒庄, only gang money: seat 1's 暗大蛋 C takes 4 from each (12), seat 2's
    旋风杠 + 补 E 2 from each, seat 3's an-gang 2 from each, seat 0's ming-gang 1 from each.
    E6: seat 2's 飘胡 is win money (8 + 8 + 4), seat 1's 旋风杠 gang money (1 from each)."""
    stored(store)
    got = rows(store, "SELECT kind, payee, sum(amount) FROM transfers WHERE hand_id = 'cc-e5' GROUP BY 1, 2")
    assert sorted(got) == [("gang", 0, 3), ("gang", 1, 12), ("gang", 2, 6), ("gang", 3, 6)]
    e6 = rows(store, "SELECT kind, payer, payee, amount FROM transfers WHERE hand_id = 'cc-e6'")
    assert sorted(x for x in e6 if x[0] == "hu") == [("hu", 0, 2, 8), ("hu", 1, 2, 8), ("hu", 3, 2, 4)]
    assert sorted(x for x in e6 if x[0] == "gang") == [
        ("gang", 0, 1, 1),
        ("gang", 2, 1, 1),
        ("gang", 3, 1, 1),
    ]
    deltas = rows(store, "SELECT delta FROM settlements WHERE hand_id = 'cc-e5' ORDER BY seat")
    assert [d for (d,) in deltas] == [-5, 7, -1, -1]
    (receipt,) = rows(store, "SELECT receipt FROM settlements WHERE hand_id = 'cc-e6' AND seat = 1")
    kinds = sorted(p["kind"] for p in json.loads(receipt[0]))
    assert kinds == ["gang", "gang", "gang", "win"]  # its three gang receipts and the win it paid


def test_seat_facts_follow_what_each_seat_did(store: Store) -> None:
    stored(store)
    # E3: seat 1 报听 after its first discard, learnt two 宝 (3s, then 8p after 换宝), won by 摸宝
    assert fact(store, "e3", 1, "ting") is True and fact(store, "e3", 1, "ting_turn") == 1
    assert fact(store, "e3", 1, "looks") == 2 and fact(store, "e3", 1, "bao_wins") == 1
    assert fact(store, "e3", 1, "way") == "mobao" and fact(store, "e3", 0, "looks") == 0
    assert fact(store, "e3", 1, "win_money") == 64 and fact(store, "e3", 0, "win_money") == -32
    # E5: seat 2's 旋风杠 and its 补; seat 1's 暗大蛋 kong; gang money as worked in §8
    assert fact(store, "e5", 2, "sets") == ["xuanfeng"] and fact(store, "e5", 2, "bu") == 1
    assert [fact(store, "e5", s, "gang_money") for s in range(4)] == [-5, 7, -1, -1]
    assert fact(store, "e5", 1, "kongs") == 1
    # E6: seat 1's 补杠 N was robbed by 抢碰: its set stands without the 补 (CC-2.4)
    assert fact(store, "e6", 1, "sets") == ["xuanfeng"] and fact(store, "e6", 1, "bu") == 0
    assert fact(store, "e6", 1, "fed") == 1
    # E7: seat 1 also robbed the 5p; seat 0, nearer after seat 3, won alone (截胡, CC-2.3)
    assert fact(store, "e7", 1, "jiehu_lost") == 1 and fact(store, "e7", 0, "jiehu_lost") == 0
    assert fact(store, "e7", 3, "fed") == 1 and fact(store, "e7", 0, "way") == "qianghu"
    # the leak: the dealer looked (W), leaked it (泄宝, CC-4.8), rolled again (C): 2 looks
    assert fact(store, "leak", 0, "leaked") is True and fact(store, "leak", 0, "looks") == 2
    assert fact(store, "leak", 0, "wins") == 0 and fact(store, "leak", 1, "leaked") is False


def test_seat_rows_read_changchun_wins_and_deal_ins(store: Store) -> None:
    stored(store)
    got = rows(
        store,
        "SELECT seat, won, won_self_draw, dealt_in, kongs, delta FROM seat_rows"
        " WHERE hand_id = 'cc-e8' ORDER BY seat",
    )
    assert got == [
        (0, False, False, False, 0, -7),
        (1, False, False, False, 0, -12),
        (2, False, False, False, 0, -7),
        (3, True, True, False, 1, 26),
    ]
    with store.read() as cur:
        for table in TABLES:
            columns = ", ".join(r[0] for r in cur.execute(f"DESCRIBE {table}").fetchall())
            kept = sorted(map(repr, cur.execute(f"SELECT {columns} FROM {table}").fetchall()))
            scratch = sorted(
                map(repr, cur.execute(f"SELECT {columns} FROM ({FROM_SCRATCH[table]})").fetchall())
            )
            assert kept == scratch, table


def test_CC_1_3_dealer_checked_against_the_stored_hand_before(store: Store) -> None:
    """CC-1.3: E1 (dealer 0) is won by seat 2, so the dealer's 下家 seat 1 deals next; E3 dealt
    by seat 0 as hand 2 of the same sitting, uploaded on its own, is illegal at the record. E5
    (荒庄, dealer 0) keeps the deal: E3 after it is legal."""
    e1 = changchun("e1")
    e1["session"] = {"id": "cc-sitting", "hand_no": 1}
    ingest(store, [item(e1)])
    e3 = changchun("e3")
    e3["session"] = {"id": "cc-sitting", "hand_no": 2}
    (result,) = ingest(store, [item(e3)])
    assert result.status == "illegal"
    (first,) = rows(store, "SELECT first_illegal FROM audits WHERE hand_id = 'cc-e3'")
    illegal = json.loads(first[0])
    assert (illegal["code"], illegal["rule"], illegal["index"]) == ("dealer_not_next", "CC-1.3", None)
    e5 = changchun("e5")
    e5["session"] = {"id": "another", "hand_no": 1}
    ingest(store, [item(e5)])
    e3b = changchun("e3")
    e3b["hand_id"] = "cc-e3-after-e5"
    e3b["session"] = {"id": "another", "hand_no": 2}
    (ok,) = ingest(store, [item(e3b)])
    assert ok.status == "ok"


def test_list_filters_by_game_and_preset(store: Store) -> None:
    stored(store)
    with store.read() as cur:
        hands, n = list_hands(cur, HandFilter(game="changchun"), 50, 0)
        assert n == len(NAMES) and {h["game"] for h in hands} == {"changchun"}
        _, won_by_b = list_hands(cur, HandFilter(game="changchun", player="cc-b"), 50, 0)
        assert won_by_b == len(NAMES)
        _, none = list_hands(cur, HandFilter(game="changsha"), 50, 0)
        assert none == 0


def test_reaudit_keeps_changchun_verdicts_and_rewrites_their_rows_once(store: Store) -> None:
    stored(store)
    tables = ("wins", "transfers", "changchun_seat_facts")
    before = {t: rows(store, f"SELECT count(*) FROM {t}")[0][0] for t in tables}
    report = reaudit(store)
    assert report.audited == len(NAMES) and not report.changed
    assert {t: rows(store, f"SELECT count(*) FROM {t}")[0][0] for t in tables} == before
    assert before["changchun_seat_facts"] == 4 * len(NAMES)
    assert before["wins"] == len(NAMES) - 2  # every hand but E5 and the leak (荒庄)


def player_habits_of(store: Store, player: str) -> dict[str, Any]:
    from store.habits import HabitFilters, player_habits

    with store.read() as cur:
        return player_habits(cur, player, HabitFilters())


def test_changchun_habits_are_of_changchun_hands_only(store: Store) -> None:
    """cc-b sits at seat 1 of all eight hands: it wins E3 (摸宝, after 报听), pays E6's 飘胡 as
    discarder, loses E7's tile to 截胡; cc-a declared 报听 in E4 and the leak, leaked once."""
    from store.habits import HabitFilters, player_game

    stored(store)
    with store.read() as cur:
        assert player_game(cur, "cc-b", HabitFilters()) == "changchun"
    b = {f["key"]: f for f in player_habits_of(store, "cc-b")["figures"]}
    n = len(NAMES)
    assert b["hands"]["player"] == n and b["hands"]["population"] == 4 * n
    assert b["win_rate"]["player"] == pytest.approx(1 / n)
    assert b["ting_rate"]["player"] == pytest.approx(1 / n)  # E3
    assert b["ting_win_rate"]["player"] == pytest.approx(1.0)
    assert b["bao_win_rate"]["player"] == pytest.approx(1.0)  # its one win was 摸宝
    assert b["jiehu_lost_rate"]["player"] == pytest.approx(1 / n)  # E7
    assert b["deal_in_rate"]["player"] == pytest.approx(1 / n)  # E6
    assert b["avg_points"]["population"] == 0  # points only move between a hand's seats
    a = {f["key"]: f for f in player_habits_of(store, "cc-a")["figures"]}
    assert a["leak_rate"]["player"] == pytest.approx(1 / n)
    assert a["ting_rate"]["player"] == pytest.approx(2 / n)  # E4 and the leak
    assert a["avg_ting_turn"]["player"] == pytest.approx(1.0)
    c = {f["key"]: f for f in player_habits_of(store, "cc-c")["figures"]}
    assert c["sets_per_hand"]["player"] == pytest.approx(1 / n)  # E5's 旋风杠
    assert c["bu_per_hand"]["player"] == pytest.approx(1 / n)
    assert "birds_per_hand" not in b and "huazhu_rate" not in b
    types = {t["hand_type"] for t in player_habits_of(store, "cc-b")["hand_types_won"]}
    assert types == {"menqing", "jiahu", "zimo", "bao"}


def test_CC_1_3_across_a_batch_audit_and_its_parquet_rows(tmp_path: Path) -> None:
    """The batch audit's reduce step (``session_flags``) flags E3 as hand 2 of E1's sitting
    (seat 1 deals after seat 2's win, CC-1.3) from the Parquet stubs; the audits rows keep the
    win's fan ids and the settlements the payments with their kind."""
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    from schemas.audit import audit_record
    from store.batch import session_flags
    from store.parquet import PartRows

    part = PartRows(0, "test")
    for n, name in enumerate(("e1", "e3"), start=1):
        rec = changchun(name)
        rec["session"] = {"id": "cc-batch", "hand_no": n}
        part.add(audit_record(rec), rec, orjson.dumps(rec))
    flags = session_flags([part.stub_table()])
    ((_, flagged),) = flags.items()
    assert list(flagged) == [1]  # the second row: E3
    assert (flagged[1]["code"], flagged[1]["rule"]) == ("dealer_not_next", "CC-1.3")
    part.write(tmp_path)
    audits = pq.read_table(next(tmp_path.glob("audits/game=changchun/**/*.parquet"))).to_pylist()
    assert sorted(a["hands"] for a in audits) == [["menqing", "jiahu", "zimo", "bao"], ["pinghu"]]
    settlements = pq.read_table(next(tmp_path.glob("settlements/game=changchun/**/*.parquet"))).to_pylist()
    e1_seat3 = next(s for s in settlements if s["hand_id"] == "cc-e1" and s["seat"] == 3)
    assert e1_seat3["delta"] == -2 and [p["kind"] for p in json.loads(e1_seat3["receipt"])] == ["win"]
