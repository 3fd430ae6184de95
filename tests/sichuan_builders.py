"""Compact Sichuan records for tests: hands as '123m 45p', events as short strings.

Events: ``d1 5m`` draw, ``x1 5m`` discard, ``p1`` peng, ``gm1`` 直杠, ``ga1 7s`` 暗杠, ``gx1 6s``
补杠, ``h1`` / ``h1 3m`` hu, ``s1`` pass, ``hz`` huangzhuang. Records use ``deal`` (no wall), so
every draw names its tile and the board checks there is no fifth copy.
"""

from __future__ import annotations

from typing import Any


def tiles(text: str) -> list[str]:
    out: list[str] = []
    for group in text.split():
        out += [d + group[-1] for d in group[:-1]]
    return out


def event(text: str) -> dict[str, Any]:
    head, *rest = text.split()
    tile = rest[0] if rest else None
    if head == "hz":
        return {"type": "huangzhuang"}
    seat = int(head[-1])
    code = head[:-1]
    kinds = {
        "d": {"type": "draw"},
        "x": {"type": "discard"},
        "p": {"type": "peng"},
        "gm": {"type": "gang", "kind": "ming"},
        "ga": {"type": "gang", "kind": "an"},
        "gx": {"type": "gang", "kind": "xu"},
        "h": {"type": "hu"},
        "s": {"type": "pass"},
    }
    e: dict[str, Any] = {**kinds[code], "seat": seat}
    if tile is not None:
        e["tile"] = tile
    return e


def record(
    deal: list[str],
    events: list[str],
    *,
    que: str | None = "mmmm",
    preset: str = "xuezhan",
    overrides: dict[str, Any] | None = None,
    dealer: int = 0,
    stacks: list[int] | None = None,
    swap: tuple[str, list[str]] | None = None,
    result: dict[str, Any] | None = None,
) -> dict[str, Any]:
    pre: list[dict[str, Any]] = []
    if swap is not None:
        pre.append({"type": "swap", "direction": swap[0], "tiles": [tiles(t) for t in swap[1]]})
    if que is not None:
        pre.append({"type": "dingque", "suits": list(que)})
    rec: dict[str, Any] = {
        "format": "sichuan-hand/1",
        "hand_id": "t-1",
        "source": "tests",
        "ruleset": {"preset": preset, "overrides": overrides or {}},
        "seats": [{"player_id": f"p{i}"} for i in range(4)],
        "dealer": dealer,
        "deal": [tiles(h) for h in deal],
        "events": pre + [event(e) for e in events],
    }
    last = None
    for e in rec["events"]:  # a 直杠 names its tile (the last discard), as the schema requires
        if e["type"] == "discard":
            last = e["tile"]
        elif e["type"] == "gang" and e["kind"] == "ming" and "tile" not in e:
            e["tile"] = last
    if stacks is not None:
        rec["stacks"] = stacks
    if result is not None:
        rec["result"] = result
    return rec


def pool_after(deal: list[str], events: list[str]) -> list[str]:
    """The tiles not yet seen (108 minus the deal and every named draw), in code order."""
    counts = {f"{r}{s}": 4 for s in "msp" for r in range(1, 10)}
    for h in deal:
        for t in tiles(h):
            counts[t] -= 1
    for e in events:
        parts = e.split()
        if parts[0].startswith("d") and len(parts) > 1:
            counts[parts[1]] -= 1
    return [t for t, n in counts.items() for _ in range(n)]


def tsumogiri(seats: list[int], pool: list[str]) -> list[str]:
    """Seats in turn draw a tile from ``pool`` and discard it at once, until the pool is empty."""
    out: list[str] = []
    for i, t in enumerate(pool):
        s = seats[i % len(seats)]
        out += [f"d{s} {t}", f"x{s} {t}"]
    return out


def deal_order(hands: list[list[str]], dealer: int) -> list[str]:
    """The deal part of a wall (SC-1.4): 4-4-4 to each seat from the dealer, 1 each, the 14th."""
    taken = [0, 0, 0, 0]
    out: list[str] = []
    for n in (4, 4, 4, 1):
        for k in range(4):
            s = (dealer + k) % 4
            out += hands[s][taken[s] : taken[s] + n]
            taken[s] += n
    out.append(hands[dealer][13])
    return out


def with_wall(rec: dict[str, Any]) -> dict[str, Any]:
    """The same record with a 108-tile ``wall`` instead of ``deal``: front draws in event order,
    replacements (a draw right after the same seat's kong) from the back, the rest in between."""
    hands = rec.pop("deal")
    front: list[str] = []
    back: list[str] = []
    prev: dict[str, Any] = {}
    for e in rec["events"]:
        if e["type"] == "draw":
            after_kong = prev.get("type") == "gang" and prev.get("seat") == e["seat"]
            (back if after_kong else front).append(e["tile"])
        prev = e
    counts = {f"{r}{s}": 4 for s in "msp" for r in range(1, 10)}
    for t in [*(t for h in hands for t in h), *front, *back]:
        counts[t] -= 1
    middle = [t for t, n in counts.items() for _ in range(n)]
    rec["wall"] = deal_order(hands, rec["dealer"]) + front + middle + back[::-1]
    return rec


#: E5 (SC-3.3): seat 0 extends its peng of 4p to a 补杠 that seat 2 can rob; the events up to the
#: 补杠 (``"h2"`` robs it). Used by the board, rule and mistake tests alike.
E5_DEAL = [
    "44p 123s 789s 55s 6s 7s 9p 4s",
    "4p 22m 33m 44m 55m 6m 7m 8m 9m",
    "111m 678m 55m 678p 23p",
    "33m 88m 99m 1s 2s 3s 5s 6s 7s 9s",
]
E5_TO_BUGANG = [
    "x0 9p",
    "d1 9s",
    "x1 4p",
    "p0",
    "x0 4s",
    "d1 7m",
    "x1 9s",
    "d2 9s",
    "x2 9s",
    "d3 1s",
    "x3 1s",
    "d0 4p",
    "gx0 4p",
]
