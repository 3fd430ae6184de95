"""``replay evaluate`` of 二人 wins (``"game": "erren"``): legality by ER-3.4 (起胡, ER-6.2), the
fans with their readings, T and Q, the receipt (ER-6.3), and inputs refused by the field."""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.wuhan.evaluate import evaluate


def answer(
    hand: list[str],
    tile: str,
    *,
    melds: list[dict[str, Any]] | None = None,
    flowers: list[str] | None = None,
    way: str = "discard",
    ways: list[str] | None = None,
    preset: str = "erren",
    overrides: dict[str, Any] | None = None,
    winner: int = 1,
    other: dict[str, Any] | None = None,
) -> dict[str, Any]:
    seat: dict[str, Any] = {"hand": hand, "melds": melds or [], "flowers": flowers or []}
    seats: list[dict[str, Any]] = (
        [other or {"hand": []}, seat] if winner == 1 else [seat, other or {"hand": []}]
    )
    win: dict[str, Any] = {"way": way, "tile": tile, "ways": ways or []}
    if way == "discard":
        win["from"] = 1 - winner
    return evaluate(
        {
            "game": "erren",
            "ruleset": {"preset": preset, "overrides": overrides or {}},
            "dealer": 0,
            "winner": winner,
            "win": win,
            "seats": seats,
        }
    )


E1 = ["1s", "2s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "E"]
PENG_C = [{"type": "peng", "tile": "C", "from": 0}]


def test_e1_answer_lists_fans_reading_and_receipt_er_6_3() -> None:
    out = answer(E1, "3s", melds=PENG_C, flowers=["夏"])
    assert out["legal"] is True and out["reason"] is None
    assert [(f["id"], f["points"]) for f in out["fans"]] == [
        ("qinglong", 16), ("hunyise", 6), ("jianke", 2), ("bianzhang", 1), ("huapai", 1),
    ]  # fmt: skip
    assert out["fans"][0]["zh"] == "清龙" and out["fans"][-1]["qihu"] is False
    assert (out["total"], out["qualifying"], out["deltas"]) == (26, 25, [-26, 26])
    assert out["reading"] == "[CCC] 123s* 456s 789s EE"
    assert out["receipt"]["amount"] == 26
    assert out["receipt"]["lines"][0] == "清龙 qinglong (Pure Straight) 16"
    assert out["receipt"]["lines"][-1] == "seat 0 pays seat 1: fan 番: 1 × 26 = 26"


def test_guobiao_and_cap_er_6_3() -> None:
    assert answer(E1, "3s", melds=PENG_C, flowers=["2h"], preset="erren-gb")["deltas"] == [-34, 34]
    capped = answer(E1, "3s", melds=PENG_C, overrides={"cap": 20})
    assert capped["deltas"] == [-20, 20] and "capped at 20" in capped["receipt"]["lines"][-1]
    assert answer(E1, "3s", melds=PENG_C, overrides={"unit": 3})["deltas"] == [-75, 75]


def test_win_under_qihu_is_illegal_but_listed_er_3_4() -> None:
    # E2 on 2s: hunyise 6 + yaojiuke 1 = Q 7; the flowers (nq) do not lift it to 8
    chi_peng: list[dict[str, Any]] = [
        {"type": "chi", "tiles": ["1s", "2s", "3s"]},
        {"type": "peng", "tile": "9s"},
    ]
    hand = ["6s", "7s", "8s", "3s", "4s", "E", "E"]
    out = answer(hand, "2s", melds=chi_peng, flowers=["1h", "5h"])
    assert (
        out["legal"] is False and out["reason"]["code"] == "below_qihu" and out["reason"]["rule"] == "ER-3.4"
    )
    assert (out["total"], out["qualifying"], out["deltas"]) == (9, 7, None)
    lite = answer(hand, "2s", melds=chi_peng, flowers=["1h", "5h"], preset="erren-lite")
    assert lite["legal"] is True and lite["deltas"] == [-9, 9]


def test_every_reading_is_reported_er_4_2() -> None:
    out = answer(["1s", "1s", "1s", "2s", "2s", "2s", "3s", "3s", "3s", "9s", "9s", "E", "E"], "9s", winner=0)
    assert [r["total"] for r in out["readings"]] == [56, 37]
    assert out["deltas"] == [56, -56]


def test_not_a_winning_shape_er_4_1() -> None:
    out = answer(["1s", "2s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S"], "3s", melds=PENG_C)
    assert out["legal"] is False and out["reason"]["code"] == "not_a_winning_hand"
    assert out["reason"]["rule"] == "ER-4.1"


def test_qianggang_needs_the_other_seats_peng_er_3_3() -> None:
    hand = ["4s", "6s", "7s", "8s", "9s", "2s", "2s", "P", "P", "P"]
    nnn = [{"type": "peng", "tile": "N"}]
    robbed = answer(
        hand,
        "5s",
        melds=nnn,
        ways=["qianggang"],
        other={"hand": [], "melds": [{"type": "peng", "tile": "5s"}]},
    )
    assert robbed["legal"] is True and robbed["total"] == 20  # E6: 和绝张 is dropped by 抢杠和 anyway
    bad = answer(hand, "5s", melds=nnn, ways=["qianggang"])
    assert bad["reason"]["code"] == "rob_not_xu_gang" and bad["reason"]["rule"] == "ER-3.3"


def test_table_checks_er_1_1() -> None:
    out = answer(["1s"] * 4 + ["2s", "3s", "4s", "5s", "6s", "7s"], "1s", melds=PENG_C)
    assert out["reason"]["code"] == "too_many_copies" and out["reason"]["rule"] == "ER-1.1"
    short = answer(E1[:-1], "3s", melds=PENG_C)
    assert short["reason"]["code"] == "wrong_hand_size"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"hand": ["1m"] + E1[1:]}, "seats[1].hand[0]"),
        ({"flowers": ["1s"]}, "seats[1].flowers[0]"),
        ({"flowers": ["1h", "春"]}, "seats[1].flowers[1]"),
        ({"ways": ["haidi", "tianhu"]}, "win.ways[1]"),
        ({"ways": ["zimo"]}, "win.ways[0]"),
        ({"ways": ["lizhi"]}, "win.ways[0]"),
        ({"overrides": {"fan_values": {"qinglong": -1}}}, "ruleset.overrides.fan_values.qinglong"),
        ({"overrides": {"qihu": 0}}, "ruleset.overrides.qihu"),
    ],
)
def test_bad_input_names_the_field(change: dict[str, Any], field: str) -> None:
    kwargs: dict[str, Any] = {"melds": PENG_C}
    hand = change.pop("hand", E1)
    kwargs.update(change)
    assert answer(hand, "3s", **kwargs)["error"]["field"] == field
