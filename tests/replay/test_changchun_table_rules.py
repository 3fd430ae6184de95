"""The Changchun table's own rules by id (changchun.md CC-1.2, CC-1.4, CC-2.2, CC-3.2, CC-3.4), each as
whole ``changchun-hand/1`` records pushed through the board and audited: a legal record with its
hand-worked settlement, and its illegal neighbours, each refused at the event named with its
reason code and CC rule.

Amounts are worked by hand from CC-6.1/6.2 (``changchun`` preset: ladder 1 2 4 8 16 …, each
payer's n(L) = the winner's fan + 1 if the winner or L deals + 1 if L dealt in or was robbed;
``dianpao_mode: all``) and CC-6.3 (gang money: a set 1 unit plus 1 per standing 补, from each
other seat). Walls come from ``tests/changchun_builders.py``, which puts each named draw where
the board must take it.
"""

from __future__ import annotations

from typing import Any

from replay.games.changchun.audit import audit_validated
from replay.games.changchun.board import Board
from replay.games.changchun.reasons import CATALOGUE
from replay.games.changchun.tiles import counts, parse_list
from tests.changchun_builders import record, tiles, tsumogiri
from tests.replay.test_changchun_board import E1_HANDS, E4_HANDS, E5_HANDS, E5_HEAD, e5_record


def audited(rec: dict[str, Any]) -> dict[str, Any]:
    out = audit_validated(rec)
    assert out["status"] == "ok", (out["first_illegal"], out["errors"])
    computed: dict[str, Any] = out["computed"]
    return computed


def refused(rec: dict[str, Any], code: str, rule: str, index: int) -> None:
    """The audit stops at event ``index`` with ``code``, which the catalogue ties to ``rule``."""
    out = audit_validated(rec)
    assert out["status"] == "illegal", (out["status"], out["errors"], out["computed"])
    first = out["first_illegal"]
    assert (first["code"], first["rule"], first["index"]) == (code, rule, index), first
    assert CATALOGUE[code][0] == rule


# ---------------------------------------------------------------------------------- CC-1.2
# E1's opening; then seat 0, the 下家 of seat 3 round the table, chis seat 3's 5p with 6p 7p, and
# seat 2 wins 平胡 on seat 1's 8m (it waits on 5m/8m after its peng of 9p).
TURN = ["x0 9p", "p2", "x2 F", "d3 5p", "x3 5p", "c0 6p 7p", "x0 E", "d1 8m", "x1 8m", "h2"]


def test_cc_1_2_turn_order_round_the_table() -> None:
    """CC-1.2: play goes 0→1→2→3→0 and s+1 is s's 下家: seat 0 chis seat 3's tile, then seat 1
    draws. Seat 2's 平胡 (0 fan) on seat 1's 8m: seat 1 dealt in 0+1 → 2, seat 0 deals 0+1 → 2,
    seat 3 0 → 1: [−2, −2, +5, −1]; seat 2 won, so the dealer's 下家 seat 1 deals next (CC-1.3)."""
    got = audited(record(E1_HANDS, TURN))
    assert got["deltas"] == [-2, -2, 5, -1] and got["fan"] == [1, 1, None, 0]
    assert (got["winner"], got["discarder"], got["hands"]) == (2, 1, ["pinghu"])
    assert got["next_dealer"] == 1


def test_cc_1_2_the_next_seat_draws() -> None:
    """CC-1.2: after seat 0's discard only seat 1, its 下家, draws (seat 2 is refused, CC-2.1)."""
    refused(record(E1_HANDS, ["x0 9p", "d2 N"]), "out_of_turn", "CC-2.1", 1)


# ---------------------------------------------------------------------------------- CC-1.4
def test_cc_1_4_the_deal_live_draws_and_replacement_draws() -> None:
    """CC-1.4 on E5 (dealer 0): wall[0..52] deal 4-4-4 to seats 0, 1, 2, 3 in turn, then 1 each
    (wall[48..51]) and the dealer's 14th (wall[52]); live draws take 53, 54, 55, 56 (seat 1's 9m
    and 2m, seat 2's 1s, seat 3's 4s); the five replacement draws take 135, 134, 133, 132, 131
    (seat 0's 9s after its ming-gang, seat 1's 3m, seat 2's 2s and 3s, seat 3's 5s)."""
    rec = e5_record()
    wall = rec["wall"]
    board = Board.from_record(rec)
    for s in range(4):
        own = [i for r in range(3) for i in range(16 * r + 4 * s, 16 * r + 4 * s + 4)] + [48 + s]
        own += [52] if s == 0 else []
        assert tuple(counts(parse_list([wall[i] for i in own], "wall"))) == board.seats[s].dealt
        assert sorted(wall[i] for i in own) == sorted(tiles(E5_HANDS[s]))
    assert wall[53:57] == ["9m", "2m", "1s", "4s"]
    assert wall[131:136] == ["5s", "3s", "2s", "3m", "9s"]
    audited(rec)


#: E4 until seat 0's roll of the 宝 W (die 1: wall[135]); it does not win by 对宝 but draws the
#: fourth 1m, an-gangs it (W = {W} unchanged, CC-4.3) and takes its replacement draw
BAO_BACK = [
    "x0 2m",
    "t0",
    *tsumogiri([1, 2, 3], ["1p", "5p", "7p"]),
    "b0 1 W",
    "d0 1m",
    "ga0 1m",
    "d0 8p",
    "x0 8p",
]


def test_cc_1_4_a_replacement_draw_skips_the_bao() -> None:
    """CC-1.4: the 宝 stands at wall[135], so seat 0's replacement draw takes wall[134]; a wall
    with 8p one place further is refused at that draw (draw_mismatch)."""
    rec = record(E4_HANDS, BAO_BACK)
    assert rec["events"][8]["index"] == 135 and rec["wall"][135] == "W" and rec["wall"][134] == "8p"
    out = audit_validated(rec)
    assert (out["first_illegal"]["code"], out["first_illegal"]["index"]) == ("hand_not_finished", 13)
    rec["wall"][133], rec["wall"][134] = rec["wall"][134], rec["wall"][133]
    refused(rec, "draw_mismatch", "CC-1.4", 11)


# ---------------------------------------------------------------------------------- CC-2.2
def test_cc_2_2_chi_only_from_the_shangjia() -> None:
    """CC-2.2 (``chi_from: shangjia``): seat 1 is not seat 3's 下家 and may not chi its 5p."""
    refused(record(E1_HANDS, [*TURN[:5], "c1 4p 6p"]), "chi_not_shangjia", "CC-2.2", 5)


CHI_ANY = ["x0 9p", "p2", "x2 F", "d3 E", "x3 E", "d0 4p", "x0 4p", "c3 2p 3p", "x3 5m", "h2"]


def test_cc_2_2_chi_from_any_seat_is_a_parameter() -> None:
    """CC-2.2 ``chi_from: any`` (S4 literal 三家都有权力吃): seat 3 chis seat 0's 4p (seat 0's
    下家 is seat 1), discards 5m and seat 2 wins as in E1: [−2, −1, +5, −2]. By default the
    same chi is refused at event 7."""
    refused(record(E1_HANDS, CHI_ANY), "chi_not_shangjia", "CC-2.2", 7)
    got = audited(record(E1_HANDS, CHI_ANY, overrides={"chi_from": "any"}))
    assert got["deltas"] == [-2, -1, 5, -2] and got["discarder"] == 3


def test_cc_2_2_a_win_beats_a_claim() -> None:
    """CC-2.2 priority win > peng: once seat 2 declared its win on seat 3's 5m, seat 0's peng of
    the same tile is refused (the win stands, CC-2.3)."""
    e1 = ["x0 9p", "p2", "x2 F", "d3 E", "x3 5m", "h2"]
    refused(record(E1_HANDS, [*e1, "p0"]), "claim_after_hu", "CC-2.2", 6)


# ---------------------------------------------------------------------------------- CC-3.2
#: seat 1 was dealt 中 发 白: a 喜杠 (xi) in its first turn, then it waits on 5m alone
XI_HANDS = [E1_HANDS[0], "CFP 123m 456s 789p 5m", E1_HANDS[2], E1_HANDS[3]]


def test_cc_3_2_a_first_turn_set_of_dealt_tiles() -> None:
    """CC-3.2 (and CC-3.1, CC-3.6): seat 1's first turn: draw N, 喜杠 C F P (3 tiles, no draw),
    discard N; it wins on seat 2's 5m. The set keeps 门清 and is its 刻: menqing + jiahu (W =
    {5m}) = 2; seat 2 dealt in 3 → 8, seat 0 deals 3 → 8, seat 3 2 → 4: +20. Gang money: the set,
    1 unit from each (CC-6.3). [−9, +23, −9, −5]."""
    got = audited(record(XI_HANDS, ["x0 9p", "d1 N", "xi1", "x1 N", "d2 5m", "x2 5m", "h1"]))
    assert got["deltas"] == [-9, 23, -9, -5] and got["gang_deltas"] == [-1, 3, -1, -1]
    assert sorted(got["hands"]) == ["jiahu", "menqing"] and got["fan"] == [3, None, 3, 2]


def test_cc_3_2_no_set_after_the_first_discard() -> None:
    """CC-3.2: the same set in seat 1's second turn is refused (set_late)."""
    events = ["x0 9p", "d1 N", "x1 N", "d2 W", "x2 W", "d3 W", "x3 W", "d0 S", "x0 S", "d1 S", "xi1"]
    refused(record(XI_HANDS, events), "set_late", "CC-3.2", 10)


def test_cc_3_2_no_set_with_a_drawn_tile() -> None:
    """CC-3.2 (只有起手牌才算): dealt C F N, seat 1 draws P in its first turn: no 喜杠 with it."""
    hands = [E1_HANDS[0], "CFN 123m 456s 789p 5m", E1_HANDS[2], E1_HANDS[3]]
    refused(record(hands, ["x0 9p", "d1 P", "xi1"]), "set_not_dealt", "CC-3.2", 2)


# ---------------------------------------------------------------------------------- CC-3.4
#: seat 1 as above; seat 3 waits on C or E (999m 456s 345p CC EE)
ROB_HANDS = [E1_HANDS[0], "CFP 123m 456s 789p 5m", E1_HANDS[2], "999m 456s 345p CC EE"]
#: seat 1's 喜杠 in its first turn, then in its second turn it draws C and adds it: a 补杠
BU_GANG = ["x0 9p", "d1 N", "xi1", "x1 N", "d2 W", "x2 W", "d3 W", "x3 W", "d0 S", "x0 S", "d1 C", "gb1 C"]


def test_cc_3_4_a_later_bu_is_robbed() -> None:
    """CC-3.4 (with CC-2.4, CC-5.6): a 补 in a later turn with a drawn tile is a 补杠: seat 3 robs
    the C (抢胡, settled as 点炮 by the robbed seat 1). Seat 3 门清 1 fan (W = {C, E}: no 夹胡):
    seat 1 robbed 2 → 4, seat 0 deals 2 → 4, seat 2 1 → 2: +10. The robbed 补 never counts; the
    喜杠 itself stands: 1 unit from each. [−5, −1, −3, +9]."""
    got = audited(record(ROB_HANDS, [*BU_GANG, "h3"]))
    assert (got["winner"], got["discarder"], got["way"], got["hands"]) == (3, 1, "qianghu", ["menqing"])
    assert got["win_deltas"] == [-4, -4, -2, 10] and got["gang_deltas"] == [-1, 3, -1, -1]
    assert got["deltas"] == [-5, -1, -3, 9]


def test_cc_3_4_an_unrobbed_bu_stands_and_draws() -> None:
    """CC-3.4 (CC-3.3, CC-6.3): nobody robs; seat 1 draws its replacement 5m and self-draws:
    menqing + jiahu + zimo = 3; seat 0 deals 4 → 16, seats 2 and 3 3 → 8: +32. The set with its
    standing 补 is 2 units from each: +6. [−18, +38, −10, −10]."""
    got = audited(record(ROB_HANDS, [*BU_GANG, "s3", "d1 5m", "h1"]))
    assert got["win_deltas"] == [-16, 32, -8, -8] and got["gang_deltas"] == [-2, 6, -2, -2]
    assert got["deltas"] == [-18, 38, -10, -10] and got["way"] == "zimo"


def test_cc_3_4_a_first_turn_bu_with_dealt_tiles_is_not_robbable() -> None:
    """CC-3.3/3.4: E5's seat 2 adds its dealt second E in its first turn (连续补完): no rob window,
    its replacement draw is due, so seat 1's hu there is refused (CC-2.4)."""
    refused(record(E5_HANDS, [*E5_HEAD[:14], "h1"]), "rob_not_allowed", "CC-2.4", 14)


# ---------------------------------------------------------------------------------- CC-4.8
#: E4 until seat 0's roll of the 宝 W (对宝 open to it), then it leaks the 宝 instead
E4_LOOK = ["x0 2m", "t0", *tsumogiri([1, 2, 3], ["1p", "5p", "7p"]), "b0 1 W"]


def test_cc_4_8_a_leak_ends_the_seats_wins_and_changes_the_bao() -> None:
    """CC-4.8: seat 0 leaks W at event 9: the 宝 is dead (CC-4.7), so seat 0, 报听, must roll again
    before its draw (bao_must_roll at 10); after the new roll (die 2: wall[134], the old 宝 back
    in its place) it draws its winning W and may not win (leaked at 12)."""
    refused(record(E4_HANDS, [*E4_LOOK, "l0", "d0 W"]), "bao_must_roll", "CC-4.7", 10)
    rec = record(E4_HANDS, [*E4_LOOK, "l0", "b0 2 N", "d0 W", "h0"])
    assert [e.get("index") for e in rec["events"] if e["type"] == "bao"] == [135, 134]
    refused(rec, "leaked", "CC-4.8", 12)
    board = Board.from_record(rec)
    for e in rec["events"][:12]:  # through the draw of W
        board.push(e)
    assert board.leaks == [(9, 0)] and board.bao_known(0) == parse_list(["N"], "t")[0]
