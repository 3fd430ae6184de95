"""Per-seat facts of one Changsha hand, the raw material of a player's Changsha habits.

What a seat did with what Changsha adds to a hand: its wins (self-drawn, big, their k), the
wins it paid as the discarder (点炮, once per winner of a 通炮), the opening hands (起手胡) it
declared or let go (CS-5.1), its kongs by mode (开杠 or 补张, CS-3.4/3.5), the 海底 offered to
it and taken (CS-2.6), the wins it let go (漏胡, CS-3.9) and the birds that hit it (CS-6.4).
Also each win as the store's ``wins`` table keeps it (the audit's ``result`` names winners and
hands, not the tile or the ways).

Read by replaying the validated record on the board and from the engine's ``computed`` result,
never the app's ``result``: a habit is what the player did under the rules. Kept in the domain
(no store code), as ``replay.games.sichuan.facts`` is for Sichuan.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from replay.errors import InputError
from replay.games.changsha.board import Board, IllegalEvent
from replay.games.changsha.reading import opening_hands
from replay.tiles import CODES


@dataclass
class ChangshaSeatFacts:
    """One seat's row of ``changsha_seat_facts`` (see docs/store.md)."""

    seat: int
    wins: int = 0  # wins, an ``end``-mode 起手胡 that ended the hand included (CS-5.2)
    self_draw_wins: int = 0
    big_wins: int = 0  # wins with a big hand (大胡, CS-4.3)
    max_k: int | None = None  # the largest k of its wins (CS-4.5)
    fed: int = 0  # winners it paid as the discarder, robbed ganger or 海底 taker (点炮)
    hand_types: list[str] = field(default_factory=list)  # the hand ids of its wins, in order
    qishou: list[str] = field(default_factory=list)  # opening hands declared (CS-5.1)
    qishou_missed: bool = False  # its dealt tiles met CS-5.1 and it declared nothing
    kai_kongs: int = 0  # 开杠 (CS-3.5)
    bu_kongs: int = 0  # 补张 (CS-3.4)
    haidi_offered: int = 0  # times the 海底 was offered to it (CS-2.6)
    haidi_taken: bool = False
    louhu: int = 0  # times it let a win on another seat's tile go (漏胡, CS-3.9)
    birds_hit: int = 0  # birds that hit it, counted from the dealer (CS-6.4)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Replayed:
    """What a replay of the record tells beyond ``computed``."""

    board: Board
    facts: list[ChangshaSeatFacts]
    #: each of ``board.payments``: ``qishou`` (an opening hand, CS-5.2) or ``hu`` (a win)
    payment_kinds: list[str] = field(default_factory=list)


def _louhu_size(board: Board, s: int) -> int:
    lock = board.seats[s].louhu
    return len(lock) if lock else 0


def replayed(record: Mapping[str, Any]) -> Replayed:
    """Push every event (up to the first the board refuses) and count each seat's acts."""
    board = Board.from_record(record)
    facts = [ChangshaSeatFacts(seat=s) for s in range(4)]
    kinds: list[str] = []
    for event in record["events"]:
        before = [_louhu_size(board, s) for s in range(4)]
        phase = board.phase
        try:
            board.push(event)
        except IllegalEvent:
            break
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "qishou":  # continue mode: paid at once
            kinds += ["qishou"] * (len(board.payments) - len(kinds))
        if kind == "gang" and isinstance(seat, int):
            if event.get("mode") == "kai":
                facts[seat].kai_kongs += 1
            else:
                facts[seat].bu_kongs += 1
        offered = kind == "haidi" or (kind == "draw" and phase == "haidi")  # CS-2.6, one per offer
        if offered and isinstance(seat, int):
            facts[seat].haidi_offered += 1
        if board.phase == "haidi_taken" and phase != "haidi_taken":
            facts[board.actor].haidi_taken = True
        for s in range(4):
            if _louhu_size(board, s) > before[s]:
                facts[s].louhu += 1
    if not board.ended:
        board.finish()
    for p in board.payments[len(kinds) :]:
        declared = board.ended_by == "qishou" and p.payee in board.declared
        kinds.append("qishou" if declared else "hu")
    return Replayed(board, facts, kinds)


def seat_facts(record: Mapping[str, Any], computed: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """One facts row per seat of a settled hand; [] when the hand was not settled."""
    return [f.to_json() for f in _facts(record, computed)[1]]


def win_rows(board: Board) -> list[dict[str, Any]]:
    """Each win as a ``wins`` row: seat, the seat it was won from, the tile, its hand ids joined
    by ``+`` in ``hand`` (清一色 + 碰碰胡 count together, CS-4.5), the ways and k in ``multiple``."""
    return [
        {
            "n": n,
            "seat": w.seat,
            "from_seat": w.source,
            "tile": CODES[w.tile] if w.tile is not None else None,
            "hand": "+".join(w.win.hands),
            "gen": None,
            "ways": sorted(w.ways),
            "multiple": w.win.k,
        }
        for n, w in enumerate(board.wins)
    ]


def _facts(
    record: Mapping[str, Any], computed: Mapping[str, Any] | None
) -> tuple[Replayed | None, list[ChangshaSeatFacts]]:
    if not computed:
        return None, []
    try:
        done = replayed(record)
    except (InputError, IllegalEvent, KeyError, TypeError, ValueError):  # a set-up the board refuses
        return None, []
    board, facts = done.board, done.facts
    for w in board.wins:
        f = facts[w.seat]
        f.wins += 1
        f.self_draw_wins += w.self_draw
        f.big_wins += w.win.big
        f.max_k = max(f.max_k or 0, w.win.k)
        f.hand_types += list(w.win.hands)
        if w.source is not None:
            facts[w.source].fed += 1
    if board.ended_by == "qishou":  # the declarers won the hand (CS-5.2 end), not on a tile
        for s in set(board.winner_seats()) - {w.seat for w in board.wins}:
            facts[s].wins += 1
    for s, seat in enumerate(board.seats):
        facts[s].qishou = list(seat.qishou or ())
        if board.rules.qishou_mode != "off" and not seat.qishou and opening_hands(seat.dealt, board.rules):
            facts[s].qishou_missed = True
    for s in computed.get("bird_seats") or []:
        facts[s].birds_hit += 1
    return done, facts


def store_facts(record: Mapping[str, Any], computed: Mapping[str, Any] | None) -> dict[str, Any]:
    """The store's private keys of an audit, from one replay: ``_changsha_facts`` (a row per
    seat), ``_changsha_wins`` (a row per win) and ``_changsha_payment_kinds`` (one per payment
    of ``computed``)."""
    done, facts = _facts(record, computed)
    if done is None:
        return {}
    return {
        "_changsha_facts": [f.to_json() for f in facts],
        "_changsha_wins": win_rows(done.board),
        "_changsha_payment_kinds": done.payment_kinds,
    }
