"""被抢杠 (robbed_kong): a xu-gang another seat won on (R-5.5), and what the robbed seat paid.

The robbed seat pays for everyone under both readings of R-10.8 (liable by R-10.6c when the
robber scores, or paying its own lost 杠上开 under 杠进杠出), so its delta is the cost.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.games.wuhan.analysis.base import Context, Finding, severity_by_points, tile_name
from replay.games.wuhan.analysis.registry import detector


@detector("robbed_kong")
def robbed_kong(ctx: Context) -> Iterator[Finding]:
    win, s = ctx.win_offer, ctx.settlement
    if win is None or s is None or win.way != "rob":
        return
    assert win.source is not None
    paid = max(0, -s.deltas[win.source])
    yield Finding(
        "robbed_kong",
        win.source,
        win.at,
        severity_by_points(paid),
        paid,
        f"xu-gang (蓄杠) of {tile_name(win.tile)} robbed by seat {win.seat} (被抢杠): paid {paid}",
    )
