"""What the 二人麻将 detectors share: one replay of the hand and the board before and after every
event.

Detectors ask the board itself what a seat could have done (push the ``hu`` that was not made on
a ``Board.clone()`` and let the board judge it: shape, 起胡, the ways of winning it knows) instead
of re-deriving the rules, so a finding is always against exactly what the rules allowed at that
moment (a 报听 lock, a flower still to expose, a seat that claimed and may only discard).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from replay.errors import InputError
from replay.findings import Finding, register, run_detectors
from replay.games.erren import tiles as T
from replay.games.erren.board import Board, Claim, IllegalEvent
from replay.games.erren.choose import Score
from replay.games.erren.params import Rules
from replay.games.erren.settle import amount

Detector = Callable[["Context"], Iterable[Finding]]

#: type -> detector, in registration order
DETECTORS: dict[str, Detector] = {}


def detector(kind: str) -> Callable[[Detector], Detector]:
    """Register a detector for the finding type ``kind`` (one detector per type)."""
    return register(DETECTORS, kind)


def severity(total: int | None) -> str:
    """One scale for 二人 costs in fan (T): ``high`` from 64 (四暗刻, 字一色 and up: a limit-size
    hand), ``medium`` from 24 (清一色, 七对: §10's 放大炮 line), ``low`` below."""
    if total is None:
        return "low"
    if total >= 64:
        return "high"
    if total >= 24:
        return "medium"
    return "low"


def tile_name(kind: int) -> str:
    return T.name(kind)


def fans_text(found: Score) -> str:
    """``qinglong 16 + hunyise 6 + jianke 2``: the fans as counted, for a message."""
    return " + ".join(f"{f.id} {f.value}" + (f" ×{f.n}" if f.n > 1 else "") for f in found.fans)


def paid_text(total: int, rules: Rules) -> str:
    """What T moves at this table (ER-6.3): ``26`` under ``fan``, ``34`` under ``guobiao``."""
    return f"T {total}, paid {amount(total, rules)}"


def waits_text(kinds: Sequence[int]) -> str:
    return " ".join(T.code(k) for k in kinds) or "none"


#: a whole board is kept every this many events; the others are rebuilt from it when asked
CHECKPOINT = 8


class View(NamedTuple):
    """What the detectors scan at every event, kept without a board: the phase, whose turn, the
    tile just drawn, the open window, and each seat's concealed counts and number of melds (a
    seat could win only on a shape, ER-4.1, which these answer)."""

    phase: str
    actor: int
    dealer: int
    drawn: int | None
    first_turn: bool
    claim: Claim | None
    hands: tuple[tuple[int, ...], ...]
    melds: tuple[int, ...]


class States:
    """The boards of one replay: ``states[i]`` before event ``i``, ``states[len(events)]`` after
    the last one (before ``finish``). A view is kept for every index and a board clone only every
    ``CHECKPOINT`` events; a board asked for is rebuilt from the checkpoint before it by pushing
    the events between (the same pushes, so the same board) and kept. Cloning the board at every
    event was most of the mistakes' cost, and the detectors need a board at a few events only.
    """

    def __init__(self, events: Sequence[Mapping[str, Any]]) -> None:
        self.events = events
        self.views: list[View] = []
        self.checkpoints: dict[int, Board] = {}
        self.boards: dict[int, Board] = {}

    def keep(self, board: Board) -> None:
        """Record the board as it stands: called before the first event and after each push."""
        i = len(self.views)
        a, b = board.seats
        self.views.append(
            View(
                board.phase,
                board.actor,
                board.dealer,
                board.drawn,
                board.first_turn,
                board.claim,
                (tuple(a.hand), tuple(b.hand)),
                (len(a.melds), len(b.melds)),
            )
        )
        if i % CHECKPOINT == 0:
            self.checkpoints[i] = board.clone()

    def __len__(self) -> int:
        return len(self.views)

    def __getitem__(self, index: int) -> Board:
        if not 0 <= index < len(self.views):
            raise IndexError(f"no board {index}: the replay kept {len(self.views)}")
        board = self.boards.get(index)
        if board is None:
            start = index - index % CHECKPOINT
            board = self.checkpoints[start].clone()
            for event in self.events[start:index]:
                board.push(event)
            self.boards[index] = board
        return board


@dataclass
class Context:
    """One replay of a legal, finished record, shared read-only by every detector.

    ``before(i)`` is the board before event ``i`` and ``after(i)`` the board after it, ``view(i)``
    the cheap ``View`` of ``before(i)``; ``final`` is the board after the record's end. Detectors
    must not push on these boards: ``clone()`` one to try something else.
    """

    record: Mapping[str, Any]
    events: Sequence[Mapping[str, Any]]
    states: States
    final: Board

    @classmethod
    def replay(cls, record: Mapping[str, Any]) -> Context:
        """Replay a validated record; raises ValueError unless every event is legal and it ends."""
        board = Board.from_record(record)
        events: Sequence[Mapping[str, Any]] = record["events"]
        states = States(events)
        states.keep(board)
        for i, event in enumerate(events):
            try:
                board.push(event)
            except (IllegalEvent, InputError) as err:
                raise ValueError(f"event {i} is illegal ({err}): mistakes need a legal hand") from None
            states.keep(board)
        board.finish()
        if not board.ended:
            raise ValueError("the hand did not finish: mistakes need a complete hand")
        return cls(record, events, states, board)

    @property
    def rules(self) -> Rules:
        return self.final.rules

    def before(self, index: int) -> Board:
        return self.states[index]

    def after(self, index: int) -> Board:
        return self.states[index + 1]

    def view(self, index: int) -> View:
        """``before(index)`` as a ``View`` (no board built)."""
        return self.states.views[index]

    def window_end(self, at: int) -> int:
        """The first event after the window event ``at`` opened that is not in it (``len(events)``
        when the record ends in the window)."""
        j = at + 1
        views = self.states.views
        while j < len(self.events) and views[j].phase == "claim":
            j += 1
        return j


def try_push(board: Board, *events: Mapping[str, Any]) -> Board | None:
    """The board after ``events`` on a clone, or None when the rules refuse one."""
    trial = board.clone()
    try:
        for event in events:
            trial.push(event)
    except (IllegalEvent, InputError):
        return None
    return trial


def _load() -> None:
    """Importing the package registers every module in it; a new file needs no other edit."""
    import replay.games.erren.mistakes.detectors  # noqa: F401


def run(context: Context) -> list[Finding]:
    _load()
    return run_detectors(DETECTORS, context)


def find_mistakes(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ``mistakes`` of a legal, finished record, sorted by (index, seat, type).

    Raises ValueError for a record that is illegal or unfinished: a mistake is only a mistake
    against what the rules allowed, which an illegal hand does not settle.
    """
    return mistakes_in(Context.replay(record))


def mistakes_in(context: Context) -> list[dict[str, Any]]:
    """``find_mistakes`` on a replay already made (the audit's: ``audit.replay`` keeps its boards)."""
    return [f.to_json() for f in run(context)]
