"""The fast Sichuan reading held to the brute-force reference (``tests/sichuan_reference.py``) on the
shapes the general property test (test_sichuan_reading.py) meets least often: 金钩钓 with
pengs and kongs (SC-4.2, 不计对对胡), 七对 with four alike (龙七对, 减一根, SC-4.3) and 根 in a
shape-(a) hand (a concealed four split across sets, a peng with its 4th in hand).

Each strategy builds a hand that wins by construction, so every example checks a reading, and
asserts the reference reads the row the rule text names (the reference is checked too).
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from replay.games.sichuan.reading import score, waits
from replay.games.wuhan.evaluate import evaluate
from replay.tiles import CODES
from tests.sichuan_reference import ref_best, ref_win

Hand = tuple[list[int], list[int], list[int]]


def _suits(draw: Any) -> list[int]:
    return draw(st.lists(st.integers(0, 2), min_size=1, max_size=2, unique=True))


@st.composite
def jingoudiao_hands(draw: Any) -> Hand:
    """SC-4.2 金钩钓: four melds (pengs or kongs) and the pair of the lone tile + winning tile."""
    pool = [s * 9 + r for s in _suits(draw) for r in range(9)]
    kinds = draw(st.lists(st.sampled_from(pool), min_size=5, max_size=5, unique=True))
    melds, pair = kinds[:4], kinds[4]
    is_kong = draw(st.lists(st.booleans(), min_size=4, max_size=4))
    c = [0] * 27
    c[pair] = 2
    pengs = [k for k, g in zip(melds, is_kong, strict=True) if not g]
    kongs = [k for k, g in zip(melds, is_kong, strict=True) if g]
    return c, pengs, kongs


@st.composite
def longqidui_hands(draw: Any) -> Hand:
    """SC-4.1 (b) with at least one kind four times (two pairs): 龙七对 / 青龙七对."""
    pool = [s * 9 + r for s in _suits(draw) for r in range(9)]
    fours = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3, unique=True))
    rest = [k for k in pool if k not in fours]
    pairs = draw(
        st.lists(st.sampled_from(rest), min_size=7 - 2 * len(fours), max_size=7 - 2 * len(fours), unique=True)
    )
    c = [0] * 27
    for k in fours:
        c[k] = 4
    for k in pairs:
        c[k] = 2
    return c, [], []


@st.composite
def gen_hands(draw: Any) -> Hand:
    """Shape (a) with 根: a run and a triplet of one kind (four concealed, not a kong), or a peng
    with its 4th tile inside a run, plus sets and a pair to fill the hand."""
    suit = draw(st.integers(0, 2))
    r = draw(st.integers(0, 6))
    k = 9 * suit + r  # the run k, k+1, k+2 with a fourth k somewhere
    c = [0] * 27
    pengs: list[int] = []
    c[k] += 1
    c[k + 1] += 1
    c[k + 2] += 1
    if draw(st.booleans()):
        c[k] += 3  # concealed triplet: 4 of k in hand
    else:
        pengs.append(k)  # peng of k: the 4th is the run's
    total = list(c)
    for p in pengs:
        total[p] += 3
    sets = 4 - 1 - 1  # the run and the triplet/peng are two of the four sets
    pool = [x for x in range(27) if total[x] == 0]
    for x in draw(st.lists(st.sampled_from(pool), min_size=sets + 1, max_size=sets + 1, unique=True))[:sets]:
        c[x] += 3
        total[x] += 3
    pair = draw(st.sampled_from([x for x in range(27) if total[x] == 0]))
    c[pair] += 2
    return c, pengs, []


@settings(max_examples=300, deadline=None, derandomize=True)
@given(jingoudiao_hands())
def test_sc_4_2_jingoudiao_matches_reference(hand: Hand) -> None:
    """金钩钓 is met and 对对胡 is not counted (不计对对胡); G counts every kong (SC-4.3)."""
    c, pengs, kongs = hand
    want = ref_best(c, pengs, kongs)
    assert want is not None and want[0] in ("jingoudiao", "qingjingoudiao")
    assert want[2] == len(kongs)
    got = score(c, pengs, kongs)
    assert got is not None and (got.hand, got.points, got.gen) == want


@settings(max_examples=300, deadline=None, derandomize=True)
@given(longqidui_hands())
def test_sc_4_3_longqidui_minus_one_gen_matches_reference(hand: Hand) -> None:
    """龙七对 uses G − 1 (减一根): n fours give G n − 1."""
    c, _, _ = hand
    want = ref_best(c, [], [])
    fours = sum(1 for x in c if x == 4)
    assert want is not None and want[0] in ("longqidui", "qinglongqidui") and want[2] == fours - 1
    got = score(c, [], [])
    assert got is not None and (got.hand, got.points, got.gen) == want


@settings(max_examples=300, deadline=None, derandomize=True)
@given(gen_hands())
def test_sc_4_3_gen_in_sets_matches_reference(hand: Hand) -> None:
    """A kind held four times counts a 根 whether the four are concealed across two sets or a
    peng plus the 4th in a run (SC-4.3 每有一根x2)."""
    c, pengs, kongs = hand
    want = ref_best(c, pengs, kongs)
    assert want is not None and want[2] >= 1
    got = score(c, pengs, kongs)
    assert got is not None and (got.hand, got.points, got.gen) == want


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.one_of(jingoudiao_hands(), longqidui_hands(), gen_hands()), st.data())
def test_sc_6_2_waits_of_special_shapes_match_reference(hand: Hand, data: Any) -> None:
    """SC-6.2: take one tile out of a winning 金钩钓 / 龙七对 / 根 hand; the waits the engine lists
    are exactly the tiles the reference wins with (not a kind already held four times)."""
    c, pengs, kongs = hand
    out = data.draw(st.sampled_from([k for k in range(27) if c[k]]))
    c = list(c)
    c[out] -= 1
    total = list(c)
    for m in pengs:
        total[m] += 3
    for m in kongs:
        total[m] += 4
    want = {}
    for t in range(27):
        if total[t] >= 4:
            continue
        c2 = list(c)
        c2[t] += 1
        best = ref_best(c2, pengs, kongs)
        if best is not None:
            want[t] = best
    got = {t: (r.hand, r.points, r.gen) for t, r in waits(c, pengs, kongs, None).items()}
    assert out in want  # the tile taken out wins again: the reference is checked too
    assert got == want


@st.composite
def concealed_wins(draw: Any) -> list[int]:
    """14 concealed tiles that win (SC-4.1) over one or two suits, as a 天胡/地胡 holds them (no
    peng or kong can come before one, SC-4.5): four concealed sets and a pair, or 七对 with or
    without fours, so P · 2^G runs from 1 to 64 and more around SC-4.5's 32."""
    pool = [s * 9 + r for s in _suits(draw) for r in range(9)]
    if draw(st.booleans()):
        c, _, _ = draw(longqidui_hands())  # 七对 with fours (龙七对 16 / 青龙七对 32, G n − 1)
        return c
    sets = draw(st.lists(st.tuples(st.sampled_from(pool), st.booleans()), min_size=4, max_size=4))
    c = [0] * 27
    for k, run in sets:
        for x in [k, k + 1, k + 2] if run and k % 9 <= 6 else [k, k, k]:
            c[x] += 1
    c[draw(st.sampled_from(pool))] += 2
    assume(max(c) <= 4)
    return c


def _seat(tiles: list[int], void: str) -> dict[str, Any]:
    return {"hand": [CODES[k] for k in tiles], "void": void}


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    concealed_wins(),
    st.sampled_from([("tianhu", "self_draw"), ("dihu", "self_draw"), ("dihu", "discard")]),
    st.sampled_from(["di", "fan", "none"]),
    st.booleans(),
    st.data(),
)
@example([0] * 18 + [2, 0, 2, 0, 4, 0, 2, 2, 2], ("tianhu", "self_draw"), "di", True, None)  # 青龙七对 M 32
@example([4, 0, 4] + [0] * 15 + [2, 0, 2, 0, 2, 0, 0, 0, 0], ("dihu", "discard"), "di", True, None)  # 32
@example([0] * 9 + [2, 2, 4] + [0] * 10 + [2, 0, 2, 0, 2], ("tianhu", "self_draw"), "fan", True, None)
def test_sc_4_5_tiandihu_matches_reference(
    c: list[int], first_way: tuple[str, str], zimo_bonus: str, tiandihu: bool, data: Any
) -> None:
    """SC-4.5 / SC-5.1 through ``replay evaluate``: the hand, G, M and flat of a 天胡/地胡 equal the
    reference's, on either side of 32 and at it (the examples: 青龙七对 G 0, 龙七对 G 1, and 龙七对
    G 0 self-drawn under ``fan`` are each exactly 32, so flat)."""
    first, way = first_way
    held = [k for k in range(27) if c[k]]
    tile = held[-1] if data is None else data.draw(st.sampled_from(held))
    hand = [k for k in range(27) for _ in range(c[k])]
    hand.remove(tile)
    void = "msp"[next(s for s in range(3) if not any(c[9 * s : 9 * s + 9]))]
    winner = 0 if first == "tianhu" else 1
    seats = [{"hand": [], "void": "m"} for _ in range(4)]
    seats[winner] = _seat(hand, void)
    win: dict[str, Any] = {"way": way, "tile": CODES[tile], "first": first}
    if way == "discard":
        win["from"] = 0
    overrides = {"zimo_bonus": zimo_bonus, "tiandihu": tiandihu}
    got = evaluate(
        {
            "game": "sichuan",
            "ruleset": {"preset": "xuezhan", "overrides": overrides},
            "dealer": 0,
            "winner": winner,
            "win": win,
            "seats": seats,
        }
    )
    want = ref_win(c, self_draw=way == "self_draw", zimo_bonus=zimo_bonus, first=first, tiandihu=tiandihu)
    assert want is not None
    assert (got["hand"], got["gen"], got["multiple"], got["flat"]) == want
