"""``replay evaluate`` of described Changchun wins (docs/evaluate.md, "game": "changchun"):
§8's examples as inputs, each refusal with its CC id, bad input naming the field."""

from __future__ import annotations

from typing import Any

from replay.games import GAMES

E3_HAND = ["2m", "3m", "4m", "7s", "8s", "9s", "1p", "1p", "1p", "5m", "5m", "4p", "6p"]


def ev(win: dict[str, Any], hand: list[str], melds: list[Any] | None = None, **top: Any) -> dict[str, Any]:
    seats: list[dict[str, Any]] = [{"hand": []} for _ in range(4)]
    winner = top.pop("winner", 1)
    seats[winner] = {"hand": hand, "melds": melds or []}
    for s, m in top.pop("others", {}).items():
        seats[s] = {"hand": [], "melds": m}
    value = {
        "game": "changchun",
        "ruleset": top.pop("ruleset", {"preset": "changchun"}),
        "dealer": top.pop("dealer", 0),
        "winner": winner,
        "win": win,
        "seats": seats,
    }
    return GAMES["changchun"].evaluate(value)


def test_e3_mobao_with_gang_money_apart() -> None:
    """E3 (CC-4.6, CC-6.1): 4 fan, [−32, +64, −16, −16]; seat 3's xuanfeng + 补 E: 2 from each, apart."""
    out = ev(
        {"way": "mobao", "tile": "8p", "bao": "8p", "ting": True},
        E3_HAND,
        others={3: [{"type": "gang", "kind": "xuanfeng", "bu": ["E"]}]},
    )
    assert out["legal"] and out["read_as"] == "5p"
    assert out["hands"] == ["menqing", "jiahu", "zimo", "bao"] and out["fan"] == 4
    assert out["win_deltas"] == [-32, 64, -16, -16]
    assert out["gang_deltas"] == [-2, -2, -2, 6]
    assert out["deltas"] == [-34, 62, -18, -10]
    assert out["fan_by_seat"] == [5, None, 4, 4]


def test_e1_dianpao_and_e7_qianghu() -> None:
    """E1 (CC-6.2) and E7 (CC-2.4: seat 3 holds the peng of 5p it extended)."""
    e1 = ev(
        {"way": "dianpao", "tile": "5m", "from": 3},
        ["1m", "2m", "3m", "4s", "5s", "6s", "6m", "7m", "5p", "5p"],
        [{"type": "peng", "tile": "9p", "from": 0}],
        winner=2,
    )
    assert e1["hands"] == ["pinghu"] and e1["deltas"] == [-2, -1, 5, -2]
    hand = ["1s", "2s", "3s", "7m", "8m", "9m", "3p", "3p", "3p", "4p", "6p", "E", "E"]
    e7 = ev(
        {"way": "qianghu", "tile": "5p", "from": 3},
        hand,
        winner=0,
        dealer=2,
        others={3: [{"type": "peng", "tile": "5p", "from": 1}]},
    )
    assert e7["deltas"] == [20, -4, -8, -8]
    bad = ev({"way": "qianghu", "tile": "5p", "from": 3}, hand, winner=0, dealer=2)
    assert bad["reason"]["rule"] == "CC-2.4" and bad["reason"]["code"] == "rob_nothing"


def test_e4_duibao_tile_defaults_to_the_bao() -> None:
    """E4 (CC-4.5): 对宝 on W: 6 fan with the dealer → 64 each."""
    out = ev(
        {"way": "duibao", "bao": "W", "ting": True},
        ["1m", "1m", "1m", "9p", "9p", "9p", "5s", "5s", "5s", "E", "E", "E", "W"],
        winner=0,
    )
    assert out["deltas"] == [192, -64, -64, -64]


def test_refusals_name_their_cc_rule() -> None:
    """CC-4.2 (宝 win without 报听), CC-5.3, CC-5.4, CC-4.5, CC-1.1; gang money still reported."""
    no_ting = ev({"way": "mobao", "tile": "8p", "bao": "8p"}, E3_HAND)
    assert (no_ting["legal"], no_ting["reason"]["rule"]) == (False, "CC-4.2")
    duan = ev(
        {"way": "zimo", "tile": "6s"},
        ["2m", "3m", "4m", "5p", "5p", "5p", "6s", "7s", "8s", "4m", "4m", "7s", "8s"],
    )
    assert duan["reason"]["rule"] == "CC-5.3" and duan["reason"]["code"] == "no_yaojiu"
    noke = ev(
        {"way": "zimo", "tile": "E"},
        ["1m", "2m", "3m", "4m", "5m", "6m", "2p", "3p", "4p", "6s", "7s", "8s", "E"],
    )
    assert noke["reason"]["rule"] == "CC-5.4" and noke["deltas"] is None
    dui = ev({"way": "duibao", "bao": "3s", "ting": True}, E3_HAND)
    assert dui["reason"]["rule"] == "CC-4.5"
    five = ev(
        {"way": "zimo", "tile": "1p"},
        E3_HAND,
        others={2: [{"type": "peng", "tile": "1p", "from": 1}]},
        ruleset={"preset": "changchun"},
    )
    assert five["reason"]["rule"] == "CC-1.1"
    an = ev(
        {"way": "zimo", "tile": "E"},
        ["1m", "2m", "3m", "4m", "5m", "6m", "2p", "3p", "4p", "6s", "7s", "8s", "E"],
        others={0: [{"type": "gang", "kind": "an", "tile": "C"}]},
    )
    assert not an["legal"] and an["gang_deltas"] == [12, -4, -4, -4]  # 暗大蛋 4 (CC-3.5, CC-6.3)


def test_bad_input_names_the_field() -> None:
    assert ev({"way": "zimo"}, E3_HAND)["error"]["field"] == "win.tile"
    assert ev({"way": "mobao", "tile": "8p", "ting": True}, E3_HAND)["error"]["field"] == "win.bao"
    assert ev({"way": "dianpao", "tile": "5p"}, E3_HAND)["error"]["field"] == "win.from"
    bad_bu = ev(
        {"way": "zimo", "tile": "5p"}, E3_HAND, others={2: [{"type": "gang", "kind": "xi", "bu": ["E"]}]}
    )
    assert bad_bu["error"]["field"] == "seats[2].melds[0].bu[0]"
    bad_rules = ev(
        {"way": "zimo", "tile": "5p"}, E3_HAND, ruleset={"preset": "changchun", "overrides": {"cap": 0}}
    )
    assert bad_rules["error"]["field"] == "ruleset.overrides.cap"
