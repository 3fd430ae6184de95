"""A Sichuan hand event by event: the table after each event and the coins that moved at it.

The hand viewer and ``GET /api/v1/hands/{source}/{hand_id}/replay`` both show a hand as a list of
steps; for Sichuan a step also carries what Wuhan's never needs: each seat's void suit (定缺),
the winners so far in the order they won, a 血流成河 winner's locked hand and the tiles it won on,
the seats that are out (won in 血战到底, or bankrupt), and every transfer the moment the ledger
makes it (a kong's payment at the kong, 呼叫转移 at the win that takes it, 查花猪/查大叫/退税 at
the end of the wall). Built by pushing the events on the same ``Board`` the audit uses, so the
steps can never tell a different story from the verdict.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.errors import InputError
from replay.games.sichuan import tiles as T
from replay.games.sichuan.board import Board, IllegalEvent
from replay.games.sichuan.ledger import Transfer
from replay.tiles import CODES


def _transfer(t: Transfer) -> dict[str, Any]:
    out = t.to_json()
    if t.amount < t.owed:  # the payer ran out of coins (破产, §7): what it owed beside what it paid
        out["owed"] = t.owed
    return out


def snapshot(board: Board, rivers: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """The table as JSON: hands, melds, rivers, void suits, winners so far, who is out, coins."""
    out_why: list[str | None] = []
    for s in range(4):
        if s in board.ledger.bankrupt:
            out_why.append("bankrupt")
        elif board.rules.mode == "xuezhan" and board.seats[s].wins:
            out_why.append("won")
        else:
            out_why.append(None)
    return {
        "phase": board.phase,
        "actor": board.actor,
        "dealer": board.dealer,
        "mode": board.rules.mode,
        "live": board.live,
        "drawn": CODES[board.drawn] if board.drawn is not None else None,
        "hands": [[CODES[k] for k in range(27) for _ in range(seat.hand[k])] for seat in board.seats],
        "melds": [
            [{"type": "peng", "tile": CODES[t]} for t in seat.pengs]
            + [
                {"type": "gang", "kind": kind, "tile": CODES[t], **({"from": src} if src is not None else {})}
                for t, kind, src in seat.kongs
            ]
            for seat in board.seats
        ],
        "discards": [list(r) for r in rivers],
        "voids": [T.SUIT_CODES[seat.void] if seat.void is not None else None for seat in board.seats],
        "won_tiles": [[CODES[t] for t in seat.set_aside] for seat in board.seats],
        "win_counts": [seat.wins for seat in board.seats],
        "out": out_why,
        "wins": [w.to_json() for w in board.wins],
        # seats that said hu on the open discard or 补杠: settled together when the window closes
        "pending_hu": list(board.claim.hus) if board.claim is not None else [],
        "claim_tile": CODES[board.claim.tile] if board.claim is not None else None,
        "claim_rob": bool(board.claim.rob) if board.claim is not None else False,
        "claim_seat": board.claim.seat if board.claim is not None else None,
        "deltas": list(board.ledger.deltas),
        "stacks": list(board.ledger.stacks) if board.ledger.stacks is not None else None,
        "huazhu": list(board.huazhu),
        "tenpai": list(board.tenpai),
        "ended_by": board.ended_by,
    }


def replay_steps(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The deal (``index`` None), then one step per event pushed; an illegal event is the last
    step, with its reason. Raises ``InputError`` for a set-up the board cannot read."""
    board = Board.from_record(record)
    rivers: list[list[dict[str, Any]]] = [[], [], [], []]
    steps: list[dict[str, Any]] = [{"index": None, "event": None, "transfers": [], **snapshot(board, rivers)}]
    made = 0
    events = record.get("events") or []
    for i, event in enumerate(events):
        claim = board.claim
        try:
            board.push(event)
        except IllegalEvent as err:
            steps.append(
                {
                    "index": i,
                    "event": event,
                    "illegal": err.reason.to_json(),
                    "transfers": [],
                    **snapshot(board, rivers),
                }
            )
            return steps
        except (InputError, KeyError, TypeError, ValueError, IndexError):
            return steps
        kind = event.get("type")
        if kind == "discard" and board.claim is not None:
            rivers[board.claim.seat].append({"tile": CODES[board.claim.tile]})
        claimed = kind in ("peng", "hu") or (kind == "gang" and event.get("kind") == "ming")
        if claim is not None and not claim.rob and claimed and rivers[claim.seat]:
            by = rivers[claim.seat][-1].setdefault("claimed_by", [])
            if event.get("seat") not in by:
                by.append(event.get("seat"))
        new = board.ledger.transfers[made:]
        made = len(board.ledger.transfers)
        steps.append(
            {
                "index": i,
                "event": event,
                "transfers": [_transfer(t) for t in new if t.amount or t.owed],
                **snapshot(board, rivers),
            }
        )
    board.finish()  # a record may end on a win on a discard: that window settles now
    new = board.ledger.transfers[made:]
    if new and len(steps) > 1:
        last = steps[-1]
        last["transfers"] = [*last["transfers"], *(_transfer(t) for t in new if t.amount or t.owed)]
        last.update({k: v for k, v in snapshot(board, rivers).items() if k != "discards"})
    return steps
