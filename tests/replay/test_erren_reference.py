"""The fast 二人 path (``replay.games.erren``: readings, choose, waits) held to the brute-force
reference (``tests/erren_reference.py``) on generated wins: ER-4.1–ER-4.4, ER-6.1, ER-6.2.

The strategy builds winning hands (four sets and a pair, some as melds of every kind, or seven
pairs with a kind twice), often from a narrow band of 条 so that group fans and their
instances (ER-6.1b) are met, with random flowers and ways of winning; sometimes one tile is
changed so non-wins are met too. Derandomized, so every run is the same.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.games.erren.choose import score
from replay.games.erren.fans import WAYS, Win
from replay.games.erren.fantable import DEFAULT_VALUES, IDS, NQ_DEFAULT
from replay.games.erren.params import make_rules
from replay.games.erren.readings import Meld, decompositions, is_complete, is_tenpai, waits
from replay.games.erren.tiles import FLOWERS, HONOURS, PLAY_KINDS, SUITED, counts
from tests.erren_reference import ref_score, ref_waits

ERREN = make_rules("erren")
Spec = tuple[list[int], list[tuple[str, int, str]], int, bool, list[int], set[str]]


@st.composite
def wins(draw: Any) -> Spec:
    band = draw(st.sampled_from(["narrow", "sou", "mixed", "honours"]))
    if band == "narrow":
        lo = draw(st.integers(9, 13))
        pool = list(range(lo, lo + 5))
    elif band == "sou":
        pool = list(SUITED)
    elif band == "honours":
        pool = list(HONOURS) + [9, 17]
    else:
        pool = list(SUITED) + list(HONOURS)
    used = [0] * 34
    concealed: list[int] = []
    melds: list[tuple[str, int, str]] = []
    if draw(st.integers(0, 5)) == 0:  # 七对
        for _ in range(7):
            k = draw(st.sampled_from([k for k in pool if used[k] <= 2] or [9]))
            used[k] += 2
            concealed += [k, k]
    else:
        n_melds = draw(st.sampled_from([0, 0, 0, 1, 1, 2, 3, 4]))
        for i in range(4):
            chows = [
                k for k in pool if 9 <= k <= 15 and all(used[k + d] < 4 and k + d in pool for d in (1, 2))
            ]
            chows = [k for k in chows if used[k] < 4]
            pungs = [k for k in pool if used[k] <= 1]
            shape = draw(st.sampled_from(["chow", "chow", "pung"] if chows else ["pung"]))
            if shape == "chow" and chows:
                k = draw(st.sampled_from(chows))
                tiles = [k, k + 1, k + 2]
                meld = ("chi", k, "")
            else:
                k = draw(st.sampled_from(pungs or [k for k in HONOURS if used[k] == 0]))
                gang = draw(st.sampled_from(["", "", "ming", "an", "xu"])) if used[k] == 0 else ""
                tiles = [k] * (4 if gang else 3)
                meld = ("gang", k, gang) if gang else ("peng", k, "")
            for t in tiles:
                used[t] += 1
            if i < n_melds:
                melds.append(meld)
            else:
                concealed += tiles[:3]
                if len(tiles) == 4:
                    used[k] -= 1
        pk = draw(st.sampled_from([k for k in pool if used[k] <= 2] or [k for k in HONOURS if used[k] <= 2]))
        used[pk] += 2
        concealed += [pk, pk]
    tile = draw(st.sampled_from(sorted(set(concealed))))
    if draw(st.integers(0, 6)) == 0:  # change one tile: maybe no win
        i = draw(st.integers(0, len(concealed) - 1))
        new = draw(st.sampled_from(pool))
        if concealed.count(new) + sum(1 for m in melds for _ in [0] if m[1] == new) < 3:
            concealed[i] = new
            tile = concealed[i]
    self_draw = draw(st.booleans())
    flowers = sorted(draw(st.sets(st.sampled_from(FLOWERS), max_size=8)))
    if draw(st.booleans()):
        flowers = []
    ways = set(draw(st.sets(st.sampled_from(sorted(WAYS)), max_size=2)))
    return sorted(concealed), melds, tile, self_draw, flowers, ways


def fast(spec: Spec, rules: Any = ERREN) -> tuple[int, int, dict[str, int]] | None:
    concealed, melds, tile, self_draw, flowers, ways = spec
    w = Win(
        tuple(concealed), tuple(Meld(*m) for m in melds), tile, self_draw, tuple(flowers), frozenset(ways)
    )
    found = score(w, rules)
    return None if found is None else (found.total, found.qualifying, found.fan_ids())


@settings(max_examples=250, deadline=None, derandomize=True)
@given(wins())
def test_choose_matches_the_reference_er_6_1_er_6_2(spec: Spec) -> None:
    concealed, melds, tile, self_draw, flowers, ways = spec
    expected = ref_score(concealed, melds, tile, self_draw, flowers, ways, DEFAULT_VALUES, set(NQ_DEFAULT))
    assert fast(spec) == expected


@settings(max_examples=120, deadline=None, derandomize=True)
@given(wins(), st.dictionaries(st.sampled_from(IDS), st.integers(0, 40), max_size=6), st.booleans())
def test_choose_matches_the_reference_under_other_values(
    spec: Spec, values: dict[str, int], extra: bool
) -> None:
    """Other fan values and 不计 without the † entries change the walk's order (ER-6.1c)."""
    rules = make_rules("erren", {"fan_values": values, "extra_exclusions": extra})
    concealed, melds, tile, self_draw, flowers, ways = spec
    expected = ref_score(
        concealed, melds, tile, self_draw, flowers, ways, rules.values, set(NQ_DEFAULT), extra
    )
    assert fast(spec, rules) == expected


@settings(max_examples=250, deadline=None, derandomize=True)
@given(wins())
def test_waits_match_the_reference_er_4_4(spec: Spec) -> None:
    concealed, melds, tile, _, _, _ = spec
    before = list(concealed)
    before.remove(tile)
    expected = ref_waits(before, melds)
    assert list(waits(counts(before), [Meld(*m) for m in melds])) == expected
    assert is_tenpai(counts(before), [Meld(*m) for m in melds]) == bool(expected)


@settings(max_examples=250, deadline=None, derandomize=True)
@given(wins())
def test_is_complete_is_a_reading_found_er_4_1(spec: Spec) -> None:
    """``is_complete`` (the early-stopping walk waits, 报听 and the detectors ask) says yes
    exactly when the reference finds a reading; a hand one tile changed is asked too."""
    concealed, melds, tile, self_draw, flowers, ways = spec
    found = ref_score(concealed, melds, tile, self_draw, flowers, ways, DEFAULT_VALUES, set(NQ_DEFAULT))
    assert is_complete(tuple(counts(concealed)), len(melds)) == (found is not None)
    for k in sorted(set(concealed)):
        for other in (k - 1, k + 1):
            if other in PLAY_KINDS and concealed.count(other) < 4:
                changed = list(concealed)
                changed[changed.index(k)] = other
                held = tuple(counts(changed))
                qidui = not melds and all(c % 2 == 0 for c in held)
                shapes = bool(decompositions(held, 4 - len(melds))) or qidui
                assert is_complete(held, len(melds)) == shapes
