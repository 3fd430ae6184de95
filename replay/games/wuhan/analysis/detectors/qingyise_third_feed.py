"""喂清一色第三口 (qingyise_third_feed): a discard claimed as a one-suit hand's third open.

Feeding the third open of a visible one-suit hand makes the feeder liable for the whole
清一色 should it be won (R-10.6b, third open in the order made, R-6.1). Under S4's ruleset
(``third_feed_hands`` with ``jiangyise``) three opens of 2-5-8 tiles carry the same risk.
The finding is at the discard, whether or not the hand was then won; its cost is the
liability the feeder actually paid, else 0.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.games.wuhan.analysis.base import Context, Finding, severity_by_points, suit_name
from replay.games.wuhan.analysis.registry import detector
from replay.tiles import JIANG

_CLAIMS = ("chi", "peng")


@detector("qingyise_third_feed")
def qingyise_third_feed(ctx: Context) -> Iterator[Finding]:
    s = ctx.settlement
    seats = ctx.positions.seats
    if all(state.opens < 3 for state in seats[-1]):
        return  # opens only grow: no seat ever made a third
    for i, event in enumerate(ctx.events):
        kind = event["type"]
        if not (kind in _CLAIMS or (kind == "gang" and event["kind"] == "ming")):
            continue
        seat = int(event["seat"])
        melds = seats[i + 1][seat].melds
        opens = [m for m in melds if m.is_open]
        if len(opens) != 3 or melds[-1] is not opens[2]:
            continue
        tiles = [t for m in opens for t in m.tiles]
        if all(t < 27 for t in tiles) and len({t // 9 for t in tiles}) == 1:
            what = f"three {suit_name(tiles[0])} opens (喂清一色第三口)"
            hand = "清一色"
        elif "jiangyise" in ctx.rules.third_feed_hands and all(t in JIANG for t in tiles):
            what = "three opens of 2-5-8 tiles (喂将一色第三口)"
            hand = "将一色"
        else:
            continue
        feeder = opens[2].source
        discard = ctx.previous_action(i)
        assert feeder is not None and discard is not None
        claimed = opens[2]
        verb = "ming-gang" if claimed.type == "gang" else claimed.type
        if s is not None and s.winner == seat and s.liability == "third_feed" and s.liable == feeder:
            cost = max(0, -s.deltas[feeder])
            outcome = f"seat {seat} won it and seat {feeder} paid all {cost} (承包, R-10.6b)"
            severity = severity_by_points(cost)
        else:
            cost = 0
            outcome = f"it cost nothing this time, but a {hand} won would have been seat {feeder}'s to pay"
            severity = "medium"
        yield Finding(
            "qingyise_third_feed",
            feeder,
            discard,
            severity,
            cost,
            f"fed seat {seat}'s third open: its {verb} of {ctx.events[discard]['tile']} made {what}; "
            f"{outcome}",
        )
