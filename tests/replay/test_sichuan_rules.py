"""Every SC rule of the Sichuan replayer by its id: the legal case settles, the illegal one is
pinpointed (event index, reason code, SC id)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from replay.games.sichuan.audit import audit_validated
from replay.games.sichuan.board import Board, IllegalEvent, legal_actions
from tests.replay.test_sichuan_board import E1_DEAL, E1_EVENTS, E2_DEAL, illegal, play
from tests.sichuan_builders import E5_DEAL, E5_TO_BUGANG, event, record

E1 = {"que": "smpm"}


def until(rec: dict[str, Any], n: int) -> Board:
    """The board after the first n events of ``rec``."""
    board = Board.from_record(rec)
    for e in rec["events"][:n]:
        board.push(e)
    return board


def leave(board: Board, n: int) -> None:
    """Only ``n`` tiles left to draw: the wall's front moves up to them (a deal-mode record)."""
    board.front = board.back + 1 - n


def rule_of(board: Board, text: str) -> tuple[str, str]:
    with pytest.raises(IllegalEvent) as err:
        board.push(event(text))
    return err.value.reason.code, err.value.reason.rule


# SC-1.1 ---------------------------------------------------------------------------------------
def test_sc_1_1_an_honour_is_invalid_naming_the_field() -> None:
    rec = record(E1_DEAL, E1_EVENTS, **E1)
    rec["deal"][0][0] = "C"
    out = audit_validated(rec)
    assert out["status"] == "invalid" and out["errors"][0]["field"] == "deal[0][0]"
    assert "SC-1.1" in out["errors"][0]["message"] and "红中" in out["errors"][0]["message"]


def test_sc_1_1_a_fifth_copy_is_illegal() -> None:
    events = [*E1_EVENTS[:1], "d1 7s"]
    assert illegal(record(E1_DEAL, events, **E1)) == (2, "fifth_copy", "SC-1.1")


# SC-1.2 / SC-3.6 ------------------------------------------------------------------------------
def test_sc_1_2_a_xuezhan_winner_has_no_more_turns() -> None:
    """After seat 1's self-draw (event 20) seat 2 draws; seat 1 drawing is out of turn."""
    events = [*E1_EVENTS[:20], "d1 2s"]
    assert illegal(record(E1_DEAL, events, **E1)) == (21, "out_of_turn", "SC-3.1")
    events = [*E1_EVENTS[:22], "h1"]  # nor may it win on a discard
    assert illegal(record(E1_DEAL, events, **E1))[1:] == ("seat_inactive", "SC-1.2")


# SC-1.3 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("draw_dealer", "expected"), [("stay", 2), ("next", 3)])
def test_sc_1_3_no_win_next_dealer(draw_dealer: str, expected: int) -> None:
    rec = record(E1_DEAL, [], **E1, dealer=0, overrides={"draw_dealer": draw_dealer})
    rec["dealer"] = 2
    rec["deal"] = [rec["deal"][3], rec["deal"][1], rec["deal"][0], rec["deal"][2]]
    board = Board.from_record(rec)
    assert board.next_dealer() == expected


# SC-1.5 / SC-1.6 / SC-1.7 (the end of the wall) ---------------------------------------------
def test_sc_1_5_no_kong_with_fewer_than_gang_min_wall_tiles() -> None:
    rec = record(E1_DEAL, E1_EVENTS, **E1)
    board = until(rec, 3)  # seat 1 has drawn 9p and holds 7777s
    leave(board, 1)
    assert rule_of(copy.deepcopy(board), "ga1 7s") == ("late_kong", "SC-1.5")
    board.rules = type(board.rules)(**{**board.rules.__dict__, "gang_min_wall": 1})
    board.push(event("ga1 7s"))
    assert board.ledger.deltas == [-2, 6, -2, -2]


def test_sc_1_6_the_wall_runs_out() -> None:
    rec = record(E1_DEAL, E1_EVENTS, **E1)
    board = until(rec, 2)  # seat 0 discarded 9s
    assert rule_of(copy.deepcopy(board), "hz") == ("early_huangzhuang", "SC-1.6")
    leave(board, 0)
    assert rule_of(copy.deepcopy(board), "d1 9p") == ("wall_empty", "SC-1.6")
    board.push(event("hz"))
    assert board.ended and board.ended_by == "huangzhuang"


def test_sc_1_6_nothing_but_hu_on_the_haidi_discard() -> None:
    rec = record(E2_DEAL, ["x0 5p", "d1 6s", "x1 6s", "p0"], que="mspp")
    board = until(rec, 3)  # seat 1 drew 6s
    leave(board, 0)
    board.push(rec["events"][3])  # its discard is the 海底 discard
    assert rule_of(board, "p0") == ("haidi_claim", "SC-1.6")


def test_sc_1_7_forced_win_on_a_discard() -> None:
    """Seat 0 can win on seat 3's 4p (E1); with 3 tiles left it must: a draw or a pass is illegal."""
    rec = record(E1_DEAL, E1_EVENTS, **E1)
    board = until(rec, 24)  # seat 3 is about to discard 4p
    leave(board, 3)
    board.push(rec["events"][24])
    assert rule_of(copy.deepcopy(board), "d2 5m") == ("forced_hu", "SC-1.7")
    assert rule_of(copy.deepcopy(board), "s0") == ("forced_hu", "SC-1.7")
    board.push(event("h0"))
    board.finish()
    assert board.wins[-1].seat == 0
    leave(board, 4)  # 4 left: not fewer than 4, free to pass
    fresh = until(rec, 24)
    leave(fresh, 4)
    fresh.push(rec["events"][24])
    fresh.push(event("s0"))


def test_sc_1_7_forced_self_draw() -> None:
    rec = record(E1_DEAL, E1_EVENTS, **E1)
    board = until(rec, 27)  # seat 2 drew 6m and can win
    leave(board, 2)
    assert rule_of(board, "x2 6m") == ("forced_hu", "SC-1.7")


# SC-2.1 ---------------------------------------------------------------------------------------
SWAP = ("next", ["123m", "234s", "11m 2m", "11s 3s"])


def test_sc_2_1_swap_passes_three_tiles_at_once() -> None:
    rec = record(E1_DEAL, [], **E1, overrides={"swap_three": "same_suit"}, swap=SWAP)
    board = until(rec, 2)
    # seat 1 gave 2s3s4s and received seat 0's 1m2m3m
    assert [board.seats[1].hand[k] for k in (0, 1, 2, 10, 11, 12)] == [1, 1, 1, 0, 0, 0]
    assert sum(board.seats[0].hand) == 14 and sum(board.seats[2].hand) == 13


@pytest.mark.parametrize(
    ("overrides", "swap", "code"),
    [
        ({"swap_three": "same_suit"}, ("next", ["123m", "234s", "11m 2m", "11s 4p"]), "bad_swap"),
        ({"swap_three": "same_suit", "swap_direction": "across"}, SWAP, "bad_swap"),
        ({"swap_three": "any"}, ("next", ["123m", "234s", "11m 2m", "11s 8s"]), "bad_swap"),
        ({"swap_three": "any"}, None, "swap_missing"),
    ],
)
def test_sc_2_1_bad_swaps(overrides: dict[str, Any], swap: Any, code: str) -> None:
    rec = record(E1_DEAL, ["x0 9s"], **E1, overrides=overrides, swap=swap)
    assert illegal(rec) == (0, code, "SC-2.1")


# SC-2.2 ---------------------------------------------------------------------------------------
def test_sc_2_2_dingque_before_play() -> None:
    assert illegal(record(E1_DEAL, ["x0 9s"], que=None)) == (0, "dingque_missing", "SC-2.2")
    assert play(record(E1_DEAL, ["x0 9s"], que=None, overrides={"dingque": False})).phase == "claim"


def test_sc_2_2_no_peng_of_the_void_suit() -> None:
    events = [*E1_EVENTS[:7], "p3"]  # seat 3 (void s here) holds 33s
    assert illegal(record(E1_DEAL, events, que="smps")) == (8, "claim_void_suit", "SC-2.2")


# SC-3.1 / SC-3.2 / SC-3.3 ---------------------------------------------------------------------
def test_sc_3_1_own_turn_actions() -> None:
    rec = record(E1_DEAL, E1_EVENTS, **E1)
    board = until(rec, 3)
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "chi", "seat": 1, "tiles": ["2s", "3s"]})
    assert (err.value.reason.code, err.value.reason.rule) == ("no_chi", "SC-3.1")
    assert rule_of(copy.deepcopy(board), "ga1 9p")[0] == "no_pair_to_claim"
    assert rule_of(copy.deepcopy(board), "gx1 9p") == ("no_peng_to_extend", "SC-3.1")
    assert rule_of(copy.deepcopy(board), "x1 1m") == ("tile_not_in_hand", "SC-3.1")
    assert rule_of(copy.deepcopy(board), "x2 1m") == ("out_of_turn", "SC-3.1")


def test_sc_3_2_a_win_beats_peng() -> None:
    events = ["x0 5p", "d1 1p", "x1 1p", "d2 5s", "x2 3m", "h1"]
    board = until(record(E2_DEAL, events, que="mspp"), 7)
    assert rule_of(board, "p3") == ("claim_after_hu", "SC-3.2")


def test_sc_3_3_a_bugang_is_robbed_only_by_a_win() -> None:
    deal = E5_DEAL
    events = list(E5_TO_BUGANG)
    board = until(record(deal, events, que="mpsp"), 14)
    assert rule_of(copy.deepcopy(board), "p2") == ("rob_not_xu_gang", "SC-3.3")
    board.push(event("d0 9p"))  # nobody robs: the kong stands, paid at once (SC-5.5), replacement drawn
    assert board.ledger.deltas == [3, -1, -1, -1] and board.seats[0].kongs == [(21, "xu", None)]


# SC-3.5 过水 ----------------------------------------------------------------------------------
PASS_EVENTS = ["x0 5p", "d1 1p", "x1 1p", "d2 5s", "x2 3m", "d3 9p", "x3 9p", "h1"]


@pytest.mark.parametrize(("pass_hu", "locked"), [("until_draw", True), ("higher_ok", True), ("free", False)])
def test_sc_3_5_passing_a_win_locks_discard_wins_until_the_next_draw(pass_hu: str, locked: bool) -> None:
    """Seats 1 and 3 could win on seat 2's 3m and let it go; seat 1 then wants seat 3's 9p (对对胡 2,
    not more than the 对对胡 2 it passed)."""
    rec = record(E2_DEAL, PASS_EVENTS, que="mspp", overrides={"pass_hu": pass_hu})
    if locked:
        assert illegal(rec) == (8, "pass_hu_locked", "SC-3.5")
    else:
        assert play(rec).wins[0].seat == 1


def test_sc_3_5_the_lock_ends_at_the_seats_next_draw() -> None:
    events = [
        "x0 5p",
        "d1 1p",
        "x1 1p",
        "d2 5s",
        "x2 3m",
        "d3 1m",
        "x3 1m",
        "d0 2p",
        "x0 2p",
        "d1 1p",
        "x1 1p",
    ]
    events += ["d2 9p", "x2 9p", "h1"]
    board = play(record(E2_DEAL, events, que="mspp"))
    assert [w.seat for w in board.wins] == [1]


# SC-3.9 ---------------------------------------------------------------------------------------
def test_sc_3_9_nothing_after_the_end() -> None:
    assert illegal(record(E1_DEAL, [*E1_EVENTS, "d3 1m"], **E1)) == (28, "event_after_end", "SC-3.9")


# SC-4.5 天胡 / 地胡 ----------------------------------------------------------------------------
TIAN_DEAL = [
    "123m 456m 789m 111s 22s",
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p",
    "5p 6p 7p 8p 9p 5p 6p 7p 8p 9p 3s 4s 5s",
    "6s 7s 8s 9s 3s 4s 5s 6s 7s 8s 9s 1p 2p",
]


def test_sc_4_5_tianhu_flat_32() -> None:
    board = play(record(TIAN_DEAL, ["h0"], que="pmmm"))
    assert (board.wins[0].hand, board.wins[0].multiple) == ("tianhu", 32)
    assert board.ledger.deltas == [99, -33, -33, -33]
    off = play(record(TIAN_DEAL, ["h0"], que="pmmm", overrides={"tiandihu": False}))
    assert (off.wins[0].hand, off.ledger.deltas) == ("pinghu", [6, -2, -2, -2])


def test_sc_4_5_dihu_e9() -> None:
    """E9: dealer 0's first discard 6s; seat 1 (11m 234m 678m 555s 78s) wins: 地胡 32 → 8 (cap fan 3)."""
    deal = [
        "6s 123p 456p 789p 11p 2p 3p",
        "11m 234m 678m 555s 78s",
        "1s 2s 3s 4s 9m 9m 9m 1m 3m 5m 7m 9s 9s",
        "4p 4p 5p 5p 6p 6p 7p 7p 8p 8p 2s 3s 4s",
    ]
    board = play(record(deal, ["x0 6s", "h1"], que="mpss", overrides={"cap": {"fan": 3}}))
    assert (board.wins[0].hand, board.wins[0].multiple) == ("dihu", 32)
    assert board.ledger.deltas == [-8, 8, 0, 0]


#: Issue 34: whole hands whose 天胡/地胡 are worth exactly 32 normally, settled by both places
#: the board scores a win (a self-draw, and the wins on a discard). Three winners end xuezhan.
#: 天胡: dealer 0 holds 11p 33p 5555p 77p 88p 99p: 青龙七对 32, G 1 − 1 = 0 → M 32 = 32: flat
#: 天胡 32, 1, 2, 3 pay 32 + 1 = 33. Seat 1 draws 9s on its first draw: 11m 22m 3333m 55s 77s 99s
#: is 龙七对 16, G 0 → 16 < 32: flat 地胡 32, 2 and 3 pay 33. Seat 2 draws 6s: 1111s 2222s 33s 44s
#: 66s is 青龙七对 32, G 2 − 1 = 1 → 64 > 32: kept (no 地胡), 3 pays 65.
#: Deltas: 0: +99; 1: −33 + 66 = +33; 2: −33 − 33 + 65 = −1; 3: −33 − 33 − 65 = −131.
TIANHU_32_DEAL = [
    "11p 33p 5555p 77p 88p 99p",
    "11m 22m 3333m 55s 77s 9s",
    "1111s 2222s 33s 44s 6s",
    "444m 555m 666m 222p 4p",
]
TIANHU_32_RESULT: dict[str, Any] = {
    "wins": [
        {"seat": 0, "from": None, "tile": "9p", "hand": "tianhu", "gen": 0, "ways": [], "multiple": 32},
        {"seat": 1, "from": None, "tile": "9s", "hand": "dihu", "gen": 0, "ways": [], "multiple": 32},
        {
            "seat": 2,
            "from": None,
            "tile": "6s",
            "hand": "qinglongqidui",
            "gen": 1,
            "ways": [],
            "multiple": 64,
        },
    ],
    "huazhu": [],
    "tenpai": [],
    "transfers": [
        *({"kind": "hu", "from": p, "to": 0, "amount": 33} for p in (1, 2, 3)),
        *({"kind": "hu", "from": p, "to": 1, "amount": 33} for p in (2, 3)),
        {"kind": "hu", "from": 3, "to": 2, "amount": 65},
    ],
    "next_dealer": 0,
    "deltas": [99, 33, -1, -131],
}
#: 地胡: dealer 0 (缺p) discards its only 筒 9p; seat 1 (1111m 2222p 66p 88p 9p) wins on it: 龙七对 16,
#: G 2 − 1 = 1 → 32 = 32: flat 地胡 32, 0 pays 32. Seat 2 draws 9s: 11s 33s 5555s 77s 88s 99s is
#: 青龙七对 32, G 0 → 32: flat 地胡 (earlier wins do not block it), 3 and 0 pay 33. Seat 3 draws 9m:
#: 2222m 3333m 55m 77m 99m is 青龙七对 G 1 → 64: kept, 0 pays 65.
#: Deltas: 0: −32 − 33 − 65 = −130; 1: +32; 2: +66; 3: −33 + 65 = +32.
DIHU_32_DEAL = [
    "4444m 6666m 888m 22s 9p",
    "1111m 2222p 66p 88p 9p",
    "11s 33s 5555s 77s 88s 9s",
    "2222m 3333m 55m 77m 9m",
]
DIHU_32_RESULT: dict[str, Any] = {
    "wins": [
        {"seat": 1, "from": 0, "tile": "9p", "hand": "dihu", "gen": 0, "ways": [], "multiple": 32},
        {"seat": 2, "from": None, "tile": "9s", "hand": "dihu", "gen": 0, "ways": [], "multiple": 32},
        {
            "seat": 3,
            "from": None,
            "tile": "9m",
            "hand": "qinglongqidui",
            "gen": 1,
            "ways": [],
            "multiple": 64,
        },
    ],
    "huazhu": [],
    "tenpai": [],
    "transfers": [
        {"kind": "hu", "from": 0, "to": 1, "amount": 32},
        *({"kind": "hu", "from": p, "to": 2, "amount": 33} for p in (3, 0)),
        {"kind": "hu", "from": 0, "to": 3, "amount": 65},
    ],
    "next_dealer": 1,
    "deltas": [-130, 32, 66, 32],
}


def tianhu_32_record() -> dict[str, Any]:
    return record(
        TIANHU_32_DEAL,
        ["h0 9p", "d1 9s", "h1", "d2 6s", "h2"],
        que="mpms",
        result=copy.deepcopy(TIANHU_32_RESULT),
    )


def dihu_32_record() -> dict[str, Any]:
    return record(
        DIHU_32_DEAL,
        ["x0 9p", "h1", "d2 9s", "h2", "d3 9m", "h3"],
        que="psps",
        result=copy.deepcopy(DIHU_32_RESULT),
    )


@pytest.mark.parametrize("make", [tianhu_32_record, dihu_32_record])
def test_sc_4_5_a_record_stating_the_flat_win_at_32_is_ok(make: Any) -> None:
    """SC-4.5 at equality, in the audit (issue 34): the record states the flat wins: ok."""
    out = audit_validated(make())
    assert (out["status"], out["differences"]) == ("ok", [])


@pytest.mark.parametrize(
    ("make", "normal"),
    [
        (tianhu_32_record, {"hand": "qinglongqidui", "gen": 0}),  # 天胡 read as 青龙七对 32 · 2^0
        (dihu_32_record, {"hand": "longqidui", "gen": 1}),  # 地胡 on a discard read as 龙七对 16 · 2^1
    ],
)
def test_sc_4_5_a_record_stating_the_normal_hand_at_32_differs_in_wins(
    make: Any, normal: dict[str, Any]
) -> None:
    """The same amounts, but the first win named as its normal hand: a ``wins`` difference alone
    (SC-4.5 makes it 天胡/地胡 with gen 0; §10 audits ``hand`` and ``gen``)."""
    rec = make()
    rec["result"]["wins"][0].update(normal)
    out = audit_validated(rec)
    assert out["status"] == "mismatch"
    assert [d["field"] for d in out["differences"]] == ["wins"]
    assert out["differences"][0]["computed"][0]["hand"] in ("tianhu", "dihu")


# SC-5.4 点杠花 (E10) / §7 bankruptcy (E8) -----------------------------------------------------
E10_DEAL = [
    "1s 2s 3s 4s 5s 6s 7s 8s 9s 1p 2p 3p 4p 5p",
    "1m 2m 3m 4m 5m 6m 7m 8m 11s 22s 3s",
    "999m 123p 456p 77p 88p",
    "9m 3s 3s 4s 4s 6s 6s 7s 7s 9s 6p 9p 6p",
]
E10_EVENTS = ["x0 1s", "d1 9p", "x1 9p", "d2 1s", "x2 1s", "d3 2m", "x3 9m", "gm2", "d2 8p", "h2"]


@pytest.mark.parametrize(("mode", "deltas"), [("zimo", [-5, -5, 17, -7]), ("dianpao", [0, 0, 6, -6])])
def test_sc_5_4_e10_diangang_hua(mode: str, deltas: list[int]) -> None:
    board = play(record(E10_DEAL, E10_EVENTS, que="mpsm", overrides={"diangang_hua": mode}))
    assert board.wins[0].ways == ("gangshanghua",) and board.wins[0].multiple == 4
    assert board.ledger.deltas == deltas


E8_DEAL = [
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p",
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 6p 7p 8p 9p",
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p",
    "1111s 23s 456s 789s 5s",
]
E8_EVENTS = ["x0 5p", "d1 1p", "x1 1p", "d2 9p", "x2 9p", "d3 5s", "h3"]


def test_e8_bankruptcy_whole_hand() -> None:
    """E8 / §7: owed 9 each, seat 1 pays its 5 and is out: turns then skip it."""
    rec = record(
        E8_DEAL,
        E8_EVENTS,
        que="sssm",
        overrides={"bankruptcy": True, "tiandihu": False},
        stacks=[30, 5, 40, 25],
    )
    board = play(rec)
    assert board.ledger.deltas == [-9, -5, -9, 23] and board.ledger.bankrupt == {1}
    assert [(t.payer, t.owed, t.amount) for t in board.ledger.transfers] == [(0, 9, 9), (1, 9, 5), (2, 9, 9)]
    board.push(event("d0 6p"))
    board.push(event("x0 6p"))
    assert rule_of(board, "d1 7p") == ("out_of_turn", "SC-3.1")


def test_legal_actions_follow_push() -> None:
    """``legal_actions`` lists what ``push`` accepts: E1 after seat 1 drew 9p, and on seat 3's 4p."""
    rec = record(E1_DEAL, E1_EVENTS, **E1)
    board = until(rec, 3)
    acts = legal_actions(board)
    assert {"type": "gang", "seat": 1, "kind": "an", "tile": "7s"} in acts
    assert {"type": "hu", "seat": 1} not in acts
    assert all(a["seat"] == 1 for a in acts)
    board = until(rec, 25)  # seat 3 discarded 4p
    acts = legal_actions(board)
    assert {"type": "hu", "seat": 0} in acts and {"type": "draw", "seat": 0} in acts
    assert {"type": "hu", "seat": 2} not in acts and {"type": "huangzhuang"} not in acts
    leave(board, 2)
    assert {"type": "draw", "seat": 0} not in legal_actions(board)  # SC-1.7: seat 0 must win


def test_sc_6_1_without_dingque_a_huazhu_holds_three_suits() -> None:
    """SC-6.1 with ``dingque: false``: a seat holding all three suits at the end is 花猪."""
    rec = record(E1_DEAL, ["x0 9s"], que=None, overrides={"dingque": False})
    board = until(rec, 1)
    leave(board, 0)
    board.push(event("hz"))
    # seat 0: m and p (and 5s): three suits; seat 3: s and p only; seat 1: s and p; seat 2: m only
    assert board.huazhu == [0]
    assert [(t.kind, t.payer, t.payee, t.amount) for t in board.ledger.transfers][:3] == [
        ("huazhu", 0, 1, 16),
        ("huazhu", 0, 2, 16),
        ("huazhu", 0, 3, 16),
    ]


def test_sc_3_8_a_deal_of_the_wrong_size_is_invalid() -> None:
    """SC-3.8 / SC-1.4: the dealer starts with 14, the others 13."""
    rec = record(E1_DEAL, E1_EVENTS, **E1)
    rec["deal"][2] = rec["deal"][2][:-1]
    out = audit_validated(rec)
    assert out["status"] == "invalid" and out["errors"][0]["field"] == "deal[2]"


def test_reason_codes_doc_is_generated_from_the_catalogue() -> None:
    """docs/reason-codes-sichuan.md is ``python -m replay.games.sichuan.reasons``'s output; every
    code names an SC rule and is raised somewhere in the Sichuan engine or the table engine it
    stands on (``replay/table/``: draws from the wall, events after the end; ``replay/next_dealer.py``:
    the sitting's dealer order)."""
    from pathlib import Path

    from replay.games.sichuan import reasons

    root = Path(__file__).resolve().parents[2]
    assert (root / "docs" / "reason-codes-sichuan.md").read_text(encoding="utf-8") == reasons.markdown()
    src = "".join(
        (root / "replay" / "games" / "sichuan" / f).read_text("utf-8")
        for f in ("board.py", "evaluate.py", "audit.py")
    ) + "".join(
        p.read_text("utf-8")
        for p in [*sorted((root / "replay" / "table").glob("*.py")), root / "replay" / "next_dealer.py"]
    )
    for code, (rule, _) in reasons.CATALOGUE.items():
        assert rule.startswith("SC-") and f'"{code}"' in src, code
