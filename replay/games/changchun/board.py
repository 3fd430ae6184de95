"""The Changchun table as a hand is played (长春麻将, CC-1 to CC-6): push events, python-chess style.

``Board.push`` applies one event of a ``changchun-hand/1`` record (changchun.md §9) or raises
``IllegalEvent`` with the CC rule and a reason code. The board derives the rest: whose turn it is,
which tile each draw takes (``wall.BaoWall``: the front, the back skipping the 宝, the reserve of
荒庄), the opening sets and their 补 (CC-3), 报听 and its lock, the 宝 (rolled, looked at, dead
once three of its kind are visible, leaked: CC-4) and who knew it when, one winner per tile in
turn order (截胡), robbing a xu-gang or a 补杠 (抢胡, 抢碰), and the settlement with receipts. The
rules core (``reading``, ``scoring``, by cc-rules) reads wins and prices them; the board decides
who may act, who pays and who deals next.

Phases (what the next event may be):

- ``act``: the actor's own turn (after a draw, a claim, a set without a draw, or the deal);
- ``claim``: a window on a discard, or on the tile a xu-gang or 补杠 adds (``claim.rob``); wins
  are collected in ``claim.hus``; the discarder's ``ting`` may come first;
- ``draw``: the actor's live draw is due; a 报听 actor may look at the 宝 first (``bao``,
  ``kanbao``) and win on it (对宝); at the reserve only ``huangzhuang`` may come;
- ``replace``: the actor's replacement draw is due (after a kong, a 旋风杠 or a 补);
- ``ended``: a win was settled or the hand was a draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from replay.errors import InputError
from replay.games.changchun import tiles as T
from replay.games.changchun.bao import reserve
from replay.games.changchun.params import Rules, rules_from_json
from replay.games.changchun.reading import (
    Meld,
    Refusal,
    Win,
    can_baoting,
    check_win,
    gang_keeps_ting,
    is_win,
    makes_win,
    shape_tiles,
    shoubayi_allowed,
    waits,
)
from replay.games.changchun.reasons import CATALOGUE
from replay.games.changchun.scoring import Payment, deltas, fan_by_seat, next_dealer, settle_gangs, settle_win
from replay.games.changchun.wall import BaoWall
from replay.table.board import IllegalEvent as IllegalEvent  # raised by push, caught by its callers
from replay.table.board import TableBoard
from replay.table.claims import Claim as Claim
from replay.table.claims import ClaimRules
from replay.table.seats import next_seat
from replay.table.wall import deal
from replay.tiles import CODES

SET_KINDS = tuple(T.SETS)
EVENT_TYPES = frozenset(
    {
        "draw",
        "discard",
        "chi",
        "peng",
        "gang",
        "hu",
        "pass",
        "ting",
        "bao",
        "kanbao",
        "bao_leak",
        "huangzhuang",
    }
)


def name(kind: int) -> str:
    """A tile as the messages name it: 五筒 (5p)."""
    return T.name(kind)


@dataclass
class Seat:
    """One seat's tiles, its sets and what it declared and knew."""

    hand: list[int]  # 34 concealed counts
    dealt: tuple[int, ...]  # the dealt counts
    dealt_left: list[int]  # dealt copies not yet put in a set, a 补 or a kong (CC-3.2, CC-3.3)
    melds: list[Meld] = field(default_factory=list)
    discarded: bool = False  # its first turn is over (CC-3.2)
    ting: bool = False  # declared 报听 (CC-4.2)
    ting_at: int | None = None  # the event index of its 报听
    locked: bool = False  # CC-4.3's lock
    looked: int = 0  # the serial of the last 宝 it looked at (0: none)
    leaked: bool = False  # CC-4.8
    guohu: bool = False  # let a legal win pass: no win on a discard before its next draw
    wait_before: tuple[int, ...] | None = None  # W(s) before this turn's draw (ting_gang)
    wait_cache: tuple[int, ...] | None = None
    shape_cache: frozenset[int] | None = None  # reading.shape_tiles of its hand

    def copy(self) -> Seat:
        """A copy later pushes cannot change: its two count lists copied, the rest shared (the
        melds list is replaced, never changed in place; flags and caches are immutable)."""
        out = object.__new__(Seat)
        state = out.__dict__
        state.update(self.__dict__)
        state["hand"] = self.hand[:]
        state["dealt_left"] = self.dealt_left[:]
        return out

    @property
    def size(self) -> int:
        return sum(self.hand)

    def set_meld(self, kind: str) -> int | None:
        """The index of its opening set of ``kind`` among its melds, None without one."""
        return next((i for i, m in enumerate(self.melds) if m.kind == kind), None)


@dataclass(frozen=True)
class Look:
    """One moment a seat learnt the 宝: the event index, the seat, the 宝's serial and kind,
    and how (``bao``: its own roll; ``kanbao``: a look at the standing one)."""

    index: int
    seat: int
    serial: int
    kind: int
    how: str


@dataclass
class Board(TableBoard):
    """The Changchun table (``changchun-hand/1``): the engine's board with Changchun's hooks."""

    REASONS = CATALOGUE

    rules: Rules
    dealer: int
    seats: list[Seat]
    wallx: BaoWall
    seen: list[int] = field(default_factory=lambda: [0] * T.NUM_KINDS)
    visible: list[int] = field(default_factory=lambda: [0] * T.NUM_KINDS)  # CC-4.7
    phase: str = "act"
    actor: int = 0
    drawn: int | None = None  # the tile the actor just drew
    claim: Claim | None = None
    ting_open: bool = False  # the discarder may still declare 报听 (CC-4.2)
    pending: tuple[int, int, str] | None = None  # a xu-gang or 补杠 awaiting robbers: seat, tile, kind
    hu_wins: dict[int, Win] = field(default_factory=dict)  # declared wins on the open window
    bao: int | None = None  # the current 宝's kind
    bao_serial: int = 0  # 1 for the first 宝, +1 at each roll
    bao_dead: str | None = None  # why the current 宝 is dead (CC-4.7, CC-4.8)
    looked_now: bool = False  # the actor looked at the 宝 this turn, before its draw (对宝)
    looks: list[Look] = field(default_factory=list)
    leaks: list[tuple[int, int]] = field(default_factory=list)  # (event index, seat)
    robbed: list[tuple[int, int, int, str]] = field(default_factory=list)  # index, seat, tile, kind
    winner: int | None = None
    win: Win | None = None
    discarder_seat: int | None = None
    payments: list[Payment] = field(default_factory=list)
    ended_by: str | None = None
    events: int = 0

    # ------------------------------------------------------------------ set-up
    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Board:
        """The board before the first event; raises InputError for a record it cannot read."""
        rules = rules_from_json(record.get("ruleset"))
        dealer = record.get("dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
            raise InputError("dealer", f"must be a seat 0-3, not {dealer!r}")
        wall: list[int] | None = None
        if record.get("wall") is not None:
            wall = T.parse_list(record["wall"], "wall")
            if len(wall) != T.WALL_SIZE:
                raise InputError("wall", f"must hold all {T.WALL_SIZE} tiles, not {len(wall)} (CC-1.4)")
            counts = T.counts(wall)
            bad = next((k for k in range(T.NUM_KINDS) if counts[k] != 4), None)
            if bad is not None:
                raise InputError(
                    "wall", f"holds {counts[bad]} of {name(bad)}; a wall has four of each (CC-1.1)"
                )
            hands, _ = deal(wall, dealer)  # CC-1.4
        else:
            dealt = record.get("deal")
            if not isinstance(dealt, list) or len(dealt) != 4:
                raise InputError("deal", "required without a wall: the four starting hands")
            hands = [T.parse_list(h, f"deal[{i}]") for i, h in enumerate(dealt)]
            for s, h in enumerate(hands):
                want = 14 if s == dealer else 13
                if len(h) != want:
                    raise InputError(f"deal[{s}]", f"seat {s} starts with {want} tiles, not {len(h)}")
        seen = [0] * T.NUM_KINDS
        seats = []
        for h in hands:
            c = T.counts(h)
            for k in h:
                seen[k] += 1
            seats.append(Seat(c, tuple(c), list(c)))
        bad = next((k for k in range(T.NUM_KINDS) if seen[k] > 4), None)
        if bad is not None:
            raise InputError("deal", f"holds {seen[bad]} of {name(bad)}; there are four of each (CC-1.1)")
        return cls(rules, dealer, seats, BaoWall(wall), seen, actor=dealer)

    def clone(self) -> Board:
        """A copy later pushes cannot change, far cheaper than ``copy.deepcopy``: rules, melds,
        wins and looks are immutable and shared; seats, the wall, the window and lists copied."""
        out = object.__new__(Board)
        state = out.__dict__
        state.update(self.__dict__)
        state["seats"] = [s.copy() for s in self.seats]
        state["wallx"] = self.wallx.copy()
        if self.claim is not None:
            state["claim"] = self.claim.copy()
        for key in ("seen", "visible", "looks", "leaks", "robbed", "payments"):
            state[key] = list(state[key])
        state["hu_wins"] = dict(self.hu_wins)
        return out

    # ------------------------------------------------------------------ hooks
    @property
    def ended(self) -> bool:
        return self.phase == "ended"

    def how_it_ended(self) -> str:
        if self.ended_by == "win":
            return f"seat {self.winner} won"
        return self.ended_by or "ended"

    @property
    def wall(self) -> list[int] | None:  # type: ignore[override]
        """The wall in order (wall mode), or None (deal mode)."""
        return self.wallx.wall

    @property
    def live(self) -> int:
        """Undrawn tiles, the 宝 included (CC-1.5)."""
        return self.wallx.left

    def tile_name(self, tile: int) -> str:
        return name(tile)

    def claim_rules(self) -> ClaimRules:
        """Chi (by the 下家, or any seat under ``chi_from: any``); one winner per tile (截胡)."""
        return ClaimRules(chi=True, several_winners=False)

    # ------------------------------------------------------------------ queries (viewer, bots, mistakes)
    def waits_of(self, s: int) -> tuple[int, ...]:
        """W(s) of CC-4.1 for a seat holding 13 − 3·melds tiles (cached until they change)."""
        seat = self.seats[s]
        if seat.wait_cache is None:
            seat.wait_cache = tuple(waits(seat.hand, seat.melds, self.rules))
        return seat.wait_cache

    def is_ready(self, s: int) -> bool:
        """W(s) is not empty (听, CC-4.1). Every kind of W(s) is among the seat's cached
        ``shape_tiles``, so a hand with none is answered without reading W(s)."""
        seat = self.seats[s]
        if seat.shape_cache is None:
            seat.shape_cache = shape_tiles(seat.hand)
        return bool(seat.shape_cache) and bool(self.waits_of(s))

    def window_in_reach(self) -> bool:
        """``hu_in_reach`` of some seat on the open window's tile, asked in turn order from the
        discarder's 下家 (one call a window: the mistakes' replay asks it of every window)."""
        claim = self.claim
        if self.phase != "claim" or claim is None:
            return False
        t = claim.tile
        for s in self.seats_after(claim.seat):
            seat = self.seats[s]
            shape = seat.shape_cache
            if shape is None:
                shape = seat.shape_cache = shape_tiles(seat.hand)
            if t in shape and makes_win(seat.hand, seat.melds, t, self.rules):
                return True
        return False

    def hu_in_reach(self, s: int) -> bool:
        """False only when ``push({"type": "hu", "seat": s})`` is sure to be refused for its
        tiles alone: with the tile it would win on they make no legal win (``makes_win``, which
        every kind of W(s) passes: CC-4.1, CC-5), and for 摸宝 (CC-4.6) its W(s) is empty. True
        says nothing: ``push`` decides (leaks, 过胡, a dead or unseen 宝 ...). Mistake detectors
        ask it first so as to push only the few wins that can stand; a seat's hand keeps its
        ``shape_tiles`` between its turns, so most windows cost a set lookup."""
        seat = self.seats[s]
        phase = self.phase
        if phase in ("claim", "draw"):  # a window's tile; 对宝 right after a look (CC-4.5)
            claim = self.claim
            t = (claim.tile if claim is not None else None) if phase == "claim" else self.bao
            if t is None:
                return False
            if seat.shape_cache is None:
                seat.shape_cache = shape_tiles(seat.hand)
            return t in seat.shape_cache and makes_win(seat.hand, seat.melds, t, self.rules)
        if phase == "act" and s == self.actor:  # 自摸 or 摸宝 on its draw, 天胡 on its dealt 14
            drawn = self.drawn
            tiles = [drawn] if drawn is not None else [k for k in range(T.NUM_KINDS) if seat.hand[k]]
            if tiles and is_win(seat.hand, seat.melds, self.rules):  # the drawn tile is in the hand
                return True
            bao = self.bao
            if bao is None or bao not in tiles or not self.bao_alive():
                return False
            if not seat.ting or seat.looked != self.bao_serial:
                return False
            before = list(seat.hand)
            before[bao] -= 1
            return bool(waits(before, seat.melds, self.rules))
        return True  # no hu is read in the other phases: push decides

    def reserve(self) -> int:
        """R(g) of CC-1.5 now."""
        return reserve(self.wallx.replacements, self.rules)

    def at_reserve(self) -> bool:
        """A live draw now would be refused: the hand is 荒庄 (CC-1.5). Also when nothing but
        the 宝 is left to draw: CC-1.5 counts it among the undrawn tiles and CC-4.4 lets nobody
        draw it, so under ``reserve: 0`` a wall holding only the 宝 ends the hand (a live draw
        then used to run past the wall's last position)."""
        w = self.wallx
        return w.left <= self.reserve() or w.drawable() <= 0

    def bao_alive(self) -> bool:
        """A 宝 stands and is not dead (CC-4.7, CC-4.8)."""
        return self.bao is not None and self.bao_dead is None

    def bao_known(self, s: int) -> int | None:
        """The 宝 kind seat s knows now (it looked at the current 宝), else None: what a seat's
        view shows and what mistakes may judge it on (§10)."""
        return self.bao if self.bao is not None and self.seats[s].looked == self.bao_serial else None

    def learnt(self, s: int) -> list[Look]:
        """Every moment seat s learnt a 宝, in order."""
        return [lk for lk in self.looks if lk.seat == s]

    def bao_index(self) -> int | None:
        """The current 宝's wall position (wall mode), None otherwise."""
        return self.wallx.bao_index

    def standing_melds(self) -> list[list[Meld]]:
        return [list(seat.melds) for seat in self.seats]

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

    def _add(self, s: int, t: int) -> None:
        seat = self.seats[s]
        seat.hand[t] += 1
        seat.wait_cache = None
        seat.shape_cache = None

    def _remove(self, s: int, t: int, n: int = 1) -> None:
        seat = self.seats[s]
        seat.hand[t] -= n
        seat.wait_cache = None
        seat.shape_cache = None
        if not seat.discarded:  # first turn: dealt copies go first (CC-3.2)
            seat.dealt_left[t] = max(0, seat.dealt_left[t] - n)

    def _show(self, kind: int, n: int = 1) -> None:
        """``n`` more tiles of ``kind`` visible to all (CC-4.7): the third kills the 宝."""
        self.visible[kind] += n
        if self.bao == kind and self.bao_dead is None and self.visible[kind] >= 3:
            self.bao_dead = f"three {name(kind)} are visible"

    def _refuse_win(self, s: int, tile: int, why: Refusal) -> IllegalEvent:
        return self.refuse(why.code, seat=s, tile=name(tile), detail=f"{why.message} ({why.rule})")

    def _shoubayi(self, s: int, melds: list[Meld]) -> None:
        """CC-2.5: a fourth meld leaves one concealed tile after the discard; refused unless
        every meld may stand in a 飘胡 (``shoubayi: forbid_action``)."""
        if len(melds) == 4 and not shoubayi_allowed(melds, 1, self.rules):
            raise self.refuse("shoubayi", seat=s)

    def _ting_gang(
        self, s: int, tile: int, hand: list[int], melds: list[Meld], before: tuple[int, ...]
    ) -> None:
        """CC-4.3: a locked seat's gang stands only if W(s) is unchanged (or still 听)."""
        after = waits(hand, melds, self.rules)
        if not gang_keeps_ting(before, after, self.rules):
            raise self.refuse(
                "ting_gang_changes_wait", seat=s, tile=name(tile), rule=f"ting_gang: {self.rules.ting_gang}"
            )

    def _take(self, s: int, replacement: bool, given: int | None) -> int:
        """One tile out of the wall for seat s, checked against the record (``checked_draw``)."""
        w = self.wallx
        index = None
        expected = None
        if w.wall is not None:
            index = w.back() if replacement else w.front()
            expected = w.wall[index]
        end = "a replacement draw from the back (CC-1.4)" if replacement else "from the front (CC-1.4)"
        tile = self.checked_draw(s, end, expected, given)
        w.take(index, replacement)
        seat = self.seats[s]
        seat.guohu = False
        self._add(s, tile)
        self.drawn = tile
        self.phase = "act"
        self.looked_now = False
        return tile

    # ------------------------------------------------------------------ events
    def apply(self, event: Mapping[str, Any]) -> None:
        """One event, read by the phase first (what a draw or a hu means depends on it)."""
        kind = event.get("type")
        if not isinstance(kind, str) or kind not in EVENT_TYPES:
            self.unknown_event(event)
        if kind == "bao_leak":
            self._leak(event)
            return
        if kind != "ting" and self.phase == "claim" and self.ting_open and kind != "pass":
            self.ting_open = False
        getattr(self, "_phase_" + self.phase)(event)

    def _phase_ended(self, event: Mapping[str, Any]) -> None:  # pragma: no cover - push refuses first
        raise self.refuse("event_after_end", how=self.how_it_ended())

    # -- own turn (CC-2.1) -------------------------------------------------------------
    def _phase_act(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        s = self.actor
        if kind in ("hu", "discard", "gang"):
            who = event.get("seat")
            if who != s:
                raise self.refuse("out_of_turn", seat=who, action=kind, expected=f"it is seat {s}'s turn")
            if kind == "hu":
                self._self_draw(s, event)
            elif kind == "discard":
                self._discard(s, event)
            else:
                self._own_gang(s, event)
        elif kind in ("chi", "peng", "pass"):
            raise self.refuse("nothing_to_claim", seat=event.get("seat"), action=kind)
        elif kind == "ting":
            raise self.refuse("ting_not_now", seat=event.get("seat"))
        elif kind in ("bao", "kanbao"):
            raise self.refuse("bao_not_now", seat=event.get("seat"), why=f"seat {s} is acting after its draw")
        elif kind == "huangzhuang":
            raise self.refuse("early_huangzhuang", why=f"seat {s} is to act")
        else:  # draw
            raise self.refuse(
                "out_of_turn", seat=event.get("seat"), action="draw", expected=f"seat {s} must act first"
            )

    def _self_draw(self, s: int, event: Mapping[str, Any]) -> None:
        """自摸 (a live or replacement draw, or the dealer's dealt 14) or 摸宝 (CC-4.6, CC-5.6)."""
        seat = self.seats[s]
        if seat.leaked:
            raise self.refuse("leaked", seat=s)
        given = self._given(event)
        tile = self.drawn
        if tile is None:
            first = s == self.dealer and not seat.discarded and seat.hand == list(seat.dealt)
            if not first:
                raise self.refuse("nothing_drawn", seat=s)
            candidates = [given] if given is not None else [k for k in range(T.NUM_KINDS) if seat.hand[k]]
        else:
            if given is not None and given != tile:
                raise self.refuse("win_tile_mismatch", expected=name(tile), tile=name(given))
            candidates = [tile]
        best: Win | None = None
        refusal: Refusal | None = None
        for t in candidates:
            if not seat.hand[t]:
                raise self.refuse("tile_not_in_hand", seat=s, tile=name(t))
            before = list(seat.hand)
            before[t] -= 1
            ways = ["zimo"]
            if t == self.bao and self.bao_alive() and seat.ting and seat.looked == self.bao_serial:
                ways.append("mobao")
            for way in ways:
                got = check_win(before, seat.melds, t, way, self.rules)
                if isinstance(got, Win):
                    if best is None or got.fan > best.fan:
                        best = got
                elif refusal is None:
                    refusal = got
        if best is None:
            assert refusal is not None
            raise self._refuse_win(s, candidates[0], refusal)
        self._won(s, best, None)

    def _discard(self, s: int, event: Mapping[str, Any]) -> None:
        tile = self._tile(event)
        seat = self.seats[s]
        if not seat.hand[tile]:
            raise self.refuse("tile_not_in_hand", seat=s, tile=name(tile))
        if seat.locked and self.drawn is not None and tile != self.drawn:
            raise self.refuse(
                "ting_locked",
                seat=s,
                lock=self._lock_name(),
                action=f"keep its draw {name(self.drawn)} (it discards it)",
            )
        self._remove(s, tile)
        expected = 13 - 3 * len(seat.melds)
        if seat.size != expected:  # CC-2.6
            raise self.refuse(
                "wrong_hand_size", seat=s, count=seat.size, melds=len(seat.melds), expected=expected
            )
        seat.discarded = True
        self.drawn = None
        self._show(tile)
        self.claim = Claim(s, tile, rob=False)
        self.hu_wins = {}
        self.ting_open = True
        self.phase = "claim"

    def _lock_name(self) -> str:
        return "ting_lock: " + self.rules.ting_lock

    def _own_gang(self, s: int, event: Mapping[str, Any]) -> None:
        kind = event.get("kind")
        if kind in SET_KINDS:
            self._set(s, str(kind), event)
            return
        if kind == "ming":
            raise self.refuse("nothing_to_claim", seat=s, action="ming-gang")
        tile = self._tile(event)
        seat = self.seats[s]
        before = seat.wait_before if seat.wait_before is not None else self.waits_of(s)
        if kind == "an":
            if seat.hand[tile] < 4:
                raise self.refuse(
                    "no_pair_to_claim",
                    seat=s,
                    need=4,
                    tile=name(tile),
                    action="an-gang (暗杠)",
                    have=seat.hand[tile],
                )
            melds = [*seat.melds, Meld("an", tile)]
            self._shoubayi(s, melds)
            if seat.locked:
                hand = list(seat.hand)
                hand[tile] -= 4
                self._ting_gang(s, tile, hand, melds, before)
            self._remove(s, tile, 4)
            seat.melds = melds
            self._replace_due(s)
            return
        if kind == "xu":
            if not any(m.kind == "peng" and m.tile == tile for m in seat.melds):
                raise self.refuse("no_peng_to_extend", seat=s, tile=name(tile))
            if not seat.hand[tile]:
                raise self.refuse("tile_not_in_hand", seat=s, tile=name(tile))
            src = self._peng_source(s, tile)
            melds = [
                Meld("xu", tile, source=src) if m.kind == "peng" and m.tile == tile else m for m in seat.melds
            ]
            if seat.locked:
                hand = list(seat.hand)
                hand[tile] -= 1
                self._ting_gang(s, tile, hand, melds, before)
            self._remove(s, tile)
            self._show(tile)
            self._rob_window(s, tile, "xu")
            return
        if kind == "bu":
            self._bu(s, tile, before)
            return
        raise InputError("kind", f"must be an, xu, ming, bu or a set ({', '.join(SET_KINDS)}), not {kind!r}")

    def _peng_source(self, s: int, tile: int) -> int | None:
        return next((m.source for m in self.seats[s].melds if m.kind == "peng" and m.tile == tile), None)

    def _set(self, s: int, kind: str, event: Mapping[str, Any]) -> None:
        """An opening set (起手杠 / 蛋, CC-3.1, CC-3.2): its dealt tiles, in the first turn."""
        seat = self.seats[s]
        want = T.SETS[kind]
        if seat.discarded:
            raise self.refuse("set_late", seat=s, why="before its first discard")
        given = T.parse_list(event.get("tiles"), "tiles")
        if sorted(given) != sorted(want):
            raise self.refuse(
                "bad_set",
                kind=f"{T.SET_ZH[kind]} {kind}",
                want=" ".join(CODES[t] for t in want),
                tiles=" ".join(CODES[t] for t in given) or "none",
            )
        if seat.set_meld(kind) is not None:
            raise self.refuse("set_twice", seat=s, kind=f"{T.SET_ZH[kind]} {kind}")
        for t in want:
            if not seat.hand[t] or not seat.dealt_left[t]:
                raise self.refuse("set_not_dealt", seat=s, tile=name(t), kind=f"{T.SET_ZH[kind]} {kind}")
        melds = [*seat.melds, Meld(kind)]
        self._shoubayi(s, melds)
        for t in want:
            self._remove(s, t)
            self._show(t)
        seat.melds = melds
        if kind == "xuanfeng":  # four tiles: a replacement draw (CC-2.1)
            self._replace_due(s)

    def _bu(self, s: int, tile: int, before: tuple[int, ...]) -> None:
        """补 (CC-3.3) or 补杠 (CC-3.4): one more tile of a set's group onto the seat's set."""
        seat = self.seats[s]
        group = T.bu_set(tile)
        at = seat.set_meld(group) if group is not None else None
        if group is None or at is None:
            raise self.refuse(
                "bu_no_set",
                seat=s,
                kind=f"{T.SET_ZH[group]} {group}" if group else "opening",
                tile=name(tile),
            )
        if not seat.hand[tile]:
            raise self.refuse("tile_not_in_hand", seat=s, tile=name(tile))
        if s == self.dealer and not seat.discarded:
            raise self.refuse("bu_dealer_first_turn", seat=s)
        old = seat.melds[at]
        melds = list(seat.melds)
        melds[at] = Meld(group, bu=(*old.bu, tile))
        if seat.locked:
            hand = list(seat.hand)
            hand[tile] -= 1
            self._ting_gang(s, tile, hand, melds, before)
        plain = not seat.discarded and seat.dealt_left[tile] > 0  # 连续补完 with dealt tiles
        self._remove(s, tile)
        self._show(tile)
        if plain:
            seat.melds = melds
            self._replace_due(s)
            return
        self._rob_window(s, tile, "bu")

    def _rob_window(self, s: int, tile: int, kind: str) -> None:
        """A xu-gang or 补杠 waits for robbers (抢胡; 抢碰 on a 补杠, CC-2.4)."""
        self.drawn = None
        self.pending = (s, tile, kind)
        self.claim = Claim(s, tile, rob=True)
        self.hu_wins = {}
        self.ting_open = False
        self.phase = "claim"

    def _replace_due(self, s: int) -> None:
        self.actor = s
        self.drawn = None
        self.phase = "replace"

    # -- the claim window (CC-2.2 - CC-2.4) ---------------------------------------------
    def _phase_claim(self, event: Mapping[str, Any]) -> None:
        claim = self.claim
        assert claim is not None
        kind = event["type"]
        if kind == "ting":
            self._ting(event)
            return
        if kind == "hu":
            self._claim_hu(claim, event)
            return
        if kind == "pass":
            s = self._seat(event)
            if s == claim.seat or s in claim.hus:
                raise self.refuse(
                    "out_of_turn", seat=s, action="pass", expected="only seats that may claim pass"
                )
            claim.passed.add(s)
            return
        if claim.hus:
            if kind in ("chi", "peng", "gang"):
                raise self.refuse("claim_after_hu", tile=name(claim.tile))
            raise self.refuse("event_after_end", how="seat " + ", ".join(map(str, claim.hus)) + " won")
        if kind in ("chi", "peng") or (kind == "gang" and event.get("kind") == "ming"):
            self._claim_meld(claim, event)
            return
        if kind in ("draw", "bao", "kanbao", "huangzhuang"):
            self._close(claim)
            getattr(self, "_phase_" + self.phase)(event)
            return
        raise self.refuse(
            "out_of_turn",
            seat=event.get("seat"),
            action=kind,
            expected="the tile may be claimed or the next seat draws",
        )

    def _claim_hu(self, claim: Claim, event: Mapping[str, Any]) -> None:
        s = self._seat(event)
        if s == claim.seat:
            raise self.refuse("claim_from_self", seat=s)
        if s in claim.hus:
            raise self.refuse("hu_twice", seat=s)
        given = self._given(event)
        if given is not None and given != claim.tile:
            raise self.refuse("win_tile_mismatch", expected=name(claim.tile), tile=name(given))
        seat = self.seats[s]
        if seat.leaked:
            raise self.refuse("leaked", seat=s)
        if seat.guohu and not claim.rob:
            raise self.refuse("guohu", seat=s, passed="an earlier tile", tile=name(claim.tile))
        got = check_win(seat.hand, seat.melds, claim.tile, "qianghu" if claim.rob else "dianpao", self.rules)
        if isinstance(got, Refusal):
            raise self._refuse_win(s, claim.tile, got)
        claim.hus.append(s)
        self.hu_wins[s] = got

    def can_win_on(self, s: int, claim: Claim) -> bool:
        """Seat s may win on the window's tile now (CC-2.3, CC-4.8, CC-5)."""
        seat = self.seats[s]
        if s == claim.seat or seat.leaked or (seat.guohu and not claim.rob):
            return False
        return claim.tile in self.waits_of(s)

    def _close(self, claim: Claim) -> None:
        """The window closes unwon: a standing xu-gang or 补杠 takes its replacement draw; after a
        discard the next seat's live draw is due. ``guohu: until_own_draw`` locks every seat that
        could have won and did not."""
        if self.rules.guohu == "until_own_draw" and not claim.rob:
            for s in self.seats_after(claim.seat):
                if self.can_win_on(s, claim):
                    self.seats[s].guohu = True
        self.claim = None
        self.ting_open = False
        if claim.rob:
            assert self.pending is not None
            s, tile, kind = self.pending
            self.pending = None
            seat = self.seats[s]
            if kind == "xu":
                seat.melds = [
                    Meld("xu", tile, source=m.source) if m.kind == "peng" and m.tile == tile else m
                    for m in seat.melds
                ]
            else:
                group = T.bu_set(tile)
                seat.melds = [Meld(m.kind, bu=(*m.bu, tile)) if m.kind == group else m for m in seat.melds]
            seat.wait_cache = None  # its melds changed (a W(s) read in the window held the peng)
            self._replace_due(s)
            return
        self._draw_due(next_seat(claim.seat))

    def _draw_due(self, s: int) -> None:
        self.actor = s
        self.drawn = None
        self.looked_now = False
        self.phase = "draw"

    def _claim_meld(self, claim: Claim, event: Mapping[str, Any]) -> None:
        """Chi, peng or ming-gang on a discard; 抢碰 on a 补杠 (CC-2.2, CC-2.4)."""
        kind = str(event["type"])
        action = "ming-gang" if kind == "gang" else kind
        s = self._seat(event)
        if s == claim.seat:
            raise self.refuse("claim_from_self", seat=s)
        if claim.rob:
            assert self.pending is not None
            if kind != "peng" or self.pending[2] != "bu":
                what = f"a {action} of a xu-gang's tile" if self.pending[2] == "xu" else f"a {action}"
                raise self.refuse("qiangpeng_not_bu", what=what)
        seat = self.seats[s]
        if kind == "chi":
            self._chi(claim, s, event)
            return
        given = self._given(event)
        if given is not None and given != claim.tile:
            raise self.refuse("win_tile_mismatch", expected=name(claim.tile), tile=name(given))
        tile = claim.tile
        need = 2 if kind == "peng" else 3
        if seat.hand[tile] < need:
            raise self.refuse(
                "no_pair_to_claim", seat=s, need=need, tile=name(tile), action=action, have=seat.hand[tile]
            )
        if kind == "peng":
            if seat.locked:
                raise self.refuse("ting_locked", seat=s, lock=self._lock_name(), action="peng")
            melds = [*seat.melds, Meld("peng", tile, source=claim.seat)]
            self._shoubayi(s, melds)
            if claim.rob:  # 抢碰: the 补 is void, its seat draws nothing (CC-2.4)
                assert self.pending is not None
                self.robbed.append((self.events, claim.seat, tile, "bu"))
                self.pending = None
            self._take_claim(claim, s, tile, need, melds)
            self.phase = "act"
            return
        melds = [*seat.melds, Meld("ming", tile, source=claim.seat)]
        self._shoubayi(s, melds)
        if seat.locked:
            hand = list(seat.hand)
            hand[tile] -= 3
            self._ting_gang(s, tile, hand, melds, self.waits_of(s))
        self._take_claim(claim, s, tile, need, melds)
        self._replace_due(s)

    def _take_claim(self, claim: Claim, s: int, tile: int, need: int, melds: list[Meld]) -> None:
        """The claimed tile leaves the window into seat s's new meld; the tiles it shows from
        its hand become visible (the claimed one already was)."""
        if self.rules.guohu == "until_own_draw" and not claim.rob:
            for o in self.seats_after(claim.seat):
                if o != s and self.can_win_on(o, claim):
                    self.seats[o].guohu = True
        self.claim = None
        self.ting_open = False
        self._remove(s, tile, need)
        self._show(tile, need)
        self.seats[s].melds = melds
        self.actor = s
        self.drawn = None

    def _chi(self, claim: Claim, s: int, event: Mapping[str, Any]) -> None:
        seat = self.seats[s]
        if self.rules.chi_from == "shangjia" and s != next_seat(claim.seat):
            raise self.refuse("chi_not_shangjia", seat=s, source=claim.seat, expected=next_seat(claim.seat))
        given = self._given(event)
        if given is not None and given != claim.tile:
            raise self.refuse("win_tile_mismatch", expected=name(claim.tile), tile=name(given))
        tile = claim.tile
        own = T.parse_list(event.get("tiles"), "tiles")
        if len(own) != 2:
            raise InputError("tiles", f"a chi names the 2 tiles from hand, not {len(own)}")
        run = sorted([*own, tile])
        if not (run[2] < 27 and run[0] // 9 == run[2] // 9 and run[1] == run[0] + 1 and run[2] == run[0] + 2):
            raise self.refuse("bad_chi", run=" ".join(CODES[t] for t in run))
        for t in set(own):
            if seat.hand[t] < own.count(t):
                raise self.refuse("tile_not_in_hand", seat=s, tile=name(t))
        if seat.locked:
            raise self.refuse("ting_locked", seat=s, lock=self._lock_name(), action="chi")
        melds = [*seat.melds, Meld("chi", run[0], source=claim.seat)]
        self._shoubayi(s, melds)
        self._take_claim(claim, s, tile, 0, melds)
        for t in own:
            self._remove(s, t)
            self._show(t)
        self.phase = "act"

    # -- 报听 (CC-4.2) ---------------------------------------------------------------------
    def _ting(self, event: Mapping[str, Any]) -> None:
        s = self._seat(event)
        claim = self.claim
        if claim is None or claim.rob or claim.seat != s or not self.ting_open:
            raise self.refuse("ting_not_now", seat=s)
        seat = self.seats[s]
        if seat.ting:
            raise self.refuse("ting_twice", seat=s)
        why = can_baoting(seat.hand, seat.melds, self.rules)
        if why is not None:
            raise self.refuse(why.code, seat=s)
        seat.ting = True
        seat.ting_at = self.events
        if self.rules.ting_lock == "baoting":
            seat.locked = True

    # -- draws and the 宝 (CC-1.4, CC-1.5, CC-4.4 - CC-4.8) --------------------------------
    def _must_roll(self, s: int) -> bool:
        """CC-4.7: the 宝 is dead and seat s, 报听, starts its turn: it rolls before anything."""
        return self.seats[s].ting and self.bao is not None and self.bao_dead is not None

    def _phase_draw(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        s = self.actor
        if kind == "huangzhuang":
            if not self.at_reserve():
                raise self.refuse(
                    "early_huangzhuang",
                    why=f"{self.wallx.left} tiles are left, more than the {self.reserve()} kept",
                )
            self._huangzhuang()
            return
        if kind in ("bao", "kanbao"):
            self._look(s, event)
            return
        if kind == "hu" and event.get("seat") == s and self.looked_now:
            self._duibao(s, event)
            return
        if kind != "draw" or event.get("seat") != s:
            if kind == "ting":
                raise self.refuse("ting_not_now", seat=event.get("seat"))
            raise self.refuse(
                "out_of_turn", seat=event.get("seat"), action=kind, expected=f"seat {s} draws next"
            )
        if self.at_reserve():
            raise self.refuse("wall_reserve", left=self.wallx.left, reserve=self.reserve())
        if self._must_roll(s):
            raise self.refuse("bao_must_roll", seat=s, why=self.bao_dead)
        seat = self.seats[s]
        if seat.locked:
            seat.wait_before = self.waits_of(s)
        self._take(s, False, self._given(event))

    def _phase_replace(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        s = self.actor
        if kind != "draw" or event.get("seat") != s:
            if kind == "hu" and event.get("seat") != s:
                raise self.refuse(
                    "rob_not_allowed",
                    detail="an an-gang, a ming-gang, an opening set or a first-turn 补 stands",
                )
            raise self.refuse(
                "out_of_turn",
                seat=event.get("seat"),
                action=kind,
                expected=f"seat {s} draws its replacement tile",
            )
        seat = self.seats[s]
        if seat.locked and seat.wait_before is None:
            seat.wait_before = self.waits_of(s)
        self._take(s, True, self._given(event))

    def _look(self, s: int, event: Mapping[str, Any]) -> None:
        """看宝 (CC-4.4): a roll (``bao``) when no 宝 stands or it is dead, else ``kanbao``."""
        who = self._seat(event)
        if not self.seats[who].ting:
            raise self.refuse("look_not_ting", seat=who)
        if who != s:
            raise self.refuse("bao_not_now", seat=who, why=f"it is seat {s}'s turn")
        if self.at_reserve():
            raise self.refuse("bao_not_now", seat=s, why="the wall is at its reserve: 荒庄 comes first")
        seat = self.seats[s]
        if event["type"] == "kanbao":
            if self.bao is None:
                raise self.refuse("bao_none", seat=s, why="none was rolled yet")
            if self.bao_dead is not None:
                raise self.refuse("bao_must_roll", seat=s, why=self.bao_dead)
        else:
            if self.bao_alive():
                assert self.bao is not None
                raise self.refuse("bao_exists", tile=name(self.bao), seat=s)
            self._roll(s, event)
        seat.looked = self.bao_serial
        assert self.bao is not None
        self.looks.append(Look(self.events, s, self.bao_serial, self.bao, str(event["type"])))
        self.looked_now = True
        if self.rules.ting_lock == "kanbao":
            seat.locked = True

    def _roll(self, s: int, event: Mapping[str, Any]) -> None:
        """A new 宝 (CC-4.4, CC-4.7): the old one goes back to the wall, the die counts from the
        back; ``index`` is required with a wall, ``tile`` without one."""
        w = self.wallx
        die = event.get("die")
        if die is not None and (isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6):
            raise InputError("die", f"must be 1-6, not {die!r}")
        old = self.bao
        w.bao_index = None
        if w.wall is not None:
            index = event.get("index")
            if isinstance(index, bool) or not isinstance(index, int):
                raise InputError("index", "required with a wall: the 宝's position in it (§9)")
            if not 0 <= index < T.WALL_SIZE or w.gone[index]:
                raise self.refuse("bao_position", expected="an undrawn wall position", given=f"wall[{index}]")
            if die is not None:
                target = w.bao_target(die, self.rules)
                if target != index:
                    raise self.refuse(
                        "bao_position", expected=f"wall[{target}] by the die {die}", given=f"wall[{index}]"
                    )
            kind = w.wall[index]
            given = self._given(event)
            if given is not None and given != kind:
                raise self.refuse(
                    "bao_position", expected=f"{name(kind)} at wall[{index}]", given=name(given)
                )
            w.bao_index = index
        else:
            if event.get("tile") is None:
                raise InputError("tile", "required without a wall: the 宝 rolled (§9)")
            kind = self._tile(event)
            if old is not None:
                self.seen[old] -= 1  # the old 宝 is an ordinary wall tile again
            if self.seen[kind] >= 4:
                raise self.refuse("fifth_copy", tile=name(kind))
            self.seen[kind] += 1
        self.bao = kind
        self.bao_serial += 1
        self.bao_dead = None
        self._show(kind, 0)  # a new 宝 already three times visible is dead at once

    def _duibao(self, s: int, event: Mapping[str, Any]) -> None:
        """对宝 (CC-4.5): right after its look the seat wins with the 宝 kind, drawing nothing."""
        seat = self.seats[s]
        if seat.leaked:
            raise self.refuse("leaked", seat=s)
        assert self.bao is not None
        if self.bao_dead is not None:
            raise self.refuse("bao_dead", tile=name(self.bao), why=self.bao_dead)
        given = self._given(event)
        if given is not None and given != self.bao:
            raise self.refuse("win_tile_mismatch", expected=name(self.bao), tile=name(given))
        got = check_win(seat.hand, seat.melds, self.bao, "duibao", self.rules)
        if isinstance(got, Refusal):
            raise self._refuse_win(s, self.bao, got)
        self._won(s, got, None)

    def _leak(self, event: Mapping[str, Any]) -> None:
        """泄宝 (CC-4.8): the seat loses its wins; the 宝 is changed as when dead (CC-4.7)."""
        if self.phase == "ended":  # pragma: no cover - push refuses first
            raise self.refuse("event_after_end", how=self.how_it_ended())
        s = self._seat(event)
        if self.bao is None or self.seats[s].looked != self.bao_serial:
            raise self.refuse("leak_unknown", seat=s, why="it has not looked at the current 宝")
        if self.bao_dead is not None:
            raise self.refuse("leak_unknown", seat=s, why=f"the 宝 is dead ({self.bao_dead})")
        self.seats[s].leaked = True
        self.leaks.append((self.events, s))
        self.bao_dead = f"seat {s} leaked it (泄宝)"

    # -- the end ------------------------------------------------------------------------
    def _huangzhuang(self) -> None:
        self.payments = settle_gangs(self.standing_melds(), self.rules)
        self.phase = "ended"
        self.ended_by = "huangzhuang"

    def _won(self, s: int, win: Win, source: int | None) -> None:
        """Settle one win (CC-6): win money by the rules core, gang money of the standing gangs."""
        self.winner = s
        self.win = win
        self.discarder_seat = source
        self.payments = [
            *settle_win(s, win, source, self.dealer, self.rules),
            *settle_gangs(self.standing_melds(), self.rules),
        ]
        self.claim = None
        self.phase = "ended"
        self.ended_by = "win"

    def finish(self) -> None:
        """After the last event: the declared wins on an open window are settled, the first in
        turn order from the discarder (or robbed seat) winning alone (截胡, CC-2.3)."""
        claim = self.claim
        if self.phase != "claim" or claim is None or not claim.hus:
            return
        w = self.winners(claim)[0]
        if claim.rob:
            assert self.pending is not None
            self.robbed.append((self.events, claim.seat, claim.tile, self.pending[2]))
            self.pending = None  # a robbed gang never counts (CC-2.4)
        self._won(w, self.hu_wins[w], claim.seat)

    # -- result (§9) ----------------------------------------------------------------------
    def next_dealer(self) -> int:
        """CC-1.3: the dealer stays when it wins or at 荒庄; another winner: the dealer's 下家."""
        return next_dealer(self.dealer, self.winner)

    def deltas(self) -> list[int]:
        return deltas(self.payments)

    def result(self) -> dict[str, Any]:
        """The engine's settlement in the shape of §9's ``result``, with every payment's receipt."""
        win_pay = [p for p in self.payments if p.kind == "win"]
        gang_pay = [p for p in self.payments if p.kind == "gang"]
        win = self.win
        return {
            "winner": self.winner,
            "discarder": self.discarder_seat,
            "way": win.way if win is not None else None,
            "hands": list(win.hands) if win is not None else [],
            "fan": fan_by_seat(win_pay),
            "win_deltas": deltas(win_pay),
            "gang_deltas": deltas(gang_pay),
            "deltas": self.deltas(),
            "next_dealer": self.next_dealer(),
            "payments": [
                {"from": p.payer, "to": p.payee, "amount": p.amount, "kind": p.kind, "receipt": p.receipt}
                for p in self.payments
            ],
        }


def legal_actions(board: Board) -> list[dict[str, Any]]:
    """Every event that may come next, each checked by pushing it on a clone of the board.

    Candidates come from the phase, so the answer follows exactly the rules ``push`` enforces:
    bots and mistake detectors ask this, never a second copy of the rules. Draws name no tile
    (the wall decides it; without a wall the caller names it); a roll of the 宝 is listed per
    die face with the position it points at (wall mode only).
    """
    if board.ended:
        return []
    candidates: list[dict[str, Any]] = []
    phase = board.phase
    s = board.actor
    if phase == "act":
        seat = board.seats[s]
        candidates.append({"type": "hu", "seat": s})
        for k in range(T.NUM_KINDS):
            if not seat.hand[k]:
                continue
            candidates.append({"type": "discard", "seat": s, "tile": CODES[k]})
            if seat.hand[k] == 4:
                candidates.append({"type": "gang", "seat": s, "kind": "an", "tile": CODES[k]})
            if any(m.kind == "peng" and m.tile == k for m in seat.melds):
                candidates.append({"type": "gang", "seat": s, "kind": "xu", "tile": CODES[k]})
            if T.bu_set(k) is not None:
                candidates.append({"type": "gang", "seat": s, "kind": "bu", "tile": CODES[k]})
        if not seat.discarded:
            for kind, want in T.SETS.items():
                candidates.append(
                    {"type": "gang", "seat": s, "kind": kind, "tiles": [CODES[t] for t in want]}
                )
    elif phase == "claim" and board.claim is not None:
        claim = board.claim
        code = CODES[claim.tile]
        if board.ting_open:
            candidates.append({"type": "ting", "seat": claim.seat})
        for o in board.seats_after(claim.seat):
            candidates += [
                {"type": "hu", "seat": o},
                {"type": "peng", "seat": o},
                {"type": "gang", "seat": o, "kind": "ming", "tile": code},
            ]
            t = claim.tile
            for a, b in ((t - 2, t - 1), (t - 1, t + 1), (t + 1, t + 2)):
                if t < 27 and a >= 0 and b < 27 and a // 9 == b // 9 == t // 9:
                    candidates.append({"type": "chi", "seat": o, "tiles": [CODES[a], CODES[b]]})
        if not claim.hus:
            nxt = board.pending[0] if claim.rob and board.pending else next_seat(claim.seat)
            candidates += [{"type": "draw", "seat": nxt}, {"type": "huangzhuang"}]
            candidates += _looks(board, nxt)
    elif phase == "draw":
        candidates += [{"type": "draw", "seat": s}, {"type": "huangzhuang"}, {"type": "hu", "seat": s}]
        candidates += _looks(board, s)
    elif phase == "replace":
        candidates.append({"type": "draw", "seat": s})
    for o in range(4):
        if board.bao_known(o) is not None:
            candidates.append({"type": "bao_leak", "seat": o})
    out = []
    for c in candidates:
        if c["type"] == "draw" and board.wall is None:
            continue  # without a wall the caller names the tile
        trial = board.clone()
        try:
            trial.push(c)
        except (IllegalEvent, InputError):
            continue
        out.append(c)
    return out


def _looks(board: Board, s: int) -> list[dict[str, Any]]:
    """看宝 candidates for seat s: a look, and (wall mode) a roll per die face."""
    out: list[dict[str, Any]] = [{"type": "kanbao", "seat": s}]
    if board.wall is not None:
        w = board.wallx.copy()
        w.bao_index = None
        for die in range(1, 7):
            index = w.bao_target(die, board.rules)
            if index is not None:
                out.append({"type": "bao", "seat": s, "die": die, "index": index})
    return out
