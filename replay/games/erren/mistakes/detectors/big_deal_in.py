"""big_deal_in 放大炮 (§10): a discard is won with T ≥ 24 while the winner had 2+ exposed melds
(chi, peng, ming-gang, xu-gang: ER-4.3; an an-gang is not exposed), and the discarder was not
tenpai (ER-4.4: an empty wait set) after that discard. Two exposed melds show a hand that may be
big (清一色, 碰碰和, 大三元…); feeding it while not even ready is the mistake. A robbed xu-gang is
not a discard: that is ``robbed_xugang``. Cost: the T paid for (ER-6.2); the message adds the
payment (ER-6.3).
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.erren.mistakes.base import Context, detector, fans_text, paid_text, severity, tile_name

#: §10's lines: the size of the win and the winner's exposed melds
BIG = 24
MELDS = 2


@detector("big_deal_in")
def big_deal_in(ctx: Context) -> Iterator[Finding]:
    win = ctx.final.win
    if win is None or win.source is None or "qianggang" in win.ways or win.score.total < BIG:
        return
    exposed = len(ctx.final.seats[win.seat].exposed)
    if exposed < MELDS:
        return
    at = max(
        i for i, e in enumerate(ctx.events) if e.get("type") == "discard" and e.get("seat") == win.source
    )
    waits = ctx.after(at).waits_of(win.source)
    if waits:
        return
    total = win.score.total
    assert win.tile is not None
    yield Finding(
        "big_deal_in",
        win.source,
        at,
        severity(total),
        total,
        f"discarded {tile_name(win.tile)} while not tenpai (未听牌) into"
        f" seat {win.seat}'s hand of {exposed} exposed melds: {fans_text(win.score)}"
        f" ({paid_text(total, ctx.rules)}, 放大炮)",
    )
