"""放全求人冲 (quanqiuren_feed): dealing into a 全求人 while liable for it (R-10.6a, R-7.7).

Whether the discarder was liable is the ruleset's ``quanqiuren_liability`` (not tenpai, or a
将 tile); the settlement already decided it, so the detector only reads it back.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.games.wuhan.analysis.base import Context, Finding, severity_by_points, tile_name
from replay.games.wuhan.analysis.registry import detector

_WHY = {
    "not_tenpai": "while not tenpai (未听牌)",
    "jiang_tile": "with a 将 tile",
}


@detector("quanqiuren_feed")
def quanqiuren_feed(ctx: Context) -> Iterator[Finding]:
    win, s = ctx.win_offer, ctx.settlement
    if win is None or s is None or win.way != "discard" or s.liability != "quanqiuren":
        return
    assert s.liable is not None
    paid = max(0, -s.deltas[s.liable])
    why = _WHY[ctx.rules.quanqiuren_liability]
    yield Finding(
        "quanqiuren_feed",
        s.liable,
        win.at,
        severity_by_points(paid),
        paid,
        f"dealt {tile_name(win.tile)} into seat {win.seat}'s 全求人 {why} (放全求人冲): "
        f"liable (承包) for all three payments, {paid}",
    )
