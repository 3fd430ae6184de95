"""Auditing ``erren-hand/1`` records: replay every event, recompute the payment, diff.

The output has the keys of every game's audit (``status``, ``first_illegal`` with the event
index, the ER rule and the reason code, ``errors``, ``computed``, ``recorded``, ``differences``,
``mistakes``) plus ``"game": "erren"``. ``computed`` is §9's ``result`` as the engine settles it
(the winner, the fans with their counts, T and Q, the two deltas) with the payment's receipt
and the winning reading, so a disputed amount can be checked by hand; ``differences`` lists
each field the app settled otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.errors import InputError
from replay.games.erren.board import Board, IllegalEvent
from replay.games.erren.mistakes.base import Context, States, mistakes_in
from replay.games.erren.reasons import reason
from replay.next_dealer import check_next_dealer
from replay.reasons import Reason

#: §9's result fields, in the order differences are listed
COMPARED = ("winner", "self_draw", "fans", "total", "qualifying", "deltas")
SESSION_KEY = "_erren_session"


def _blank(record: Mapping[str, Any], location: str | None) -> dict[str, Any]:
    def ident(key: str) -> str | None:
        value = record.get(key)
        return value if isinstance(value, str) else None

    out: dict[str, Any] = {
        "hand_id": ident("hand_id"),
        "source": ident("source"),
        "game": "erren",
        "status": "invalid",
        "first_illegal": None,
        "errors": [],
        "computed": None,
        "recorded": record.get("result") if isinstance(record.get("result"), Mapping) else None,
        "differences": [],
        "mistakes": [],
    }
    if location is not None:
        out["location"] = location
    return out


def replay(
    record: Mapping[str, Any], states: States | None = None
) -> tuple[Board, int | None, Reason | None]:
    """Push every event; stop at the first illegal one (its index, its reason). Raises
    InputError naming the field a record cannot be read by. ``states``, when given, receives
    the board before the first event and after each one (the mistakes' ``Context``), so the
    detectors share this replay instead of making their own."""
    board = Board.from_record(record)
    events = record.get("events")
    if not isinstance(events, list):
        raise InputError("events", "must be a list of events")
    if states is not None:
        states.keep(board)
    for i, event in enumerate(events):
        if type(event) is not dict and not isinstance(event, Mapping):  # a dict: no ABC check
            raise InputError(f"events[{i}]", "must be an object")
        try:
            board.push(event)
        except IllegalEvent as err:
            return board, i, err.reason
        except InputError as err:
            raise err.at(f"events[{i}]") from None
        except (KeyError, TypeError, IndexError, ValueError) as err:
            raise InputError(f"events[{i}]", f"malformed event: {err!r}") from None
        if states is not None:
            states.keep(board)
    board.finish()
    if not board.ended:
        return board, len(events), reason("hand_not_finished", state=board.state())
    return board, None, None


def audit_validated(
    record: Mapping[str, Any], location: str | None = None, analysis: bool = True
) -> dict[str, Any]:
    """``replay audit`` of an ``erren-hand/1`` record its schema accepted. ``analysis`` is the
    switch for §10's mistakes (``--no-analysis`` leaves the list empty); the verdict never
    depends on it."""
    out = _blank(record, location)
    events = record.get("events")
    states = States(events) if analysis and isinstance(events, list) else None
    try:
        board, index, why = replay(record, states)
    except InputError as err:
        out["errors"] = [err.to_json()]
        return out
    if why is not None:
        out["status"] = "illegal"
        out["first_illegal"] = {"index": index, **why.to_json()}
        return out
    computed = board.result()
    computed["ended_by"] = board.ended_by
    out["computed"] = computed
    out["differences"] = differences(out["recorded"], computed)
    out["status"] = "mismatch" if out["differences"] else "ok"
    if states is not None:  # the replay's boards are the detectors' (one pass, not two)
        out["mistakes"] = mistakes_in(Context(record, record["events"], states, board))
    else:
        out["mistakes"] = []
    session = record.get("session")
    if isinstance(session, Mapping) and "id" in session and "hand_no" in session:
        nxt = board.next_dealer()
        how = board.rules.dealer_rotation
        out[SESSION_KEY] = (
            out["source"],
            session["id"],
            session["hand_no"],
            board.dealer,
            nxt,
            f"the next dealer is seat {nxt} (ER-1.3, dealer_rotation {how})",
        )
    return out


def check_sessions(audits: list[dict[str, Any]]) -> None:
    """ER-1.3 across consecutive hands of a sitting: each hand's dealer is the previous hand's
    next dealer; the later hand is marked illegal (index None), as the other games' checks do."""
    check_next_dealer(audits, SESSION_KEY, reason)


def _fan_counts(fans: object) -> dict[str, int] | None:
    """``[{"id": "qinglong", "n": 1}, …]`` as {id: n} (order is not a rule; ``n`` 1 when left out)."""
    if not isinstance(fans, list):
        return None
    out: dict[str, int] = {}
    for f in fans:
        if not isinstance(f, Mapping) or not isinstance(f.get("id"), str):
            return None
        out[f["id"]] = out.get(f["id"], 0) + int(f.get("n", 1))
    return out


def _same(name: str, got: object, want: object) -> bool:
    if name == "fans":
        return _fan_counts(got) == _fan_counts(want)
    return got == want


def differences(recorded: Mapping[str, Any] | None, computed: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each §9 result field the app gave that the engine settles differently."""
    if not recorded:
        return []
    return [
        {"field": name, "recorded": recorded[name], "computed": computed[name]}
        for name in COMPARED
        if name in recorded and not _same(name, recorded[name], computed[name])
    ]
