"""A record's events run through a table board: the two loops every tile game's audit and
mistake analysis wrote alike (Sichuan, Changsha, and the games built after them).

- ``push_events``: the audit's loop. It stops at the first illegal event (its index and
  reason) and turns what a record cannot be read by into an ``InputError`` naming
  ``events[i]``; finishing the hand (birds, an open window) stays with the game, which knows
  what may still be refused then.
- ``Recorder``: the audit's pushes kept as ``snapshot``s before the first event and after each
  one, so the mistake analysis reads the audit's own replay instead of replaying the hand again
  (Sichuan, Changsha).
- ``try_push``: an alternative tried on a clone (detectors, bots): the board after it, or None
  when the rules refuse it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, Protocol, TypeVar

from replay.errors import InputError
from replay.reasons import Reason
from replay.table.board import IllegalEvent

#: what a malformed event raises in a board's handlers by default (a missing key, a wrong type)
MALFORMED: tuple[type[Exception], ...] = (KeyError, TypeError, IndexError)


class _Pushable(Protocol):
    def push(self, event: Mapping[str, Any]) -> None: ...


B = TypeVar("B", bound="_Clonable")


class _Clonable(_Pushable, Protocol):
    def clone(self: B) -> B: ...


def push_events(
    board: _Pushable, events: object, malformed: tuple[type[Exception], ...] = MALFORMED
) -> tuple[int, Reason] | None:
    """Push every event of ``events`` (the record's ``events`` field) on ``board``.

    None when every event was legal; else the index of the first illegal one and its reason.
    Raises InputError naming ``events`` / ``events[i]`` for a record that cannot be read: not a
    list, an event that is not an object, or one a handler fails on with one of ``malformed``
    (a game whose handlers parse values may add ValueError).
    """
    if not isinstance(events, list):
        raise InputError("events", "must be a list of events")
    for i, event in enumerate(events):
        if not isinstance(event, Mapping):
            raise InputError(f"events[{i}]", "must be an object")
        try:
            board.push(event)
        except IllegalEvent as err:
            return i, err.reason
        except InputError as err:
            raise err.at(f"events[{i}]") from None
        except malformed as err:
            raise InputError(f"events[{i}]", f"malformed event: {err!r}") from None
    return None


S = TypeVar("S", bound="_Snapshotting")


class _Snapshotting(_Pushable, Protocol):
    def snapshot(self: S, previous: S | None = None, /) -> S: ...


class Recorder(Generic[S]):
    """Pushes events on a board and keeps its ``snapshot`` before the first and after each one
    (a game's mistake ``Context.states``); each snapshot may share with the previous one what the
    event did not change."""

    def __init__(self, board: S, states: list[S] | None = None) -> None:
        self.board = board
        self.states = [] if states is None else states
        self.states.append(board.snapshot())

    def push(self, event: Mapping[str, Any]) -> None:
        self.board.push(event)
        self.states.append(self.board.snapshot(self.states[-1]))


def try_push(board: B, *events: Mapping[str, Any]) -> B | None:
    """The board after ``events`` on a clone, or None when the rules refuse one (``board`` is
    never changed)."""
    trial = board.clone()
    try:
        for event in events:
            trial.push(event)
    except (IllegalEvent, InputError):
        return None
    return trial
