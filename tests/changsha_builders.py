"""Compact Changsha records for tests: hands as '123m 45p', events as short strings, and a wall
arranged so the events happen (CS-2.1 deal, CS-2.2 front, CS-2.3 back, CS-2.4 dice picks).

Events: ``d1 5m`` draw (front, or the kong's replacement when it follows the seat's kong),
``x1 5m`` discard, ``c1 3m 4m`` chi (the two tiles from hand; ``@5m`` names the claimed one),
``p1`` / ``p1 5m`` peng, ``ga1 6m bu`` an-kong, ``gx1 6m kai 3 5`` xu-kong, ``gm1 9m kai 2 2``
ming-kong, ``h1`` / ``h1 8p`` hu, ``s1`` pass, ``hd3 -`` / ``hd0 +`` a 海底 offer declined or
taken, ``q1 sixi,liuliushun`` (``die=3``) an opening hand, ``b 7s 4p`` birds, ``hz`` 黄庄.
"""

from __future__ import annotations

from typing import Any

from replay.table.stacks import StackedWall
from replay.tiles import CODES
from tests.wall_builders import dealt_wall, filled, hand_record
from tests.wall_builders import tsumogiri as tsumogiri  # the games' tests import it from here

ALL = [CODES[k] for k in range(27)]


def tiles(text: str) -> list[str]:
    out: list[str] = []
    for group in text.split():
        out += [d + group[-1] for d in group[:-1]]
    return out


def event(text: str) -> dict[str, Any]:
    head, *rest = text.split()
    if head == "hz":
        return {"type": "huangzhuang"}
    if head == "b":
        return {"type": "birds", "tiles": rest}
    seat = int(head[-1])
    code = head[:-1]
    if code == "q":
        e: dict[str, Any] = {"type": "qishou", "seat": seat, "kinds": rest[0].split(",")}
        shown = [r for r in rest[1:] if not r.startswith("die=")]
        if shown:
            e["tiles"] = tiles(" ".join(shown))
        for r in rest[1:]:
            if r.startswith("die="):
                e["die"] = int(r[4:])
        return e
    if code == "hd":
        e = {"type": "haidi", "seat": seat, "take": rest[0] == "+"}
        if len(rest) > 1:
            e["tile"] = rest[1]
        return e
    if code in ("ga", "gx", "gm"):
        e = {
            "type": "gang",
            "seat": seat,
            "kind": {"ga": "an", "gx": "xu", "gm": "ming"}[code],
            "tile": rest[0],
        }
        e["mode"] = rest[1]
        if len(rest) > 2:
            e["dice"] = [int(rest[2]), int(rest[3])]
        return e
    if code == "c":
        e = {"type": "chi", "seat": seat, "tiles": [t for t in rest if not t.startswith("@")]}
        named = [t[1:] for t in rest if t.startswith("@")]
        if named:
            e["tile"] = named[0]
        return e
    kinds = {"d": "draw", "x": "discard", "p": "peng", "h": "hu", "s": "pass"}
    e = {"type": kinds[code], "seat": seat}
    if rest:
        e["tile"] = rest[0]
    return e


def arrange(
    hands: list[list[str]], events: list[dict[str, Any]], dealer: int, kaigang_draws: int = 2
) -> list[str]:
    """A 108-tile wall under which ``events`` happen: each draw's tile put where the board will
    take it from, the birds at the front of what is left, every other tile after them."""
    wall = dealt_wall(108, hands, dealer)
    sw = StackedWall(108, range(53))
    pending: dict[int, list[int]] = {}
    for e in events:
        t = e["type"]
        if t == "gang":
            if e["mode"] == "bu":
                pending[e["seat"]] = [0]
            else:
                d = e.get("dice", [1, 1])
                pending[e["seat"]] = list(d) if kaigang_draws == 2 else [d[0] + d[1]]
        elif t in ("draw", "haidi"):
            if t == "haidi" and not e["take"]:
                continue
            s = e["seat"]
            picks = pending.get(s) or []
            if picks:
                die = picks.pop(0)
                index = sw.back() if die == 0 else sw.dice_pick(die)
            else:
                index = sw.front()
            if index is None:  # the wall is empty: the board refuses the draw
                continue
            if e.get("tile") is not None:
                wall[index] = e["tile"]
            sw.take(index)
        elif t == "birds":
            live = [i for i in range(108) if not sw.gone[i]]
            for i, b in zip(live, e["tiles"], strict=False):
                wall[i] = b
        elif t == "discard":
            pending.clear()
    return filled(wall, dict.fromkeys(ALL, 4))


def record(
    hands: list[str],
    events: list[str],
    *,
    dealer: int = 0,
    preset: str = "changsha",
    overrides: dict[str, Any] | None = None,
    result: dict[str, Any] | None = None,
    wall: bool = True,
) -> dict[str, Any]:
    """A ``changsha-hand/1`` record: with a wall arranged for the events, or with ``deal``."""
    dealt = [tiles(h) for h in hands]
    evs = [event(e) for e in events]
    draws = (overrides or {}).get("kaigang_draws", 2)
    return hand_record(
        "changsha-hand/1",
        dealt,
        evs,
        dealer=dealer,
        preset=preset,
        overrides=overrides,
        result=result,
        wall=(lambda: arrange(dealt, evs, dealer, draws)) if wall else None,
    )


def pool(hands: list[str], keep: list[str]) -> list[str]:
    """The tiles neither dealt nor in ``keep``, in code order."""
    counts = dict.fromkeys(ALL, 4)
    for t in [*(t for h in hands for t in tiles(h)), *keep]:
        counts[t] -= 1
    return [t for t in ALL for _ in range(counts[t])]
