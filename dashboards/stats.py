"""Where a player differs from everyone by more than chance: the habits table's marks.

A rate per hand (win %, deal-in %, opens, liability per 100 hands …) is a proportion of the
player's hands; it is compared with the same proportion over everyone else's hands under the
same filters by a two-proportion z-test. The other figures (averages of points or turns, shares
of 红中 received) lack the spread or the denominator a test needs, so they are shown unmarked
rather than marked on a guess.
"""

from __future__ import annotations

import math
from typing import Any

#: figures that are a share of hands; per-100 figures are divided by 100 first
PER_HAND = {
    "win_rate": 1.0,
    "self_draw_rate": 1.0,
    "deal_in_rate": 1.0,
    "open_rate": 1.0,
    "liable_per_100": 0.01,
    "liable_won_per_100": 0.01,
    "missed_wins_per_100": 0.01,
}
#: the win, self-draw and deal-in rates are shares of the settled hands (an illegal hand has no
#: settlement), the others of every hand
OVER_SETTLED = {"win_rate", "self_draw_rate", "deal_in_rate"}
Z_5_PERCENT = 1.96  # two-sided, 5 %
#: a share of another count than the hands: 推筒子's rates as banker and as player are shares of
#: the settled rounds in that role (the denominator figure), the banker rate of the settled rounds
PER_HAND.update({"banker_rate": 1.0, "banker_win_rate": 1.0, "player_win_rate": 1.0})
OVER: dict[str, str] = {
    "banker_rate": "settled_hands",
    "banker_win_rate": "banker_rounds",
    "player_win_rate": "player_rounds",
}


def z_score(p1: float, n1: int, p_all: float, n_all: int) -> float | None:
    """The player's proportion against everyone else's (the population less the player)."""
    n2 = n_all - n1
    if n1 < 1 or n2 < 1:
        return None
    p2 = (p_all * n_all - p1 * n1) / n2
    pooled = p_all
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if spread == 0:
        return None
    return (p1 - p2) / spread


def marks(figures: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """For each tested figure: the z score and words (higher 偏高 / lower 偏低 / as everyone)."""
    by_key = {f["key"]: f for f in figures}
    out: dict[str, dict[str, Any]] = {}
    for key, scale in PER_HAND.items():
        over = OVER.get(key) or ("settled_hands" if key in OVER_SETTLED else "hands")
        hands = by_key.get(over) or by_key.get("hands", {})
        n1, n_all = hands.get("player") or 0, hands.get("population") or 0
        f = by_key.get(key)
        if not f or f["player"] is None or f["population"] is None:
            continue
        z = z_score(f["player"] * scale, int(n1), f["population"] * scale, int(n_all))
        if z is None:
            continue
        significant = abs(z) >= Z_5_PERCENT
        mine = round(f["player"] * scale * n1)
        others = round(f["population"] * scale * n_all) - mine
        out[key] = {
            "z": round(z, 2),
            "significant": significant,
            "text": ("higher 偏高" if z > 0 else "lower 偏低") if significant else "within chance 正常",
            # the counts the test weighed: this player's and everyone else's, each of their hands
            "counts": f"{mine:,} of {int(n1):,} hands · others {others:,} of {int(n_all) - int(n1):,}",
        }
    return out
