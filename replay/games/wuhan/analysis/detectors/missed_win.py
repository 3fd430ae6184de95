"""漏胡 (missed_win): a legal win was there and the seat did not take it.

Offers are a discard (only for seats with the right to win, R-5.3: none before them in turn
order won on it), the seat's own draw (normal, kong replacement R-7.8, haidi R-3.4) and a
robbable xu-gang (R-5.5). The cost is what the win would have collected, judged by the engine
on the board as it stood. There is no furiten (R-5.4), so every later chance counts again.

A seat that lets a self-draw go to declare a kong and then wins on its replacement draw in the
same turn, for at least as much, made no mistake: that is not reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.games.wuhan.analysis.base import Context, Finding, Offer, hands_zh, severity_by_points, tile_name
from replay.games.wuhan.analysis.registry import detector

_HOW = {
    "discard": "on seat {source}'s {tile}",
    "self_draw": "by self-draw (自摸) of {tile}",
    "gang_draw": "on the kong replacement draw {tile} (杠上开)",
    "haidi": "on the haidi draw {tile} (海底捞)",
    "haidi_gang_draw": "on the kong replacement draw {tile}, a haidi draw (杠上开 海底捞)",
    "rob": "by robbing seat {source}'s xu-gang of {tile} (抢杠)",
}


def _won_later_in_turn(ctx: Context, offer: Offer, total: int) -> bool:
    s = ctx.settlement
    if not offer.drawn or s is None or s.winner != offer.seat or s.total < total:
        return False
    for j in range(offer.at + 1, len(ctx.events)):
        e = ctx.events[j]
        if e["type"] == "hu":
            return True
        if e["type"] == "discard":
            return False
    return False


@detector("missed_win")
def missed_win(ctx: Context) -> Iterator[Finding]:
    for offer, judged in ctx.wins:
        s = judged.settlement
        assert s is not None
        if _won_later_in_turn(ctx, offer, s.total):
            continue
        how = _HOW[offer.way].format(source=offer.source, tile=tile_name(offer.tile))
        yield Finding(
            "missed_win",
            offer.seat,
            offer.at,
            severity_by_points(s.total),
            s.total,
            f"could have won {how} with {hands_zh(s)} for {s.total} and did not (漏胡)",
        )
