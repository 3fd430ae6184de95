"""Changsha reason codes: why an event of a ``changsha-hand/1`` record is illegal, each tied to
the CS rule of ``../shared/rules/changsha.md`` it breaks.

Same shape as Wuhan's and Sichuan's (``replay.reasons.Reason``), so the audit, the store and the
API read every game alike. One code per way an event can break a rule (an app matches on the
code, a person reads the message); codes are stable, messages English with the Chinese term.
The table engine's own refusals (``event_after_end``, ``draw_mismatch``, ``draw_tile_missing``,
``fifth_copy``) are here too, under the CS rule they break.
"""

from __future__ import annotations

from typing import Any

from replay.reasons import Reason, catalogue_markdown, from_catalogue

CATALOGUE: dict[str, tuple[str, str]] = {
    # the engine's (replay/table)
    "event_after_end": ("CS-3.11", "the hand already ended ({how}); nothing may follow"),
    "draw_mismatch": ("CS-2.2", "seat {seat} should draw {expected} ({end}), not {tile}"),
    "draw_tile_missing": ("CS-2.1", "without a wall a draw must say which tile it is"),
    "fifth_copy": ("CS-1.1", "{tile} would be a fifth copy: there are only four of each tile"),
    # turn order and the hand
    "out_of_turn": ("CS-3.1", "seat {seat} cannot {action} now: {expected}"),
    "tile_not_in_hand": ("CS-3.1", "seat {seat} does not hold {tile}"),
    "discard_only": ("CS-3.1", "seat {seat} claimed a tile (吃/碰) and may only discard, not {action}"),
    "wrong_hand_size": (
        "CS-3.10",
        "after its discard seat {seat} holds {count} concealed tiles; "
        "with {melds} melds it should hold {expected}",
    ),
    "hand_not_finished": ("CS-3.11", "the record stops before the hand ended ({state})"),
    # claims (CS-3.2)
    "nothing_to_claim": ("CS-3.2", "seat {seat} cannot {action}: there is no tile to claim"),
    "claim_from_self": ("CS-3.2", "seat {seat} cannot claim its own tile"),
    "chi_not_next_seat": (
        "CS-3.2",
        "only seat {expected}, the 下家 of seat {source}, may chi (吃) its tile, not seat {seat}",
    ),
    "bad_chi": ("CS-3.2", "{run} is not a sequence of one suit (吃)"),
    "no_pair_to_claim": ("CS-3.2", "seat {seat} needs {need} {tile} in hand to {action}; it holds {have}"),
    "claim_after_hu": ("CS-3.2", "{tile} was won (胡): a win beats chi, peng and kong"),
    "hu_twice": ("CS-3.2", "seat {seat} already declared a win on this tile"),
    "win_tile_mismatch": ("CS-3.2", "the winning tile is {expected}, not {tile}"),
    # winning
    "not_a_winning_hand": ("CS-4.1", "seat {seat}'s tiles do not make a winning hand (胡牌) with {tile}"),
    "louhu": (
        "CS-3.9",
        "seat {seat} let a win on {passed} go (漏胡) and cannot win on {tile} "
        "from another seat before its next draw",
    ),
    # kongs (CS-3.3 - CS-3.7)
    "kong_no_live_tile": ("CS-3.3", "no kong (杠) with the live wall empty"),
    "no_peng_to_extend": ("CS-3.3", "seat {seat} has no peng of {tile} to add a 4th tile to"),
    "kaigang_not_tenpai": (
        "CS-3.5",
        "seat {seat} is not tenpai (听牌) with the kong of {tile} set aside: no 开杠, only 补张",
    ),
    "kaigang_locked": (
        "CS-3.6",
        "seat {seat} opened a kong (开杠) and may not {action} for the rest of the hand",
    ),
    "locked_must_win": (
        "CS-3.6",
        "seat {seat} opened a kong (开杠): {tile} completes its hand, so it must win",
    ),
    "locked_discard": (
        "CS-3.6",
        "seat {seat} opened a kong (开杠) and must discard the tile it drew ({drawn}), not {tile}",
    ),
    "kaigang_no_claim": ("CS-3.5", "only a win may take a 开杠 tile (kaigang_claims: hu_only), not {action}"),
    "rob_not_xu": ("CS-3.7", "only a tile added to a peng (xu) can be robbed (抢杠胡); {detail}"),
    # the haidi and the end of the wall (CS-2.5, CS-2.6)
    "haidi_not_due": ("CS-2.5", "no 海底 is offered now: {why}"),
    "haidi_out_of_order": ("CS-2.6", "the 海底 is offered to seat {expected} now, not seat {seat}"),
    "haidi_must_take": ("CS-2.6", "seat {seat} must take the 海底 (no roaming, haidi_roam: false)"),
    "haidi_offer_expected": (
        "CS-2.5",
        "one tile is left: it is the 海底, offered to seat {seat} ({action} is not)",
    ),
    "haidi_claim": ("CS-2.6", "the 海底 tile can only be won (海底炮), not taken by {action}"),
    "early_huangzhuang": ("CS-2.5", "the hand cannot end in a draw (黄庄) now: {why}"),
    "wall_empty": ("CS-2.5", "the live wall is empty: seat {seat} cannot draw (黄庄)"),
    # opening hands (CS-5)
    "qishou_off": ("CS-5.2", "this table plays no opening hands (起手胡, qishou_mode: off)"),
    "qishou_late": (
        "CS-5.2",
        "opening hands (起手胡) are declared before the dealer's first discard or kong",
    ),
    "qishou_twice": ("CS-5.2", "seat {seat} already declared (起手胡)"),
    "qishou_not_met": ("CS-5.1", "seat {seat}'s dealt tiles do not make {hand} (起手胡)"),
    "qishou_tiles_not_held": ("CS-5.2", "seat {seat} shows {tile} it does not hold"),
    # birds (CS-6.4)
    "birds_not_now": ("CS-6.4", "birds (扎鸟) are drawn after a win, not {when}"),
    "birds_mismatch": ("CS-6.4", "the birds (扎鸟) are {expected}, not {tiles}"),
    "birds_count": ("CS-6.4", "{expected} birds (扎鸟) are drawn here, not {count}"),
    "birds_missing": (
        "CS-6.4",
        "without a wall the record must give its birds (扎鸟): a birds event after the win",
    ),
    # sittings (CS-1.3)
    "dealer_not_next": (
        "CS-1.3",
        "hand {hand_no} of session {session} should have seat {expected} as dealer: {why}",
    ),
}


def reason(code: str, **values: Any) -> Reason:
    return from_catalogue(CATALOGUE, code, **values)


def markdown() -> str:
    """``docs/reason-codes-changsha.md``: the codes apps match on, generated so it cannot drift."""
    header = [
        "# Changsha reason codes (长沙麻将)",
        "",
        "Why a Changsha event is illegal: `replay audit` gives one as `first_illegal` (with the event",
        "`index`). Codes are stable; the rule is the CS id of `../shared/rules/changsha.md`.",
        "Generated by `python -m replay.games.changsha.reasons`.",
    ]
    return catalogue_markdown(CATALOGUE, header)


if __name__ == "__main__":
    from pathlib import Path

    Path(__file__).resolve().parents[3].joinpath("docs", "reason-codes-changsha.md").write_text(
        markdown(), encoding="utf-8"
    )
