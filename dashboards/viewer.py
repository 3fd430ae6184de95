"""The hand viewer's model: everything one page needs to replay a hand step by step.

Built from the record, its audit and the replayer's steps; the page itself only draws. A step is
the table after an event (the first is the deal, before any event). Illegal events and mistakes
are attached to the step where they happened so the page can mark them.
"""

from __future__ import annotations

from typing import Any

from replay.audit import replay_events
from replay.board import Board
from replay.errors import InputError
from replay.ruleset import HAND_NAMES_ZH
from schemas.audit import audit_record
from schemas.hand_record import validate_record

MISTAKE_NAMES_ZH = {
    "qingyise_third_feed": "喂清一色第三口",
    "quanqiuren_feed": "放全求人冲",
    "robbed_kong": "被抢杠",
    "missed_win": "漏胡",
    "pizi_blocked_win": "红中在手不能胡",
    "double_laizi_blocked_win": "双赖子不能屁胡",
    "inefficient_discard": "牌效率",
    "dealt_in": "放冲",
}


def describe(event: dict[str, Any]) -> str:
    """One event in words, for the caption under the table."""
    kind = event.get("type")
    seat = event.get("seat")
    tile = event.get("tile")
    if kind == "draw":
        return f"seat {seat} draws" + (f" {tile}" if tile else "")
    if kind == "discard":
        return f"seat {seat} discards {tile}"
    if kind == "chi":
        return f"seat {seat} chi 吃 with {' '.join(event.get('tiles', []))}"
    if kind == "peng":
        return f"seat {seat} peng 碰"
    if kind == "gang":
        return f"seat {seat} {event.get('kind')}-gang 杠 {tile}"
    if kind == "hu":
        return f"seat {seat} wins 胡" + (f" on {tile}" if tile else "")
    if kind == "pass":
        return f"seat {seat} passes"
    if kind == "huangzhuang":
        return "draw 黄庄: nobody won"
    return str(kind)


def build(record_obj: object, audit: dict[str, Any] | None = None) -> dict[str, Any]:
    """The viewer model for one uploaded record (as stored), with its audit if already known."""
    if audit is None:
        audit = audit_record(record_obj)
    record, errors = validate_record(record_obj)
    model: dict[str, Any] = {
        "hand_id": audit.get("hand_id"),
        "source": audit.get("source"),
        "status": audit["status"],
        "errors": errors or audit.get("errors", []),
        "first_illegal": audit.get("first_illegal"),
        "computed": audit.get("computed"),
        "recorded": audit.get("recorded"),
        "differences": audit.get("differences", []),
        "mistakes": [dict(m, zh=MISTAKE_NAMES_ZH.get(m["type"], "")) for m in audit.get("mistakes", [])],
        "hand_names": HAND_NAMES_ZH,
        "steps": [],
        "players": [],
    }
    if record is None:
        return model
    model["players"] = [
        {"seat": i, "player_id": s["player_id"], "name": s.get("name") or s["player_id"]}
        for i, s in enumerate(record["seats"])
    ]
    model["dealer"] = record["dealer"]
    model["ruleset"] = record["ruleset"]
    model["played_at"] = record.get("played_at")
    try:
        start = Board.from_record(record).snapshot()
    except InputError:
        return model
    steps: list[dict[str, Any]] = []
    try:
        replay_events(record, steps)
    except InputError:
        return model
    model["steps"] = [
        {"index": None, "caption": "the deal 起牌", **start},
        *({"caption": describe(s["event"]), **s} for s in steps),
    ]
    return model
