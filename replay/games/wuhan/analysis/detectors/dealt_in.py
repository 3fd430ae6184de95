"""放冲 (dealt_in): the discard that lost the hand, with what it cost its discarder (R-10.3)."""

from __future__ import annotations

from collections.abc import Iterator

from replay.games.wuhan.analysis.base import Context, Finding, hands_zh, severity_by_points, tile_name
from replay.games.wuhan.analysis.registry import detector


@detector("dealt_in")
def dealt_in(ctx: Context) -> Iterator[Finding]:
    win, s = ctx.win_offer, ctx.settlement
    if win is None or s is None or win.way != "discard":
        return  # a robbed kong is robbed_kong's; a self-draw has no discarder
    assert win.source is not None
    paid = max(0, -s.deltas[win.source])
    if s.liable is not None and s.liable != win.source:
        note = f"paid nothing: seat {s.liable} was liable (承包) for all three"
    else:
        note = f"paid {paid}"
    yield Finding(
        "dealt_in",
        win.source,
        win.at,
        severity_by_points(paid),
        paid,
        f"dealt {tile_name(win.tile)} into seat {win.seat}'s {hands_zh(s)} (放冲): {note}",
    )
