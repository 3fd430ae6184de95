"""Play-order rules the replayer enforces, by R-id (hand-written boards, pushed event by event)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from replay.games.wuhan.board import ACT, HAIDI, Board, IllegalEvent
from replay.tiles import CODES


def shuffled_wall(seed: int) -> list[str]:
    wall = [c for c in CODES for _ in range(4)]
    random.Random(seed).shuffle(wall)
    return wall


def wall_board(seed: int = 1, dealer: int = 0, **overrides: Any) -> Board:
    record = {
        "ruleset": {"preset": "hzlzg", "overrides": overrides},
        "dealer": dealer,
        "wall": shuffled_wall(seed),
    }
    return Board.from_record(record)


def push(board: Board, *events: dict[str, Any]) -> None:
    for e in events:
        board.push(e)


def tsumogiri_until(board: Board, live: int) -> None:
    """Every seat discards what it draws (no claims) until ``live`` tiles are left to draw."""
    seat = board.turn
    board.push({"type": "discard", "seat": seat, "tile": CODES[board.seats[seat].hand[-1]]})
    while board.live > live:
        seat = (seat + 1) % 4
        board.push({"type": "draw", "seat": seat})
        board.push({"type": "discard", "seat": seat, "tile": CODES[board.seats[seat].hand[-1]]})


def code_of(err: pytest.ExceptionInfo[IllegalEvent]) -> tuple[str, str]:
    return err.value.reason.code, err.value.reason.rule


def test_R_2_1_dealer_starts_with_14_and_plays_first() -> None:
    board = wall_board(dealer=2)
    assert [len(s.hand) for s in board.seats] == [13, 13, 14, 13]
    assert board.phase == ACT and board.turn == 2
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "draw", "seat": 3})
    assert code_of(err) == ("out_of_turn", "R-5.1")


def test_R_3_1_deal_follows_the_wall_order_and_the_indicator_is_tile_53() -> None:
    wall = shuffled_wall(3)
    board = Board.from_record({"ruleset": {"preset": "hzlzg"}, "dealer": 1, "wall": wall})
    assert board.seats[1].hand[:4] == [CODES.index(t) for t in wall[0:4]]  # dealer's first four
    assert board.seats[2].hand[:4] == [CODES.index(t) for t in wall[4:8]]
    assert board.seats[1].hand[-1] == CODES.index(wall[52])  # the dealer's 14th
    assert board.indicator == CODES.index(wall[53])


def test_R_3_3_normal_draws_from_the_front_replacements_from_the_back() -> None:
    wall = shuffled_wall(5)
    board = Board.from_record({"ruleset": {"preset": "hzlzg"}, "dealer": 0, "wall": wall})
    board.push({"type": "discard", "seat": 0, "tile": CODES[board.seats[0].hand[0]]})
    assert board.peek_draw() == CODES.index(wall[54])
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "draw", "seat": 1, "tile": wall[135] if wall[135] != wall[54] else wall[55]})
    assert code_of(err)[1] == "R-3.3"
    board.push({"type": "draw", "seat": 1, "tile": wall[54]})
    board.seats[1].hand.append(board.laizi)  # give seat 1 a laizi to gang (test set-up only)
    board.push({"type": "gang", "seat": 1, "kind": "laizi", "tile": CODES[board.laizi]})
    assert board.peek_draw() == CODES.index(wall[135])


def test_R_3_4_haidi_draws_then_only_a_draw_remains() -> None:
    board = wall_board(seed=7)
    tsumogiri_until(board, 15)
    nxt = (board.last_discard[0] + 1) % 4  # type: ignore[index]
    board.push({"type": "draw", "seat": nxt})  # 15 left: an ordinary draw
    board.push({"type": "discard", "seat": nxt, "tile": CODES[board.seats[nxt].hand[-1]]})
    assert board.live == 14
    first = (nxt + 1) % 4
    board.push({"type": "draw", "seat": first})  # 14 left: the 海底捞 phase begins
    assert board.phase == HAIDI and board.haidi_drawn == 1
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "discard", "seat": first, "tile": CODES[board.seats[first].hand[-1]]})
    assert code_of(err) == ("haidi_no_discard", "R-3.4")
    for k in (1, 2, 3):
        board.push({"type": "draw", "seat": (first + k) % 4})
    assert board.live == 10  # the last 10 tiles are never drawn
    assert [a["type"] for a in board.legal_actions() if a["type"] != "hu"] == ["huangzhuang"]


def test_R_3_5_no_kong_at_the_haidi_line() -> None:
    board = wall_board(seed=9)
    tsumogiri_until(board, 14)
    seat = board.last_discard[0]  # type: ignore[index]
    board.seats[seat].hand.append(board.seats[seat].hand[0])  # set-up only: a pair to ming-gang with
    tile = CODES[board.seats[seat].hand[0]]
    board.last_discard = (board.last_discard[0], board.seats[seat].hand[0])  # type: ignore[index]
    claimer = (seat + 1) % 4
    board.seats[claimer].hand += [board.seats[seat].hand[0]] * 3
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "gang", "seat": claimer, "kind": "ming", "tile": tile})
    assert code_of(err) == ("late_kong", "R-3.5")
    assert not any(a["type"] == "gang" for a in board.legal_actions())


def test_R_5_1_draw_then_act_and_no_second_discard() -> None:
    board = wall_board(seed=2)
    first = CODES[board.seats[0].hand[0]]
    board.push({"type": "discard", "seat": 0, "tile": first})
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "discard", "seat": 0, "tile": CODES[board.seats[0].hand[0]]})
    assert code_of(err) == ("out_of_turn", "R-5.1")


def test_R_5_2_chi_only_from_the_previous_seat() -> None:
    deal = {
        "ruleset": {"preset": "hzlzg"},
        "dealer": 0,
        "laizi_indicator": "E",  # laizi S
        "deal": [
            "3m 9p 9p 9p 1s 1s 1s 2s 2s 2s 7p 7p 7p N".split(),
            "1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p W".split(),
            "4m 5m 6p 6p 6p 7s 7s 7s 8s 8s 8s 9s 9s".split(),
            "5p 5p 5p 6s 6s 6s 3s 3s 3s 4s 4s 4s P".split(),
        ],
    }
    board = Board.from_record(deal)
    board.push({"type": "discard", "seat": 0, "tile": "3m"})
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "chi", "seat": 2, "tiles": ["4m", "5m"]})
    assert code_of(err) == ("chi_not_from_previous_seat", "R-5.2")


TWO_WAITING = {
    "ruleset": {"preset": "hzlzg"},
    "dealer": 0,
    "laizi_indicator": "E",  # laizi 南 S: nobody holds one
    "deal": [
        "9p 1s 5m 2m 2m 2m 8m 8m 8m 7p 7p 7p N P".split(),
        "9p 9p 6m 7m 2s 3s 4s 6p 7p 8p 2p 2p W".split(),
        "1m 1m 1m 9m 9m 9m E E E F F F P".split(),
        "1s 1s 3m 4m 3p 4p 5p 6s 7s 8s 5s 5s N".split(),
    ],
}
# Seat 1 pengs 9p and waits on 5m/8m; seat 3 pengs 1s and waits on 2m/5m; then seat 0 throws 5m.
TO_THE_5M = [
    {"type": "discard", "seat": 0, "tile": "9p"},
    {"type": "peng", "seat": 1},
    {"type": "discard", "seat": 1, "tile": "W"},
    {"type": "draw", "seat": 2, "tile": "C"},
    {"type": "discard", "seat": 2, "tile": "C"},
    {"type": "draw", "seat": 3, "tile": "6p"},
    {"type": "discard", "seat": 3, "tile": "6p"},
    {"type": "draw", "seat": 0, "tile": "4s"},
    {"type": "discard", "seat": 0, "tile": "1s"},
    {"type": "peng", "seat": 3},
    {"type": "discard", "seat": 3, "tile": "N"},
    {"type": "draw", "seat": 0, "tile": "3p"},
    {"type": "discard", "seat": 0, "tile": "5m"},
]


def two_waiting() -> Board:
    board = Board.from_record(TWO_WAITING)
    push(board, *TO_THE_5M)
    return board


def test_R_5_3_both_may_win_first_in_turn_order_listed_first() -> None:
    board = two_waiting()
    wins = [a["seat"] for a in board.legal_actions() if a["type"] == "hu"]
    assert wins == [1, 3]
    board.push({"type": "hu", "seat": 1})
    assert board.settlement is not None and board.settlement.winner == 1


def test_R_5_3_one_winner_only_a_second_hu_is_illegal() -> None:
    board = two_waiting()
    board.push({"type": "hu", "seat": 1})
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "hu", "seat": 3})
    assert code_of(err) == ("event_after_end", "R-5.3")


def test_R_5_4_no_furiten_a_declined_win_may_be_taken_later() -> None:
    board = two_waiting()
    push(
        board,
        {"type": "pass", "seat": 1},
        {"type": "pass", "seat": 3},
        {"type": "draw", "seat": 1, "tile": "1p"},
        {"type": "discard", "seat": 1, "tile": "1p"},
        {"type": "draw", "seat": 2, "tile": "3s"},
        {"type": "discard", "seat": 2, "tile": "3s"},
        {"type": "draw", "seat": 3, "tile": "9s"},
        {"type": "discard", "seat": 3, "tile": "9s"},
        {"type": "draw", "seat": 0, "tile": "W"},
        {"type": "discard", "seat": 0, "tile": "8m"},
    )
    board.push({"type": "hu", "seat": 1})  # seat 1 let 5m go, yet may win on 8m
    assert board.settlement is not None and board.settlement.winner == 1


def test_R_8_1_a_draw_pays_nothing_and_comes_only_after_the_haidi_draws() -> None:
    board = wall_board(seed=7)
    with pytest.raises(IllegalEvent) as err:
        push(
            board,
            {"type": "discard", "seat": 0, "tile": CODES[board.seats[0].hand[0]]},
            {"type": "huangzhuang"},
        )
    assert code_of(err)[0] == "early_huangzhuang"
    board = wall_board(seed=7)
    tsumogiri_until(board, 14)
    nxt = (board.last_discard[0] + 1) % 4  # type: ignore[index]
    for k in range(4):
        seat = (nxt + k) % 4
        board.push({"type": "draw", "seat": seat})
    if board.ended:  # pragma: no cover - this wall has no haidi win
        pytest.skip("a haidi win on this wall")
    board.push({"type": "huangzhuang"})
    assert board.ended and board.settlement is None


def _random_event(rng: random.Random) -> dict[str, Any]:
    kind = rng.choice(["draw", "discard", "chi", "peng", "gang", "hu", "huangzhuang"])
    seat = rng.randrange(4)
    tile = rng.choice(CODES)
    if kind == "chi":
        return {"type": kind, "seat": seat, "tiles": [tile, rng.choice(CODES)]}
    if kind == "gang":
        return {
            "type": kind,
            "seat": seat,
            "kind": rng.choice(["ming", "an", "xu", "pizi", "laizi"]),
            "tile": tile,
        }
    if kind == "huangzhuang":
        return {"type": kind}
    return {"type": kind, "seat": seat, "tile": tile} if kind != "peng" else {"type": kind, "seat": seat}


def test_a_refused_event_leaves_the_board_as_it_was() -> None:
    """python-chess style: ``push`` either applies an event or raises and changes nothing."""
    rng = random.Random(12)
    refused = 0
    for seed in range(12):
        board = wall_board(seed=seed)
        for _ in range(120):
            if board.ended:
                break
            before = board.snapshot()
            try:
                board.push(_random_event(rng))
            except IllegalEvent:
                refused += 1
                assert board.snapshot() == before
            legal = board.legal_actions()
            if legal and not board.ended:
                pick = rng.choice([a for a in legal if a["type"] != "hu"] or legal)
                board.push(pick)
    assert refused > 500
