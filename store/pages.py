"""What the dashboards' pages read, as SQL over the DuckDB store (so ``dashboards/`` holds no SQL).

Aggregation happens in DuckDB (JSON fields are unpacked there too), so a page on a database of
100,000 hands moves a few hundred rows into Python, not the hands. Every function takes the
filters the pages offer and returns plain dicts and lists. The pages reach it through
``dashboards.data``, which re-exports it under its old name.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from store import rollups
from store.db import Store
from store.habits import HabitFilters, player_game, player_habits

#: the day a hand was played in its own offset (the record's text), as the pages show its time;
#: the UTC day only when the text is not an ISO date (``seat_rows`` and ``mistake_rows`` hold it
#: as ``day``, written by ``store.page_rows``)
LOCAL_DAY = "coalesce(TRY_CAST(substr(played_at_text, 1, 10) AS DATE), CAST(h.played_at AS DATE))"

#: every hand with what the audits page shows of it (``disputed_rows`` holds the disputed ones)
DISPUTED_JOIN = (
    "(SELECT h.*, a.first_illegal, a.differences, h.n_events - 1 AS last_event"
    " FROM hands h JOIN audits a USING (source, hand_id)) h"
)

#: the explorer's sort orders, as SQL over ``mistake_rows m`` (whitelisted: the query string
#: only picks a key)
SORTS = {
    "date": "m.played_at DESC NULLS LAST",
    "cost": "m.cost DESC NULLS LAST, m.played_at DESC NULLS LAST",
    "type": "m.type, m.played_at DESC NULLS LAST",
    "severity": (
        "CASE m.severity WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END, m.played_at DESC NULLS LAST"
    ),
}


@dataclass(frozen=True)
class MistakeQuery:
    """The explorer's own choices beside the shared filters: which findings, which page."""

    type: str | None = None
    player: str | None = None
    severity: str | None = None
    sort: str = "date"
    page: int = 1
    per_page: int = 50
    show_low: bool = False  # low-severity 牌效率 findings are collapsed unless asked for

    @property
    def offset(self) -> int:
        return (self.page - 1) * self.per_page


@dataclass(frozen=True)
class Filters(HabitFilters):
    """The filters every page shares: the habits' date range, preset and session, plus a source."""

    source: str | None = None

    def where(self, alias: str = "h") -> tuple[str, list[Any]]:
        clause, params = super().where(alias)
        if self.source:
            return f"{clause} AND {alias}.source = ?", [*params, self.source]
        return clause, params

    def habits(self) -> HabitFilters:
        return HabitFilters(self.since, self.until, self.preset, self.session, self.game)


def _rows(cur: Any, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
    result = cur.execute(sql, list(params))
    names = [d[0] for d in result.description]
    return [dict(zip(names, row, strict=True)) for row in result.fetchall()]


def _summary(counts: Sequence[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """Findings per type, most first, from counts per (type, collapsed or not): a type's cost is
    None when none of its findings has one, as SQL's ``sum``."""
    by_type: dict[Any, list[Any]] = {}
    for kind, _, n, cost in counts:
        entry = by_type.setdefault(kind, [0, None])
        entry[0] += n
        if cost is not None:
            entry[1] = cost if entry[1] is None else entry[1] + cost
    rows = [{"type": kind, "n": n, "cost": cost} for kind, (n, cost) in by_type.items()]
    return sorted(rows, key=lambda r: -r["n"])


class StoreData:
    """The dashboards' window on the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ one hand
    def hand(self, source: str, hand_id: str) -> tuple[Any, dict[str, Any] | None] | None:
        with self.store.read() as cur:
            row = cur.execute(
                "SELECT h.record, a.audit FROM hands h LEFT JOIN audits a USING (source, hand_id)"
                " WHERE h.source = ? AND h.hand_id = ?",
                [source, hand_id],
            ).fetchone()
        if row is None:
            return None
        return json.loads(row[0]), (json.loads(row[1]) if row[1] else None)

    # ------------------------------------------------------------------ overview and audits
    def overview(self, f: Filters) -> dict[str, Any]:
        where, params = f.where()
        with self.store.read() as cur:
            days = rollups.where(cur, f, "h", session=True)
            players_at = rollups.where(cur, f, "h")
            types_at = rollups.where(cur, f, "h")
            if days is not None:  # the day counts (store.rollups): their size, not the hands'
                status, totals, per_day, by_game = self._hand_days(cur, *days)
            else:
                status, totals, per_day, by_game = self._hand_scan(cur, where, params)
            if players_at is not None:
                seats, seat_params = "player_days", players_at[1]
                seat_where, hands, wins = players_at[0], "sum(h.hands)", "sum(h.wins)"
            else:
                seats, seat_where, seat_params = "seat_rows", where, params
                hands, wins = "count(*)", "sum(CASE WHEN h.won THEN 1 ELSE 0 END)"
            players = _rows(
                cur, f"SELECT count(DISTINCT h.player_id) AS n FROM {seats} h WHERE {seat_where}", seat_params
            )[0]["n"]
            if types_at is not None:
                types = _rows(  # a Wuhan hand's computed types, each Sichuan win's hand
                    cur,
                    f"SELECT hand_type, sum(n) AS n FROM won_type_days h WHERE {types_at[0]}"
                    " GROUP BY 1 HAVING sum(n) > 0 ORDER BY 2 DESC",
                    types_at[1],
                )
            else:
                types = _rows(
                    cur,
                    f"SELECT hand_type, count(*) AS n FROM won_types h WHERE {where}"
                    " GROUP BY 1 ORDER BY 2 DESC",
                    params,
                )
            rejects = cur.execute("SELECT count(*) FROM rejects").fetchone()
            conflicts = cur.execute("SELECT count(*) FROM conflicts WHERE NOT resolved").fetchone()
            top = _rows(  # per player and game first: a list per player of its games, not its seats
                cur,
                "SELECT player_id, any_value(name) AS name, sum(hands) AS hands, sum(wins) AS wins,"
                " list(game ORDER BY game DESC) AS games FROM ("
                f" SELECT h.player_id, h.game, any_value(h.name) AS name, {hands} AS hands, {wins} AS wins"
                f" FROM {seats} h WHERE {seat_where} GROUP BY 1, 2)"
                " GROUP BY 1 ORDER BY hands DESC, 1 LIMIT 12",
                seat_params,
            )
        return {
            "status": status,
            "totals": {**totals, "players": players},
            "per_day": per_day,
            "hand_types": types,
            "rejects": rejects[0] if rejects else 0,
            "conflicts": conflicts[0] if conflicts else 0,
            "top_players": top,
            "by_game": by_game,
            "disputed": self.disputed(f, limit=10),
        }

    @staticmethod
    def _statuses(cur: Any, where: str, params: list[Any]) -> dict[str, int]:
        """Hands by verdict from ``hand_days`` (a verdict without hands is left out, as a
        ``GROUP BY status`` would)."""
        sums = ", ".join(f"coalesce(sum(h.{s}), 0) AS {s}" for s in rollups.STATUSES)
        found = _rows(cur, f"SELECT {sums} FROM hand_days h WHERE {where}", params)[0]
        return {s: n for s, n in found.items() if n}

    def _hand_days(self, cur: Any, where: str, params: list[Any]) -> tuple[Any, ...]:
        """The overview's hand figures from ``hand_days`` (the same as ``_hand_scan``'s): the
        verdicts, totals and games in one pass (each game, and all of them)."""
        statuses = ", ".join(f"sum(h.{s}) AS {s}" for s in rollups.STATUSES)
        grouped = _rows(
            cur,
            f"SELECT h.game, GROUPING(h.game) AS every, sum(h.hands) AS hands, {statuses},"
            " count(DISTINCT h.session_id) AS sessions, min(h.first) AS first, max(h.last) AS last"
            f" FROM hand_days h WHERE {where} GROUP BY GROUPING SETS ((h.game), ())"
            " ORDER BY every, hands DESC, h.game",
            params,
        )
        whole = next((r for r in grouped if r["every"]), {})
        status = {s: whole[s] for s in rollups.STATUSES if whole.get(s)}
        totals = {
            "hands": whole.get("hands") or 0,
            "sessions": whole.get("sessions") or 0,
            "first": whole.get("first"),
            "last": whole.get("last"),
        }
        by_game = [
            {k: r[k] for k in ("game", "hands", "ok", "mismatch", "illegal", "sessions")}
            for r in grouped
            if not r["every"]
        ]
        per_day = _rows(
            cur,
            "SELECT day, status, n FROM ("
            f" SELECT h.local_day AS day, {', '.join(f'sum(h.{s}) AS {s}' for s in rollups.STATUSES)}"
            f" FROM hand_days h WHERE {where} AND h.day IS NOT NULL GROUP BY 1)"
            f" UNPIVOT (n FOR status IN ({', '.join(rollups.STATUSES)})) WHERE n > 0 ORDER BY 1",
            params,
        )
        return status, totals, per_day, by_game

    @staticmethod
    def _hand_scan(cur: Any, where: str, params: list[Any]) -> tuple[Any, ...]:
        """The overview's hand figures from ``hands`` itself: filters the day counts cannot
        answer (a date whose midnight is not UTC's in this connection)."""
        status = _rows(cur, f"SELECT status, count(*) AS n FROM hands h WHERE {where} GROUP BY 1", params)
        totals = _rows(
            cur,
            "SELECT count(*) AS hands, count(DISTINCT session_id) AS sessions,"
            f" min(played_at) AS first, max(played_at) AS last FROM hands h WHERE {where}",
            params,
        )[0]
        per_day = _rows(
            cur,
            f"SELECT {LOCAL_DAY} AS day, status, count(*) AS n FROM hands h WHERE {where}"
            " AND played_at IS NOT NULL GROUP BY ALL ORDER BY 1",
            params,
        )
        by_game = _rows(
            cur,
            "SELECT h.game, count(*) AS hands,"
            " count(*) FILTER (WHERE h.status = 'ok') AS ok,"
            " count(*) FILTER (WHERE h.status = 'mismatch') AS mismatch,"
            " count(*) FILTER (WHERE h.status = 'illegal') AS illegal,"
            " count(DISTINCT h.session_id) AS sessions"
            f" FROM hands h WHERE {where} GROUP BY 1 ORDER BY 2 DESC, 1",
            params,
        )
        return {r["status"]: r["n"] for r in status}, totals, per_day, by_game

    def audit_counts(self, f: Filters) -> dict[str, Any]:
        """What the audits page shows beside its list: hands by verdict, and invalid uploads."""
        with self.store.read() as cur:
            days = rollups.where(cur, f, "h", session=True)
            if days is not None:
                status = self._statuses(cur, *days)
            else:
                where, params = f.where()
                sql = f"SELECT status, count(*) AS n FROM hands h WHERE {where} GROUP BY 1"
                rows = _rows(cur, sql, params)
                status = {r["status"]: r["n"] for r in rows}
            rejects = cur.execute("SELECT count(*) FROM rejects").fetchone()
        return {"status": status, "rejects": rejects[0] if rejects else 0}

    def disputed(self, f: Filters, status: str | None = None, limit: int = 200) -> list[dict[str, Any]]:
        where, params = f.where()
        wanted = [status] if status else ["illegal", "mismatch"]
        # the disputed hands are kept apart (store.page_rows); any other verdict joins the audits
        table = "disputed_rows h" if set(wanted) <= {"illegal", "mismatch"} else DISPUTED_JOIN
        with self.store.read() as cur:
            rows = _rows(
                cur,
                "SELECT h.source, h.hand_id, h.played_at_text, h.status, h.first_illegal, h.differences,"
                f" h.last_event FROM {table} WHERE {where}"
                f" AND h.status IN ({', '.join('?' for _ in wanted)})"
                " ORDER BY h.played_at DESC NULLS LAST, h.source, h.hand_id LIMIT ?",
                [*params, *wanted, limit],
            )
        for r in rows:
            r["first_illegal"] = json.loads(r["first_illegal"]) if r["first_illegal"] else None
            r["differences"] = json.loads(r["differences"]) if r["differences"] else []
        return rows

    # ------------------------------------------------------------------ mistakes
    def mistakes(
        self,
        f: Filters,
        q: MistakeQuery | None = None,
        with_types: bool = True,
    ) -> dict[str, Any]:
        """One page of mistakes with the total, the per-type summary and what the filters hid.

        Paging, sorting and counting happen in DuckDB: a store of millions of findings sends
        one page of rows to Python, never the whole list.
        """
        q = q or MistakeQuery()
        where, params = f.where("m")
        extra = ""
        if q.type:
            extra += " AND m.type = ?"
            params.append(q.type)
        if q.player:
            extra += " AND m.player_id = ?"
            params.append(q.player)
        if q.severity:
            extra += " AND m.severity = ?"
            params.append(q.severity)
        base = f" FROM mistake_rows m WHERE {where}{extra}"  # each finding with its player and hand
        quiet = "m.type = 'inefficient_discard' AND m.severity = 'low'"
        everything = q.show_low or q.severity == "low"
        # the list: a player's findings are a few row groups of mistake_rows (player order), any
        # other list the newest row groups of mistake_feed (day order)
        listed = base if q.player else base.replace("mistake_rows", "mistake_feed", 1)
        listed = listed if everything else f"{listed} AND NOT ({quiet})"
        list_params = list(params)
        kinds = ""
        kind_params: list[Any] = []
        for column in ("type", "severity"):
            if getattr(q, column):
                kinds += f" AND m.{column} = ?"
                kind_params.append(getattr(q, column))
        with self.store.read() as cur:
            counted = None if q.player else rollups.where(cur, f, "m")
            if counted is not None and q.sort == "date":
                # the day the page's oldest row is on, from the day counts: the list reads the
                # findings from that day on (a few row groups of mistake_feed), not the range's
                shown_days = kinds if everything else f"{kinds} AND NOT ({quiet})"
                oldest = cur.execute(
                    "SELECT day FROM (SELECT m.day, sum(sum(m.n)) OVER (ORDER BY m.day DESC) AS upto"
                    f" FROM mistake_days m WHERE {counted[0]}{shown_days} AND m.day IS NOT NULL GROUP BY 1)"
                    " WHERE upto >= ? ORDER BY day DESC LIMIT 1",
                    [*counted[1], *kind_params, q.offset + q.per_page],
                ).fetchall()
                if oldest:
                    listed += " AND m.played_at >= timezone('UTC', CAST(CAST(? AS DATE) AS TIMESTAMP))"
                    list_params.append(oldest[0][0])
            rows = _rows(
                cur,
                "SELECT m.source, m.hand_id, m.played_at_text, m.type, m.seat, m.player_id, m.name, m.idx,"
                f" m.severity, m.cost, m.message, m.preset{listed}"
                f" ORDER BY {SORTS[q.sort]}, m.source, m.hand_id, m.idx, m.type, m.seat LIMIT ? OFFSET ?",
                [*list_params, q.per_page, q.offset],
            )
            # one scan for the total, the collapsed low findings and the per-type summary
            if counted is not None:  # the day counts (store.rollups), not every finding
                counts = cur.execute(
                    f"SELECT m.type, {quiet} AS quiet, sum(m.n),"
                    " CASE WHEN sum(m.costed) > 0 THEN sum(m.cost) END"
                    f" FROM mistake_days m WHERE {counted[0]}{kinds} GROUP BY 1, 2 HAVING sum(m.n) > 0",
                    [*counted[1], *kind_params],
                ).fetchall()
            else:
                counts = cur.execute(
                    f"SELECT m.type, {quiet} AS quiet, count(*), sum(m.cost){base} GROUP BY 1, 2", params
                ).fetchall()
            total = sum(n for _, low, n, _ in counts if everything or low is False)
            hidden = 0 if everything else sum(n for _, low, n, _ in counts if low is True)
            summary = _summary(counts)
            types = (
                [  # every type found (the day counts hold each with its findings)
                    r[0]
                    for r in cur.execute(
                        "SELECT type FROM mistake_days GROUP BY 1 HAVING sum(n) > 0 ORDER BY 1"
                    ).fetchall()
                ]
                if with_types
                else []
            )
        return {
            "rows": rows,
            "total": total,
            "hidden_low": hidden,
            "summary": summary,
            "types": types,
        }

    # ------------------------------------------------------------------ players
    def players(self, f: Filters, limit: int = 500) -> list[dict[str, Any]]:
        """One row per player and game: a Wuhan hand's points and a Sichuan hand's coins do not add."""
        where, params = f.where()
        with self.store.read() as cur:
            return _rows(
                cur,
                "SELECT player_id, any_value(name) AS name, game, count(*) AS hands,"
                " avg(CAST(won AS INT)) FILTER (WHERE delta IS NOT NULL) AS win_rate,"  # over settled hands
                " avg(delta) AS avg_points, sum(delta) AS points"
                f" FROM player_hands h WHERE {where} GROUP BY player_id, game"
                " ORDER BY hands DESC, 1, game DESC LIMIT ?",
                [*params, limit],
            )

    def player(self, player_id: str, f: Filters, scope: str | None = None) -> dict[str, Any]:
        """The habit figures (``store.habits``), the series the charts draw, the mistakes list:
        all of one game (the filter's, else the game the player sat in most).

        ``scope``: a club's sign-in; the player's figures are that club's hands only (the
        population's stay aggregate), as ``f.source`` is for the series and the mistakes.
        """
        with self.store.read() as cur:
            game = player_game(cur, player_id, f.habits())
            games = [
                r[0]
                for r in cur.execute(
                    "SELECT game FROM player_hands WHERE player_id = ? AND (? IS NULL OR source = ?)"
                    " GROUP BY 1 ORDER BY count(*) DESC, 1 DESC",
                    [player_id, scope, scope],
                ).fetchall()
            ]
        f = replace(f, game=game)
        where, params = f.where()
        with self.store.read() as cur:
            habits = player_habits(cur, player_id, f.habits(), scope)
            name = cur.execute(
                "SELECT any_value(name) FROM seat_rows WHERE player_id = ? AND (? IS NULL OR source = ?)",
                [player_id, scope, scope],
            ).fetchone()
            points = _rows(
                cur,
                "SELECT day, hands, points, sum(points) OVER (ORDER BY day) AS cumulative FROM ("
                " SELECT h.day, count(*) AS hands,"
                " CAST(sum(delta) AS BIGINT) AS points"
                f" FROM seat_rows h WHERE player_id = ? AND {where}"
                " AND delta IS NOT NULL GROUP BY 1)"
                " ORDER BY day",
                [player_id, *params],
            )
            weekly = _rows(
                cur,
                "WITH n AS (SELECT date_trunc('week', h.day) AS week, count(*) AS hands"
                f" FROM seat_rows h WHERE player_id = ? AND {where} AND h.played_at IS NOT NULL GROUP BY 1)"
                " SELECT date_trunc('week', h.day) AS week, h.type, count(*) AS n,"
                " any_value(n.hands) AS hands"
                f" FROM mistake_rows h JOIN n ON n.week = date_trunc('week', h.day)"
                f" WHERE h.player_id = ? AND {where} AND h.played_at IS NOT NULL GROUP BY ALL ORDER BY 1, 2",
                [player_id, *params, player_id, *params],
            )
            weeks = _rows(
                cur,
                "SELECT date_trunc('week', h.day) AS week, count(*) AS hands"
                f" FROM seat_rows h WHERE player_id = ? AND {where}"
                " AND h.played_at IS NOT NULL GROUP BY 1 ORDER BY 1",
                [player_id, *params],
            )
        figures = {x["key"]: x for x in habits["figures"]}
        return {
            "player_id": player_id,
            "game": game,
            "games": games,
            "name": (name[0] if name and name[0] else player_id),
            "habits": habits,
            "figures": figures,
            "points": points,
            "won_types": [{"hand_type": r["hand_type"], "n": r["player"]} for r in habits["hand_types_won"]],
            "mistakes_weekly": weekly,
            "weeks": weeks,
            "mistakes": self.mistakes(f, MistakeQuery(player=player_id, per_page=20), with_types=False),
        }
