"""M3 haidi_declined_win: a seat declined the 海底 (CS-2.6) that would have completed its hand:
taking it was 海底捞月, a big self-draw (CS-4.3) paid by all three. The board settles that win with
its own birds (the 海底 itself when the wall is empty, CS-6.4). Cost: 海底捞月 minus what the seat
received from the decline on (changsha.md E7: seat 3 got 60 from a 海底炮 instead of
30 + 30 + 40 × 2 = 140, cost 80). Needs the wall (the 海底's tile); not reported without one.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.changsha.mistakes.base import (
    Context,
    detector,
    hands_zh,
    settled,
    severity,
    tile_name,
    try_push,
)


@detector("haidi_declined_win")
def haidi_declined_win(ctx: Context) -> Iterator[Finding]:
    for i, event in enumerate(ctx.events):
        if event.get("type") != "haidi" or event.get("take") is not False:
            continue
        s = int(event["seat"])
        board = ctx.before(i)
        trial = try_push(board, {**event, "take": True}, {"type": "hu", "seat": s})
        if trial is None:
            continue
        got = settled(trial, s)
        if got is None:
            continue
        laoyue, hands = got
        received = ctx.net_from(i, s)
        cost = laoyue - received
        if cost <= 0:
            continue
        tile = trial.wins[-1].tile
        yield Finding(
            "haidi_declined_win",
            s,
            i,
            severity(cost, ctx.rules),
            cost,
            f"declined the 海底 {tile_name(tile) if tile is not None else ''}, which completed its hand:"
            f" {hands_zh(hands)} for {laoyue}; it received {received} instead (M3)",
        )
