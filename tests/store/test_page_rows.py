"""The pages' tables (``store.page_rows``) equal the joins they stand for, however the store got there.

Ingest writes them batch by batch from the batch's rows, a re-audit rebuilds them for the hands it
rewrote, and migration 4 fills them for a database written before it: each path must leave
exactly the rows ``FROM_SCRATCH`` builds from the base tables.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

import store.db as db
from replay.games import GAMES
from replay.games.wuhan.simulate import simulate
from replay.inputs import Item, decode_ndjson
from store import commit as commit_module
from store import ingest as ingest_module
from store import page_rows, rollups
from store.db import Store
from store.ingest import ingest
from store.migrations import all_migrations
from store.page_rows import FROM_SCRATCH, TABLES
from store.reaudit import reaudit
from store.rollups import FROM_SCRATCH as ROLLUP_SCRATCH
from store.rollups import ROLLUPS


def _lines(records: list[dict[str, Any]]) -> bytes:
    return b"\n".join(json.dumps(r, ensure_ascii=False).encode() for r in records)


@functools.cache
def records() -> tuple[bytes, ...]:
    """Batches: Wuhan and Sichuan hands, a misreported settlement, an illegal discard, an invalid
    record, then the same hands again (duplicates) and one changed under a stored id (a conflict)."""
    wuhan = list(simulate(16, 5))
    sichuan = list(GAMES["sichuan"].simulate(10, 5, "xuezhan"))
    wuhan[3] = {
        **wuhan[3],
        "result": {
            **wuhan[3]["result"],
            "deltas": [d + (1 - 2 * (i % 2)) for i, d in enumerate(wuhan[3]["result"]["deltas"])],
        },
    }
    events = [dict(e) for e in wuhan[5]["events"]]
    first_discard = next(i for i, e in enumerate(events) if e["type"] == "discard")
    events[first_discard]["tile"] = "9s" if events[first_discard]["tile"] != "9s" else "1m"
    wuhan[5] = {**wuhan[5], "events": events}
    invalid = {**wuhan[0], "hand_id": "broken", "dealer": 7}
    conflict = {**sichuan[2], "played_at": "2026-01-01T00:00:00+08:00"}
    return (
        _lines(wuhan[:8]),
        _lines([*wuhan[8:], *sichuan, invalid]),
        _lines([*wuhan[:4], conflict]),
    )


def fill(store: Store) -> None:
    for batch in records():
        ingest(store, decode_ndjson(batch))


def rows(cur: Any, sql: str) -> list[tuple[Any, ...]]:
    return sorted(cur.execute(sql).fetchall(), key=repr)


def summed(cur: Any, rollup: Any, source: str) -> list[tuple[Any, ...]]:
    """A rollup's rows summed per key (its kept rows are partial sums), costs to 9 places (the
    order of a float sum differs between the two)."""
    found = cur.execute(f"SELECT {', '.join(rollup.columns)} FROM ({rollup.folded(source)})").fetchall()
    return sorted((tuple(close(v) for v in row) for row in found), key=repr)


def assert_equal_to_scratch(store: Store) -> None:
    with store.read() as cur:
        for table in TABLES:
            columns = ", ".join(r[0] for r in cur.execute(f"DESCRIBE {table}").fetchall())
            kept = rows(cur, f"SELECT {columns} FROM {table}")
            scratch = rows(cur, f"SELECT {columns} FROM ({FROM_SCRATCH[table]})")
            assert kept == scratch, table
            assert kept, table  # the data reach every table
        for rollup in ROLLUPS:  # the day counts: the same sums as aggregated from the page tables
            kept = summed(cur, rollup, rollup.name)
            assert kept == summed(cur, rollup, f"({ROLLUP_SCRATCH[rollup.name]})"), rollup.name
            assert kept, rollup.name


def test_ingest_keeps_the_page_tables_equal_to_their_joins(tmp_path: Path) -> None:
    with Store(tmp_path / "s.duckdb") as store:
        fill(store)
        with store.read() as cur:
            statuses = {r[0] for r in cur.execute("SELECT DISTINCT status FROM hands").fetchall()}
            games = {r[0] for r in cur.execute("SELECT DISTINCT game FROM seat_rows").fetchall()}
            conflicts = cur.execute("SELECT count(*) FROM conflicts").fetchall()[0][0]
        assert statuses == {"ok", "mismatch", "illegal"}
        assert games == {"wuhan", "sichuan"}
        assert conflicts == 1
        assert_equal_to_scratch(store)


def test_player_hands_reads_the_same_rows_as_the_old_view(tmp_path: Path) -> None:
    old_view = next(m for m in all_migrations() if m.version == 3).statements[-1]
    old_select = old_view.split(" AS\n", 1)[1]
    with Store(tmp_path / "s.duckdb") as store:
        fill(store)
        with store.read() as cur:
            assert rows(cur, "SELECT * FROM player_hands") == rows(cur, old_select)


def test_a_reaudit_rebuilds_the_rows_of_the_hands_it_rewrote(tmp_path: Path) -> None:
    with Store(tmp_path / "s.duckdb") as store:
        fill(store)
        with store.write() as con:  # stale rows everywhere: only the rebuild can set them right
            con.execute("UPDATE seat_rows SET won = NOT won, status = 'illegal'").fetchall()
            con.execute("DELETE FROM mistake_rows WHERE hand_id IN (SELECT hand_id FROM hands LIMIT 5)")
            con.execute("INSERT INTO won_types SELECT * FROM won_types").fetchall()
            con.execute("UPDATE hands SET status = 'ok' WHERE status = 'mismatch'").fetchall()
        report = reaudit(store, chunk=7)
        assert report.audited == 26
        assert_equal_to_scratch(store)


def test_an_old_database_gets_the_tables_filled_by_the_migration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.duckdb"
    before = [m for m in all_migrations() if m.version < 4]
    with monkeypatch.context() as patch:  # the store as the code before migration 4 wrote it
        patch.setattr(db, "all_migrations", lambda: before)
        patch.setattr(commit_module.page_rows, "add_batch", lambda *args, **kwargs: None)
        patch.setattr(ingest_module.page_rows, "compact", lambda *args, **kwargs: [])
        patch.setattr(ingest_module, "refresh_populations", lambda *args, **kwargs: None)
        with Store(path) as store:
            fill(store)
            with store.read() as cur:
                assert cur.execute("SELECT max(version) FROM schema_migrations").fetchall()[0][0] == 3
                old = rows(cur, "SELECT * FROM player_hands")
    with Store(path) as store:
        assert_equal_to_scratch(store)
        with store.read() as cur:
            assert rows(cur, "SELECT * FROM player_hands") == old
        # and they are the rows ingest itself writes
        with Store(tmp_path / "new.duckdb") as fresh:
            fill(fresh)
            for table in TABLES:
                with store.read() as a, fresh.read() as b:
                    assert rows(a, f"SELECT * FROM {table}") == rows(b, f"SELECT * FROM {table}"), table


def test_an_old_database_gets_the_day_counts_filled_by_the_migration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.duckdb"
    before = [m for m in all_migrations() if m.version < 5]
    with monkeypatch.context() as patch:  # the store as the code before migration 5 wrote it
        patch.setattr(db, "all_migrations", lambda: before)
        patch.setattr(rollups, "add", lambda *args, **kwargs: None)
        patch.setattr(rollups, "redo", lambda *args, **kwargs: None)
        older = {t: sql for t, sql in page_rows.DERIVATIONS.items() if t != "mistake_feed"}
        patch.setattr(page_rows, "DERIVATIONS", older)
        patch.setattr(page_rows, "TABLES", tuple(older))
        patch.setattr(page_rows, "CLUSTERED", {t: c for t, c in page_rows.CLUSTERED.items() if t in older})
        with Store(path) as store:
            fill(store)
            with store.read() as cur:
                assert cur.execute("SELECT max(version) FROM schema_migrations").fetchall()[0][0] == 4
    with Store(path) as store:
        with store.read() as cur:
            latest = max(m.version for m in all_migrations())  # 5, and any after it (6: error)
            assert cur.execute("SELECT max(version) FROM schema_migrations").fetchall()[0][0] == latest
        assert_equal_to_scratch(store)
        # and they are the sums ingest itself keeps
        with Store(tmp_path / "new.duckdb") as fresh:
            fill(fresh)
            for rollup in ROLLUPS:
                with store.read() as a, fresh.read() as b:
                    assert summed(a, rollup, rollup.name) == summed(b, rollup, rollup.name), rollup.name


def test_day_counts_stay_the_sums_of_their_rows_through_folds_and_a_reaudit(tmp_path: Path) -> None:
    with Store(tmp_path / "s.duckdb") as store:
        first = records()[0].split(b"\n")
        for batch in (b"\n".join(first[:4]), b"\n".join(first[4:]), *records()[1:]):
            ingest(store, decode_ndjson(batch))
        with store.read() as cur:  # a batch at a time: partial rows to sum
            partial = [
                cur.execute(f"SELECT count(*) FROM {r.name}").fetchall()[0][0]
                > cur.execute(f"SELECT count(*) FROM ({r.folded(r.name)})").fetchall()[0][0]
                for r in ROLLUPS
            ]
            assert any(partial)
        with store.write() as con:
            assert rollups.fold(con, force=True) == list(rollups.TABLES)
        assert_equal_to_scratch(store)
        with store.read() as cur:  # folded: one row per key
            for rollup in ROLLUPS:
                keys = ", ".join(rollup.keys)
                n, distinct = cur.execute(
                    f"SELECT count(*), count(DISTINCT ({keys})) FROM {rollup.name}"
                ).fetchall()[0]
                assert n == distinct, rollup.name
        with store.write() as con:  # wrong counts everywhere: a re-audit sets every key it touches right
            for rollup in ROLLUPS:
                con.execute(f"UPDATE {rollup.name} SET {rollup.sums[0]} = {rollup.sums[0]} + 7").fetchall()
            con.execute("DELETE FROM mistake_days WHERE type = 'missed_win'").fetchall()
        reaudit(store, chunk=7)
        assert_equal_to_scratch(store)


def test_an_item_list_of_one_invalid_record_adds_no_page_rows(tmp_path: Path) -> None:
    with Store(tmp_path / "s.duckdb") as store:
        ingest(store, [Item({"format": "wuhan-hand/1"}, b'{"format":"wuhan-hand/1"}', "x")])
        with store.read() as cur:
            assert [cur.execute(f"SELECT count(*) FROM {t}").fetchall()[0][0] for t in TABLES] == [0] * len(
                TABLES
            )


def close(value: Any) -> Any:
    """Floats to 9 places: DuckDB's parallel sums (the trend's regression) differ in the last bits
    from one run to the next; the pages show 4."""
    if isinstance(value, float):
        return round(value, 9)
    if isinstance(value, dict):
        return {k: close(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [close(v) for v in value]
    return value


def test_each_ingest_stores_the_population_figures_the_pages_would_compute(tmp_path: Path) -> None:
    from store import habits
    from store.habits import HabitFilters, _compute_population, _population
    from store.ingest import ingest_stream

    with Store(tmp_path / "s.duckdb") as store:
        batches = [decode_ndjson(b) for b in records()]
        ingest_stream(store, batches[:2])
        with store.read() as cur:
            stored = cur.execute("SELECT game, state FROM population_cache ORDER BY 1").fetchall()
            assert [g for g, _ in stored] == ["sichuan", "wuhan"]
            assert {s for _, s in stored} == {habits._state(cur)}
            for game in ("wuhan", "sichuan"):
                habits._POPULATION.clear()
                f = HabitFilters(game=game)
                assert close(_population(cur, f)) == close(_compute_population(cur, f))
            before = _compute_population(cur, HabitFilters(game="wuhan"))
        # one more hand through a single upload (no refresh): the stored figures are stale, not used
        ingest(store, decode_ndjson(_lines(list(simulate(3, 99)))))
        with store.read() as cur:
            habits._POPULATION.clear()
            now = _population(cur, HabitFilters(game="wuhan"))
            assert close(now) == close(_compute_population(cur, HabitFilters(game="wuhan")))
            assert now[0]["hands"] == before[0]["hands"] + 12
        reaudit(store)
        with store.read() as cur:
            assert {r[0] for r in cur.execute("SELECT state FROM population_cache").fetchall()} == {
                habits._state(cur)
            }


def test_compact_puts_the_player_tables_in_player_order_and_keeps_their_rows(tmp_path: Path) -> None:
    from store.page_rows import CLUSTERED, compact

    with Store(tmp_path / "s.duckdb") as store:
        fill(store)
        assert compact(store) == []  # a few hands: not worth a sort
        assert compact(store, least=0, share=0.0) == list(CLUSTERED)
        assert_equal_to_scratch(store)
        with store.read() as cur:
            for table, (column, _) in CLUSTERED.items():
                order = [r[0] for r in cur.execute(f"SELECT {column} FROM {table} ORDER BY rowid").fetchall()]
                assert order == sorted(order), table
                total = cur.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0]
                layout = cur.execute("SELECT sorted_rows FROM page_layout WHERE name = ?", [table]).fetchall()
                assert layout == [(total,)]
        assert compact(store, least=0, share=0.0) == []  # nothing added since


def test_compact_a_few_players_at_a_time_leaves_the_same_order_and_rows(tmp_path: Path) -> None:
    from store.page_rows import CLUSTERED, compact

    with Store(tmp_path / "s.duckdb") as store:
        fill(store)
        with store.read() as cur:
            players = cur.execute("SELECT count(DISTINCT player_id) FROM seat_rows").fetchall()[0][0]
        assert players > 3
        # ranges of about 10 rows: a write per few players, every range in order after the last
        assert compact(store, force=True, step=10) == list(CLUSTERED)
        assert_equal_to_scratch(store)
        with store.read() as cur:
            for table, (column, _) in CLUSTERED.items():
                order = [r[0] for r in cur.execute(f"SELECT {column} FROM {table} ORDER BY rowid").fetchall()]
                assert order == sorted(order), table


def test_the_audits_list_reads_the_same_hands_from_disputed_rows_as_from_the_join(tmp_path: Path) -> None:
    from store.pages import DISPUTED_JOIN, Filters, StoreData

    with Store(tmp_path / "s.duckdb") as store:
        fill(store)
        data = StoreData(store)
        for status in (None, "illegal", "mismatch"):
            listed = data.disputed(Filters(), status)
            assert listed
            with store.read() as cur:
                wanted = [status] if status else ["illegal", "mismatch"]
                keys = cur.execute(
                    f"SELECT h.source, h.hand_id FROM {DISPUTED_JOIN} WHERE h.status IN"
                    f" ({', '.join('?' for _ in wanted)}) ORDER BY h.played_at DESC NULLS LAST, 1, 2",
                    wanted,
                ).fetchall()
            assert [(r["source"], r["hand_id"]) for r in listed] == keys
        assert data.disputed(Filters(), "ok")  # another verdict still reads the join


def test_the_explorer_lists_the_same_findings_from_the_feed_and_the_day_counts(tmp_path: Path) -> None:
    from datetime import date

    from store.pages import SORTS, Filters, MistakeQuery, StoreData

    with Store(tmp_path / "s.duckdb") as store:
        fill(store)
        data = StoreData(store)
        with store.read() as cur:
            days = sorted(r[0] for r in cur.execute("SELECT DISTINCT day FROM mistake_rows").fetchall())
            kinds = [
                r[0] for r in cur.execute("SELECT DISTINCT type FROM mistake_rows ORDER BY 1").fetchall()
            ]
        assert len(days) > 1 and kinds
        cases = [
            (Filters(), MistakeQuery(per_page=3, page=2)),
            (Filters(), MistakeQuery(per_page=5, show_low=True)),
            (Filters(game="wuhan", since=days[0], until=days[-1]), MistakeQuery(type=kinds[0], per_page=2)),
            (Filters(since=days[-1]), MistakeQuery(per_page=4, sort="cost")),
            (Filters(until=date(2000, 1, 1)), MistakeQuery()),
            (Filters(session="no-such"), MistakeQuery()),
        ]
        for f, q in cases:
            got = data.mistakes(f, q)
            where, params = f.where("m")
            extra = "".join(f" AND m.{c} = ?" for c in ("type", "severity") if getattr(q, c))
            params += [getattr(q, c) for c in ("type", "severity") if getattr(q, c)]
            quiet = "" if q.show_low else " AND NOT (m.type = 'inefficient_discard' AND m.severity = 'low')"
            with store.read() as cur:
                wanted = cur.execute(
                    "SELECT m.source, m.hand_id, m.idx, m.type, m.seat FROM mistake_rows m"
                    f" WHERE {where}{extra}{quiet} ORDER BY {SORTS[q.sort]},"
                    " m.source, m.hand_id, m.idx, m.type, m.seat LIMIT ? OFFSET ?",
                    [*params, q.per_page, q.offset],
                ).fetchall()
                total = cur.execute(
                    f"SELECT count(*) FROM mistake_rows m WHERE {where}{extra}{quiet}", params
                ).fetchall()[0][0]
            assert [
                (r["source"], r["hand_id"], r["idx"], r["type"], r["seat"]) for r in got["rows"]
            ] == wanted
            assert got["total"] == total


def test_the_pages_show_the_same_figures_from_the_day_counts_as_from_the_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import date

    from store.pages import Filters, MistakeQuery, StoreData

    def summary(found: list[dict[str, Any]]) -> list[Any]:
        return sorted((close(r["type"]), r["n"], close(r["cost"])) for r in found)

    with Store(tmp_path / "s.duckdb") as store:
        fill(store)
        data = StoreData(store)
        with store.read() as cur:
            days = sorted(r[0] for r in cur.execute("SELECT DISTINCT day FROM seat_rows").fetchall())
        filters = [
            Filters(),
            Filters(game="sichuan"),
            Filters(since=days[1], until=days[-1], preset="hzlzg"),
            Filters(source="simulator", until=days[0]),
            Filters(until=date(2000, 1, 1)),
        ]
        queries = [MistakeQuery(), MistakeQuery(show_low=True), MistakeQuery(severity="high")]
        counted = [data.overview(f) for f in filters], [data.audit_counts(f) for f in filters]
        listed = [data.mistakes(f, q) for f in filters for q in queries]
        with monkeypatch.context() as patch:  # every figure from the page tables, as before
            patch.setattr(rollups, "where", lambda *args, **kwargs: None)
            scanned = [data.overview(f) for f in filters], [data.audit_counts(f) for f in filters]
            rows = [data.mistakes(f, q) for f in filters for q in queries]
        assert any(o["totals"]["hands"] for o in counted[0]) and any(
            not o["totals"]["hands"] for o in counted[0]
        )
        for kept, scan in zip(counted[0], scanned[0], strict=True):
            for key in ("status", "totals", "rejects", "conflicts", "by_game", "disputed"):
                assert kept[key] == scan[key], key
            assert sorted(map(repr, kept["per_day"])) == sorted(map(repr, scan["per_day"]))  # by day
            assert [r["day"] for r in kept["per_day"]] == [r["day"] for r in scan["per_day"]]
            assert sorted(map(repr, kept["hand_types"])) == sorted(map(repr, scan["hand_types"]))
            assert kept["top_players"] == scan["top_players"]
        assert counted[1] == scanned[1]
        for kept, scan in zip(listed, rows, strict=True):
            assert kept["rows"] == scan["rows"]
            assert (kept["total"], kept["hidden_low"], kept["types"]) == (
                scan["total"],
                scan["hidden_low"],
                scan["types"],
            )
            assert summary(kept["summary"]) == summary(scan["summary"])


def test_uploads_refresh_the_population_figures_once_they_lag_by_the_stale_share(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from store import habits
    from store.habits import HabitFilters, _compute_population, _population

    monkeypatch.setattr(habits, "STALE_SHARE", 0.4)
    wuhan = HabitFilters(game="wuhan")
    with Store(tmp_path / "s.duckdb") as store:
        fill(store)  # uploads: each one refreshed the figures (a small store lags past 40% at once)
        with store.read() as cur:
            stored = cur.execute("SELECT state FROM population_cache").fetchall()
            assert {s for (s,) in stored} == {habits._state(cur)}
            before = _compute_population(cur, wuhan)
        ingest(store, decode_ndjson(_lines(list(simulate(1, 99)))))  # a few hands: within 40%
        with store.read() as cur:
            assert cur.execute("SELECT state FROM population_cache").fetchall() == stored  # not refreshed
            habits._POPULATION.clear()
            shown = _population(cur, wuhan)  # the stored figures, a few hands behind
            assert close(shown) == close(before)
            assert close(shown) != close(_compute_population(cur, wuhan))
        ingest(store, decode_ndjson(_lines(list(simulate(20, 98)))))  # now past 40%: refreshed
        with store.read() as cur:
            assert {s for (s,) in cur.execute("SELECT state FROM population_cache").fetchall()} == {
                habits._state(cur)
            }
            habits._POPULATION.clear()
            assert close(_population(cur, wuhan)) == close(_compute_population(cur, wuhan))
