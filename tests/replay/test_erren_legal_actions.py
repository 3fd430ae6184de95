"""``legal_actions`` (replay/games/erren/board.py) listed whole in every phase, hand-worked from
erren.md ER-2.2 (补花), ER-2.1 (replacements), ER-2.3 (荒庄), ER-3.1 (own turn: discard,
an-gang, xu-gang, 报听, a self-drawn win), ER-3.2 / ER-3.3 (the window: win, peng, ming-gang,
chi of the one opponent's discard in each of its three places, the draw; a xu-gang robbed by a
win only). Bots and detectors read this list (issue #35: only its members were asserted)."""

from __future__ import annotations

from typing import Any

from replay.games.erren.board import Board, legal_actions
from tests.erren_builders import record
from tests.replay.test_erren_board import E1, E1_HANDS, E6, E6_HANDS, E7, E7_HANDS, E8, E8_HANDS
from tests.replay.test_erren_reasons import flower_last, to_the_last_tile


def after(rec: dict[str, Any], n: int) -> Board:
    board = Board.from_record(rec)
    for e in rec["events"][:n]:
        board.push(e)
    return board


def discards(seat: int, *codes: str) -> list[dict[str, Any]]:
    return [{"type": "discard", "seat": seat, "tile": c} for c in codes]


def test_er_2_2_the_deals_flowers_one_at_a_time_dealer_first() -> None:
    # the dealer holds 1h and 3h: only its first flower is offered
    board = Board.from_record(record(["123456789s EEE 13h", "SSS WWW NNN CCC 2h"], []))
    assert legal_actions(board) == [{"type": "buhua", "seat": 0, "tile": "1h"}]


def test_er_2_1_a_replacement_draw_then_the_own_turn() -> None:
    # E1: seat 1's 2h exposed, its back draw due
    assert legal_actions(after(record(E1_HANDS, E1), 1)) == [{"type": "draw", "seat": 1}]


def test_er_2_3_a_flower_with_no_replacement_leaves_only_huangzhuang() -> None:
    rec = flower_last([])
    assert legal_actions(after(rec, len(rec["events"]))) == [{"type": "huangzhuang"}]


def test_er_3_1_the_dealers_first_turn() -> None:
    """E8: 1112345678999s N, no win; 报听 (discarding N leaves the nine gates); every kind held
    may be discarded; 1s ×3 is no an-gang."""
    board = after(record(E8_HANDS, E8), 0)
    codes = [f"{r}s" for r in range(1, 10)] + ["N"]
    assert legal_actions(board) == [{"type": "ting", "seat": 0}, *discards(0, *codes)]


def test_er_3_1_an_an_gang_after_its_kind_and_no_baoting_with_a_meld() -> None:
    """E7: seat 1 (ming-gang 9999s) draws 7s: CCCC EEE 45s 77s; an-gang C after discarding C."""
    board = after(record(E7_HANDS, E7), 3)
    assert legal_actions(board) == [
        *discards(1, "4s", "5s", "7s", "E", "C"),
        {"type": "gang", "seat": 1, "kind": "an", "tile": "C"},
    ]


def test_er_3_1_a_xu_gang_onto_its_own_peng() -> None:
    """E6: seat 0 (peng 555s) draws the 4th 5s: 111s 999s WWW S 5s."""
    board = after(record(E6_HANDS, E6), 8)
    assert legal_actions(board) == [
        *discards(0, "1s", "5s"),
        {"type": "gang", "seat": 0, "kind": "xu", "tile": "5s"},
        *discards(0, "9s", "S", "W"),
    ]


def test_er_3_2_the_window_win_and_chi_in_each_place() -> None:
    """E1: seat 0's 3s to seat 1 (peng CCC; 12s 456s 789s EE): the win, chi 1-2, 2-4 and 4-5 (3s
    last, middle, first), the draw; no peng (no 3s held), no 报听 (a meld)."""
    board = after(record(E1_HANDS, E1), 7)
    chi = [["1s", "2s"], ["2s", "4s"], ["4s", "5s"]]
    assert legal_actions(board) == [
        {"type": "hu", "seat": 1},
        *({"type": "chi", "seat": 1, "tiles": t} for t in chi),
        {"type": "draw", "seat": 1},
    ]


def test_er_3_2_peng_and_ming_gang_on_a_9s() -> None:
    """E7: seat 0's 9s to seat 1 (CCCC 999s EEE 45s 7s): peng, ming-gang; no chi (no 8s), no 天听
    (not tenpai)."""
    board = after(record(E7_HANDS, E7), 1)
    assert legal_actions(board) == [
        {"type": "peng", "seat": 1},
        {"type": "gang", "seat": 1, "kind": "ming", "tile": "9s"},
        {"type": "draw", "seat": 1},
    ]


def test_er_3_3_a_xu_gang_is_robbed_by_a_win_or_stands() -> None:
    """E6: seat 0 adds 5s to its peng: seat 1 may win (抢杠), else seat 0 draws its replacement."""
    board = after(record(E6_HANDS, E6), 9)
    assert legal_actions(board) == [{"type": "hu", "seat": 1}, {"type": "draw", "seat": 0}]


def test_er_3_5_tianting_in_the_window_and_no_draw_without_a_wall() -> None:
    """E8's N to seat 1 (EEE SSS CCC FFF P, tenpai on P before its first draw): 天听 and the draw;
    without a wall the draw's tile is the caller's to name, so it is not listed."""
    ting, draw = {"type": "ting", "seat": 1}, {"type": "draw", "seat": 1}
    assert legal_actions(after(record(E8_HANDS, E8), 1)) == [ting, draw]
    assert legal_actions(after(record(E8_HANDS, E8, wall=False), 1)) == [ting]


def test_er_2_2_a_flower_drawn_in_play_must_be_exposed_first() -> None:
    """E8: the dealer draws 6h in play: only its 补花 (no discard, win or 报听 while it holds it)."""
    assert legal_actions(after(record(E8_HANDS, E8), 4)) == [{"type": "buhua", "seat": 0, "tile": "6h"}]


def test_er_3_1_a_self_drawn_win_comes_first() -> None:
    """E8: 1112345678999s + the drawn 5s wins (九莲宝灯); 报听 (the nine gates after a 5s
    discard); every kind held may be discarded; no kind is held four times."""
    codes = [f"{r}s" for r in range(1, 10)]
    assert legal_actions(after(record(E8_HANDS, E8), 6)) == [
        {"type": "hu", "seat": 0},
        {"type": "ting", "seat": 0},
        *discards(0, *codes),
    ]


def test_er_2_3_the_walls_last_discard_chi_or_huangzhuang() -> None:
    """ER-2.3: seat 0 draws the wall's last tile and discards 1s; seat 1 (234s 567s 789s NN 44s)
    may win it (海底捞月: 123s 444s 567s 789s NN), chi it with 2s 3s (claims_after_wall), or the
    hand ends 荒庄; nobody draws."""
    rec = to_the_last_tile("1s", ["x0 1s"])
    assert legal_actions(after(rec, len(rec["events"]))) == [
        {"type": "hu", "seat": 1},
        {"type": "chi", "seat": 1, "tiles": ["2s", "3s"]},
        {"type": "huangzhuang"},
    ]


def test_er_2_3_without_a_wall_the_last_discard_may_still_end_huangzhuang() -> None:
    """The same last discard in deal mode (no wall): no draw is listed (its tile is the caller's),
    and 荒庄 after it still is."""
    rec = to_the_last_tile("1s", ["x0 1s"], wall=False)
    assert legal_actions(after(rec, len(rec["events"]))) == [
        {"type": "hu", "seat": 1},
        {"type": "chi", "seat": 1, "tiles": ["2s", "3s"]},
        {"type": "huangzhuang"},
    ]
