"""M1 杠上炮 with a safe tile (gangshangpao_safe): right after its kong's replacement a seat
discards a tile another seat wins on, while it held a tile legal to discard (SC-2.2) that no
active seat could win on (SC-4.1, not locked by 过水 SC-3.5). Cost: what the discarder paid
the winners plus the kong income it handed over by 呼叫转移 (SC-5.6).
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.sichuan.mistakes.base import Context, detector, severity, tile_name, try_push
from replay.tiles import CODES


def safe_discards(ctx: Context, at: int, seat: int, thrown: int) -> list[int]:
    """Kinds the seat could legally have discarded at ``at`` that no active seat could win on."""
    board = ctx.before(at)
    out = []
    for k in range(27):
        if k == thrown or not board.seats[seat].hand[k]:
            continue
        trial = try_push(board, {"type": "discard", "seat": seat, "tile": CODES[k]})
        if trial is None or trial.claim is None:
            continue
        claim = trial.claim
        if not any(
            (r := trial._could_win_on(s, claim)) is not None and not trial._locked(s, r, claim)
            for s in range(4)
        ):
            out.append(k)
    return out


@detector("gangshangpao_safe")
def gangshangpao_safe(ctx: Context) -> Iterator[Finding]:
    for w in ctx.windows:
        claim = ctx.after(w.at).claim
        if w.rob or not w.winners or claim is None or not claim.after_kong:
            continue
        safe = safe_discards(ctx, w.at, w.seat, w.tile)
        if not safe:
            continue
        paid = [t for t in ctx.settled_by(w) if t.payer == w.seat and t.kind in ("hu", "zhuanyi")]
        cost = sum(t.amount for t in paid)
        handed = sum(t.amount for t in paid if t.kind == "zhuanyi")
        winners = ", ".join(f"seat {s}" for s in w.winners)
        also = f" (incl. {handed} kong income by 呼叫转移)" if handed else ""
        yield Finding(
            "gangshangpao_safe",
            w.seat,
            w.at,
            severity(cost, ctx.base),
            cost,
            f"right after its kong threw {tile_name(w.tile)} into {winners}'s win (杠上炮) and paid"
            f" {cost}{also}, though {tile_name(safe[0])} was safe (M1)",
        )
