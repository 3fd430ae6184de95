"""M3 不听放炮 (dealin_unready): the seat whose discard was won on was not ready (W = ∅, CC-4.1)
after that discard while the winner had declared 报听 before it — a public warning it played
into without even a hand of its own to defend. Cost: what it paid minus what it would have paid
as a non-discarder (``dianpao_mode: all``: its 点炮 fan's share; ``discarder_only`` and
``discarder_covers``: the whole pay, since a non-discarder pays nothing there).
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.changchun.mistakes.base import Context, detector, severity, tile_name
from replay.games.changchun.scoring import share


@detector("dealin_unready")
def dealin_unready(ctx: Context) -> Iterator[Finding]:
    final = ctx.final
    win, winner, d = final.win, final.winner, final.discarder_seat
    if win is None or winner is None or d is None or win.way != "dianpao" or not ctx.windows:
        return
    w = ctx.windows[-1]
    if w.rob or w.seat != d:
        return
    after = ctx.after(w.at)
    if after.is_ready(d) or not after.seats[winner].ting:
        return
    paid = sum(p.amount for p in final.payments if p.kind == "win" and p.payer == d)
    rules = ctx.rules
    as_other = 0
    if rules.dianpao_mode == "all":
        as_other = share(win, d, winner, final.dealer, False, rules)[1]
        if rules.cap is not None:
            as_other = min(as_other, rules.cap)
    cost = paid - as_other
    yield Finding(
        "dealin_unready",
        d,
        w.at,
        severity(cost, rules),
        cost,
        f"discarded {tile_name(w.tile)} while not ready itself into seat {winner}'s declared 报听: "
        f"paid {paid}, {cost} more than as a non-discarder (M3)",
    )
