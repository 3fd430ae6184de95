"""The ranking of two-tile hands (TT-3.1–TT-3.5): a hand's class and points, and who wins.

The fast path: a hand is read once into ``Hand`` (class, its order within the class, the high
tile), and a comparison walks TT-3.2 → TT-3.3 → TT-3.5 → TT-3.4 returning the rule that decided,
so a receipt can say *why* (``tests/tuitongzi_reference.py`` reads the rule text literally and an
exhaustive test holds this to it over every pair of hands).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from replay.games.tuitongzi.params import TuitongziRules
from replay.games.tuitongzi.tiles import HALF, code, name, value

CLASSES = ("fa_pair", "erba", "pair", "points")
CLASS_ZH = {"fa_pair": "对发财", "erba": "二八杠", "pair": "对子", "points": "点数"}
CLASS_EN = {"fa_pair": "pair of half tiles", "erba": "2-8 bar", "pair": "pair", "points": "points"}


@dataclass(frozen=True)
class Hand:
    """Two tiles read (ranks 0–9, 0 = the half tile), low first."""

    low: int
    high: int

    @classmethod
    def of(cls, a: int, b: int) -> Hand:
        return cls(min(a, b), max(a, b))

    @property
    def kind(self) -> str:
        """TT-3.2's class: ``fa_pair`` (two half tiles), ``erba`` (2p+8p), ``pair``, ``points``."""
        if self.low == self.high == HALF:
            return "fa_pair"
        if (self.low, self.high) == (2, 8):
            return "erba"
        if self.low == self.high:
            return "pair"
        return "points"

    @property
    def half_points(self) -> int:
        """TT-3.3: (v1 + v2) mod 20, in half-points (19 = 9.5 points, 0 = 鳖十)."""
        return (value(self.low) + value(self.high)) % 20

    @property
    def points(self) -> float | int:
        """Points as people say them: 5, 9.5, 0."""
        hp = self.half_points
        return hp // 2 if hp % 2 == 0 else hp / 2

    def class_order(self, rules: TuitongziRules) -> int:
        """Higher is better across classes (TT-3.2; ``erba_rank: top`` puts 二八杠 first)."""
        top = {"fa_pair": 3, "erba": 2, "pair": 1, "points": 0}
        if rules.erba_rank == "top":
            top = {"erba": 3, "fa_pair": 2, "pair": 1, "points": 0}
        return top[self.kind]

    def label(self, rules: TuitongziRules) -> str:
        """``二八杠 (2-8 bar)``, ``9筒对 (pair of 9p)``, ``9.5 点 (points)``."""
        kind = self.kind
        if kind == "pair":
            zh = name(self.high, rules.half_tile).split(" ")[0]
            return f"{zh}对 (pair of {code(self.high, rules.half_tile)})"
        if kind == "points":
            zero = " 鳖十" if self.half_points == 0 else ""
            return f"{self.points} 点{zero} ({self.points} points)"
        return f"{CLASS_ZH[kind]} ({CLASS_EN[kind]})"

    def multiplier(self, rules: TuitongziRules) -> int:
        """TT-4.1: the m this hand sets (points 1, 二八杠 2, pair 2, 对发财 3 by default)."""
        return {
            "points": rules.mult_points,
            "erba": rules.mult_erba,
            "pair": rules.mult_pair,
            "fa_pair": rules.mult_fa_pair,
        }[self.kind]

    def to_json(self, rules: TuitongziRules) -> dict[str, Any]:
        kind = self.kind
        return {
            "tiles": [code(self.low, rules.half_tile), code(self.high, rules.half_tile)],
            "class": kind,
            "class_zh": CLASS_ZH[kind],
            "points": self.points if kind == "points" else None,
            "label": self.label(rules),
        }


@dataclass(frozen=True)
class Verdict:
    """Who won one player-vs-banker comparison, and the rule that decided it."""

    player_wins: bool
    rule: str
    why: str


def compare(banker: Hand, player: Hand, rules: TuitongziRules) -> Verdict:
    """TT-3.2–3.5: the player's hand against the banker's; every comparison has a winner."""
    bc, pc = banker.class_order(rules), player.class_order(rules)
    if bc != pc:
        better = "player" if pc > bc else "banker"
        return Verdict(
            pc > bc,
            "TT-3.2",
            f"{CLASS_ZH[player.kind if pc > bc else banker.kind]} ranks above "
            f"{CLASS_ZH[banker.kind if pc > bc else player.kind]}: the {better} wins",
        )
    if banker == player:
        return Verdict(False, "TT-3.5", "identical hands (同牌) go to the banker")
    kind = player.kind
    if kind == "pair":
        return Verdict(
            player.high > banker.high,
            "TT-3.2",
            f"the higher pair wins: {player.high}筒对 against {banker.high}筒对",
        )
    # two points hands (对发财 and 二八杠 have one spelling each, so they were identical above)
    bp, pp = banker.half_points, player.half_points
    if bp != pp:
        return Verdict(
            pp > bp, "TT-3.3", f"{player.points} points against {banker.points}: higher points win"
        )
    if rules.point_tie == "banker":
        return Verdict(False, "TT-3.4", f"equal points ({player.points}) go to the banker (point_tie banker)")
    if rules.point_tie == "high_tile_zero_banker" and pp == 0:
        return Verdict(
            False, "TT-3.4", "0 against 0 (鳖十) goes to the banker (point_tie high_tile_zero_banker)"
        )
    # TT-3.5's note: equal points and an equal high tile force identical hands, handled above
    return Verdict(
        value(player.high) > value(banker.high),
        "TT-3.4",
        f"equal points ({player.points}): the higher single tile wins, "
        f"{_single(player.high)} against {_single(banker.high)}",
    )


def _single(rank: int) -> str:
    return "the half tile" if rank == HALF else f"{rank}p"
