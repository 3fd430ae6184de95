"""二人麻将 reason codes: why an event of an ``erren-hand/1`` record is illegal, each tied to the
ER rule of ``../shared/rules/erren.md`` it breaks.

Same shape as every game's (``replay.reasons.Reason``), so the audit, the store and the API read
every game alike. One code per way an event can break a rule (an app matches on the code, a
person reads the message); codes are stable, messages English with the Chinese term. The table
engine's own refusals (``event_after_end``, ``draw_mismatch``, ``draw_tile_missing``,
``fifth_copy``) are here too, under the ER rule they break; so is ``dealer_not_next``, raised by
the sitting check every game shares (``replay/next_dealer.py``).
"""

from __future__ import annotations

from typing import Any

from replay.reasons import Reason, catalogue_markdown, from_catalogue

CATALOGUE: dict[str, tuple[str, str]] = {
    # the engine's (replay/table)
    "event_after_end": ("ER-3.6", "the hand already ended ({how}); nothing may follow"),
    "draw_mismatch": ("ER-2.1", "seat {seat} should draw {expected} ({end}), not {tile}"),
    "draw_tile_missing": ("ER-2.1", "without a wall a draw must say which tile it is"),
    "fifth_copy": (
        "ER-1.1",
        "{tile} would be one copy too many: the set has four of each tile and one of each flower",
    ),
    # turn order and the hand (ER-3.1)
    "out_of_turn": ("ER-3.1", "seat {seat} cannot {action} now: {expected}"),
    "tile_not_in_hand": ("ER-3.1", "seat {seat} does not hold {tile}"),
    "discard_only": ("ER-3.1", "seat {seat} claimed a tile (吃/碰) and may only discard, not {action}"),
    "wrong_hand_size": (
        "ER-3.1",
        "after its discard seat {seat} holds {count} concealed tiles; "
        "with {melds} melds it should hold {expected}",
    ),
    "hand_not_finished": ("ER-3.6", "the record stops before the hand ended ({state})"),
    # flowers (ER-2.2, ER-2.3)
    "not_a_flower": ("ER-2.2", "{tile} is not a flower (花牌): only 1h-8h are exposed by 补花"),
    "flower_kept": (
        "ER-2.2",
        "seat {seat} holds the flower {tile}: it must expose it (补花) before it may {action}",
    ),
    "flower_discarded": ("ER-2.2", "a flower (花牌) is never discarded: {tile} is exposed by 补花"),
    "buhua_out_of_order": ("ER-2.2", "补花 after the deal goes dealer first: {why}"),
    "flower_no_replacement": (
        "ER-2.3",
        "no tile was left to replace seat {seat}'s flower: the hand ended 荒庄 at once, "
        "so {action} cannot follow",
    ),
    # claims (ER-3.2)
    "nothing_to_claim": ("ER-3.2", "seat {seat} cannot {action}: there is no tile to claim"),
    "claim_from_self": ("ER-3.2", "seat {seat} cannot claim its own tile"),
    "bad_chi": ("ER-3.2", "{run} is not a sequence of 条 (吃)"),
    "no_pair_to_claim": ("ER-3.2", "seat {seat} needs {need} {tile} in hand to {action}; it holds {have}"),
    "win_tile_mismatch": ("ER-3.2", "the winning tile is {expected}, not {tile}"),
    "claim_after_wall": (
        "ER-2.3",
        "the wall is empty: its last discard may only be won, "
        "not taken by {action} (claims_after_wall: false)",
    ),
    # kongs (ER-2.3, ER-3.3)
    "kong_no_live_tile": ("ER-2.3", "a kong (杠) needs a tile left in the wall for its replacement"),
    "no_peng_to_extend": ("ER-3.1", "seat {seat} has no peng of {tile} to add a 4th tile to"),
    "rob_not_xu": ("ER-3.3", "only a tile added to a peng (xu) can be robbed (抢杠); {detail}"),
    "wall_empty": ("ER-2.3", "the wall is empty: seat {seat} cannot draw (荒庄)"),
    "early_huangzhuang": ("ER-2.3", "the hand cannot end 荒庄 now: {why}"),
    # winning (ER-3.4)
    "not_a_winning_hand": ("ER-4.1", "seat {seat}'s tiles do not make a winning shape (胡牌) with {tile}"),
    "below_qihu": (
        "ER-3.4",
        "seat {seat}'s win on {tile} counts {q} fan toward 起胡, below qihu {qihu} ({fans})",
    ),
    # 报听 (ER-3.5)
    "ting_with_melds": ("ER-3.5", "seat {seat} cannot 报听: it has an exposed meld ({meld})"),
    "ting_not_tenpai": ("ER-3.5", "seat {seat} cannot 报听: {why} is not tenpai (听牌)"),
    "ting_twice": ("ER-3.5", "seat {seat} already declared 报听"),
    "ting_not_now": ("ER-3.5", "seat {seat} cannot 报听 now: {why}"),
    "ting_discard_expected": ("ER-3.5", "seat {seat} declared 报听: its discard must follow, not {action}"),
    "ting_locked": ("ER-3.5", "seat {seat} declared 报听 (ting_lock) and may not {action}"),
    "ting_discard_drawn": (
        "ER-3.5",
        "seat {seat} declared 报听 (ting_lock) and must discard the tile it drew ({drawn}), not {tile}",
    ),
    "ting_gang_changes_wait": (
        "ER-3.5",
        "seat {seat} declared 报听: an an-gang of {tile} would change its wait ({before} -> {after})",
    ),
    # sittings (ER-1.3)
    "dealer_not_next": (
        "ER-1.3",
        "hand {hand_no} of session {session} should have seat {expected} as dealer: {why}",
    ),
}


def reason(code: str, **values: Any) -> Reason:
    return from_catalogue(CATALOGUE, code, **values)


def markdown() -> str:
    """``docs/reason-codes-erren.md``: the codes apps match on, generated so it cannot drift."""
    header = [
        "# 二人麻将 reason codes (two-player mahjong)",
        "",
        "Why an event of an `erren-hand/1` record is illegal: `replay audit` gives one as",
        "`first_illegal` (with the event `index`). Codes are stable; the rule is the ER id of",
        "`../shared/rules/erren.md`. Generated by `python -m replay.games.erren.reasons`.",
    ]
    return catalogue_markdown(CATALOGUE, header)


if __name__ == "__main__":
    from pathlib import Path

    Path(__file__).resolve().parents[3].joinpath("docs", "reason-codes-erren.md").write_text(
        markdown(), encoding="utf-8"
    )
