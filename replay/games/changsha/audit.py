"""Auditing ``changsha-hand/1`` records: replay every event, recompute every payment, diff.

The output has the keys of Sichuan's audit (``status``, ``first_illegal`` with the event index,
the CS rule and the reason code, ``errors``, ``computed``, ``recorded``, ``differences``,
``mistakes``) plus ``"game": "changsha"``. ``computed`` is §9's ``result`` as the engine settles
it (opening hands, every 通炮 winner, birds, the dealer column) with each payment's receipt, so a
disputed amount can be checked by hand; ``differences`` lists each field the app settled
otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from replay.audit_common import blank_audit, conclude, field_differences, note_sitting, replay_or_stop
from replay.games.changsha.board import Board, IllegalEvent
from replay.games.changsha.mistakes import Context, Recorder, mistakes_of
from replay.games.changsha.reasons import reason
from replay.next_dealer import check_next_dealer
from replay.reasons import Reason
from replay.table.run import MALFORMED, push_events

#: §9's result fields, in the order differences are listed
COMPARED = ("winners", "discarder", "hands", "qishou", "birds", "bird_seats", "deltas", "next_dealer")


def replay(
    record: Mapping[str, Any], states: list[Board] | None = None
) -> tuple[Board, int | None, Reason | None]:
    """Push every event and settle; stop at the first illegal one (its index, its reason).
    Raises InputError naming the field a record cannot be read by. ``states``: a list that
    receives the board before the first event and after each one (the mistakes' ``Context``),
    so the analysis reads this replay instead of replaying the hand again."""
    board = Board.from_record(record)
    target = board if states is None else Recorder(board, states)
    stop = push_events(target, record.get("events"), (*MALFORMED, ValueError))
    if stop is not None:
        return board, *stop
    events = record["events"]
    try:
        board.finish()
    except IllegalEvent as err:  # birds a deal-mode record did not give
        return board, len(events), err.reason
    if not board.ended:
        return board, len(events), reason("hand_not_finished", state=f"phase {board.phase}")
    return board, None, None


def audit_validated(
    record: Mapping[str, Any], location: str | None = None, analysis: bool = True
) -> dict[str, Any]:
    """``replay audit`` of a ``changsha-hand/1`` record its schema accepted; ``analysis=False``
    (``--no-analysis``) leaves the mistakes list empty (§10's M1–M5) and keeps the verdict."""
    out = blank_audit(record, location, "changsha")
    states: list[Board] | None = [] if analysis else None
    board = replay_or_stop(out, partial(replay, states=states), record)
    if board is None:
        return out
    computed = board.result()
    computed["ended_by"] = board.ended_by
    conclude(out, computed, differences(out["recorded"], computed))
    out["mistakes"] = [] if states is None else mistakes_of(Context(record, record["events"], states, board))
    nxt = board.next_dealer()
    why = f"the next dealer is seat {nxt} (CS-1.3)"
    note_sitting(out, record, "_changsha_session", board.dealer, nxt, why)
    return out


def check_sessions(audits: list[dict[str, Any]]) -> None:
    """CS-1.3 across consecutive hands of a sitting: each hand's dealer is the previous hand's
    next dealer; the later hand is marked illegal (index None), as Sichuan's check does."""
    check_next_dealer(audits, "_changsha_session", reason)


def _same(name: str, got: object, want: object) -> bool:
    """One field: winners as a set (their order is not a rule), hands and qishou as sets of ids
    per seat (keys as strings, JSON's), everything else exactly."""
    if name == "winners":
        return isinstance(got, list) and sorted(map(repr, got)) == sorted(map(repr, want))  # type: ignore[call-overload]
    if name in ("hands", "qishou"):
        if not isinstance(got, Mapping) or not isinstance(want, Mapping):
            return False
        g = {str(k): sorted(map(str, v)) if isinstance(v, list) else v for k, v in got.items()}
        w = {str(k): sorted(v) for k, v in want.items()}
        return g == w
    return got == want


def differences(recorded: Mapping[str, Any] | None, computed: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each §9 result field the app gave that the engine settles differently."""
    return field_differences(recorded, computed, COMPARED, _same)
