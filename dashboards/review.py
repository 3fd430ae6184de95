"""What the review board's model is made of in every game: the header, the verdict, the markers.

Each game's viewer model (``dashboards.viewer`` for Wuhan, ``dashboards.sichuan_viewer`` for
Sichuan) replays its own events and says its own moves, wins and receipts; what the page shows
around them is the same for both and built here once: the model's skeleton (status, errors),
the players, the first illegal event, the verdict banner the page opens with and the markers of
the progress graph (mistakes by severity, the illegal event, kongs, wins). The shared page parts
(``templates/_hand_header.html``, ``_board.html``, ``_mistakes.html``) and the shared script
(``static/board.js``) draw them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dashboards import terms
from dashboards.terms import tiles_in_text

SEVERITY_ORDER = {"high": 0, "medium": 1, "low": 2}
INVALID_TITLE = "This record is not valid 无效牌谱"
ERROR_TITLE = (
    "The engine failed on this hand 引擎出错: no verdict yet; the next re-audit judges it again 待重新审核"
)


def seat_name(players: Sequence[Mapping[str, Any]], seat: object) -> str:
    """``3 胖子``: the seat number (as in the record) and the name players know."""
    if not isinstance(seat, int) or not 0 <= seat < len(players):
        return "seat ?"
    return f"{seat} {players[seat]['name']}"


def skeleton(
    audit: Mapping[str, Any],
    errors: Sequence[Mapping[str, Any]] | None,
    words: Callable[[object], str] = tiles_in_text,
) -> dict[str, Any]:
    """The model before any replay: who uploaded it, its status and the errors in words."""
    return {
        "hand_id": audit.get("hand_id") or "",
        "source": audit.get("source") or "",
        "status": audit["status"],
        "status_text": terms.STATUS_NAMES.get(audit["status"], audit["status"]),
        "errors": [
            {"field": e.get("field") or "record", "message": words(e.get("message"))}
            for e in (errors or audit.get("errors", []))
        ],
        "first_illegal": None,
        "verdict": None,
        "comparison": [],
        "mistakes": [],
        "steps": [],
        "players": [],
        "moves": [],
        "markers": [],
        "settlement": None,
    }


def players_of(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [
        {"seat": i, "player_id": s["player_id"], "name": s.get("name") or s["player_id"]}
        for i, s in enumerate(record["seats"])
    ]


def first_illegal(
    record: Mapping[str, Any], audit: Mapping[str, Any], words: Callable[[object], str] = tiles_in_text
) -> dict[str, Any] | None:
    """The audit's first illegal event with the seat that made it (None when the hand is legal)."""
    illegal = audit.get("first_illegal")
    if not illegal:
        return None
    idx = illegal.get("index")
    events = record["events"]
    seat = events[idx].get("seat") if isinstance(idx, int) and 0 <= idx < len(events) else None
    return {
        "index": idx,
        "rule": illegal.get("rule") or "",
        "code": illegal.get("code") or "",
        "message": words(illegal.get("message")),
        "seat": seat if isinstance(seat, int) else None,
    }


def mistake(
    m: Mapping[str, Any],
    players: Sequence[Mapping[str, Any]],
    name: str,
    cost_text: str,
    words: Callable[[object], str],
) -> dict[str, Any]:
    """One of the audit's mistakes as the list and the board's marks show it; the game names the
    type (``name``) and words the cost in its own unit (``cost_text``: points, coins)."""
    severity = str(m.get("severity"))
    return {
        "type": str(m.get("type")),
        "seat": m.get("seat"),
        "who": seat_name(players, m.get("seat")),
        "index": m.get("index"),
        "severity": severity,
        "severity_text": terms.SEVERITY_NAMES.get(severity, severity),
        "name": name,
        "cost_text": cost_text,
        "message": words(m.get("message")),
    }


def sort_mistakes(mistakes: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """By event, the worst first at one event (a mistake without an event comes first)."""
    return sorted(
        mistakes,
        key=lambda m: (
            m["index"] if isinstance(m["index"], int) else -1,
            SEVERITY_ORDER.get(m["severity"], 3),
        ),
    )


def verdict(
    model: dict[str, Any],
    audit: Mapping[str, Any],
    comparison: Callable[[], list[dict[str, Any]]],
    difference_names: Mapping[str, str],
) -> dict[str, Any]:
    """The banner the page opens with: what is wrong with this hand and where to look.

    ``comparison`` builds the app-vs-rules rows of a hand settled wrong (each game words its
    own result fields); ``difference_names`` names the fields the audit found different.
    """
    status = audit["status"]
    players = model["players"]
    if model["first_illegal"]:
        fi = model["first_illegal"]
        where = f"event {fi['index']}" if fi["index"] is not None else "the record"
        who = f" by {seat_name(players, fi['seat'])}" if fi["seat"] is not None else ""
        model["verdict"] = {
            "kind": "illegal",
            "title": f"Illegal 违规 at {where}{who} ({fi['rule']}): {fi['message']}",
            "step": fi["index"],
        }
    elif status == "mismatch":
        model["comparison"] = comparison()
        fields = ", ".join(
            difference_names.get(str(d.get("field")), str(d.get("field")))
            for d in audit.get("differences") or []
        )
        model["verdict"] = {
            "kind": "mismatch",
            "title": f"Settled wrong 算错: the app and the rules disagree on {fields or 'the result'}",
            "step": model["steps"][-1]["index"] if model["steps"] else None,
        }
    elif status == "error":  # the engine failed on the hand (issue #27): not the record's fault
        model["verdict"] = error_verdict()
    elif status in ("invalid", "unfinished") or model["errors"]:
        model["verdict"] = {"kind": "invalid", "title": INVALID_TITLE, "step": None}
    return model


def error_verdict() -> dict[str, Any]:
    """The banner of a hand the engine failed on (status ``error``): no verdict yet."""
    return {"kind": "error", "title": ERROR_TITLE, "step": None}


def markers(
    mistakes: Sequence[Mapping[str, Any]],
    steps: Sequence[Mapping[str, Any]],
    win_label: Callable[[Mapping[str, Any]], str | None],
    kong_label: str = "gang 杠",
) -> list[dict[str, Any]]:
    """The progress graph's markers, each at its step: the mistakes by severity, then per step
    the illegal event, a win (``win_label`` says whether a step is one, and which) or a kong."""
    pos_of = {s["index"]: p for p, s in enumerate(steps) if s["index"] is not None}
    out: list[dict[str, Any]] = []
    for m in mistakes:
        if m["index"] in pos_of:
            out.append(
                {"pos": pos_of[m["index"]], "index": m["index"], "kind": m["severity"], "label": m["name"]}
            )
    for p, s in enumerate(steps):
        won = win_label(s)
        if s.get("illegal"):
            out.append({"pos": p, "index": s["index"], "kind": "illegal", "label": "illegal 违规"})
        elif won:
            out.append({"pos": p, "index": s["index"], "kind": "win", "label": won})
        elif s.get("kind") == "gang":
            out.append({"pos": p, "index": s["index"], "kind": "gang", "label": kong_label})
    return out
