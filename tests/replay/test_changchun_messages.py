# ruff: noqa: E501  (a table of whole messages, one a line)
"""Every Changchun refusal's whole message (changchun.md CC-1 – CC-5): the cases of
``test_changchun_reasons`` (one illegal record per reason code, refused at a known event) with
the sentence a person reads, each worked by hand from the catalogue's template and the record:
whose seat, which tile (named 五万 (5m)), which count, which rule parameter. The code, rule and
index are held there; a refusal naming the wrong seat or tile, or a field left out, fails here.
Written against ``board.py``'s mutants (issue #35, docs/mutation.md).
"""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.changchun.audit import audit_validated
from tests.replay.test_changchun_reasons import CASES

#: code -> the message, by hand: E1 (dealer 0; seat 2 wins on seat 3's 5m), E3, E4, E5, E7 and
#: the hands of test_changchun_reasons
MESSAGES = {
    # E1 + "x2 F" after seat 2's win
    "event_after_end": "the hand already ended (seat 2 won); nothing may follow",
    # E1's d3 E edited to 1m: wall[53] is E
    "draw_mismatch": "seat 3 should draw 东风 (E) (from the front (CC-1.4)), not 一万 (1m)",
    "draw_tile_missing": "without a wall a draw must say which tile it is",
    # seat 1 holds S S; seats 1, 2, 3 draw S: the third draw would be the fifth
    "fifth_copy": "南风 (S) would be a fifth copy: there are only four of each tile",
    "out_of_turn": "seat 1 cannot discard now: it is seat 0's turn",
    "tile_not_in_hand": "seat 0 does not hold 五条 (5s)",
    "hand_not_finished": "the record stops before the hand ended (phase act)",
    "nothing_to_claim": "seat 1 cannot peng: there is no tile to claim",
    "claim_from_self": "seat 0 cannot claim its own tile",
    "chi_not_shangjia": "only seat 1, the 下家 of seat 0, may chi (吃) its tile, not seat 2",
    "bad_chi": "E S W is not a sequence of one suit (吃: suited tiles only)",
    "no_pair_to_claim": "seat 1 needs 2 东风 (E) in hand to peng; it holds 0",
    "claim_after_hu": "五万 (5m) was won (胡): a win beats chi, peng and kong",
    "hu_twice": "seat 2 already declared a win on this tile",
    "win_tile_mismatch": "the winning tile is 五万 (5m), not 八万 (8m)",
    # seat 1: 11223344m SSWWN + N
    "no_shape": "seat 1 cannot win with 北风 (N): no four melds and a pair (no 七对 or other special shapes) (CC-5.1)",
    "nothing_drawn": "seat 2 drew nothing this turn: no self-draw win (自摸)",
    "rob_not_allowed": "only a xu-gang or a 补杠 can be robbed; an an-gang, a ming-gang, an opening set or a first-turn 补 stands",
    "qiangpeng_not_bu": "only a 补杠 can be robbed by a peng (抢碰), not a peng of a xu-gang's tile",
    "no_peng_to_extend": "seat 1 has no peng of 南风 (S) to add a 4th tile to",
    "set_late": "seat 0 declares opening sets (起手杠) only in its first turn, before its first discard",
    # seat 3 (5555m 234s 678m 99p 1m) holds no E, the set's first tile
    "set_not_dealt": "seat 3 was not dealt 东风 (E) for its 旋风杠 xuanfeng (只有起手牌才算)",
    "set_twice": "seat 2 already declared a 旋风杠 xuanfeng set",
    "bad_set": "旋风杠 xuanfeng is the set E S W N, not E S W E",
    "bu_no_set": "seat 0 has no 九蛋 jiudan set to add 九条 (9s) to (补)",
    "ting_not_now": "seat 0 may declare 报听 only right after its own discard",
    "ting_not_ready": "seat 0 is not ready (听): no tile completes its hand",
    "ting_twice": "seat 1 already declared 报听",
    # E3: seat 1 drew 7m after its 报听 and discards 2m
    "ting_locked": "seat 1 declared 报听 (ting_lock: baoting) and may not keep its draw 七万 (7m) (it discards it)",
    "look_not_ting": "seat 1 has not declared 报听 and may not look at the 宝",
    # E3: seat 2 has drawn N when seat 1 rolls
    "bao_not_now": "seat 1 looks at the 宝 only at the start of its own turn: seat 2 is acting after its draw",
    "bao_none": "there is no live 宝 to look at: seat 0 must roll (宝 none was rolled yet)",
    "bao_exists": "a 宝 stands (西风 (W)): seat 0 looks at it (看宝) instead of rolling",
    # E4's die 1: the last undrawn position, wall[135]
    "bao_position": "the 宝 is wall[135] by the die 1, not wall[130]",
    "bao_must_roll": (
        "the 宝 is dead (three 三条 (3s) are visible): seat 1, the first 报听 seat to start a turn, must roll again"
    ),
    "bao_dead": "the 宝 三条 (3s) is dead (three 三条 (3s) are visible): no 宝 win (对宝, 摸宝)",
    # E3: W(s) = {5p}; 3s makes no shape
    "bao_not_in_waits": (
        "seat 1 cannot win with 三条 (3s): 对宝: the 宝 3s is not in W(s)"
        " (CC-5.1: no four melds and a pair (no 七对 or other special shapes)) (CC-4.5)"
    ),
    "leak_unknown": "seat 1 knows no live 宝 it could leak (泄宝): it has not looked at the current 宝",
    "ting_no_yaojiu": "seat 0 holds no 幺九 tile and may not 报听 (断幺九不能看宝)",
    "bu_dealer_first_turn": "the dealer may not 补 in its first turn (seat 0)",
    "leaked": "seat 0 leaked the 宝 (泄宝) and may not win for the rest of the hand",
    "guohu": (
        "seat 2 let a win on an earlier tile go and may not win on a discard before its next draw"
        " (guohu: until_own_draw)"
    ),
    # seat 1: 123m 456m 789m NNN E + E
    "no_three_suits": "seat 1 cannot win with 东风 (E): 三色全: the hand holds no 条 s、筒 p (CC-5.2)",
    "no_yaojiu": "seat 0 cannot win with 六条 (6s): 幺九: no 1, 9 or honour among the tiles (CC-5.3)",
    "shoubayi": "seat 1 would be left with one concealed tile (手把一) with a chi among its melds",
    "shoubayi_not_piao": (
        "seat 1 cannot win with 北风 (N): 手把一: a win with one concealed tile must be 飘胡,"
        " and a chi stands among the melds (CC-5.5)"
    ),
    "ting_gang_changes_wait": "seat 1's gang of 一筒 (1p) would change its wait after 报听 (ting_gang: same_wait)",
}


@pytest.mark.parametrize(("code", "build", "index"), CASES, ids=[c[0] for c in CASES])
def test_each_refusal_names_its_seat_tile_and_reason(code: str, build: Any, index: int) -> None:
    """CC-1 – CC-5: the refusal at event ``index`` says, in words, what ``code`` says."""
    first = audit_validated(build())["first_illegal"]
    assert (first["code"], first["index"], first["message"]) == (code, index, MESSAGES[code])


def test_every_case_has_its_message() -> None:
    assert sorted(MESSAGES) == sorted(code for code, _, _ in CASES)
