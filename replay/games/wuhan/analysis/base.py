"""What every mistake detector shares: the finding it reports and the replay it reads.

A hand is replayed once and the board kept before and after every event, so each detector can
ask "what could this seat do at that moment?" of the engine itself (``legal_actions``,
``judge_win``) instead of re-deriving the rules; a newcomer's detector sees exactly what the
others see and cannot disturb them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, NamedTuple

from replay.findings import SEVERITIES as SEVERITIES
from replay.findings import Finding as Finding
from replay.games.wuhan.board import DRAW_WAYS, Board, IllegalEvent
from replay.games.wuhan.hand import SELF_DRAWN_WAYS, Meld, wind_kinds
from replay.games.wuhan.judge import Judgement, can_win_on
from replay.games.wuhan.ruleset import HAND_NAMES_ZH, Ruleset
from replay.games.wuhan.settle import Settlement
from replay.games.wuhan.table import SeatState, Win
from replay.shape import shanten
from replay.tiles import CODES, JIANG, KIND_OF, NUM_KINDS

#: the way a win on each kind of draw is won (R-3.7's haidi replacement draw included)
SELF_DRAWN = DRAW_WAYS
SUIT_NAMES = ("万", "条", "筒")


def severity_by_points(points: int) -> str:
    """One scale for every cost in points, so 'high' means the same thing across types.

    A 屁胡 rarely moves more than 30 points per seat; a big hand (base 10) moves 100 or more.
    """
    if points >= 100:
        return "high"
    if points >= 30:
        return "medium"
    return "low"


def hands_zh(settlement: Settlement) -> str:
    return "+".join(HAND_NAMES_ZH[h] for h in settlement.reading.hands)


def clone_board(board: Board, like: Board | None = None) -> Board:
    """A copy that later pushes cannot change (the board mutates hands and rivers in place).

    Far cheaper than ``copy.deepcopy``: the wall, the rules and the melds are never mutated, so
    only the per-seat lists are copied, and with ``like`` (an earlier copy) a seat or river
    whose contents did not change is shared with it instead of copied again.
    """
    out = object.__new__(Board)
    state = out.__dict__
    state.update(board.__dict__)
    seats: list[SeatState] = []
    for i, s in enumerate(board.seats):
        old = like.seats[i] if like is not None else None
        if (
            old is not None
            and s.hand == old.hand
            and s.melds == old.melds
            and s.pizi_gangs == old.pizi_gangs
            and s.laizi_gangs == old.laizi_gangs
            and s.pizi_discards == old.pizi_discards
            and s.laizi_discards == old.laizi_discards
            and s.pi_gangs == old.pi_gangs
            and s.pi_discards == old.pi_discards
        ):
            seats.append(old)
        else:
            seats.append(replace(s, hand=list(s.hand), melds=list(s.melds)))
    state["seats"] = seats
    rivers = like.discards if like is not None else None
    state["discards"] = [
        rivers[i] if rivers is not None and river == rivers[i] else list(river)
        for i, river in enumerate(board.discards)
    ]
    state["passes"] = set(board.passes)
    state["seen"] = like.seen if like is not None and like.seen == board.seen else list(board.seen)
    return out


class Offer(NamedTuple):
    """A moment a tile was there for a seat to win on: a discard, its own draw, a xu-gang.

    ``taken``: this seat won on it. ``has_right``: no seat before it in turn order won on the
    tile (R-5.3, 一炮单响), so the seat could have claimed the win itself. A tuple, not a
    dataclass: a hand has a couple of hundred of them and they are built on every replay.
    """

    at: int  # the event that offered the tile
    seat: int
    tile: int
    way: str  # replay.games.wuhan.hand.WAYS
    source: int | None
    taken: bool
    has_right: bool

    @property
    def drawn(self) -> bool:
        return self.way in SELF_DRAWN_WAYS

    @property
    def win(self) -> Win:
        return Win(self.way, self.tile, self.source)


@dataclass
class Context:
    """One replay of a legal record, shared read-only by every detector.

    ``states[i]`` is the board before event ``i`` and ``states[i + 1]`` the board after it.
    Detectors must not mutate these boards; ``clone_board`` one to try something else.
    """

    record: Mapping[str, Any]
    events: Sequence[Mapping[str, Any]]
    states: list[Board]
    _judged: dict[tuple[int, int], Judgement | None] = field(default_factory=dict, repr=False)
    _hopeless: dict[int, bool] = field(default_factory=dict, repr=False)

    @classmethod
    def replay(cls, record: Mapping[str, Any]) -> Context:
        """Replay a validated record; raises ValueError unless every event is legal and it ends."""
        board = Board.from_record(record)
        events: Sequence[Mapping[str, Any]] = record["events"]
        states = [clone_board(board)]
        for i, event in enumerate(events):
            try:
                board.push(event)
            except IllegalEvent as err:
                why = err.reason.code
                raise ValueError(f"event {i} is illegal ({why}): mistakes need a legal hand") from None
            states.append(clone_board(board, states[-1]))
        if not board.ended:
            raise ValueError("the hand did not finish: mistakes need a complete hand")
        return cls(record, events, states)

    # ------------------------------------------------------------------ the replay
    @property
    def rules(self) -> Ruleset:
        return self.states[0].rules

    @property
    def laizi(self) -> int:
        return self.states[0].laizi

    @property
    def final(self) -> Board:
        return self.states[-1]

    @property
    def judgement(self) -> Judgement | None:
        """The judged win that ended the hand (None after a draw, 黄庄)."""
        return self.final.judgement

    @property
    def settlement(self) -> Settlement | None:
        return self.final.settlement

    def before(self, index: int) -> Board:
        return self.states[index]

    def after(self, index: int) -> Board:
        return self.states[index + 1]

    def next_action(self, index: int) -> int | None:
        """The first event after ``index`` that is not a ``pass`` (passes change nothing)."""
        for j in range(index + 1, len(self.events)):
            if self.events[j]["type"] != "pass":
                return j
        return None

    def previous_action(self, index: int) -> int | None:
        for j in range(index - 1, -1, -1):
            if self.events[j]["type"] != "pass":
                return j
        return None

    # ------------------------------------------------------------------ chances to win
    @cached_property
    def offers(self) -> list[Offer]:
        """Every tile offered to a seat to win on, in event order (and turn order within one)."""
        out: list[Offer] = []
        rules, laizi = self.rules, self.laizi
        for i, event in enumerate(self.events):
            kind = event["type"]
            if kind == "draw":
                draw = self.after(i).last_draw
                assert draw is not None
                taken = self._won_next(i) == draw.seat
                out.append(Offer(i, draw.seat, draw.tile, SELF_DRAWN[draw.kind], None, taken, True))
            elif kind == "discard" or (kind == "gang" and event["kind"] == "xu"):
                source, tile = event["seat"], KIND_OF[event["tile"]]
                if kind == "discard" and (tile in rules.pizi or tile == laizi):
                    continue  # nobody may win on a discarded pizi or laizi
                if kind == "discard" and rules.haidi_play_on and self.after(i).live == 0:
                    continue  # a discard with the wall empty cannot be won on
                way = "discard" if kind == "discard" else "rob"
                winner = self._won_next(i)
                right = True
                for k in (1, 2, 3):
                    seat = (source + k) % 4
                    out.append(Offer(i, seat, tile, way, source, seat == winner, right))
                    right = right and seat != winner
        return out

    def _won_next(self, index: int) -> int | None:
        j = self.next_action(index)
        if j is not None and self.events[j]["type"] == "hu":
            return int(self.events[j]["seat"])
        return None

    @cached_property
    def win_offer(self) -> Offer | None:
        """The offer the hand was won on (None for a draw, 黄庄)."""
        return next((o for o in self.offers if o.taken), None)

    def judge(self, offer: Offer) -> Judgement | None:
        """The legal win the offer allowed this seat, or None; cached, detectors share it."""
        key = (offer.at, offer.seat)
        if key not in self._judged:
            self._judged[key] = self._judge(offer)
        return self._judged[key]

    def _judge(self, offer: Offer) -> Judgement | None:
        board = self.after(offer.at)
        state = board.seats[offer.seat]
        if not state.melds or not state.opened:  # most seats, most of the time
            return None
        hand = list(state.hand)
        if offer.drawn:
            hand.remove(offer.tile)
            if no_win_possible(hand, state.melds, board.laizi, board.rules):
                return None
        else:  # the seat's tiles are the same for every discard until it acts: judge them once
            hopeless = self._hopeless.get(id(state))
            if hopeless is None:
                hopeless = no_win_possible(hand, state.melds, board.laizi, board.rules)
                self._hopeless[id(state)] = hopeless
            if hopeless:
                return None
        seat = replace(state, hand=hand)
        if not can_win_on(seat, offer.tile, offer.way, board.laizi, board.rules):
            return None
        judged = board.judge_win(offer.seat, offer.win)
        return judged if judged.legal else None


def no_win_possible(hand: Sequence[int], melds: Sequence[Meld], laizi: int, rules: Ruleset) -> bool:
    """No single tile could give these concealed tiles a winning shape: a cheap way to skip
    ``can_win_on`` for the seats that are far from a win, which is most seats at most offers.

    ``replay.games.wuhan.judge.could_win_shape`` (the shape every win needs) asks for a complete hand with any
    pair, laizi wild or read as themselves, or a 风一色/将一色 family; one tile lowers the shanten
    (any pair, laizi wild) by at most one, so a hand at least one from ready cannot complete.
    """
    counts = [0] * NUM_KINDS
    for t in hand:
        counts[t] += 1
    wild = counts[laizi]
    counts[laizi] = 0
    if shanten(counts, wild, "any") < 1:
        return False
    for family in (wind_kinds(rules), JIANG):
        if all(t in family for t in hand if t != laizi) and all(t in family for m in melds for t in m.tiles):
            return False
    return True


def tile_name(kind: int) -> str:
    return CODES[kind]


def suit_name(kind: int) -> str:
    return SUIT_NAMES[kind // 9]
