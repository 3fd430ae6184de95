"""Reading a Changchun win (CC-5), its wait set W(s) and 报听 (CC-4.1, CC-4.2).

A Changchun win is more than a shape: four melds and a pair (CC-5.1), all three suits
(三色全 CC-5.2), a 幺九 tile (CC-5.3), a 刻 (CC-5.4: a triplet or kong, any opening set, or a
中发白 pair) and, with one concealed tile before the win, 飘胡 (CC-5.5). 刻 and the fans 夹胡 /
飘胡 depend on how the concealed tiles are read and which group the winning tile completes,
so this module enumerates the readings (at most 14 tiles: cheap) instead of the shared suit
tables; the best reading wins (CC-5.6). ``tests/changchun_reference.py`` is written apart
from this module and the property tests hold the two together.

Kinds are ``replay.tiles`` numbering; a hand is 34 counts of its *concealed* tiles.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from replay.games.changchun.params import Rules
from replay.games.changchun.tiles import NUM_KINDS, SET_ZH, SETS, YAOJIU, bu_set, code, suit
from replay.tiles import C, F, P

#: the kinds of meld: claimed (chi, peng), the three kongs, the four opening sets (CC-3.1)
CLAIMED = ("chi", "peng")
KONGS = ("ming", "xu", "an")
MELD_KINDS: tuple[str, ...] = (*CLAIMED, *KONGS, *SETS)
MELD_ZH: dict[str, str] = {"chi": "吃", "peng": "碰", "ming": "明杠", "xu": "续杠", "an": "暗杠", **SET_ZH}

#: the ways of winning (CC-5.6) and the self-draws among them (对宝 and 摸宝 are 自摸)
WAYS: tuple[str, ...] = ("zimo", "dianpao", "qianghu", "duibao", "mobao")
WAY_ZH: dict[str, str] = {
    "zimo": "自摸",
    "dianpao": "点炮",
    "qianghu": "抢胡",
    "duibao": "对宝",
    "mobao": "摸宝",
}
#: the winner's fans (CC-5.7) in the record's order, with their Chinese names
FANS: tuple[str, ...] = ("menqing", "jiahu", "piaohu", "zimo", "bao")
FAN_ZH: dict[str, str] = {
    "pinghu": "平胡",
    "menqing": "门清",
    "jiahu": "夹胡",
    "piaohu": "飘胡",
    "zimo": "自摸",
    "bao": "宝",
}
#: a 刻 by its pair alone: 中 发 白 (CC-5.4)
DRAGONS = frozenset({C, F, P})


@dataclass(frozen=True)
class Meld:
    """A meld outside the concealed tiles: a claim, a kong or an opening set with its 补s.

    ``tile``: a chi's lowest kind, a peng's or kong's kind, -1 for a set. ``bu``: the kinds
    a set's standing 补s added (CC-3.3). ``source``: the seat whose discard was claimed (chi,
    peng, ming-gang; a ming-gang's 点杠 payer under ``diangang_payer: discarder``).
    """

    kind: str
    tile: int = -1
    bu: tuple[int, ...] = ()
    source: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in MELD_KINDS:
            raise ValueError(f"unknown meld kind {self.kind!r}; known: {', '.join(MELD_KINDS)}")
        if self.kind in SETS:
            if self.tile != -1:
                raise ValueError(f"a {self.kind} set names no tile (it is {SETS[self.kind]})")
            for t in self.bu:
                if bu_set(t) != self.kind:
                    raise ValueError(f"{code(t)} cannot be added to a {self.kind} set (CC-3.3)")
            return
        if self.bu:
            raise ValueError(f"only an opening set takes 补 tiles, not a {self.kind}")
        if not 0 <= self.tile < NUM_KINDS:
            raise ValueError(f"a {self.kind} needs a tile kind 0-33, not {self.tile}")
        if self.kind == "chi" and (self.tile >= 27 or self.tile % 9 > 6):
            raise ValueError(f"no chi starts at {code(self.tile)}: suited, 1 to 7 (CC-2.2)")

    @property
    def is_set(self) -> bool:
        return self.kind in SETS

    @property
    def is_kong(self) -> bool:
        return self.kind in KONGS

    def tiles(self) -> tuple[int, ...]:
        """The tiles it holds: a kong 4, a set its base tiles and its 补s."""
        if self.kind == "chi":
            return (self.tile, self.tile + 1, self.tile + 2)
        if self.kind == "peng":
            return (self.tile,) * 3
        if self.is_kong:
            return (self.tile,) * 4
        return SETS[self.kind] + self.bu

    def opens(self, rules: Rules) -> bool:
        """Does it break 门清 (CC-5.7)? chi, peng, ming- and xu-gang; a set only with
        ``special_open`` (CC-3.6); an an-gang never."""
        return self.kind in ("chi", "peng", "ming", "xu") or (self.is_set and rules.special_open)

    def is_ke(self) -> bool:
        """A 刻 for CC-5.4: a peng, any kong, any set (CC-3.6)."""
        return self.kind != "chi"

    def piao_ok(self, rules: Rules) -> bool:
        """May it stand in a 飘胡 (CC-5.7)? triplets and kongs; sets with ``special_in_piao``."""
        return self.kind in ("peng", *KONGS) or (self.is_set and rules.special_in_piao)

    def label(self) -> str:
        """吃 chi 1m2m3m, 旋风杠 xuanfeng E S W N +E …"""
        tiles = " ".join(code(t) for t in self.tiles())
        return f"{MELD_ZH[self.kind]} {self.kind} {tiles}"


@dataclass(frozen=True)
class Win:
    """A legal win's best reading (CC-5.6, CC-5.7)."""

    way: str
    #: the winning kind as read: a 摸宝 tile's chosen kind of W(s); otherwise the tile itself
    tile: int
    fans: tuple[str, ...]  # ids in FANS order; () is 平胡
    fan: int  # the winner's fan: 飘胡 2, 宝 ``bao_fan``, each other 1
    #: the concealed groups of the reading: ("pair"|"seq"|"tri", first kind)
    groups: tuple[tuple[str, int], ...]

    @property
    def hands(self) -> tuple[str, ...]:
        """The record's ``hands``: the fan ids, or ("pinghu",)."""
        return self.fans or ("pinghu",)


@dataclass(frozen=True)
class Refusal:
    """Why a described win is no legal win: the CC rule, a reason code, a message."""

    rule: str
    code: str
    message: str


def held_counts(concealed: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """How many of each kind a seat holds, concealed plus melds (a kong 4, a set with its 补s)."""
    held = list(concealed[:NUM_KINDS]) + [0] * (NUM_KINDS - len(concealed[:NUM_KINDS]))
    for m in melds:
        for k in m.tiles():
            held[k] += 1
    return held


def _decompose(
    c: list[int], start: int, groups: list[tuple[str, int]]
) -> Iterator[tuple[tuple[str, int], ...]]:
    """Every way to split ``c`` into triplets and suited sequences (each set of groups once)."""
    i = start
    while i < NUM_KINDS and c[i] == 0:
        i += 1
    if i == NUM_KINDS:
        yield tuple(groups)
        return
    if c[i] >= 3:
        c[i] -= 3
        groups.append(("tri", i))
        yield from _decompose(c, i, groups)
        groups.pop()
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        groups.append(("seq", i))
        yield from _decompose(c, i, groups)
        groups.pop()
        for k in (i, i + 1, i + 2):
            c[k] += 1


@lru_cache(maxsize=1 << 15)
def readings(counts: tuple[int, ...]) -> tuple[tuple[tuple[str, int], ...], ...]:
    """CC-5.1 on concealed counts (winning tile included): every split into one pair and
    triplets / suited sequences, the pair first. () when the tiles make no shape."""
    if sum(counts) % 3 != 2:
        return ()
    out = []
    c = list(counts)
    for p in range(NUM_KINDS):
        if c[p] >= 2:
            c[p] -= 2
            for groups in _decompose(c, 0, []):
                out.append((("pair", p), *groups))
            c[p] += 2
    return tuple(out)


def _tile_checks(held: Sequence[int], melds: Sequence[Meld], rules: Rules) -> Refusal | None:
    """The conditions no reading changes: 三色全 (CC-5.2), 幺九 (CC-5.3), 手把一 (CC-5.5)."""
    suits = {suit(k) for k in range(NUM_KINDS) if held[k]} - {None}
    if len(suits) < 3:
        missing = "、".join(n for s, n in enumerate(("万 m", "条 s", "筒 p")) if s not in suits)
        return Refusal("CC-5.2", "no_three_suits", f"三色全: the hand holds no {missing}")
    if not any(held[k] for k in YAOJIU):
        return Refusal("CC-5.3", "no_yaojiu", "幺九: no 1, 9 or honour among the tiles")
    if len(melds) == 4 and not all(m.piao_ok(rules) for m in melds):
        return Refusal(
            "CC-5.5",
            "shoubayi_not_piao",
            "手把一: a win with one concealed tile must be 飘胡, and a chi"
            + ("" if rules.special_in_piao else " or an opening set (special_in_piao off)")
            + " stands among the melds",
        )
    return None


def _has_ke(groups: Sequence[tuple[str, int]], melds: Sequence[Meld]) -> bool:
    """CC-5.4: an exposed 刻 or set, a concealed triplet in this reading, or a 中发白 pair."""
    return (
        any(m.is_ke() for m in melds)
        or any(g == "tri" for g, _ in groups)
        or any(g == "pair" and k in DRAGONS for g, k in groups)
    )


def _check_sizes(concealed: Sequence[int], melds: Sequence[Meld]) -> Refusal | None:
    """CC-2.6: before the winning tile a seat holds 13 − 3·melds concealed tiles."""
    n = sum(concealed[:NUM_KINDS])
    expected = 13 - 3 * len(melds)
    if len(melds) > 4 or n != expected:
        return Refusal(
            "CC-2.6",
            "wrong_hand_size",
            f"{n} concealed tiles with {len(melds)} melds; expected {expected} (13 − 3·melds, CC-2.6)",
        )
    return None


def _residues(c: Sequence[int]) -> tuple[int, ...]:
    """Each group's count mod 3: the three suits, then the seven honours one by one."""
    return (
        sum(c[0:9]) % 3,
        sum(c[9:18]) % 3,
        sum(c[18:27]) % 3,
        c[27] % 3,
        c[28] % 3,
        c[29] % 3,
        c[30] % 3,
        c[31] % 3,
        c[32] % 3,
        c[33] % 3,
    )


def _may_shape(counts: Sequence[int]) -> bool:
    """A cheap necessary test of CC-5.1 (``readings`` not empty): a suit's tiles make triplets
    and sequences of that suit, an honour kind's make a triplet, and one of them the pair, so
    each suit's count and each honour's is 0 or 2 mod 3, and exactly one of them is 2."""
    res = _residues(counts)
    return 1 not in res and res.count(2) == 1


@lru_cache(maxsize=1 << 15)
def _legal(counts: tuple[int, ...], melds: tuple[Meld, ...], rules: Rules) -> Refusal | None:
    """None when the concealed ``counts`` (winning tile in) and ``melds`` are a legal win."""
    held = held_counts(counts, melds)
    over = [k for k in range(NUM_KINDS) if held[k] > 4]
    if over:
        return Refusal(
            "CC-1.1", "too_many_copies", f"{held[over[0]]} copies of {code(over[0])}: there are four"
        )
    rs = readings(counts)
    if not rs:
        return Refusal("CC-5.1", "no_shape", "no four melds and a pair (no 七对 or other special shapes)")
    bad = _tile_checks(held, melds, rules)
    if bad:
        return bad
    if not any(_has_ke(r, melds) for r in rs):
        return Refusal(
            "CC-5.4",
            "no_ke",
            "刻: no triplet, kong or set, and the pair is not 中, 发 or 白 (a wind pair does not count)",
        )
    return None


#: the kinds of each of _may_shape's groups: the three suits, then each honour alone
_GROUPS: tuple[tuple[int, ...], ...] = (
    tuple(range(0, 9)),
    tuple(range(9, 18)),
    tuple(range(18, 27)),
    *((k,) for k in range(27, NUM_KINDS)),
)


def shape_tiles(concealed: Sequence[int]) -> frozenset[int]:
    """The kinds ``t`` for which ``_may_shape`` passes the concealed tiles plus one ``t``, from
    the groups' counts mod 3 alone: one tile fixes one group, so either one group is 1 (and
    none 2) and ``t`` must be of it, or two groups are 2 (and none 1) and ``t`` completes
    either, the other holding the pair. A seat's hand keeps this set between its own turns."""
    res = _residues(concealed)
    ones, twos = res.count(1), res.count(2)
    if ones == 1 and not twos:
        return _SHAPE_SETS[(res.index(1),)]
    if not ones and twos == 2:
        first = res.index(2)
        return _SHAPE_SETS[(first, res.index(2, first + 1))]
    return _SHAPE_SETS[()]


#: shape_tiles' answers by the groups a tile may come from (one group, or two)
_SHAPE_SETS: dict[tuple[int, ...], frozenset[int]] = {
    groups: frozenset(t for g in groups for t in _GROUPS[g])
    for groups in [(), *((g,) for g in range(len(_GROUPS))), *combinations(range(len(_GROUPS)), 2)]
}


def is_win(concealed: Sequence[int], melds: Sequence[Meld], rules: Rules) -> bool:
    """The concealed tiles as they stand (the winning tile in) make a legal win with these
    melds (CC-1.1, CC-5.1 – CC-5.5), the hand's size aside."""
    return _may_shape(concealed) and _legal(tuple(concealed[:NUM_KINDS]), tuple(melds), rules) is None


def makes_win(concealed: Sequence[int], melds: Sequence[Meld], tile: int, rules: Rules) -> bool:
    """The concealed tiles plus one ``tile`` make a legal win with these melds (CC-1.1, CC-5.1 –
    CC-5.5), the hand's size aside: one reading where W(s) needs one per kind. Every ``tile`` of
    W(s) passes it, so a tile that fails it wins in no way (a cheap first test; ``check_win``
    decides)."""
    c = list(concealed[:NUM_KINDS])
    c[tile] += 1
    return _may_shape(c) and _legal(tuple(c), tuple(melds), rules) is None


def waits(concealed: Sequence[int], melds: Sequence[Meld], rules: Rules) -> list[int]:
    """W(s) of CC-4.1: the kinds that make a legal win with the 13 − 3·melds concealed
    tiles, kinds whose four tiles the seat already holds excluded."""
    return list(_waits(tuple(concealed[:NUM_KINDS]), tuple(melds), rules))


@lru_cache(maxsize=1 << 14)
def _waits(counts: tuple[int, ...], melds: tuple[Meld, ...], rules: Rules) -> tuple[int, ...]:
    if _check_sizes(counts, melds):
        return ()
    held = held_counts(counts, melds)
    out = []
    c = list(counts)
    shape = shape_tiles(counts)  # the kinds _may_shape passes: no other can win
    for t in range(NUM_KINDS):
        if held[t] >= 4 or t not in shape:
            continue
        c[t] += 1
        if _legal(tuple(c), melds, rules) is None:
            out.append(t)
        c[t] -= 1
    return tuple(out)


def is_ting(concealed: Sequence[int], melds: Sequence[Meld], rules: Rules) -> bool:
    """听 (CC-4.1): W(s) is not empty."""
    return bool(waits(concealed, melds, rules))


def can_baoting(concealed: Sequence[int], melds: Sequence[Meld], rules: Rules) -> Refusal | None:
    """CC-4.2: may the seat declare 报听 now (after its discard)? None = yes; else why not."""
    if not waits(concealed, melds, rules):
        return Refusal("CC-4.2", "ting_not_ready", "报听 without a wait: no tile makes a legal win")
    held = held_counts(concealed, melds)
    if not any(held[k] for k in YAOJIU):
        return Refusal("CC-4.2", "ting_no_yaojiu", "报听 needs a 幺九 tile already held (断幺九不能看宝)")
    return None


def gang_keeps_ting(before: Sequence[int], after: Sequence[int], rules: Rules) -> bool:
    """CC-4.3 ``ting_gang``: may a 报听 seat's gang stand? ``same_wait``: W(s) unchanged;
    ``still_ting``: W(s) not empty after it."""
    if rules.ting_gang == "same_wait":
        return sorted(before) == sorted(after)
    return bool(after)


def shoubayi_allowed(melds: Sequence[Meld], concealed_after: int, rules: Rules) -> bool:
    """CC-2.5: may an action leave the seat with ``concealed_after`` concealed tiles and these
    melds? Not with one tile unless every meld is a triplet, kong or (``special_in_piao``) set;
    ``shoubayi: forbid_win`` allows every action (CC-5.5 still judges the win)."""
    if rules.shoubayi == "forbid_win" or concealed_after != 1:
        return True
    return all(m.piao_ok(rules) for m in melds)


def self_draw(way: str, rules: Rules) -> bool:
    """Is the win a 自摸 (CC-5.6)? 自摸, 对宝, 摸宝; 抢胡 with ``qianghu: zimo``."""
    return way in ("zimo", "duibao", "mobao") or (way == "qianghu" and rules.qianghu == "zimo")


def _jiahu_at(groups: Sequence[tuple[str, int]], tile: int, rules: Rules) -> bool:
    """CC-5.7's placement test of 夹胡 under ``kan_bian`` / ``kan`` (``duting`` needs none):
    a sequence of the reading holds ``tile`` in the middle (or, kan_bian, as 3 of 123 / 7 of 789)."""
    if rules.jiahu == "duting":
        return True
    for g, first in groups:
        if g != "seq":
            continue
        if tile == first + 1:
            return True
        if rules.jiahu == "kan_bian" and (
            (first % 9 == 0 and tile == first + 2) or (first % 9 == 6 and tile == first)
        ):
            return True
    return False


def _best(
    counts: tuple[int, ...], melds: tuple[Meld, ...], tile: int, single_wait: bool, way: str, rules: Rules
) -> Win:
    """The best-scoring reading of a legal win (CC-5.6) with ``tile`` as the winning kind."""
    menqing = not any(m.opens(rules) for m in melds)
    zimo = self_draw(way, rules)
    bao = way in ("duibao", "mobao")
    best: Win | None = None
    for groups in readings(counts):
        if not _has_ke(groups, melds):
            continue
        piao = all(m.piao_ok(rules) for m in melds) and all(g != "seq" for g, _ in groups)
        jia = not piao and single_wait and _jiahu_at(groups, tile, rules)
        met = {"menqing": menqing, "jiahu": jia, "piaohu": piao, "zimo": zimo, "bao": bao}
        fans = tuple(f for f in FANS if met[f])
        fan = sum(2 if f == "piaohu" else rules.bao_fan if f == "bao" else 1 for f in fans)
        if best is None or fan > best.fan:
            best = Win(way, tile, fans, fan, groups)
    assert best is not None, "a legal win has a reading with a 刻"
    return best


def check_win(
    concealed: Sequence[int], melds: Sequence[Meld], tile: int, way: str, rules: Rules
) -> Win | Refusal:
    """A described win read by CC-5: its best reading, or the CC rule it breaks.

    ``concealed``: 34 counts *before* the winning tile (13 − 3·melds tiles); ``tile``: the
    winning tile (对宝: the 宝 kind; 摸宝: the drawn 宝 tile, read as the best kind of W(s),
    CC-4.6). Whether the 宝 was looked at, alive and unleaked, and whether the seat had
    declared 报听, is the board's to know (CC-4.4–4.8); here 对宝 needs the 宝 kind in W(s).
    """
    if way not in WAYS:
        raise ValueError(f"unknown way of winning {way!r}; known: {', '.join(WAYS)}")
    mt = tuple(melds)
    counts = tuple(concealed[:NUM_KINDS])
    bad = _check_sizes(counts, mt)
    if bad:
        return bad
    w = _waits(counts, mt, rules)
    single = len(w) == 1
    if way == "mobao":
        if not w:
            return Refusal("CC-4.6", "bao_not_ting", "摸宝: the hand waits on nothing (W(s) is empty)")
        wins = [_best(_plus(counts, t), mt, t, single, way, rules) for t in w]
        return max(wins, key=lambda x: x.fan)  # the first kind of the highest score
    plus = _plus(counts, tile)
    if way == "duibao" and tile not in w:
        why = _legal(plus, mt, rules)
        detail = f" ({why.rule}: {why.message})" if why else " (four of it are held)"
        return Refusal("CC-4.5", "bao_not_in_waits", f"对宝: the 宝 {code(tile)} is not in W(s){detail}")
    why = _legal(plus, mt, rules)
    if why:
        return why
    return _best(plus, mt, tile, single, way, rules)


def read_win(
    concealed: Sequence[int], melds: Sequence[Meld], tile: int, way: str, rules: Rules
) -> Win | None:
    """``check_win``'s Win, or None when the win is not legal."""
    r = check_win(concealed, melds, tile, way, rules)
    return r if isinstance(r, Win) else None


def _plus(counts: tuple[int, ...], tile: int) -> tuple[int, ...]:
    c = list(counts)
    c[tile] += 1
    return tuple(c)
