"""A Changsha hand event by event: the table after each event and the payments made at it.

The hand viewer and ``GET /api/v1/hands/{source}/{hand_id}/replay`` both show a hand as a list of
steps; a Changsha step also carries what only Changsha has: the opening hands (起手胡) declared
and the tiles shown for them, a 开杠's tiles turned up (CS-3.5), the 海底 offers in turn
(CS-2.6), every winner of a 通炮 (CS-3.2), the seats locked by 漏胡 (CS-3.9), the birds (扎鸟)
with the seat each hits (CS-6.4), and each payment with its receipt the moment it is made
(``kind`` ``qishou`` for an opening hand, ``hu`` for a win). Built by pushing the events on the
same ``Board`` the audit uses, so the steps cannot tell a different story from the verdict.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.errors import InputError
from replay.games.changsha.board import ANY, Board, IllegalEvent
from replay.games.changsha.reading import Meld
from replay.games.changsha.scoring import bird_hits
from replay.tiles import CODES


def meld_json(m: Meld) -> dict[str, Any]:
    """A meld with its tiles: a chi's run, a peng's three, a kong's four (暗杠 face down)."""
    if m.kind == "chi":
        tiles = [CODES[m.first + i] for i in range(3)]
    else:
        tiles = [CODES[m.first]] * (4 if m.kind == "gang" else 3)
    return {"type": m.kind, "tiles": tiles, "concealed": m.concealed}


def _birds(board: Board) -> list[dict[str, Any]]:
    """Each bird and the seat it hits, counted from the dealer or from each winner (CS-6.4)."""
    if board.birds is None:
        return []
    bases = [board.dealer] if board.rules.bird_from == "dealer" else board.winner_seats() or [board.dealer]
    out = []
    for i, t in enumerate(board.birds):
        hits = [{"base": b, "seat": bird_hits([t], b)[0]} for b in bases]
        out.append({"n": i, "tile": CODES[t], "hits": hits})
    return out


def snapshot(board: Board, rivers: list[list[dict[str, Any]]], state: dict[str, Any]) -> dict[str, Any]:
    """The table as JSON after an event (``state``: what the events told that the board keeps
    only in passing: the tiles shown for 起手胡, the 开杠 tiles, the 海底 offers)."""
    claim = board.claim
    return {
        "phase": board.phase,
        "actor": board.actor,
        "dealer": board.dealer,
        "live": board.live,
        "drawn": CODES[board.drawn] if board.drawn is not None else None,
        "hands": [[CODES[k] for k in range(27) for _ in range(seat.hand[k])] for seat in board.seats],
        "melds": [[meld_json(m) for m in seat.melds] for seat in board.seats],
        "discards": [[dict(d) for d in r] for r in rivers],
        "qishou": [
            {"kinds": list(seat.qishou or ()), "tiles": list(state["shown"][s])} if seat.qishou else None
            for s, seat in enumerate(board.seats)
        ],
        "kai": dict(state["kai"]) if state["kai"] else None,
        "kai_locked": [seat.kai for seat in board.seats],
        "haidi": {
            "offers": [dict(o) for o in state["offers"]],
            "due": board.haidi_seat if board.phase == "haidi" else None,
            "tile": state["haidi_tile"],
        },
        "louhu": [
            (["any"] if ANY in seat.louhu else sorted(CODES[t] for t in seat.louhu)) if seat.louhu else []
            for seat in board.seats
        ],
        "wins": [
            {
                "seat": w.seat,
                "from": w.source,
                "tile": CODES[w.tile] if w.tile is not None else None,
                "hands": list(w.win.hands),
                "k": w.win.k,
                "big": w.win.big,
                "ways": sorted(w.ways),
            }
            for w in board.wins
        ],
        "pending_hu": sorted(claim.hus) if claim is not None else [],
        "claim_tile": CODES[claim.tile] if claim is not None else None,
        "claim_seat": claim.seat if claim is not None else None,
        "birds": _birds(board),
        "bird_from": board.rules.bird_from,
        "deltas": board.deltas(),
        "ended_by": board.ended_by,
    }


def replay_steps(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The deal (``index`` None), then one step per event pushed; an illegal event is the last
    step, with its reason. Raises ``InputError`` for a set-up the board cannot read."""
    board = Board.from_record(record)
    rivers: list[list[dict[str, Any]]] = [[], [], [], []]
    state: dict[str, Any] = {"shown": [[], [], [], []], "kai": None, "offers": [], "haidi_tile": None}
    steps: list[dict[str, Any]] = [
        {"index": None, "event": None, "payments": [], **snapshot(board, rivers, state)}
    ]
    made = 0
    events = record.get("events") or []
    for i, event in enumerate(events):
        claim, phase = board.claim, board.phase
        try:
            board.push(event)
        except IllegalEvent as err:
            steps.append(
                {
                    "index": i,
                    "event": event,
                    "illegal": err.reason.to_json(),
                    "payments": [],
                    **snapshot(board, rivers, state),
                }
            )
            return steps
        except (InputError, KeyError, TypeError, ValueError, IndexError):
            return steps
        _track(board, event, claim, phase, rivers, state)
        new = _payments(board, made, "qishou" if event.get("type") == "qishou" else "hu")
        made = len(board.payments)
        steps.append({"index": i, "event": event, "payments": new, **snapshot(board, rivers, state)})
    if not board.ended:
        try:
            board.finish()  # birds a record did not list come from the wall (CS-6.4)
        except IllegalEvent:
            return steps
        new = _payments(board, made, "hu")
        if new and len(steps) > 1:
            last = steps[-1]
            last["payments"] = [*last["payments"], *new]
            last.update({k: v for k, v in snapshot(board, rivers, state).items() if k != "discards"})
    return steps


def _payments(board: Board, made: int, kind: str) -> list[dict[str, Any]]:
    """The payments made since ``made``; an ``end``-mode declarer's are its opening hand's."""
    out = []
    for p in board.payments[made:]:
        k = (
            "qishou"
            if kind == "qishou" or (board.ended_by == "qishou" and p.payee in board.declared)
            else "hu"
        )
        out.append({"from": p.payer, "to": p.payee, "amount": p.amount, "receipt": p.receipt, "kind": k})
    return out


def _track(
    board: Board,
    event: Mapping[str, Any],
    claim: Any,
    phase: str,
    rivers: list[list[dict[str, Any]]],
    state: dict[str, Any],
) -> None:
    """What an event shows that the board does not keep: rivers, 起手胡 tiles, 开杠 tiles, offers."""
    kind = event.get("type")
    seat = event.get("seat")
    if kind == "discard" and board.claim is not None:
        rivers[board.claim.seat].append({"tile": CODES[board.claim.tile]})
    if kind == "qishou" and isinstance(seat, int):
        state["shown"][seat] = [str(t) for t in event.get("tiles") or []]
    if kind == "gang" and event.get("mode") == "kai" and isinstance(seat, int):
        state["kai"] = {"seat": seat, "tile": str(event.get("tile")), "dice": event.get("dice"), "tiles": []}
    if kind == "draw" and phase == "replace" and state["kai"] and board.kai_drawn:
        state["kai"]["tiles"] = [CODES[t] for t in board.kai_drawn]
        if board.phase == "claim":  # not won by the ganger: the tiles are its discards (CS-3.5)
            for t in board.kai_drawn:
                rivers[state["kai"]["seat"]].append({"tile": CODES[t], "kai": True})
    if kind == "haidi" or (kind == "draw" and phase == "haidi"):
        take = bool(event.get("take", True))
        state["offers"].append({"seat": seat, "take": take})
        if take and board.drawn is not None:
            state["haidi_tile"] = CODES[board.drawn]
    if phase == "haidi_taken" and board.claim is not None and board.claim.haidi:
        rivers[board.claim.seat].append({"tile": CODES[board.claim.tile], "haidi": True})
    claimed = kind in ("chi", "peng", "hu") or (kind == "gang" and event.get("kind") == "ming")
    if claim is not None and not claim.rob and claimed and rivers[claim.seat]:
        by = rivers[claim.seat][-1].setdefault("claimed_by", [])
        if seat not in by:
            by.append(seat)
