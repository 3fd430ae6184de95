"""SC-4.1–SC-4.3 and SC-6.2: hand types, 根 and waits, held to the brute-force reference."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.games.sichuan.reading import score, waits
from replay.tiles import KIND_OF
from tests.sichuan_reference import ref_best


def counts(text: str) -> list[int]:
    """'11p 33p 9p' -> 27 counts."""
    c = [0] * 27
    for group in text.split():
        suit = group[-1]
        for digit in group[:-1]:
            c[KIND_OF[digit + suit]] += 1
    return c


def k(code: str) -> int:
    return KIND_OF[code]


def test_sc_4_2_qidui_tie_names_the_later_row() -> None:
    """SC-4.2: 112233m 99m 778899p is 带幺九 and 七对 (both 4): the later row, qidui."""
    r = score(counts("112233m 99m 778899p"), [], [])
    assert r is not None and r.hand == "qidui" and r.points == 4
    assert {"daiyaojiu", "qidui", "pinghu"} <= set(r.met)


def test_sc_4_3_e3_qinglongqidui_minus_one_gen() -> None:
    """E3: 11p 33p 5555p 77p 88p 9p + 9p: 青龙七对 32, G 1 − 1 = 0."""
    r = score(counts("11p 33p 5555p 77p 88p 99p"), [], [])
    assert r is not None and (r.hand, r.points, r.gen) == ("qinglongqidui", 32, 0)
    r2 = score(counts("1111m 2222p 66p 88p 99p"), [], [])
    assert r2 is not None and (r2.hand, r2.points, r2.gen) == ("longqidui", 16, 1)


def test_sc_4_2_e4_qingjingoudiao_not_duiduihu() -> None:
    """E4: pengs 2s 5s 8s, 直杠 9s, lone 7s + 7s: 青金钩钓 16, G 1; 对对胡 not counted."""
    r = score(counts("77s"), [k("2s"), k("5s"), k("8s")], [k("9s")])
    assert r is not None and (r.hand, r.points, r.gen) == ("qingjingoudiao", 16, 1)
    assert "duiduihu" not in r.met and "qingdui" not in r.met


def test_sc_4_3_shibaluohan() -> None:
    """SC-4.3: 金钩钓 with four kongs (十八罗汉) is 4 × 2⁴."""
    r = score(counts("55m"), [], [k("1m"), k("2s"), k("3p"), k("9p")])
    assert r is not None and (r.hand, r.points, r.gen) == ("jingoudiao", 4, 4)


def test_sc_4_3_peng_plus_fourth_in_hand_is_a_gen() -> None:
    """SC-4.3: all four of a kind counts whether melded or not (a peng and the 4th concealed)."""
    assert score(counts("234s 456s 99s 5m 56m"), [k("5p")], []) is None  # no shape
    r = score(counts("234s 456s 99s 567p"), [k("5s")], [])
    assert r is not None and r.gen == 1 and r.hand == "pinghu"


def test_sc_4_2_daiyaojiu_and_qingyaojiu() -> None:
    r = score(counts("123m 789m 11p 999p"), [k("1s")], [])
    assert r is not None and r.hand == "daiyaojiu"
    r = score(counts("123m 789m 11m 999m"), [k("1m")], [])
    assert r is not None and r.hand == "qingyaojiu" and r.points == 16


def test_SC_4_2_daiyaojiu_needs_a_1_or_9_in_every_set() -> None:
    """SC-4.2 带幺九 (4): every set and the pair holds a 1 or 9. 123m 111m 789m 11p 999p meets it
    (P 4); the same hand with a 444m, 555m or 666m triplet (ranks 4, 5, 6: no 1 or 9, and no run
    to carry them) is a plain 平胡 (P 1)."""
    r = score(counts("123m 111m 789m 11p 999p"), [], [])
    assert r is not None and (r.hand, r.points) == ("daiyaojiu", 4)
    for middle in ("222s", "333s", "444s", "555s", "666s", "777s", "888s"):
        r = score(counts(f"123m 789m {middle} 11p 999p"), [], [])
        assert r is not None and (r.hand, r.points) == ("pinghu", 1), middle
        assert "daiyaojiu" not in r.met


def test_SC_4_2_daiyaojiu_with_a_melded_9_and_not_with_777_888() -> None:
    """SC-4.2 带幺九: a melded 999p holds a 9 (123m 789m 11s 999s + peng 9p: P 4, and with a peng
    of 8p instead a plain 平胡, P 1); 111p 123p 777m 888m 99m has sets without 1 or 9 (777m,
    888m: 789m three times would need three 9m), so it is 平胡 1, not 带幺九."""
    r = score(counts("123m 789m 11s 999s"), [k("9p")], [])
    assert r is not None and (r.hand, r.points) == ("daiyaojiu", 4)
    r = score(counts("123m 789m 11s 999s"), [k("8p")], [])
    assert r is not None and (r.hand, r.points) == ("pinghu", 1)
    r = score(counts("111p 123p 777m 888m 99m"), [], [])
    assert r is not None and (r.hand, r.points) == ("pinghu", 1)


def test_sc_4_2_jiang_hands_only_with_parameter() -> None:
    c = counts("222m 555s 888s 22p 555p")
    assert score(c, [], [], jiang_hands=False).hand == "duiduihu"  # type: ignore[union-attr]
    assert score(c, [], [], jiang_hands=True).hand == "jiangdui"  # type: ignore[union-attr]


def test_SC_4_2_qingyaojiu_with_a_melded_9p() -> None:
    """SC-4.2 清幺九 (16) = 清一色 带幺九: 123p 123p 789p 11p + peng 9p, every set and the pair
    holding a 1 or 9, all 筒: 16, G 2 (1p and 9p all four). With a peng of 8p instead: 清一色 4."""
    r = score(counts("123p 123p 789p 11p"), [k("9p")], [])
    assert r is not None and (r.hand, r.points, r.gen) == ("qingyaojiu", 16, 2)
    r = score(counts("123p 123p 789p 11p"), [k("8p")], [])
    assert r is not None and (r.hand, r.points) == ("qingyise", 4)


def test_SC_4_2_jiang_hands_count_the_melds_too() -> None:
    """SC-4.2 将对 (8) / 将金钩钓 (16), with `jiang_hands`: all tiles 2·5·8, melds included.
    222m 888s 55p + pengs 5m, 2p: 对对胡 of 2/5/8 only, 将对 8; with a peng of 3p instead of 2p it
    is a plain 对对胡 (2). 将金钩钓: 55s + pengs 2m 8m 5p 8p is 16; with 7p for 8p, 金钩钓 4."""
    r = score(counts("222m 888s 55p"), [k("5m"), k("2p")], [], jiang_hands=True)
    assert r is not None and (r.hand, r.points) == ("jiangdui", 8)
    r = score(counts("222m 888s 55p"), [k("5m"), k("3p")], [], jiang_hands=True)
    assert r is not None and (r.hand, r.points) == ("duiduihu", 2)
    r = score(counts("55s"), [k("2m"), k("8m"), k("5p"), k("8p")], [], jiang_hands=True)
    assert r is not None and (r.hand, r.points) == ("jiangjingoudiao", 16)
    assert "jiangdui" not in r.met and "duiduihu" not in r.met  # 金钩钓 不计对对胡, so no 将对
    r = score(counts("55s"), [k("2m"), k("8m"), k("5p"), k("7p")], [], jiang_hands=True)
    assert r is not None and (r.hand, r.points) == ("jingoudiao", 4)


def test_sc_6_2_waits_e2_seat_0() -> None:
    """E2: 6666s melded, 123s 789s 44s 23s waits 1s/4s, each 清一色 G 1."""
    w = waits(counts("123s 789s 44s 23s"), [], [k("6s")], void=0)
    assert sorted(w) == [k("1s"), k("4s")]
    assert all((r.hand, r.points, r.gen) == ("qingyise", 4, 1) for r in w.values())


def test_sc_6_2_wait_on_a_fully_held_kind_does_not_count() -> None:
    """SC-6.2: a kind the seat has all four of is no wait: 1111m 23m 456s 789s 5s waits 5s only."""
    assert sorted(waits(counts("1111m 23m 456s 789s 5s"), [], [], void=2)) == [k("5s")]
    assert sorted(waits(counts("111m 23m 456s 789s 55s"), [], [], void=2)) == [k("1m"), k("4m"), k("5s")]


def test_SC_6_2_a_pengs_fourth_tile_is_a_wait_a_kongs_is_not() -> None:
    """SC-6.2: a wait is a tile t of a kind the seat does not hold all four of. With a peng of 5p
    the seat holds three, so 46p 123m 456m 11m waits on the fourth 5p (456p: 平胡 1, G 1: the
    peng and the winning tile are all four); with a kong of 5p it holds all four: no wait."""
    w = waits(counts("46p 123m 456m 11m"), [k("5p")], [], void=1)
    assert {t: (r.hand, r.points, r.gen) for t, r in w.items()} == {k("5p"): ("pinghu", 1, 1)}
    assert waits(counts("46p 123m 456m 11m"), [], [k("5p")], void=1) == {}


def test_SC_6_2_a_hand_holding_its_void_suit_has_no_wait() -> None:
    """SC-6.2 with SC-4.1: a win holds no void-suit tile, so a hand that still holds one waits on
    nothing. 111m 123m 456m 55p 78m, void 条, waits on 3m (111m 123m 345m 678m 55p), 6m and 9m
    (… 456m 678m / 789m …); the same hand with 111s (void 条) or, void 筒, 111p and 55s in place of
    111m and 55p has no wait (the 1 of the void suit is the first tile of its suit)."""
    assert sorted(waits(counts("111m 123m 456m 55p 78m"), [], [], void=1)) == [k("3m"), k("6m"), k("9m")]
    assert waits(counts("111s 123m 456m 55p 78m"), [], [], void=1) == {}
    assert waits(counts("111p 123m 456m 55s 78m"), [], [], void=2) == {}


def test_SC_2_2_without_dingque_a_wait_holds_at_most_two_suits() -> None:
    """SC-2.2 (`dingque: false`: a win needs at most two suits, S0 缺一门) in SC-6.2's waits.
    123m 456m 789m 11p 23p (万 and 筒) waits on 1p (11p 123p) and 4p (11p 234p), 平胡 1 each;
    with 789s for 789m, or with 123m 456m 11p 23p and a peng of 1s, the win would hold three
    suits: no wait (a peng of 5m instead keeps two suits: 1p and 4p again)."""
    two = waits(counts("123m 456m 789m 11p 23p"), [], [], None, two_suits=True)
    assert {t: (r.hand, r.points) for t, r in two.items()} == {k("1p"): ("pinghu", 1), k("4p"): ("pinghu", 1)}
    assert waits(counts("123m 456m 789s 11p 23p"), [], [], None, two_suits=True) == {}
    assert sorted(waits(counts("123m 456m 789s 11p 23p"), [], [], None)) == [k("1p"), k("4p")]
    assert waits(counts("123m 456m 11p 23p"), [k("1s")], [], None, two_suits=True) == {}
    assert sorted(waits(counts("123m 456m 11p 23p"), [k("5m")], [], None, two_suits=True)) == [
        k("1p"),
        k("4p"),
    ]


def test_SC_6_2_waits_are_priced_with_jiang_hands() -> None:
    """SC-6.2/SC-6.3: each wait carries its reading (P for 查大叫), 将对 included under
    `jiang_hands`: 222m 555s 888s 22p 55p waits on 2p and 5p (对倒), all 2·5·8 triplets and a pair:
    将对 8 with `jiang_hands`, 对对胡 2 without."""
    hand = counts("222m 555s 888s 22p 55p")
    jiang = waits(hand, [], [], None, jiang_hands=True)
    assert {t: (r.hand, r.points) for t, r in jiang.items()} == {
        k("2p"): ("jiangdui", 8),
        k("5p"): ("jiangdui", 8),
    }
    plain = waits(hand, [], [], None)
    assert {t: (r.hand, r.points) for t, r in plain.items()} == {
        k("2p"): ("duiduihu", 2),
        k("5p"): ("duiduihu", 2),
    }


def test_sc_6_2_void_tiles_are_no_wait() -> None:
    assert waits(counts("123m 456m 789m 111s 5p"), [], [], void=2) == {}
    assert k("5p") in waits(counts("123p 456p 789p 111s 5p"), [], [], void=0)


# -- property tests: the fast path against the brute-force reference --------------------


@st.composite
def sichuan_hands(draw: Any) -> tuple[list[int], list[int], list[int]]:
    """Mostly winning-shaped hands over one or two suits (清 hands and 七对 often), some noise."""
    suits = draw(st.lists(st.integers(0, 2), min_size=1, max_size=2, unique=True))
    pool = [s * 9 + r for s in suits for r in range(9)]
    total = [0] * 27
    peng: list[int] = []
    kong: list[int] = []
    c = [0] * 27

    def take(kind: int, n: int) -> bool:
        if total[kind] + n > 4:
            return False
        total[kind] += n
        return True

    shape = draw(st.sampled_from(["sets", "sets", "qidui", "random"]))
    if shape == "qidui":
        while sum(c) < 14:
            t = draw(st.sampled_from(pool))
            if take(t, 2):
                c[t] += 2
            elif draw(st.booleans()):
                break
        c_list = c
        return c_list, peng, kong
    if shape == "random":
        n_melds = draw(st.integers(0, 4))
        for _ in range(n_melds):
            t = draw(st.sampled_from(pool))
            if take(t, 3):
                peng.append(t)
        while sum(c) < 14 - 3 * len(peng):
            t = draw(st.sampled_from(pool))
            if take(t, 1):
                c[t] += 1
        return c, peng, kong
    n_melds = draw(st.integers(0, 4))
    for _ in range(n_melds):
        t = draw(st.sampled_from(pool))
        if draw(st.booleans()):
            if take(t, 4):
                kong.append(t)
        elif take(t, 3):
            peng.append(t)
    for _ in range(4 - len(peng) - len(kong)):
        t = draw(st.sampled_from(pool))
        if draw(st.booleans()) and t % 9 <= 6:
            if total[t] < 4 and total[t + 1] < 4 and total[t + 2] < 4:
                for x in (t, t + 1, t + 2):
                    take(x, 1)
                    c[x] += 1
        elif take(t, 3):
            c[t] += 3
    for _ in range(10):
        t = draw(st.sampled_from(pool))
        if take(t, 2):
            c[t] += 2
            break
    return c, peng, kong


@settings(max_examples=600, deadline=None, derandomize=True)
@given(sichuan_hands(), st.booleans())
def test_sc_4_reading_matches_reference(hand: tuple[list[int], list[int], list[int]], jiang: bool) -> None:
    """SC-4.1–4.3: the count-based reading equals the enumeration of every split."""
    c, peng, kong = hand
    got = score(c, peng, kong, jiang_hands=jiang)
    want = ref_best(c, peng, kong, jiang)
    assert (None if got is None else (got.hand, got.points, got.gen)) == want


@settings(max_examples=200, deadline=None, derandomize=True)
@given(sichuan_hands(), st.integers(0, 2))
def test_sc_6_2_waits_match_reference(hand: tuple[list[int], list[int], list[int]], void: int) -> None:
    """SC-6.2: removing one tile from a hand, the waits are exactly the tiles the reference wins on."""
    c, peng, kong = hand
    held = [k for k in range(27) if c[k]]
    if not held:
        return
    c = list(c)
    c[held[0]] -= 1
    got = {t: (r.hand, r.points, r.gen) for t, r in waits(c, peng, kong, void).items()}
    want = {}
    total = list(c)
    for m in peng:
        total[m] += 3
    for m in kong:
        total[m] += 4
    for t in range(27):
        if t // 9 == void or total[t] >= 4:
            continue
        c2 = list(c)
        c2[t] += 1
        if any(c2[9 * void : 9 * void + 9]) or any(m // 9 == void for m in [*peng, *kong]):
            continue
        best = ref_best(c2, peng, kong)
        if best is not None:
            want[t] = best
    assert got == want
