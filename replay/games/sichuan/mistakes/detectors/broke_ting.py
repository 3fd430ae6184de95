"""M3 Broke 下叫 (broke_ting): in a hand that ended by the wall (SC-1.6), an eligible seat's last
discard left it without 下叫 (SC-6.2) though another legal discard kept one.

Cost: the 大叫 it paid (SC-6.3) and its 退税 (SC-6.4), plus the 大叫 it would have received,
min(D, C) from each other eligible seat that ended without 下叫 and is no 花猪, D taken from the
best discard it passed over. The others' hands are taken as they ended and §7 limits are left
out of the part it would have received (both are guesses about a hand that did not happen).
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.sichuan import tiles as T
from replay.games.sichuan.mistakes.base import Context, detector, severity, tile_name, try_push
from replay.games.sichuan.reading import shape_wins
from replay.tiles import CODES


@detector("broke_ting")
def broke_ting(ctx: Context) -> Iterator[Finding]:
    final = ctx.final
    if final.ended_by != "huangzhuang":
        return
    rules = ctx.rules
    eligible = [s for s in range(4) if not final.seats[s].wins and s not in final.ledger.bankrupt]
    for s in eligible:
        if s in final.tenpai or s in final.huazhu:
            continue
        at = ctx.last_discard(s)
        if at is None:
            continue
        board = ctx.before(at)
        seat = board.seats[s]
        thrown = seat.hand
        melds = len(seat.pengs) + len(seat.kongs)
        kept = list(thrown)
        best: tuple[int, int] | None = None  # (D, kind)
        for k in range(27):
            if not thrown[k] or CODES[k] == ctx.events[at].get("tile"):
                continue
            kept[k] -= 1
            no_shape = not shape_wins(tuple(kept), melds)  # waits_of tries only these kinds
            kept[k] += 1
            if no_shape:
                continue  # no tile would win after this discard: no 下叫 to try it for
            trial = try_push(board, {"type": "discard", "seat": s, "tile": CODES[k]})
            if trial is None:
                continue
            waits = trial.waits_of(s)
            if waits:
                d = max(r.points * 2**r.gen for r in waits.values())
                if best is None or d > best[0]:
                    best = (d, k)
        if best is None:
            continue
        paid = sum(t.amount for t in ctx.transfers(("dajiao", "tuishui"), payer=s))
        payers = [p for p in eligible if p != s and p not in final.tenpai and p not in final.huazhu]
        missed = rules.capped(best[0]) * ctx.base * len(payers) if rules.chadajiao else 0
        cost = paid + missed
        yield Finding(
            "broke_ting",
            s,
            at,
            severity(cost, ctx.base),
            cost,
            f"its last discard {tile_name(T.parse(ctx.events[at].get('tile'), 'tile'))} left it without"
            " 下叫; keeping it and"
            f" throwing {tile_name(best[1])} stayed ready: paid {paid} in 查大叫/退税 and missed {missed}"
            " (M3)",
        )
