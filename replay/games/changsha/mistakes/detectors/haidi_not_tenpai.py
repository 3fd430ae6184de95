"""M2 haidi_not_tenpai: a seat took the 海底 (CS-2.6) while not tenpai (CS-3.8): it could not win
海底捞月 with any tile, and the tile it took is exposed as its discard for everyone else's 海底炮.
Cost: the 海底炮 it paid, if any (0 when nobody won on it: the risk was taken for nothing).
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.changsha.mistakes.base import Context, detector, severity


@detector("haidi_not_tenpai")
def haidi_not_tenpai(ctx: Context) -> Iterator[Finding]:
    for i, event in enumerate(ctx.events):
        if event.get("type") != "haidi" or event.get("take") is not True:
            continue
        s = int(event["seat"])
        if ctx.before(i).unclaimed().is_tenpai(s):
            continue
        paid = sum(p.amount for p in ctx.payments_from(i) if p.payer == s)
        winners = sorted({p.payee for p in ctx.payments_from(i) if p.payer == s})
        what = (
            f"paid {paid} to seat {', '.join(map(str, winners))} (海底炮)"
            if paid
            else "nobody won on it this time"
        )
        yield Finding(
            "haidi_not_tenpai",
            s,
            i,
            severity(paid, ctx.rules),
            paid,
            f"took the 海底 while not tenpai (未听牌): it could not win 海底捞月; {what} (M2)",
        )
