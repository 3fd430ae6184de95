"""The reads the HTTP API makes, as SQL over the store (kept here so ``api/`` holds no SQL)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import duckdb
import orjson

from store.db import first


@dataclass(frozen=True)
class HandFilter:
    source: str | None = None
    player: str | None = None
    status: str | None = None
    since: datetime | None = None
    game: str | None = None

    def where(self) -> tuple[str, list[Any]]:
        clauses: list[str] = []
        params: list[Any] = []
        if self.game is not None:
            clauses.append("h.game = ?")
            params.append(self.game)
        if self.source is not None:
            clauses.append("h.source = ?")
            params.append(self.source)
        if self.status is not None:
            clauses.append("h.status = ?")
            params.append(self.status)
        if self.since is not None:
            clauses.append("h.played_at >= ?")
            params.append(self.since)
        if self.player is not None:
            clauses.append(
                "EXISTS (SELECT 1 FROM seats s WHERE s.source = h.source AND s.hand_id = h.hand_id"
                " AND s.player_id = ?)"
            )
            params.append(self.player)
        return " AND ".join(clauses) or "TRUE", params


def list_hands(
    cur: duckdb.DuckDBPyConnection, filt: HandFilter, limit: int, offset: int
) -> tuple[list[dict[str, Any]], int]:
    """A page of hands, newest first (by when they were played), and how many match in all."""
    where, params = filt.where()
    total_row = first(cur, f"SELECT count(*) FROM hands h WHERE {where}", params)
    rows = cur.execute(
        "SELECT h.source, h.hand_id, h.played_at_text, h.received_at, h.status, h.preset, h.session_id,"
        " h.hand_no, h.dealer, h.winner, h.n_events, h.game,"
        " (SELECT list(s.player_id ORDER BY s.seat) FROM seats s"
        "   WHERE s.source = h.source AND s.hand_id = h.hand_id) AS players"
        f" FROM hands h WHERE {where}"
        " ORDER BY h.played_at DESC NULLS LAST, h.source, h.hand_id LIMIT ? OFFSET ?",
        [*params, limit, offset],
    ).fetchall()
    items = [
        {
            "source": source,
            "hand_id": hand_id,
            "played_at": played_at,
            "received_at": received_at.isoformat(),
            "players": list(players or []),
            "status": status,
            "preset": preset,
            "session_id": session_id,
            "hand_no": hand_no,
            "dealer": dealer,
            "winner": winner,
            "n_events": n_events,
            "game": game,
        }
        for (
            source,
            hand_id,
            played_at,
            received_at,
            status,
            preset,
            session_id,
            hand_no,
            dealer,
            winner,
            n_events,
            game,
            players,
        ) in rows
    ]
    return items, int(total_row[0]) if total_row else 0


@dataclass(frozen=True)
class StoredHand:
    raw: bytes
    record: dict[str, Any]
    audit: dict[str, Any]


def get_hand(cur: duckdb.DuckDBPyConnection, source: str, hand_id: str) -> StoredHand | None:
    row = first(
        cur,
        "SELECT r.raw, h.record, a.audit FROM hands h JOIN raw_uploads r ON r.raw_id = h.raw_id"
        " LEFT JOIN audits a ON a.source = h.source AND a.hand_id = h.hand_id"
        " WHERE h.source = ? AND h.hand_id = ?",
        [source, hand_id],
    )
    if row is None:
        return None
    raw, record, audit = row
    return StoredHand(bytes(raw), orjson.loads(record), orjson.loads(audit) if audit else {})


def player_stats(
    cur: duckdb.DuckDBPyConnection,
    player_id: str,
    game: str | None = None,
    source: str | None = None,
) -> dict[str, Any] | None:
    """Basic figures from ``player_hands`` (of one game's hands when ``game`` is given: points
    and coins of different games do not add up; only ``source``'s hands when given, for a club's
    read token); None when the player sat in no such hand."""
    row = first(
        cur,
        "SELECT count(*), count(delta), count(*) FILTER (WHERE won),"
        " count(*) FILTER (WHERE won_self_draw), count(*) FILTER (WHERE dealt_in),"
        " count(*) FILTER (WHERE is_dealer), coalesce(sum(delta), 0), avg(delta), any_value(name)"
        " FROM player_hands WHERE player_id = ? AND (? IS NULL OR game = ?) AND (? IS NULL OR source = ?)",
        [player_id, game, game, source, source],
    )
    if row is None or not row[0]:
        return None
    hands, settled, wins, self_draws, deal_ins, dealer_hands, total, avg, name = row
    return {
        "player_id": player_id,
        "name": name,
        "hands": int(hands),
        "settled_hands": int(settled),
        "wins": int(wins),
        "self_draw_wins": int(self_draws),
        "win_rate": wins / settled if settled else None,
        "deal_ins": int(deal_ins),
        "deal_in_rate": deal_ins / settled if settled else None,
        "dealer_hands": int(dealer_hands),
        "total_points": int(total),
        "avg_points": float(avg) if avg is not None else None,
    }
