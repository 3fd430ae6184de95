"""Play-order rules the replayer enforces, by R-id (hand-written boards, pushed event by event)."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest

from replay.games.wuhan.board import ACT, HAIDI, Board, IllegalEvent
from replay.games.wuhan.simulate import simulate
from replay.tiles import CODES
from schemas.audit import audit_records
from tests.replay.test_qipi_rules import deal_board


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


# --------------------------------------------------------------------------------------------
# Issue 35: in a record, R-2.2 / R-8.1 across a sitting
# --------------------------------------------------------------------------------------------


def test_R_4_2_four_laizi_are_never_an_an_gang_in_a_record() -> None:
    """R-4.2 ("Four laizi are never an an-gang"): indicator 5p, so the laizi is 6p (R-3.2). The
    dealer holds all four 6p and four 7p: the an-gang of 7p is listed and accepted, the an-gang
    of 6p is neither (only the 赖子杠 of one 6p is offered)."""
    board = deal_board({0: "6p 6p 6p 6p 7p 7p 7p 7p"}, "5p", preset="hzlzg")
    assert CODES[board.laizi] == "6p"
    gangs = {(a["kind"], a["tile"]) for a in board.legal_actions() if a["type"] == "gang"}
    assert ("an", "7p") in gangs and ("laizi", "6p") in gangs and ("an", "6p") not in gangs
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "gang", "seat": 0, "kind": "an", "tile": "6p"})
    assert code_of(err) == ("meld_with_laizi", "R-4.2")
    board.push({"type": "gang", "seat": 0, "kind": "an", "tile": "7p"})
    assert [(m.type, m.kind) for m in board.seats[0].melds] == [("gang", "an")]


def _record(no: int, dealer: int, body: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "wuhan-hand/1",
        "hand_id": f"r22-{no}",
        "source": "t",
        "session": {"id": "sit", "hand_no": no},
        "ruleset": {"preset": "hzlzg"},
        "seats": [{"player_id": f"p{s}"} for s in range(4)],
        "dealer": dealer,
        **body,
    }


def _dealt(hands: dict[int, str], events: list[dict[str, Any]], dealer: int) -> dict[str, Any]:
    """A deal-mode hand dealt with seat 0 dealing, turned so that ``dealer`` deals (seat s → s + dealer)."""
    board = deal_board(hands, "5p", preset="hzlzg")
    deal = [[CODES[t] for t in s.hand] for s in board.seats]
    return {
        "deal": deal[-dealer:] + deal[:-dealer] if dealer else deal,
        "laizi_indicator": "5p",
        "events": [{**e, "seat": (e["seat"] + dealer) % 4} if "seat" in e else e for e in events],
    }


# Seat 0 deals, pengs seat 1's 2m and wins 屁胡 on seat 1's 5m (345s 678s 123p 55m, a 将 pair).
DEALER_WINS = (
    {0: "2m 2m 3s 4s 5s 6s 7s 8s 1p 2p 3p 5m E S", 1: "2m 5m"},
    [
        {"type": "discard", "seat": 0, "tile": "E"},
        {"type": "draw", "seat": 1, "tile": "9p"},
        {"type": "discard", "seat": 1, "tile": "2m"},
        {"type": "peng", "seat": 0},
        {"type": "discard", "seat": 0, "tile": "S"},
        {"type": "draw", "seat": 1, "tile": "9p"},
        {"type": "discard", "seat": 1, "tile": "5m"},
        {"type": "hu", "seat": 0},
    ],
)
# Seat 0 deals; seat 1 chis 1m and wins 屁胡 on seat 2's 3s (123m 456s 789p 333s 55m).
NEXT_SEAT_WINS = (
    {0: "1m", 1: "2m 3m 4s 5s 6s 7p 8p 9p 3s 3s 5m 5m E"},
    [
        {"type": "discard", "seat": 0, "tile": "1m"},
        {"type": "chi", "seat": 1, "tiles": ["2m", "3m"]},
        {"type": "discard", "seat": 1, "tile": "E"},
        {"type": "draw", "seat": 2, "tile": "3s"},
        {"type": "discard", "seat": 2, "tile": "3s"},
        {"type": "hu", "seat": 1},
    ],
)


def _drawn_hand(dealer: int) -> dict[str, Any]:
    """A wall-mode hand (seed 7, as R-8.1's test) where every seat discards what it draws, to the
    end of the haidi draws and a 黄庄 (R-8.1)."""
    board = wall_board(seed=7, dealer=dealer)
    events: list[dict[str, Any]] = []

    def play(e: dict[str, Any]) -> None:
        board.push(e)
        events.append(e)

    seat = dealer
    play({"type": "discard", "seat": seat, "tile": CODES[board.seats[seat].hand[-1]]})
    while board.phase != HAIDI:
        seat = (seat + 1) % 4
        play({"type": "draw", "seat": seat})
        if board.phase != HAIDI:
            play({"type": "discard", "seat": seat, "tile": CODES[board.seats[seat].hand[-1]]})
    for _ in range(3):
        seat = (seat + 1) % 4
        play({"type": "draw", "seat": seat})
    play({"type": "huangzhuang"})
    assert board.ended and board.settlement is None
    return {"wall": shuffled_wall(7), "events": events}


@pytest.mark.parametrize(
    ("first", "dealer", "keeps"),
    [
        ("dealer_wins", 0, 0),  # the dealer wins: seat 0 deals again
        ("dealer_wins", 3, 3),
        ("next_seat_wins", 0, 1),  # a non-dealer wins: the deal passes to 下家 1
        ("next_seat_wins", 3, 0),  # dealer 3's 下家 is seat 0
        ("draw", 0, 0),  # a draw: the dealer stays
        ("draw", 2, 2),
    ],
)
def test_R_2_2_R_8_1_who_deals_the_next_hand(first: str, dealer: int, keeps: int) -> None:
    """R-2.2: the dealer keeps the seat on a dealer win or a draw (R-8.1), otherwise the dealer's
    下家 deals. Hand 2 dealt by ``keeps`` is accepted; dealt by any other seat it is illegal,
    dealer_not_rotated."""
    hand1 = {
        "dealer_wins": lambda: _dealt(*DEALER_WINS, dealer),
        "next_seat_wins": lambda: _dealt(*NEXT_SEAT_WINS, dealer),
        "draw": lambda: _drawn_hand(dealer),
    }[first]()
    for second in range(4):
        records = [_record(1, dealer, hand1), _record(2, second, _dealt(*NEXT_SEAT_WINS, second))]
        audits = audit_records((r, None) for r in records)
        assert audits[0]["status"] == "ok", audits[0]
        if second == keeps:
            assert audits[1]["status"] == "ok", audits[1]
        else:
            assert audits[1]["status"] == "illegal"
            assert (audits[1]["first_illegal"]["code"], audits[1]["first_illegal"]["rule"]) == (
                "dealer_not_rotated",
                "R-2.2",
            )


def test_R_2_2_the_simulator_passes_the_deal_by_the_rule() -> None:
    """R-2.2 in ``replay simulate``'s sittings: each next hand is dealt by the same dealer after a
    dealer win or a draw, by the dealer's 下家 after any other win (every case occurs below)."""
    records = list(simulate(40, 3))
    seen = set()
    for a, b in pairwise(records):
        if a["session"]["id"] != b["session"]["id"]:
            continue
        winner, dealer = a["result"]["winner"], a["dealer"]
        case = "draw" if winner is None else "dealer" if winner == dealer else "other"
        seen.add(case)
        assert b["dealer"] == (dealer if case != "other" else (dealer + 1) % 4), (case, a["hand_id"])
    assert seen == {"draw", "dealer", "other"}


def test_R_6_2_a_refused_precondition_refuses_the_hu_event() -> None:
    """R-6.2 / R-4.1 through the replayer, not only ``evaluate``: seat 1 holds 123m 456m 789m
    23s 55s (a complete 屁胡 on 1s or 4s, 将 55s) but has never opened, so the dealer's 4s
    cannot be won on: the hu event is refused with R-6.2's code, nothing is settled, and the
    seat is not offered the win."""
    tiles = "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 5s 5s"
    board = deal_board({0: "4s", 1: tiles}, "9p", preset="hzlzg")
    board.push({"type": "discard", "seat": 0, "tile": "4s"})
    assert not any(a["type"] == "hu" and a["seat"] == 1 for a in board.legal_actions())
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "hu", "seat": 1})
    assert code_of(err) == ("not_opened", "R-6.2")
    assert board.settlement is None


@pytest.mark.parametrize(
    ("discard", "overrides", "code"),
    [("7s", {}, ("not_a_winning_hand", "R-7.2")), ("4s", {"qihu": 100}, ("below_qihu", "R-10.7"))],
    ids=["no-shape", "below-qihu"],
)
def test_R_7_2_R_10_7_a_refused_win_refuses_the_hu_event(
    discard: str, overrides: dict[str, Any], code: tuple[str, str]
) -> None:
    """Seat 1 opens with a chi of the dealer's 3m (1m 2m + 3m), leaving 456m 789m 23s 55s: a
    屁胡 on 1s or 4s. Seat 2's 7s completes nothing (R-7.2); its 4s does, but the 屁胡 pays
    W = 1·2 (opened)·2 (hard) = 4: dealer 0 (庄) 8, seat 2 (放冲) 8, seat 3 4 — all short of
    起胡 100 (R-10.7). Either way the hu event is refused with that code and nothing is
    settled; without 起胡 the 4s is won (the other side of the boundary)."""
    hands = {0: "3m 4s 7s", 1: "1m 2m 4m 5m 6m 7m 8m 9m 2s 3s 5s 5s E", 2: "4s 7s"}
    for rules, refused in ((overrides, True), ({}, discard == "7s")):
        board = deal_board(hands, "9p", preset="hzlzg", **rules)
        push(
            board,
            {"type": "discard", "seat": 0, "tile": "3m"},
            {"type": "chi", "seat": 1, "tiles": ["1m", "2m"]},
            {"type": "discard", "seat": 1, "tile": "E"},
            {"type": "draw", "seat": 2, "tile": "9s"},
            {"type": "discard", "seat": 2, "tile": discard},
        )
        if refused:
            with pytest.raises(IllegalEvent) as err:
                board.push({"type": "hu", "seat": 1})
            assert code_of(err) == code
            assert board.settlement is None
        else:
            board.push({"type": "hu", "seat": 1})
            assert board.settlement is not None and board.settlement.deltas == [-8, 20, -8, -4]


def test_R_7_14_a_jianzi_hand_is_refused_a_discard_in_a_record_and_may_self_draw() -> None:
    """R-7.14 through the replayer: seat 1 pengs the dealer's 7m, E, 1s and 9m (discarding 2p,
    3p, 4p, 6p) and is left holding the lone laizi 9p (indicator 8p): it would win on any tile
    (见字胡), so seat 2's S cannot be won on (the hu event is refused, nothing settled); two
    turns later it draws an S itself and wins by self-draw (S0: 见字胡只能自摸)."""
    board = deal_board(
        {0: "7m E 1s 9m", 1: "7m 7m E E 1s 1s 9m 9m 9p 2p 3p 4p 6p", 2: "3m"}, "8p", preset="hzlzg"
    )
    for tile, thrown in (("7m", "2p"), ("E", "3p"), ("1s", "4p"), ("9m", "6p")):
        push(
            board,
            {"type": "discard", "seat": 0, "tile": tile},
            {"type": "peng", "seat": 1},
            {"type": "discard", "seat": 1, "tile": thrown},
            {"type": "draw", "seat": 2, "tile": "N" if tile != "9m" else "S"},
            {"type": "discard", "seat": 2, "tile": "N" if tile != "9m" else "S"},
        )
        if tile != "9m":
            push(
                board,
                {"type": "draw", "seat": 3, "tile": "W"},
                {"type": "discard", "seat": 3, "tile": "W"},
                {"type": "draw", "seat": 0, "tile": "F"},
            )
    assert [CODES[t] for t in board.seats[1].hand] == ["9p"] and len(board.seats[1].melds) == 4
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "hu", "seat": 1})
    assert code_of(err) == ("jianzi_discard", "R-7.14")
    assert board.settlement is None
    push(
        board,
        {"type": "draw", "seat": 3, "tile": "P"},
        {"type": "discard", "seat": 3, "tile": "P"},
        {"type": "draw", "seat": 0, "tile": "P"},
        {"type": "discard", "seat": 0, "tile": "P"},
        {"type": "draw", "seat": 1, "tile": "S"},
        {"type": "hu", "seat": 1},
    )
    assert board.settlement is not None and board.settlement.winner == 1
