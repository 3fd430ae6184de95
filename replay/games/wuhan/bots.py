"""Bots that play like people, each with a style that shows in the dashboards.

A bot sees what a player sees (its hand, every meld and discard, the laizi) and answers the
board's ``legal_actions``. It plays by shanten (tiles away from ready) and acceptance (how
many unseen tiles would help), leans into a big hand (清一色, 碰碰胡, 将一色, 风一色) when its
tiles lean that way, and its style sets how readily it opens, gangs its pizi and laizi, feeds a
visible one-suit hand, or lets a small win pass hoping for a bigger one.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from replay.games.wuhan.board import ACT, CLAIM, HAIDI, ROB, Board
from replay.games.wuhan.hand import wind_kinds
from replay.shape import shanten, shanten_after_discards, shanten_after_draws
from replay.table.claims import first_claim
from replay.table.seats import seats_after
from replay.tiles import CODES, JIANG, KIND_OF, NUM_KINDS


@dataclass(frozen=True)
class Style:
    name: str
    open_rate: float  # how readily a useful chi/peng is taken
    big_lean: float  # how early a big hand is chased (lower = needs fewer matching tiles)
    pizi_gang: float  # chance per turn to put a held 红中 out as a gang (else hold or discard)
    laizi_gang: float  # chance per turn to gang a laizi rather than keep the wildcard
    feed_risk: float  # chance to ignore a visible one-suit hand when discarding its suit
    pass_small: float  # chance to let a 屁胡 pass early in the hand, hoping for more
    careful: bool  # computes acceptance to break ties (slower, plays better)


STYLES: dict[str, Style] = {
    "cautious": Style("cautious", 0.45, 1.15, 0.35, 0.10, 0.05, 0.02, True),
    "balanced": Style("balanced", 0.70, 1.0, 0.60, 0.30, 0.30, 0.05, True),
    "aggressive": Style("aggressive", 0.95, 0.9, 0.95, 0.70, 0.80, 0.02, False),
    "qingyise_chaser": Style("qingyise_chaser", 0.80, 0.7, 0.60, 0.25, 0.40, 0.30, False),
    "big_hand_hunter": Style("big_hand_hunter", 0.95, 0.6, 0.90, 0.10, 0.60, 0.60, False),
}


@dataclass(frozen=True)
class Plan:
    """The hand a bot is building: its name, the kinds it keeps (None = all), its pair rule."""

    name: str
    allowed: frozenset[int] | None = None
    pair: str = "jiang"


PIHU = Plan("pihu")
PENGPENGHU = Plan("pengpenghu", None, "any")
SUIT_PLANS = tuple(Plan(f"qingyise:{s}", frozenset(range(s * 9, s * 9 + 9)), "any") for s in range(3))


def _pph_distance(counts: list[int], wild: int) -> int:
    """碰碰胡: roughly, singles still to pair up or make into triplets."""
    singles = counts.count(1)
    pairs = counts.count(2)
    return max(singles - wild - 1 - (1 if pairs == 0 else 0), -1)


def _counts(tiles: list[int]) -> list[int]:
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t] += 1
    return c


class Bot:
    def __init__(self, style: Style, rng: random.Random) -> None:
        self.style = style
        self.rng = rng

    # ---------------------------------------------------------------- plans
    def plan(self, board: Board, seat: int) -> Plan:
        """Which hand the bot is building: a big hand when the tiles lean that way."""
        state = board.seats[seat]
        tiles = [t for t in state.hand if t != board.laizi and t not in board.rules.pizi]
        meld_tiles = [t for m in state.melds for t in m.tiles]
        everything = tiles + meld_tiles
        n = max(len(everything), 1)
        lean = self.style.big_lean
        winds = wind_kinds(board.rules)
        if all(t in winds for t in meld_tiles) and sum(t in winds for t in everything) >= 8 * lean * lean:
            return Plan("fengyise", winds, "any")
        if all(t in JIANG for t in meld_tiles) and sum(t in JIANG for t in everything) >= 8 * lean * lean:
            return Plan("jiangyise", JIANG, "any")
        suits = Counter(t // 9 for t in everything if t < 27)
        if suits:
            suit, count = suits.most_common(1)[0]
            melds_ok = all(t < 27 and t // 9 == suit for t in meld_tiles)
            if melds_ok and count >= 9 * lean and count / n >= 0.6:
                return SUIT_PLANS[suit]
        if all(m.is_triplet for m in state.melds):
            c = Counter(tiles)
            if sum(1 for v in c.values() if v >= 2) + len(state.melds) >= 5 * lean:
                return PENGPENGHU
        return PIHU

    def _split(self, board: Board, hand: list[int], plan: Plan) -> tuple[list[int], int, int]:
        """The hand as the plan sees it: counts of the tiles it keeps, wildcards, tiles to shed."""
        laizi = board.laizi
        pizi = board.rules.pizi
        allowed = plan.allowed
        wild = 0
        off = 0
        counts = [0] * NUM_KINDS
        for t in hand:
            if t == laizi:
                wild += 1
            elif t in pizi or (allowed is not None and t not in allowed):
                off += 1
            else:
                counts[t] += 1
        return counts, wild, off

    def _distance(self, board: Board, hand: list[int], plan: Plan) -> int:
        """Tiles away from a win under the plan (lower is better); for 3n+2 tiles, after the best discard."""
        counts, wild, off = self._split(board, hand, plan)
        if plan.name in ("fengyise", "jiangyise"):
            return off - 1
        if plan is PENGPENGHU:
            return _pph_distance(counts, wild) + off
        return shanten(counts, wild, plan.pair) + off

    def _after_discards(self, board: Board, hand: list[int], plan: Plan) -> dict[int, int]:
        """``_distance`` after discarding each kind held, in one pass over the hand."""
        counts, wild, off = self._split(board, hand, plan)
        kinds = set(hand)
        if plan.name in ("fengyise", "jiangyise"):
            allowed = plan.allowed or frozenset()
            return {t: off - 1 - (t != board.laizi and t not in allowed) for t in kinds}
        if plan is PENGPENGHU:
            out = {}
            for t in kinds:
                rest = list(hand)
                rest.remove(t)
                out[t] = self._distance(board, rest, plan)
            return out
        out = {}
        natural = shanten_after_discards(counts, wild, plan.pair)
        keep = None
        for t in kinds:
            if t == board.laizi:
                out[t] = shanten(counts, wild - 1, plan.pair) + off
            elif t in natural:
                out[t] = natural[t] + off
            else:  # shedding an off-plan tile leaves the kept tiles as they are
                if keep is None:
                    keep = shanten(counts, wild, plan.pair)
                out[t] = keep + off - 1
        return out

    # ---------------------------------------------------------------- own turn
    def act(self, board: Board, seat: int, actions: list[dict[str, Any]]) -> dict[str, Any]:
        style, rng = self.style, self.rng
        by_type: dict[str, list[dict[str, Any]]] = {}
        for a in actions:
            by_type.setdefault(a["type"], []).append(a)
        if "hu" in by_type and not self._let_pass(board, seat):
            return by_type["hu"][0]
        if board.phase == HAIDI:
            return next(a for a in actions if a["type"] in ("draw", "huangzhuang"))
        # gang_only: a pizi (红中 or 皮) only leaves as a gang, and held it blocks every win:
        # people put it out at once
        gang_only = board.rules.special_discard == "gang_only"
        for g in by_type.get("gang", []):
            kind = g["kind"]
            if kind == "pizi" and (gang_only or rng.random() < style.pizi_gang):
                return g
            if kind == "laizi" and rng.random() < style.laizi_gang:
                return g
            if kind in ("an", "xu") and rng.random() < 0.85:
                return g
        if "discard" not in by_type:  # nothing but special tiles left: they go out as gangs
            return by_type["gang"][0]
        return self._discard(board, seat, by_type["discard"])

    def _let_pass(self, board: Board, seat: int) -> bool:
        """Letting a 屁胡 go early (漏胡 on purpose), hoping for a bigger hand."""
        if board.live < 40 or self.rng.random() >= self.style.pass_small:
            return False
        return self.plan(board, seat) is not PIHU

    def _discard(self, board: Board, seat: int, options: list[dict[str, Any]]) -> dict[str, Any]:
        state = board.seats[seat]
        plan = self.plan(board, seat)
        pizi = board.rules.pizi
        held_pizi = [a for a in options if KIND_OF[a["tile"]] in pizi]
        if held_pizi and self.rng.random() < 0.5:
            return held_pizi[0]  # a 红中 in hand blocks every win: put it out
        if self._distance(board, state.hand, plan) >= 2:
            return self._rough_discard(board, seat, options, plan)
        after = self._after_discards(board, state.hand, plan)
        danger = self._danger(board, seat)
        scored = []
        for a in options:
            t = KIND_OF[a["tile"]]
            if t == board.laizi and len(options) > 1:
                continue  # keep the wildcard
            scored.append((after[t], t < 27 and t // 9 in danger, t, a))
        if not scored:
            return options[0]
        best = min(s[0] for s in scored)
        ties = [s for s in scored if s[0] == best]
        ties.sort(key=lambda s: (s[1], self._isolation(state.hand, s[2]), s[2]))
        if len(ties) > 1 and self.style.careful and best <= 1:
            unseen = self._unseen(board, seat)
            top = ties[:2]
            top.sort(key=lambda s: (-self._acceptance(board, state.hand, s[2], plan, unseen), s[1], s[2]))
            return top[0][3]
        return ties[0][3]

    def _rough_discard(
        self, board: Board, seat: int, options: list[dict[str, Any]], plan: Plan
    ) -> dict[str, Any]:
        """Far from ready, people shed what does not fit the plan, then lone tiles: no counting."""
        hand = board.seats[seat].hand
        allowed = plan.allowed
        danger = self._danger(board, seat)
        scored = []
        for a in options:
            t = KIND_OF[a["tile"]]
            if t == board.laizi and len(options) > 1:
                continue
            fits = allowed is None or t in allowed
            scored.append((fits, t < 27 and t // 9 in danger, self._isolation(hand, t), t, a))
        scored.sort(key=lambda s: s[:4])
        return scored[0][4] if scored else options[0]

    def _isolation(self, hand: list[int], t: int) -> int:
        """Lower = lonelier tile, discarded first."""
        if t >= 27:
            return 3 * (hand.count(t) - 1)
        near = sum(1 for x in hand if x != t and x < 27 and x // 9 == t // 9 and abs(x - t) <= 2)
        return 3 * (hand.count(t) - 1) + near

    def _unseen(self, board: Board, seat: int) -> list[int]:
        seen = Counter(board.seats[seat].hand)
        for s in board.seats:
            for m in s.melds:
                seen.update(m.tiles)
        for river in board.discards:
            seen.update(t for t, claimed_by in river if claimed_by is None)  # a claimed one is in a meld
        seen[board.indicator] += 1
        return [max(4 - seen[k], 0) for k in range(NUM_KINDS)]

    def _acceptance(self, board: Board, hand: list[int], discard: int, plan: Plan, unseen: list[int]) -> int:
        """Unseen tiles that would bring the hand closer after this discard (有效牌)."""
        rest = list(hand)
        rest.remove(discard)
        if plan.name in ("fengyise", "jiangyise") or plan is PENGPENGHU:
            now = self._distance(board, rest, plan)
            return sum(
                unseen[k]
                for k in range(NUM_KINDS)
                if unseen[k] and self._distance(board, [*rest, k], plan) < now
            )
        counts, wild, _ = self._split(board, rest, plan)
        now = shanten(counts, wild, plan.pair)
        allowed = plan.allowed
        near = {
            x + d
            for x in rest
            if x < 27 and (allowed is None or x in allowed)
            for d in (-2, -1, 0, 1, 2)
            if 0 <= x + d < 27 and (x + d) // 9 == x // 9
        } | {x for x in rest if x >= 27}
        near -= {board.laizi, *board.rules.pizi}
        draws = shanten_after_draws(counts, wild, plan.pair, near)
        total = unseen[board.laizi]  # a laizi always helps
        for k in draws:
            useful = (allowed is None or k in allowed) and k not in board.rules.pizi and draws[k] < now
            if unseen[k] and k != board.laizi and useful:
                total += unseen[k]
        return total

    def _danger(self, board: Board, seat: int) -> frozenset[int]:
        """Suits whose discard could be some one-suit hand's third open (喂第三口), for a careful bot.

        A bot with a high ``feed_risk`` often does not look.
        """
        if self.rng.random() < self.style.feed_risk:
            return frozenset()
        suits = set()
        for s, other in enumerate(board.seats):
            if s == seat:
                continue
            opens = [m for m in other.melds if m.is_open]
            if len(opens) == 2 and opens[0].tiles[0] < 27:
                suit = opens[0].tiles[0] // 9
                if all(m.tiles[0] < 27 and m.tiles[0] // 9 == suit for m in opens):
                    suits.add(suit)
        return frozenset(suits)

    # ---------------------------------------------------------------- claims
    def claim(self, board: Board, seat: int, actions: list[dict[str, Any]]) -> dict[str, Any] | None:
        """What this seat does with the last discard or xu-gang: a claim, or None to pass."""
        style, rng = self.style, self.rng
        for a in actions:
            if a["type"] == "hu":
                return None if self._let_pass(board, seat) else a
        if board.phase == ROB:
            return None
        assert board.last_discard is not None
        tile = board.last_discard[1]
        plan = self.plan(board, seat)
        if plan.allowed is not None and tile not in plan.allowed:
            return None
        state = board.seats[seat]
        if plan.name in ("fengyise", "jiangyise"):  # no shape needed: every fitting tile is progress
            pengs = [a for a in actions if a["type"] in ("peng", "gang")]
            return pengs[0] if pengs and rng.random() < style.open_rate else None
        before = self._distance(board, state.hand, plan) if len(state.hand) % 3 == 1 else 9
        best: tuple[int, dict[str, Any]] | None = None
        for a in actions:
            if a["type"] == "gang":
                return a if rng.random() < 0.8 else None
            if a["type"] == "chi" and plan is PENGPENGHU:
                continue
            hand = list(state.hand)
            for t in a.get("tiles") or [CODES[tile]] * 2:
                hand.remove(KIND_OF[t])
            after = max(self._distance(board, hand, plan), 0)  # 3n+2 tiles: after its best discard
            if best is None or after < best[0]:
                best = (after, a)
        if best is None:
            return None
        gain = best[0] < before or (best[0] == before and not state.opened)
        chance = style.open_rate if gain else style.open_rate * 0.1
        if best[1]["type"] == "chi":
            chance *= 0.8
        return best[1] if rng.random() < chance else None


def choose(board: Board, bots: list[Bot]) -> dict[str, Any]:
    """The next event of a hand played by these bots (priority per R-5.3: win > peng/gang > chi)."""
    actions = board.legal_actions()
    if board.phase in (ACT, HAIDI):
        seat = board.turn
        return bots[seat].act(board, seat, actions)
    if board.phase in (CLAIM, ROB):
        default = next(a for a in actions if a["type"] in ("draw", "huangzhuang"))
        by_seat: dict[int, list[dict[str, Any]]] = {}
        for a in actions:
            if a["type"] in ("hu", "peng", "chi", "gang"):
                by_seat.setdefault(a["seat"], []).append(a)
        source = board.last_discard[0] if board.last_discard else board.turn
        order = seats_after(source)
        wants = {s: bots[s].claim(board, s, by_seat[s]) for s in order if s in by_seat}
        return first_claim(wants, order) or default
    return actions[0]
