"""Every position of one replay, kept as what each event changed (issue #15).

The mistake analysis asks about the board before and after any event. Copying the board after
every event (``clone_board``) cost more than the replay itself; an event changes one seat's
tiles and one river at most, so ``Positions`` keeps, per event, the seat states and rivers
shared with the position before except the ones the event touched, and the board's scalar
fields as one tuple. Detectors read the seats, rivers and draws directly (the hot paths); a
whole ``Board`` is built only when one is asked for (``board``), exactly as it stood.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from operator import attrgetter
from typing import Any

from replay.games.wuhan.board import Board, Draw
from replay.games.wuhan.table import SeatState

#: the Board fields an event may rebind (the rules, dealer, indicator, laizi and wall never change)
_SCALARS = (
    "front",
    "back",
    "phase",
    "turn",
    "last_draw",
    "last_discard",
    "pending_xu",
    "last_gang",
    "haidi_drawn",
    "judgement",
    "ended_by",
    "events",
)
_CONSTANT = ("rules", "dealer", "indicator", "laizi", "wall")
_scalars = attrgetter(*_SCALARS)
#: events that change no seat's tiles, melds or counts
_NO_SEAT = frozenset({"pass", "huangzhuang"})
#: gangs that change a seat's hand and counts but not its melds (R-4.1 痞子杠, R-4.2 赖子杠): the
#: position shares the meld list of the one before, as after a draw, so that the analysis' caches
#: keyed by a meld list (``_Quick.melds``, ``Context.opened``) find it again
_NO_MELD_GANGS = frozenset({"pizi", "laizi"})

River = tuple[tuple[int, int | None], ...]
_new_seat = object.__new__
#: _PUT[i](t, x): the 4-tuple t with x in place i
_PUT = (
    lambda t, x: (x, t[1], t[2], t[3]),
    lambda t, x: (t[0], x, t[2], t[3]),
    lambda t, x: (t[0], t[1], x, t[3]),
    lambda t, x: (t[0], t[1], t[2], x),
)


def seat_copy(state: SeatState) -> SeatState:
    """A copy later pushes cannot change: the hand and meld lists are the mutable parts."""
    out = object.__new__(SeatState)
    fields = state.__dict__.copy()
    fields["hand"] = state.hand.copy()
    fields["melds"] = state.melds.copy()
    out.__dict__ = fields
    return out


class Positions:
    """The positions of a replay: ``0`` before the first event, ``i + 1`` after event ``i``.

    ``record`` is called by the replay after each event it pushed
    (``replay.games.wuhan.audit.replay_events``), so the verdict and the analysis share one
    replay. The seat states and rivers handed out are shared between positions: nobody may
    mutate them (copy a seat with ``seat_copy``).
    """

    def __init__(self, board: Board) -> None:
        self._constant = {name: getattr(board, name) for name in _CONSTANT}
        self._deal_seen = list(board.seen)
        self.seats: list[tuple[SeatState, ...]] = [tuple(seat_copy(s) for s in board.seats)]
        self.rivers: list[tuple[River, ...]] = [tuple(tuple(r) for r in board.discards)]
        #: the Board's scalar fields (``_SCALARS``) at each position; ``[4]`` is ``last_draw``
        self.scalars: list[tuple[Any, ...]] = [_scalars(board)]
        self._passes: list[tuple[int, ...]] = [tuple(board.passes)]
        self.live: Board = board  # the board being replayed; after the last event, the final one
        self._built: dict[int, Board] = {}
        self._seats_now, self._rivers_now = self.seats[0], self.rivers[0]
        self._add_seats, self._add_rivers = self.seats.append, self.rivers.append
        self._add_scalars, self._add_passes = self.scalars.append, self._passes.append

    def record(self, board: Board, event: Any) -> None:
        """Keep the position after ``event``, which was just pushed onto ``board``.

        What an event changes (``replay.games.wuhan.board``): a draw, a pizi or laizi gang its
        seat's hand (and counts); a discard its seat's hand, counts and river; a claim its seat's
        hand and melds and the discarder's river; another gang its seat; a win (the last event)
        any seat and river, so all are kept then.
        """
        kind = event["type"]
        seats = self._seats_now
        rivers = self._rivers_now
        if kind == "draw" or kind == "discard" or (kind == "gang" and event["kind"] in _NO_MELD_GANGS):
            seat = event["seat"]
            live = board.seats[seat]
            snap = _new_seat(SeatState)
            fields = live.__dict__.copy()
            fields["hand"] = live.hand.copy()
            fields["melds"] = seats[seat].melds
            snap.__dict__ = fields
            seats = _PUT[seat](seats, snap)  # none changes the melds: shared with the last state
            if kind == "discard":
                rivers = _PUT[seat](rivers, tuple(board.discards[seat]))
        elif kind == "hu":
            seats = tuple(seat_copy(s) for s in board.seats)
            rivers = tuple(tuple(r) for r in board.discards)
        elif kind not in _NO_SEAT:  # chi, peng, gang
            seat = event["seat"]
            state = board.seats[seat]
            seats = _PUT[seat](seats, seat_copy(state))
            if kind != "gang" or event["kind"] == "ming":  # a claim marks the discarder's river
                source = state.melds[-1].source
                assert source is not None
                rivers = _PUT[source](rivers, tuple(board.discards[source]))
        self._seats_now = seats
        self._rivers_now = rivers
        self._add_seats(seats)
        self._add_rivers(rivers)
        self._add_scalars(_scalars(board))
        self._add_passes(tuple(board.passes) if board.passes else ())

    def push_all(self, board: Board, events: Iterable[Mapping[str, Any]]) -> None:
        """``board.push`` of each event then ``record``, in one loop: the audit's replay (issue #15).

        The same positions ``record`` keeps, with its work inlined: a hand is a hundred events
        and a method call each cost a tenth of the analysis. Stops at the first illegal event
        (``IllegalEvent``, as ``push`` raises it), the positions then those before it.
        """
        push = board.push
        seats, rivers = self._seats_now, self._rivers_now
        add_seats, add_rivers = self._add_seats, self._add_rivers
        add_scalars, add_passes = self._add_scalars, self._add_passes
        scalars, new, put = _scalars, _new_seat, _PUT
        no_seat, no_meld = _NO_SEAT, _NO_MELD_GANGS
        try:
            for event in events:
                push(event)
                kind = event["type"]
                live_seats, live_rivers = board.seats, board.discards  # (a push may rebind them)
                if kind == "draw" or kind == "discard" or (kind == "gang" and event["kind"] in no_meld):
                    seat = event["seat"]
                    live = live_seats[seat]
                    snap = new(SeatState)
                    fields = live.__dict__.copy()  # then two keys set: twice as fast as {**d, ...}
                    fields["hand"] = live.hand.copy()
                    fields["melds"] = seats[seat].melds
                    snap.__dict__ = fields
                    # ``put[seat](seats, snap)``, inlined: nine events in ten come here
                    if seat == 0:
                        seats = (snap, seats[1], seats[2], seats[3])
                    elif seat == 1:
                        seats = (seats[0], snap, seats[2], seats[3])
                    elif seat == 2:
                        seats = (seats[0], seats[1], snap, seats[3])
                    else:
                        seats = (seats[0], seats[1], seats[2], snap)
                    if kind == "discard":
                        rivers = put[seat](rivers, tuple(live_rivers[seat]))
                elif kind == "hu":
                    seats = tuple(seat_copy(s) for s in live_seats)
                    rivers = tuple(tuple(r) for r in live_rivers)
                elif kind not in no_seat:  # chi, peng, gang
                    seat = event["seat"]
                    state = live_seats[seat]
                    seats = put[seat](seats, seat_copy(state))
                    if kind != "gang" or event["kind"] == "ming":
                        source = state.melds[-1].source
                        assert source is not None
                        rivers = put[source](rivers, tuple(live_rivers[source]))
                add_seats(seats)
                add_rivers(rivers)
                add_scalars(scalars(board))
                passes = board.passes
                add_passes(tuple(passes) if passes else ())
        finally:
            self._seats_now, self._rivers_now = seats, rivers

    # ------------------------------------------------------------------ reading
    def __len__(self) -> int:
        return len(self.seats)

    def draw(self, position: int) -> Draw | None:
        """The board's ``last_draw`` at a position (a Draw is never mutated, only replaced)."""
        return self.scalars[position][4]  # type: ignore[no-any-return]

    def live_tiles(self, position: int) -> int:
        """The board's ``live`` at a position: tiles left to draw."""
        front, back = self.scalars[position][:2]
        return back - front + 1  # type: ignore[no-any-return]

    def board(self, position: int) -> Board:
        """The whole board at a position, built once and then shared (do not mutate it)."""
        if position == len(self.seats) - 1:
            return self.live
        built = self._built.get(position)
        if built is None:
            built = self._built[position] = self._build(position)
        return built

    def _build(self, position: int) -> Board:
        out = object.__new__(Board)
        d = out.__dict__
        d.update(self._constant)
        d.update(zip(_SCALARS, self.scalars[position], strict=True))
        d["seats"] = list(self.seats[position])
        d["discards"] = [list(r) for r in self.rivers[position]]
        d["passes"] = set(self._passes[position])
        d["seen"] = self._seen(position)
        return out

    def _seen(self, position: int) -> list[int]:
        """Deal mode's conservation counts: the deal's, plus every tile drawn so far."""
        seen = list(self._deal_seen)
        if self._constant["wall"] is None:
            for p in range(1, position + 1):
                draw = self.scalars[p][4]
                if draw is not None and draw is not self.scalars[p - 1][4]:
                    seen[draw.tile] += 1
        return seen
