"""Brute-force reference for Sichuan win readings (sichuan.md SC-4.1–SC-4.3, SC-6.2).

Independent of ``replay.games.sichuan.reading`` and of the shared suit tables: it enumerates
every split of the concealed tiles into sets and a pair and reads the SC-4.2 table off each
split literally, plus 七对 from the pair rule. Slow and plain; the property tests compare the
engine's count-based fast path with it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

#: SC-4.2, typed from the rule text: (id, P), table order (ties name the later row).
TABLE = (
    ("pinghu", 1), ("duiduihu", 2), ("qingyise", 4), ("daiyaojiu", 4), ("qidui", 4),
    ("jingoudiao", 4), ("qingdui", 8), ("longqidui", 16), ("qingqidui", 16),
    ("qingjingoudiao", 16), ("qingyaojiu", 16), ("qinglongqidui", 32), ("tianhu", 32),
    ("dihu", 32), ("jiangdui", 8), ("jiangjingoudiao", 16),
)  # fmt: skip

Group = tuple[int, ...]


def splits(counts: list[int], need_pair: bool = True) -> Iterator[list[Group]]:
    """Every way to split ``counts`` into triplets, runs and (once) a pair."""
    first = next((k for k in range(27) if counts[k]), None)
    if first is None:
        if not need_pair:
            yield []
        return
    options: list[Group] = []
    if counts[first] >= 3:
        options.append((first,) * 3)
    if first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        options.append((first, first + 1, first + 2))
    if need_pair and counts[first] >= 2:
        options.append((first, first))
    for g in options:
        for k in g:
            counts[k] -= 1
        for rest in splits(counts, need_pair and len(g) != 2):
            yield [g, *rest]
        for k in g:
            counts[k] += 1


def ref_met(concealed: Sequence[int], melds: Sequence[int], jiang_hands: bool = False) -> set[str]:
    """Every SC-4.2 row the hand meets over all its readings."""
    c = list(concealed[:27])
    tiles = [k for k in range(27) for _ in range(c[k])] + [m for m in melds for _ in range(3)]
    if len(tiles) != 14 or len(melds) > 4:
        return set()
    one_suit = len({t // 9 for t in tiles}) == 1
    all_258 = all(t % 9 in (1, 4, 7) for t in tiles)
    met: set[str] = set()
    for groups in splits(c):
        met.add("pinghu")
        runs = any(len(g) == 3 and g[0] != g[1] for g in groups)
        jingou = len(melds) == 4
        duidui = not runs and not jingou
        yaojiu = all(any(t % 9 in (0, 8) for t in g) for g in groups) and all(m % 9 in (0, 8) for m in melds)
        if duidui:
            met.add("duiduihu")
        if one_suit:
            met.add("qingyise")
        if yaojiu:
            met.add("daiyaojiu")
        if jingou:
            met.add("jingoudiao")
        if one_suit and duidui:
            met.add("qingdui")
        if one_suit and jingou:
            met.add("qingjingoudiao")
        if one_suit and yaojiu:
            met.add("qingyaojiu")
        if jiang_hands and all_258 and duidui:
            met.add("jiangdui")
        if jiang_hands and all_258 and jingou:
            met.add("jiangjingoudiao")
    if not melds:
        kinds = sorted(set(tiles))
        pairs = sum(tiles.count(k) // 2 for k in kinds)
        if pairs == 7 and all(tiles.count(k) % 2 == 0 for k in kinds):
            met.add("qidui")
            four = any(tiles.count(k) == 4 for k in kinds)
            if one_suit:
                met |= {"qingyise", "qingqidui"}
            if four:
                met.add("longqidui")
            if four and one_suit:
                met.add("qinglongqidui")
    return met


def ref_best(
    concealed: Sequence[int], peng: Sequence[int], kong: Sequence[int], jiang_hands: bool = False
) -> tuple[str, int, int] | None:
    """(hand, P, G) of the single highest entry, G with 减一根 applied; None if no win."""
    met = ref_met(concealed, [*peng, *kong], jiang_hands)
    if not met:
        return None
    rows = [(p, i, h) for i, (h, p) in enumerate(TABLE) if h in met]
    p, _, hand = max(rows)
    tiles = [k for k in range(27) for _ in range(concealed[k])]
    tiles += [k for k in peng for _ in range(3)] + [k for k in kong for _ in range(4)]
    g = sum(1 for k in set(tiles) if tiles.count(k) == 4)
    if hand in ("longqidui", "qinglongqidui"):
        g -= 1
    return hand, p, g


FLAT = 32  #: SC-4.5's flat M


def ref_win(
    concealed: Sequence[int],
    *,
    self_draw: bool,
    zimo_bonus: str,
    first: str | None,
    tiandihu: bool = True,
    jiang_hands: bool = False,
) -> tuple[str, int, int, bool] | None:
    """(hand, G, M, flat) of a win with no melds and no ways, SC-5.1 with SC-4.5 read literally.

    M = P × 2^G, ×2 for a self-draw under ``zimo_bonus: fan`` (SC-5.1). A 天胡/地胡 (``first``)
    "scores flat M 32 unless its normal M, scored without them, is larger" (SC-4.5): flat unless
    M > 32, so a normal M of exactly 32 is flat — named ``first``, G 0, M 32.
    """
    best = ref_best(concealed, [], [], jiang_hands)
    if best is None:
        return None
    hand, p, g = best
    m = p * 2**g * (2 if self_draw and zimo_bonus == "fan" else 1)
    if first is not None and tiandihu and not m > FLAT:
        return first, 0, FLAT, True
    return hand, g, m, False
