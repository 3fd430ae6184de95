"""Per-seat facts of one Changchun hand, the raw material of a player's Changchun habits.

What a seat did with what Changchun adds to a hand: its win (self-drawn, by the 宝 with 对宝 or
摸宝, its fans), the win it paid as the discarder or robbed seat (点炮), its 报听 and at which of
its turns (CC-4.2), its looks at the 宝 (CC-4.4), a 泄宝 (CC-4.8), a win it lost to a nearer
winner on the same tile (截胡, CC-2.3), its opening sets and their 补 (起手杠 / 蛋, CC-3), its
kongs, and its gang money apart from its win money (CC-6.3). Also the hand's one win as the
store's ``wins`` table keeps it, and the kind of each payment (``hu`` or ``gang``).

Read by replaying the validated record on the board and from the engine's ``computed`` result,
never the app's ``result``: a habit is what the player did under the rules. Kept in the domain
(no store code), as ``replay.games.changsha.facts`` is for Changsha.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from replay.errors import InputError
from replay.games.changchun.board import Board, IllegalEvent
from replay.tiles import CODES

#: the ways a win takes the 宝 (CC-4.5, CC-4.6)
BAO_WAYS = ("duibao", "mobao")


@dataclass
class ChangchunSeatFacts:
    """One seat's row of ``changchun_seat_facts`` (see docs/store.md)."""

    seat: int
    wins: int = 0  # 0 or 1: one winner per hand (CC-2.3)
    self_draw_wins: int = 0  # 自摸, 对宝 and 摸宝 (CC-5.6): won from no seat
    bao_wins: int = 0  # 对宝 or 摸宝 (CC-4.5, CC-4.6)
    way: str | None = None  # how it won (zimo, dianpao, qianghu, duibao, mobao)
    fan: int | None = None  # its win's fan before the dealer and 点炮 additions (CC-5.7)
    fed: int = 0  # 1: it dealt in, or its xu-gang / 补杠 was robbed (点炮, CC-6.1)
    hand_types: list[str] = field(default_factory=list)  # its win's fan ids (``pinghu`` for none)
    ting: bool = False  # declared 报听 (CC-4.2)
    ting_turn: int | None = None  # which of its own turns (1 = its first discard) it declared at
    looks: int = 0  # times it learnt the 宝: its rolls and its 看宝 (CC-4.4, CC-4.7)
    leaked: bool = False  # 泄宝 (CC-4.8)
    jiehu_lost: int = 0  # 1: it could win on the tile a nearer seat won on (截胡, CC-2.3)
    sets: list[str] = field(default_factory=list)  # opening sets standing (xuanfeng, xi, …)
    bu: int = 0  # standing 补s on its sets (CC-3.3, CC-3.4)
    kongs: int = 0  # standing ming-, xu- and an-gangs
    gang_money: int = 0  # its gang money, net (CC-6.3)
    win_money: int = 0  # its win money, net (CC-6.1, CC-6.2)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Replayed:
    """What a replay of the record tells beyond ``computed``."""

    board: Board
    facts: list[ChangchunSeatFacts]
    #: the seats that could win on the winning tile but came after the winner (截胡)
    jiehu: list[int] = field(default_factory=list)


def replayed(record: Mapping[str, Any]) -> Replayed:
    """Push every event (up to the first the board refuses), then settle the open window as the
    audit does, noting who lost the tile to a nearer winner before it is settled."""
    board = Board.from_record(record)
    facts = [ChangchunSeatFacts(seat=s) for s in range(4)]
    turns = [0, 0, 0, 0]
    for event in record["events"]:
        try:
            board.push(event)
        except IllegalEvent:
            break
        seat = event.get("seat")
        if event.get("type") == "discard" and isinstance(seat, int):
            turns[seat] += 1
        if event.get("type") == "ting" and isinstance(seat, int) and board.seats[seat].ting:
            facts[seat].ting_turn = turns[seat]
    jiehu = _jiehu(board)
    if not board.ended:
        board.finish()
    if board.winner is None or board.discarder_seat is None:
        jiehu = []
    return Replayed(board, facts, jiehu)


def _jiehu(board: Board) -> list[int]:
    """On an open window with declared wins, the seats after the one that will win (in turn
    order from the discarder or robbed seat) that declared or could win on the tile (CC-2.3)."""
    claim = board.claim
    if board.ended or board.phase != "claim" or claim is None or not claim.hus:
        return []
    order = list(board.seats_after(claim.seat))
    winner = board.winners(claim)[0]
    later = order[order.index(winner) + 1 :]
    return [s for s in later if s in claim.hus or board.can_win_on(s, claim)]


def win_rows(board: Board, computed: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The hand's win as a ``wins`` row: the seat, the seat it was won from (the discarder or the
    robbed seat), the tile as read (a 摸宝's kind stands for the kind it read, CC-4.6), its fan
    ids joined by ``+`` in ``hand``, the way in ``ways`` and the winner's fan in ``multiple``."""
    win = board.win
    if win is None or board.winner is None:
        return []
    return [
        {
            "n": 0,
            "seat": board.winner,
            "from_seat": board.discarder_seat,
            "tile": CODES[win.tile],
            "hand": "+".join(computed.get("hands") or win.hands),
            "gen": None,
            "ways": [win.way],
            "multiple": win.fan,
        }
    ]


def _facts(
    record: Mapping[str, Any], computed: Mapping[str, Any] | None
) -> tuple[Replayed | None, list[ChangchunSeatFacts]]:
    if not computed:
        return None, []
    try:
        done = replayed(record)
    except (InputError, KeyError, TypeError, ValueError):  # a set-up the board refuses
        return None, []
    board, facts = done.board, done.facts
    win = board.win
    if win is not None and board.winner is not None:
        f = facts[board.winner]
        f.wins = 1
        f.way = win.way
        f.fan = win.fan
        f.self_draw_wins = int(board.discarder_seat is None)
        f.bao_wins = int(win.way in BAO_WAYS)
        f.hand_types = list(win.hands)
        if board.discarder_seat is not None:
            facts[board.discarder_seat].fed = 1
    for s in done.jiehu:
        facts[s].jiehu_lost = 1
    gang = computed.get("gang_deltas") or [0, 0, 0, 0]
    money = computed.get("win_deltas") or [0, 0, 0, 0]
    for s, seat in enumerate(board.seats):
        f = facts[s]
        f.ting = seat.ting
        if not seat.ting:
            f.ting_turn = None
        f.looks = len(board.learnt(s))
        f.leaked = seat.leaked
        f.sets = [m.kind for m in seat.melds if m.is_set]
        f.bu = sum(len(m.bu) for m in seat.melds if m.is_set)
        f.kongs = sum(1 for m in seat.melds if m.is_kong)
        f.gang_money = int(gang[s])
        f.win_money = int(money[s])
    return done, facts


def seat_facts(record: Mapping[str, Any], computed: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """One facts row per seat of a settled hand; [] when the hand was not settled."""
    return [f.to_json() for f in _facts(record, computed)[1]]


def store_facts(record: Mapping[str, Any], computed: Mapping[str, Any] | None) -> dict[str, Any]:
    """The store's private keys of an audit, from one replay: ``_changchun_facts`` (a row per
    seat) and ``_changchun_wins`` (the win's row, none at 荒庄)."""
    done, facts = _facts(record, computed)
    if done is None or computed is None:
        return {}
    return {
        "_changchun_facts": [f.to_json() for f in facts],
        "_changchun_wins": win_rows(done.board, computed),
    }
