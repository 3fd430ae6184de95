"""M2 Robbed 补杠 (robbed_kong): a 补杠 another seat won on (抢杠胡, SC-3.3). Keeping the 4th tile
keeps its 根 (SC-4.3); the kong itself would have gained at most 1 per opponent (SC-5.5).
Cost: what the robbed seat paid the robbers.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.sichuan.mistakes.base import Context, detector, severity, tile_name


@detector("robbed_kong")
def robbed_kong(ctx: Context) -> Iterator[Finding]:
    for w in ctx.windows:
        if not w.rob or not w.winners:
            continue
        cost = sum(t.amount for t in ctx.settled_by(w) if t.payer == w.seat and t.kind == "hu")
        robbers = ", ".join(f"seat {s}" for s in w.winners)
        others = len(ctx.before(w.at).others_from(w.seat))
        yield Finding(
            "robbed_kong",
            w.seat,
            w.at,
            severity(cost, ctx.base),
            cost,
            f"补杠 of {tile_name(w.tile)} robbed by {robbers} (抢杠胡): paid {cost}; the kong would have"
            f" brought at most {others * ctx.base} and keeping the 4th tile keeps its 根 (M2)",
        )
