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


# --------------------------------------------------------------------------------------------
# What the viewers of the tile games after Wuhan (Sichuan, Changsha, ...) build alike. Their
# messages are worded by ``terms.words_in_text`` (tiles and any game's ruleset words).

ORDINALS = ("1st 第一", "2nd 第二", "3rd 第三", "4th 第四")

#: ``win_words(win, order, players)``: a settled win in words, the game's way
WinWords = Callable[[Mapping[str, Any], int, Sequence[Mapping[str, Any]]], str]
#: ``words(field, value)``: one result field's value in words, the game's way
FieldWords = Callable[[str, Any], str]


def ordinal(n: int) -> str:
    """``1st 第一`` for 0: the order in which a hand's wins were settled."""
    return ORDINALS[n] if n < len(ORDINALS) else f"{n + 1}th 第{n + 1}"


def begin(
    record_obj: object,
    audit: dict[str, Any] | None,
    game: str,
    audit_record: Callable[[object], dict[str, Any]],
    validate_record: Callable[[object], tuple[Any, list[dict[str, Any]]]],
) -> tuple[dict[str, Any], dict[str, Any], Mapping[str, Any] | None, list[dict[str, Any]]]:
    """A game viewer's model before its replay: ``(model, audit, record, players)``.

    The skeleton with the game's name, and for a valid record its players, dealer, mistakes
    (``game_mistake``) and first illegal event; ``record`` is None for an invalid one, whose
    model is then complete (verdict ``invalid``).
    """
    if audit is None:
        audit = audit_record(record_obj)
    record, errors = validate_record(record_obj)
    model = skeleton(audit, errors, terms.words_in_text)
    model.update(game=game, game_name=terms.GAME_NAMES[game], wins=[])
    if record is None:
        model["verdict"] = {"kind": "invalid", "title": INVALID_TITLE, "step": None}
        return model, audit, None, []
    players = players_of(record)
    model["players"] = players
    model["dealer"] = record["dealer"]
    model["mistakes"] = sort_mistakes(
        [game_mistake(m, players) for m in audit.get("mistakes") or [] if isinstance(m, Mapping)]
    )
    model["first_illegal"] = first_illegal(record, audit, terms.words_in_text)
    return model, audit, record, players


def game_mistake(m: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A mistake named from ``terms`` (Chinese and English), its cost in the table's units."""
    kind = str(m.get("type"))
    english = terms.MISTAKE_NAMES_EN.get(kind, kind.replace("_", " "))
    cost = m.get("cost")
    cost_text = f"cost {cost} 失分" if cost is not None else "no cost attributed 不计分"
    return mistake(
        m,
        players,
        f"{terms.MISTAKE_NAMES_ZH.get(kind, '')} {english}".strip(),
        cost_text,
        terms.words_in_text,
    )


def settle_wins(
    prev: Mapping[str, Any] | None,
    step: Mapping[str, Any],
    players: Sequence[Mapping[str, Any]],
    win_words: WinWords,
    wins: list[dict[str, Any]],
) -> tuple[list[Mapping[str, Any]], list[str]]:
    """The wins this step settled (appended to ``wins``, the hand's list) and their notes."""
    notes: list[str] = []
    settled = step["wins"][len(prev["wins"]) :] if prev is not None else []
    for k, w in enumerate(settled, start=len(prev["wins"]) if prev else 0):
        words = win_words(w, k, players)
        wins.append({"order": k, "seat": w["seat"], "text": words, "step": step["index"]})
        notes.append(f"settled 结算: {words}")
    return settled, notes


def winners(wins: Sequence[Mapping[str, Any]], players: Sequence[Mapping[str, Any]]) -> list[str]:
    """``1st 第一 3 小李``: the seats that have won so far, in order."""
    return [f"{ordinal(k)} {seat_name(players, w['seat'])}" for k, w in enumerate(wins)]


def seen_draw(step: dict[str, Any], event: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> None:
    """A draw as the other seats see it: that the seat drew, not its tile."""
    if event.get("type") == "draw":
        step["caption_seen"] = f"{seat_name(players, event.get('seat'))} 摸 draws"


def moves(steps: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The move list beside the board: every step after the deal but the passes."""
    return [
        {
            "first": p,
            "pos": p,
            "index": s["index"],
            "actor": s["actor"],
            "text": s["caption"],
            "seen": s.get("caption_seen"),  # a draw as the other seats see it
            "illegal": bool(s["illegal"]),
        }
        for p, s in enumerate(steps)
        if p > 0 and s["kind"] != "pass"
    ]


def delta_rows(computed: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each seat's result (``+12``) beside its name."""
    return [
        {"who": seat_name(players, s), "delta": f"{d:+d}"} for s, d in enumerate(computed.get("deltas") or [])
    ]


def deltas_words(value: Sequence[object]) -> str:
    """``+12 / -4 / -4 / -4`` (a value that is no integer as given)."""
    return " / ".join(f"{v:+d}" if isinstance(v, int) else str(v) for v in value)


def comparison(audit: Mapping[str, Any], names: Mapping[str, str], words: FieldWords) -> list[dict[str, Any]]:
    """Rows of the app-vs-rules table: each result field the app gave (in ``names``' order),
    the app's value and the rules' in words, and whether the audit found them different."""
    recorded, computed = audit.get("recorded"), audit.get("computed")
    if not recorded or not computed:
        return []
    differs = {d.get("field") for d in audit.get("differences") or []}
    return [
        {
            "label": names.get(field, field),
            "app": words(field, recorded[field]),
            "rules": words(field, computed.get(field)),
            "differs": field in differs,
        }
        for field in names
        if field in recorded
    ]


def comparison_verdict(
    model: dict[str, Any], audit: dict[str, Any], names: Mapping[str, str], words: FieldWords
) -> dict[str, Any]:
    """``verdict`` with the app-vs-rules rows of ``comparison``."""
    return verdict(model, audit, lambda: comparison(audit, names, words), names)
