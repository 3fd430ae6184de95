"""二人麻将 bots that play like people: they chase fans above 起胡 (qihu), 报听 when ready, claim
any discard of the opponent (each is the other's 上家, ER-1.2), kong, and err as players do.

A bot sees what a player sees (its own tiles, both seats' melds and flowers, the discards) and
answers with a ranked list of what it would like to do; the driver
(``replay.games.erren.simulate``) pushes the first choice a ``clone()`` of the board accepts, so a
bot never re-derives a rule: it offers its best discard and a 报听 seat under ``ting_lock``
(ER-3.5) falls through to the tile it drew; it offers an an-gang and the lock refuses one that
would change its wait.

Play is by distance to a win (shanten with any pair, 七对 pairs without melds, 清一色 by
dropping honours). Fans matter where they decide a hand: at 听牌 a bot prefers the discard whose
waits would be legal wins (Q ≥ qihu, ER-3.4), the biggest first; a careful style melds only when
the hand can still reach 起胡 (a dragon peng's 箭刻 with 混一色, the 清一色 chase, or a ready
hand with a legal wait), a gambler melds on shape alone and sometimes ends ready with no win it
may take (breaking 起胡). Styles set how readily a bot melds and kongs, 报听s, lets a small win go
(漏和, §10 missed_win) and an-gangs away its wait (杠后减听, §10 gang_cut_wait).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from replay.games.erren import tiles as T
from replay.games.erren.board import Board
from replay.games.erren.choose import score
from replay.games.erren.fans import Win
from replay.games.erren.readings import Meld, waits
from replay.shape import shanten

FAR = 99


@dataclass(frozen=True)
class Style:
    name: str
    qing_lean: int  # 条 tiles held (melds included) before dropping honours for 清一色
    meld_rate: float  # how readily a useful chi or peng is taken
    qihu_care: bool  # melds only when the hand can still reach 起胡 (False: shape alone)
    kong_rate: float  # how readily a kong is made (a xu-gang risks 抢杠, an an-gang its wait)
    ting_rate: float  # 报听 when concealed and ready with a legal wait
    miss_win: float  # chance to let a small win go early in the hand (漏和)


STYLES: dict[str, Style] = {
    "careful": Style("careful", 11, 0.35, True, 0.3, 0.3, 0.03),
    "balanced": Style("balanced", 10, 0.7, True, 0.7, 0.5, 0.1),
    "fan_chaser": Style("fan_chaser", 8, 0.6, True, 0.6, 0.2, 0.3),
    "ting_lover": Style("ting_lover", 10, 0.2, True, 0.5, 0.95, 0.1),
    "gambler": Style("gambler", 12, 1.0, False, 1.0, 0.3, 0.3),
}


def _honours(hand: Sequence[int]) -> int:
    return sum(hand[k] for k in T.HONOURS)


def distance(hand: Sequence[int], melds: Sequence[Meld], qing: bool) -> int:
    """Tiles from ready (0) or won (-1): the standard shape with any pair (乱将, ER-4.1), 七对
    without melds, and, chasing 清一色, the 条 alone with every honour still to go."""
    if qing:
        kept = [0 if k in T.HONOURS else c for k, c in enumerate(hand)]
        best = shanten(kept, 0, "any") + _honours(hand)
    else:
        best = shanten(hand, 0, "any")
    if not melds:
        best = min(best, 6 - min(sum(c // 2 for c in hand), 7))
    return best


def _isolation(hand: Sequence[int], t: int) -> int:
    """Lower = lonelier tile, thrown first (an honour only pairs with itself)."""
    if t in T.HONOURS:
        return 3 * (hand[t] - 1)
    near = sum(hand[k] for k in range(max(9, t - 2), min(18, t + 3)) if k != t)
    return 3 * (hand[t] - 1) + near


def legal_waits(board: Board, seat: int, hand: Sequence[int], melds: Sequence[Meld]) -> list[tuple[int, int]]:
    """(kind, T) of every wait of a ready hand whose win on a discard would be legal (Q ≥ qihu,
    ER-3.4), with no way of winning assumed: what a player counts before it commits."""
    st = board.seats[seat]
    out = []
    for w in waits(list(hand), list(melds)):
        c = list(hand)
        c[w] += 1
        kinds = tuple(k for k in T.PLAY_KINDS for _ in range(c[k]))
        found = score(Win(kinds, tuple(melds), w, False, tuple(st.flowers)), board.rules)
        if found is not None and found.qualifying >= board.rules.qihu:
            out.append((w, found.total))
    return out


def visible(board: Board, seat: int, kind: int) -> int:
    """Copies of ``kind`` a seat can see: its own hand, the discard pools, both seats' exposed
    melds (an opponent's an-gang is face down)."""
    shown = board.seats[seat].hand[kind] + board.pool[kind]
    for st in board.seats:
        shown += sum(m.kinds().count(kind) for m in st.melds if m.exposed)
    return min(shown, 4)


class Bot:
    def __init__(self, style: Style, rng: random.Random) -> None:
        self.style = style
        self.rng = rng

    # ---------------------------------------------------------------- the plan
    def qing(self, board: Board, seat: int) -> bool:
        """Chase 清一色 (24) when 条 dominate and no honour is melded."""
        st = board.seats[seat]
        if any(m.tile in T.HONOURS for m in st.melds):
            return False
        suited = sum(st.hand[k] for k in T.SUITED) + 3 * len(st.melds)
        return suited >= self.style.qing_lean

    # ---------------------------------------------------------------- wins
    def wants_win(self, board: Board, total: int) -> bool:
        """A big win (24 fan and up) is always taken, and any win near the wall's end; a small one
        may be let go (漏和), hoping for more."""
        if total >= 24 or board.live < 6:
            return True
        return self.rng.random() >= self.style.miss_win

    # ---------------------------------------------------------------- own turn
    def act(self, board: Board, seat: int, win_total: int | None) -> list[dict[str, Any]]:
        """Ranked choices on its own turn: win, 报听, kong, then discards best first; the win is
        the last resort too (a locked seat may only win or throw its drawn tile)."""
        st = board.seats[seat]
        out: list[dict[str, Any]] = []
        hu = {"type": "hu", "seat": seat}
        if win_total is not None and self.wants_win(board, win_total):
            out.append(hu)
        ranked = self.discards(board, seat)
        if (
            not st.ting
            and not st.ting_pending
            and not st.exposed
            and ranked
            and ranked[0][1]
            and self.rng.random() < self.style.ting_rate
        ):
            out.append({"type": "ting", "seat": seat})
        if board.live > 0:
            for k in T.PLAY_KINDS:
                if not st.hand[k] or self.rng.random() >= self.style.kong_rate:
                    continue
                if st.hand[k] == 4:
                    out.append({"type": "gang", "seat": seat, "kind": "an", "tile": T.code(k)})
                elif Meld("peng", k) in st.melds:
                    out.append({"type": "gang", "seat": seat, "kind": "xu", "tile": T.code(k)})
        out += [{"type": "discard", "seat": seat, "tile": T.code(t)} for t, _ in ranked]
        if win_total is not None:
            out.append(hu)
        return out

    def discards(self, board: Board, seat: int) -> list[tuple[int, bool]]:
        """Every kind held, best discard first, each with whether it leaves a ready hand with a
        legal wait: by distance (a ready hand with no legal wait counts as one tile short for a
        careful style), then the legal waits' number and size, then plan and loneliness."""
        st = board.seats[seat]
        qing = self.qing(board, seat)
        hand = list(st.hand)
        scored = []
        for t in T.PLAY_KINDS:
            if not hand[t]:
                continue
            hand[t] -= 1
            d = distance(hand, st.melds, qing)
            good: list[tuple[int, int]] = []
            if d == 0:
                good = legal_waits(board, seat, hand, st.melds)
                if not good and self.style.qihu_care:
                    d = 1
            hand[t] += 1
            live = sum(4 - visible(board, seat, w) for w, _ in good)
            best = max((v for _, v in good), default=0)
            off = qing and t in T.HONOURS
            scored.append((d, -len(good), -live, -best, not off, _isolation(hand, t), t, bool(good)))
        scored.sort()
        return [(s[6], s[7]) for s in scored]

    # ---------------------------------------------------------------- claims
    def claims(self, board: Board, seat: int, tile: int) -> list[dict[str, Any]]:
        """Peng, ming-gang or chi of the opponent's ``tile`` when it brings the hand closer and, for
        a careful style, keeps 起胡 within reach."""
        st = board.seats[seat]
        qing = self.qing(board, seat)
        if qing and tile in T.HONOURS:
            return []
        if not st.melds and sum(c // 2 for c in st.hand) >= 5:
            return []  # on the way to 七对: a meld ends it
        code = T.code(tile)
        before = distance(st.hand, st.melds, qing)
        out: list[dict[str, Any]] = []
        if st.hand[tile] == 3 and board.live > 0 and self.rng.random() < self.style.kong_rate:
            out.append({"type": "gang", "seat": seat, "kind": "ming", "tile": code})
        if st.hand[tile] >= 2 and self._worth(board, seat, [tile, tile], Meld("peng", tile), qing, before):
            out.append({"type": "peng", "seat": seat, "tile": code})
        if tile in T.SUITED:
            for a, b in ((tile - 2, tile - 1), (tile - 1, tile + 1), (tile + 1, tile + 2)):
                if a < 9 or b > 17 or not (st.hand[a] and st.hand[b]):
                    continue
                if self._worth(board, seat, [a, b], Meld("chi", min(a, tile)), qing, before):
                    out.append({"type": "chi", "seat": seat, "tiles": [T.code(a), T.code(b)]})
        return out if out and self.rng.random() < self.style.meld_rate else []

    def _worth(self, board: Board, seat: int, used: list[int], meld: Meld, qing: bool, before: int) -> bool:
        """The meld brings the hand closer, and (careful styles) 起胡 stays within reach."""
        st = board.seats[seat]
        rest = list(st.hand)
        for t in used:
            rest[t] -= 1
        after = [*st.melds, meld]
        best, ready_ok = FAR, False
        for t in T.PLAY_KINDS:
            if rest[t]:
                rest[t] -= 1
                d = distance(rest, after, qing)
                if d == 0 and legal_waits(board, seat, rest, after):
                    ready_ok = True
                best = min(best, d)
                rest[t] += 1
        if best >= before:
            return False
        if not self.style.qihu_care or ready_ok:
            return True
        dragon = meld.type != "chi" and meld.tile in T.DRAGONS
        return dragon or qing or (best > 0 and self.rng.random() < 0.4)

    # ---------------------------------------------------------------- 天听
    def tianting(self, board: Board, seat: int) -> bool:
        """A non-dealer ready before its first draw may declare 天听 (32 fan, ER-3.5)."""
        st = board.seats[seat]
        return bool(legal_waits(board, seat, st.hand, st.melds)) and self.rng.random() < self.style.ting_rate
