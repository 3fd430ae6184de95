"""erren.md §8's worked examples E1–E9, each hand-worked from the rule text (preset ``erren``:
qihu 8, pay = T; ``erren-gb`` pays T + 8). Every example agrees with the text (ER-6.1–ER-6.3)."""

from __future__ import annotations

from replay.games.erren.choose import Score, legal, score
from replay.games.erren.params import make_rules
from replay.games.erren.settle import settle
from tests.erren_hands import win

ERREN = make_rules("erren")
GB = make_rules("erren-gb")


def fans(found: Score | None) -> dict[str, int]:
    assert found is not None
    return {f.id: f.points for f in found.fans}


def test_e1_qinglong_drops_lianliu_and_laoshaofu_er_6_1() -> None:
    w = win("12s 456s 789s EE", "3s", melds_="peng:C", flowers="2h")
    found = score(w, ERREN)
    assert fans(found) == {"qinglong": 16, "hunyise": 6, "jianke": 2, "bianzhang": 1, "huapai": 1}
    assert found is not None and (found.qualifying, found.total) == (25, 26)
    assert settle(1, found, ERREN).deltas() == [-26, 26]
    assert settle(1, found, GB).deltas() == [-34, 34]  # ER-6.3 guobiao: 26 + 8


def test_e2_flowers_do_not_count_toward_qihu_er_6_2_er_3_4() -> None:
    m, fl = "chi:1s peng:9s", "1h 5h"
    on_2s = score(win("678s 34s EE", "2s", melds_=m, flowers=fl), ERREN)
    assert fans(on_2s) == {"hunyise": 6, "yaojiuke": 1, "huapai": 2}
    assert on_2s is not None and on_2s.qualifying == 7 and not legal(on_2s, ERREN)
    on_5s = score(win("678s 34s EE", "5s", melds_=m, flowers=fl), ERREN)
    assert fans(on_5s) == {"hunyise": 6, "lianliu": 1, "yaojiuke": 1, "huapai": 2}
    assert on_5s is not None and (on_5s.qualifying, on_5s.total) == (8, 10) and legal(on_5s, ERREN)
    drawn = score(win("678s 34s EE", "2s", melds_=m, flowers=fl, self_draw=True), ERREN)
    assert drawn is not None and (drawn.qualifying, drawn.total) == (8, 10)
    assert settle(1, drawn, ERREN).deltas() == [-10, 10]


def test_e3_three_pair_instances_and_the_qidui_reading_er_6_1b() -> None:
    found = score(win("123s 456s 45s 99s", "6s", melds_="chi:1s"), ERREN)
    assert found is not None
    assert [(f.id, f.n) for f in found.fans] == [
        ("qingyise", 1), ("pinghu", 1), ("yibangao", 2), ("lianliu", 1), ("yaojiutou", 1),
    ]  # fmt: skip
    assert found.total == 30
    concealed = score(win("123s 123s 456s 45s 99s", "6s"), ERREN)
    assert concealed is not None and concealed.reading.form == "qidui"
    assert fans(concealed) == {"qidui": 24, "qingyise": 24}
    assert settle(1, concealed, ERREN).deltas() == [-48, 48]


def test_e4_discard_completed_pung_is_not_anke_er_4_3() -> None:
    found = score(win("111s 222s 333s 99s EE", "9s"), ERREN)
    assert fans(found) == {
        "sanjiegao": 24, "sananke": 16, "pengpenghu": 6, "hunyise": 6, "menqianqing": 2, "yaojiuke": 2,
    }  # fmt: skip
    assert found is not None and found.total == 56
    assert settle(0, found, ERREN).deltas() == [56, -56]
    drawn = score(win("111s 222s 333s 99s EE", "9s", self_draw=True), ERREN)
    # 四暗刻 drops 不求人, which is skipped and so excludes nothing: 自摸 stays (ER-6.1c)
    assert fans(drawn) == {"sianke": 64, "sanjiegao": 24, "hunyise": 6, "yaojiuke": 2, "zimo": 1}
    assert drawn is not None and drawn.total == 97


def test_e4_the_chow_reading_scores_37() -> None:
    from replay.games.erren.choose import scores

    chow = [s for s in scores(win("111s 222s 333s 99s EE", "9s"), ERREN) if s.reading.sets[0].shape == "chow"]
    assert chow and chow[0].total == 37
    assert {f.id: f.points for f in chow[0].fans} == {
        "santongshun": 24, "hunyise": 6, "quandaiyao": 4, "menqianqing": 2, "yaojiuke": 1,
    }  # fmt: skip


def test_e5_tianhu() -> None:
    found = score(win("234s 345s 678s WWW 8s", "8s", self_draw=True, flowers="3h", ways="tianhu"), ERREN)
    assert fans(found) == {"tianhu": 168, "hunyise": 6, "lianliu": 1, "yaojiuke": 1, "erwuba": 1, "huapai": 1}
    assert found is not None and (found.qualifying, found.total) == (177, 178)
    assert settle(0, found, ERREN).deltas() == [178, -178]


def test_e6_qianggang_drops_hejuezhang_er_3_3() -> None:
    w = win("46s 789s 22s PPP", "5s", melds_="peng:N", ways="qianggang hejuezhang")
    found = score(w, ERREN)
    assert fans(found) == {
        "qianggang": 8, "hunyise": 6, "jianke": 2, "lianliu": 1, "yaojiuke": 1, "kanzhang": 1, "erwuba": 1,
    }  # fmt: skip
    assert found is not None and settle(1, found, ERREN).deltas() == [-20, 20]


def test_e7_sangang_gangkai() -> None:
    w = win("45s 77s", "6s", melds_="gang:C:an gang:9s:ming gang:E:an", self_draw=True, ways="gangkai")
    found = score(w, ERREN)
    assert fans(found) == {
        "sangang": 32, "gangkai": 8, "hunyise": 6, "jianke": 2, "shuanganke": 2, "yaojiuke": 2,
    }  # fmt: skip
    assert found is not None and found.total == 52


def test_e8_jiulian_after_buhua() -> None:
    found = score(win("1112345678999s", "5s", self_draw=True, flowers="6h"), ERREN)
    assert fans(found) == {"jiulian": 88, "shuanganke": 2, "zimo": 1, "erwuba": 1, "huapai": 1}
    assert found is not None and (found.qualifying, found.total) == (92, 93)


def test_e9_haidi_and_lizhi() -> None:
    found = score(win("234s 567s 789s NN 44s", "N", ways="haidi lizhi"), ERREN)
    assert fans(found) == {
        "haidi": 8, "hunyise": 6, "lizhi": 2, "menqianqing": 2, "lianliu": 1, "yaojiuke": 1,
    }  # fmt: skip
    assert found is not None and (found.qualifying, found.total) == (18, 20)
    assert settle(1, found, ERREN).deltas() == [-20, 20]


def test_ER_6_3_the_receipt_of_e2_on_5s_line_by_line() -> None:
    """ER-6.3 with §5's rows: E2 on 5s scores 混一色 6, 连六 1, 幺九刻 1 (the 9s pung) and 花牌 1 per
    flower × 2 = 2, not counted toward 起胡 (nq): T 10, Q 8. `fan`: 1 × 10 = 10; `guobiao`:
    1 × (10 + 8) = 18; a cap of 9 pays 9 and says so, a cap of 10 pays 10 and is not reached.
    Seat 0 winning is paid by seat 1: deltas [10, −10]."""
    found = score(win("678s 34s EE", "5s", melds_="chi:1s peng:9s", flowers="1h 5h"), ERREN)
    assert found is not None
    fan_lines = (
        "混一色 hunyise (Half Flush) 6",
        "连六 lianliu (Short Straight) 1",
        "幺九刻 yaojiuke (Pung of Terminals or Winds) 1",
        "花牌 huapai (Flower) 1 × 2 = 2 (不计起胡 nq)",
        "T = 10, Q = 8 (起胡 qihu 8)",
    )
    pay = settle(1, found, ERREN)
    assert (pay.payer, pay.payee, pay.amount) == (0, 1, 10)
    assert pay.receipt == (*fan_lines, "seat 0 pays seat 1: fan 番: 1 × 10 = 10")
    assert settle(1, found, GB).receipt[-1] == "seat 0 pays seat 1: guobiao 国标: 1 × (10 + 8) = 18"
    capped = settle(1, found, make_rules("erren", {"cap": 9}))
    assert capped.amount == 9 and capped.receipt[-1] == "seat 0 pays seat 1: fan 番: 1 × 10, capped at 9 = 9"
    at_cap = settle(1, found, make_rules("erren", {"cap": 10}))
    assert at_cap.amount == 10 and at_cap.receipt[-1] == "seat 0 pays seat 1: fan 番: 1 × 10 = 10"
    assert settle(0, found, ERREN).deltas() == [10, -10]
