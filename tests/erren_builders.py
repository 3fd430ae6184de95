"""Compact 二人麻将 records for tests: hands as '123s EE 2h', events as short strings, and a
72-tile wall arranged so the events happen (ER-2.1: the deal, front draws, back replacements).

Hands: digit groups ending in ``s`` are 条 (``123s``), ``h`` flowers (``26h`` = 2h 6h), letters
are honours (``EE``, ``CCC``). Events: ``d1 5s`` a draw (front, or the back replacement when it
follows the seat's ``buhua`` or kong; the builder knows which), ``x1 5s`` discard,
``c1 3s 4s`` chi (the two tiles from hand), ``p1`` peng, ``ga1 6s`` an-gang, ``gx1 6s`` xu-gang,
``gm1 9s`` ming-gang, ``h1`` / ``h1 8s`` hu, ``s1`` pass, ``f1 3h`` 补花, ``t1`` 报听, ``hz`` 荒庄.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.wall_builders import dealt_wall, filled, hand_record
from tests.wall_builders import tsumogiri as tsumogiri  # the games' tests import it from here

SUITED = [f"{n}s" for n in range(1, 10)]
HONOURS = list("ESWNCFP")
FLOWERS = [f"{n}h" for n in range(1, 9)]
#: every tile of the set once per copy: 4 of each 条 and honour, 1 of each flower (ER-1.1)
ALL = [t for t in [*SUITED, *HONOURS] for _ in range(4)] + FLOWERS
WALL_SIZE = 72
DEAL_SIZE = 27


def tiles(text: str) -> list[str]:
    """'123s EE 26h' -> ['1s', '2s', '3s', 'E', 'E', '2h', '6h']."""
    out: list[str] = []
    for group in text.split():
        if group[-1] in "sh" and group[0].isdigit():
            out += [d + group[-1] for d in group[:-1]]
        else:
            out += list(group)
    return out


def event(text: str) -> dict[str, Any]:
    head, *rest = text.split()
    if head == "hz":
        return {"type": "huangzhuang"}
    seat = int(head[-1])
    code = head[:-1]
    if code in ("ga", "gx", "gm"):
        kind = {"ga": "an", "gx": "xu", "gm": "ming"}[code]
        return {"type": "gang", "seat": seat, "kind": kind, "tile": rest[0]}
    if code == "c":
        return {"type": "chi", "seat": seat, "tiles": rest[:2]}
    kinds = {"d": "draw", "x": "discard", "p": "peng", "h": "hu", "s": "pass", "f": "buhua", "t": "ting"}
    e: dict[str, Any] = {"type": kinds[code], "seat": seat}
    if rest:
        e["tile"] = rest[0]
    return e


def arrange(hands: list[list[str]], events: list[dict[str, Any]], dealer: int) -> list[str]:
    """A 72-tile wall under which ``events`` happen: each draw's tile put where the board takes
    it (front, or back after a ``buhua`` or a kong), every other tile after them in set order."""
    wall = dealt_wall(WALL_SIZE, hands, dealer)
    front, back = DEAL_SIZE, WALL_SIZE - 1
    from_back = [False, False]
    for e in events:
        t = e["type"]
        if t in ("buhua", "gang"):  # its replacement comes from the back (a robbed xu-gang has none)
            from_back[e["seat"]] = True
        elif t == "draw":
            s = e["seat"]
            if front > back:
                continue  # the wall is empty: the board refuses the draw
            if from_back[s]:
                index, back = back, back - 1
            else:
                index, front = front, front + 1
            from_back[s] = False
            if e.get("tile") is not None:
                wall[index] = e["tile"]
    return filled(wall, dict.fromkeys([*SUITED, *HONOURS], 4) | dict.fromkeys(FLOWERS, 1))


def record(
    hands: list[str],
    events: list[str],
    *,
    dealer: int = 0,
    preset: str = "erren",
    overrides: dict[str, Any] | None = None,
    result: dict[str, Any] | None = None,
    wall: bool | list[str] = True,
) -> dict[str, Any]:
    """An ``erren-hand/1`` record: with a wall arranged for the events (or the ``wall`` given),
    or with ``deal`` (``wall=False``)."""
    dealt = [tiles(h) for h in hands]
    evs = [event(e) for e in events]
    build: Callable[[], list[str]] | None = None
    if isinstance(wall, list):
        given = wall
        build = lambda: given  # noqa: E731
    elif wall:
        build = lambda: arrange(dealt, evs, dealer)  # noqa: E731
    return hand_record(
        "erren-hand/1",
        dealt,
        evs,
        dealer=dealer,
        preset=preset,
        overrides=overrides,
        result=result,
        wall=build,
    )


def pool(hands: list[str], keep: list[str] = ()) -> list[str]:  # type: ignore[assignment]
    """The non-flower tiles neither dealt nor in ``keep``, in set order."""
    counts = dict.fromkeys([*SUITED, *HONOURS], 4)
    for t in [*(t for h in hands for t in tiles(h)), *keep]:
        if t in counts:
            counts[t] -= 1
    return [t for t in [*SUITED, *HONOURS] for _ in range(counts[t])]
