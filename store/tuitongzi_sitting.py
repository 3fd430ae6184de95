"""A 推筒子 sitting's rounds as the round viewer's running totals read them (issue 32).

A sitting is the rounds of one ``session`` of one source, in ``round_no`` order: each player's
result in each round and the running total after it. The totals are the engine's deltas, not
the app's. A round illegal in itself (a bet over the limit, a tile not in the set) has no
settlement and adds nothing; a round flagged only across the sitting (the bank or the pool not
carried, TT-1.3/TT-5.1) keeps the settlement of its own tiles and bets, which the store holds,
and counts, marked illegal on the chart.
"""

from __future__ import annotations

from typing import Any

import duckdb


def sitting_rounds(cur: duckdb.DuckDBPyConnection, source: str, session_id: str) -> dict[str, Any]:
    """``{"rounds": [...], "players": [...]}``: each round (``hand_id``, ``round_no``, ``status``,
    ``banker`` (the player id), ``deltas`` {player id: delta or None}) and each player (``player_id``,
    ``name``, ``totals``: the running total after each round)."""
    rows = cur.execute(
        "SELECT hand_id, hand_no, status, player_id, any_value(name), bool_or(is_dealer), any_value(delta)"
        " FROM seat_rows WHERE source = ? AND session_id = ? AND game = 'tuitongzi'"
        " GROUP BY ALL ORDER BY hand_no NULLS LAST, hand_id, player_id",
        [source, session_id],
    ).fetchall()
    rounds: dict[str, dict[str, Any]] = {}
    names: dict[str, str] = {}
    for hand_id, no, status, player, name, banker, delta in rows:
        r = rounds.setdefault(hand_id, {"hand_id": hand_id, "round_no": no, "status": status, "banker": None})
        r.setdefault("deltas", {})[player] = delta
        if banker:
            r["banker"] = player
        names.setdefault(player, name or player)
    order = list(rounds.values())
    players = []
    for player in sorted(names):
        total, totals = 0, []
        for r in order:
            total += r["deltas"].get(player) or 0
            totals.append(total)
        players.append({"player_id": player, "name": names[player], "totals": totals})
    return {"rounds": order, "players": players}
