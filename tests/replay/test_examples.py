"""RULES.md §12 worked examples E1–E6, exactly as the sources compute them."""

from __future__ import annotations

from replay.evaluate import evaluate
from tests.builders import chi, gang, peng, seat, win_input

NOBODY = seat()


def test_E1_koukou_small_hand_on_a_discard() -> None:
    """S2's table: D wins a hard 屁胡 on A's discard (口口番, 赖子杠 ×2)."""
    a = seat("", peng("9m", 2))
    b = seat("", peng("9s", 2), peng("E", 3))  # dealer, opened twice
    c = seat("", peng("1m", 1), peng("S", 0), pizi_gangs=1, laizi_gangs=1)
    d = seat("1m 2m 3m 4m 5m 6m 7m 8m 9m 2p", chi("1s 2s 3s", 2))
    out = evaluate(
        win_input(
            [a, b, c, d],
            3,
            "discard",
            "2p",
            0,
            dealer=1,
            preset="hzlzg-koukou",
            laizi="5p",
            laizi_gang_factor=2,
        )
    )
    assert out["legal"] and out["hands"] == ["pihu"] and out["hard"]
    pays = {r["seat"]: r["raw"] for r in out["receipts"]}
    assert pays == {0: 16, 1: 32, 2: 64}  # 1·(2·2)·(2·2), 1·(2·2)·(4)·2, 1·(2·2)·(4·2·2)
    assert out["deltas"] == [-16, -32, -64, 112]


def _e2(dealer: int) -> dict:
    winner = seat("1m 2m 3m 4m 5m 6m 2p", chi("1s 2s 3s", 3), gang("an", "9p"))
    losers = [NOBODY, seat("", peng("E", 0)), seat("", peng("W", 0), gang("ming", "N", 1))]
    return evaluate(win_input([winner, *losers], 0, "self_draw", "2p", dealer=dealer))


def test_E2_self_drawn_small_hand_with_an_gang() -> None:
    """S0: the winner's side is 1·2·4·2·2 = 32; ×1, ×2 (opened), ×2·2 (opened, one gang)."""
    out = _e2(dealer=3)
    by_seat = {r["seat"]: r for r in out["receipts"]}
    assert by_seat[1]["expression"] == "1·2·4·2·2" and by_seat[1]["raw"] == 32  # never opened
    assert by_seat[2]["raw"] == 64  # opened
    out = _e2(dealer=1)
    assert {r["seat"]: r["raw"] for r in out["receipts"]}[3] == 128  # opened and one gang


def test_E3_gangshangkai_after_an_gang() -> None:
    """S0: 10·2·4·2 = 160 from an unopened loser, 320 from an opened one; no self-draw or dealer factor."""
    winner = seat("1m 2m 3m 4m 5m 6m 2p", chi("1s 2s 3s", 3), gang("an", "9p"))
    seats = [winner, NOBODY, seat("", peng("E", 3)), NOBODY]
    out = evaluate(win_input(seats, 0, "gang_draw", "2p", dealer=0, cap=None))
    assert out["hands"] == ["gangshangkai"] and out["hard"] and out["base"] == 10
    by_seat = {r["seat"]: r for r in out["receipts"]}
    assert by_seat[1]["expression"] == "10·2·4·2" and by_seat[1]["pays"] == 160
    assert by_seat[2]["pays"] == 320
    assert out["deltas"] == [640, -160, -320, -160]


def test_E4_pengpenghu_self_drawn_with_two_ming_gangs() -> None:
    """S0: 15·2·2·2·2 = 240 on the winner's side (10 × 1.5 for a big hand's 自摸)."""
    winner = seat("5p 5p 5p 7s", gang("ming", "1m", 2), gang("ming", "9s", 1), peng("E", 3))
    out = evaluate(win_input([winner, NOBODY, NOBODY, NOBODY], 0, "self_draw", "7s", cap=None))
    assert out["hands"] == ["pengpenghu"] and out["hard"]
    assert [r["raw"] for r in out["receipts"]] == [240, 240, 240]
    assert out["receipts"][0]["expression"] == "10·2·2·2·2·1.5"


def test_E5_pengpenghu_with_gangshangkai_stacks_to_20() -> None:
    """S0: 碰碰胡 + 杠上开 is base 20; opened makes it 40 before the other factors."""
    winner = seat("5p 5p 5p 7s", gang("ming", "1m", 2), peng("9s", 1), peng("E", 3))
    out = evaluate(win_input([winner, NOBODY, NOBODY, NOBODY], 0, "gang_draw", "7s", cap=None))
    assert out["hands"] == ["pengpenghu", "gangshangkai"] and out["base"] == 20
    assert out["receipts"][0]["expression"].startswith("20·2·")
    assert out["receipts"][0]["raw"] == 20 * 2 * 2 * 2  # opened, ming-gang, hard


def _e6(gangs: int, opened: list[bool]) -> dict:
    melds = [gang("ming", "1m", 1), gang("ming", "9m", 2) if gangs == 2 else peng("9m", 2)]
    winner = seat("3m 3m 3m 5m 5m 5m 7m", *melds)
    losers = [seat("", peng(t, 0)) if o else NOBODY for t, o in zip(["E", "S", "W"], opened, strict=True)]
    return evaluate(win_input([winner, *losers], 0, "self_draw", "7m", preset="hzfclzg"))


def test_E6_hzfclzg_caps() -> None:
    """S0: a loser stops at 400; all three at 400 pay 500 each; unopened 600; none opened 700."""
    out = _e6(1, [True, False, False])  # 20·2·2·2·1.5 = 240 winner-side: 480 opened, 240 not
    assert [r["pays"] for r in out["receipts"]] == [400, 240, 240] and out["capped"] == "cap"
    out = _e6(2, [True, True, True])  # 480 winner-side: everyone reaches 400
    assert [r["pays"] for r in out["receipts"]] == [500, 500, 500] and out["capped"] == "golden"
    out = _e6(2, [True, False, True])
    assert [r["pays"] for r in out["receipts"]] == [500, 600, 500] and out["capped"] == "sunshine"
    out = _e6(2, [False, False, False])
    assert [r["pays"] for r in out["receipts"]] == [700, 700, 700] and out["capped"] == "triple_sunshine"
    assert out["hands"] == ["qingyise", "pengpenghu"] and out["deltas"][0] == 2100
