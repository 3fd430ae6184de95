"""M1 补杠被抢 (robbed_gang): a seat's xu-gang or 补杠 is robbed — won on (抢胡) or pengd (抢碰,
CC-2.4). A robbed gang never counts and draws nothing: the seat loses the gang money the other
three would have paid (CC-6.3: units × 3 × ``gang_unit``) and, robbed by a win, the win money it
pays as the robbed seat (settled as 点炮, CC-5.6). Severe when the robber had declared 报听
before: a 报听 is public, so the seat could know a ready hand sat at the table.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.changchun.mistakes.base import Context, detector, severity, tile_name
from replay.games.changchun.reading import Meld
from replay.games.changchun.scoring import gang_units


@detector("robbed_gang")
def robbed_gang(ctx: Context) -> Iterator[Finding]:
    for w in ctx.windows:
        if not w.rob:
            continue
        opened = ctx.after(w.at)
        assert opened.pending is not None
        s, tile, kind = opened.pending
        robber: int | None = None
        how = ""
        paid = 0
        if w.close is not None and ctx.events[w.close].get("type") == "peng":
            robber = int(ctx.events[w.close]["seat"])
            how = "抢碰 (robbing peng)"
        elif w.winners and ctx.final.winner in w.winners and ctx.final.discarder_seat == s:
            robber = ctx.final.winner
            how = "抢胡 (robbing win)"
            paid = sum(p.amount for p in ctx.final.payments if p.kind == "win" and p.payer == s)
        if robber is None:
            continue
        units = gang_units(Meld("xu", tile), ctx.rules) if kind == "xu" else 1
        lost = units * 3 * ctx.rules.gang_money_unit
        cost = lost + paid
        ready = opened.seats[robber].ting
        what = "xu-gang (续杠)" if kind == "xu" else "补杠"
        paid_text = f" and paid {paid} win money" if paid else ""
        warn = f"; seat {robber} had declared 报听" if ready else ""
        yield Finding(
            "robbed_gang",
            s,
            w.at,
            "high" if ready else severity(cost, ctx.rules),
            cost,
            f"its {what} of {tile_name(tile)} was robbed by seat {robber}'s {how}: lost {units} gang "
            f"unit(s) × 3 = {lost}{paid_text} (M1){warn}",
        )
