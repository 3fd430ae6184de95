"""The fast Changchun reading (``replay.games.changchun.reading``, ``bao``) held to the brute-force
reference (``tests/changchun_reference.py``): check_win's legality and fan, W(s), R(g) and the
宝 position, on generated hands.

The strategy builds hands near a win (sets and a pair, some exposed as chi, peng, kongs or
opening sets with 补s), takes one concealed tile out as the winning tile and maybe changes a
tile, so wins and non-wins (no 三色全, no 幺九, no 刻, 手把一) are all met often. Derandomized
(fixed seed) like every property test here, so a run is repeatable.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.games.changchun.bao import bao_index, reserve
from replay.games.changchun.params import PRESETS, make_rules
from replay.games.changchun.reading import WAYS, Meld, check_win, waits
from replay.games.changchun.tiles import SETS, counts
from tests.changchun_reference import RefMeld, ref_bao_index, ref_reserve, ref_waits, ref_win

#: presets and overrides that change what a reading says: 夹胡's three readings, sets in 飘胡
#: and 门清, 宝 fan, 抢胡 as self-draw
RULESETS = [
    PRESETS["changchun"],
    make_rules("changchun", {"jiahu": "kan_bian", "special_in_piao": False}),
    make_rules("changchun", {"jiahu": "kan", "special_open": True, "bao_fan": 2, "qianghu": "zimo"}),
]
Hand = tuple[list[int], list[tuple[str, int, tuple[int, ...]]], int]
BU_GROUPS = {"xuanfeng": (27, 28, 29, 30), "xi": (31, 32, 33), "yaodan": (0, 9, 18), "jiudan": (8, 17, 26)}


@st.composite
def near_wins(draw: Any) -> Hand:
    """(concealed before the win, melds as (kind, tile, bu), winning tile)."""
    mode = draw(st.sampled_from(["spread", "spread", "all", "simples", "subset"]))
    pool = {
        "all": list(range(34)),
        "simples": [k for k in range(27) if k % 9 not in (0, 8)],  # 断幺九: no 幺九 (CC-5.3)
        "subset": sorted(draw(st.sets(st.integers(0, 33), min_size=6))),
    }.get(mode, list(range(34)))

    def kind_for(slot: int) -> int:
        """A kind for group ``slot``: under "spread" from suit slot mod 3 (or an honour), so
        三色全 holds often and the other conditions decide."""
        if mode != "spread":
            return int(draw(st.sampled_from(pool)))
        suit = slot % 3
        return int(draw(st.sampled_from([*range(9 * suit, 9 * suit + 9), 27, 31])))

    used = [0] * 34
    tiles: list[int] = []
    melds: list[tuple[str, int, tuple[int, ...]]] = []

    def take(kinds: list[int]) -> bool:
        if any(used[k] + kinds.count(k) > 4 for k in kinds):
            return False
        for k in kinds:
            used[k] += 1
        return True

    exposed = draw(st.integers(0, 4))
    for i in range(4):
        shapes = (
            ["chow", "pung", "chi", "peng", "ming", "xu", "an", "set"] if i < exposed else ["chow", "pung"]
        )
        shape = draw(st.sampled_from(shapes))
        if shape == "set":
            name = draw(st.sampled_from(sorted(SETS)))
            bu = tuple(draw(st.lists(st.sampled_from(BU_GROUPS[name]), max_size=1)))
            if take([*SETS[name], *bu]):
                melds.append((name, -1, bu))
            continue
        k = kind_for(i)
        if shape in ("chow", "chi") and k >= 27:  # no honour chow: a pung of it instead
            shape = "pung" if shape == "chow" else "peng"
        if shape in ("chow", "chi"):
            k -= max(0, k % 9 - 6)  # 8 and 9 start no chow: the chow ending there
            if not take([k, k + 1, k + 2]):
                continue
            if shape == "chi":
                melds.append(("chi", k, ()))
            else:
                tiles += [k, k + 1, k + 2]
        elif shape == "pung":
            if take([k] * 3):
                tiles += [k] * 3
        elif take([k] * (3 if shape == "peng" else 4)):
            melds.append((shape, k, ()))
    k = kind_for(draw(st.integers(0, 2)))
    if take([k, k]):
        tiles += [k, k]
    if tiles and draw(st.integers(0, 3)) == 0:
        tiles[draw(st.integers(0, len(tiles) - 1))] = draw(st.sampled_from(pool))
    need = 14 - 3 * len(melds)
    while len(tiles) < need:  # a set that did not fit: fill up with pool tiles
        tiles.append(draw(st.sampled_from(pool)))
    tiles = tiles[:need]
    win = tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    return tiles, melds, win


def _both(melds: list[tuple[str, int, tuple[int, ...]]]) -> tuple[list[Meld], list[RefMeld]]:
    fast = [Meld(kind, tile, bu) for kind, tile, bu in melds]
    ref: list[RefMeld] = []
    for kind, tile, bu in melds:
        if kind in SETS:
            ref.append(("set", (*SETS[kind], *bu)))
        elif kind == "chi":
            ref.append(("chi", (tile, tile + 1, tile + 2)))
        else:
            ref.append((kind, (tile,) * (3 if kind == "peng" else 4)))
    return fast, ref


@settings(max_examples=600, deadline=None, derandomize=True)
@given(near_wins(), st.sampled_from(WAYS), st.sampled_from(RULESETS))
def test_check_win_matches_the_reference(hand: Hand, way: str, rules: Any) -> None:
    """CC-5.1–5.7, CC-4.5, CC-4.6: legal or not and the winner's fan agree with the enumeration."""
    before, melds, tile = hand
    fast, ref = _both(melds)
    got = check_win(counts(before), fast, tile, way, rules)
    assert (getattr(got, "fan", None)) == ref_win(before, ref, tile, way, rules), (before, melds, tile, got)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(near_wins(), st.sampled_from(RULESETS))
def test_waits_match_the_reference(hand: Hand, rules: Any) -> None:
    """CC-4.1: the same W(s), a kind held four times never in it."""
    before, melds, _ = hand
    fast, ref = _both(melds)
    assert waits(counts(before), fast, rules) == ref_waits(before, ref, rules)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(0, 12))
def test_reserve_matches_the_stack_count(g: int) -> None:
    """CC-1.5: R(g) as S4 counts it in stacks."""
    assert reserve(g, PRESETS["changchun"]) == ref_reserve(g)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.sets(st.integers(53, 135), min_size=1, max_size=83),
    st.integers(1, 6),
    st.integers(0, 9),
    st.sampled_from(["tile", "stack"]),
)
def test_bao_index_matches_the_walk(undrawn: set[int], die: int, g: int, mode: str) -> None:
    """CC-4.4: the same 宝 position counted from the back in tiles or in stacks."""
    rules = make_rules("changchun", {"bao_count": mode})
    assert bao_index(sorted(undrawn), die, g, rules) == ref_bao_index(sorted(undrawn), die, g, mode)
