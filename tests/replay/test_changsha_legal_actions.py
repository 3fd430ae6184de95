"""``legal_actions`` as whole lists where the first screens left its candidates unasked (issue 35):
a 补杠 (xu kong) of a peng's fourth tile, and the chi candidates at each place of a suit."""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.changsha.board import Board, legal_actions
from replay.games.changsha.reading import Meld
from replay.games.changsha.tiles import parse
from replay.tiles import CODES
from tests.changsha_builders import event, record
from tests.replay.test_changsha_board import E6_HANDS
from tests.replay.test_changsha_legality import QISHOU_TIANHU, locked_haidi, refusal


def pushed(rec: dict[str, Any]) -> Board:
    board = Board.from_record(rec)
    for e in rec["events"]:
        board.push(e)
    return board


XU_HANDS = [
    "13579m 13579s 139p 5p",
    "55p 2468m 2468s 246p",
    "13579m 13579s 139p",
    "2468m 2468s 2468p 7p",
]
XU_EVENTS = ["x0 5p", "p1", "x1 2m", "d2 7p", "x2 7p", "d3 7p", "x3 7p", "d0 7p", "x0 7p", "d1 5p"]


def test_CS_3_3_a_pengs_fourth_tile_is_offered_as_a_xu_kong() -> None:
    """CS-3.3: "xu (4th tile added to own peng, own turn)". Seat 1 pengs the dealer's 5p, lets
    2m go, and draws the fourth 5p: holding 468m 2468s 246p + 5p beside the peng of 5p it may
    xu-kong 5p as 补张 (CS-3.4), not as 开杠 (CS-3.5 asks tenpai with the kong aside:
    468m 2468s 246p waits on nothing), and no an-kong (one 5p in hand, no four of a kind)."""
    board = pushed(record(XU_HANDS, XU_EVENTS))
    assert board.phase == "act" and board.actor == 1
    assert [a for a in legal_actions(board) if a["type"] == "gang"] == [
        {"type": "gang", "seat": 1, "kind": "xu", "tile": "5p", "mode": "bu"},
    ]
    discards = [a["tile"] for a in legal_actions(board) if a["type"] == "discard"]
    assert discards == ["4m", "6m", "8m", "2s", "4s", "6s", "8s", "2p", "4p", "5p", "6p"]


CHI_HANDS = [
    "3m 456m 1s 567s 3p 678p 9m 9p",
    "12m 23s 1245p 79m 8s 8p 6p",
    "12345678m 12345s",
    "6789s 123456789p",
]


@pytest.mark.parametrize(
    ("tile", "pairs"),
    [
        ("3m", [["1m", "2m"]]),  # 1m is code 0: the lowest chi of the first suit
        ("1s", [["2s", "3s"]]),  # 1s is code 9: no 8m 9m below it (another suit)
        ("3p", [["1p", "2p"], ["2p", "4p"], ["4p", "5p"]]),  # low, middle and high around 3p
    ],
)
def test_CS_3_2_chi_candidates_are_the_next_seats_runs_in_the_suit(tile: str, pairs: list[list[str]]) -> None:
    """CS-3.2: only the next seat chis, a run of the discard's suit. Seat 1 holds 12m 23s 1245p:
    on the dealer's 3m it may chi 1m 2m only (no 4m, 5m); on 1s, 2s 3s only (the tiles below 1s
    are 8m 9m, another suit); on 3p all three places: 1p 2p, 2p 4p (the tile in the middle) and
    4p 5p. Nobody else may claim (no pair of the tile, no win), so then seat 1 draws."""
    board = pushed(record(CHI_HANDS, [f"x0 {tile}"]))
    assert legal_actions(board) == [
        *[{"type": "chi", "seat": 1, "tile": tile, "tiles": p} for p in pairs],
        {"type": "draw", "seat": 1},
    ]


def test_CS_6_4_without_a_wall_the_dealers_tianhu_is_still_offered_after_a_qishou() -> None:
    """CS-6.4 / CS-4.3: in deal mode (no ``wall``) the record names the birds, so ``legal_actions``
    leaves them out, but not what follows them: after seat 1's 四喜 (QISHOU_TIANHU) the dealer may
    still add 缺一色 or win 天胡 with its dealt 14, seat 2 declare 缺一色 + 六六顺, seat 3 六六顺 (the
    same list as with a wall, less the bird 5m)."""
    rec = record(QISHOU_TIANHU, ["q1 sixi", "h0", "b 5m"], wall=False)
    board = Board.from_record(rec)
    board.push(rec["events"][0])
    assert board.phase == "qishou" and board.wall is None
    assert legal_actions(board) == [
        {"type": "qishou", "seat": 0, "kinds": ["queyise"], "die": 1},
        {"type": "qishou", "seat": 2, "kinds": ["queyise", "liuliushun"], "die": 1},
        {"type": "qishou", "seat": 3, "kinds": ["liuliushun"], "die": 1},
        {"type": "hu", "seat": 0},
    ]


@pytest.mark.parametrize(("birds", "code"), [("6s", None), ("", "birds_count"), ("6s 1m", "birds_count")])
def test_CS_6_4_without_a_wall_the_haidi_win_takes_one_bird(birds: str, code: str | None) -> None:
    """CS-6.4: with the wall empty the bird is the last tile out, one bird whatever ``birds`` is
    (2 in the preset). The locked 海底 win of ``locked_haidi`` (seat 3's 海底捞月 on 6s, 0 tiles
    left) in deal mode: the record names that one bird, 6s; none or two are ``birds_count``."""
    walled = locked_haidi(["h3"])
    rec = {k: v for k, v in walled.items() if k != "wall"} | {
        "deal": record(E6_HANDS, [], wall=False)["deal"]
    }
    board = Board.from_record(rec)
    for e in rec["events"]:
        board.push(e)
    assert board.wall is None and board.left == 0 and board.phase == "settle"
    if code is None:
        board.push(event(f"b {birds}"))
        assert board.phase == "ended" and [CODES[t] for t in board.birds or []] == ["6s"]
    else:
        assert refusal(board, f"b {birds}".strip())[0] == code


@pytest.mark.parametrize(("scope", "three_p"), [("same_tile", True), ("any_tile", False)])
def test_CS_3_9_can_win_on_answers_the_louhu_lock(scope: str, three_p: bool) -> None:
    """CS-3.9 as the bots and mistake detectors ask it (``can_win_on``): E11's seat 3 (45p 123m
    456s 789s 22m) waits on 3p/6p and lets seat 1's 6p go. Until its next draw it may not win on
    6p from another seat; on 3p it may with ``louhu_scope: same_tile``, not with ``any_tile``.
    Seat 2 (no wait on either) may win on neither."""
    from tests.replay.test_changsha_board import E11_HANDS

    head = ["x0 9m", "d1 5m", "x1 6p", "d2 1m"]
    board = Board.from_record(record(E11_HANDS, head, overrides={"louhu_scope": scope}))
    for e in head:
        board.push(event(e))
    six, three = parse("6p", "tile"), parse("3p", "tile")
    assert board.waits_of(3) == (three, six)
    assert [board.can_win_on(3, six), board.can_win_on(3, three)] == [False, three_p]
    assert [board.can_win_on(2, six), board.can_win_on(2, three)] == [False, False]


def test_CS_6_2_result_lists_each_payment_from_payer_to_winner() -> None:
    """CS-6.2/CS-6.3/CS-6.4: E1's seat 2 self-draws 平胡 (small, k 1): 10 from each other seat, 20
    from the dealer (seat 0); the bird 7s (wall[55]) hits seat 2 itself: (0 + 7 − 1) mod 4 = 2,
    so every payment doubles: seat 3 20, seat 0 40, seat 1 20 (deltas [−40, −20, 80, −20])."""
    from tests.replay.test_changsha_board import E1_HANDS
    from tests.replay.test_changsha_legality import E1_WIN

    rec = record(E1_HANDS, [*E1_WIN, "b 7s"])
    board = Board.from_record(rec)
    for e in rec["events"]:
        board.push(e)
    got = board.result()
    assert got["deltas"] == [-40, -20, 80, -20]
    assert [(p["from"], p["to"], p["amount"]) for p in got["payments"]] == [
        (3, 2, 20),
        (0, 2, 40),
        (1, 2, 20),
    ]


def test_CS_3_2_a_discard_and_peng_after_a_snapshot_leave_the_snapshot_alone() -> None:
    """What the mistake analysis relies on (it keeps a ``snapshot()`` after every event): after
    a snapshot of E1's opening board the dealer discards 9p (a new window) and seat 3 (99p in
    hand) pengs it (CS-3.2); the snapshot still has the dealer's 9p, seat 3 without melds and
    its 99p, and the dealer to act."""
    from tests.replay.test_changsha_board import E1_HANDS

    board = Board.from_record(record(E1_HANDS, []))
    nine = parse("9p", "tile")
    kept = board.snapshot()
    board.push({"type": "discard", "seat": 0, "tile": "9p"})
    board.push({"type": "peng", "seat": 3, "tile": "9p"})
    assert board.seats[3].melds == [Meld("peng", nine)] and board.seats[3].hand[nine] == 0
    assert kept.seats[3].melds == [] and kept.seats[3].hand[nine] == 2
    assert kept.seats[0].hand[nine] == 1 and (kept.phase, kept.actor) == ("act", 0)
