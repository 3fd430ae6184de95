"""Wuhan's receipts as a player reads them (R-10.2, R-10.3): every factor by name, 中文, value
and side, the expression, raw / amount / pays, who covers whom (issue 35).

A receipt is the paper proof of a payment (``1·2·4·2·2 = 32``): a key renamed, a value
dropped or a note lost changes what the player is shown even when the deltas stay right, so
these tests compare whole receipts, each figure worked out from RULES.md in the docstring.
Builders and conventions of ``test_rules.py`` (seat 0 wins, laizi 9p, hzlzg).
"""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.wuhan.evaluate import parse_input
from replay.games.wuhan.judge import judge
from replay.games.wuhan.settle import Settlement
from tests.replay.test_rules import QYS_THIRD, an, chi, ev, ming, peng, seat, settled, std, table, xu


def f(name: str, zh: str, value: str, side: str, note: str | None = None) -> dict[str, Any]:
    out = {"name": name, "zh": zh, "value": value, "side": side}
    if note is not None:
        out["note"] = note
    return out


BASE_QYS = f("base", "底分", "10", "base", "qingyise")
OPENED_W = f("opened", "开口", "2", "winner")
HARD = f("hard", "硬胡", "2", "winner")


def test_R_10_2_R_10_3_each_receipt_names_its_factors_and_the_discarders_1_5() -> None:
    """R-10.2/R-10.3: seat 0's hard 清一色 (chi 123m) on seat 3's 4m, seat 2 the dealer.
    W = 10 (base, note the hand) · 2 (开口) · 2 (硬胡) = 40; seats 1 and 2 pay 40 (big hand: no
    庄 factor, R-10.3); seat 3 dealt in: 40 · 1.5 (放冲, big) = 60. No cap, no liability: each
    receipt's amount and pays are its raw, no covered_by, no parts."""
    out = ev({0: seat("456m 789m 23m 11m", chi("123m", 3))}, tile="4m", frm=3, dealer=2)
    settled(out, [140, -40, -40, -60], hands=["qingyise"])
    plain = [BASE_QYS, OPENED_W, HARD]
    assert out["receipts"] == [
        {"seat": 1, "expression": "10·2·2", "raw": 40, "amount": 40, "pays": 40, "factors": plain},
        {"seat": 2, "expression": "10·2·2", "raw": 40, "amount": 40, "pays": 40, "factors": plain},
        {
            "seat": 3,
            "expression": "10·2·2·1.5",
            "raw": 60,
            "amount": 60,
            "pays": 60,
            "factors": [*plain, f("dealt_in", "放冲", "1.5", "loser")],
        },
    ]


def test_R_10_3_small_hand_receipt_self_draw_dealer_pair_and_gang_names() -> None:
    """R-10.3 for a 屁胡 (base 1, note "pihu"): seat 0 (chi 123m from 3, ming-gang 7p from 2)
    self-draws 4s, hard: W = 1 · 2 (开口) · 2 (冲杠) · 2 (硬胡) · 2 (自摸, small) = 16. Seat 2
    deals: its pair takes 庄 2 → 32. Seat 1 (peng 1p, then added: a xu-gang) 16 · 2 (开口) · 2
    (蓄杠) = 64; seat 3 (an-gang 3p: 暗杠 4, not an open) 16 · 4 = 64."""
    seats = {
        0: seat("456m 23s 55s", chi("123m", 3), ming("7p", 2)),
        1: seat("", xu("1p", 0)),
        3: seat("", an("3p")),
    }
    out = ev(seats, tile="4s", way="self_draw", dealer=2)
    settled(out, [160, -64, -32, -64], hands=["pihu"], hard=True)
    w = [
        f("base", "底分", "1", "base", "pihu"),
        OPENED_W,
        f("ming_gang", "冲杠", "2", "winner"),
        HARD,
        f("self_draw", "自摸", "2", "winner"),
    ]
    by_seat = {r["seat"]: r for r in out["receipts"]}
    opened_xu = [f("opened", "开口", "2", "loser"), f("xu_gang", "蓄杠", "2", "loser")]
    assert by_seat[1]["factors"] == [*w, *opened_xu]
    assert by_seat[2]["factors"] == [*w, f("dealer", "庄", "2", "pair")]
    assert by_seat[3]["factors"] == [*w, f("an_gang", "暗杠", "4", "loser")]
    assert [by_seat[s]["expression"] for s in (1, 2, 3)] == ["1·2·2·2·2·2·2", "1·2·2·2·2·2", "1·2·2·2·2·4"]


def test_R_10_6_covered_receipts_name_the_liable_seat_and_pay_nothing() -> None:
    """R-10.6b: seat 1 fed the third open of seat 0's 清一色 (2m from seat 2). W = 10·2·2 = 40;
    raws: seat 1 40, seat 2 dealt in 40·1.5 = 60, seat 3 40. Seat 1 pays all three amounts,
    140; seats 2 and 3 are covered by seat 1 and pay 0."""
    out = ev({0: QYS_THIRD}, tile="2m", frm=2)
    settled(out, [140, -140, 0, 0], hands=["qingyise"], liable=1, liability="third_feed")
    brief = [{k: v for k, v in r.items() if k != "factors"} for r in out["receipts"]]
    assert brief == [
        {"seat": 1, "expression": "10·2·2", "raw": 40, "amount": 40, "pays": 140},
        {"seat": 2, "expression": "10·2·2·1.5", "raw": 60, "amount": 60, "pays": 0, "covered_by": 1},
        {"seat": 3, "expression": "10·2·2", "raw": 40, "amount": 40, "pays": 0, "covered_by": 1},
    ]


def test_R_10_8_the_robbed_seats_receipt_adds_its_capped_parts() -> None:
    """R-10.8 杠进杠出 (hzlzg, cap 300): seat 1 (peng 5p from 3, an-gang 7p, one 红中杠) is robbed
    of its 5p by seat 0 (chi 123m). Its would-be soft 杠上开: R = 10 · 2 (开口) · 2 (蓄杠, the
    completed kong) · 4 (暗杠) · 2 (红中杠) = 320. The completed kong stands where its peng stood (before the
    an-gang). Parts: seat 0 (opened) 320·2 = 640, seats 2, 3 320 each: all three reach 300, 金顶
    400 each, seat 1 pays 1200.
    Its receipt's expression adds the parts: "400 + 400 + 400"; raw 640 + 320 + 320 = 1280."""
    robbed = seat("", peng("5p", 3), an("7p"), pizi_gangs=1)
    rob = seat("456m 789m 34p 88s", chi("123m", 3))
    out = ev({0: rob, 1: robbed}, tile="5p", way="rob", frm=1)
    settled(out, [1200, -1200, 0, 0], liable=1, liability="qianggang", capped="golden")
    (receipt,) = (r for r in out["receipts"] if r["seat"] == 1)
    assert {k: v for k, v in receipt.items() if k != "parts"} == {
        "seat": 1,
        "expression": "400 + 400 + 400",
        "raw": 1280,
        "amount": 1200,
        "pays": 1200,
        "factors": [],
    }
    r_side = [
        f("base", "底分", "10", "base", "gangshangkai (robbed player's 杠上开)"),
        f("opened", "开口", "2", "winner"),
        f("xu_gang", "蓄杠", "2", "winner"),
        f("an_gang", "暗杠", "4", "winner"),
        f("pizi_gang", "红中杠", "2", "winner"),
    ]
    assert receipt["parts"][0] == {
        "seat": 0,
        "expression": "10·2·2·4·2·2",
        "raw": 640,
        "amount": 400,
        "pays": 0,
        "factors": [*r_side, f("opened", "开口", "2", "loser")],
    }


def test_R_10_4_the_base_factor_names_every_big_hand_it_stacks() -> None:
    """R-10.4: 清一色 + 碰碰胡 (seat 0: peng 1m, peng 3m, 555m 777m 2m, wins on seat 3's 2m):
    base 10 · 2 = 20 (double), its note naming both hands; W = 20 · 2 (开口) · 2 (硬胡) = 80;
    seat 3 dealt in 80 · 1.5 = 120."""
    out = ev({0: seat("555m 777m 2m", peng("1m", 1), peng("3m", 2))}, tile="2m", frm=3)
    settled(out, [280, -80, -80, -120], hands=["qingyise", "pengpenghu"], base=20)
    assert out["receipts"][0]["factors"][0] == f("base", "底分", "20", "base", "qingyise+pengpenghu")


def _settlement(seats: dict[int, dict[str, Any]], **kw: Any) -> Settlement:
    tab, winner, win, _ = parse_input(table(seats, **kw))
    judged = judge(tab, winner, win)
    assert judged.settlement is not None, judged.reason
    return judged.settlement


@pytest.mark.parametrize(
    ("way", "extra", "self_drawn"),
    [
        ("self_draw", {}, True),
        ("gang_draw", {}, True),
        ("haidi", {}, True),
        ("discard", {"frm": 2}, False),
    ],
)
def test_R_10_3_the_settlement_says_whether_the_win_was_self_drawn(
    way: str, extra: dict[str, Any], self_drawn: bool
) -> None:
    """R-10.3's 自摸 vs 放冲, as the settlement reports it (the audit compares it with the
    record's ``self_draw``): a win on the seat's own draw — a normal draw, a kong's replacement
    draw (杠上开), a haidi draw (海底捞) — is self-drawn whether or not it takes the 自摸 factor;
    a win on a discard is not. Seat 0's 屁胡 (std, one 红中杠 so a replacement draw exists)."""
    settled_ = _settlement({0: std(pizi_gangs=1)}, tile="4s", way=way, **extra)
    assert settled_.self_draw is self_drawn


@pytest.mark.parametrize("mode", ["robber", "robbed_gangkai"])
def test_R_10_8_a_robbed_kong_is_not_a_self_draw(mode: str) -> None:
    """R-7.10 / R-10.8: a 抢杠 wins on another player's tile (the robbed seat pays, as a
    discarder would in `robber` mode): not self-drawn, in either reading of R-10.8."""
    robbed = seat("", peng("5p", 3))
    rob = seat("456m 789m 34p 88s", chi("123m", 3))
    s = _settlement({0: rob, 1: robbed}, tile="5p", way="rob", frm=1, rules={"qianggang_mode": mode})
    assert (s.liable, s.self_draw) == (1, False)


ALLOWED = {"special_discard": "allowed"}
PI = f("pi_discard", "打皮", "2", "loser")


def test_R_4_4_R_10_3_each_pi_put_out_is_a_pizi_factor() -> None:
    """R-4.4 (a 皮 is a pizi) with R-10.3 (each pizi gang or pizi discard ×2), E7's table (qipi,
    indicator 4万: 皮 4万 and 3万; seat 0 deals) with seat 2 having discarded one 皮 (R-4.5:
    ``special_discard: allowed``, qipi's own is gang_only). Seat 1 wins
    杠上开 on 5条 after its 皮子杠: W = 10 · 2² (口口番, two opens) · 2 (皮子杠) · 2 (硬胡) = 160.
    Seat 0 (peng E) 160·2 = 320; seat 2 (peng S, then 打皮) 160·2·2 = 640; seat 3 (peng W, 红中杠)
    160·2·2 = 640: all three reach cap 300, 金顶 400 each (qipi: no 阳光顶)."""
    winner = seat("678s 222p 5s", chi("123s", 0), peng("9p", 2))
    winner["pi_gangs"] = 1
    discarded_a_pi = seat("", peng("S", 3))
    discarded_a_pi["pi_discards"] = 1
    seats = {0: seat("", peng("E", 2)), 1: winner, 2: discarded_a_pi, 3: seat("", peng("W", 1), pizi_gangs=1)}
    out = ev(
        seats, tile="5s", way="gang_draw", winner=1, dealer=0, preset="qipi", indicator="4m", rules=ALLOWED
    )
    settled(
        out,
        [-400, 1200, -400, -400],
        hands=["gangshangkai"],
        capped="golden",
        raws={0: 320, 2: 640, 3: 640},
    )
    by_seat = {r["seat"]: r for r in out["receipts"]}
    assert by_seat[2]["factors"][-2:] == [f("opened", "开口", "2", "loser", "口口番 2 per open × 1"), PI]
    assert by_seat[2]["factors"][2] == f("pi_gang", "皮子杠", "2", "winner")


def test_R_10_3_every_special_tile_put_out_is_a_factor_of_its_owner() -> None:
    """R-10.3: each pizi discard ×2, each laizi gang ×4 (``laizi_gang_factor``), each laizi
    discarded ×2 (``laizi_discard_factor``), on the side of whoever put it out. Seat 0's hard 屁胡
    (std: chi 123m) after a 打红中 and a 赖子杠 wins on seat 3's 4s: W = 1 · 2 (开口) · 2 (打红中)
    · 4 (赖子杠) · 2 (硬胡) = 32. Seat 1 (dealer) 64; seat 3 (放冲) 64; seat 2 (peng E, a 打红中
    and a 丢赖子) 32 · 2 · 2 · 2 = 256, under cap 300."""
    seats = {
        0: std(pizi_discards=1, laizi_gangs=1),
        2: seat("", peng("E", 3), pizi_discards=1, laizi_discards=1),
    }
    out = ev(seats, tile="4s", frm=3)
    settled(out, [384, -64, -256, -64], hands=["pihu"], hard=True)
    w = [
        f("base", "底分", "1", "base", "pihu"),
        OPENED_W,
        f("pizi_discard", "打红中", "2", "winner"),
        f("laizi_gang", "赖子杠", "4", "winner"),
        HARD,
    ]
    by_seat = {r["seat"]: r for r in out["receipts"]}
    assert by_seat[2]["factors"] == [
        *w,
        f("opened", "开口", "2", "loser"),
        f("pizi_discard", "打红中", "2", "loser"),
        f("laizi_discard", "丢赖子", "2", "loser"),
    ]
