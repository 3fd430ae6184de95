"""Boundaries of R-10.5's caps and R-10.6's liability in Wuhan's settlement (issue 35).

Hand-worked, black-box through ``evaluate`` (builders and conventions of ``test_rules.py``:
seat 0 wins, seat 1 deals, laizi 9p, preset hzlzg unless said). Each test was written against a
surviving mutant of ``replay/games/wuhan/settle.py`` (docs/mutation.md): both sides of each
boundary, the figures from RULES.md's text in the docstring.
"""

from __future__ import annotations

from tests.replay.test_rules import ROB_WINNER, an, ev, peng, seat, settled


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
