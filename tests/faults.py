"""Injected engine faults (issue #27): the game's own judge or replayer raises for one marked input.

The isolation tests make the engine fail on purpose on exactly one input and check that the
others are answered as without the fault. The fault sits where a real engine bug sits, inside
the game: Wuhan's ``judge`` (evaluate) and ``replay_events`` (every audit), Sichuan's evaluate
and ``replay``. An input is marked by content the tests choose: a described win by its winner's
hand, a record by its ``hand_id``.

``install_*`` patch the running process (a forked worker inherits them); spawned workers (the
store's pools) import this module by name through ``in_worker``'s wrappers, which install the
fault there before doing the real work. ``python -m tests.faults ARGS`` is ``replay ARGS`` with
the faults installed, for a test that runs the command line in a real subprocess.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any

#: the ``hand_id`` of the records the injected audit fault fails on
MARKED = "fault-marked"
#: the message of the injected exception (a test finds it in the error's message)
BOOM = "injected fault for the isolation tests"


class InjectedFault(RuntimeError):
    """What the patched engine raises: stands for any bug (an IndexError in shape.py, say)."""


def _marked(record: Mapping[str, Any]) -> bool:
    return record.get("hand_id") == MARKED


#: how a fault is put in: ``setattr`` for good (a subprocess, a spawned worker) or a test's
#: ``monkeypatch.setattr``, undone after the test
Patch = Callable[[Any, str, Any], None]


def install_audit_fault(patch: Patch = setattr) -> None:
    """Both games' replayers raise for a record whose ``hand_id`` is ``MARKED``."""
    import replay.games.sichuan.audit as sichuan
    import replay.games.wuhan.audit as wuhan

    if getattr(wuhan.replay_events, "injected", False):
        return
    real_wuhan, real_sichuan = wuhan.replay_events, sichuan.replay

    def wuhan_replay(record: Mapping[str, Any], *args: Any, **kwargs: Any) -> Any:
        if _marked(record):
            raise InjectedFault(BOOM)
        return real_wuhan(record, *args, **kwargs)

    def sichuan_replay(record: Mapping[str, Any], *args: Any, **kwargs: Any) -> Any:
        if _marked(record):
            raise InjectedFault(BOOM)
        return real_sichuan(record, *args, **kwargs)

    wuhan_replay.injected = True  # type: ignore[attr-defined]
    patch(wuhan, "replay_events", wuhan_replay)
    patch(sichuan, "replay", sichuan_replay)


def install_evaluate_fault(hands: list[str], patch: Patch = setattr) -> None:
    """Wuhan's ``judge`` and Sichuan's evaluate raise for a described win whose winner holds one
    of ``hands`` (space-separated tiles, in any order)."""
    import replay.games.sichuan.evaluate as sichuan
    import replay.games.wuhan.evaluate as wuhan
    from replay.tiles import parse_tiles

    marks = [sorted(h.split()) for h in hands]
    wuhan_marks = [sorted(parse_tiles(h.split(), "hand")) for h in hands]
    if getattr(wuhan.judge, "injected", False):
        return
    real_judge, real_sichuan = wuhan.judge, sichuan._evaluate

    def judge(table: Any, winner: int, win: Any) -> Any:
        if sorted(table.seats[winner].hand) in wuhan_marks:
            raise InjectedFault(BOOM)
        return real_judge(table, winner, win)

    def sichuan_evaluate(value: Any) -> Any:
        try:
            hand = sorted(value["seats"][value["winner"]]["hand"])
        except (KeyError, IndexError, TypeError):
            hand = None
        if hand in marks:
            raise InjectedFault(BOOM)
        return real_sichuan(value)

    judge.injected = True  # type: ignore[attr-defined]
    patch(wuhan, "judge", judge)
    patch(sichuan, "_evaluate", sichuan_evaluate)


def build_in_worker(*args: Any, **kwargs: Any) -> Any:
    """``store.prepare._build_in_worker`` in a spawned worker, the audit fault installed first
    (a test puts this in its place: a spawned worker imports it by name)."""
    from store.prepare import _build_in_worker

    install_audit_fault()
    return _build_in_worker(*args, **kwargs)


def reaudit_audits(*args: Any, **kwargs: Any) -> Any:
    """``store.reaudit._reaudit_audits`` in a spawned worker, the audit fault installed first."""
    from store.reaudit import _reaudit_audits

    install_audit_fault()
    return _reaudit_audits(*args, **kwargs)


def main(argv: list[str]) -> None:
    """``python -m tests.faults [--mark-hand "TILES"]... ARGS``: ``replay ARGS`` with the audit
    fault and, for each ``--mark-hand``, the evaluate fault on that winner's hand."""
    from cli.main import main as replay

    hands = []
    while len(argv) >= 2 and argv[0] == "--mark-hand":
        hands.append(argv[1])
        argv = argv[2:]
    install_audit_fault()
    install_evaluate_fault(hands)
    replay(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
