"""The pages' own tables: rows joined once, at write time, instead of on every request.

At a million hands every page query that joined ``seats`` (four million rows), ``hands``,
``settlements``, the per-seat facts and ``mistakes`` on their ``(source, hand_id)`` text keys
took seconds, and the overview parsed every audit's JSON for the hand types won. Migration 4
(``m0004_page_tables``) adds three tables holding those joins, written here:

- ``seat_rows``: one row per seat of a stored hand — ``player_hands``' columns (the view now
  reads this table), the record's local day and the seat's facts of each game (Wuhan's
  ``seat_facts``, Sichuan's ``sichuan_seat_facts``; Changsha's ``changsha_seat_facts`` and
  Changchun's ``changchun_seat_facts`` give their wins, self-draws, deal-ins and kongs, and
  their habits join the table for the rest; a 二人 hand's two seats read its one winner and
  feeder from ``hands`` as Wuhan's do, its habits join ``erren_seat_facts``), so a
  player's figures are one table's scan;
- ``mistake_rows``: each finding with its seat's player and its hand's filter columns (game,
  preset, time, session, source), for the explorer and the habits' per-100 figures;
- ``won_types``: one row per hand type won (a Wuhan hand's ``computed.hands``, each Sichuan
  win's hand) with its hand's filter columns, for the overview's chart;
- ``disputed_rows``: the illegal and mismatched hands with what the audits page shows of them
  (a few in a thousand hands), so the list is not a join of every hand with every audit.

``seat_rows`` and ``mistake_rows`` are kept in player order: ``compact`` rewrites them sorted
when the rows appended since the last sort pass a share of the table (and after a re-audit), so
a player's page reads a few row groups instead of scanning every player id.

They are derived rows, never edited by hand: ingest adds those of the hands it stores (from the
batch's own Arrow tables, so the cost is the batch's, not the database's), and a re-audit
deletes and rebuilds those of the hands it rewrote. ``FROM_SCRATCH`` builds all of them from the
base tables (the migration fills an existing database this way); the tests check that the
tables kept at write time equal it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import duckdb
import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.compute as pc  # type: ignore[import-untyped]

from store.db import Store

#: the day the pages show a hand under: its own offset's date (the record's text), else UTC's
LOCAL_DAY = "coalesce(TRY_CAST(substr(h.played_at_text, 1, 10) AS DATE), CAST(h.played_at AS DATE))"

#: the base tables the derivation reads, by the name it reads them under
SOURCES = (
    "hands",
    "seats",
    "settlements",
    "seat_facts",
    "sichuan_seat_facts",
    "changsha_seat_facts",
    "changchun_seat_facts",
    "mistakes",
    "audits",
    "wins",
)
TABLES = ("seat_rows", "mistake_rows", "won_types", "disputed_rows", "mistake_feed")
#: the tables kept in order (``compact``): table -> (the column it is rewritten a range of at a
#: time, its order). ``seat_rows`` and ``mistake_rows`` by player, so a player's rows are a few row
#: groups whose zone maps DuckDB reads instead of every row's player id; ``mistake_feed`` (the
#: same rows as ``mistake_rows``, migration 5) by day, so the explorer's newest findings of a
#: date range are the last few row groups of that range, not a scan of every finding
CLUSTERED = {
    "seat_rows": ("player_id", "player_id, played_at"),
    "mistake_rows": ("player_id", "player_id, played_at"),
    "mistake_feed": ("day", "day, played_at"),
}

SEAT_ROWS = f"""
SELECT
    s.player_id, s.name, h.source, h.hand_id, s.seat, h.played_at,
    {LOCAL_DAY} AS day,
    h.session_id, h.hand_no, h.preset, h.status,
    s.seat = h.dealer AS is_dealer,
    CASE WHEN h.game IN ('wuhan', 'erren') THEN coalesce(s.seat = h.winner, false)
         ELSE coalesce(coalesce(sf.wins, cf.wins, cc.wins) > 0, false) END AS won,
    CASE WHEN h.game IN ('wuhan', 'erren') THEN coalesce(s.seat = h.winner AND h.self_draw, false)
         ELSE coalesce(coalesce(sf.self_draw_wins, cf.self_draw_wins, cc.self_draw_wins) > 0, false)
         END AS won_self_draw,
    CASE WHEN h.game IN ('wuhan', 'erren') THEN coalesce(s.seat = h.feeder, false)
         ELSE coalesce(coalesce(sf.fed, cf.fed, cc.fed) > 0, false) END AS dealt_in,
    st.delta, h.game,
    f.opens, f.first_open_turn,
    f.pizi_received, f.pizi_ganged, f.pizi_discarded, f.pizi_held, f.pizi_turns_to_out,
    f.laizi_received, f.laizi_ganged, f.laizi_discarded, f.laizi_held, f.laizi_turns_to_out,
    f.liable, f.won_from_liable,
    sf.void_suit, sf.void_turns, coalesce(sf.wins, cf.wins, cc.wins) AS wins,
    coalesce(sf.self_draw_wins, cf.self_draw_wins, cc.self_draw_wins) AS self_draw_wins, sf.first_win,
    coalesce(sf.fed, cf.fed, cc.fed) AS fed,
    coalesce(sf.kongs, cf.kai_kongs + cf.bu_kongs, cc.kongs + len(cc.sets)) AS kongs,
    sf.kong_coins, sf.huazhu, sf.tenpai, sf.paid_dajiao, sf.bankrupt, sf.max_multiple, sf.one_suit_wins,
    f.hand_types AS wuhan_hand_types, sf.hand_types AS sichuan_hand_types
FROM {{seats}} s
JOIN {{hands}} h ON h.source = s.source AND h.hand_id = s.hand_id
LEFT JOIN {{settlements}} st ON st.source = s.source AND st.hand_id = s.hand_id AND st.seat = s.seat
LEFT JOIN {{seat_facts}} f ON f.source = s.source AND f.hand_id = s.hand_id AND f.seat = s.seat
LEFT JOIN {{sichuan_seat_facts}} sf ON sf.source = s.source AND sf.hand_id = s.hand_id AND sf.seat = s.seat
LEFT JOIN {{changsha_seat_facts}} cf ON cf.source = s.source AND cf.hand_id = s.hand_id AND cf.seat = s.seat
LEFT JOIN {{changchun_seat_facts}} cc ON cc.source = s.source AND cc.hand_id = s.hand_id AND cc.seat = s.seat
"""

MISTAKE_ROWS = f"""
SELECT
    m.source, m.hand_id, m.type, m.seat, m.idx, m.severity, m.cost, m.message,
    s.player_id, s.name, h.game, h.preset, h.status, h.played_at, h.played_at_text,
    {LOCAL_DAY} AS day,
    h.session_id
FROM {{mistakes}} m
JOIN {{hands}} h ON h.source = m.source AND h.hand_id = m.hand_id
JOIN {{seats}} s ON s.source = m.source AND s.hand_id = m.hand_id AND s.seat = m.seat
"""

WON_TYPES = """
SELECT h.source, h.hand_id, h.game, h.preset, h.played_at, h.session_id, t.hand_type
FROM (
    SELECT a.source, a.hand_id,
           unnest(CAST(json_extract(a.computed, '$.hands') AS VARCHAR[])) AS hand_type
    FROM {audits} a WHERE a.computed IS NOT NULL AND json_type(a.computed, '$.hands') = 'ARRAY'
) t JOIN {hands} h ON h.source = t.source AND h.hand_id = t.hand_id
WHERE h.game = 'wuhan'
UNION ALL
SELECT h.source, h.hand_id, h.game, h.preset, h.played_at, h.session_id,
       unnest(CASE WHEN h.game IN ('changsha', 'changchun', 'erren') THEN string_split(w.hand, '+')
                   ELSE [w.hand] END) AS hand_type
FROM {wins} w JOIN {hands} h ON h.source = w.source AND h.hand_id = w.hand_id
"""

DISPUTED_ROWS = """
SELECT h.source, h.hand_id, h.game, h.preset, h.played_at, h.played_at_text, h.session_id, h.status,
       a.first_illegal, a.differences, h.n_events - 1 AS last_event
FROM {hands} h JOIN {audits} a ON a.source = h.source AND a.hand_id = h.hand_id
WHERE h.status IN ('illegal', 'mismatch')
"""

DERIVATIONS = {
    "seat_rows": SEAT_ROWS,
    "mistake_rows": MISTAKE_ROWS,
    "won_types": WON_TYPES,
    "disputed_rows": DISPUTED_ROWS,
    "mistake_feed": MISTAKE_ROWS,
}
BASE = {name: name for name in SOURCES}
#: each table as built from the whole store: what the migration fills and the tests compare with
FROM_SCRATCH = {table: sql.format(**BASE) for table, sql in DERIVATIONS.items()}


def _insert(con: duckdb.DuckDBPyConnection, names: Mapping[str, str]) -> None:
    for table, sql in DERIVATIONS.items():
        con.execute(f"INSERT INTO {table} BY NAME {sql.format(**names)}").fetchall()


def add_batch(
    con: duckdb.DuckDBPyConnection,
    tables: Mapping[str, pa.Table],
    schemas: Mapping[str, pa.Schema],
    entry: str,
    keep: Sequence[int] | None = None,
) -> None:
    """The page rows of a batch just inserted, from the batch's Arrow tables (``keep``: only the
    rows of those entries, as ``store.rows.insert_tables``)."""
    wanted = pa.array(keep, pa.int32()) if keep is not None else None
    names = {}
    try:
        for table in SOURCES:
            arrow = tables.get(table)
            if arrow is None:
                arrow = schemas[table].empty_table()
            else:
                if wanted is not None:
                    arrow = arrow.filter(pc.is_in(arrow[entry], value_set=wanted))
                arrow = arrow.drop_columns([entry])
            names[table] = f"_page_{table}"
            con.register(names[table], arrow)
        if (
            tables.get("hands") is not None
            and con.execute("SELECT count(*) FROM _page_hands").fetchall()[0][0]
        ):
            _insert(con, names)
            from store import rollups  # it reads this module's LOCAL_DAY

            derived = ("seat_rows", "mistake_rows", "won_types")
            batch = {t: f"({DERIVATIONS[t].format(**names)})" for t in derived}
            rollups.add(con, {"hands": names["hands"], **batch})  # the batch's counts per day
    finally:
        for name in names.values():
            con.unregister(name)


def rebuild(con: duckdb.DuckDBPyConnection, keys: str) -> None:
    """Delete and rebuild the page rows of the hands in the relation ``keys`` (source, hand_id),
    from the base tables as they are now: after a re-audit rewrote their verdicts."""
    for table in TABLES:
        con.execute(
            f"DELETE FROM {table} t USING {keys} k WHERE t.source = k.source AND t.hand_id = k.hand_id"
        ).fetchall()
    semi = "SEMI JOIN {keys} k ON x.source = k.source AND x.hand_id = k.hand_id"
    names = {table: f"(SELECT x.* FROM {table} x {semi.format(keys=keys)})" for table in SOURCES}
    _insert(con, names)
    from store import rollups  # it reads this module's LOCAL_DAY

    rollups.redo(con, keys)  # the day counts of every key these hands fall under, again


def compact(
    store: Store, *, force: bool = False, share: float = 0.2, least: int = 50_000, step: int = 100_000
) -> list[str]:
    """Rewrite the ``CLUSTERED`` tables in order (player, or day) when more than ``share`` of
    their rows (and at least ``least``) were added since the last sort, or always with
    ``force``; returns the tables rewritten. Run after an ingest, an upload and a re-audit: the
    cost (a sort of the table) is paid once per fifth of growth, not per batch.

    The table is rewritten a range of its column at a time (about ``step`` rows), each range one
    short write: its rows sorted, deleted and appended again. Uploads wait for one range at a
    time (0.6 s typical, 2.3 s at most at a million hands on a loaded machine), not for the
    whole sort (51 s there, when it was one statement under the write lock). A range appended
    in order after the ones before it leaves the whole table in order once the last range is
    written; rows other writers add meanwhile land after it, as any new rows do, and count as
    unsorted.
    """
    done = []
    for table, (column, order) in CLUSTERED.items():
        with store.read() as cur:
            rows = cur.execute(
                f"SELECT (SELECT count(*) FROM {table}),"
                " (SELECT sorted_rows FROM page_layout WHERE name = ?)",
                [table],
            ).fetchall()[0]
            total, sorted_rows = int(rows[0]), int(rows[1] or 0)
            added = total - sorted_rows
            if not force and (added < least or added <= share * total):
                continue
            counts = cur.execute(
                f"SELECT {column}, count(*) FROM {table} WHERE {column} IS NOT NULL GROUP BY 1 ORDER BY 1"
            ).fetchall()
        for i, (low, high) in enumerate(_ranges(counts, step)):
            where = f"{column} >= ?" if i else f"({column} IS NULL OR {column} >= ?)"  # every row
            where += f" AND {column} < ?" if high is not None else ""
            bounds = [low] if high is None else [low, high]
            with store.write() as con:
                con.execute(
                    f"CREATE TEMP TABLE _sorted AS SELECT * FROM {table} WHERE {where} ORDER BY {order}",
                    bounds,
                ).fetchall()
                try:
                    con.execute(f"DELETE FROM {table} WHERE {where}", bounds).fetchall()
                    con.execute(f"INSERT INTO {table} SELECT * FROM _sorted").fetchall()
                finally:
                    con.execute("DROP TABLE _sorted").fetchall()
        with store.write() as con:
            con.execute("DELETE FROM page_layout WHERE name = ?", [table]).fetchall()
            con.execute("INSERT INTO page_layout VALUES (?, ?)", [table, total]).fetchall()
        done.append(table)
    return done


def _ranges(counts: Sequence[tuple[Any, int]], step: int) -> list[tuple[Any, Any | None]]:
    """Ranges [low, high) of the column's values of about ``step`` rows each, in order; the
    first also takes everything below it (and the rows without a value), the last is open (values
    first seen while the table is rewritten fall in it)."""
    ranges: list[tuple[Any, Any | None]] = []
    low: Any | None = None
    size = 0
    for value, n in counts:
        if low is None:
            low = value
        elif size + n > step:
            ranges.append((low, value))
            low, size = value, 0
        size += n
    if low is not None:
        ranges.append((low, None))
    return ranges
