"""Changchun's claim window by rule id (changchun.md CC-2.2 – CC-2.5, CC-4.7): what a claim on a
discard or a 补杠 may say, each refusal by its code, rule AND message worked by hand from E1 (the
dealer 0 discards 9p; seat 1 is its 下家 holding 11223344m SSWWN, seat 2 holds 99p) and E5 (seat 2's
旋风杠 and 补). Written against ``board.py``'s mutants (issue #35, docs/mutation.md).
"""

from __future__ import annotations

from typing import Any

import pytest

from replay.errors import InputError
from replay.games.changchun.board import Board, legal_actions
from replay.games.changchun.reading import Meld
from tests.changchun_builders import kind, pool, record, tsumogiri
from tests.replay.test_changchun_board import (
    E1,
    E1_HANDS,
    E3,
    E3_HANDS,
    E4_HANDS,
    E5_HANDS,
    E5_HEAD,
    E7,
    E7_HANDS,
)
from tests.replay.test_changchun_legality import input_error, pushed, refusal

#: E1 with seat 0's 9p on the table (the last event, seat 2's peng, is left unpushed)
NINE_P = ["x0 9p", "p2"]


@pytest.mark.parametrize(
    ("event", "code", "rule", "message"),
    [
        # CC-2.2 / CC-2.3: the discarder may neither win on nor claim its own tile
        ({"type": "hu", "seat": 0}, "claim_from_self", "CC-2.2", "seat 0 cannot claim its own tile"),
        (
            {"type": "gang", "seat": 0, "kind": "ming"},
            "claim_from_self",
            "CC-2.2",
            "seat 0 cannot claim its own tile",
        ),
        # CC-2.2: a ming-gang needs three in hand; seat 2 holds 99p, two
        (
            {"type": "gang", "seat": 2, "kind": "ming"},
            "no_pair_to_claim",
            "CC-2.2",
            "seat 2 needs 3 九筒 (9p) in hand to ming-gang; it holds 2",
        ),
        # CC-2.1: 7p 8p 9p is a run, but seat 1 (11223344m SSWWN) holds no 7p and no 8p
        (
            {"type": "chi", "seat": 1, "tiles": ["7p", "8p"]},
            "tile_not_in_hand",
            "CC-2.1",
            "seat 1 does not hold 七筒 (7p)",
        ),
    ],
)
def test_CC_2_2_what_a_claim_on_e1s_9p_may_say(
    event: dict[str, Any], code: str, rule: str, message: str
) -> None:
    board, _ = pushed(E1_HANDS, NINE_P)
    assert refusal(board, event) == (code, rule, message)


#: E1 with seat 3's 1s on the table (kinds 0–8 are 1m–9m, 9–17 1s–9s, 18–26 1p–9p)
ONE_S = ["x0 9p", "p2", "x2 F", "d3 1s", "x3 1s", "d0 N"]


@pytest.mark.parametrize(
    ("tiles", "run"),
    [
        # 9m 1s 2s = kinds 8, 9, 10: consecutive, but 8 // 9 = 0 and 10 // 9 = 1
        (["9m", "2s"], "9m 1s 2s"),
        # 8m 9m 1s = kinds 7, 8, 9: 7 // 9 = 0 and 9 // 9 = 1
        (["8m", "9m"], "8m 9m 1s"),
    ],
)
def test_CC_2_2_a_chi_may_not_run_across_a_suits_end(tiles: list[str], run: str) -> None:
    """CC-2.2 (吃: suited tiles only, one suit): seat 0, 下家 of seat 3, may not chi its 1s with
    tiles of the suit before; refused as ``bad_chi`` before the tiles in hand are read."""
    board, _ = pushed(E1_HANDS, ONE_S)
    assert refusal(board, {"type": "chi", "seat": 0, "tiles": tiles}) == (
        "bad_chi",
        "CC-2.2",
        f"{run} is not a sequence of one suit (吃: suited tiles only)",
    )


def test_CC_2_2_a_chi_names_its_tiles_as_a_list_of_tiles() -> None:
    """§9: a chi's ``tiles`` is a list of tile codes: a string, or an unknown code, is an input
    error naming ``tiles`` (or the item, ``tiles[0]``)."""
    board, _ = pushed(E1_HANDS, NINE_P)
    assert input_error(board.clone(), {"type": "chi", "seat": 1, "tiles": "7p8p"}) == (
        "tiles",
        "must be a list of tiles",
    )
    field, _ = input_error(board.clone(), {"type": "chi", "seat": 1, "tiles": ["Q", "8p"]})
    assert field == "tiles[0]"


def test_CC_2_2_CC_4_7_a_peng_shows_its_two_tiles_beside_the_discard() -> None:
    """CC-2.2 / CC-4.7: seat 2's peng of the 9p shows the discard and the two 9p from its hand:
    three 9p visible (the count that kills a 宝 of 9p), no more 3m than before; the window is
    closed (no 报听 for the discarder any more) and seat 2 acts."""
    board, peng = pushed(E1_HANDS, NINE_P)
    threes = board.visible[kind("3m")]
    board.push(peng)
    assert board.visible[kind("9p")] == 3 and board.visible[kind("3m")] == threes
    assert board.seats[2].melds == [Meld("peng", kind("9p"), source=0)]
    assert (board.claim, board.ting_open, board.actor, board.phase) == (None, False, 2, "act")


def test_board_of_e1_is_a_board() -> None:
    """The helper above starts from E1's record (a guard for the parametrised cases)."""
    board, _ = pushed(E1_HANDS, NINE_P)
    assert isinstance(board, Board) and board.claim is not None and board.claim.tile == kind("9p")


#: Seat 2 of E5's table dealt ESWNE 234m 345p 78s: it draws 6s, sets 旋风杠 (E S W N, CC-3.1),
#: takes 9s as its replacement and lets it go: E 234m 345p 678s waits on E alone (单调), and it
#: declares 报听. The others let their draws go until seat 2's next turn.
BU_HANDS = [
    "777p 123m 789m 789s 1p 2p",
    "CCCC 7p 11s 22s 33s 44s",
    "ESWNE 234m 345p 78s",
    "5555m 234s 678m 99p 1m",
]
BU_HEAD = [
    "x0 1p", "d1 9m", "x1 9m", "d2 6s", "xf2", "d2 9s", "x2 9s", "t2",
    "d3 W", "x3 W", "d0 W", "x0 W", "d1 N", "x1 N",
]  # fmt: skip


def test_CC_3_4_CC_4_3_a_locked_seat_adds_a_drawn_e_to_its_set() -> None:
    """CC-3.4 / CC-4.3: seat 2 (报听, W = {E}) draws the third E and adds it to its 旋风杠: its
    concealed E 234m 345p 678s is unchanged, so W stays {E} and the 补 stands; after its first
    discard it is a 补杠, robbable (CC-2.4): a window opens on E, seat 2's replacement waits."""
    board, bu = pushed(BU_HANDS, [*BU_HEAD, "d2 E", "gb2 E"])
    board.push(bu)
    assert (board.phase, board.pending) == ("claim", (2, kind("E"), "bu"))
    assert board.claim is not None and board.claim.rob and board.claim.tile == kind("E")
    assert board.seats[2].hand[kind("E")] == 1 and board.waits_of(2) == (kind("E"),)


def test_CC_4_3_a_locked_seats_bu_may_not_change_its_wait() -> None:
    """CC-4.3 (``ting_gang: same_wait``): seat 2 (报听, W = {E}) draws 5s and adds its held E to the
    set: 234m 345p 678s 5s would wait on 5s, not E: refused. Under ``still_ting`` it is still 听
    (W = {5s}) and the 补 stands."""
    board, bu = pushed(BU_HANDS, [*BU_HEAD, "d2 5s", "gb2 E"])
    assert refusal(board, bu) == (
        "ting_gang_changes_wait",
        "CC-4.3",
        "seat 2's gang of 东风 (E) would change its wait after 报听 (ting_gang: same_wait)",
    )
    board, bu = pushed(BU_HANDS, [*BU_HEAD, "d2 5s", "gb2 E"], overrides={"ting_gang": "still_ting"})
    board.push(bu)
    assert board.phase == "claim" and board.seats[2].hand[kind("E")] == 0


def test_CC_3_3_CC_3_4_a_bu_with_a_dealt_tile_is_plain_only_in_the_first_turn() -> None:
    """CC-3.3: in its first turn seat 2 adds its second dealt E to the 旋风杠 (连续补完): no window,
    its replacement is due. Drawing a third E as that replacement and adding it too, still before
    any discard, is a 补杠 with a drawn tile (CC-3.4): a rob window. After its first discard, a
    dealt E kept till later is a 补杠 as well."""
    first = ["x0 1p", "d1 9m", "x1 9m", "d2 6s", "xf2", "d2 9s", "gb2 E"]
    board, _ = pushed(BU_HANDS, [*first, "d2 E"])
    assert board.phase == "replace" and board.claim is None
    board, bu = pushed(BU_HANDS, [*first, "d2 E", "gb2 E"])
    board.push(bu)
    assert (board.phase, board.pending) == ("claim", (2, kind("E"), "bu"))
    later = ["x0 1p", "d1 9m", "x1 9m", "d2 6s", "xf2", "d2 9s", "x2 9s"]
    board, bu = pushed(BU_HANDS, [*later, "d3 W", "x3 W", "d0 W", "x0 W", "d1 N", "x1 N", "d2 5s", "gb2 E"])
    board.push(bu)
    assert (board.phase, board.pending) == ("claim", (2, kind("E"), "bu"))


def test_CC_2_1_a_xu_gang_extends_a_peng_of_its_own_tile() -> None:
    """CC-2.1: seat 2 pengs seat 0's 9p and holds F: a xu-gang of F is refused (its peng is of 9p,
    not F), as ``no_peng_to_extend`` naming the tile."""
    board, _ = pushed(E1_HANDS, [*NINE_P, "x2 F"])
    assert refusal(board, {"type": "gang", "seat": 2, "kind": "xu", "tile": "F"}) == (
        "no_peng_to_extend",
        "CC-2.1",
        "seat 2 has no peng of 发财 (F) to add a 4th tile to",
    )


#: E1 with seat 2 dealt 123m 456s 789p 5p 99p F: it pengs seat 0's 9p (two of its three), lets F
#: go and declares 报听 on 123m 456s 789p 5p (单调 5p: W = {5p}); the others let their draws go
LOCKED_HANDS = [E1_HANDS[0], E1_HANDS[1], "123m 456s 789p 5p 99p F", E1_HANDS[3]]
LOCKED = ["x0 9p", "p2", "x2 F", "t2", "d3 N", "x3 N", "d0 N", "x0 N", "d1 W", "x1 W", "d2 6p", "gx2 9p"]


def test_CC_4_3_a_locked_xu_gang_of_a_held_tile_may_not_change_the_wait() -> None:
    """CC-4.3: seat 2 (报听, W = {5p}) draws 6p and adds its held 9p to its peng: 123m 456s
    5p 6p 7p 8p would wait on 5p or 8p (5p + 678p, 567p + 8p), so under ``ting_gang: same_wait``
    the xu-gang is refused naming the seat and 9p; under ``still_ting`` it is still 听 and
    stands: the rob window opens on 9p."""
    board, gx = pushed(LOCKED_HANDS, LOCKED)
    assert board.seats[2].locked and board.waits_of(2) == ()  # 11 tiles in hand: no W(s) now
    assert refusal(board, gx) == (
        "ting_gang_changes_wait",
        "CC-4.3",
        "seat 2's gang of 九筒 (9p) would change its wait after 报听 (ting_gang: same_wait)",
    )
    board, gx = pushed(LOCKED_HANDS, LOCKED, overrides={"ting_gang": "still_ting"})
    board.push(gx)
    assert (board.phase, board.pending) == ("claim", (2, kind("9p"), "xu"))
    assert board.waits_of(2) == (kind("5p"), kind("8p"))


#: E1 with seat 2 dealt 6p for F and seat 3 dealt 123m 456s 78p 11p CCC (W = {6p, 9p}: three
#: suits, 幺九 by 1m, 1p and C): seat 0's 9p is one seat 3 could win on, but seat 2 pengs it first
#: and lets 6p go
GUOHU_HANDS = [E1_HANDS[0], E1_HANDS[1], "123m 456s 67m 55p 99p 6p", "123m 456s 78p 11p CCC"]
GUOHU = ["x0 9p", "p2", "x2 6p", "h3"]


def test_CC_2_3_guohu_a_seat_passed_over_by_a_peng_may_not_win_before_its_draw() -> None:
    """CC-2.3 (``guohu: until_own_draw``): seat 2's peng takes the 9p seat 3 could have won on;
    seat 3 alone is marked (not the claimer, not seat 1, who cannot win on it), and its win on
    seat 2's 6p is refused. Without the rule (``guohu: none``, the default) the same win on 6p
    stands."""
    board, hu = pushed(GUOHU_HANDS, GUOHU, overrides={"guohu": "until_own_draw"})
    assert [seat.guohu for seat in board.seats] == [False, False, False, True]
    assert board.claim is not None and not board.can_win_on(3, board.claim)
    assert refusal(board, hu) == (
        "guohu",
        "CC-2.3",
        "seat 3 let a win on an earlier tile go and may not win on a discard before its next draw "
        "(guohu: until_own_draw)",
    )
    board, hu = pushed(GUOHU_HANDS, GUOHU)
    assert [seat.guohu for seat in board.seats] == [False, False, False, False]
    assert board.claim is not None and board.can_win_on(3, board.claim)
    board.push(hu)
    assert board.claim is not None and board.claim.hus == [3]


def test_CC_2_3_guohu_a_chi_and_a_ming_gang_under_until_own_draw() -> None:
    """CC-2.2 under ``guohu: until_own_draw``: a chi (seat 0's 3p 4p on seat 3's 5p) and a
    ming-gang (seat 0, 报听 on W, of seat 1's fourth 9p) stand as without the rule; nobody could
    win on those tiles, so nobody is marked."""
    board, chi = pushed(
        E1_HANDS, ["x0 9p", "p2", "x2 F", "d3 5p", "x3 5p", "c0 3p 4p"], overrides={"guohu": "until_own_draw"}
    )
    board.push(chi)
    assert board.seats[0].melds == [Meld("chi", kind("3p"), source=3)] and board.phase == "act"
    board, gang = pushed(
        E4_HANDS, ["x0 2m", "t0", "d1 9p", "x1 9p", "gm0 9p"], overrides={"guohu": "until_own_draw"}
    )
    board.push(gang)
    assert board.seats[0].melds == [Meld("ming", kind("9p"), source=1)] and board.phase == "replace"
    assert not any(seat.guohu for seat in board.seats)


def test_CC_4_2_only_the_discarder_declares_baoting_in_its_window() -> None:
    """CC-4.2: 报听 is declared right after one's own discard: in the window of seat 0's 9p, seat 1
    may not (``ting_not_now``), whatever its hand."""
    board, _ = pushed(E1_HANDS, NINE_P)
    assert refusal(board, {"type": "ting", "seat": 1}) == (
        "ting_not_now",
        "CC-4.2",
        "seat 1 may declare 报听 only right after its own discard",
    )


#: E3 until seat 1 (报听 on 234m 789s 111p 55m 46p: W = {5p}) has rolled the 宝 (3s, die 4) and
#: let its 7m go
E3_LOOKED = E3[: E3.index("x1 7m") + 1]


def test_CC_4_8_a_seat_that_leaked_the_bao_may_not_win() -> None:
    """CC-4.8: seat 1 leaks the live 宝 it looked at (泄宝); seat 2 then lets 5p go, the tile seat 1
    waits on: seat 1 can no longer win on it (``can_win_on`` False, the discarder neither) and
    its hu is refused as ``leaked``."""
    board, hu = pushed(E3_HANDS, [*E3_LOOKED, "l1", "d2 5p", "x2 5p", "h1"])
    assert board.seats[1].leaked and board.waits_of(1) == (kind("5p"),)
    assert board.claim is not None and board.claim.seat == 2
    assert not board.can_win_on(1, board.claim) and not board.can_win_on(2, board.claim)
    assert refusal(board, hu) == (
        "leaked",
        "CC-4.8",
        "seat 1 leaked the 宝 (泄宝) and may not win for the rest of the hand",
    )


def test_CC_4_7_CC_4_8_a_dead_bao_cannot_be_leaked() -> None:
    """CC-4.7 / CC-4.8: E3's 宝 3s dies when seat 0 lets the third 3s go (seats 2, 3 and 0 each
    discarded one); seat 1, who looked at it, may not leak it then."""
    board, leak = pushed(E3_HANDS, [*E3[: E3.index("x0 3s") + 1], "l1"])
    assert refusal(board, leak) == (
        "leak_unknown",
        "CC-4.8",
        "seat 1 knows no live 宝 it could leak (泄宝): the 宝 is dead (three 三条 (3s) are visible)",
    )


def test_CC_2_1_a_xu_gang_left_unrobbed_replaces_its_peng_only() -> None:
    """CC-2.1 / CC-2.4: seat 2 pengs seat 0's 9p and seat 3's 5p, later draws the fourth 9p and
    adds it; nobody robs, so after its replacement draw its melds are a xu-gang of 9p (from seat
    0) beside the peng of 5p (from seat 3), unchanged."""
    events = [
        "x0 9p", "p2", "x2 F", "d3 5p", "x3 5p", "p2", "x2 1m", "d3 N", "x3 N", "d0 N", "x0 N",
        "d1 W", "x1 W", "d2 9p", "gx2 9p", "d2 7p",
    ]  # fmt: skip
    board, draw = pushed(E1_HANDS, events)
    assert board.phase == "claim" and board.pending == (2, kind("9p"), "xu")
    board.push(draw)
    assert board.seats[2].melds == [Meld("xu", kind("9p"), source=0), Meld("peng", kind("5p"), source=3)]


def test_CC_2_4_a_bu_gang_is_robbed_by_a_peng_only() -> None:
    """CC-2.4: on seat 2's 补杠 of E (robbable: after its first discard) a peng may rob (抢碰), but
    not a chi nor a ming-gang: each refused as ``qiangpeng_not_bu`` naming the action (a 补杠,
    not a xu-gang)."""
    board, _ = pushed(BU_HANDS, [*BU_HEAD, "d2 E", "gb2 E", "d2 1s"])
    assert board.pending == (2, kind("E"), "bu")
    for event, what in (
        ({"type": "chi", "seat": 3, "tiles": ["S", "W"]}, "a chi"),
        ({"type": "gang", "seat": 3, "kind": "ming"}, "a ming-gang"),
    ):
        assert refusal(board.clone(), event) == (
            "qiangpeng_not_bu",
            "CC-2.4",
            f"only a 补杠 can be robbed by a peng (抢碰), not {what}",
        )


def test_CC_4_7_a_dead_bao_is_rolled_again_not_looked_at() -> None:
    """CC-4.7: after seat 0's 3s (the third visible) E3's 宝 is dead; seat 1, 报听 and first to
    start a turn, may not 看宝 (kanbao) it: refused as ``bao_must_roll`` with why it died."""
    board, look = pushed(E3_HANDS, [*E3[: E3.index("x0 3s") + 1], "k1"])
    assert refusal(board, look) == (
        "bao_must_roll",
        "CC-4.7",
        "the 宝 is dead (three 三条 (3s) are visible): seat 1, the first 报听 seat to start a turn, "
        "must roll again",
    )


def test_CC_3_1_an_opening_set_names_its_tiles() -> None:
    """CC-3.1 / §9: seat 2's 旋风杠 names its four tiles as a list: none is ``bad_set`` saying
    "not none"; a string is an input error naming ``tiles``."""
    board, xf = pushed(BU_HANDS, ["x0 1p", "d1 9m", "x1 9m", "d2 6s", "xf2"])
    assert refusal(board.clone(), {**xf, "tiles": []}) == (
        "bad_set",
        "CC-3.1",
        "旋风杠 xuanfeng is the set E S W N, not none",
    )
    assert input_error(board.clone(), {**xf, "tiles": "ESWN"}) == ("tiles", "must be a list of tiles")


def test_CC_1_5_CC_4_4_no_look_at_the_bao_once_the_wall_is_at_its_reserve() -> None:
    """CC-1.5 / CC-4.4: 136 − 53 = 83 undrawn after the deal, 14 kept (留14张, no gang): 69 live
    draws. In E3 seat 1 draws 9m and declares 报听; seats 2 and 3 draw, seat 0 draws E and lets
    it go, seat 3 pengs it (seats 1 and 2 skip a draw) and lets 3s go; from seat 0 on, 65 more
    draws let go (16 rounds and seat 0's): 4 + 65 = 69, 14 left, seat 1's turn. Its roll and its
    看宝 are refused as ``bao_not_now``: 荒庄 comes first."""
    draws = [t for t in pool(E3_HANDS, ["9m", "E"]) if t != "5p"]  # no 5p: seat 1 waits on it
    start = [*E3[: E3.index("t1") + 1], *tsumogiri([2, 3], draws[:2]), "d0 E", "x0 E", "p3", "x3 3s"]
    board, roll = pushed(E3_HANDS, [*start, *tsumogiri([0, 1, 2, 3] * 17, draws[2:])[: 2 * 65], "b1 1"])
    assert (board.wallx.left, board.at_reserve(), board.seats[1].ting) == (14, True, True)
    why = "seat 1 looks at the 宝 only at the start of its own turn: "
    why += "the wall is at its reserve: 荒庄 comes first"
    for event in (roll, {"type": "kanbao", "seat": 1}):
        assert refusal(board.clone(), event) == ("bao_not_now", "CC-4.4", why)
    assert {"type": "huangzhuang"} in legal_actions(board)  # 荒庄 is what comes next
    assert refusal(board.clone(), {"type": "draw", "seat": 1}) == (
        "wall_reserve",
        "CC-1.5",
        "14 tiles are left, at most the 14 kept (留14张): the hand is a draw (荒庄)",
    )
    assert {"type": "draw", "seat": 1} not in legal_actions(board)


def _board_after(hands: list[str], events: list[str], **kw: Any) -> Board:
    board, last = pushed(hands, events, **kw)
    board.push(last)
    return board


def test_CC_4_5_CC_4_6_hu_in_reach_around_e3s_bao() -> None:
    """CC-4.5 / CC-4.6 on E3 (seat 1 报听 on 234m 789s 111p 55m 46p, W = {5p}): right after its roll
    of 3s (draw phase: 对宝 would need 3s to complete a hand) no seat is in reach; after drawing 7m
    (neither a win nor the 宝) seat 1 is not; after the second roll (8p) and drawing 8p, 摸宝 (8p
    for 5p) is in reach."""
    board = _board_after(E3_HANDS, E3[: E3.index("b1 4 3s") + 1])
    assert board.phase == "draw" and board.bao == kind("3s")
    assert [board.hu_in_reach(s) for s in range(4)] == [False, False, False, False]
    board = _board_after(E3_HANDS, E3[: E3.index("d1 7m") + 1])
    assert (board.phase, board.actor, board.drawn) == ("act", 1, kind("7m"))
    assert not board.hu_in_reach(1)
    board = _board_after(E3_HANDS, E3[: E3.index("d1 8p") + 1])
    assert (board.phase, board.bao, board.drawn) == ("act", kind("8p"), kind("8p"))
    assert board.hu_in_reach(1)


#: E1 with seat 3 dealt 234m 456s 78p 55p 777m: three suits and a 刻, but 幺九 only through a 9p
#: (7p 8p 9p): it waits on 6p or 9p by shape, wins on 9p alone (CC-5.2 / CC-5.3)
SHAPE_HANDS = [E1_HANDS[0], E1_HANDS[1], "123m 456s 67m 55p 99p 6p", "234m 456s 78p 55p 777m"]


def test_CC_5_hu_in_reach_needs_a_legal_win_not_a_shape() -> None:
    """CC-5 (``hu_in_reach`` / ``window_in_reach``, what the mistakes ask first): on seat 0's 9p
    seat 3 could win (789p gives 幺九); on seat 2's 6p its 234m 777m 456s 678p 55p is a shape
    with no 幺九 tile: not in reach, and no seat is, so the window is not."""
    board = _board_after(SHAPE_HANDS, ["x0 9p"])
    assert board.hu_in_reach(3) and board.window_in_reach()
    board = _board_after(SHAPE_HANDS, ["x0 9p", "p2", "x2 6p"])
    assert board.claim is not None and board.claim.tile == kind("6p")
    assert [board.hu_in_reach(s) for s in (3, 0, 1)] == [False, False, False]
    assert not board.window_in_reach()
    board = _board_after(SHAPE_HANDS, ["x0 9p", "p2"])  # seat 2 to discard: no window open
    assert (board.phase, board.claim, board.window_in_reach()) == ("act", None, False)


def test_CC_4_1_is_ready_reads_w_not_the_shape() -> None:
    """CC-4.1 (听: W(s) not empty) on E1 after seat 2's peng of 9p and its F: seat 2 holds
    123m 456s 67m 55p, W = {5m, 8m}: ready. Seat 0's 123s 789s 234p 678p E has a shape (单调 E)
    but no 万 for 三色全 (CC-5.2): W is empty, not ready; seats 1 and 3 have not even a shape."""
    board = _board_after(E1_HANDS, [*NINE_P, "x2 F"])
    assert board.waits_of(2) == (kind("5m"), kind("8m")) and board.waits_of(0) == ()
    assert [board.is_ready(s) for s in range(4)] == [False, False, True, False]


def test_CC_2_2_CC_4_2_after_a_declared_win_the_window_takes_no_claim_nor_baoting() -> None:
    """CC-2.2 / CC-4.2 on E1: seat 2 has declared its win on seat 3's 5m: a chi (seat 0, the
    下家) and a ming-gang (seat 1) are refused as ``claim_after_hu``; the discarder's 报听, right
    after its discard but after another event of the window, as ``ting_not_now``."""
    board, ting = pushed(E1_HANDS, [*E1, "t3"])
    won = ("claim_after_hu", "CC-2.2", "五万 (5m) was won (胡): a win beats chi, peng and kong")
    assert refusal(board.clone(), {"type": "chi", "seat": 0, "tiles": ["3m", "4m"]}) == won
    assert refusal(board.clone(), {"type": "gang", "seat": 1, "kind": "ming"}) == won
    assert refusal(board.clone(), ting) == (
        "ting_not_now",
        "CC-4.2",
        "seat 3 may declare 报听 only right after its own discard",
    )


def test_CC_1_4_CC_2_4_the_replacement_phase_after_a_ming_gang() -> None:
    """CC-1.4 / CC-2.4 on E5: seat 0 ming-gangs seat 1's 7p; its replacement is wall[135] (9s):
    a record saying 1m is refused naming the back of the wall; its own hu is out of turn, another
    seat's hu a rob of a ming-gang (not robbable)."""
    rec = record(E5_HANDS, [*E5_HEAD, "hz"])
    board = Board.from_record(rec)
    for e in rec["events"][: E5_HEAD.index("gm0 7p") + 1]:
        board.push(e)
    assert (board.phase, board.actor) == ("replace", 0)
    assert refusal(board.clone(), {"type": "draw", "seat": 0, "tile": "1m"}) == (
        "draw_mismatch",
        "CC-1.4",
        "seat 0 should draw 九条 (9s) (a replacement draw from the back (CC-1.4)), not 一万 (1m)",
    )
    assert refusal(board.clone(), {"type": "hu", "seat": 0}) == (
        "out_of_turn",
        "CC-2.1",
        "seat 0 cannot hu now: seat 0 draws its replacement tile",
    )
    assert refusal(board.clone(), {"type": "hu", "seat": 2}) == (
        "rob_not_allowed",
        "CC-2.4",
        "only a xu-gang or a 补杠 can be robbed; "
        "an an-gang, a ming-gang, an opening set or a first-turn 补 stands",
    )


def test_CC_4_2_a_pass_leaves_the_discarder_its_baoting() -> None:
    """CC-4.2: seat 2 lets F go after its peng (123m 456s 67m 55p, W = {5m, 8m}); seat 3 passes
    on the F, and seat 2 may still declare 报听: a pass is no claim on the tile."""
    board = _board_after(E1_HANDS, [*NINE_P, "x2 F", "s3", "t2"])
    assert board.seats[2].ting and board.seats[2].locked and board.phase == "claim"


@pytest.mark.parametrize(
    ("events", "legal"),
    [
        # seat 0's 3m: seat 1 (11223344m, its 下家) may peng or chi 1m2m / 2m4m (no 5m), else it draws
        (
            ["x0 9p", "p2", "x2 F", "d3 N", "x3 N", "d0 3m", "x0 3m"],
            [
                {"type": "peng", "seat": 1},
                {"type": "chi", "seat": 1, "tiles": ["1m", "2m"]},
                {"type": "chi", "seat": 1, "tiles": ["2m", "4m"]},
                {"type": "draw", "seat": 1},
            ],
        ),
        # seat 3's 1s: seat 0 (123s) chis 2s3s; seat 3's 2s: 1s3s
        (ONE_S[:-1], [{"type": "chi", "seat": 0, "tiles": ["2s", "3s"]}, {"type": "draw", "seat": 0}]),
        (
            ["x0 9p", "p2", "x2 F", "d3 2s", "x3 2s"],
            [{"type": "chi", "seat": 0, "tiles": ["1s", "3s"]}, {"type": "draw", "seat": 0}],
        ),
        # seat 2 after its F (W = {5m, 8m}): its 报听, else seat 3 draws
        ([*NINE_P, "x2 F"], [{"type": "ting", "seat": 2}, {"type": "draw", "seat": 3}]),
        # E1's 5m from seat 3: seat 2 wins (or seat 0 draws)
        (E1[:5], [{"type": "hu", "seat": 2}, {"type": "draw", "seat": 0}]),
    ],
)
def test_CC_2_2_CC_4_2_legal_actions_in_e1s_windows(events: list[str], legal: list[dict[str, Any]]) -> None:
    """CC-2.2 (chi from the 上家 only, a run of one suit with the tile; peng; win) and CC-4.2
    (报听 right after one's discard), each window of E1 worked by hand: every listed event is
    legal, every other refused."""
    assert legal_actions(_board_after(E1_HANDS, events)) == legal


def test_CC_4_6_CC_2_4_legal_actions_on_a_bao_draw_and_a_bu_gang() -> None:
    """CC-4.6: E3's seat 1 (locked, W = {5p}) draws the 宝 8p: 摸宝, or let it go, or leak the 宝.
    CC-2.4: on seat 2's 补杠 of E nobody can rob: its replacement draw is the one event."""
    board = _board_after(E3_HANDS, E3[: E3.index("d1 8p") + 1])
    assert legal_actions(board) == [
        {"type": "hu", "seat": 1},
        {"type": "discard", "seat": 1, "tile": "8p"},
        {"type": "bao_leak", "seat": 1},
    ]
    board = _board_after(BU_HANDS, [*BU_HEAD, "d2 E", "gb2 E"])
    assert legal_actions(board) == [{"type": "draw", "seat": 2}]


def test_CC_4_8_legal_actions_without_a_wall_leave_the_draw_out() -> None:
    """§9 / CC-4.8 without a wall (the caller names a draw's tile): after E3's seat 1 lets 7m go,
    seat 2's peng (it holds 77m) and seat 1's 泄宝 are listed, not seat 2's draw."""
    board = _board_after(E3_HANDS, E3[: E3.index("x1 7m") + 1], wall=False)
    assert board.wall is None
    assert legal_actions(board) == [{"type": "peng", "seat": 2}, {"type": "bao_leak", "seat": 1}]


def test_CC_4_3_a_locked_seat_gangs_twice_in_one_turn() -> None:
    """CC-4.3 on E4: seat 0 declares 报听 on 111m 999p 555s EEE W (W = {W}) and, before any draw of
    its own, ming-gangs seat 1's fourth 9p; its replacement is the fourth E, which it an-gangs:
    111m 555s W still waits on W alone (the wait read before this turn's first draw), so both
    kongs stand and a second replacement is due."""
    board = _board_after(E4_HANDS, ["x0 2m", "t0", "d1 9p", "x1 9p", "gm0 9p", "d0 E", "ga0 E"])
    assert board.seats[0].melds == [Meld("ming", kind("9p"), source=1), Meld("an", kind("E"))]
    assert (board.phase, board.actor, board.waits_of(0)) == ("replace", 0, (kind("W"),))


def test_CC_1_3_CC_1_4_a_record_names_its_wall_and_deal_as_lists() -> None:
    """§9: a record's ``wall`` (CC-1.4) and each hand of a wall-less ``deal`` (CC-1.3) are lists of
    tiles: a string is an input error naming ``wall`` or ``deal[1]``."""
    rec = record(E1_HANDS, E1)
    with pytest.raises(InputError) as got:
        Board.from_record({**rec, "wall": "x"})
    assert (got.value.field, got.value.message) == ("wall", "must be a list of tiles")
    bare = record(E1_HANDS, E1, wall=False)
    with pytest.raises(InputError) as got:
        Board.from_record({**bare, "deal": [bare["deal"][0], "x", *bare["deal"][2:]]})
    assert (got.value.field, got.value.message) == ("deal[1]", "must be a list of tiles")


def test_CC_2_3_trying_a_win_on_a_copy_leaves_the_board_alone() -> None:
    """CC-2.3: ``legal_actions`` tries seat 2's win on E1's 5m on a copy of the board: the board's
    own declared wins stay empty, and pushing the win then settles it on the board."""
    board = _board_after(E1_HANDS, E1[:5])
    assert {"type": "hu", "seat": 2} in legal_actions(board)
    assert board.hu_wins == {} and board.claim is not None and board.claim.hus == []


def test_CC_2_4_e7s_robbed_xu_gang_is_recorded() -> None:
    """CC-2.4 / CC-2.3 on E7: seats 1 and 0 rob seat 3's xu-gang of 5p (event 10); at the end seat 0,
    first after seat 3, wins, and the robbed gang is kept as (13 events, seat 3, 5p, xu)."""
    rec = record(E7_HANDS, E7, dealer=2)
    board = Board.from_record(rec)
    for e in rec["events"]:
        board.push(e)
    board.finish()
    assert board.robbed == [(13, 3, kind("5p"), "xu")] and board.winner == 0 and board.pending is None


def test_CC_4_8_a_seat_that_leaked_may_not_win_by_self_draw_either() -> None:
    """CC-4.8 / CC-4.7: seat 1 leaks E3's 宝 3s (now dead); the others let W go; seat 1, 报听,
    rolls the new 宝 (die 2: 8p) and draws 5p, its very wait: the self-drawn win is refused."""
    events = [*E3_LOOKED, "l1", "d2 W", "x2 W", "d3 W", "x3 W", "d0 W", "x0 W", "b1 2 8p", "d1 5p", "h1"]
    board, hu = pushed(E3_HANDS, events)
    assert board.drawn == kind("5p") and board.waits_of(1) == ()  # 11 tiles: W(s) read before
    assert refusal(board, hu) == (
        "leaked",
        "CC-4.8",
        "seat 1 leaked the 宝 (泄宝) and may not win for the rest of the hand",
    )
