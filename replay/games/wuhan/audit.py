"""Auditing validated hand records: replay every event, settle, compare with the app's result.

The domain half of an audit: ``audit_validated`` takes a record the schema already accepted
(``schemas.audit`` composes validation and this, one layer up, so the domain imports nothing
above it) and ``check_sessions`` adds the checks across hands of one sitting (R-2.2). The output
dicts are the ``replay audit --json`` contract; the same input always gives the same output.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from replay.errors import InputError
from replay.games import Game, game_of_format
from replay.games.wuhan.analysis import analyse_positions
from replay.games.wuhan.analysis.positions import Positions
from replay.games.wuhan.board import Board, IllegalEvent
from replay.games.wuhan.reasons import Reason, reason
from replay.games.wuhan.ruleset import HAND_TYPES

STATUSES = ("ok", "illegal", "mismatch", "invalid")
COMPARED = ("winner", "hands", "self_draw", "hard", "liable", "deltas")
_HAND_ORDER = {h: i for i, h in enumerate(HAND_TYPES)}


@dataclass
class Replayed:
    """A record pushed through the board: where it stopped and why."""

    board: Board
    illegal_index: int | None = None
    reason: Reason | None = None
    positions: Positions | None = None


def replay_events(
    record: Mapping[str, Any],
    steps: list[dict[str, Any]] | None = None,
    positions: bool = False,
) -> Replayed:
    """Push every event; stop at the first illegal one. Collects viewer steps when asked.

    With ``positions`` it also keeps every position (``replay.games.wuhan.analysis.positions``), which is
    all the mistake analysis needs: the verdict and the analysis share this one replay (issue
    #15) instead of the analysis replaying the hand a second time.
    """
    board = Board.from_record(record)
    events = record["events"]
    if steps is None and not positions:  # the verdict: nothing to keep per event, one loop
        try:
            board.push_all(events)
        except IllegalEvent as err:
            return Replayed(board, board.events, err.reason)
        if not board.ended:
            return Replayed(board, len(events), reason("hand_not_finished"))
        return Replayed(board)
    kept = Positions(board) if positions else None
    if kept is not None and steps is None:  # the audit with its analysis: one loop keeps them
        try:
            kept.push_all(board, events)
        except IllegalEvent as err:
            return Replayed(board, len(kept) - 1, err.reason)
        if not board.ended:
            return Replayed(board, len(events), reason("hand_not_finished"))
        return Replayed(board, positions=kept)
    for i, event in enumerate(events):
        try:
            board.push(event)
        except IllegalEvent as err:
            if steps is not None:
                steps.append(
                    {"index": i, "event": event, "illegal": err.reason.to_json(), **board.snapshot()}
                )
            return Replayed(board, i, err.reason)
        if steps is not None:
            steps.append({"index": i, "event": event, **board.snapshot()})
        if kept is not None:
            kept.record(board, event)
    if not board.ended:
        return Replayed(board, len(events), reason("hand_not_finished"))
    return Replayed(board, positions=kept)


def computed_result(board: Board) -> dict[str, Any]:
    """The engine's settlement in the shape of a record's ``result`` (plus receipts and detail)."""
    s = board.settlement
    if s is None:  # 黄庄: nobody pays
        return {
            "winner": None,
            "hands": [],
            "self_draw": False,
            "hard": None,
            "liable": None,
            "deltas": [0, 0, 0, 0],
            "receipts": [],
        }
    return {
        "winner": s.winner,
        "hands": list(s.reading.hands),
        "self_draw": s.self_draw,
        "hard": s.reading.hard,
        "liable": s.liable,
        "deltas": s.deltas,
        "receipts": [r.to_json() for r in s.receipts],
        "base": s.base,
        "capped": s.capped,
        "liability": s.liability,
        "equal_readings": [
            {"hands": list(r.hands), "hard": r.hard}
            for r in (board.judgement.ties if board.judgement else [])
        ],
    }


def differences(recorded: Mapping[str, Any] | None, computed: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each result field the app gave that the engine settles differently, in contract order."""
    if not recorded:
        return []
    out = []
    readings = [{"hands": computed["hands"], "hard": computed["hard"]}, *computed.get("equal_readings", [])]
    hands = sorted(recorded.get("hands") or [], key=lambda h: _HAND_ORDER.get(h, 99))
    # a reading that pays exactly as much is as right (R-7.12 leaves the choice open)
    equal_reading = any(
        ("hands" not in recorded or r["hands"] == hands)
        and ("hard" not in recorded or r["hard"] == recorded["hard"])
        for r in readings
    )
    for name in COMPARED:
        if name not in recorded:
            continue
        got, want = recorded[name], computed[name]
        if name == "hands":
            got = hands
        if name in ("hands", "hard") and equal_reading:
            continue
        if got != want:
            out.append({"field": name, "recorded": recorded[name], "computed": want})
    return out


def _ident(obj: object, key: str) -> str | None:
    value = obj.get(key) if isinstance(obj, Mapping) else None
    return value if isinstance(value, str) else None


def _blank(hand_id: str | None, source: str | None, location: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "hand_id": hand_id,
        "source": source,
        "status": "invalid",
        "first_illegal": None,
        "errors": [],
        "computed": None,
        "recorded": None,
        "differences": [],
        "mistakes": [],
    }
    if location is not None:
        out["location"] = location
    return out


def audit_validated(
    record: Mapping[str, Any], location: str | None = None, analysis: bool = True
) -> dict[str, Any]:
    """The audit of a record ``validate_record`` already accepted (the store validates once).

    ``analysis=False`` is the verdict only (``--no-analysis``): no mistakes (an empty list, as
    for an illegal hand) and no per-seat facts, for a caller that only needs whether the app
    settled the hand right, at the verdict's speed.

    Besides the contract's fields it leaves two private keys for batch callers, which
    ``audit_records`` and the store pop: ``_session`` (R-2.2 across hands) and ``_facts`` (per-seat
    facts for habits, from the same replay as the mistakes).
    """
    game = other_game(record)
    if game is not None:
        return game.audit_validated(record, location, analysis)
    return audit_wuhan(record, location, analysis)


def audit_wuhan(
    record: Mapping[str, Any], location: str | None = None, analysis: bool = True
) -> dict[str, Any]:
    """``audit_validated`` of a record Wuhan's own schema accepted (``schemas.audit``): no
    other game's format to look for."""
    out = _blank(record["hand_id"], record["source"], location)
    out["recorded"] = record.get("result")
    try:
        replayed = replay_events(record, positions=analysis)
    except InputError as err:
        out["errors"] = [err.to_json()]
        return out
    if replayed.reason is not None:
        out["status"] = "illegal"
        out["first_illegal"] = {"index": replayed.illegal_index, **replayed.reason.to_json()}
        return out
    computed = computed_result(replayed.board)
    out["computed"] = computed
    out["differences"] = differences(record.get("result"), computed)
    out["status"] = "mismatch" if out["differences"] else "ok"
    if replayed.positions is not None:
        out["mistakes"], out["_facts"] = analyse_positions(record, replayed.positions)
    out["_session"] = _session_key(record, replayed.board)
    return out


def other_game(obj: object) -> Game | None:
    """The game of a record whose ``format`` is another game's than Wuhan's (None for Wuhan and
    for unknown formats, which Wuhan's schema reports as before)."""
    mapping = type(obj) is dict or isinstance(obj, Mapping)  # a dict, nearly always: no ABC check
    game = game_of_format(obj.get("format")) if mapping else None  # type: ignore[attr-defined]
    return game if game is not None and game.name != "wuhan" else None


def _session_key(record: Mapping[str, Any], board: Board) -> tuple[Any, ...] | None:
    """``(source, session, hand_no, dealer, keeps)``, and a sixth item, the seat the deal passes
    to, only when R-2.3 (``dealer_rotation: winner``) gives it to a winner other than the next
    seat's (the old rules' keys stay as they were)."""
    session = record.get("session")
    if not session:
        return None
    s = board.settlement
    dealer_keeps = s is None or s.winner == board.dealer
    key = (record["source"], session["id"], session["hand_no"], board.dealer, dealer_keeps)
    if s is not None and not dealer_keeps and board.rules.dealer_rotation == "winner":
        return (*key, s.winner)
    return key


def check_sessions(audits: list[dict[str, Any]]) -> None:
    """R-2.2 (R-2.3 with ``dealer_rotation: winner``) across consecutive hands of a sitting:
    flag a hand whose dealer did not follow."""
    by_session: dict[tuple[str, str], dict[int, tuple[int, bool, int | None, dict[str, Any]]]] = {}
    for a in audits:
        key = a.get("_session")
        if key:
            source, sid, no, dealer, keeps, *rest = key
            passes_to = rest[0] if rest and rest[0] is not None else None
            by_session.setdefault((source, sid), {})[no] = (dealer, keeps, passes_to, a)
    for (_, sid), hands in by_session.items():
        for no, (dealer, _, _, audit) in sorted(hands.items()):
            prev = hands.get(no - 1)
            if prev is None:
                continue
            prev_dealer, prev_keeps, passes_to, _ = prev
            if not prev_keeps and passes_to is not None:  # the winner deals next
                if dealer != passes_to:
                    r = reason("dealer_not_winner", hand_no=no, session=sid, expected=passes_to, prev=no - 1)
                    audit["status"] = "illegal"
                    audit["first_illegal"] = {"index": None, **r.to_json()}
                continue
            expected = prev_dealer if prev_keeps else (prev_dealer + 1) % 4
            if dealer != expected:
                why = (
                    f"hand {no - 1} was a draw or won by its dealer, so seat {prev_dealer} stays dealer"
                    if prev_keeps
                    else f"hand {no - 1} was not won by its dealer (seat {prev_dealer}): the deal passes"
                )
                r = reason("dealer_not_rotated", hand_no=no, session=sid, expected=expected, why=why)
                audit["status"] = "illegal"
                audit["first_illegal"] = {"index": None, **r.to_json()}
