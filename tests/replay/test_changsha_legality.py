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
from tests.changsha_builders import event, pool, record, tsumogiri
from tests.replay.test_changsha_board import (
    E1_HANDS,
    E3_EVENTS,
    E3_HANDS,
    E4_HANDS,
    E5_HANDS,
    E6_EVENTS,
    E6_HANDS,
    E7_HANDS,
    E8_HANDS,
    E9_EVENTS,
    E9_HANDS,
    E10_HANDS,
    E12_HANDS,
    e7_events,
)
from tests.replay.test_changsha_reasons import CASES as REASON_CASES
from tests.replay.test_changsha_reasons import E6_TO_PICKS, e12_events
from tests.replay.test_changsha_table_rules import TURN_HANDS


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


# ---------------------------------------------------------------------------------- each refusal site
def _e5(tail: list[str]) -> dict[str, Any]:
    """E5: seat 1 opens its 6m an-kong (开杠), dice [3, 5]: picks 9p, then 3m, which wins."""
    return record(E5_HANDS, ["x0 9m", "d1 5m", "ga1 6m kai 3 5", *tail])


def _e7(tail: list[str]) -> dict[str, Any]:
    """E7 (dealer seat 2) up to seat 0 taking the 海底 5s."""
    events = e7_events()
    return record(E7_HANDS, [*events[: events.index("hd0 + 5s") + 1], *tail], dealer=2)


#: E6 after seat 3's 开杠 of 9m (picks 4s, 8p, neither wins) and a round of front draws: seat 3,
#: locked (CS-3.6), holds 123s 456s 78s 55m and waits on 6s/9s
E6_LOCKED = [*E6_TO_PICKS, "d0 1p", "x0 1p", "d1 2p", "x1 2p", "d2 3p", "x2 3p"]
#: E9 up to seat 2's added 5m (补张): the window is open for 抢杠胡 only (CS-3.7)
E9_ROB = E9_EVENTS[:13]

#: (label, the record whose last event is refused, code, message), one row per place in
#: board.py that raises the code with its own values; E1's dealer (seat 0) acts first with the
#: 55 live tiles of CS-2.1, E1_HANDS: seat 0 1999m 111222s 6669p, seat 1 2345678m 345678s,
#: seat 2 123456m 789s 3455p, seat 3 112233778899p 4p
SITES: list[tuple[str, Any, str, str]] = [
    # CS-3.1 the dealer's own turn: a ming-kong, pass, draw, 黄庄 or 海底 has nothing to act on
    (
        "act ming",
        lambda: record(E1_HANDS, ["gm0 9m bu"]),
        "nothing_to_claim",
        "seat 0 cannot ming-kong: there is no tile to claim",
    ),
    (
        "act pass",
        lambda: record(E1_HANDS, ["s2"]),
        "nothing_to_claim",
        "seat 2 cannot pass: there is no tile to claim",
    ),
    (
        "act chi",
        lambda: record(E1_HANDS, ["c1 2m 3m @1m"]),
        "nothing_to_claim",
        "seat 1 cannot chi: there is no tile to claim",
    ),
    (
        "act draw",
        lambda: record(E1_HANDS, ["d1"]),
        "out_of_turn",
        "seat 1 cannot draw now: seat 0 must act first",
    ),
    ("act hu", lambda: record(E1_HANDS, ["h3"]), "out_of_turn", "seat 3 cannot hu now: it is seat 0's turn"),
    (
        "act hz",
        lambda: record(E1_HANDS, ["hz"]),
        "early_huangzhuang",
        "the hand cannot end in a draw (黄庄) now: seat 0 is to act, 55 tiles left",
    ),
    (
        "act haidi",
        lambda: record(E1_HANDS, ["hd1 -"]),
        "haidi_not_due",
        "no 海底 is offered now: seat 0 is to act",
    ),
    # CS-4.3 天胡: the dealer names a tile it does not hold / its 14 dealt tiles are no win
    (
        "tianhu tile",
        lambda: record(E1_HANDS, ["h0 5s"]),
        "tile_not_in_hand",
        "seat 0 does not hold 五条 (5s)",
    ),
    (
        "tianhu no win",
        lambda: record(E1_HANDS, ["h0"]),
        "not_a_winning_hand",
        "seat 0's tiles do not make a winning hand (胡牌) with its 14 tiles",
    ),
    # CS-3.3 an an-kong needs four (seat 0 holds 9m ×3); a xu-kong the 4th tile in hand (E3: seat
    # 1 pengs 2s and 5s, then draws 3s: no 2s left in hand)
    (
        "an-kong 3",
        lambda: record(E1_HANDS, ["ga0 9m bu"]),
        "no_pair_to_claim",
        "seat 0 needs 4 九万 (9m) in hand to an-kong (暗杠); it holds 3",
    ),
    (
        "xu not held",
        lambda: record(E3_HANDS, [*E3_EVENTS[:16], "gx1 2s bu"]),
        "tile_not_in_hand",
        "seat 1 does not hold 二条 (2s)",
    ),
    # CS-3.2 after seat 0's 9p: seat 1 draws next; only the claimers pass; nobody discards
    (
        "draw seat",
        lambda: record(E1_HANDS, ["x0 9p", "d2"]),
        "out_of_turn",
        "seat 2 cannot draw now: seat 1 draws next",
    ),
    (
        "claim discard",
        lambda: record(E1_HANDS, ["x0 9p", "x1 2m"]),
        "out_of_turn",
        "seat 1 cannot discard now: the tile may be claimed or the next seat draws",
    ),
    (
        "claim pass self",
        lambda: record(E1_HANDS, ["x0 9p", "s0"]),
        "out_of_turn",
        "seat 0 cannot pass now: only seats that may claim pass",
    ),
    (
        "claim hu self",
        lambda: record(E1_HANDS, ["x0 9p", "h0"]),
        "claim_from_self",
        "seat 0 cannot claim its own tile",
    ),
    (
        "claim no win",
        lambda: record(E1_HANDS, ["x0 9p", "h2"]),
        "not_a_winning_hand",
        "seat 2's tiles do not make a winning hand (胡牌) with 九筒 (9p)",
    ),
    # seat 1 has no 7p for 7p 8p 9p; seat 3 holds 9p ×2, a ming-kong needs 3
    (
        "chi not held",
        lambda: record(E1_HANDS, ["x0 9p", "c1 7p 8p"]),
        "tile_not_in_hand",
        "seat 1 does not hold 七筒 (7p)",
    ),
    (
        "ming 2",
        lambda: record(E1_HANDS, ["x0 9p", "gm3 9p bu"]),
        "no_pair_to_claim",
        "seat 3 needs 3 九筒 (9p) in hand to ming-kong; it holds 2",
    ),
    # E4: seat 3 won seat 2's 5p (通炮 window still open): a draw is after the end, a 4p is not the tile
    (
        "after win",
        lambda: record(E4_HANDS, ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h3", "d3"]),
        "event_after_end",
        "the hand already ended (seat 3 won); nothing may follow",
    ),
    # CS-3.2 a win beats chi and kong as it beats peng
    (
        "chi after win",
        lambda: record(E4_HANDS, ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h3", "c3 3p 4p"]),
        "claim_after_hu",
        "五筒 (5p) was won (胡): a win beats chi, peng and kong",
    ),
    (
        "kong after win",
        lambda: record(E4_HANDS, ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h3", "gm0 5p bu"]),
        "claim_after_hu",
        "五筒 (5p) was won (胡): a win beats chi, peng and kong",
    ),
    # CS-3.11 both 通炮 winners named; an an-kong in another seat's window is no claim (CS-3.3)
    (
        "after two wins",
        lambda: record(E4_HANDS, ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h0", "h3", "d3"]),
        "event_after_end",
        "the hand already ended (seat 0, 3 won); nothing may follow",
    ),
    (
        "an-kong in a window",
        lambda: record(E1_HANDS, ["x0 9p", "ga3 9p bu"]),
        "out_of_turn",
        "seat 3 cannot gang now: the tile may be claimed or the next seat draws",
    ),
    # CS-3.2 a chi is a run of one suit: 3m 3m 5m is not; 8m 9m 1s crosses suits (kinds 7, 8, 9)
    (
        "chi 335",
        lambda: record(TURN_HANDS, ["x0 3m", "c1 3m 5m"]),
        "bad_chi",
        "3m 3m 5m is not a sequence of one suit (吃)",
    ),
    (
        "chi 891",
        lambda: record(E1_HANDS, ["x0 1s", "c1 8m 9m"]),
        "bad_chi",
        "8m 9m 1s is not a sequence of one suit (吃)",
    ),
    (
        "chi 912",
        lambda: record(E1_HANDS, ["x0 1s", "c1 9m 2s"]),
        "bad_chi",
        "9m 1s 2s is not a sequence of one suit (吃)",
    ),
    (
        "claim tile",
        lambda: record(E4_HANDS, ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h3 4p"]),
        "win_tile_mismatch",
        "the winning tile is 五筒 (5p), not 四筒 (4p)",
    ),
    # CS-3.7 a tile added to a peng is robbed by a win only
    (
        "rob peng",
        lambda: record(E9_HANDS, [*E9_ROB, "p3"]),
        "rob_not_xu",
        "only a tile added to a peng (xu) can be robbed (抢杠胡); a tile added to a peng is only robbed by a win, not by peng",
    ),
    (
        "rob ming",
        lambda: record(E9_HANDS, [*E9_ROB, "gm3 5m bu"]),
        "rob_not_xu",
        "only a tile added to a peng (xu) can be robbed (抢杠胡); a tile added to a peng is only robbed by a win, not by ming-kong",
    ),
    (
        "rob chi",
        lambda: record(E9_HANDS, [*E9_ROB, "c3 3m 4m"]),
        "rob_not_xu",
        "only a tile added to a peng (xu) can be robbed (抢杠胡); a tile added to a peng is only robbed by a win, not by chi",
    ),
    # CS-3.5 the ganger draws its picks first; its winning pick is 3m, not 9p
    (
        "replace other",
        lambda: _e5(["x1 2m"]),
        "out_of_turn",
        "seat 1 cannot discard now: seat 1 draws its kong's replacement",
    ),
    (
        "replace hu",
        lambda: _e5(["h1"]),
        "out_of_turn",
        "seat 1 cannot hu now: seat 1 draws its kong's replacement",
    ),
    (
        "kai_win tile",
        lambda: _e5(["d1 9p", "d1 3m", "h1 9p"]),
        "win_tile_mismatch",
        "the winning tile is 三万 (3m), not 九筒 (9p)",
    ),
    # CS-3.6 the locked ganger (E6's seat 3): no kong of any kind; a drawn 6s that wins must win
    (
        "locked kong",
        lambda: record(E6_HANDS, [*E6_LOCKED, "d3 4p", "ga3 5m bu"]),
        "kaigang_locked",
        "seat 3 opened a kong (开杠) and may not kong for the rest of the hand",
    ),
    (
        "locked draw wins",
        lambda: record(E6_HANDS, [*E6_LOCKED, "d3 6s", "x3 6s"]),
        "locked_must_win",
        "seat 3 opened a kong (开杠): 六条 (6s) completes its hand, so it must win",
    ),
    # CS-2.5 / CS-2.6 (E12: the 海底 is offered to seat 3 first; E7: seat 0 took 5s)
    (
        "haidi hz",
        lambda: record(E12_HANDS, e12_events(["hz"])),
        "early_huangzhuang",
        "the hand cannot end in a draw (黄庄) now: the 海底 is still to be offered to seat 3",
    ),
    (
        "declined",
        lambda: record(E12_HANDS, e12_events(["hd3 -", "hd0 -", "hd1 -", "hd2 -", "d3"])),
        "out_of_turn",
        "seat 3 cannot draw now: all four seats declined the 海底: the hand is a draw (黄庄)",
    ),
    (
        "taken other discard",
        lambda: _e7(["x1 5s"]),
        "out_of_turn",
        "seat 1 cannot discard now: the 海底 is seat 0's discard",
    ),
    (
        "taken draw",
        lambda: _e7(["d1"]),
        "out_of_turn",
        "seat 1 cannot draw now: the 海底 is won or the hand is a draw",
    ),
    (
        "taken tile",
        lambda: _e7(["h0 4s"]),
        "win_tile_mismatch",
        "the winning tile is 五条 (5s), not 四条 (4s)",
    ),
    (
        "taken no win",
        lambda: _e7(["h0"]),
        "not_a_winning_hand",
        "seat 0's tiles do not make a winning hand (胡牌) with 五条 (5s)",
    ),
    (
        "taken chi",
        lambda: _e7(["c1 3s 4s"]),
        "haidi_claim",
        "the 海底 tile can only be won (海底炮), not taken by chi",
    ),
    # CS-5.2 end mode: after seat 1's 四喜 only the dealer's 天胡 or the birds may follow
    # CS-5.2: after the dealer's first discard, seat 1's own turn is too late to declare
    (
        "qishou on a later turn",
        lambda: record(E8_HANDS, ["x0 6p", "d1 5s", "q1 sixi"]),
        "qishou_late",
        "opening hands (起手胡) are declared before the dealer's first discard or kong",
    ),
    # CS-5.2: the dealer's kong ends the opening too: after its an-kong of 1m and 补张, seat 1's 四喜 is late
    (
        "qishou after the dealer's kong",
        lambda: record(["1111m 222333m 44p 5p 6p", *E8_HANDS[1:]], ["ga0 1m bu", "d0 9p", "q1 sixi"]),
        "qishou_late",
        "opening hands (起手胡) are declared before the dealer's first discard or kong",
    ),
    # CS-2.6 the 海底 the taker could not win is its discard, for 海底炮 only: no peng (E7's seat 3 holds 55s)
    (
        "haidi discard peng",
        lambda: _e7(["x0 5s", "p3"]),
        "haidi_claim",
        "the 海底 tile can only be won (海底炮), not taken by peng",
    ),
    (
        "taken kong",
        lambda: _e7(["gm1 5s bu"]),
        "haidi_claim",
        "the 海底 tile can only be won (海底炮), not taken by gang",
    ),
    (
        "taker discards another tile",
        lambda: _e7(["x0 4s"]),
        "out_of_turn",
        "seat 0 cannot discard now: the 海底 is seat 0's discard",
    ),
    # CS-3.11 a self-drawn win waits only for its birds (E1: seat 2 won)
    (
        "after self-draw",
        lambda: record(E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "x2 5p"]),
        "event_after_end",
        "the hand already ended (seat 2 won); nothing may follow",
    ),
    (
        "qishou then discard",
        lambda: record(E8_HANDS, ["q1 sixi", "x0 6p"]),
        "event_after_end",
        "the hand already ended (opening hands (起手胡) were declared); nothing may follow",
    ),
    (
        "qishou then no tianhu",
        lambda: record(E8_HANDS, ["q1 sixi", "h0"]),
        "not_a_winning_hand",
        "seat 0's tiles do not make a winning hand (胡牌) with its 14 dealt tiles",
    ),
]


@pytest.mark.parametrize(("label", "build", "code", "message"), SITES, ids=[s[0] for s in SITES])
def test_each_refusal_site_names_what_it_refused(label: str, build: Any, code: str, message: str) -> None:
    """The record's last event is refused with ``code``, its CS rule and the message above."""
    rec = build()
    out = audit_validated(rec)
    first = out["first_illegal"]
    assert out["status"] == "illegal", (label, out["errors"])
    assert (first["code"], first["index"], first["rule"]) == (
        code,
        len(rec["events"]) - 1,
        CATALOGUE[code][0],
    )
    assert first["message"] == message


# ---------------------------------------------------------------------------------- CS-4.3 天胡 / 地胡
TIANHU_HANDS = [
    "123m 456m 789s 345p 55p",
    "111m 999m 111s 222s 9p",
    "777m 888m 333s 444s 1p",
    "666s 777s 2p 6p 7p 8p 9p 2m 3m",
]


def test_CS_4_3_tianhu_is_the_dealers_dealt_14_only() -> None:
    """天胡: the dealer's dealt 14 (123m 456m 789s 345p 55p, a 将 pair) win before any discard:
    big self-draw, every payer in the dealer column, 40 (CS-6.3). The bird 2s hits seat
    (0 + 2 − 1) mod 4 = 1: 80. Deltas [160, −80, −40, −40].
    The other side: the dealer discards 9p instead and wins the same tiles on its next draw
    (5p): 平胡, small self-draw, 20 each, seat 1's doubled: [80, −40, −20, −20]."""
    from tests.replay.test_changsha_table_rules import audited

    got = audited(record(TIANHU_HANDS, ["h0", "b 2s"]))
    assert got["hands"] == {"0": ["tianhu"]} and got["winners"] == [0] and got["discarder"] is None
    assert got["deltas"] == [160, -80, -40, -40]
    # the win keeps the tile the dealer names (the step and fact views show it), or none
    from replay.games.changsha.tiles import parse

    win = pushed(record(TIANHU_HANDS, ["h0 5p"])).wins[0]
    assert (win.seat, win.source, win.tile, win.ways) == (0, None, parse("5p", "tile"), frozenset({"tianhu"}))
    assert pushed(record(TIANHU_HANDS, ["h0"])).wins[0].tile is None
    # an ordinary self-draw (E1: seat 2 draws 5p) keeps the drawn tile and no way
    win = pushed(record(E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2"])).wins[0]
    assert (win.seat, win.source, win.tile, win.ways) == (2, None, parse("5p", "tile"), frozenset())
    later = [
        "123m 456m 789s 345p 5p 9p",
        *TIANHU_HANDS[1:],
    ]
    events = ["x0 9p", "d1 4m", "x1 4m", "d2 6m", "x2 6m", "d3 8p", "x3 8p", "d0 5p", "h0", "b 2s"]
    got = audited(record(later, events))
    assert got["hands"] == {"0": ["pinghu"]} and got["deltas"] == [80, -40, -20, -20]


DIHU_HANDS = [
    "111m 999m 111s 222s 9p 5p",
    "777m 888m 333s 444s 1p",
    "123m 456m 789s 345p 5p",
    "666s 777s 2p 6p 7p 8p 9p 2m 3m",
]


def test_CS_4_3_dihu_is_a_win_on_the_dealers_first_discard() -> None:
    """地胡: seat 2 wins on the dealer's first discard 5p (5p pair, 将): big discard, the dealer
    pays 70 (CS-6.3 dealer column); the bird 3s hits (0 + 3 − 1) mod 4 = 2, the winner: 140.
    Deltas [−140, 0, 140, 0]. The other side: the same 5p as the dealer's second discard is a
    平胡 on a discard: 20, doubled 40: [−40, 0, 40, 0]."""
    from tests.replay.test_changsha_table_rules import audited

    got = audited(record(DIHU_HANDS, ["x0 5p", "h2", "b 3s"]))
    assert got["hands"] == {"2": ["dihu"]} and got["discarder"] == 0
    assert got["deltas"] == [-140, 0, 140, 0]
    events = ["x0 9p", "d1 4m", "x1 4m", "d2 6m", "x2 6m", "d3 8p", "x3 8p", "d0 2p", "x0 5p", "h2", "b 3s"]
    got = audited(record(DIHU_HANDS, events))
    assert got["hands"] == {"2": ["pinghu"]} and got["deltas"] == [-40, 0, 40, 0]


# ---------------------------------------------------------------------------------- CS-1.3 (a)
def test_CS_1_3_a_two_end_mode_declarers_the_first_bird_deals_next() -> None:
    """CS-1.3 (a) with CS-5.2 ``end``: E8's seat 1 (四喜 + 六六顺, n 2) and seat 2 (111555999s 3m
    6m 9m 7s: 缺一色 + 六六顺, n 2) declare; seats 0 and 3 pay each. The bird 4s hits
    (0 + 4 − 1) mod 4 = 3, a payer, and deals next though it declared nothing.
    Seat 1: 2 × 20 from the dealer, 2 × 10 × 2 from seat 3 = 80; seat 2 the same.
    Deltas [−80, 80, 80, −80]."""
    from tests.replay.test_changsha_table_rules import audited

    got = audited(record(E8_HANDS, ["q1 sixi,liuliushun", "q2 queyise,liuliushun", "b 4s"]))
    assert got["winners"] == [1, 2] and got["bird_seats"] == [3]
    assert got["deltas"] == [-80, 80, 80, -80]
    assert got["next_dealer"] == 3


def test_CS_1_3_a_without_birds_the_first_declarer_from_the_dealer_deals_next() -> None:
    """CS-1.3 (a) with ``birds: 0``: the first declarer in turn order from the dealer (0, 1, 2,
    3): seat 2, though seat 3 declared first. Seat 3 (222555888p 9m 1s 2s 3s) holds 六六顺 only
    (n 1: it holds 2s, all three suits): 20 from the dealer, 10 from seat 1; seat 2 (n 2) 40
    and 20. Deltas [−60, −30, 60, 30]."""
    from tests.replay.test_changsha_table_rules import audited

    rec = record(E8_HANDS, ["q3 liuliushun", "q2 queyise,liuliushun"], overrides={"birds": 0})
    got = audited(rec)
    assert got["winners"] == [2, 3] and got["birds"] == []
    assert got["deltas"] == [-60, -30, 60, 30]
    assert got["next_dealer"] == 2


# ---------------------------------------------------------------------------------- CS-3.5 / CS-6.4 parameters
E5_KAI = ["x0 9m", "d1 5m", "ga1 6m kai 3 5"]


def test_CS_3_5_kaigang_draws_1_takes_one_pick_by_the_sum() -> None:
    """CS-3.5 ``kaigang_draws: 1``: E5's dice [3, 5] make one pick of 8 (CS-2.4): stacks 53, 52,
    …, 46 from the back, all intact, so the 8th is stack 46, its top wall[92]. That 3m wins
    杠上开花 (k 1): E5's settlement, [−80, 140, −30, −30]. A second pick is refused: seat 1
    must win now (CS-3.6)."""
    from tests.replay.test_changsha_table_rules import audited

    rec = record(E5_HANDS, [*E5_KAI, "d1 3m", "h1", "b 5s"], overrides={"kaigang_draws": 1})
    assert rec["wall"][92] == "3m"
    got = audited(rec)
    assert got["hands"] == {"1": ["gangshangkaihua"]} and got["deltas"] == [-80, 140, -30, -30]
    board = pushed(rec, [*E5_KAI, "d1 3m"])
    assert refusal(board, "d1") == (
        "locked_must_win",
        "CS-3.6",
        "seat 1 opened a kong (开杠): 三万 (3m) completes its hand, so it must win",
    )


@pytest.mark.parametrize(
    ("shuang", "k", "deltas"), [(True, 2, [-160, 280, -60, -60]), (False, 1, [-80, 140, -30, -30])]
)
def test_CS_3_5_both_kaigang_tiles_win_shuang_kaihua(shuang: bool, k: int, deltas: list[int]) -> None:
    """CS-3.5: both of E5's picks are 3m (wall[102], wall[98]) and both complete seat 1's hand:
    one win; with ``shuang_kaihua`` 杠上开花 counts twice, k 2: seat 0 (dealer) 2 × 40 × 2
    (bird 5s on seat 0) = 160, seats 2, 3 2 × 30 = 60; without it k 1 as in E5."""
    from tests.replay.test_changsha_table_rules import audited

    rec = record(E5_HANDS, [*E5_KAI, "d1 3m", "d1 3m", "h1", "b 5s"], overrides={"shuang_kaihua": shuang})
    assert rec["wall"][102] == rec["wall"][98] == "3m"
    got = audited(rec)
    assert got["hands"] == {"1": ["gangshangkaihua"] * k} and got["deltas"] == deltas


def test_CS_6_4_bird_from_the_winner() -> None:
    """CS-6.4 ``bird_from: winner``: E1's bird 7s counts from the winner, seat 2: (2 + 7 − 1)
    mod 4 = 0, the dealer, a payer: 20 × 2 = 40; seats 1, 3 pay 10. Deltas [−40, −10, 60, −10]
    (``bird_seats`` still counts from the dealer: 7s → seat 2)."""
    from tests.replay.test_changsha_table_rules import audited

    rec = record(
        E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"], overrides={"bird_from": "winner"}
    )
    got = audited(rec)
    assert got["deltas"] == [-40, -10, 60, -10] and got["bird_seats"] == [2]


# ---------------------------------------------------------------------------------- CS-3.10
def test_CS_3_10_a_discard_leaves_13_less_3_a_meld() -> None:
    """CS-3.10: after a discard a seat holds 13 − 3·melds concealed tiles. No valid record can
    break it, so a tile is slipped into the board's hand: E1's dealer with 15 tiles discards
    9p and would hold 14 (0 melds: 13); E3's seat 1 after its peng of 2s (1 meld: 10) with a
    tile too many would hold 11. Without the extra tile both discards are legal."""
    from tests.replay.test_changsha_board import E3_EVENTS, E3_HANDS

    board = pushed(record(E1_HANDS, []), [])
    board.seats[0].hand[0] += 1  # a fifth tile of 1m's kind in hand: 15 in all
    assert refusal(board, "x0 9p") == (
        "wrong_hand_size",
        "CS-3.10",
        "after its discard seat 0 holds 14 concealed tiles; with 0 melds it should hold 13",
    )
    board = pushed(record(E3_HANDS, E3_EVENTS), E3_EVENTS[:2])
    assert board.seats[1].size == 11 and len(board.seats[1].melds) == 1
    board.seats[1].hand[0] += 1
    assert refusal(board, "x1 1m") == (
        "wrong_hand_size",
        "CS-3.10",
        "after its discard seat 1 holds 11 concealed tiles; with 1 melds it should hold 10",
    )
    legal = pushed(record(E3_HANDS, E3_EVENTS), E3_EVENTS[:3])
    assert legal.seats[1].size == 10 and legal.phase == "claim"


# ---------------------------------------------------------------------------------- CS-3.3 / §9 a kong's fields
def kong(mode: object, dice: object = None, kind: str = "an", tile: str = "6m") -> dict[str, Any]:
    e: dict[str, Any] = {"type": "gang", "seat": 1, "kind": kind, "tile": tile, "mode": mode}
    if dice is not None:
        e["dice"] = dice
    return e


@pytest.mark.parametrize(
    ("bad", "field", "message"),
    [
        (kong("kaigang", [3, 5]), "mode", "must be bu (补张) or kai (开杠), not 'kaigang'"),
        (kong(None), "mode", "must be bu (补张) or kai (开杠), not None"),
        (kong("kai", [0, 5]), "dice", "must be the two dice rolled, each 1-6, not [0, 5]"),
        (kong("kai", [3, 7]), "dice", "must be the two dice rolled, each 1-6, not [3, 7]"),
        (kong("kai", [3]), "dice", "must be the two dice rolled, each 1-6, not [3]"),
        (kong("kai", [3, 5, 1]), "dice", "must be the two dice rolled, each 1-6, not [3, 5, 1]"),
        (kong("kai", [True, 5]), "dice", "must be the two dice rolled, each 1-6, not [True, 5]"),
        (kong("kai", [3.0, 5]), "dice", "must be the two dice rolled, each 1-6, not [3.0, 5]"),
        (kong("kai", "35"), "dice", "must be the two dice rolled, each 1-6, not '35'"),
        (kong("kai"), "dice", "a 开杠 gives the two dice rolled (CS-3.5, §9)"),
        (kong("bu", kind="dark"), "kind", "must be an, xu or ming, not 'dark'"),
    ],
)
def test_CS_3_3_a_kong_names_its_mode_and_a_kaigang_its_two_dice(
    bad: dict[str, Any], field: str, message: str
) -> None:
    """§9: ``gang`` gains ``mode`` bu/kai and, with kai, ``dice`` [d1, d2], each 1-6 (CS-3.5); a
    record that says otherwise is an input error naming the field. E5's seat 1 holds 6m ×4
    after drawing 5m; the dice [1, 6] and [6, 1] bounds are legal."""
    board = pushed(record(E5_HANDS, ["x0 9m", "d1 5m"]))
    with pytest.raises(InputError) as err:
        board.clone().push(bad)
    assert (err.value.field, err.value.message) == (field, message)
    for dice in ([1, 6], [6, 1]):
        ok = board.clone()
        ok.push(kong("kai", dice))
        assert ok.phase == "replace" and ok.picks == dice


def test_CS_3_2_a_discard_opens_a_window_and_spends_the_draw() -> None:
    """CS-3.1/3.2: E1's dealer discards 9p: the window is open on seat 0's 9p, the dealer holds
    13 and no drawn tile (the step view shows ``drawn`` null); seat 1 then draws 9s, which is
    its drawn tile until its own discard spends it."""
    from replay.games.changsha.tiles import parse

    rec = record(E1_HANDS, ["x0 9p", "d1 9s", "x1 9s"])
    board = pushed(rec, ["x0 9p"])
    assert board.phase == "claim" and board.claim is not None
    assert (board.claim.seat, board.claim.tile, board.drawn, board.seats[0].size) == (
        0,
        parse("9p", "tile"),
        None,
        13,
    )
    board.push(event("d1 9s"))
    assert (board.phase, board.actor, board.drawn) == ("act", 1, parse("9s", "tile"))
    board.push(event("x1 9s"))
    assert (board.phase, board.drawn) == ("claim", None)


# ---------------------------------------------------------------------------------- CS-3.3 / CS-3.5 / CS-3.8 kongs
XU_HANDS = [
    "5s 111m 999m 111p 999p 7s",
    "123m 456m 55p 46s 55s 9s",
    "222m 888m 222p 888p 3s",
    "333m 777m 333p 777p 8s",
]
XU_EVENTS = ["x0 5s", "p1", "x1 9s", "d2 1s", "x2 1s", "d3 2s", "x3 2s", "d0 3s", "x0 3s", "d1 5s"]


def test_CS_3_5_CS_3_8_a_kongs_own_tile_is_no_wait_for_kaigang() -> None:
    """CS-3.5: 开杠 needs tenpai with the kong set aside. Seat 1 pengs the dealer's 5s, then
    draws the 4th 5s: set aside, its 10 concealed 123m 456m 55p 46s wait only on 5s (456s,
    55p 将), and the kong holds all four 5s (CS-3.8: a kind held 4 times is no wait). So no
    开杠, while the same kong as 补张 is legal (the window for 抢杠胡 opens, CS-3.7)."""
    rec = record(XU_HANDS, XU_EVENTS)
    board = pushed(rec)
    assert board.seats[1].size == 11
    assert refusal(board.clone(), "gx1 5s kai 3 5") == (
        "kaigang_not_tenpai",
        "CS-3.5",
        "seat 1 is not tenpai (听牌) with the kong of 五条 (5s) set aside: no 开杠, only 补张",
    )
    board.push(event("gx1 5s bu"))
    assert board.phase == "claim" and board.claim is not None and board.claim.rob
    assert board.drawn is None and board.seats[1].size == 10  # the 5s went to the kong


def test_CS_3_3_an_an_kong_is_a_concealed_kong_meld() -> None:
    """CS-3.3/CS-3.7: E5's seat 1 an-kongs 6m: its meld is a kong of 6m face down (暗杠, which
    nobody may rob; the step view shows it concealed); a peng extended (xu) is an open kong."""
    from replay.games.changsha.reading import Meld
    from replay.games.changsha.tiles import parse

    board = pushed(record(E5_HANDS, ["x0 9m", "d1 5m", "ga1 6m kai 3 5"]))
    assert board.seats[1].melds == [Meld("gang", parse("6m", "tile"), True)]
    assert (board.phase, board.drawn, board.picks) == ("replace", None, [3, 5])
    board = pushed(record(XU_HANDS, [*XU_EVENTS, "gx1 5s bu", "d1 7m"]))
    assert board.seats[1].melds == [Meld("gang", parse("5s", "tile"), False)]


# ---------------------------------------------------------------------------------- CS-3.5 杠上炮: which 开杠 tile
def test_CS_3_5_a_claim_on_the_kaigang_tiles_names_the_one_it_takes() -> None:
    """CS-3.5 / §9: E6's seat 3 opens a kong of 9m, dice [2, 2]: picks 4s and 8p, neither its
    win, both discarded. A hu on them must name its tile when they differ (``hu.tile``
    required), and a tile not among them is refused naming both; 8p is seat 1's 杠上炮."""
    board = pushed(record(E6_HANDS, E6_EVENTS), E6_EVENTS[:8])
    assert board.phase == "claim"
    with pytest.raises(InputError) as err:
        board.clone().push({"type": "hu", "seat": 1})
    assert (err.value.field, err.value.message) == (
        "tile",
        "a win on the 开杠 tiles names the tile it takes (§9)",
    )
    with pytest.raises(InputError) as err:
        board.clone().push({"type": "peng", "seat": 0})
    assert (err.value.field, err.value.message) == (
        "tile",
        "a peng on the 开杠 tiles names the tile it takes (§9)",
    )
    assert refusal(board.clone(), "h1 5m") == (
        "win_tile_mismatch",
        "CS-3.2",
        "the winning tile is 四条 (4s) or 八筒 (8p), not 五万 (5m)",
    )


@pytest.mark.parametrize(
    ("picks", "overrides"),
    [(["d3 8p", "d3 8p"], {}), (["d3 8p"], {"kaigang_draws": 1})],
    ids=["both 8p", "one pick"],
)
def test_CS_3_5_one_kind_among_the_kaigang_tiles_needs_no_name(
    picks: list[str], overrides: dict[str, Any]
) -> None:
    """When the 开杠 tiles are one kind (both picks 8p, or ``kaigang_draws: 1``'s single pick of
    2 + 2 = 4) a hu needs no tile: seat 1 wins 8p as in E6 (清一色 + 杠上炮, k 2, 2 × 60 from the
    ganger, bird 2m on seat 1: 240). Deltas [0, 240, 0, −240]."""
    from tests.replay.test_changsha_table_rules import audited

    got = audited(record(E6_HANDS, [*E6_EVENTS[:6], *picks, "h1", "b 2m"], overrides=overrides))
    assert got["hands"] == {"1": ["qingyise", "gangshangpao"]} and got["deltas"] == [0, 240, 0, -240]


# ---------------------------------------------------------------------------------- CS-3.9 漏胡
@pytest.mark.parametrize(
    ("scope", "last", "message"),
    [
        (
            "same_tile",
            "x2 6p",
            "seat 3 let a win on 六筒 (6p) go (漏胡) and cannot win on 六筒 (6p) from another seat before its next draw",
        ),
        (
            "any_tile",
            "x2 3p",
            "seat 3 let a win on 六筒 (6p) go (漏胡) and cannot win on 三筒 (3p) from another seat before its next draw",
        ),
    ],
)
def test_CS_3_9_louhu_names_the_tile_let_go_and_the_tile_refused(scope: str, last: str, message: str) -> None:
    """E11: seat 3 (45p 123m 456s 789s 22m) waits on 3p/6p and lets seat 1's 6p go. Seat 2's 6p
    is refused (``same_tile``); with ``any_tile`` a 3p too, the message naming the 6p let go
    (the lock's any-tile mark is not a tile). With ``same_tile`` the 3p is legal (E11)."""
    from tests.replay.test_changsha_board import E11_HANDS

    head = ["x0 9m", "d1 5m", "x1 6p", "d2 1m"]
    board = pushed(record(E11_HANDS, [*head, last], overrides={"louhu_scope": scope}))
    assert refusal(board, "h3") == ("louhu", "CS-3.9", message)


def test_CS_3_2_a_pass_is_optional_for_a_seat_that_may_claim() -> None:
    """§9: ``pass`` stays optional. In E1 seats 1, 2, 3 pass on the dealer's 9p and the hand
    goes on to E1's result ([−40, −20, 80, −20]); a seat that already won the tile (E4: seat 3
    on seat 2's 5p) cannot pass it, nor can the discarder."""
    from tests.replay.test_changsha_table_rules import audited

    got = audited(
        record(E1_HANDS, ["x0 9p", "s1", "s2", "s3", "d1 9s", "x1 9s", "s3", "d2 5p", "h2", "b 7s"])
    )
    assert got["deltas"] == [-40, -20, 80, -20]
    board = pushed(record(E4_HANDS, ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h3"]))
    assert refusal(board.clone(), "s3") == (
        "out_of_turn",
        "CS-3.1",
        "seat 3 cannot pass now: only seats that may claim pass",
    )
    board.push(event("s0"))
    assert board.claim is not None and board.claim.passed == {0}


def test_CS_3_9_louhu_on_both_kaigang_tiles_names_both() -> None:
    """CS-3.9 with CS-3.5: E6's 开杠 picks are made 5p and 8p, both wins for seat 1 (1-9p 22p
    67p waits on 5p/8p); it lets both go (seat 0 draws). Seat 0's 5p is then refused, the
    message naming both tiles let go in kind order."""
    events = [*E6_EVENTS[:6], "d3 5p", "d3 8p", "d0 5p", "x0 5p"]
    board = pushed(record(E6_HANDS, events))
    assert refusal(board, "h1") == (
        "louhu",
        "CS-3.9",
        "seat 1 let a win on 五筒 (5p), 八筒 (8p) go (漏胡) and cannot win on 五筒 (5p) from another seat before its next draw",
    )


@pytest.mark.parametrize("kind", ["chow", "discard ", 7, None])
def test_an_event_of_no_changsha_type_is_an_input_error_naming_it(kind: object) -> None:
    """§9's event types only: anything else is unreadable (an input error on ``type`` naming the
    value), in any phase, before a handler reads it."""
    board = pushed(record(E1_HANDS, ["x0 9p"]))
    for b in (pushed(record(E1_HANDS, [])), board):
        with pytest.raises(InputError) as err:
            b.clone().push({"type": kind, "seat": 1})
        assert (err.value.field, err.value.message) == ("type", f"unknown event type {kind!r}")


def test_CS_2_5_the_haidi_offer_leaves_no_drawn_tile() -> None:
    """CS-2.5/2.6: E12's last discard leaves one live tile: the 海底 is offered to seat 3 (due
    to draw), then to seat 0; nobody holds a drawn tile while it is offered."""
    board = pushed(record(E12_HANDS, e12_events(["hd3 -"])))
    assert (board.phase, board.live, board.haidi_first, board.haidi_seat, board.drawn) == (
        "haidi",
        1,
        3,
        0,
        None,
    )


# ---------------------------------------------------------------------------------- CS-5.2 a declaration's fields
@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (
            {"kinds": []},
            "kinds",
            "must list the opening hands declared (sixi, banbanhu, queyise, liuliushun)",
        ),
        (
            {"kinds": "sixi"},
            "kinds",
            "must list the opening hands declared (sixi, banbanhu, queyise, liuliushun)",
        ),
        (
            {"kinds": ["sixi", 1]},
            "kinds",
            "must list the opening hands declared (sixi, banbanhu, queyise, liuliushun)",
        ),
        ({"die": 0}, "die", "the declarer's bird die 1-6 is required (CS-5.2), not 0"),
        ({"die": 7}, "die", "the declarer's bird die 1-6 is required (CS-5.2), not 7"),
        ({"die": True}, "die", "the declarer's bird die 1-6 is required (CS-5.2), not True"),
        ({"die": None}, "die", "the declarer's bird die 1-6 is required (CS-5.2), not None"),
    ],
)
def test_CS_5_2_a_declaration_lists_its_hands_and_in_continue_mode_its_die(
    change: dict[str, Any], field: str, message: str
) -> None:
    """CS-5.2 / §9: ``qishou.kinds`` lists the hands declared; in ``continue`` mode (the
    ``changsha-app`` preset) ``die`` is the declarer's bird die, 1-6. E8's seat 1 declares 四喜."""
    rec = record(E8_HANDS, [], preset="changsha-app")
    e = {"type": "qishou", "seat": 1, "kinds": ["sixi"], "die": 3, **change}
    with pytest.raises(InputError) as err:
        pushed(rec).push(e)
    assert (err.value.field, err.value.message) == (field, message)


@pytest.mark.parametrize(("die", "deltas"), [(1, [-10, 26, -8, -8]), (6, [-5, 17, -8, -4])])
def test_CS_5_2_continue_mode_the_declarers_die_hits_one_seat(die: int, deltas: list[int]) -> None:
    """CS-5.2 ``continue`` (``changsha-app``: small self-draw unit 2, dealer +1, ``once``, per
    instance): E8's seat 1 holds 7777m (四喜 1) and 7m/3s with ≥ 3 (六六顺 ⌊2 / 2⌋ = 1), n = 2,
    paid by the other three at once; play goes on with the dealer to act. Its die d hits seat
    (1 + d − 1) mod 4 and doubles the pairs it is in (CS-6.2 ``once``: (k × U + dealer) × 2^h).
    d 1 → seat 1 itself: the dealer (2 × 2 + 1) × 2 = 10, seats 2, 3 2 × 2 × 2 = 8: [−10, 26, −8, −8].
    d 6 → seat 2: the dealer 5, seat 2 8, seat 3 4: [−5, 17, −8, −4]."""
    rec = record(E8_HANDS, [f"q1 sixi,liuliushun die={die}"], preset="changsha-app")
    board = pushed(rec)
    assert board.phase == "act" and board.actor == 0
    assert [(p.payer, p.payee) for p in board.payments] == [(2, 1), (3, 1), (0, 1)]
    assert board.deltas() == deltas


# ---------------------------------------------------------------------------------- CS-5.2 天胡 beside opening hands
QISHOU_TIANHU = [
    "123m 456m 789m 234s 55s",
    "1111p 222p 333p 6s 7s 8s",
    "444p 555p 666p 777p 9s",
    "999p 888p 11s 99s 88m 7s",
]


def test_CS_5_2_the_dealer_may_declare_tianhu_after_an_end_mode_declaration() -> None:
    """CS-5.2 ``end``: seat 1 declares 四喜 (1111p, n 1); the dealer may still declare 天胡 (its
    14: 123m 456m 789m 234s 55s, 平胡 shape with a 将): both are paid by the non-declarers,
    seats 2 and 3. The bird 5m hits (0 + 5 − 1) mod 4 = 0. The dealer: big self-draw, dealer
    column 40, doubled: 80 from each = 160; seat 1: 10 from each, the bird in neither pair =
    20. Deltas [160, 20, −90, −90]; two declarers: the bird's seat 0 deals next (CS-1.3 a)."""
    from tests.replay.test_changsha_table_rules import audited

    got = audited(record(QISHOU_TIANHU, ["q1 sixi", "h0", "b 5m"]))
    assert got["winners"] == [0, 1] and got["hands"] == {"0": ["tianhu"]}
    assert got["qishou"] == {"1": ["sixi"]}
    assert got["deltas"] == [160, 20, -90, -90] and got["next_dealer"] == 0
    board = pushed(record(QISHOU_TIANHU, ["q1 sixi", "h0 5s"]))
    win = board.qishou_win
    assert win is not None and (win.seat, win.source, win.tile, win.ways) == (
        0,
        None,
        13,
        frozenset({"tianhu"}),
    )  # 13 = 5s
    assert refusal(board, "h0") == (
        "event_after_end",
        "CS-3.11",
        "the hand already ended (opening hands (起手胡) were declared); nothing may follow",
    )
    # the dealer that declared an opening hand (缺一色: no 筒) may not add 天胡
    assert refusal(pushed(record(QISHOU_TIANHU, ["q0 queyise"])), "h0") == (
        "qishou_twice",
        "CS-5.2",
        "seat 0 already declared (起手胡)",
    )


def test_CS_3_5_a_ming_kaigang_needs_tenpai_too() -> None:
    """CS-3.5 on a discard: seat 1 (111m 9m 1s 3s 5s 8s 9s 2p 4p 6p 8p) may ming-kong the
    dealer's 1m, but set aside its ten singles wait on nothing: no 开杠, 补张 only."""
    hands = ["123m 456m 789s 345p 55p", "111m 9m 1s 3s 5s 8s 9s 2p 4p 6p 8p", *TIANHU_HANDS[2:]]
    board = pushed(record(hands, ["x0 1m"]))
    assert refusal(board.clone(), "gm1 1m kai 3 5") == (
        "kaigang_not_tenpai",
        "CS-3.5",
        "seat 1 is not tenpai (听牌) with the kong of 一万 (1m) set aside: no 开杠, only 补张",
    )
    board.push(event("gm1 1m bu"))
    assert board.phase == "replace" and board.picks == [0]


def test_CS_5_2_shown_tiles_are_named_by_index_and_birds_0_hit_nobody() -> None:
    """CS-5.2: a declaration's ``tiles`` are tiles (an honour is named ``tiles[1]``); with
    ``birds: 0`` a ``continue`` declarer rolls no die and doubles nothing: E8's seat 1 (n 2,
    changsha-app) gets (2 × 2 + 1) = 5 from the dealer, 4 from seats 2 and 3."""
    e = {"type": "qishou", "seat": 1, "kinds": ["sixi"], "tiles": ["7m", "E"]}
    with pytest.raises(InputError) as err:
        pushed(record(E8_HANDS, [])).push(e)
    assert (err.value.field, err.value.message) == (
        "tiles[1]",
        "E (东风) is not a Changsha tile: no honours (CS-1.1)",
    )
    board = pushed(record(E8_HANDS, ["q1 sixi,liuliushun"], preset="changsha-app", overrides={"birds": 0}))
    assert board.deltas() == [-5, 13, -4, -4]


def test_CS_3_2_a_chi_names_two_tiles_from_hand_and_becomes_a_run_meld() -> None:
    """CS-3.2 / §9: a chi names the 2 tiles from hand (``tiles``), and on the 开杠 tiles the one
    it takes. TURN_HANDS: seat 1 chis the dealer's 3m with 4m 5m: its meld is the run from 3m."""
    from replay.games.changsha.reading import Meld
    from replay.games.changsha.tiles import parse

    board = pushed(record(TURN_HANDS, ["x0 3m"]))
    for tiles, field, message in [
        (["4m"], "tiles", "a chi names the 2 tiles from hand, not 1"),
        (["4m", "5m", "6m"], "tiles", "a chi names the 2 tiles from hand, not 3"),
        (["4m", "E"], "tiles[1]", "E (东风) is not a Changsha tile: no honours (CS-1.1)"),
    ]:
        with pytest.raises(InputError) as err:
            board.clone().push({"type": "chi", "seat": 1, "tiles": tiles})
        assert (err.value.field, err.value.message) == (field, message)
    board.push(event("c1 4m 5m"))
    assert board.seats[1].melds == [Meld("chi", parse("3m", "tile"))] and board.seats[1].claimed
    kai = pushed(record(E6_HANDS, E6_EVENTS), E6_EVENTS[:8])
    with pytest.raises(InputError) as err:
        kai.push({"type": "chi", "seat": 0, "tiles": ["2s", "3s"]})
    assert (err.value.field, err.value.message) == (
        "tile",
        "a chi on the 开杠 tiles names the tile it takes (§9)",
    )


def test_CS_4_3_the_dealers_kong_before_its_first_discard_blocks_dihu() -> None:
    """地胡 is a win on the dealer's first discard "before any chi/peng/kong": the dealer
    an-kongs 9m (补张 6p from the back) and then discards 5p; seat 2's win on it is a plain
    平胡 on a discard: 20 (dealer column), the bird 3s on seat 2 doubles it: [−40, 0, 40, 0]."""
    from tests.replay.test_changsha_table_rules import audited

    hands = ["111m 9999m 111s 22s 9p 5p", *DIHU_HANDS[1:]]
    got = audited(record(hands, ["ga0 9m bu", "d0 6p", "x0 5p", "h2", "b 3s"]))
    assert got["hands"] == {"2": ["pinghu"]} and got["deltas"] == [-40, 0, 40, 0]


def test_CS_2_6_a_haidi_offer_says_take_true_or_false() -> None:
    """§9 ``haidi`` events carry ``take`` true/false: anything else is an input error."""
    board = pushed(record(E12_HANDS, e12_events(["hd3 -"])))
    assert board.phase == "haidi" and board.haidi_seat == 0
    with pytest.raises(InputError) as err:
        board.push({"type": "haidi", "seat": 0, "take": "yes"})
    assert (err.value.field, err.value.message) == ("take", "must be true or false, not 'yes'")


def test_CS_3_5_the_gangshang_kaihua_win_keeps_its_tile() -> None:
    """E5: the 开杠 picks 9p and 3m; 3m wins 杠上开花, the win records 3m and the way; with
    both picks 3m a wrong tile is refused naming both winning picks."""
    from replay.games.changsha.tiles import parse

    board = pushed(record(E5_HANDS, [*E5_KAI, "d1 9p", "d1 3m", "h1"]))
    win = board.wins[0]
    assert (win.seat, win.source, win.tile, win.ways) == (
        1,
        None,
        parse("3m", "tile"),
        frozenset({"gangshangkaihua"}),
    )
    both = pushed(record(E5_HANDS, [*E5_KAI, "d1 3m", "d1 3m"]))
    assert refusal(both, "h1 9p") == (
        "win_tile_mismatch",
        "CS-3.2",
        "the winning tile is 三万 (3m) or 三万 (3m), not 九筒 (9p)",
    )


def test_CS_3_11_after_a_gangshang_pao_win_no_claim() -> None:
    """CS-3.11: E6's seat 1 wins the 开杠 tile 8p (杠上炮); a chi of the other tile 4s by seat 0
    is then refused: a win beats chi."""
    board = pushed(record(E6_HANDS, E6_EVENTS), E6_EVENTS[:9])
    code, rule, _ = refusal(board, "c0 2s 3s @4s")
    assert (code, rule) == ("claim_after_hu", "CS-3.2")


def test_CS_1_3_d_an_unwon_haidi_then_huangzhuang_the_taker_deals() -> None:
    """CS-2.6 / CS-1.3 (d): E7's seat 0 takes the 海底 5s and cannot win; nobody declares 海底炮
    and the record says 黄庄: no payment, and the haidi taker (seat 0) deals next."""
    from tests.replay.test_changsha_table_rules import audited

    got = audited(_e7(["hz"]))
    assert got["winners"] == [] and got["deltas"] == [0, 0, 0, 0] and got["next_dealer"] == 0


def test_CS_2_6_a_pass_after_the_unwon_haidi_exposes_it() -> None:
    """CS-2.6 / §9: after seat 0 takes E7's 海底 and does not win, a seat's ``pass`` is the
    exposed tile's window like a discard: seats 1 and 3 still win 海底炮 (E7: [−120, 60, 0, 60])."""
    from tests.replay.test_changsha_table_rules import audited

    got = audited(_e7(["s2", "h1", "h3", "b 5s"]))
    assert got["winners"] == [1, 3] and got["deltas"] == [-120, 60, 0, 60]


# ---------------------------------------------------------------------------------- CS-6.4 the birds event
E1_WIN = ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2"]


def test_CS_6_4_two_birds_from_the_wall_are_checked_in_order() -> None:
    """CS-6.4 ``birds: 2``: E1's birds are the next two live tiles, 7s then 4p (wall[55], [56]):
    7s hits seat 2 (the winner), 4p seat (0 + 4 − 1) mod 4 = 3. Seat 0 pays 20 × 2 = 40, seat
    1 10 × 2 = 20, seat 3 10 × 2 × 2 = 40: [−40, −20, 100, −40]. Other birds are refused naming
    both lists; a bird that is no tile is named by its index."""
    from tests.replay.test_changsha_table_rules import audited

    rec = record(E1_HANDS, [*E1_WIN, "b 7s 4p"], overrides={"birds": 2})
    assert rec["wall"][55:57] == ["7s", "4p"]
    got = audited(rec)
    assert got["bird_seats"] == [2, 3] and got["deltas"] == [-40, -20, 100, -40]
    board = pushed(rec, E1_WIN)
    assert refusal(board.clone(), "b 7s 1m") == (
        "birds_mismatch",
        "CS-6.4",
        "the birds (扎鸟) are 7s 4p, not 7s 1m",
    )
    assert refusal(board.clone(), "b") == ("birds_mismatch", "CS-6.4", "the birds (扎鸟) are 7s 4p, not none")
    with pytest.raises(InputError) as err:
        board.clone().push({"type": "birds", "tiles": ["7s", "E"]})
    assert err.value.field == "tiles[1]"


def test_CS_6_4_without_a_wall_the_record_gives_as_many_birds_as_the_rule() -> None:
    """CS-6.4 in deal mode (no wall): ``birds: 2`` with 53 live tiles wants 2 birds; one is
    refused. A bird is still a tile of the 108: E1's seat 0 was dealt 9m ×3, so a second 9m
    bird would be a fifth (CS-1.1), while 9m 7s is legal."""
    rec = record(E1_HANDS, E1_WIN, wall=False, overrides={"birds": 2})
    board = pushed(rec)
    assert refusal(board.clone(), "b 7s") == ("birds_count", "CS-6.4", "2 birds (扎鸟) are drawn here, not 1")
    assert refusal(board.clone(), "b 9m 9m") == (
        "fifth_copy",
        "CS-1.1",
        "九万 (9m) would be a fifth copy: there are only four of each tile",
    )
    # 5m: seats 1 and 2 were dealt one each, so two 5m birds make four: legal
    two = pushed(rec)
    two.push(event("b 5m 5m"))
    assert two.ended and two.birds == [4, 4]
    board.push(event("b 9m 7s"))
    assert board.ended and board.birds == [8, 15]  # 9m, 7s


def test_CS_2_6_the_exposed_haidi_leaves_no_drawn_tile() -> None:
    """CS-2.6: E7's taker discards the 海底 5s it cannot win: the 海底炮 window is open on it and
    seat 0 holds no drawn tile (13 concealed less its peng's 3: 10)."""
    board = pushed(_e7(["x0 5s"]))
    assert board.phase == "claim" and board.claim is not None and board.claim.haidi
    assert (board.drawn, board.seats[0].size) == (None, 10)


def test_CS_6_1_a_discard_win_records_its_tile_source_and_ways() -> None:
    """CS-6.1: E2's dealer wins seat 3's 8s: the win names the discarder (the payer), the tile,
    and no way; E6's seat 1 wins the ganger's 8p 杠上炮. Settled, the window is gone."""
    from replay.games.changsha.tiles import parse
    from tests.replay.test_changsha_board import E2_EVENTS, E2_HANDS

    board = pushed(record(E2_HANDS, E2_EVENTS))
    assert board.ended and board.claim is None
    win = board.wins[0]
    assert (win.seat, win.source, win.tile, win.ways) == (0, 3, parse("8s", "tile"), frozenset())
    board = pushed(record(E6_HANDS, E6_EVENTS))
    win = board.wins[0]
    assert (win.seat, win.source, win.tile, win.ways) == (
        1,
        3,
        parse("8p", "tile"),
        frozenset({"gangshangpao"}),
    )


def test_CS_5_2_CS_6_4_end_mode_birds_from_the_winner() -> None:
    """CS-5.2 ``end`` with ``bird_from: winner``: E8's seat 1 (n 2) and the bird 4s counted from
    seat 1: (1 + 4 − 1) mod 4 = 0, the dealer: 2 × 20 × 2 = 80; seats 2, 3 2 × 10 = 20:
    [−80, 120, −20, −20] (``bird_seats`` counts from the dealer: seat 3)."""
    from tests.replay.test_changsha_table_rules import audited

    got = audited(record(E8_HANDS, ["q1 sixi,liuliushun", "b 4s"], overrides={"bird_from": "winner"}))
    assert got["deltas"] == [-80, 120, -20, -20] and got["bird_seats"] == [3]


def test_CS_3_2_a_chi_of_1s_2s_3s_and_birds_0_expects_none() -> None:
    """CS-3.2: 1s 2s 3s (kinds 9, 10, 11) is a run of one suit: E1's seat 1, given 2s instead of
    an 8s, chis the dealer's 1s. CS-6.4 ``birds: 0``: no bird after E1's win, so a 7s is refused
    ("none")."""
    from replay.games.changsha.reading import Meld

    hands = [E1_HANDS[0], "2345678m 234567s", *E1_HANDS[2:]]
    board = pushed(record(hands, ["x0 1s", "c1 2s 3s"]))
    assert board.seats[1].melds == [Meld("chi", 9)] and board.actor == 1
    board = pushed(record(E1_HANDS, E1_WIN, overrides={"birds": 0}))
    assert refusal(board, "b 7s") == ("birds_mismatch", "CS-6.4", "the birds (扎鸟) are none, not 7s")


# ---------------------------------------------------------------------------------- CS-2.1 reading a record
def _with(wall: bool, change: Any) -> dict[str, Any]:
    rec = record(E1_HANDS, [], wall=wall)
    change(rec)
    return rec


def _wall_swap(rec: dict[str, Any]) -> None:
    rec["wall"][rec["wall"].index("9p")] = "1m"  # five 1m, three 9p


def _deal_five(rec: dict[str, Any]) -> None:
    rec["deal"][3][0] = "9m"  # seat 0 holds 9m ×3: a fourth and a fifth with seat 1's
    rec["deal"][1][0] = "9m"


@pytest.mark.parametrize(
    ("build", "field", "message"),
    [
        (lambda: _with(True, lambda r: r["wall"].pop()), "wall", "must hold all 108 tiles, not 107 (CS-2.1)"),
        (lambda: _with(True, _wall_swap), "wall", "holds 5 of 一万 (1m); a wall has four of each (CS-1.1)"),
        (
            lambda: _with(False, lambda r: r.pop("deal")),
            "deal",
            "required without a wall: the four starting hands",
        ),
        (
            lambda: _with(False, lambda r: r["deal"].pop()),
            "deal",
            "required without a wall: the four starting hands",
        ),
        (
            lambda: _with(False, lambda r: r["deal"][2].__setitem__(0, "E")),
            "deal[2][0]",
            "E (东风) is not a Changsha tile: no honours (CS-1.1)",
        ),
        (
            lambda: _with(False, lambda r: r["deal"][1].append("1p")),
            "deal[1]",
            "seat 1 starts with 13 tiles, not 14",
        ),
        (
            lambda: _with(False, lambda r: r["deal"][0].pop()),
            "deal[0]",
            "seat 0 starts with 14 tiles, not 13",
        ),
        (lambda: _with(False, _deal_five), "deal", "holds 5 of 九万 (9m); there are four of each (CS-1.1)"),
    ],
)
def test_CS_2_1_a_record_the_board_cannot_read_names_the_field(build: Any, field: str, message: str) -> None:
    """CS-2.1 / CS-1.1: the wall is the 108 tiles, four of each; without a wall the ``deal`` gives
    the four hands, 14 for the dealer (seat 0) and 13 for the others, four of each kind at most.
    E1_HANDS' seat 0 holds 1999m: with seat 1's first tile and seat 3's made 9m, five."""
    with pytest.raises(InputError) as err:
        Board.from_record(build())
    assert (err.value.field, err.value.message) == (field, message)


# ---------------------------------------------------------------------------------- CS-3.6 with CS-2.6
def locked_haidi(tail: list[str]) -> dict[str, Any]:
    """E6's seat 3 opens a kong (开杠) and is locked, waiting on 3s/6s/9s (123s 456s 78s 55m);
    the other 50 live tiles are drawn and discarded in turn (its waits by seat 0, which seat 3
    may let go), so the 海底 is offered to seat 2, declined, and taken by seat 3: a 6s."""
    left = pool(E6_HANDS, ["3s", "2s", "4s", "8p", "6s"])
    waits = [t for t in left if t in ("3s", "6s", "9s")]  # seat 3's waits: none drawn by it
    rest = [t for t in left if t not in waits]
    for i, t in enumerate(waits):
        rest.insert(4 * i, t)  # draws 0, 4, 8, …: seat 0's
    assert len(rest) == 50
    return record(E6_HANDS, [*E6_TO_PICKS, *tsumogiri([0, 1, 2, 3], rest), "hd2 -", "hd3 + 6s", *tail])


def test_CS_3_6_CS_2_6_a_locked_ganger_must_win_the_haidi_that_completes_it() -> None:
    """CS-3.6: on each own draw a locked seat must win if the tile completes its hand, the 海底
    included (CS-2.6). Seat 3 wins 海底捞月 (678s, 55m 将): big self-draw, the dealer 40, seats
    1, 2 30; the bird is the last tile out, the 6s: (0 + 6 − 1) mod 4 = 1, doubling seat 1's:
    [−40, −60, −30, 130]. Discarding it or passing instead is refused."""
    from replay.games.changsha.tiles import parse
    from tests.replay.test_changsha_table_rules import audited

    got = audited(locked_haidi(["h3"]))
    assert got["hands"] == {"3": ["haidilaoyue"]} and got["birds"] == ["6s"]
    assert got["deltas"] == [-40, -60, -30, 130]
    win = pushed(locked_haidi(["h3"])).wins[0]
    assert (win.seat, win.source, win.tile, win.ways) == (
        3,
        None,
        parse("6s", "tile"),
        frozenset({"haidilaoyue"}),
    )
    for last in ("x3 6s", "s0", "hz"):
        board = pushed(locked_haidi([]))
        assert refusal(board, last) == (
            "locked_must_win",
            "CS-3.6",
            "seat 3 opened a kong (开杠): 六条 (6s) completes its hand, so it must win",
        )


@pytest.mark.parametrize(
    ("build", "how"),
    [
        (
            lambda: record(E8_HANDS, ["q1 sixi,liuliushun", "b 4s", "x0 6p"]),
            "opening hands (起手胡) were declared",
        ),
        (
            lambda: record(E12_HANDS, e12_events(["hd3 -", "hd0 -", "hd1 -", "hd2 -", "hz", "d3"])),
            "huangzhuang",
        ),
        (
            lambda: record(E4_HANDS, ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h0", "h3", "b 3m", "d3"]),
            "seat 3, 0 won",
        ),
    ],
    ids=["qishou", "huangzhuang", "tongpao"],
)
def test_CS_3_11_an_event_after_the_end_says_how_the_hand_ended(build: Any, how: str) -> None:
    """CS-3.11: once settled, any event is refused saying how the hand ended: by ``end``-mode
    opening hands (E8), by 黄庄 (E12), or by the winners of the tile in turn order from the
    discarder (E4: seat 2's 5p, won by seats 3 and 0)."""
    rec = build()
    out = audit_validated(rec)
    first = out["first_illegal"]
    assert (first["code"], first["index"]) == ("event_after_end", len(rec["events"]) - 1)
    assert first["message"] == f"the hand already ended ({how}); nothing may follow"


# ---------------------------------------------------------------------------------- legal_actions
def _d(seat: int, tile: str) -> dict[str, Any]:
    return {"type": "discard", "seat": seat, "tile": tile}


def test_legal_actions_follow_the_rules_push_enforces_in_each_phase() -> None:
    """What the bots and mistake detectors are offered, worked from the hands: E1's dealer may
    discard any of its six kinds (no kong: three of each, no win); seats 0, 1, 3 may declare
    六六顺 (9m 1s 2s 6p), 缺一色 (no 筒), 缺一色 (筒 only) (CS-5.1). On its 9p only seat 3 may
    peng (99p), then seat 1 draws. E5's seat 1, after drawing 5m, holds a win (456m 666m 22m
    234s 567p), its discards and the an-kong of 6m in both modes (tenpai on 3m, CS-3.5).
    TURN_HANDS' seat 1 may chi 3m with 4m 5m. After a self-drawn win only E1's bird 7s; during
    the 海底 the due seat's two answers; all declined, 黄庄; a kong's replacement draw; a winning
    开杠 pick, the ganger's hu; E7's exposed 海底, 海底炮 by seats 1 and 3 or 黄庄; after E8's
    四喜 the others' opening hands and the bird 4s."""
    from tests.replay.test_changsha_table_rules import TURN_HANDS

    def qs(seat: int, *kinds: str) -> dict[str, Any]:
        return {"type": "qishou", "seat": seat, "kinds": list(kinds), "die": 1}

    start = pushed(record(E1_HANDS, []))
    assert legal_actions(start) == [
        qs(0, "liuliushun"), qs(1, "queyise"), qs(3, "queyise"),
        *[_d(0, t) for t in ("1m", "9m", "1s", "2s", "6p", "9p")],
    ]  # fmt: skip
    assert legal_actions(pushed(record(E1_HANDS, ["x0 9p"]))) == [
        {"type": "peng", "seat": 3, "tile": "9p"},
        {"type": "draw", "seat": 1},
    ]
    kong = pushed(record(E5_HANDS, ["x0 9m", "d1 5m"]))
    assert legal_actions(kong) == [
        {"type": "hu", "seat": 1},
        *[_d(1, t) for t in ("2m", "4m", "5m", "6m")],
        {"type": "gang", "seat": 1, "kind": "an", "tile": "6m", "mode": "bu"},
        {"type": "gang", "seat": 1, "kind": "an", "tile": "6m", "mode": "kai", "dice": [1, 1]},
        *[_d(1, t) for t in ("2s", "3s", "4s", "5p", "6p", "7p")],
    ]
    assert legal_actions(pushed(record(TURN_HANDS, ["x0 3m"]))) == [
        {"type": "chi", "seat": 1, "tile": "3m", "tiles": ["4m", "5m"]},
        {"type": "draw", "seat": 1},
    ]
    settle = pushed(record(E1_HANDS, [*E1_WIN, "b 7s"]), E1_WIN)
    assert legal_actions(settle) == [{"type": "birds", "tiles": ["7s"]}]
    assert legal_actions(pushed(record(E12_HANDS, e12_events(["hd3 -"])))) == [
        {"type": "haidi", "seat": 0, "take": True},
        {"type": "haidi", "seat": 0, "take": False},
    ]
    declined = pushed(record(E12_HANDS, e12_events(["hd3 -", "hd0 -", "hd1 -", "hd2 -"])))
    assert legal_actions(declined) == [{"type": "huangzhuang"}]
    assert legal_actions(pushed(record(E5_HANDS, E5_KAI))) == [{"type": "draw", "seat": 1}]
    assert legal_actions(pushed(record(E5_HANDS, [*E5_KAI, "d1 9p", "d1 3m"]))) == [{"type": "hu", "seat": 1}]
    assert legal_actions(pushed(_e7([]))) == [
        {"type": "hu", "seat": 1},
        {"type": "hu", "seat": 3},
        {"type": "huangzhuang"},
    ]
    qishou = pushed(record(E8_HANDS, ["q1 sixi", "b 4s"]), ["q1 sixi"])
    assert legal_actions(qishou) == [
        qs(0, "queyise", "liuliushun"), qs(2, "queyise", "liuliushun"), qs(3, "liuliushun"),
        {"type": "birds", "tiles": ["4s"]},
    ]  # fmt: skip
    assert legal_actions(pushed(record(E1_HANDS, [*E1_WIN, "b 7s"]))) == []


@pytest.mark.parametrize(
    ("e", "field", "message"),
    [
        ({"type": "hu", "seat": True}, "seat", "must be a seat 0-3, not True"),
        ({"type": "hu", "seat": "1"}, "seat", "must be a seat 0-3, not '1'"),
        ({"type": "hu", "seat": 4}, "seat", "must be a seat 0-3, not 4"),
        ({"type": "hu", "seat": -1}, "seat", "must be a seat 0-3, not -1"),
        ({"type": "pass"}, "seat", "must be a seat 0-3, not None"),
        (
            {"type": "hu", "seat": 3, "tile": "E"},
            "tile",
            "E (东风) is not a Changsha tile: no honours (CS-1.1)",
        ),
    ],
)
def test_an_event_names_a_seat_0_to_3_and_its_tile(e: dict[str, Any], field: str, message: str) -> None:
    """CS-1.2 / CS-1.1: an event's ``seat`` is 0-3 (not a bool) and its ``tile`` a Changsha tile;
    else an input error on the field. In E1's window on the dealer's 9p; seat 3 may pass."""
    board = pushed(record(E1_HANDS, ["x0 9p"]))
    with pytest.raises(InputError) as err:
        board.clone().push(e)
    assert (err.value.field, err.value.message) == (field, message)
    board.push({"type": "pass", "seat": 3})
    start = pushed(record(E1_HANDS, []))
    for bad, f, m in [
        ({"type": "discard", "seat": 0}, "tile", "required"),
        (
            {"type": "discard", "seat": 0, "tile": "C"},
            "tile",
            "C (红中) is not a Changsha tile: no honours (CS-1.1)",
        ),
        (
            {"type": "hu", "seat": 0, "tile": "F"},
            "tile",
            "F (发财) is not a Changsha tile: no honours (CS-1.1)",
        ),
    ]:
        with pytest.raises(InputError) as err:
            start.clone().push(bad)
        assert (err.value.field, err.value.message) == (f, m)


def test_legal_actions_in_the_qishou_tongpao_draw_and_kaigang_windows() -> None:
    """More states, worked from the hands: after seat 1's 四喜 (QISHOU_TIANHU) the dealer may add
    缺一色 or 天胡, seat 2 缺一色 + 六六顺, seat 3 六六顺, or the bird 5m is drawn; in E4's 通炮 window
    after seat 3's win, seat 0's 七小对 on 5p or the bird 3m; the draw phase ``unclaimed()``
    leaves after E1's 9p: seat 1's draw only (53 tiles left: no 黄庄); E6's 开杠 window on 4s
    and 8p: seat 0 (the ganger's 下家) chis 4s with 2s 3s, seat 1 wins 8p, or seat 0 draws."""

    def qs(seat: int, *kinds: str) -> dict[str, Any]:
        return {"type": "qishou", "seat": seat, "kinds": list(kinds), "die": 1}

    qishou = pushed(record(QISHOU_TIANHU, ["q1 sixi", "h0", "b 5m"]), ["q1 sixi"])
    assert legal_actions(qishou) == [
        qs(0, "queyise"), qs(2, "queyise", "liuliushun"), qs(3, "liuliushun"),
        {"type": "birds", "tiles": ["5m"]}, {"type": "hu", "seat": 0},
    ]  # fmt: skip
    head = ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h3"]
    tongpao = pushed(record(E4_HANDS, [*head, "h0", "b 3m"]), head)
    assert legal_actions(tongpao) == [
        {"type": "hu", "seat": 0, "tile": "5p"},
        {"type": "birds", "tiles": ["3m"]},
    ]
    draw = pushed(record(E1_HANDS, ["x0 9p", "d1 9s"]), ["x0 9p"]).unclaimed()
    assert draw.phase == "draw" and legal_actions(draw) == [{"type": "draw", "seat": 1}]
    kai = pushed(record(E6_HANDS, E6_EVENTS), E6_EVENTS[:8])
    assert legal_actions(kai) == [
        {"type": "chi", "seat": 0, "tile": "4s", "tiles": ["2s", "3s"]},
        {"type": "hu", "seat": 1, "tile": "8p"},
        {"type": "draw", "seat": 0},
    ]


def test_legal_actions_offer_a_ming_kong_in_both_modes() -> None:
    """CS-3.3/CS-3.5: on seat 2's 9m (E6) seat 3 holds 999m: it may peng, ming-kong it as 补张,
    or as 开杠 (tenpai with the kong aside: 123s 456s 78s 55m waits on 3s/6s/9s), or draw (it
    is the 下家, with no chi: no 7m 8m)."""
    board = pushed(record(E6_HANDS, E6_EVENTS), E6_EVENTS[:5])
    assert legal_actions(board) == [
        {"type": "peng", "seat": 3, "tile": "9m"},
        {"type": "gang", "seat": 3, "kind": "ming", "tile": "9m", "mode": "bu"},
        {"type": "gang", "seat": 3, "kind": "ming", "tile": "9m", "mode": "kai", "dice": [1, 1]},
        {"type": "draw", "seat": 3},
    ]
