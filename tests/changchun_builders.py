"""Compact Changchun records for tests: hands as '123m 45p EES', events as short strings, and a
wall arranged so the events happen (CC-1.4: the deal, live draws from the front, replacement
draws from the back skipping the 宝; CC-4.4: the 宝 counted from the back by its die).

Events: ``d1 5m`` draw (live, or the replacement when it follows the seat's gang), ``x1 5m``
discard, ``c1 3m 4m`` chi, ``p1`` peng, ``gm1 7p`` ming-gang, ``ga1 5m`` an-gang, ``gx1 5p``
xu-gang, ``gb1 E`` 补, ``xf1`` / ``xi1`` / ``yd1`` / ``jd1`` an opening set (its base tiles),
``h1`` / ``h1 8p`` hu, ``s1`` pass, ``t1`` 报听, ``b1 4 3s`` a 宝 roll (die 4 showing 3s: the
builder puts 3s where the die points and writes the ``index``), ``k1`` 看宝, ``l1`` 泄宝, ``hz``
荒庄.
"""

from __future__ import annotations

from typing import Any

from replay.games.changchun.params import make_rules
from replay.games.changchun.tiles import SETS
from replay.games.changchun.wall import BaoWall
from replay.tiles import CODES, KIND_OF
from tests.wall_builders import dealt_wall, filled, hand_record
from tests.wall_builders import tsumogiri as tsumogiri  # the games' tests import it from here

ALL = list(CODES)
SET_CODES = {"xf": "xuanfeng", "xi": "xi", "yd": "yaodan", "jd": "jiudan"}


def tiles(text: str) -> list[str]:
    """'123m 55p ESW' -> ['1m', '2m', '3m', '5p', '5p', 'E', 'S', 'W']."""
    out: list[str] = []
    for group in text.split():
        if group[-1] in "msp" and group[:-1].isdigit():
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
    if code in SET_CODES:
        kind = SET_CODES[code]
        return {"type": "gang", "seat": seat, "kind": kind, "tiles": [CODES[t] for t in SETS[kind]]}
    if code in ("gm", "ga", "gx", "gb"):
        kind = {"gm": "ming", "ga": "an", "gx": "xu", "gb": "bu"}[code]
        return {"type": "gang", "seat": seat, "kind": kind, "tile": rest[0]}
    if code == "c":
        return {"type": "chi", "seat": seat, "tiles": rest}
    if code == "b":
        e: dict[str, Any] = {"type": "bao", "seat": seat, "die": int(rest[0])}
        if len(rest) > 1:
            e["tile"] = rest[1]
        return e
    kinds = {
        "d": "draw",
        "x": "discard",
        "p": "peng",
        "h": "hu",
        "s": "pass",
        "t": "ting",
        "k": "kanbao",
        "l": "bao_leak",
    }
    e = {"type": kinds[code], "seat": seat}
    if rest:
        e["tile"] = rest[0]
    return e


def arrange(hands: list[list[str]], events: list[dict[str, Any]], dealer: int, rules: Any) -> list[str]:
    """A 136-tile wall under which ``events`` happen: each draw's tile where the board takes it,
    each 宝 where its die points (its ``index`` written into the event), every other tile after."""
    wall = dealt_wall(136, hands, dealer)
    w = BaoWall([0] * 136)
    replacement: set[int] = set()
    for e in events:
        t = e["type"]
        if t == "gang" and e["kind"] not in ("xi", "yaodan", "jiudan"):
            replacement.add(e["seat"])
        elif t == "draw":
            s = e["seat"]
            rep = s in replacement
            replacement.discard(s)
            index = w.back() if rep else w.front()
            if e.get("tile") is not None:
                assert wall[index] in (None, e["tile"]), f"wall[{index}] is already {wall[index]}"
                wall[index] = e["tile"]
            w.take(index, rep)
        elif t == "bao":
            w.bao_index = None
            index = w.bao_target(e["die"], rules)
            assert index is not None
            if e.get("tile") is not None:
                assert wall[index] in (None, e["tile"]), f"wall[{index}] is already {wall[index]}"
                wall[index] = e["tile"]
            e["index"] = index
            w.bao_index = index
        elif t in ("discard", "peng", "chi"):
            replacement.clear()
    return filled(wall, dict.fromkeys(ALL, 4))


def record(
    hands: list[str],
    events: list[str],
    *,
    dealer: int = 0,
    preset: str = "changchun",
    overrides: dict[str, Any] | None = None,
    result: dict[str, Any] | None = None,
    wall: bool = True,
) -> dict[str, Any]:
    """A ``changchun-hand/1`` record: with a wall arranged for the events, or with ``deal``."""
    dealt = [tiles(h) for h in hands]
    evs = [event(e) for e in events]
    return hand_record(
        "changchun-hand/1",
        dealt,
        evs,
        dealer=dealer,
        preset=preset,
        overrides=overrides,
        result=result,
        wall=(lambda: arrange(dealt, evs, dealer, make_rules(preset, overrides))) if wall else None,
    )


def pool(hands: list[str], keep: list[str]) -> list[str]:
    """The tiles neither dealt nor in ``keep``, in code order."""
    counts = dict.fromkeys(ALL, 4)
    for t in [*(t for h in hands for t in tiles(h)), *keep]:
        counts[t] -= 1
        assert counts[t] >= 0, f"a fifth {t}"
    return [t for t in ALL for _ in range(counts[t])]


def kind(code: str) -> int:
    return KIND_OF[code]
