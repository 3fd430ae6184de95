"""M2 开门破立 (broke_menqing): a seat with no open meld and a ready hand (W ≠ ∅, CC-4.1) claims
(chi, peng, ming-gang), and after its next discard its waits W' are no wider (W' ⊆ W) and no tile
of W' scores more than it did before: it gave up 门清 (CC-5.7) for nothing. Only the seat's own
tiles and the rules are used (what it knew). Cost: if it won later, the exact win money 门清
would have added (the same win settled with the fan); otherwise None (no honest amount).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from replay.findings import Finding
from replay.games.changchun.board import Board
from replay.games.changchun.mistakes.base import Context, detector, severity, tile_name
from replay.games.changchun.reading import FANS, Win, check_win
from replay.games.changchun.scoring import settle_win

CLAIMS = ("chi", "peng", "gang")


def _fan(board: Board, s: int, tile: int) -> int:
    """The winner's fan of a win on ``tile`` by discard (-1: no win)."""
    seat = board.seats[s]
    got = check_win(seat.hand, seat.melds, tile, "dianpao", board.rules)
    return got.fan if isinstance(got, Win) else -1


def _with_menqing(ctx: Context, s: int) -> int:
    """What 门清 would have added to the seat's actual win money."""
    win = ctx.final.win
    assert win is not None
    fans = tuple(f for f in FANS if f in win.fans or f == "menqing")
    better = replace(win, fans=fans, fan=win.fan + 1)
    pay = settle_win(s, better, ctx.final.discarder_seat, ctx.final.dealer, ctx.rules)
    return sum(p.amount for p in pay) - ctx.win_money(s)


@detector("broke_menqing")
def broke_menqing(ctx: Context) -> Iterator[Finding]:
    for i, event in enumerate(ctx.events):
        kind = event.get("type")
        if kind not in CLAIMS or (kind == "gang" and event.get("kind") != "ming"):
            continue
        before = ctx.before(i)
        if before.phase != "claim":
            continue
        s = int(event["seat"])
        seat = before.seats[s]
        if any(m.opens(ctx.rules) for m in seat.melds):
            continue
        if not before.is_ready(s):
            continue
        wait = before.waits_of(s)
        d = next(
            (k for k in range(i + 1, len(ctx.events)) if ctx.events[k].get("type") == "discard"),
            None,
        )
        if d is None or ctx.events[d].get("seat") != s:
            continue
        after = ctx.after(d)
        new = after.waits_of(s)
        if not set(new) <= set(wait) or any(_fan(after, s, t) > _fan(before, s, t) for t in new):
            continue
        cost = _with_menqing(ctx, s) if ctx.final.winner == s else None
        names = " ".join(tile_name(t) for t in wait)
        after_names = " ".join(tile_name(t) for t in new) or "nothing"
        claim = "ming-gang" if kind == "gang" else kind
        tail = f"; its win lost the 门清 fan: {cost}" if cost is not None else ""
        yield Finding(
            "broke_menqing",
            s,
            i,
            severity(cost or 0, ctx.rules),
            cost,
            f"ready and 门清 (waiting on {names}), it claimed a {claim} that left it waiting on "
            f"{after_names}, no wider and scoring no more: 门清 given up for nothing (M2){tail}",
        )
