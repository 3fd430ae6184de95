"""Changchun's wall by rule id (changchun.md CC-1.4, CC-1.5, CC-4.4): where the live and the
replacement draws come from, that neither ever takes the 宝 (it "stays in place and is drawn by
nobody"), what a board clone's wall keeps, and the 宝's position in wall and deal mode.

Positions are worked by hand from CC-1.4: 136 tiles, 0–52 dealt (53 tiles: 13 a seat and the
dealer's 14th), live draws from 53 upward, replacement draws from 135 downward; 83 undrawn after
the deal (136 − 53). Written against ``BaoWall``'s mutants (issue #35, docs/mutation.md).
"""

from __future__ import annotations

from replay.games.changchun.board import Board
from replay.games.changchun.params import make_rules
from replay.games.changchun.wall import BaoWall
from tests.changchun_builders import kind, record
from tests.replay.test_changchun_board import E3, E3_HANDS, E4, E4_HANDS


def test_CC_1_4_live_draws_start_at_53_and_replacements_at_135() -> None:
    """CC-1.4: after the deal (0–52 gone) the next live draw is wall[53], the next replacement
    wall[135]; 83 undrawn, no replacement yet, no 宝. Taking 53 moves the front to 54; a
    replacement from 135 moves the back to 134 and counts g = 1 (CC-1.5)."""
    w = BaoWall([0] * 136)
    assert (w.front(), w.back(), w.left, w.replacements, w.bao_index) == (53, 135, 83, 0, None)
    assert w.gone[52] == 1 and w.gone[53] == 0
    w.take(53, False)
    assert (w.front(), w.back(), w.left, w.replacements) == (54, 135, 82, 0)
    w.take(135, True)
    assert (w.front(), w.back(), w.left, w.replacements) == (54, 134, 81, 1)


def test_CC_1_4_CC_4_4_no_live_draw_takes_the_bao() -> None:
    """CC-4.4: the 宝 "stays in place and is drawn by nobody", the live draws' side too (under a
    small fixed ``reserve`` the front reaches it). With the 宝 at wall[53] the next live draw is
    wall[54]; once 54 is taken, wall[55] (53 is still undrawn: the front passes over it again).
    Without the 宝 there, wall[53] is the next draw."""
    w = BaoWall([0] * 136)
    w.bao_index = 53
    assert w.front() == 54
    w.take(54, False)
    assert w.front() == 55 and w.left == 82
    w.bao_index = None
    assert w.front() == 53


def test_CC_1_4_a_replacement_draw_passes_over_the_bao_and_the_tiles_gone() -> None:
    """CC-1.4: replacement draws take 135, 134, … skipping the 宝: with the 宝 at wall[135] the
    next is 134; after 134 is taken, 133 (135 is still undrawn, the 宝)."""
    w = BaoWall([0] * 136)
    w.bao_index = 135
    assert w.back() == 134
    w.take(134, True)
    assert w.back() == 133 and w.replacements == 1


def test_a_copy_of_the_wall_keeps_every_count_and_changes_apart() -> None:
    """A board clone's wall (``Board.clone``, the mistakes' what-ifs): the copy reads the same
    positions, counts and 宝 as the original, and a draw from it leaves the original alone."""
    wall = [k % 34 for k in range(136)]
    w = BaoWall(wall)
    w.take(53, False)
    w.take(135, True)
    w.bao_index = 134
    c = w.copy()
    assert c.wall is wall
    assert (c.front(), c.back(), c.left, c.replacements, c.bao_index) == (54, 133, 81, 1, 134)
    c.take(54, False)
    c.take(133, True)
    assert (w.front(), w.back(), w.left, w.replacements) == (54, 133, 81, 1)
    assert (c.front(), c.back(), c.left, c.replacements) == (55, 132, 79, 2)


def test_CC_4_4_the_bao_has_a_wall_position_only_in_wall_mode() -> None:
    """CC-4.4 / §9: E4's roll (die 1: the last undrawn position, wall[135]) gives the 宝 W a
    position in wall mode; the same record without a wall (``deal`` and the roll's ``tile``) has
    the 宝 W and no position (None, as before any roll)."""
    rolled = E4.index("b0 1 W") + 1
    for with_wall, index in ((True, 135), (False, None)):
        rec = record(E4_HANDS, E4, wall=with_wall)
        board = Board.from_record(rec)
        assert board.bao_index() is None
        for e in rec["events"][:rolled]:
            board.push(e)
        assert board.bao == kind("W") and board.bao_index() == index


def test_CC_4_7_a_new_roll_moves_the_bao_and_frees_the_old_position() -> None:
    """CC-4.7 on E3: the first 宝 3s at wall[132] (die 4 at g = 0: 135, 134, 133, 132); once it
    is dead the second roll (die 2) counts with 132 an ordinary undrawn tile again: 135, 134 →
    wall[134] is the 宝 8p."""
    rec = record(E3_HANDS, E3)
    board = Board.from_record(rec)
    first = E3.index("b1 4 3s") + 1
    second = E3.index("b1 2 8p") + 1
    for e in rec["events"][:first]:
        board.push(e)
    assert board.bao_index() == 132
    for e in rec["events"][first:second]:
        board.push(e)
    assert board.bao_index() == 134 and board.bao == kind("8p")


def test_CC_1_4_a_wall_drawn_to_its_last_tile() -> None:
    """CC-1.4: 83 tiles are undrawn after the deal; taken from the back one by one (135 down to
    53), the last take leaves none undrawn and counts g = 83 (CC-1.5's g); a live draw taken
    from the front with only wall[135] left also empties the wall."""
    w = BaoWall([0] * 136)
    for i in range(135, 52, -1):
        w.take(i, True)
    assert (w.left, w.replacements) == (0, 83) and all(w.gone)
    w = BaoWall([0] * 136)
    for i in range(53, 136):
        w.take(i, False)
    assert (w.left, w.replacements) == (0, 0) and all(w.gone)


def test_CC_4_4_the_nth_undrawn_position_from_the_back_reaches_the_front() -> None:
    """CC-4.4 counts undrawn positions from the back (the back-most is the 1st): after the deal
    the 1st is wall[135] and the 83rd wall[53], the front; there is no 84th. With wall[135] drawn
    the 1st is wall[134] and the 82nd wall[53]."""
    w = BaoWall([0] * 136)
    assert (w.from_back(1), w.from_back(83), w.from_back(84)) == (135, 53, None)
    w.take(135, True)
    assert (w.from_back(1), w.from_back(82), w.from_back(83)) == (134, 53, None)


def test_CC_4_4_a_roll_counts_tiles_or_stacks_with_g_replacement_draws() -> None:
    """CC-4.4: ``bao_count: tile`` makes the die-th undrawn position from the back the 宝;
    ``stack`` the (2d − 1 + (g mod 2))-th. Die 2 after the deal (g = 0): tile → the 2nd, wall[134];
    stack → the 3rd, wall[133]. After one replacement draw (wall[135] gone, g = 1): tile → 2nd
    = wall[133]; stack → 2·2 − 1 + 1 = 4th = wall[131]."""
    tile = make_rules("changchun", {})
    stack = make_rules("changchun", {"bao_count": "stack"})
    w = BaoWall([0] * 136)
    assert (w.bao_target(2, tile), w.bao_target(2, stack)) == (134, 133)
    w.take(135, True)
    assert (w.bao_target(2, tile), w.bao_target(2, stack)) == (133, 131)


def _e4_rolled_under_reserve_0(undrawn: list[int]) -> Board:
    """E4 up to its roll (the 宝 W at wall[135], seat 0 to draw) under ``reserve: 0``, with only
    the ``undrawn`` positions (and the 宝's) left in the wall."""
    rolled = E4.index("b0 1 W") + 1
    rec = record(E4_HANDS, E4[:rolled], wall=True)
    rec["ruleset"] = {"preset": "changchun", "overrides": {"reserve": 0}}
    board = Board.from_record(rec)
    for e in rec["events"]:
        board.push(e)
    assert board.bao_index() == 135 and board.phase == "draw" and board.actor == 0
    w = board.wallx
    for i in range(53, 135):
        w.gone[i] = 0 if i in undrawn else 1
    w.left = len(undrawn) + 1
    w._front = min([*undrawn, 135])
    return board


def test_CC_1_5_CC_4_4_a_wall_holding_only_the_bao_ends_the_hand_under_reserve_0() -> None:
    """``reserve: 0`` (CC-1.5's parameter, a fixed n of 0), E4 after its roll: the 宝 W stands at
    wall[135]. With wall[53] and the 宝 undrawn, 2 > 0: seat 0's live draw takes wall[53]. With
    only the 宝 undrawn, 1 > 0 still, but nobody draws the 宝 (CC-4.4): the hand is 荒庄 — the
    draw is refused by CC-1.5 and 荒庄 accepted (the front used to run past wall[135]: an
    IndexError, which the audit read as a malformed record)."""
    from replay.table.board import IllegalEvent

    board = _e4_rolled_under_reserve_0([53])
    assert not board.at_reserve() and board.wallx.drawable() == 1
    board.push({"type": "draw", "seat": 0})
    assert board.wallx.gone[53] == 1 and board.wallx.left == 1 and board.phase == "act"

    board = _e4_rolled_under_reserve_0([])
    assert board.wallx.drawable() == 0 and board.at_reserve()
    try:
        board.push({"type": "draw", "seat": 0})
    except IllegalEvent as refused:
        assert (refused.reason.code, refused.reason.rule) == ("wall_reserve", "CC-1.5")
    else:
        raise AssertionError("a draw of the 宝 was accepted")
    board.push({"type": "huangzhuang"})
    assert board.ended_by == "huangzhuang"
