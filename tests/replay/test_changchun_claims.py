"""Changchun's claim window by rule id (changchun.md CC-2.2 – CC-2.5, CC-4.7): what a claim on a
discard or a 补杠 may say, each refusal by its code, rule AND message worked by hand from E1 (the
dealer 0 discards 9p; seat 1 is its 下家 holding 11223344m SSWWN, seat 2 holds 99p) and E5 (seat 2's
旋风杠 and 补). Written against ``board.py``'s mutants (issue #35, docs/mutation.md).
"""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.changchun.board import Board
from replay.games.changchun.reading import Meld
from tests.changchun_builders import kind
from tests.replay.test_changchun_board import E1_HANDS
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
