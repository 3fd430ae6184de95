"""M4 漏胡 (missed_win): a legal win not taken — on a discard or a 补杠 (not locked by 过水,
SC-3.5) or by self-draw — when the seat did not later win this hand with an uncapped M
(SC-5.1) at least as large. A win SC-1.7 forces cannot be let go in a legal record, so none is
reported there. Cost: what the win would have collected, settled by the board as it stood
(its own payers, ways, caps, bankruptcy).
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.sichuan.board import Board
from replay.games.sichuan.mistakes.base import Context, detector, hand_zh, severity, tile_name, try_push


def _forgone(board: Board, seat: int, claim_open: bool) -> tuple[int, int, str] | None:
    """(coins, uncapped M, hand) of the win ``seat`` could have declared on this board."""
    trial = try_push(board, {"type": "hu", "seat": seat})
    if trial is None:
        return None
    start = len(board.ledger.transfers)
    if claim_open:
        trial._close_claim(None)
    coins = sum(t.amount for t in trial.ledger.transfers[start:] if t.payee == seat)
    win = trial.wins[-1]
    return coins, win.multiple, win.hand


@detector("missed_win")
def missed_win(ctx: Context) -> Iterator[Finding]:
    offers: list[tuple[int, int, Board, bool, str]] = []  # (event, seat, board, claim open, how)
    for w in ctx.windows:
        board = ctx.after(w.at)
        claim = board.claim
        assert claim is not None
        for k in (1, 2, 3):
            s = (w.seat + k) % 4
            if s in w.winners:
                continue
            r = board._could_win_on(s, claim)
            if r is None or board._locked(s, r, claim):
                continue
            how = "robbing" if w.rob else "on"
            offers.append((w.at, s, board, True, f"{how} seat {w.seat}'s {tile_name(w.tile)}"))
    for i, event in enumerate(ctx.events):
        if event.get("type") != "draw":
            continue
        board = ctx.after(i)
        s = board.actor
        nxt = ctx.events[i + 1] if i + 1 < len(ctx.events) else None
        if board.drawn is None or (nxt is not None and nxt.get("type") == "hu"):
            continue
        if board.win_reading(s, None) is not None:
            offers.append((i, s, board, False, f"by self-draw (自摸) of {tile_name(board.drawn)}"))
    for at, s, board, claim_open, how in offers:
        got = _forgone(board, s, claim_open)
        if got is None:
            continue
        coins, multiple, hand = got
        later = ctx.final.wins[len(board.wins) :]
        if any(w.seat == s and w.multiple >= multiple for w in later):
            continue
        yield Finding(
            "missed_win",
            s,
            at,
            severity(coins, ctx.base),
            coins,
            f"could have won {how} with {hand_zh(hand)} (M {multiple}) for {coins} and did not (漏胡, M4)",
        )
