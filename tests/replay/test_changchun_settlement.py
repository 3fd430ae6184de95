"""Changchun's settlement read back line by line (changchun.md CC-6.1 – CC-6.4): each payment's
receipt, the score sheet a player checks by hand, and the boundaries of ``cap``.

Every figure is worked from the rule text: n(L) = the winner's fans (门清 1, 夹胡 1, 飘胡 2, 自摸
1, 宝 ``bao_fan``) + 1 if the winner or L deals (庄) + 1 if L dealt in (点炮); L pays ladder(n),
``changchun``'s ladder 1 2 4 8 16 32 64, past its end the last entry doubled (CC-6.1). Written
against ``scoring.py``'s mutants (issue #35, docs/mutation.md): the receipts were read back by no
rules test before.
"""

from __future__ import annotations

import pytest

from replay.games.changchun.params import PRESETS, Rules, make_rules
from replay.games.changchun.reading import Meld, Win, check_win
from replay.games.changchun.scoring import Payment, deltas, settle_gangs, settle_win
from replay.games.changchun.tiles import counts
from replay.tiles import parse_tile, parse_tiles

CC = PRESETS["changchun"]


def win(text: str, melds: list[Meld], tile: str, way: str, rules: Rules = CC) -> Win:
    got = check_win(counts(parse_tiles(text.split())), melds, parse_tile(tile), way, rules)
    assert isinstance(got, Win), got
    return got


#: E1: seat 2 (peng 9p) wins 平胡 on seat 3's 5m; dealer 0
E1: tuple[str, list[Meld], str, str] = (
    "1m 2m 3m 4s 5s 6s 6m 7m 5p 5p",
    [Meld("peng", parse_tile("9p"))],
    "5m",
    "dianpao",
)
#: E4: dealer 0's 对宝 W, 门清 飘胡
E4: tuple[str, list[Meld], str, str] = ("1m 1m 1m 9p 9p 9p 5s 5s 5s E E E W", [], "W", "duibao")
#: E7: seat 0 robs seat 3's xu-gang 5p (门清 夹胡); dealer 2
E7: tuple[str, list[Meld], str, str] = ("1s 2s 3s 7m 8m 9m 3p 3p 3p 4p 6p E E", [], "5p", "qianghu")


def receipts(pays: list[Payment]) -> dict[int, tuple[int, str]]:
    return {p.payer: (p.amount, p.receipt) for p in pays}


def test_CC_6_1_e4_each_fan_on_the_receipt_with_its_value() -> None:
    """CC-6.1 / CC-5.7 on E4: 门清 1 + 飘胡 2 + 自摸 1 + 宝 1 + 庄 1 (dealer 0 wins) = 6 → 64 from
    each; with ``bao_fan: 2`` 宝 is worth 2: n = 7, past the ladder's end: 64 × 2 = 128."""
    line = (
        "门清 menqing 1 + 飘胡 piaohu 2 + 自摸 zimo 1 + 宝 bao 1 + 庄 zhuang 1 (seat 0)"
        " = 6 番 fan → ladder[6] = 64"
    )
    assert receipts(settle_win(0, win(*E4), None, 0, CC)) == {1: (64, line), 2: (64, line), 3: (64, line)}
    two = make_rules("changchun", {"bao_fan": 2})
    line2 = (
        "门清 menqing 1 + 飘胡 piaohu 2 + 自摸 zimo 1 + 宝 bao 2 + 庄 zhuang 1 (seat 0)"
        " = 7 番 fan → ladder[7] = 128"
    )
    assert receipts(settle_win(0, win(*E4, two), None, 0, two))[1] == (128, line2)


def test_CC_6_1_e1_pinghu_dealer_and_dianpao_lines() -> None:
    """CC-6.1 on E1 (0 fan, 平胡): seat 3 dealt in, 0 + 点炮 1 = 1 → 2; dealer 0, 0 + 庄 1 = 1 →
    2; seat 1, 0 → 1."""
    got = receipts(settle_win(2, win(*E1), 3, 0, CC))
    assert got == {
        0: (2, "平胡 pinghu 0 + 庄 zhuang 1 (seat 0) = 1 番 fan → ladder[1] = 2"),
        1: (1, "平胡 pinghu 0 = 0 番 fan → ladder[0] = 1"),
        3: (2, "平胡 pinghu 0 + 点炮 dianpao 1 = 1 番 fan → ladder[1] = 2"),
    }


def test_CC_6_2_e1_discarder_only_and_discarder_covers_receipts() -> None:
    """CC-6.2 on E1: ``discarder_only``: seat 3 alone pays its own 2; ``discarder_covers``: seat 3
    pays the three ``all`` amounts 2 + 1 + 2 = 5, each named by its seat (n stays its own 1)."""
    only = make_rules("changchun", {"dianpao_mode": "discarder_only"})
    pays = settle_win(2, win(*E1), 3, 0, only)
    assert receipts(pays) == {
        3: (2, "平胡 pinghu 0 + 点炮 dianpao 1 = 1 番 fan → ladder[1] = 2 · 只有放炮家输分 discarder only")
    }
    covers = make_rules("changchun", {"dianpao_mode": "discarder_covers"})
    pays = settle_win(2, win(*E1), 3, 0, covers)
    assert [(p.payer, p.payee, p.n) for p in pays] == [(3, 2, 1)]
    assert receipts(pays)[3] == (
        5,
        "包 covers seat 0 [平胡 pinghu 0 + 庄 zhuang 1 (seat 0) = 1 番 fan → ladder[1] = 2]"
        " + seat 1 [平胡 pinghu 0 = 0 番 fan → ladder[0] = 1]"
        " + seat 3 [平胡 pinghu 0 + 点炮 dianpao 1 = 1 番 fan → ladder[1] = 2] = 5",
    )


def test_CC_6_4_cap_at_the_amount_and_one_below() -> None:
    """CC-6.4 ``cap`` on E7 (seat 3 robbed: 门清 1 + 夹胡 1 + 点炮 1 = 3 → 8; dealer 2: 3 → 8;
    seat 1: 2 → 4): a cap of 8 equals the dearest amount and changes nothing (no 封顶 note); a
    cap of 7 pays 7, 4, 7 and notes the cap on the two capped lines only."""
    at = make_rules("changchun", {"cap": 8})
    pays = settle_win(0, win(*E7, at), 3, 2, at)
    assert deltas(pays) == [20, -4, -8, -8] and not any("封顶" in p.receipt for p in pays)
    below = make_rules("changchun", {"cap": 7})
    got = receipts(settle_win(0, win(*E7, below), 3, 2, below))
    assert {s: a for s, (a, _) in got.items()} == {1: 4, 2: 7, 3: 7}
    assert got[3][1] == (
        "门清 menqing 1 + 夹胡 jiahu 1 + 点炮 dianpao 1 = 3 番 fan → ladder[3] = 8 · 封顶 cap 7"
    )
    assert got[2][1].endswith("ladder[3] = 8 · 封顶 cap 7") and "封顶" not in got[1][1]


@pytest.mark.parametrize(("discarder", "winner"), [(2, 2), (4, 2), (-1, 2)])
def test_CC_6_2_the_discarder_is_another_seat(discarder: int, winner: int) -> None:
    """CC-6.2: the seat that dealt in is one of the other three seats 0–3: the winner itself,
    seat 4 or seat −1 is a caller's error, named."""
    with pytest.raises(ValueError, match=f"^seat {discarder} cannot deal in to seat {winner}$"):
        settle_win(winner, win(*E1), discarder, 0, CC)


def test_CC_6_2_a_self_draw_has_no_dianpao_line() -> None:
    """CC-6.2 / CC-5.6 on E2 (dealer 0 self-draws: 门清 1 + 夹胡 1 + 自摸 1 + 庄 1 = 4 → 16 from
    each): nobody dealt in, so no line carries 点炮."""
    w = win("1m 1m 1m 2p 3p 4p 6s 7s 8s E E 5m 7m", [], "6m", "zimo")
    line = "门清 menqing 1 + 夹胡 jiahu 1 + 自摸 zimo 1 + 庄 zhuang 1 (seat 0) = 4 番 fan → ladder[4] = 16"
    assert receipts(settle_win(0, w, None, 0, CC)) == {1: (16, line), 2: (16, line), 3: (16, line)}


def gang_lines(pays: list[Payment]) -> list[tuple[int, int, int, str]]:
    return [(p.payer, p.payee, p.amount, p.receipt) for p in pays]


def test_CC_6_3_e5_gang_receipts_name_each_gang_and_its_units() -> None:
    """CC-6.3 on E5 (unit 1): seat 0's ming-gang 7p 1; seat 1's an-gang C, a 暗大蛋 (C is a
    ``dadan_tiles`` kind) 4; seat 2's 旋风杠 with one 补 E 1 + 1 = 2; seat 3's an-gang 5m 2. Each
    other seat pays each owner, the payments by owner then payer."""
    standing = [
        [Meld("ming", parse_tile("7p"), source=1)],
        [Meld("an", parse_tile("C"))],
        [Meld("xuanfeng", bu=(parse_tile("E"),))],
        [Meld("an", parse_tile("5m"))],
    ]
    tail = "(不随庄走 no dealer factor)"
    ming = f"杠分 gang: 明杠 ming 7p 7p 7p 7p 1 × 1 = 1 {tail}"
    dadan = f"杠分 gang: 暗杠 an C C C C 暗大蛋 an-dadan 4 × 1 = 4 {tail}"
    xf = f"杠分 gang: 旋风杠 xuanfeng E S W N E (1 补 bu) 2 × 1 = 2 {tail}"
    an = f"杠分 gang: 暗杠 an 5m 5m 5m 5m 2 × 1 = 2 {tail}"
    assert gang_lines(settle_gangs(standing, CC)) == [
        (1, 0, 1, ming), (2, 0, 1, ming), (3, 0, 1, ming),
        (0, 1, 4, dadan), (2, 1, 4, dadan), (3, 1, 4, dadan),
        (0, 2, 2, xf), (1, 2, 2, xf), (3, 2, 2, xf),
        (0, 3, 2, an), (1, 3, 2, an), (2, 3, 2, an),
    ]  # fmt: skip


def test_CC_6_3_ming_dadan_a_bare_set_and_two_gangs_on_one_line() -> None:
    """CC-6.3: a ming-gang of 发 F (a 大蛋 kind) is 明大蛋, 2; a 喜杠 with no 补 is 1 and names no
    补; an an-gang of 2m beside it is 2, so each payer's line adds 1 + 2 = 3; a plain ming-gang
    of 2m is 1 and no 大蛋."""
    melds = [
        [Meld("ming", parse_tile("F"), source=2)],
        [Meld("xi"), Meld("an", parse_tile("2m"))],
        [Meld("ming", parse_tile("2m"), source=0)],
        [],
    ]
    tail = "(不随庄走 no dealer factor)"
    got = gang_lines(settle_gangs(melds, CC))
    assert got[0] == (1, 0, 2, f"杠分 gang: 明杠 ming F F F F 明大蛋 ming-dadan 2 × 1 = 2 {tail}")
    assert got[3] == (0, 1, 3, f"杠分 gang: 喜杠 xi C F P 1 × 1 + 暗杠 an 2m 2m 2m 2m 2 × 1 = 3 {tail}")
    assert got[6] == (0, 2, 1, f"杠分 gang: 明杠 ming 2m 2m 2m 2m 1 × 1 = 1 {tail}")
    assert len(got) == 9


def test_CC_6_3_diangang_discarder_pays_three_shares_and_the_other_gangs_stay() -> None:
    """CC-6.3 ``diangang_payer: discarder`` under ``changchun-250`` (unit 2): seat 0's ming-gang
    on seat 3's 7p costs seat 3 alone 1 × 2 × 3 = 6; seat 0's an-gang 5m after it is still paid 2
    × 2 = 4 by each other seat: seat 3 owes 6 + 4 = 10 on one line, seats 1 and 2 owe 4; the
    lines by payer 1, 2, 3 whatever order the debts arose in and whatever their amounts."""
    rules = make_rules("changchun-250", {"diangang_payer": "discarder"})
    melds = [[Meld("ming", parse_tile("7p"), source=3), Meld("an", parse_tile("5m"))], [], [], []]
    tail = "(不随庄走 no dealer factor)"
    got = gang_lines(settle_gangs(melds, rules))
    an = "暗杠 an 5m 5m 5m 5m 2 × 2"
    assert got == [
        (1, 0, 4, f"杠分 gang: {an} = 4 {tail}"),
        (2, 0, 4, f"杠分 gang: {an} = 4 {tail}"),
        (3, 0, 10, f"杠分 gang: 明杠 ming 7p 7p 7p 7p 1 × 2 × 3 点杠 discarder pays all + {an} = 10 {tail}"),
    ]
    assert deltas(settle_gangs(melds, rules)) == [18, -4, -4, -10]
    # the same on seat 1's 7p: seat 1 owes 6 + 4 = 10, and still comes first
    melds = [[Meld("ming", parse_tile("7p"), source=1), Meld("an", parse_tile("5m"))], [], [], []]
    got = gang_lines(settle_gangs(melds, rules))
    assert [(payer, amount) for payer, _, amount, _ in got] == [(1, 10), (2, 4), (3, 4)]
