"""M5 花猪 by neglect (huazhu_neglect): where void tiles need not go first (``que_first: false``,
or no 定缺), a seat ends the hand 花猪 (SC-6.1) after discarding another suit's tile while it
held a tile of its void suit. Without 定缺 the void suit is the one the seat must still clear:
of the three suits it holds, the one it held fewest of at that discard (not a suit it melded).

Reported at the first such discard. Cost: the 查花猪 payments it made (SC-6.1, after §7).
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.sichuan import tiles as T
from replay.games.sichuan.board import Board
from replay.games.sichuan.mistakes.base import Context, detector, severity, tile_name


def _void_to_clear(board: Board, s: int) -> int | None:
    seat = board.seats[s]
    if seat.void is not None:
        return seat.void if seat.holds_void() is not None else None
    sizes = [sum(seat.hand[9 * x : 9 * x + 9]) for x in range(3)]
    melded = {k // 9 for k in [*seat.pengs, *seat.kong_kinds]}
    if not all(sizes[x] or x in melded for x in range(3)):
        return None  # already down to two suits
    candidates = [x for x in range(3) if x not in melded and sizes[x]]
    return min(candidates, key=lambda x: (sizes[x], x)) if candidates else None


@detector("huazhu_neglect")
def huazhu_neglect(ctx: Context) -> Iterator[Finding]:
    final = ctx.final
    if final.ended_by != "huangzhuang" or not final.huazhu:
        return
    if ctx.rules.dingque and ctx.rules.que_first:
        return  # void tiles must go first: a 花猪 there is dealt, not neglected
    for s in final.huazhu:
        for i, event in enumerate(ctx.events):
            if event.get("type") != "discard" or event.get("seat") != s:
                continue
            board = ctx.before(i)
            void = _void_to_clear(board, s)
            tile = T.parse(event.get("tile"), "tile")
            if void is None or tile // 9 == void:
                continue
            held = next(k for k in range(9 * void, 9 * void + 9) if board.seats[s].hand[k])
            cost = sum(t.amount for t in ctx.transfers(("huazhu",), payer=s))
            yield Finding(
                "huazhu_neglect",
                s,
                i,
                severity(cost, ctx.base),
                cost,
                f"threw {tile_name(tile)} while still holding {tile_name(held)} of its void suit"
                f" ({T.SUIT_NAMES_ZH[void]}): ended 花猪 and paid {cost} (查花猪, M5)",
            )
            break
