"""Per-seat facts of one 二人麻将 hand, the raw material of a player's 二人 habits.

What a seat did with what 二人麻将 adds to a hand: the fans it won (with T and Q, ER-6.2), the
moments it held a winning shape whose Q fell under 起胡 (ER-3.4: it could not win there), its
报听 (天听 or 立直, ER-3.5), the flowers it set aside (补花, ER-2.2) and whether it dealt in
(its discard or its robbed xu-gang was won). Also the win as the store's ``wins`` table keeps it
(the audit's ``result`` names the fans, not the tile or the ways).

Read by replaying the validated record on the board the audit uses and from the engine's
``computed`` result, never the app's ``result``: a habit is what the player did under the rules.
Kept in the domain (no store code), as ``replay.games.changsha.facts`` is for Changsha.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from replay.errors import InputError
from replay.games.erren import tiles as T
from replay.games.erren.board import Board, IllegalEvent
from replay.games.erren.readings import is_complete


@dataclass
class ErrenSeatFacts:
    """One seat's row of ``erren_seat_facts`` (see docs/store.md)."""

    seat: int
    won: bool = False
    self_draw: bool = False
    fed: bool = False  # its discard (or its robbed xu-gang, 抢杠) was won: 点炮
    fans: list[str] = field(default_factory=list)  # the fan ids of its win, in walk order
    total: int | None = None  # T of its win (ER-6.2)
    qualifying: int | None = None  # Q of its win
    qihu_misses: int = 0  # moments with a winning shape and Q under 起胡 (ER-3.4)
    ting: str = ""  # its 报听: "" | "tianting" 天听 | "lizhi" 立直 (ER-3.5)
    flowers: int = 0  # flowers it set aside (补花, ER-2.2)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _chance(board: Board) -> tuple[int, tuple[int, ...]] | None:
    """``(seat, concealed counts with the tile)`` when a seat could declare a win now: after its
    own draw, or on the opponent's discard or xu-gang tile (None otherwise)."""
    if board.phase == "act" and board.drawn is not None:
        seat = board.seats[board.actor]
        if seat.held_flowers or seat.claimed:
            return None
        return board.actor, tuple(seat.hand)
    claim = board.claim
    if board.phase == "claim" and claim is not None:
        s = board.other(claim.seat)
        counts = list(board.seats[s].hand)
        counts[claim.tile] += 1
        return s, tuple(counts)
    return None


def _below_qihu(board: Board) -> int | None:
    """The seat whose win, if declared now, the board would refuse as ``below_qihu`` (ER-3.4)."""
    chance = _chance(board)
    if chance is None:
        return None
    s, counts = chance
    if not is_complete(counts, len(board.seats[s].melds)):  # no shape: nothing to judge
        return None
    trial = board.clone()
    try:
        trial.push({"type": "hu", "seat": s})
    except IllegalEvent as err:
        return s if err.reason.code == "below_qihu" else None
    return None


def replayed(record: Mapping[str, Any]) -> tuple[Board, list[ErrenSeatFacts]]:
    """Push every event (up to the first the board refuses), counting each 起胡 miss: a moment
    with a winning shape under 起胡 whose next event is not the (refused) ``hu``."""
    board = Board.from_record(record)
    facts = [ErrenSeatFacts(seat=s) for s in range(2)]
    for event in record["events"]:
        short = _below_qihu(board)
        if short is not None:
            facts[short].qihu_misses += 1
        try:
            board.push(event)
        except IllegalEvent:
            break
    if not board.ended:
        board.finish()
    for s, seat in enumerate(board.seats):
        facts[s].ting = seat.ting
        facts[s].flowers = len(seat.flowers)
    win = board.win
    if win is not None:
        f = facts[win.seat]
        f.won, f.self_draw = True, win.self_draw
        f.fans = [c.id for c in win.score.fans]
        f.total, f.qualifying = win.score.total, win.score.qualifying
        if win.source is not None:
            facts[win.source].fed = True
    return board, facts


def win_rows(board: Board) -> list[dict[str, Any]]:
    """The win as a ``wins`` row: the seat, the seat that paid it (None: self-drawn), the tile,
    its fan ids joined by ``+`` in ``hand`` (as a Changsha win's hand ids are), the ways the
    board knew (抢杠, 海底 …) and T in ``multiple``."""
    win = board.win
    if win is None:
        return []
    return [
        {
            "n": 0,
            "seat": win.seat,
            "from_seat": win.source,
            "tile": T.code(win.tile) if win.tile is not None else None,
            "hand": "+".join(c.id for c in win.score.fans),
            "gen": None,
            "ways": sorted(win.ways),
            "multiple": win.score.total,
        }
    ]


def store_facts(record: Mapping[str, Any], computed: Mapping[str, Any] | None) -> dict[str, Any]:
    """The store's private keys of an audit, from one replay: ``_erren_facts`` (a row per seat)
    and ``_erren_wins`` (the win, if any); {} for a hand the engine did not settle."""
    if not computed:
        return {}
    try:
        board, facts = replayed(record)
    except (InputError, IllegalEvent, KeyError, TypeError, ValueError):  # a set-up the board refuses
        return {}
    return {"_erren_facts": [f.to_json() for f in facts], "_erren_wins": win_rows(board)}
