"""Changchun reason codes: why an event of a ``changchun-hand/1`` record is illegal, each tied to
the CC rule of ``../shared/rules/changchun.md`` it breaks.

Same shape as the other games' catalogues (``replay.reasons.Reason``), so the audit, the store
and the API read every game alike. One code per way an event can break a rule (an app matches on
the code, a person reads the message); codes are stable, messages English with the Chinese term.
The table engine's own refusals (``event_after_end``, ``draw_mismatch``, ``draw_tile_missing``,
``fifth_copy``) are here too, under the CC rule they break.
"""

from __future__ import annotations

from typing import Any

from replay.reasons import Reason, catalogue_markdown, from_catalogue

CATALOGUE: dict[str, tuple[str, str]] = {
    # the engine's (replay/table)
    "event_after_end": ("CC-2.3", "the hand already ended ({how}); nothing may follow"),
    "draw_mismatch": ("CC-1.4", "seat {seat} should draw {expected} ({end}), not {tile}"),
    "draw_tile_missing": ("CC-1.4", "without a wall a draw must say which tile it is"),
    "fifth_copy": ("CC-1.1", "{tile} would be a fifth copy: there are only four of each tile"),
    # turn order and the hand (CC-2.1, CC-2.6)
    "out_of_turn": ("CC-2.1", "seat {seat} cannot {action} now: {expected}"),
    "tile_not_in_hand": ("CC-2.1", "seat {seat} does not hold {tile}"),
    "wrong_hand_size": (
        "CC-2.6",
        "after its discard seat {seat} holds {count} concealed tiles; "
        "with {melds} melds and sets it should hold {expected}",
    ),
    "hand_not_finished": ("CC-1.5", "the record stops before the hand ended ({state})"),
    # claims (CC-2.2, CC-2.3)
    "nothing_to_claim": ("CC-2.2", "seat {seat} cannot {action}: there is no tile to claim"),
    "claim_from_self": ("CC-2.2", "seat {seat} cannot claim its own tile"),
    "chi_not_shangjia": (
        "CC-2.2",
        "only seat {expected}, the 下家 of seat {source}, may chi (吃) its tile, not seat {seat}",
    ),
    "bad_chi": ("CC-2.2", "{run} is not a sequence of one suit (吃: suited tiles only)"),
    "no_pair_to_claim": ("CC-2.2", "seat {seat} needs {need} {tile} in hand to {action}; it holds {have}"),
    "claim_after_hu": ("CC-2.2", "{tile} was won (胡): a win beats chi, peng and kong"),
    "hu_twice": ("CC-2.3", "seat {seat} already declared a win on this tile"),
    "win_tile_mismatch": ("CC-2.3", "the winning tile is {expected}, not {tile}"),
    "guohu": (
        "CC-2.3",
        "seat {seat} let a win on {passed} go and may not win on a discard before its next draw "
        "(guohu: until_own_draw)",
    ),
    "shoubayi": (
        "CC-2.5",
        "seat {seat} would be left with one concealed tile (手把一) with a chi among its melds",
    ),
    # robbing (CC-2.4)
    "rob_not_allowed": ("CC-2.4", "only a xu-gang or a 补杠 can be robbed; {detail}"),
    "qiangpeng_not_bu": ("CC-2.4", "only a 补杠 can be robbed by a peng (抢碰), not {what}"),
    # winning (CC-5)
    # winning (CC-5): the rules core's refusals (``reading.check_win``), each under its rule
    "no_shape": ("CC-5.1", "seat {seat} cannot win with {tile}: {detail}"),
    "no_three_suits": ("CC-5.2", "seat {seat} cannot win with {tile}: {detail}"),
    "no_yaojiu": ("CC-5.3", "seat {seat} cannot win with {tile}: {detail}"),
    "no_ke": ("CC-5.4", "seat {seat} cannot win with {tile}: {detail}"),
    "shoubayi_not_piao": ("CC-5.5", "seat {seat} cannot win with {tile}: {detail}"),
    "nothing_drawn": ("CC-5.6", "seat {seat} drew nothing this turn: no self-draw win (自摸)"),
    # gangs and the opening sets (CC-2.1, CC-3)
    "no_peng_to_extend": ("CC-2.1", "seat {seat} has no peng of {tile} to add a 4th tile to"),
    "bad_set": ("CC-3.1", "{kind} is the set {want}, not {tiles}"),
    "set_late": ("CC-3.2", "seat {seat} declares opening sets (起手杠) only in its first turn, {why}"),
    "set_not_dealt": ("CC-3.2", "seat {seat} was not dealt {tile} for its {kind} (只有起手牌才算)"),
    "set_twice": ("CC-3.2", "seat {seat} already declared a {kind} set"),
    "bu_no_set": ("CC-3.3", "seat {seat} has no {kind} set to add {tile} to (补)"),
    "bu_dealer_first_turn": ("CC-3.3", "the dealer may not 补 in its first turn (seat {seat})"),
    # 报听 and the 宝 (CC-4)
    "ting_not_now": ("CC-4.2", "seat {seat} may declare 报听 only right after its own discard"),
    "ting_not_ready": ("CC-4.2", "seat {seat} is not ready (听): no tile completes its hand"),
    "ting_no_yaojiu": ("CC-4.2", "seat {seat} holds no 幺九 tile and may not 报听 (断幺九不能看宝)"),
    "ting_twice": ("CC-4.2", "seat {seat} already declared 报听"),
    "ting_locked": ("CC-4.3", "seat {seat} declared 报听 ({lock}) and may not {action}"),
    "ting_gang_changes_wait": (
        "CC-4.3",
        "seat {seat}'s gang of {tile} would change its wait after 报听 ({rule})",
    ),
    "look_not_ting": ("CC-4.4", "seat {seat} has not declared 报听 and may not look at the 宝"),
    "bao_not_now": ("CC-4.4", "seat {seat} looks at the 宝 only at the start of its own turn: {why}"),
    "bao_exists": ("CC-4.4", "a 宝 stands ({tile}): seat {seat} looks at it (看宝) instead of rolling"),
    "bao_none": ("CC-4.4", "there is no live 宝 to look at: seat {seat} must roll (宝 {why})"),
    "bao_position": ("CC-4.4", "the 宝 is {expected}, not {given}"),
    "bao_must_roll": (
        "CC-4.7",
        "the 宝 is dead ({why}): seat {seat}, the first 报听 seat to start a turn, must roll again",
    ),
    "bao_dead": ("CC-4.7", "the 宝 {tile} is dead ({why}): no 宝 win (对宝, 摸宝)"),
    "bao_not_in_waits": ("CC-4.5", "seat {seat} cannot win with {tile}: {detail}"),
    "leak_unknown": ("CC-4.8", "seat {seat} knows no live 宝 it could leak (泄宝): {why}"),
    "leaked": ("CC-4.8", "seat {seat} leaked the 宝 (泄宝) and may not win for the rest of the hand"),
    # the end of the wall (CC-1.5)
    "wall_reserve": (
        "CC-1.5",
        "{left} tiles are left, at most the {reserve} kept (留{reserve}张): the hand is a draw (荒庄)",
    ),
    "early_huangzhuang": ("CC-1.5", "the hand cannot end in a draw (荒庄) now: {why}"),
    # sittings (CC-1.3)
    "dealer_not_next": (
        "CC-1.3",
        "hand {hand_no} of session {session} should have seat {expected} as dealer: {why}",
    ),
}


def reason(code: str, **values: Any) -> Reason:
    return from_catalogue(CATALOGUE, code, **values)


def markdown() -> str:
    """``docs/reason-codes-changchun.md``: the codes apps match on, generated so it cannot drift."""
    header = [
        "# Changchun reason codes (长春麻将)",
        "",
        "Why a Changchun event is illegal: `replay audit` gives one as `first_illegal` (with the event",
        "`index`). Codes are stable; the rule is the CC id of `../shared/rules/changchun.md`.",
        "Generated by `python -m replay.games.changchun.reasons`.",
    ]
    return catalogue_markdown(CATALOGUE, header)


if __name__ == "__main__":
    from pathlib import Path

    Path(__file__).resolve().parents[3].joinpath("docs", "reason-codes-changchun.md").write_text(
        markdown(), encoding="utf-8"
    )
