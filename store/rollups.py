"""Per-day rollups (issue #15 item 6): the overview and the filtered explorer read counts, not rows.

At a million hands the page tables (``store.page_rows``) still hold a row per seat, finding and
hand type won, and the overview, the audits counts and a date-filtered mistakes page scanned
them whole: their cost grew with the database. Migration 5 (``m0005_day_rollups``) adds four
tables of counts per UTC day and the pages' filter columns:

- ``hand_days``: hands per (UTC day, local day, game, preset, source, session), by verdict, with
  the first and last time played — the overview's totals, verdicts, per-day chart and games,
  the audits page's counts;
- ``player_days``: seats and wins per (player, name, UTC day, game, preset, source) — the
  overview's player count and top players;
- ``won_type_days``: hand types won per (UTC day, game, preset, source, type) — its chart;
- ``mistake_days``: findings and their cost per (UTC day, game, preset, source, type,
  severity) — the explorer's total, summary and hidden count when no player or session is
  asked for.

Their size follows the days, sessions and players, not the hands (``hand_days``, keyed by
session, is the largest: one row per sitting and day). A page filters them by the UTC day,
which equals its ``played_at`` date filter whenever the connection's time zone puts a date's
midnight at UTC midnight (``aligned``); otherwise, and for the filters a table does not keep
(a session, a player), the page reads the page tables as before.

How they are kept:

- **ingest** (``add``, from the batch's own rows) appends the batch's counts: a table is a
  *sum* of partial rows, and every reader sums. ``fold`` re-aggregates a table once its rows
  have doubled since the last fold, so it stays about the size of its keys;
- **re-audit** (``redo``) deletes the rows of every key the rewritten hands touch (by the
  columns a verdict cannot change: day, game, preset, source …) and aggregates those keys
  again from the page tables as rebuilt, so a re-audit leaves them exact whatever they held;
- ``FROM_SCRATCH`` is each table aggregated from the page tables (the migration fills an
  existing database this way); the tests check every path leaves the same sums.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

import duckdb

from store.page_rows import LOCAL_DAY

#: the UTC date of a row's ``played_at``: the day a rollup counts it under
UTC_DAY = "CAST(timezone('UTC', {a}.played_at) AS DATE)"
#: every verdict a hand can be stored with; ``error`` (the engine failed on it) since migration 6
STATUSES = ("ok", "mismatch", "illegal", "invalid", "error")


@dataclass(frozen=True)
class Rollup:
    """One rollup: its key columns, its additive and min/max measures, the key columns a
    re-audit cannot change (``scope``, read from the hands), and its derivation over the tables
    named ``{hands}``, ``{seat_rows}``, ``{mistake_rows}``, ``{won_types}``."""

    name: str
    keys: tuple[str, ...]
    sums: tuple[str, ...]
    lows: tuple[str, ...]
    highs: tuple[str, ...]
    scope: tuple[str, ...]
    #: the page table whose rows carry the scope (re-aggregated for the scope on a re-audit)
    over: str
    sql: str

    @property
    def columns(self) -> tuple[str, ...]:
        return (*self.keys, *self.sums, *self.lows, *self.highs)

    def folded(self, source: str) -> str:
        """The rows of ``source`` (this table's shape) summed per key; keys summing to nothing
        dropped (a finding type a re-audit no longer finds)."""
        keys = ", ".join(self.keys)
        measures = [f"sum({c}) AS {c}" for c in self.sums]
        measures += [f"min({c}) AS {c}" for c in self.lows] + [f"max({c}) AS {c}" for c in self.highs]
        return (
            f"SELECT {keys}, {', '.join(measures)} FROM {source} GROUP BY ALL HAVING sum({self.sums[0]}) <> 0"
        )


HAND_DAYS = Rollup(
    name="hand_days",
    keys=("day", "local_day", "game", "preset", "source", "session_id"),
    sums=("hands", *STATUSES),
    lows=("first",),
    highs=("last",),
    scope=("day", "local_day", "game", "preset", "source", "session_id"),
    over="hands",
    sql=f"""
SELECT {UTC_DAY.format(a="h")} AS day, {LOCAL_DAY} AS local_day, h.game, h.preset, h.source, h.session_id,
       count(*) AS hands,
       {", ".join(f"count(*) FILTER (WHERE h.status = '{s}') AS {s}" for s in STATUSES)},
       min(h.played_at) AS first, max(h.played_at) AS last
FROM {{hands}} h GROUP BY ALL
""",
)

PLAYER_DAYS = Rollup(
    name="player_days",
    keys=("player_id", "name", "day", "game", "preset", "source"),
    sums=("hands", "wins"),
    lows=(),
    highs=(),
    scope=("day", "game", "preset", "source"),
    over="seat_rows",
    sql=f"""
SELECT h.player_id, h.name, {UTC_DAY.format(a="h")} AS day, h.game, h.preset, h.source,
       count(*) AS hands, count(*) FILTER (WHERE h.won) AS wins
FROM {{seat_rows}} h GROUP BY ALL
""",
)

WON_TYPE_DAYS = Rollup(
    name="won_type_days",
    keys=("day", "game", "preset", "source", "hand_type"),
    sums=("n",),
    lows=(),
    highs=(),
    scope=("day", "game", "preset", "source"),
    over="won_types",
    sql=f"""
SELECT {UTC_DAY.format(a="h")} AS day, h.game, h.preset, h.source, h.hand_type, count(*) AS n
FROM {{won_types}} h GROUP BY ALL
""",
)

MISTAKE_DAYS = Rollup(
    name="mistake_days",
    keys=("day", "game", "preset", "source", "type", "severity"),
    sums=("n", "costed", "cost"),
    lows=(),
    highs=(),
    scope=("day", "game", "preset", "source"),
    over="mistake_rows",
    sql=f"""
SELECT {UTC_DAY.format(a="m")} AS day, m.game, m.preset, m.source, m.type, m.severity,
       count(*) AS n, count(m.cost) AS costed, sum(m.cost) AS cost
FROM {{mistake_rows}} m GROUP BY ALL
""",
)

ROLLUPS = (HAND_DAYS, PLAYER_DAYS, WON_TYPE_DAYS, MISTAKE_DAYS)
TABLES = tuple(r.name for r in ROLLUPS)
PAGE_TABLES = {name: name for name in ("hands", "seat_rows", "mistake_rows", "won_types")}
#: each table as aggregated from the whole store (the page tables and ``hands``)
FROM_SCRATCH = {r.name: r.sql.format(**PAGE_TABLES) for r in ROLLUPS}


def add(con: duckdb.DuckDBPyConnection, names: Mapping[str, str]) -> None:
    """Append the counts of the rows under ``names`` (a batch's hands and page rows, as
    relations): the batch's part of each sum; ``fold`` when a table has doubled."""
    for r in ROLLUPS:
        con.execute(f"INSERT INTO {r.name} BY NAME {r.sql.format(**names)}").fetchall()
    fold(con)


def fold(con: duckdb.DuckDBPyConnection, *, force: bool = False) -> list[str]:
    """Re-aggregate each table whose rows have doubled since its last fold (and passed a few
    thousand), or every table with ``force``; returns those folded. The tables are small (days ×
    keys), so this is a short step inside the write that made it due."""
    done = []
    for r in ROLLUPS:
        rows, last = con.execute(
            f"SELECT (SELECT count(*) FROM {r.name}), (SELECT sorted_rows FROM page_layout WHERE name = ?)",
            [r.name],
        ).fetchall()[0]
        if not force and (rows < 5000 or rows <= 2 * int(last or 0)):
            continue
        con.execute(f"CREATE TEMP TABLE _folded AS {r.folded(r.name)}").fetchall()
        try:
            con.execute(f"DELETE FROM {r.name}").fetchall()
            con.execute(f"INSERT INTO {r.name} BY NAME SELECT * FROM _folded").fetchall()
            count = con.execute("SELECT count(*) FROM _folded").fetchall()[0][0]
        finally:
            con.execute("DROP TABLE _folded").fetchall()
        con.execute("DELETE FROM page_layout WHERE name = ?", [r.name]).fetchall()
        con.execute("INSERT INTO page_layout VALUES (?, ?)", [r.name, count]).fetchall()
        done.append(r.name)
    return done


def redo(con: duckdb.DuckDBPyConnection, keys: str) -> None:
    """After a re-audit rewrote the hands in the relation ``keys`` (source, hand_id) and their
    page rows: every rollup key those hands fall under (by the columns a verdict cannot change,
    read from the hands) is deleted and aggregated again from the page tables as they are now,
    whatever the rollups held for it."""
    for r in ROLLUPS:
        picked = ", ".join(f"{_expr(c, 'h')} AS {c}" for c in r.scope)
        con.execute(
            f"CREATE TEMP TABLE _scope AS SELECT DISTINCT {picked} FROM hands h"
            f" SEMI JOIN {keys} k ON h.source = k.source AND h.hand_id = k.hand_id"
        ).fetchall()
        try:
            on = " AND ".join(f"t.{c} IS NOT DISTINCT FROM s.{c}" for c in r.scope)
            con.execute(f"DELETE FROM {r.name} t USING _scope s WHERE {on}").fetchall()
            match = " AND ".join(f"{_expr(c, 'x')} IS NOT DISTINCT FROM s.{c}" for c in r.scope)
            names = dict(PAGE_TABLES)
            names[r.over] = f"(SELECT x.* FROM {r.over} x SEMI JOIN _scope s ON {match})"
            con.execute(f"INSERT INTO {r.name} BY NAME {r.sql.format(**names)}").fetchall()
        finally:
            con.execute("DROP TABLE _scope").fetchall()


def _expr(column: str, alias: str) -> str:
    """A scope column as read from a row of ``hands`` or a page table (``alias``)."""
    if column == "day":
        return UTC_DAY.format(a=alias)
    if column == "local_day":
        return LOCAL_DAY.replace("h.", f"{alias}.")
    return f"{alias}.{column}"


# ---------------------------------------------------------------------------------------- reading
def aligned(cur: duckdb.DuckDBPyConnection, *days: date | None) -> bool:
    """Whether each date's midnight, as the connection reads a date filter on ``played_at``, is
    a UTC midnight: then ``day >= since`` is exactly ``played_at >= since``."""
    wanted = [d for d in days if d is not None]
    if not wanted:
        return True
    row = cur.execute(
        "SELECT bool_and(epoch(CAST(d AS TIMESTAMPTZ)) % 86400 = 0) FROM unnest(?::DATE[]) t(d)", [wanted]
    ).fetchall()
    return bool(row[0][0])


def where(
    cur: duckdb.DuckDBPyConnection,
    filters: Any,
    alias: str,
    *,
    session: bool = False,
) -> tuple[str, list[Any]] | None:
    """The page filters as a condition on a rollup (``alias``), or None when the rollup cannot
    answer them: a session filter on a table without sessions, or a date whose midnight is not
    UTC's in this connection."""
    if getattr(filters, "session", None) and not session:
        return None
    since, until = filters.since, filters.until
    if not aligned(cur, since, until):
        return None
    clauses: list[str] = []
    params: list[Any] = []
    for column in ("game", "preset", "session", "source"):
        value = getattr(filters, column, None)
        if value:
            clauses.append(f"{alias}.{'session_id' if column == 'session' else column} = ?")
            params.append(value)
    if since:
        clauses.append(f"{alias}.day >= ?")
        params.append(since)
    if until:
        clauses.append(f"{alias}.day <= ?")
        params.append(until)
    return " AND ".join(clauses) or "TRUE", params
