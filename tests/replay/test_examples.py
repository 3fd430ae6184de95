"""RULES.md §12 worked examples E1–E11, exactly as the sources (and P, for E7–E11) compute them."""

from __future__ import annotations

from replay.games.wuhan.evaluate import evaluate
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


# E7–E11 (RULES.md §12): preset qipi, seat 0 the dealer, W = the winner's factors.


def test_E7_pi_gang_gangshangkai() -> None:
    """R-3.6, R-4.4: indicator 4万 makes 4万 and 3万 皮; seat 1 puts its 3万 out as a 皮子杠 and
    wins 杠上开 on 5条. 10 · W 16 (口口番 2², 皮子杠 2, hard 2), no self-draw factor."""
    seats = [
        seat("", peng("E", 2)),
        seat("6s 7s 8s 2p 2p 2p 5s", chi("1s 2s 3s", 0), peng("9p", 2), pi_gangs=1),
        NOBODY,
        seat("", peng("W", 1), pizi_gangs=1),
    ]
    out = evaluate(win_input(seats, 1, "gang_draw", "5s", preset="qipi", indicator="4m"))
    assert out["legal"] and out["hands"] == ["gangshangkai"] and out["hard"] and out["base"] == 10
    by_seat = {r["seat"]: r for r in out["receipts"]}
    assert by_seat[2]["expression"] == "10·4·2·2" and by_seat[2]["raw"] == 160
    assert [f["zh"] for f in by_seat[2]["factors"]][2] == "皮子杠"
    assert by_seat[0]["raw"] == 320 and by_seat[3]["raw"] == 640  # 10·16·2, 10·16·2·2
    assert out["capped"] == "cap" and out["deltas"] == [-300, 760, -160, -300]


def _e8(**overrides: object) -> dict:
    seats = [
        seat("", laizi_gangs=1),
        seat("", peng("E", 3), peng("S", 3)),
        seat("1s 2s 3s 4p 5p 6p 7p 8p 9p 2s", peng("7m", 1)),
        NOBODY,
    ]
    return evaluate(win_input(seats, 2, "haidi", "2s", preset="qipi", indicator="9m", **overrides))


def test_E8_haidilao_takes_the_self_draw_factor() -> None:
    """R-3.7, R-10.10: 海底捞 on a normal draw; W = 2 · 2 · 1.5 = 6, no dealer factor (big hand)."""
    out = _e8()
    assert out["legal"] and out["hands"] == ["haidilao"] and out["hard"]
    assert [r["raw"] for r in out["receipts"]] == [240, 240, 60]  # 10·6·4 (赖子杠), 10·6·2², 10·6
    assert out["deltas"] == [-240, -240, 540, -60]
    out = _e8(haidi_self_draw_factor=False)
    assert [r["raw"] for r in out["receipts"]] == [160, 160, 40]


def _e9(**overrides: object) -> dict:
    seats = [
        seat("", peng("E", 2)),
        seat("2m 3m 4m 5s 6s 7s 5m 5m 4p 5p", peng("8m", 0)),
        NOBODY,
        seat("", peng("6p", 0), chi("7p 8p 9p", 2)),
    ]
    return evaluate(win_input(seats, 1, "rob", "6p", 3, preset="qipi", indicator="1s", **overrides))


def test_E9_qianggang_without_fangchong() -> None:
    """R-10.11: seat 1 robs seat 3's xu-gang; W = 2 · 2 = 4, the robbed seat takes no 1.5 and is
    liable for all three amounts (80 + 40 + 160)."""
    out = _e9()
    assert out["legal"] and out["hands"] == ["qianggang"] and out["hard"]
    assert {r["seat"]: r["raw"] for r in out["receipts"]} == {0: 80, 2: 40, 3: 160}
    assert out["liable"] == 3 and out["liability"] == "qianggang"
    assert out["deltas"] == [0, 280, 0, -280]
    out = _e9(qianggang_fangchong=True)  # 10·4·4·1.5 = 240
    assert out["deltas"] == [0, 360, 0, -360]


def _e10(**overrides: object) -> dict:
    seats = [
        NOBODY,
        seat("", peng("E", 0)),
        seat("9s 9s 9s 1p 1p 1p 8m 8m 8m 3s", peng("7m", 1), pizi_gangs=1),
        seat("", peng("S", 0), gang("an", "N")),
    ]
    return evaluate(win_input(seats, 2, "gang_draw", "3s", preset="qipi", indicator="5p", **overrides))


def test_E10_strict_jiang_refuses_gangshangkai_without_a_jiang_pair() -> None:
    """R-7.15: 3条 3条 is no 将: 碰碰胡 alone, base 10, no 杠上开 and no self-draw factor. W = 8."""
    out = _e10()
    assert out["legal"] and out["hands"] == ["pengpenghu"] and out["base"] == 10
    by_seat = {r["seat"]: r for r in out["receipts"]}
    assert by_seat[0]["expression"] == "10·2·2·2" and "自摸" not in [f["zh"] for f in by_seat[0]["factors"]]
    assert [r["raw"] for r in out["receipts"]] == [80, 160, 640]
    assert out["deltas"] == [-80, -160, 540, -300]
    out = _e10(strict_jiang=False)  # 碰碰胡 + 杠上开, base 20 (added): 160, 320 -> 300, 1280 -> 300
    assert out["hands"] == ["pengpenghu", "gangshangkai"] and out["base"] == 20
    assert out["deltas"][2] == 760


def test_E11_two_laizi_read_as_themselves_are_a_hard_pihu() -> None:
    """R-4.6 wild: 5万 5万 (both laizi) read as themselves are the 将: a hard 屁胡, W = 2·2·2 = 8;
    under R-4.3 (held) the two laizi forbid it."""
    seats = [NOBODY, seat("1s 2s 3s 6s 7s 8s 2p 2p 2p 5m", peng("9p", 2)), seat("", peng("E", 3)), NOBODY]
    out = evaluate(win_input(seats, 1, "self_draw", "5m", preset="qipi", indicator="4m"))
    assert out["legal"] and out["hands"] == ["pihu"] and out["hard"]
    assert {r["seat"]: r["raw"] for r in out["receipts"]} == {0: 16, 2: 16, 3: 8}
    assert out["deltas"] == [-16, 40, -16, -8]
    held = evaluate(win_input(seats, 1, "self_draw", "5m", preset="qipi", indicator="4m", laizi_limit="held"))
    assert not held["legal"] and held["reason"]["code"] == "pihu_two_laizi"
