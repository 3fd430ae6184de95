"""missed_win 漏和 (§10): the seat could legally ``hu`` — shape and Q ≥ qihu (ER-3.4) — after its
draw (天胡 on the dealt 14 included, ER-3.1) or on the opponent's discard (a xu-gang's tile, 抢杠
ER-3.3, counts as one: for every fan it is a win on a discard), and its next event is not ``hu``.

"Legally" is the board's answer: the ``hu`` is pushed on a clone of the board at that moment, so a
seat still holding a flower (补花 first, ER-2.2), a seat that just claimed (discard only), a 报听
seat between its declaration and its discard, or a win under 起胡 is no chance. Cost: the T given
up (ER-6.2), as §10 says; the message adds what it would have collected (ER-6.3). There is no
furiten in 二人 (ER-3.2), so a win let go never locks the seat.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.erren import tiles as T
from replay.games.erren.board import Board
from replay.games.erren.mistakes.base import (
    Context,
    detector,
    fans_text,
    paid_text,
    severity,
    tile_name,
    try_push,
)
from replay.games.erren.readings import is_complete


def _chance(ctx: Context, index: int, seat: int, tile: int | None) -> Board | None:
    """The board after seat's ``hu`` on ``before(index)``, or None when the board refuses it.
    Without a winning shape (ER-4.1) there is no win: told by the view's counts, with no board
    built and no hu tried (most moments of a hand)."""
    view = ctx.view(index)
    counts = view.hands[seat]
    if tile is not None:
        held = list(counts)
        held[tile] += 1
        counts = tuple(held)
    if not is_complete(counts, view.melds[seat]):
        return None
    event: dict[str, object] = {"type": "hu", "seat": seat}
    if tile is not None:
        event["tile"] = T.code(tile)
    trial = try_push(ctx.before(index), event)
    return trial if trial is not None and trial.win is not None else None


def _offers(ctx: Context) -> Iterator[tuple[int, int, Board, str]]:
    """(index of the event made instead of ``hu``, seat, the board on which it could have won, how)."""
    events = ctx.events
    n = len(events)
    for i, event in enumerate(events):
        before, after = ctx.view(i), ctx.view(i + 1)
        if before.phase == "act" and event.get("type") != "hu":
            s = before.actor
            if before.drawn is not None:
                how = f"by self-draw (自摸) of {tile_name(before.drawn)}"
            elif s == before.dealer and before.first_turn:
                how = "天胡 (tianhu) on its dealt tiles"
            else:
                continue
            trial = _chance(ctx, i, s, None)
            if trial is not None:
                yield i, s, trial, how
        if before.phase != "claim" and after.phase == "claim" and after.claim is not None:
            claim = after.claim
            o = 1 - claim.seat  # the opponent (ER-1.2)
            end = ctx.window_end(i)
            if any(events[j].get("type") == "hu" for j in range(i + 1, min(end, n))):
                continue
            # the window as it stood when the seat moved on (a 天听 declared in it counts)
            trial = _chance(ctx, end - 1 if end - 1 > i else i + 1, o, claim.tile)
            if trial is None:
                continue
            what = "robbing" if claim.rob else "on"
            kind = "xu-gang (抢杠)" if claim.rob else "discard"
            yield min(i + 1, n - 1), o, trial, f"{what} seat {claim.seat}'s {kind} {tile_name(claim.tile)}"


@detector("missed_win")
def missed_win(ctx: Context) -> Iterator[Finding]:
    seen: set[tuple[int, int]] = set()
    for at, s, trial, how in _offers(ctx):
        if (at, s) in seen:
            continue
        seen.add((at, s))
        win = trial.win
        assert win is not None
        total = win.score.total
        yield Finding(
            "missed_win",
            s,
            at,
            severity(total),
            total,
            f"could have won {how} with {fans_text(win.score)} ({paid_text(total, ctx.rules)})"
            " and did not (漏和)",
        )
