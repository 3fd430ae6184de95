"""Auditing ``changchun-hand/1`` records: replay every event, recompute every payment, diff.

The output has the keys of the other games' audits (``status``, ``first_illegal`` with the event
index, the CC rule and the reason code, ``errors``, ``computed``, ``recorded``, ``differences``,
``mistakes``) plus ``"game": "changchun"``. ``computed`` is §9's ``result`` as the engine settles
it (the winner alone after 截胡, its fans, n(L) per payer, win money and gang money apart) with
each payment's receipt, so a disputed amount can be checked by hand; ``differences`` lists each
field the app settled otherwise. Every 宝 event was checked as it came against what was visible
then (the board kills the 宝 at the third visible tile), so a 宝 win the table could not have
had is an illegal event, not a difference.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from replay.errors import InputError
from replay.games.changchun.board import Board, IllegalEvent
from replay.games.changchun.mistakes.base import Context, Walk, run
from replay.games.changchun.reasons import reason
from replay.next_dealer import check_next_dealer
from replay.reasons import Reason

#: §9's result fields, in the order differences are listed
COMPARED = ("winner", "discarder", "way", "hands", "fan", "win_deltas", "gang_deltas", "deltas")


def _blank(record: Mapping[str, Any], location: str | None) -> dict[str, Any]:
    def ident(key: str) -> str | None:
        value = record.get(key)
        return value if isinstance(value, str) else None

    out: dict[str, Any] = {
        "hand_id": ident("hand_id"),
        "source": ident("source"),
        "game": "changchun",
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
    record: Mapping[str, Any], watch: Callable[[Board, int], None] | None = None
) -> tuple[Board, int | None, Reason | None]:
    """Push every event and settle; stop at the first illegal one (its index, its reason).
    Raises InputError naming the field a record cannot be read by. ``watch(board, i)`` sees the
    board before each event ``i`` and once after the last (before the settlement): the mistakes'
    ``Walk`` gathers there what its detectors need, so the hand is replayed once."""
    board = Board.from_record(record)
    events = record.get("events")
    if not isinstance(events, list):
        raise InputError("events", "must be a list of events")
    for i, event in enumerate(events):
        if not isinstance(event, Mapping):
            raise InputError(f"events[{i}]", "must be an object")
        if watch is not None:
            watch(board, i)
        try:
            board.push(event)
        except IllegalEvent as err:
            return board, i, err.reason
        except InputError as err:
            raise err.at(f"events[{i}]") from None
        except (KeyError, TypeError, IndexError, ValueError) as err:
            raise InputError(f"events[{i}]", f"malformed event: {err!r}") from None
    if watch is not None:
        watch(board, len(events))
    board.finish()
    if not board.ended:
        return board, len(events), reason("hand_not_finished", state=f"phase {board.phase}")
    return board, None, None


def audit_validated(
    record: Mapping[str, Any], location: str | None = None, analysis: bool = True
) -> dict[str, Any]:
    """``replay audit`` of a ``changchun-hand/1`` record its schema accepted. ``analysis`` is
    the mistakes switch: on, a legal finished hand lists §10's M1–M5 (``mistakes``), each judged
    on what that seat knew; ``--no-analysis`` leaves the list empty and keeps the verdict."""
    out = _blank(record, location)
    events = record.get("events")
    walk = Walk(events) if analysis and isinstance(events, list) else None
    try:
        board, index, why = replay(record, walk.see if walk is not None else None)
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
    out["mistakes"] = (
        [f.to_json() for f in run(Context.walked(record, walk, board))] if walk is not None else []
    )
    session = record.get("session")
    if isinstance(session, Mapping) and "id" in session and "hand_no" in session:
        nxt = board.next_dealer()
        why_next = (
            "the dealer keeps the deal (won or 荒庄, CC-1.3)"
            if nxt == board.dealer
            else f"seat {board.winner} won, so the dealer's 下家 seat {nxt} deals (CC-1.3)"
        )
        out["_changchun_session"] = (
            out["source"],
            session["id"],
            session["hand_no"],
            board.dealer,
            nxt,
            why_next,
        )
    return out


def check_sessions(audits: list[dict[str, Any]]) -> None:
    """CC-1.3 across consecutive hands of a sitting: each hand's dealer is the previous hand's
    next dealer; the later hand is marked illegal (index None), as the other games' checks do."""
    check_next_dealer(audits, "_changchun_session", reason)


def _same(name: str, got: object, want: object) -> bool:
    """One field: ``hands`` as a set of fan ids (their order is not a rule), the rest exactly."""
    if name == "hands":
        return isinstance(got, list) and isinstance(want, list) and sorted(got) == sorted(want)
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
