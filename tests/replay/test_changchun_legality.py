"""Changchun's board by rule id (changchun.md CC-4.4, CC-4.7, §9): what a roll of the 宝 (``bao``)
must carry and where it may point, each refusal by its code, rule AND message, both sides of each
bound. Positions are worked from CC-1.4 (0–52 dealt, live draws from 53, replacement draws from
135) and CC-4.4 (``bao_count: tile``: the die-th undrawn position from the back). Written against
``board.py``'s mutants (issue #35, docs/mutation.md).
"""

from __future__ import annotations

from typing import Any

import pytest

from replay.errors import InputError
from replay.games.changchun.board import Board, IllegalEvent, legal_actions
from replay.games.changchun.reading import Meld
from tests.changchun_builders import kind, record
from tests.replay.test_changchun_board import (
    E1,
    E1_HANDS,
    E3,
    E3_HANDS,
    E4,
    E4_HANDS,
    E5_HANDS,
    E5_HEAD,
    E7,
    E7_HANDS,
    e5_record,
)

#: E4 until seat 0's turn, before its roll (die 1: the last undrawn position, wall[135], W)
ROLL_AT = E4.index("b0 1 W")


def before_roll(wall: bool = True) -> tuple[Board, dict[str, Any]]:
    rec = record(E4_HANDS, E4, wall=wall)
    board = Board.from_record(rec)
    for e in rec["events"][:ROLL_AT]:
        board.push(e)
    return board, dict(rec["events"][ROLL_AT])


def refusal(board: Board, event: dict[str, Any]) -> tuple[str, str, str]:
    with pytest.raises(IllegalEvent) as got:
        board.push(event)
    why = got.value.reason
    return why.code, why.rule, why.message


def input_error(board: Board, event: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(InputError) as got:
        board.push(event)
    return got.value.field, got.value.message


def test_CC_4_4_the_die_shows_1_to_6() -> None:
    """CC-4.4: a die shows 1–6: 0, 7, true and "4" are input errors naming ``die``; 6 is a roll
    (wall[130]: 135, 134, 133, 132, 131, 130) and a roll may leave the die out (the index says)."""
    board, roll = before_roll()
    for bad in (0, 7, True, "4"):
        assert input_error(board.clone(), {**roll, "die": bad}) == ("die", f"must be 1-6, not {bad!r}")
    six = board.clone()
    six.push({"type": "bao", "seat": 0, "die": 6, "index": 130})
    assert six.bao_index() == 130 and six.bao_serial == 1 and six.looked_now
    bare = board.clone()
    bare.push({k: v for k, v in roll.items() if k != "die"})
    assert bare.bao_index() == 135 and bare.bao == kind("W")


def test_CC_4_4_a_roll_names_an_undrawn_position_of_the_wall() -> None:
    """§9 / CC-4.4: with a wall a roll needs ``index`` (an int); wall[10] was dealt, wall[53] has
    been drawn (seat 1's first draw) and 136 is past the end: each refused as ``bao_position``
    with the position given; wall[135] by the die 1 stands."""
    board, roll = before_roll()
    for bad in (None, "135", True):
        assert input_error(board.clone(), {**roll, "index": bad}) == (
            "index",
            "required with a wall: the 宝's position in it (§9)",
        )
    for index in (10, 53, 136, -1):
        assert refusal(board.clone(), {"type": "bao", "seat": 0, "index": index}) == (
            "bao_position",
            "CC-4.4",
            f"the 宝 is an undrawn wall position, not wall[{index}]",
        )
    assert refusal(board.clone(), {**roll, "index": 134}) == (
        "bao_position",
        "CC-4.4",
        "the 宝 is wall[135] by the die 1, not wall[134]",
    )
    assert refusal(board.clone(), {**roll, "tile": "N"}) == (
        "bao_position",
        "CC-4.4",
        "the 宝 is 西风 (W) at wall[135], not 北风 (N)",
    )


def test_CC_4_4_without_a_wall_a_roll_names_its_tile() -> None:
    """§9: without a wall the roll's ``tile`` is required; E4's W is then the 宝, with no wall
    position, and counted seen: seat 0 was dealt one W, the 宝 is the second."""
    board, roll = before_roll(wall=False)
    assert input_error(board.clone(), {"type": "bao", "seat": 0, "die": 1}) == (
        "tile",
        "required without a wall: the 宝 rolled (§9)",
    )
    board.push(roll)
    assert board.bao == kind("W") and board.bao_index() is None and board.seen[kind("W")] == 2


def test_CC_4_7_the_old_bao_goes_back_and_a_fifth_copy_is_refused() -> None:
    """CC-4.7 on E3 without a wall: the first 宝 3s is seen (seat 0, 2, 3 dealt a 3s each and the
    宝: four); once dead, the second roll puts 3s back among the unseen (three seen again) and
    counts the new 宝 8p: serial 2. A roll of 8s instead is refused: seats 0 and 1 were dealt one
    8s each and seat 2 two, so all four are seen and a 宝 8s would be a fifth copy."""
    rec = record(E3_HANDS, E3, wall=False)
    board = Board.from_record(rec)
    first = E3.index("b1 4 3s")
    second = E3.index("b1 2 8p")
    for e in rec["events"][: first + 1]:
        board.push(e)
    assert board.seen[kind("3s")] == 4 and board.bao_serial == 1
    for e in rec["events"][first + 1 : second]:
        board.push(e)
    again = board.clone()
    board.push(rec["events"][second])
    assert board.bao == kind("8p") and board.bao_serial == 2 and board.seen[kind("3s")] == 3
    assert again.seen[kind("8s")] == 4
    assert refusal(again, {"type": "bao", "seat": 1, "tile": "8s"}) == (
        "fifth_copy",
        "CC-1.1",
        "八条 (8s) would be a fifth copy: there are only four of each tile",
    )


def pushed(hands: list[str], events: list[str], **kw: Any) -> tuple[Board, dict[str, Any]]:
    """The board after every event of the record but the last, and that last event."""
    rec = record(hands, events, **kw)
    board = Board.from_record(rec)
    for e in rec["events"][:-1]:
        board.push(e)
    return board, rec["events"][-1]


def test_CC_2_1_own_turn_gangs_are_an_xu_bu_or_a_set() -> None:
    """CC-2.1: on its own turn a seat's gang is an an-gang, a xu-gang, a 补 or an opening set; a
    ming-gang needs a discard (CC-2.2) and any other kind is an input error naming ``kind``. E4's
    dealer holds 1m 1m 1m: an an-gang needs 4 (it holds 3)."""
    board, _ = pushed(E4_HANDS, ["x0 2m"])
    assert refusal(board.clone(), {"type": "gang", "seat": 0, "kind": "ming", "tile": "1m"}) == (
        "nothing_to_claim",
        "CC-2.2",
        "seat 0 cannot ming-gang: there is no tile to claim",
    )
    assert input_error(board.clone(), {"type": "gang", "seat": 0, "kind": "pizi", "tile": "1m"}) == (
        "kind",
        "must be an, xu, ming, bu or a set (xuanfeng, xi, yaodan, jiudan), not 'pizi'",
    )
    assert refusal(board.clone(), {"type": "gang", "seat": 0, "kind": "an", "tile": "1m"}) == (
        "no_pair_to_claim",
        "CC-2.2",
        "seat 0 needs 4 一万 (1m) in hand to an-gang (暗杠); it holds 3",
    )


#: E1: seat 2 pengs seat 0's 9p (its own two 9p), discards F and declares 报听 (W = {5m, 8m}, 幺九
#: held); the others draw and discard; seat 2 draws the fourth 9p
LOCKED_XU = [
    "x0 9p", "p2", "x2 F", "t2", "d3 N", "x3 N", "d0 N", "x0 N", "d1 W", "x1 W", "d2 9p", "gx2 9p",
]  # fmt: skip


def test_CC_2_1_CC_4_3_a_locked_seat_adds_the_fourth_tile_to_its_peng() -> None:
    """CC-4.3: after 报听 a gang stands only if W(s) is unchanged: seat 2's xu-gang of the drawn
    9p keeps 1m2m3m 4s5s6s 6m7m 5p5p, W = {5m, 8m}, so it stands; the robbing window opens on 9p
    and, nobody robbing, seat 2 takes its replacement draw with a xu-gang of 9p from seat 0. A
    xu-gang of a peng whose fourth tile is not in hand is refused (tile_not_in_hand)."""
    board, draw = pushed(E1_HANDS, [*LOCKED_XU, "d2 7p"])
    assert board.seats[2].locked and board.phase == "claim" and board.pending == (2, kind("9p"), "xu")
    board.push(draw)
    assert board.phase == "act" and board.seats[2].melds == [Meld("xu", kind("9p"), source=0)]
    board, gx = pushed(E1_HANDS, ["x0 9p", "p2", "gx2 9p"])
    assert refusal(board, gx) == ("tile_not_in_hand", "CC-2.1", "seat 2 does not hold 九筒 (9p)")


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"dealer": 4}, "dealer", "must be a seat 0-3, not 4"),
        ({"dealer": -1}, "dealer", "must be a seat 0-3, not -1"),
        ({"dealer": True}, "dealer", "must be a seat 0-3, not True"),
        ({"wall": "short"}, "wall", "must hold all 136 tiles, not 135 (CC-1.4)"),
        ({"wall": "six 1m"}, "wall", "holds 6 of 一万 (1m); a wall has four of each (CC-1.1)"),
    ],
)
def test_CC_1_1_CC_1_3_CC_1_4_a_record_the_board_cannot_start_from(
    change: dict[str, Any], field: str, message: str
) -> None:
    """CC-1.3: the dealer is a seat 0–3 (not 4, −1 or true); CC-1.4: a wall holds all 136 tiles;
    CC-1.1: four of each (E1's wall with wall[0] and wall[1] made 1m holds six 1m, the first kind
    off by kind order). Each an input error naming the field."""
    rec = record(E1_HANDS, ["x0 9p"])
    if change.get("wall") == "short":
        rec["wall"] = rec["wall"][:135]
    elif change.get("wall") == "six 1m":
        assert rec["wall"][:2].count("1m") == 0
        rec["wall"][0] = rec["wall"][1] = "1m"
    else:
        rec.update(change)
    with pytest.raises(InputError) as got:
        Board.from_record(rec)
    assert (got.value.field, got.value.message) == (field, message)


def test_CC_1_3_CC_1_1_a_deal_without_a_wall() -> None:
    """§9: without a wall the record names the four starting hands (CC-1.3: the dealer 14, the
    others 13; CC-1.1: at most four of a kind among them). E1's deal: seat 1 holds 1m 1m and seat 2
    one 1m; seat 3's C C made 1m 1m gives five (refused), one C made 1m gives four (accepted)."""
    base = record(E1_HANDS, ["x0 9p"], wall=False)

    def error(deal: Any) -> tuple[str, str]:
        rec = {**base, "deal": deal}
        with pytest.raises(InputError) as got:
            Board.from_record(rec)
        return got.value.field, got.value.message

    deal = base["deal"]
    need = ("deal", "required without a wall: the four starting hands")
    assert error(None) == need and error(deal[:3]) == need
    assert error([deal[0], deal[1][:12], deal[2], deal[3]]) == (
        "deal[1]",
        "seat 1 starts with 13 tiles, not 12",
    )
    assert error([deal[0][:13], *deal[1:]]) == ("deal[0]", "seat 0 starts with 14 tiles, not 13")
    assert deal[3].count("C") == 2
    five = [*deal[:3], ["1m" if t == "C" else t for t in deal[3]]]
    assert error(five) == ("deal", "holds 5 of 一万 (1m); there are four of each (CC-1.1)")
    four = [*deal[:3], [*deal[3][:9], "1m", *deal[3][10:]]]
    assert Board.from_record({**base, "deal": four}).seats[3].hand[kind("1m")] == 1


def test_CC_5_6_the_dealers_first_hu_reads_its_dealt_14() -> None:
    """CC-5.6: the dealer may self-draw on its dealt 14 (no draw yet); E4's dealer hand
    111m 999p 555s EEE W 2m is no win, refused for the lowest kind it holds, 1m (CC-5.1)."""
    board = Board.from_record(record(E4_HANDS, ["h0"]))
    assert refusal(board, {"type": "hu", "seat": 0}) == (
        "no_shape",
        "CC-5.1",
        "seat 0 cannot win with 一万 (1m): no four melds and a pair (no 七对 or other special shapes)"
        " (CC-5.1)",
    )


@pytest.mark.parametrize(
    ("events", "code", "rule", "message"),
    [
        # CC-2.1: dealer 0 acts first on its dealt 14
        (["d1 N"], "out_of_turn", "CC-2.1", "seat 1 cannot draw now: seat 0 must act first"),
        (["hz"], "early_huangzhuang", "CC-1.5", "the hand cannot end in a draw (荒庄) now: seat 0 is to act"),
        (["s1"], "nothing_to_claim", "CC-2.2", "seat 1 cannot pass: there is no tile to claim"),
        (["c1 1m 2m"], "nothing_to_claim", "CC-2.2", "seat 1 cannot chi: there is no tile to claim"),
        (
            ["k0"],
            "bao_not_now",
            "CC-4.4",
            "seat 0 looks at the 宝 only at the start of its own turn: seat 0 is acting after its draw",
        ),
        # CC-2.2: seat 0's 9p is on the table; the discarder may not pass, nor a seat that won
        (["x0 9p", "s0"], "out_of_turn", "CC-2.1", "seat 0 cannot pass now: only seats that may claim pass"),
        (
            ["x0 9p", "x1 S"],
            "out_of_turn",
            "CC-2.1",
            "seat 1 cannot discard now: the tile may be claimed or the next seat draws",
        ),
        (
            ["x0 9p", "p2", "x2 F", "d3 E", "x3 5m", "h2", "s2"],
            "out_of_turn",
            "CC-2.1",
            "seat 2 cannot pass now: only seats that may claim pass",
        ),
        (
            ["x0 9p", "p2", "x2 F", "d3 E", "x3 5m", "h2", "p0"],
            "claim_after_hu",
            "CC-2.2",
            "五万 (5m) was won (胡): a win beats chi, peng and kong",
        ),
    ],
)
def test_CC_2_1_CC_2_2_what_each_phase_refuses(events: list[str], code: str, rule: str, message: str) -> None:
    """CC-2.1 / CC-2.2 on E1 (dealer 0): on the dealer's first turn no draw, no 荒庄 (CC-1.5), no
    claim or pass, no look at the 宝 (CC-4.4); in the window on seat 0's 9p the discarder may not
    pass, another seat may not discard; once seat 2 declared its win on seat 3's 5m it may not
    pass, nor may a peng follow."""
    board, last = pushed(E1_HANDS, events)
    assert refusal(board, last) == (code, rule, message)


def test_CC_2_3_after_two_wins_are_declared_both_are_named() -> None:
    """CC-2.3 on E7: seats 1 and 0 both declare a win on seat 3's robbed 5p; anything but another
    declaration then is refused naming both (seat 0 wins alone, nearer after seat 3: 截胡). A pass
    by seat 2, which did not declare, is no refusal."""
    board, _ = pushed(E7_HANDS, [*E7, "s2"], dealer=2)
    board.push({"type": "pass", "seat": 2})
    assert refusal(board, {"type": "discard", "seat": 2, "tile": "F"}) == (
        "event_after_end",
        "CC-2.3",
        "the hand already ended (seat 1, 0 won); nothing may follow",
    )


def test_CC_4_3_CC_4_4_a_look_in_its_own_turn_and_the_kanbao_lock() -> None:
    """CC-4.4 on E3: seat 1 declared 报听 after its 9m; seat 2's turn comes first, so seat 1's
    roll is refused (it is seat 2's turn). CC-4.3 ``ting_lock: kanbao``: the lock starts at the
    first look, not at 报听: seat 1 is unlocked after ``t1``, locked after its roll; its look is
    recorded with the 宝's serial 1 and kind 3s."""
    board, roll = pushed(E3_HANDS, [*E3[:4], "b1 4 3s"])
    assert refusal(board, roll) == (
        "bao_not_now",
        "CC-4.4",
        "seat 1 looks at the 宝 only at the start of its own turn: it is seat 2's turn",
    )
    rolled = E3.index("b1 4 3s") + 1
    board, roll = pushed(E3_HANDS, E3[:rolled], overrides={"ting_lock": "kanbao"})
    assert board.seats[1].ting and not board.seats[1].locked
    board.push(roll)
    assert board.seats[1].locked and board.seats[1].looked == 1
    assert [(lk.seat, lk.serial, lk.kind, lk.how) for lk in board.learnt(1)] == [(1, 1, kind("3s"), "bao")]


def test_CC_2_3_CC_1_5_an_event_after_the_end_says_how_it_ended() -> None:
    """A settled hand takes no more events: after E4's 对宝 "seat 0 won"; after E5's 荒庄
    "huangzhuang" (CC-1.5)."""
    board, _ = pushed(E4_HANDS, [*E4, "x0 W"])
    assert board.how_it_ended() == "seat 0 won"
    assert refusal(board, {"type": "discard", "seat": 0, "tile": "W"}) == (
        "event_after_end",
        "CC-2.3",
        "the hand already ended (seat 0 won); nothing may follow",
    )
    rec = e5_record()
    board = Board.from_record(rec)
    for e in rec["events"]:
        board.push(e)
    assert refusal(board, {"type": "huangzhuang"}) == (
        "event_after_end",
        "CC-2.3",
        "the hand already ended (huangzhuang); nothing may follow",
    )


def test_CC_2_1_legal_actions_on_the_dealers_first_turn() -> None:
    """CC-2.1 on E1: the dealer's dealt 14 (9p 123s 789s 234p 678p E) is no win, holds no four
    of a kind, no peng and no opening set: its legal actions are a discard of each kind it holds,
    in kind order (条, 筒, then E); its 1s, 9s, 9p and E have no set to 补 to."""
    board = Board.from_record(record(E1_HANDS, ["x0 9p"]))
    codes = ["1s", "2s", "3s", "7s", "8s", "9s", "2p", "3p", "4p", "6p", "7p", "8p", "9p", "E"]
    assert legal_actions(board) == [{"type": "discard", "seat": 0, "tile": t} for t in codes]


def test_CC_2_2_legal_actions_in_a_claim_window() -> None:
    """CC-2.2 on E1: seat 3 discards 5p. Seat 0, its 下家, may chi 3p4p, 4p6p or 6p7p (it holds
    234p 678p); seat 2 may peng (it holds 5p 5p; its wait is 5m/8m, so no hu); seat 1 nothing;
    else seat 0 draws. No 荒庄 (80 tiles left) and no look (nobody declared 报听)."""
    board, _ = pushed(E1_HANDS, ["x0 9p", "p2", "x2 F", "d3 5p", "x3 5p", "d0 N"])
    assert legal_actions(board) == [
        {"type": "chi", "seat": 0, "tiles": ["3p", "4p"]},
        {"type": "chi", "seat": 0, "tiles": ["4p", "6p"]},
        {"type": "chi", "seat": 0, "tiles": ["6p", "7p"]},
        {"type": "peng", "seat": 2},
        {"type": "draw", "seat": 0},
    ]


def test_CC_4_4_legal_actions_before_a_first_roll() -> None:
    """CC-4.4 on E4: seat 0 declared 报听 and starts its turn with no 宝 yet: it may draw, or roll
    (each die face 1–6 pointing at wall[135] down to wall[130]); no 看宝 (none rolled), no 对宝
    before a look, no 荒庄."""
    board, _ = before_roll()
    assert legal_actions(board) == [
        {"type": "draw", "seat": 0},
        *({"type": "bao", "seat": 0, "die": d, "index": 136 - d} for d in range(1, 7)),
    ]


#: E1 until seat 3's 5p is on the table (seat 0, its 下家, holds 234p 678p; seat 2 holds 5p 5p)
FIVE_P = ["x0 9p", "p2", "x2 F", "d3 5p", "x3 5p"]


@pytest.mark.parametrize(
    ("event", "code", "rule", "message"),
    [
        (
            {"type": "peng", "seat": 2, "tile": "8p"},
            "win_tile_mismatch",
            "CC-2.3",
            "the winning tile is 五筒 (5p), not 八筒 (8p)",
        ),
        (
            {"type": "chi", "seat": 0, "tiles": ["3p", "4p"], "tile": "6p"},
            "win_tile_mismatch",
            "CC-2.3",
            "the winning tile is 五筒 (5p), not 六筒 (6p)",
        ),
        (
            {"type": "chi", "seat": 0, "tiles": ["3p", "5p"]},
            "bad_chi",
            "CC-2.2",
            "3p 5p 5p is not a sequence of one suit (吃: suited tiles only)",
        ),
        (
            {"type": "chi", "seat": 0, "tiles": ["4p", "7p"]},
            "bad_chi",
            "CC-2.2",
            "4p 5p 7p is not a sequence of one suit (吃: suited tiles only)",
        ),
        (
            {"type": "chi", "seat": 0, "tiles": ["6p", "6p"]},
            "bad_chi",
            "CC-2.2",
            "5p 6p 6p is not a sequence of one suit (吃: suited tiles only)",
        ),
        ({"type": "chi", "seat": 0, "tiles": ["3p", "4p"]}, "", "", ""),
    ],
)
def test_CC_2_2_what_a_claim_on_5p_may_say(event: dict[str, Any], code: str, rule: str, message: str) -> None:
    """CC-2.2 on E1's 5p from seat 3: a claim naming another tile is refused (the message speaks of
    the tile on the table); a chi is a run of three of one suit with the 5p (3p 4p 5p stands)."""
    board, _ = pushed(E1_HANDS, [*FIVE_P, "d0 N"])
    if not code:
        board.push(event)
        assert board.seats[0].melds == [Meld("chi", kind("3p"), source=3)] and board.phase == "act"
        return
    assert refusal(board, event) == (code, rule, message)


def test_CC_2_2_a_chi_names_two_tiles_from_hand() -> None:
    """§9: a chi event names the two tiles from hand; one is an input error naming ``tiles``."""
    board, _ = pushed(E1_HANDS, [*FIVE_P, "d0 N"])
    assert input_error(board, {"type": "chi", "seat": 0, "tiles": ["4p"]}) == (
        "tiles",
        "a chi names the 2 tiles from hand, not 1",
    )


def test_CC_4_3_a_locked_seat_may_not_chi_or_peng() -> None:
    """CC-4.3 (``ting_lock: baoting``): seat 2 declared 报听 after its F (W = {5m, 8m}); it holds
    5p 5p and 6m 7m, yet may not peng seat 3's 5p nor chi its 上家 seat 1's 8m (a win on 8m
    would be legal instead)."""
    board, peng = pushed(E1_HANDS, ["x0 9p", "p2", "x2 F", "t2", "d3 5p", "x3 5p", "p2"])
    assert refusal(board, peng) == (
        "ting_locked",
        "CC-4.3",
        "seat 2 declared 报听 (ting_lock: baoting) and may not peng",
    )
    board, chi = pushed(
        E1_HANDS, ["x0 9p", "p2", "x2 F", "t2", "d3 N", "x3 N", "d0 N", "x0 N", "d1 8m", "x1 8m", "c2 6m 7m"]
    )
    assert refusal(board, chi) == (
        "ting_locked",
        "CC-4.3",
        "seat 2 declared 报听 (ting_lock: baoting) and may not chi",
    )


@pytest.mark.parametrize(
    ("hands", "events", "code", "rule", "message"),
    [
        # CC-5.6: the dealer's dealt 14 (no draw): a named tile must be one it holds
        (E4_HANDS, ["h0 5p"], "tile_not_in_hand", "CC-2.1", "seat 0 does not hold 五筒 (5p)"),
        # CC-4.5: 对宝 on E4's W names the 宝, not another tile
        (
            E4_HANDS,
            [*E4[:-1], "h0 N"],
            "win_tile_mismatch",
            "CC-2.3",
            "the winning tile is 西风 (W), not 北风 (N)",
        ),
        # CC-5.6: E3's seat 1 drew 7m; a self-draw names the drawn tile
        (
            E3_HANDS,
            [*E3[:12], "h1 8p"],
            "win_tile_mismatch",
            "CC-2.3",
            "the winning tile is 七万 (7m), not 八筒 (8p)",
        ),
    ],
)
def test_CC_5_6_a_self_drawn_win_names_the_tile_drawn(
    hands: list[str], events: list[str], code: str, rule: str, message: str
) -> None:
    """CC-5.6 / CC-4.5: a hu's ``tile``, when given, is the tile the win is on: the drawn tile,
    the 宝 of a 对宝, or (the dealer's first turn) one of its dealt tiles."""
    board, last = pushed(hands, events)
    assert refusal(board, last) == (code, rule, message)


@pytest.mark.parametrize(
    ("hands", "events", "code", "rule", "message"),
    [
        # CC-4.4: E4's seat 0 rolled the 宝 W; its live draw (or 对宝) is still due: 80 undrawn
        (
            E4_HANDS,
            [*E4[:-1], "t1"],
            "ting_not_now",
            "CC-4.2",
            "seat 1 may declare 报听 only right after its own discard",
        ),
        (E4_HANDS, [*E4[:-1], "d1 N"], "out_of_turn", "CC-2.1", "seat 1 cannot draw now: seat 0 draws next"),
        (
            E4_HANDS,
            [*E4[:-1], "x0 W"],
            "out_of_turn",
            "CC-2.1",
            "seat 0 cannot discard now: seat 0 draws next",
        ),
        (
            E4_HANDS,
            [*E4[:-1], "hz"],
            "early_huangzhuang",
            "CC-1.5",
            "the hand cannot end in a draw (荒庄) now: 80 tiles are left, more than the 14 kept",
        ),
        # CC-2.1: after seat 0's ming-gang of 7p (E5) its replacement draw is due
        (
            E5_HANDS,
            [*E5_HEAD[:4], "d1 2m"],
            "out_of_turn",
            "CC-2.1",
            "seat 1 cannot draw now: seat 0 draws its replacement tile",
        ),
        (
            E5_HANDS,
            [*E5_HEAD[:4], "x0 9s"],
            "out_of_turn",
            "CC-2.1",
            "seat 0 cannot discard now: seat 0 draws its replacement tile",
        ),
        # CC-3.3: a 补 of a tile the seat does not hold (seat 2's 旋风杠 stands; it holds no N)
        (E5_HANDS, [*E5_HEAD[:13], "gb2 N"], "tile_not_in_hand", "CC-2.1", "seat 2 does not hold 北风 (N)"),
        (
            E5_HANDS,
            [*E5_HEAD[:5], "gb0 E"],
            "bu_no_set",
            "CC-3.3",
            "seat 0 has no 旋风杠 xuanfeng set to add 东风 (E) to (补)",
        ),
        (
            E5_HANDS,
            [*E5_HEAD[:5], "gb0 5p"],
            "bu_no_set",
            "CC-3.3",
            "seat 0 has no opening set to add 五筒 (5p) to (补)",
        ),
    ],
)
def test_CC_2_1_CC_3_3_the_draw_and_replacement_phases(
    hands: list[str], events: list[str], code: str, rule: str, message: str
) -> None:
    """CC-2.1: when a live draw is due (E4's seat 0 has looked at the 宝) only that seat draws,
    nobody declares 报听, and the hand is no draw with 80 tiles left (R(0) = 14, CC-1.5); after a
    kong the same seat's replacement draw comes first (CC-1.4). CC-3.3: a 补 adds a
    tile the seat holds to its own set of that group (winds → 旋风杠); a 5p belongs to no set."""
    board, last = pushed(hands, events)
    assert refusal(board, last) == (code, rule, message)


def test_CC_4_5_legal_actions_after_a_look() -> None:
    """CC-4.4 / CC-4.5 on E4: right after seat 0's roll (the 宝 W, in its W(s) = {W}) it may draw,
    win by 对宝, look again at the standing 宝, or leak it (CC-4.8); no roll (a 宝 stands) and no
    荒庄 (80 tiles left)."""
    board, _ = pushed(E4_HANDS, E4)
    assert legal_actions(board) == [
        {"type": "draw", "seat": 0},
        {"type": "hu", "seat": 0},
        {"type": "kanbao", "seat": 0},
        {"type": "bao_leak", "seat": 0},
    ]


def test_CC_2_1_legal_actions_of_an_an_gang_turn_and_a_replacement() -> None:
    """CC-2.1 / CC-3.2 on E5: seat 1 (after its first discard) draws 2m holding CCCC 9m 11s 22s
    33s 44s: a discard of each kind in kind order and, after the C, its an-gang (a 暗大蛋); no
    opening set after its first discard, no win. After seat 0's ming-gang of 7p only its
    replacement draw may come (CC-1.4)."""
    board, _ = pushed(E5_HANDS, [*E5_HEAD[:7], "ga1 C"])
    codes = ["2m", "9m", "1s", "2s", "3s", "4s", "C"]
    assert legal_actions(board) == [
        *({"type": "discard", "seat": 1, "tile": t} for t in codes),
        {"type": "gang", "seat": 1, "kind": "an", "tile": "C"},
    ]
    board, _ = pushed(E5_HANDS, [*E5_HEAD[:4], "d0 9s"])
    assert legal_actions(board) == [{"type": "draw", "seat": 0}]


def test_CC_4_5_CC_4_6_CC_5_hu_in_reach_by_phase() -> None:
    """What the mistakes ask before pushing a hu (False only when the hu must be refused for the
    seat's tiles): on E1's window on seat 3's 5m seat 2 (W = {5m, 8m}) is in reach, seats 0 and 1
    are not; on seat 0's 9p nobody is. On E4 before the roll no 宝 stands (no 对宝): not in reach;
    after the roll of W (in W(s)): in reach. On E3, seat 1's drawn 7m wins nothing, its drawn 8p
    is the looked-at live 宝 (摸宝 for 5p): in reach; another seat while seat 1 acts: True (push
    decides)."""
    board, _ = pushed(E1_HANDS, ["x0 9p", "p2", "x2 F", "d3 E", "x3 5m", "h2"])
    assert [board.hu_in_reach(s) for s in (0, 1, 2)] == [False, False, True] and board.window_in_reach()
    board, _ = pushed(E1_HANDS, ["x0 9p", "d1 N"])
    assert [board.hu_in_reach(s) for s in (1, 2, 3)] == [False, False, False] and not board.window_in_reach()
    board, roll = before_roll()
    assert not board.hu_in_reach(0)
    board.push(roll)
    assert board.hu_in_reach(0)
    board, _ = pushed(E3_HANDS, [*E3[:12], "x1 7m"])
    assert not board.hu_in_reach(1) and board.hu_in_reach(2)
    board, _ = pushed(E3_HANDS, E3)
    assert board.drawn == kind("8p") and board.hu_in_reach(1)


def test_CC_4_3_a_locked_seat_may_ming_gang_when_its_wait_stays() -> None:
    """CC-4.3 (``ting_gang: same_wait``) on E4: seat 0 declared 报听 with 111m 999p 555s EEE W
    (W = {W}); seat 1 discards the fourth 9p and seat 0 ming-gangs it: 111m 555s EEE W still waits
    on W alone, so the kong stands, seat 1 its 点杠 source, and seat 0's replacement draw is due.
    Under ``ting_gang: still_ting`` too; a peng of it would be refused (the lock)."""
    events = ["x0 2m", "t0", "d1 9p", "x1 9p", "gm0 9p"]
    for rules in ({}, {"ting_gang": "still_ting"}):
        board, gang = pushed(E4_HANDS, events, overrides=rules)
        board.push(gang)
        assert board.seats[0].melds == [Meld("ming", kind("9p"), source=1)] and board.phase == "replace"
        assert board.waits_of(0) == (kind("W"),)
    board, _ = pushed(E4_HANDS, events)
    assert refusal(board, {"type": "peng", "seat": 0}) == (
        "ting_locked",
        "CC-4.3",
        "seat 0 declared 报听 (ting_lock: baoting) and may not peng",
    )


def _discards(seat: int, codes: list[str]) -> list[dict[str, Any]]:
    return [{"type": "discard", "seat": seat, "tile": t} for t in codes]


def test_CC_2_1_CC_3_legal_actions_with_a_peng_a_set_and_a_bu() -> None:
    """CC-2.1 / CC-3.2 / CC-3.3. E1: seat 2 pengs 9p and later draws the fourth: a discard of each
    kind (1m 2m 3m 6m 7m 4s 5s 6s 5p 9p) and, after the 9p, its xu-gang; no set after its
    discard. E5: seat 2's first turn (dealt E S W N E) offers its 旋风杠 after the discards; once
    declared and replaced (2s), its second E may be 补'd (a first-turn 补 with a dealt tile)."""
    board, _ = pushed(E1_HANDS, [*LOCKED_XU[:3], *LOCKED_XU[4:11], "x2 9p"])
    assert legal_actions(board) == [
        *_discards(2, ["1m", "2m", "3m", "6m", "7m", "4s", "5s", "6s", "5p", "9p"]),
        {"type": "gang", "seat": 2, "kind": "xu", "tile": "9p"},
    ]
    board, _ = pushed(E5_HANDS, [*E5_HEAD[:11], "xf2"])
    assert legal_actions(board) == [
        *_discards(2, ["2m", "3m", "4m", "1s", "3p", "4p", "5p", "6p", "E", "S", "W", "N"]),
        {"type": "gang", "seat": 2, "kind": "xuanfeng", "tiles": ["E", "S", "W", "N"]},
    ]
    board, _ = pushed(E5_HANDS, [*E5_HEAD[:13], "gb2 E"])
    assert legal_actions(board) == [
        *_discards(2, ["2m", "3m", "4m", "1s", "2s", "3p", "4p", "5p", "6p", "E"]),
        {"type": "gang", "seat": 2, "kind": "bu", "tile": "E"},
    ]


def test_CC_2_2_legal_actions_on_a_tile_two_seats_want() -> None:
    """CC-2.2 on E5: seat 1 discards 7p; seat 2, its 下家, may chi 5p6p (it holds 345p 56p);
    seat 0 holds 777p: peng or ming-gang; seat 1 is not ready (its four C are no wait), so no
    报听; else seat 2 draws."""
    board, _ = pushed(E5_HANDS, [*E5_HEAD[:3], "gm0 7p"])
    assert legal_actions(board) == [
        {"type": "chi", "seat": 2, "tiles": ["5p", "6p"]},
        {"type": "peng", "seat": 0},
        {"type": "gang", "seat": 0, "kind": "ming", "tile": "7p"},
        {"type": "draw", "seat": 2},
    ]


@pytest.mark.parametrize(
    ("event", "field", "message"),
    [
        ({"type": "pass", "seat": 4}, "seat", "must be a seat 0-3, not 4"),
        ({"type": "pass", "seat": -1}, "seat", "must be a seat 0-3, not -1"),
        ({"type": "pass", "seat": True}, "seat", "must be a seat 0-3, not True"),
        ({"type": "pass"}, "seat", "must be a seat 0-3, not None"),
        ({"type": "foo", "seat": 1}, "type", "unknown event type 'foo'"),
        ({"type": "peng", "seat": 2, "tile": "QQ"}, "tile", "unknown tile 'QQ'"),
    ],
)
def test_CC_1_2_an_event_the_board_cannot_read(event: dict[str, Any], field: str, message: str) -> None:
    """§9: seats are 0–3 (CC-1.2); event types are the record's; a tile is a known code. On E1's
    window on seat 0's 9p each is an input error naming the field, not a refusal."""
    board, _ = pushed(E1_HANDS, ["x0 9p", "d1 N"])
    assert input_error(board, event) == (field, message)


def test_CC_2_1_a_discard_names_a_tile() -> None:
    """§9: a discard needs its ``tile``: missing, or not a tile code, it is an input error."""
    board = Board.from_record(record(E1_HANDS, ["x0 9p"]))
    assert input_error(board.clone(), {"type": "discard", "seat": 0}) == ("tile", "required")
    assert input_error(board, {"type": "discard", "seat": 0, "tile": "QQ"}) == ("tile", "unknown tile 'QQ'")


def test_CC_6_e1_result_lists_each_payment_with_its_receipt() -> None:
    """CC-6.1 / §9 on E1 (seat 2's 平胡 on seat 3's 5m, dealer 0): the result's payments, from
    each payer to seat 2: dealer 0 pays 2 (庄), seat 1 pays 1, seat 3 pays 2 (点炮)."""
    board, last = pushed(E1_HANDS, E1)
    board.push(last)
    board.finish()
    got = board.result()
    assert (got["winner"], got["discarder"], got["way"], got["hands"]) == (2, 3, "dianpao", ["pinghu"])
    assert got["fan"] == [1, 0, None, 1] and got["deltas"] == [-2, -1, 5, -2] and got["next_dealer"] == 1
    assert got["payments"] == [
        {
            "from": 0,
            "to": 2,
            "amount": 2,
            "kind": "win",
            "receipt": "平胡 pinghu 0 + 庄 zhuang 1 (seat 0) = 1 番 fan → ladder[1] = 2",
        },
        {
            "from": 1,
            "to": 2,
            "amount": 1,
            "kind": "win",
            "receipt": "平胡 pinghu 0 = 0 番 fan → ladder[0] = 1",
        },
        {
            "from": 3,
            "to": 2,
            "amount": 2,
            "kind": "win",
            "receipt": "平胡 pinghu 0 + 点炮 dianpao 1 = 1 番 fan → ladder[1] = 2",
        },
    ]
