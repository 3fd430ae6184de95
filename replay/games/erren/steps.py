"""A 二人麻将 hand event by event: the two seats' table after each event and the payment made.

The hand viewer and ``GET /api/v1/hands/{source}/{hand_id}/replay`` both show a hand as a list
of steps; a 二人 step also carries what only this game has: each seat's flowers set aside (补花,
ER-2.2), its 报听 (天听 or 立直, ER-3.5), and at the win the reading it came from with every fan
and its value (ER-6.1, ER-6.2) and the payment with its receipt (ER-6.3). Built by pushing the
events on the same ``Board`` the audit uses, so the steps cannot tell a different story from the
verdict. Two seats, so every per-seat list has two entries.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.errors import InputError
from replay.games.erren import tiles as T
from replay.games.erren.board import Board, IllegalEvent
from replay.games.erren.fantable import ROW
from replay.games.erren.readings import Meld, Reading


def meld_json(m: Meld) -> dict[str, Any]:
    """A meld with its tiles: a chi's run, a peng's three, a kong's four (暗杠 face down)."""
    return {
        "type": m.type,
        "tiles": [T.code(k) for k in m.kinds()],
        "concealed": not m.exposed,
        "gang": m.gang or None,
    }


def reading_json(reading: Reading) -> list[dict[str, Any]]:
    """The reading as groups of tiles (ER-4.2): each set (``chow``, ``pung``, ``kong``) or pair,
    whether it is an exposed meld or an an-gang, and whether the winning tile is placed in it."""
    if reading.form == "qidui":
        return [
            {"shape": "pair", "tiles": [T.code(k)] * 2, "exposed": False, "an_gang": False, "won": False}
            for k in reading.pairs
        ]
    out = [
        {
            "shape": s.shape,
            "tiles": [T.code(k) for k in s.kinds()],
            "exposed": s.exposed,
            "an_gang": s.gang == "an",
            "won": i == reading.place,
        }
        for i, s in enumerate(reading.sets)
    ]
    pair = [T.code(reading.pair)] * 2
    out.append(
        {"shape": "pair", "tiles": pair, "exposed": False, "an_gang": False, "won": reading.place == 4}
    )
    return out


def win_json(board: Board) -> dict[str, Any] | None:
    """The win: seat, the seat that paid it, the tile, the ways, the reading and each fan with
    its value as counted (ER-6.1), T and Q (ER-6.2)."""
    win = board.win
    if win is None:
        return None
    score = win.score
    return {
        "seat": win.seat,
        "from": win.source,
        "tile": T.code(win.tile) if win.tile is not None else None,
        "ways": sorted(win.ways),
        "reading": score.reading.describe(),
        "form": score.reading.form,
        "groups": reading_json(score.reading),
        "fans": [
            {
                "id": c.id,
                "zh": ROW[c.id].zh,
                "en": ROW[c.id].en,
                "value": c.value,
                "n": c.n,
                "points": c.points,
                "nq": c.id in board.rules.qihu_excluded,
            }
            for c in score.fans
        ],
        "total": score.total,
        "qualifying": score.qualifying,
    }


def snapshot(board: Board, rivers: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """The table as JSON after an event."""
    claim = board.claim
    return {
        "phase": board.phase,
        "actor": board.actor,
        "dealer": board.dealer,
        "live": board.live,
        "drawn": T.code(board.drawn) if board.drawn is not None else None,
        "hands": [
            [*(T.code(k) for k in T.PLAY_KINDS for _ in range(seat.hand[k])), *map(T.code, seat.held_flowers)]
            for seat in board.seats
        ],
        "melds": [[meld_json(m) for m in seat.melds] for seat in board.seats],
        "discards": [[dict(d) for d in r] for r in rivers],
        "flowers": [[T.code(f) for f in seat.flowers] for seat in board.seats],
        "ting": [seat.ting or ("pending" if seat.ting_pending else None) for seat in board.seats],
        "claim_tile": T.code(claim.tile) if claim is not None else None,
        "claim_seat": claim.seat if claim is not None else None,
        "robbing": bool(claim is not None and claim.rob),
        "win": win_json(board),
        "deltas": board.deltas(),
        "ended_by": board.ended_by,
    }


def replay_steps(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The deal (``index`` None, after no event: the flowers still in hand), then one step per
    event pushed; an illegal event is the last step, with its reason. Raises ``InputError`` for
    a set-up the board cannot read."""
    board = Board.from_record(record)
    rivers: list[list[dict[str, Any]]] = [[], []]
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
        paid = _payments(board) if event.get("type") == "hu" and board.win is not None else []
        steps.append({"index": i, "event": event, "payments": paid, **snapshot(board, rivers)})
    if not board.ended:
        board.finish()  # a flower with no replacement, or a last discard nobody took: 荒庄
        if board.ended and len(steps) > 1:
            steps[-1].update({k: v for k, v in snapshot(board, rivers).items() if k != "discards"})
    return steps


def _payments(board: Board) -> list[dict[str, Any]]:
    pay = board.payment()
    if pay is None:
        return []
    return [{"from": pay.payer, "to": pay.payee, "amount": pay.amount, "receipt": list(pay.receipt)}]


def _track(board: Board, event: Mapping[str, Any], claim: Any, rivers: list[list[dict[str, Any]]]) -> None:
    """What an event shows that the board does not keep: the rivers, and who claimed a discard."""
    kind = event.get("type")
    seat = event.get("seat")
    if kind == "discard" and board.claim is not None:
        entry: dict[str, Any] = {"tile": T.code(board.claim.tile)}
        if board.seats[board.claim.seat].ting and not any(d.get("ting") for d in rivers[board.claim.seat]):
            entry["ting"] = True  # the discard that declared 报听 (ER-3.5)
        rivers[board.claim.seat].append(entry)
    claimed = kind in ("chi", "peng", "hu") or (kind == "gang" and event.get("kind") == "ming")
    if claim is not None and not claim.rob and claimed and rivers[claim.seat]:
        rivers[claim.seat][-1]["claimed_by"] = seat
