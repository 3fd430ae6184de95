"""R-7.15 (`strict_jiang`) with R-7.13 (见将胡): which readings credit the way (issue 35).

`strict_jiang` credits 杠上开 / 海底捞 / 抢杠 only to a reading with four melds and a 将 pair; with
`jianjiang` (R-7.13) that pair must hold a real 将: a natural suited 2/5/8, or the laizi read as
its own kind when that kind is a 2/5/8 ("two laizi standing in for a 将 do not make one").
Each expected list below is worked by hand from RULES.md; ``readings`` lists every maximal
reading (R-7.11 hard: every laizi read as itself), in ``Reading`` order.
"""

from __future__ import annotations

from replay.games.wuhan.hand import Meld, Reading, meld, readings
from replay.games.wuhan.ruleset import Ruleset, ruleset_from_json
from replay.tiles import KIND_OF
from tests.reference import engine_readings_as_set, ref_readings

STRICT = ruleset_from_json({"preset": "hzlzg", "overrides": {"strict_jiang": True}})
#: R-7.15 without R-7.13 (as preset qipi has them): two laizi may be the 将 pair
STRICT_NO_JIANJIANG = ruleset_from_json(
    {"preset": "hzlzg", "overrides": {"strict_jiang": True, "jianjiang": False}}
)


def tiles(text: str) -> list[int]:
    return [KIND_OF[t] for t in text.split()]


def melded(type_: str, text: str, kind: str | None = None, source: int = 3) -> Meld:
    return meld(type_, tuple(tiles(text)), kind, source)


def test_R_7_15_R_7_3_a_qingyise_with_runs_and_a_jiang_pair_credits_the_gang_draw() -> None:
    """R-7.15 + R-7.3: chi 1-2-3万 and 4-5-6万 7-8-9万 3-4-5万 2万, 杠上开 on the second 2万: four
    melds (runs) and a 2万 将 pair, all 万: 清一色 and 杠上开 in one reading, hard (the laizi 5筒 is
    not held). With a 1万 pair instead (1万 is no 将) the hand is 清一色 alone, no 杠上开
    ("清一色 with another pair ... scores that hand alone")."""
    chi = [melded("chi", "1m 2m 3m")]
    assert readings(
        tiles("4m 5m 6m 7m 8m 9m 3m 4m 5m 2m"), chi, KIND_OF["2m"], "gang_draw", KIND_OF["5p"], STRICT
    ) == [Reading(("qingyise", "gangshangkai"), True)]
    assert readings(
        tiles("4m 5m 6m 7m 8m 9m 3m 4m 5m 1m"), chi, KIND_OF["1m"], "gang_draw", KIND_OF["5p"], STRICT
    ) == [Reading(("qingyise",), True)]


def test_R_7_13_R_7_15_two_laizi_read_as_their_own_jiang_kind_credit_a_pengpenghu() -> None:
    """Laizi 5万 (indicator 4万), a 将 kind. Peng 9筒; 1条 1条 3筒×3 7条×3 5万 5万, and a third 5万
    drawn after a gang. Hard (every 5万 a 5万): 5万×3 is a triplet and the pair 1条 1条 is no 将:
    碰碰胡 alone. Soft: one laizi makes 1条×3 and the other two, read as their own kind 5万, are
    the pair, a real 将 (R-7.13): 碰碰胡 and 杠上开. With the laizi 6万 (indicator 5万), no 将,
    two laizi are no real 将: 碰碰胡 alone either way."""
    peng = [melded("peng", "9p 9p 9p", source=1)]
    assert readings(
        tiles("1s 1s 3p 3p 3p 7s 7s 7s 5m 5m"), peng, KIND_OF["5m"], "gang_draw", KIND_OF["5m"], STRICT
    ) == [
        Reading(("pengpenghu",), True),
        Reading(("pengpenghu", "gangshangkai"), False),
    ]
    assert readings(
        tiles("1s 1s 3p 3p 3p 7s 7s 7s 6m 6m"), peng, KIND_OF["6m"], "gang_draw", KIND_OF["6m"], STRICT
    ) == [
        Reading(("pengpenghu",), False),
        Reading(("pengpenghu",), True),
    ]


def agrees_with_reference(concealed: str, melds: list[Meld], laizi: str, rules: Ruleset = STRICT) -> None:
    """The same readings from tests/reference.py's brute force (every substitution of the laizi,
    R-7.13's real tiles counted), an independent second reading."""
    hand, tile = tiles(concealed), KIND_OF[laizi]
    got = readings(hand, melds, tile, "gang_draw", tile, rules)
    assert engine_readings_as_set(got) == ref_readings(hand, melds, tile, "gang_draw", tile, rules)


def test_R_7_13_R_7_15_two_laizi_are_no_jiang_of_another_suits_qingyise() -> None:
    """Laizi 5万 (a 将 kind), a 条 hand: ming-gang 9条, chi 1-2-3条; 1条×3 4条×3 5万, 杠上开 on a
    second 5万. Hard: the pair 5万 5万 is a real 将 (the laizi as itself), four melds: 杠上开, but
    not 清一色 (5万 is no 条). Soft, both laizi wildcards: every tile 条, 清一色 — its pair is the
    two laizi standing for a 条 kind, which R-7.13 says is no 将, so R-7.15 leaves 清一色 alone
    (found before: 清一色 with 杠上开, base 20 instead of 10). The soft reading with the two laizi
    as their own 5万 pair is 杠上开 alone, listed beside the hard one."""
    melds = [melded("gang", "9s 9s 9s 9s", "ming", 2), melded("chi", "1s 2s 3s")]
    assert readings(
        tiles("1s 1s 1s 4s 4s 4s 5m"), melds, KIND_OF["5m"], "gang_draw", KIND_OF["5m"], STRICT
    ) == [
        Reading(("gangshangkai",), False),
        Reading(("gangshangkai",), True),
        Reading(("qingyise",), False),
    ]
    agrees_with_reference("1s 1s 1s 4s 4s 4s 5m", melds, "5m")
    # the other side: a natural 2条 with one laizi is a real 将 (1条×3, 4条 4条 + laizi, 2条 + laizi):
    # 清一色 and 杠上开, soft; no hard reading (2条 alone beside 5万 5万)
    assert readings(
        tiles("1s 1s 1s 2s 4s 4s 5m"), melds, KIND_OF["5m"], "gang_draw", KIND_OF["5m"], STRICT
    ) == [Reading(("qingyise", "gangshangkai"), False)]
    agrees_with_reference("1s 1s 1s 2s 4s 4s 5m", melds, "5m")
    # and without two laizi may stand for the 将 pair, so 清一色 is credited
    concealed = tiles("1s 1s 1s 4s 4s 4s 5m")
    assert readings(concealed, melds, KIND_OF["5m"], "gang_draw", KIND_OF["5m"], STRICT_NO_JIANJIANG) == [
        Reading(("gangshangkai",), True),
        Reading(("qingyise", "gangshangkai"), False),
    ]
    agrees_with_reference("1s 1s 1s 4s 4s 4s 5m", melds, "5m", STRICT_NO_JIANJIANG)


def test_R_7_13_R_7_15_two_laizi_are_no_jiang_of_a_qingyise_pengpenghu_of_another_suit() -> None:
    """As above with triplets: ming-gang 9条, peng 1条; 4条×3 7条×3 5万, 杠上开 on a second 5万.
    Hard: 碰碰胡 with the 5万 将 pair: 碰碰胡 and 杠上开. Soft: 清一色 碰碰胡 with a pair of two laizi
    standing for a 条 kind (no 将: no 杠上开), or 碰碰胡 杠上开 with them as their own 5万 (not 清一色).
    The laizi in the hand's suit (5条, indicator 4条) would be a real 将 there: 清一色 碰碰胡 杠上开."""
    melds = [melded("gang", "9s 9s 9s 9s", "ming", 2), melded("peng", "1s 1s 1s")]
    assert readings(
        tiles("4s 4s 4s 7s 7s 7s 5m"), melds, KIND_OF["5m"], "gang_draw", KIND_OF["5m"], STRICT
    ) == [
        Reading(("pengpenghu", "gangshangkai"), False),
        Reading(("pengpenghu", "gangshangkai"), True),
        Reading(("qingyise", "pengpenghu"), False),
    ]
    assert readings(
        tiles("4s 4s 4s 7s 7s 7s 5s"), melds, KIND_OF["5s"], "gang_draw", KIND_OF["5s"], STRICT
    ) == [
        Reading(("qingyise", "pengpenghu", "gangshangkai"), False),
        Reading(("qingyise", "pengpenghu", "gangshangkai"), True),
    ]
    agrees_with_reference("4s 4s 4s 7s 7s 7s 5m", melds, "5m")
    agrees_with_reference("4s 4s 4s 7s 7s 7s 5s", melds, "5s")
