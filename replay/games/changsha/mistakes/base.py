"""What the Changsha detectors share: one replay of the hand, the board before and after every
event, the windows others could win on, and the money a hand that did not happen would have
moved.

Detectors ask the board itself what a seat could have done (push an alternative on a
``Board.clone()`` and let the board settle it with its own birds, ``Board.finish``) instead of
re-deriving the rules, so a finding is always against exactly what the rules allowed at that
moment (漏胡 locks, the 开杠 lock, ``multi_hu``) and costs exactly what the table would have paid.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from replay.errors import InputError
from replay.findings import Finding, register, run_detectors
from replay.games.changsha.board import Board, IllegalEvent, name
from replay.games.changsha.params import Rules
from replay.games.changsha.reading import NAMES_ZH
from replay.games.changsha.scoring import Payment
from replay.table.run import Recorder as Recorder  # the audit imports it from here
from replay.table.run import try_push as try_push  # the detectors import it from here

Detector = Callable[["Context"], Iterable[Finding]]

#: type -> detector, in registration order
DETECTORS: dict[str, Detector] = {}


def detector(kind: str) -> Callable[[Detector], Detector]:
    """Register a detector for the finding type ``kind`` (one detector per type)."""
    return register(DETECTORS, kind)


def severity(cost: int, rules: Rules) -> str:
    """One scale for Changsha costs, in small self-draw units (``units[0]``: S3's 10, the app's
    2): a 平胡 self-draw collects 3–4 units, a big discard win 6, a big self-draw with a bird 8
    or more, two big hands with birds 24 and up."""
    units = cost / max(rules.units[0], 1)
    if units >= 24:
        return "high"
    if units >= 6:
        return "medium"
    return "low"


def tile_name(kind: int) -> str:
    return name(kind)


def hands_zh(hands: Sequence[str]) -> str:
    return " + ".join(f"{NAMES_ZH[h]} ({h})" for h in hands)


class Window(NamedTuple):
    """A tile others could win on (a discard, a xu-kong's tile, the 开杠 tiles, the exposed 海底):
    the event that opened it, the one that closed it (None: the record ended in it). A tuple,
    not a frozen dataclass: a hand opens dozens and a frozen dataclass is slow to build."""

    at: int
    close: int | None
    seat: int  # the discarder, the ganger, the 海底 taker
    tiles: tuple[int, ...]
    rob: bool
    kai: bool
    haidi: bool
    winners: tuple[int, ...]  # the seats whose hu the window collected


@dataclass
class Context:
    """One replay of a legal, finished record, shared read-only by every detector.

    ``states[i]`` is the board before event ``i`` and ``states[i + 1]`` the board after it;
    ``final`` is the board after the record's end (birds drawn, settled). Detectors must not push
    on these boards: ``clone()`` one to try something else.
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
        try:
            board.finish()
        except IllegalEvent as err:
            raise ValueError(f"the hand cannot be settled ({err})") from None
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

    def board_at(self, index: int | None) -> Board:
        """The board before event ``index``; None: after the last event (the record's end)."""
        return self.states[-1] if index is None else self.states[index]

    @cached_property
    def windows(self) -> list[Window]:
        """Every window in event order, from the event that opened it to the one that closed it.

        A window on the exposed 海底 opens with the event after the take that is not the taker's
        own win: another seat's hu, or a 黄庄 that closes it at once when nobody wins it.
        """
        out = []
        states, events = self.states, self.events  # before(i) is states[i], after(i) states[i + 1]
        n = len(events)
        i = 0
        while i < n:
            before, after = states[i], states[i + 1]
            if before.phase == "haidi_taken" and after.phase == "ended":
                assert before.drawn is not None
                out.append(Window(i, i, before.actor, (before.drawn,), False, False, True, ()))
            elif after.phase == "claim" and before.phase != "claim" and after.claim is not None:
                claim = after.claim
                tiles = tuple(sorted(set(after.kai_tiles))) if after.kai_tiles else (claim.tile,)
                j = i + 1
                while j < n and states[j].phase == "claim" and states[j + 1].phase == "claim":
                    j += 1
                hus = tuple(
                    int(events[k]["seat"]) for k in range(i, min(j + 1, n)) if events[k].get("type") == "hu"
                )
                kai = bool(after.kai_tiles)
                out.append(
                    Window(i, j if j < n else None, claim.seat, tiles, claim.rob, kai, claim.haidi, hus)
                )
                i = j
                continue
            i += 1
        return out

    def payments_from(self, index: int) -> list[Payment]:
        """The payments settled from event ``index`` on (the end's, and any later opening hand's)."""
        return self.final.payments[len(self.before(index).payments) :]

    def net_from(self, index: int, seat: int) -> int:
        """What ``seat`` received minus paid from event ``index`` on."""
        return sum(
            p.amount if p.payee == seat else -p.amount
            for p in self.payments_from(index)
            if seat in (p.payee, p.payer)
        )


def settled(board: Board, seat: int) -> tuple[int, tuple[str, ...]] | None:
    """What ``seat`` collects when ``board`` (a clone holding a win not yet settled) is settled
    with its own birds (CS-6.4), and the hands it won; None when the birds cannot be known (a
    record without a wall) or the seat does not win (``multi_hu: false``)."""
    trial = board.clone()
    try:
        trial.finish()
    except IllegalEvent:
        return None
    win = next((w for w in trial.wins if w.seat == seat), None)
    if win is None:
        return None
    return sum(p.amount for p in trial.payments[len(board.payments) :] if p.payee == seat), win.win.hands


def _load() -> None:
    """Importing the package registers every module in it; a new file needs no other edit."""
    import replay.games.changsha.mistakes.detectors  # noqa: F401


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
