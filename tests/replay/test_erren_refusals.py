# ruff: noqa: E501  (one case a line: the table reads better unwrapped)
"""Every refusal of the 二人麻将 board read back whole: the reason code, its ER rule AND its
message (whose seat, which tile, how many, what is due), in every phase that raises it; the
record errors naming their field; and the ways of winning the board derives (地胡, 妙手回春,
和绝张, a 天胡's named tile). Issue #35: the older tests asserted the code, rarely the message,
so a refusal naming the wrong seat or tile passed. Every message is §9's reason template
(replay/games/erren/reasons.py) filled in by hand from the record: the seats, tiles and counts
each comment works out.
"""

from __future__ import annotations

from typing import Any

import pytest

from replay.errors import InputError
from replay.games.erren.board import Board, IllegalEvent
from replay.games.erren.readings import Meld
from replay.games.erren.reasons import CATALOGUE
from replay.games.erren.steps import snapshot
from tests.erren_builders import pool, record
from tests.replay.test_erren_board import E1, E1_HANDS, E6, E6_HANDS, E7, E7_HANDS, E8, E8_HANDS
from tests.replay.test_erren_reasons import CASES, FL_LAST, N_LAST, TIAN_HANDS, flower_last, to_the_last_tile

FLOWERS_13 = ["123456789s EEE 13h", "SSS WWW NNN CCC 2h"]  # the dealer holds 1h and 3h, seat 1 holds 2h


def first_refusal(rec: dict[str, Any]) -> tuple[int, str, str]:
    """Push the record's events; the index, code and message of the first refused one."""
    board = Board.from_record(rec)
    for i, e in enumerate(rec["events"]):
        try:
            board.push(e)
        except IllegalEvent as err:
            assert err.reason.rule == CATALOGUE[err.reason.code][0]
            return i, err.reason.code, err.reason.message
    raise AssertionError(f"nothing refused; the board is at {board.state()}")


#: The message of each case of test_erren_reasons.CASES (its record, its event index).
MESSAGES: dict[str, str] = {
    # E8 won at event 6 by seat 0: "seat 0 won"
    "event_after_end": "the hand already ended (seat 0 won); nothing may follow",
    # the wall was arranged for E8: seat 1's front draw is W, the record says P
    "draw_mismatch": "seat 1 should draw 西风 (W) (front), not 白板 (P)",
    "fifth_copy": "东风 (E) would be one copy too many: the set has four of each tile and one of each flower",
    "out_of_turn": "seat 1 cannot discard now: it is seat 0's turn",
    "tile_not_in_hand": "seat 0 does not hold 东风 (E)",
    # E1: seat 1 pengs C, then declares hu
    "discard_only": "seat 1 claimed a tile (吃/碰) and may only discard, not hu",
    "not_a_flower": "东风 (E) is not a flower (花牌): only 1h-8h are exposed by 补花",
    # E1: seat 1 (not the dealer, but the only one holding a flower) discards with 2h held
    "flower_kept": "seat 1 holds the flower 夏 (2h): it must expose it (补花) before it may discard",
    "flower_discarded": "a flower (花牌) is never discarded: 兰 (6h) is exposed by 补花",
    "buhua_out_of_order": "补花 after the deal goes dealer first: seat 0 exposes 春 (1h) first",
    "flower_no_replacement": "no tile was left to replace seat 1's flower: the hand ended 荒庄 at once, so discard cannot follow",
    "nothing_to_claim": "seat 1 cannot peng: there is no tile to claim",
    "claim_from_self": "seat 0 cannot claim its own tile",
    # E1: seat 0's C with seat 1's E F: sorted E C F (kinds E < C < F)
    "bad_chi": "E C F is not a sequence of 条 (吃)",
    "no_pair_to_claim": "seat 1 needs 2 北风 (N) in hand to peng; it holds 0",
    "win_tile_mismatch": "the winning tile is 北风 (N), not 东风 (E)",
    "claim_after_wall": "the wall is empty: its last discard may only be won, not taken by peng (claims_after_wall: false)",
    "kong_no_live_tile": "a kong (杠) needs a tile left in the wall for its replacement",
    "no_peng_to_extend": "seat 0 has no peng of 一条 (1s) to add a 4th tile to",
    "rob_not_xu": "only a tile added to a peng (xu) can be robbed (抢杠); an an-gang or a kong on a discard cannot be robbed",
    "wall_empty": "the wall is empty: seat 1 cannot draw (荒庄)",
    # E1 after 补花 (1 back draw) and one discard: 72 − 27 − 1 = 44 live tiles
    "early_huangzhuang": "the hand cannot end 荒庄 now: 44 tiles are left",
    # E8's dealer hu at once: no tile named, "its 14 tiles"
    "not_a_winning_hand": "seat 0's tiles do not make a winning shape (胡牌) with its 14 tiles",
    # E2 on 2s: hunyise 6 + yaojiuke 1 = Q 7; huapai 1 ×2 shown but nq (ER-3.4)
    "below_qihu": "seat 1's win on 二条 (2s) counts 7 fan toward 起胡, below qihu 8 (hunyise 6, yaojiuke 1, huapai 1 ×2)",
    "ting_with_melds": "seat 1 cannot 报听: it has an exposed meld (peng 红中 (C))",
    "ting_not_tenpai": "seat 0 cannot 报听: its hand after any discard is not tenpai (听牌)",
    "ting_twice": "seat 0 already declared 报听",
    "ting_not_now": "seat 1 cannot 报听 now: 报听 comes on its own turn, just before its discard (a non-dealer's 天听 before its first draw)",
    "ting_discard_expected": "seat 0 declared 报听: its discard must follow, not hu",
    "ting_locked": "seat 0 declared 报听 (ting_lock) and may not peng",
    "ting_discard_drawn": "seat 0 declared 报听 (ting_lock) and must discard the tile it drew (白板 (P)), not 二条 (2s)",
    # E8's nine gates wait on 1s–9s; after an-gang 1111s the 2345678999s waits 2s 4s 5s 7s 8s
    "ting_gang_changes_wait": "seat 0 declared 报听: an an-gang of 一条 (1s) would change its wait (1s 2s 3s 4s 5s 6s 7s 8s 9s -> 2s 4s 5s 7s 8s)",
}


@pytest.mark.parametrize(
    ("code", "build", "index"),
    [c for c in CASES if c[0] in MESSAGES],
    ids=[c[0] for c in CASES if c[0] in MESSAGES],
)
def test_every_reason_names_its_seat_tile_and_count(code: str, build: Any, index: int) -> None:
    assert first_refusal(build()) == (index, code, MESSAGES[code])


#: Refusals in the phases and branches the cases above do not reach: (hands, events, dealer, index, code, message).
MORE: list[tuple[list[str], list[str], int, int, str, str]] = [
    # ER-3.1 own turn (act): a ming-gang needs a discard; a draw and a claim are not seat 0's move
    (E8_HANDS, ["gm0 N"], 0, 0, "nothing_to_claim", "seat 0 cannot ming-gang: there is no tile to claim"),
    (E8_HANDS, ["d1 5s"], 0, 0, "out_of_turn", "seat 1 cannot draw now: seat 0 must act first"),
    (E8_HANDS, ["c1 2s 3s"], 0, 0, "nothing_to_claim", "seat 1 cannot chi: there is no tile to claim"),
    (E8_HANDS, ["s1"], 0, 0, "nothing_to_claim", "seat 1 cannot pass: there is no tile to claim"),
    # ER-2.3: 72 − 27 = 45 live tiles before any draw
    (
        E8_HANDS,
        ["hz"],
        0,
        0,
        "early_huangzhuang",
        "the hand cannot end 荒庄 now: seat 0 is to act, 45 tiles left",
    ),
    (
        E8_HANDS,
        ["ga0 1s"],
        0,
        0,
        "no_pair_to_claim",
        "seat 0 needs 4 一条 (1s) in hand to an-gang (暗杠); it holds 3",
    ),
    (
        E8_HANDS,
        ["ga0 6h"],
        0,
        0,
        "flower_discarded",
        "a flower (花牌) is never discarded: 兰 (6h) is exposed by 补花",
    ),
    (E8_HANDS, ["x0 1s", "c1 2s 3s"], 0, 1, "tile_not_in_hand", "seat 1 does not hold 二条 (2s)"),
    # E1: seat 1 pengs C (CC + C) and holds no 4th to add
    (
        E1_HANDS,
        ["f1 2h", "d1 P", "x0 C", "p1", "x1 P", "d0 6s", "x0 6s", "d1 S", "gx1 C"],
        0,
        8,
        "tile_not_in_hand",
        "seat 1 does not hold 红中 (C)",
    ),
    (
        E1_HANDS,
        ["f1 2h", "d1 P", "x0 C", "gm1 C"],
        0,
        3,
        "no_pair_to_claim",
        "seat 1 needs 3 红中 (C) in hand to ming-gang; it holds 2",
    ),
    # ER-3.2 the window: only seat 1 passes or draws after seat 0's discard; no discard in it
    (E8_HANDS, ["x0 N", "s0"], 0, 1, "out_of_turn", "seat 0 cannot pass now: only seat 1 may claim"),
    (E8_HANDS, ["x0 N", "d0 W"], 0, 1, "out_of_turn", "seat 0 cannot draw now: seat 1 draws next"),
    (
        E8_HANDS,
        ["x0 N", "x1 W"],
        0,
        1,
        "out_of_turn",
        "seat 1 cannot discard now: seat 0's 北风 (N) may be claimed, else seat 1 draws",
    ),
    (E8_HANDS, ["x0 N", "h0"], 0, 1, "claim_from_self", "seat 0 cannot claim its own tile"),
    # ER-3.3: a xu-gang is robbed by a win only; its window cannot end 荒庄
    (
        E6_HANDS,
        [*E6[:9], "p1"],
        0,
        9,
        "rob_not_xu",
        "only a tile added to a peng (xu) can be robbed (抢杠); a tile added to a peng is only robbed by a win, not by peng",
    ),
    (
        E6_HANDS,
        [*E6[:9], "hz"],
        0,
        9,
        "early_huangzhuang",
        "the hand cannot end 荒庄 now: a kong's replacement is due",
    ),
    # ER-2.1 replacement draws: a flower's (E8: 6h) or a kong's (E7: ming-gang 9s)
    (
        E8_HANDS,
        [*E8[:5], "x0 5s"],
        0,
        5,
        "out_of_turn",
        "seat 0 cannot discard now: seat 0 draws its flower's (补花) replacement",
    ),
    (
        E8_HANDS,
        [*E8[:5], "h1"],
        0,
        5,
        "out_of_turn",
        "seat 1 cannot hu now: seat 0 draws its flower's (补花) replacement",
    ),
    (
        E7_HANDS,
        [*E7[:2], "x1 7s"],
        0,
        2,
        "out_of_turn",
        "seat 1 cannot discard now: seat 1 draws its kong's replacement",
    ),
    (
        E8_HANDS,
        [*E8[:5], "t1"],
        0,
        5,
        "ting_not_now",
        "seat 1 cannot 报听 now: seat 0's replacement draw is due",
    ),
    # ER-2.2 the deal's 补花: the dealer (seat 0) holds 1h then 3h, seat 1 holds 2h
    (
        FLOWERS_13,
        ["x0 P"],
        0,
        0,
        "flower_kept",
        "seat 0 holds the flower 春 (1h): it must expose it (补花) before it may discard",
    ),
    (
        FLOWERS_13,
        ["x1 S"],
        0,
        0,
        "buhua_out_of_order",
        "补花 after the deal goes dealer first: seat 0 still holds 春 (1h)",
    ),
    (FLOWERS_13, ["f0 2h"], 0, 0, "tile_not_in_hand", "seat 0 does not hold 夏 (2h)"),
    (
        FLOWERS_13,
        ["f0 E"],
        0,
        0,
        "not_a_flower",
        "东风 (E) is not a flower (花牌): only 1h-8h are exposed by 补花",
    ),
    (
        FLOWERS_13,
        ["t1"],
        0,
        0,
        "flower_kept",
        "seat 1 holds the flower 夏 (2h): it must expose it (补花) before it may 报听",
    ),
    (
        ["123456789s EEE P 1h", "SSS WWW NNN CCC 2s"],
        ["t1"],
        0,
        0,
        "ting_not_now",
        "seat 1 cannot 报听 now: the flowers (补花) after the deal are still being exposed",
    ),
    # ER-3.5 天听: seat 1's 13 tiles before its first draw must be tenpai (E8's EEE SSS CCC FFF P is)
    (
        E1_HANDS,
        ["f1 2h", "d1 P", "t1"],
        0,
        2,
        "ting_not_tenpai",
        "seat 1 cannot 报听: its 13 tiles before its first draw is not tenpai (听牌)",
    ),
    # ER-3.1 / ER-3.4 self-drawn: E8's drawn 5s is the winning tile; a dealer's 天胡 names a tile it holds
    (E8_HANDS, [*E8[:6], "h0 4s"], 0, 6, "win_tile_mismatch", "the winning tile is 五条 (5s), not 四条 (4s)"),
    (TIAN_HANDS, ["h0 5s"], 0, 0, "tile_not_in_hand", "seat 0 does not hold 五条 (5s)"),
    (TIAN_HANDS, ["h0 1h"], 0, 0, "tile_not_in_hand", "seat 0 does not hold 春 (1h)"),
    # ER-2.2 in play: E8's dealer draws 6h and discards before its 补花
    (
        E8_HANDS,
        [*E8[:4], "x0 5s"],
        0,
        4,
        "flower_kept",
        "seat 0 holds the flower 兰 (6h): it must expose it (补花) before it may discard",
    ),
    # ER-2.1: the kong's own seat may not win before its replacement either (E7: ming-gang 9s)
    (
        E7_HANDS,
        [*E7[:2], "h1"],
        0,
        2,
        "out_of_turn",
        "seat 1 cannot hu now: seat 1 draws its kong's replacement",
    ),
    # ER-3.2: a claim names the window's tile; an an-gang is no move in the window
    (E8_HANDS, ["x0 N", "p1 E"], 0, 1, "win_tile_mismatch", "the winning tile is 北风 (N), not 东风 (E)"),
    (
        E8_HANDS,
        ["x0 N", "ga1 E"],
        0,
        1,
        "out_of_turn",
        "seat 1 cannot gang now: seat 0's 北风 (N) may be claimed, else seat 1 draws",
    ),
    # ER-3.2 chi: three consecutive 条 (E1's 3s with 1s 5s, with 4s 6s)
    (E1_HANDS, [*E1[:7], "c1 1s 5s"], 0, 7, "bad_chi", "1s 3s 5s is not a sequence of 条 (吃)"),
    (E1_HANDS, [*E1[:7], "c1 4s 6s"], 0, 7, "bad_chi", "3s 4s 6s is not a sequence of 条 (吃)"),
    # ER-3.5: a ming-gang is an exposed meld (E7's 9999s)
    (
        E7_HANDS,
        [*E7[:3], "t1"],
        0,
        3,
        "ting_with_melds",
        "seat 1 cannot 报听: it has an exposed meld (ming-gang 九条 (9s))",
    ),
    # ER-3.5: 天听 on 345s 5s 666s 7788s EE (waits 4s 7s); the 4th 6s as an an-gang leaves
    # 345s 5s 7788s EE beside 6666s, which no tile completes
    (
        ["345s 5s 666s 7788s EE P", "111s 222s 999s SSS W"],
        ["t0", "x0 P", "d1 N", "x1 N", "d0 6s", "ga0 6s"],
        0,
        5,
        "ting_gang_changes_wait",
        "seat 0 declared 报听: an an-gang of 六条 (6s) would change its wait (4s 7s -> none)",
    ),
    # ER-4.1 on a discard: seat 1's EEE SSS CCC FFF P + N is no shape
    (
        E8_HANDS,
        ["x0 N", "h1"],
        0,
        1,
        "not_a_winning_hand",
        "seat 1's tiles do not make a winning shape (胡牌) with 北风 (N)",
    ),
]


@pytest.mark.parametrize(
    ("hands", "events", "dealer", "index", "code", "message"),
    MORE,
    ids=[f"{c[4]}-{i}" for i, c in enumerate(MORE)],
)
def test_refusals_in_every_phase(
    hands: list[str], events: list[str], dealer: int, index: int, code: str, message: str
) -> None:
    assert first_refusal(record(hands, events, dealer=dealer)) == (index, code, message)


def test_er_3_5_tianting_after_a_discard_is_refused_naming_the_discard() -> None:
    """ER-3.5: the dealer's 报听 with a discard that leaves it not tenpai: E8's nine gates less
    its N is tenpai (on all nine), less a 1s (11 2345678 999s N: no one tile completes it) is not."""
    rec = record(E8_HANDS, ["t0", "x0 1s"])
    assert first_refusal(rec) == (
        1,
        "ting_not_tenpai",
        "seat 0 cannot 报听: its hand after discarding 一条 (1s) is not tenpai (听牌)",
    )


def test_er_3_1_an_unknown_kong_kind_and_a_short_chi_name_their_field() -> None:
    rec = record(E8_HANDS, ["ga0 1s"])
    rec["events"][0]["kind"] = "mo"
    with pytest.raises(InputError) as err:
        first_refusal(rec)
    assert err.value.field == "kind" and "must be an, xu or ming, not 'mo'" in str(err.value)
    rec = record(E8_HANDS, ["x0 1s", "c1 2s 3s"])
    rec["events"][1]["tiles"] = ["2s"]
    with pytest.raises(InputError) as err:
        first_refusal(rec)
    assert err.value.field == "tiles" and "a chi names the 2 tiles from hand, not 1" in str(err.value)
    rec = record(E8_HANDS, ["x0 N"])
    del rec["events"][0]["tile"]
    with pytest.raises(InputError) as err:
        first_refusal(rec)
    assert (err.value.field, err.value.message) == ("tile", "required")
    rec = record(E8_HANDS, ["x0 N", "h1 Q"])
    with pytest.raises(InputError) as err:
        first_refusal(rec)
    assert err.value.field == "tile"


def _input_error(rec: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    return err.value.field, str(err.value)


def test_er_1_2_er_2_1_a_record_the_board_cannot_read_names_its_field() -> None:
    """ER-1.2 two seats, ER-2.1 a 72-tile wall, ER-1.1 the set's copies; §9 the deal's sizes."""
    for dealer in (2, -1, True, "0"):
        rec = record(E8_HANDS, [])
        rec["dealer"] = dealer
        field, text = _input_error(rec)
        assert field == "dealer" and f"must be seat 0 or 1, not {dealer!r}" in text
    rec = record(E8_HANDS, [])
    rec["wall"] = rec["wall"][:71]
    assert (
        _input_error(rec)[0] == "wall" and "must hold all 72 tiles, not 71 (ER-2.1)" in _input_error(rec)[1]
    )
    # a 1s for the wall's 9s: 1s ×5 comes first in kind order (9s ×3 after it)
    rec = record(E8_HANDS, [])
    rec["wall"][rec["wall"].index("9s")] = "1s"
    field, text = _input_error(rec)
    assert field == "wall" and "holds 5 of 一条 (1s); a wall has four of each tile (ER-1.1)" in text
    # 3h for the wall's 2h: 1h is right, 2h ×0 is the first wrong kind, a flower
    rec = record(E8_HANDS, [])
    rec["wall"][rec["wall"].index("2h")] = "3h"
    field, text = _input_error(rec)
    assert field == "wall" and "holds 0 of 夏 (2h); a wall has one of each flower (ER-1.1)" in text


def test_er_1_1_a_deal_without_a_wall_names_its_field() -> None:
    rec = record(E8_HANDS, [], wall=False)
    for bad in (None, [rec["deal"][0]], [*rec["deal"], rec["deal"][1]]):
        rec["deal"] = bad
        field, text = _input_error(rec)
        assert (field, text) == ("deal", "deal: required without a wall: the two starting hands")
    # dealer 0 starts with 14, seat 1 with 13 (ER-2.1)
    rec = record(E8_HANDS, [], wall=False)
    rec["deal"][0] = rec["deal"][0][:13]
    assert _input_error(rec)[0] == "deal[0]" and "seat 0 starts with 14 tiles, not 13" in _input_error(rec)[1]
    rec = record(E8_HANDS, [], wall=False)
    rec["deal"][1] = rec["deal"][1][:12]
    assert _input_error(rec)[0] == "deal[1]" and "seat 1 starts with 13 tiles, not 12" in _input_error(rec)[1]
    rec = record(E8_HANDS, [], wall=False)
    rec["deal"][1][2] = "Q"
    assert _input_error(rec)[0] == "deal[1][2]"
    # four E between the two hands is the set; a fifth is one too many; a flower is one of a kind
    assert Board.from_record(record(["1112345678999s E", "EEE SSS CCC FFF P"], [], wall=False)).seen[27] == 4
    field, text = _input_error(record(["111234567899s EE", "EEE SSS CCC FFF P"], [], wall=False))
    assert field == "deal" and "holds 东风 (E) once too often (ER-1.1)" in text
    field, text = _input_error(record(["1112345678999s 1h", "EEE SSS CCC FF P 1h"], [], wall=False))
    assert field == "deal" and "holds 春 (1h) once too often (ER-1.1)" in text


def test_er_3_6_a_record_stopped_in_the_deals_flowers_names_the_dealer_to_play() -> None:
    """The 补花 phase right after the deal: seat 1 deals and holds 2h (``state`` for
    hand_not_finished); 72 − 27 = 45 live tiles."""
    board = Board.from_record(record(["SSS WWW NNN CCC 1h", "123456789s EEE P 2h"], [], dealer=1))
    assert board.state() == "phase flowers, seat 1 to play, 45 tiles left"
    assert board.how_it_ended() == "ended"


def _won(rec: dict[str, Any]) -> Board:
    board = Board.from_record(rec)
    for e in rec["events"]:
        board.push(e)
    assert board.win is not None
    return board


def test_dihu_is_the_non_dealers_first_draw_only() -> None:
    """§5 地胡: seat 1 (234s 567s 789s NN 44s) self-draws N on its first draw, nobody has
    claimed: 地胡. The same N on its second draw (after W drawn and discarded) is no 地胡."""
    first = _won(record(TIAN_HANDS, ["x0 C", "d1 N", "h1"]))
    assert first.win is not None and first.win.ways == frozenset({"dihu"}) and first.win.tile == 27 + 3
    second = _won(record(TIAN_HANDS, ["x0 C", "d1 W", "x1 W", "d0 F", "x0 F", "d1 N", "h1"]))
    assert second.win is not None and second.win.ways == frozenset()


def test_tianhu_may_name_the_tile_it_reads_as_the_last() -> None:
    """§5 天胡: the dealer's dealt 111s 999s EEE SSS CC; it names C, a tile it holds."""
    board = _won(record(TIAN_HANDS, ["h0 C"]))
    assert board.win is not None and board.win.tile == 31 and board.win.ways == frozenset({"tianhu"})


def test_miaoshou_is_a_self_draw_of_the_walls_last_tile() -> None:
    """§5 妙手回春: the dealer (seat 0) holds seven flowers, seat 1 the eighth: 8 back draws
    leave 72 − 27 − 8 = 37 front draws; seat 1 draws first after the dealer's discard, so it
    draws the 1st, 3rd … 37th, the last. Its 234s 567s 789s NN 44s (the 2nd N its 补花
    replacement) self-draws the last N: 妙手回春."""
    s0, s1 = "N 4s 111s 9s P 1234567h", "234s 567s 789s N 44s 8h"
    rest = pool([s0, s1], ["N", "N"])
    events = [e for f, t in zip("1234567", rest[:7], strict=True) for e in (f"f0 {f}h", f"d0 {t}")]
    events += ["f1 8h", "d1 N", "x0 P"]
    front = rest[7:]
    for i, t in enumerate(front):
        s = 1 - i % 2
        events += [f"d{s} {t}", f"x{s} {t}"]
    board = _won(record([s0, s1], [*events, "d1 N", "h1"]))
    assert board.win is not None and board.live == 0 and board.win.ways == frozenset({"miaoshou"})


def test_hejuezhang_the_other_three_shown() -> None:
    """§5 和绝张: the other 3 tiles of the winning kind are in the pools or exposed melds. Seat 1
    (13s 456s 789s EEE 55s) waits on 2s alone (坎张) and holds none; the dealer holds 222s and
    discards them one by one (seat 1 lets them pass)."""
    hands = ["222s 999s SSS WWW NN", "13s 456s 789s EEE 55s"]
    three = ["x0 2s", "d1 F", "x1 F", "d0 C", "x0 2s", "d1 C", "x1 C", "d0 P", "x0 2s"]
    # three 2s in the pool, seat 1 self-draws the fourth: 3 shown
    drawn = _won(record(hands, [*three, "d1 P", "x1 P", "d0 F", "x0 F", "d1 2s", "h1"]))
    assert drawn.win is not None and drawn.win.ways == frozenset({"hejuezhang"})
    # won on the third discard: the won tile is taken from the pool, 2 others shown
    early = _won(record(hands, [*three, "h1"]))
    assert early.win is not None and early.win.ways == frozenset()
    # the dealer draws the fourth 2s and discards it: won with the other three shown
    last = _won(record(hands, [*three, "d1 P", "x1 P", "d0 2s", "x0 2s", "h1"]))
    assert last.win is not None and last.win.ways == frozenset({"hejuezhang"})


def test_e6_hejuezhang_counts_the_peng_the_kong_was_added_to() -> None:
    """E6: seat 0's peng 555s (its 5s from seat 1's discard) and the added 4th: the robbed 5s's
    other three are in seat 0's exposed peng: 和绝张 is a way (then dropped by 抢杠和's 不计)."""
    board = _won(record(E6_HANDS, E6))
    assert board.win is not None and board.win.ways == frozenset({"qianggang", "hejuezhang"})


RENHU_HANDS = ["111s 999s EEE SSS C N", "234s 567s 789s NN 44s"]  # seat 1 waits on N and 4s
KONG_HANDS = ["1111s 999s EEE SSS N", "234s 567s 789s NN 44s"]  # the dealer may an-gang 1s at once


def test_renhu_is_a_win_on_the_dealers_first_discard_without_an_an_gang() -> None:
    """§5 人胡: seat 1 wins on the dealer's first discard (N); on its second, no; nor on the
    first discard after the dealer's an-gang (1111s, its replacement C)."""
    first = _won(record(RENHU_HANDS, ["x0 N", "h1"]))
    assert first.win is not None and first.win.ways == frozenset({"renhu"})
    second = _won(record(RENHU_HANDS, ["x0 C", "d1 F", "x1 F", "d0 P", "x0 N", "h1"]))
    assert second.win is not None and second.win.ways == frozenset()
    kong = _won(record(KONG_HANDS, ["ga0 1s", "d0 C", "x0 N", "h1"]))
    assert kong.win is not None and kong.win.ways == frozenset()


def test_dihu_not_after_the_dealers_kong() -> None:
    """§5 地胡: "no chi/peng/gang by anyone before": the dealer's an-gang 1111s comes first, so
    seat 1's self-drawn N on its first draw is no 地胡."""
    board = _won(record(KONG_HANDS, ["ga0 1s", "d0 C", "x0 C", "d1 N", "h1"]))
    assert board.win is not None and board.win.ways == frozenset()


def test_er_3_5_the_dealers_baoting_after_an_an_gang_is_lizhi() -> None:
    """ER-3.5: 天听 is the dealer's 报听 on its first discard with no an-gang before; after
    an-gang 1111s it is 立直. Without the kong (the same tiles less one 1s, plus P) it is 天听."""
    board = Board.from_record(rec := record(KONG_HANDS, ["ga0 1s", "d0 C", "t0", "x0 C"]))
    for e in rec["events"]:
        board.push(e)
    assert board.seats[0].ting == "lizhi" and board.seats[0].an_gang
    board = Board.from_record(
        rec := record(["111s 999s EEE SSS N P", "234s 567s 789s NN 44s"], ["t0", "x0 P"])
    )
    for e in rec["events"]:
        board.push(e)
    assert board.seats[0].ting == "tianting"


def test_er_3_5_a_locked_seat_may_an_gang_when_its_wait_is_unchanged() -> None:
    """ER-3.5 with ting_lock: 天听 on 111s 999s EEE SSS N (waits N); it draws the 4th 1s and
    an-gangs: 999s EEE SSS N beside 1111s still waits N alone, so the kong stands and its
    replacement is due."""
    rec = record(
        ["111s 999s EEE SSS N P", "234s 567s 789s NN 44s"], ["t0", "x0 P", "d1 F", "x1 F", "d0 1s", "ga0 1s"]
    )
    board = Board.from_record(rec)
    for e in rec["events"]:
        board.push(e)
    assert board.phase == "replace" and board.seats[0].melds == [Meld("gang", 9, "an")]
    assert board.waits_of(0) == (30,)  # N


def test_tianhu_reads_the_first_best_tile() -> None:
    """ER-6.2 on a 天胡 (no tile named): every kind held is tried as the last; 111s 999s EEE SSS CC
    scores the same whichever it is, and the first (1s) is kept."""
    board = _won(record(TIAN_HANDS, ["h0"]))
    assert board.win is not None and board.win.score.reading.describe() == "111s* 999s EEE SSS CC"


def test_er_2_3_the_last_tile_boundaries() -> None:
    """ER-2.3: with one tile left a discard cannot end 荒庄; with none a ming-gang has no
    replacement (seat 1 holds 4s ×3 and seat 0 discards its 4s after drawing the last tile)."""
    one_left = to_the_last_tile("1s", [])
    one_left["events"] = [*one_left["events"][:-1], {"type": "huangzhuang"}]
    assert first_refusal(one_left) == (
        N_LAST - 1,
        "early_huangzhuang",
        "the hand cannot end 荒庄 now: 1 tiles are left",
    )
    assert first_refusal(to_the_last_tile("1s", ["x0 4s", "gm1 4s"])) == (
        N_LAST + 1,
        "kong_no_live_tile",
        CATALOGUE["kong_no_live_tile"][1],
    )


def test_er_3_6_an_event_after_huangzhuang_and_after_a_win() -> None:
    """ER-3.6: the hand ended 荒庄 (the wall's last discard passed) or by a win (E8: seat 0)."""
    rec = to_the_last_tile("1s", ["x0 1s", "hz", "x1 2s"])
    assert first_refusal(rec) == (
        N_LAST + 2,
        "event_after_end",
        "the hand already ended (荒庄); nothing may follow",
    )
    board = Board.from_record(rec := record(E8_HANDS, E8))
    for e in rec["events"]:
        board.push(e)
    assert (board.ended_by, board.how_it_ended()) == ("win", "seat 0 won")


def test_er_2_3_a_flower_with_no_replacement_refuses_even_a_baoting() -> None:
    assert first_refusal(flower_last(["t0"])) == (
        FL_LAST,
        "flower_no_replacement",
        "no tile was left to replace seat 1's flower: the hand ended 荒庄 at once, so ting cannot follow",
    )


def test_an_unknown_event_or_seat_names_its_field() -> None:
    rec = record(E8_HANDS, ["x0 N"])
    rec["events"][0] = {"type": "kiss", "seat": 0}
    with pytest.raises(InputError) as err:
        first_refusal(rec)
    assert (err.value.field, err.value.message) == ("type", "unknown event type 'kiss'")
    rec = record(E8_HANDS, ["x0 N", "s1"])
    rec["events"][1]["seat"] = True
    with pytest.raises(InputError) as err:
        first_refusal(rec)
    assert (err.value.field, err.value.message) == ("seat", "must be seat 0 or 1, not True")
    rec = record(E8_HANDS, ["x0 N", "c1 2s 3s"])
    rec["events"][1]["tiles"] = ["Q", "2s"]
    with pytest.raises(InputError) as err:
        first_refusal(rec)
    assert err.value.field == "tiles[0]"


def test_er_3_1_wrong_hand_size_names_the_count() -> None:
    """ER-3.1: a tile too many (no record makes one; set by hand): 15 − 1 = 14 left, 13 due."""
    board = Board.from_record(record(E8_HANDS, E8))
    board.seats[0].hand[9] += 1
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "discard", "seat": 0, "tile": "N"})
    assert (
        err.value.reason.message
        == "after its discard seat 0 holds 14 concealed tiles; with 0 melds it should hold 13"
    )


def test_tianhu_is_not_after_the_dealers_an_gang() -> None:
    """§5 天胡 "no an-gang first": the dealer an-gangs 1111s, its replacement N completes 999s EEE
    SSS NN: 杠上开花, not 天胡."""
    board = _won(record(KONG_HANDS, ["ga0 1s", "d0 N", "h0"]))
    assert board.win is not None and board.win.ways == frozenset({"gangkai"})


def test_a_clone_does_not_share_its_pools_or_its_seen_counts() -> None:
    """Bots and detectors try moves on clones: a discard (the pool) and a deal-mode draw (the
    seen counts, ER-1.1's fifth copy) on a clone leave the board as it was."""
    board = Board.from_record(record(E8_HANDS, ["x0 N", "d1 W"], wall=False))
    board.push({"type": "discard", "seat": 0, "tile": "N"})
    trial = board.clone()
    trial.push({"type": "draw", "seat": 1, "tile": "W"})
    trial.push({"type": "discard", "seat": 1, "tile": "W"})
    assert board.seen[29] == 0 and trial.seen[29] == 1
    assert board.pool[29] == 0 and trial.pool[29] == 1 and board.pool[30] == 1


def test_er_2_1_a_replacement_draw_names_the_back() -> None:
    """ER-2.1: E8's 补花 replacement is the wall's last tile, 5s; the record says P."""
    rec = record(E8_HANDS, E8)
    rec["events"][5]["tile"] = "P"
    assert first_refusal(rec) == (5, "draw_mismatch", "seat 0 should draw 五条 (5s) (back), not 白板 (P)")


def test_er_3_3_an_unrobbed_xu_gang_turns_only_its_own_peng_into_a_kong() -> None:
    """ER-3.3: seat 0 pengs W and 5s, adds the 4th 5s, nobody robs: its melds are peng W and
    the xu-gang 5555s; the replacement comes from the back (P)."""
    hands = ["55s N 111s 999s WW SS C", "5s NN 46s 789s 22s PP W"]
    events = ["x0 N", "p1", "x1 W", "p0", "x0 C", "d1 E", "x1 5s", "p0", "x0 S", "d1 F", "x1 F", "d0 5s"]
    board = Board.from_record(rec := record(hands, [*events, "gx0 5s", "d0 P"]))
    for e in rec["events"]:
        board.push(e)
    assert board.seats[0].melds == [Meld("peng", 29), Meld("gang", 13, "xu")]


def test_er_3_6_a_record_stopped_in_a_window_and_a_huangzhuang_result() -> None:
    """hand_not_finished names the open window (E8: seat 0's N); §9's result of a 荒庄 (the wall's
    last discard passed): no winner, T and Q 0, no payment."""
    board = Board.from_record(rec := record(E8_HANDS, ["x0 N"]))
    board.push(rec["events"][0])
    assert board.state() == "seat 0's 北风 (N) is open to a claim"
    board = Board.from_record(rec := to_the_last_tile("1s", ["x0 1s", "hz"]))
    for e in rec["events"]:
        board.push(e)
    out = board.result()
    assert (out["winner"], out["self_draw"], out["fans"], out["total"], out["qualifying"]) == (
        None,
        None,
        [],
        0,
        0,
    )
    assert out["deltas"] == [0, 0] and out["payments"] == [] and "reading" not in out


def test_hejuezhang_a_chied_tile_is_shown_once() -> None:
    """§5 和绝张 with a chi: seat 0's first 5s is chi'd by seat 1 (4s 6s: one 5s in the meld, none
    left in the pool), its second stays in the pool; seat 1 (dandiao on 5s, holding one) self-draws
    the last 5s: 2 others shown, no 和绝张."""
    hands = ["55s 111s 999s SSS WW C", "46s 789s 123s EEE 5s W"]
    events = ["x0 5s", "c1 4s 6s", "x1 W", "d0 N", "x0 5s", "d1 F", "x1 F", "d0 P", "x0 P", "d1 5s", "h1"]
    board = _won(record(hands, events))
    assert board.win is not None and board.win.ways == frozenset() and board.pool[13] == 1


def test_er_3_1_the_drawn_tile_is_cleared_by_a_discard_and_a_kong() -> None:
    """The table shown after each event (replay steps) names the tile just drawn, and none once
    it is discarded (E8: the dealer's N), once an an-gang is made (E7: seat 1's CCCC, its
    replacement due), or a xu-gang (E6: seat 0's 5s, open to 抢杠)."""
    for hands, events, n in ((E8_HANDS, E8, 1), (E7_HANDS, E7, 4), (E6_HANDS, E6, 9)):
        board = Board.from_record(rec := record(hands, events))
        for e in rec["events"][:n]:
            board.push(e)
        assert board.drawn is None and snapshot(board, [[], []])["drawn"] is None
    board = Board.from_record(rec := record(E8_HANDS, E8))
    for e in rec["events"][:2]:
        board.push(e)
    assert snapshot(board, [[], []])["drawn"] == "W"


def test_er_3_2_the_window_is_closed_by_a_claim_a_draw_and_a_win() -> None:
    """The table shown after each event has no open window once E1's C is pung'd, once seat 1
    draws after E8's N, once E6's xu-gang stands (its replacement drawn) and once E8 is won."""
    unrobbed = ["55s N 111s 999s WW SS C", "5s NN 46s 789s 22s PP W"]
    kong = [
        "x0 N",
        "p1",
        "x1 W",
        "p0",
        "x0 C",
        "d1 E",
        "x1 5s",
        "p0",
        "x0 S",
        "d1 F",
        "x1 F",
        "d0 5s",
        "gx0 5s",
        "d0 P",
    ]
    for hands, events, n in ((E1_HANDS, E1, 4), (E8_HANDS, E8, 2), (unrobbed, kong, 14), (E8_HANDS, E8, 7)):
        board = Board.from_record(rec := record(hands, events))
        for e in rec["events"][:n]:
            board.push(e)
        shown = snapshot(board, [[], []])
        assert board.claim is None and (shown["claim_tile"], shown["claim_seat"], shown["robbing"]) == (
            None,
            None,
            False,
        )
