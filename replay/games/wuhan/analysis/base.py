"""What every mistake detector shares: the finding it reports and the replay it reads.

A hand is replayed once and the board kept before and after every event, so each detector can
ask "what could this seat do at that moment?" of the engine itself (``legal_actions``,
``judge_win``) instead of re-deriving the rules; a newcomer's detector sees exactly what the
others see and cannot disturb them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, NamedTuple

from replay.findings import SEVERITIES as SEVERITIES
from replay.findings import Finding as Finding
from replay.games.wuhan.analysis.positions import Positions
from replay.games.wuhan.board import DRAW_WAYS, Board, Draw, IllegalEvent
from replay.games.wuhan.hand import SELF_DRAWN_WAYS, Meld, pihu_shape, wind_kinds
from replay.games.wuhan.judge import Judgement, can_win_on
from replay.games.wuhan.ruleset import HAND_NAMES_ZH, Ruleset
from replay.games.wuhan.settle import Settlement
from replay.games.wuhan.table import SeatState, Win
from replay.shape import complete, improving_kinds, rule_tables
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


class Walk(NamedTuple):
    """``Context.walk``: what one pass over the events gathers for every detector and the facts."""

    offered: list[tuple[int, int, int, str, bool]]
    marks: list[tuple[int, int, int, str]]


@dataclass
class Context:
    """One replay of a legal record, shared read-only by every detector.

    ``before(i)`` is the board before event ``i`` and ``after(i)`` the board after it, built on
    demand from the replay's ``positions``; the hot paths read ``seats_before``/``seats_after``
    (each seat's state then) and ``draw_after`` instead, which build nothing. Detectors must
    not mutate what they are given; ``clone_board`` a board to try something else.
    """

    record: Mapping[str, Any]
    events: Sequence[Mapping[str, Any]]
    positions: Positions
    _judged: dict[tuple[int, int], Judgement | None] = field(default_factory=dict, repr=False)
    _opened: dict[int, bool] = field(default_factory=dict, repr=False)
    _shapes: dict[int, frozenset[int]] = field(default_factory=dict, repr=False)

    @classmethod
    def replay(cls, record: Mapping[str, Any]) -> Context:
        """Replay a validated record; raises ValueError unless every event is legal and it ends."""
        board = Board.from_record(record)
        events: Sequence[Mapping[str, Any]] = record["events"]
        positions = Positions(board)
        for i, event in enumerate(events):
            try:
                board.push(event)
            except IllegalEvent as err:
                why = err.reason.code
                raise ValueError(f"event {i} is illegal ({why}): mistakes need a legal hand") from None
            positions.record(board, event)
        if not board.ended:
            raise ValueError("the hand did not finish: mistakes need a complete hand")
        return cls(record, events, positions)

    # ------------------------------------------------------------------ the replay
    @property
    def rules(self) -> Ruleset:
        return self.positions.live.rules

    @property
    def laizi(self) -> int:
        return self.positions.live.laizi

    @property
    def final(self) -> Board:
        return self.positions.live

    @property
    def judgement(self) -> Judgement | None:
        """The judged win that ended the hand (None after a draw, 黄庄)."""
        return self.final.judgement

    @property
    def settlement(self) -> Settlement | None:
        return self.final.settlement

    def before(self, index: int) -> Board:
        return self.positions.board(index)

    def after(self, index: int) -> Board:
        return self.positions.board(index + 1)

    def seats_before(self, index: int) -> tuple[SeatState, ...]:
        """Each seat's state before event ``index`` (as ``before(index).seats``, nothing built)."""
        return self.positions.seats[index]

    def seats_after(self, index: int) -> tuple[SeatState, ...]:
        return self.positions.seats[index + 1]

    def draw_after(self, index: int) -> Draw | None:
        """``after(index).last_draw``, nothing built."""
        return self.positions.draw(index + 1)

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
        events = self.events
        # a win ends the hand: only the last action before it offered the tile that was taken
        winner, before_win = None, None
        if events and events[-1]["type"] == "hu":
            winner, before_win = int(events[-1]["seat"]), self.previous_action(len(events) - 1)
        draws = self.positions.draw
        make = tuple.__new__  # Offer(...) without the NamedTuple constructor's argument parsing
        add = out.append
        unclaimable = frozenset((*rules.pizi, laizi))
        haidi_play_on = rules.haidi_play_on
        for i, event in enumerate(events):
            kind = event["type"]
            if kind == "draw":
                draw = draws(i + 1)
                assert draw is not None
                taken = i == before_win and winner == draw.seat
                add(make(Offer, (i, draw.seat, draw.tile, SELF_DRAWN[draw.kind], None, taken, True)))
            elif kind == "discard" or (kind == "gang" and event["kind"] == "xu"):
                source, tile = event["seat"], KIND_OF[event["tile"]]
                if kind == "discard" and tile in unclaimable:
                    continue  # nobody may win on a discarded pizi or laizi
                if kind == "discard" and haidi_play_on and self.positions.live_tiles(i + 1) == 0:
                    continue  # a discard with the wall empty cannot be won on
                way = "discard" if kind == "discard" else "rob"
                if i != before_win:  # nobody won on it: each seat had its right
                    add(make(Offer, (i, (source + 1) % 4, tile, way, source, False, True)))
                    add(make(Offer, (i, (source + 2) % 4, tile, way, source, False, True)))
                    add(make(Offer, (i, (source + 3) % 4, tile, way, source, False, True)))
                    continue
                won = winner
                right = True
                for k in (1, 2, 3):
                    seat = (source + k) % 4
                    add(make(Offer, (i, seat, tile, way, source, seat == won, right)))
                    right = right and seat != won
        return out

    def _win_at(self) -> tuple[int | None, int | None]:
        """(the winner, the last action before its ``hu``): the one offer that can be taken."""
        events = self.events
        if events and events[-1]["type"] == "hu":
            return int(events[-1]["seat"]), self.previous_action(len(events) - 1)
        return None, None

    @cached_property
    def win_offer(self) -> Offer | None:
        """The offer the hand was won on (None for a draw, 黄庄): ``next(o for o in offers if
        o.taken)``, read off the last action before the win instead of building every offer."""
        winner, i = self._win_at()
        if winner is None or i is None:
            return None
        for at, seat, tile, way, drawn in reversed(self.offered):
            if at > i:
                continue
            if at < i:
                return None  # the last action before the win offered nothing
            if drawn:
                return Offer(i, seat, tile, way, None, True, True) if seat == winner else None
            return Offer(i, winner, tile, way, seat, True, True) if seat != winner else None
        return None

    @property
    def offered(self) -> list[tuple[int, int, int, str, bool]]:
        """Each event that offered a tile to win on, in order, as (index, seat, tile, way, drawn):
        a draw (``seat`` the drawer, the only one offered it), or a discard anybody may win on
        or a xu-gang (``seat`` the discarder or robbed seat, the other three offered it).

        ``offers``, ``offers_to``, ``chances``, ``wins`` and ``win_offer`` all read this list
        instead of each reading every event and its position again.
        """
        return self.walk.offered

    @cached_property
    def walk(self) -> Walk:
        """The one pass over the events the analysis makes: ``offered``, and ``marks`` for the
        per-seat facts (``replay.games.wuhan.analysis.facts``): each pizi or laizi a seat got
        (drew) or put out (discarded, ganged) and each open it made, with its own turn then
        (1 + its draws so far), in event order."""
        offered: list[tuple[int, int, int, str, bool]] = []
        marks: list[tuple[int, int, int, str]] = []
        add, mark = offered.append, marks.append
        rules, laizi = self.rules, self.laizi
        special = frozenset((*rules.pizi, laizi))  # nobody may win on them, discarded
        haidi_play_on = rules.haidi_play_on
        scalars = self.positions.scalars
        turns = [1, 1, 1, 1]
        for i, event in enumerate(self.events):
            kind = event["type"]
            if kind == "draw":
                draw = scalars[i + 1][4]  # ``positions.draw(i + 1)``
                assert draw is not None
                seat = event["seat"]
                turns[seat] += 1
                tile = draw.tile
                add((i, draw.seat, tile, SELF_DRAWN[draw.kind], True))
                if tile in special:
                    mark((seat, turns[seat], tile, "received"))
            elif kind == "discard":
                tile = KIND_OF[event["tile"]]
                seat = event["seat"]
                if tile in special:
                    mark((seat, turns[seat], tile, "discarded"))
                elif not (haidi_play_on and self.positions.live_tiles(i + 1) == 0):
                    add((i, seat, tile, "discard", False))  # not with the wall empty)
            elif kind == "chi" or kind == "peng":
                seat = event["seat"]
                mark((seat, turns[seat], -1, "opened"))
            elif kind == "gang":
                how = event["kind"]
                seat = event["seat"]
                if how == "xu":
                    add((i, seat, KIND_OF[event["tile"]], "rob", False))
                elif how == "ming":
                    mark((seat, turns[seat], -1, "opened"))
                elif how == "pizi" or how == "laizi":
                    tile = KIND_OF[event["tile"]]
                    if tile in special:
                        mark((seat, turns[seat], tile, "ganged"))
        return Walk(offered, marks)

    def offers_to(self, seats: frozenset[int]) -> list[Offer]:
        """``[o for o in offers if o.seat in seats]``, without building the others' offers."""
        out: list[Offer] = []
        winner, before_win = self._win_at()
        make = tuple.__new__
        add = out.append
        for i, seat, tile, way, drawn in self.offered:
            if drawn:
                if seat in seats:
                    add(make(Offer, (i, seat, tile, way, None, i == before_win and winner == seat, True)))
                continue
            won = winner if i == before_win else None
            right = True
            for k in (1, 2, 3):
                to = (seat + k) % 4
                if to in seats:
                    add(make(Offer, (i, to, tile, way, seat, to == won, right)))
                right = right and to != won
        return out

    def opened(self, state: SeatState) -> bool:
        """``state.opened`` (R-6.1), once per meld list: a seat's list is replaced when it melds."""
        melds = state.melds
        if not melds:
            return False
        found = self._opened.get(id(melds))
        if found is None:
            found = self._opened[id(melds)] = state.opened
        return found

    @cached_property
    def first_open(self) -> list[int]:
        """The first position each seat is open in (R-6.1), ``len(positions)`` for one never
        open: opens only grow, so a bisection of the positions finds it."""
        seats = self.positions.seats
        opened = self.opened

        def open_in(seat: int) -> Callable[[tuple[SeatState, ...]], bool]:
            return lambda position: opened(position[seat])

        return [
            bisect_left(seats, True, key=open_in(seat)) if opened(seats[-1][seat]) else len(seats)
            for seat in range(4)
        ]

    @cached_property
    def chances(self) -> list[tuple[Offer, SeatState]]:
        """The offers a seat let go that it might have won on, with its state then: not taken, its
        right to the tile (R-5.3), and the seat opened (R-6.2, which rules out most of them).
        ``wins`` and ``chances_holding`` are this list, walked without building it.

        The offers to a seat open then, built straight from the events (``offers`` filtered
        would give the same list): a seat's opens only grow (R-6.1), so one not open at the end
        had no chance all hand, and one open has none before its first open.
        """
        return self.chances_holding(None)

    def chances_holding(self, kinds: frozenset[int] | None) -> list[tuple[Offer, SeatState]]:
        """``[(o, s) for o, s in chances if not kinds.isdisjoint(s.hand)]``: the chances of a seat
        holding one of ``kinds`` then (every chance for ``None``), built only for those."""
        out: list[tuple[Offer, SeatState]] = []
        seats = self.positions.seats
        first = self.first_open
        start = min(first)
        if start == len(seats):
            return out  # nobody ever opened: nobody had a chance all hand
        free = (kinds or frozenset()).isdisjoint
        winner, before_win = self._win_at()
        make = tuple.__new__
        add = out.append
        for i, seat, tile, way, drawn in self.offered:
            p = i + 1
            if p < start:
                continue
            if drawn:
                if first[seat] <= p and not (i == before_win and winner == seat):  # not the win
                    state = seats[p][seat]
                    if kinds is None or not free(state.hand):
                        add((make(Offer, (i, seat, tile, way, None, False, True)), state))
                continue
            position = seats[p]
            for k in (1, 2, 3):
                to = (seat + k) % 4
                if i == before_win and to == winner:
                    break  # it won; the seats after it had no right to the tile
                if first[to] <= p:
                    state = position[to]
                    if kinds is None or not free(state.hand):
                        add((make(Offer, (i, to, tile, way, seat, False, True)), state))
        return out

    @cached_property
    def wins(self) -> list[tuple[Offer, Judgement]]:
        """The chances that were legal wins (``judge``), with their judgements.

        ``chances`` walked without building it: an offer is made only for a tile the seat's
        concealed tiles could win on (``shapes``), a few a hand.
        """
        out: list[tuple[Offer, Judgement]] = []
        seats = self.positions.seats
        first = self.first_open
        start = min(first)
        if start == len(seats):
            return out
        known = self._shapes
        laizi, rules = self.laizi, self.rules
        winner, before_win = self._win_at()
        for i, seat, tile, way, drawn in self.offered:
            p = i + 1
            if p < start:
                continue
            if drawn:
                if first[seat] > p or (i == before_win and winner == seat):
                    continue
                # on its own draw, the tiles it held before drawing (``shapes``, inlined)
                held = seats[i][seat]
                tiles = known.get(id(held))
                if tiles is None:
                    tiles = known[id(held)] = winning_tiles(held.hand, held.melds, laizi, rules)
                if tile in tiles:
                    offer = Offer(i, seat, tile, way, None, False, True)
                    judged = self.judge(offer)
                    if judged is not None:
                        out.append((offer, judged))
                continue
            position = seats[p]
            for k in (1, 2, 3):
                to = (seat + k) % 4
                if i == before_win and to == winner:
                    break
                if first[to] > p:
                    continue
                # the same concealed tiles for every discard until the seat acts
                held = position[to]
                tiles = known.get(id(held))
                if tiles is None:
                    tiles = known[id(held)] = winning_tiles(held.hand, held.melds, laizi, rules)
                if tile in tiles:
                    offer = Offer(i, to, tile, way, seat, False, True)
                    judged = self.judge(offer)
                    if judged is not None:
                        out.append((offer, judged))
        return out

    def judge(self, offer: Offer) -> Judgement | None:
        """The legal win the offer allowed this seat, or None; cached, detectors share it."""
        key = (offer.at, offer.seat)
        if key not in self._judged:
            self._judged[key] = self._judge(offer)
        return self._judged[key]

    def _judge(self, offer: Offer) -> Judgement | None:
        state = self.seats_after(offer.at)[offer.seat]
        if not self.opened(state):  # most seats, most of the time
            return None
        # the concealed tiles the offer finds: the same for every discard until the seat acts,
        # and on its own draw those it held before drawing: judge each set of tiles once
        held = self.seats_before(offer.at)[offer.seat] if offer.drawn else state
        if offer.tile not in self.shapes(held):
            return None
        if surely_unreadable(held.hand, held.melds, offer.tile, offer.way, self.laizi, self.rules):
            return None
        seat = replace(state, hand=list(held.hand))
        if not can_win_on(seat, offer.tile, offer.way, self.laizi, self.rules):
            return None
        judged = self.after(offer.at).judge_win(offer.seat, offer.win)
        return judged if judged.legal else None

    def shapes(self, held: SeatState) -> frozenset[int]:
        """The tiles a seat's concealed tiles could win on (``winning_tiles``), once per seat
        state: states are shared between the positions a seat did not act in."""
        found = self._shapes.get(id(held))
        if found is None:
            found = self._shapes[id(held)] = winning_tiles(held.hand, held.melds, self.laizi, self.rules)
        return found


def winning_tiles(hand: Sequence[int], melds: Sequence[Meld], laizi: int, rules: Ruleset) -> frozenset[int]:
    """The kinds ``x`` for which ``replay.games.wuhan.judge.could_win_shape(hand, melds, x, laizi, rules)``
    holds, for a hand of 3M+1 concealed tiles: the shape every win needs, which ``can_win_on``
    starts with. From the shanten tables in a few lookups instead of a shape check per kind,
    and nothing at all for a hand one or more tiles from ready, which is most of them.

    ``could_win_shape`` accepts a complete hand with any pair, the laizi read as themselves or
    wild. Read as themselves they can only do what a wildcard could, so the laizi-wild hand
    decides: one tile from complete (shanten 0), it completes on the kinds whose draw lowers
    its shanten, and on a drawn laizi (one wildcard more) when that completes it. 风一色/将一色
    need no structure: every kind of the family, and the laizi, when every tile is of it.
    """
    wild = hand.count(laizi)
    # the natural counts a byte each, summed in C (``group_keys`` without a count list)
    h = sum(map(_BYTE.__getitem__, hand)) - (wild << 8 * laizi)
    size = len(hand)
    # ``shanten_of_keys(keys, size, wild, "any") <= 0``, inlined: a hand of an open seat is
    # asked this at each of its turns, and most are one or more tiles from ready
    suit, honour, shift, s, nh, jt, kt, ft = rule_tables("any")
    k0, k1, k2, k3 = h & _SUIT, h >> 72 & _SUIT, h >> 144 & _SUIT, h >> 216
    c01 = jt[(suit[k0] >> shift & 255) * s + (suit[k1] >> shift & 255)]
    m = size // 3
    kept = ft[(kt[c01 * s + (suit[k2] >> shift & 255)] * nh + (honour[k3] >> shift & 255)) * 5 + m]
    out: set[int] | None = None
    if 3 * m + 1 - wild - kept <= 0:
        out = set(improving_kinds((k0, k1, k2, k3), size, "any"))
        if complete(list(h.to_bytes(NUM_KINDS, "little")), wild + 1, "any"):
            out.add(laizi)
        else:
            out.discard(laizi)
    for family, with_laizi in _FAMILIES.get((rules.pizi, laizi)) or _families(rules, laizi):
        if with_laizi.issuperset(hand) and all(t in family for m in melds for t in m.tiles):
            if out is None:
                out = set()
            out.update(family)
            out.add(laizi)
    if out is None:
        return _NOTHING
    return frozenset(k for k in out if hand.count(k) < 4)  # no fifth copy of a four held (issue #27)


_NOTHING: frozenset[int] = frozenset()  # most hands: one or more tiles from ready
_BYTE = tuple(1 << 8 * k for k in range(NUM_KINDS))
_SUIT = (1 << 72) - 1


#: (风一色's kinds, with the laizi), (将一色's, with the laizi) per (pizi, laizi): the laizi never
#: counts against a family
_FAMILIES: dict[tuple[tuple[int, ...], int], tuple[tuple[frozenset[int], frozenset[int]], ...]] = {}


def _families(rules: Ruleset, laizi: int) -> tuple[tuple[frozenset[int], frozenset[int]], ...]:
    winds = wind_kinds(rules)
    found = _FAMILIES[(rules.pizi, laizi)] = ((winds, winds | {laizi}), (JIANG, JIANG | {laizi}))
    return found


def surely_unreadable(
    hand: Sequence[int], melds: Sequence[Meld], tile: int, way: str, laizi: int, rules: Ruleset
) -> bool:
    """True only when ``replay.games.wuhan.hand.readings`` of the hand and tile is empty, so
    ``can_win_on`` is False, decided without the readings (the dearest part of a win check).

    A reading is a 屁胡 or a set of big hands (``_family``), and each big hand needs the tiles
    in plain view of it: 清一色 one suit, 风一色 winds, 将一色 2/5/8 tiles, 碰碰胡 every meld a
    triplet, 全求人 four opens and a discard. When none of that holds, only a 屁胡 could read,
    and R-4.3 rules it out with two laizi on a discard or a plain self-draw (``laizi_limit``
    ``held``; the other counting is left to ``readings``); otherwise its shape decides.
    """
    if rules.laizi_limit != "held":
        return False
    natural = {t for t in hand if t != laizi}
    if tile != laizi:
        natural.add(tile)
    for m in melds:
        natural.update(m.tiles)
    if not natural or all(m.is_triplet for m in melds):
        return False
    suits = {k // 9 for k in natural}
    if len(suits) == 1 and max(natural) < 27:
        return False
    if natural <= wind_kinds(rules) or natural <= JIANG:
        return False
    if way == "discard" and len(melds) == 4 and all(m.is_open for m in melds):
        return False
    held = sum(1 for t in hand if t == laizi) + (tile == laizi)
    if held >= 2 and way in ("discard", "self_draw"):
        return True  # no 屁胡 with two laizi, and no big hand in view
    counts = [0] * NUM_KINDS
    for t in hand:
        counts[t] += 1
    counts[tile] += 1
    if pihu_shape(counts, 0, laizi, rules):
        return False
    counts[laizi] = 0
    return not (held and pihu_shape(counts, held, laizi, rules))


def tile_name(kind: int) -> str:
    return CODES[kind]


def suit_name(kind: int) -> str:
    return SUIT_NAMES[kind // 9]
