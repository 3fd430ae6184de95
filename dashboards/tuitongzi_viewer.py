"""The 推筒子 / 二八杠 round viewer's model: the banker's and each player's two tiles, class and
points, who beat whom and by which rule, the receipts, the pool, in words.

A round has no events to step through, so this is one table, not the board of the tile games:
everything comes from the audit (``replay.games.tuitongzi.audit``: its ``computed`` holds the
hands read, the comparisons with the deciding TT rule, the receipts and the pool), so the page
says exactly what the audit says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dashboards import terms
from schemas.audit import audit_record

PARTY = {"pool": "pool 奖池", "house": "house 庄房"}


def _party(value: object, players: Sequence[Mapping[str, Any]]) -> str:
    if isinstance(value, int) and 0 <= value < len(players):
        return str(players[value]["label"])
    return PARTY.get(str(value), str(value))


def build(record_obj: object, audit: dict[str, Any] | None = None) -> dict[str, Any]:
    """The page model of one ``tuitongzi-round/1`` record (as stored), with its audit if known."""
    if audit is None:
        audit = audit_record(record_obj)
    record = record_obj if isinstance(record_obj, Mapping) else {}
    seats = record.get("seats") if isinstance(record.get("seats"), list) else []
    banker = record.get("banker")
    players = []
    for i, s in enumerate(seats):
        who = s if isinstance(s, Mapping) else {}
        name = who.get("name") or who.get("player_id") or "?"
        players.append(
            {
                "seat": i,
                "name": name,
                "player_id": who.get("player_id"),
                "role": "banker 庄家" if i == banker else "player 闲家",
                "label": f"seat {i} {name}",
            }
        )
    computed = audit.get("computed") or {}
    ruleset = record.get("ruleset") if isinstance(record.get("ruleset"), Mapping) else {}
    model: dict[str, Any] = {
        "game": "tuitongzi",
        "game_name": terms.GAME_NAMES.get("tuitongzi", "推筒子 二八杠"),
        "hand_id": audit.get("round_id") or audit.get("hand_id"),
        "source": audit.get("source"),
        "status": audit.get("status"),
        "status_text": terms.STATUS_NAMES.get(str(audit.get("status")), str(audit.get("status"))),
        "played_at": terms.local_time(record.get("played_at")),
        "preset": ruleset.get("preset"),
        "preset_name": terms.preset_name(ruleset.get("preset")),
        "overrides": ruleset.get("overrides") or {},
        "players": players,
        "banker": banker,
        "bank": record.get("bank"),
        "bets": record.get("bets"),
        "session": record.get("session"),
        "first_illegal": audit.get("first_illegal"),
        "errors": audit.get("errors") or [],
        "differences": audit.get("differences") or [],
        "mistakes": audit.get("mistakes") or [],
        "mistakes_note": audit.get("mistakes_note"),
        "hands": [],
        "comparisons": [],
        "receipts": [],
        "pool": computed.get("pool"),
        "check": computed.get("check"),
        "shortfall": computed.get("shortfall"),
        "deltas": computed.get("deltas"),
    }
    bets = record.get("bets") if isinstance(record.get("bets"), list) else []
    for h in computed.get("hands") or []:
        seat = h["seat"]
        model["hands"].append(
            {
                **h,
                "player": players[seat] if seat < len(players) else None,
                "tiles_zh": [terms.tile(t) for t in h["tiles"]],  # 三筒: pages name tiles in Chinese only
                "bet": bets[seat] if seat < len(bets) else None,
                "delta": computed["deltas"][seat],
            }
        )
    for c in computed.get("comparisons") or []:
        who = players[c["seat"]]["label"] if c["seat"] < len(players) else f"seat {c['seat']}"
        beaten = f"{who} beats the banker 闲赢" if c["winner"] == "player" else f"the banker beats {who} 庄赢"
        model["comparisons"].append({**c, "text": beaten})
    for r in computed.get("receipts") or []:
        model["receipts"].append(
            {**r, "payer": _party(r["from"], players), "payee": _party(r["to"], players)}
        )
    return model
