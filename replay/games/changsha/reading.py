"""Reading a Changsha win (CS-4.1–CS-4.5), its waits (CS-3.8) and the opening hands (CS-5.1).

Works on the 27 suited counts of the concealed tiles plus the melds. Every hand of CS-4.3 that
is a shape is a property of the counts, so no decomposition search is needed: the standard
shape (a) is the shared suit tables' ``replay.shape.complete`` (``pair="jiang"`` for the 将
rule, ``"any"`` where 碰碰胡/清一色/全求人 waive it); 碰碰胡 is "every concealed count 0, 2 or 3
with one pair"; 七小对 is "every count even"; 将将胡 is "every tile a 2, 5 or 8". The readings a
hand allows (CS-4.5: shape (a), (b) and (c) are alternatives) are all built and the one that
settles most is kept; big hands only add, so that is the one with the most big ids.
``tests/changsha_reference.py`` enumerates partitions instead and the property tests hold
this module to it. Results are cached by the hand's counts (an audit asks the same hands often).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from replay.games.changsha.params import Rules
from replay.games.changsha.tiles import JIANG, NUM_SUITED
from replay.shape import complete


@dataclass(frozen=True)
class Meld:
    """An exposed (or an-kong) meld: chi by its lowest kind, peng and gang by their kind."""

    kind: str  # "chi" | "peng" | "gang"
    first: int
    concealed: bool = False  # an an-kong (暗杠)

    def kinds(self) -> tuple[int, ...]:
        """The tiles it holds (a kong counts 4 here; as 3 in the 14 of a shape)."""
        if self.kind == "chi":
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * (4 if self.kind == "gang" else 3)


#: CS-4.4's ways of winning: the board knows them, the tiles cannot show them.
WAYS = frozenset(
    {"tianhu", "dihu", "haidilaoyue", "haidipao", "gangshangkaihua", "gangshangpao", "qiangganghu"}
)

#: CS-4.3's big hands in the rule's order (then the cp extras), with their Chinese names.
BIG_HANDS: tuple[tuple[str, str], ...] = (
    ("tianhu", "天胡"),
    ("dihu", "地胡"),
    ("pengpenghu", "碰碰胡"),
    ("jiangjianghu", "将将胡"),
    ("qingyise", "清一色"),
    ("qixiaodui", "七小对"),
    ("haidilaoyue", "海底捞月"),
    ("haidipao", "海底炮"),
    ("gangshangkaihua", "杠上开花"),
    ("gangshangpao", "杠上炮"),
    ("qiangganghu", "抢杠胡"),
    ("quanqiuren", "全求人"),
    ("haohua", "豪华七小对"),
)
ORDER: dict[str, int] = {h: i for i, (h, _) in enumerate(BIG_HANDS)}
#: every hand id a win or an opening hand may name, with its Chinese name
NAMES_ZH: dict[str, str] = {
    **dict(BIG_HANDS),
    "pinghu": "平胡",
    "sixi": "四喜",
    "banbanhu": "板板胡",
    "queyise": "缺一色",
    "liuliushun": "六六顺",
}
#: CS-5.1's opening hands in the rule's order
OPENING_HANDS: tuple[str, ...] = ("sixi", "banbanhu", "queyise", "liuliushun")


@dataclass(frozen=True)
class Win:
    """A legal win's best reading (CS-4.5)."""

    hands: tuple[str, ...]  # big ids in CS-4.3's order; ("pinghu",) for a small win
    k: int  # big ids + 豪华's extra quads; 1 for 平胡
    big: bool
    shape: str  # "standard" | "qixiaodui" | "jiangjianghu"


@dataclass(frozen=True)
class _Reading:
    """What the tiles alone say (no ways): big ids, 豪华's extra quads, the shape."""

    hands: tuple[str, ...]
    extra: int
    shape: str

    @property
    def k(self) -> int:
        return len(self.hands) + self.extra


def _check_melds(melds: Sequence[Meld]) -> None:
    for m in melds:
        if m.kind not in ("chi", "peng", "gang") or not 0 <= m.first < NUM_SUITED:
            raise ValueError(f"not a Changsha meld: {m!r}")
        if m.kind == "chi" and m.first % 9 > 6:
            raise ValueError(f"a chi runs over its suit: {m!r}")


@lru_cache(maxsize=1 << 16)
def _read(counts: tuple[int, ...], melds: tuple[Meld, ...], extra_hands: frozenset[str]) -> _Reading | None:
    """The best reading of the tiles, or None when no shape of CS-4.1 is legal."""
    if sum(counts) != 14 - 3 * len(melds):
        return None
    held = list(counts)
    for m in melds:
        for k in m.kinds():
            held[k] += 1
    if max(held) > 4:  # a fifth copy is no hand (CS-1.1)
        return None
    c34 = [*counts, 0, 0, 0, 0, 0, 0, 0]
    kinds = [k for k in range(NUM_SUITED) if held[k]]
    qing = len({k // 9 for k in kinds}) == 1
    all_jiang = all(k in JIANG for k in kinds)
    readings: list[_Reading] = []
    # (a) standard: four melds and a pair; the pair a 将 unless 碰碰胡, 清一色 or 全求人
    if complete(c34, 0, "any"):
        peng = all(m.kind != "chi" for m in melds) and tuple(sorted(x for x in counts if x)) in _PENG_SHAPES
        qqr = "quanqiuren" in extra_hands and len(melds) == 4
        if peng or qing or qqr or complete(c34, 0, "jiang"):
            ids = [
                h
                for h, met in (
                    ("pengpenghu", peng),
                    ("jiangjianghu", all_jiang),
                    ("qingyise", qing),
                    ("quanqiuren", qqr),
                )
                if met
            ]
            readings.append(_Reading(tuple(ids), 0, "standard"))
    # (b) 七小对: 14 concealed tiles, seven pairs (four alike = two pairs)
    if not melds and all(x % 2 == 0 for x in counts):
        quads = sum(1 for x in counts if x == 4)
        haohua = "haohua" in extra_hands and quads > 0
        ids = [
            h
            for h, met in (
                ("jiangjianghu", all_jiang),
                ("qingyise", qing),
                ("qixiaodui", True),
                ("haohua", haohua),
            )
            if met
        ]
        readings.append(_Reading(tuple(ids), quads - 1 if haohua else 0, "qixiaodui"))
    # (c) 将将胡: every tile a 2, 5 or 8, any arrangement
    if all_jiang:
        readings.append(_Reading(("jiangjianghu",), 0, "jiangjianghu"))
    if not readings:
        return None
    return max(readings, key=lambda r: r.k)  # the first of equals: (a), then (b), then (c)


#: the sorted non-zero concealed counts of a 碰碰胡 (pungs and one pair), by melds exposed
_PENG_SHAPES = frozenset(tuple(sorted([2] + [3] * n)) for n in range(5))


def read_win(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    ways: frozenset[str],
    rules: Rules,
    kaihua_twice: bool = False,
) -> Win | None:
    """The best legal reading of a win, or None when the tiles make no legal win.

    ``concealed``: 27 counts *with* the winning tile (14 − 3·melds tiles); ``ways``: CS-4.4's
    ways of winning the board knows, each a big hand once the tiles form a legal shape (the 将
    rule included, S3 海底捞月: 需要将). ``kaihua_twice``: both 开杠 tiles win and
    ``shuang_kaihua`` is on, so 杠上开花 counts twice (CS-3.5): it is named twice in ``hands``.
    """
    unknown = ways - WAYS
    if unknown:
        raise ValueError(f"unknown ways of winning: {sorted(unknown)}")
    mt = tuple(melds)
    _check_melds(mt)
    r = _read(tuple(concealed[:NUM_SUITED]), mt, rules.extra_hands & _EXTRA)
    if r is None:
        return None
    hands = [*r.hands, *ways]
    if kaihua_twice and rules.shuang_kaihua and "gangshangkaihua" in ways:
        hands.append("gangshangkaihua")
    if not hands:
        return Win(("pinghu",), 1, False, r.shape)
    hands.sort(key=ORDER.__getitem__)
    return Win(tuple(hands), len(hands) + r.extra, True, r.shape)


_EXTRA = frozenset({"quanqiuren", "haohua"})


def is_win(concealed: Sequence[int], melds: Sequence[Meld], rules: Rules) -> bool:
    """CS-4.1: the concealed counts (14 − 3·melds tiles, the winning one among them) and the
    melds make a legal win: ``read_win`` is not None for any ways (the ways only add big
    hands). Asked of a board's own melds, so it skips ``read_win``'s checks of them."""
    return _read(tuple(concealed[:NUM_SUITED]), tuple(melds), rules.extra_hands & _EXTRA) is not None


def held_counts(concealed: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """How many of each kind a seat holds, concealed plus melds (a kong 4)."""
    held = list(concealed[:NUM_SUITED])
    for m in melds:
        for k in m.kinds():
            held[k] += 1
    return held


def waits(concealed: Sequence[int], melds: Sequence[Meld], rules: Rules) -> list[int]:
    """CS-3.8: the kinds that would make a legal win, among those held fewer than 4 times."""
    mt = tuple(melds)
    _check_melds(mt)
    return list(_waits(tuple(concealed[:NUM_SUITED]), mt, rules.extra_hands & _EXTRA))


@lru_cache(maxsize=1 << 14)
def _waits(counts: tuple[int, ...], melds: tuple[Meld, ...], extra: frozenset[str]) -> tuple[int, ...]:
    if sum(counts) != 13 - 3 * len(melds):
        return ()
    held = held_counts(counts, melds)
    out = []
    c = list(counts)
    for t in range(NUM_SUITED):
        if held[t] >= 4:
            continue
        c[t] += 1
        if _read(tuple(c), melds, extra) is not None:
            out.append(t)
        c[t] -= 1
    return tuple(out)


def is_tenpai(concealed: Sequence[int], melds: Sequence[Meld], rules: Rules) -> bool:
    """CS-3.8: some tile kind would make a legal win."""
    return bool(waits(concealed, melds, rules))


def opening_hands(dealt: Sequence[int], rules: Rules) -> dict[str, int]:
    """CS-5.1 on the 27 counts of the dealt 13 (dealer 14) tiles: id -> count, rule order.

    Counts are 1 unless ``qishou_per_instance``: then 四喜 counts each quad kind and 六六顺 each
    two kinds of three or more (cp: 有几个算几次). ``{}`` when none.
    """
    c = list(dealt[:NUM_SUITED])
    quads = sum(1 for x in c if x >= 4)
    pungs = sum(1 for x in c if x >= 3)
    suits = {k // 9 for k in range(NUM_SUITED) if c[k]}
    per = rules.qishou_per_instance
    found = {
        "sixi": (quads if per else 1) if quads else 0,
        "banbanhu": 0 if any(c[k] for k in JIANG) else 1,
        "queyise": 1 if len(suits) < 3 else 0,
        "liuliushun": (pungs // 2 if per else 1) if pungs >= 2 else 0,
    }
    return {h: n for h, n in found.items() if n}


def opening_n(found: dict[str, int]) -> int:
    """n of CS-5.2: the opening hands held, each instance counted."""
    return sum(found.values())
