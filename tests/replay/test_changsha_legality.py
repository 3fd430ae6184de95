# ruff: noqa: E501  (messages are compared whole: one a line reads better unwrapped)
"""The Changsha board's legality (replay/games/changsha/board.py) by rule id, written against the
survivors of the mutation screen (issue #35). Each refusal is asserted by its reason code, its CS
rule AND its whole message (whose seat, which tile, how many), worked out by hand from
../shared/rules/changsha.md and the catalogue of ``replay/games/changsha/reasons.py``; each
boundary from both sides. Records come from ``tests/changsha_builders.py``."""

from __future__ import annotations

from typing import Any

import pytest

from replay.errors import InputError
from replay.games.changsha.audit import audit_validated
from replay.games.changsha.board import Board, IllegalEvent, legal_actions
from replay.games.changsha.reasons import CATALOGUE
from tests.changsha_builders import event, record
from tests.replay.test_changsha_board import E1_HANDS
from tests.replay.test_changsha_reasons import CASES as REASON_CASES


def pushed(rec: dict[str, Any], events: list[str] | None = None) -> Board:
    """The board after pushing ``events`` (default: the record's own)."""
    board = Board.from_record(rec)
    for e in rec["events"] if events is None else [event(x) for x in events]:
        board.push(e)
    return board


def refusal(board: Board, text: str) -> tuple[str, str, str]:
    """Push one more event (compact form), which must be refused: (code, rule, message)."""
    with pytest.raises(IllegalEvent) as err:
        board.push(event(text) if isinstance(text, str) else text)
    why = err.value.reason
    assert CATALOGUE[why.code][0] == why.rule
    return why.code, why.rule, why.message


# ---------------------------------------------------------------------------------- CS-1.2 / CS-2.1
@pytest.mark.parametrize("dealer", [True, 4, -1, "0", None])
def test_CS_1_2_the_dealer_is_a_seat_0_to_3(dealer: object) -> None:
    """CS-1.2: seats 0-3; the record's ``dealer`` (CS-1.3) outside them, a bool (True is 1 to
    Python) or no number is an input error naming ``dealer`` and the value; 3 is a seat."""
    rec = record(E1_HANDS, [])
    rec["dealer"] = dealer
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert (err.value.field, err.value.message) == ("dealer", f"must be a seat 0-3, not {dealer!r}")


def test_CS_1_2_seat_3_may_deal() -> None:
    """The other side of the boundary: dealer 3 holds the 14th tile (CS-2.1) and acts first."""
    hands = [E1_HANDS[1], E1_HANDS[2], E1_HANDS[3], E1_HANDS[0]]
    board = Board.from_record(record(hands, [], dealer=3))
    assert (board.dealer, board.actor, board.seats[3].size) == (3, 3, 14)


def test_CS_1_1_a_wall_tile_that_is_no_changsha_tile_names_its_index() -> None:
    """CS-1.1: an honour in the wall is named by its place, ``wall[5]``."""
    rec = record(E1_HANDS, [])
    rec["wall"][5] = "E"
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert err.value.field == "wall[5]"
    assert err.value.message == "E (东风) is not a Changsha tile: no honours (CS-1.1)"
    rec["wall"] = "1m"
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert (err.value.field, err.value.message) == ("wall", "must be a list of tiles")


def test_CS_6_4_without_a_wall_no_draw_and_no_birds_are_offered() -> None:
    """Deal mode (no ``wall``): the record names each drawn tile and its birds, so
    ``legal_actions`` lists neither, not even ``birds: 0``'s empty bird list after a win.
    E1 in deal mode: seat 2 draws 5p and wins 平胡 (CS-4.2); the birds are the record's."""
    rec = record(E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2"], wall=False, overrides={"birds": 0})
    board = pushed(rec)
    assert board.phase == "settle" and board.wall is None
    assert legal_actions(board) == []
    claim = pushed(rec, ["x0 9p"])
    assert [a for a in legal_actions(claim) if a["type"] == "draw"] == []


# ---------------------------------------------------------------------------------- every refusal's message
#: Each record of ``test_changsha_reasons.CASES`` (one per reason code) with its whole message,
#: worked from the record: whose seat, which tile (中文 (code)), how many. The live wall after
#: the deal is 108 − 53 = 55 tiles (CS-2.1); E1's dealer is seat 0, E12's haidi goes to seat 3.
MESSAGES = {
    "event_after_end": "the hand already ended (seat 2 won); nothing may follow",  # E1: seat 2 won
    # E1's second event is seat 1's front draw, wall[53] = 9s; the record says 1m
    "draw_mismatch": "seat 1 should draw 九条 (9s) (from the front of the wall (CS-2.2)), not 一万 (1m)",
    # deal mode: seat 0 was dealt 6p ×3 (E1_HANDS), seat 1 drew the 4th: seat 2's 6p is a 5th
    "fifth_copy": "六筒 (6p) would be a fifth copy: there are only four of each tile",
    "out_of_turn": "seat 1 cannot discard now: it is seat 0's turn",  # the dealer acts first
    "tile_not_in_hand": "seat 0 does not hold 五条 (5s)",
    "discard_only": "seat 1 claimed a tile (吃/碰) and may only discard, not hu",  # E3: p1 then h1
    "hand_not_finished": "the record stops before the hand ended (phase act)",  # seat 2 drew 5p
    "nothing_to_claim": "seat 1 cannot peng: there is no tile to claim",  # nothing discarded yet
    "claim_from_self": "seat 0 cannot claim its own tile",
    "chi_not_next_seat": "only seat 1, the 下家 of seat 0, may chi (吃) its tile, not seat 2",
    "bad_chi": "2m 3m 9p is not a sequence of one suit (吃)",  # sorted: 2m 3m with the 9p discard
    "no_pair_to_claim": "seat 1 needs 2 九筒 (9p) in hand to peng; it holds 0",
    "claim_after_hu": "五筒 (5p) was won (胡): a win beats chi, peng and kong",  # E4: h3 on 5p, then p0
    "hu_twice": "seat 3 already declared a win on this tile",
    "win_tile_mismatch": "the winning tile is 五筒 (5p), not 四筒 (4p)",  # E1: seat 2 drew 5p
    "not_a_winning_hand": "seat 1's tiles do not make a winning hand (胡牌) with 九条 (9s)",
    "kong_no_live_tile": "no kong (杠) with the live wall empty",
    "wall_empty": "the live wall is empty: seat 2 cannot draw (黄庄)",
    "no_peng_to_extend": "seat 1 has no peng of 九条 (9s) to add a 4th tile to",
    "kaigang_not_tenpai": "seat 1 is not tenpai (听牌) with the kong of 七万 (7m) set aside: no 开杠, only 补张",
    "kaigang_locked": "seat 3 opened a kong (开杠) and may not peng for the rest of the hand",
    # E5: seat 1's second 开杠 pick 3m completes its hand; it discards instead
    "locked_must_win": "seat 1 opened a kong (开杠): 三万 (3m) completes its hand, so it must win",
    "locked_discard": "seat 3 opened a kong (开杠) and must discard the tile it drew (四筒 (4p)), not 五万 (5m)",
    "kaigang_no_claim": "only a win may take a 开杠 tile (kaigang_claims: hu_only), not chi",
    "rob_not_xu": (
        "only a tile added to a peng (xu) can be robbed (抢杠胡); "
        "an 暗杠 or a kong on a discard cannot be robbed"
    ),
    "haidi_not_due": "no 海底 is offered now: 55 tiles are left",  # after the dealer's discard
    "haidi_out_of_order": "the 海底 is offered to seat 3 now, not seat 0",
    "haidi_must_take": "seat 3 must take the 海底 (no roaming, haidi_roam: false)",
    "haidi_offer_expected": "one tile is left: it is the 海底, offered to seat 0 (hu is not)",  # 3 declined
    "haidi_claim": "the 海底 tile can only be won (海底炮), not taken by peng",
    "early_huangzhuang": "the hand cannot end in a draw (黄庄) now: 55 tiles are left",
    "qishou_off": "this table plays no opening hands (起手胡, qishou_mode: off)",
    "qishou_late": "opening hands (起手胡) are declared before the dealer's first discard or kong",
    "qishou_twice": "seat 1 already declared (起手胡)",
    "qishou_not_met": "seat 1's dealt tiles do not make banbanhu (起手胡)",  # E8 holds 2m 8m
    "qishou_tiles_not_held": "seat 1 shows 四条 (4s) it does not hold",  # E8 holds 3s 3s 3s, no 4s
    "birds_not_now": "birds (扎鸟) are drawn after a win, not now (phase claim)",
    "birds_mismatch": "the birds (扎鸟) are 7s, not 1m",  # E1's bird is wall[55] = 7s
    "birds_count": "1 birds (扎鸟) are drawn here, not 2",  # birds: 1, 53 tiles left
    "birds_missing": "without a wall the record must give its birds (扎鸟): a birds event after the win",
}


@pytest.mark.parametrize(("code", "build", "index"), REASON_CASES, ids=[c[0] for c in REASON_CASES])
def test_every_refusal_carries_its_rule_and_its_whole_message(
    code: str, build: Any, index: int | None
) -> None:
    """Each reason code's record is refused at its event with the code, its CS rule and the
    message above: a refusal naming the wrong seat, tile or count is a wrong verdict."""
    out = audit_validated(build())
    first = out["first_illegal"]
    assert (first["code"], first["index"], first["rule"]) == (code, index, CATALOGUE[code][0])
    assert first["message"] == MESSAGES[code]


# ---------------------------------------------------------------------------------- CS-2.2 - CS-2.5
def misdrawn(rec: dict[str, Any], index: int, tile: str) -> str:
    """The message refusing event ``index`` once it names ``tile`` (a draw the wall disagrees with)."""
    rec["events"][index]["tile"] = tile
    out = audit_validated(rec)
    first = out["first_illegal"]
    assert (first["code"], first["rule"], first["index"]) == ("draw_mismatch", "CS-2.2", index), first
    message: str = first["message"]
    return message


def test_CS_2_3_CS_2_4_CS_2_5_a_wrong_draw_names_where_the_tile_comes_from() -> None:
    """Each way a tile leaves the wall is named in ``draw_mismatch``: E10's 补张 takes wall[106] =
    5m from the back (CS-2.3); E5's 开杠 picks, dice [3, 5], take 9p by the die 3 then 3m by the
    die 5 (CS-2.4); E7's 海底 is 5s, taken by seat 0 after seat 3 declined (CS-2.5, CS-2.6)."""
    from tests.replay.test_changsha_board import E5_HANDS, E7_HANDS, E10_HANDS, e7_events

    e10 = ["x1 6p", "d2 8p", "x2 8p", "d3 3p", "ga3 9p bu", "d3 5m", "h3", "b 2p"]
    assert (
        misdrawn(record(E10_HANDS, e10, dealer=1), 5, "1m")
        == "seat 3 should draw 五万 (5m) (补张 from the back (CS-2.3)), not 一万 (1m)"
    )
    e5 = ["x0 9m", "d1 5m", "ga1 6m kai 3 5", "d1 9p", "d1 3m", "h1", "b 5s"]
    assert (
        misdrawn(record(E5_HANDS, e5), 3, "1m")
        == "seat 1 should draw 九筒 (9p) (by the die 3 (CS-2.4)), not 一万 (1m)"
    )
    assert (
        misdrawn(record(E5_HANDS, e5), 4, "1m")
        == "seat 1 should draw 三万 (3m) (by the die 5 (CS-2.4)), not 一万 (1m)"
    )
    e7 = e7_events()
    taken = e7.index("hd0 + 5s")
    assert (
        misdrawn(record(E7_HANDS, e7, dealer=2), taken, "1m")
        == "seat 0 should draw 五条 (5s) (as the 海底 (CS-2.5)), not 一万 (1m)"
    )
