"""Issue 11's rulings, by R-id: 见将胡 (R-7.13), 见字胡 (R-7.14), tenpai with 起胡 and dead waits
(R-9.1), 起胡 under 杠进杠出 (R-10.8 with R-10.7), 风一色 金顶 with a null cap and with a
liability cap (R-10.9, R-10.6).

Same conventions as ``tests/test_rules.py`` (whose builders these reuse): seat 0 wins, seat 1
deals, laizi 9p unless a test says otherwise, preset ``hzlzg``; every number is worked out by
hand in the comment beside it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from replay.games.wuhan import reasons
from replay.games.wuhan.board import Board
from replay.games.wuhan.bots import STYLES, Bot, choose
from replay.games.wuhan.evaluate import parse_input
from replay.games.wuhan.hand import Meld, readings
from replay.games.wuhan.judge import can_win_on, is_jianzi, is_tenpai, judge, waits
from replay.games.wuhan.ruleset import make_ruleset
from replay.games.wuhan.table import SeatState
from replay.tiles import CODES, KIND_OF
from tests.replay.test_rules import FYS, ROB_WINNER, an, chi, ev, illegal, peng, qqr, seat, settled, table

# Seat 0's three melds for S0's 红中杠 cases: a chi keeps 碰碰胡 out, two suits keep 清一色 out.
THREE_MELDS = (chi("123m", 3), chi("456s", 3), peng("7p", 1))

# --------------------------------------------------------------------------------------------
# R-7.13 见将胡: S0's three cases (laizi 北 for the first two)
# --------------------------------------------------------------------------------------------


def test_R_7_13_s0_case_1_three_4m_and_two_laizi_cannot_win() -> None:
    """R-7.13 (S0): 4万4万4万北 + a 红中杠 drawing 北: the only pair is two laizi: no win."""
    winner = seat("444m N", *THREE_MELDS, pizi_gangs=1)
    out = ev({0: winner}, tile="N", way="gang_draw", laizi="N")
    illegal(out, "no_real_jiang")
    assert "见将胡" in out["reason"]["message"]


def test_R_7_13_s0_case_1_wins_when_jianjiang_is_off() -> None:
    """R-7.13 is a parameter: without it the same tiles are a soft 杠上开 (the pair NN as a 将).
    W = 10·2 (opened)·2 (红中杠) = 40; no self-draw factor, no dealer factor (big hand)."""
    winner = seat("444m N", *THREE_MELDS, pizi_gangs=1)
    out = ev({0: winner}, tile="N", way="gang_draw", laizi="N", rules={"jianjiang": False})
    settled(out, [120, -40, -40, -40], hands=["gangshangkai"], hard=False)


def test_R_7_13_s0_case_2_north_and_123p_wins() -> None:
    """R-7.13 (S0): 北 一二三筒 + a 红中杠 drawing 北 wins: 1p 北 3p and 2p 北 (a real 2筒 in the
    pair). Soft 杠上开: W = 10·2·2 = 40 from each."""
    winner = seat("N 123p", *THREE_MELDS, pizi_gangs=1)
    out = ev({0: winner}, tile="N", way="gang_draw", laizi="N")
    settled(out, [120, -40, -40, -40], hands=["gangshangkai"], hard=False)


def test_R_7_13_s0_case_3_laizi_8s_draws_8s_at_haidi_hard() -> None:
    """R-7.13 (S0): a lone laizi 8条 drawing another 8条 at 海底: the laizi reads as itself, a
    real 将: hard 海底捞. W = 10·2 (opened)·2 (hard) = 40, no self-draw factor."""
    out = ev({0: qqr("8s")}, tile="8s", way="haidi", laizi="8s")
    settled(out, [120, -40, -40, -40], hands=["haidilao"], hard=True)


def test_R_7_13_s0_case_3_laizi_3s_draws_3s_cannot_win() -> None:
    """R-7.13 (S0): a lone laizi 3条 drawing 3条 at 海底: no real 将 anywhere: no win."""
    illegal(ev({0: qqr("3s")}, tile="3s", way="haidi", laizi="3s"), "no_real_jiang")


def test_R_7_13_off_laizi_3s_is_a_soft_haidilao() -> None:
    """R-7.13 off: the two 3条 laizi stand for a 将: soft 海底捞, W = 10·2 = 20."""
    out = ev({0: qqr("3s")}, tile="3s", way="haidi", laizi="3s", rules={"jianjiang": False})
    settled(out, [60, -20, -20, -20], hands=["haidilao"], hard=False)


def test_R_7_13_one_laizi_with_a_real_jiang_still_wins_pihu() -> None:
    """R-7.13: a laizi beside a real 5条 is a 将 pair: soft 屁胡 on a discard from seat 2.
    W = 1·2 (opened) = 2; seat 1 dealer 4; seat 2 dealt in 4; seat 3: 2."""
    out = ev({0: seat("456m 789m 23s 5s 9p", chi("123m", 3))}, tile="4s", frm=2)
    settled(out, [10, -4, -4, -2], hands=["pihu"], hard=False)


# 4m and three laizi (9p) beside a chi and two pengs of other suits, robbing a 3m: 3m 4m + a
# laizi make the sequence, and the pair is two laizi; every other split pairs a real 3m or 4m
# (no 将). (With fewer laizi a real 2/5/8 would always be there: any sequence through the robbed
# tile holds one, which could then pair with a laizi.)
ROB_TWO_LAIZI = {
    0: seat("4m 9p 9p 9p", chi("456s", 3), peng("7p", 1), peng("E", 2)),
    1: seat("", peng("3m", 3)),
}


def test_R_7_13_robbed_kong_needs_a_real_jiang() -> None:
    """R-7.13: 抢杠 is credited on 屁胡's shape, whose 将 pair would be two laizi here: no win."""
    illegal(ev(ROB_TWO_LAIZI, tile="3m", way="rob", frm=1), "no_real_jiang")


def test_R_7_13_off_robbed_kong_on_two_laizi_wins() -> None:
    """R-7.13 off: the same rob stands. robbed_gangkai: seat 1's soft 杠上开 with its xu-gang,
    R = 10·2 (opened)·2 (xu) = 40: from seat 0 (opened) 80, seats 2, 3: 40; seat 1 pays 160."""
    out = ev(ROB_TWO_LAIZI, tile="3m", way="rob", frm=1, rules={"jianjiang": False})
    settled(out, [160, -160, 0, 0], hands=["qianggang"], liable=1, liability="qianggang")


# --------------------------------------------------------------------------------------------
# tie-break (now in RULES.md)
# --------------------------------------------------------------------------------------------


def test_R_7_12_capped_pengpenghu_reported_over_capped_pihu() -> None:
    """R-7.12: peng 9m + three an-gangs + 5p, self-drawn 5p: 屁胡 (W = 1·2·4·4·4·2·2 = 1024) and
    碰碰胡 (W = 10·2·64·2·1.5 = 3840) both reach 金顶 400 from everyone: equal payments, so the
    larger total before caps, 碰碰胡, is reported."""
    winner = seat("5p", peng("9m", 1), an("1s"), an("3p"), an("7s"))
    out = ev({0: winner}, tile="5p", way="self_draw")
    settled(out, [1200, -400, -400, -400], hands=["pengpenghu"], hard=True, capped="golden")


def test_R_7_12_equal_totals_report_the_hard_reading() -> None:
    """R-7.12: laizi 5m; pengs 1m, 3m; 4m L 666m 99m + seat 2's 9m. Hard (L as 5m): 456m 66m 999m,
    清一色, W = 10·2 (opened)·2 (hard) = 40; soft (L as 4m): 44m 666m 999m, 清一色 + 碰碰胡,
    W = 20·2 = 40. Equal payments and equal totals before caps: the hard reading is reported,
    the soft one listed as equal. Seats 1, 3: 40; seat 2 dealt in: 60."""
    winner = seat("4m 5m 6m 6m 6m 9m 9m", peng("1m", 1), peng("3m", 2))
    out = ev({0: winner}, tile="9m", frm=2, laizi="5m")
    settled(out, [140, -40, -60, -40], hands=["qingyise"], hard=True)
    tbl, who, win, _ = parse_input(table_of({0: winner}, tile="9m", frm=2, laizi="5m"))
    assert [(r.hands, r.hard) for r in judge(tbl, who, win).ties] == [(("qingyise", "pengpenghu"), False)]


# --------------------------------------------------------------------------------------------
# 见字胡
# --------------------------------------------------------------------------------------------

# A lone laizi after four pengs: any tile pairs with it for 碰碰胡.
JIANZI = seat("9p", peng("7m", 1), peng("E", 2), peng("1s", 3), peng("9m", 1))


def test_R_7_14_jianzi_refused_on_a_discard() -> None:
    """R-7.14 (S0 见字胡只能自摸或者抢杠): the hand wins on any tile, so not on a discard."""
    out = ev({0: JIANZI}, tile="3m", frm=2)
    illegal(out, "jianzi_discard")
    assert "见字胡" in out["reason"]["message"]


def test_R_7_14_jianzi_accepted_on_a_self_draw() -> None:
    """R-7.14: the same hand self-draws 3m: soft 碰碰胡. W = 10·2 (opened)·1.5 (self-draw) = 30."""
    out = ev({0: JIANZI}, tile="3m", way="self_draw")
    settled(out, [90, -30, -30, -30], hands=["pengpenghu"], hard=False)


def test_R_7_14_jianzi_accepted_on_a_kong_draw() -> None:
    """R-7.14: 杠上开 is a self-draw: after a 红中杠 the hand draws 3m: 碰碰胡 + 杠上开, base 20,
    W = 20·2 (opened)·2 (红中杠) = 80, no self-draw factor, soft (the laizi reads as 3m)."""
    winner = seat("9p", peng("7m", 1), peng("E", 2), peng("1s", 3), peng("9m", 1), pizi_gangs=1)
    out = ev({0: winner}, tile="3m", way="gang_draw")
    settled(out, [240, -80, -80, -80], hands=["pengpenghu", "gangshangkai"], hard=False)


def test_R_7_14_jianzi_accepted_at_haidi() -> None:
    """R-7.14: 海底捞 too: 碰碰胡 + 海底捞, base 20, W = 20·2 = 40, no self-draw factor."""
    out = ev({0: JIANZI}, tile="3m", way="haidi")
    settled(out, [120, -40, -40, -40], hands=["pengpenghu", "haidilao"], hard=False)


def test_R_7_14_jianzi_may_rob_a_kong() -> None:
    """R-7.14: 抢杠 stays open to it. robbed_gangkai: seat 3's soft 杠上开 with its xu-gang,
    R = 10·2 (opened)·2 (xu) = 40: from seat 0 (opened) 80, seats 1, 2: 40; seat 3 pays 160."""
    out = ev({0: JIANZI, 3: seat("", peng("3m", 2))}, tile="3m", way="rob", frm=3)
    settled(out, [160, 0, 0, -160], liable=3, liability="qianggang")


def test_R_7_14_off_jianzi_wins_on_a_discard() -> None:
    """R-7.14 is a parameter: off, the discard win stands: 碰碰胡 + 全求人, base 20, W = 20·2 = 40;
    seat 2 (unopened, not tenpai) dealt in 60 and is liable: 40 + 60 + 40 = 140."""
    out = ev({0: JIANZI}, tile="3m", frm=2, rules={"jianzi_self_draw_only": False})
    settled(
        out,
        [140, 0, -140, 0],
        hands=["pengpenghu", "quanqiuren"],
        hard=False,
        liable=2,
        liability="quanqiuren",
    )


def test_R_7_14_lone_laizi_after_a_chi_waits_on_jiang_only() -> None:
    """R-7.14: a lone laizi after four opens with chis wins only on 将 (R-7.7): not 见字胡, so
    全求人 on a discarded 5s stands. W = 10·2 = 20; seat 2 (unopened, not tenpai) is liable:
    20 + 30 + 20 = 70."""
    out = ev({0: qqr("9p")}, tile="5s", frm=2)
    settled(out, [70, 0, -70, 0], hands=["quanqiuren"], hard=False, liable=2, liability="quanqiuren")


def test_R_7_14_decision_dead_kinds_do_not_matter() -> None:
    """R-7.14 (decision, docs/rules-index.md): every kind but pizi and laizi is tried, whatever is
    in view: with all four 4条 out of play (seat 3's an-gang) the hand is still 见字胡."""
    out = ev({0: JIANZI, 3: seat("", an("4s"))}, tile="3m", frm=2)
    illegal(out, "jianzi_discard")


def test_R_7_14_is_jianzi_reads_the_hand_not_the_tile() -> None:
    """R-7.14: 见字胡 is a property of the concealed tiles before the winning tile."""
    table, *_ = parse_input(table_of({0: JIANZI}, tile="3m", frm=2))
    s0 = table.seats[0]
    assert is_jianzi(s0.hand, s0.melds, table.laizi, table.rules)
    chis, *_ = parse_input(table_of({0: qqr("9p")}, tile="5s", frm=2))
    assert not is_jianzi(chis.seats[0].hand, chis.seats[0].melds, chis.laizi, chis.rules)


def table_of(seats: dict[int, dict[str, Any]], **kw: Any) -> dict[str, Any]:
    return table(seats, **kw)


# --------------------------------------------------------------------------------------------
# tenpai: 起胡, 见字胡 and dead waits
# --------------------------------------------------------------------------------------------

# Seat 2: opened, its only wait is 8p (123p 456p 789s, a lone 8p for the pair).
WAITS_8P = seat("123p 456p 789s 8p", peng("9m", 1))


def test_R_9_1_issue_example_hzfclzg_wait_below_qihu_is_not_tenpai() -> None:
    """R-9.1 with R-10.7 (hzfclzg, 起胡 16 all): seat 0 wins a hard 全求人 on seat 2's 5m.
    Seat 2's 8p 屁胡 pays W = 1·2·2 = 4 (×2 dealer, ×2 opened, ×2 dealt in): seat 3 pays 4
    unless it discards: below 16 from every discarder: not tenpai, liable.
    W = 10·2·2 = 40: seat 1 40, seat 2 40·2·1.5 = 120, seat 3 40 -> seat 2 pays 200."""
    out = ev({0: qqr("5m"), 2: WAITS_8P}, tile="5m", frm=2, preset="hzfclzg")
    settled(out, [200, 0, -200, 0], hands=["quanqiuren"], liable=2, liability="quanqiuren")


def test_R_9_1_same_wait_without_qihu_is_tenpai() -> None:
    """R-9.1: under hzlzg (no 起胡) the same 8p wait is tenpai: nobody is liable."""
    out = ev({0: qqr("5m"), 2: WAITS_8P}, tile="5m", frm=2)
    settled(out, [200, -40, -120, -40], hands=["quanqiuren"])


def test_R_9_1_jianzi_hand_is_not_tenpai() -> None:
    """R-9.1 / R-7.14: seat 2 (four pengs, lone laizi) wins on any self-drawn tile but on no
    discard: not tenpai, liable for seat 0's 全求人 (40 + 120 + 40)."""
    jianzi_2 = seat("9p", peng("S", 1), peng("W", 3), peng("N", 1), peng("2p", 1))
    out = ev({0: qqr(), 2: jianzi_2}, tile="5s", frm=2)
    settled(out, [200, 0, -200, 0], liable=2, liability="quanqiuren")
    off = ev({0: qqr(), 2: jianzi_2}, tile="5s", frm=2, rules={"jianzi_self_draw_only": False})
    settled(off, [200, -40, -120, -40])


# Seats 1 and 3 chi'd 678p: with seat 2's own 8p and the indicator 8p, all four are seen.
DEAD = {0: qqr(), 1: seat("", chi("678p", 0)), 2: WAITS_8P, 3: seat("", chi("678p", 2))}


def test_R_9_1_dead_wait_is_not_a_wait() -> None:
    """R-9.1: seat 2's only wait 8p: one in its hand, one in each chi, one the indicator (8p
    gives the laizi 9p): dead, so seat 2 is not tenpai and pays 80 + 120 + 80."""
    out = ev(DEAD, tile="5s", frm=2, indicator="8p")
    settled(out, [280, 0, -280, 0], liable=2, liability="quanqiuren")


def test_R_9_1_live_wait_with_three_seen_is_a_wait() -> None:
    """R-9.1: the same table with the laizi given (no indicator seen): one 8p is unseen: tenpai.
    W = 40: seat 1 (opened) 80, seat 2 120, seat 3 (opened) 80."""
    out = ev(DEAD, tile="5s", frm=2)
    settled(out, [280, -80, -120, -80])


def test_R_9_1_waits_counts_discards_as_seen() -> None:
    """R-9.1: unclaimed discards count: with three 8p in the river seat 2's wait is dead."""
    tbl, *_ = parse_input(table_of({0: qqr(), 2: WAITS_8P}, tile="5s", frm=2))
    assert waits(tbl, 2) == [KIND_OF["8p"]] and is_tenpai(tbl, 2)
    tbl.seen += [KIND_OF["8p"]] * 2
    assert is_tenpai(tbl, 2)  # one copy still unseen
    tbl.seen.append(KIND_OF["8p"])
    assert waits(tbl, 2) == [] and not is_tenpai(tbl, 2)


# --------------------------------------------------------------------------------------------
# with: 起胡 on the robber's own win under 杠进杠出
# --------------------------------------------------------------------------------------------

ROBBED = {0: ROB_WINNER, 1: seat("", peng("5p", 3))}


def test_R_10_8_qihu_judged_on_the_robbers_own_win() -> None:
    """R-10.8 + R-10.7: as `robber` the win pays seat 1 120 (40·2·1.5), seats 2, 3 40 each:
    one reaches 100 (scope any), so the win is legal; 杠进杠出 then pays 80 + 40 + 40 = 160."""
    out = ev(ROBBED, tile="5p", way="rob", frm=1, rules={"qihu": 100, "qihu_scope": "any"})
    settled(out, [160, -160, 0, 0], hands=["qianggang"], liable=1, liability="qianggang")


def test_R_10_8_qihu_above_the_robbers_own_win_refuses_it() -> None:
    """R-10.8 + R-10.7: 起胡 130 (any): the robber's own amounts 120, 40, 40 fall short."""
    out = ev(ROBBED, tile="5p", way="rob", frm=1, rules={"qihu": 130, "qihu_scope": "any"})
    illegal(out, "below_qihu")
    assert "[40, 40, 120]" in out["reason"]["message"]


# --------------------------------------------------------------------------------------------
# 风一色 金顶 with a null cap, and beside liability_cap
# --------------------------------------------------------------------------------------------


def test_R_10_9_golden_with_a_null_cap() -> None:
    """R-10.9: `cap: null` does not switch 风一色 金顶 off: nobody opened -> 三阳 700 each."""
    rules = {"fengyise_golden": True, "cap": None}
    out = ev({0: FYS}, tile="W", frm=2, preset="hzfclzg", rules=rules)
    settled(out, [2100, -700, -700, -700], capped="triple_sunshine")


def test_R_10_9_golden_with_a_null_cap_hzlzg() -> None:
    """R-10.9 under hzlzg with cap null: golden 400 each."""
    out = ev({0: FYS}, tile="W", frm=2, rules={"fengyise_golden": True, "cap": None})
    settled(out, [1200, -400, -400, -400], capped="golden")


def test_R_10_9_not_reduced_by_liability_cap() -> None:
    """R-10.6 / R-10.9: a 风一色 全求人 (pengs E S W N, lone 白, won on seat 2's 白): 风一色 +
    碰碰胡 + 全求人, base 40. Seat 2 (unopened, not tenpai) is liable; liability_cap 400 would
    cap 160, 240, 160, but R-10.9's amounts are not reduced: 三阳 700 ×3 = 2100."""
    winner = seat("P", peng("E", 1), peng("S", 2), peng("W", 3), peng("N", 1))
    rules = {"fengyise_golden": True, "liability_cap": 400}
    out = ev({0: winner}, tile="P", frm=2, preset="hzfclzg", rules=rules)
    settled(
        out,
        [2100, 0, -2100, 0],
        hands=["fengyise", "pengpenghu", "quanqiuren"],
        liable=2,
        liability="quanqiuren",
        capped="triple_sunshine",
    )


def test_R_10_6_liability_cap_without_fengyise_golden() -> None:
    """R-10.6: the same hand without fengyise_golden: liability_cap caps each raw at 400 (none
    reaches it): W = 40·2·2 = 160; 160 + 240 + 160 = 560, no 金顶."""
    winner = seat("P", peng("E", 1), peng("S", 2), peng("W", 3), peng("N", 1))
    out = ev({0: winner}, tile="P", frm=2, preset="hzfclzg", rules={"liability_cap": 400})
    settled(out, [560, 0, -560, 0], liable=2, liability="quanqiuren")


# --------------------------------------------------------------------------------------------
# in play: the replayer's legal actions, hence the bots, never offer a 见字胡 discard win
# --------------------------------------------------------------------------------------------

JIANZI_RECORD = Path(__file__).resolve().parents[1] / "data" / "mistakes" / "missed_win_jianzi.json"


def test_R_7_14_bots_never_attempt_a_jianzi_discard_win() -> None:
    """R-7.14: seat 1 (peng 2m, 333s 555p 777m, lone laizi 发) is offered seat 2's 4m at event 4:
    no `hu` among the legal actions, and every bot style lets the tile go; on its own 9s at
    event 9 the `hu` is there and a bot takes it."""
    record = json.loads(JIANZI_RECORD.read_text(encoding="utf-8"))
    board = Board.from_record(record)
    for e in record["events"][:5]:
        board.push(e)
    assert board.last_discard is not None and CODES[board.last_discard[1]] == "4m"
    assert not [a for a in board.legal_actions() if a["type"] == "hu"]
    for style in STYLES.values():
        bots = [Bot(style, random.Random(7)) for _ in range(4)]
        assert choose(board, bots)["type"] != "hu"
    for e in record["events"][5:10]:
        board.push(e)
    assert {"type": "hu", "seat": 1} in board.legal_actions()
    assert choose(board, [Bot(STYLES["aggressive"], random.Random(7)) for _ in range(4)])["type"] == "hu"


NO_REAL_JIANG_RECORD = JIANZI_RECORD.parents[1] / "records" / "illegal" / "no_real_jiang.json"


def test_R_7_13_bots_never_attempt_a_win_on_two_laizi_for_a_jiang() -> None:
    """R-7.13: seat 3 (chi 234s, 111m 777m 999s, laizi 1p) puts out its 红中 and draws a second
    laizi: the 杠上开's 将 pair would be two laizi, so no `hu` is offered and no bot style tries
    one; with `jianjiang` off the same board offers it and a bot takes it."""
    record = json.loads(NO_REAL_JIANG_RECORD.read_text(encoding="utf-8"))
    off = json.loads(json.dumps(record))
    off["ruleset"]["overrides"] = {"jianjiang": False}
    for rec, offered in ((record, False), (off, True)):
        board = Board.from_record(rec)
        for e in rec["events"][:8]:
            board.push(e)
        assert board.last_draw is not None and CODES[board.last_draw.tile] == "1p"
        assert ({"type": "hu", "seat": 3} in board.legal_actions()) is offered
        for style in STYLES.values():
            bots = [Bot(style, random.Random(7)) for _ in range(4)]
            assert (choose(board, bots)["type"] == "hu") is offered


def test_R_7_13_R_7_14_reason_codes_documented_with_their_rules() -> None:
    """docs/reason-codes.md is what ``python -m replay.games.wuhan.reasons`` writes, and names the two new
    illegal wins with their R-ids."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "reason-codes.md").read_text(encoding="utf-8")
    assert doc == reasons.markdown()
    assert reasons.CATALOGUE["no_real_jiang"][0] == "R-7.13"
    assert reasons.CATALOGUE["jianzi_discard"][0] == "R-7.14"
    assert "| `no_real_jiang` | R-7.13 |" in doc and "| `jianzi_discard` | R-7.14 |" in doc


def test_R_3_1_R_7_4_no_reading_on_a_fifth_copy_not_even_fengyise() -> None:
    """R-3.1 (four of each kind) before R-7.4 (风一色 needs no structure): EEEE SSS WWW NNN in
    hand wins 风一色 on the fourth S (every tile a 风), but on a fifth E there is no such tile:
    no reading at all (issue #27). Laizi 9p, no melds: shape only."""
    rules = make_ruleset("hzlzg")
    hand = [KIND_OF[t] for t in "E E E E S S S W W W N N N".split()]
    laizi = KIND_OF["9p"]
    assert [(r.hands, r.hard) for r in readings(hand, [], KIND_OF["S"], "self_draw", laizi, rules)] == [
        (("fengyise",), True)
    ]
    assert readings(hand, [], KIND_OF["E"], "self_draw", laizi, rules) == []


def test_R_7_5_R_7_3_a_shapeless_one_suit_jiangyise_is_not_qingyise() -> None:
    """R-7.5 (将一色: every tile a 2, 5 or 8, no structure needed) beside R-7.3 (清一色: one suit
    *and* four melds and a pair). 2万×4 5万×4 8万×3 + two laizi (5筒), self-drawn 8万: read soft,
    every natural tile is a 2/5/8 万, so 将一色; but 清一色 would need triplets and a pair of 2万 5万 8万
    (sequences cannot be made of 2/5/8 only), and 4+4+4 tiles with two wildcards cannot: each 4
    is a triplet plus one tile, two of which need two wildcards each to become triplets (5 > 2).
    Hard, the 5筒 pair is a second suit. So 将一色 alone, hard and soft, never 清一色."""
    rules = make_ruleset("hzlzg")
    hand = [KIND_OF[t] for t in "2m 2m 2m 2m 5m 5m 5m 5m 8m 8m 8m 5p 5p".split()]
    found = [(r.hands, r.hard) for r in readings(hand, [], KIND_OF["8m"], "self_draw", KIND_OF["5p"], rules)]
    assert found == [(("jiangyise",), False), (("jiangyise",), True)]


@pytest.mark.parametrize(
    ("laizi", "legal"), [("5s", True), ("3s", False)], ids=["laizi-is-a-jiang", "laizi-not-a-jiang"]
)
def test_R_7_13_two_laizi_are_a_real_jiang_when_the_laizi_is_a_258(laizi: str, legal: bool) -> None:
    """R-7.13: a pair of two laizi is a real 将 when the laizi's own kind is a 2/5/8. Seat 0:
    chi 123m, pengs 7p and E, 4m 6m and two laizi, a 红中杠's draw brings a third: one laizi is
    the 5m of 4-5-6m, the other two the pair (杠上开 may hold any number of laizi, R-7.10). With
    laizi 5s the pair stands: soft 杠上开, W = 10·2 (opened)·2 (红中杠) = 40, no self-draw factor
    with 杠上开, 40 from each unopened loser. With laizi 3s (no 将) it is two laizi standing in for
    a 将: refused (no_real_jiang)."""
    w = seat(f"4m 6m {laizi} {laizi}", chi("123m", 3), peng("7p", 1), peng("E", 2), pizi_gangs=1)
    out = ev({0: w}, tile=laizi, way="gang_draw", laizi=laizi)
    if legal:
        settled(out, [120, -40, -40, -40], hands=["gangshangkai"], hard=False, base=10)
    else:
        illegal(out, "no_real_jiang")


def test_R_7_4_R_7_11_fengyise_on_a_self_drawn_suited_laizi() -> None:
    """R-7.4 (风一色 needs no structure) with R-4.2 (a laizi stands for any tile): peng E, then
    SSS W NN F PPP — winds only, no four melds and a pair (W and F pair with nothing) — wins
    风一色 on a self-drawn laizi 9p standing for a wind (soft, R-7.11), but not on a self-drawn
    1p, which is neither a wind nor the laizi; on a discarded W it wins 风一色 hard."""
    rules = make_ruleset("hzlzg")
    hand = [KIND_OF[t] for t in "S S S W N N F P P P".split()]
    winner = SeatState(hand=hand, melds=[Meld("peng", (KIND_OF["E"],) * 3, None, 1)])
    laizi = KIND_OF["9p"]
    assert can_win_on(winner, laizi, "self_draw", laizi, rules)
    assert [(r.hands, r.hard) for r in readings(hand, winner.melds, laizi, "self_draw", laizi, rules)] == [
        (("fengyise",), False)
    ]
    assert not can_win_on(winner, KIND_OF["1p"], "self_draw", laizi, rules)
    # with a laizi in hand for the second P it still wins 风一色 on the discarded W (soft)
    with_laizi = SeatState(hand=[*hand[:-1], laizi], melds=winner.melds)
    assert can_win_on(with_laizi, KIND_OF["W"], "discard", laizi, rules)
    # and on a natural wind: a discarded W (SSS WW NN F PPP, still no structure), hard
    assert can_win_on(winner, KIND_OF["W"], "discard", laizi, rules)
    assert [
        (r.hands, r.hard) for r in readings(hand, winner.melds, KIND_OF["W"], "discard", laizi, rules)
    ] == [(("fengyise",), True)]


def test_R_7_6_pengpenghu_with_an_honour_pair_through_can_win_on() -> None:
    """R-7.6 (碰碰胡: four triplets plus any pair) as the replayer and the analysis ask it
    (``can_win_on``): pengs 1m, 9s, 5p and 777m E, no laizi, wins on a discarded E (the pair is
    an honour, not a 将: only 碰碰胡 takes it) and not on a discarded S."""
    rules = make_ruleset("hzlzg")
    melds = [Meld("peng", (KIND_OF[t],) * 3, None, s) for t, s in (("1m", 1), ("9s", 2), ("5p", 3))]
    winner = SeatState(hand=[KIND_OF[t] for t in "7m 7m 7m E".split()], melds=melds)
    laizi = KIND_OF["9p"]
    assert can_win_on(winner, KIND_OF["E"], "discard", laizi, rules)
    assert not can_win_on(winner, KIND_OF["S"], "discard", laizi, rules)


@pytest.mark.parametrize("limit", ["held", "wild"])
def test_R_7_11_R_4_6_no_laizi_no_soft_reading_even_when_capped(limit: str) -> None:
    """R-7.11: a win with no laizi in hand is hard, under R-4.6's ``wild`` as under ``held``.
    清一色 + 碰碰胡 self-drawn (555m 777m 22m, peng 1m, an-gang 3m; laizi 9p held by nobody):
    W = 20·2 (opened)·4 (an-gang)·2 (hard)·1.5 (self-draw) = 480, each opened loser ×2 = 960
    → 金顶 400 each. A soft copy of the reading (W 240, 480 a loser) would reach 金顶 too and pay
    the same: there must be none to list as an equal reading."""
    seats = {0: seat("555m 777m 2m", peng("1m", 1), an("3m"))}
    seats.update({1: seat("", peng("E", 2)), 2: seat("", peng("S", 3)), 3: seat("", peng("W", 1))})
    kw: dict[str, Any] = {"tile": "2m", "way": "self_draw", "rules": {"laizi_limit": limit}}
    settled(
        ev(seats, **kw),
        [1200, -400, -400, -400],
        hands=["qingyise", "pengpenghu"],
        hard=True,
        capped="golden",
    )
    tbl, who, win, _ = parse_input(table(seats, **kw))
    assert judge(tbl, who, win).ties == []
