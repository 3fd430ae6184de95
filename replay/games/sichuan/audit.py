"""Auditing ``sichuan-hand/1`` records: validate, replay every event, recompute every transfer, diff.

The output has the shape of Wuhan's audit (``replay audit --json``: ``status``, ``first_illegal``
with the event index and SC rule, ``errors``, ``computed``, ``recorded``, ``differences``) plus
``"game": "sichuan"``; ``computed`` is the §10 ``result`` the engine settles, with a receipt per win.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import partial
from typing import Any

from replay.audit_common import blank_audit, conclude, field_differences, note_sitting, replay_or_stop
from replay.games.sichuan.board import Board
from replay.games.sichuan.mistakes import Context, Recorder, mistakes_of
from replay.games.sichuan.reasons import reason
from replay.next_dealer import check_next_dealer
from replay.reasons import Reason
from replay.table.run import push_events

COMPARED = ("wins", "huazhu", "tenpai", "transfers", "next_dealer", "deltas")
_WIN_FIELDS = ("seat", "from", "tile", "hand", "gen", "ways", "multiple")


def replay(
    record: Mapping[str, Any], states: list[Board] | None = None
) -> tuple[Board, int | None, Reason | None]:
    """Push every event; stop at the first illegal one. Raises InputError naming the field.
    ``states``: a list that receives the board before the first event and after each one (the
    mistakes' ``Context``), so the analysis reads this replay instead of replaying the hand."""
    board = Board.from_record(record)
    target = board if states is None else Recorder(board, states)
    stop = push_events(target, record.get("events"))
    if stop is not None:
        return board, *stop
    board.finish()
    if not board.ended:
        return board, len(record["events"]), reason("hand_not_finished")
    return board, None, None


def audit_validated(
    record: Mapping[str, Any], location: str | None = None, analysis: bool = True
) -> dict[str, Any]:
    """``replay audit`` of a ``sichuan-hand/1`` record its schema accepted; ``analysis=False``
    (``--no-analysis``) leaves the mistakes list empty and keeps the verdict."""
    out = blank_audit(record, location, "sichuan")
    states: list[Board] | None = [] if analysis else None
    board = replay_or_stop(out, partial(replay, states=states), record)
    if board is None:
        return out
    computed = board.result()
    computed["receipts"] = [w.receipt() for w in board.wins]
    computed["ended_by"] = board.ended_by
    conclude(out, computed, differences(out["recorded"], computed, board))
    out["mistakes"] = [] if states is None else mistakes_of(Context(record, record["events"], states, board))
    note_sitting(out, record, "_sichuan_session", board.dealer, board.next_dealer(), _dealer_why(board))
    return out


def _dealer_why(board: Board) -> str:
    if not board.wins:
        stay = board.rules.draw_dealer == "stay"
        return "no one won, so the dealer " + (
            "stays (draw_dealer stay)" if stay else "passes to its 下家 (draw_dealer next)"
        )
    multiple, source = board.first_win_multiple
    if multiple:
        return f"the first win was a multiple win (一炮多响) on seat {source}'s tile: the discarder deals"
    return f"seat {board.wins[0].seat} won first and deals next"


def check_sessions(audits: list[dict[str, Any]]) -> None:
    """SC-1.3 across consecutive hands of a sitting: each hand's dealer is the previous hand's next
    dealer. Marks the later hand illegal (index None), as Wuhan's R-2.2 check does."""
    check_next_dealer(audits, "_sichuan_session", reason)


def _same_win(got: Mapping[str, Any], want: Mapping[str, Any], tied: tuple[str, ...]) -> bool:
    for name in _WIN_FIELDS:
        if name not in got:
            continue
        if name == "hand":
            if got["hand"] != want["hand"] and got["hand"] not in tied:
                return False
        elif name == "ways":
            if not isinstance(got["ways"], list) or sorted(map(str, got["ways"])) != sorted(want["ways"]):
                return False
        elif got[name] != want[name]:
            return False
    return True


def _transfer_key(t: object) -> tuple[str, ...]:
    if not isinstance(t, Mapping):
        return (repr(t),)
    return tuple(repr(t.get(k)) for k in ("kind", "from", "to", "amount"))


def differences(
    recorded: Mapping[str, Any] | None, computed: Mapping[str, Any], board: Board
) -> list[dict[str, Any]]:
    """Each result field the app gave that the engine settles differently.

    Wins compare field by field (a tied hand-type row is as right, SC-4.2; ways in any order);
    transfers compare as a multiset (the order of payers within one step is not a rule);
    ``huazhu``/``tenpai`` as sets.
    """

    def same(name: str, got: Any, want: Any) -> bool:
        if name == "wins":
            return (
                isinstance(got, list)
                and len(got) == len(want)
                and all(
                    isinstance(g, Mapping) and _same_win(g, w, rec.tied)
                    for g, w, rec in zip(got, want, board.wins, strict=False)
                )
            )
        if name == "transfers":
            return isinstance(got, list) and Counter(map(_transfer_key, got)) == Counter(
                map(_transfer_key, want)
            )
        if name in ("huazhu", "tenpai"):
            return isinstance(got, list) and sorted(map(repr, got)) == sorted(map(repr, want))
        return bool(got == want)

    return field_differences(recorded, computed, COMPARED, same)
