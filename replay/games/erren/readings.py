"""Readings of a 二人 win (ER-4.1–ER-4.4) and the wait set of a hand.

A reading (ER-4.2) is one decomposition of the concealed tiles into sets and a pair (the melds
fixed), plus the set or pair the winning tile is placed in; the 七对 form is a reading too. Fans
are judged per reading (ER-6.1a 不拆移), so every reading is listed, not only one. Decompositions
are cached by the concealed counts: an audit or a bot asks the same hands again and again.
``tests/erren_reference.py`` finds readings by trying every split of the tiles instead, and
``tests/replay/test_erren_reference.py`` holds this module to it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from replay.games.erren.tiles import NUM_KINDS, PLAY_KINDS, rank


@dataclass(frozen=True)
class Meld:
    """A meld on the table: ``chi`` by its lowest kind, ``peng`` and ``gang`` by their kind.

    ``gang`` is the kong's kind: ``ming`` (on a discard), ``xu`` (added to a peng), both 明杠,
    or ``an`` (暗杠: concealed, no exposed meld, a 暗刻 ER-4.3).
    """

    type: str  # "chi" | "peng" | "gang"
    tile: int
    gang: str = ""  # "ming" | "an" | "xu" for a gang

    @property
    def exposed(self) -> bool:
        """An exposed meld (ER-4.3: chi, peng, ming-gang, xu-gang); an an-gang is not one."""
        return not (self.type == "gang" and self.gang == "an")

    def kinds(self) -> tuple[int, ...]:
        """The tiles it holds (a kong 4)."""
        if self.type == "chi":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.type == "gang" else 3)


@dataclass(frozen=True)
class Set:
    """One set of a reading: a chow (by its lowest kind), a pung or a kong."""

    shape: str  # "chow" | "pung" | "kong"
    tile: int
    exposed: bool  # from a chi, peng or 明杠 meld
    an: bool  # counts as 暗刻 (ER-4.3): a concealed pung or an an-gang, not the discard-completed one
    gang: str = ""  # the kong's kind: "ming" | "an" | "xu"

    @property
    def is_pung(self) -> bool:
        """A pung, kongs included (§5: "pung" includes kongs)."""
        return self.shape != "chow"

    def kinds(self) -> tuple[int, ...]:
        if self.shape == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.shape == "kong" else 3)


@dataclass(frozen=True)
class Reading:
    """One reading (ER-4.2). ``form`` standard: ``sets`` (4) and ``pair``; ``place`` is the index
    of the set the winning tile is placed in, or 4 for the pair; ``place_wait`` what that placement
    would be as a wait (``bianzhang`` 3 of 123 / 7 of 789, ``kanzhang`` middle, ``dandiao`` the pair,
    "" otherwise: §5's wait fans also need a wait set of one kind). Form ``qidui``: ``pairs`` (7
    kinds, a kind twice when four are held), no sets."""

    form: str
    sets: tuple[Set, ...] = ()
    pair: int = -1
    pairs: tuple[int, ...] = ()
    place: int = -1
    place_wait: str = ""

    def describe(self) -> str:
        """The reading as a person writes it: ``[CCC] 12*3s 456s 789s EE`` (exposed melds in
        brackets, an an-gang in parentheses, ``*`` after the winning tile's set); 七对 as pairs."""
        if self.form == "qidui":
            return " ".join(_group_text(k, 2, False) for k in self.pairs) + " (七对)"
        parts = []
        for i, s in enumerate(self.sets):
            text = _group_text(s.tile, len(s.kinds()), s.shape == "chow")
            if s.exposed:
                text = f"[{text}]"
            elif s.gang == "an":
                text = f"({text})"
            parts.append(text + ("*" if i == self.place else ""))
        parts.append(_group_text(self.pair, 2, False) + ("*" if self.place == 4 else ""))
        return " ".join(parts)


def _group_text(tile: int, size: int, chow: bool) -> str:
    from replay.games.erren.tiles import code

    if tile >= 27:
        return code(tile) * size
    if chow:
        return f"{rank(tile)}{rank(tile) + 1}{rank(tile) + 2}s"
    return f"{str(rank(tile)) * size}s"


Counts = tuple[int, ...]
Groups = tuple[tuple[str, int], ...]  # ("chow"|"pung", kind) sorted


@lru_cache(maxsize=65536)
def decompositions(counts: Counts, sets: int) -> tuple[tuple[Groups, int], ...]:
    """Every way to split ``counts`` (34) into ``sets`` chows/pungs and one pair: (groups, pair).

    The lowest kind left must start a pair, a pung or a chow; trying each in turn lists every
    decomposition exactly once.
    """
    if sum(counts) != 3 * sets + 2:
        return ()
    out: list[tuple[Groups, int]] = []

    def walk(c: list[int], groups: list[tuple[str, int]], pair: int) -> None:
        k = next((i for i in PLAY_KINDS if c[i]), -1)
        if k < 0:
            if pair >= 0 and len(groups) == sets:
                out.append((tuple(groups), pair))
            return
        if pair < 0 and c[k] >= 2:
            c[k] -= 2
            walk(c, groups, k)
            c[k] += 2
        if c[k] >= 3 and len(groups) < sets:
            c[k] -= 3
            groups.append(("pung", k))
            walk(c, groups, pair)
            groups.pop()
            c[k] += 3
        if 1 <= rank(k) <= 7 and c[k + 1] and c[k + 2] and len(groups) < sets:
            for j in (k, k + 1, k + 2):
                c[j] -= 1
            groups.append(("chow", k))
            walk(c, groups, pair)
            groups.pop()
            for j in (k, k + 1, k + 2):
                c[j] += 1

    walk(list(counts), [], -1)
    return tuple(out)


def _meld_set(m: Meld) -> Set:
    if m.type == "chi":
        return Set("chow", m.tile, True, False)
    if m.type == "peng":
        return Set("pung", m.tile, True, False)
    return Set("kong", m.tile, m.exposed, m.gang == "an", m.gang)


def _wait_of(shape: str, first: int, tile: int) -> str:
    if shape == "pair":
        return "dandiao"
    if shape != "chow":
        return ""
    if tile == first + 1:
        return "kanzhang"
    if (tile == first + 2 and rank(first) == 1) or (tile == first and rank(first) == 7):
        return "bianzhang"
    return ""


@lru_cache(maxsize=65536)
def readings(concealed: Counts, melds: tuple[Meld, ...], tile: int, self_draw: bool) -> tuple[Reading, ...]:
    """Every reading (ER-4.2) of a win: ``concealed`` (34 counts, the winning ``tile`` included),
    ``melds`` fixed. Empty when the tiles make no shape (ER-4.1)."""
    if concealed[tile] < 1:
        return ()
    fixed = tuple(_meld_set(m) for m in melds)
    found: dict[Reading, None] = {}
    for groups, pair in decompositions(concealed, 4 - len(melds)):
        places: list[tuple[int, str, int]] = [(i, g[0], g[1]) for i, g in enumerate(groups)]
        places.append((4, "pair", pair))
        for index, shape, first in places:
            if not (first == tile if shape != "chow" else first <= tile <= first + 2):
                continue
            if 0 < index < 4 and groups[index - 1] == groups[index]:
                continue  # the same placement in an identical set: one reading
            sets = list(fixed)
            for i, (gshape, gfirst) in enumerate(groups):
                an = gshape == "pung" and (self_draw or i != index)
                sets.append(Set(gshape, gfirst, False, an))
            place = len(fixed) + index if index < 4 else 4
            reading = Reading("standard", tuple(sets), pair, (), place, _wait_of(shape, first, tile))
            found[reading] = None
    if not melds and sum(concealed) == 14 and all(c % 2 == 0 for c in concealed):
        pairs = tuple(k for k in PLAY_KINDS for _ in range(concealed[k] // 2))
        found[Reading("qidui", (), -1, pairs)] = None
    return tuple(found)


@lru_cache(maxsize=65536)
def _standard(counts: Counts, sets: int) -> bool:
    """Whether ``decompositions(counts, sets)`` is not empty, found without listing them: the
    same walk (the lowest kind left starts a pair, a pung or a chow), stopped at the first
    decomposition. Waits, 报听 and the detectors ask this of many hands that make no shape."""
    if sum(counts) != 3 * sets + 2:
        return False
    c = list(counts)

    def walk(i: int, groups: int, pair: bool) -> bool:
        while i < _PLAY and not c[PLAY_KINDS[i]]:
            i += 1
        if i >= _PLAY:
            return pair and groups == sets
        k = PLAY_KINDS[i]
        if not pair and c[k] >= 2:
            c[k] -= 2
            found = walk(i, groups, True)
            c[k] += 2
            if found:
                return True
        if groups < sets:
            if c[k] >= 3:
                c[k] -= 3
                found = walk(i, groups + 1, pair)
                c[k] += 3
                if found:
                    return True
            if 9 <= k <= 15 and c[k + 1] and c[k + 2]:  # a chow starts at 1s..7s (rank 1..7)
                c[k] -= 1
                c[k + 1] -= 1
                c[k + 2] -= 1
                found = walk(i, groups + 1, pair)
                c[k] += 1
                c[k + 1] += 1
                c[k + 2] += 1
                if found:
                    return True
        return False

    return walk(0, 0, False)


_PLAY = len(PLAY_KINDS)


@lru_cache(maxsize=65536)
def is_complete(concealed: Counts, melds: int) -> bool:
    """A winning shape (ER-4.1): standard with ``melds`` fixed sets, or 七对 (no melds at all).
    Cached by the counts: the same hand is asked after each event of a replay."""
    if _standard(concealed, 4 - melds):
        return True
    if melds or 1 in concealed or 3 in concealed:  # an odd count is no 七对 (a C-level test first)
        return False
    return sum(concealed) == 14 and all(c % 2 == 0 for c in concealed)


def _may_complete(concealed: Counts, k: int) -> bool:
    """Whether kind ``k`` can be in some group of a shape: it is held (a pair, a pung, a 七对
    pair), or it is 条 and a held 条 is at most two ranks away (a chow). A kind that cannot
    is never a wait, so its ``is_complete`` is not asked."""
    if concealed[k]:
        return True
    if k > 17:  # an honour that is not held joins nothing
        return False
    return any(concealed[j] for j in range(max(9, k - 2), min(17, k + 2) + 1))


def _wait_kinds(concealed: Counts, melds: tuple[Meld, ...]) -> Iterator[int]:
    """ER-4.4's wait kinds in ``PLAY_KINDS`` order, found one at a time (``_tenpai`` stops at
    the first)."""
    held = list(concealed)
    for m in melds:
        for k in m.kinds():
            held[k] += 1
    for k in PLAY_KINDS:
        if held[k] >= 4 or not _may_complete(concealed, k):
            continue
        c = list(concealed)
        c[k] += 1
        if is_complete(tuple(c), len(melds)):
            yield k


@lru_cache(maxsize=65536)
def _waits(concealed: Counts, melds: tuple[Meld, ...]) -> tuple[int, ...]:
    return tuple(_wait_kinds(concealed, melds))


@lru_cache(maxsize=65536)
def _tenpai(concealed: Counts, melds: tuple[Meld, ...]) -> bool:
    return next(_wait_kinds(concealed, melds), None) is not None


def waits(concealed: Sequence[int], melds: Sequence[Meld]) -> tuple[int, ...]:
    """ER-4.4: the kinds that would complete a shape for a hand before its winning tile
    (``concealed``: 34 counts, 13 − 3 × melds tiles), leaving out kinds the player holds all four
    of (concealed and melds). 起胡 is not judged here (报听 ignores it, ER-3.5)."""
    if len(concealed) != NUM_KINDS:
        raise ValueError("concealed must be 34 counts")
    return _waits(tuple(concealed), tuple(melds))


def is_tenpai(concealed: Sequence[int], melds: Sequence[Meld]) -> bool:
    """Tenpai (听牌) for 报听 (ER-3.5): the wait set is not empty (found without listing it: a
    报听 tries every discard of its hand)."""
    if len(concealed) != NUM_KINDS:
        raise ValueError("concealed must be 34 counts")
    return _tenpai(tuple(concealed), tuple(melds))
