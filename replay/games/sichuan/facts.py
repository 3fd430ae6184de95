"""Per-seat facts of one Sichuan hand, the raw material of a player's Sichuan habits.

What a seat did with the openings (the three tiles it gave away in 换三张, the suit it declared
void in 定缺 and how many of its own discards it took to clear that suit), how often it won and
how (first, self-drawn, which hand type, which multiple), how often it paid a win as discarder
(点炮), its kongs, and how the end of the wall found it (花猪, 下叫, paid 查大叫, bankrupt).

Read from a validated record and the engine's ``computed`` result, not from the app's
``result``: a habit is what the player did under the rules. Kept in the domain (no store code)
so the rules of what counts stay with the game, as ``replay.analysis.facts`` does for Wuhan.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from replay.errors import InputError
from replay.games.sichuan import tiles as T
from replay.games.sichuan.board import Board, IllegalEvent
from replay.tiles import CODES

#: ``hand`` ids that are 清一色 or one of its stronger forms (SC-4.2): what "chasing 清一色" counts.
ONE_SUIT_HANDS = frozenset(
    {"qingyise", "qingdui", "qingqidui", "qingjingoudiao", "qingyaojiu", "qinglongqidui"}
)


@dataclass
class SichuanSeatFacts:
    """One seat's row of ``sichuan_seat_facts`` (see docs/store.md)."""

    seat: int
    void_suit: str | None = None  # 定缺: m, s or p (None when the hand had no 定缺)
    swapped: list[str] | None = None  # 换三张: the three tiles the seat gave away
    void_turns: int | None = None  # own discards made before the void suit was first empty
    wins: int = 0
    self_draw_wins: int = 0
    first_win: int | None = None  # the seat's place among winners (1 = won first)
    fed: int = 0  # wins it paid as the discarder or robbed seat (点炮)
    kongs: int = 0
    kong_coins: int = 0  # coins received for its kongs, after 呼叫转移 and 退税 moved any away
    huazhu: bool = False  # 查花猪 found it (SC-6.1)
    tenpai: bool = False  # ready (下叫) at an end of wall (SC-6.2)
    paid_dajiao: bool = False  # paid 查大叫 (SC-6.3)
    bankrupt: bool = False  # ended with no coins (破产, §7)
    max_multiple: int | None = None  # the largest multiple M of its wins
    one_suit_wins: int = 0  # wins with a 清一色 hand type
    hand_types: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _replayed(record: Mapping[str, Any]) -> tuple[list[int | None], list[int]]:
    """For each seat, its own discards before it first held no void-suit tile (None: never), and
    the kongs it made that stood (a robbed 补杠 is none).

    Replayed on the board, so draws from a ``wall`` (which may name no tile) count too.
    """
    board = Board.from_record(record)
    discards = [0, 0, 0, 0]
    out: list[int | None] = [None, None, None, None]
    for event in record["events"]:
        try:
            board.push(event)
        except IllegalEvent:
            break
        if event.get("type") == "discard" and isinstance(event.get("seat"), int):
            discards[event["seat"]] += 1
        for s, seat in enumerate(board.seats):
            if out[s] is None and seat.void is not None and seat.holds_void() is None:
                out[s] = discards[s]
    board.finish()
    return out, [len(seat.kongs) for seat in board.seats]


def seat_facts(record: Mapping[str, Any], computed: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """One facts row per seat of a replayed hand; [] when the hand was not settled."""
    if not computed:
        return []
    facts = [SichuanSeatFacts(seat=s) for s in range(4)]
    voids: list[int | None] = [None, None, None, None]
    for event in record["events"]:
        if event.get("type") == "dingque":
            for s, suit in enumerate(event.get("suits") or []):
                voids[s] = T.parse_suit(suit, f"suits[{s}]")
                facts[s].void_suit = T.SUIT_CODES[voids[s] or 0]
        elif event.get("type") == "swap":
            for s, given in enumerate(event.get("tiles") or []):
                facts[s].swapped = [CODES[T.parse(t, "tile")] for t in given]
    try:
        turns, kongs = _replayed(record)
    except (InputError, KeyError, TypeError, ValueError):  # a set-up the board refuses: no facts
        turns, kongs = [None, None, None, None], [0, 0, 0, 0]
    for s in range(4):
        facts[s].void_turns = turns[s] if voids[s] is not None else None
        facts[s].kongs = kongs[s]
    for order, win in enumerate(computed.get("wins") or [], start=1):
        f = facts[win["seat"]]
        f.wins += 1
        if f.first_win is None:
            f.first_win = order
        if win.get("from") is None:
            f.self_draw_wins += 1
        else:
            facts[win["from"]].fed += 1
        f.max_multiple = max(f.max_multiple or 0, int(win.get("multiple") or 0))
        f.hand_types.append(str(win.get("hand")))
        if win.get("hand") in ONE_SUIT_HANDS:
            f.one_suit_wins += 1
    for t in computed.get("transfers") or []:
        if str(t.get("kind", "")).startswith("gang_"):
            facts[t["to"]].kong_coins += int(t["amount"])
        elif t.get("kind") in ("zhuanyi", "tuishui"):
            facts[t["from"]].kong_coins -= int(t["amount"])
        elif t.get("kind") == "dajiao" and t.get("amount"):
            facts[t["from"]].paid_dajiao = True
    for s in computed.get("huazhu") or []:
        facts[s].huazhu = True
    for s in computed.get("tenpai") or []:
        facts[s].tenpai = True
    stacks = record.get("stacks")
    deltas = computed.get("deltas") or [0, 0, 0, 0]
    if isinstance(stacks, list) and len(stacks) == 4:
        for s in range(4):
            facts[s].bankrupt = stacks[s] + deltas[s] <= 0
    return [f.to_json() for f in facts]
