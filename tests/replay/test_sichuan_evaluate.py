"""``replay evaluate`` of Sichuan wins (SC-4, SC-5, §7) and the E-examples that are evaluations."""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.wuhan.evaluate import evaluate


def seat(
    hand: str = "", melds: list[dict[str, Any]] | None = None, void: str | None = "m", out: str | None = None
) -> dict[str, Any]:
    tiles = []
    for group in hand.split():
        tiles += [d + group[-1] for d in group[:-1]]
    return {"hand": tiles, "melds": melds or [], "void": void, "out": out}


def peng(tile: str, src: int) -> dict[str, Any]:
    return {"type": "peng", "tile": tile, "from": src}


def gang(tile: str, kind: str, src: int | None = None) -> dict[str, Any]:
    return {"type": "gang", "kind": kind, "tile": tile, "from": src}


def ev(
    seats: list[dict[str, Any]],
    winner: int,
    win: dict[str, Any],
    overrides: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return evaluate(
        {
            "game": "sichuan",
            "ruleset": {"preset": extra.pop("preset", "xuezhan"), "overrides": overrides or {}},
            "dealer": extra.pop("dealer", 0),
            "winner": winner,
            "win": win,
            "seats": seats,
            **extra,
        }
    )


def test_e3_cap_fan_3_qinglongqidui_self_draw() -> None:
    """E3 / SC-5.1, SC-5.3: 青龙七对 32, G 0, capped at 8, +1 自摸加底: 0, 1, 3 pay 9."""
    seats = [seat(), seat(), seat("11p 33p 5555p 77p 88p 9p"), seat()]
    a = ev(seats, 2, {"way": "self_draw", "tile": "9p"}, {"cap": {"fan": 3}})
    assert (a["hand"], a["gen"], a["multiple"], a["deltas"]) == ("qinglongqidui", 0, 32, [-9, -9, 27, -9])
    assert a["receipts"][0]["expression"] == "32 → 封顶 8 + 自摸加底 1 = 9"
    assert ev(seats, 2, {"way": "self_draw", "tile": "9p"})["deltas"] == [-33, -33, 99, -33]
    fan = ev(seats, 2, {"way": "self_draw", "tile": "9p"}, {"cap": {"fan": 3}, "zimo_bonus": "fan"})
    assert fan["deltas"] == [-8, -8, 24, -8]


def test_e3_longqidui_discard_capped() -> None:
    """E3: 1111m 2222p 66p 88p 9p wins 9p off seat 0: 龙七对 16 × 2^(2−1) = 32 → 0 pays 8."""
    seats = [seat(), seat("1111m 2222p 66p 88p 9p", void="s"), seat(), seat()]
    a = ev(seats, 1, {"way": "discard", "tile": "9p", "from": 0}, {"cap": {"fan": 3}})
    assert (a["hand"], a["gen"], a["multiple"], a["deltas"]) == ("longqidui", 1, 32, [-8, 8, 0, 0])
    assert a["expression"] == "龙七对 16 · 根 2 = 32"


def test_e4_qingjingoudiao() -> None:
    """E4 / SC-4.2: pengs 2s 5s 8s, 直杠 9s, lone 7s wins 7s off seat 1: 青金钩钓 16, G 1, M 32."""
    melds = [peng("2s", 0), peng("5s", 1), peng("8s", 2), gang("9s", "ming", 1)]
    seats = [seat(), seat(), seat(), seat("7s", melds)]
    a = ev(seats, 3, {"way": "discard", "tile": "7s", "from": 1})
    assert (a["hand"], a["multiple"], a["deltas"]) == ("qingjingoudiao", 32, [0, -32, 0, 32])


def test_e5_qiangganghu() -> None:
    """E5 / SC-3.3, SC-4.4: seat 2 robs seat 0's 补杠 4p: 平胡 × 抢杠胡 = 2."""
    seats = [seat("", [peng("4p", 1)]), seat(), seat("111m 678m 55m 678p 23p", void="s"), seat()]
    a = ev(seats, 2, {"way": "rob", "tile": "4p", "from": 0})
    assert (a["multiple"], a["ways"], a["deltas"]) == (2, ["qiangganghu"], [-2, 0, 2, 0])
    no_peng = ev([seat(), *seats[1:]], 2, {"way": "rob", "tile": "4p", "from": 0})
    assert no_peng["reason"]["code"] == "rob_not_xu_gang" and no_peng["reason"]["rule"] == "SC-3.3"


def test_e8_bankruptcy() -> None:
    """E8 / §7: stacks 30, 5, 40, 25; seat 3 self-draws 清一色 with one 根: owed 9 each, seat 1 pays 5."""
    seats = [seat(), seat(), seat(), seat("1111s 23s 456s 789s 5s", void="m")]
    a = ev(seats, 3, {"way": "self_draw", "tile": "5s"}, {"bankruptcy": True}, stacks=[30, 5, 40, 25])
    assert (a["multiple"], a["deltas"]) == (8, [-9, -5, -9, 23])
    assert [(r["seat"], r["amount"], r["pays"]) for r in a["receipts"]] == [(0, 9, 9), (1, 9, 5), (2, 9, 9)]


def test_e9_dihu_flat_capped() -> None:
    """E9 / SC-4.5: 地胡 on the dealer's first discard 6s: 32 → 8."""
    seats = [seat(), seat("11m 234m 678m 555s 78s", void="p"), seat(), seat()]
    a = ev(seats, 1, {"way": "discard", "tile": "6s", "from": 0, "first": "dihu"}, {"cap": {"fan": 3}})
    assert (a["hand"], a["flat"], a["multiple"], a["deltas"]) == ("dihu", True, 32, [-8, 8, 0, 0])
    off = ev(seats, 1, {"way": "discard", "tile": "6s", "from": 0, "first": "dihu"}, {"tiandihu": False})
    assert (off["hand"], off["multiple"], off["deltas"]) == ("pinghu", 1, [-1, 1, 0, 0])


def test_e10_diangang_hua() -> None:
    """E10 / SC-5.4: 直杠 9m off seat 3, replacement 8p: 杠上花 平胡 G 1, M 4."""
    seats = [
        seat(void="s"),
        seat(void="s"),
        seat("123p 456p 77p 88p", [gang("9m", "ming", 3)], void="s"),
        seat(void="s"),
    ]
    win = {"way": "self_draw", "tile": "8p", "kong": "ming", "kong_from": 3}
    zimo = ev(seats, 2, win)
    assert (zimo["multiple"], zimo["deltas"]) == (4, [-5, -5, 15, -5])
    dianpao = ev(seats, 2, win, {"diangang_hua": "dianpao"})
    assert dianpao["deltas"] == [0, 0, 4, -4]


def test_sc_2_2_void_suit_blocks_the_win() -> None:
    seats = [seat(), seat("123m 456p 789p 111p 2p", void="m"), seat(), seat()]
    a = ev(seats, 1, {"way": "discard", "tile": "2p", "from": 0})
    assert (
        a["legal"] is False and a["reason"]["code"] == "holds_void_suit" and a["reason"]["rule"] == "SC-2.2"
    )


def test_sc_2_2_without_dingque_three_suits_cannot_win() -> None:
    seats = [seat(void=None), seat("123m 456s 789p 111p 2p", void=None), seat(void=None), seat(void=None)]
    a = ev(seats, 1, {"way": "discard", "tile": "2p", "from": 0}, {"dingque": False})
    assert a["reason"]["code"] == "three_suits"


def test_sc_4_1_not_a_winning_hand() -> None:
    seats = [seat(), seat("123p 456p 789p 111p 2s", void="m"), seat(), seat()]
    a = ev(seats, 1, {"way": "discard", "tile": "4s", "from": 0})
    assert a["reason"]["code"] == "not_a_winning_hand" and a["reason"]["rule"] == "SC-4.1"


def test_sc_1_2_a_seat_that_won_cannot_win_again_in_xuezhan() -> None:
    seats = [seat(), seat("123p 456p 789p 111p 2p", void="m", out="won"), seat(), seat()]
    a = ev(seats, 1, {"way": "discard", "tile": "2p", "from": 0})
    assert a["reason"]["code"] == "seat_inactive"


def test_sc_5_3_self_draw_skips_seats_out_of_the_hand() -> None:
    """E1's last win: only seat 3 is left: pays 清一色 4 + 1."""
    seats = [seat(out="won"), seat(out="won"), seat("11m 234m 567m 999m 78m", void="p"), seat()]
    a = ev(seats, 2, {"way": "self_draw", "tile": "6m"})
    assert a["deltas"] == [0, 0, 5, -5]


def test_sc_5_6_zhuanyi_on_gangshangpao() -> None:
    """E2: seat 1 wins seat 0's post-kong discard: 对对胡 2 × 杠上炮 2 = 4, plus the 3 transferred."""
    seats = [seat(void="m"), seat("222p 444p 777m 99p 33m", void="s"), seat(), seat()]
    a = ev(seats, 1, {"way": "discard", "tile": "3m", "from": 0, "kong": "xu", "zhuanyi": 3})
    assert a["multiple"] == 4 and a["deltas"] == [-7, 7, 0, 0]
    assert [t["kind"] for t in a["transfers"]] == ["hu", "zhuanyi"]


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda v: v["seats"][1].update(hand=["E"] * 13), "seats[1].hand[0]"),
        (lambda v: v["seats"][1].pop("void"), "seats[1].void"),
        (lambda v: v.update(game="nosuchgame"), "game"),
        (lambda v: v["win"].update(way="gang_draw"), "win.way"),
        (lambda v: v["seats"][0]["melds"].append({"type": "chi", "tile": "1m"}), "seats[0].melds[0].type"),
        (lambda v: v.update(stacks=[1, 2, 3, 4]), "stacks"),
    ],
)
def test_malformed_input_names_the_field(mutate: Any, field: str) -> None:
    value: dict[str, Any] = {
        "game": "sichuan",
        "ruleset": {"preset": "xuezhan"},
        "dealer": 0,
        "winner": 1,
        "win": {"way": "discard", "tile": "2p", "from": 0},
        "seats": [seat(), seat("123p 456p 789p 111p 2p"), seat(), seat()],
    }
    mutate(value)
    assert evaluate(value) == {"error": {"field": field, "message": evaluate(value)["error"]["message"]}}


def test_game_wuhan_is_the_old_contract() -> None:
    """Naming ``"game": "wuhan"`` answers exactly as the unnamed input does."""
    import json
    from pathlib import Path

    line = Path("sample_logs/evaluate/examples.ndjson").read_text(encoding="utf-8").splitlines()[0]
    value = json.loads(line)
    assert evaluate({**value, "game": "wuhan"}) == evaluate(value)


def test_sc_3_8_hand_size() -> None:
    """SC-3.8: the winner holds 13 − 3 × melds concealed tiles before the winning tile."""
    seats = [seat(), seat("123p 456p 789p 111p", void="m"), seat(), seat()]
    a = ev(seats, 1, {"way": "discard", "tile": "2p", "from": 0})
    assert (a["reason"]["code"], a["reason"]["rule"]) == ("wrong_hand_size", "SC-3.8")


def test_sc_5_2_each_winner_of_one_discard_is_paid_its_own_m() -> None:
    """SC-5.2 (E2): one discard, two winners: 对对胡 × 杠上炮 4 and 平胡 × 杠上炮 2, paid one by one."""
    s1 = seat("222p 444p 777m 99p 33m", void="s")
    s3 = seat("12m 456m 789m 555s 88s", void="p")
    win = {"way": "discard", "tile": "3m", "from": 0, "kong": "xu"}
    a1 = ev([seat(void="m"), s1, seat(), s3], 1, win)
    a3 = ev([seat(void="m"), s1, seat(), s3], 3, win)
    assert (a1["multiple"], a1["deltas"]) == (4, [-4, 4, 0, 0])
    assert (a3["multiple"], a3["deltas"]) == (2, [-2, 0, 0, 2])


@pytest.mark.parametrize(
    ("overrides", "deltas"),
    [
        ({"zimo_bonus": "none"}, [-8, -8, 24, -8]),
        ({"zimo_bonus": "di", "cap": {"fan": 3}}, [-9, -9, 27, -9]),
        ({"zimo_bonus": "di", "cap": {"fan": 3}, "di_in_cap": True}, [-8, -8, 24, -8]),
        ({"zimo_bonus": "fan", "cap": {"multiple": 10}}, [-10, -10, 30, -10]),
    ],
)
def test_sc_5_3_zimo_bonus_and_cap(overrides: dict[str, Any], deltas: list[int]) -> None:
    """SC-5.1/5.3: 清一色 G 1 self-drawn (M 8): ``none`` 8, ``di`` 8+1 after the cap, inside it
    with ``di_in_cap``; ``fan`` doubles M to 16 before the cap."""
    seats = [seat(), seat(), seat("1111s 23s 456s 789s 5s", void="m"), seat()]
    a = ev(seats, 2, {"way": "self_draw", "tile": "5s"}, overrides)
    assert a["deltas"] == deltas


def test_base_multiplies_every_amount() -> None:
    seats = [seat(), seat(), seat("1111s 23s 456s 789s 5s", void="m"), seat()]
    assert ev(seats, 2, {"way": "self_draw", "tile": "5s"}, {"base": 10})["deltas"] == [-90, -90, 270, -90]


def test_sc_1_2_xueliu_winners_still_pay_and_win() -> None:
    """SC-1.2 / SC-3.7: in xueliu a seat that won is still active: it pays a self-draw, may win again."""
    seats = [seat(out="won"), seat(), seat("11m 234m 567m 999m 78m", void="p"), seat(out="bankrupt")]
    a = ev(seats, 2, {"way": "self_draw", "tile": "6m"}, preset="xueliu")
    assert a["deltas"] == [-5, -5, 10, 0]
    seats[2]["out"] = "won"
    assert ev(seats, 2, {"way": "self_draw", "tile": "6m"}, preset="xueliu")["legal"] is True


def test_cli_evaluate_reads_a_sichuan_input_beside_a_wuhan_one() -> None:
    """``replay evaluate``: one JSON line per input, each answered by its own game."""
    import json
    from pathlib import Path

    from click.testing import CliRunner

    from cli.main import main

    wuhan = Path("sample_logs/evaluate/examples.ndjson").read_text(encoding="utf-8").splitlines()[0]
    sichuan = {
        "game": "sichuan",
        "ruleset": {"preset": "xuezhan", "overrides": {"cap": {"fan": 3}}},
        "dealer": 0,
        "winner": 2,
        "win": {"way": "self_draw", "tile": "9p"},
        "seats": [seat(), seat(), seat("11p 33p 5555p 77p 88p 9p"), seat()],
    }
    out = CliRunner().invoke(main, ["evaluate", "-"], input=wuhan + "\n" + json.dumps(sichuan) + "\n")
    assert out.exit_code == 0, out.output
    first, second = (json.loads(line) for line in out.output.splitlines())
    assert "game" not in first and first == evaluate(json.loads(wuhan))
    assert (second["game"], second["hand"], second["deltas"]) == (
        "sichuan",
        "qinglongqidui",
        [-9, -9, 27, -9],
    )


# SC-4.5 at its boundary (issue 34) --------------------------------------------------------------
#: Winning hands (13 concealed + the winning tile) by P × 2^G, worked out from SC-4.2/SC-4.3:
#: 8:  1111p 23p 456p 789p 5p + 5p: 清一色 P 4 (runs: no 七对, no 对对胡), 1p ×4 G 1 → 4 · 2 = 8.
#: 16: 11s 22s 3333s 55p 77p 9p + 9p: 七对 with 3s ×4, two suits: 龙七对 P 16, G 1 − 1 = 0 → 16.
#: 32: 11p 33p 5555p 77p 88p 9p + 9p: 清一色 龙七对 = 青龙七对 P 32, G 1 − 1 = 0 → 32 (E3's hand).
#: 64: 1111p 3333p 55p 77p 9p + 9p: 青龙七对 P 32, two fours: G 2 − 1 = 1 → 64.
#: None of them reads as shape (a) with more points.
TIANDI_HANDS = {
    8: "1111p 23p 456p 789p 5p",
    16: "11s 22s 3333s 55p 77p 9p",
    32: "11p 33p 5555p 77p 88p 9p",
    64: "1111p 3333p 55p 77p 9p",
}
WIN_TILE = {8: "5p", 16: "9p", 32: "9p", 64: "9p"}
FLAT_TIAN = ("tianhu", 0, 32, True, "天胡 32 = 32")
FLAT_DI = ("dihu", 0, 32, True, "地胡 32 = 32")
KEPT_G1 = ("qinglongqidui", 1, 64, False, "青龙七对 32 · 根 2 = 64")
KEPT_FAN = ("qinglongqidui", 0, 64, False, "青龙七对 32 · 自摸 2 = 64")


@pytest.mark.parametrize(
    ("first", "way", "zimo_bonus", "ptg", "want", "deltas"),
    [
        # 天胡, dealer 0 self-draws; ``di``: M = P·2^G, each other seat pays M' + 1 (SC-5.3).
        # M 16 < 32 → flat 32, each pays 33: +99.  M 32 = 32 → flat (SC-4.5: only a larger M
        # is kept), each 33.  M 64 > 32 → 青龙七对 32 · 根 2 = 64, each 65: +195.
        ("tianhu", "self_draw", "di", 16, FLAT_TIAN, [99, -33, -33, -33]),
        ("tianhu", "self_draw", "di", 32, FLAT_TIAN, [99, -33, -33, -33]),
        ("tianhu", "self_draw", "di", 64, KEPT_G1, [195, -65, -65, -65]),
        # ``fan``: the normal M of a self-draw is P·2^G × 2 (SC-5.1) and there is no +1; flat 32
        # has no ``fan`` doubling.  P·2^G 8 → M 16 → flat: each pays 32.  16 → M 32 → flat.
        # 32 → M 64 → 青龙七对 32 · 自摸 2 = 64: each pays 64.
        ("tianhu", "self_draw", "fan", 8, FLAT_TIAN, [96, -32, -32, -32]),
        ("tianhu", "self_draw", "fan", 16, FLAT_TIAN, [96, -32, -32, -32]),
        ("tianhu", "self_draw", "fan", 32, KEPT_FAN, [192, -64, -64, -64]),
        # 地胡 on the dealer's first discard: only seat 0 pays (SC-5.2), M = P·2^G under either
        # ``zimo_bonus`` (``fan`` doubles self-draws only): 16 → flat 32; 32 → flat 32; 64 kept.
        ("dihu", "discard", "di", 16, FLAT_DI, [-32, 32, 0, 0]),
        ("dihu", "discard", "di", 32, FLAT_DI, [-32, 32, 0, 0]),
        ("dihu", "discard", "di", 64, KEPT_G1, [-64, 64, 0, 0]),
        ("dihu", "discard", "fan", 16, FLAT_DI, [-32, 32, 0, 0]),
        ("dihu", "discard", "fan", 32, FLAT_DI, [-32, 32, 0, 0]),
        ("dihu", "discard", "fan", 64, KEPT_G1, [-64, 64, 0, 0]),
        # 地胡 by self-draw on seat 1's first draw: as 天胡 with seat 1 paid by 0, 2 and 3.
        ("dihu", "self_draw", "di", 16, FLAT_DI, [-33, 99, -33, -33]),
        ("dihu", "self_draw", "di", 32, FLAT_DI, [-33, 99, -33, -33]),
        ("dihu", "self_draw", "di", 64, KEPT_G1, [-65, 195, -65, -65]),
        ("dihu", "self_draw", "fan", 8, FLAT_DI, [-32, 96, -32, -32]),
        ("dihu", "self_draw", "fan", 16, FLAT_DI, [-32, 96, -32, -32]),
        ("dihu", "self_draw", "fan", 32, KEPT_FAN, [-64, 192, -64, -64]),
    ],
)  # fmt: skip
def test_sc_4_5_flat_unless_the_normal_m_is_larger(
    first: str, way: str, zimo_bonus: str, ptg: int, want: tuple[Any, ...], deltas: list[int]
) -> None:
    """SC-4.5 / SC-5.1: a 天胡/地胡 scores flat M 32 (gen 0, no ways, named tianhu/dihu) unless its
    normal M is larger: at exactly 32 it is flat (issue 34)."""
    winner = 0 if first == "tianhu" else 1
    seats = [seat(), seat(), seat(), seat()]
    seats[winner] = seat(TIANDI_HANDS[ptg])
    win: dict[str, Any] = {"way": way, "tile": WIN_TILE[ptg], "first": first}
    if way == "discard":
        win["from"] = 0
    a = ev(seats, winner, win, {"zimo_bonus": zimo_bonus})
    assert (a["hand"], a["gen"], a["multiple"], a["flat"], a["expression"]) == want
    assert a["ways"] == [] and a["deltas"] == deltas


def test_sc_4_5_issue_34_inputs_are_flat() -> None:
    """The issue's three inputs. 青龙七对 11p 33p 5555p 77p 88p 9p + 9p: 32 · 2^(1−1) = 32; 龙七对
    1111m 2222p 66p 88p 9p + 9p off the dealer: 16 · 2^(2−1) = 32; 清一色 456p 6p 7777p 88p 999p + 9p
    under ``fan`` (7p and 9p four: G 2): 4 · 2² · 2 = 32. Each equals 32, so each is flat (SC-4.5):
    天胡 / 地胡 / 天胡, gen 0, M 32; payments 33 × 3, 32, 32 × 3."""
    a = ev(
        [seat("11p 33p 5555p 77p 88p 9p"), seat(), seat(void="s"), seat()],
        0,
        {"way": "self_draw", "tile": "9p", "first": "tianhu"},
    )
    b = ev(
        [seat(), seat("1111m 2222p 66p 88p 9p", void="s"), seat(void="s"), seat()],
        1,
        {"way": "discard", "tile": "9p", "from": 0, "first": "dihu"},
    )
    c = ev(
        [seat(void="s"), seat(), seat("456p 6p 7777p 88p 999p"), seat()],
        2,
        {"way": "self_draw", "tile": "9p", "first": "tianhu"},
        {"zimo_bonus": "fan"},
        dealer=2,
    )
    got = [(x["hand"], x["gen"], x["multiple"], x["flat"], x["deltas"]) for x in (a, b, c)]
    assert got == [
        ("tianhu", 0, 32, True, [99, -33, -33, -33]),
        ("dihu", 0, 32, True, [-32, 32, 0, 0]),
        ("tianhu", 0, 32, True, [-32, -32, 96, -32]),
    ]
