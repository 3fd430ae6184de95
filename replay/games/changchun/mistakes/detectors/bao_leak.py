"""M5 泄宝 (bao_leak): any recorded leak (CC-4.8). The leaker may not win for the rest of the
hand; the cost is the first later win it could not take (the board without the leak's ban: the
hand would have ended there, so later chances are not added), 0 when no such chance came. The
宝 the leak changed cannot be un-changed, so 宝 wins on the old 宝 are not counted.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.changchun.mistakes.base import Context, detector, hands_zh, offers, severity, try_push, won


@detector("bao_leak")
def bao_leak(ctx: Context) -> Iterator[Finding]:
    for i, event in enumerate(ctx.events):
        if event.get("type") != "bao_leak":
            continue
        s = int(event["seat"])
        cost = 0
        lost = ""
        for o in offers(ctx):
            if o.at <= i or o.seat != s:
                continue
            board = o.board.clone()
            board.seats[s].leaked = False
            trial = try_push(board, o.hu)
            got = won(trial, s) if trial is not None else None
            if got is not None:
                cost = got[0]
                lost = f"; it could not take a win {o.how} with {hands_zh(got[1])} for {cost}"
                break
        yield Finding(
            "bao_leak",
            s,
            i,
            severity(cost, ctx.rules),
            cost,
            f"leaked the 宝 (泄宝): no win for it for the rest of the hand (M5){lost}",
        )
