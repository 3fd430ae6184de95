"""What the Changchun detectors share: one replay of the hand, the board before and after every
event, the windows others could win on, and the win money a hand that did not happen would
have moved.

Detectors ask the board itself what a seat could have done (push an alternative on a
``Board.clone()`` and let the board settle it, ``Board.finish``) instead of re-deriving the rules,
so a finding is always against exactly what the rules allowed that seat at that moment: the
board lets a seat win by 宝 only after it looked at that 宝 (CC-4.4 – CC-4.6), never after it
leaked (CC-4.8), never twice on one tile (截胡, CC-2.3), so what the seat did not know cannot
make a mistake.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from replay.errors import InputError
from replay.findings import Finding, register, run_detectors
from replay.games.changchun.board import Board, IllegalEvent, name
from replay.games.changchun.params import Rules
from replay.games.changchun.reading import FAN_ZH
from replay.tiles import CODES

Detector = Callable[["Context"], Iterable[Finding]]

#: type -> detector, in registration order
DETECTORS: dict[str, Detector] = {}


def detector(kind: str) -> Callable[[Detector], Detector]:
    """Register a detector for the finding type ``kind`` (one detector per type)."""
    return register(DETECTORS, kind)


def severity(cost: int, rules: Rules) -> str:
    """One scale for Changchun costs, in the ladder's first step (``ladder[0]``: 1 at changchun,
    2 at changchun-250): a 平胡 on a discard moves about 5, a 门清 self-draw with the dealer 16
    a payer, a 宝 win or 飘胡 self-draw 32 and more."""
    units = cost / max(min(rules.ladder), 1)
    if units >= 32:
        return "high"
    if units >= 8:
        return "medium"
    return "low"


def tile_name(kind: int) -> str:
    return name(kind)


def hands_zh(hands: Sequence[str]) -> str:
    return " + ".join(f"{FAN_ZH[h]} ({h})" for h in hands)


@dataclass(frozen=True)
class Window:
    """A tile others could win on (a discard, the tile a xu-gang or 补杠 adds): the event that
    opened it, the one that closed it (None: the record ended in it), who declared wins."""

    at: int
    close: int | None
    seat: int  # the discarder or the ganger
    tile: int
    rob: bool
    winners: tuple[int, ...]


@dataclass
class Context:
    """One replay of a legal, finished record, shared read-only by every detector.

    ``states[i]`` is the board before event ``i`` and ``states[i + 1]`` the board after it;
    ``final`` is the board after the record's end (settled). Detectors must not push on these
    boards: ``clone()`` one to try something else.
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
        states = [board.clone()]
        for i, event in enumerate(events):
            try:
                board.push(event)
            except (IllegalEvent, InputError) as err:
                raise ValueError(f"event {i} is illegal ({err}): mistakes need a legal hand") from None
            states.append(board.clone())
        final = board.clone()
        final.finish()
        if not final.ended:
            raise ValueError("the hand did not finish: mistakes need a complete hand")
        return cls(record, events, states, final)

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
        """Every window in event order, from the event that opened it to the one that closed it."""
        out = []
        n = len(self.events)
        i = 0
        while i < n:
            before, after = self.before(i), self.after(i)
            if before.phase != "claim" and after.phase == "claim" and after.claim is not None:
                claim = after.claim
                j = i + 1
                while j < n and self.after(j).phase == "claim":
                    j += 1
                hus = tuple(
                    int(self.events[k]["seat"])
                    for k in range(i + 1, min(j + 1, n))
                    if self.events[k].get("type") == "hu" and self.before(k).phase == "claim"
                )
                out.append(Window(i, j if j < n else None, claim.seat, claim.tile, claim.rob, hus))
                i = j
                continue
            i += 1
        return out

    def win_money(self, seat: int) -> int:
        """The win money ``seat`` collected at the end (gang money apart)."""
        return sum(p.amount for p in self.final.payments if p.kind == "win" and p.payee == seat)


def try_push(board: Board, *events: Mapping[str, Any]) -> Board | None:
    """The board after ``events`` on a clone, or None when the rules refuse one."""
    trial = board.clone()
    try:
        for event in events:
            trial.push(event)
    except (IllegalEvent, InputError):
        return None
    return trial


def won(board: Board, seat: int) -> tuple[int, tuple[str, ...]] | None:
    """The win money ``seat`` collects when ``board`` (a clone holding a win, settled or on an
    open window) is settled, and its fan ids; None when another seat wins it (截胡, CC-2.3)."""
    trial = board.clone()
    trial.finish()
    if trial.winner != seat or trial.win is None:
        return None
    money = sum(p.amount for p in trial.payments if p.kind == "win" and p.payee == seat)
    return money, trial.win.hands


def _load() -> None:
    """Importing the package registers every module in it; a new file needs no other edit."""
    import replay.games.changchun.mistakes.detectors  # noqa: F401


def run(context: Context) -> list[Finding]:
    _load()
    return run_detectors(DETECTORS, context)


def find_mistakes(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ``mistakes`` of a legal, finished record, sorted by (index, seat, type).

    Raises ValueError for a record that is illegal or unfinished: a mistake is only a mistake
    against what the rules allowed, which an illegal hand does not settle.
    """
    return [f.to_json() for f in run(Context.replay(record))]


@dataclass(frozen=True)
class Offer:
    """A moment a seat might have pushed ``hu``: the event index, the seat, the board to push it
    on and how the win would have come."""

    at: int
    seat: int
    board: Board
    hu: dict[str, Any]
    how: str


def offers(ctx: Context) -> list[Offer]:
    """Every moment a seat had the turn or a window to win in, in event order: a window's tile
    (each seat but the discarder that did not declare), a self-draw (its first action after a
    draw, or the dealer's dealt 14), and 对宝 right after a look. Whether the win was legal is
    the board's answer when the caller pushes ``hu``."""
    out: list[Offer] = []
    for w in ctx.windows:
        board = ctx.board_at(w.close)
        for s in board.seats_after(w.seat):
            if s in w.winners:
                continue
            how = (
                f"robbing seat {w.seat}'s gang of {tile_name(w.tile)} (抢胡)"
                if w.rob
                else f"on seat {w.seat}'s {tile_name(w.tile)}"
            )
            out.append(Offer(w.at, s, board, {"type": "hu", "seat": s, "tile": CODES[w.tile]}, how))
    seen: set[tuple[int, int]] = set()
    for i, event in enumerate(ctx.events):
        before = ctx.before(i)
        s = before.actor
        if event.get("type") == "hu" and event.get("seat") == s:
            continue
        if before.phase == "act" and event.get("type") in ("discard", "gang"):
            first = s == before.dealer and not before.seats[s].discarded and before.drawn is None
            if (before.drawn is None and not first) or (s, before.live) in seen:
                continue
            seen.add((s, before.live))
            what = (
                "on its dealt tiles (天胡)"
                if before.drawn is None
                else f"by self-draw of {tile_name(before.drawn)}"
            )
            out.append(Offer(i, s, before, {"type": "hu", "seat": s}, what))
        elif before.phase == "draw" and before.looked_now:
            bao = before.bao
            assert bao is not None
            out.append(
                Offer(
                    i, s, before, {"type": "hu", "seat": s}, f"on the 宝 {tile_name(bao)} it looked at (对宝)"
                )
            )
    out.sort(key=lambda o: (o.at, o.seat))
    return out
