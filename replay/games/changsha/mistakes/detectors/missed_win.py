"""M1 漏胡 (missed_win): a seat could legally win — by self-draw (天胡, 自摸, 补张's tile, the 海底
it took: 海底捞月), on a discard, robbing a xu-kong (抢杠胡), on a 开杠 tile (杠上炮) or on the
exposed 海底 (海底炮) — and did not. The board says what was legal (a 漏胡 lock already on the
seat, CS-3.9, or ``multi_hu: false`` leaving it no share of a 通炮, is no chance) and settles the
win that did not happen with its own birds (CS-6.4). Not reported when the seat collected as much
later in the hand. A window win let go locks the seat on that tile until its next draw (漏胡,
CS-3.9); the message says so. A declined 海底 is M3, not M1.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.changsha.board import Board
from replay.games.changsha.mistakes.base import (
    Context,
    detector,
    hands_zh,
    settled,
    severity,
    tile_name,
    try_push,
)
from replay.tiles import CODES


def _offers(ctx: Context) -> Iterator[tuple[int, int, Board, dict[str, object], str, bool]]:
    """(index, seat, board, the hu it could have pushed, how, from another seat): only where the
    board says the seat's tiles win at all (``can_win_on``, ``holds_win``, both from the reading
    cache), so a hu is tried on a clone only when it may be legal; the push still decides."""
    for w in ctx.windows:
        board = ctx.board_at(w.close)
        for s in board.seats_after(w.seat):
            if s in w.winners:
                continue
            for t in w.tiles:
                if not board.can_win_on(s, t):  # its waits and 漏胡 locks (cached): no hu to try
                    continue
                how = (
                    f"robbing seat {w.seat}'s kong of {tile_name(t)} (抢杠胡)"
                    if w.rob
                    else f"on seat {w.seat}'s 开杠 tile {tile_name(t)} (杠上炮)"
                    if w.kai
                    else f"on the 海底 {tile_name(t)} seat {w.seat} took (海底炮)"
                    if w.haidi
                    else f"on seat {w.seat}'s {tile_name(t)}"
                )
                yield w.at, s, board, {"type": "hu", "seat": s, "tile": CODES[t]}, how, True
    states = ctx.states  # before(i) is states[i]
    for i, event in enumerate(ctx.events):
        before = states[i]
        phase = before.phase  # neither is "ended": the board is still in play
        if phase != "act" and phase != "haidi_taken":
            continue
        s = before.actor
        kind = event.get("type")
        if (kind == "hu" and event.get("seat") == s) or (phase == "act" and kind not in ("discard", "gang")):
            continue
        tianhu = phase == "act" and before.opening and before.drawn is None and s == before.dealer
        if (before.drawn is None and not tianhu) or not before.holds_win(s):
            continue
        what = (
            "天胡 (tianhu) on its dealt tiles"
            if tianhu
            else f"by self-draw (自摸) of {tile_name(before.drawn)}"  # type: ignore[arg-type]
        )
        yield i, s, before, {"type": "hu", "seat": s}, what, False


@detector("missed_win")
def missed_win(ctx: Context) -> Iterator[Finding]:
    seen: set[tuple[int, int]] = set()
    for at, s, board, hu, how, window in _offers(ctx):
        if (at, s) in seen:
            continue
        trial = try_push(board, hu)
        if trial is None:
            continue
        got = settled(trial, s)
        if got is None:
            continue
        cost, hands = got
        if cost <= 0 or ctx.net_from(at, s) >= cost:
            continue
        seen.add((at, s))
        lock = "; 漏胡: locked on that tile from another seat until its next draw (CS-3.9)" if window else ""
        yield Finding(
            "missed_win",
            s,
            at,
            severity(cost, ctx.rules),
            cost,
            f"could have won {how} with {hands_zh(hands)} for {cost} and did not (M1){lock}",
        )
