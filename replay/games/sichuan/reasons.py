"""Sichuan reason codes: why a win or an event is illegal, each tied to the SC rule it breaks.

Same shape as Wuhan's (``replay.reasons.Reason``) so the audit and the API treat both alike;
codes are stable, messages English with the Chinese term.
"""

from __future__ import annotations

from typing import Any

from replay.reasons import Reason

CATALOGUE: dict[str, tuple[str, str]] = {
    # the table as described
    "too_many_copies": ("SC-1.1", "{tile} appears {count} times; there are only four of each tile"),
    "wrong_hand_size": (
        "SC-3.8",
        "seat {seat} holds {count} concealed tiles; with {melds} melds it should hold {expected}",
    ),
    "claim_from_self": ("SC-3.2", "seat {seat} cannot claim its own tile"),
    # winning
    "seat_inactive": ("SC-1.2", "seat {seat} is out of the hand ({why}) and cannot {action}"),
    "holds_void_suit": (
        "SC-2.2",
        "seat {seat} declared {suit} void (定缺) and cannot {action} holding {tile}",
    ),
    "three_suits": ("SC-2.2", "seat {seat}'s hand holds all three suits: a win needs one missing (缺一门)"),
    "not_a_winning_hand": ("SC-4.1", "seat {seat}'s tiles do not make a winning hand (胡牌) with {tile}"),
    "pass_hu_locked": (
        "SC-3.5",
        "seat {seat} passed a win on {passed} since its last draw (过水): it cannot win on a discard yet",
    ),
    "rob_not_xu_gang": ("SC-3.3", "only a 补杠 can be robbed (抢杠胡): {detail}"),
    "forced_hu": (
        "SC-1.7",
        "with {left} tiles left (< {limit}) seat {seat} must win (最后四张自动胡牌), not {action}",
    ),
    # play order, the wall, claims
    "out_of_turn": ("SC-3.1", "seat {seat} cannot {action} now: {expected}"),
    "tile_not_in_hand": ("SC-3.1", "seat {seat} does not hold {tile}"),
    "draw_mismatch": ("SC-1.4", "seat {seat} should draw {expected} from the {end} of the wall, not {tile}"),
    "draw_tile_missing": ("SC-1.4", "without a wall the draw must say which tile it is"),
    "fifth_copy": ("SC-1.1", "{tile} would be a fifth copy: there are only four of each tile"),
    "nothing_to_claim": ("SC-3.2", "seat {seat} cannot {action}: there is no discard to claim"),
    "no_chi": ("SC-3.1", "there is no chi (吃) in Sichuan mahjong"),
    "claim_void_suit": ("SC-2.2", "seat {seat} declared {suit} void (定缺) and cannot {action} {tile}"),
    "no_pair_to_claim": ("SC-3.2", "seat {seat} needs {need} {tile} in hand to {action}; it holds {have}"),
    "late_kong": ("SC-1.5", "no kong (杠) with fewer than {need} tiles left in the wall ({left} left)"),
    "haidi_claim": ("SC-1.6", "nothing but hu may be claimed on the 海底 discard"),
    "no_peng_to_extend": ("SC-3.1", "seat {seat} has no peng of {tile} to extend to a 补杠"),
    "win_without_draw": ("SC-3.1", "seat {seat} can only win by self-draw (自摸) on its own turn"),
    "que_first": (
        "SC-2.2",
        "seat {seat} holds void-suit ({suit}) tiles and must discard one first, not {tile}",
    ),
    "swap_missing": ("SC-2.1", "the hand needs a 换三张 swap event before play ({detail})"),
    "bad_swap": ("SC-2.1", "{detail}"),
    "dingque_missing": ("SC-2.2", "the hand needs a 定缺 event before the dealer's first action"),
    "bad_dingque": ("SC-2.2", "{detail}"),
    "xueliu_locked": ("SC-3.7", "seat {seat} has won (血流成河) and keeps its hand: {detail}"),
    "early_huangzhuang": ("SC-1.6", "the wall is not empty ({left} tiles left): no 流局 yet"),
    "event_after_end": ("SC-3.9", "the hand already ended ({how}); nothing may follow"),
    "hand_not_finished": ("SC-3.9", "the record stops before the hand ended"),
    "multiple_hu_order": ("SC-3.2", "{detail}"),
}


def reason(code: str, **values: Any) -> Reason:
    rule, template = CATALOGUE[code]
    return Reason(code, rule, template.format(**values))


CATALOGUE["win_tile_mismatch"] = ("SC-3.2", "the winning tile is {expected}, not {tile}")
CATALOGUE["claim_after_hu"] = ("SC-3.2", "the discard {tile} was won (胡): a win beats peng and gang")
CATALOGUE["wall_empty"] = (
    "SC-1.6",
    "the wall is empty: the hand ends (流局, huangzhuang), seat {seat} cannot draw",
)
