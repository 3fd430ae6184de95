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
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from replay.errors import InputError
from replay.findings import Finding, register, run_detectors
from replay.games.changchun.board import Board, IllegalEvent, name
from replay.games.changchun.params import Rules
from replay.games.changchun.reading import FAN_ZH
from replay.table.claims import Claim
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


class Window(NamedTuple):
    """A tile others could win on (a discard, the tile a xu-gang or 补杠 adds): the event that
    opened it, the one that closed it (None: the record ended in it), who declared wins. (A
    named tuple: a hand makes forty of them, and a frozen dataclass is slow to build.)"""

    at: int
    close: int | None
    seat: int  # the discarder or the ganger
    tile: int
    rob: bool
    winners: tuple[int, ...]


#: the replay keeps a full board every CHECKPOINT events; any other state a detector asks for is
#: rebuilt from the nearest one below it (a clone and fewer than CHECKPOINT pushes), so a hand
#: costs a few copies of the board, not one per event (each copy is some thirty objects the
#: garbage collector walks while they live; the detectors ask for few states)
CHECKPOINT = 24

#: the events a window's claim phase survives (a declaration, a 报听, a pass, a leak); any other
#: legal event closes it (a draw, a claim, a look, 荒庄)
KEEP_WINDOW = frozenset({"hu", "ting", "pass", "bao_leak"})
#: the claims of a discard (a gang: only a ming-gang)
CLAIMED = frozenset({"chi", "peng", "gang"})


class Walk:
    """What one replay of a legal record leaves the detectors, gathered as the events are pushed
    (``see(board, i)`` before event ``i`` and once after the last, ``i == len(events)``): the
    phase and window of every state, checkpoints, and the boards of the moments a seat's tiles
    could have won (its W(s) held the tile: ``Board.hu_in_reach``), the only ones a detector
    pushes a ``hu`` on. The audit's own replay feeds it, so a hand is replayed once."""

    def __init__(self, events: Sequence[Mapping[str, Any]]) -> None:
        self.events = events
        self.n = len(events)
        #: boards kept: every CHECKPOINT events, the last state, and the board before each
        #: claimed meld (what ``broke_menqing`` reads, with the discard after it)
        self.kept: dict[int, Board] = {}
        self.windows: list[Window] = []
        #: state index -> the board a window closed on, when some seat's tiles could win it
        self.window_boards: dict[int, Board] = {}
        self.own: list[Offer] = []  # self-draw, 天胡 and 对宝 chances in reach
        self._open: tuple[int, Claim] | None = None  # the open window: its event, its claim
        self._hus: list[int] = []  # who declared a win on it
        self._reach = False
        self._seen: set[tuple[int, int]] = set()

    def see(self, board: Board, i: int) -> None:
        """Note the board before event ``i`` (after the last one when ``i`` is the count).
        Called once per event: it does the least it can unless a window or a turn matters."""
        phase = board.phase
        n = self.n
        if i % CHECKPOINT == 0 or i == n:
            self.kept[i] = board.clone()
        if phase == "claim":
            claim = board.claim
            if self._open is None and claim is not None:  # event i - 1 opened a window
                self._open = (i - 1, claim)
                self._hus = []
                self._reach = board.window_in_reach()
        elif self._open is not None:  # event i - 1 closed it
            self._close(i - 1)
        if i == n:
            if self._open is not None:
                if self._reach:
                    self.window_boards[i] = self.kept[i]
                self._close(None)
            return
        event = self.events[i]
        kind = event.get("type")
        if phase == "claim":
            if kind == "hu":
                self._hus.append(int(event["seat"]))
            elif kind not in KEEP_WINDOW:  # event i closes the window
                if self._reach:
                    kept = self.kept.get(i)
                    self.window_boards[i] = kept if kept is not None else board.clone()
                if kind in CLAIMED and (kind != "gang" or event.get("kind") == "ming") and i not in self.kept:
                    self.kept[i] = board.clone()
        elif phase == "act":
            if kind in ("discard", "gang"):
                self._self_draw(board, i)
        elif phase == "draw" and board.looked_now:
            s = board.actor
            if (kind != "hu" or event.get("seat") != s) and board.hu_in_reach(s):
                bao = board.bao
                assert bao is not None
                what = f"on the 宝 {tile_name(bao)} it looked at (对宝)"
                self.own.append(Offer(i, s, board.clone(), {"type": "hu", "seat": s}, what))

    def _close(self, close: int | None) -> None:
        assert self._open is not None
        at, claim = self._open
        self.windows.append(Window(at, close, claim.seat, claim.tile, claim.rob, tuple(self._hus)))
        self._open = None

    def _self_draw(self, board: Board, i: int) -> None:
        """A self-draw the actor did not take (its first action after a draw, or the dealer's
        dealt 14), kept when its tiles could win it."""
        s = board.actor
        drawn = board.drawn
        if drawn is None and not (s == board.dealer and not board.seats[s].discarded):
            return
        key = (s, board.live)
        if key in self._seen:
            return
        self._seen.add(key)
        if board.hu_in_reach(s):
            what = "on its dealt tiles (天胡)" if drawn is None else f"by self-draw of {tile_name(drawn)}"
            self.own.append(Offer(i, s, board.clone(), {"type": "hu", "seat": s}, what))


@dataclass
class Context:
    """One replay of a legal, finished record, shared read-only by every detector.

    ``before(i)`` is the board before event ``i`` and ``after(i)`` the board after it (rebuilt
    on demand from the replay's checkpoints); ``final`` is the board after the record's end
    (settled). Detectors must not push on these boards: ``clone()`` one to try something else.
    """

    record: Mapping[str, Any]
    events: Sequence[Mapping[str, Any]]
    walk: Walk
    final: Board
    _states: dict[int, Board] = field(default_factory=dict)

    @classmethod
    def replay(cls, record: Mapping[str, Any]) -> Context:
        """Replay a validated record; raises ValueError unless every event is legal and it ends."""
        board = Board.from_record(record)
        events: Sequence[Mapping[str, Any]] = record["events"]
        walk = Walk(events)
        for i, event in enumerate(events):
            walk.see(board, i)
            try:
                board.push(event)
            except (IllegalEvent, InputError) as err:
                raise ValueError(f"event {i} is illegal ({err}): mistakes need a legal hand") from None
        walk.see(board, len(events))
        board.finish()
        return cls.walked(record, walk, board)

    @classmethod
    def walked(cls, record: Mapping[str, Any], walk: Walk, final: Board) -> Context:
        """The context of a replay ``walk`` saw to its end; ``final`` is its board, finished."""
        if not final.ended:
            raise ValueError("the hand did not finish: mistakes need a complete hand")
        return cls(record, walk.events, walk, final)

    @property
    def rules(self) -> Rules:
        return self.final.rules

    def state(self, index: int) -> Board:
        """The board before event ``index`` (``len(events)``: after the last one, unsettled),
        rebuilt from the nearest checkpoint or state already rebuilt below it."""
        board = self.walk.kept.get(index)
        if board is None:
            board = self._states.get(index)
        if board is None:
            start = index - index % CHECKPOINT
            base = self.walk.kept[start]
            for states in (self.walk.kept, self._states):  # a nearer board kept or rebuilt
                for k, kept in states.items():
                    if start < k < index:
                        start, base = k, kept
            board = base.clone()
            for event in self.events[start:index]:
                board.push(event)
            self._states[index] = board
        return board

    def before(self, index: int) -> Board:
        return self.state(index)

    def after(self, index: int) -> Board:
        return self.state(index + 1)

    def board_at(self, index: int | None) -> Board:
        """The board before event ``index``; None: after the last event (the record's end)."""
        return self.state(len(self.events) if index is None else index)

    @property
    def windows(self) -> list[Window]:
        """Every window in event order, from the event that opened it to the one that closed it."""
        return self.walk.windows

    @cached_property
    def chances(self) -> list[Offer]:
        """``offers``: every moment a seat could have pushed a ``hu`` its tiles could win."""
        out = list(self.walk.own)
        n = len(self.events)
        for w in self.windows:
            board = self.walk.window_boards.get(n if w.close is None else w.close)
            if board is None:  # no seat's W(s) held the tile
                continue
            for s in board.seats_after(w.seat):
                if s in w.winners or not board.hu_in_reach(s):
                    continue
                how = (
                    f"robbing seat {w.seat}'s gang of {tile_name(w.tile)} (抢胡)"
                    if w.rob
                    else f"on seat {w.seat}'s {tile_name(w.tile)}"
                )
                out.append(Offer(w.at, s, board, {"type": "hu", "seat": s, "tile": CODES[w.tile]}, how))
        out.sort(key=lambda o: (o.at, o.seat))
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
    """Every moment a seat had the turn or a window to win in and tiles that could win there
    (W(s) held the tile, ``Board.hu_in_reach``), in event order: a window's tile (each seat but
    the discarder that did not declare), a self-draw (its first action after a draw, or the
    dealer's dealt 14), and 对宝 right after a look. Whether the win was legal is the board's
    answer when the caller pushes ``hu``; a moment its tiles could not win is left out, since
    the board would refuse that ``hu`` whatever else stood."""
    return ctx.chances
