"""Black-box rule tests of ``replay.games.wuhan.evaluate.evaluate``, one or more per R-id of RULES.md.

Every expected number is worked out by hand from RULES.md (§10 factor table, §11 parameters,
§12 worked examples) and the team's documented engine decisions; the arithmetic is in the
comment next to each expectation. Notation: ``W`` is the winner-side product
(base · winner factors); a loser pays ``W · (its own factors) · (pair factors)``.

Conventions used throughout (unless a test says otherwise): seat 0 wins, seat 1 is the dealer,
the laizi is ``9p`` (given directly, so no indicator is counted), the ruleset is ``hzlzg``
(cap 300, golden 400, no sunshine, no 起胡). Seat 3 is seat 0's 上家, so seat 0 chis from 3.
Rules about play order (R-2.x, R-3.3 - R-3.5, R-5.1, R-5.3, R-5.4, R-8.1) are the replayer's
and are not tested here.
"""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.wuhan.evaluate import evaluate

# --------------------------------------------------------------------------------------------
# builders
# --------------------------------------------------------------------------------------------


def T(text: str) -> list[str]:
    """'456m 23s 55p ESW' -> ['4m', '5m', '6m', '2s', '3s', '5p', '5p', 'E', 'S', 'W']."""
    out: list[str] = []
    digits = ""
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits += ch
        elif ch in "msp":
            out += [d + ch for d in digits]
            digits = ""
        else:
            out.append(ch)
    assert not digits, text
    return out


def chi(tiles: str, frm: int) -> dict[str, Any]:
    return {"type": "chi", "tiles": T(tiles), "from": frm}


def peng(tile: str, frm: int) -> dict[str, Any]:
    return {"type": "peng", "tile": tile, "from": frm}


def ming(tile: str, frm: int) -> dict[str, Any]:
    return {"type": "gang", "kind": "ming", "tile": tile, "from": frm}


def xu(tile: str, frm: int) -> dict[str, Any]:
    return {"type": "gang", "kind": "xu", "tile": tile, "from": frm}


def an(tile: str) -> dict[str, Any]:
    return {"type": "gang", "kind": "an", "tile": tile}


def seat(
    hand: str = "",
    *melds: dict[str, Any],
    pizi_gangs: int = 0,
    laizi_gangs: int = 0,
    pizi_discards: int = 0,
    laizi_discards: int = 0,
) -> dict[str, Any]:
    out: dict[str, Any] = {"hand": T(hand), "melds": list(melds)}
    for key, value in (
        ("pizi_gangs", pizi_gangs),
        ("laizi_gangs", laizi_gangs),
        ("pizi_discards", pizi_discards),
        ("laizi_discards", laizi_discards),
    ):
        if value:
            out[key] = value
    return out


def table(
    seats: dict[int, dict[str, Any]],
    *,
    tile: str,
    way: str = "discard",
    frm: int | None = None,
    winner: int = 0,
    dealer: int = 1,
    preset: str = "hzlzg",
    rules: dict[str, Any] | None = None,
    laizi: str = "9p",
    indicator: str | None = None,
) -> dict[str, Any]:
    win: dict[str, Any] = {"way": way, "tile": tile}
    if frm is not None:
        win["from"] = frm
    obj: dict[str, Any] = {
        "ruleset": {"preset": preset, "overrides": dict(rules or {})},
        "dealer": dealer,
        "winner": winner,
        "win": win,
        "seats": [seats.get(i, seat()) for i in range(4)],
    }
    if indicator is not None:
        obj["laizi_indicator"] = indicator
    else:
        obj["laizi"] = laizi
    return obj


def ev(seats: dict[int, dict[str, Any]], **kw: Any) -> dict[str, Any]:
    return evaluate(table(seats, **kw))


RULE_OF = {
    "not_opened": "R-6.2",
    "holds_pizi": "R-4.1",
    "win_on_pizi": "R-4.1",
    "win_on_discarded_laizi": "R-4.2",
    "pihu_two_laizi": "R-4.3",
    "too_many_wild_laizi": "R-4.6",
    "not_a_winning_hand": "R-7.2",
    "no_real_jiang": "R-7.13",
    "jianzi_discard": "R-7.14",
    "below_qihu": "R-10.7",
    "wrong_hand_size": "R-5.6",
    "too_many_copies": "R-3.1",
    "meld_with_laizi": "R-4.2",
    "meld_with_pizi": "R-4.1",
    "bad_meld": "R-5.2",
    "chi_not_from_previous_seat": "R-5.2",
    "claim_from_self": "R-5.2",
    "rob_not_xu_gang": "R-5.5",
    "gang_draw_without_gang": "R-7.8",
}


def illegal(out: dict[str, Any], code: str) -> None:
    assert "error" not in out, out
    assert out["legal"] is False, out
    assert out["reason"]["code"] == code, out["reason"]
    assert out["reason"]["rule"] == RULE_OF[code], out["reason"]
    assert out["deltas"] is None


def settled(
    out: dict[str, Any],
    deltas: list[int],
    *,
    hands: list[str] | None = None,
    hard: bool | None = None,
    base: int | None = None,
    liable: int | None = None,
    liability: str | None = None,
    capped: str | None = None,
    amounts: dict[int, int] | None = None,
    raws: dict[int, int] | None = None,
) -> None:
    assert "error" not in out, out
    assert out["legal"] is True, out["reason"]
    assert out["reason"] is None
    if hands is not None:
        assert sorted(out["hands"]) == sorted(hands), out["hands"]
    if hard is not None:
        assert out["hard"] is hard
    if base is not None:
        assert out["base"] == base
    assert out["deltas"] == deltas, out["receipts"]
    assert sum(out["deltas"]) == 0
    assert out["liable"] == liable
    assert out["liability"] == liability
    assert out["capped"] == capped
    by_seat = {r["seat"]: r for r in out["receipts"]}
    if amounts is not None:
        assert {s: by_seat[s]["amount"] for s in amounts} == amounts
    if raws is not None:
        assert {s: by_seat[s]["raw"] for s in raws} == raws


def error_field(out: dict[str, Any]) -> str:
    assert set(out) == {"error"}, out
    assert out["error"]["message"]
    return str(out["error"]["field"])


# Reusable hands ------------------------------------------------------------------------------


def std(**counts: int) -> dict[str, Any]:
    """Seat 0's 屁胡: chi 123m from 3 + 456m 789m 23s 55s, waiting on 1s/4s (pair 55s is a 将)."""
    return seat("456m 789m 23s 55s", chi("123m", 3), **counts)


def qqr(hand: str = "5s") -> dict[str, Any]:
    """Seat 0's 全求人: four opens, one tile left (pair with the discard)."""
    return seat(hand, chi("123m", 3), peng("7m", 1), peng("E", 2), chi("456s", 3))


# Seat 2 as an opened discarder that is tenpai (123p 456p 678p + 2s waits 2s, a 将 pair) ...
TENPAI_2 = seat("123p 456p 678p 2s", peng("9m", 1))
# ... and one that is opened but waits on nothing.
NOT_TENPAI_2 = seat("1p 3p 5p 7p 2s 4s 6s 8s N S", peng("9m", 1))

# 风一色 without 发财 (all in E S W N P): hand S S S W W N N P P E + peng E; wins on W.
FYS_HAND = "SSS WW NN PP E"
# 将一色: peng 2m + 5m 8m 2s 5s 8s 2p 5p 8p 5m 8m; wins on 2s.
JYS_HAND = "5m 8m 2s 5s 8s 2p 5p 8p 5m 8m"


# --------------------------------------------------------------------------------------------
# laizi from the indicator
# --------------------------------------------------------------------------------------------

LAIZI_CASES = [
    # (pizi, indicator, laizi)
    (["C"], "4p", "5p"),
    (["C"], "9p", "1p"),
    (["C"], "9m", "1m"),
    (["C"], "9s", "1s"),
    (["C"], "E", "S"),
    (["C"], "S", "W"),
    (["C"], "W", "N"),
    (["C"], "N", "F"),  # skip 红中
    (["C"], "C", "F"),  # an indicator of 红中 gives 发
    (["C"], "F", "P"),
    (["C"], "P", "E"),
    (["C", "F"], "N", "P"),  # 红中发财: 北 -> 白
    (["C", "F"], "C", "P"),  # 红中 -> 白
    (["C", "F"], "F", "P"),  # 发财 -> 白
    (["C", "F"], "P", "E"),  # 白 -> 东
    (["C", "F"], "E", "S"),
    (["C", "F"], "4p", "5p"),
]


@pytest.mark.parametrize(("pizi", "indicator", "laizi"), LAIZI_CASES)
def test_R_3_2_laizi_is_the_kind_after_the_indicator(pizi: list[str], indicator: str, laizi: str) -> None:
    """R-3.2: the expected laizi acts as a wildcard (the hand only wins with it standing for
    1x or 4x), while the indicator tile itself in the same place does not."""
    suit = "p" if laizi == "1s" else "s"  # keep the wildcard from fitting naturally
    meld = chi("234m", 3) if laizi == "1m" else chi("123m", 3)  # a laizi cannot be chi'd

    def hand_with(x: str) -> dict[str, Any]:
        return seat(f"456m 789m 55s 2{suit} {x}", meld)

    out = ev({0: hand_with(laizi)}, tile=f"3{suit}", frm=2, indicator=indicator, rules={"pizi": pizi})
    # soft 屁胡: W = 1·2 (opened) = 2; seat 1 dealer 2·2 = 4; seat 2 dealt in 2·2 = 4; seat 3: 2
    settled(out, [10, -4, -4, -2], hands=["pihu"], hard=False, base=1)
    decoy = ev({0: hand_with(indicator)}, tile=f"3{suit}", frm=2, indicator=indicator, rules={"pizi": pizi})
    assert decoy["legal"] is False, decoy


def test_R_3_2_bai_is_not_laizi_after_bei_in_hzlzg() -> None:
    """R-3.2: in hzlzg 北 gives 发, so 白 in the wildcard's place does not win."""
    out = ev({0: seat("456m 789m 55s 2s P", chi("123m", 3))}, tile="3s", frm=2, indicator="N")
    illegal(out, "not_a_winning_hand")


def test_R_3_2_fa_is_never_laizi_in_hongzhong_facai() -> None:
    """R-3.2/R-4.1: with pizi [C, F] the indicator 北 gives 白; a 发 in hand is a pizi."""
    out = ev(
        {0: seat("456m 789m 55s 2s F", chi("123m", 3))}, tile="3s", frm=2, indicator="N", preset="hzfclzg"
    )
    illegal(out, "holds_pizi")


# --------------------------------------------------------------------------------------------
# gang tiles (pizi)
# --------------------------------------------------------------------------------------------


def test_R_4_1_holding_hongzhong_blocks_the_win() -> None:
    """R-4.1 / R-7.1: a player holding a 红中 cannot win."""
    out = ev({0: seat("456m 789m 23s 5s C", chi("123m", 3))}, tile="4s", frm=2)
    illegal(out, "holds_pizi")


def test_R_4_1_holding_facai_blocks_the_win_in_hzfclzg() -> None:
    """R-4.1: in 红中发财 (hzfclzg) 发财 is a gang tile too."""
    out = ev({0: seat("456m 789m 23s 5s F", chi("123m", 3))}, tile="4s", frm=2, preset="hzfclzg")
    illegal(out, "holds_pizi")


def test_R_4_1_no_win_on_a_discarded_hongzhong() -> None:
    """R-4.1: nobody may win on a pizi."""
    out = ev({0: std()}, tile="C", frm=2)
    illegal(out, "win_on_pizi")


def test_R_4_1_no_win_on_a_self_drawn_hongzhong() -> None:
    """R-4.1: a pizi can never be won on, not even self-drawn. The drawn 红中 is the tile won on
    ("nor won on"), so that is the reason, not "while a player holds one" (it holds no other)."""
    illegal(ev({0: std()}, tile="C", way="self_draw"), "win_on_pizi")


@pytest.mark.parametrize(
    ("meld", "preset"),
    [
        (peng("C", 2), "hzlzg"),
        (ming("C", 2), "hzlzg"),
        (an("C"), "hzlzg"),
        (peng("F", 2), "hzfclzg"),
        (an("F"), "hzfclzg"),
    ],
)
def test_R_4_1_pizi_cannot_be_melded(meld: dict[str, Any], preset: str) -> None:
    """R-4.1: a pizi can never be peng'd or ming/an-ganged."""
    out = ev({0: seat("456m 23s 55s", chi("123m", 3), meld)}, tile="4s", frm=2, preset=preset)
    illegal(out, "meld_with_pizi")


# --------------------------------------------------------------------------------------------
# laizi
# --------------------------------------------------------------------------------------------


def test_R_4_2_no_win_on_a_discarded_laizi() -> None:
    """R-4.2: the 4s would complete the hand, but a discarded laizi cannot be won on."""
    out = ev({0: std()}, tile="4s", frm=2, laizi="4s")
    illegal(out, "win_on_discarded_laizi")


def test_R_4_2_self_drawn_laizi_may_win_read_as_itself() -> None:
    """R-4.2 / R-7.11: a self-drawn laizi is not a discarded one; read as 4s it is a hard win."""
    out = ev({0: std()}, tile="4s", way="self_draw", laizi="4s")
    # W = 1·2 (opened)·2 (hard)·2 (self-draw, small) = 8; dealer seat 1 8·2 = 16; others 8
    settled(out, [32, -16, -8, -8], hands=["pihu"], hard=True, base=1)


@pytest.mark.parametrize(
    "meld",
    [peng("9p", 2), chi("789p", 3), ming("9p", 2), an("9p")],
    ids=["peng", "chi", "ming-gang", "four-laizi-an-gang"],
)
def test_R_4_2_laizi_cannot_be_melded(meld: dict[str, Any]) -> None:
    """R-4.2: a laizi (9p) cannot be used in a chi/peng/gang; four laizi are never an an-gang."""
    out = ev({0: seat("456m 23s 55s", chi("123m", 3), meld)}, tile="4s", frm=2)
    illegal(out, "meld_with_laizi")


def test_R_4_2_laizi_may_stand_for_a_fifth_copy() -> None:
    """R-4.2 (team decision): a laizi stands for any tile, even when all four are visible.

    The 9p must be 1s or 4s to complete 2s-3s, and seats 2 and 3 hold an-gangs of both."""
    out = ev(
        {0: seat("456m 789m 2s 9p 55p", chi("123m", 3)), 2: seat("", an("1s")), 3: seat("", an("4s"))},
        tile="3s",
        frm=2,
    )
    # soft 屁胡: W = 1·2 (opened) = 2
    # seat 1: 2·2 (dealer) = 4; seat 2: 2·4 (an-gang)·2 (dealt in) = 16; seat 3: 2·4 (an-gang) = 8
    settled(out, [28, -4, -16, -8], hands=["pihu"], hard=False)


# --------------------------------------------------------------------------------------------
# two laizi and 屁胡
# --------------------------------------------------------------------------------------------


def test_R_4_3_two_laizi_block_pihu() -> None:
    """R-4.3: 9p 9p as 1s/4s and 5s would make a 屁胡, but two laizi forbid it."""
    out = ev({0: seat("456m 789m 2s 5s 9p 9p", chi("123m", 3))}, tile="3s", frm=2)
    illegal(out, "pihu_two_laizi")


def test_R_4_3_two_laizi_block_pihu_even_read_naturally() -> None:
    """R-4.3 (恒成立): with laizi 5s, 456m 789m 234s 55s is a natural 屁胡, still illegal."""
    out = ev({0: std()}, tile="4s", frm=2, laizi="5s")
    illegal(out, "pihu_two_laizi")


def test_R_4_3_counts_the_self_drawn_winning_laizi() -> None:
    """R-4.3 / R-7.1: one laizi in hand plus a self-drawn laizi are two."""
    out = ev({0: seat("456m 789m 23s 5s 9p", chi("123m", 3))}, tile="9p", way="self_draw")
    illegal(out, "pihu_two_laizi")


def test_R_4_3_big_hand_may_hold_three_laizi() -> None:
    """R-4.3: a big hand may hold any number of laizi: 清一色 with three 9p."""
    out = ev({0: seat("456m 789m 2m 9p 9p 9p", chi("123m", 3))}, tile="5m", frm=3)
    # soft 清一色: W = 10·2 (opened) = 20; seats 1, 2: 20; seat 3 dealt in 20·1.5 = 30
    settled(out, [70, -20, -20, -30], hands=["qingyise"], hard=False, base=10)


def test_R_4_3_two_laizi_allowed_for_gangshangkai() -> None:
    """R-4.3 / R-7.8 note: 杠上开 is a big hand, so two laizi do not block a 屁胡 shape."""
    out = ev({0: seat("456m 2s 5s 9p 9p", chi("123m", 3), an("7p"))}, tile="3s", way="gang_draw")
    # soft 杠上开: W = 10·2 (opened)·4 (an-gang) = 80, no self-draw factor; unopened losers 80
    settled(out, [240, -80, -80, -80], hands=["gangshangkai"], hard=False, base=10)


def test_R_4_3_two_laizi_allowed_for_haidilao() -> None:
    """R-4.3 / R-7.9: 海底捞 is a big hand, so two laizi do not block a 屁胡 shape."""
    out = ev({0: seat("456m 789m 2s 5s 9p 9p", chi("123m", 3))}, tile="3s", way="haidi")
    # soft 海底捞: W = 10·2 (opened) = 20, no self-draw factor; unopened losers 20 each
    settled(out, [60, -20, -20, -20], hands=["haidilao"], hard=False, base=10)


def test_R_4_3_two_laizi_allowed_for_qianggang() -> None:
    """R-4.3 / R-7.10: 抢杠 is a big hand: 2p + robbed 3p + 9p (as 1p/4p), 9p + 8s pair."""
    out = ev(
        {0: seat("456m 789m 2p 9p 9p 8s", chi("123m", 3)), 1: seat("", peng("3p", 2))},
        tile="3p",
        way="rob",
        frm=1,
        rules={"qianggang_mode": "robber"},
    )
    # soft: W = 10·2 = 20; seat 1 robbed: 20·2 (opened)·1.5 = 60; seats 2, 3: 20 -> seat 1 pays 100
    settled(out, [100, -100, 0, 0], hands=["qianggang"], hard=False, liable=1, liability="qianggang")


# --------------------------------------------------------------------------------------------
# claims, R-5.5 robbing, R-5.6 hand size (and copies)
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("frm", [1, 2])
def test_R_5_2_chi_only_from_previous_seat(frm: int) -> None:
    """R-5.2: seat 0 may chi only from seat 3 (its 上家)."""
    out = ev({0: seat("456m 789m 23s 55s", chi("123m", frm))}, tile="4s", frm=2)
    illegal(out, "chi_not_from_previous_seat")


def test_R_5_2_loser_chi_only_from_previous_seat() -> None:
    """R-5.2: seat 2's chi must come from seat 1."""
    ok = ev({0: std(), 2: seat("", chi("234p", 1))}, tile="4s", frm=3)
    assert ok["legal"] is True, ok["reason"]
    bad = ev({0: std(), 2: seat("", chi("234p", 3))}, tile="4s", frm=3)
    illegal(bad, "chi_not_from_previous_seat")


@pytest.mark.parametrize("tiles", ["124m", "ESW", "1m2s3p", "555m"])
def test_R_5_2_chi_is_a_suited_run(tiles: str) -> None:
    """R-5.2: a chi is a run of three consecutive suited tiles of one suit."""
    out = ev({0: seat("456m 789m 23s 55s", chi(tiles, 3))}, tile="4s", frm=2)
    illegal(out, "bad_meld")


def test_R_5_2_peng_and_ming_gang_from_any_other_seat() -> None:
    """R-5.2: peng and ming-gang may come from any other seat (here 2 = across and 1 = 下家)."""
    out = ev({0: seat("456m 23s 55s", peng("7p", 2), ming("N", 1))}, tile="4s", frm=3)
    # hard 屁胡: W = 1·2 (opened)·2 (ming-gang)·2 (hard) = 8
    # seat 1 dealer 8·2 = 16; seat 2: 8; seat 3 dealt in 8·2 = 16
    settled(out, [40, -16, -8, -16], hands=["pihu"], hard=True)


@pytest.mark.parametrize(
    ("meld", "code"),
    [
        (peng("7p", 0), "claim_from_self"),
        (ming("7p", 0), "claim_from_self"),
        # a chi names its own rule first: only from 上家 (seat 3 for seat 0), itself included
        (chi("789s", 0), "chi_not_from_previous_seat"),
    ],
)
def test_R_5_2_claim_from_self(meld: dict[str, Any], code: str) -> None:
    """R-5.2: a claim takes another player's discard, never one's own; a chi only its 上家's."""
    illegal(ev({0: seat("456m 23s 55s", chi("123m", 3), meld)}, tile="4s", frm=2), code)


@pytest.mark.parametrize(
    "robbed",
    [seat(""), seat("", ming("5p", 3)), seat("", an("5p"))],
    ids=["no-peng", "ming-gang", "an-gang"],
)
def test_R_5_5_only_a_xu_gang_can_be_robbed(robbed: dict[str, Any]) -> None:
    """R-5.5: robbing needs a peng of the tile being upgraded; ming/an-gangs cannot be robbed."""
    out = ev({0: seat("456m 789m 34p 88s", chi("123m", 3)), 1: robbed}, tile="5p", way="rob", frm=1)
    illegal(out, "rob_not_xu_gang")


def test_R_5_5_robbed_tile_is_the_fourth_copy() -> None:
    """R-5.5 / R-3.1: the robbed 5p is the fourth tile added to seat 1's peng of three, so a
    winner also holding a 5p would make five copies: an impossible table."""
    out = ev(
        {0: seat("456m 789m 234s 5p", chi("123m", 3)), 1: seat("", peng("5p", 3))},
        tile="5p",
        way="rob",
        frm=1,
    )
    illegal(out, "too_many_copies")


def test_R_5_6_winner_hand_size() -> None:
    """R-5.6: with one meld the winner holds 10 concealed tiles, not 11."""
    out = ev({0: seat("456m 789m 23s 55s 9s", chi("123m", 3))}, tile="4s", frm=2)
    illegal(out, "wrong_hand_size")


def test_R_5_6_loser_hand_size_when_given() -> None:
    """R-5.6: a loser's hand, when given, must hold 13 - 3·melds tiles."""
    out = ev({0: std(), 2: seat("123p", peng("E", 1))}, tile="4s", frm=2)
    illegal(out, "wrong_hand_size")


def test_R_5_6_pizi_and_laizi_put_out_form_no_melds() -> None:
    """R-5.6: after two pizi gangs and a laizi gang the winner still holds 13 - 3·1 = 10."""
    out = ev({0: std(pizi_gangs=2, laizi_gangs=1)}, tile="4s", frm=2)
    # W = 1·2 (opened)·2·2 (two pizi gangs)·4 (laizi gang)·2 (hard) = 64
    # seat 1 dealer 64·2 = 128; seat 2 dealt in 64·2 = 128; seat 3: 64
    settled(out, [320, -128, -128, -64], hands=["pihu"], hard=True)


def test_R_3_1_too_many_copies() -> None:
    """R-3.1: 55s in hand plus a peng of 5s is five 5s."""
    out = ev({0: std(), 2: seat("", peng("5s", 1))}, tile="4s", frm=2)
    illegal(out, "too_many_copies")


def test_R_3_1_indicator_is_a_visible_copy() -> None:
    """R-3.1: the flipped indicator 3s is out of play: with a peng of 3s and the winner's 3s,
    that is five 3s."""
    out = ev({0: std(), 2: seat("", peng("3s", 1))}, tile="4s", frm=2, indicator="3s")
    illegal(out, "too_many_copies")


def test_R_3_1_laizi_put_out_are_copies() -> None:
    """R-3.1: three laizi gangs and one laizi discard of 9p plus a 9p in hand are five 9p."""
    out = ev(
        {0: seat("456m 789m 2s 9p 55p", chi("123m", 3)), 2: seat("", laizi_gangs=3, laizi_discards=1)},
        tile="3s",
        frm=2,
    )
    illegal(out, "too_many_copies")


# --------------------------------------------------------------------------------------------
# opening
# --------------------------------------------------------------------------------------------


def test_R_6_1_an_gang_is_not_an_open() -> None:
    """R-6.1 / R-6.2: an an-gang alone does not open the hand."""
    out = ev({0: seat("456m 789m 23s 55s", an("7p"))}, tile="4s", frm=2)
    illegal(out, "not_opened")


def test_R_6_1_pizi_and_laizi_gangs_are_not_opens() -> None:
    """R-6.1: pizi and laizi gangs (干兹) do not open the hand."""
    out = ev({0: seat("123m 456m 789m 23s 55s", pizi_gangs=1, laizi_gangs=1)}, tile="4s", way="self_draw")
    illegal(out, "not_opened")


def test_R_6_1_xu_gang_counts_as_its_peng_open() -> None:
    """R-6.1: a xu-gang is an upgraded peng, which opened the hand."""
    out = ev({0: seat("456m 789m 23s 55s", xu("7p", 2))}, tile="4s", frm=3)
    # W = 1·2 (opened)·2 (xu-gang)·2 (hard) = 8; seat 1 dealer 16; seat 2: 8; seat 3 dealt in 16
    settled(out, [40, -16, -8, -16], hands=["pihu"], hard=True)


@pytest.mark.parametrize(
    ("mode", "deltas"),
    [
        # kaikou: W = 1·2 (opened once)·2 (xu)·4 (an)·2 (hard) = 32
        #   seat 1 dealt in 32·2 = 64; seat 2 dealer 32·2 = 64; seat 3: 32
        ("kaikou", [160, -64, -64, -32]),
        # koukou: opens = chi + xu-gang = 2 (the an-gang is no open): W = 1·4·2·4·2 = 64
        #   seat 1: 64·2 = 128; seat 2: 64·2 = 128; seat 3: 64
        ("koukou", [320, -128, -128, -64]),
    ],
)
def test_R_6_1_opens_counted_chi_and_xu_not_an(mode: str, deltas: list[int]) -> None:
    """R-6.1 / R-10.3: chi and xu-gang are opens, the an-gang is not."""
    out = ev(
        {0: seat("456m 5s", chi("123m", 3), xu("7p", 2), an("9s"))},
        tile="5s",
        frm=1,
        dealer=2,
        rules={"open_mode": mode},
    )
    settled(out, deltas, hands=["pihu"], hard=True)


def test_R_6_2_big_hand_must_open_too() -> None:
    """R-6.2: a concealed 清一色 self-draw is no win (no 门前清)."""
    out = ev({0: seat("111m 234m 567m 888m 9m")}, tile="9m", way="self_draw")
    illegal(out, "not_opened")


# --------------------------------------------------------------------------------------------
# 屁胡
# --------------------------------------------------------------------------------------------

R_7_1_CASES = [
    # (winner, extra table kwargs, reason): each breaks exactly one precondition of
    (seat("456m 789m 23s 55s", an("7p")), {}, "not_opened"),
    (seat("456m 789m 23s 5s C", chi("123m", 3)), {}, "holds_pizi"),
    (std(), {"laizi": "4s"}, "win_on_discarded_laizi"),
    (seat("456m 789m 2s 5s 9p 9p", chi("123m", 3)), {"tile": "3s"}, "pihu_two_laizi"),
    (std(), {"rules": {"qihu": 16}}, "below_qihu"),
]


@pytest.mark.parametrize(("winner", "kw", "code"), R_7_1_CASES, ids=[c[2] for c in R_7_1_CASES])
def test_R_7_1_preconditions(winner: dict[str, Any], kw: dict[str, Any], code: str) -> None:
    """R-7.1: opened, no pizi held, not on a discarded laizi, <= 1 laizi for 屁胡, 起胡."""
    args: dict[str, Any] = {"tile": "4s", "frm": 2, **kw}
    illegal(ev({0: winner}, **args), code)


def test_R_7_2_pihu_and_R_10_1_all_three_pay() -> None:
    """R-7.2 屁胡 with exposed chi; R-10.1 all three losers pay."""
    out = ev({0: std()}, tile="4s", frm=2)
    # W = 1·2 (opened)·2 (hard) = 4
    # seat 1 (dealer): 4·2 = 8; seat 2 (dealt in): 4·2 = 8; seat 3: 4
    settled(
        out,
        [20, -8, -8, -4],
        hands=["pihu"],
        hard=True,
        base=1,
        amounts={1: 8, 2: 8, 3: 4},
        raws={1: 8, 2: 8, 3: 4},
    )


@pytest.mark.parametrize("pair", ["22m", "55s", "88p"])
def test_R_7_2_pair_of_258_is_a_jiang(pair: str) -> None:
    """R-7.2: a pair of 2, 5 or 8 of one suit is a 将."""
    out = ev({0: seat(f"456m 789m 23s {pair}", chi("123m", 3))}, tile="4s", frm=2)
    settled(out, [20, -8, -8, -4], hands=["pihu"], hard=True)


@pytest.mark.parametrize("pair", ["11p", "EE", "2m 2s", "33s"])
def test_R_7_2_other_pairs_are_no_jiang(pair: str) -> None:
    """R-7.2: 11p, EE, 33s are no 将; a 2万 with a 2条 is no pair at all."""
    out = ev({0: seat(f"456m 789m 23s {pair}", chi("123m", 3))}, tile="4s", frm=2)
    illegal(out, "not_a_winning_hand")


# --------------------------------------------------------------------------------------------
# R-7.3 - R-7.7 shapes
# --------------------------------------------------------------------------------------------


def test_R_7_3_qingyise_any_pair() -> None:
    """R-7.3: 清一色 takes any pair (11m is no 将); two opens only, so no 喂第三口."""
    out = ev({0: seat("456m 789m 23m 11m", chi("123m", 3))}, tile="4m", frm=2)
    # W = 10·2 (opened)·2 (hard) = 40; seat 2 dealt in 40·1.5 = 60; seats 1, 3: 40 (no dealer: big)
    settled(out, [140, -40, -60, -40], hands=["qingyise"], hard=True, base=10)


def test_R_7_3_qingyise_still_needs_four_melds_and_a_pair() -> None:
    """R-7.3: one suit is not enough: 456m 789m 1m 3m 55m + chi 123m wins 清一色 on 2m
    (1-2-3m, pair 55m) but not on 9m (1m, 3m, 9m left over). W on 2m = 10·2 (opened)·2 (hard)
    = 40; seat 2 dealt in 40·1.5 = 60; seats 1, 3 40 (no 庄 factor on a big hand)."""
    hand = seat("456m 789m 1m 3m 55m", chi("123m", 3))
    settled(ev({0: hand}, tile="2m", frm=2), [140, -40, -60, -40], hands=["qingyise"], hard=True)
    illegal(ev({0: hand}, tile="9m", frm=2), "not_a_winning_hand")


def test_R_7_3_melds_count_for_qingyise() -> None:
    """R-7.3: a 条 chi breaks 清一色 of 万; the 11m pair is then no 将 either."""
    out = ev({0: seat("456m 789m 23m 11m", chi("123s", 3))}, tile="4m", frm=2)
    illegal(out, "not_a_winning_hand")


def test_R_7_4_fengyise_no_structure() -> None:
    """R-7.4: every tile a wind/风 tile (E S W N F P), no sets needed."""
    out = ev({0: seat(FYS_HAND, peng("E", 1))}, tile="W", frm=2)
    # W = 10·2 (opened)·2 (hard) = 40; seat 2 dealt in 60; seats 1, 3: 40
    settled(out, [140, -40, -60, -40], hands=["fengyise"], hard=True, base=10)


def test_R_7_4_facai_is_a_feng_tile_in_hzlzg() -> None:
    """R-7.4 / §1: in hzlzg 发财 counts as a 风 tile."""
    out = ev({0: seat("SSS WW NN P F E", peng("E", 1))}, tile="W", frm=2)
    settled(out, [140, -40, -60, -40], hands=["fengyise"], hard=True)


def test_R_7_4_facai_is_a_pizi_in_hzfclzg() -> None:
    """R-7.4 / §1 / R-4.1: in 红中发财 发财 is a gang tile, so holding it blocks the win."""
    out = ev({0: seat("SSS WW NN P F E", peng("E", 1))}, tile="W", frm=2, preset="hzfclzg")
    illegal(out, "holds_pizi")


def test_R_7_4_fengyise_in_hzfclzg_without_facai() -> None:
    """R-7.4: 风一色 of E S W N P is fine in hzfclzg (qihu 16 passes: 40, 60, 40)."""
    out = ev({0: seat(FYS_HAND, peng("E", 1))}, tile="W", frm=2, preset="hzfclzg")
    settled(out, [140, -40, -60, -40], hands=["fengyise"], hard=True)


def test_R_7_4_hongzhong_is_never_a_feng_tile() -> None:
    """R-7.4 / R-4.1: 红中 is never a wind."""
    out = ev({0: seat("SSS WW NN P C E", peng("E", 1))}, tile="W", frm=2)
    illegal(out, "holds_pizi")


def test_R_7_4_fengyise_soft_with_a_suited_laizi() -> None:
    """R-7.4 / R-7.11: a 9p laizi standing for a wind makes the 风一色 soft."""
    out = ev({0: seat("SSS WW NN P 9p E", peng("E", 1))}, tile="W", frm=2)
    # W = 10·2 (opened) = 20; seat 2: 20·1.5 = 30; seats 1, 3: 20
    settled(out, [70, -20, -30, -20], hands=["fengyise"], hard=False)


def test_R_7_4_R_7_11_laizi_that_is_a_wind_reads_naturally() -> None:
    """R-7.11: indicator 发 gives laizi 白 (R-3.2); the two 白 in a 风一色 read as 白: hard."""
    out = ev({0: seat(FYS_HAND, peng("E", 1))}, tile="W", frm=2, indicator="F")
    # W = 10·2·2 (hard) = 40 -> 40, 60, 40
    settled(out, [140, -40, -60, -40], hands=["fengyise"], hard=True)


def test_R_7_5_jiangyise() -> None:
    """R-7.5: every tile a suited 2, 5 or 8, no structure needed."""
    out = ev({0: seat(JYS_HAND, peng("2m", 1))}, tile="2s", frm=2)
    # W = 10·2 (opened)·2 (hard) = 40 -> 40, 60 (dealt in 1.5), 40
    settled(out, [140, -40, -60, -40], hands=["jiangyise"], hard=True, base=10)


def test_R_7_5_jiangyise_needs_every_tile_258() -> None:
    """R-7.5: one 4s breaks 将一色 (and there is no other shape)."""
    out = ev({0: seat("5m 8m 2s 4s 8s 2p 5p 8p 5m 8m", peng("2m", 1))}, tile="2s", frm=2)
    illegal(out, "not_a_winning_hand")


def test_R_7_5_R_7_11_laizi_that_is_a_jiang_reads_naturally() -> None:
    """R-7.11: with laizi 5s the 5s in a 将一色 reads as itself: hard."""
    out = ev({0: seat(JYS_HAND, peng("2m", 1))}, tile="2s", frm=2, laizi="5s")
    settled(out, [140, -40, -60, -40], hands=["jiangyise"], hard=True)


def test_R_7_5_jiangyise_soft_with_laizi_standing_for_a_jiang() -> None:
    """R-7.5 / R-7.11: a 9p standing for a 将 makes 将一色 soft."""
    out = ev({0: seat("5m 8m 2s 9p 8s 2p 5p 8p 5m 8m", peng("2m", 1))}, tile="2s", frm=2)
    # W = 10·2 = 20 -> 20, 30, 20
    settled(out, [70, -20, -30, -20], hands=["jiangyise"], hard=False)


def test_R_7_6_pengpenghu_any_pair() -> None:
    """R-7.6: four triplets + any pair (EE), mixed suits."""
    out = ev({0: seat("333p 777m E", peng("1m", 1), peng("9s", 2))}, tile="E", frm=3)
    # W = 10·2 (opened)·2 (hard) = 40; seat 3 dealt in 60; seats 1, 2: 40
    settled(out, [140, -40, -40, -60], hands=["pengpenghu"], hard=True, base=10)


def test_R_7_6_a_chi_breaks_pengpenghu() -> None:
    """R-7.6: with a chi it is no 碰碰胡, and EE is no 将 for 屁胡."""
    out = ev({0: seat("333p 777m E", chi("123m", 3), peng("9s", 2))}, tile="E", frm=3)
    illegal(out, "not_a_winning_hand")


def test_R_7_7_quanqiuren_with_tenpai_discarder() -> None:
    """R-7.7 全求人: four opens, one tile, pair (5s, a 将) made with the discard.
    R-9.1: the discarder (seat 2) is tenpai, so nobody is liable."""
    out = ev({0: qqr(), 2: TENPAI_2}, tile="5s", frm=2)
    # W = 10·2 (opened)·2 (hard) = 40
    # seat 1: 40; seat 2 opened, dealt in: 40·2·1.5 = 120; seat 3: 40
    settled(out, [200, -40, -120, -40], hands=["quanqiuren"], hard=True, base=10)


def test_R_7_7_quanqiuren_pair_must_be_jiang() -> None:
    """R-7.7: 4s 4s is no 将 and nothing else allows any pair."""
    out = ev({0: qqr("4s"), 2: TENPAI_2}, tile="4s", frm=2)
    illegal(out, "not_a_winning_hand")


def test_R_7_7_quanqiuren_not_by_self_draw() -> None:
    """R-7.7: self-drawing the pair tile is a plain 屁胡, not 全求人."""
    out = ev({0: qqr()}, tile="5s", way="self_draw")
    # W = 1·2 (opened)·2 (hard)·2 (self-draw) = 8; seat 1 dealer 16; seats 2, 3: 8
    settled(out, [32, -16, -8, -8], hands=["pihu"], hard=True, base=1)


def test_R_7_7_quanqiuren_any_pair_with_pengpenghu() -> None:
    """R-7.7: with 碰碰胡 the pair may be any tile (4s). R-10.4: two big hands, base 20."""
    winner = seat("4s", peng("1m", 1), peng("7m", 2), peng("E", 3), ming("9s", 1))
    out = ev({0: winner, 2: TENPAI_2}, tile="4s", frm=2)
    # W = 20·2 (opened)·2 (ming-gang)·2 (hard) = 160
    # seat 1: 160; seat 2: 160·2 (opened)·1.5 = 480 -> cap 300; seat 3: 160 (not all >= 300)
    settled(
        out,
        [620, -160, -300, -160],
        hands=["pengpenghu", "quanqiuren"],
        hard=True,
        base=20,
        capped="cap",
        amounts={1: 160, 2: 300, 3: 160},
        raws={1: 160, 2: 480, 3: 160},
    )


def test_R_7_7_quanqiuren_any_pair_with_fengyise() -> None:
    """R-7.7: 风一色 (+碰碰胡) allows a 白 pair. Three big hands: base 40 (double)."""
    winner = seat("P", peng("E", 1), peng("S", 2), peng("W", 3), peng("N", 1))
    out = ev({0: winner, 2: TENPAI_2}, tile="P", frm=2)
    # W = 40·2 (opened)·2 (hard) = 160; seat 2: 160·2·1.5 = 480 -> 300; seats 1, 3: 160
    settled(
        out,
        [620, -160, -300, -160],
        hands=["fengyise", "pengpenghu", "quanqiuren"],
        hard=True,
        base=40,
        capped="cap",
    )


def test_R_7_7_quanqiuren_any_pair_with_qingyise() -> None:
    """R-7.7: 清一色 allows a 9万 pair (no 将): chi 123m, pengs 4m, 6m, chi 789m, 9m left, won
    on seat 2's 9m: 清一色 + 全求人, base 20. W = 20·2 (opened)·2 (hard) = 80; seat 1 80,
    seat 2 (dealt in) 120, seat 3 80 = 280, all paid by seat 2, unopened so not tenpai (R-10.6a)."""
    winner = seat("9m", chi("123m", 3), peng("4m", 1), peng("6m", 2), chi("789m", 3))
    out = ev({0: winner}, tile="9m", frm=2)
    settled(
        out,
        [280, 0, -280, 0],
        hands=["qingyise", "quanqiuren"],
        hard=True,
        base=20,
        liable=2,
        liability="quanqiuren",
    )
    # the same four opens in two suits: 9m is then no pair a 全求人 may take (R-7.7: a 将 only)
    other = seat("9m", chi("123s", 3), peng("4m", 1), peng("6m", 2), chi("789m", 3))
    illegal(ev({0: other}, tile="9m", frm=2), "not_a_winning_hand")


def test_R_7_7_lone_laizi_pairs_with_any_jiang_discard() -> None:
    """R-7.7: a lone laizi (9p) pairs with an 8s discard: soft 全求人."""
    out = ev({0: qqr("9p"), 2: TENPAI_2}, tile="8s", frm=2)
    # W = 10·2 (opened) = 20; seat 1: 20; seat 2: 20·2·1.5 = 60; seat 3: 20
    settled(out, [100, -20, -60, -20], hands=["quanqiuren"], hard=False, base=10)


def test_R_7_7_lone_laizi_does_not_pair_with_a_non_jiang() -> None:
    """R-7.7: a lone laizi with a 4s discard makes no 将 pair."""
    out = ev({0: qqr("9p"), 2: TENPAI_2}, tile="4s", frm=2)
    illegal(out, "not_a_winning_hand")


def test_R_7_7_quanqiuren_not_by_robbing() -> None:
    """R-7.7 / R-10.6 (RULES.md: 全求人 needs a win on a discard, a robbed kong is not one): a rob
    gives 抢杠 alone (base 10, not 20).
    Lone laizi 9p + robbed 5p make the 将 pair. qianggang_mode robber for a plain amount."""
    out = ev(
        {0: qqr("9p"), 1: seat("", peng("5p", 3))},
        tile="5p",
        way="rob",
        frm=1,
        rules={"qianggang_mode": "robber"},
    )
    # W = 10·2 (opened) = 20 (soft); seat 1: 20·2 (opened)·1.5 (dealt in) = 60; seats 2, 3: 20
    # seat 1 is liable for all: 60 + 20 + 20 = 100
    settled(out, [100, -100, 0, 0], hands=["qianggang"], hard=False, base=10, liable=1, liability="qianggang")


# --------------------------------------------------------------------------------------------
# 杠上开, R-7.9 海底捞, R-7.10 抢杠
# --------------------------------------------------------------------------------------------


def test_R_7_8_E3_gangshangkai_after_an_gang() -> None:
    """E3: 杠上开 after an an-gang, hard, opened: 10·2·4·2 = 160 from an unopened loser, 320
    from an opened one (cap 400); no self-draw, no dealer factor."""
    out = ev(
        {0: seat("456m 78p 55s", an("9s"), chi("123m", 3)), 2: seat("", peng("E", 3))},
        tile="6p",
        way="gang_draw",
        rules={"cap": 400, "golden": 500},
    )
    # seat 1 (dealer, unopened): 160; seat 2 opened: 160·2 = 320; seat 3: 160
    settled(out, [640, -160, -320, -160], hands=["gangshangkai"], hard=True, base=10)


def test_R_7_8_gangshangkai_after_pizi_gang() -> None:
    """R-7.8: a 红中杠 draw counts for 杠上开."""
    out = ev(
        {0: seat("456m 23s 55s", chi("123m", 3), peng("7p", 2), pizi_gangs=1)}, tile="4s", way="gang_draw"
    )
    # W = 10·2 (opened)·2 (pizi gang)·2 (hard) = 80; losers unopened: 80 each
    settled(out, [240, -80, -80, -80], hands=["gangshangkai"], hard=True)


def test_R_7_8_gangshangkai_after_laizi_gang() -> None:
    """R-7.8: a 赖子杠 draw counts for 杠上开."""
    out = ev(
        {0: seat("456m 23s 55s", chi("123m", 3), peng("7p", 2), laizi_gangs=1)}, tile="4s", way="gang_draw"
    )
    # W = 10·2 (opened)·4 (laizi gang)·2 (hard) = 160; losers 160 each (< cap 300)
    settled(out, [480, -160, -160, -160], hands=["gangshangkai"], hard=True)


def test_R_7_8_gang_draw_needs_a_gang() -> None:
    """R-7.8: no gang, no kong replacement draw."""
    out = ev({0: std()}, tile="4s", way="gang_draw")
    illegal(out, "gang_draw_without_gang")


def test_R_7_8_R_3_7_haidi_gang_draw_needs_a_gang_too() -> None:
    """R-7.8 with R-3.7: a haidi replacement draw (杠上开 and 海底捞 at once) is a kong draw
    too: without a gang it is refused as one; with a 红中杠 behind it the same hand wins."""
    rules = {"haidi_play_on": True}
    out = ev({0: std()}, tile="4s", way="haidi_gang_draw", rules=rules)
    illegal(out, "gang_draw_without_gang")
    out = ev({0: std(pizi_gangs=1)}, tile="4s", way="haidi_gang_draw", rules=rules)
    assert out["legal"] is True, out["reason"]
    assert out["hands"] == ["gangshangkai", "haidilao"]


def test_R_7_8_gangshangkai_shape_needs_jiang_pair() -> None:
    """R-7.8: shape must still be a 屁胡 (11p is no 将)."""
    out = ev({0: seat("456m 23s 11p", chi("123m", 3), an("7p"))}, tile="4s", way="gang_draw")
    illegal(out, "not_a_winning_hand")


def test_R_7_8_E5_pengpenghu_gangshangkai() -> None:
    """E5: 碰碰胡 + 杠上开: base 20; opened -> 40 before the other factors."""
    out = ev({0: seat("333p E", peng("1m", 1), peng("7p", 2), ming("9s", 1))}, tile="E", way="gang_draw")
    # W = 20·2 (opened)·2 (ming-gang)·2 (hard) = 160; unopened losers 160 each
    settled(out, [480, -160, -160, -160], hands=["pengpenghu", "gangshangkai"], hard=True, base=20)


def test_R_7_9_haidilao() -> None:
    """R-7.9: 海底捞 on a 屁胡 shape: big hand, no self-draw factor, no dealer factor."""
    out = ev({0: std()}, tile="4s", way="haidi", dealer=0)
    # W = 10·2 (opened)·2 (hard) = 40; each loser 40
    settled(out, [120, -40, -40, -40], hands=["haidilao"], hard=True, base=10)


def test_R_7_9_haidilao_stacks_with_qingyise() -> None:
    """R-7.9 / R-10.4: 清一色 + 海底捞 = base 20."""
    out = ev({0: seat("456m 789m 23m 11m", chi("123m", 3))}, tile="4m", way="haidi")
    # W = 20·2·2 = 80 each
    settled(out, [240, -80, -80, -80], hands=["qingyise", "haidilao"], hard=True, base=20)


def test_R_7_9_haidi_still_needs_a_shape() -> None:
    """R-7.9: shape as for 杠上开."""
    out = ev({0: std()}, tile="9s", way="haidi")
    illegal(out, "not_a_winning_hand")


def test_R_7_10_qianggang_is_a_big_hand() -> None:
    """R-7.10: 抢杠 of seat 1's xu-gang 5p on a 屁胡 shape is a big hand (robber mode)."""
    out = ev(
        {0: seat("456m 789m 34p 88s", chi("123m", 3)), 1: seat("", peng("5p", 3))},
        tile="5p",
        way="rob",
        frm=1,
        rules={"qianggang_mode": "robber"},
    )
    # W = 10·2 (opened)·2 (hard) = 40; seat 1 (robbed, opened, dealt in): 40·2·1.5 = 120;
    # seats 2, 3: 40; seat 1 liable for 200
    settled(out, [200, -200, 0, 0], hands=["qianggang"], hard=True, base=10, liable=1, liability="qianggang")


# --------------------------------------------------------------------------------------------
# hard/soft, R-7.12 best reading
# --------------------------------------------------------------------------------------------


def test_R_7_11_no_laizi_is_hard() -> None:
    """R-7.11: no laizi in the hand: hard."""
    out = ev({0: std()}, tile="4s", frm=2)
    settled(out, [20, -8, -8, -4], hard=True)


def test_R_7_11_laizi_read_as_itself_is_hard() -> None:
    """R-7.11 / R-7.12: laizi 3s completes 234s as itself: hard beats the soft reading."""
    out = ev({0: seat("456m 789m 2s 3s 55p", chi("123m", 3))}, tile="4s", frm=2, laizi="3s")
    # W = 1·2·2 (hard) = 4: 8 (dealer), 8 (dealt in), 4
    settled(out, [20, -8, -8, -4], hands=["pihu"], hard=True)


def test_R_7_11_laizi_as_another_tile_is_soft() -> None:
    """R-7.11: the 9p standing for 3s makes it soft."""
    out = ev({0: seat("456m 789m 2s 9p 55p", chi("123m", 3))}, tile="4s", frm=2)
    # W = 1·2 = 2: seat 1 dealer 4, seat 2 dealt in 4, seat 3: 2
    settled(out, [10, -4, -4, -2], hands=["pihu"], hard=False)


def test_R_7_11_self_drawn_laizi_used_as_wildcard_is_soft() -> None:
    """R-7.11: a self-drawn 9p standing for 1s/4s is in the hand when it wins: soft."""
    out = ev({0: seat("456m 789m 23s 55p", chi("123m", 3))}, tile="9p", way="self_draw")
    # W = 1·2 (opened)·2 (self-draw) = 4; seat 1 dealer 8; seats 2, 3: 4
    settled(out, [16, -8, -4, -4], hands=["pihu"], hard=False)


def test_R_7_12_qingyise_reading_beats_pihu() -> None:
    """R-7.12: 456m 789m 234m 55m + chi 123m is 屁胡 and 清一色; 清一色 pays more."""
    out = ev({0: seat("456m 789m 23m 55m", chi("123m", 3))}, tile="4m", frm=2)
    # W = 10·2·2 = 40: 40, 60, 40
    settled(out, [140, -40, -60, -40], hands=["qingyise"], hard=True, base=10)


def test_R_7_12_all_big_hands_stack() -> None:
    """R-7.12 / R-10.4: 清一色 and 碰碰胡 together: base 20."""
    out = ev({0: seat("555m 777m 2m", peng("1m", 1), peng("3m", 2))}, tile="2m", frm=3)
    # W = 20·2·2 = 80; seat 3 dealt in 80·1.5 = 120; seats 1, 2: 80
    settled(out, [280, -80, -80, -120], hands=["qingyise", "pengpenghu"], hard=True, base=20)


# --------------------------------------------------------------------------------------------
# tenpai, through 全求人 liability (R-10.6a, not_tenpai)
# --------------------------------------------------------------------------------------------


def test_R_9_1_not_tenpai_discarder_is_liable() -> None:
    """R-9.1 / R-10.6a: seat 2 opened but waits on nothing: pays for all three."""
    out = ev({0: qqr(), 2: NOT_TENPAI_2}, tile="5s", frm=2)
    # raws: seat 1: 40; seat 2: 40·2·1.5 = 120; seat 3: 40 -> seat 2 pays 200
    settled(out, [200, 0, -200, 0], hands=["quanqiuren"], liable=2, liability="quanqiuren")
    by_seat = {r["seat"]: r for r in out["receipts"]}
    assert by_seat[1]["pays"] == 0 and by_seat[1]["covered_by"] == 2
    assert by_seat[3]["pays"] == 0 and by_seat[3]["covered_by"] == 2
    assert by_seat[2]["pays"] == 200


def test_R_9_1_unopened_discarder_is_not_tenpai() -> None:
    """R-9.1: a player who has not opened is not tenpai, whatever the shape (123p 456p 678p
    234s 8s waits on 8s)."""
    out = ev({0: qqr(), 2: seat("123p 456p 678p 234s 8s")}, tile="5s", frm=2)
    # raws: 40, 40·1.5 = 60, 40 -> seat 2 pays 140
    settled(out, [140, 0, -140, 0], liable=2, liability="quanqiuren")


def test_R_9_1_discarder_holding_pizi_is_not_tenpai() -> None:
    """R-9.1: holding a pizi means not tenpai."""
    out = ev({0: qqr(), 2: seat("123p 456p 678p C", peng("9m", 1))}, tile="5s", frm=2)
    settled(out, [200, 0, -200, 0], liable=2, liability="quanqiuren")


def test_R_9_1_two_laizi_only_pihu_waits_do_not_count() -> None:
    """R-9.1: with two laizi (9s) and only 屁胡 waits, seat 2 is not tenpai."""
    discarder = seat("123p 456p 78p 9s 9s", peng("9m", 1))
    out = ev({0: qqr(), 2: discarder}, tile="5s", frm=2, laizi="9s")
    settled(out, [200, 0, -200, 0], liable=2, liability="quanqiuren")


def test_R_9_1_two_laizi_with_a_big_hand_wait_is_tenpai() -> None:
    """R-9.1: the same tiles with a peng of 9p can wait on a (soft) 清一色: tenpai."""
    discarder = seat("123p 456p 78p 9s 9s", peng("9p", 1))
    out = ev({0: qqr(), 2: discarder}, tile="5s", frm=2, laizi="9s")
    settled(out, [200, -40, -120, -40])


def test_R_9_1_a_quanqiuren_wait_that_reaches_qihu_is_tenpai() -> None:
    """R-9.1 with R-10.7, the other side of the test below: seat 2 holds only 2s beside four
    opens (chi 123p, 678p from 1, pengs 9m, S), a 全求人 wait on a 将. Its win on seat 0's 2s:
    W = 10·2 (opened)·2 (hard) = 40, seat 0 (opened, dealt in) 40·2·1.5 = 120 >= 100 (scope
    any): tenpai, so it is not liable for seat 0's 全求人 (R-10.6a): seat 1 40, seat 2
    40·2 (opened)·1.5 (dealt in) = 120, seat 3 40."""
    qqr_2 = seat("2s", chi("123p", 1), peng("9m", 3), peng("S", 0), chi("678p", 1))
    out = ev({0: qqr(), 2: qqr_2}, tile="5s", frm=2, rules={"qihu": 100, "qihu_scope": "any"})
    settled(out, [200, -40, -120, -40])


def test_R_9_1_seat_0s_wait_is_tried_against_every_other_discarder() -> None:
    """R-9.1 with R-10.7, the waiting seat being seat 0: seat 1 (dealer) wins 全求人 on seat 0's
    5s; seat 0 holds 2s beside four opens (全求人 on a 将). Its own win would pay 120 from seat 1
    (W = 10·2·2 = 40, seat 1 opened ×2, dealt in ×1.5) >= 100: tenpai from discarders 1, 2, 3,
    though not from itself — not liable (R-10.6a). Seat 1's 全求人: W = 40 (big: no 庄
    factor); seat 0 40·2 (opened)·1.5 = 120, seats 2, 3 40."""
    winner = seat("5s", chi("123m", 0), peng("7m", 2), peng("E", 3), chi("456s", 0))
    qqr_0 = seat("2s", chi("123p", 3), peng("9m", 2), peng("S", 1), chi("678p", 3))
    out = ev({1: winner, 0: qqr_0}, tile="5s", frm=0, winner=1, rules={"qihu": 100, "qihu_scope": "any"})
    settled(out, [-120, 200, -40, -40])


def test_R_9_1_tenpai_includes_qihu() -> None:
    """R-9.1 (amended): tenpai includes 起胡: seat 2's only wait (a 屁胡 on 2s) pays below 100
    from every discarder, so seat 2 is not tenpai and is liable for the 全求人."""
    out = ev({0: qqr(), 2: TENPAI_2}, tile="5s", frm=2, rules={"qihu": 100, "qihu_scope": "any"})
    # raws 40, 120, 40: one reaches 100 (scope any), so the 全求人 itself is legal
    settled(out, [200, 0, -200, 0], liable=2, liability="quanqiuren")


# --------------------------------------------------------------------------------------------
# factors
# --------------------------------------------------------------------------------------------


def test_R_10_2_E1_koukou_example() -> None:
    """E1: hzlzg-koukou, laizi_gang_factor 2. D (0) wins hard 屁胡 on A's (1) discard."""
    seats = {
        0: seat("123m 456m 789m 5s", peng("7p", 2)),  # D: opened once
        1: seat("", peng("E", 3)),  # A: discarder, opened once
        2: seat("", chi("234s", 1), peng("W", 0)),  # B: dealer, opened twice
        3: seat("", chi("678s", 2), peng("N", 0), pizi_gangs=1, laizi_gangs=1),  # C
    }
    out = ev(seats, tile="5s", frm=1, dealer=2, preset="hzlzg-koukou", rules={"laizi_gang_factor": 2})
    # W = 1·2 (1 open)·2 (hard) = 4
    # A: 4·2 (1 open)·2 (dealt in) = 16; B: 4·4 (2 opens)·2 (dealer) = 32
    # C: 4·4 (2 opens)·2 (pizi gang)·2 (laizi gang) = 64; D +112
    settled(out, [112, -16, -32, -64], hands=["pihu"], hard=True, amounts={1: 16, 2: 32, 3: 64})


def test_R_10_2_E2_an_gang_self_draw() -> None:
    """E2: hard 屁胡 self-drawn by an opened winner with one an-gang: 1·2·4·2·2 = 32.
    (Seat 1 is the dealer here, since some seat must be: its 32 doubles to 64.)"""
    seats = {
        0: seat("456m 23s 55s", an("9s"), chi("123m", 3)),
        2: seat("", peng("E", 1)),
        3: seat("", chi("234p", 2), ming("N", 1)),
    }
    out = ev(seats, tile="4s", way="self_draw")
    # seat 1 unopened dealer: 32·2 = 64; seat 2 opened: 32·2 = 64; seat 3 opened + gang: 32·2·2 = 128
    settled(out, [256, -64, -64, -128], hands=["pihu"], hard=True, amounts={1: 64, 2: 64, 3: 128})


def test_R_10_2_E4_pengpenghu_self_draw_two_ming_gangs() -> None:
    """E4: 碰碰胡 self-drawn, hard, two ming-gangs: 15·2·2·2·2 = 240 winner-side."""
    out = ev({0: seat("333p E", ming("1m", 1), ming("9s", 2), peng("7p", 3))}, tile="E", way="self_draw")
    # W = 10·1.5 (self-draw, big)·2 (opened)·2·2 (ming-gangs)·2 (hard) = 240; unopened losers 240
    settled(out, [720, -240, -240, -240], hands=["pengpenghu"], hard=True, base=10)


@pytest.mark.parametrize(
    ("rules", "deltas"),
    [
        # kaikou: W = 1·2·2 = 4; seat 1 dealer 8; seat 2 (2 opens) 4·2 = 8; seat 3 dealt in 8
        ({}, [24, -8, -8, -8]),
        # koukou: W = 1·8 (3 opens)·2 = 16; seat 1: 16·2 = 32; seat 2: 16·4 = 64; seat 3: 16·2 = 32
        ({"open_mode": "koukou"}, [128, -32, -64, -32]),
    ],
)
def test_R_10_3_opened_factor_kaikou_vs_koukou(rules: dict[str, Any], deltas: list[int]) -> None:
    """R-10.3: 开口番 2 once; 口口番 2 per open, for winner and losers alike."""
    seats = {
        0: seat("456m 5s", chi("123m", 3), peng("7p", 1), peng("9s", 2)),
        2: seat("", chi("234p", 1), peng("N", 3)),
    }
    out = ev(seats, tile="5s", frm=3, rules=rules)
    settled(out, deltas, hands=["pihu"], hard=True)


def test_R_10_3_koukou_preset() -> None:
    """R-10.3 / §11: preset hzlzg-koukou counts 2 per open (same case as above)."""
    seats = {
        0: seat("456m 5s", chi("123m", 3), peng("7p", 1), peng("9s", 2)),
        2: seat("", chi("234p", 1), peng("N", 3)),
    }
    out = ev(seats, tile="5s", frm=3, preset="hzlzg-koukou")
    settled(out, [128, -32, -64, -32])


def test_R_10_3_ming_xu_an_gang_factors() -> None:
    """R-10.3: ming-gang 2, xu-gang 2, an-gang 4, for whoever owns them."""
    seats = {
        0: seat("456m 23s 55s", chi("123m", 3), ming("7p", 2)),
        1: seat("", xu("1p", 0)),
        2: seat("", an("3p")),
        3: seat("", ming("N", 1)),
    }
    out = ev(seats, tile="4s", frm=3)
    # W = 1·2 (opened)·2 (ming)·2 (hard) = 8
    # seat 1: 8·2 (opened)·2 (xu)·2 (dealer) = 64; seat 2: 8·4 (an, not opened) = 32
    # seat 3: 8·2 (opened)·2 (ming)·2 (dealt in) = 64
    settled(out, [160, -64, -32, -64], amounts={1: 64, 2: 32, 3: 64})


def test_R_10_3_pizi_gang_and_pizi_discard_factors() -> None:
    """R-10.3: each pizi gang or pizi discard ×2."""
    out = ev({0: std(pizi_gangs=1), 2: seat("", pizi_discards=2)}, tile="4s", frm=3)
    # W = 1·2·2 (pizi gang)·2 (hard) = 8; seat 1 dealer 16; seat 2: 8·2·2 = 32; seat 3 dealt in 16
    settled(out, [64, -16, -32, -16], amounts={1: 16, 2: 32, 3: 16})


@pytest.mark.parametrize(
    ("rules", "deltas"),
    [
        # defaults (gang 4, discard 2): W = 1·2·4·2 = 16
        #   seat 1 dealer 32; seat 2: 16·2 = 32; seat 3 dealt in 32
        ({}, [96, -32, -32, -32]),
        # gang 2, discard 4: W = 1·2·2·2 = 8; seat 1: 16; seat 2: 8·4 = 32; seat 3: 16
        ({"laizi_gang_factor": 2, "laizi_discard_factor": 4}, [64, -16, -32, -16]),
    ],
)
def test_R_10_3_laizi_gang_and_laizi_discard_factors(rules: dict[str, Any], deltas: list[int]) -> None:
    """R-10.3: each laizi gang ×laizi_gang_factor, each laizi discarded ×laizi_discard_factor."""
    out = ev({0: std(laizi_gangs=1), 2: seat("", laizi_discards=1)}, tile="4s", frm=3, rules=rules)
    settled(out, deltas, hard=True)


def test_R_10_3_dealer_factor_winner_is_dealer() -> None:
    """R-10.3: small hand, winner is the dealer: ×2 for every loser. Self-draw small ×2."""
    out = ev({0: std()}, tile="4s", way="self_draw", dealer=0)
    # W = 1·2·2·2 (self-draw) = 8; each loser 8·2 = 16
    settled(out, [48, -16, -16, -16])


def test_R_10_3_dealer_factor_loser_is_dealer() -> None:
    """R-10.3: small hand, the dealer loser pays ×2, the others not."""
    out = ev({0: std()}, tile="4s", way="self_draw", dealer=2)
    # W = 8; seat 2: 16; seats 1, 3: 8
    settled(out, [32, -8, -16, -8])


def test_R_10_3_no_dealer_factor_for_big_hands_and_self_draw_1_5() -> None:
    """R-10.3: big hand: no dealer factor; self-draw ×1.5."""
    out = ev({0: seat("456m 789m 23m 11m", chi("123m", 3))}, tile="4m", way="self_draw", dealer=0)
    # W = 10·2·2·1.5 = 60 from each loser
    settled(out, [180, -60, -60, -60], hands=["qingyise"])


def test_R_10_3_dealt_in_small_2_big_1_5() -> None:
    """R-10.3: the discarder alone pays ×2 (small) / ×1.5 (big)."""
    small = ev({0: std()}, tile="4s", frm=3, dealer=2)
    # W = 4; seat 3 dealt in 8; seat 2 dealer 8; seat 1: 4
    settled(small, [20, -4, -8, -8])
    big = ev({0: seat("456m 789m 23m 11m", chi("123m", 3))}, tile="4m", frm=3, dealer=2)
    # W = 40; seat 3: 60; others 40
    settled(big, [140, -40, -40, -60])


# --------------------------------------------------------------------------------------------
# stacking
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stacking", "base", "deltas"),
    [("double", 40, [1920, -640, -640, -640]), ("add", 30, [1440, -480, -480, -480])],
)
def test_R_10_4_three_big_hands_double_vs_add(stacking: str, base: int, deltas: list[int]) -> None:
    """R-10.4: 清一色 + 碰碰胡 + 杠上开: 10, 20, 40 (double) vs 10, 20, 30 (add). No cap."""
    winner = seat("777m 2m", peng("1m", 1), peng("3m", 2), an("9m"))
    out = ev({0: winner}, tile="2m", way="gang_draw", rules={"big_hand_stacking": stacking, "cap": None})
    # W = base·2 (opened)·4 (an)·2 (hard): double 40·16 = 640, add 30·16 = 480; unopened losers
    settled(out, deltas, hands=["qingyise", "pengpenghu", "gangshangkai"], base=base)


def test_R_10_4_two_big_hands_add_is_20_too() -> None:
    """R-10.4: two big hands are 20 in both modes."""
    out = ev(
        {0: seat("555m 777m 2m", peng("1m", 1), peng("3m", 2))},
        tile="2m",
        frm=3,
        rules={"big_hand_stacking": "add"},
    )
    settled(out, [280, -80, -80, -120], base=20)


# --------------------------------------------------------------------------------------------
# caps (E6)
# --------------------------------------------------------------------------------------------

# 清一色 + 碰碰胡 (base 20) self-drawn (big: ×1.5), hard; kaikou counts "opened" 2 once.
CAP_WINNER = seat("555m 777m 2m", peng("1m", 1), peng("3m", 2))  # W = 20·2·2·1.5 = 120
GOLD_WINNER = seat("555m 777m 2m", peng("1m", 1), an("3m"))  # W = 20·2·4·2·1.5 = 480
OPENED = {1: seat("", peng("E", 2)), 2: seat("", peng("S", 3)), 3: seat("", peng("W", 1))}


def test_R_10_5_cap_one_loser() -> None:
    """R-10.5: hzlzg: a loser pays at most 300 when not all three reach it."""
    out = ev(
        {0: CAP_WINNER, 1: seat("", peng("E", 2), an("W")), 3: seat("", peng("S", 1))},
        tile="2m",
        way="self_draw",
    )
    # seat 1: 120·2 (opened)·4 (an) = 960 -> 300; seat 2: 120; seat 3: 120·2 = 240
    settled(
        out,
        [660, -300, -120, -240],
        capped="cap",
        raws={1: 960, 2: 120, 3: 240},
        amounts={1: 300, 2: 120, 3: 240},
    )


def test_R_10_5_golden_all_three_reach_cap() -> None:
    """R-10.5: hzlzg 金顶: all three >= 300 -> each pays 400."""
    out = ev({0: GOLD_WINNER, **OPENED}, tile="2m", way="self_draw")
    # raws 480·2 = 960 each -> golden 400 each
    settled(out, [1200, -400, -400, -400], capped="golden", raws={1: 960, 2: 960, 3: 960})


def test_R_10_5_golden_at_exactly_the_cap() -> None:
    """R-10.5: 'reach' the cap includes equal: cap 320, every raw exactly 320 -> golden."""
    out = ev(
        {0: seat("456m 78p 55s", an("9s"), chi("123m", 3)), **OPENED},
        tile="6p",
        way="gang_draw",
        rules={"cap": 320, "golden": 400},
    )
    # W = 10·2·4·2 = 160; opened losers 320 each = cap -> 400 each
    settled(out, [1200, -400, -400, -400], capped="golden", raws={1: 320, 2: 320, 3: 320})


def test_R_10_5_no_sunshine_in_hzlzg() -> None:
    """R-10.5: hzlzg has sunshine null: an unopened loser under 金顶 pays golden too."""
    out = ev({0: GOLD_WINNER, 1: OPENED[1], 3: OPENED[3]}, tile="2m", way="self_draw")
    # raws 960, 480, 960: all >= 300 -> 400 each
    settled(out, [1200, -400, -400, -400], capped="golden")


def test_R_10_5_golden_null_pays_the_cap() -> None:
    """R-10.5 (team decision): with golden null, all three over the cap each pay the cap."""
    out = ev({0: GOLD_WINNER, **OPENED}, tile="2m", way="self_draw", rules={"golden": None})
    settled(out, [900, -300, -300, -300], capped="cap", amounts={1: 300, 2: 300, 3: 300})


def test_R_10_5_cap_null_no_caps() -> None:
    """R-10.5 / §11: cap null: no caps at all."""
    out = ev({0: GOLD_WINNER, **OPENED}, tile="2m", way="self_draw", rules={"cap": None})
    settled(out, [2880, -960, -960, -960], capped=None)


def test_R_10_5_golden_in_koukou_preset() -> None:
    """§11: hzlzg-koukou has golden 500 (one open each, so same raws as kaikou)."""
    out = ev({0: GOLD_WINNER, **OPENED}, tile="2m", way="self_draw", preset="hzlzg-koukou")
    # W = 20·2 (1 open)·4·2·1.5 = 480; losers 960 each -> 500 each
    settled(out, [1500, -500, -500, -500], capped="golden")


def test_R_10_5_E6_hzfclzg_cap_400() -> None:
    """E6: hzfclzg: any loser's pay stops at 400."""
    out = ev(
        {0: CAP_WINNER, 1: seat("", peng("E", 2), an("W")), 3: seat("", peng("S", 1))},
        tile="2m",
        way="self_draw",
        preset="hzfclzg",
    )
    # raws 960, 120, 240 -> 400, 120, 240 (qihu 16 all: all >= 16)
    settled(out, [760, -400, -120, -240], capped="cap", amounts={1: 400, 2: 120, 3: 240})


def test_R_10_5_E6_hzfclzg_golden_500() -> None:
    """E6: all three reach 400 -> each pays 500."""
    out = ev({0: GOLD_WINNER, **OPENED}, tile="2m", way="self_draw", preset="hzfclzg")
    settled(out, [1500, -500, -500, -500], capped="golden")


def test_R_10_5_E6_hzfclzg_sunshine_600() -> None:
    """E6: under 金顶 an unopened loser (seat 2, raw 480 >= 400) pays 600."""
    out = ev({0: GOLD_WINNER, 1: OPENED[1], 3: OPENED[3]}, tile="2m", way="self_draw", preset="hzfclzg")
    # raws 960, 480, 960 -> 500, 600, 500
    settled(out, [1600, -500, -600, -500], capped="sunshine", amounts={1: 500, 2: 600, 3: 500})


def test_R_10_5_E6_hzfclzg_triple_sunshine_700() -> None:
    """E6: no loser opened (raws 480 each) -> each pays 700."""
    out = ev({0: GOLD_WINNER}, tile="2m", way="self_draw", preset="hzfclzg")
    settled(out, [2100, -700, -700, -700], capped="triple_sunshine", raws={1: 480, 2: 480, 3: 480})


# --------------------------------------------------------------------------------------------
# liability
# --------------------------------------------------------------------------------------------


def test_R_10_6_quanqiuren_jiang_tile_mode_liable_even_if_tenpai() -> None:
    """R-10.6a (S3, jiang_tile): the discarded 5s is a 将: liable though tenpai."""
    out = ev({0: qqr(), 2: TENPAI_2}, tile="5s", frm=2, rules={"quanqiuren_liability": "jiang_tile"})
    # raws 40, 120, 40 -> seat 2 pays 200
    settled(out, [200, 0, -200, 0], liable=2, liability="quanqiuren")


PPH_QQR = seat("4s", peng("1m", 1), peng("7m", 2), peng("E", 3), ming("9s", 1))


def test_R_10_6_quanqiuren_jiang_tile_mode_not_liable_for_non_jiang() -> None:
    """R-10.6a (jiang_tile): a 4s discard (碰碰胡 pair) is no 将: no liability, not even from
    a discarder who is not tenpai."""
    out = ev({0: PPH_QQR, 2: NOT_TENPAI_2}, tile="4s", frm=2, rules={"quanqiuren_liability": "jiang_tile"})
    # W = 20·2·2·2 = 160; raws 160, 480 -> 300, 160
    settled(out, [620, -160, -300, -160], capped="cap")


def test_R_10_6_quanqiuren_not_tenpai_mode_liable_for_capped_sum() -> None:
    """R-10.6a (not_tenpai): the same win from a non-tenpai discarder: it pays the sum of the
    three capped amounts 160 + 300 + 160."""
    out = ev({0: PPH_QQR, 2: NOT_TENPAI_2}, tile="4s", frm=2)
    settled(out, [620, 0, -620, 0], liable=2, liability="quanqiuren", capped="cap")


QYS_THIRD = seat("678m 2m", chi("123m", 3), peng("9m", 2), peng("5m", 1))


def test_R_10_6_third_feed_qingyise() -> None:
    """R-10.6b: seat 1 fed the third open (peng 5m) of a 清一色: it pays for all."""
    out = ev({0: QYS_THIRD}, tile="2m", frm=2)
    # W = 10·2·2 = 40; raws: seat 1: 40, seat 2 dealt in 60, seat 3: 40 -> seat 1 pays 140
    settled(out, [140, -140, 0, 0], hands=["qingyise"], liable=1, liability="third_feed")


def test_R_10_6_third_feed_follows_the_order_of_opens() -> None:
    """R-10.6b: opens in the order made: here the third one (peng 9m) came from seat 2."""
    winner = seat("678m 2m", peng("5m", 1), chi("123m", 3), peng("9m", 2))
    out = ev({0: winner}, tile="2m", frm=2)
    settled(out, [140, 0, -140, 0], liable=2, liability="third_feed")


JYS_THIRD = seat("2p 5m 8s 2s", peng("2m", 1), peng("5s", 2), peng("8p", 3))


def test_R_10_6_third_feed_jiangyise_not_by_default() -> None:
    """R-10.6b: third_feed_hands [qingyise] (default): a 将一色 feeder is not liable."""
    out = ev({0: JYS_THIRD}, tile="5p", frm=1)
    # W = 10·2·2 = 40; seat 1 dealt in 60; seats 2, 3: 40
    settled(out, [140, -60, -40, -40], hands=["jiangyise"])


def test_R_10_6_third_feed_jiangyise_when_listed() -> None:
    """R-10.6b (S4): third_feed_hands [qingyise, jiangyise]: seat 3 fed the third open."""
    out = ev({0: JYS_THIRD}, tile="5p", frm=1, rules={"third_feed_hands": ["qingyise", "jiangyise"]})
    settled(out, [140, 0, 0, -140], hands=["jiangyise"], liable=3, liability="third_feed")


QYS_QQR = seat("2m", chi("123m", 3), peng("9m", 2), peng("5m", 1), chi("678m", 3))


def test_R_10_6_quanqiuren_before_third_feed() -> None:
    """R-10.6 order: 全求人 discarder (seat 2, not tenpai) before the third feeder (seat 1)."""
    out = ev({0: QYS_QQR}, tile="2m", frm=2)
    # base 20 (清一色 + 全求人); W = 20·2·2 = 80; raws 80, 120, 80 -> seat 2 pays 280
    settled(out, [280, 0, -280, 0], hands=["qingyise", "quanqiuren"], liable=2, liability="quanqiuren")


def test_R_10_6_third_feed_when_quanqiuren_discarder_is_tenpai() -> None:
    """R-10.6: with a tenpai discarder the 全求人 case does not apply; the third feeder pays."""
    discarder = seat("123p 456p 678p 2s", peng("N", 1))
    out = ev({0: QYS_QQR, 2: discarder}, tile="2m", frm=2)
    # raws: seat 1: 80; seat 2: 80·2·1.5 = 240; seat 3: 80 -> seat 1 pays 400
    settled(out, [400, -400, 0, 0], liable=1, liability="third_feed")


def test_R_10_6_robbed_before_third_feed() -> None:
    """R-10.6 order: 抢杠 robbed seat before the third feeder (seat 3). Robber mode."""
    winner = seat("67m 22m", chi("123m", 3), peng("9m", 2), peng("5m", 3))
    out = ev(
        {0: winner, 1: seat("", peng("8m", 2))},
        tile="8m",
        way="rob",
        frm=1,
        rules={"qianggang_mode": "robber"},
    )
    # base 20 (清一色 + 抢杠); W = 20·2·2 = 80
    # seat 1 robbed: 80·2 (opened)·1.5 = 240; seats 2, 3: 80 -> seat 1 pays 400
    settled(out, [400, -400, 0, 0], hands=["qingyise", "qianggang"], liable=1, liability="qianggang")


LIAB_WINNER = seat("2m", chi("123m", 3), peng("9m", 2), peng("5m", 1), an("7m"))
LIAB_LOSERS = {1: seat("", peng("N", 3)), 2: seat("", peng("E", 3)), 3: seat("", peng("W", 1))}


def test_R_10_6_liability_uses_usual_caps_by_default() -> None:
    """R-10.6: third feed (seat 1); raws 320, 480, 320 all >= 300 -> golden 400 each."""
    out = ev({0: LIAB_WINNER, **LIAB_LOSERS}, tile="2m", frm=2)
    # W = 10·2·4 (an)·2 = 160; seat 1: 320; seat 2: 160·2·1.5 = 480; seat 3: 320
    settled(
        out,
        [1200, -1200, 0, 0],
        hands=["qingyise"],
        liable=1,
        liability="third_feed",
        capped="golden",
        raws={1: 320, 2: 480, 3: 320},
    )


def test_R_10_6_liability_cap() -> None:
    """R-10.6 (S3): liability_cap 400: each amount min(raw, 400), no golden: 320+400+320."""
    out = ev({0: LIAB_WINNER, **LIAB_LOSERS}, tile="2m", frm=2, rules={"liability_cap": 400})
    settled(
        out,
        [1040, -1040, 0, 0],
        liable=1,
        liability="third_feed",
        capped="cap",
        amounts={1: 320, 2: 400, 3: 320},
    )


def test_R_10_6_liability_cap_ignored_without_liability() -> None:
    """R-10.6: liability_cap concerns liability cases only; the usual cap 300 stays."""
    out = ev(
        {0: CAP_WINNER, 1: seat("", peng("E", 2), an("W")), 3: seat("", peng("S", 1))},
        tile="2m",
        way="self_draw",
        rules={"liability_cap": 400},
    )
    settled(out, [660, -300, -120, -240], capped="cap")


# --------------------------------------------------------------------------------------------
# 起胡
# --------------------------------------------------------------------------------------------


def test_R_10_7_hzfclzg_qihu_16_all_blocks_small_win() -> None:
    """R-10.7: hzfclzg qihu 16 scope all: pays 8, 8, 4 -> illegal."""
    out = ev({0: std()}, tile="4s", frm=2, preset="hzfclzg")
    illegal(out, "below_qihu")


def test_R_10_7_hzfclzg_qihu_reached_exactly() -> None:
    """R-10.7: every loser pays at least 16: legal."""
    out = ev({0: std(pizi_gangs=1)}, tile="4s", way="self_draw", preset="hzfclzg")
    # W = 1·2·2 (pizi gang)·2 (hard)·2 (self-draw) = 16; seat 1 dealer 32; seats 2, 3: 16
    settled(out, [64, -32, -16, -16])


@pytest.mark.parametrize(("scope", "legal"), [("any", True), ("all", False)])
def test_R_10_7_qihu_scope(scope: str, legal: bool) -> None:
    """R-10.7: qihu 20: seat 2 pays 32, the others 8 and 4: enough for `any`, not `all`."""
    out = ev({0: std(), 2: seat("", ming("N", 1))}, tile="4s", frm=2, rules={"qihu": 20, "qihu_scope": scope})
    if legal:
        # W = 4; seat 1 dealer 8; seat 2: 4·2 (opened)·2 (ming)·2 (dealt in) = 32; seat 3: 4
        settled(out, [44, -8, -32, -4])
    else:
        illegal(out, "below_qihu")


def test_R_10_7_qihu_any_none_reaches() -> None:
    """R-10.7: qihu 40 any: the best pay is 32: illegal."""
    out = ev({0: std(), 2: seat("", ming("N", 1))}, tile="4s", frm=2, rules={"qihu": 40, "qihu_scope": "any"})
    illegal(out, "below_qihu")


def test_R_10_7_qihu_before_caps() -> None:
    """R-10.7: 起胡 is checked before caps: raws 960 reach 900 though each pays 400."""
    out = ev({0: GOLD_WINNER, **OPENED}, tile="2m", way="self_draw", rules={"qihu": 900})
    settled(out, [1200, -400, -400, -400], capped="golden")


# --------------------------------------------------------------------------------------------
# 抢杠 amounts
# --------------------------------------------------------------------------------------------

ROB_WINNER = seat("456m 789m 34p 88s", chi("123m", 3))


def test_R_10_8_robbed_gangkai_default() -> None:
    """R-10.8 (robbed_gangkai, default): seat 1 would have won a soft 杠上开 with its xu-gang:
    R = 10·2 (opened)·2 (xu-gang) = 40. From seat 0 (opened) 80, seat 2: 40, seat 3: 40;
    seat 1 pays 160 to the robber."""
    out = ev({0: ROB_WINNER, 1: seat("", peng("5p", 3))}, tile="5p", way="rob", frm=1)
    settled(out, [160, -160, 0, 0], hands=["qianggang"], liable=1, liability="qianggang")


def test_R_10_8_robbed_gangkai_ignores_the_robbers_hand() -> None:
    """R-10.8 (robbed_gangkai): a 清一色 robber gets the same 160 (only own factors count)."""
    winner = seat("67m 22m", chi("123m", 3), peng("9m", 2), peng("5m", 3))
    out = ev({0: winner, 1: seat("", peng("8m", 2))}, tile="8m", way="rob", frm=1)
    settled(out, [160, -160, 0, 0], hands=["qingyise", "qianggang"], liable=1, liability="qianggang")


def test_R_10_8_robbed_gangkai_capped_as_usual() -> None:
    """R-10.8: R = 10·2 (opened)·2 (xu)·4 (an)·2 (pizi gang) = 320; from seat 0 640, seats 2, 3:
    320 each: all >= 300 -> golden 400 each; seat 1 pays 1200."""
    out = ev({0: ROB_WINNER, 1: seat("", peng("5p", 3), an("7p"), pizi_gangs=1)}, tile="5p", way="rob", frm=1)
    settled(out, [1200, -1200, 0, 0], liable=1, liability="qianggang", capped="golden")


def test_R_10_8_robbed_gangkai_with_liability_cap() -> None:
    """R-10.6/R-10.8: 抢杠 is a liability case: liability_cap 400 -> 400 + 320 + 320."""
    out = ev(
        {0: ROB_WINNER, 1: seat("", peng("5p", 3), an("7p"), pizi_gangs=1)},
        tile="5p",
        way="rob",
        frm=1,
        rules={"liability_cap": 400},
    )
    settled(out, [1040, -1040, 0, 0], liable=1, liability="qianggang", capped="cap")


def test_R_10_8_robber_mode() -> None:
    """R-10.8 (robber): scored as 抢杠 with seat 1 as discarder; seat 1 liable.
    W = 10·2·2 = 40; seat 1: 40·2·1.5 = 120; seats 2, 3: 40 -> 200."""
    out = ev(
        {0: ROB_WINNER, 1: seat("", peng("5p", 3))},
        tile="5p",
        way="rob",
        frm=1,
        rules={"qianggang_mode": "robber"},
    )
    settled(out, [200, -200, 0, 0], liable=1, liability="qianggang", raws={1: 120, 2: 40, 3: 40})


# --------------------------------------------------------------------------------------------
# fengyise_golden
# --------------------------------------------------------------------------------------------

FYS = seat(FYS_HAND, peng("E", 1))


def test_R_10_9_fengyise_golden_off() -> None:
    """R-10.9: without fengyise_golden, hzfclzg 风一色 pays normally: 40, 60, 40."""
    out = ev({0: FYS}, tile="W", frm=2, preset="hzfclzg")
    settled(out, [140, -40, -60, -40])


def test_R_10_9_fengyise_golden_all_opened() -> None:
    """R-10.9: 金顶 outright: all three opened -> 500 each."""
    losers = {1: seat("", peng("5m", 2)), 2: seat("", peng("7p", 3)), 3: seat("", peng("9s", 1))}
    out = ev({0: FYS, **losers}, tile="W", frm=2, preset="hzfclzg", rules={"fengyise_golden": True})
    settled(out, [1500, -500, -500, -500], capped="golden")


def test_R_10_9_fengyise_golden_sunshine() -> None:
    """R-10.9: 阳光顶 still applies: seat 1 opened pays 500, unopened seats 2, 3 pay 600."""
    out = ev(
        {0: FYS, 1: seat("", peng("5m", 2))},
        tile="W",
        frm=2,
        preset="hzfclzg",
        rules={"fengyise_golden": True},
    )
    settled(out, [1700, -500, -600, -600], capped="sunshine")


def test_R_10_9_fengyise_golden_triple_sunshine() -> None:
    """R-10.9: 三阳 still applies: no loser opened -> 700 each."""
    out = ev({0: FYS}, tile="W", frm=2, preset="hzfclzg", rules={"fengyise_golden": True})
    settled(out, [2100, -700, -700, -700], capped="triple_sunshine")


def test_R_10_9_fengyise_golden_in_hzlzg() -> None:
    """R-10.9 with hzlzg caps (no sunshine): golden 400 each."""
    out = ev({0: FYS}, tile="W", frm=2, rules={"fengyise_golden": True})
    settled(out, [1200, -400, -400, -400], capped="golden")


# --------------------------------------------------------------------------------------------
# §11 parameter validation
# --------------------------------------------------------------------------------------------

VALID_OVERRIDES = [
    ("pizi", ["C", "F"]),
    ("pizi", ["C"]),
    ("open_mode", "koukou"),
    ("laizi_gang_factor", 2),
    ("laizi_discard_factor", 4),
    ("big_hand_stacking", "add"),
    ("cap", None),
    ("cap", 400),
    ("golden", None),
    ("sunshine", 600),
    ("triple_sunshine", 700),
    ("liability_cap", 400),
    ("qihu", 0),
    ("qihu_scope", "any"),
    ("quanqiuren_liability", "jiang_tile"),
    ("third_feed_hands", ["qingyise", "jiangyise"]),
    ("third_feed_hands", ["qingyise"]),
    ("qianggang_mode", "robber"),
    ("fengyise_golden", True),
    ("haidi_trigger", 14),
    ("haidi_draws", 4),
]


@pytest.mark.parametrize(("name", "value"), VALID_OVERRIDES)
def test_S11_valid_overrides_are_accepted(name: str, value: Any) -> None:
    """§11: every listed value of every parameter is accepted."""
    out = ev({0: std()}, tile="4s", frm=2, rules={name: value})
    assert "error" not in out, out
    assert out["legal"] is True


BAD_OVERRIDES = [
    ("no_such_parameter", 1),
    ("Cap", 300),
    ("pizi", ["C", "P"]),
    ("pizi", ["F"]),
    ("pizi", "C"),
    ("open_mode", "both"),
    ("laizi_gang_factor", 3),
    ("laizi_gang_factor", "4"),
    ("laizi_discard_factor", 1),
    ("big_hand_stacking", "multiply"),
    ("cap", -300),
    ("cap", "300"),
    ("golden", True),
    ("sunshine", "600"),
    ("triple_sunshine", -1),
    ("liability_cap", "400"),
    ("qihu", -1),
    ("qihu", "16"),
    ("qihu_scope", "some"),
    ("quanqiuren_liability", "always"),
    ("third_feed_hands", ["jiangyise"]),
    ("third_feed_hands", "qingyise"),
    ("qianggang_mode", "both"),
    ("fengyise_golden", "yes"),
    ("fengyise_golden", 1),
    ("haidi_trigger", "14"),
    ("haidi_draws", -1),
]


@pytest.mark.parametrize(("name", "value"), BAD_OVERRIDES)
def test_S11_bad_override_names_the_parameter(name: str, value: Any) -> None:
    """§11: an unknown parameter or a bad value is an error naming ruleset.overrides.X."""
    out = ev({0: std()}, tile="4s", frm=2, rules={name: value})
    assert error_field(out) == f"ruleset.overrides.{name}"


def test_S11_unknown_preset() -> None:
    """§11: presets are hzlzg, hzlzg-koukou, hzfclzg."""
    out = ev({0: std()}, tile="4s", frm=2, preset="wuhan-deluxe")
    assert error_field(out) == "ruleset.preset"


# --------------------------------------------------------------------------------------------
# malformed input
# --------------------------------------------------------------------------------------------


def _base_input() -> dict[str, Any]:
    return table({0: std()}, tile="4s", frm=2)


def _with(path: list[Any], value: Any, *, delete: bool = False) -> dict[str, Any]:
    obj = _base_input()
    node: Any = obj
    for key in path[:-1]:
        node = node[key]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return obj


MALFORMED = [
    (["seats", 2, "hand"], ["1m", "2m", "3m", "XX"], "seats[2].hand[3]"),
    (["seats", 0, "hand", 0], "10m", "seats[0].hand[0]"),
    (["win", "way"], "tsumo", "win.way"),
    (["win", "tile"], "0s", "win.tile"),
    (["win", "from"], 0, "win.from"),  # the winner's own seat
    (["dealer"], 4, "dealer"),
    (["winner"], -1, "winner"),
    (["seats"], [seat(), seat(), seat()], "seats"),
    (["seats", 0, "melds", 0, "type"], "pong", "seats[0].melds[0].type"),
    (["seats", 0, "melds", 0, "tiles"], ["1m", "2m"], "seats[0].melds[0].tiles"),
    (
        ["seats", 1, "melds"],
        [{"type": "gang", "kind": "an", "tile": "7p", "from": 2}],
        "seats[1].melds[0].from",
    ),
    (["seats", 1, "melds"], [{"type": "gang", "kind": "dark", "tile": "7p"}], "seats[1].melds[0].kind"),
    (["seats", 1, "melds"], [{"type": "peng", "tile": "7p"}], "seats[1].melds[0].from"),
    (["seats", 1, "pizi_gangs"], -1, "seats[1].pizi_gangs"),
    (["seats", 1, "laizi_discards"], "two", "seats[1].laizi_discards"),
    (["laizi"], "C", "laizi"),
    (["laizi"], "Q", "laizi"),
    (["ruleset"], "hzlzg", "ruleset"),
]


@pytest.mark.parametrize(("path", "value", "field"), MALFORMED)
def test_malformed_input_names_the_field(path: list[Any], value: Any, field: str) -> None:
    out = evaluate(_with(path, value))
    assert error_field(out) == field


def test_malformed_missing_winner() -> None:
    assert error_field(evaluate(_with(["winner"], None, delete=True))) == "winner"


def test_malformed_discard_needs_from() -> None:
    assert error_field(evaluate(_with(["win", "from"], None, delete=True))) == "win.from"


def test_malformed_self_draw_takes_no_from() -> None:
    assert error_field(evaluate(_with(["win", "way"], "self_draw"))) == "win.from"


def test_malformed_laizi_and_indicator_exactly_one() -> None:
    both = _base_input()
    both["laizi_indicator"] = "8p"
    assert error_field(evaluate(both)) in ("laizi", "laizi_indicator")
    neither = _base_input()
    del neither["laizi"]
    assert error_field(evaluate(neither)) in ("laizi", "laizi_indicator")


def test_malformed_laizi_is_never_a_pizi_in_hzfclzg() -> None:
    """R-3.2: in 红中发财 发财 can never be the laizi."""
    obj = _base_input()
    obj["ruleset"]["preset"] = "hzfclzg"
    obj["laizi"] = "F"
    assert error_field(evaluate(obj)) == "laizi"


def test_malformed_unknown_top_level_field() -> None:
    obj = _base_input()
    obj["extra"] = 1
    assert error_field(evaluate(obj)) == "extra"


@pytest.mark.parametrize("value", [None, [], "hand", 42])
def test_malformed_not_an_object(value: Any) -> None:
    out = evaluate(value)
    assert set(out) == {"error"}


def test_S1_tile_aliases_are_normalised() -> None:
    """§1: Chinese names, mpsz honours and server integer codes mean the same tiles."""
    obj = _base_input()
    obj["seats"][0]["hand"] = ["四万", "5万", "六萬", "7m", 0x08, 0x09, "2条", "三索", "5s", "五条"]
    obj["win"]["tile"] = 0x14
    obj["seats"][2] = {"hand": [], "melds": [{"type": "peng", "tile": "东风", "from": 1}]}
    out = evaluate(obj)
    # same as std() with seat 2 opened: W = 4; seat 1 dealer 8; seat 2: 4·2·2 = 16; seat 3: 4
    settled(out, [28, -8, -16, -4], hands=["pihu"], hard=True)


# --------------------------------------------------------------------------------------------
# Issue 35: rules a planted one-line bug got past
# --------------------------------------------------------------------------------------------

# Laizi 3m; seat 0: peng 9m, an-gangs 1s and 3p, two 红中杠, concealed 3m(L) 2m 2m 2m, self-draws 4m.
# Hard: 234m (the laizi as itself) + 22m (a real 将): 屁胡. Soft: the laizi as 4m: 222m 44m: 碰碰胡.
TIE_SOFT_RAW = seat("3m 2m 2m 2m", peng("9m", 1), an("1s"), an("3p"), pizi_gangs=2)


def test_R_7_12_equal_payments_report_the_larger_uncapped_total_before_the_hard_reading() -> None:
    """R-7.12: the larger total before caps decides before hard/soft.
    Hard 屁胡: W = 1·2 (opened)·4·4 (an-gangs)·2·2 (红中杠)·2 (hard)·2 (自摸) = 512; seat 1 dealer
    1024, seats 2, 3: 512; raw total 2048. Soft 碰碰胡: W = 10·2·4·4·2·2·1.5 (自摸, big) = 1920
    from each (no dealer factor), raw total 5760. Every loser reaches cap 300 either way: 金顶 400
    each. Equal payments: the soft 碰碰胡 (5760 > 2048) is reported, not the hard 屁胡."""
    out = ev({0: TIE_SOFT_RAW}, tile="4m", way="self_draw", laizi="3m")
    settled(out, [1200, -400, -400, -400], hands=["pengpenghu"], hard=False, capped="golden")
    assert {r["seat"]: r["raw"] for r in out["receipts"]} == {1: 1920, 2: 1920, 3: 1920}


def test_R_7_12_below_the_caps_the_larger_payment_wins_whatever_its_hardness() -> None:
    """R-7.12, the other side: one 红中杠 fewer and a null cap, so nothing is capped. Hard 屁胡:
    W = 1·2·4·4·2·2·2 = 256: 512 + 256 + 256 = 1024. Soft 碰碰胡: W = 10·2·4·4·2·1.5 = 960 each,
    2880. The soft reading pays more: reported."""
    winner = seat("3m 2m 2m 2m", peng("9m", 1), an("1s"), an("3p"), pizi_gangs=1)
    out = ev({0: winner}, tile="4m", way="self_draw", laizi="3m", rules={"cap": None, "golden": None})
    settled(out, [2880, -960, -960, -960], hands=["pengpenghu"], hard=False)


@pytest.mark.parametrize(
    ("pair", "factor", "hands", "pays"),
    [
        ("3s", False, ["pengpenghu"], 60),
        ("3s", True, ["pengpenghu"], 60),
        ("2s", False, ["haidilao", "pengpenghu"], 80),
        ("2s", True, ["haidilao", "pengpenghu"], 120),
    ],
)
def test_R_10_10_R_7_15_haidi_self_draw_factor_under_strict_jiang(
    pair: str, factor: bool, hands: list[str], pays: int
) -> None:
    """R-10.10 with R-7.15 (qipi: strict_jiang, adding stacking, indicator 5p so laizi 6p): seat 2
    (peng 7m; 999s 111p 888m and one `pair` tile) self-draws the second at 海底 on a normal draw.
    3s is no 将: 海底捞 is not credited, 碰碰胡 alone as a plain self-draw, 1.5 whatever R-10.10
    says: 10·2 (opened)·2 (hard)·1.5 = 60. 2s is a 将: 碰碰胡 + 海底捞, base 10 + 10 = 20;
    20·2·2 = 80 without R-10.10's factor, 80·1.5 = 120 with it. No dealer factor (big hand)."""
    winner = seat(f"999s 111p 888m {pair}", peng("7m", 1))
    out = ev(
        {2: winner},
        tile=pair,
        way="haidi",
        winner=2,
        preset="qipi",
        indicator="5p",
        rules={"haidi_self_draw_factor": factor},
    )
    settled(out, [-pays, -pays, 3 * pays, -pays], hands=hands, hard=True)


def test_R_10_8_robbed_gangkai_receipt_is_the_robbed_players_soft_gangshangkai() -> None:
    """R-10.8 杠进杠出 under 口口番 (hzlzg-koukou, jianjiang off): seat 0 robs seat 1's 3m (seat 1:
    peng 3m only). Seat 1 pays what it would have won with a soft 杠上开, its kong completed: base
    10 (杠上开 alone), its own factors on the winner side — one open (the xu-gang is the peng that
    opened, R-6.1): 口口番 2¹, the xu-gang 2 — and each payer's own: seat 0 (three opens) 2³.
    Seat 0: 10·2·2·8 = 320 → cap 300; seats 2, 3: 10·2·2 = 40. Seat 1 pays 300 + 40 + 40 = 380."""
    robber = seat("4m 9p 9p 9p", chi("456s", 3), peng("7p", 1), peng("E", 2))
    out = ev(
        {0: robber, 1: seat("", peng("3m", 3))},
        tile="3m",
        way="rob",
        frm=1,
        preset="hzlzg-koukou",
        rules={"jianjiang": False},
    )
    settled(
        out, [380, -380, 0, 0], hands=["qianggang"], base=10, liable=1, liability="qianggang", capped="cap"
    )
    (robbed,) = (r for r in out["receipts"] if r["seat"] == 1)
    assert (robbed["raw"], robbed["amount"], robbed["pays"]) == (400, 380, 380)
    # seats 2 and 3 are covered by the robbed seat: their 40 is in its 380, they pay nothing
    covered = {r["seat"]: (r["raw"], r["amount"], r["pays"], r.get("covered_by")) for r in out["receipts"]}
    assert {s: covered[s] for s in (2, 3)} == {2: (40, 40, 0, 1), 3: (40, 40, 0, 1)}
    parts = {p["seat"]: p for p in robbed["parts"]}
    assert {s: (p["raw"], p["amount"]) for s, p in parts.items()} == {0: (320, 300), 2: (40, 40), 3: (40, 40)}
    factors = [(f["name"], f["value"], f["side"], f.get("note")) for f in parts[2]["factors"]]
    assert factors == [
        ("base", "10", "base", "gangshangkai (robbed player's 杠上开)"),
        ("opened", "2", "winner", "口口番 2 per open × 1"),
        ("xu_gang", "2", "winner", None),
    ]
    assert [(f["name"], f["value"], f["side"]) for f in parts[0]["factors"]][3:] == [("opened", "8", "loser")]
    assert [f["zh"] for f in parts[0]["factors"]] == ["底分", "开口", "蓄杠", "开口"]  # R-10.3's names


# --------------------------------------------------------------------------------------------
# each refusal names its seat, tile and count (issue 35, mutation testing of judge.py)
# --------------------------------------------------------------------------------------------

# Three laizi (5m) for a 碰碰胡 that needs all three as wildcards: 1s1s+赖, 2p2p+赖, 7s7s+赖, pair
# 6m6m with peng 9p — under R-4.6 ``wild`` a big hand may use two.
THREE_WILD = seat("1s 1s 5m 2p 2p 5m 7s 7s 5m 6m", peng("9p", 2))

REASON_TEXT_CASES = [
    # (seats, table kwargs, code, the message with the seat / tile / count worked out by hand)
    (
        {0: seat("456m 789m 23s 55s", an("7p"))},
        {"tile": "4s", "frm": 2},
        "not_opened",
        "seat 0 never opened (开口): a hand must open at least once to win",
    ),
    (
        {2: seat("456m 789m 23s 5s C", chi("123m", 1))},
        {"tile": "4s", "frm": 3, "winner": 2},
        "holds_pizi",
        "seat 2 holds a gang tile (痞子 C) and cannot win while holding it",
    ),
    ({0: std()}, {"tile": "C", "frm": 2}, "win_on_pizi", "nobody can win on a gang tile (痞子 C)"),
    (
        {0: std()},
        {"tile": "4s", "frm": 2, "laizi": "4s"},
        "win_on_discarded_laizi",
        "a discarded or robbed laizi (赖子 4s) cannot be won on",
    ),
    (
        # 2s 5s 9p 9p + the discarded 3s: two laizi (9p) among the concealed tiles, so no 屁胡
        {0: seat("456m 789m 2s 5s 9p 9p", chi("123m", 3))},
        {"tile": "3s", "frm": 2},
        "pihu_two_laizi",
        "seat 0 holds 2 laizi (赖子): with two or more only a big hand (大胡) can win, not 屁胡",
    ),
    (
        {3: seat("456m 789m 23s 55s", chi("123m", 2))},
        {"tile": "4s", "way": "gang_draw", "winner": 3},
        "gang_draw_without_gang",
        "seat 3 won on a kong draw (杠上开) without having made a gang",
    ),
    (
        {0: seat("456m 789m 34p 88s", chi("123m", 3)), 1: seat("", ming("5p", 3))},
        {"tile": "5p", "way": "rob", "frm": 1},
        "rob_not_xu_gang",
        "only a xu-gang (蓄杠) can be robbed: seat 1 has no peng of 5p",
    ),
    (
        # S0's case 1 (R-7.13): 4万×3 北 + 红中杠 drawing 北 (laizi): the pair would be two laizi
        {0: seat("444m N", chi("123m", 3), chi("456s", 3), peng("7p", 1), pizi_gangs=1)},
        {"tile": "N", "way": "gang_draw", "laizi": "N"},
        "no_real_jiang",
        "seat 0's 将 pair with N would be two laizi (赖子) standing in for a 将: the pair needs a real "
        "2/5/8 (见将胡)",
    ),
    (
        {1: THREE_WILD},
        {"tile": "6m", "way": "self_draw", "winner": 1, "laizi": "5m", "rules": {"laizi_limit": "wild"}},
        "too_many_wild_laizi",
        "seat 1's hand needs more of its 3 laizi (赖子) as wildcards than it may use: one for 屁胡, "
        "two for a big hand (大胡)",
    ),
    (
        # wild at its boundary: two laizi (9p), 2s + both as 3s 4s, pair 5s — a 屁胡 may
        # use one wildcard, and read as themselves (9p 9p) they pair nothing
        {0: seat("456m 789m 2s 5s 9p 9p", chi("123m", 3))},
        {"tile": "5s", "frm": 2, "rules": {"laizi_limit": "wild"}},
        "too_many_wild_laizi",
        "seat 0's hand needs more of its 2 laizi (赖子) as wildcards than it may use: one for 屁胡, "
        "two for a big hand (大胡)",
    ),
    (
        # wild with an honour pair: 1s1s 3p3p 7s7s + three laizi (5m) as their third tiles,
        # pair EE (won on a self-drawn E): 碰碰胡 with three wildcards, a big hand may use two
        {1: seat("1s 1s 5m 3p 3p 5m 7s 7s 5m E", peng("9p", 2))},
        {"tile": "E", "way": "self_draw", "winner": 1, "laizi": "5m", "rules": {"laizi_limit": "wild"}},
        "too_many_wild_laizi",
        "seat 1's hand needs more of its 3 laizi (赖子) as wildcards than it may use: one for 屁胡, "
        "two for a big hand (大胡)",
    ),
    (
        # wild, no hand at all: 1s 3s 4p 6p 7s 8s + three laizi (5m) as 2s 5p 9s make
        # 1-2-3s 4-5-6p 7-8-9s with peng 9p and pair EE (a self-drawn E) — a complete shape, but
        # EE is no 将 (no 屁胡) and no big hand takes it (mixed suits, runs): no number of
        # wildcards makes it a win, so R-7.2's reason, not R-4.6's
        {1: seat("1s 3s 4p 6p 7s 8s E 5m 5m 5m", peng("9p", 2))},
        {"tile": "E", "way": "self_draw", "winner": 1, "laizi": "5m", "rules": {"laizi_limit": "wild"}},
        "not_a_winning_hand",
        "seat 1's tiles do not make a winning hand (胡牌) with E",
    ),
    (
        # a lone laizi after four pengs wins on any tile: not on a discard
        {0: seat("9p", peng("7m", 1), peng("E", 2), peng("1s", 3), peng("9m", 1))},
        {"tile": "3m", "frm": 2},
        "jianzi_discard",
        "seat 0's hand wins on any tile (见字胡): it may win by self-draw (自摸) or 抢杠, "
        "not on a discard (3m)",
    ),
    (
        # two laizi (9p) beside 1m 4m 7m 2s 5s 8s E S: no shape with any reading of them, so
        # R-7.2's reason, not R-4.3's (which needs a 屁胡 shape the two laizi would make)
        {0: seat("1m 4m 7m 2s 5s 8s E S 9p 9p", chi("123m", 3))},
        {"tile": "W", "frm": 2},
        "not_a_winning_hand",
        "seat 0's tiles do not make a winning hand (胡牌) with W",
    ),
    (
        # two laizi: 456m 789m, 7s + both laizi (7-8-9s), pair 3s3s — four melds, but the pair is
        # no 将, so no 屁胡 shape for R-4.3 to refuse: R-7.2's reason
        {0: seat("456m 789m 3s 3s 9p 9p", chi("123m", 3))},
        {"tile": "7s", "frm": 2},
        "not_a_winning_hand",
        "seat 0's tiles do not make a winning hand (胡牌) with 7s",
    ),
    (
        # two laizi (8p) read as themselves: 7-8-9p twice, 456m, pair 3s3s — four melds and a
        # non-将 pair; as wildcards (7p _ 9p twice) no 将 pair is free either: no 屁胡 shape
        # either way, so R-7.2's reason, not R-4.3's
        {0: seat("7p 8p 9p 7p 8p 9p 4m 5m 6m 3s", chi("123m", 3))},
        {"tile": "3s", "frm": 2, "laizi": "8p"},
        "not_a_winning_hand",
        "seat 0's tiles do not make a winning hand (胡牌) with 3s",
    ),
    (
        {0: std()},
        {"tile": "7s", "frm": 2},
        "not_a_winning_hand",
        "seat 0's tiles do not make a winning hand (胡牌) with 7s",
    ),
]


@pytest.mark.parametrize(
    ("seats", "kw", "code", "message"), REASON_TEXT_CASES, ids=[c[2] for c in REASON_TEXT_CASES]
)
def test_R_7_1_each_refusal_names_its_seat_tile_and_count(
    seats: dict[int, dict[str, Any]], kw: dict[str, Any], code: str, message: str
) -> None:
    """R-7.1 and the rules it gathers: the reason says who cannot win, on which tile, holding
    how many laizi — the seat is the winner's (0, 2, 3 or 1 here, never another seat's), the
    tile the winning one (the robbed seat for R-5.5), the count the laizi among the concealed
    tiles plus the winning tile."""
    out = ev(seats, **kw)
    illegal(out, code)
    assert out["reason"]["message"] == message


@pytest.mark.parametrize(
    ("winner", "kw", "hands"),
    [
        # R-7.3 + R-7.6: 555m 777m 2m + 2m with pengs 1m, 3m — all 万, all triplets
        (
            seat("555m 777m 2m", peng("1m", 1), peng("3m", 2)),
            {"tile": "2m", "frm": 3},
            ["qingyise", "pengpenghu"],
        ),
        # E5, R-7.6 + R-7.8: 333p EE + pengs 1m 7p, ming 9s, won on the kong draw
        (
            seat("333p E", peng("1m", 1), peng("7p", 2), ming("9s", 1)),
            {"tile": "E", "way": "gang_draw"},
            ["pengpenghu", "gangshangkai"],
        ),
    ],
    ids=["qingyise-pengpenghu", "pengpenghu-gangshangkai"],
)
def test_R_7_12_hands_are_listed_in_the_documented_order(
    winner: dict[str, Any], kw: dict[str, Any], hands: list[str]
) -> None:
    """R-7.12's reading names its hand types in the order docs/evaluate.md gives (pihu qingyise
    fengyise jiangyise pengpenghu quanqiuren gangshangkai haidilao qianggang), not by name: 碰碰胡
    after 清一色, 杠上开 after 碰碰胡 (alphabetically both pairs would swap)."""
    out = ev({0: winner}, **kw)
    assert out["legal"] is True, out["reason"]
    assert out["hands"] == hands


# Readable as 碰碰胡 and as 屁胡: 555m 777m 333p (3p won) + peng 9s, pair 22s (a 将). Sorted,
# the 碰碰胡 reading comes first ("pengpenghu" < "pihu"), the smaller 屁胡 last.
PPH_OR_PIHU = seat("555m 777m 33p 22s", peng("9s", 1))


def test_R_10_7_below_qihu_names_the_dearest_reading() -> None:
    """R-10.7 with R-7.12: when no reading reaches 起胡 the refusal quotes the reading that pays
    most. 碰碰胡: W = 10·2 (opened)·2 (hard) = 40; seat 1 (dealer: no 庄 factor on a big hand) 40,
    seat 2 (dealt in, big 1.5) 60, seat 3 40 — sum 140. 屁胡: W = 1·2·2 = 4; seat 1 4·2 (庄) = 8,
    seat 2 4·2 (放冲) = 8, seat 3 4 — sum 20. 起胡 100: both short; the message names
    [40, 40, 60], not the last reading's [4, 8, 8]."""
    out = ev({0: PPH_OR_PIHU}, tile="3p", frm=2, rules={"qihu": 100})
    illegal(out, "below_qihu")
    assert out["reason"]["message"] == "the win pays [40, 40, 60], below the minimum (起胡) of 100 (all)"
    # boundary: 起胡 60 under scope all: 碰碰胡's 40s fall short; under any its 60 reaches it
    illegal(ev({0: PPH_OR_PIHU}, tile="3p", frm=2, rules={"qihu": 60}), "below_qihu")
    out = ev({0: PPH_OR_PIHU}, tile="3p", frm=2, rules={"qihu": 60, "qihu_scope": "any"})
    settled(out, [140, -40, -60, -40], hands=["pengpenghu"], hard=True, base=10)


def test_R_10_7_a_short_reading_does_not_stop_the_search() -> None:
    """R-10.7 with R-7.12: 清一色 456m 789m 23m 55m + chi 123m, won on a discarded 4m, reads as
    屁胡 too (sorted first: "pihu" < "qingyise"). 起胡 30 (all): 屁胡 pays 8, 8, 4 (W 4; 庄 ×2,
    放冲 ×2) — short; 清一色 pays 40, 60, 40 (W = 10·2·2; 放冲 ×1.5) — reaches it: legal, and
    the short 屁胡 reading must not end the search. At 起胡 41 the 40s fall short: refused."""
    hand = seat("456m 789m 23m 55m", chi("123m", 3))
    out = ev({0: hand}, tile="4m", frm=2, rules={"qihu": 30})
    settled(out, [140, -40, -60, -40], hands=["qingyise"], hard=True, base=10)
    illegal(ev({0: hand}, tile="4m", frm=2, rules={"qihu": 41}), "below_qihu")


# 清一色 in 条: pengs 1s (from 1), 3s (from 2), 7s (from 3), 6s 6s + two laizi (9p); a 红中杠's
# replacement draw brings the third 6s
STRICT_TWO_LAIZI_PAIR = seat("6s 6s 9p 9p", peng("1s", 1), peng("3s", 2), peng("7s", 3), pizi_gangs=1)


@pytest.mark.parametrize(
    ("jianjiang", "hands", "hard", "base", "deltas"),
    [
        (False, ["qingyise", "pengpenghu", "gangshangkai"], False, 40, [480, 0, 0, -480]),
        (True, ["pengpenghu"], True, 10, [240, -80, -80, -80]),
    ],
    ids=["two-laizi-pair-credited", "jianjiang-no-real-jiang"],
)
def test_R_7_15_R_7_13_two_laizi_as_the_jiang_pair_credit_the_way(
    jianjiang: bool, hands: list[str], hard: bool, base: int, deltas: list[int]
) -> None:
    """R-7.15 (strict_jiang): 杠上开 needs four melds plus a 将 pair. Read soft, the two laizi
    are that pair (1s 3s 7s pengs, 666s) and stand for 条, so 清一色 + 碰碰胡 + 杠上开: base
    10·2·2 = 40 (R-10.4 doubling); W = 40·2 (opened)·2 (红中杠) = 160, no self-draw factor with
    杠上开 (R-10.3), each unopened loser 160 (< cap 300); seat 3 fed the third open of the 清一色
    (喂第三口, R-10.6b): it pays 3·160 = 480. With 见将胡 (R-7.13) two laizi are no 将: no 杠上开;
    the soft 清一色 + 碰碰胡 (W = 20·2·2 = 80) ties the hard 碰碰胡 (9p9p pair, W = 10·2·2·2 = 80)
    and R-7.12 reports the hard one, 80 from each."""
    rules = {"strict_jiang": True, "jianjiang": jianjiang}
    out = ev({0: STRICT_TWO_LAIZI_PAIR}, tile="6s", way="gang_draw", rules=rules)
    settled(
        out,
        deltas,
        hands=hands,
        hard=hard,
        base=base,
        liable=3 if not jianjiang else None,
        liability="third_feed" if not jianjiang else None,
    )
    assert out["hands"] == hands
