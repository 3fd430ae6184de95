"""M4 漏胡 (missed_win): a seat could legally ``hu`` — on a discard or a robbed gang, by self-draw,
对宝 right after its look, 摸宝 on a 宝 it had looked at — and did not, and did not later win as
much this hand. The board decides what was legal, so it is judged on what the seat knew: a 宝 it
never looked at gives it no 摸宝 (CC-4.6), a seat 截胡'd by a nearer winner had no win (CC-2.3),
a leaker none (CC-4.8). Cost: the win money forgone (the board settles the win that did not
happen).
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.changchun.mistakes.base import Context, detector, hands_zh, offers, severity, try_push, won


@detector("missed_win")
def missed_win(ctx: Context) -> Iterator[Finding]:
    seen: set[tuple[int, int]] = set()
    for o in offers(ctx):
        if (o.at, o.seat) in seen:
            continue
        trial = try_push(o.board, o.hu)
        if trial is None:
            continue
        got = won(trial, o.seat)
        if got is None:
            continue
        cost, hands = got
        if cost <= 0 or ctx.win_money(o.seat) >= cost:
            continue
        seen.add((o.at, o.seat))
        yield Finding(
            "missed_win",
            o.seat,
            o.at,
            severity(cost, ctx.rules),
            cost,
            f"could have won {o.how} with {hands_zh(hands)} for {cost} and did not (M4)",
        )
