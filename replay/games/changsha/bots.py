"""Changsha bots that play like people: they declare opening hands (起手胡), 开杠 when ready, take
or decline the 海底, claim and win — and each style errs the way players do.

A bot sees what a player sees (its own tiles, every meld, every discard) and answers with a
ranked list of what it would like to do; the driver (``replay.games.changsha.simulate``) pushes
the first choice a ``clone()`` of the board accepts, so a bot never re-derives a rule: it offers
开杠 first and the board refuses it when the seat is not tenpai (CS-3.5), so 补张 is pushed; it
offers its best discard and a locked seat (CS-3.6) falls through to the tile it drew.

Play is by distance to a win (shanten with the 将 pair of 平胡, any pair when chasing 清一色, 七小对
pairs, and 将将胡's "tiles that are not 2, 5 or 8"). Styles set how readily a bot melds and
kongs, chases 清一色 or 将将胡, lets a small win go (M1), takes the 海底 when not ready (M2),
declines a 海底 when ready (M3 when it would have won) and forgets an opening hand (M4).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from replay.games.changsha.board import Board
from replay.games.changsha.reading import Meld
from replay.games.changsha.tiles import JIANG
from replay.shape import shanten
from replay.tiles import CODES

HONOURS = [0] * 7
FAR = 99


@dataclass(frozen=True)
class Style:
    name: str
    qing_lean: float  # tiles of one suit (share of 9) before chasing 清一色 (lower = sooner)
    jiang_lean: int  # 2/5/8 tiles held before chasing 将将胡 (15 = never)
    peng_rate: float  # how readily a useful peng (or chi) is taken
    kong_rate: float  # how readily a kong is made (a xu-kong risks 抢杠胡, M5)
    kai_rate: float  # when ready, how often the kong is 开杠 rather than 补张 (杠上炮 risk, M5)
    miss_win: float  # chance to let a small win go (漏胡; M1)
    haidi_gamble: float  # chance to take the 海底 while not ready (M2)
    haidi_shy: float  # chance to decline the 海底 while ready (M3 when it would have won)
    qishou_rate: float  # chance to declare an opening hand it holds (M4 when it does not)


STYLES: dict[str, Style] = {
    "careful": Style("careful", 1.3, 15, 0.4, 0.5, 0.3, 0.0, 0.0, 0.05, 1.0),
    "balanced": Style("balanced", 1.0, 12, 0.6, 0.8, 0.6, 0.05, 0.1, 0.1, 0.9),
    "qingyise_chaser": Style("qingyise_chaser", 0.7, 15, 0.8, 0.8, 0.7, 0.3, 0.2, 0.1, 0.8),
    "jiangjiang_chaser": Style("jiangjiang_chaser", 1.2, 8, 0.8, 0.8, 0.7, 0.3, 0.2, 0.1, 0.8),
    "gambler": Style("gambler", 0.9, 11, 0.95, 1.0, 1.0, 0.15, 0.7, 0.3, 0.5),
}


@dataclass(frozen=True)
class Plan:
    """What a hand is built towards: kept suits (清一色 chase: one), 将将胡, the pair rule."""

    suits: frozenset[int]
    jiang: bool

    @property
    def qing(self) -> bool:
        return len(self.suits) == 1


def _isolation(hand: Sequence[int], t: int) -> int:
    """Lower = lonelier tile, thrown first."""
    base = 9 * (t // 9)
    near = sum(hand[k] for k in range(max(base, t - 2), min(base + 9, t + 3)) if k != t)
    return 3 * (hand[t] - 1) + near


def _suit_sizes(hand: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    sizes = [sum(hand[9 * x : 9 * x + 9]) for x in range(3)]
    for m in melds:
        sizes[m.first // 9] += 3
    return sizes


def distance(hand: Sequence[int], melds: Sequence[Meld], plan: Plan) -> int:
    """Tiles from ready (0) or won (-1): the best of 平胡 shape (将 pair, any pair when chasing
    清一色 or with only pungs in view), 七小对 without melds, and 将将胡 when chasing it."""
    kept = [hand[k] if k // 9 in plan.suits else 0 for k in range(27)]
    off = sum(hand) - sum(kept)
    best = shanten([*kept, *HONOURS], 0, "any" if plan.qing else "jiang") + off
    if not melds:
        best = min(best, 6 - min(sum(c // 2 for c in hand), 7))
    if plan.jiang:
        best = min(best, sum(c for k, c in enumerate(hand) if k not in JIANG) - 1 + (sum(hand) % 3 != 2))
    return best


class Bot:
    def __init__(self, style: Style, rng: random.Random) -> None:
        self.style = style
        self.rng = rng

    # ---------------------------------------------------------------- the plan
    def plan(self, board: Board, seat: int) -> Plan:
        st = board.seats[seat]
        sizes = _suit_sizes(st.hand, st.melds)
        melded = {m.first // 9 for m in st.melds}
        big = max(range(3), key=lambda x: (sizes[x], -x))
        jiang_held = sum(st.hand[k] for k in JIANG)
        jiang = all(m.kind != "chi" and m.first in JIANG for m in st.melds) and (
            jiang_held + 3 * len(st.melds) >= self.style.jiang_lean
        )
        if melded <= {big} and sizes[big] >= 9 * self.style.qing_lean:
            return Plan(frozenset({big}), jiang)
        return Plan(frozenset(range(3)), jiang)

    # ---------------------------------------------------------------- opening hands
    def declares(self, board: Board, seat: int, kinds: Sequence[str]) -> bool:
        """起手胡 (CS-5.2): in ``continue`` mode always worth it (unless forgotten, M4); in ``end``
        mode it ends the hand, so a seat one tile from ready may play on instead."""
        if self.rng.random() >= self.style.qishou_rate:
            return False
        if board.rules.qishou_mode == "end":
            st = board.seats[seat]
            return distance(st.hand, st.melds, self.plan(board, seat)) >= 1 or self.rng.random() < 0.5
        return True

    def qishou_event(self, board: Board, seat: int, kinds: Sequence[str]) -> dict[str, Any]:
        """The declaration with the tiles that show it: quads and pungs, or the whole hand."""
        dealt = board.seats[seat].dealt
        if set(kinds) <= {"sixi", "liuliushun"}:
            least = 4 if kinds == ["sixi"] else 3
            shown = [CODES[k] for k in range(27) if dealt[k] >= least for _ in range(dealt[k])]
        else:
            shown = [CODES[k] for k in range(27) for _ in range(dealt[k])]
        event: dict[str, Any] = {"type": "qishou", "seat": seat, "kinds": list(kinds), "tiles": shown}
        if board.rules.qishou_mode == "continue" and board.rules.birds:
            event["die"] = self.rng.randint(1, 6)
        return event

    # ---------------------------------------------------------------- wins
    def wants_win(self, board: Board, big: bool) -> bool:
        """A big hand is always taken; a small one may be let go (漏胡, M1) early in the hand."""
        if big or board.live < 20:
            return True
        return self.rng.random() >= self.style.miss_win

    # ---------------------------------------------------------------- own turn
    def dice(self) -> list[int]:
        return [self.rng.randint(1, 6), self.rng.randint(1, 6)]

    def kong(self, seat: int, kind: str, tile: int) -> list[dict[str, Any]]:
        """开杠 first when the style opens (the board refuses it unless ready), then 补张."""
        bu = {"type": "gang", "seat": seat, "kind": kind, "tile": CODES[tile], "mode": "bu"}
        if self.rng.random() < self.style.kai_rate:
            return [{**bu, "mode": "kai", "dice": self.dice()}, bu]
        return [bu]

    def act(self, board: Board, seat: int, can_win: bool, big: bool) -> list[dict[str, Any]]:
        """Ranked choices on its own turn: win, kong, then discards best first."""
        st = board.seats[seat]
        out: list[dict[str, Any]] = []
        hu = {"type": "hu", "seat": seat}
        if can_win and self.wants_win(board, big):
            out.append(hu)
        plan = self.plan(board, seat)
        for k in range(27):
            if not st.hand[k] or self.rng.random() >= self.style.kong_rate:
                continue
            if st.hand[k] == 4:
                out += self.kong(seat, "an", k)
            elif Meld("peng", k) in st.melds:
                out += self.kong(seat, "xu", k)
        out += self.discards(board, seat, plan)
        if can_win:
            out.append(hu)  # a locked seat (CS-3.6) must win: the last resort
        return out

    def discards(self, board: Board, seat: int, plan: Plan) -> list[dict[str, Any]]:
        st = board.seats[seat]
        hand = list(st.hand)
        scored = []
        for t in range(27):
            if not hand[t]:
                continue
            hand[t] -= 1
            d = distance(hand, st.melds, plan)
            hand[t] += 1
            keep = t // 9 in plan.suits and (not plan.jiang or t in JIANG)
            scored.append((d, keep, _isolation(hand, t), t))
        scored.sort()
        return [{"type": "discard", "seat": seat, "tile": CODES[s[3]]} for s in scored]

    # ---------------------------------------------------------------- claims
    def claims(self, board: Board, seat: int, tile: int, chi: bool) -> list[dict[str, Any]]:
        """Peng, ming-kong or chi of ``tile`` when it brings the hand closer (None: let it go)."""
        st = board.seats[seat]
        plan = self.plan(board, seat)
        if tile // 9 not in plan.suits or (plan.jiang and tile not in JIANG):
            return []
        out: list[dict[str, Any]] = []
        code = CODES[tile]
        if st.hand[tile] == 3 and self.rng.random() < self.style.kong_rate:
            out += [{**k, "tile": code} for k in self.kong(seat, "ming", tile)]
        before = distance(st.hand, st.melds, plan)
        if st.hand[tile] >= 2 and self._better(
            st.hand, st.melds, [tile, tile], Meld("peng", tile), plan, before
        ):
            out.append({"type": "peng", "seat": seat, "tile": code})
        if chi and not plan.jiang:
            for a, b in ((tile - 2, tile - 1), (tile - 1, tile + 1), (tile + 1, tile + 2)):
                if a < 0 or b >= 27 or not a // 9 == b // 9 == tile // 9 or not (st.hand[a] and st.hand[b]):
                    continue
                if self._better(st.hand, st.melds, [a, b], Meld("chi", min(a, tile)), plan, before):
                    out.append({"type": "chi", "seat": seat, "tile": code, "tiles": [CODES[a], CODES[b]]})
        if not st.melds and sum(c // 2 for c in st.hand) >= 5:
            out = [c for c in out if c["type"] == "gang"]  # on the way to 七小对: a meld ends it
        return out if out and self.rng.random() < self.style.peng_rate else []

    @staticmethod
    def _better(
        hand: Sequence[int], melds: Sequence[Meld], used: list[int], meld: Meld, plan: Plan, before: int
    ) -> bool:
        rest = list(hand)
        for t in used:
            rest[t] -= 1
        after = [*melds, meld]
        best = FAR
        for t in range(27):
            if rest[t]:
                rest[t] -= 1
                best = min(best, distance(rest, after, plan))
                rest[t] += 1
        return best < before

    # ---------------------------------------------------------------- the 海底
    def takes_haidi(self, ready: bool) -> bool:
        """漫游 (CS-2.6): a ready seat takes it (unless shy), one not ready usually declines."""
        if ready:
            return self.rng.random() >= self.style.haidi_shy
        return self.rng.random() < self.style.haidi_gamble
