"""Which fans of §5 a reading holds (the candidates ER-6.1c walks), before any 不计.

``candidates(reading, win)`` gives the plain fans with their counts (``jianke`` per dragon pung,
``yaojiuke`` per pung of 1s/9s/a wind, ``siguiyi`` per kind, ``huapai`` per flower) and the
group-fan instances on named sets (ER-6.1b); choosing among them is ``choose.py``'s.

Fans on sets (chows, pungs, kongs, 暗刻) or on the pair need the standard form; fans on the
tile set, the flowers and the way of winning apply to every reading, 七对 included (§5).
The ways of winning are what the board knows and the tiles cannot show (``WAYS``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, pairwise

from replay.games.erren.readings import Meld, Reading, waits
from replay.games.erren.tiles import (
    DRAGONS,
    GENTLEMEN,
    NUM_KINDS,
    SEASONS,
    WINDS,
    is_terminal_or_honour,
    rank,
)

#: The ways of winning and declarations the board reports (§5 rows defined on the play, not the
#: tiles): 天胡 地胡 人胡 天听 立直(报听 not 天听) 妙手回春 海底捞月 杠上开花 抢杠和 和绝张.
WAYS: frozenset[str] = frozenset(
    {"tianhu", "dihu", "renhu", "tianting", "lizhi", "miaoshou", "haidi", "gangkai", "qianggang"}
    | {"hejuezhang"}
)
GREEN: frozenset[int] = frozenset({10, 11, 12, 14, 16, 32})  # 2s 3s 4s 6s 8s F (绿一色)
REVERSIBLE: frozenset[int] = frozenset({10, 12, 13, 14, 16, 17, 33})  # 2s 4s 5s 6s 8s 9s P (推不倒)
NINE_GATES: tuple[int, ...] = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 1112345678999s


@dataclass(frozen=True)
class Win:
    """A described win: what the fans are judged on.

    ``concealed`` holds the concealed tiles with the winning ``tile`` (kinds, sorted), ``melds``
    the melds (an-gangs included), ``flowers`` the winner's exposed flowers, ``ways`` the subset
    of ``WAYS`` the play made true. A 抢杠 win is a discard win (ER-3.3: ``self_draw`` false).
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    tile: int
    self_draw: bool
    flowers: tuple[int, ...] = ()
    ways: frozenset[str] = frozenset()

    @cached_property
    def counts(self) -> tuple[int, ...]:
        """The concealed tiles as 34 counts (winning tile included)."""
        c = [0] * NUM_KINDS
        for k in self.concealed:
            c[k] += 1
        return tuple(c)

    @cached_property
    def held(self) -> tuple[int, ...]:
        """Every tile the winner holds, melds included (a kong 4), as 34 counts."""
        c = list(self.counts)
        for m in self.melds:
            for k in m.kinds():
                c[k] += 1
        return tuple(c)

    @cached_property
    def single_wait(self) -> bool:
        """ER-4.4's wait set before the winning tile has exactly one kind (the wait fans' test)."""
        before = list(self.counts)
        before[self.tile] -= 1
        return len(waits(before, self.melds)) == 1

    @cached_property
    def concealed_hand(self) -> bool:
        """No exposed meld (an an-gang is not one)."""
        return not any(m.exposed for m in self.melds)


@dataclass(frozen=True)
class Instance:
    """One instance of a group fan (ER-6.1b) on the reading's sets ``sets`` (indices)."""

    fan: str
    sets: frozenset[int]


def tile_fans(win: Win) -> dict[str, int]:
    """Fans of the tile set, the flowers and the way of winning: the same for every reading."""
    out: dict[str, int] = {}
    held = win.held
    kinds = [k for k in range(NUM_KINDS) if held[k]]
    suited = [k for k in kinds if k < 27]
    honours = [k for k in kinds if k >= 27]
    for way in sorted(win.ways):
        if way != "lizhi":
            out[way] = 1
    if "lizhi" in win.ways and win.concealed_hand:
        out["lizhi"] = 1
    if all(k in GREEN for k in kinds):
        out["lvyise"] = 1
    if not win.melds and win.counts[win.tile] >= 1:
        before = list(win.counts)
        before[win.tile] -= 1
        if tuple(before[9:18]) == NINE_GATES and sum(before) == 13:
            out["jiulian"] = 1
    if not suited:
        out["ziyise"] = 1
    if all(is_terminal_or_honour(k) for k in kinds) and any(k in (9, 17) for k in kinds):
        out["hunyaojiu"] = 1
    if not honours:
        out["qingyise"] = 1
    if all(14 <= k <= 17 for k in kinds):
        out["dayuwu"] = 1
    if all(9 <= k <= 12 for k in kinds):
        out["xiaoyuwu"] = 1
    if all(k in REVERSIBLE for k in kinds):
        out["tuibudao"] = 1
    if suited and honours:
        out["hunyise"] = 1
    if win.concealed_hand:
        out["buqiuren" if win.self_draw else "menqianqing"] = 1
    kongs = {m.tile for m in win.melds if m.type == "gang"}
    hogs = sum(1 for k in kinds if held[k] == 4 and k not in kongs)
    if hogs:
        out["siguiyi"] = hogs
    if not any(is_terminal_or_honour(k) for k in kinds):
        out["duanyao"] = 1
    if win.self_draw:
        out["zimo"] = 1
    flowers = set(win.flowers)
    if len(flowers) == 8:
        out["baxian"] = 1
    if flowers >= SEASONS:
        out["chunxiaqiudong"] = 1
    if flowers >= GENTLEMEN:
        out["meilanzhuju"] = 1
    if flowers:
        out["huapai"] = len(win.flowers)
    return out


def qidui_fans(reading: Reading) -> dict[str, int]:
    """七对, 连七对 (seven consecutive 条 ranks), 大七星 (the seven honours)."""
    out = {"qidui": 1}
    pairs = reading.pairs
    if len(set(pairs)) == 7 and all(k < 27 for k in pairs) and pairs[-1] - pairs[0] == 6:
        out["lianqidui"] = 1
    if set(pairs) == set(range(27, 34)):
        out["daqixing"] = 1
    return out


def set_fans(reading: Reading, win: Win) -> dict[str, int]:
    """Fans on the sets and the pair of a standard reading (ER-6.1a: sets as the reading fixes them)."""
    out: dict[str, int] = {}
    sets = reading.sets
    pair = reading.pair
    pungs = [s for s in sets if s.is_pung]
    chows = [s for s in sets if not s.is_pung]
    winds = sum(1 for s in pungs if s.tile in WINDS)
    dragons = sum(1 for s in pungs if s.tile in DRAGONS)
    kongs = [s for s in sets if s.shape == "kong"]
    an_gangs = sum(1 for s in kongs if s.gang == "an")
    ming_gangs = len(kongs) - an_gangs
    anke = sum(1 for s in sets if s.an)
    if winds == 4 and pair == 32:
        out["sifang_dafacai"] = 1
    if winds == 4:
        out["dasixi"] = 1
    if dragons == 3:
        out["dasanyuan"] = 1
    if len(kongs) == 4:
        out["sigang"] = 1
    if winds == 3 and pair in WINDS:
        out["xiaosixi"] = 1
    if dragons == 2 and pair in DRAGONS:
        out["xiaosanyuan"] = 1
    if anke == 4:
        out["sianke"] = 1
    if sorted(rank(s.tile) for s in chows) == [1, 1, 7, 7] and pair == 13:
        out["shuanglong"] = 1
    if len(kongs) == 3:
        out["sangang"] = 1
    if anke == 3:
        out["sananke"] = 1
    if winds == 3:
        out["sanfengke"] = 1
    if len(pungs) == 4:
        out["pengpenghu"] = 1
    if len(win.melds) == 4 and all(m.exposed for m in win.melds) and not win.self_draw:
        out["quanqiuren"] = 1
    if an_gangs == 2:
        out["shuangangang"] = 1
    if dragons == 2:
        out["shuangjianke"] = 1
    if all(any(is_terminal_or_honour(k) for k in s.kinds()) for s in sets) and is_terminal_or_honour(pair):
        out["quandaiyao"] = 1
    if ming_gangs == 2:
        out["shuangminggang"] = 1
    if dragons:
        out["jianke"] = dragons
    if len(chows) == 4 and pair < 27:
        out["pinghu"] = 1
    if anke == 2:
        out["shuanganke"] = 1
    if an_gangs == 1:
        out["angang"] = 1
    yaojiu = sum(1 for s in pungs if s.tile in (9, 17) or s.tile in WINDS)
    if yaojiu:
        out["yaojiuke"] = yaojiu
    if ming_gangs == 1:
        out["minggang"] = 1
    if reading.place_wait and win.single_wait:
        out[reading.place_wait] = 1
    if pair in (10, 13, 16):
        out["erwuba"] = 1
    if pair in (9, 17):
        out["yaojiutou"] = 1
    return out


def instances(reading: Reading) -> tuple[Instance, ...]:
    """Every group-fan instance of a standard reading (ER-6.1b), on the sets' indices."""
    if reading.form != "standard":
        return ()
    chows = [(i, rank(s.tile)) for i, s in enumerate(reading.sets) if s.shape == "chow"]
    pungs = [(i, rank(s.tile)) for i, s in enumerate(reading.sets) if s.is_pung and s.tile < 27]
    out: list[Instance] = []

    def add(fan: str, group: tuple[tuple[int, int], ...]) -> None:
        out.append(Instance(fan, frozenset(i for i, _ in group)))

    for n in (4, 3, 2):
        for group in combinations(chows, n):
            ranks = sorted(r for _, r in group)
            steps = {b - a for a, b in pairwise(ranks)}
            if n == 4 and steps == {0}:
                add("sitongshun", group)
            if n == 4 and len(steps) == 1 and steps <= {1, 2}:
                add("sibugao", group)
            if n == 3 and steps == {0}:
                add("santongshun", group)
            if n == 3 and ranks == [1, 4, 7]:
                add("qinglong", group)
            if n == 3 and len(steps) == 1 and steps <= {1, 2}:
                add("sanbugao", group)
            if n == 2 and steps == {0}:
                add("yibangao", group)
            if n == 2 and steps == {3}:
                add("lianliu", group)
            if n == 2 and ranks == [1, 7]:
                add("laoshaofu", group)
        for group in combinations(pungs, n):
            ranks = sorted(r for _, r in group)
            if n >= 3 and ranks == list(range(ranks[0], ranks[0] + n)):
                add("sijiegao" if n == 4 else "sanjiegao", group)
    return tuple(out)


def candidates(reading: Reading, win: Win) -> dict[str, int]:
    """Every plain (non-group) fan the reading holds, with its count."""
    out = tile_fans(win)
    out.update(qidui_fans(reading) if reading.form == "qidui" else set_fans(reading, win))
    return out
