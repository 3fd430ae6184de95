"""The Sichuan table as a hand is played: push events, python-chess style (SC-1 to SC-3, SC-5, §6, §7).

``Board.push`` applies one event of a ``sichuan-hand/1`` record (a dict shaped as sichuan.md §10,
tiles as canonical codes or aliases) or raises ``IllegalEvent`` with the SC rule and a reason code.
The board derives whose turn it is, which tile a claim takes, who may still play (xuezhan winners
and bankrupt seats leave), how each win was made (杠上花, 杠上炮, 抢杠胡, 海底, 天胡/地胡) and every
transfer as it happens, through one ``Ledger`` so bankruptcy applies everywhere alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from replay.errors import InputError
from replay.games.sichuan import tiles as T
from replay.games.sichuan.ledger import Ledger
from replay.games.sichuan.params import SichuanRules, rules_from_json
from replay.games.sichuan.reading import Reading, score, shape_wins, waits
from replay.games.sichuan.reasons import CATALOGUE
from replay.games.sichuan.scoring import WinScore, charge, score_win
from replay.table.board import IllegalEvent as IllegalEvent  # raised by push, and caught by its callers
from replay.table.board import TableBoard
from replay.table.claims import Claim as Claim  # the window on a discard or a 补杠
from replay.table.claims import ClaimRules
from replay.table.wall import BACK, FRONT, deal
from replay.tiles import CODES

SWAP_TARGET = {"next": 1, "prev": 3, "across": 2}


@dataclass
class Seat:
    hand: list[int] = field(default_factory=lambda: [0] * 27)
    pengs: list[int] = field(default_factory=list)
    kongs: list[tuple[int, str, int | None]] = field(default_factory=list)
    void: int | None = None
    wins: int = 0
    draws: int = 0
    locked: list[int] | None = None  # 过水: uncapped M of each win passed since the last draw
    set_aside: list[int] = field(default_factory=list)

    @property
    def kong_kinds(self) -> list[int]:
        return [k for k, _, _ in self.kongs]

    @property
    def melds(self) -> int:
        return len(self.pengs) + len(self.kongs)

    def holds_void(self) -> int | None:
        if self.void is None:
            return None
        return next((k for k in range(9 * self.void, 9 * self.void + 9) if self.hand[k]), None)


def _seat_copy(seat: Seat) -> Seat:
    """A copy of a seat later pushes cannot change (``Board.snapshot``): its ``__dict__`` copied,
    every list in it copied."""
    out = object.__new__(Seat)
    out.__dict__ = state = seat.__dict__.copy()
    state["hand"] = list(seat.hand)
    state["pengs"] = list(seat.pengs)
    state["kongs"] = list(seat.kongs)
    state["set_aside"] = list(seat.set_aside)
    if seat.locked is not None:
        state["locked"] = list(seat.locked)
    return out


@dataclass
class WinRecord:
    seat: int
    source: int | None
    tile: int
    hand: str
    gen: int
    ways: tuple[str, ...]
    multiple: int
    tied: tuple[str, ...]
    expression: str = ""
    charges: tuple[tuple[int, str], ...] = ()

    def receipt(self) -> dict[str, Any]:
        """The win as a player writes it: M factor by factor, then what each payer owes."""
        return {
            "seat": self.seat,
            "from": self.source,
            "expression": self.expression,
            "payers": [{"seat": p, "expression": text} for p, text in self.charges],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "from": self.source,
            "tile": CODES[self.tile],
            "hand": self.hand,
            "gen": self.gen,
            "ways": list(self.ways),
            "multiple": self.multiple,
        }


@dataclass
class Board(TableBoard):
    """The Sichuan table (``sichuan-hand/1``): the engine's board with Sichuan's hooks."""

    REASONS = CATALOGUE
    CLAIMS = ClaimRules(chi=False, several_winners=True)  # SC-3.2: no chi; 一炮多响

    rules: SichuanRules
    dealer: int
    seats: list[Seat]
    ledger: Ledger
    wall: list[int] | None
    front: int = T.DEAL_SIZE
    back: int = T.WALL_SIZE - 1
    seen: list[int] = field(default_factory=lambda: [0] * 27)
    phase: str = "swap"
    actor: int = 0
    drawn: int | None = None  # the tile the actor just drew (self-draw win, xueliu discard)
    replacement: bool = False  # the drawn tile came from the back (杠上花)
    kong_turn: bool = False  # the actor made a kong this turn (its discard is 杠上炮)
    last_kong: tuple[int, str, int | None] | None = None  # (tile, kind, feeder) for 点杠花
    turn_no: int = 0
    claim: Claim | None = None
    any_meld: bool = False  # a peng or kong by anyone (blocks 地胡)
    dealer_discards: int = 0
    wins: list[WinRecord] = field(default_factory=list)
    first_win_multiple: tuple[bool, int | None] = (False, None)
    ended_by: str | None = None
    huazhu: list[int] = field(default_factory=list)
    tenpai: list[int] = field(default_factory=list)
    events: int = 0

    # ------------------------------------------------------------------ set-up
    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Board:
        """The board before the first event; raises InputError for a record it cannot read."""
        rules = rules_from_json(record.get("ruleset"))
        dealer = record.get("dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
            raise InputError("dealer", f"must be a seat 0-3, not {dealer!r}")
        stacks = record.get("stacks")
        if rules.bankruptcy and stacks is None:
            raise InputError("stacks", "required with the bankruptcy parameter (§7)")
        ledger = Ledger(rules.base, list(stacks) if rules.bankruptcy and stacks is not None else None)
        wall: list[int] | None = None
        if record.get("wall") is not None:
            wall = T.parse_list(record["wall"], "wall")
            if len(wall) != T.WALL_SIZE:
                raise InputError("wall", f"must hold all {T.WALL_SIZE} tiles, not {len(wall)}")
            counts = [wall.count(k) for k in range(27)]
            bad = next((k for k in range(27) if counts[k] != 4), None)
            if bad is not None:
                raise InputError("wall", f"holds {counts[bad]} of {T.name(bad)}; a wall has four of each")
            hands, _ = deal(wall, dealer)  # SC-1.4
        else:
            dealt = record.get("deal")
            if not isinstance(dealt, list) or len(dealt) != 4:
                raise InputError("deal", "required without a wall: the four starting hands")
            hands = [T.parse_list(h, f"deal[{i}]") for i, h in enumerate(dealt)]
            for s, h in enumerate(hands):
                want = 14 if s == dealer else 13
                if len(h) != want:
                    raise InputError(f"deal[{s}]", f"seat {s} starts with {want} tiles, not {len(h)}")
        board = cls(rules, dealer, [Seat() for _ in range(4)], ledger, wall)
        for s, h in enumerate(hands):
            for t in h:
                board.seats[s].hand[t] += 1
                board.seen[t] += 1
        if wall is None:
            bad = next((k for k in range(27) if board.seen[k] > 4), None)
            if bad is not None:
                raise InputError("deal", f"holds {board.seen[bad]} of {T.name(bad)}; there are four of each")
        board.actor = dealer
        board.phase = "swap" if rules.swap_three != "off" else ("dingque" if rules.dingque else "act")
        return board

    def clone(self) -> Board:
        """A copy later pushes cannot change, far cheaper than ``copy.deepcopy``.

        The rules, the wall and the win records are never mutated after they are made, so they
        are shared; every per-seat list, the open claim and the ledger's balances and kong income
        (whose ``transferred`` flags 呼叫转移 and 退税 set) are copied. The bots try their choices
        and the mistake detectors their alternatives on clones, many times a hand.
        """
        out = object.__new__(Board)
        state = out.__dict__
        state.update(self.__dict__)
        state["seats"] = [
            Seat(
                list(s.hand),
                list(s.pengs),
                list(s.kongs),
                s.void,
                s.wins,
                s.draws,
                None if s.locked is None else list(s.locked),
                list(s.set_aside),
            )
            for s in self.seats
        ]
        state["ledger"] = self.ledger.copy()
        if self.claim is not None:
            state["claim"] = self.claim.copy()
        state["seen"] = list(self.seen)
        state["wins"] = list(self.wins)
        state["huazhu"] = list(self.huazhu)
        state["tenpai"] = list(self.tenpai)
        return out

    def snapshot(self, like: Board | None = None) -> Board:
        """A copy to keep, not to push on (the audit keeps one after every event for the mistake
        analysis: ``mistakes.Recorder``): cheaper than ``clone()``. Each seat is copied by its
        ``__dict__`` (no dataclass ``__init__``); a seat, the ledger, the win list, ``seen`` and the
        open window are shared with ``like`` (the previous snapshot) when they have not changed
        since it (a seat's fields compare equal; the ledger only grows by transfers; the wins only
        by appends), else copied. Detectors ``clone()`` a snapshot to try something on it."""
        out = object.__new__(Board)
        out.__dict__ = state = self.__dict__.copy()
        if like is None:
            state["seats"] = [_seat_copy(s) for s in self.seats]
        else:  # an event changes one seat or two: the others are the previous snapshot's
            state["seats"] = [
                p if p.__dict__ == s.__dict__ else _seat_copy(s)
                for p, s in zip(like.seats, self.seats, strict=True)
            ]
        led = self.ledger
        if like is not None and len(like.ledger.transfers) == len(led.transfers):
            state["ledger"] = like.ledger
        else:
            state["ledger"] = led.copy()
        claim = self.claim
        if claim is not None:
            kept = like.claim if like is not None else None
            state["claim"] = kept if kept is not None and kept == claim else claim.copy()
        seen = like.seen if like is not None else None
        state["seen"] = seen if seen is not None and seen == self.seen else list(self.seen)
        wins = like.wins if like is not None else None
        state["wins"] = wins if wins is not None and len(wins) == len(self.wins) else list(self.wins)
        for name in ("huazhu", "tenpai"):  # set once, at the end of the wall
            mine = state[name]
            kept = getattr(like, name) if like is not None else None
            state[name] = kept if kept is not None and kept == mine else list(mine)
        return out

    def peek_draw(self) -> int | None:
        """The tile the next draw takes (wall mode; None without a wall or with the wall empty)."""
        if self.live <= 0:
            return None
        return self.peek(BACK if self.replacement else FRONT)

    # ------------------------------------------------------------------ queries
    @property
    def ended(self) -> bool:
        return self.phase == "ended"

    def how_it_ended(self) -> str:
        return self.ended_by or "ended"

    def tile_name(self, tile: int) -> str:
        return T.name(tile)

    def active(self, s: int) -> bool:
        """SC-1.2: xuezhan winners and bankrupt seats are out."""
        if s in self.ledger.bankrupt:
            return False
        return not (self.rules.mode == "xuezhan" and self.seats[s].wins)

    def others_from(self, s: int) -> list[int]:
        """The other active seats in turn order from s's 下家 (how payers are listed)."""
        return [o for o in self.seats_after(s) if self.active(o)]

    def active_seats(self) -> list[int]:
        return [s for s in range(4) if self.active(s)]

    def next_active(self, after: int) -> int:
        for k in range(1, 5):
            s = (after + k) % 4
            if self.active(s):
                return s
        return after

    def _why_out(self, s: int) -> str:
        return "bankrupt (破产)" if s in self.ledger.bankrupt else "it already won (血战到底)"

    def _all_tiles(self, s: int, extra: int | None = None) -> list[int]:
        seat = self.seats[s]
        tiles = [k for k in range(27) for _ in range(seat.hand[k])] + seat.pengs + seat.kong_kinds
        return [*tiles, extra] if extra is not None else tiles

    def win_reading(self, s: int, tile: int | None) -> Reading | None:
        """SC-4.1: does seat s win with ``tile`` added (None: its hand already holds 14)?"""
        seat = self.seats[s]
        if tile is not None and tile not in shape_wins(tuple(seat.hand), len(seat.pengs) + len(seat.kongs)):
            return None  # no shape wins on it (the shape core's answer, remembered per hand)
        c = list(seat.hand)
        if tile is not None:
            c[tile] += 1
        if seat.void is not None:
            if any(c[9 * seat.void : 9 * seat.void + 9]):
                return None
        elif not self.rules.dingque and len({t // 9 for t in self._all_tiles(s, tile)}) > 2:
            return None
        return score(c, seat.pengs, seat.kong_kinds, jiang_hands=self.rules.jiang_hands)

    def waits_of(self, s: int) -> dict[int, Reading]:
        seat = self.seats[s]
        return waits(
            seat.hand,
            seat.pengs,
            seat.kong_kinds,
            seat.void,
            jiang_hands=self.rules.jiang_hands,
            two_suits=not self.rules.dingque,
        )

    # ------------------------------------------------------------------ events
    def apply(self, event: Mapping[str, Any]) -> None:
        """One event, read by the phase first: the opening (换三张, 定缺) takes only its own
        event, and a claim window decides what a draw or a discard means (SC-3.2). No chi."""
        kind = event.get("type")
        if kind == "chi" and not self.claim_rules().chi:
            raise self.refuse("no_chi")
        if self.phase == "swap":
            self._swap(event)
        elif self.phase == "dingque":
            self._dingque(event)
        elif self.phase == "claim":
            self._on_claim(event)
        elif self.phase == "act":
            self._on_act(event)
        elif self.phase == "draw":
            self._on_draw(event)
        else:  # pragma: no cover - every phase is handled above
            raise AssertionError(self.phase)

    def finish(self) -> None:
        """After the last event: a win window still open is settled (a record may end on hu)."""
        if self.phase == "claim" and self.claim is not None and self.claim.hus:
            self._close_claim(None)

    # -- opening (SC-2.1, SC-2.2) --------------------------------------------------------
    def _swap(self, event: Mapping[str, Any]) -> None:
        if event.get("type") != "swap":
            raise self.refuse("swap_missing", detail=f"swap_three is {self.rules.swap_three!r}")
        direction = event.get("direction")
        allowed = ("next", "prev", "across")
        if direction not in allowed:
            raise self.refuse("bad_swap", detail=f"direction must be next, prev or across, not {direction!r}")
        if self.rules.swap_direction != "random" and direction != self.rules.swap_direction:
            raise self.refuse(
                "bad_swap", detail=f"this table swaps {self.rules.swap_direction} (换三张), not {direction}"
            )
        given = event.get("tiles")
        if not isinstance(given, list) or len(given) != 4:
            raise InputError("tiles", "a swap lists the 3 tiles each of the 4 seats gives away")
        picks = [T.parse_list(g, f"tiles[{s}]") for s, g in enumerate(given)]
        for s, pick in enumerate(picks):
            if len(pick) != 3:
                raise self.refuse("bad_swap", detail=f"seat {s} must give exactly 3 tiles, not {len(pick)}")
            if self.rules.swap_three == "same_suit" and len({t // 9 for t in pick}) != 1:
                raise self.refuse("bad_swap", detail=f"seat {s} must give 3 tiles of one suit (same_suit)")
            for t in set(pick):
                if self.seats[s].hand[t] < pick.count(t):
                    raise self.refuse("bad_swap", detail=f"seat {s} does not hold {T.name(t)} to give")
        shift = SWAP_TARGET[str(direction)]
        for s, pick in enumerate(picks):
            for t in pick:
                self.seats[s].hand[t] -= 1
                self.seats[(s + shift) % 4].hand[t] += 1
        self.phase = "dingque" if self.rules.dingque else "act"

    def _dingque(self, event: Mapping[str, Any]) -> None:
        if event.get("type") != "dingque":
            raise self.refuse("dingque_missing")
        suits = event.get("suits")
        if not isinstance(suits, list) or len(suits) != 4:
            raise InputError("suits", "a dingque event gives each of the 4 seats' void suit")
        for s, token in enumerate(suits):
            self.seats[s].void = T.parse_suit(token, f"suits[{s}]")
        self.phase = "act"

    # -- own turn (SC-3.1) --------------------------------------------------------------
    def _expect_actor(self, event: Mapping[str, Any], what: str) -> int:
        s = event.get("seat")
        if s != self.actor:
            raise self.refuse("out_of_turn", seat=s, action=what, expected=f"it is seat {self.actor}'s turn")
        return self.actor

    def _forced_self_draw(self, s: int, action: str) -> None:
        """SC-1.7: with fewer than ``forced_hu_last`` tiles left a seat that can win must."""
        limit = self.rules.forced_hu_last
        if limit and self.live < limit and self.drawn is not None and self.win_reading(s, None) is not None:
            raise self.refuse("forced_hu", left=self.live, limit=limit, seat=s, action=action)

    def _on_act(self, event: Mapping[str, Any]) -> None:
        kind = event.get("type")
        if kind == "hu":
            self._expect_actor(event, "win")
            self._self_draw_win(event)
        elif kind == "discard":
            s = self._expect_actor(event, "discard")
            self._discard(s, event)
        elif kind == "gang" and event.get("kind") in ("an", "xu"):
            s = self._expect_actor(event, "kong")
            self._own_kong(s, event)
        elif kind in ("peng", "gang", "pass"):
            raise self.refuse("nothing_to_claim", seat=event.get("seat"), action=kind)
        elif kind in ("dingque", "swap"):
            raise self.refuse(
                "out_of_turn", seat=event.get("seat"), action=kind, expected="the opening is over"
            )
        elif kind == "draw":
            raise self.refuse(
                "out_of_turn",
                seat=event.get("seat"),
                action="draw",
                expected=f"seat {self.actor} must act first",
            )
        elif kind == "huangzhuang":
            raise self.refuse("early_huangzhuang", left=self.live)
        else:
            raise InputError("type", f"unknown event type {kind!r}")

    def _tile(self, event: Mapping[str, Any]) -> int:
        if "tile" not in event:
            raise InputError("tile", "required")
        return T.parse(event["tile"], "tile")

    def _discard(self, s: int, event: Mapping[str, Any]) -> None:
        tile = self._tile(event)
        seat = self.seats[s]
        if not seat.hand[tile]:
            raise self.refuse("tile_not_in_hand", seat=s, tile=T.name(tile))
        self._forced_self_draw(s, "discard")
        if seat.wins and self.rules.mode == "xueliu" and tile != self.drawn:
            raise self.refuse(
                "xueliu_locked",
                seat=s,
                detail=f"it must discard the tile it drew ({T.name(self.drawn or tile)})",
            )
        void_tile = seat.holds_void()
        if self.rules.que_first and void_tile is not None and tile // 9 != seat.void:
            raise self.refuse("que_first", seat=s, suit=T.SUIT_NAMES_ZH[seat.void or 0], tile=T.name(tile))
        seat.hand[tile] -= 1
        first = s == self.dealer and self.dealer_discards == 0 and not self.any_meld
        if s == self.dealer:
            self.dealer_discards += 1
        self.claim = Claim(
            s, tile, rob=False, haidi=self.live == 0, after_kong=self.kong_turn, first_discard=first
        )
        self.phase = "claim"
        self.drawn = None

    def _kong_allowed(self, s: int) -> None:
        need = self.rules.gang_min_wall
        if self.live < need:
            raise self.refuse("late_kong", need=need, left=self.live)

    def _xueliu_kong_check(self, s: int, tile: int, remove: int) -> None:
        """SC-3.7: a xueliu winner may kong only if its waits stay the same."""
        seat = self.seats[s]
        before = set(self.waits_of_hand(s, seat.hand, seat.kong_kinds, drop=self.drawn))
        after_hand = list(seat.hand)
        after_hand[tile] -= remove
        after = set(self.waits_of_hand(s, after_hand, [*seat.kong_kinds, tile], drop=None))
        if before != after:
            raise self.refuse(
                "xueliu_locked", seat=s, detail=f"a kong of {T.name(tile)} would change its waits"
            )

    def waits_of_hand(self, s: int, hand: Sequence[int], kongs: Sequence[int], drop: int | None) -> list[int]:
        c = list(hand)
        if drop is not None:
            c[drop] -= 1
        seat = self.seats[s]
        return list(waits(c, seat.pengs, kongs, seat.void, jiang_hands=self.rules.jiang_hands))

    def _own_kong(self, s: int, event: Mapping[str, Any]) -> None:
        tile = self._tile(event)
        seat = self.seats[s]
        kind = str(event.get("kind"))
        self._forced_self_draw(s, "kong")
        if seat.void is not None and tile // 9 == seat.void:
            raise self.refuse(
                "claim_void_suit", seat=s, suit=T.SUIT_NAMES_ZH[seat.void], action="kong", tile=T.name(tile)
            )
        xueliu_winner = bool(seat.wins) and self.rules.mode == "xueliu"
        if kind == "an":
            if seat.hand[tile] < 4:
                raise self.refuse(
                    "no_pair_to_claim", seat=s, need=4, tile=T.name(tile), action="暗杠", have=seat.hand[tile]
                )
            self._kong_allowed(s)
            if xueliu_winner:
                if tile != self.drawn:
                    raise self.refuse(
                        "xueliu_locked", seat=s, detail="only the tile just drawn may be konged (暗杠)"
                    )
                self._xueliu_kong_check(s, tile, 4)
            seat.hand[tile] -= 4
            seat.kongs.append((tile, "an", None))
            self.any_meld = True
            payers = self.others_from(s)
            self.ledger.kong("gang_an", s, payers, 2, self.turn_no)
            self._after_kong(s, (tile, "an", None))
            return
        # 补杠 (SC-3.1): the 4th tile onto one's peng; others may rob it (SC-3.3)
        if xueliu_winner:
            raise self.refuse("xueliu_locked", seat=s, detail="no 补杠 after winning")
        if tile not in seat.pengs:
            raise self.refuse("no_peng_to_extend", seat=s, tile=T.name(tile))
        if not seat.hand[tile]:
            raise self.refuse("tile_not_in_hand", seat=s, tile=T.name(tile))
        self._kong_allowed(s)
        seat.hand[tile] -= 1
        self.claim = Claim(s, tile, rob=True, haidi=False, after_kong=False, first_discard=False)
        self.phase = "claim"

    def _after_kong(self, s: int, kong: tuple[int, str, int | None]) -> None:
        self.kong_turn = True
        self.last_kong = kong
        self.actor = s
        self.phase = "draw"
        self.replacement = True
        self.drawn = None
        self._check_end()

    # -- draws (SC-1.4, SC-1.6) ---------------------------------------------------------
    def _on_draw(self, event: Mapping[str, Any]) -> None:
        kind = event.get("type")
        if kind == "huangzhuang":
            if self.replacement or self.live > 0:
                raise self.refuse("early_huangzhuang", left=self.live)
            self._end_of_wall()
            return
        if kind != "draw":
            s = event.get("seat")
            raise self.refuse("out_of_turn", seat=s, action=kind, expected=f"seat {self.actor} draws next")
        s = event.get("seat")
        if s != self.actor:
            raise self.refuse("out_of_turn", seat=s, action="draw", expected=f"seat {self.actor} draws next")
        if self.live == 0:
            raise self.refuse("wall_empty", seat=s)
        given = T.parse(event["tile"], "tile") if event.get("tile") is not None else None
        tile = self.take(s, BACK if self.replacement else FRONT, given)
        seat = self.seats[s]
        seat.hand[tile] += 1
        seat.draws += 1
        seat.locked = None  # 过水 ends at the seat's next draw (a replacement counts)
        if not self.replacement:
            self.turn_no += 1
            self.kong_turn = False
            self.last_kong = None
        self.drawn = tile
        self.phase = "act"

    # -- wins -----------------------------------------------------------------------------
    def _self_draw_win(self, event: Mapping[str, Any]) -> None:
        s = self.actor
        seat = self.seats[s]
        tianhu = (
            s == self.dealer
            and self.drawn is None
            and self.dealer_discards == 0
            and not self.any_meld
            and seat.draws == 0
        )
        if self.drawn is None and not tianhu:
            raise self.refuse("win_without_draw", seat=s)
        tile = self.drawn
        if event.get("tile") is not None:
            named = T.parse(event["tile"], "tile")
            if tile is not None and named != tile:
                raise self.refuse("win_tile_mismatch", expected=T.name(tile), tile=T.name(named))
            if tile is None:
                if not seat.hand[named]:
                    raise self.refuse("tile_not_in_hand", seat=s, tile=T.name(named))
                tile = named
        r = self.win_reading(s, None)
        if r is None:
            self._not_a_win(s, tile)
        assert r is not None
        if tile is None:  # 天胡 without naming its tile: xueliu must know which to set aside
            if self.rules.mode == "xueliu":
                raise InputError("tile", "a 天胡 in xueliu names the tile it sets aside (SC-3.7)")
            tile = max(k for k in range(27) if seat.hand[k])
        ways: list[str] = []
        if self.replacement:
            ways.append("gangshanghua")
        if self.live == 0:
            ways.append("haidilaoyue")
        tiandi = None
        if tianhu:
            tiandi = "tianhu"
        elif s != self.dealer and seat.draws == 1 and not self.replacement and not self.any_meld:
            tiandi = "dihu"
        dianpao = (
            self.replacement
            and self.last_kong is not None
            and self.last_kong[1] == "ming"
            and self.rules.diangang_hua == "dianpao"
        )
        sw = score_win(r, tuple(ways), self.rules, self_draw=True, tiandi=tiandi, zimo_fan=not dianpao)
        if dianpao and self.last_kong is not None and self.last_kong[2] is not None:
            payers = [self.last_kong[2]] if self.active(self.last_kong[2]) else []
        else:
            payers = [(s + k) % 4 for k in (1, 2, 3) if self.active((s + k) % 4)]
        charges = [charge(sw, p, self.rules, bonus=not dianpao) for p in payers]
        self.ledger.step("hu", [(c.payer, s, c.units) for c in charges])
        self.wins.append(
            WinRecord(
                s,
                None,
                tile,
                sw.hand,
                sw.gen,
                sw.ways,
                sw.multiple,
                self._tied(r, sw),
                sw.expression,
                tuple((c.payer, c.text) for c in charges),
            )
        )
        if len(self.wins) == 1:
            self.first_win_multiple = (False, None)
        seat.wins += 1
        if self.rules.mode == "xueliu":
            seat.hand[tile] -= 1
            seat.set_aside.append(tile)
        self.drawn = None
        self.replacement = False
        self.kong_turn = False
        self.phase = "draw"
        self.actor = self.next_active(s)
        self._check_end()

    def _tied(self, r: Reading, sw: Any) -> tuple[str, ...]:
        from replay.games.sichuan.reading import POINTS

        if sw.flat:
            return (sw.hand,)
        return tuple(h for h in r.met if POINTS[h] == r.points)

    def _not_a_win(self, s: int, tile: int | None) -> None:
        seat = self.seats[s]
        held = seat.holds_void()
        if held is not None and seat.void is not None:
            raise self.refuse(
                "holds_void_suit", seat=s, suit=T.SUIT_NAMES_ZH[seat.void], action="win", tile=T.name(held)
            )
        if seat.void is None and not self.rules.dingque and len({t // 9 for t in self._all_tiles(s)}) > 2:
            raise self.refuse("three_suits", seat=s)
        raise self.refuse(
            "not_a_winning_hand", seat=s, tile=T.name(tile) if tile is not None else "its 14 tiles"
        )

    # -- claims (SC-3.2, SC-3.3, SC-3.5) ------------------------------------------------
    def _could_win_on(self, s: int, claim: Claim) -> Reading | None:
        if s == claim.seat or not self.active(s):
            return None
        return self.win_reading(s, claim.tile)

    def _locked(self, s: int, r: Reading, claim: Claim) -> bool:
        locked = self.seats[s].locked
        if locked is None or self.rules.pass_hu == "free":
            return False
        if self.rules.pass_hu == "higher_ok":
            return self._m(s, r, claim) <= max(locked)
        return True

    def _m(self, s: int, r: Reading, claim: Claim) -> int:
        """SC-3.5's uncapped M of a win on the claim: as it would be settled, 地胡 included."""
        return self._claim_score(r, claim).multiple

    def _claim_score(self, r: Reading, claim: Claim) -> WinScore:
        """SC-5.1 of a win on a discard or a robbed kong: its ways, and SC-4.5's 地胡 on the
        dealer's first discard."""
        tiandi = "dihu" if claim.first_discard and self.rules.tiandihu else None
        return score_win(r, self._claim_ways(claim), self.rules, self_draw=False, tiandi=tiandi)

    def _claim_ways(self, claim: Claim) -> tuple[str, ...]:
        ways = []
        if claim.after_kong and not claim.rob:
            ways.append("gangshangpao")
        if claim.rob:
            ways.append("qiangganghu")
        if claim.haidi:
            ways.append("haidipao")
        return tuple(ways)

    def _on_claim(self, event: Mapping[str, Any]) -> None:
        claim = self.claim
        assert claim is not None
        kind = event.get("type")
        s = event.get("seat")
        if kind == "hu":
            if not isinstance(s, int) or not 0 <= s <= 3:
                raise InputError("seat", f"must be a seat 0-3, not {s!r}")
            if s == claim.seat:
                raise self.refuse("claim_from_self", seat=s)
            if not self.active(s):
                raise self.refuse("seat_inactive", seat=s, why=self._why_out(s), action="win")
            if s in claim.hus:
                raise self.refuse("multiple_hu_order", detail=f"seat {s} already won on this tile")
            if event.get("tile") is not None:
                named = T.parse(event["tile"], "tile")
                if named != claim.tile:
                    raise self.refuse("win_tile_mismatch", expected=T.name(claim.tile), tile=T.name(named))
            r = self.win_reading(s, claim.tile)
            if r is None:
                seat = self.seats[s]
                c = list(seat.hand)
                c[claim.tile] += 1
                if seat.void is not None and any(c[9 * seat.void : 9 * seat.void + 9]):
                    held = next(k for k in range(9 * seat.void, 9 * seat.void + 9) if c[k])
                    raise self.refuse(
                        "holds_void_suit",
                        seat=s,
                        suit=T.SUIT_NAMES_ZH[seat.void],
                        action="win",
                        tile=T.name(held),
                    )
                self._not_a_win(s, claim.tile)
            assert r is not None
            if self._locked(s, r, claim):
                raise self.refuse("pass_hu_locked", seat=s, passed=T.name(claim.tile) + " or an earlier tile")
            claim.hus.append(s)
            return
        if kind == "pass":
            if (
                not isinstance(s, int)
                or not 0 <= s <= 3
                or s == claim.seat
                or s in claim.hus
                or not self.active(s)
            ):
                raise self.refuse(
                    "out_of_turn",
                    seat=s,
                    action="pass",
                    expected="only other active seats that did not win pass",
                )
            self._forced_claim_check(claim, s, "pass")
            claim.passed.add(s)
            return
        if claim.hus:
            if kind in ("peng", "gang"):
                raise self.refuse("claim_after_hu", tile=T.name(claim.tile))
            self._close_claim(event)
            self._dispatch_after_close(event)
            return
        if kind == "peng" or (kind == "gang" and event.get("kind") == "ming"):
            if claim.rob:
                raise self.refuse("rob_not_xu_gang", detail="a 补杠 can only be robbed by a win, not claimed")
            self._claim_meld(claim, event)
            return
        self._close_claim(event)
        self._dispatch_after_close(event)

    def _dispatch_after_close(self, event: Mapping[str, Any]) -> None:
        if self.phase == "ended":
            raise self.refuse("event_after_end", how=self.ended_by or "ended")
        if self.phase == "draw":
            self._on_draw(event)
        elif self.phase == "act":
            self._on_act(event)

    def _forced_claim_check(self, claim: Claim, s: int, action: str) -> None:
        limit = self.rules.forced_hu_last
        if not limit or self.live >= limit:
            return
        r = self._could_win_on(s, claim)
        if r is not None and not self._locked(s, r, claim):
            raise self.refuse("forced_hu", left=self.live, limit=limit, seat=s, action=action)

    def _close_claim(self, event: Mapping[str, Any] | None, claimer: int | None = None) -> None:
        """The window on a discard or 补杠 closes: settle its wins, lock seats that passed (过水)."""
        claim = self.claim
        assert claim is not None
        action = str(event.get("type")) if event is not None else "end"
        for s in range(4):
            if s in claim.hus or s == claim.seat:
                continue
            r = self._could_win_on(s, claim)
            if r is None or self._locked(s, r, claim):
                continue
            if s != claimer:
                self._forced_claim_check(claim, s, f"let the tile go ({action})")
            else:
                self._forced_claim_check(claim, s, action)
            if self.rules.pass_hu != "free":
                m = self._m(s, r, claim)
                self.seats[s].locked = [*(self.seats[s].locked or []), m]
        self.claim = None
        if claim.hus:
            self._settle_claim_wins(claim)
            return
        if claim.rob:  # nobody robbed: the 补杠 stands, paid at once (SC-5.5)
            s = claim.seat
            seat = self.seats[s]
            seat.pengs.remove(claim.tile)
            seat.kongs.append((claim.tile, "xu", None))
            self.any_meld = True
            payers = self.others_from(s)
            self.ledger.kong("gang_xu", s, payers, 1, self.turn_no)
            self._after_kong(s, (claim.tile, "xu", None))
            return
        self.phase = "draw"
        self.replacement = False
        self.actor = self.next_active(claim.seat)

    def _settle_claim_wins(self, claim: Claim) -> None:
        order = self.winners(claim)  # every seat that declared, in turn order (SC-3.2)
        for w in order:
            r = self.win_reading(w, claim.tile)
            assert r is not None
            sw = self._claim_score(r, claim)
            ch = charge(sw, claim.seat, self.rules, bonus=False)
            self.ledger.step("hu", [(claim.seat, w, ch.units)])
            self.wins.append(
                WinRecord(
                    w,
                    claim.seat,
                    claim.tile,
                    sw.hand,
                    sw.gen,
                    sw.ways,
                    sw.multiple,
                    self._tied(r, sw),
                    sw.expression,
                    ((claim.seat, ch.text),),
                )
            )
            if len(self.wins) == 1:
                self.first_win_multiple = (len(order) > 1, claim.seat)
        if claim.after_kong and not claim.rob and self.rules.hujiao_zhuanyi != "off":
            turn = self.turn_no if self.rules.hujiao_zhuanyi == "last" else None
            self.ledger.zhuanyi(claim.seat, order[0], turn)
        for w in order:
            self.seats[w].wins += 1
            if self.rules.mode == "xueliu":
                self.seats[w].set_aside.append(claim.tile)
        if claim.rob:  # the kong is not made: the peng stays (SC-3.3)
            pass
        self.phase = "draw"
        self.replacement = False
        self.kong_turn = False
        self.drawn = None
        self.actor = self.next_active(order[-1])
        self._check_end()

    def _claim_meld(self, claim: Claim, event: Mapping[str, Any]) -> None:
        """Peng or 直杠 on a discard (SC-3.2), after the window's checks (过水, forced win)."""
        s = event.get("seat")
        kind = "peng" if event.get("type") == "peng" else "ming"
        action = "peng" if kind == "peng" else "直杠"
        if not isinstance(s, int) or not 0 <= s <= 3:
            raise InputError("seat", f"must be a seat 0-3, not {s!r}")
        if s == claim.seat:
            raise self.refuse("claim_from_self", seat=s)
        if not self.active(s):
            raise self.refuse("seat_inactive", seat=s, why=self._why_out(s), action=action)
        tile = claim.tile
        if kind == "ming" and event.get("tile") is not None:
            named = T.parse(event["tile"], "tile")
            if named != tile:
                raise self.refuse("tile_not_in_hand", seat=s, tile=f"the discard {T.name(named)}")
        if claim.haidi:
            raise self.refuse("haidi_claim")
        seat = self.seats[s]
        if seat.void is not None and tile // 9 == seat.void:
            raise self.refuse(
                "claim_void_suit", seat=s, suit=T.SUIT_NAMES_ZH[seat.void], action=action, tile=T.name(tile)
            )
        need = 2 if kind == "peng" else 3
        if seat.hand[tile] < need:
            raise self.refuse(
                "no_pair_to_claim", seat=s, need=need, tile=T.name(tile), action=action, have=seat.hand[tile]
            )
        xueliu_winner = bool(seat.wins) and self.rules.mode == "xueliu"
        if kind == "ming":
            self._kong_allowed(s)
        if xueliu_winner:
            if kind == "peng":
                raise self.refuse("xueliu_locked", seat=s, detail="no peng after winning")
            self._xueliu_kong_check_claim(s, tile)
        self._close_claim(event, claimer=s)
        self.turn_no += 1
        self.any_meld = True
        self.drawn = None
        self.replacement = False
        self.kong_turn = False
        self.last_kong = None
        if kind == "peng":
            seat.hand[tile] -= 2
            seat.pengs.append(tile)
            self.actor = s
            self.phase = "act"
            return
        seat.hand[tile] -= 3
        seat.kongs.append((tile, "ming", claim.seat))
        payers = [claim.seat] if self.active(claim.seat) else []
        self.ledger.kong("gang_ming", s, payers, 2, self.turn_no)
        self._after_kong(s, (tile, "ming", claim.seat))

    def _xueliu_kong_check_claim(self, s: int, tile: int) -> None:
        seat = self.seats[s]
        before = set(self.waits_of_hand(s, seat.hand, seat.kong_kinds, drop=None))
        after_hand = list(seat.hand)
        after_hand[tile] -= 3
        after = set(self.waits_of_hand(s, after_hand, [*seat.kong_kinds, tile], drop=None))
        if before != after:
            raise self.refuse(
                "xueliu_locked", seat=s, detail=f"a kong of {T.name(tile)} would change its waits"
            )

    def _check_end(self) -> None:
        """SC-3.9: the hand ends once at most one seat is active."""
        if len(self.active_seats()) <= 1 and self.phase != "ended":
            self.phase = "ended"
            self.ended_by = "wins" if len(self.wins) else "bankruptcy"

    # -- end of wall (§6) -------------------------------------------------------------------
    def _end_of_wall(self) -> None:
        rules = self.rules
        eligible = [s for s in range(4) if not self.seats[s].wins and s not in self.ledger.bankrupt]
        cap = rules.capped
        order = [(self.dealer + k) % 4 for k in range(4)]
        huazhu = []
        for s in eligible:
            seat = self.seats[s]
            if seat.void is not None:
                if seat.holds_void() is not None:
                    huazhu.append(s)
            elif len({t // 9 for t in self._all_tiles(s)}) == 3:
                huazhu.append(s)
        self.huazhu = sorted(huazhu)
        clean = [s for s in eligible if s not in huazhu]
        for s in order:
            if s in huazhu and s in eligible and s not in self.ledger.bankrupt:
                payees = [p for p in clean if p not in self.ledger.bankrupt]
                self.ledger.step("huazhu", [(s, p, cap(rules.huazhu_multiple)) for p in payees])
        ting: dict[int, int] = {}
        for s in clean:
            w = self.waits_of(s)
            if w:
                ting[s] = max(r.points * 2**r.gen for r in w.values())
        self.tenpai = sorted(ting)
        if rules.chadajiao:
            for s in order:
                if s in clean and s not in ting and s not in self.ledger.bankrupt:
                    debts = [(s, p, cap(d)) for p, d in ting.items() if p not in self.ledger.bankrupt]
                    if debts:
                        self.ledger.step("dajiao", debts)
        if rules.tuishui:
            for s in order:
                if s in eligible and s not in ting:
                    self.ledger.refund(s)
        self.phase = "ended"
        self.ended_by = "huangzhuang"

    # -- result ------------------------------------------------------------------------
    def next_dealer(self) -> int:
        """SC-1.3: the first winner; after a multiple first win the discarder; no win: draw_dealer."""
        if self.wins:
            multiple, source = self.first_win_multiple
            return source if multiple and source is not None else self.wins[0].seat
        return self.dealer if self.rules.draw_dealer == "stay" else (self.dealer + 1) % 4

    def result(self) -> dict[str, Any]:
        """The engine's settlement in the shape of §10's ``result``."""
        return {
            "wins": [w.to_json() for w in self.wins],
            "huazhu": list(self.huazhu),
            "tenpai": list(self.tenpai),
            "transfers": [t.to_json() for t in self.ledger.transfers if t.amount],
            "next_dealer": self.next_dealer(),
            "deltas": list(self.ledger.deltas),
        }


def legal_actions(board: Board) -> list[dict[str, Any]]:
    """Every event that may come next, each checked by pushing it on a copy of the board.

    Candidates come from the phase (the actor's discards, kongs and hu; each other seat's hu,
    peng, 直杠 and pass on a claim; the next draw or 流局), so the answer follows exactly the
    rules ``push`` enforces — the simulator and the mistake detectors ask this, never a second
    copy of the rules. Draws name no tile (the wall or the caller decides it). An empty list
    while the hand is not over means only an open win window is left, and closing it
    (``Board.finish``) ends the hand.
    """
    candidates: list[dict[str, Any]] = []
    if board.phase == "ended":
        return []
    if board.phase in ("swap", "dingque"):
        return []  # openings are choices of tiles/suits, listed by the caller
    if board.phase == "act":
        s = board.actor
        hand = board.seats[s].hand
        candidates.append({"type": "hu", "seat": s})
        for k in range(27):
            if hand[k]:
                candidates.append({"type": "discard", "seat": s, "tile": CODES[k]})
            if hand[k] == 4:
                candidates.append({"type": "gang", "seat": s, "kind": "an", "tile": CODES[k]})
            if hand[k] and k in board.seats[s].pengs:
                candidates.append({"type": "gang", "seat": s, "kind": "xu", "tile": CODES[k]})
    elif board.phase == "claim" and board.claim is not None:
        for s in range(4):
            if s == board.claim.seat:
                continue
            candidates += [
                {"type": "hu", "seat": s},
                {"type": "peng", "seat": s},
                {"type": "gang", "seat": s, "kind": "ming", "tile": CODES[board.claim.tile]},
                {"type": "pass", "seat": s},
            ]
        candidates.append({"type": "huangzhuang"})
        candidates += [{"type": "draw", "seat": s} for s in range(4)]
    elif board.phase == "draw":
        candidates += [{"type": "draw", "seat": board.actor}, {"type": "huangzhuang"}]
    out = []
    for c in candidates:
        trial = board.clone()
        try:
            if c["type"] == "draw" and trial.wall is None:
                if trial.live <= 0:
                    raise trial.refuse("wall_empty", seat=c["seat"])
                if trial.phase == "claim":
                    trial._close_claim(c)
                if trial.actor != c["seat"] or trial.phase != "draw":
                    raise trial.refuse("out_of_turn", seat=c["seat"], action="draw", expected="")
            else:
                trial.push(c)
        except (IllegalEvent, InputError):
            continue
        out.append(c)
    return out
