"""The 宝 (treasure) and the wall's end as pure functions (CC-1.5, CC-4.4–CC-4.8).

The board knows who rolled, who looked and what is visible; these functions say what those
facts mean: how many tiles the wall keeps back (荒庄), which wall position a die roll makes
the 宝, when a 宝 is dead (换宝), and whether a seat may win by it (对宝 / 摸宝).
"""

from __future__ import annotations

from collections.abc import Sequence

from replay.games.changchun.params import Rules

DIE_FACES = range(1, 7)


def reserve(g: int, rules: Rules) -> int:
    """R(g) of CC-1.5: the undrawn tiles (宝 included) the wall keeps after g replacement draws.

    S4 keeps the last 7 stacks, one more stack per gang, a single tile at the tail being no
    stack: R(0) = 14, R(g) = 2·(6+g) + (g mod 2) for g ≥ 1 (15, 16, 19, 20, 23 …). A fixed
    ``reserve`` keeps that many whatever g.
    """
    if g < 0:
        raise ValueError(f"negative replacement draws {g}")
    if rules.reserve != "seed":
        return int(rules.reserve)
    return 14 if g == 0 else 2 * (6 + g) + g % 2


def wall_exhausted(undrawn: int, g: int, rules: Rules) -> bool:
    """CC-1.5: a seat due a live draw finds ``undrawn`` ≤ R(g) tiles left: the hand is 荒庄."""
    return undrawn <= reserve(g, rules)


def bao_rank(die: int, g: int, rules: Rules) -> int:
    """CC-4.4: which undrawn position, counted from the back (1 = the last), a roll makes the 宝:
    ``bao_count: tile`` the d-th; ``stack`` the (2d − 1 + (g mod 2))-th."""
    if die not in DIE_FACES:
        raise ValueError(f"a die shows 1 to 6, not {die}")
    return die if rules.bao_count == "tile" else 2 * die - 1 + g % 2


def bao_index(undrawn: Sequence[int], die: int, g: int, rules: Rules) -> int | None:
    """The wall position the roll makes the 宝 (CC-4.4, CC-4.7), or None past the wall's front.

    ``undrawn``: the wall positions nobody has drawn, any order (on 换宝 the old 宝 is back
    among them as an ordinary tile); counted from the back, the highest position first.
    """
    back = sorted(undrawn, reverse=True)
    rank = bao_rank(die, g, rules)
    return back[rank - 1] if rank <= len(back) else None


def is_dead(bao: int, visible: Sequence[int]) -> bool:
    """CC-4.7: three tiles of the 宝 kind visible (discards, exposed melds and sets; an-gangs are
    hidden) make the 宝 dead: no 宝 win, and the next 报听 seat to start a turn rolls again."""
    return visible[bao] >= 3


def duibao_possible(bao: int, wait_set: Sequence[int]) -> bool:
    """CC-4.5: right after its look a 报听 seat wins by 对宝 when the 宝 kind is in W(s)."""
    return bao in wait_set


def mobao_possible(drawn: int, bao: int, wait_set: Sequence[int]) -> bool:
    """CC-4.6: a seat that has looked at the current 宝 and draws a tile of its kind may win,
    the tile standing for any kind of W(s) (so W(s) must not be empty)."""
    return drawn == bao and bool(wait_set)
