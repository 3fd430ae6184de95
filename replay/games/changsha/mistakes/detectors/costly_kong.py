"""M5 costly_kong: a kong that paid for others' wins — a xu-kong robbed (抢杠胡, CS-3.7), or a
开杠 whose tiles another seat won on (杠上炮, CS-3.5). Both are discard kinds paid by the ganger
alone (CS-6.1). Cost: what the ganger paid those winners.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.changsha.mistakes.base import Context, detector, severity, tile_name


@detector("costly_kong")
def costly_kong(ctx: Context) -> Iterator[Finding]:
    for w in ctx.windows:
        if not w.winners or not (w.rob or w.kai):
            continue
        at = next(
            i
            for i in range(w.at, -1, -1)
            if ctx.events[i].get("type") == "gang" and ctx.events[i].get("seat") == w.seat
        )
        gang = ctx.events[at]
        paid = sum(p.amount for p in ctx.payments_from(w.at) if p.payer == w.seat and p.payee in w.winners)
        who = ", ".join(f"seat {s}" for s in w.winners)
        what = (
            f"its added kong of {gang.get('tile')} was robbed by {who} (抢杠胡)"
            if w.rob
            else f"{who} won on its 开杠 tile{'s' if len(w.tiles) > 1 else ''}"
            f" {' '.join(tile_name(t) for t in w.tiles)} (杠上炮)"
        )
        yield Finding("costly_kong", w.seat, at, severity(paid, ctx.rules), paid, f"{what}: paid {paid} (M5)")
