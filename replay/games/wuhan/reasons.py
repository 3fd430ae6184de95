"""Reason codes: why a win or an event is illegal, each tied to the rule it breaks.

The code is stable (apps and tests match on it); the message is for people, English with the
Chinese term. Documented in ``docs/reason-codes.md``; a test keeps the two in step.
"""

from __future__ import annotations

from typing import Any

from replay.reasons import Reason, catalogue_markdown, from_catalogue

__all__ = ["CATALOGUE", "Reason", "markdown", "reason"]


#: code -> (rule id, message template)
CATALOGUE: dict[str, tuple[str, str]] = {
    # winning (R-7.1 and the rules it gathers)
    "not_opened": ("R-6.2", "seat {seat} never opened (开口): a hand must open at least once to win"),
    "holds_pizi": ("R-4.1", "seat {seat} holds a gang tile (痞子 {tile}) and cannot win while holding it"),
    "win_on_pizi": ("R-4.1", "nobody can win on a gang tile (痞子 {tile})"),
    "win_on_discarded_laizi": ("R-4.2", "a discarded or robbed laizi (赖子 {tile}) cannot be won on"),
    "pihu_two_laizi": (
        "R-4.3",
        "seat {seat} holds {count} laizi (赖子): with two or more only a big hand (大胡) can win, not 屁胡",
    ),
    "too_many_wild_laizi": (
        "R-4.6",
        "seat {seat}'s hand needs more of its {count} laizi (赖子) as wildcards than it may use: "
        "one for 屁胡, two for a big hand (大胡)",
    ),
    "no_real_jiang": (
        "R-7.13",
        "seat {seat}'s 将 pair with {tile} would be two laizi (赖子) standing in for a 将: the pair "
        "needs a real 2/5/8 (见将胡)",
    ),
    "jianzi_discard": (
        "R-7.14",
        "seat {seat}'s hand wins on any tile (见字胡): it may win by self-draw (自摸) or 抢杠, "
        "not on a discard ({tile})",
    ),
    "not_a_winning_hand": ("R-7.2", "seat {seat}'s tiles do not make a winning hand (胡牌) with {tile}"),
    "below_qihu": ("R-10.7", "the win pays {pays}, below the minimum (起胡) of {qihu} ({scope})"),
    "wrong_hand_size": (
        "R-5.6",
        "seat {seat} holds {count} concealed tiles; with {melds} melds it should hold {expected}",
    ),
    "too_many_copies": ("R-3.1", "{tile} appears {count} times; there are only four of each tile"),
    "meld_with_laizi": ("R-4.2", "a laizi (赖子 {tile}) cannot be used in a chi, peng or gang"),
    "meld_with_pizi": ("R-4.1", "a gang tile (痞子 {tile}) cannot be chi'd, peng'd or ganged"),
    "bad_meld": ("R-5.2", "{what}"),
    "chi_not_from_previous_seat": (
        "R-5.2",
        "seat {seat} chi'd (吃) from seat {source}, but chi is only allowed from the 上家 (seat {expected})",
    ),
    "claim_from_self": ("R-5.2", "seat {seat} cannot claim its own tile"),
    "rob_not_xu_gang": ("R-5.5", "only a xu-gang (蓄杠) can be robbed: seat {source} has no peng of {tile}"),
    "gang_draw_without_gang": ("R-7.8", "seat {seat} won on a kong draw (杠上开) without having made a gang"),
    # play order and the wall (replayer)
    "out_of_turn": ("R-5.1", "seat {seat} cannot {action} now: {expected}"),
    "tile_not_in_hand": ("R-5.1", "seat {seat} does not hold {tile}"),
    "draw_mismatch": ("R-3.3", "seat {seat} should draw {expected} from the {end} of the wall, not {tile}"),
    "draw_tile_missing": ("R-3.3", "without a wall the draw must say which tile it is"),
    "fifth_copy": ("R-3.1", "{tile} would be a fifth copy: there are only four of each tile"),
    "nothing_to_claim": ("R-5.2", "seat {seat} cannot {action}: there is no discard to claim"),
    "claim_pizi": ("R-4.1", "a discarded gang tile (痞子 {tile}) cannot be claimed"),
    "claim_laizi": ("R-4.2", "a discarded laizi (赖子 {tile}) cannot be claimed"),
    "late_kong": ("R-3.5", "no kong (杠) once the wall holds {trigger} or fewer tiles ({live} left)"),
    "no_peng_to_extend": ("R-5.1", "seat {seat} has no peng of {tile} to extend to a xu-gang (蓄杠)"),
    "win_without_draw": ("R-5.1", "seat {seat} can only win by self-draw (自摸) right after drawing"),
    "win_tile_mismatch": ("R-7.1", "the winning tile is {expected}, not {tile}"),
    "special_discard": (
        "R-4.5",
        "seat {seat} may put {tile} out only as its gang (杠), not as a discard (special_discard: gang_only)",
    ),
    "wall_empty": ("R-3.7", "the wall is empty: {detail}"),
    "haidi_no_discard": (
        "R-3.4",
        "in the 海底捞 phase nobody discards, claims or kongs; seat {seat} tried to {action}",
    ),
    "early_huangzhuang": ("R-8.1", "a draw (黄庄) comes only after the haidi draws; {detail}"),
    "event_after_end": ("R-5.3", "the hand already ended ({how}); nothing may follow"),
    "hand_not_finished": ("R-8.1", "the record stops before the hand ended (no hu or huangzhuang)"),
    "dealer_not_rotated": (
        "R-2.2",
        "hand {hand_no} of session {session} should have seat {expected} as dealer: {why}",
    ),
    "dealer_not_winner": (
        "R-2.3",
        "hand {hand_no} of session {session} should have seat {expected} as dealer: seat {expected} "
        "won hand {prev}, and the winner deals next (dealer_rotation: winner)",
    ),
}


def reason(code: str, **values: Any) -> Reason:
    return from_catalogue(CATALOGUE, code, **values)


def markdown() -> str:
    """``docs/reason-codes.md``: the enum apps match on, generated so it cannot drift."""
    header = [
        "# Reason codes",
        "",
        "Why a win or an event is illegal. `replay evaluate` gives one as `reason`, `replay audit` as",
        "`first_illegal` (with the event `index`). The code is stable; the message is for people.",
        "Generated by `python -m replay.games.wuhan.reasons` from `replay/games/wuhan/reasons.py`.",
    ]
    return catalogue_markdown(CATALOGUE, header) + "\n".join(["", *ENGINE_FAILURE, ""])


#: the page's last section: the code of no rule, for an input the engine failed on (issue #27)
ENGINE_FAILURE = (
    "## `internal_error`: the engine failed on the input",
    "",
    "Not a verdict on the hand and no rule's: an exception inside the engine (a bug, such as the",
    "`IndexError` of issue #27) while judging one input. That input alone gets it, the others are",
    "judged as usual. `replay evaluate` and `POST /api/v1/evaluate` answer",
    '`{"error": {"code": "internal_error", "field": "", "message", "index", "id"}}`; an audit has',
    '`"status": "error"` with the entry `{"field": "", "message", "code": "internal_error", "id"}` in',
    "`errors` (docs/audit.md), and the store keeps the hand with that status until `replay reaudit`",
    "judges it again (docs/store.md). The message names the input (its index, or the hand's",
    "`source/hand_id`) and the exception's type and message, never a traceback; `id` is the one the",
    "traceback is logged under (logger `replay.failure`, the server's log). Sichuan inputs the same.",
)


if __name__ == "__main__":
    from pathlib import Path

    Path(__file__).resolve().parents[3].joinpath("docs", "reason-codes.md").write_text(
        markdown(), encoding="utf-8"
    )
