"""How far a Sichuan seat is from ready (向听), for the hand viewer's progress graph.

The graph is the review board's evaluation line: one number per seat per step, 0 ready (听牌),
-1 complete. Sichuan counts it on its own tiles: 108 suited tiles, no laizi, any pair (SC-4.1),
七对 beside the four-sets shape (four alike count as two pairs: 龙七对), and the void suit:

* Every tile of the seat's void suit (定缺, SC-2.2) still held **must go** before the hand can
  win (SC-4.1 缺一门). Each one therefore costs one exchange, and the tile that exchange draws is
  the best one for the rest of the hand. So a hand with ``v`` void tiles is
  ``v + shanten(kept, wild=v)``: the kept tiles with ``v`` wildcards standing for the ``v`` draws
  those exchanges bring, plus the ``v`` exchanges themselves: the count the Wuhan line gives
  its dead tiles (``distance`` in ``replay.games.wuhan.analysis.detectors.inefficient_discard``).
  A hand of four sets and one void tile is thus 1 (not 0: its single cannot be waited on).
* Before 定缺 (the deal, the swap) and where the ruleset has none, a win still needs a suit
  missing (SC-4.1), so the seat is measured with the suit that is cheapest to clear as its void;
  a suit it has melded cannot be that suit.

A seat that has won shows -1 (胡) from its win on: in 血战到底 it left the table, in 血流成河 it
plays on with a locked hand that it can only win with again, so its line stays at 胡 (the viewer
decides this, as it knows who has won; ``distance`` only reads tiles).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from replay.shape import shanten
from replay.tiles import CODES

KIND_OF = {code: k for k, code in enumerate(CODES[:27])}


def _seven_pairs(kept: Sequence[int], wild: int) -> int:
    """七对 向听 of the kept tiles with ``wild`` best draws: a draw pairs a single, or two draws
    make a pair."""
    pairs = sum(c // 2 for c in kept)
    singles = sum(c % 2 for c in kept)
    made = pairs + min(wild, singles) + max(0, wild - singles) // 2
    return 6 - min(made, 7)


def distance(concealed: Sequence[int], melds: int, void: int | None, melded_suits: Iterable[int] = ()) -> int:
    """向听 of a seat's concealed tiles (27 counts) with ``melds`` pengs/kongs, -1 complete.

    ``void`` is the declared void suit (0 万, 1 条, 2 筒: the order of ``tiles.SUIT_CODES``), or
    None before 定缺 or without it: then the cheapest suit to clear not among ``melded_suits``.
    """
    melded = set(melded_suits)
    choices = [void] if void is not None else [x for x in range(3) if x not in melded] or [0]
    best = 99
    for suit in choices:
        kept = [0 if k // 9 == suit else concealed[k] for k in range(27)]
        must_go = sum(concealed) - sum(kept)
        far = must_go + shanten(kept, must_go, "any")
        if not melds:
            far = min(far, must_go + _seven_pairs(kept, must_go))
        best = min(best, far)
    return best


def counts_of(codes: Iterable[str]) -> list[int]:
    """The 27 suited counts of a list of tile codes (``5m``)."""
    counts = [0] * 27
    for code in codes:
        counts[KIND_OF[code]] += 1
    return counts
