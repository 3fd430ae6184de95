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

from dashboards import review, terms
from schemas.audit import audit_record

PARTY = {"pool": "pool 奖池", "house": "house 庄房"}

#: the audited result fields (``replay.games.tuitongzi.audit.COMPARED``) and TT-5.4's balance
DIFFERENCE_NAMES = {
    "winners": "who beat the banker 比牌输赢",
    "multipliers": "multipliers 倍数",
    "awards": "jackpot awards 奖池奖励",
    "deltas": "deltas 输赢",
    "pool_after": "pool after 奖池余额",
    "check": "TT-5.4 balance 平账 (Σ deltas + pool change)",
}


def _party(value: object, players: Sequence[Mapping[str, Any]]) -> str:
    if isinstance(value, int) and 0 <= value < len(players):
        return str(players[value]["label"])
    return PARTY.get(str(value), str(value))


def _per_seat(value: object, players: Sequence[Mapping[str, Any]], say: Any) -> str:
    """``seat 1 Bo ×2, seat 2 Cy ×1``: a per-seat list, the banker's ``null`` left out."""
    if not isinstance(value, list):
        return review.deltas_words([value]) if isinstance(value, int) else "not said 未给出"
    said = [f"{_party(i, players)} {say(v)}" for i, v in enumerate(value) if v is not None]
    return ", ".join(said) or "none 无"


def _beat(v: object) -> str:
    return "beat the banker 闲赢" if v is True else "lost to the banker 庄赢" if v is False else str(v)


def difference_words(diff: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> str:
    """One app-vs-rules difference of a round in words (never JSON): each side per seat."""
    field = str(diff.get("field"))
    label = DIFFERENCE_NAMES.get(field, field.replace("_", " "))
    if field == "awards":
        return terms.difference_words(diff, label)  # each award only one side has, in words

    def side(value: object) -> str:
        if field == "winners":
            return _per_seat(value, players, _beat)
        if field == "multipliers":
            return _per_seat(value, players, lambda m: f"×{m}")
        if field == "deltas":
            return review.deltas_words(value) if isinstance(value, list) else str(value)
        return "not said 未给出" if value is None else str(value)

    return f"{label}: the app said {side(diff.get('recorded'))}, the rules say {side(diff.get('computed'))}"


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
        "overrides": [terms.override_words(k, v) for k, v in (ruleset.get("overrides") or {}).items()],
        "players": players,
        "banker": banker,
        "bank": record.get("bank"),
        "bets": record.get("bets"),
        "session": record.get("session"),
        "first_illegal": audit.get("first_illegal"),
        "errors": audit.get("errors") or [],
        "differences": [difference_words(d, players) for d in audit.get("differences") or []],
        "mistakes": [
            {**m, "name": terms.mistake_name(m.get("type")), "who": _party(m.get("seat"), players)}
            for m in audit.get("mistakes") or []
        ],
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
