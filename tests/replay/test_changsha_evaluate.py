"""``replay evaluate`` of Changsha wins (``"game": "changsha"``): §8's examples as evaluations,
the verdicts with their CS rule ids, and input errors that name the field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from replay.games.wuhan.evaluate import evaluate

SAMPLES = Path(__file__).resolve().parents[2] / "sample_logs" / "evaluate" / "changsha.ndjson"


def tiles(text: str) -> list[str]:
    """``"123m 55p"`` -> ["1m", "2m", "3m", "5p", "5p"]."""
    out = []
    for group in text.split():
        out += [d + group[-1] for d in group[:-1]]
    return out


def seat(hand: str = "", melds: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"hand": tiles(hand), "melds": melds or []}


def ev(
    seats: list[dict[str, Any]],
    winner: int,
    win: dict[str, Any],
    birds: list[str] | None = None,
    overrides: dict[str, Any] | None = None,
    dealer: int = 0,
    preset: str = "changsha",
) -> dict[str, Any]:
    return evaluate(
        {
            "game": "changsha",
            "ruleset": {"preset": preset, "overrides": overrides or {}},
            "dealer": dealer,
            "winner": winner,
            "win": win,
            "seats": seats,
            "birds": birds or [],
        }
    )


def at(winner: int, hand: str, melds: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    out = [seat(), seat(), seat(), seat()]
    out[winner] = seat(hand, melds)
    return out


def test_e1_small_self_draw() -> None:
    """E1, CS-6.1: a self-draw is paid by every other seat, in seat order."""
    a = ev(at(2, "123m 456m 789s 345p 5p"), 2, {"way": "self_draw", "tile": "5p"}, ["7s"])
    assert (a["legal"], a["hands"], a["k"], a["big"]) == (True, ["pinghu"], 1, False)
    assert (a["bird_seats"], a["deltas"]) == ([2], [-40, -20, 80, -20])
    assert a["receipts"][0] == {
        "seat": 0,
        "to": 2,
        "expression": "小胡自摸 small self-draw k1 × 庄 dealer 20 · 中鸟 birds 1 ×2 = 40",
        "birds": 1,
        "amount": 40,
    }


def test_e3_stacking_and_once() -> None:
    melds = [{"type": "peng", "tile": "2s", "from": 0}, {"type": "peng", "tile": "5s", "from": 3}]
    seats = at(1, "777s 99s 33s", melds)
    a = ev(seats, 1, {"way": "self_draw", "tile": "3s"}, ["6m"])
    assert (a["hands"], a["hands_zh"], a["k"]) == (["pengpenghu", "qingyise"], ["碰碰胡", "清一色"], 2)
    assert a["expression"] == "碰碰胡 pengpenghu + 清一色 qingyise = k2"
    assert a["deltas"] == [-160, 400, -120, -120]
    once = ev(seats, 1, {"way": "self_draw", "tile": "3s"}, ["6m"], {"dealer_scaling": "once"})
    assert once["deltas"] == [-140, 380, -120, -120]


def test_e4_tongpao_is_two_evaluations() -> None:
    """E4: each winner of one discard settles separately with the shared bird."""
    seats = [seat("11m 44m 66s 99s 33p 77p 5p"), seat(), seat(), seat("123m 456s 789p 22p 34p")]
    win = {"way": "discard", "tile": "5p", "from": 2}
    a0, a3 = ev(seats, 0, win, ["3m"]), ev(seats, 3, win, ["3m"])
    assert (a0["hands"], a0["deltas"], a3["hands"], a3["deltas"]) == (
        ["qixiaodui"], [140, 0, -140, 0], ["pinghu"], [0, 0, -20, 20],
    )  # fmt: skip


def test_e5_gangshangkaihua_with_an_an_kong() -> None:
    seats = at(1, "234s 567p 22m 45m", [{"type": "gang", "kind": "an", "tile": "6m"}])
    a = ev(seats, 1, {"way": "self_draw", "tile": "3m", "ways": ["gangshangkaihua"]}, ["5s"])
    assert (a["hands"], a["deltas"]) == (["gangshangkaihua"], [-80, 140, -30, -30])
    two = ev(
        seats,
        1,
        {"way": "self_draw", "tile": "3m", "ways": ["gangshangkaihua"], "kaihua_twice": True},
        ["5s"],
    )
    assert (two["k"], two["deltas"]) == (2, [-160, 280, -60, -60])


def test_e6_gangshangpao_qingyise() -> None:
    """E6, CS-6.1: 杠上炮 is paid by the ganger alone."""
    a = ev(
        at(1, "123p 456p 789p 22p 67p"),
        1,
        {"way": "discard", "tile": "8p", "from": 3, "ways": ["gangshangpao"]},
        ["2m"],
    )
    assert (a["hands"], a["k"], a["deltas"]) == (["qingyise", "gangshangpao"], 2, [0, 240, 0, -240])


def test_e7_haidipao_dealer_seat_2() -> None:
    seats = [seat(), seat("234m 678s 345p 88p 46s"), seat(), seat("111m 789m 345s 22p 55s")]
    win = {"way": "discard", "tile": "5s", "from": 0, "ways": ["haidipao"]}
    a1, a3 = ev(seats, 1, win, ["5s"], dealer=2), ev(seats, 3, win, ["5s"], dealer=2)
    assert (a1["bird_seats"], a1["deltas"], a3["deltas"]) == ([2], [-60, 60, 0, 0], [-60, 0, 0, 60])


def test_e9_qiangganghu_needs_the_robbed_peng() -> None:
    seats = at(0, "34m 22s 678s 123p 789p")
    seats[2] = seat("", [{"type": "peng", "tile": "5m", "from": 1}])
    a = ev(seats, 0, {"way": "discard", "tile": "5m", "from": 2, "ways": ["qiangganghu"]}, ["9m"])
    assert (a["hands"], a["deltas"]) == (["qiangganghu"], [140, 0, -140, 0])
    seats[2] = seat()
    bad = ev(seats, 0, {"way": "discard", "tile": "5m", "from": 2, "ways": ["qiangganghu"]}, ["9m"])
    assert (bad["legal"], bad["reason"]["code"], bad["reason"]["rule"]) == (
        False,
        "rob_not_xu_gang",
        "CS-3.7",
    )


def test_e10_buzhang_win_dealer_seat_1() -> None:
    seats = at(3, "34m 22s 678s 123p", [{"type": "gang", "kind": "an", "tile": "9p"}])
    a = ev(seats, 3, {"way": "self_draw", "tile": "5m"}, ["2p"], dealer=1)
    assert (a["hands"], a["bird_seats"], a["deltas"]) == (["pinghu"], [2], [-10, -20, -20, 50])


def test_cs_4_1_no_jiang_pair_and_cs_4_4_with_a_way() -> None:
    seats = at(2, "123m 456m 789s 345p 9p")
    a = ev(seats, 2, {"way": "self_draw", "tile": "9p"})
    assert (a["legal"], a["reason"]["code"], a["reason"]["rule"], a["deltas"]) == (
        False, "no_jiang_pair", "CS-4.1", None,
    )  # fmt: skip
    a = ev(seats, 2, {"way": "self_draw", "tile": "9p", "ways": ["haidilaoyue"]})
    assert (a["reason"]["code"], a["reason"]["rule"]) == ("no_jiang_pair", "CS-4.4")
    assert "海底捞月" in a["reason"]["message"]
    a = ev(seats, 2, {"way": "self_draw", "tile": "8p"})
    assert (a["reason"]["code"], a["reason"]["rule"]) == ("not_a_winning_hand", "CS-4.1")


def test_cs_3_10_hand_size_and_cs_1_1_copies() -> None:
    a = ev(at(1, "123p 456p 789p 111p"), 1, {"way": "discard", "tile": "2p", "from": 0})
    assert (a["reason"]["code"], a["reason"]["rule"]) == ("wrong_hand_size", "CS-3.10")
    seats = at(1, "1111p 456p 789p 23p 5p")
    seats[0] = seat("", [{"type": "peng", "tile": "1p", "from": 2}])
    a = ev(seats, 1, {"way": "discard", "tile": "2p", "from": 0})
    assert (a["reason"]["code"], a["reason"]["rule"]) == ("too_many_copies", "CS-1.1")


def test_app_preset_haohua_and_linear_birds() -> None:
    """changsha-app: 双豪华七小对 k 3, units 6 with the dealer once: (3 × 6 + 1) × 2^h."""
    seats = at(1, "1111m 3333s 66p 7p 99p")
    a = ev(seats, 1, {"way": "discard", "tile": "7p", "from": 0}, ["1p", "4s"], preset="changsha-app")
    assert (a["hands"], a["k"]) == (["qixiaodui", "haohua"], 3)
    assert (a["bird_seats"], a["deltas"]) == ([0, 3], [-38, 38, 0, 0])
    lin = ev(
        seats,
        1,
        {"way": "discard", "tile": "7p", "from": 0},
        ["1p", "2p"],
        {"bird_mode": "linear"},
        preset="changsha-app",
    )
    assert lin["deltas"] == [-57, 57, 0, 0]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"win": {"way": "self_draw", "tile": "5z"}}, "win.tile"),
        ({"win": {"way": "ron", "tile": "5p"}}, "win.way"),
        ({"win": {"way": "discard", "tile": "5p"}}, "win.from"),
        ({"win": {"way": "self_draw", "tile": "5p", "ways": ["haidipao"]}}, "win.ways[0]"),
        ({"win": {"way": "self_draw", "tile": "5p", "ways": ["tianhu"]}}, "win.ways[0]"),
        ({"win": {"way": "self_draw", "tile": "5p", "ways": ["shisanyao"]}}, "win.ways[0]"),
        ({"win": {"way": "self_draw", "tile": "5p", "kaihua_twice": True}}, "win.kaihua_twice"),
        ({"birds": ["1m", "2m"]}, "birds"),
        ({"birds": ["C"]}, "birds[0]"),
        ({"ruleset": {"preset": "changsha", "overrides": {"birds": 9}}}, "ruleset.overrides.birds"),
        ({"seats": [seat(), seat()]}, "seats"),
        ({"colour": 1}, "colour"),
    ],
)
def test_malformed_input_names_the_field(change: dict[str, Any], field: str) -> None:
    value = {
        "game": "changsha",
        "ruleset": {"preset": "changsha"},
        "dealer": 0,
        "winner": 2,
        "win": {"way": "self_draw", "tile": "5p"},
        "seats": at(2, "123m 456m 789s 345p 5p"),
        **change,
    }
    assert evaluate(value)["error"]["field"] == field


def test_the_samples_answer_as_documented() -> None:
    """sample_logs/evaluate/changsha.ndjson: E1, E3, E6 legal; the 将 rule refusing one."""
    answers = [evaluate(json.loads(line)) for line in SAMPLES.read_text(encoding="utf-8").splitlines()]
    assert [a["deltas"] for a in answers] == [
        [-40, -20, 80, -20],
        [-160, 400, -120, -120],
        [0, 240, 0, -240],
        None,
    ]
    assert answers[-1]["reason"]["code"] == "no_jiang_pair"


def test_cli_evaluate_reads_a_changsha_input() -> None:
    """``replay evaluate``: the game is found by the input's ``game``."""
    from click.testing import CliRunner

    from cli.main import main

    line = SAMPLES.read_text(encoding="utf-8").splitlines()[0]
    out = CliRunner().invoke(main, ["evaluate", "-"], input=line + "\n")
    assert out.exit_code == 0, out.output
    assert json.loads(out.output.splitlines()[0])["deltas"] == [-40, -20, 80, -20]
