"""Sichuan bots that play like people: they swap (换三张), declare a void suit (定缺) and play it out.

A bot sees what a player sees (its own tiles, every meld, every discard) and answers with a
ranked list of what it would like to do; the driver (``replay.games.sichuan.simulate``) takes the
first choice the board accepts, so a bot never has to know the rules' corner cases (过水, forced
wins, xueliu's locked hand): the board, the one copy of the rules, says no and the next choice
is tried. Play is by shanten over the suits the bot keeps (the two non-void suits, or one when it
chases 清一色) and 七对 pairs; styles set how readily a bot melds, konges, chases 清一色, lets a
small win go hoping for a bigger one (漏胡 on purpose), looks at what others threw before
discarding, and — where the table does not force void tiles out first (``que_first: false``) —
neglects its void suit, the 花猪 habit M5 counts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from replay.games.sichuan.board import Board
from replay.shape import shanten
from replay.tiles import CODES

SUITS = "msp"


@dataclass(frozen=True)
class Style:
    name: str
    neglect_void: float  # chance per turn, where que_first is off, to play as if it had no void suit
    qing_lean: float  # tiles of one suit needed to chase 清一色, as a share of 9 (lower = sooner)
    peng_rate: float  # how readily a useful peng is taken
    kong_rate: float  # how readily a kong is made (a 补杠 risks 抢杠胡, M2)
    pass_small: float  # chance to let a small win go early, hoping for more (M4 on purpose)
    careful: bool  # prefers tiles others already threw, counts acceptance near ready


STYLES: dict[str, Style] = {
    "careful": Style("careful", 0.0, 1.25, 0.5, 0.6, 0.0, True),
    "balanced": Style("balanced", 0.05, 1.0, 0.7, 0.8, 0.03, True),
    "void_neglecter": Style("void_neglecter", 0.6, 1.0, 0.8, 0.9, 0.05, False),
    "qingyise_chaser": Style("qingyise_chaser", 0.1, 0.7, 0.85, 0.85, 0.4, False),
    "gambler": Style("gambler", 0.25, 0.85, 0.95, 1.0, 0.5, False),
}


@dataclass
class Table:
    """What every player has seen: the tiles thrown (not claimed) by kind."""

    thrown: list[int]

    @classmethod
    def new(cls) -> Table:
        return cls([0] * 27)


def _suit_sizes(board: Board, seat: int) -> list[int]:
    st = board.seats[seat]
    sizes = [sum(st.hand[9 * x : 9 * x + 9]) for x in range(3)]
    for k in [*st.pengs, *st.kong_kinds]:
        sizes[k // 9] += 3
    return sizes


def _isolation(hand: Sequence[int], t: int) -> int:
    """Lower = lonelier tile, given away or thrown first."""
    base = 9 * (t // 9)
    near = sum(hand[k] for k in range(max(base, t - 2), min(base + 9, t + 3)) if k != t)
    return 3 * (hand[t] - 1) + near


class Bot:
    def __init__(self, style: Style, rng: random.Random) -> None:
        self.style = style
        self.rng = rng

    # ---------------------------------------------------------------- opening
    def swap(self, board: Board, seat: int) -> list[str]:
        """换三张 (SC-2.1): three tiles of the weakest suit (the one it means to void)."""
        hand = board.seats[seat].hand
        sizes = _suit_sizes(board, seat)
        same = board.rules.swap_three == "same_suit"
        order = sorted(range(3), key=lambda x: (sizes[x], self._suit_worth(hand, x), x))
        if same:
            suit = next(x for x in order if sizes[x] >= 3)
            pool = [k for k in range(9 * suit, 9 * suit + 9) for _ in range(hand[k])]
        else:
            pool = [k for x in order for k in range(9 * x, 9 * x + 9) for _ in range(hand[k])]
        rank = {x: i for i, x in enumerate(order)}
        pool.sort(key=lambda k: (rank[k // 9], _isolation(hand, k), k))
        return [CODES[k] for k in pool[:3]]

    def _suit_worth(self, hand: Sequence[int], suit: int) -> int:
        return sum(_isolation(hand, k) for k in range(9 * suit, 9 * suit + 9) if hand[k])

    def dingque(self, board: Board, seat: int) -> str:
        """定缺 (SC-2.2): the suit with the fewest tiles (ties: the less connected one)."""
        hand = board.seats[seat].hand
        sizes = _suit_sizes(board, seat)
        return SUITS[min(range(3), key=lambda x: (sizes[x], self._suit_worth(hand, x), x))]

    # ---------------------------------------------------------------- the plan
    def keeps(self, board: Board, seat: int, neglect: bool = False) -> frozenset[int]:
        """The suits this bot builds with: not its void suit (unless it neglects it), and only
        one when the tiles lean to 清一色 enough for its style."""
        st = board.seats[seat]
        sizes = _suit_sizes(board, seat)
        void: int | None = st.void
        if void is None:  # no 定缺: a win needs a suit missing (缺一门), it means to clear the shortest
            melded = {k // 9 for k in [*st.pengs, *st.kong_kinds]}
            void = min((x for x in range(3) if x not in melded), key=lambda x: (sizes[x], x), default=None)
        suits = {x for x in range(3) if x != void or neglect}
        big = max((x for x in suits if x != void), key=lambda x: (sizes[x], -x), default=None)
        melds_in = {k // 9 for k in [*st.pengs, *st.kong_kinds]}
        if big is not None and melds_in <= {big} and sizes[big] >= 9 * self.style.qing_lean and not st.wins:
            return frozenset({big})
        return frozenset(suits)

    def distance(self, hand: Sequence[int], melds: int, keep: frozenset[int]) -> int:
        """Tiles from a win (-1 won) keeping only the ``keep`` suits: shanten, or 七对 without melds."""
        kept = [hand[k] if k // 9 in keep else 0 for k in range(27)]
        off = sum(hand) - sum(kept)
        best = shanten(kept, 0, "any") + off
        if not melds:
            best = min(best, 6 - min(sum(c // 2 for c in kept), 7))  # four alike: two pairs
        return best

    # ---------------------------------------------------------------- own turn
    def act(self, board: Board, seat: int, table: Table) -> list[dict[str, Any]]:
        """Ranked choices on its own turn: win, kong, then discards best first."""
        st = board.seats[seat]
        out: list[dict[str, Any]] = []
        reading = board.win_reading(seat, None) if board.drawn is not None or not st.draws else None
        hu: dict[str, Any] = {"type": "hu", "seat": seat}
        if reading is not None and board.drawn is None:  # 天胡 names the tile it sets aside (SC-3.7)
            hu["tile"] = CODES[max(k for k in range(27) if st.hand[k])]
        if reading is not None and not self._let_pass(board, seat, reading.points):
            out.append(hu)
        for k in range(27):
            if st.hand[k] == 4 and self.rng.random() < self.style.kong_rate:
                out.append({"type": "gang", "seat": seat, "kind": "an", "tile": CODES[k]})
            if st.hand[k] and k in st.pengs and self.rng.random() < self.style.kong_rate:
                out.append({"type": "gang", "seat": seat, "kind": "xu", "tile": CODES[k]})
        out += self.discards(board, seat, table)
        if reading is not None:
            out.append(hu)  # the last resort a forced win (SC-1.7) needs
        return out

    def _let_pass(self, board: Board, seat: int, points: int) -> bool:
        """Letting a small win go early (漏胡 on purpose): a 清一色 chase, or a 平胡 hoping for more."""
        if board.seats[seat].wins or board.live < 30 or points >= 4:
            return False
        hoping = len(self.keeps(board, seat)) == 1 or (points == 1 and board.live >= 40)
        return hoping and self.rng.random() < self.style.pass_small

    def discards(self, board: Board, seat: int, table: Table) -> list[dict[str, Any]]:
        st = board.seats[seat]
        hand = list(st.hand)
        if st.wins and board.rules.mode == "xueliu" and board.drawn is not None:
            return [{"type": "discard", "seat": seat, "tile": CODES[board.drawn]}]  # 不能还张 (SC-3.7)
        neglect = not board.rules.que_first and self.rng.random() < self.style.neglect_void
        keep = self.keeps(board, seat, neglect)
        melds = st.melds
        scored = []
        for t in range(27):
            if not hand[t]:
                continue
            hand[t] -= 1
            d = self.distance(hand, melds, keep)
            hand[t] += 1
            void_first = neglect or t // 9 != st.void  # False sorts first: void tiles out first
            off = t // 9 not in keep
            danger = -table.thrown[t] if self.style.careful else 0
            scored.append((void_first, not off, d, danger, _isolation(hand, t), t))
        scored.sort()
        if self.style.careful and len(scored) > 1 and scored[0][2] <= 1 and scored[0][:3] == scored[1][:3]:
            top = [s for s in scored if s[:3] == scored[0][:3]]
            top.sort(key=lambda s: (-self._acceptance(board, seat, s[5], keep, table), s[3], s[4], s[5]))
            scored = top + [s for s in scored if s not in top]
        return [{"type": "discard", "seat": seat, "tile": CODES[s[5]]} for s in scored]

    def _acceptance(self, board: Board, seat: int, discard: int, keep: frozenset[int], table: Table) -> int:
        """Unseen tiles that bring the hand closer after this discard (有效牌)."""
        st = board.seats[seat]
        hand = list(st.hand)
        hand[discard] -= 1
        now = self.distance(hand, st.melds, keep)
        seen = list(table.thrown)
        for other in board.seats:
            for k in [*other.pengs, *other.kong_kinds]:
                seen[k] += 3
        total = 0
        for k in range(27):
            unseen = 4 - hand[k] - seen[k]
            if unseen <= 0 or k // 9 not in keep:
                continue
            hand[k] += 1
            if self.distance(hand, st.melds, keep) < now:
                total += unseen
            hand[k] -= 1
        return total

    # ---------------------------------------------------------------- claims
    def wants_hu(self, board: Board, seat: int, points: int) -> bool:
        return not self._let_pass(board, seat, points)

    def claim(self, board: Board, seat: int, tile: int) -> dict[str, Any] | None:
        """Peng or 直杠 on a discard, or None to let it go."""
        st = board.seats[seat]
        if st.wins or st.hand[tile] < 2:
            return None
        keep = self.keeps(board, seat)
        if tile // 9 not in keep:
            return None
        if st.hand[tile] == 3 and self.rng.random() < self.style.kong_rate:
            return {"type": "gang", "seat": seat, "kind": "ming", "tile": CODES[tile]}
        pairs = sum(c // 2 for c in st.hand)
        if not st.melds and pairs >= 5:
            return None  # on the way to 七对: a meld would end it
        before = self.distance(st.hand, st.melds, keep)
        hand = list(st.hand)
        hand[tile] -= 2
        after = min(
            self.distance([c - (k == t) for k, c in enumerate(hand)], st.melds + 1, keep)
            for t in range(27)
            if hand[t]
        )
        chance = self.style.peng_rate if after < before else self.style.peng_rate * 0.15
        return {"type": "peng", "seat": seat} if self.rng.random() < chance else None
