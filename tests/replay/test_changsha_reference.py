"""The fast Changsha reading (``replay.games.changsha.reading``) held to the brute-force reference
(``tests/changsha_reference.py``): read_win, waits and opening_hands on generated hands.

The strategies build hands near a win (sets + a pair with exposed melds, 七小对 with quads,
all-2/5/8 hands, one-suit hands), then maybe change a tile, so both wins and non-wins are met
often; derandomized like every property test here, so a run is repeatable.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.games.changsha.params import PRESETS
from replay.games.changsha.reading import WAYS, Meld, opening_hands, read_win, waits
from replay.games.changsha.tiles import counts
from tests.changsha_reference import ref_opening, ref_waits, ref_win

CS = PRESETS["changsha"]
APP = PRESETS["changsha-app"]
Hand = tuple[list[int], list[tuple[str, int]]]


def _pool(draw: Any) -> list[int]:
    """The kinds to build from: all, one or two suits, or the 2/5/8s (to meet 清一色, 将将胡)."""
    choice = draw(st.sampled_from(["all", "one", "two", "jiang"]))
    if choice == "all":
        return list(range(27))
    if choice == "jiang":
        return [k for k in range(27) if k % 9 in (1, 4, 7)]
    suits = draw(st.lists(st.integers(0, 2), min_size=1 if choice == "one" else 2, max_size=2, unique=True))
    return [s * 9 + r for s in suits for r in range(9)]


@st.composite
def near_wins(draw: Any, size: int = 14) -> Hand:
    """Sets and a pair (some exposed as melds), or seven pairs, never a fifth copy; then maybe
    one tile changed (which may make a fifth: both readings must refuse it)."""
    pool = _pool(draw)
    used = [0] * 27
    tiles: list[int] = []
    melds: list[tuple[str, int]] = []

    def pick(need: list[int]) -> int | None:
        """A kind k of the pool with room for ``need`` (offsets from k -> copies)."""
        fits = [k for k in pool if k % 9 + max(need) <= 8 and all(k + d in pool for d in need)]
        fits = [k for k in fits if all(used[k + d] + need.count(d) <= 4 for d in set(need))]
        if not fits:
            return None
        k: int = draw(st.sampled_from(fits))
        for d in need:
            used[k + d] += 1
        return k

    if draw(st.integers(0, 3)) == 0:  # 七小对, with quads
        for _ in range(7):
            k = pick([0, 0])
            if k is not None:
                tiles += [k, k]
    else:
        exposed = draw(st.integers(0, 4))
        for i in range(4):
            shape = draw(st.sampled_from(["chow", "pung", "gang"] if i < exposed else ["chow", "pung"]))
            need = {"chow": [0, 1, 2], "pung": [0, 0, 0], "gang": [0, 0, 0, 0]}[shape]
            k = pick(need)
            if k is None:
                continue
            if i < exposed:
                melds.append(({"chow": "chi", "pung": "peng", "gang": "gang"}[shape], k))
            else:
                tiles += [k + d for d in need]
        k = pick([0, 0])
        if k is not None:
            tiles += [k, k]
    if tiles and draw(st.integers(0, 2)) == 0:
        i = draw(st.integers(0, len(tiles) - 1))
        tiles[i] = draw(st.sampled_from(pool))
    if size == 13 and tiles:
        tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    return tiles, melds


def _melds(melds: list[tuple[str, int]]) -> list[Meld]:
    return [Meld(kind, first) for kind, first in melds]


@settings(max_examples=700, deadline=None, derandomize=True)
@given(
    near_wins(),
    st.frozensets(st.sampled_from(sorted(WAYS)), max_size=2),
    st.sampled_from([CS, APP]),
)
def test_read_win_matches_the_reference(hand: Hand, ways: frozenset[str], rules: Any) -> None:
    """CS-4.1–4.5: legal or not, the ids, k and big/small agree with the enumeration."""
    tiles, melds = hand
    got = read_win(counts(tiles), _melds(melds), ways, rules)
    want = ref_win(tiles, melds, ways, rules.extra_hands)
    assert (None if got is None else (frozenset(got.hands), got.k, got.big)) == want, (tiles, melds)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(near_wins(13), st.sampled_from([CS, APP]))
def test_waits_match_the_reference(hand: Hand, rules: Any) -> None:
    """CS-3.8: the same waits, a kind held four times never among them."""
    tiles, melds = hand
    assert waits(counts(tiles), _melds(melds), rules) == ref_waits(tiles, melds, rules.extra_hands)


@st.composite
def dealt_hands(draw: Any) -> list[int]:
    """13 or 14 tiles, at most four alike, often with quads and triplets (CS-5.1)."""
    pool = _pool(draw)
    size = draw(st.sampled_from([13, 14]))
    groups = draw(st.lists(st.tuples(st.sampled_from(pool), st.integers(1, 4)), min_size=1, max_size=14))
    tiles: list[int] = []
    for k, n in [*groups, *((k, 4) for k in pool)]:  # then fill up from the pool
        tiles += [k] * min(n, 4 - tiles.count(k), size - len(tiles))
    return tiles


@settings(max_examples=500, deadline=None, derandomize=True)
@given(dealt_hands(), st.sampled_from([CS, APP]))
def test_opening_hands_match_the_reference(dealt: list[int], rules: Any) -> None:
    """CS-5.1: the same ids and counts, per instance under the app preset."""
    assert opening_hands(counts(dealt), rules) == ref_opening(dealt, rules.qishou_per_instance)
