"""Boundaries of R-10.5's caps and R-10.6's liability in Wuhan's settlement (issue 35).

Hand-worked, black-box through ``evaluate`` (builders and conventions of ``test_rules.py``:
seat 0 wins, seat 1 deals, laizi 9p, preset hzlzg unless said). Each test was written against a
surviving mutant of ``replay/games/wuhan/settle.py`` (docs/mutation.md): both sides of each
boundary, the figures from RULES.md's text in the docstring.
"""

from __future__ import annotations

import pytest

from tests.replay.test_rules import (
    LIAB_LOSERS,
    LIAB_WINNER,
    ROB_WINNER,
    an,
    chi,
    ev,
    illegal,
    ming,
    peng,
    seat,
    settled,
    std,
)


def test_R_10_8_R_10_5_robbed_gangkai_sunshine_counts_only_payers_who_opened() -> None:
    """R-10.8 杠进杠出 with R-10.5's 金顶 / 阳光顶 (hzfclzg: cap 400, golden 500, sunshine 600,
    triple 700). Seat 1 (peng 5p from 3, an-gang 7p, two 红中杠) has its 5p robbed by seat 0 (chi
    123m: opened once). Its would-be soft 杠上开: R = 10 · 2 (opened) · 2 (xu-gang) · 4 (an) · 2 · 2
    (红中杠s) = 640. From seat 0 (opened) 640·2 = 1280, seats 2, 3 (never opened) 640: all three
    reach 400, so 金顶 — and two of them never opened: seat 0 pays 500, seats 2 and 3 阳光顶 600
    each. Seat 1 pays 500 + 600 + 600 = 1700. (Had nobody opened: 三阳 700 each; had all opened:
    500 each.) 起胡 16 (scope all) on the robber's own win in `robber` terms: W = 10·2·2 = 40 ≥ 16.
    """
    robbed = seat("", peng("5p", 3), an("7p"), pizi_gangs=2)
    out = ev({0: ROB_WINNER, 1: robbed}, tile="5p", way="rob", frm=1, preset="hzfclzg")
    settled(out, [1700, -1700, 0, 0], hands=["qianggang"], liable=1, liability="qianggang", capped="sunshine")
    (receipt,) = (r for r in out["receipts"] if r["seat"] == 1)
    parts = {p["seat"]: (p["raw"], p["amount"]) for p in receipt["parts"]}
    assert parts == {0: (1280, 500), 2: (640, 600), 3: (640, 600)}


@pytest.mark.parametrize(
    ("cap", "deltas", "capped"),
    [(32, [44, -8, -32, -4], None), (31, [43, -8, -31, -4], "cap")],
)
def test_R_10_5_a_raw_exactly_at_the_cap_is_not_capped(
    cap: int, deltas: list[int], capped: str | None
) -> None:
    """R-10.5 "each loser pays at most cap": seat 0's hard 屁胡 (W = 1·2·2 = 4) on seat 2's 4s;
    seat 1 deals: 4·2 = 8; seat 2 (ming-gang N: opened) 4·2·2·2 (放冲) = 32; seat 3: 4. With cap
    32 nobody pays less than their raw: nothing is capped. With cap 31 seat 2 pays 31: capped.
    Not all three reach the cap either way: no 金顶."""
    out = ev({0: std(), 2: seat("", ming("N", 1))}, tile="4s", frm=2, rules={"cap": cap})
    settled(out, deltas, capped=capped, raws={1: 8, 2: 32, 3: 4})


@pytest.mark.parametrize(
    ("liability_cap", "deltas", "capped", "amounts"),
    [
        (480, [1120, -1120, 0, 0], None, {1: 320, 2: 480, 3: 320}),
        (479, [1119, -1119, 0, 0], "cap", {1: 320, 2: 479, 3: 320}),
    ],
)
def test_R_10_6_liability_cap_boundary(
    liability_cap: int, deltas: list[int], capped: str | None, amounts: dict[int, int]
) -> None:
    """R-10.6 (S3): each amount of a liability case is capped at liability_cap, no 金顶. Seat 1
    fed the third open of seat 0's 清一色 (an-gang 7m): W = 10·2·4·2 = 160; seats 1, 3 (opened)
    320, seat 2 (opened, dealt in) 160·2·1.5 = 480. liability_cap 480: nothing above it, nothing
    capped, seat 1 pays 1120. liability_cap 479: seat 2's 480 → 479, seat 1 pays 1119."""
    out = ev({0: LIAB_WINNER, **LIAB_LOSERS}, tile="2m", frm=2, rules={"liability_cap": liability_cap})
    settled(out, deltas, liable=1, liability="third_feed", capped=capped, amounts=amounts)


def test_R_10_9_fengyise_golden_leaves_every_other_hand_alone() -> None:
    """R-10.9: `fengyise_golden` pays 金顶 outright for 风一色 only. hzfclzg with it on, seat 0's
    hard 清一色 (chi 123m) on seat 3's 4m: W = 10·2·2 = 40; seats 1, 2 pay 40, seat 3 (放冲 1.5)
    60; nobody reaches cap 400, 起胡 16 (all) is met: no cap, no 金顶 (nor 三阳 700, which
    these three never-opened losers would pay under it)."""
    out = ev(
        {0: seat("456m 789m 23m 11m", chi("123m", 3))},
        tile="4m",
        frm=3,
        preset="hzfclzg",
        rules={"fengyise_golden": True},
    )
    settled(out, [140, -40, -40, -60], hands=["qingyise"], capped=None)


@pytest.mark.parametrize(("qihu", "legal"), [(32, True), (33, False)])
def test_R_10_7_qihu_any_boundary(qihu: int, legal: bool) -> None:
    """R-10.7 scope `any`: legal when at least one loser's pay reaches 起胡. Seat 0's hard 屁胡
    (W = 4) on seat 2's 4s: seat 1 (dealer) 8, seat 2 (ming-gang N, 放冲) 4·2·2·2 = 32, seat 3 4.
    起胡 32: seat 2 reaches it exactly, legal; 起胡 33: nobody does, below_qihu."""
    out = ev(
        {0: std(), 2: seat("", ming("N", 1))}, tile="4s", frm=2, rules={"qihu": qihu, "qihu_scope": "any"}
    )
    if legal:
        settled(out, [44, -8, -32, -4], raws={1: 8, 2: 32, 3: 4})
    else:
        illegal(out, "below_qihu")


def test_R_10_6_jiang_tile_liability_is_for_quanqiuren_only() -> None:
    """R-10.6a (S3, ``quanqiuren_liability: jiang_tile``): the discarder of a 将 is liable for a
    全求人 only. Seat 0's hard 屁胡 (chi 123m; 456m 789m 34s 55s) wins on seat 2's 2s, a 将, with
    one open: no 全求人, so nobody is liable. W = 1·2·2 = 4; seat 1 (dealer) 8, seat 2 (放冲) 8,
    seat 3 4. (test_rules' 全求人 on a 将 discard, with the discarder tenpai, is the other side.)"""
    out = ev(
        {0: seat("456m 789m 34s 55s", chi("123m", 3))},
        tile="2s",
        frm=2,
        rules={"quanqiuren_liability": "jiang_tile"},
    )
    settled(out, [20, -8, -8, -4], hands=["pihu"], liable=None, liability=None)
