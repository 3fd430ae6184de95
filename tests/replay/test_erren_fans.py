"""Every fan of erren.md §5: a hand that counts it and a near hand that does not, hand-worked.

Each case names the fan; the assertion is on the fans as counted (after 不计, ER-6.1c), so a
"has" hand is one where nothing higher excludes it. Values are §5's (preset ``erren``).
"""

from __future__ import annotations

import pytest

from replay.games.erren.choose import score
from replay.games.erren.fans import Win
from replay.games.erren.fantable import IDS, ROW
from replay.games.erren.params import make_rules
from tests.erren_hands import win

ERREN = make_rules("erren")
BASE = "123s 456s 789s EEE"  # + 5s: a plain hand to which a way of winning is added

CASES: dict[str, tuple[Win, Win]] = {
    "sifang_dafacai": (win("EEE SSS WWW NNN F", "F"), win("EEE SSS WWW NNN C", "C")),
    "tianhu": (
        win(BASE + " 5s", "5s", self_draw=True, ways="tianhu"),
        win(BASE + " 5s", "5s", self_draw=True),
    ),
    "dihu": (win(BASE + " 5s", "5s", self_draw=True, ways="dihu"), win(BASE + " 5s", "5s", self_draw=True)),
    "renhu": (win(BASE + " 5s", "5s", ways="renhu"), win(BASE + " 5s", "5s")),
    "dasixi": (win("EEE SSS WWW NNN 5s", "5s"), win("EEE SSS WWW 555s 9s", "9s")),
    "dasanyuan": (win("CCC FFF PPP 123s 5s", "5s"), win("CCC FFF 123s 456s P", "P")),
    "lvyise": (win("234s 234s 666s FFF 8s", "8s"), win("234s 234s 666s FFF 5s", "5s")),
    "jiulian": (win("1112345678999s", "9s"), win("1112345678899s", "9s")),
    "sigang": (
        win("5s", "5s", melds_="gang:1s:ming gang:2s:an gang:E:xu gang:C:ming"),
        win("5s", "5s", melds_="gang:1s:ming gang:2s:an gang:E:xu peng:C"),
    ),
    "lianqidui": (win("1122334455667s", "7s"), win("1122334455668s", "8s")),
    "daqixing": (win("EE SS WW NN CC FF P", "P"), win("EE SS WW NN CC FF 1s", "1s")),
    "baxian": (
        win(BASE + " 5s", "5s", flowers="1h 2h 3h 4h 5h 6h 7h 8h"),
        win(BASE + " 5s", "5s", flowers="1h 2h 3h 4h 5h 6h 7h"),
    ),
    "xiaosixi": (win("EEE SSS WWW N 123s", "N"), win("EEE SSS WWW 5s 123s", "5s")),
    "xiaosanyuan": (win("CCC FFF P 123s 456s", "P"), win("CCC FFF 5s 123s 456s", "5s")),
    "ziyise": (win("EEE SSS CCC FFF P", "P"), win("EEE SSS CCC FFF 9s", "9s")),
    "sianke": (win("111s 333s 555s 77s 99s", "7s", self_draw=True), win("111s 333s 555s 77s 99s", "7s")),
    "shuanglong": (win("123s 123s 789s 789s 5s", "5s"), win("123s 123s 789s 789s 4s", "4s")),
    "sitongshun": (win("123s 123s 123s 123s E", "E"), win("123s 123s 123s 234s E", "E")),
    "sijiegao": (win("111s 222s 333s 444s E", "E"), win("111s 222s 333s 555s E", "E")),
    "sibugao": (win("123s 234s 345s 456s E", "E"), win("123s 234s 345s 567s E", "E")),
    "sangang": (
        win("123s 5s", "5s", melds_="gang:1s:ming gang:E:an gang:C:xu"),
        win("123s 5s", "5s", melds_="gang:1s:ming gang:E:an peng:C"),
    ),
    "hunyaojiu": (win("111s 999s EEE SSS N", "N"), win("111s 999s EEE 234s N", "N")),
    "tianting": (win(BASE + " 5s", "5s", ways="tianting"), win(BASE + " 5s", "5s")),
    "qidui": (win("1133557799s EE S", "S"), win("123s 456s 789s 111s E", "E")),
    "qingyise": (win("123s 456s 789s 111s 5s", "5s"), win("123s 456s 789s 111s E", "E")),
    "santongshun": (
        win("123s 123s EEE 5s", "5s", melds_="chi:1s"),
        win("123s 234s EEE 5s", "5s", melds_="chi:1s"),
    ),
    "sanjiegao": (
        win("EEE 9s", "9s", melds_="peng:2s peng:3s peng:4s"),
        win("EEE 9s", "9s", melds_="peng:2s peng:3s peng:5s"),
    ),
    "qinglong": (win("123s 456s 789s EEE 5s", "5s"), win("123s 456s 678s EEE 5s", "5s")),
    "sanbugao": (win("123s 234s 345s EEE 9s", "9s"), win("123s 234s 456s EEE 9s", "9s")),
    "sananke": (win("111s 333s 555s 78s EE", "9s"), win("111s 333s 55s 789s EE", "5s")),
    "dayuwu": (win("678s 678s 789s 999s 6s", "6s"), win("678s 678s 789s 999s 5s", "5s")),
    "xiaoyuwu": (win("123s 123s 234s 444s 3s", "3s"), win("123s 123s 234s 444s 5s", "5s")),
    "sanfengke": (win("EEE SSS WWW 123s 5s", "5s"), win("EEE SSS CCC 123s 5s", "5s")),
    "tuibudao": (win("456s 456s 888s PPP 9s", "9s"), win("456s 456s 888s PPP 7s", "7s")),
    "miaoshou": (
        win(BASE + " 5s", "5s", self_draw=True, ways="miaoshou"),
        win(BASE + " 5s", "5s", self_draw=True),
    ),
    "haidi": (win(BASE + " 5s", "5s", ways="haidi"), win(BASE + " 5s", "5s")),
    "gangkai": (
        win(BASE + " 5s", "5s", self_draw=True, ways="gangkai"),
        win(BASE + " 5s", "5s", self_draw=True),
    ),
    "qianggang": (win(BASE + " 5s", "5s", ways="qianggang"), win(BASE + " 5s", "5s")),
    "pengpenghu": (
        win("555s EEE 9s", "9s", melds_="peng:1s peng:3s"),
        win("555s EEE 9s", "9s", melds_="peng:1s chi:3s"),
    ),
    "hunyise": (win("123s 456s 789s EEE 5s", "5s"), win("123s 456s 789s 111s 5s", "5s")),
    "quanqiuren": (
        win("5s", "5s", melds_="chi:1s chi:4s peng:E peng:9s"),
        win("5s", "5s", melds_="chi:1s chi:4s peng:E peng:9s", self_draw=True),
    ),
    "shuangangang": (
        win("123s 456s 5s", "5s", melds_="gang:C:an gang:E:an"),
        win("123s 456s 5s", "5s", melds_="gang:C:an gang:E:ming"),
    ),
    "shuangjianke": (win("CCC FFF 123s 456s 9s", "9s"), win("CCC EEE 123s 456s 9s", "9s")),
    "quandaiyao": (win("123s 789s 111s EEE 9s", "9s"), win("123s 789s 456s EEE 9s", "9s")),
    "buqiuren": (win("123s 456s 678s EEE 5s", "5s", self_draw=True), win("123s 456s 678s EEE 5s", "5s")),
    "shuangminggang": (
        win("123s 456s 5s", "5s", melds_="gang:C:ming gang:E:xu"),
        win("123s 456s 5s", "5s", melds_="gang:C:ming gang:E:an"),
    ),
    "hejuezhang": (win(BASE + " 5s", "5s", ways="hejuezhang"), win(BASE + " 5s", "5s")),
    "lizhi": (
        win(BASE + " 5s", "5s", ways="lizhi"),
        win("456s 789s EEE 5s", "5s", melds_="chi:1s", ways="lizhi"),
    ),
    "jianke": (win("CCC 123s 456s 789s 5s", "5s"), win("EEE 123s 456s 789s 5s", "5s")),
    "menqianqing": (win(BASE + " 5s", "5s"), win("456s 789s EEE 5s", "5s", melds_="chi:1s")),
    "pinghu": (win("123s 456s 678s 234s 5s", "5s"), win("123s 456s 678s 234s E", "E")),
    "siguiyi": (win("111s 123s 456s 789s 9s", "9s"), win("111s 234s 456s 789s 9s", "9s")),
    "shuanganke": (win("111s 333s 456s 789s 5s", "5s"), win("333s 456s 789s 5s", "5s", melds_="peng:1s")),
    "angang": (
        win("123s 456s 789s 5s", "5s", melds_="gang:C:an"),
        win("123s 456s 789s 5s", "5s", melds_="gang:C:ming"),
    ),
    "duanyao": (win("234s 456s 678s 888s 5s", "5s"), win("234s 456s 678s 888s 9s", "9s")),
    "yibangao": (win("123s 123s 567s EEE 9s", "9s"), win("123s 234s 567s EEE 9s", "9s")),
    "lianliu": (win("123s 456s EEE SSS 9s", "9s"), win("123s 567s EEE SSS 9s", "9s")),
    "laoshaofu": (win("123s 789s EEE SSS 5s", "5s"), win("123s 678s EEE SSS 5s", "5s")),
    "yaojiuke": (win("111s 456s 678s CCC 5s", "5s"), win("222s 456s 678s CCC 5s", "5s")),
    "minggang": (
        win("123s 456s EEE 5s", "5s", melds_="gang:9s:ming"),
        win("123s 456s EEE 5s", "5s", melds_="gang:9s:an"),
    ),
    "bianzhang": (win("12s 456s 789s EEE 55s", "3s"), win("23s 456s 789s EEE 55s", "1s")),
    "kanzhang": (win("13s 456s 789s EEE 55s", "2s"), win("12s 456s 789s EEE 55s", "3s")),
    "dandiao": (win("123s 456s 789s EEE S", "S"), win("123s 456s 789s EE SS", "S")),
    "zimo": (
        win("456s 789s EEE 5s", "5s", melds_="chi:1s", self_draw=True),
        win("456s 789s EEE 5s", "5s", melds_="chi:1s"),
    ),
    "erwuba": (win("123s 456s 789s EEE 2s", "2s"), win("123s 456s 789s EEE 3s", "3s")),
    "yaojiutou": (win("123s 456s 678s EEE 9s", "9s"), win("123s 456s 678s EEE 3s", "3s")),
    "chunxiaqiudong": (
        win(BASE + " 5s", "5s", flowers="1h 2h 3h 4h"),
        win(BASE + " 5s", "5s", flowers="1h 2h 3h 5h"),
    ),
    "meilanzhuju": (
        win(BASE + " 5s", "5s", flowers="5h 6h 7h 8h"),
        win(BASE + " 5s", "5s", flowers="4h 6h 7h 8h"),
    ),
    "huapai": (win(BASE + " 5s", "5s", flowers="2h"), win(BASE + " 5s", "5s")),
}


def counted(w: Win) -> dict[str, tuple[int, int]]:
    found = score(w, ERREN)
    assert found is not None, "not a winning shape"
    return {f.id: (f.n, f.value) for f in found.fans}


def test_every_fan_of_the_table_has_a_case() -> None:
    assert set(CASES) | {"dayuwu", "xiaoyuwu"} >= set(IDS)
    assert set(CASES) <= set(IDS)


@pytest.mark.parametrize("fan", list(CASES))
def test_fan_counted_with_its_value(fan: str) -> None:
    has, lacks = CASES[fan]
    got = counted(has)
    assert fan in got, f"{fan} not counted: {got}"
    assert got[fan][1] == ROW[fan].value
    assert fan not in counted(lacks)


def test_per_instance_fans_count_each_instance() -> None:
    # 幺九刻 per pung (111s, 999s, E) ; 箭刻 per dragon pung ; 花牌 per flower
    got = counted(win("111s 999s EEE 55s CC", "C", flowers="1h 5h 8h"))
    assert got["huapai"] == (3, 1)
    assert got["jianke"] == (1, 2)
    assert got["yaojiuke"] == (3, 1)


def test_sanfengke_drops_only_its_own_yaojiuke() -> None:
    # † 三风刻 不计 幺九刻 of its three wind pungs: the 1s pung keeps its 幺九刻
    got = counted(win("EEE SSS WWW 111s 5s", "5s"))
    assert got["sanfengke"] == (1, 12)
    assert got["yaojiuke"] == (1, 1)
    plain = make_rules("erren", {"extra_exclusions": False})
    found = score(win("EEE SSS WWW 111s 5s", "5s"), plain)
    assert found is not None and found.fan_ids()["yaojiuke"] == 4
