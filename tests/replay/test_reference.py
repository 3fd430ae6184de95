"""Sanity tests of the brute-force reference itself, on hand-picked hands.

Every expected value here is worked out by hand from RULES.md (§1, §4, §6, §7), not by
running any code, so the reference is checked before it is trusted to check the engine.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.games.wuhan.ruleset import make_ruleset
from replay.tiles import KIND_OF
from tests.reference import (
    counts_of,
    ref_complete,
    ref_jianzi,
    ref_readings,
    ref_shanten,
    ref_triplets_and_pair,
    ref_waits,
    sub_multisets,
    substitutions,
    wind_kinds,
)
from tests.strategies import RefMeld, hand_cases, wild_hands

HZ = make_ruleset("hzlzg")
HZFC = make_ruleset("hzfclzg")


def h(text: str) -> list[int]:
    """'123m 55p ESW' -> kinds. Digits take the suit letter that follows them."""
    out: list[int] = []
    digits = ""
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits += ch
        elif ch in "msp":
            out += [KIND_OF[f"{d}{ch}"] for d in digits]
            digits = ""
        else:
            out.append(KIND_OF[ch])
    assert not digits, text
    return out


def k(code: str) -> int:
    return KIND_OF[code]


def cv(text: str) -> list[int]:
    return counts_of(h(text))


def chi(text: str) -> RefMeld:
    return RefMeld("chi", tuple(h(text)))


def peng(text: str) -> RefMeld:
    return RefMeld("peng", tuple(h(text)))


def gang(text: str, kind: str) -> RefMeld:
    return RefMeld("gang", tuple(h(text)), kind)


def R(*sets: tuple[set[str], bool]) -> set[tuple[frozenset[str], bool]]:
    return {(frozenset(s), hard) for s, hard in sets}


# --------------------------------------------------------------------------------------------
# complete
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "wild", "jiang", "any_"),
    [
        ("123m 456m 789m 234s 55s", 0, True, True),
        ("123m 456m 789m 234s 11s", 0, False, True),  # pair 1s is no 将
        ("1111m 23m 55m", 0, True, True),  # 111m 123m 55m
        ("11m", 0, False, True),
        ("88p", 0, True, True),
        ("1m", 1, False, True),  # 1m + wildcard: a pair of 1m only
        ("2m", 1, True, True),
        ("", 2, True, True),  # two wildcards: any pair, a 将 included
        ("", 14, True, True),
        ("EEE", 2, True, True),
        ("ESW 55p", 0, False, False),  # honours make no sequences
        ("89m 1s 55p", 0, False, False),  # no wrap-around, no cross-suit sequence
        ("9m 1s 2s 55p", 0, False, False),
        ("123m 456m 789m 23s", 3, True, True),  # 23s+1 wildcard, wildcard pair
        ("13m", 3, True, True),  # 1?3m + wildcard pair
        ("13m 5p", 2, True, True),  # 1?3m + 5p? pair
        ("13m 1p", 2, False, True),  # 1?3m + 1p? pair (no 将)
        ("123m 456m 789m 234s 5s", 0, False, False),  # 13 tiles: never complete
        ("EEEE 5m", 0, False, False),  # four of a kind is no meld: EEE + E 5m
        ("EEEE 123m 5m", 0, False, False),
        ("EEEE 55m", 2, True, True),  # EEE E?? 55m
        ("EEEE", 1, False, True),  # EEE + E? (a pair of E)
        ("EEEE", 4, True, True),  # EEE + E?? + a wildcard pair
        ("1m", 0, False, False),  # 3n+1 tiles: never complete
        ("123m", 0, False, False),
    ],
)
def test_complete_examples(tiles: str, wild: int, jiang: bool, any_: bool) -> None:
    counts = cv(tiles)
    assert ref_complete(counts, wild, "jiang") is jiang
    assert ref_complete(counts, wild, "any") is any_


def test_complete_more_than_four_wild_copies() -> None:
    # Wildcards have no four-copy limit: 5555m + 4 wildcards = 555m + 5m?? (a fifth and
    # sixth 5m) + a wildcard pair.
    assert ref_complete(cv("5m"), 4, "jiang")  # 5m?? + ??
    assert ref_complete(cv("5555m"), 4, "jiang")
    assert ref_complete(cv("5555m"), 1, "jiang")  # 555m + 5m? (a fifth 5m as the pair)


def test_triplets_and_pair() -> None:
    assert ref_triplets_and_pair(cv("111m 999s EEE 777p 55m"))
    assert ref_triplets_and_pair(cv("11m"))
    assert ref_triplets_and_pair(cv("11111m"))  # 111 + 11
    assert not ref_triplets_and_pair(cv("123m 999s EEE 777p 55m"))
    assert not ref_triplets_and_pair(cv("1111m 99m"))
    assert not ref_triplets_and_pair(cv("111m 22m 33m"))


def test_sub_multisets_counts() -> None:
    counts = cv("112m")
    subs = sorted(tuple(s[:3]) for s in sub_multisets(counts, 2))
    assert subs == [(1, 1, 0), (2, 0, 0)]
    assert sum(1 for _ in sub_multisets(counts, 0)) == 1
    assert sum(1 for _ in sub_multisets(counts, 4)) == 0


# --------------------------------------------------------------------------------------------
# shanten
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "wild", "jiang", "any_"),
    [
        ("123m 456m 789m 234s 55s", 0, -1, -1),  # complete
        ("123m 456m 789m 234s 5s", 0, 0, 0),  # tenpai on 5s
        ("123m 456m 789m 234s 1s", 0, 1, 0),  # jiang: the 1s must go, two tiles missing
        ("123m 456m 789m 23s", 2, 0, 0),  # 13 tiles with two wildcards
        ("", 13, 0, 0),
        ("", 14, -1, -1),
        ("147m 258s 369p ESWN", 0, 8, 8),  # nothing connects: 8-shanten
    ],
)
def test_shanten_examples(tiles: str, wild: int, jiang: int, any_: int) -> None:
    counts = cv(tiles)
    assert ref_shanten(counts, wild, "jiang") == jiang
    assert ref_shanten(counts, wild, "any") == any_


def test_shanten_jiang_pair_14() -> None:
    # 123m 456m 789m 234s 11s with a 将 pair: swap one 1s for a wildcard to pair with the
    # other? 1s+? is a 1s pair, no 将. Drop both 1s, add two wildcards as the pair:
    # |S| = 12, w = 2 -> d = 2, shanten 1. But with w = 1: S = 13 tiles (drop one 1s) + 1
    # wildcard = 14: 123m 456m 789m 234s 1s? -> 1s? pair is no 将; 1s 2s 3s? needs 2s.
    # So the 14-tile hand is 1-shanten with a 将 pair, complete with any pair.
    assert ref_shanten(cv("123m 456m 789m 234s 11s"), 0, "jiang") == 1
    assert ref_shanten(cv("123m 456m 789m 234s 11s"), 0, "any") == -1


def test_shanten_complete_iff_minus_one() -> None:
    for tiles, wild in [("123m 456m 789m 234s 55s", 0), ("123m 456m 789m 23s", 3), ("ESW", 11)]:
        counts = cv(tiles)
        for pair in ("jiang", "any"):
            assert (ref_shanten(counts, wild, pair) == -1) is ref_complete(counts, wild, pair)


# --------------------------------------------------------------------------------------------
# readings
# --------------------------------------------------------------------------------------------


def test_pihu_plain() -> None:
    # Opened with 123m; 456m 789s 234p 5p, wins on 5p: 55p is a 将 pair.
    args = (h("456m 789s 234p 5p"), [chi("123m")], k("5p"))
    assert ref_readings(*args, "discard", k("9p"), HZ) == R(({"pihu"}, True))
    assert ref_readings(*args, "self_draw", k("9p"), HZ) == R(({"pihu"}, True))
    # Ways that make a big hand: the shape is a 屁胡 shape, so the way's hand applies.
    assert ref_readings(*args, "gang_draw", k("9p"), HZ) == R(({"gangshangkai"}, True))
    assert ref_readings(*args, "haidi", k("9p"), HZ) == R(({"haidilao"}, True))
    assert ref_readings(*args, "rob", k("9p"), HZ) == R(({"qianggang"}, True))


def test_no_jiang_pair_no_win() -> None:
    # Same hand with an 11p pair: neither 屁胡 nor any big hand; no way-hand either.
    args = (h("456m 789s 234p 1p"), [chi("123m")], k("1p"))
    assert ref_readings(*args, "discard", k("9p"), HZ) == set()
    assert ref_readings(*args, "gang_draw", k("9p"), HZ) == set()


def test_qingyise_soft_with_laizi() -> None:
    # 111m peng; 234m 567m 8m 99m + laizi 5s, wins on 7m. Read 5s as 6m or 9m: 清一色
    # (678m 99m or 789m 99m... any pair), soft. As itself nothing holds, so no hard reading.
    # No 将 pair is reachable, so no 屁胡.
    concealed = h("234m 567m 8m 99m 5s")
    got = ref_readings(concealed, [peng("111m")], k("7m"), "discard", k("5s"), HZ)
    assert got == R(({"qingyise"}, False))


def test_qingyise_hard_without_laizi() -> None:
    concealed = h("234m 567m 789m 9m")
    got = ref_readings(concealed, [peng("111m")], k("9m"), "self_draw", k("5s"), HZ)
    assert got == R(({"qingyise"}, True))


def test_fengyise_without_structure() -> None:
    # EEE peng; S S W W N N F F P P + S: no meld structure at all, still 风一色.
    concealed = h("SSWWNNFFPP")
    got = ref_readings(concealed, [peng("EEE")], k("S"), "self_draw", k("1m"), HZ)
    assert got == R(({"fengyise"}, True))
    # A big-hand shape, so 杠上开 stacks on it.
    got = ref_readings(concealed, [peng("EEE")], k("S"), "gang_draw", k("1m"), HZ)
    assert got == R(({"fengyise", "gangshangkai"}, True))


def test_fengyise_tiles() -> None:
    assert wind_kinds(HZ) == frozenset(h("ESWNFP"))
    assert wind_kinds(HZFC) == frozenset(h("ESWNP"))  # 发财 is a gang tile there


def test_fengyise_laizi_is_a_wind_reads_hard() -> None:
    # a laizi that is itself a wind reads naturally in 风一色: hard.
    # 红中发财 rules (winds E S W N P), laizi E. EEE peng; S S W W N N P P P E + S.
    # As itself the laizi E keeps 风一色: hard. Read as W or N it also makes 碰碰胡
    # (SSS WWW NN PPP): soft. No 将 pair, so no 屁胡.
    concealed = h("SSWWNNPPPE")
    got = ref_readings(concealed, [peng("EEE")], k("S"), "self_draw", k("E"), HZFC)
    assert got == R(({"fengyise"}, True), ({"fengyise", "pengpenghu"}, False))


def test_jiangyise_without_structure() -> None:
    concealed = h("55m 88s 22p 55p 8p 8m")
    got = ref_readings(concealed, [peng("222m")], k("2s"), "discard", k("1m"), HZ)
    assert got == R(({"jiangyise"}, True))


def test_jiangyise_pengpenghu_and_pihu() -> None:
    # 222m peng; 555m 888s 22p 55p + 5p: triplets + 22p. 将一色 + 碰碰胡 as one big
    # reading; 屁胡 on its own (22p is a 将 pair) as another.
    concealed = h("555m 888s 22p 55p")
    got = ref_readings(concealed, [peng("222m")], k("5p"), "discard", k("1m"), HZ)
    assert got == R(({"pihu"}, True), ({"jiangyise", "pengpenghu"}, True))


def test_pengpenghu() -> None:
    concealed = h("EEE 777p 5m")
    melds = [peng("111m"), gang("9999s", "an")]
    got = ref_readings(concealed, melds, k("5m"), "discard", k("1p"), HZ)
    assert got == R(({"pihu"}, True), ({"pengpenghu"}, True))
    # A chi among the melds rules 碰碰胡 out.
    got = ref_readings(concealed, [chi("123m"), gang("9999s", "an")], k("5m"), "discard", k("1p"), HZ)
    assert got == R(({"pihu"}, True))


FOUR_OPENS = [chi("123m"), peng("999s"), gang("EEEE", "ming"), chi("345p")]


def test_quanqiuren_jiang_pair() -> None:
    got = ref_readings(h("5s"), FOUR_OPENS, k("5s"), "discard", k("1p"), HZ)
    assert got == R(({"pihu"}, True), ({"quanqiuren"}, True))
    # Not on a self-draw.
    got = ref_readings(h("5s"), FOUR_OPENS, k("5s"), "self_draw", k("1p"), HZ)
    assert got == R(({"pihu"}, True))
    # An an-gang is not an open.
    melds = [chi("123m"), peng("999s"), gang("EEEE", "an"), chi("345p")]
    got = ref_readings(h("5s"), melds, k("5s"), "discard", k("1p"), HZ)
    assert got == R(({"pihu"}, True))
    # A xu-gang is.
    melds = [chi("123m"), peng("999s"), gang("EEEE", "xu"), chi("345p")]
    got = ref_readings(h("5s"), melds, k("5s"), "discard", k("1p"), HZ)
    assert got == R(({"pihu"}, True), ({"quanqiuren"}, True))


def test_quanqiuren_non_jiang_pair_with_qingyise() -> None:
    melds = [chi("123m"), peng("444m"), chi("678m"), peng("999m")]
    got = ref_readings(h("1m"), melds, k("1m"), "discard", k("1p"), HZ)
    assert got == R(({"qingyise", "quanqiuren"}, True))
    # The same non-将 pair without another big hand: nothing.
    got = ref_readings(h("1s"), FOUR_OPENS, k("1s"), "discard", k("1p"), HZ)
    assert got == set()


def test_quanqiuren_lone_laizi_pairs_with_jiang_discard() -> None:
    # a lone laizi may pair with any 将 discard. Soft; 屁胡 too (one laizi only).
    got = ref_readings(h("7p"), FOUR_OPENS, k("5s"), "discard", k("7p"), HZ)
    assert got == R(({"pihu"}, False), ({"quanqiuren"}, False))


def test_two_laizi_block_pihu() -> None:
    # 123m chi; 456m 789s 23p + two laizi 9p, self-drawn 5p. Laizi as 4p and 5p give a
    # 屁胡 shape, but forbids 屁胡 with two laizi: nothing.
    concealed = h("456m 789s 23p 99p")
    got = ref_readings(concealed, [chi("123m")], k("5p"), "self_draw", k("9p"), HZ)
    assert got == set()
    # With a kong draw it is a big hand (杠上开), where does not apply.
    got = ref_readings(concealed, [chi("123m")], k("5p"), "gang_draw", k("9p"), HZ)
    assert got == R(({"gangshangkai"}, False))
    # One laizi: 屁胡, soft.
    concealed = h("456m 789s 234p 9p")
    got = ref_readings(concealed, [chi("123m")], k("5p"), "self_draw", k("9p"), HZ)
    assert got == R(({"pihu"}, False))


def test_two_laizi_read_naturally_still_block_pihu() -> None:
    # The 55p pair is the laizi itself (5p): two laizi, 屁胡 never (R-4.3, 恒成立).
    got = ref_readings(h("456m 789s 234p 5p"), [chi("123m")], k("5p"), "self_draw", k("5p"), HZ)
    assert got == set()


def test_one_laizi_read_naturally_is_hard_and_soft() -> None:
    # The laizi (2p) in 234p read as itself: a hard 屁胡; the identity is one of the
    # substitutions too, so the soft side has the same maximal reading.
    got = ref_readings(h("456m 789s 234p 5p"), [chi("123m")], k("5p"), "self_draw", k("2p"), HZ)
    assert got == R(({"pihu"}, True), ({"pihu"}, False))


def test_laizi_never_reads_as_pizi() -> None:
    # a laizi stands for any tile but a pizi; its own kind is allowed.
    x = h("123m 5p 5p")
    for rules, n_kinds in ((HZ, 33), (HZFC, 32)):
        hands = list(substitutions(x, k("5p"), rules))
        assert len(hands) == n_kinds * (n_kinds + 1) // 2  # multisets of 2 from n kinds
        assert all(not set(y) & set(rules.pizi) for y in hands)
        assert sorted(x) in [sorted(y) for y in hands]  # the identity reading


# --------------------------------------------------------------------------------------------
# the generators keep their invariants
# --------------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.data())
def test_hand_cases_invariants(data: st.DataObject) -> None:
    n = data.draw(st.integers(0, 3))
    case = data.draw(hand_cases(n))
    assert case.n_laizi == n
    x = [*case.concealed, case.win_tile]
    assert len(x) + 3 * len(case.melds) == 14
    counts = counts_of(x + [t for m in case.melds for t in m.tiles])
    assert max(counts) <= 4
    assert not set(x) & set(case.rules.pizi)
    for m in case.melds:
        assert case.laizi not in m.tiles
        assert not set(m.tiles) & set(case.rules.pizi)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.data())
def test_wild_hands_invariants(data: st.DataObject) -> None:
    size = data.draw(st.sampled_from([2, 4, 5, 13, 14]))
    counts, wild = data.draw(wild_hands(size, 4))
    assert sum(counts) + wild == size
    assert max(counts) <= 4 and min(counts) >= 0


# --------------------------------------------------------------------------------------------
# R-7.13 见将胡 and R-7.14 见字胡 in the reference itself (S0's cases)
# --------------------------------------------------------------------------------------------

S0_MELDS = [chi("123m"), chi("456s"), peng("777p")]
NO_JIANJIANG = make_ruleset("hzlzg", {"jianjiang": False})


def test_R_7_13_reference_s0_cases() -> None:
    """R-7.13 (S0, laizi 北): 444m 北 + 北 on a kong draw has no real 将; 北 123p + 北 does (2p 北);
    a lone laizi 8s + 8s at 海底 is a hard 海底捞, a lone laizi 3s + 3s nothing."""
    assert ref_readings(h("444m N"), S0_MELDS, k("N"), "gang_draw", k("N"), HZ) == set()
    assert ref_readings(h("444m N"), S0_MELDS, k("N"), "gang_draw", k("N"), NO_JIANJIANG) == R(
        ({"gangshangkai"}, False)
    )
    north = ref_readings(h("N 123p"), S0_MELDS, k("N"), "gang_draw", k("N"), HZ)
    assert north == R(({"gangshangkai"}, False))
    four_opens = [chi("123m"), peng("777m"), peng("EEE"), chi("456s")]
    assert ref_readings(h("8s"), four_opens, k("8s"), "haidi", k("8s"), HZ) == R(
        ({"haidilao"}, True), ({"haidilao"}, False)
    )
    assert ref_readings(h("3s"), four_opens, k("3s"), "haidi", k("3s"), HZ) == set()


def test_R_7_14_reference_jianzi() -> None:
    """R-7.14: a lone laizi after four pengs wins on every kind; after a chi only on 将."""
    pengs = [peng("777m"), peng("EEE"), peng("111s"), peng("999m")]
    assert ref_jianzi(h("9p"), pengs, k("9p"), HZ)
    assert not ref_jianzi(h("9p"), [chi("123m"), *pengs[1:]], k("9p"), HZ)
    assert not ref_jianzi(h("9p"), pengs, k("9p"), make_ruleset("hzlzg", {"jianzi_self_draw_only": False}))
    assert ref_waits(h("9p"), pengs, k("9p"), HZ) == []
    assert ref_waits(h("9p"), [chi("123m"), *pengs[1:]], k("9p"), HZ) == sorted(
        x for x in h("2m 5m 8m 2s 5s 8s 2p 5p 8p") if x != k("9p")
    )
