"""Sichuan's board refuses each illegal event with its code, its SC id and the whole message
(issue 35: a refusal naming the wrong seat, tile or count passed every older test, which read the
code alone). Hands are dealt by hand (``tests/sichuan_builders.py``); each expected message is
worked out from ``../shared/rules/sichuan.md`` and the catalogue (``reasons.py``) in the comment
beside it, and each boundary is tried on both sides.

E1 (``test_sichuan_board.py``), 定缺 ``smpm`` (seat 0 void 条, 1 万, 2 筒, 3 万):

- seat 0 (dealer, 14): 123m 456m 678m 2p 11p 9s 5s
- seat 1: 7777s 555p 234s 88s 9p
- seat 2: 11m 234m 567m 999m 78m
- seat 3: 45p 11s 33s 66s 88p 22p 9s

``record`` puts the 定缺 event first, so E1's event k is the record's event k + 1; the deal takes
53 of the 108 tiles (SC-1.4), so 55 are left before the first draw.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from replay.errors import InputError
from replay.games.sichuan.board import Board, IllegalEvent
from tests.replay.test_sichuan_board import E1_DEAL, E1_EVENTS, play
from tests.replay.test_sichuan_rules import leave
from tests.sichuan_builders import event, record, tiles, with_wall

Refusal = tuple[str, str, str]


def until(rec: dict[str, Any], n: int | None = None) -> Board:
    """The board after the first ``n`` events of ``rec`` (all of them by default)."""
    board = Board.from_record(rec)
    for e in rec["events"][:n]:
        board.push(e)
    return board


def refusal(board: Board, e: str | dict[str, Any]) -> Refusal:
    """(code, rule, message) of the refused event; the board is tried on a copy."""
    trial = copy.deepcopy(board)
    with pytest.raises(IllegalEvent) as err:
        trial.push(event(e) if isinstance(e, str) else e)
    r = err.value.reason
    return r.code, r.rule, r.message


def first_illegal(rec: dict[str, Any]) -> tuple[int, str, str, str]:
    """(event index, code, rule, message) of the record's first refused event."""
    board = Board.from_record(rec)
    for i, e in enumerate(rec["events"]):
        try:
            board.push(e)
        except IllegalEvent as err:
            r = err.reason
            return i, r.code, r.rule, r.message
    raise AssertionError("every event was legal")


def bad_input(board: Board, e: dict[str, Any]) -> tuple[str, str]:
    """(field, message) of the InputError an unreadable event raises."""
    with pytest.raises(InputError) as err:
        copy.deepcopy(board).push(e)
    return err.value.field, err.value.message


def e1(events: list[str] | None = None, **kw: Any) -> dict[str, Any]:
    return record(E1_DEAL, E1_EVENTS if events is None else events, que=kw.pop("que", "smpm"), **kw)


def swap_event(direction: Any, picks: list[str]) -> dict[str, Any]:
    return {"type": "swap", "direction": direction, "tiles": [tiles(p) for p in picks]}


# SC-2.1 换三张 ---------------------------------------------------------------------------------------
def test_SC_2_1_a_missing_swap_names_the_tables_setting() -> None:
    """swap_three 'any' and the record starts with 定缺: event 0 is refused (swap_missing)."""
    rec = e1(["x0 9s"], overrides={"swap_three": "any"})
    assert first_illegal(rec) == (
        0,
        "swap_missing",
        "SC-2.1",
        "the hand needs a 换三张 swap event before play (swap_three is 'any')",
    )


def test_SC_2_1_the_swap_direction() -> None:
    """Only next/prev/across; a fixed swap_direction must be the event's (random takes any)."""
    board = Board.from_record(e1([], que=None, overrides={"swap_three": "any"}))
    ok = ["123m", "234s", "11m 2m", "11s 3s"]
    assert refusal(board, swap_event("left", ok)) == (
        "bad_swap",
        "SC-2.1",
        "direction must be next, prev or across, not 'left'",
    )
    assert refusal(board, swap_event(None, ok))[2] == "direction must be next, prev or across, not None"
    fixed = Board.from_record(e1([], que=None, overrides={"swap_three": "any", "swap_direction": "across"}))
    assert refusal(fixed, swap_event("next", ok)) == (
        "bad_swap",
        "SC-2.1",
        "this table swaps across (换三张), not next",
    )
    fixed.push(swap_event("across", ok))  # the table's own direction is taken
    assert fixed.phase == "dingque"


@pytest.mark.parametrize(
    ("direction", "receiver"),
    [("next", 1), ("prev", 3), ("across", 2)],
)
def test_SC_2_1_each_direction_passes_to_its_seat(direction: str, receiver: int) -> None:
    """SC-2.1: next s→s+1, prev s→s−1 (seat 0's tiles to seat 3), across s→s+2. Seat 0 gives
    1m 2m 3m, seat 1 gives 2s 3s 4s: the receiver of seat 0 holds one more 1m than it was dealt
    (seat 2 was dealt 11m, the others none); every hand keeps its size, the dealer 14."""
    board = Board.from_record(e1([], que=None, overrides={"swap_three": "same_suit", "dingque": False}))
    dealt_1m = [board.seats[s].hand[0] for s in range(4)]
    board.push(swap_event(direction, ["123m", "234s", "11m 2m", "11s 3s"]))
    got_1m = [board.seats[s].hand[0] for s in range(4)]
    gave_1m = [1, 0, 2, 0]  # seat 0 gives one 1m, seat 2 two
    for s in range(4):
        receives = gave_1m[(s - {"next": 1, "prev": 3, "across": 2}[direction]) % 4]
        assert got_1m[s] == dealt_1m[s] - gave_1m[s] + receives
    assert got_1m[receiver] >= 1
    assert [sum(board.seats[s].hand) for s in range(4)] == [14, 13, 13, 13]
    assert board.phase == "act"  # dingque off: play starts at once


def test_SC_2_1_each_seat_gives_three_tiles_it_holds() -> None:
    """Seat 2 giving 2 or 4 tiles is named with its count; under same_suit seat 3's 11s 4p is two
    suits; seat 3 holds two 1s, so 111s is refused and 11s 3s taken; an unreadable list is an
    InputError naming ``tiles``, a bad tile its place in ``tiles[s][i]``."""
    same = Board.from_record(e1([], que=None, overrides={"swap_three": "same_suit"}))
    good = ["123m", "234s", "11m 2m", "11s 3s"]
    assert refusal(same, swap_event("next", ["123m", "234s", "11m", "11s 3s"])) == (
        "bad_swap",
        "SC-2.1",
        "seat 2 must give exactly 3 tiles, not 2",
    )
    assert refusal(same, swap_event("next", ["123m", "234s", "11m 23m", "11s 3s"]))[2] == (
        "seat 2 must give exactly 3 tiles, not 4"
    )
    assert refusal(same, swap_event("next", ["123m", "234s", "11m 2m", "11s 4p"]))[2] == (
        "seat 3 must give 3 tiles of one suit (same_suit)"
    )
    anyway = Board.from_record(e1([], que=None, overrides={"swap_three": "any"}))
    anyway_ok = copy.deepcopy(anyway)
    anyway_ok.push(swap_event("next", ["123m", "234s", "11m 2m", "11s 4p"]))  # any: two suits are fine
    assert refusal(anyway, swap_event("next", ["123m", "234s", "11m 2m", "111s"])) == (
        "bad_swap",
        "SC-2.1",
        "seat 3 does not hold 一条 (1s) to give",
    )
    assert refusal(anyway, swap_event("next", ["123m", "234s", "11m 2m", "8s 1s 3s"]))[2] == (
        "seat 3 does not hold 八条 (8s) to give"
    )
    assert bad_input(same, {"type": "swap", "direction": "next", "tiles": [tiles(g) for g in good[:3]]}) == (
        "tiles",
        "a swap lists the 3 tiles each of the 4 seats gives away",
    )
    assert bad_input(same, {"type": "swap", "direction": "next", "tiles": "123m"})[0] == "tiles"
    picks = [tiles(g) for g in good]
    picks[2][1] = "C"
    assert bad_input(same, {"type": "swap", "direction": "next", "tiles": picks})[0] == "tiles[2][1]"
    same.push(swap_event("next", good))
    assert same.phase == "dingque"


# SC-2.2 定缺 ----------------------------------------------------------------------------------------
def test_SC_2_2_dingque_comes_before_the_first_action() -> None:
    """Without a 定缺 event the dealer's discard (event 0) is refused; a dingque event must give
    four suits, each m/s/p, the bad one named by its place."""
    assert first_illegal(e1(["x0 9s"], que=None)) == (
        0,
        "dingque_missing",
        "SC-2.2",
        "the hand needs a 定缺 event before the dealer's first action",
    )
    board = Board.from_record(e1([], que=None))
    assert bad_input(board, {"type": "dingque", "suits": ["m", "s", "p"]}) == (
        "suits",
        "a dingque event gives each of the 4 seats' void suit",
    )
    assert bad_input(board, {"type": "dingque", "suits": "msps"})[0] == "suits"
    assert bad_input(board, {"type": "dingque", "suits": ["m", "s", "x", "p"]}) == (
        "suits[2]",
        "must be a suit 'm', 's' or 'p', not 'x'",
    )
    board.push({"type": "dingque", "suits": ["s", "m", "p", "m"]})
    assert [s.void for s in board.seats] == [1, 0, 2, 0] and board.phase == "act"


# SC-3.1 own turn ------------------------------------------------------------------------------------
def test_SC_3_1_out_of_turn_names_whose_turn_it_is() -> None:
    """E1 after event 2 (seat 1 drew 9p): seat 1 acts. Seat 2's win, discard or kong is out of
    turn naming seat 1; a peng, 直杠 or pass has no discard to claim; a draw, a swap or a 定缺 is
    out of turn; 流局 is early with 54 tiles left (55 − seat 1's draw)."""
    board = until(e1(), 3)
    assert refusal(board, "h2") == ("out_of_turn", "SC-3.1", "seat 2 cannot win now: it is seat 1's turn")
    assert refusal(board, "x2 1m")[2] == "seat 2 cannot discard now: it is seat 1's turn"
    assert refusal(board, "ga2 9m")[2] == "seat 2 cannot kong now: it is seat 1's turn"
    assert refusal(board, "gx0 1m")[2] == "seat 0 cannot kong now: it is seat 1's turn"
    assert refusal(board, "p2") == (
        "nothing_to_claim",
        "SC-3.2",
        "seat 2 cannot peng: there is no discard to claim",
    )
    assert refusal(board, "gm3")[2] == "seat 3 cannot gang: there is no discard to claim"
    assert refusal(board, "s3")[2] == "seat 3 cannot pass: there is no discard to claim"
    assert refusal(board, "d1 1m") == (
        "out_of_turn",
        "SC-3.1",
        "seat 1 cannot draw now: seat 1 must act first",
    )
    assert refusal(board, {"type": "dingque", "seat": 2, "suits": list("mmmm")}) == (
        "out_of_turn",
        "SC-3.1",
        "seat 2 cannot dingque now: the opening is over",
    )
    assert refusal(board, {"type": "swap", "seat": 0})[2] == "seat 0 cannot swap now: the opening is over"
    assert refusal(board, "hz") == (
        "early_huangzhuang",
        "SC-1.6",
        "the wall is not empty (54 tiles left): no 流局 yet",
    )
    assert refusal(board, {"type": "chi", "seat": 1, "tiles": ["2s", "3s"]}) == (
        "no_chi",
        "SC-3.1",
        "there is no chi (吃) in Sichuan mahjong",
    )
    assert bad_input(board, {"type": "flower", "seat": 1}) == ("type", "unknown event type 'flower'")
    assert bad_input(board, {"type": "discard", "seat": 1}) == ("tile", "required")


def test_SC_3_1_tiles_a_seat_does_not_hold_or_cannot_kong() -> None:
    """Seat 1 (缺万) holds 7777s 555p 234s 88s 99p: a 1m is not in its hand; a 1m kong is of its
    void suit (checked first); an 暗杠 needs 4 (555p: 3, 99p: 2); a 补杠 needs a peng."""
    board = until(e1(), 3)
    assert refusal(board, "x1 1p") == ("tile_not_in_hand", "SC-3.1", "seat 1 does not hold 一筒 (1p)")
    assert refusal(board, "ga1 1m") == (
        "claim_void_suit",
        "SC-2.2",
        "seat 1 declared 万 void (定缺) and cannot kong 一万 (1m)",
    )
    assert refusal(board, "ga1 5p") == (
        "no_pair_to_claim",
        "SC-3.2",
        "seat 1 needs 4 五筒 (5p) in hand to 暗杠; it holds 3",
    )
    assert refusal(board, "ga1 9p")[2] == "seat 1 needs 4 九筒 (9p) in hand to 暗杠; it holds 2"
    assert refusal(board, "gx1 9p") == (
        "no_peng_to_extend",
        "SC-3.1",
        "seat 1 has no peng of 九筒 (9p) to extend to a 补杠",
    )
    assert bad_input(board, {"type": "gang", "kind": "an", "seat": 1}) == ("tile", "required")
    board.push(event("ga1 7s"))  # four 7s: the 暗杠 stands, 0, 2 and 3 pay 2 each (SC-5.5)
    assert board.ledger.deltas == [-2, 6, -2, -2]
    assert (board.phase, board.actor, board.replacement, board.kong_turn) == ("draw", 1, True, True)
    assert board.drawn is None  # nothing drawn yet: the replacement comes next
    assert board.seats[1].kongs == [(15, "an", None)] and board.seats[1].hand[15] == 0


def test_SC_2_2_que_first_names_the_void_suit_and_the_tile() -> None:
    """Seat 0 (缺条) holds 9s 5s: its 1m is refused, its 9s taken; without que_first the 1m goes."""
    board = until(e1(), 1)
    assert refusal(board, "x0 1m") == (
        "que_first",
        "SC-2.2",
        "seat 0 holds void-suit (条) tiles and must discard one first, not 一万 (1m)",
    )
    copy.deepcopy(board).push(event("x0 9s"))
    free = until(e1(overrides={"que_first": False}), 1)
    free.push(event("x0 1m"))
    assert free.claim is not None and free.claim.tile == 0


# SC-1.1 / SC-1.3 / SC-1.4 / §7: the record the board starts from ---------------------------------------
def test_SC_1_3_the_dealer_is_a_seat_0_to_3() -> None:
    """``dealer`` 3 is read (seat 3 starts with 14); 4, −1, True and "0" are no seat."""
    rec = e1([])
    rec["dealer"], rec["deal"] = 3, [rec["deal"][1], rec["deal"][2], rec["deal"][3], rec["deal"][0]]
    assert Board.from_record(rec).actor == 3
    for bad in (4, -1, True, "0"):
        rec["dealer"] = bad
        with pytest.raises(InputError) as err:
            Board.from_record(rec)
        assert (err.value.field, err.value.message) == ("dealer", f"must be a seat 0-3, not {bad!r}")


def test_s7_stacks_are_required_with_bankruptcy_and_ignored_without() -> None:
    """§7: ``bankruptcy`` needs ``stacks``; without the parameter, stacks of 1 are not read: E1's
    暗杠 7s (0, 2, 3 pay 2 each, SC-5.5) leaves nobody bankrupt, the balances go below 0."""
    with pytest.raises(InputError) as err:
        Board.from_record(e1([], overrides={"bankruptcy": True}))
    assert (err.value.field, err.value.message) == ("stacks", "required with the bankruptcy parameter (§7)")
    board = until(e1(stacks=[1, 1, 1, 1]), 4)  # 定缺, x0 9s, d1 9p, ga1 7s
    assert board.ledger.deltas == [-2, 6, -2, -2] and board.ledger.bankrupt == set()
    assert board.active_seats() == [0, 1, 2, 3]


def test_SC_1_1_SC_3_8_a_deal_is_four_hands_of_13_and_the_dealers_14() -> None:
    """Without a wall the deal gives the four hands: seat 1 with 12 tiles, the dealer with 13 are
    named; a fifth 7s (seat 3's 9s made a 7s beside seat 1's 7777s) is named with its count,
    while E1's four 7s are fine."""
    rec = e1([])
    del rec["deal"]
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert (err.value.field, err.value.message) == (
        "deal",
        "required without a wall: the four starting hands",
    )
    rec = e1([])
    rec["deal"] = rec["deal"][:3]
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert err.value.field == "deal"
    rec = e1([])
    rec["deal"][1] = rec["deal"][1][:12]
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert (err.value.field, err.value.message) == ("deal[1]", "seat 1 starts with 13 tiles, not 12")
    rec = e1([])
    rec["deal"][0] = rec["deal"][0][:13]
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert (err.value.field, err.value.message) == ("deal[0]", "seat 0 starts with 14 tiles, not 13")
    rec = e1([])
    rec["deal"][3][-1] = "7s"
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert (err.value.field, err.value.message) == ("deal", "holds 5 of 七条 (7s); there are four of each")
    board = Board.from_record(e1([]))
    assert board.seen[15] == 4 and sum(board.seen) == 53 and board.wall is None


def e1_wall(events: list[str] | None = None) -> dict[str, Any]:
    """E1 with a 108-tile wall (SC-1.4) in place of its deal: front draws in event order, the
    replacement after a kong from the back."""
    return with_wall(e1(events))


def test_SC_1_4_a_wall_deals_the_hands_and_feeds_the_draws() -> None:
    """E1 from a wall: the same hands (seat 1's 7777s), the same hand and settlement
    (E1: deltas −6, +23, −2, −15); the next draw is 9p (front), and after seat 1's 暗杠 1s from
    the back; a draw naming another tile is refused naming where the wall's came from."""
    rec = e1_wall()
    board = Board.from_record(rec)
    assert board.wall is not None and board.seats[1].hand[15] == 4 and sum(board.seats[0].hand) == 14
    assert [sum(s.hand) for s in board.seats] == [14, 13, 13, 13]
    assert board.peek_draw() == 26  # the 54th tile, the first live one: 9p
    board = until(rec, 2)  # 定缺, x0 9s: seat 1 draws next, from the front
    assert board.peek_draw() == 26  # 9p
    assert refusal(board, "d1 5m") == (
        "draw_mismatch",
        "SC-1.4",
        "seat 1 should draw 九筒 (9p) from the front of the wall, not 五万 (5m)",
    )
    board.push({"type": "draw", "seat": 1})  # a draw may leave the tile to the wall
    assert board.drawn == 26 and board.seats[1].hand[26] == 2
    board.push(event("ga1 7s"))
    assert board.peek_draw() == 9  # 1s, the back of the wall
    assert (
        refusal(board, "d1 9p")[2] == "seat 1 should draw 一条 (1s) from the back of the wall, not 九筒 (9p)"
    )
    pen = until(rec, 10)  # seat 3 discarded 5p (E1 event 8): seat 1 pengs it instead of its 直杠
    pen.push(event("p1"))
    assert pen.peek_draw() == 18  # after a peng the next draw is a front one again: 1p (E1 event 12)
    board = play(rec)
    assert board.result()["deltas"] == [-6, 23, -2, -15]
    leave(board, 0)
    assert board.peek_draw() is None
    assert Board.from_record(e1()).peek_draw() is None  # deal mode: the record names each draw


def test_SC_1_1_SC_1_4_a_wall_holds_all_108_tiles_four_of_each() -> None:
    """A wall of 107 tiles, or with a 9p made a fifth 1m, is named (the first kind off four);
    an honour is named by its place."""
    rec = e1_wall([])
    rec["wall"] = rec["wall"][:107]
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert (err.value.field, err.value.message) == ("wall", "must hold all 108 tiles, not 107")
    rec = e1_wall([])
    rec["wall"][rec["wall"].index("9p")] = "1m"
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert (err.value.field, err.value.message) == ("wall", "holds 5 of 一万 (1m); a wall has four of each")
    rec = e1_wall([])
    rec["wall"][rec["wall"].index("1m")] = "9p"  # 3 of 1m, 5 of 9p: 1m comes first
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert err.value.message == "holds 3 of 一万 (1m); a wall has four of each"
    rec = e1_wall([])
    rec["wall"][5] = "C"
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert err.value.field == "wall[5]"


# SC-5.1 / SC-5.3: the receipts the audit shows ------------------------------------------------------
def test_SC_5_1_SC_5_3_each_win_of_E1_has_its_receipt() -> None:
    """E1: seat 1 self-draws 平胡 P 1 with two 根 (7777s, 5555p): M = 1 · 2 · 2 = 4, each other
    seat pays 4 + 自摸加底 1 = 5, listed from its 下家 (2, 3, 0); seat 0 wins 平胡 1 off seat 3;
    seat 2 self-draws 清一色 4, only seat 3 is left to pay 5 (SC-3.6)."""
    board = play(e1())
    assert [w.receipt() for w in board.wins] == [
        {
            "seat": 1,
            "from": None,
            "expression": "平胡 1 · 根 2 · 根 2 = 4",
            "payers": [{"seat": p, "expression": "4 + 自摸加底 1 = 5"} for p in (2, 3, 0)],
        },
        {"seat": 0, "from": 3, "expression": "平胡 1 = 1", "payers": [{"seat": 3, "expression": "1"}]},
        {
            "seat": 2,
            "from": None,
            "expression": "清一色 4 = 4",
            "payers": [{"seat": 3, "expression": "4 + 自摸加底 1 = 5"}],
        },
    ]
    # SC-4.2: the rows of the highest P met (seat 2 meets 平胡 1 and 清一色 4: only 清一色)
    assert [w.tied for w in board.wins] == [("pinghu",), ("pinghu",), ("qingyise",)]
    assert board.drawn is None  # the last self-drawn tile was won, nothing is held as drawn


# SC-1.2 / SC-3.9: seats out of the hand, and the end ------------------------------------------------
def test_SC_1_2_a_seat_out_of_the_hand_is_named_with_why() -> None:
    """E1: after seat 1's self-draw (E1 event 19) it has won and is out (血战到底): its win on seat
    3's 1s (E1 event 22) is refused naming why; after E1's third win the hand is over (wins)."""
    rec = e1()
    board = until(rec, 23)  # E1 events 0-21: seat 2 discarded 2s
    assert refusal(board, "h1") == (
        "seat_inactive",
        "SC-1.2",
        "seat 1 is out of the hand (it already won (血战到底)) and cannot win",
    )
    assert refusal(board, "p1")[2] == "seat 1 is out of the hand (it already won (血战到底)) and cannot peng"
    assert first_illegal(e1([*E1_EVENTS, "d3 1m"])) == (
        28,
        "event_after_end",
        "SC-3.9",
        "the hand already ended (wins); nothing may follow",
    )


E8_DEAL = [
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p",
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 6p 7p 8p 9p",
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p",
    "1111s 23s 456s 789s 5s",
]


def test_s7_a_bankrupt_seat_is_named_bankrupt() -> None:
    """E8 (stacks 30, 5, 40, 25): seat 3's 清一色 self-draw (M 8, 9 each) takes seat 1's last 5:
    seat 1 is bankrupt (§7) and out, as seat 3, which won; seat 0's 6p may not be claimed by seat 1."""
    events = ["x0 5p", "d1 1p", "x1 1p", "d2 9p", "x2 9p", "d3 5s", "h3", "d0 6p", "x0 6p"]
    rec = record(
        E8_DEAL, events, que="sssm", overrides={"bankruptcy": True, "tiandihu": False}, stacks=[30, 5, 40, 25]
    )
    board = until(rec)
    assert board.ledger.bankrupt == {1} and board.active_seats() == [0, 2]  # seat 3 won (SC-3.6)
    assert refusal(board, "h1") == (
        "seat_inactive",
        "SC-1.2",
        "seat 1 is out of the hand (bankrupt (破产)) and cannot win",
    )
    assert refusal(board, "gm1")[2] == "seat 1 is out of the hand (bankrupt (破产)) and cannot 直杠"


# SC-2.2 / SC-4.1 wins on a discard ------------------------------------------------------------------
def test_SC_2_2_a_win_holding_the_void_suit_is_refused() -> None:
    """E1 with seat 0 void 筒 (que 'pmpm', que_first off): its 123m 456m 678m 23p 11p + seat 3's 4p
    is a shape, but holds 筒: refused naming the first 筒 held, 1p; void 条 (E1) it wins."""
    rec = record(E1_DEAL, E1_EVENTS, que="pmpm", overrides={"que_first": False})
    board = until(rec, 25)  # seat 3 discarded 4p (E1 event 23)
    assert refusal(board, "h0") == (
        "holds_void_suit",
        "SC-2.2",
        "seat 0 declared 筒 void (定缺) and cannot win holding 一筒 (1p)",
    )
    ok = until(e1(), 25)
    ok.push(event("h0"))
    assert ok.claim is not None and ok.claim.hus == [0]


def test_SC_4_1_a_discard_win_counts_the_kongs_as_sets() -> None:
    """E1 until seat 1's draw of its third 9p (E1 event 18), but seat 0 (que_first off) draws
    that 9p and lets it go: seat 1 (暗杠 7777s, 直杠 5555p, 234s 88s 99p) wins on it, two kongs
    among its four sets: 平胡 1 · 根 2 · 根 2 = M 4, seat 0 pays 4 (SC-5.2)."""
    events = [*E1_EVENTS[:16], "d0 9p", "x0 9p", "h1"]
    board = play(record(E1_DEAL, events, que="smpm", overrides={"que_first": False}))
    assert [(w.seat, w.source, w.hand, w.gen, w.multiple) for w in board.wins] == [(1, 0, "pinghu", 2, 4)]
    assert board.ledger.deltas[0] == -2 - 4 and board.ledger.deltas[1] == 6 + 2 + 4


# clone and snapshot: copies the bots, the detectors and the audit keep ------------------------------
def digest(board: Board) -> tuple[Any, ...]:
    """Everything a push may change, as plain values (so a later push on the board cannot)."""
    claim = board.claim
    return (
        [copy.deepcopy(s.__dict__) for s in board.seats],
        list(board.ledger.deltas),
        [t.to_json() for t in board.ledger.transfers],
        sorted(board.ledger.bankrupt),
        None
        if claim is None
        else (
            claim.seat,
            claim.tile,
            claim.rob,
            claim.haidi,
            claim.after_kong,
            list(claim.hus),
            sorted(claim.passed),
        ),
        list(board.seen),
        [w.to_json() for w in board.wins],
        list(board.huazhu),
        list(board.tenpai),
        (board.phase, board.actor, board.drawn, board.front, board.back, board.turn_no),
    )


def whole_hands() -> list[dict[str, Any]]:
    """E2 (pengs, a 补杠, 一炮多响, 呼叫转移, the wall's end: 下叫 and 查大叫), E7 (xueliu: tiles set
    aside, an 暗杠), a 过水 hand (higher_ok: the locked list) and E8 (a seat going bankrupt)."""
    from tests.replay.test_sichuan_board import E7_DEAL, e2_record, e7_events
    from tests.replay.test_sichuan_boundaries import PASS_DEAL, PASS_START

    e8 = ["x0 5p", "d1 1p", "x1 1p", "d2 9p", "x2 9p", "d3 5s", "h3", "d0 6p", "x0 6p", "d2 7p"]
    return [
        e2_record(),
        record(E7_DEAL, e7_events(), que="smmm", preset="xueliu"),
        record(PASS_DEAL, [*PASS_START, "h1"], que="sspp", overrides={"pass_hu": "higher_ok"}),
        record(
            E8_DEAL, e8, que="sssm", overrides={"bankruptcy": True, "tiandihu": False}, stacks=[30, 5, 40, 25]
        ),
    ]


@pytest.mark.parametrize("which", range(4))
def test_a_clone_is_the_same_board_and_independent(which: int) -> None:
    """At every event of each hand: the clone takes the next event as the board does (the same
    state after it, every seat's draws, 过水 list and set-aside tiles included), and pushing
    on the clone leaves the board as it was."""
    rec = whole_hands()[which]
    board = Board.from_record(rec)
    for e in rec["events"]:
        before = digest(board)
        twin = board.clone()
        assert digest(twin) == before
        twin.push(e)
        assert digest(board) == before
        board.push(e)
        assert digest(twin) == digest(board)
    board.finish()
    assert board.clone().result() == board.result()


@pytest.mark.parametrize("which", range(4))
def test_snapshots_keep_each_state_and_share_what_did_not_change(which: int) -> None:
    """The audit keeps ``snapshot(like=previous)`` after every event: each keeps the state of its
    moment while the board goes on; a seat, the ledger, the win list, ``seen``, the open window
    and the end-of-wall lists are the previous snapshot's objects when unchanged (the docstring's
    promise, what makes them cheap), fresh ones when changed."""
    rec = whole_hands()[which]
    board = Board.from_record(rec)
    snaps = [board.snapshot()]
    states = [digest(board)]
    for e in rec["events"]:
        board.push(e)
        prev = snaps[-1]
        snap = board.snapshot(prev)
        for p, s, now in zip(prev.seats, snap.seats, board.seats, strict=True):
            assert (s is p) == (p.__dict__ == now.__dict__)
        assert (snap.ledger is prev.ledger) == (len(prev.ledger.transfers) == len(board.ledger.transfers))
        assert (snap.wins is prev.wins) == (len(prev.wins) == len(board.wins))
        assert (snap.seen is prev.seen) == (prev.seen == board.seen)
        if board.claim is not None:
            assert (snap.claim is prev.claim) == (prev.claim == board.claim)
        assert (snap.huazhu is prev.huazhu) == (prev.huazhu == board.huazhu)
        assert (snap.tenpai is prev.tenpai) == (prev.tenpai == board.tenpai)
        snaps.append(snap)
        states.append(digest(board))
    assert [digest(s) for s in snaps] == states


# SC-3.2 / SC-3.5 / SC-1.7 the window on a discard ----------------------------------------------------
#: E2's deal (定缺 ``mspp``): seat 0 (dealer) 66s 123s 789s 44s 23s 5p 7p; seat 1 222p 444p 777m 99p
#: 33m; seat 2 1234568m 9m 1s 34s 7s 9s; seat 3 12m 456m 789m 555s 88s. After seat 2's 3m (record
#: event 5) seat 1 wins on it 对对胡 (333m, pair 99p: M 2) and holds 33m to peng it; seat 3 wins
#: 平胡 (123m: M 1); seat 0 (缺万) would hold a 万.
def e2_on_3m(**overrides: Any) -> Board:
    from tests.replay.test_sichuan_board import E2_DEAL

    rec = record(E2_DEAL, ["x0 5p", "d1 1p", "x1 1p", "d2 5s", "x2 3m"], que="mspp", overrides=overrides)
    return until(rec)


def test_SC_3_2_a_win_on_a_discard_names_the_seat_and_the_tile() -> None:
    """Seat 2 cannot win on its own 3m; a hu naming 4m is not the discard; seat 0 would hold its
    void 万 (the 3m itself); a seat must be 0-3; seat 1 declares once; then no peng or 直杠."""
    board = e2_on_3m()
    assert refusal(board, "h2") == ("claim_from_self", "SC-3.2", "seat 2 cannot claim its own tile")
    assert refusal(board, "h1 4m") == (
        "win_tile_mismatch",
        "SC-3.2",
        "the winning tile is 三万 (3m), not 四万 (4m)",
    )
    assert refusal(board, "h0") == (
        "holds_void_suit",
        "SC-2.2",
        "seat 0 declared 万 void (定缺) and cannot win holding 三万 (3m)",
    )
    assert bad_input(board, {"type": "hu", "seat": 1, "tile": "C"})[0] == "tile"
    for bad in (4, -1, "1"):
        assert bad_input(board, {"type": "hu", "seat": bad}) == ("seat", f"must be a seat 0-3, not {bad!r}")
        assert bad_input(board, {"type": "peng", "seat": bad}) == ("seat", f"must be a seat 0-3, not {bad!r}")
    board.push(event("h1 3m"))
    assert refusal(board, "h1") == ("multiple_hu_order", "SC-3.2", "seat 1 already won on this tile")
    assert refusal(board, "p3") == (
        "claim_after_hu",
        "SC-3.2",
        "the discard 三万 (3m) was won (胡): a win beats peng and gang",
    )
    assert refusal(board, "gm3")[0] == "claim_after_hu"
    assert refusal(board, "s1") == (
        "out_of_turn",
        "SC-3.1",
        "seat 1 cannot pass now: only other active seats that did not win pass",
    )
    board.push(event("h3"))  # 一炮多响: both win, seat 2 pays 2 and 1 (SC-5.2)
    # SC-3.4: the draw closes the window; the winners in turn order from seat 2 are 3, 1: play goes
    # on after seat 1, with seat 2; seat 0 drawing is out of turn
    assert refusal(board, "d0 1m")[2] == "seat 0 cannot draw now: seat 2 draws next"
    board.push(event("d2 1m"))
    assert [(w.seat, w.multiple) for w in board.wins] == [(3, 1), (1, 2)]
    assert board.ledger.deltas == [0, 2, -3, 1] and board.actor == 2


def test_SC_3_2_who_may_pass() -> None:
    """Only another active seat that has not declared passes: the discarder 2, a seat 5, are
    refused; seat 0 passes and is listed."""
    board = e2_on_3m()
    assert refusal(board, "s2")[2] == "seat 2 cannot pass now: only other active seats that did not win pass"
    assert refusal(board, {"type": "pass", "seat": 5})[2] == (
        "seat 5 cannot pass now: only other active seats that did not win pass"
    )
    assert refusal(board, {"type": "pass", "seat": -1})[0] == "out_of_turn"
    assert refusal(board, {"type": "pass", "seat": 4})[2] == (
        "seat 4 cannot pass now: only other active seats that did not win pass"
    )
    board.push(event("s0"))
    assert board.claim is not None and board.claim.passed == {0}


def test_SC_4_1_SC_2_2_a_discard_that_makes_no_win() -> None:
    """E1 after seat 1's 1s (E1 event 4): seat 3 (45p 11s 33s 66s 88p 22p 9s) makes no winning
    hand with it; seat 2 would hold its void 筒 after seat 3's 5p; without 定缺 seat 0's 14 tiles
    hold all three suits (缺一门)."""
    board = until(e1(), 6)
    assert refusal(board, "h3") == (
        "not_a_winning_hand",
        "SC-4.1",
        "seat 3's tiles do not make a winning hand (胡牌) with 一条 (1s)",
    )
    assert (
        refusal(until(e1(), 10), "h2")[2] == "seat 2 declared 筒 void (定缺) and cannot win holding 五筒 (5p)"
    )
    free = until(record(E1_DEAL, E1_EVENTS, que=None, overrides={"dingque": False}), 5)
    assert refusal(free, "h0") == (
        "three_suits",
        "SC-2.2",
        "seat 0's hand holds all three suits: a win needs one missing (缺一门)",
    )
    assert refusal(free, "h3")[0] == "not_a_winning_hand"  # two suits, no shape


@pytest.mark.parametrize(("left", "forced"), [(3, True), (4, False)])
def test_SC_1_7_a_seat_that_can_win_on_a_discard_must(left: int, forced: bool) -> None:
    """SC-1.7 (forced_hu_last 4): with 3 left seat 1 must win on the 3m: its pass, its peng, and a
    draw that lets the tile go are refused, each named; with 4 left it may peng, and both seats
    that could have won are locked (过水, SC-3.5) at the M they passed: seat 1 2, seat 3 1."""
    board = e2_on_3m()
    leave(board, left)
    if forced:
        assert refusal(board, "s1") == (
            "forced_hu",
            "SC-1.7",
            "with 3 tiles left (< 4) seat 1 must win (最后四张自动胡牌), not pass",
        )
        assert (
            refusal(board, "p1")[2] == "with 3 tiles left (< 4) seat 1 must win (最后四张自动胡牌), not peng"
        )
        assert refusal(board, "d3 1m")[2] == (
            "with 3 tiles left (< 4) seat 1 must win (最后四张自动胡牌), not let the tile go (draw)"
        )
        board.push(event("s0"))  # seat 0 cannot win: free to pass
    else:
        board.push(event("s1"))
        board.push(event("p1"))
        assert (board.phase, board.actor, board.seats[1].pengs) == ("act", 1, [2])
        assert [s.locked for s in board.seats] == [None, [2], None, [1]]


def test_SC_1_7_off_and_SC_3_5_free_lock_nothing() -> None:
    """forced_hu_last 0: with 1 tile left seat 1 may still pass; pass_hu free: nobody is locked."""
    board = e2_on_3m(forced_hu_last=0, pass_hu="free")
    leave(board, 1)
    board.push(event("s1"))
    board.push(event("d3 1m"))
    assert [s.locked for s in board.seats] == [None, None, None, None]


def test_SC_3_5_a_locked_seat_is_named() -> None:
    """test_sichuan_rules' 过水 hand: seats 1 and 3 let seat 2's 3m go; seat 1's win on seat 3's
    9p (event 8) is refused; the message names the tile refused (9p) "or an earlier tile"."""
    from tests.replay.test_sichuan_board import E2_DEAL

    events = ["x0 5p", "d1 1p", "x1 1p", "d2 5s", "x2 3m", "d3 9p", "x3 9p", "h1"]
    assert first_illegal(record(E2_DEAL, events, que="mspp")) == (
        8,
        "pass_hu_locked",
        "SC-3.5",
        "seat 1 passed a win on 九筒 (9p) or an earlier tile since its last draw (过水): "
        "it cannot win on a discard yet",
    )


def test_SC_3_2_peng_and_zhigang_name_the_seat_tile_and_count() -> None:
    """E1 after seat 3's 5p (E1 event 8): seat 2 (缺筒) may not claim it; seat 0 holds no 5p;
    seat 1 (555p) may peng or 直杠 it, naming the discard; after seat 1's 1s (E1 event 4) seat 3
    holds 11s: a peng, not a 直杠."""
    board = until(e1(), 10)
    assert refusal(board, "p2") == (
        "claim_void_suit",
        "SC-2.2",
        "seat 2 declared 筒 void (定缺) and cannot peng 五筒 (5p)",
    )
    assert refusal(board, "p0") == (
        "no_pair_to_claim",
        "SC-3.2",
        "seat 0 needs 2 五筒 (5p) in hand to peng; it holds 0",
    )
    assert refusal(board, {"type": "gang", "kind": "ming", "seat": 0, "tile": "5p"})[2] == (
        "seat 0 needs 3 五筒 (5p) in hand to 直杠; it holds 0"
    )
    assert refusal(board, "p3") == ("claim_from_self", "SC-3.2", "seat 3 cannot claim its own tile")
    assert refusal(board, {"type": "gang", "kind": "ming", "seat": 1, "tile": "6p"}) == (
        "tile_not_in_hand",
        "SC-3.1",
        "seat 1 does not hold the discard 六筒 (6p)",
    )
    assert bad_input(board, {"type": "gang", "kind": "ming", "seat": 1, "tile": "C"})[0] == "tile"
    pen = copy.deepcopy(board)
    pen.push(event("p1"))
    assert (pen.phase, pen.actor, pen.seats[1].pengs, pen.seats[1].hand[22]) == ("act", 1, [22], 1)
    xl = until(e1(preset="xueliu"), 10)  # in xueliu a seat that has not won pengs as in xuezhan
    xl.push(event("p1"))
    assert xl.seats[1].pengs == [22]
    board.push({"type": "gang", "kind": "ming", "seat": 1})  # a 直杠 need not name the tile
    assert board.seats[1].kongs[-1] == (22, "ming", 3) and board.ledger.deltas == [-2, 8, -2, -4]
    assert (board.phase, board.actor, board.replacement) == ("draw", 1, True)
    three = until(e1(), 6)
    assert refusal(three, "gm3")[2] == "seat 3 needs 3 一条 (1s) in hand to 直杠; it holds 2"
    three.push(event("p3"))
    assert three.seats[3].pengs == [9]


@pytest.mark.parametrize(
    ("gang_min_wall", "left", "ok"), [(2, 1, False), (2, 2, True), (1, 0, False), (1, 1, True)]
)
def test_SC_1_5_a_kong_needs_gang_min_wall_tiles_left(gang_min_wall: int, left: int, ok: bool) -> None:
    """SC-1.5: seat 1's 直杠 of 5p (E1 event 9) and its 暗杠 of 7s (E1 event 2) need at least
    ``gang_min_wall`` tiles left; the refusal names the need and what is left."""
    rec = e1(overrides={"gang_min_wall": gang_min_wall})
    for n, text in ((10, "gm1 5p"), (3, "ga1 7s")):
        board = until(rec, n)
        leave(board, left)
        if ok:
            board.push(event(text))
            assert board.phase == "draw" and board.replacement
        else:
            assert refusal(board, text) == (
                "late_kong",
                "SC-1.5",
                f"no kong (杠) with fewer than {gang_min_wall} tiles left in the wall ({left} left)",
            )


def test_SC_1_6_the_haidi_discard_takes_nothing_but_hu() -> None:
    """SC-1.6: seat 1's 6s made with 0 tiles left: seat 0's peng of it is refused."""
    from tests.replay.test_sichuan_boundaries import HAIDI_PENG

    board = until(HAIDI_PENG, 3)
    leave(board, 0)
    board.push(HAIDI_PENG["events"][3])
    assert board.claim is not None and board.claim.haidi
    assert refusal(board, "p0") == (
        "haidi_claim",
        "SC-1.6",
        "nothing but hu may be claimed on the 海底 discard",
    )


# SC-2.2: the void suit's first tiles, and 缺一门 without 定缺 -----------------------------------------
#: Seat 1 holds 123m 456m 789m 234s and a lone 1p: on the dealer's 1p it has four sets and a pair,
#: but holds 筒 (void 筒) or all three suits (no 定缺). Its only 筒 is 1p, the suit's first kind.
VOID_DEAL = [
    "1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 1s 5s 6s 7s",
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 4s 1p",
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 9s 9s 9s 8s",
    "2p 3p 4p 5p 6p 7p 8p 9p 2p 3p 4p 8s 8s",
]


def test_SC_2_2_the_void_suits_first_kind_counts() -> None:
    """定缺 ``mpsp``: seat 1 (缺筒) cannot win on the 1p, named; holding that 1p it must discard it
    before its 1m (que_first); without 定缺 the same win holds all three suits (缺一门)."""
    assert first_illegal(record(VOID_DEAL, ["x0 1p", "h1"], que="mpsp")) == (
        2,
        "holds_void_suit",
        "SC-2.2",
        "seat 1 declared 筒 void (定缺) and cannot win holding 一筒 (1p)",
    )
    assert first_illegal(record(VOID_DEAL, ["x0 9p", "d1 5s", "x1 1m"], que="mpsp")) == (
        3,
        "que_first",
        "SC-2.2",
        "seat 1 holds void-suit (筒) tiles and must discard one first, not 一万 (1m)",
    )
    assert first_illegal(record(VOID_DEAL, ["x0 1p", "h1"], que=None, overrides={"dingque": False})) == (
        1,
        "three_suits",
        "SC-2.2",
        "seat 1's hand holds all three suits: a win needs one missing (缺一门)",
    )


def test_SC_2_2_without_dingque_two_suits_win() -> None:
    """No 定缺: E1's seat 0 (123m 456m 678m 23p 11p) wins on seat 3's 4p (E1 event 24): two
    suits, 平胡 M 1, seat 3 pays 1."""
    rec = record(E1_DEAL, E1_EVENTS[:25], que=None, overrides={"dingque": False})
    board = play(rec)
    assert [(w.seat, w.source, w.hand, w.multiple) for w in board.wins][-1] == (0, 3, "pinghu", 1)


#: Seat 1 holds 222m 555m 888m 22p 55p: on the dealer's 5p, 对对胡 of 2·5·8 only.
JIANG_DEAL = [
    "1p 3p 4p 5p 6p 7p 8p 9p 1s 1s 5s 6s 7s 9s",
    "2m 2m 2m 5m 5m 5m 8m 8m 8m 2p 2p 5p 5p",
    "1m 3m 4m 6m 7m 9m 1m 3m 4m 6m 7m 9m 9s",
    "2p 3p 4p 6p 7p 8p 9p 3p 4p 6p 7p 8s 8s",
]


@pytest.mark.parametrize(("jiang_hands", "hand", "m"), [(True, "jiangdui", 8), (False, "duiduihu", 2)])
def test_SC_4_2_a_discard_win_is_read_with_jiang_hands(jiang_hands: bool, hand: str, m: int) -> None:
    """SC-4.2: 将对 8 only with ``jiang_hands`` (else 对对胡 2); 地胡 off so the hand is its own."""
    rec = record(
        JIANG_DEAL, ["x0 5p", "h1"], que="mspp", overrides={"jiang_hands": jiang_hands, "tiandihu": False}
    )
    board = play(rec)
    assert [(w.seat, w.hand, w.multiple) for w in board.wins] == [(1, hand, m)]
    assert board.ledger.deltas == [-m, m, 0, 0]


# SC-1.7 / SC-3.1 / SC-4.5 the seat's own turn: self-draws ---------------------------------------------
@pytest.mark.parametrize("left", [2, 3])
def test_SC_1_7_a_forced_self_draw_names_the_action(left: int) -> None:
    """E1: seat 2 drew 6m (E1 event 25) and wins 清一色: with 2 or 3 left (fewer than 4) its discard
    is refused, and so is a kong of its 9m, forced before the kong's own checks (it holds three)."""
    board = until(e1(), 27)
    leave(board, left)
    assert refusal(board, "x2 6m") == (
        "forced_hu",
        "SC-1.7",
        f"with {left} tiles left (< 4) seat 2 must win (最后四张自动胡牌), not discard",
    )
    assert (
        refusal(board, "ga2 9m")[2]
        == f"with {left} tiles left (< 4) seat 2 must win (最后四张自动胡牌), not kong"
    )


def test_SC_3_1_a_self_draw_names_its_tile() -> None:
    """E1: seat 1 drew 9p (E1 event 18): a hu naming 8s is not its tile; naming 9p it wins.
    Before that, with 7777s 555p 234s 88s 99p (E1 event 1) it has no winning hand; a seat that
    pengs has drawn nothing: it cannot win then."""
    board = until(e1(), 20)
    assert refusal(board, "h1 8s") == (
        "win_tile_mismatch",
        "SC-3.2",
        "the winning tile is 九筒 (9p), not 八条 (8s)",
    )
    board.push(event("h1 9p"))
    assert board.wins[-1].to_json()["tile"] == "9p"
    assert refusal(until(e1(), 3), "h1") == (
        "not_a_winning_hand",
        "SC-4.1",
        "seat 1's tiles do not make a winning hand (胡牌) with 九筒 (9p)",
    )
    pen = until(e1(), 10)
    pen.push(event("p1"))
    assert refusal(pen, "h1") == (
        "win_without_draw",
        "SC-3.1",
        "seat 1 can only win by self-draw (自摸) on its own turn",
    )


#: 天胡 (SC-4.5): dealer 0 holds 123m 456m 789m 111s 22s (test_sichuan_rules' TIAN_DEAL).
TIAN_DEAL = [
    "123m 456m 789m 111s 22s",
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p",
    "5p 6p 7p 8p 9p 5p 6p 7p 8p 9p 3s 4s 5s",
    "6s 7s 8s 9s 3s 4s 5s 6s 7s 8s 9s 1p 2p",
]


def test_SC_4_5_SC_3_7_a_tianhu_names_a_tile_it_holds() -> None:
    """The dealer's first action: hu on its 14 tiles. Naming 5p (not held) is refused; unnamed
    it is recorded on its highest kind, 2s; in xueliu it must name the tile it sets aside; named
    2s it is set aside and the dealer keeps 13. A dealer without a winning hand is named "with its
    14 tiles" (111s 2s 4s in place of 111s 22s)."""
    board = until(record(TIAN_DEAL, [], que="pmmm"))
    assert refusal(board, "h0 5p") == ("tile_not_in_hand", "SC-3.1", "seat 0 does not hold 五筒 (5p)")
    done = play(record(TIAN_DEAL, ["h0"], que="pmmm"))
    assert done.wins[0].to_json()["tile"] == "2s" and done.wins[0].hand == "tianhu"
    xl = until(record(TIAN_DEAL, [], que="pmmm", preset="xueliu"))
    assert bad_input(xl, event("h0")) == ("tile", "a 天胡 in xueliu names the tile it sets aside (SC-3.7)")
    xl.push(event("h0 2s"))
    assert xl.seats[0].set_aside == [10] and sum(xl.seats[0].hand) == 13 and xl.seats[0].wins == 1
    nowin = [*TIAN_DEAL]
    nowin[0] = "123m 456m 789m 111s 2s 4s"
    assert first_illegal(record(nowin, ["h0"], que="pmmm")) == (
        1,
        "not_a_winning_hand",
        "SC-4.1",
        "seat 0's tiles do not make a winning hand (胡牌) with its 14 tiles",
    )


def test_SC_3_1_the_draw_phase_names_who_draws() -> None:
    """After seat 1's 暗杠 (E1 event 2) it draws the replacement: seat 2's draw, seat 1's discard
    are out of turn; 流局 is early (54 left). After seat 0's 9s (E1 event 0) with the wall empty,
    seat 1's draw is refused: the hand ends (SC-1.6)."""
    board = until(e1(), 4)
    assert refusal(board, "d2 1m") == ("out_of_turn", "SC-3.1", "seat 2 cannot draw now: seat 1 draws next")
    assert refusal(board, "x1 9p")[2] == "seat 1 cannot discard now: seat 1 draws next"
    assert refusal(board, "hz")[2] == "the wall is not empty (54 tiles left): no 流局 yet"
    empty = until(e1(), 2)
    assert refusal(empty, "d2 1m")[2] == "seat 2 cannot draw now: seat 1 draws next"
    leave(empty, 0)
    assert refusal(empty, "d1 9p") == (
        "wall_empty",
        "SC-1.6",
        "the wall is empty: the hand ends (流局, huangzhuang), seat 1 cannot draw",
    )


def test_SC_1_1_an_unreadable_tile_names_the_field() -> None:
    """A discard of 红中 (no honours in Sichuan) is an input error naming ``tile``."""
    board = until(e1(), 3)
    field, message = bad_input(board, {"type": "discard", "seat": 1, "tile": "C"})
    assert field == "tile" and "SC-1.1" in message


def test_SC_3_7_a_xueliu_winner_discards_the_tile_it_drew() -> None:
    """test_sichuan_board's SC-3.7 hand: seat 0 won (血流成河) and drew 5m (event 13): its 6m is
    refused naming the 5m it must discard; the 5m goes, and the window it opens holds no drawn
    tile (SC-3.2: the claim is on the discard)."""
    deal = [
        "123p 456p 789p 555m 6m 1s",
        "11s 44s 77s 22p 44p 9s 2s 6s",
        "22s 55s 88s 66p 3p 9s 3s 6m 8p",
        "1s 4s 7s 3s 6s 9s 1p 3p 6p 8p 8p 5p 2s",
    ]
    events = ["x0 1s", "d1 1m", "x1 1m", "d2 9p", "x2 6m", "h0", "d1 2m", "x1 2m", "d2 3m", "x2 3m"]
    board = until(record(deal, [*events, "d3 4m", "x3 4m", "d0 5m"], que="smmm", preset="xueliu"))
    assert refusal(board, "x0 6m") == (
        "xueliu_locked",
        "SC-3.7",
        "seat 0 has won (血流成河) and keeps its hand: it must discard the tile it drew (五万 (5m))",
    )
    board.push(event("x0 5m"))
    assert board.drawn is None and board.claim is not None and board.claim.tile == 4


def test_SC_2_2_que_first_names_the_wan_suit() -> None:
    """E6 (que_first on): seat 0 (缺万) holds 3m; its first discard 7p is refused, naming 万."""
    from tests.replay.test_sichuan_board import E6_DEAL, E6_EVENTS

    assert first_illegal(record(E6_DEAL, E6_EVENTS, que="mpmm")) == (
        1,
        "que_first",
        "SC-2.2",
        "seat 0 holds void-suit (万) tiles and must discard one first, not 七筒 (7p)",
    )


#: xueliu: the dealer lets 1p go; seats 1, 2 and 3 each self-draw on their first draw (地胡); the
#: dealer then draws 5s and lets it go, and seat 1 (123m 456m 789m 234s 5s, 缺筒) wins on it again.
DIHU_DEAL = [
    "1p 3p 4p 5p 6p 7p 8p 9p 3s 4s 6s 7s 8s 9s",
    "123m 456m 789m 234s 5s",
    "123m 456m 789m 678s 9s",
    "123p 456p 789p 111s 2s",
]


def test_SC_4_5_the_dealers_second_discard_is_no_dihu() -> None:
    """SC-4.5: 地胡 is a win on the dealer's *first* discard or a self-draw on one's first draw.
    Seats 1-3 self-draw 平胡 (normal M 1) on their first draws: flat 地胡 32 each. Seat 1's
    later win on the dealer's second discard 5s is 平胡 M 1,
    though no other seat has discarded since the dealer's first."""
    events = ["x0 1p", "d1 5s", "h1", "d2 9s", "h2", "d3 2s", "h3", "d0 5s", "x0 5s", "h1"]
    board = play(record(DIHU_DEAL, events, que="mppm", preset="xueliu"))
    assert [(w.seat, w.source, w.hand, w.multiple) for w in board.wins] == [
        (1, None, "dihu", 32),
        (2, None, "dihu", 32),
        (3, None, "dihu", 32),
        (1, 0, "pinghu", 1),
    ]


# SC-6.2 下叫 as the board reads it ------------------------------------------------------------------
def test_SC_6_2_waits_of_a_seat_holding_its_void_or_three_suits() -> None:
    """Seat 1 of VOID_DEAL (123m 456m 789m 234s 1p) waits on 1p as a shape, but with 筒 void it
    holds a void tile (no wait), and without 定缺 its tiles hold three suits (no wait, 缺一门)."""
    void = until(record(VOID_DEAL, [], que="mpsp"))
    assert void.waits_of(1) == {}
    free = until(record(VOID_DEAL, [], que=None, overrides={"dingque": False}))
    assert free.waits_of(1) == {}
    shape = until(record(VOID_DEAL, [], que="msmm"))  # 缺条 declared, holding 234s: none
    assert shape.waits_of(1) == {}
    two = until(record(VOID_DEAL, [], que="mmmm"))  # 缺万 declared: 123m … holds it
    assert two.waits_of(1) == {}
    assert until(record(JIANG_DEAL, [], que="msmm")).waits_of(1) != {}  # 缺条, none held: waits


@pytest.mark.parametrize(("jiang_hands", "hand", "points"), [(True, "jiangdui", 8), (False, "duiduihu", 2)])
def test_SC_6_2_waits_are_priced_with_jiang_hands(jiang_hands: bool, hand: str, points: int) -> None:
    """JIANG_DEAL's seat 1 (222m 555m 888m 22p 55p) waits on 2p and 5p: 将对 8 with
    ``jiang_hands``, else 对对胡 2 (what 查大叫 charges, SC-6.3)."""
    board = until(record(JIANG_DEAL, [], que="mspp", overrides={"jiang_hands": jiang_hands}))
    assert {t: (r.hand, r.points, r.gen) for t, r in board.waits_of(1).items()} == {
        19: (hand, points, 0),
        22: (hand, points, 0),
    }


# SC-3.7 xueliu kongs ---------------------------------------------------------------------------------
def test_SC_3_7_a_xueliu_kong_that_changes_the_waits_is_named() -> None:
    """E7's note: seat 0 (123p 456p 789p 555m 6m after winning) draws 5m: an 暗杠 would leave
    only the 6m wait (4m/6m/7m before): refused, naming the 5m."""
    deal = [
        "123p 456p 789p 555m 6m 1s",
        "11s 44s 77s 22p 44p 9s 2s 6s",
        "22s 55s 88s 66p 3p 9s 3s 6m 8p",
        "1s 4s 7s 3s 6s 9s 1p 3p 6p 8p 8p 5p 2s",
    ]
    events = ["x0 1s", "d1 1m", "x1 1m", "d2 9p", "x2 6m", "h0", "d1 2m", "x1 2m", "d2 3m", "x2 3m"]
    board = until(record(deal, [*events, "d3 4m", "x3 4m", "d0 5m"], que="smmm", preset="xueliu"))
    assert refusal(board, "ga0 5m") == (
        "xueliu_locked",
        "SC-3.7",
        "seat 0 has won (血流成河) and keeps its hand: a kong of 五万 (5m) would change its waits",
    )
    claim = until(record(deal, [*events, "d3 5m", "x3 5m"], que="smmm", preset="xueliu"))
    assert refusal(claim, "gm0 5m")[2] == (
        "seat 0 has won (血流成河) and keeps its hand: a kong of 五万 (5m) would change its waits"
    )
    assert refusal(claim, "p0")[2] == "seat 0 has won (血流成河) and keeps its hand: no peng after winning"


#: E7 with seat 0 holding 7777p (234m 678m 7777p 5p 99p after its 1s): it wins on seat 2's 6p
#: (567p 777p), keeps its 7777p and draws 1p: an 暗杠 of the 7p it did not just draw is refused.
E7_FOUR_DEAL = [
    "234m 678m 7777p 5p 99p 1s",
    "11s 44s 77s 11p 44p 8p 2s 6s",
    "22s 55s 88s 66p 3p 9s 3s 5p 8p",
    "1s 4s 7s 3s 6s 9s 1p 3p 6p 8p 8p 5p 2s",
]
E7_FOUR = [
    "x0 1s",
    "d1 1m",
    "x1 1m",
    "d2 9p",
    "x2 6p",
    "h0",
    "d1 2m",
    "x1 2m",
    "d2 3m",
    "x2 3m",
    "d3 4m",
    "x3 4m",
]


def test_SC_3_7_a_xueliu_winner_kongs_only_the_tile_it_drew() -> None:
    """The 暗杠 of 7p after drawing 1p is refused, named; so is any 补杠 of a winner. A seat that has
    not won kongs as in xuezhan: E1's seat 1 in xueliu makes its 暗杠 of 7s after drawing 9p."""
    board = until(record(E7_FOUR_DEAL, [*E7_FOUR, "d0 1p"], que="smmm", preset="xueliu"))
    assert board.seats[0].wins == 1 and board.seats[0].hand[24] == 4
    assert refusal(board, "ga0 7p") == (
        "xueliu_locked",
        "SC-3.7",
        "seat 0 has won (血流成河) and keeps its hand: only the tile just drawn may be konged (暗杠)",
    )
    assert (
        refusal(board, "gx0 7p")[2] == "seat 0 has won (血流成河) and keeps its hand: no 补杠 after winning"
    )
    xl = until(e1(preset="xueliu"), 3)
    xl.push(event("ga1 7s"))
    assert xl.seats[1].kongs == [(15, "an", None)]


def test_SC_2_2_no_kong_of_a_void_tile_past_the_first_kind() -> None:
    """E1's seat 1 (缺万): a kong of 5m is of its void suit, as one of 1m is."""
    board = until(e1(), 3)
    assert refusal(board, "ga1 5m")[2] == "seat 1 declared 万 void (定缺) and cannot kong 五万 (5m)"
    assert refusal(board, "gx1 9m")[0] == "claim_void_suit"


# SC-3.1 / SC-3.3 the 补杠 ---------------------------------------------------------------------------------
def test_SC_3_1_a_bugang_needs_the_fourth_tile_in_hand() -> None:
    """E2: seat 0 pengs seat 1's 6s (its 66s used): a 补杠 of 6s at once is refused, it holds none."""
    from tests.replay.test_sichuan_board import E2_DEAL

    board = until(record(E2_DEAL, ["x0 5p", "d1 6s", "x1 6s", "p0"], que="mspp"))
    assert refusal(board, "gx0 6s") == ("tile_not_in_hand", "SC-3.1", "seat 0 does not hold 六条 (6s)")


@pytest.mark.parametrize("haidipao", [True, False])
def test_SC_3_3_SC_4_4_a_robbed_bugang_is_no_haidi_discard(haidipao: bool) -> None:
    """E5: seat 2 robs seat 0's 补杠 4p: 抢杠胡 only (平胡 × 2 = 2), not 海底炮, even with
    ``haidipao`` among the ways: the 补杠's tile is not the wall's last discard."""
    from tests.sichuan_builders import E5_DEAL, E5_TO_BUGANG

    ways = ["gangshanghua", "gangshangpao", "qiangganghu", "haidilaoyue"] + (["haidipao"] if haidipao else [])
    board = play(record(E5_DEAL, [*E5_TO_BUGANG, "h2"], que="mpsp", overrides={"ways": ways}))
    assert [(w.seat, w.source, w.ways, w.multiple) for w in board.wins] == [(2, 0, ("qiangganghu",), 2)]


def test_SC_4_5_a_self_draw_on_the_second_draw_is_no_dihu() -> None:
    """DIHU_DEAL: each seat draws and lets go a tile it cannot use; seat 1's self-draw of 5s on its
    *second* draw (no peng or kong by anyone) is 平胡 M 1 (each other seat pays 1 + 1), not 地胡.
    A draw naming 红中 is an input error naming ``tile``."""
    events = ["x0 1p", "d1 6p", "x1 6p", "d2 2p", "x2 2p", "d3 4m", "x3 4m", "d0 1m", "x0 1m", "d1 5s"]
    board = until(record(DIHU_DEAL, events[:-1], que="mppm"))
    assert bad_input(board, {"type": "draw", "seat": 1, "tile": "C"})[0] == "tile"
    board.push(event(events[-1]))
    board.push(event("h1"))
    assert [(w.seat, w.hand, w.multiple) for w in board.wins] == [(1, "pinghu", 1)]
    assert board.ledger.deltas == [-2, 6, -2, -2] and board.seats[1].draws == 2


#: E1 until seat 1's 暗杠 of 7s (its first turn); seat 2 lets 8s go, seat 1 pengs it and discards
#: 2s; later seat 1 draws the 4th 8s, makes it a 补杠 in that later turn, and lets its replacement
#: 4p go: seat 0 (123m 456m 678m 23p 11p) wins on it, 杠上炮.
ZHUANYI_EVENTS = [
    *E1_EVENTS[:5],
    "d2 8s",
    "x2 8s",
    "p1",
    "x1 2s",
    "d2 3s",
    "x2 3s",
    "d3 9s",
    "x3 9s",
    "d0 3p",
    "x0 5s",
    "d1 8s",
    "gx1 8s",
    "d1 4p",
    "x1 4p",
    "h0",
]


@pytest.mark.parametrize(("zhuanyi", "deltas"), [("last", [2, 4, -3, -3]), ("all", [8, -2, -3, -3])])
def test_SC_5_6_zhuanyi_last_moves_only_the_kong_of_that_turn(zhuanyi: str, deltas: list[int]) -> None:
    """SC-5.5: the 暗杠 7s: 0, 2, 3 pay 2 (−2, +6, −2, −2); the 补杠 8s: 2, 3, 0 pay 1 (−3, +9, −3, −3).
    Seat 0's win: 平胡 × 杠上炮 = M 2 from seat 1 (−1, +7). SC-5.6 ``last``: seat 1 hands seat 0
    the 3 of the 补杠's turn only (+2, +4); ``all``: all 9 it received (+8, −2)."""
    board = play(record(E1_DEAL, ZHUANYI_EVENTS, que="smpm", overrides={"hujiao_zhuanyi": zhuanyi}))
    assert [(w.seat, w.source, w.ways, w.multiple) for w in board.wins] == [(0, 1, ("gangshangpao",), 2)]
    assert board.ledger.deltas == deltas
    kinds = [(t["kind"], t["from"], t["to"], t["amount"]) for t in board.result()["transfers"]]
    assert kinds[:7] == [
        *(("gang_an", p, 1, 2) for p in (2, 3, 0)),
        *(("gang_xu", p, 1, 1) for p in (2, 3, 0)),
        ("hu", 1, 0, 2),
    ]


def test_SC_3_1_SC_4_5_after_a_peng_nobody_wins_without_a_draw() -> None:
    """天胡 is the dealer's first action only. JIANG_DEAL: seat 1 pengs the dealer's first discard
    5p before it ever drew (222m 555m 888m 22p + the peng would be complete): refused. E2: the
    dealer pengs seat 1's 6s after its first discard: refused too. A hu naming 红中 is an input
    error naming ``tile``."""
    board = until(record(JIANG_DEAL, ["x0 5p", "p1"], que="mspp"))
    assert board.seats[1].draws == 0
    assert refusal(board, "h1") == (
        "win_without_draw",
        "SC-3.1",
        "seat 1 can only win by self-draw (自摸) on its own turn",
    )
    from tests.replay.test_sichuan_board import E2_DEAL

    dealer = until(record(E2_DEAL, ["x0 5p", "d1 6s", "x1 6s", "p0"], que="mspp"))
    assert refusal(dealer, "h0")[2] == "seat 0 can only win by self-draw (自摸) on its own turn"
    assert bad_input(until(e1(), 20), {"type": "hu", "seat": 1, "tile": "C"})[0] == "tile"


def test_SC_2_2_a_self_draw_holding_the_void_suit_names_its_first_void_tile() -> None:
    """E1: the dealer (缺条) calls 天胡 on its 14 tiles holding 9s and 5s: refused, naming 5s (the
    lower kind); without 定缺 its 14 tiles hold three suits."""
    assert refusal(until(e1(), 1), "h0") == (
        "holds_void_suit",
        "SC-2.2",
        "seat 0 declared 条 void (定缺) and cannot win holding 五条 (5s)",
    )
    free = until(record(E1_DEAL, [], que=None, overrides={"dingque": False}))
    assert refusal(free, "h0")[:2] == ("three_suits", "SC-2.2")


def test_SC_2_2_a_discard_win_names_the_lowest_void_tile() -> None:
    """Seat 1 (缺筒) holding 1p and 5p wins nothing on the dealer's 1p: named by the 1p."""
    deal = [*VOID_DEAL]
    deal[1] = "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 5p 1p"
    assert first_illegal(record(deal, ["x0 1p", "h1"], que="mpsp"))[3] == (
        "seat 1 declared 筒 void (定缺) and cannot win holding 一筒 (1p)"
    )


@pytest.mark.parametrize(("zimo_bonus", "m"), [("fan", 2), ("di", 2)])
def test_SC_5_1_a_discard_win_is_never_doubled_as_a_self_draw(zimo_bonus: str, m: int) -> None:
    """SC-5.1: ×2 under ``zimo_bonus: fan`` only when self-drawn: seat 1's 对对胡 on seat 2's 3m is
    M 2 either way."""
    board = e2_on_3m(zimo_bonus=zimo_bonus)
    board.push(event("h1"))
    board.finish()
    assert [(w.seat, w.multiple) for w in board.wins] == [(1, m)]


@pytest.mark.parametrize(
    ("mode", "bonus", "deltas"),
    [
        # 平胡 G 1 杠上花: 4, ×2 自摸 = 8 from each (no +1 under fan), beside the 直杠's 2 from seat 3
        ("zimo", "fan", [-8, -8, 26, -10]),
        ("dianpao", "fan", [0, 0, 6, -6]),  # only the feeder pays M 4, no 自摸 doubling (SC-5.4)
        ("zimo", "di", [-5, -5, 17, -7]),  # E10: 4 + 1 each
    ],
)
def test_SC_5_4_E10_with_zimo_bonus_fan(mode: str, bonus: str, deltas: list[int]) -> None:
    """E10 (seat 2 直杠 9m off seat 3, who pays 2; replacement 8p: 杠上花, 平胡 G 1, M 4)."""
    from tests.replay.test_sichuan_rules import E10_DEAL, E10_EVENTS

    board = play(
        record(E10_DEAL, E10_EVENTS, que="mpsm", overrides={"diangang_hua": mode, "zimo_bonus": bonus})
    )
    assert board.ledger.deltas == deltas


def test_SC_5_4_s7_a_bankrupt_feeder_is_not_charged() -> None:
    """E10 under ``dianpao`` with seat 3's stack 2: the 直杠's 2 leaves it at 0, bankrupt (§7) and
    out; the 杠上花 then has nobody to pay (SC-5.4: only the feeder would): no payer on its receipt."""
    from tests.replay.test_sichuan_rules import E10_DEAL, E10_EVENTS

    rec = record(
        E10_DEAL,
        E10_EVENTS,
        que="mpsm",
        overrides={"diangang_hua": "dianpao", "bankruptcy": True},
        stacks=[30, 30, 30, 2],
    )
    board = play(rec)
    assert board.ledger.bankrupt == {3} and board.ledger.deltas == [0, 0, 2, -2]
    assert board.wins[0].receipt()["payers"] == []


def test_SC_3_7_a_xueliu_winner_keeps_its_tiles_and_counts_its_wins() -> None:
    """E7: seat 0 wins twice (5p off seat 2, then 杠上花 on 2p); each winning tile is set aside,
    its concealed tiles stay 234m 678m 34p 99p beside the 暗杠 7777p."""
    from tests.replay.test_sichuan_board import E7_DEAL, e7_events

    board = play(record(E7_DEAL, e7_events(), que="smmm", preset="xueliu"))
    seat = board.seats[0]
    assert seat.wins == 2 and seat.set_aside == [22, 19]
    assert [k for k in range(27) for _ in range(seat.hand[k])] == [1, 2, 3, 5, 6, 7, 20, 21, 26, 26]


def test_SC_1_7_a_win_declared_does_not_free_another_seat_that_can_win() -> None:
    """E2's 3m with 3 tiles left: seat 1 declares, seat 3 (平胡 on it) lets it go with the next
    draw: refused, naming seat 3 and the draw."""
    board = e2_on_3m()
    leave(board, 3)
    board.push(event("h1"))
    assert refusal(board, "d3 1m") == (
        "forced_hu",
        "SC-1.7",
        "with 3 tiles left (< 4) seat 3 must win (最后四张自动胡牌), not let the tile go (draw)",
    )


def test_SC_3_1_an_own_turn_kong_in_a_window_is_out_of_turn() -> None:
    """After seat 0's 9s (E1 event 0) seat 1 draws next: its 暗杠 of 7s first is out of turn (the
    window closes, the draw is due), not a claim of the 9s."""
    board = until(e1(), 2)
    assert refusal(board, {"type": "gang", "kind": "an", "seat": 1, "tile": "7s"}) == (
        "out_of_turn",
        "SC-3.1",
        "seat 1 cannot gang now: seat 1 draws next",
    )


def test_SC_3_3_a_bugang_is_robbed_only_by_a_win_named() -> None:
    """E5: seat 0's 补杠 4p: seat 2's peng of it is refused with the reason."""
    from tests.sichuan_builders import E5_DEAL, E5_TO_BUGANG

    board = until(record(E5_DEAL, E5_TO_BUGANG, que="mpsp"))
    assert refusal(board, "p2") == (
        "rob_not_xu_gang",
        "SC-3.3",
        "only a 补杠 can be robbed (抢杠胡): a 补杠 can only be robbed by a win, not claimed",
    )


def test_SC_3_9_a_third_win_on_a_discard_ends_the_hand_when_its_window_closes() -> None:
    """E1 until seat 0's win (E1 event 24); seat 2 lets 5s go, seat 3 (缺万) lets its drawn 6m go
    and seat 2 (11m 234m 567m 999m 78m) wins on it: the third winner; only seat 3 is left, so the
    next event closes the window and finds the hand over (SC-3.9)."""
    events = [*E1_EVENTS[:25], "d2 5s", "x2 5s", "d3 6m", "x3 6m", "h2"]
    assert first_illegal(e1([*events, "d0 1m"])) == (
        31,
        "event_after_end",
        "SC-3.9",
        "the hand already ended (wins); nothing may follow",
    )
    board = play(e1(events))
    assert board.ended and [(w.seat, w.source) for w in board.wins][-1] == (2, 3)
    assert board.drawn is None


def test_SC_1_7_a_record_ending_on_a_win_still_forces_the_others() -> None:
    """E2's 3m with 3 left: seat 1 declares and the record ends; closing the window at the end
    finds seat 3, which could win, letting it go."""
    board = e2_on_3m()
    leave(board, 3)
    board.push(event("h1"))
    with pytest.raises(IllegalEvent) as err:
        board.finish()
    assert err.value.reason.message == (
        "with 3 tiles left (< 4) seat 3 must win (最后四张自动胡牌), not let the tile go (end)"
    )


@pytest.mark.parametrize(("pass_hu", "forced"), [("higher_ok", True), ("until_draw", False)])
def test_SC_1_7_SC_3_5_a_locked_seat_is_forced_only_when_the_lock_allows_the_win(
    pass_hu: str, forced: bool
) -> None:
    """test_sichuan_boundaries' 过水 hand: seat 1 let seat 2's 4p (M 1) go; on seat 3's 1p (M 2) with
    3 tiles left, higher_ok lets it win (2 > 1), so it must; until_draw locks it, so it may pass."""
    from tests.replay.test_sichuan_boundaries import PASS_DEAL, PASS_START

    rec = record(PASS_DEAL, PASS_START, que="sspp", overrides={"pass_hu": pass_hu})
    board = until(rec, len(rec["events"]) - 1)
    leave(board, 3)
    board.push(rec["events"][-1])
    if forced:
        assert (
            refusal(board, "s1")[2] == "with 3 tiles left (< 4) seat 1 must win (最后四张自动胡牌), not pass"
        )
    else:
        board.push(event("s1"))


def test_SC_1_3_a_later_multiple_win_does_not_choose_the_dealer() -> None:
    """SC-1.3: the next dealer is the first winner, unless that *first* win was multiple. Xueliu,
    pass_hu free: seat 1 alone wins seat 2's 3m (seat 3 passes); seat 2 draws and lets the last
    3m go and seats 3 and 1 both win on it (一炮多响): the next dealer is seat 1, not seat 2."""
    from tests.replay.test_sichuan_board import E2_DEAL

    events = ["x0 5p", "d1 1p", "x1 1p", "d2 5s", "x2 3m", "h1", "s3", "d2 3m", "x2 3m", "h1", "h3"]
    board = play(record(E2_DEAL, events, que="mspp", preset="xueliu", overrides={"pass_hu": "free"}))
    assert [(w.seat, w.source, w.multiple) for w in board.wins] == [(1, 2, 2), (3, 2, 1), (1, 2, 2)]
    assert [s.wins for s in board.seats] == [0, 2, 0, 1]
    assert board.next_dealer() == 1 and board.result()["next_dealer"] == 1


def test_SC_1_3_after_a_multiple_first_win_the_discarder_deals_whatever_follows() -> None:
    """Xueliu: seats 3 and 1 both win seat 2's 3m first (multiple: seat 2 deals next); seat 2
    draws 9p and lets it go, and seat 1 (still waiting on 3m/9p) wins on it alone: still seat 2."""
    from tests.replay.test_sichuan_board import E2_DEAL

    events = ["x0 5p", "d1 1p", "x1 1p", "d2 5s", "x2 3m", "h1", "h3", "d2 9p", "x2 9p", "h1"]
    board = play(record(E2_DEAL, events, que="mspp", preset="xueliu"))
    assert [(w.seat, w.source) for w in board.wins] == [(3, 2), (1, 2), (1, 2)]
    assert board.next_dealer() == 2


#: JIANG_DEAL with seat 1 holding 2p 9s for 22p: it pengs the dealer's 5p and lets its void 9s go;
#: seat 2 (11m 33m 44m 66m 77m 99m 9s) wins on it: 七对 P 4.
PENG_DEAL = [JIANG_DEAL[0], "2m 2m 2m 5m 5m 5m 8m 8m 8m 2p 9s 5p 5p", JIANG_DEAL[2], JIANG_DEAL[3]]


@pytest.mark.parametrize(("after", "ways", "m"), [("peng", (), 4), ("zhigang", ("gangshangpao",), 8)])
def test_SC_4_4_a_discard_after_a_peng_is_no_gangshangpao(after: str, ways: tuple[str, ...], m: int) -> None:
    """SC-4.4: 杠上炮 is a win on the discard a seat makes after its own kong's replacement. Seat 1's
    9s after a peng is an ordinary discard: 七对 M 4; after a 直杠 of the 5p (555p: seat 1 holds
    55p, the dealer's 5p) and its replacement 9p, the same 9s is 杠上炮: M 8."""
    deal = [*PENG_DEAL]
    if after == "peng":
        events = ["x0 5p", "p1", "x1 9s", "h2"]
    else:
        deal[1] = "2m 2m 2m 5m 5m 5m 8m 8m 8m 5p 9s 5p 5p"  # three 5p: 5p ×1 from seat 0, 5p ×3 here
        deal[3] = "2p 3p 4p 6p 7p 8p 9p 3p 4p 6p 7p 8s 2p"
        events = ["x0 5p", "gm1", "d1 9p", "x1 9s", "h2"]
    board = play(record(deal, events, que="mspm"))
    assert [(w.seat, w.source, w.hand, w.ways, w.multiple) for w in board.wins] == [(2, 1, "qidui", ways, m)]


@pytest.mark.parametrize(("zhuanyi", "deltas"), [("last", [-2, -2, 8, -4]), ("all", [-2, -8, 14, -4])])
def test_SC_5_6_a_zhigang_on_a_claim_is_its_own_turn(zhuanyi: str, deltas: list[int]) -> None:
    """E1 until seat 1's 直杠 of seat 3's 5p (E1 event 9); its replacement is 6m (缺万: it lets it
    go) and seat 2 (11m 234m 567m 999m 78m) wins on it: 清一色 4 × 杠上炮 2 = M 8. Before: the 暗杠
    (−2, +6, −2, −2), the 直杠 (seat 3 pays 2). ``last`` moves only the 直杠's 2 (its claim is a
    turn of its own, not the turn of seat 1's first draw, when it made the 暗杠); ``all`` all 8."""
    events = [*E1_EVENTS[:10], "d1 6m", "x1 6m", "h2"]
    board = play(record(E1_DEAL, events, que="smpm", overrides={"hujiao_zhuanyi": zhuanyi}))
    assert [(w.seat, w.source, w.ways, w.multiple) for w in board.wins] == [(2, 1, ("gangshangpao",), 8)]
    assert board.ledger.deltas == deltas


def test_SC_3_7_a_xueliu_zhigang_keeping_the_waits_is_made() -> None:
    """E7 (xueliu): seat 0 won on 5p and holds 234m 678m 34p 777p 99p (waits 2p/5p); seat 1 lets
    the last 7p go: seat 0's 直杠 of it keeps the waits 2p/5p, so it stands; seat 1 pays 2 (beside
    the 1 seat 2 paid for the 5p)."""
    from tests.replay.test_sichuan_board import E7_DEAL

    events = ["x0 1s", "d1 1m", "x1 1m", "d2 9p", "x2 5p", "h0", "d1 7p", "x1 7p", "gm0 7p"]
    board = until(record(E7_DEAL, events, que="smmm", preset="xueliu"))
    assert board.seats[0].kongs == [(24, "ming", 1)] and board.ledger.deltas == [3, -2, -1, 0]


def test_SC_3_9_s7_a_hand_can_end_by_bankruptcy() -> None:
    """§7 / SC-3.9: stacks 1, 30, 1, 1: seat 1's 暗杠 of 7s (E1 event 2) takes each other seat's
    only coin: three seats bankrupt, one active, the hand is over without a win."""
    rec = e1(overrides={"bankruptcy": True}, stacks=[1, 30, 1, 1])
    assert first_illegal(rec)[:4] == (
        4,
        "event_after_end",
        "SC-3.9",
        "the hand already ended (bankruptcy); nothing may follow",
    )


def test_SC_1_3_draw_dealer_next_wraps_to_seat_0() -> None:
    """SC-1.3 with no win and draw_dealer next: dealer 3's 下家 is seat 0."""
    rec = e1([], overrides={"draw_dealer": "next"})
    rec["dealer"], rec["deal"] = 3, [rec["deal"][1], rec["deal"][2], rec["deal"][3], rec["deal"][0]]
    assert Board.from_record(rec).next_dealer() == 0


def actions(board: Board) -> list[tuple[Any, ...]]:
    from replay.games.sichuan.board import legal_actions

    out = legal_actions(board)
    assert all(set(c) <= {"type", "seat", "kind", "tile"} for c in out)  # the event keys push reads
    return [tuple(c.values()) for c in out]


def test_legal_actions_list_exactly_what_push_takes() -> None:
    """The simulator's and the detectors' list (SC-3.1, SC-3.2): E1 after seat 1's draw of 9p
    (7777s 555p 234s 88s 99p): each held kind's discard, in code order, and the 暗杠 of 7s; after
    seat 3's 5p: seat 0 and 2 may pass, seat 1 peng, 直杠 or pass, and only seat 0 (seat 3's 下家)
    draws; after the 暗杠, seat 1's replacement draw; the opening and the end list nothing."""
    assert actions(until(e1(), 3)) == [
        ("discard", 1, "2s"),
        ("discard", 1, "3s"),
        ("discard", 1, "4s"),
        ("discard", 1, "7s"),
        ("gang", 1, "an", "7s"),
        ("discard", 1, "8s"),
        ("discard", 1, "5p"),
        ("discard", 1, "9p"),
    ]
    assert actions(until(e1(), 10)) == [
        ("pass", 0),
        ("peng", 1),
        ("gang", 1, "ming", "5p"),
        ("pass", 1),
        ("pass", 2),
        ("draw", 0),
    ]
    assert actions(until(e1(), 4)) == [("draw", 1)]
    assert actions(until(e1(), 20))[0] == ("hu", 1)  # seat 1 drew its winning 9p
    assert actions(Board.from_record(e1(overrides={"swap_three": "any"}))) == []
    assert actions(Board.from_record(e1())) == []  # 定缺 first
    assert actions(play(e1())) == []


def test_legal_actions_offer_the_bugang() -> None:
    """E5: seat 0 pengs 4p and later draws the 4th: its 补杠 of 4p is offered, no other kong."""
    from tests.sichuan_builders import E5_DEAL, E5_TO_BUGANG

    board = until(record(E5_DEAL, E5_TO_BUGANG[:-1], que="mpsp"))
    assert [a for a in actions(board) if a[0] == "gang"] == [("gang", 0, "xu", "4p")]


def test_legal_actions_in_a_window_from_seat_2_and_at_the_end_of_the_wall() -> None:
    """E2's 3m (from seat 2): seat 0 may only pass (缺万); seat 1 may win, peng (33m) or pass;
    seat 3, after the discarder, win or pass; only seat 3 draws next. After E1's seat 1 self-draw
    (E1 event 19) seat 2 is due to draw: with 1 tile left it draws; with 0 only 流局 is left."""
    assert actions(e2_on_3m()) == [
        ("pass", 0),
        ("hu", 1),
        ("peng", 1),
        ("pass", 1),
        ("hu", 3),
        ("pass", 3),
        ("draw", 3),
    ]
    window = until(e1(), 2)  # seat 0's 9s, nobody can claim it: with the wall empty only 流局 follows
    leave(window, 0)
    assert actions(window) == [("pass", 1), ("pass", 2), ("pass", 3), ("huangzhuang",)]
    board = until(e1(), 21)
    assert board.phase == "draw" and not board.replacement
    leave(board, 1)
    assert actions(board) == [("draw", 2)]
    leave(board, 0)
    assert actions(board) == [("huangzhuang",)]


def test_SC_6_1_s7_the_wall_ends_in_turn_order_from_the_dealer() -> None:
    """§6 (steps in turn order from the dealer): E1's hands with seat 3 as dealer (seat 3 holds E1's
    dealer hand, seats 0-2 E1's seats 1-3), 定缺 ``spps``: seat 3 lets 9s go and the wall is empty.
    花猪 (SC-6.1): seat 0 (缺条, 7777s), seat 2 (缺筒, 45p 88p 22p), seat 3 (缺条, 5s); seat 1
    (11m 234m 567m 999m 78m, 缺筒) is clean and ready (下叫 on 6m/9m). Each 花猪 pays it 16, in
    the order 3, 0, 2 (from the dealer); nobody else pays (no clean seat without 下叫)."""
    rec = e1(["x3 9s"], que="spps")
    rec["dealer"], rec["deal"] = 3, [rec["deal"][1], rec["deal"][2], rec["deal"][3], rec["deal"][0]]
    board = until(rec)
    leave(board, 0)
    board.push(event("hz"))
    res = board.result()
    assert (res["huazhu"], res["tenpai"]) == ([0, 2, 3], [1])
    assert [(t["kind"], t["from"], t["to"], t["amount"]) for t in res["transfers"]] == [
        ("huazhu", 3, 1, 16),
        ("huazhu", 0, 1, 16),
        ("huazhu", 2, 1, 16),
    ]
    assert res["deltas"] == [-16, 48, -16, -16] and board.ended_by == "huangzhuang"


def test_SC_2_2_the_claimed_tile_alone_can_be_the_void_tile() -> None:
    """VOID_DEAL: seat 2 (缺筒) holds no 筒; the dealer's 1p would be its only one: refused as
    holding 一筒, not as a hand that makes no win. Seat 1 (缺条, 222m 555m 888m 1p 2p 55p, no 条)
    on the dealer's 9p makes no winning hand: no void tile in it (1p is no 条)."""
    assert first_illegal(record(VOID_DEAL, ["x0 1p", "h2"], que="mppp"))[1:] == (
        "holds_void_suit",
        "SC-2.2",
        "seat 2 declared 筒 void (定缺) and cannot win holding 一筒 (1p)",
    )
    deal = [*JIANG_DEAL]
    deal[1] = "2m 2m 2m 5m 5m 5m 8m 8m 8m 1p 2p 5p 5p"
    assert first_illegal(record(deal, ["x0 9p", "h1"], que="mspm"))[1:] == (
        "not_a_winning_hand",
        "SC-4.1",
        "seat 1's tiles do not make a winning hand (胡牌) with 九筒 (9p)",
    )


def test_a_snapshot_of_an_open_window_without_a_previous_one() -> None:
    """A first snapshot taken while a window is open (E1 after seat 0's 9s) keeps it."""
    board = until(e1(), 2)
    snap = board.snapshot()
    before = digest(board)
    board.push(event("d1 9p"))
    assert digest(snap) == before and snap.claim is not None and snap.claim.tile == 17


def test_SC_1_4_the_last_tile_of_a_wall_is_still_drawn() -> None:
    """With one tile left the next draw takes it: peek_draw names it (the wall's last, back end)."""
    rec = e1_wall()
    board = until(rec, 2)
    leave(board, 1)
    from replay.tiles import KIND_OF

    assert board.peek_draw() == KIND_OF[rec["wall"][-1]]


def test_SC_1_3_a_later_self_draw_keeps_the_multiple_first_winner_rule() -> None:
    """Xueliu: seats 3 and 1 win seat 2's 3m first (multiple: seat 2 deals next); seat 2 lets 9p
    go (seat 1 lets it pass), seat 3 self-draws the last 3m: the next dealer is still seat 2."""
    from tests.replay.test_sichuan_board import E2_DEAL

    events = ["x0 5p", "d1 1p", "x1 1p", "d2 5s", "x2 3m", "h1", "h3", "d2 9p", "x2 9p", "s1", "d3 3m", "h3"]
    board = play(record(E2_DEAL, events, que="mspp", preset="xueliu"))
    assert [(w.seat, w.source) for w in board.wins] == [(3, 2), (1, 2), (3, None)]
    assert board.next_dealer() == 2


def test_SC_5_6_each_turn_has_its_own_number() -> None:
    """E1 with seat 3 holding 46p for 45p (so the fourth 5p is free): seat 1 makes its 暗杠 of 7s
    on its first draw; seat 2 draws 5p (缺筒) and lets it go; seat 1 makes a 直杠 of it (a turn of
    its own, the third), lets its replacement 6m go, and seat 2 wins on it: 清一色 4 × 杠上炮 2 =
    M 8. ``last`` moves only the 直杠's 2: deltas −2, +6, −2, −2 (暗杠), seat 2 pays 2 (直杠),
    seat 1 pays 8, then hands 2 on: −2, −2, +6, −2."""
    deal = [*E1_DEAL]
    deal[3] = "46p 11s 33s 66s 88p 22p 9s"
    events = ["x0 9s", "d1 9p", "ga1 7s", "d1 1s", "x1 1s", "d2 5p", "x2 5p", "gm1", "d1 6m", "x1 6m", "h2"]
    board = play(record(deal, events, que="smpm"))
    assert [(w.seat, w.source, w.ways, w.multiple) for w in board.wins] == [(2, 1, ("gangshangpao",), 8)]
    assert board.ledger.deltas == [-2, -2, 6, -2]
