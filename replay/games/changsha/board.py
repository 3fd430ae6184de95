"""The Changsha table as a hand is played (长沙麻将, CS-1 to CS-6): push events, python-chess style.

``Board.push`` applies one event of a ``changsha-hand/1`` record (changsha.md §9) or raises
``IllegalEvent`` with the CS rule and a reason code. The board derives everything else: whose turn
it is, which tile each draw takes out of the stacks (front, 补张 back, 开杠 dice picks; the wall is
a ``StackedWall`` because dice picks take tiles out of the middle), who could have won and did
not (漏胡), the way each win was made (天胡, 地胡, 海底, 杠上开花/炮, 抢杠胡), the birds (扎鸟) and
every payment with its receipt. The rules core (``reading``, ``scoring``) reads wins and settles
one winner; the board decides who pays, where birds are counted from and who deals next.

Phases (what the next event may be):

- ``act``: the actor's own turn (after a draw, a claim, or the dealer's 14 tiles);
- ``claim``: a window on a tile from a seat: a discard, a xu-kong's added tile (抢杠), the exposed
  海底, or the 开杠 tiles (``kai_tiles``); wins are collected in ``claim.hus``;
- ``draw``: a front draw is due (``actor``); ``replace``: 补张 / 开杠 picks are due;
- ``haidi``: the last tile is offered in turn (漫游); ``haidi_taken``: its taker holds it;
  ``declined``: all four declined it (黄庄 next);
- ``kai_win``: a 开杠 tile completes the ganger's hand: it must win (CS-3.5, CS-3.6);
- ``qishou``: ``end``-mode opening hands were declared: more declarations, then the birds;
- ``settle``: a self-drawn win waits for its birds; ``ended``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from replay.errors import InputError
from replay.games.changsha import tiles as T
from replay.games.changsha.params import Rules, rules_from_json
from replay.games.changsha.reading import Meld, Win, is_tenpai, is_win, opening_hands, read_win, waits
from replay.games.changsha.reasons import CATALOGUE
from replay.games.changsha.scoring import Payment, bird_hits, deltas, settle
from replay.table.board import IllegalEvent as IllegalEvent  # raised by push, caught by its callers
from replay.table.board import TableBoard
from replay.table.claims import Claim as Claim
from replay.table.claims import ClaimRules
from replay.table.seats import next_seat
from replay.table.stacks import StackedWall
from replay.table.wall import deal
from replay.tiles import CODES, ZH_NAMES

DEAL_SIZE = 53  # 13 each and the dealer's 14th (CS-2.1)
#: in a seat's 漏胡 set: locked on every tile (``louhu_scope: any_tile``)
ANY = -1
SELF_DRAW_WAYS = frozenset({"tianhu", "haidilaoyue", "gangshangkaihua"})
EVENT_TYPES = frozenset(
    {"qishou", "draw", "discard", "chi", "peng", "gang", "hu", "pass", "haidi", "birds", "huangzhuang"}
)

#: the board's lists and dicts (``clone`` copies them)
_LISTS = ("seen", "kai_tiles", "picks", "kai_drawn", "wins", "payments")
_DICTS = ("hu_tiles", "hu_wins", "declared")
#: ``Board._owned``: bits 0-3 the seats, then the open window and the stacks
_CLAIM = 1 << 4
_STACKS = 1 << 5
_ALL = (1 << 6) - 1


def name(kind: int) -> str:
    """A tile as the messages name it: 五筒 (5p)."""
    return f"{ZH_NAMES[kind]} ({CODES[kind]})"


@dataclass
class Seat:
    """One seat's tiles and the locks on it."""

    hand: list[int]  # 27 concealed counts
    dealt: tuple[int, ...]  # the dealt counts (opening hands, CS-5.1)
    melds: list[Meld] = field(default_factory=list)
    draws: int = 0
    louhu: set[int] | None = None  # kinds it may not win on from another seat (CS-3.9)
    kai: bool = False  # opened a kong: locked (CS-3.6)
    claimed: bool = False  # chi/peng this turn: discard only (CS-3.1)
    qishou: tuple[str, ...] | None = None
    wait_cache: tuple[int, ...] | None = None

    def copy(self) -> Seat:
        """A copy later changes cannot reach (one a handful of times an event: ``Board._mine``)."""
        out = object.__new__(Seat)
        out.__dict__ = state = self.__dict__.copy()  # a dict's copy: far cheaper than update
        state["hand"] = list(self.hand)
        state["melds"] = list(self.melds)
        if self.louhu is not None:
            state["louhu"] = set(self.louhu)
        return out

    @property
    def size(self) -> int:
        return sum(self.hand)


@dataclass(frozen=True)
class WinRecord:
    """One winner: the tile, the ways the board knew, the reading, who it is from."""

    seat: int
    source: int | None  # the discarder (ganger, robbed seat, 海底 taker); None: a self-draw kind
    tile: int | None
    ways: frozenset[str]
    win: Win

    @property
    def self_draw(self) -> bool:
        return self.source is None


@dataclass
class Board(TableBoard):
    """The Changsha table (``changsha-hand/1``): the engine's board with Changsha's hooks."""

    REASONS = CATALOGUE

    rules: Rules
    dealer: int
    seats: list[Seat]
    wall: list[int] | None
    stacks: StackedWall | None
    seen: list[int] = field(default_factory=lambda: [0] * 27)
    left: int = 108 - DEAL_SIZE  # live tiles (CS-2.1)
    last_out: int | None = None  # the last tile that left the wall (a bird when none is left)
    last_taker: int | None = None  # who took the wall's last tile (CS-1.3 d)
    phase: str = "act"
    actor: int = 0
    drawn: int | None = None  # the tile the actor just drew
    opening: bool = True  # before the dealer's first discard or kong (CS-5.2)
    discards: int = 0
    any_meld: bool = False  # a chi, peng or kong by anyone (blocks 地胡)
    claim: Claim | None = None
    kai_tiles: list[int] = field(default_factory=list)  # the 开杠 tiles of an open window
    hu_tiles: dict[int, int] = field(default_factory=dict)  # seat -> tile it won on (this window)
    hu_wins: dict[int, Win] = field(default_factory=dict)
    pending_kong: tuple[int, int, str, tuple[int, ...] | None] | None = None  # xu: seat, tile, mode, dice
    picks: list[int] = field(default_factory=list)  # replacement draws due: 0 = back, d = a die
    kai_drawn: list[int] = field(default_factory=list)
    haidi_seat: int | None = None  # the seat offered the 海底 now
    haidi_first: int | None = None
    haidi_offers: int = 0
    wins: list[WinRecord] = field(default_factory=list)
    declared: dict[int, int] = field(default_factory=dict)  # end-mode opening hands: seat -> n
    qishou_win: WinRecord | None = None  # the dealer's 天胡 among end-mode declarations
    birds: list[int] | None = None
    payments: list[Payment] = field(default_factory=list)
    ended_by: str | None = None
    events: int = 0
    #: bit s set: ``seats[s]`` is this board's own, no snapshot shares it (``_mine``); then
    #: the open window (``_own_claim``) and the stacks (``_own_stacks``)
    _owned: int = field(default=0, compare=False, repr=False)

    # ------------------------------------------------------------------ set-up
    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Board:
        """The board before the first event; raises InputError for a record it cannot read."""
        rules = rules_from_json(record.get("ruleset"))
        dealer = record.get("dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
            raise InputError("dealer", f"must be a seat 0-3, not {dealer!r}")
        wall: list[int] | None = None
        stacks: StackedWall | None = None
        if record.get("wall") is not None:
            wall = T.parse_list(record["wall"], "wall")
            if len(wall) != T.WALL_SIZE:
                raise InputError("wall", f"must hold all {T.WALL_SIZE} tiles, not {len(wall)} (CS-2.1)")
            counts = [0] * 27
            for t in wall:
                counts[t] += 1
            bad = next((k for k in range(27) if counts[k] != 4), None)
            if bad is not None:
                raise InputError(
                    "wall", f"holds {counts[bad]} of {name(bad)}; a wall has four of each (CS-1.1)"
                )
            hands, _ = deal(wall, dealer)  # CS-2.1
            stacks = StackedWall(T.WALL_SIZE, range(DEAL_SIZE))
        else:
            dealt = record.get("deal")
            if not isinstance(dealt, list) or len(dealt) != 4:
                raise InputError("deal", "required without a wall: the four starting hands")
            hands = [T.parse_list(h, f"deal[{i}]") for i, h in enumerate(dealt)]
            for s, h in enumerate(hands):
                want = 14 if s == dealer else 13
                if len(h) != want:
                    raise InputError(f"deal[{s}]", f"seat {s} starts with {want} tiles, not {len(h)}")
        seats = []
        seen = [0] * 27
        for h in hands:
            c = [0] * 27
            for t in h:
                c[t] += 1
                seen[t] += 1
            seats.append(Seat(c, tuple(c)))
        bad = next((k for k in range(27) if seen[k] > 4), None)
        if bad is not None:
            raise InputError("deal", f"holds {seen[bad]} of {name(bad)}; there are four of each (CS-1.1)")
        return cls(rules, dealer, seats, wall, stacks, seen, actor=dealer)

    def clone(self) -> Board:
        """A copy later pushes cannot change, far cheaper than ``copy.deepcopy``: the rules, the
        wall, melds, readings and win records are never mutated, so they are shared; every
        per-seat state, the stacks, the open window and the lists are copied (bots and mistake
        detectors try moves on clones, many times a hand)."""
        out = object.__new__(Board)
        out.__dict__ = state = self.__dict__.copy()  # a dict's copy: far cheaper than update
        state["seats"] = [s.copy() for s in self.seats]
        state["_owned"] = _ALL  # its own copies: ``_mine`` and the rest need not copy them again
        if self.stacks is not None:
            state["stacks"] = self.stacks.copy()
        if self.claim is not None:
            state["claim"] = self.claim.copy()
        for key in _LISTS:
            state[key] = list(state[key])
        for key in _DICTS:
            state[key] = dict(state[key])
        return out

    def snapshot(self, like: Board | None = None) -> Board:
        """A copy to keep (the mistake analysis keeps one after every event), far cheaper than
        ``clone()``: it shares everything with this board (copy on write: ``_mine``,
        ``_own_claim`` and ``_own_stacks`` copy a seat, the open window or the stacks before
        this board changes it; pushes replace the lists and dicts, never change them in place)
        but ``seen``, shared with ``like`` (the previous snapshot) when equal, else copied. An
        event changes one seat or two, so a snapshot copies little and leaves the garbage
        collector little to walk. Later pushes on this board cannot change a snapshot; push on
        a ``clone()`` of it."""
        out = object.__new__(Board)
        out.__dict__ = state = self.__dict__.copy()  # a dict's copy: far cheaper than update
        state["seats"] = list(self.seats)
        state["_owned"] = self._owned = 0
        kept = like.seen if like is not None else None
        state["seen"] = kept if kept == self.seen else list(self.seen)
        return out

    # ------------------------------------------------------------------ hooks
    @property
    def ended(self) -> bool:
        return self.phase == "ended"

    def how_it_ended(self) -> str:
        if self.ended_by == "win":
            return "seat " + ", ".join(str(w.seat) for w in self.wins) + " won"
        if self.ended_by == "qishou":
            return "opening hands (起手胡) were declared"
        return self.ended_by or "ended"

    @property
    def live(self) -> int:
        """Tiles left in the live wall (CS-2.1)."""
        return self.left

    def tile_name(self, tile: int) -> str:
        return name(tile)

    def claim_rules(self) -> ClaimRules:
        """Chi by the 下家; every declared winner on one tile (通炮) unless ``multi_hu`` is off."""
        return ClaimRules(chi=True, several_winners=self.rules.multi_hu)

    def unknown_event(self, event: Mapping[str, Any]) -> None:
        raise InputError("type", f"unknown event type {event.get('type')!r}")

    # ------------------------------------------------------------------ queries (bots, detectors)
    def melds_of(self, s: int) -> list[Meld]:
        return self.seats[s].melds

    def waits_of(self, s: int) -> tuple[int, ...]:
        """CS-3.8: the kinds that complete seat s's 13 − 3·melds tiles (cached until they change)."""
        seat = self.seats[s]
        if seat.wait_cache is None:
            seat.wait_cache = tuple(waits(seat.hand, seat.melds, self.rules))
        return seat.wait_cache

    def is_tenpai(self, s: int) -> bool:
        """CS-3.8 for a seat holding 13 − 3·melds tiles."""
        return bool(self.waits_of(s))

    def louhu_blocks(self, s: int, tile: int) -> bool:
        """CS-3.9: seat s let a win go and may not win on ``tile`` from another seat yet."""
        lock = self.seats[s].louhu
        return bool(lock) and (tile in lock or ANY in lock)  # type: ignore[operator]

    def can_win_on(self, s: int, tile: int) -> bool:
        """Seat s may win on ``tile`` from another seat now: its shape (CS-4.1) and 漏胡 (CS-3.9).
        ``waits_of`` and ``louhu_blocks`` inlined: every window asks it of three seats, in the
        replay (漏胡 locks) and again in the mistake analysis."""
        seat = self.seats[s]
        cached = seat.wait_cache
        if tile not in (cached if cached is not None else self.waits_of(s)):
            return False
        lock = seat.louhu
        return not (lock and (tile in lock or ANY in lock))

    def holds_win(self, s: int) -> bool:
        """Seat s's own 14 − 3·melds tiles make a legal win (CS-4.1): what a self-drawn hu of any
        way needs first (the ways only add big hands, CS-4.4), cheap from the reading cache."""
        seat = self.seats[s]
        return is_win(seat.hand, seat.melds, self.rules)

    def read(self, s: int, tile: int | None, ways: frozenset[str], twice: bool = False) -> Win | None:
        """The best reading of seat s's hand with ``tile`` added (None: it already holds 14)."""
        seat = self.seats[s]
        c = seat.hand
        if tile is not None:
            c = list(c)
            c[tile] += 1
        return read_win(c, seat.melds, ways, self.rules, kaihua_twice=twice)

    def unclaimed(self) -> Board:
        """A clone with the open window closed as if nobody took its tile (漏胡 locks set, the
        xu-kong standing, the next draw or the 海底 due): what the bots and the mistake detectors
        ask to know which event comes next."""
        trial = self.clone()
        claim = trial.claim
        if trial.phase == "claim" and claim is not None and not claim.hus:
            trial._close(claim, None)
            trial._after_window(claim)
        return trial

    def live_tiles(self) -> list[int]:
        """Wall mode: the live wall's tiles in front order (what the next draws and birds take)."""
        if self.wall is None or self.stacks is None:
            return []
        gone = self.stacks.gone
        return [self.wall[i] for i in range(T.WALL_SIZE) if not gone[i]]

    # ------------------------------------------------------------------ small helpers
    def _seat(self, event: Mapping[str, Any]) -> int:
        s = event.get("seat")
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 3:
            raise InputError("seat", f"must be a seat 0-3, not {s!r}")
        return s

    def _tile(self, event: Mapping[str, Any], key: str = "tile") -> int:
        if event.get(key) is None:
            raise InputError(key, "required")
        return T.parse(event[key], key)

    def _given(self, event: Mapping[str, Any]) -> int | None:
        return T.parse(event["tile"], "tile") if event.get("tile") is not None else None

    def _mine(self, s: int) -> Seat:
        """Seat s, to change: a seat a ``snapshot`` still shares is copied first (copy on
        write), so snapshots need not copy the seats an event leaves alone. Every handler that
        changes a seat takes it from here, before any change (``self.seats[s]`` is for reading)."""
        bit = 1 << s
        if not self._owned & bit:
            self.seats[s] = self.seats[s].copy()
            self._owned |= bit
        return self.seats[s]

    def _own_claim(self) -> Claim:
        """The open window, to change (copied first while a snapshot shares it)."""
        assert self.claim is not None
        if not self._owned & _CLAIM:
            self.claim = self.claim.copy()
            self._owned |= _CLAIM
        return self.claim

    def _own_stacks(self) -> StackedWall:
        """The wall's stacks, to take a tile from (copied first while a snapshot shares them)."""
        assert self.stacks is not None
        if not self._owned & _STACKS:
            self.stacks = self.stacks.copy()
            self._owned |= _STACKS
        return self.stacks

    def _add(self, s: int, t: int) -> None:
        seat = self._mine(s)
        seat.hand[t] += 1
        seat.wait_cache = None

    def _remove(self, s: int, t: int, n: int = 1) -> None:
        seat = self._mine(s)
        seat.hand[t] -= n
        seat.wait_cache = None

    def _take(self, s: int, how: str, given: int | None, die: int = 0) -> int:
        """One tile out of the live wall for seat s: the front (CS-2.2), the back (补张, CS-2.3)
        or a dice pick (CS-2.4), checked against the record by the engine's ``checked_draw``."""
        index: int | None = None
        if self.stacks is not None and self.wall is not None:
            if how in ("front", "haidi"):
                index = self.stacks.front()
            elif how == "back":
                index = self.stacks.back()
            else:
                index = self.stacks.dice_pick(die)
            assert index is not None  # the caller checked the wall is not empty
        end = {
            "front": "from the front of the wall (CS-2.2)",
            "haidi": "as the 海底 (CS-2.5)",
            "back": "补张 from the back (CS-2.3)",
        }.get(how, f"by the die {die} (CS-2.4)")
        tile = self.checked_draw(s, end, None if index is None else self.wall[index], given)  # type: ignore[index]
        if index is not None and self.stacks is not None:
            self._own_stacks().take(index)
        self.left -= 1
        self.last_out = tile
        if self.left == 0:
            self.last_taker = s
        seat = self._mine(s)
        seat.draws += 1
        seat.louhu = None  # 漏胡 ends at the seat's next draw of any kind (CS-3.9)
        return tile

    # ------------------------------------------------------------------ events
    def apply(self, event: Mapping[str, Any]) -> None:
        """One event, read by the phase first (what a draw or a hu means depends on it)."""
        kind = event.get("type")
        if not isinstance(kind, str) or kind not in EVENT_TYPES:
            self.unknown_event(event)
        if kind == "qishou":
            self._qishou(event)
        elif kind == "birds":
            self._birds(event)
        else:
            getattr(self, "_phase_" + self.phase)(event)

    # -- opening hands (CS-5) ----------------------------------------------------------
    def _qishou(self, event: Mapping[str, Any]) -> None:
        rules = self.rules
        if rules.qishou_mode == "off":
            raise self.refuse("qishou_off")
        s = self._seat(event)
        if not (self.opening and self.phase in ("act", "qishou")):
            raise self.refuse("qishou_late")
        seat = self._mine(s)
        if seat.qishou is not None or s in self.declared:
            raise self.refuse("qishou_twice", seat=s)
        kinds = event.get("kinds")
        if not isinstance(kinds, list) or not kinds or not all(isinstance(k, str) for k in kinds):
            raise InputError(
                "kinds", "must list the opening hands declared (sixi, banbanhu, queyise, liuliushun)"
            )
        found = opening_hands(seat.dealt, rules)
        for k in kinds:
            if k not in found:
                raise self.refuse("qishou_not_met", seat=s, hand=k)
        if event.get("tiles") is not None:
            shown = T.parse_list(event["tiles"], "tiles")
            for t in set(shown):
                if seat.hand[t] < shown.count(t):
                    raise self.refuse("qishou_tiles_not_held", seat=s, tile=name(t))
        n = sum(found[k] for k in set(kinds))
        seat.qishou = tuple(k for k in found if k in kinds)
        if rules.qishou_mode == "continue":
            hits: list[int] = []
            if rules.birds:
                die = event.get("die")
                if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
                    raise InputError("die", f"the declarer's bird die 1-6 is required (CS-5.2), not {die!r}")
                hits = [(s + die - 1) % 4]
            others = self.seats_after(s)
            self.payments = [*self.payments, *settle(s, n, False, True, others, self.dealer, hits, rules)]
            return
        self.declared = {**self.declared, s: n}
        self.phase = "qishou"

    def _phase_qishou(self, event: Mapping[str, Any]) -> None:
        """``end`` mode after a declaration: the dealer may still declare 天胡, then the birds."""
        if event.get("type") == "hu" and self._seat(event) == self.dealer and self.qishou_win is None:
            if self.dealer in self.declared:
                raise self.refuse("qishou_twice", seat=self.dealer)
            win = self.read(self.dealer, None, frozenset({"tianhu"}))
            if win is None:
                raise self.refuse("not_a_winning_hand", seat=self.dealer, tile="its 14 dealt tiles")
            self.qishou_win = WinRecord(self.dealer, None, self._given(event), frozenset({"tianhu"}), win)
            return
        raise self.refuse("event_after_end", how="opening hands (起手胡) were declared")

    # -- own turn (CS-3.1) -------------------------------------------------------------
    def _phase_act(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        s = self.actor
        seat = self.seats[s]
        if kind in ("hu", "discard", "gang"):
            who = event.get("seat")
            if who != s:
                raise self.refuse("out_of_turn", seat=who, action=kind, expected=f"it is seat {s}'s turn")
            if kind == "gang" and event.get("kind") == "ming":
                raise self.refuse("nothing_to_claim", seat=s, action="ming-kong")
            if seat.claimed and kind != "discard":
                raise self.refuse("discard_only", seat=s, action=kind)
            if kind == "hu":
                self._self_draw(s, event)
            elif kind == "discard":
                self._discard(s, event)
            else:
                self._own_kong(s, event)
        elif kind in ("chi", "peng", "pass"):
            raise self.refuse("nothing_to_claim", seat=event.get("seat"), action=kind)
        elif kind == "draw":
            raise self.refuse(
                "out_of_turn", seat=event.get("seat"), action="draw", expected=f"seat {s} must act first"
            )
        elif kind == "huangzhuang":
            raise self.refuse("early_huangzhuang", why=f"seat {s} is to act, {self.left} tiles left")
        else:  # haidi
            raise self.refuse("haidi_not_due", why=f"seat {s} is to act")

    def _self_draw(self, s: int, event: Mapping[str, Any]) -> None:
        seat = self.seats[s]
        tianhu = s == self.dealer and self.opening and seat.draws == 0 and self.drawn is None
        assert self.drawn is not None or tianhu  # after chi/peng only a discard (discard_only)
        given = self._given(event)
        tile = self.drawn
        if given is not None:
            if tile is not None and given != tile:
                raise self.refuse("win_tile_mismatch", expected=name(tile), tile=name(given))
            if tile is None:
                if not seat.hand[given]:
                    raise self.refuse("tile_not_in_hand", seat=s, tile=name(given))
                tile = given
        ways = frozenset({"tianhu"}) if tianhu else frozenset()
        win = self.read(s, None, ways)
        if win is None:
            raise self.refuse(
                "not_a_winning_hand", seat=s, tile=name(tile) if tile is not None else "its 14 tiles"
            )
        self.wins = [*self.wins, WinRecord(s, None, tile, ways, win)]
        self.phase = "settle"

    def _discard(self, s: int, event: Mapping[str, Any]) -> None:
        tile = self._tile(event)
        seat = self._mine(s)
        if not seat.hand[tile]:
            raise self.refuse("tile_not_in_hand", seat=s, tile=name(tile))
        if seat.kai and self.drawn is not None:
            if self.read(s, None, frozenset()) is not None:
                raise self.refuse("locked_must_win", seat=s, tile=name(self.drawn))
            if tile != self.drawn:
                raise self.refuse("locked_discard", seat=s, drawn=name(self.drawn), tile=name(tile))
        self._remove(s, tile)
        expected = 13 - 3 * len(seat.melds)
        if seat.size != expected:  # CS-3.10
            raise self.refuse(
                "wrong_hand_size", seat=s, count=seat.size, melds=len(seat.melds), expected=expected
            )
        first = s == self.dealer and self.discards == 0 and not self.any_meld
        self.discards += 1
        self.opening = False
        seat.claimed = False
        self.drawn = None
        self._open(Claim(s, tile, rob=False, first_discard=first))

    def _open(self, claim: Claim, kai: Sequence[int] = ()) -> None:
        self.claim = claim
        self._owned |= _CLAIM  # a new window, this board's own
        self.kai_tiles = list(kai)
        self.hu_tiles = {}
        self.hu_wins = {}
        self.phase = "claim"

    def _kong_mode(self, event: Mapping[str, Any]) -> tuple[str, tuple[int, ...] | None]:
        mode = event.get("mode")
        if mode not in ("bu", "kai"):
            raise InputError("mode", f"must be bu (补张) or kai (开杠), not {mode!r}")
        dice = event.get("dice")
        if dice is None:
            return str(mode), None
        if (
            not isinstance(dice, list)
            or len(dice) != 2
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
        ):
            raise InputError("dice", f"must be the two dice rolled, each 1-6, not {dice!r}")
        return str(mode), tuple(dice)

    def _kai_check(self, s: int, tile: int, remove: int, melds: list[Meld]) -> None:
        """CS-3.5: 开杠 only when tenpai with the kong set aside."""
        c = list(self.seats[s].hand)
        c[tile] -= remove
        if not is_tenpai(c, melds, self.rules):
            raise self.refuse("kaigang_not_tenpai", seat=s, tile=name(tile))

    def _own_kong(self, s: int, event: Mapping[str, Any]) -> None:
        tile = self._tile(event)
        kind = event.get("kind")
        mode, dice = self._kong_mode(event)
        seat = self._mine(s)
        if seat.kai:
            raise self.refuse("kaigang_locked", seat=s, action="kong")
        if kind == "an":
            if seat.hand[tile] < 4:
                raise self.refuse(
                    "no_pair_to_claim",
                    seat=s,
                    need=4,
                    tile=name(tile),
                    action="an-kong (暗杠)",
                    have=seat.hand[tile],
                )
            melds = [*seat.melds, Meld("gang", tile, True)]
            remove = 4
        elif kind == "xu":
            if Meld("peng", tile) not in seat.melds:
                raise self.refuse("no_peng_to_extend", seat=s, tile=name(tile))
            if not seat.hand[tile]:
                raise self.refuse("tile_not_in_hand", seat=s, tile=name(tile))
            melds = [Meld("gang", tile) if m == Meld("peng", tile) else m for m in seat.melds]
            remove = 1
        else:
            raise InputError("kind", f"must be an, xu or ming, not {kind!r}")
        if self.left == 0:
            raise self.refuse("kong_no_live_tile")
        if mode == "kai":
            self._kai_check(s, tile, remove, melds)
        self.opening = False
        self.drawn = None
        self._remove(s, tile, remove)
        if kind == "an":
            seat.melds = melds
            self._replace(s, mode, dice)
            return
        self.pending_kong = (s, tile, mode, dice)  # 抢杠胡 first (CS-3.7)
        self._open(Claim(s, tile, rob=True))

    def _replace(self, s: int, mode: str, dice: tuple[int, ...] | None) -> None:
        """The kong stands: its replacement draws are due (补张 one back draw, 开杠 the picks)."""
        self.any_meld = True
        seat = self._mine(s)
        seat.claimed = False
        seat.wait_cache = None
        self.actor = s
        self.drawn = None
        if mode == "kai":
            if dice is None:
                raise InputError("dice", "a 开杠 gives the two dice rolled (CS-3.5, §9)")
            seat.kai = True
            self.picks = list(dice) if self.rules.kaigang_draws == 2 else [dice[0] + dice[1]]
        else:
            self.picks = [0]
        self.kai_drawn = []
        self.phase = "replace"

    # -- draws -------------------------------------------------------------------------
    def _phase_replace(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        s = self.actor
        if kind != "draw" or event.get("seat") != s:
            if kind == "hu" and event.get("seat") != s:
                raise self.refuse("rob_not_xu", detail="an 暗杠 or a kong on a discard cannot be robbed")
            raise self.refuse(
                "out_of_turn",
                seat=event.get("seat"),
                action=kind,
                expected=f"seat {s} draws its kong's replacement",
            )
        die = self.picks[0]
        self.picks = self.picks[1:]
        tile = self._take(s, "back" if die == 0 else "dice", self._given(event), die)
        if die == 0:  # 补张: an ordinary draw (CS-3.4)
            self._add(s, tile)
            self.drawn = tile
            self.phase = "act"
            return
        self.kai_drawn = [*self.kai_drawn, tile]
        if self.picks and self.left > 0:
            return
        self.picks = []
        if any(self.read(s, t, frozenset({"gangshangkaihua"})) is not None for t in self.kai_drawn):
            self.phase = "kai_win"
            return
        self._open(Claim(s, self.kai_drawn[0], rob=False, after_kong=True), self.kai_drawn)

    def _phase_kai_win(self, event: Mapping[str, Any]) -> None:
        """A 开杠 tile completes the ganger's hand: 杠上开花, which it must take (CS-3.5, CS-3.6)."""
        s = self.actor
        if event["type"] != "hu" or event.get("seat") != s:
            winning = next(t for t in self.kai_drawn if self.read(s, t, frozenset({"gangshangkaihua"})))
            raise self.refuse("locked_must_win", seat=s, tile=name(winning))
        ways = frozenset({"gangshangkaihua"})
        readings = [(t, self.read(s, t, ways)) for t in self.kai_drawn]
        good = [(t, w) for t, w in readings if w is not None]
        given = self._given(event)
        if given is not None and given not in {t for t, _ in good}:
            raise self.refuse(
                "win_tile_mismatch", expected=" or ".join(name(t) for t, _ in good), tile=name(given)
            )
        twice = len(good) == 2 and self.rules.shuang_kaihua
        best_tile, best = max(good, key=lambda tw: (tw[1].big, tw[1].k))  # type: ignore[union-attr]
        final = self.read(s, best_tile, ways, twice=True) if twice else best
        assert final is not None
        self.wins = [*self.wins, WinRecord(s, None, best_tile, ways, final)]
        self.phase = "settle"

    def _phase_draw(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        s = self.actor
        if kind == "huangzhuang":
            if self.left > 0:
                raise self.refuse("early_huangzhuang", why=f"{self.left} tiles are left")
            self._end("huangzhuang")
            return
        if kind == "haidi":
            raise self.refuse("haidi_not_due", why=f"{self.left} tiles are left")
        if kind != "draw" or event.get("seat") != s:
            raise self.refuse(
                "out_of_turn", seat=event.get("seat"), action=kind, expected=f"seat {s} draws next"
            )
        if self.left == 0:
            raise self.refuse("wall_empty", seat=s)
        tile = self._take(s, "front", self._given(event))
        self._add(s, tile)
        self.drawn = tile
        self.phase = "act"

    # -- the 海底 (CS-2.5, CS-2.6) --------------------------------------------------------
    def _phase_haidi(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        due = self.haidi_seat
        assert due is not None
        if kind == "draw" and event.get("seat") == due:
            self._haidi_take(due, event)
            return
        if kind == "huangzhuang":
            raise self.refuse("early_huangzhuang", why=f"the 海底 is still to be offered to seat {due}")
        if kind != "haidi":
            raise self.refuse("haidi_offer_expected", seat=due, action=kind)
        s = self._seat(event)
        if s != due:
            raise self.refuse("haidi_out_of_order", expected=due, seat=s)
        take = event.get("take")
        if not isinstance(take, bool):
            raise InputError("take", f"must be true or false, not {take!r}")
        if take:
            self._haidi_take(s, event)
            return
        if not self.rules.haidi_roam:
            raise self.refuse("haidi_must_take", seat=s)
        self.haidi_offers += 1
        self.haidi_seat = next_seat(s)
        if self.haidi_offers == 4:
            self.phase = "declined"

    def _haidi_take(self, s: int, event: Mapping[str, Any]) -> None:
        tile = self._take(s, "haidi", self._given(event))
        self._add(s, tile)
        self.drawn = tile
        self.actor = s
        self.phase = "haidi_taken"

    def _phase_declined(self, event: Mapping[str, Any]) -> None:
        if event["type"] != "huangzhuang":
            raise self.refuse(
                "out_of_turn",
                seat=event.get("seat"),
                action=event["type"],
                expected="all four seats declined the 海底: the hand is a draw (黄庄)",
            )
        self._end("huangzhuang")

    def _phase_haidi_taken(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        s = self.actor
        tile = self.drawn
        assert tile is not None
        if kind == "hu" and event.get("seat") == s:
            given = self._given(event)
            if given is not None and given != tile:
                raise self.refuse("win_tile_mismatch", expected=name(tile), tile=name(given))
            ways = frozenset({"haidilaoyue"})
            win = self.read(s, None, ways)
            if win is None:
                raise self.refuse("not_a_winning_hand", seat=s, tile=name(tile))
            self.wins = [*self.wins, WinRecord(s, None, tile, ways, win)]
            self.phase = "settle"
            return
        if kind in ("chi", "peng", "gang"):
            raise self.refuse("haidi_claim", action=kind)
        if kind == "discard" and (event.get("seat") != s or self._given(event) != tile):
            raise self.refuse(
                "out_of_turn",
                seat=event.get("seat"),
                action="discard",
                expected=f"the 海底 is seat {s}'s discard",
            )
        if kind not in ("hu", "huangzhuang", "discard", "pass"):
            raise self.refuse(
                "out_of_turn",
                seat=event.get("seat"),
                action=kind,
                expected="the 海底 is won or the hand is a draw",
            )
        if self.seats[s].kai and self.read(s, None, frozenset()) is not None:
            raise self.refuse("locked_must_win", seat=s, tile=name(tile))
        # not won by its taker: exposed as its discard, for 海底炮 only (CS-2.6)
        self._remove(s, tile)
        self.drawn = None
        self._open(Claim(s, tile, rob=False, haidi=True))
        if kind != "discard":
            self._phase_claim(event)

    # -- the claim window (CS-3.2, CS-3.5, CS-3.7, CS-3.9) ---------------------------------
    def _claim_ways(self, claim: Claim, s: int) -> frozenset[str]:
        ways = set()
        if claim.rob:
            ways.add("qiangganghu")
        if claim.haidi:
            ways.add("haidipao")
        if claim.after_kong:
            ways.add("gangshangpao")
        if claim.first_discard and s != self.dealer:
            ways.add("dihu")
        return frozenset(ways)

    def _claim_tile(self, event: Mapping[str, Any], claim: Claim, what: str) -> int:
        given = self._given(event)
        if self.kai_tiles:
            if given is None:
                if len(set(self.kai_tiles)) > 1:
                    raise InputError("tile", f"a {what} on the 开杠 tiles names the tile it takes (§9)")
                return self.kai_tiles[0]
            if given not in self.kai_tiles:
                raise self.refuse(
                    "win_tile_mismatch",
                    expected=" or ".join(name(t) for t in self.kai_tiles),
                    tile=name(given),
                )
            return given
        if given is not None and given != claim.tile:
            raise self.refuse("win_tile_mismatch", expected=name(claim.tile), tile=name(given))
        return claim.tile

    def _phase_claim(self, event: Mapping[str, Any]) -> None:
        claim = self.claim
        assert claim is not None
        kind = event["type"]
        if kind == "hu":
            s = self._seat(event)
            if s == claim.seat:
                raise self.refuse("claim_from_self", seat=s)
            if s in claim.hus:
                raise self.refuse("hu_twice", seat=s)
            tile = self._claim_tile(event, claim, "win")
            if self.louhu_blocks(s, tile):
                lock = self.seats[s].louhu or set()
                passed = ", ".join(name(t) for t in sorted(lock) if t != ANY) or "a tile"
                raise self.refuse("louhu", seat=s, passed=passed, tile=name(tile))
            win = self.read(s, tile, self._claim_ways(claim, s))
            if win is None:
                raise self.refuse("not_a_winning_hand", seat=s, tile=name(tile))
            self._own_claim().hus.append(s)
            self.hu_tiles = {**self.hu_tiles, s: tile}
            self.hu_wins = {**self.hu_wins, s: win}
            return
        if kind == "pass":
            s = self._seat(event)
            if s == claim.seat or s in claim.hus:
                raise self.refuse(
                    "out_of_turn", seat=s, action="pass", expected="only seats that may claim pass"
                )
            self._own_claim().passed.add(s)
            return
        if claim.hus:
            if kind in ("chi", "peng", "gang"):
                raise self.refuse("claim_after_hu", tile=name(claim.tile))
            raise self.refuse("event_after_end", how="seat " + ", ".join(map(str, claim.hus)) + " won")
        if kind in ("chi", "peng") or (kind == "gang" and event.get("kind") == "ming"):
            self._claim_meld(claim, event)
            return
        if kind in ("draw", "haidi", "huangzhuang"):
            self._close(claim, None)
            self._after_window(claim)
            getattr(self, "_phase_" + self.phase)(event)
            return
        raise self.refuse(
            "out_of_turn",
            seat=event.get("seat"),
            action=kind,
            expected="the tile may be claimed or the next seat draws",
        )

    def _close(self, claim: Claim, claimer: int | None) -> None:
        """The window closes unwon: every seat that could have won and did not is locked (漏胡,
        CS-3.9; a claimer too: claiming instead counts as passing)."""
        tiles = set(self.kai_tiles) if self.kai_tiles else {claim.tile}
        any_tile = self.rules.louhu_scope == "any_tile"
        for s in range(4):
            if s == claim.seat:
                continue
            for t in tiles:
                if self.can_win_on(s, t):
                    seat = self._mine(s)
                    if seat.louhu is None:
                        seat.louhu = set()
                    seat.louhu.add(t)
                    if any_tile:
                        seat.louhu.add(ANY)
        self.claim = None
        self.kai_tiles = []

    def _after_window(self, claim: Claim) -> None:
        """Nobody claimed: a robbed-free xu-kong stands; else the next seat's draw (or the 海底)."""
        if claim.rob:
            pending = self.pending_kong
            assert pending is not None
            s, tile, mode, dice = pending
            self.pending_kong = None
            seat = self._mine(s)
            seat.melds = [Meld("gang", tile) if m == Meld("peng", tile) else m for m in seat.melds]
            self._replace(s, mode, dice)
            return
        self._front_due(next_seat(claim.seat))

    def _front_due(self, s: int) -> None:
        self.actor = s
        self.drawn = None
        if self.left == 1:  # the 海底 (CS-2.5)
            self.phase = "haidi"
            self.haidi_seat = s
            self.haidi_first = s
            self.haidi_offers = 0
        else:
            self.phase = "draw"

    def _claim_meld(self, claim: Claim, event: Mapping[str, Any]) -> None:
        """Chi, peng or ming-kong on the window's tile (CS-3.2, CS-3.3, CS-3.5)."""
        kind = str(event["type"])
        action = "ming-kong" if kind == "gang" else kind
        s = self._seat(event)
        if s == claim.seat:
            raise self.refuse("claim_from_self", seat=s)
        if claim.rob:
            raise self.refuse(
                "rob_not_xu", detail=f"a tile added to a peng is only robbed by a win, not by {action}"
            )
        if claim.haidi:
            raise self.refuse("haidi_claim", action=action)
        if self.kai_tiles and self.rules.kaigang_claims == "hu_only":
            raise self.refuse("kaigang_no_claim", action=action)
        seat = self._mine(s)
        if seat.kai:
            raise self.refuse("kaigang_locked", seat=s, action=action)
        if kind == "chi":
            self._chi(claim, s, event)
            return
        tile = self._claim_tile(event, claim, action)
        need = 2 if kind == "peng" else 3
        if seat.hand[tile] < need:
            raise self.refuse(
                "no_pair_to_claim", seat=s, need=need, tile=name(tile), action=action, have=seat.hand[tile]
            )
        if kind == "peng":
            self._close(claim, s)
            self._remove(s, tile, 2)
            seat.melds = [*seat.melds, Meld("peng", tile)]
            self._claimed(s)
            return
        mode, dice = self._kong_mode(event)
        if self.left == 0:
            raise self.refuse("kong_no_live_tile")
        melds = [*seat.melds, Meld("gang", tile)]
        if mode == "kai":
            self._kai_check(s, tile, 3, melds)
        self._close(claim, s)
        self._remove(s, tile, 3)
        seat.melds = melds
        self._replace(s, mode, dice)

    def _chi(self, claim: Claim, s: int, event: Mapping[str, Any]) -> None:
        expected = self.chi_seat(claim.seat)
        if s != expected:
            raise self.refuse("chi_not_next_seat", seat=s, source=claim.seat, expected=expected)
        tile = self._claim_tile(event, claim, "chi")
        own = T.parse_list(event.get("tiles"), "tiles")
        if len(own) != 2:
            raise InputError("tiles", f"a chi names the 2 tiles from hand, not {len(own)}")
        run = sorted([*own, tile])
        if not (run[0] // 9 == run[2] // 9 and run[1] == run[0] + 1 and run[2] == run[0] + 2):
            raise self.refuse("bad_chi", run=" ".join(CODES[t] for t in run))
        seat = self._mine(s)
        for t in set(own):
            if seat.hand[t] < own.count(t):
                raise self.refuse("tile_not_in_hand", seat=s, tile=name(t))
        self._close(claim, s)
        for t in own:
            self._remove(s, t)
        seat.melds = [*seat.melds, Meld("chi", run[0])]
        self._claimed(s)

    def _claimed(self, s: int) -> None:
        self.any_meld = True
        self._mine(s).claimed = True
        self.actor = s
        self.drawn = None
        self.phase = "act"

    # -- the end ------------------------------------------------------------------------
    def _phase_settle(self, event: Mapping[str, Any]) -> None:
        raise self.refuse("event_after_end", how=f"seat {self.wins[-1].seat} won")

    def _phase_ended(self, event: Mapping[str, Any]) -> None:  # pragma: no cover - push refuses first
        raise self.refuse("event_after_end", how=self.how_it_ended())

    def _end(self, how: str) -> None:
        self.phase = "ended"
        self.ended_by = how

    def _settling(self) -> bool:
        """A win or an ``end``-mode declaration waits for its birds."""
        return self.phase in ("settle", "qishou") or (
            self.phase == "claim" and bool(self.claim and self.claim.hus)
        )

    def expected_birds(self) -> list[int] | None:
        """CS-6.4 out of the wall: the next ``birds`` live tiles from the front, those left if
        fewer, the last tile out if none (None without a wall: the record says)."""
        n = self.rules.birds
        if n == 0:
            return []
        if self.wall is None or self.stacks is None:
            return None
        gone = self.stacks.gone
        out = []
        for i in range(T.WALL_SIZE):
            if not gone[i]:
                out.append(self.wall[i])
                if len(out) == n:
                    break
        if not out and self.last_out is not None:
            out = [self.last_out]
        return out

    def _birds(self, event: Mapping[str, Any]) -> None:
        if not self._settling():
            raise self.refuse("birds_not_now", when=f"now (phase {self.phase})")
        given = T.parse_list(event.get("tiles"), "tiles")
        expected = self.expected_birds()
        if expected is not None:
            if given != expected:
                raise self.refuse(
                    "birds_mismatch",
                    expected=" ".join(CODES[t] for t in expected) or "none",
                    tiles=" ".join(CODES[t] for t in given) or "none",
                )
        else:
            want = min(self.rules.birds, self.left) if self.left else 1
            if len(given) != want:
                raise self.refuse("birds_count", expected=want, count=len(given))
            if self.left:
                for t in given:
                    if self.seen[t] >= 4:
                        raise self.refuse("fifth_copy", tile=name(t))
                    self.seen[t] += 1
        self._settle(given)

    def finish(self) -> None:
        """After the last event: a win or declaration without a ``birds`` event takes its birds
        from the wall (CS-6.4); without a wall the record must have given them."""
        if not self._settling():
            return
        birds = self.expected_birds()
        if birds is None:
            raise self.refuse("birds_missing")
        self._settle(birds)

    def _winners(self) -> list[WinRecord]:
        claim = self.claim
        if self.phase != "claim" or claim is None:
            return list(self.wins)
        out = []
        for s in self.winners(claim):
            out.append(
                WinRecord(s, claim.seat, self.hu_tiles[s], self._claim_ways(claim, s), self.hu_wins[s])
            )
        return out

    def _settle(self, birds: list[int]) -> None:
        """CS-6.1 - CS-6.4 for every winner (or end-mode declarer) with the shared birds."""
        rules = self.rules
        self.birds = birds
        dealer_hits = bird_hits(birds, self.dealer)

        def hits(w: int) -> list[int]:
            return dealer_hits if rules.bird_from == "dealer" else bird_hits(birds, w)

        if self.phase == "qishou":
            declarers = sorted({*self.declared, *([self.dealer] if self.qishou_win else [])})
            for d in declarers:
                payers = [p for p in self.seats_after(d) if p not in declarers]
                if d in self.declared:
                    k, big = self.declared[d], False
                else:
                    assert self.qishou_win is not None
                    k, big = self.qishou_win.win.k, True
                paid = settle(d, k, big, True, payers, self.dealer, hits(d), rules)
                self.payments = [*self.payments, *paid]
            if self.qishou_win is not None:
                self.wins = [*self.wins, self.qishou_win]
            self._end("qishou")
            return
        self.wins = self._winners()
        for w in self.wins:
            payers = self.seats_after(w.seat) if w.source is None else [w.source]
            paid = settle(w.seat, w.win.k, w.win.big, w.self_draw, payers, self.dealer, hits(w.seat), rules)
            self.payments = [*self.payments, *paid]
        self.claim = None
        self._end("win")

    # -- result (§9) ----------------------------------------------------------------------
    def winner_seats(self) -> list[int]:
        """Who won the hand: the winners of the tile, or the ``end``-mode declarers (CS-5.2)."""
        if self.ended_by == "qishou":
            return sorted({*self.declared, *(w.seat for w in self.wins)})
        return [w.seat for w in self.wins]

    def discarder(self) -> int | None:
        return next((w.source for w in self.wins if w.source is not None), None)

    def next_dealer(self) -> int:
        """CS-1.3: (a) ≥2 end-mode declarers: the first bird from the dealer; (b) ≥2 winners on
        one tile: its discarder; (c) one winner; (d) no win: who took the wall's last tile, or
        the first seat offered the 海底 when all declined."""
        winners = self.winner_seats()
        if self.ended_by == "qishou" and len(winners) >= 2:
            if self.birds:
                return bird_hits(self.birds, self.dealer)[0]
            return next(s for s in [(self.dealer + k) % 4 for k in range(4)] if s in winners)
        if len(winners) >= 2:
            d = self.discarder()
            assert d is not None
            return d
        if winners:
            return winners[0]
        if self.last_taker is not None:
            return self.last_taker
        if self.haidi_first is not None:
            return self.haidi_first
        return self.dealer

    def deltas(self) -> list[int]:
        return deltas(self.payments)

    def result(self) -> dict[str, Any]:
        """The engine's settlement in the shape of §9's ``result``, with every payment's receipt."""
        birds = self.birds or []
        return {
            "winners": self.winner_seats(),
            "discarder": self.discarder(),
            "hands": {str(w.seat): list(w.win.hands) for w in self.wins},
            "qishou": {str(s): list(seat.qishou) for s, seat in enumerate(self.seats) if seat.qishou},
            "birds": [CODES[t] for t in birds],
            "bird_seats": bird_hits(birds, self.dealer),
            "deltas": self.deltas(),
            "next_dealer": self.next_dealer(),
            "payments": [
                {"from": p.payer, "to": p.payee, "amount": p.amount, "receipt": p.receipt}
                for p in self.payments
            ],
        }


def legal_actions(board: Board) -> list[dict[str, Any]]:
    """Every event that may come next, each checked by pushing it on a clone of the board.

    Candidates come from the phase, so the answer follows exactly the rules ``push`` enforces:
    the bots and the mistake detectors ask this, never a second copy of the rules. Draws name no
    tile (the wall decides it; without a wall the caller names it). Kongs are listed in both
    modes; a 开杠 with dice [1, 1] stands for any roll (the dice do not make it legal or not).
    """
    if board.ended:
        return []
    candidates: list[dict[str, Any]] = []
    phase = board.phase
    if phase in ("act", "qishou") and board.opening:
        for s in range(4):
            found = opening_hands(board.seats[s].dealt, board.rules)
            if found:
                candidates.append({"type": "qishou", "seat": s, "kinds": list(found), "die": 1})
    if phase == "act":
        s = board.actor
        hand = board.seats[s].hand
        candidates.append({"type": "hu", "seat": s})
        for k in range(27):
            if hand[k]:
                candidates.append({"type": "discard", "seat": s, "tile": CODES[k]})
                kinds = (
                    ("an",) if hand[k] == 4 else ("xu",) if Meld("peng", k) in board.seats[s].melds else ()
                )
                for kind in kinds:
                    candidates.append(
                        {"type": "gang", "seat": s, "kind": kind, "tile": CODES[k], "mode": "bu"}
                    )
                    candidates.append(
                        {
                            "type": "gang",
                            "seat": s,
                            "kind": kind,
                            "tile": CODES[k],
                            "mode": "kai",
                            "dice": [1, 1],
                        }
                    )
    elif phase == "claim" and board.claim is not None:
        claim = board.claim
        tiles = sorted(set(board.kai_tiles)) if board.kai_tiles else [claim.tile]
        for s in board.seats_after(claim.seat):
            for t in tiles:
                code = CODES[t]
                candidates += [
                    {"type": "hu", "seat": s, "tile": code},
                    {"type": "peng", "seat": s, "tile": code},
                    {"type": "gang", "seat": s, "kind": "ming", "tile": code, "mode": "bu"},
                    {"type": "gang", "seat": s, "kind": "ming", "tile": code, "mode": "kai", "dice": [1, 1]},
                ]
                if s == next_seat(claim.seat):
                    for a, b in ((t - 2, t - 1), (t - 1, t + 1), (t + 1, t + 2)):
                        if a >= 0 and b < 27 and a // 9 == b // 9 == t // 9:
                            candidates.append(
                                {"type": "chi", "seat": s, "tile": code, "tiles": [CODES[a], CODES[b]]}
                            )
        if claim.hus:
            candidates.append({"type": "birds", "tiles": [CODES[t] for t in board.expected_birds() or []]})
        else:
            candidates += [{"type": "draw", "seat": s} for s in range(4)]
    elif phase in ("draw", "replace"):
        candidates += [{"type": "draw", "seat": board.actor}, {"type": "huangzhuang"}]
    elif phase == "haidi":
        due = board.haidi_seat
        candidates += [
            {"type": "haidi", "seat": due, "take": True},
            {"type": "haidi", "seat": due, "take": False},
        ]
    elif phase == "haidi_taken":
        candidates += [{"type": "hu", "seat": s} for s in range(4)] + [{"type": "huangzhuang"}]
    elif phase == "kai_win":
        candidates.append({"type": "hu", "seat": board.actor})
    elif phase == "declined":
        candidates.append({"type": "huangzhuang"})
    if phase in ("settle", "qishou"):
        candidates.append({"type": "birds", "tiles": [CODES[t] for t in board.expected_birds() or []]})
    if phase == "qishou":
        candidates.append({"type": "hu", "seat": board.dealer})
    out = []
    for c in candidates:
        trial = board.clone()
        try:
            if c["type"] in ("draw", "birds") and trial.wall is None:
                continue  # without a wall the caller names the tile
            trial.push(c)
        except (IllegalEvent, InputError):
            continue
        out.append(c)
    return out
