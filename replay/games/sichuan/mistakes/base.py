"""What the Sichuan detectors share: one replay of the hand, the board before and after every
event, the claim windows and the money each one moved, and the registry.

Detectors ask the board itself what a seat could have done (push an alternative on a
``Board.clone()``; ``win_reading``, ``waits_of``, the 过水 lock) instead of re-deriving the
rules, so a finding is always against exactly what the rules allowed at that moment.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from replay.errors import InputError
from replay.findings import Finding, register, run_detectors
from replay.games.sichuan import tiles as T
from replay.games.sichuan.board import Board, IllegalEvent
from replay.games.sichuan.ledger import Transfer
from replay.games.sichuan.params import SichuanRules
from replay.games.sichuan.reading import NAMES_ZH
from replay.table.run import Recorder as Recorder  # the audit imports it from here
from replay.table.run import try_push as try_push  # the detectors import it from here

Detector = Callable[["Context"], Iterable[Finding]]

#: type -> detector, in registration order
DETECTORS: dict[str, Detector] = {}


def detector(kind: str) -> Callable[[Detector], Detector]:
    """Register a detector for the finding type ``kind`` (one detector per type)."""
    return register(DETECTORS, kind)


def severity(coins: int, base: int) -> str:
    """One scale for Sichuan costs, in units of the table's 底注: a 平胡 moves 1–5 units, a
    清一色 with a 根 8 or more, a 龙七对 or 花猪 16 and up."""
    units = coins / base
    if units >= 16:
        return "high"
    if units >= 4:
        return "medium"
    return "low"


def tile_name(kind: int) -> str:
    return T.name(kind)


def hand_zh(hand: str) -> str:
    return f"{NAMES_ZH[hand]} ({hand})"


@dataclass(frozen=True)
class Window:
    """A discard or 补杠 others could claim: who won on it and the event that closed it."""

    at: int
    seat: int  # the discarder or the seat making the 补杠
    tile: int
    rob: bool
    winners: tuple[int, ...]  # the seats whose hu followed, in event order
    close: int | None  # the event that closed the window (None: the record ended on it)


@dataclass
class Context:
    """One replay of a legal, finished record, shared read-only by every detector.

    ``states[i]`` is the board before event ``i`` and ``states[i + 1]`` the board after it;
    ``final`` is the board after the record's end (an open win window settled). Detectors must
    not push on these boards: ``clone()`` one to try something else.
    """

    record: Mapping[str, Any]
    events: Sequence[Mapping[str, Any]]
    states: list[Board]
    final: Board

    @classmethod
    def replay(cls, record: Mapping[str, Any]) -> Context:
        """Replay a validated record; raises ValueError unless every event is legal and it ends."""
        board = Board.from_record(record)
        events: Sequence[Mapping[str, Any]] = record["events"]
        recorder = Recorder(board)
        for i, event in enumerate(events):
            try:
                recorder.push(event)
            except (IllegalEvent, InputError) as err:
                raise ValueError(f"event {i} is illegal ({err}): mistakes need a legal hand") from None
        states = recorder.states
        board.finish()
        if not board.ended:
            raise ValueError("the hand did not finish: mistakes need a complete hand")
        return cls(record, events, states, board)

    @property
    def rules(self) -> SichuanRules:
        return self.final.rules

    @property
    def base(self) -> int:
        return self.final.rules.base

    def before(self, index: int) -> Board:
        return self.states[index]

    def after(self, index: int) -> Board:
        return self.states[index + 1]

    @cached_property
    def windows(self) -> list[Window]:
        """Every discard and 补杠 in event order, with the hu events that followed it."""
        out = []
        for i, event in enumerate(self.events):
            kind = event.get("type")
            claim = self.after(i).claim
            if claim is None or not (kind == "discard" or (kind == "gang" and event.get("kind") == "xu")):
                continue
            winners: list[int] = []
            close = None
            for j in range(i + 1, len(self.events)):
                e = self.events[j]
                if e.get("type") == "hu":
                    winners.append(int(e["seat"]))
                elif e.get("type") != "pass":
                    close = j
                    break
            out.append(Window(i, claim.seat, claim.tile, claim.rob, tuple(winners), close))
        return out

    def settled_by(self, window: Window) -> list[Transfer]:
        """The transfers the window's close made (its wins, 呼叫转移; a closing 流局 adds §6's)."""
        if window.close is None:
            return self.final.ledger.transfers[len(self.states[-1].ledger.transfers) :]
        start = len(self.before(window.close).ledger.transfers)
        return self.after(window.close).ledger.transfers[start:]

    def transfers(self, kinds: Iterable[str], payer: int | None = None) -> list[Transfer]:
        """The hand's transfers of these kinds (from ``payer``), in settlement order."""
        wanted = set(kinds)
        return [
            t for t in self.final.ledger.transfers if t.kind in wanted and (payer is None or t.payer == payer)
        ]

    def last_discard(self, seat: int) -> int | None:
        return next(
            (
                i
                for i in range(len(self.events) - 1, -1, -1)
                if self.events[i].get("type") == "discard" and self.events[i].get("seat") == seat
            ),
            None,
        )


def _load() -> None:
    """Importing the package registers every module in it; a new file needs no other edit."""
    import replay.games.sichuan.mistakes.detectors  # noqa: F401


def run(context: Context) -> list[Finding]:
    _load()
    return run_detectors(DETECTORS, context)


def mistakes_of(context: Context) -> list[dict[str, Any]]:
    """The ``mistakes`` of a replayed hand (the audit's ``Context``), sorted by (index, seat, type)."""
    return [f.to_json() for f in run(context)]


def find_mistakes(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ``mistakes`` of a legal, finished record, sorted by (index, seat, type).

    Raises ValueError for a record that is illegal or unfinished: a mistake is only a mistake
    against what the rules allowed, which an illegal hand does not settle.
    """
    return mistakes_of(Context.replay(record))
