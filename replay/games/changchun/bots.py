"""Changchun bots that play like people: they declare opening sets (起手杠 / 蛋), 报听 early or
late, look at the 宝 (看宝), chase 飘胡 or 夹胡 — and each style errs the way players do: some
open early and lose 门清, some 补杠 into a robber, some let a win go, a few leak the 宝 (泄宝).

A bot sees what a player sees (its own tiles, every meld and discard, the 宝 it looked at) and
answers with a ranked list of what it would like to do; the driver
(``replay.games.changchun.simulate``) pushes the first choice a ``clone()`` of the board
accepts, so a bot never re-derives a rule: a locked 报听 seat (CC-4.3) offers its best discard
and falls through to the tile it drew; a 手把一 chi (CC-2.5) is simply refused.

Play is by distance to a win: the shared shanten (any pair) plus a tile for each suit the hand
lacks (三色全, CC-5.2) and one when it holds no 幺九 (CC-5.3); a ready hand is judged by its exact
wait set W(s) (``Board.waits_of``), so 刻 and 手把一 are the rules core's, not the bot's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from replay.games.changchun import tiles as T
from replay.games.changchun.board import Board
from replay.games.changchun.reading import Meld, waits
from replay.shape import shanten
from replay.tiles import CODES

FAR = 99


@dataclass(frozen=True)
class Style:
    """How a player plays: each rate is the chance to do the thing when the rules allow it."""

    name: str
    set_rate: float  # declare an opening set (and its first-turn 补) it was dealt
    bu_rate: float  # 补杠 / xu-gang with a drawn tile later (robbable: M1)
    kong_rate: float  # an-gang / ming-gang
    claim_rate: float  # take a useful chi or peng (opens the hand: 门清 lost, M2)
    ting_rate: float  # 报听 at a discard that leaves it ready (low = declares late)
    look_rate: float  # 看宝 when not forced to roll
    piao: bool  # chase 飘胡: keep pairs, peng rather than chi
    jia: bool  # chase 夹胡: keep single waits when ready
    miss_win: float  # let a win go (漏胡, M4)
    leak_rate: float  # leak the 宝 after a look (泄宝, M5)


STYLES: dict[str, Style] = {
    "careful": Style("careful", 1.0, 0.2, 0.6, 0.15, 0.95, 1.0, False, False, 0.0, 0.0),
    "opener": Style("opener", 0.9, 0.7, 0.9, 0.9, 0.6, 0.9, False, False, 0.05, 0.02),
    "piao_chaser": Style("piao_chaser", 0.9, 0.6, 1.0, 0.7, 0.7, 1.0, True, False, 0.2, 0.0),
    "jia_chaser": Style("jia_chaser", 0.8, 0.4, 0.6, 0.3, 0.8, 1.0, False, True, 0.2, 0.0),
    "late_ting": Style("late_ting", 0.7, 0.5, 0.8, 0.5, 0.3, 0.7, False, False, 0.1, 0.08),
}


def suits_missing(hand: Sequence[int], melds: Sequence[Meld]) -> int:
    """Suits (万 条 筒) neither held nor in a meld: each costs at least one tile (三色全, CC-5.2)."""
    have = {k // 9 for k in range(27) if hand[k]}
    for m in melds:
        have |= {k // 9 for k in m.tiles() if k < 27}
    return 3 - len(have)


def no_yaojiu(hand: Sequence[int], melds: Sequence[Meld]) -> int:
    """1 when neither the hand nor a meld holds a 幺九 tile (CC-5.3), else 0."""
    if any(hand[k] for k in T.YAOJIU) or any(k in T.YAOJIU for m in melds for k in m.tiles()):
        return 0
    return 1


def piao_distance(hand: Sequence[int], melds: Sequence[Meld]) -> int:
    """Shanten towards 飘胡 (every meld a triplet, kong or set): 对对胡's count."""
    if any(m.kind == "chi" for m in melds):
        return FAR
    need = 4 - len(melds)
    trips = sum(1 for c in hand if c >= 3)
    pairs = sum(1 for c in hand if c == 2)
    trips = min(trips, need)
    return 2 * (need - trips) - min(pairs, need - trips + 1)


def distance(hand: Sequence[int], melds: Sequence[Meld], piao: bool = False) -> int:
    """Tiles from ready (0) or won (-1), with the Changchun conditions a shape misses."""
    base = shanten(hand, 0, "any")
    if piao:
        base = min(base, piao_distance(hand, melds))
    return base + suits_missing(hand, melds) + no_yaojiu(hand, melds)


def _isolation(hand: Sequence[int], t: int) -> int:
    """Lower = lonelier tile, thrown first; honours and terminals are kept a little (幺九)."""
    if t >= 27:
        return 3 * (hand[t] - 1) + (1 if t in (31, 32, 33) else 0)
    base = 9 * (t // 9)
    near = sum(hand[k] for k in range(max(base, t - 2), min(base + 9, t + 3)) if k != t)
    return 3 * (hand[t] - 1) + near


class Bot:
    """One seat's decisions; every random choice draws from the sitting's generator."""

    def __init__(self, style: Style, rng: random.Random) -> None:
        self.style = style
        self.rng = rng

    def chance(self, rate: float) -> bool:
        return self.rng.random() < rate

    # ---------------------------------------------------------------- wins and the 宝
    def wants_win(self, board: Board) -> bool:
        """A win is taken, unless this player lets one go early in the hand (漏胡, M4)."""
        if board.live < 40:
            return True
        return not self.chance(self.style.miss_win)

    def looks(self) -> bool:
        return self.chance(self.style.look_rate)

    def leaks(self) -> bool:
        return self.chance(self.style.leak_rate)

    def declares_ting(self) -> bool:
        return self.chance(self.style.ting_rate)

    # ---------------------------------------------------------------- own turn
    def opening(self, board: Board, seat: int) -> list[dict[str, Any]]:
        """Opening sets (CC-3.1) it was dealt and its first-turn 补s, as its style likes."""
        st = board.seats[seat]
        out: list[dict[str, Any]] = []
        for kind, want in T.SETS.items():
            if (
                all(st.hand[t] and st.dealt_left[t] for t in want)
                and st.set_meld(kind) is None
                and self.chance(self.style.set_rate)
            ):
                out.append({"type": "gang", "seat": seat, "kind": kind, "tiles": [CODES[t] for t in want]})
        for k in range(T.NUM_KINDS):
            group = T.bu_set(k)
            if (
                group is not None
                and st.hand[k]
                and st.dealt_left[k]
                and st.set_meld(group) is not None
                and self.chance(self.style.set_rate)
            ):
                out.append({"type": "gang", "seat": seat, "kind": "bu", "tile": CODES[k]})
        return out

    def act(self, board: Board, seat: int, can_win: bool) -> list[dict[str, Any]]:
        """Ranked choices on its own turn: win, opening sets, gangs, then discards best first."""
        st = board.seats[seat]
        out: list[dict[str, Any]] = []
        hu = {"type": "hu", "seat": seat}
        if can_win and self.wants_win(board):
            out.append(hu)
        if not st.discarded:
            out += self.opening(board, seat)
        for k in range(T.NUM_KINDS):
            if not st.hand[k]:
                continue
            if st.hand[k] == 4 and self.chance(self.style.kong_rate):
                out.append({"type": "gang", "seat": seat, "kind": "an", "tile": CODES[k]})
            if any(m.kind == "peng" and m.tile == k for m in st.melds) and self.chance(self.style.bu_rate):
                out.append({"type": "gang", "seat": seat, "kind": "xu", "tile": CODES[k]})
            group = T.bu_set(k)
            if (
                st.discarded
                and group is not None
                and st.set_meld(group) is not None
                and self.chance(self.style.bu_rate)
            ):
                out.append({"type": "gang", "seat": seat, "kind": "bu", "tile": CODES[k]})
        out += self.discards(board, seat)
        if can_win:
            out.append(hu)  # a locked seat whose draw completes it: the last resort
        return out

    def discards(self, board: Board, seat: int) -> list[dict[str, Any]]:
        """Discards best first: ready hands by their waits (the most live tiles; one wait for
        the 夹胡 chaser), the rest by distance, then the loneliest tile."""
        st = board.seats[seat]
        hand = list(st.hand)
        scored = []
        for t in range(T.NUM_KINDS):
            if not hand[t]:
                continue
            hand[t] -= 1
            d = distance(hand, st.melds, self.style.piao)
            key: tuple[int, int, int]
            if d <= 0 or shanten(hand, 0, "any") == 0:
                w = waits(hand, st.melds, board.rules)
                if w:
                    live = sum(4 - board.visible[k] - hand[k] for k in w)
                    single = 0 if (self.style.jia and len(w) == 1) else 1
                    key = (-1, single, -live)
                else:
                    key = (max(d, 1), 0, _isolation(hand, t))
            else:
                key = (d, 0, _isolation(hand, t))
            hand[t] += 1
            scored.append((key, t))
        scored.sort()
        return [{"type": "discard", "seat": seat, "tile": CODES[t]} for _, t in scored]

    # ---------------------------------------------------------------- claims
    def claims(self, board: Board, seat: int, tile: int) -> list[dict[str, Any]]:
        """Ming-gang, peng or chi of ``tile`` when it brings the hand closer (else let it go)."""
        st = board.seats[seat]
        if st.locked:
            return []
        out: list[dict[str, Any]] = []
        code = CODES[tile]
        piao = self.style.piao
        if st.hand[tile] == 3 and self.chance(self.style.kong_rate):
            out.append({"type": "gang", "seat": seat, "kind": "ming", "tile": code})
        before = distance(st.hand, st.melds, piao)
        if st.hand[tile] >= 2 and self._better(st.hand, st.melds, [tile, tile], Meld("peng", tile), before):
            out.append({"type": "peng", "seat": seat, "tile": code})
        if tile < 27 and not piao:
            for a, b in ((tile - 2, tile - 1), (tile - 1, tile + 1), (tile + 1, tile + 2)):
                if a < 0 or b >= 27 or not a // 9 == b // 9 == tile // 9 or not (st.hand[a] and st.hand[b]):
                    continue
                if self._better(st.hand, st.melds, [a, b], Meld("chi", min(a, tile)), before):
                    out.append({"type": "chi", "seat": seat, "tile": code, "tiles": [CODES[a], CODES[b]]})
        return out if out and self.chance(self.style.claim_rate) else []

    def _better(
        self, hand: Sequence[int], melds: Sequence[Meld], used: list[int], meld: Meld, before: int
    ) -> bool:
        rest = list(hand)
        for t in used:
            rest[t] -= 1
        after = [*melds, meld]
        best = FAR
        for t in range(T.NUM_KINDS):
            if rest[t]:
                rest[t] -= 1
                best = min(best, distance(rest, after, self.style.piao))
                rest[t] += 1
        return best < before
