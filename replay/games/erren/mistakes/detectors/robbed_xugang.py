"""robbed_xugang 补杠被抢 (§10): a xu-gang (补杠, the 4th tile onto its own peng) was robbed: the
opponent won on the added tile (抢杠和, ER-3.3) and the kong was not made. Keeping the tile would
not have dealt in (it was in the seat's hand, not in a pool), so the whole win is the kong's
doing. Cost: the T paid for (ER-6.2); the message adds the payment (ER-6.3).
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.erren.mistakes.base import Context, detector, fans_text, paid_text, severity, tile_name


@detector("robbed_xugang")
def robbed_xugang(ctx: Context) -> Iterator[Finding]:
    win = ctx.final.win
    if win is None or win.source is None or "qianggang" not in win.ways:
        return
    at = max(
        i
        for i, e in enumerate(ctx.events)
        if e.get("type") == "gang" and e.get("kind") == "xu" and e.get("seat") == win.source
    )
    total = win.score.total
    assert win.tile is not None
    yield Finding(
        "robbed_xugang",
        win.source,
        at,
        severity(total),
        total,
        f"its added kong (补杠) of {tile_name(win.tile)} was robbed by seat {win.seat} (抢杠和):"
        f" {fans_text(win.score)} ({paid_text(total, ctx.rules)})",
    )
