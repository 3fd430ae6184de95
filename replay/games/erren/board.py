"""The 二人麻将 table as a hand is played (ER-1 to ER-3, ER-6.3): push events, python-chess style.

``Board.push`` applies one event of an ``erren-hand/1`` record (erren.md §9) or raises
``IllegalEvent`` with the ER rule and a reason code. Two seats (``SEATS = 2``), each the other's
上家 and 下家, so either may chi any discard of the other. The board derives whose turn it is,
which tile each draw takes (front, or the back for 补花 and kong replacements, ER-2.1), the ways
a win was made (天胡, 地胡, 人胡, 妙手回春, 海底捞月, 杠上开花, 抢杠和, 和绝张, 天听, 立直, the
flowers) and hands them to the rules core (``fans.Win`` -> ``choose.score``, ``settle.settle``),
which reads the fans and settles; the board keeps the flowers, 报听 and its lock, and the end.

Phases (what the next event may be):

- ``flowers``: after the deal, ``flower_seat`` exposes its flowers (补花), dealer first (ER-2.2);
- ``replace``: a back draw is due for ``actor`` (a flower's or a kong's replacement);
- ``act``: the actor's own turn (after a draw, a claim, or the dealer's dealt 14);
- ``claim``: a window on a discard, or on a xu-gang's added tile (抢杠, ER-3.3);
- ``huang``: a flower found no replacement: the hand is 荒庄 (ER-2.3), only ``huangzhuang``
  may follow; ``ended``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from replay.errors import InputError
from replay.games.erren import tiles as T
from replay.games.erren.choose import Score, score
from replay.games.erren.fans import Win
from replay.games.erren.params import Rules, rules_from_json
from replay.games.erren.readings import Meld, is_tenpai, waits
from replay.games.erren.reasons import CATALOGUE
from replay.games.erren.settle import Payment, settle
from replay.table.board import IllegalEvent as IllegalEvent  # raised by push, caught by its callers
from replay.table.board import TableBoard
from replay.table.claims import Claim as Claim
from replay.table.claims import ClaimRules
from replay.table.wall import BACK, FRONT, deal

EVENT_TYPES = frozenset(
    {"draw", "discard", "chi", "peng", "gang", "hu", "pass", "huangzhuang", "buhua", "ting"}
)
#: flower kinds start seen three times in deal mode, so the engine's four-copy count refuses a
#: second copy of a flower (ER-1.1: one of each)
FLOWER_SEEN = 3


def name(kind: int) -> str:
    """A tile as the messages name it: 五条 (5s), 春 (1h)."""
    return T.name(kind)


@dataclass
class Seat:
    """One seat's tiles and its 报听."""

    hand: list[int]  # 34 concealed counts (flowers never)
    held_flowers: list[int] = field(default_factory=list)  # drawn or dealt, not yet exposed
    flowers: list[int] = field(default_factory=list)  # exposed by 补花, in order
    melds: list[Meld] = field(default_factory=list)
    front_draws: int = 0
    discards: int = 0
    an_gang: bool = False  # made an an-gang (天胡, 人胡, dealer's 天听 need none)
    claimed: bool = False  # chi/peng this turn: discard only (ER-3.1)
    ting: str = ""  # "" | "tianting" | "lizhi" (ER-3.5)
    ting_pending: bool = False  # declared; its discard comes next

    def copy(self) -> Seat:
        """Its lists copied, the rest shared (a board is cloned before every event of an audit
        with mistakes: built without the dataclass ``__init__``, which costs twice as much)."""
        out = object.__new__(Seat)
        state = out.__dict__
        state.update(self.__dict__)
        state["hand"] = self.hand[:]
        state["held_flowers"] = self.held_flowers[:]
        state["flowers"] = self.flowers[:]
        state["melds"] = self.melds[:]
        return out

    @property
    def size(self) -> int:
        return sum(self.hand)

    @property
    def exposed(self) -> list[Meld]:
        return [m for m in self.melds if m.exposed]


@dataclass(frozen=True)
class WinRecord:
    """The one winner: the tile, who paid it (None: self-drawn), the ways, the scored win."""

    seat: int
    source: int | None
    tile: int | None
    ways: frozenset[str]
    score: Score

    @property
    def self_draw(self) -> bool:
        return self.source is None


@dataclass
class Board(TableBoard):
    """The 二人麻将 table (``erren-hand/1``): the engine's board with two seats and flowers."""

    REASONS = CATALOGUE
    SEATS = 2
    CLAIMS = ClaimRules(chi=True, several_winners=False)

    rules: Rules
    dealer: int
    seats: list[Seat]
    wall: list[int] | None
    front: int = T.DEAL_SIZE
    back: int = T.WALL_SIZE - 1
    seen: list[int] = field(default_factory=list)
    phase: str = "flowers"
    actor: int = 0
    flower_seat: int = 0
    huang_seat: int = 0  # whose flower found no replacement
    opening: bool = True  # the deal's 补花 is not over
    first_turn: bool = True  # the dealer has neither discarded nor made a kong (天胡)
    drawn: int | None = None  # the tile the actor just drew
    drawn_how: str = ""  # "front" | "kong" | "flower"
    kong_chain: bool = False  # the replacements since the last kong (gangkai_via_flower)
    last_tile: bool = False  # the drawn tile was the wall's last (妙手回春)
    any_meld: bool = False  # a chi, peng or kong by anyone (地胡)
    pool: list[int] = field(default_factory=lambda: [0] * T.NUM_KINDS)  # discards still in pools
    claim: Claim | None = None
    pending_kong: tuple[int, int] | None = None  # a xu-gang waiting for its 抢杠 window
    win: WinRecord | None = None
    ended_by: str | None = None
    events: int = 0

    # ------------------------------------------------------------------ set-up
    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Board:
        """The board before the first event; raises InputError for a record it cannot read."""
        rules = rules_from_json(record.get("ruleset"))
        dealer = record.get("dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer <= 1:
            raise InputError("dealer", f"must be seat 0 or 1, not {dealer!r}")
        wall: list[int] | None = None
        if record.get("wall") is not None:
            wall = T.parse_list(record["wall"], "wall")
            if len(wall) != T.WALL_SIZE:
                raise InputError("wall", f"must hold all {T.WALL_SIZE} tiles, not {len(wall)} (ER-2.1)")
            if not T.is_full_set(wall):
                counts = [wall.count(k) for k in range(T.NUM_KINDS + 8)]
                bad = next(
                    k for k in [*T.PLAY_KINDS, *T.FLOWERS] if counts[k] != (1 if T.is_flower(k) else 4)
                )
                copies = "one of each flower" if T.is_flower(bad) else "four of each tile"
                raise InputError("wall", f"holds {counts[bad]} of {name(bad)}; a wall has {copies} (ER-1.1)")
            hands, _ = deal(wall, dealer, 2)  # ER-2.1
        else:
            dealt = record.get("deal")
            if not isinstance(dealt, list) or len(dealt) != 2:
                raise InputError("deal", "required without a wall: the two starting hands")
            hands = [T.parse_list(h, f"deal[{i}]") for i, h in enumerate(dealt)]
            for s, h in enumerate(hands):
                want = 14 if s == dealer else 13
                if len(h) != want:
                    raise InputError(f"deal[{s}]", f"seat {s} starts with {want} tiles, not {len(h)}")
        seen = [0] * T.NUM_KINDS + [FLOWER_SEEN] * len(T.FLOWERS)
        seats = []
        for h in hands:
            seat = Seat([0] * T.NUM_KINDS)
            for t in h:
                seen[t] += 1
                if T.is_flower(t):
                    seat.held_flowers.append(t)
                else:
                    seat.hand[t] += 1
            seats.append(seat)
        extra = next((k for k, n in enumerate(seen) if n > 4), None)
        if extra is not None:
            raise InputError("deal", f"holds {name(extra)} once too often (ER-1.1)")
        board = cls(rules, dealer, seats, wall, seen=seen, actor=dealer, flower_seat=dealer)
        board._next_opening_flower()
        return board

    def clone(self) -> Board:
        """A copy later pushes cannot change, far cheaper than ``copy.deepcopy``: the rules, the
        wall, melds, the open window (二人 never declares into a ``Claim``: it is replaced, not
        changed) and the win are never mutated, so they are shared; seats and the pools are
        copied (bots and detectors try moves on clones; an audit with mistakes clones the board
        after every event)."""
        out = object.__new__(Board)
        state = out.__dict__
        state.update(self.__dict__)
        a, b = self.seats
        state["seats"] = [a.copy(), b.copy()]
        state["seen"] = self.seen[:]
        state["pool"] = self.pool[:]
        return out

    # ------------------------------------------------------------------ hooks
    @property
    def ended(self) -> bool:
        return self.phase == "ended"

    def how_it_ended(self) -> str:
        if self.win is not None:
            return f"seat {self.win.seat} won"
        return "荒庄" if self.ended_by == "huangzhuang" else (self.ended_by or "ended")

    def tile_name(self, tile: int) -> str:
        return name(tile)

    def unknown_event(self, event: Mapping[str, Any]) -> None:
        raise InputError("type", f"unknown event type {event.get('type')!r}")

    # ------------------------------------------------------------------ queries (bots, detectors)
    def other(self, s: int) -> int:
        """The opponent: 上家 and 下家 at once (ER-1.2)."""
        return 1 - s

    def waits_of(self, s: int) -> tuple[int, ...]:
        """ER-4.4: the wait set of seat s holding 13 − 3·melds tiles."""
        seat = self.seats[s]
        return waits(seat.hand, seat.melds)

    def judge(self, s: int, tile: int | None, ways: frozenset[str], self_draw: bool) -> Score | None:
        """Seat s's win with ``tile`` (already in its hand when ``self_draw``) under the ways the
        board knows: the fans, T and Q (ER-6), or None without a winning shape (ER-4.1). A 天胡
        names no drawn tile: every kind held is tried as the last and the best kept (ER-6.2)."""
        seat = self.seats[s]
        concealed = list(seat.hand)
        if not self_draw:
            assert tile is not None
            concealed[tile] += 1
        kinds = tuple(k for k in T.PLAY_KINDS for _ in range(concealed[k]))
        tiles = [tile] if tile is not None else sorted(set(kinds))
        best: Score | None = None
        for t in tiles:
            win = Win(kinds, tuple(seat.melds), t, self_draw, tuple(seat.flowers), ways)
            found = score(win, self.rules)
            if found is not None and (best is None or found.key() > best.key()):
                best = found
        return best

    # ------------------------------------------------------------------ small helpers
    def _seat(self, event: Mapping[str, Any]) -> int:
        s = event.get("seat")
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 1:
            raise InputError("seat", f"must be seat 0 or 1, not {s!r}")
        return s

    def _tile(self, event: Mapping[str, Any], key: str = "tile") -> int:
        if event.get(key) is None:
            raise InputError(key, "required")
        return T.parse(event[key], key)

    def _given(self, event: Mapping[str, Any]) -> int | None:
        return T.parse(event["tile"], "tile") if event.get("tile") is not None else None

    def _receive(self, s: int, tile: int, how: str) -> None:
        """A drawn tile into seat s's hand (a flower waits to be exposed, ER-2.2)."""
        seat = self.seats[s]
        if T.is_flower(tile):
            seat.held_flowers.append(tile)
        else:
            seat.hand[tile] += 1
        self.drawn = tile
        self.drawn_how = how
        self.last_tile = self.live == 0
        self.actor = s

    def _next_opening_flower(self) -> None:
        """The deal's 补花 (ER-2.2): the dealer's flowers, then the other's; then the dealer plays."""
        for s in (self.dealer, self.other(self.dealer)):
            if self.seats[s].held_flowers:
                self.phase = "flowers"
                self.flower_seat = s
                return
        self.opening = False
        self.phase = "act"
        self.actor = self.dealer
        self.drawn = None
        self.drawn_how = ""

    # ------------------------------------------------------------------ events
    def apply(self, event: Mapping[str, Any]) -> None:
        """One event, read by the phase first (what a draw or a hu means depends on it); 报听
        (``ting``) is judged on its own, since a non-dealer's 天听 comes outside its turn."""
        kind = event.get("type")
        if not isinstance(kind, str) or kind not in EVENT_TYPES:
            self.unknown_event(event)
        if kind == "ting" and self.phase not in ("huang",):
            self._ting(event)
            return
        getattr(self, "_phase_" + self.phase)(event)

    # -- flowers (ER-2.2, ER-2.3) ------------------------------------------------------------
    def _phase_flowers(self, event: Mapping[str, Any]) -> None:
        due = self.flower_seat
        kind = event["type"]
        held = self.seats[due].held_flowers
        if kind == "buhua":
            s = self._seat(event)
            if s != due and self.seats[s].held_flowers:
                raise self.refuse("buhua_out_of_order", why=f"seat {due} exposes {name(held[0])} first")
            self._buhua(s, event)
            return
        who = event.get("seat")
        if who == due:
            raise self.refuse("flower_kept", seat=due, tile=name(held[0]), action=kind)
        raise self.refuse("buhua_out_of_order", why=f"seat {due} still holds {name(held[0])}")

    def _buhua(self, s: int, event: Mapping[str, Any]) -> None:
        """Expose a flower; its replacement from the back is due, or the hand is 荒庄 (ER-2.3)."""
        tile = self._tile(event)
        if not T.is_flower(tile):
            raise self.refuse("not_a_flower", tile=name(tile))
        seat = self.seats[s]
        if tile not in seat.held_flowers:
            raise self.refuse("tile_not_in_hand", seat=s, tile=name(tile))
        seat.held_flowers.remove(tile)
        seat.flowers.append(tile)
        self.actor = s
        if self.live == 0:
            self.huang_seat = s
            self.phase = "huang"
            return
        self.phase = "replace"
        self.drawn_how = "flower"

    def _phase_huang(self, event: Mapping[str, Any]) -> None:
        if event["type"] != "huangzhuang":
            raise self.refuse("flower_no_replacement", seat=self.huang_seat, action=event["type"])
        self._end("huangzhuang")

    def _phase_replace(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        s = self.actor
        if kind != "draw" or event.get("seat") != s:
            if kind == "hu" and event.get("seat") != s and self.drawn_how == "kong":
                raise self.refuse("rob_not_xu", detail="an an-gang or a kong on a discard cannot be robbed")
            what = "its flower's (补花)" if self.drawn_how == "flower" else "its kong's"
            raise self.refuse(
                "out_of_turn",
                seat=event.get("seat"),
                action=kind,
                expected=f"seat {s} draws {what} replacement",
            )
        how = self.drawn_how  # "flower" or "kong": what this replacement is for
        tile = self.take(s, BACK, self._given(event))
        if how == "kong":
            self.kong_chain = True
        self._receive(s, tile, how)
        if self.opening:
            self._next_opening_flower()
        else:
            self.phase = "act"

    # -- own turn (ER-3.1) -------------------------------------------------------------------
    def _phase_act(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        s = self.actor
        seat = self.seats[s]
        if kind in ("hu", "discard", "gang", "buhua"):
            who = event.get("seat")
            if who != s:
                raise self.refuse("out_of_turn", seat=who, action=kind, expected=f"it is seat {s}'s turn")
            if kind == "buhua":
                self._buhua(s, event)
                return
            if seat.held_flowers:
                raise self.refuse("flower_kept", seat=s, tile=name(seat.held_flowers[0]), action=kind)
            if kind == "gang" and event.get("kind") == "ming":
                raise self.refuse("nothing_to_claim", seat=s, action="ming-gang")
            if seat.claimed and kind != "discard":
                raise self.refuse("discard_only", seat=s, action=kind)
            if seat.ting_pending and kind != "discard":
                raise self.refuse("ting_discard_expected", seat=s, action=kind)
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
        else:  # huangzhuang
            raise self.refuse("early_huangzhuang", why=f"seat {s} is to act, {self.live} tiles left")

    def _self_ways(self, s: int) -> frozenset[str]:
        """How a self-drawn win was made, as the board knows it (§5's way-of-winning rows)."""
        seat = self.seats[s]
        ways: set[str] = set()
        if s == self.dealer and self.first_turn:
            ways.add("tianhu")
        if s != self.dealer and seat.front_draws == 1 and seat.discards == 0 and not self.any_meld:
            ways.add("dihu")
        if self.last_tile:
            ways.add("miaoshou")
        if self.drawn_how == "kong" or (
            self.drawn_how == "flower" and self.kong_chain and self.rules.gangkai_via_flower
        ):
            ways.add("gangkai")
        return frozenset(ways | self._ting_ways(s))

    def _ting_ways(self, s: int) -> set[str]:
        ting = self.seats[s].ting
        return {ting} if ting else set()

    def _self_draw(self, s: int, event: Mapping[str, Any]) -> None:
        seat = self.seats[s]
        tile = self.drawn
        given = self._given(event)
        if given is not None:
            if tile is not None and given != tile:
                raise self.refuse("win_tile_mismatch", expected=name(tile), tile=name(given))
            if tile is None:  # 天胡: the dealer may name the tile it reads as the last
                if T.is_flower(given) or not seat.hand[given]:
                    raise self.refuse("tile_not_in_hand", seat=s, tile=name(given))
                tile = given
        ways = self._self_ways(s)
        if tile is not None and self._juezhang(s, tile, self_draw=True):
            ways |= {"hejuezhang"}
        self._win(s, None, tile, ways)

    def _juezhang(self, s: int, tile: int, self_draw: bool) -> bool:
        """和绝张: the other 3 tiles of the winning kind are in the discard pools or exposed melds
        (the winning tile itself not counted: a discard that is won is taken from the pool)."""
        shown = self.pool[tile] - (0 if self_draw else 1)
        for seat in self.seats:
            shown += sum(m.kinds().count(tile) for m in seat.melds if m.exposed)
        return shown >= 3

    def _win(self, s: int, source: int | None, tile: int | None, ways: frozenset[str]) -> None:
        """ER-3.4: a winning shape and Q ≥ qihu, else the ``hu`` is refused here."""
        score = self.judge(s, tile, ways, source is None)
        shown = name(tile) if tile is not None else "its 14 tiles"
        if score is None:
            raise self.refuse("not_a_winning_hand", seat=s, tile=shown)
        if score.qualifying < self.rules.qihu:
            fans = (
                ", ".join(f"{f.id} {f.value}" + (f" ×{f.n}" if f.n > 1 else "") for f in score.fans) or "none"
            )
            raise self.refuse(
                "below_qihu", seat=s, tile=shown, q=score.qualifying, qihu=self.rules.qihu, fans=fans
            )
        self.win = WinRecord(s, source, tile, ways, score)
        self.claim = None
        self._end("win")

    def _discard(self, s: int, event: Mapping[str, Any]) -> None:
        tile = self._tile(event)
        seat = self.seats[s]
        if T.is_flower(tile):
            raise self.refuse("flower_discarded", tile=name(tile))
        if not seat.hand[tile]:
            raise self.refuse("tile_not_in_hand", seat=s, tile=name(tile))
        locked = seat.ting and not seat.ting_pending and self.rules.ting_lock
        if locked and self.drawn is not None and tile != self.drawn:
            raise self.refuse("ting_discard_drawn", seat=s, drawn=name(self.drawn), tile=name(tile))
        seat.hand[tile] -= 1
        expected = 13 - 3 * len(seat.melds)
        if seat.size != expected:  # ER-3.1
            raise self.refuse(
                "wrong_hand_size", seat=s, count=seat.size, melds=len(seat.melds), expected=expected
            )
        if seat.ting_pending:  # ER-3.5: the 13 tiles left are tenpai
            if not is_tenpai(seat.hand, seat.melds):
                raise self.refuse("ting_not_tenpai", seat=s, why=f"its hand after discarding {name(tile)}")
            tian = s == self.dealer and seat.discards == 0 and not seat.an_gang
            seat.ting = "tianting" if tian else "lizhi"
            seat.ting_pending = False
        first = s == self.dealer and seat.discards == 0 and not seat.an_gang
        seat.discards += 1
        seat.claimed = False
        self.first_turn = False
        self.drawn = None
        self.pool[tile] += 1
        self.claim = Claim(s, tile, rob=False, haidi=self.live == 0, first_discard=first)
        self.phase = "claim"

    def _own_kong(self, s: int, event: Mapping[str, Any]) -> None:
        tile = self._tile(event)
        kind = event.get("kind")
        seat = self.seats[s]
        if T.is_flower(tile):
            raise self.refuse("flower_discarded", tile=name(tile))
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
        elif kind == "xu":
            if Meld("peng", tile) not in seat.melds:
                raise self.refuse("no_peng_to_extend", seat=s, tile=name(tile))
            if not seat.hand[tile]:
                raise self.refuse("tile_not_in_hand", seat=s, tile=name(tile))
        else:
            raise InputError("kind", f"must be an, xu or ming, not {kind!r}")
        if self.live == 0:
            raise self.refuse("kong_no_live_tile")
        if kind == "an" and seat.ting and self.rules.ting_lock:  # ER-3.5: the wait set unchanged
            before = list(seat.hand)
            if self.drawn is not None:
                before[self.drawn] -= 1
            after = list(seat.hand)
            after[tile] -= 4
            old = waits(before, seat.melds)
            new = waits(after, [*seat.melds, Meld("gang", tile, "an")])
            if old != new:
                show = " ".join(T.code(k) for k in old) or "none", " ".join(T.code(k) for k in new) or "none"
                raise self.refuse(
                    "ting_gang_changes_wait", seat=s, tile=name(tile), before=show[0], after=show[1]
                )
        self.first_turn = False
        self.drawn = None
        if kind == "an":
            seat.hand[tile] -= 4
            seat.melds = [*seat.melds, Meld("gang", tile, "an")]
            seat.an_gang = True
            self._replace_kong(s)
            return
        seat.hand[tile] -= 1
        self.pending_kong = (s, tile)  # 抢杠 first (ER-3.3)
        self.claim = Claim(s, tile, rob=True)
        self.phase = "claim"

    def _replace_kong(self, s: int) -> None:
        """The kong stands: its replacement from the back is due (ER-2.1)."""
        self.any_meld = True
        self.seats[s].claimed = False
        self.actor = s
        self.drawn = None
        self.drawn_how = "kong"
        self.phase = "replace"

    # -- the window (ER-3.2, ER-3.3, ER-2.3) -----------------------------------------------
    def _phase_claim(self, event: Mapping[str, Any]) -> None:
        claim = self.claim
        assert claim is not None
        kind = event["type"]
        o = self.other(claim.seat)
        if kind == "hu":
            s = self._seat(event)
            if s == claim.seat:
                raise self.refuse("claim_from_self", seat=s)
            given = self._given(event)
            if given is not None and given != claim.tile:
                raise self.refuse("win_tile_mismatch", expected=name(claim.tile), tile=name(given))
            ways = set(self._ting_ways(s))
            if claim.rob:
                ways.add("qianggang")
            if claim.haidi:
                ways.add("haidi")
            if claim.first_discard and s != self.dealer:
                ways.add("renhu")
            if self._juezhang(s, claim.tile, self_draw=claim.rob):
                ways.add("hejuezhang")
            self._win(s, claim.seat, claim.tile, frozenset(ways))
            return
        if kind == "pass":
            s = self._seat(event)
            if s != o:
                raise self.refuse("out_of_turn", seat=s, action="pass", expected=f"only seat {o} may claim")
            return
        if kind in ("chi", "peng") or (kind == "gang" and event.get("kind") == "ming"):
            self._claim_meld(claim, event)
            return
        if kind == "draw":
            if claim.rob:  # nobody robbed the xu-gang: it stands, its replacement is drawn
                s, tile = self.pending_kong or (claim.seat, claim.tile)
                self.pending_kong = None
                seat = self.seats[s]
                seat.melds = [Meld("gang", tile, "xu") if m == Meld("peng", tile) else m for m in seat.melds]
                self.claim = None
                self._replace_kong(s)
                self._phase_replace(event)
                return
            if event.get("seat") != o:
                raise self.refuse(
                    "out_of_turn", seat=event.get("seat"), action="draw", expected=f"seat {o} draws next"
                )
            if self.live == 0:
                raise self.refuse("wall_empty", seat=o)
            self.claim = None
            self._front_draw(o, event)
            return
        if kind == "huangzhuang":
            if claim.rob or self.live > 0:
                why = "a kong's replacement is due" if claim.rob else f"{self.live} tiles are left"
                raise self.refuse("early_huangzhuang", why=why)
            self._end("huangzhuang")
            return
        raise self.refuse(
            "out_of_turn",
            seat=event.get("seat"),
            action=kind,
            expected=f"seat {claim.seat}'s {name(claim.tile)} may be claimed, else seat {o} draws",
        )

    def _front_draw(self, s: int, event: Mapping[str, Any]) -> None:
        tile = self.take(s, FRONT, self._given(event))
        self.seats[s].front_draws += 1
        self.kong_chain = False
        self._receive(s, tile, "front")
        self.phase = "act"

    def _claim_meld(self, claim: Claim, event: Mapping[str, Any]) -> None:
        """Chi, peng or ming-gang on the window's tile (ER-3.2); chi from either seat, since each
        is the other's 上家."""
        kind = str(event["type"])
        action = "ming-gang" if kind == "gang" else kind
        s = self._seat(event)
        if s == claim.seat:
            raise self.refuse("claim_from_self", seat=s)
        if claim.rob:
            raise self.refuse(
                "rob_not_xu", detail=f"a tile added to a peng is only robbed by a win, not by {action}"
            )
        seat = self.seats[s]
        if seat.ting and self.rules.ting_lock:
            raise self.refuse("ting_locked", seat=s, action=action)
        if self.live == 0 and not self.rules.claims_after_wall:
            raise self.refuse("claim_after_wall", action=action)
        given = self._given(event)
        if given is not None and given != claim.tile:
            raise self.refuse("win_tile_mismatch", expected=name(claim.tile), tile=name(given))
        tile = claim.tile
        if kind == "chi":
            own = T.parse_list(event.get("tiles"), "tiles")
            if len(own) != 2:
                raise InputError("tiles", f"a chi names the 2 tiles from hand, not {len(own)}")
            run = sorted([*own, tile])
            if not (all(k in T.SUITED for k in run) and run[1] == run[0] + 1 and run[2] == run[0] + 2):
                raise self.refuse("bad_chi", run=" ".join(T.code(k) for k in run))
            for t in set(own):
                if seat.hand[t] < own.count(t):
                    raise self.refuse("tile_not_in_hand", seat=s, tile=name(t))
            for t in own:
                seat.hand[t] -= 1
            seat.melds = [*seat.melds, Meld("chi", run[0])]
        else:
            need = 2 if kind == "peng" else 3
            if seat.hand[tile] < need:
                raise self.refuse(
                    "no_pair_to_claim",
                    seat=s,
                    need=need,
                    tile=name(tile),
                    action=action,
                    have=seat.hand[tile],
                )
            if kind == "gang" and self.live == 0:
                raise self.refuse("kong_no_live_tile")
            seat.hand[tile] -= need
            seat.melds = [*seat.melds, Meld(kind, tile, "ming" if kind == "gang" else "")]
        self.pool[tile] -= 1
        self.claim = None
        self.any_meld = True
        if kind == "gang":
            self._replace_kong(s)
            return
        seat.claimed = True
        self.actor = s
        self.drawn = None
        self.drawn_how = ""
        self.phase = "act"

    # -- 报听 (ER-3.5) ---------------------------------------------------------------------
    def _ting(self, event: Mapping[str, Any]) -> None:
        s = self._seat(event)
        seat = self.seats[s]
        if seat.ting or seat.ting_pending:
            raise self.refuse("ting_twice", seat=s)
        if seat.exposed:
            m = seat.exposed[0]
            shown = m.gang + "-gang" if m.type == "gang" else m.type
            raise self.refuse("ting_with_melds", seat=s, meld=f"{shown} {name(m.tile)}")
        if seat.held_flowers:
            raise self.refuse("flower_kept", seat=s, tile=name(seat.held_flowers[0]), action="报听")
        own_turn = self.phase == "act" and s == self.actor
        if own_turn and (s == self.dealer or seat.front_draws > 0):
            # declared with the discard that follows: some discard must leave it tenpai
            if not any(self._tenpai_without(s, k) for k in T.PLAY_KINDS if seat.hand[k]):
                raise self.refuse("ting_not_tenpai", seat=s, why="its hand after any discard")
            seat.ting_pending = True
            return
        if s != self.dealer and seat.front_draws == 0 and self.phase in ("act", "claim"):
            if not is_tenpai(seat.hand, seat.melds):  # 天听: its 13 tiles after 补花
                raise self.refuse("ting_not_tenpai", seat=s, why="its 13 tiles before its first draw")
            seat.ting = "tianting"
            return
        if self.phase == "flowers":
            why = "the flowers (补花) after the deal are still being exposed"
        elif self.phase == "replace":
            why = f"seat {self.actor}'s replacement draw is due"
        else:
            why = (
                "报听 comes on its own turn, just before its discard "
                "(a non-dealer's 天听 before its first draw)"
            )
        raise self.refuse("ting_not_now", seat=s, why=why)

    def _tenpai_without(self, s: int, k: int) -> bool:
        seat = self.seats[s]
        c = list(seat.hand)
        c[k] -= 1
        return is_tenpai(c, seat.melds)

    # -- the end (ER-3.6) ------------------------------------------------------------------
    def _phase_ended(self, event: Mapping[str, Any]) -> None:  # pragma: no cover - push refuses first
        raise self.refuse("event_after_end", how=self.how_it_ended())

    def _end(self, how: str) -> None:
        self.phase = "ended"
        self.ended_by = how

    def finish(self) -> None:
        """After the last event: a flower with no replacement, or a last discard nobody took,
        is 荒庄 even when the record gives no ``huangzhuang`` (ER-2.3)."""
        claim = self.claim
        unclaimed_last = self.phase == "claim" and claim is not None and not claim.rob and self.live == 0
        if self.phase == "huang" or unclaimed_last:
            self._end("huangzhuang")

    def state(self) -> str:
        """Where the hand stands, for ``hand_not_finished``."""
        if self.phase == "claim" and self.claim is not None:
            return f"seat {self.claim.seat}'s {name(self.claim.tile)} is open to a claim"
        return f"phase {self.phase}, seat {self.actor} to play, {self.live} tiles left"

    # -- result (§9) ------------------------------------------------------------------------
    def next_dealer(self) -> int:
        """ER-1.3: ``winner`` (the winner deals; after 荒庄 the dealer stays) or ``alternate``."""
        if self.rules.dealer_rotation == "alternate":
            return self.other(self.dealer)
        return self.win.seat if self.win is not None else self.dealer

    def payment(self) -> Payment | None:
        """ER-6.3: the other seat pays the winner; 荒庄 pays nothing."""
        if self.win is None:
            return None
        return settle(self.win.seat, self.win.score, self.rules)

    def deltas(self) -> list[int]:
        pay = self.payment()
        if pay is None:
            return [0, 0]
        out = [0, 0]
        out[pay.payee] += pay.amount
        out[pay.payer] -= pay.amount
        return out

    def result(self) -> dict[str, Any]:
        """The engine's settlement in the shape of §9's ``result``, with the payment's receipt."""
        win = self.win
        pay = self.payment()
        out: dict[str, Any] = {
            "winner": None if win is None else win.seat,
            "self_draw": None if win is None else win.self_draw,
            "fans": [] if win is None else [{"id": f.id, "n": f.n} for f in win.score.fans],
            "total": 0 if win is None else win.score.total,
            "qualifying": 0 if win is None else win.score.qualifying,
            "deltas": self.deltas(),
            "next_dealer": self.next_dealer(),
            "flowers": [[T.code(t) for t in seat.flowers] for seat in self.seats],
            "payments": []
            if pay is None
            else [{"from": pay.payer, "to": pay.payee, "amount": pay.amount, "receipt": list(pay.receipt)}],
        }
        if win is not None:
            out["reading"] = win.score.reading.describe()
        return out


def legal_actions(board: Board) -> list[dict[str, Any]]:
    """Every event that may come next, each checked by pushing it on a clone of the board.

    Candidates come from the phase, so the answer follows exactly the rules ``push`` enforces:
    bots and detectors ask this, never a second copy of the rules. Draws name no tile (the wall
    decides it; without a wall the caller names it).
    """
    if board.ended:
        return []
    cands: list[dict[str, Any]] = []
    phase = board.phase
    if phase == "flowers":
        s = board.flower_seat
        cands += [{"type": "buhua", "seat": s, "tile": T.code(f)} for f in board.seats[s].held_flowers[:1]]
    elif phase == "replace":
        cands.append({"type": "draw", "seat": board.actor})
    elif phase == "huang":
        cands.append({"type": "huangzhuang"})
    elif phase == "act":
        s = board.actor
        seat = board.seats[s]
        cands += [{"type": "buhua", "seat": s, "tile": T.code(f)} for f in seat.held_flowers[:1]]
        cands.append({"type": "hu", "seat": s})
        cands.append({"type": "ting", "seat": s})
        for k in T.PLAY_KINDS:
            if seat.hand[k]:
                cands.append({"type": "discard", "seat": s, "tile": T.code(k)})
                if seat.hand[k] == 4:
                    cands.append({"type": "gang", "seat": s, "kind": "an", "tile": T.code(k)})
                if Meld("peng", k) in seat.melds:
                    cands.append({"type": "gang", "seat": s, "kind": "xu", "tile": T.code(k)})
    elif phase == "claim" and board.claim is not None:
        claim = board.claim
        o = board.other(claim.seat)
        t = claim.tile
        code = T.code(t)
        cands += [{"type": "hu", "seat": o}, {"type": "ting", "seat": o}]
        cands += [
            {"type": "peng", "seat": o},
            {"type": "gang", "seat": o, "kind": "ming", "tile": code},
        ]
        if t in T.SUITED:
            for a, b in ((t - 2, t - 1), (t - 1, t + 1), (t + 1, t + 2)):
                if a in T.SUITED and b in T.SUITED:
                    cands.append({"type": "chi", "seat": o, "tiles": [T.code(a), T.code(b)]})
        cands.append({"type": "draw", "seat": claim.seat if claim.rob else o})
        cands.append({"type": "huangzhuang"})
    out = []
    for c in cands:
        trial = board.clone()
        try:
            if c["type"] == "draw" and trial.wall is None:
                continue  # without a wall the caller names the tile
            trial.push(c)
        except (IllegalEvent, InputError):
            continue
        out.append(c)
    return out
