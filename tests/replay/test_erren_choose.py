"""ER-6.1c and ER-6.2 held exactly (issue #35): the fans of a reading as counted, whole, where a
lone check of one fan let a second fan slip in or out; and ER-6.2's order of two equal totals.
Values are §5's (preset ``erren``), each list worked by hand in its comment."""

from __future__ import annotations

import pytest

from replay.games.erren.choose import Counted, Score, score
from replay.games.erren.params import make_rules
from replay.games.erren.readings import Reading
from tests.erren_hands import win
from tests.replay.test_erren_fans import CASES

ERREN = make_rules("erren")
#: fans a hand may count more than once (§5: per pung, per flower, per kind; group fans per instance)
PER_INSTANCE = {"jianke", "yaojiuke", "siguiyi", "huapai", "yibangao", "lianliu", "laoshaofu"}


@pytest.mark.parametrize("fan", [f for f in CASES if f not in PER_INSTANCE])
def test_section_5_a_fan_that_is_no_count_counts_once(fan: str) -> None:
    """§5: every fan but the per-pung / per-flower / per-kind ones and the pair instances is
    counted once (n = 1) in the hand that has it."""
    found = score(CASES[fan][0], ERREN)
    assert found is not None and found.fan_ids()[fan] == 1


def test_er_6_1c_sanfengke_drops_all_three_of_its_yaojiuke_and_the_walk_goes_on() -> None:
    """EEE SSS WWW 123s 5s + 5s (on a discard): 三暗刻 16 (the three concealed wind pungs),
    三风刻 12 († its three 幺九刻 dropped: none left, so 幺九刻 is not listed), 混一色 6, 门前清 2,
    then the 1-fan rows after 幺九刻 still count: 单钓 1 (the 5s was the only wait), 二五八将 1.
    T = 38."""
    found = score(win("EEE SSS WWW 123s 5s", "5s"), ERREN)
    assert found is not None
    assert found.fan_ids() == {
        "sananke": 1,
        "sanfengke": 1,
        "hunyise": 1,
        "menqianqing": 1,
        "dandiao": 1,
        "erwuba": 1,
    }
    assert found.total == 38


def test_daqixing_is_no_hunyaojiu() -> None:
    """大七星 (EE SS WW NN CC FF PP) 88 drops 字一色, 七对, 门前清, 不求人 and 单钓; it holds no
    1s or 9s, so 混幺九 is not a candidate: T = 88."""
    found = score(win("EE SS WW NN CC FF P", "P"), ERREN)
    assert found is not None and found.fan_ids() == {"daqixing": 1} and found.total == 88


def _score(*fans: tuple[str, int]) -> Score:
    counted = tuple(Counted(f, 1, v) for f, v in fans)
    total = sum(v for _, v in fans)
    return Score(Reading("standard"), counted, total, total)


def test_er_6_2_equal_totals_by_the_values_high_to_low_then_the_rows() -> None:
    """ER-6.2: on equal T, the list whose values sorted high to low are greater; then the fans in
    walk order reaching an earlier §5 row. 16 4 4 beats 12 12 (16 > 12) though 12 12 wins
    low to high; 12 12 (小于五, 三风刻) beats 12 4 4 2 2 (大于五 first, an earlier row) on the
    values before the rows are read."""
    big = _score(("qinglong", 16), ("quandaiyao", 4), ("buqiuren", 4))
    twelves = _score(("xiaoyuwu", 12), ("sanfengke", 12))
    assert big.key() > twelves.key()
    spread = _score(("dayuwu", 12), ("quandaiyao", 4), ("buqiuren", 4), ("menqianqing", 2), ("pinghu", 2))
    assert big.total == twelves.total == spread.total == 24
    assert twelves.key() > spread.key()
    # the rows alone: the same values, 大于五 (an earlier row than 小于五) first
    assert _score(("dayuwu", 12), ("sanfengke", 12)).key() > twelves.key()


def test_er_4_3_an_an_gang_is_no_minggang() -> None:
    """ER-4.3: an an-gang is a concealed kong, not a 明杠: 123s 456s 789s 5s beside an-gang CCCC,
    on a discarded 5s: 清龙 16, 混一色 6, 箭刻 2 (the kong of C), 门前清 2 (no exposed meld), 暗杠
    2, 坎张 1 (5s, the only wait, placed in 456s: 坎张 before 单钓, ER-6.2), 二五八将 1 = 30; no
    明杠 and no 双明杠."""
    found = score(win("123s 456s 789s 5s", "5s", melds_="gang:C:an"), ERREN)
    assert found is not None and found.total == 30
    assert found.fan_ids() == {
        "qinglong": 1,
        "hunyise": 1,
        "jianke": 1,
        "menqianqing": 1,
        "angang": 1,
        "kanzhang": 1,
        "erwuba": 1,
    }


def test_section_5_step_two_bugao_and_no_jiegao_through_an_honour() -> None:
    """§5 一色四步高 / 一色三步高: chows r, r+d, r+2d(, r+3d) with d = 1 or 2: 123 345 567 789 (d 2) is
    四步高, 123 345 567 (d 2) 三步高. 一色三节高 is pungs of three consecutive 条 ranks: EEE 111s 222s
    is not one (E has no rank)."""
    four = score(win("123s 345s 567s 789s E", "E"), ERREN)
    assert four is not None and four.fan_ids().get("sibugao") == 1
    three = score(win("123s 345s 567s EEE 9s", "9s"), ERREN)
    assert three is not None and three.fan_ids().get("sanbugao") == 1
    honour = score(win("EEE 111s 222s 789s 5s", "5s"), ERREN)
    assert honour is not None and "sanjiegao" not in honour.fan_ids()
