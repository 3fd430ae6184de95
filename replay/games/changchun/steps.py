"""A Changchun hand event by event: the table after each event and the payments made at it.

The hand viewer and ``GET /api/v1/hands/{source}/{hand_id}/replay`` both show a hand as a list of
steps; a Changchun step also carries what only Changchun has: the opening sets and their 补
(CC-3), each seat's 报听 and lock (CC-4.2, CC-4.3), the 宝 (CC-4.4 - CC-4.8) as it stands (its
tile, whether it is dead and why, how many of its kind are visible) together with what each seat
knows of it at that moment (``bao_known``) and every moment a seat learnt one (``learnt``), the
leaks (泄宝), the seats declaring a win on the open tile (截胡: one wins, CC-2.3), a robbed
gang (抢胡 / 抢碰), the win with its fans, and each payment with its receipt the moment it is
made, win money and gang money apart (``kind`` ``win`` or ``gang``, CC-6.3). Built by pushing the
events on the same ``Board`` the audit uses, so the steps cannot tell a different story from the
verdict. A step is the all-open view: a viewer showing one seat hides what ``bao_known`` says
that seat did not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.errors import InputError
from replay.games.changchun.board import Board, IllegalEvent
from replay.games.changchun.reading import Meld
from replay.tiles import CODES


def meld_json(m: Meld) -> dict[str, Any]:
    """A meld with its tiles (an opening set's base tiles, then its 补s apart)."""
    bu = [CODES[t] for t in m.bu]
    tiles = [CODES[t] for t in m.tiles()]
    if m.is_set and bu:
        tiles = tiles[: len(tiles) - len(bu)]
    return {"type": m.kind, "tiles": tiles, "bu": bu, "concealed": m.kind == "an", "set": m.is_set}


def _code(kind: int | None) -> str | None:
    return CODES[kind] if kind is not None else None


def snapshot(board: Board, rivers: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """The table as JSON after an event (the all-open view)."""
    claim = board.claim
    win = board.win
    bao = board.bao
    return {
        "phase": board.phase,
        "actor": board.actor,
        "dealer": board.dealer,
        "live": board.live,
        "reserve": board.reserve(),
        "drawn": _code(board.drawn),
        "hands": [[CODES[k] for k in range(34) for _ in range(seat.hand[k])] for seat in board.seats],
        "melds": [[meld_json(m) for m in seat.melds] for seat in board.seats],
        "discards": [[dict(d) for d in r] for r in rivers],
        "ting": [seat.ting for seat in board.seats],
        "ting_at": [seat.ting_at for seat in board.seats],
        "locked": [seat.locked for seat in board.seats],
        "leaked": [seat.leaked for seat in board.seats],
        "bao": {
            "tile": _code(bao),
            "serial": board.bao_serial,
            "dead": board.bao_dead,
            "visible": board.visible[bao] if bao is not None else 0,
            "index": board.bao_index(),
        }
        if bao is not None
        else None,
        "bao_known": [_code(board.bao_known(s)) for s in range(4)],
        "looked": [seat.looked > 0 for seat in board.seats],
        "learnt": [
            {"index": lk.index, "seat": lk.seat, "serial": lk.serial, "tile": CODES[lk.kind], "how": lk.how}
            for lk in board.looks
        ],
        "leaks": [{"index": i, "seat": s} for i, s in board.leaks],
        "robbed": [{"index": i, "seat": s, "tile": CODES[t], "kind": k} for i, s, t, k in board.robbed],
        "pending_hu": list(claim.hus) if claim is not None else [],
        "claim_tile": _code(claim.tile) if claim is not None else None,
        "claim_seat": claim.seat if claim is not None else None,
        "claim_rob": bool(claim.rob) if claim is not None else False,
        "win": {
            "seat": board.winner,
            "from": board.discarder_seat,
            "way": win.way,
            "tile": CODES[win.tile],
            "hands": list(win.hands),
            "fan": win.fan,
        }
        if win is not None
        else None,
        "deltas": board.deltas(),
        "ended_by": board.ended_by,
    }


def replay_steps(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The deal (``index`` None), then one step per event pushed; an illegal event is the last
    step, with its reason. The declared wins of a window the record leaves open are settled on
    the last step (截胡: ``jiehu`` lists who declared and lost). Raises ``InputError`` for a
    set-up the board cannot read."""
    board = Board.from_record(record)
    rivers: list[list[dict[str, Any]]] = [[], [], [], []]
    steps: list[dict[str, Any]] = [{"index": None, "event": None, "payments": [], **snapshot(board, rivers)}]
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
                    "payments": [],
                    **snapshot(board, rivers),
                }
            )
            return steps
        except (InputError, KeyError, TypeError, ValueError, IndexError):
            return steps
        _track(board, event, claim, rivers)
        steps.append({"index": i, "event": event, "payments": _payments(board), **snapshot(board, rivers)})
    if not board.ended and board.claim is not None and board.claim.hus and len(steps) > 1:
        declared = list(board.claim.hus)
        try:
            board.finish()
        except IllegalEvent:
            return steps
        last = steps[-1]
        last["payments"] = _payments(board)
        last["jiehu"] = [s for s in declared if s != board.winner]
        last.update({k: v for k, v in snapshot(board, rivers).items() if k != "discards"})
    return steps


def _payments(board: Board) -> list[dict[str, Any]]:
    """The payments of a hand that just ended (a Changchun hand pays only at its end)."""
    if not board.ended:
        return []
    return [
        {"from": p.payer, "to": p.payee, "amount": p.amount, "receipt": p.receipt, "kind": p.kind}
        for p in board.payments
    ]


def _track(board: Board, event: Mapping[str, Any], claim: Any, rivers: list[list[dict[str, Any]]]) -> None:
    """What an event shows that the board does not keep: the rivers and who claimed from them."""
    kind = event.get("type")
    seat = event.get("seat")
    if kind == "discard" and board.claim is not None:
        rivers[board.claim.seat].append({"tile": CODES[board.claim.tile]})
    claimed = kind in ("chi", "peng", "hu") or (kind == "gang" and event.get("kind") == "ming")
    if claim is not None and not claim.rob and claimed and rivers[claim.seat]:
        by = rivers[claim.seat][-1].setdefault("claimed_by", [])
        if seat not in by:
            by.append(seat)
