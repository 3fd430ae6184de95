"""R-3.2: the laizi (赖子, wildcard) is the kind after the flipped indicator (赖子皮).

R-3.6 (七皮): with ``qipi`` the indicator's kind and the kind before it are pizi too (皮). Both
are the two kinds before the laizi in R-3.2's cycle, so the laizi alone tells them (a 红中 and
a 北 indicator both give laizi 发 and 皮 北, 西); ``table_rules`` puts them in the ruleset's
``pizi`` so everything R-4.1 says of a pizi holds for a 皮 without a second code path (R-4.4),
and in ``pi`` too. Only the 皮 *tiles* are pizi: a laizi may still stand for a 皮 kind inside a
winning hand (R-4.4 amended), which the shape code allows by keeping no kind from a wildcard.
"""

from __future__ import annotations

from dataclasses import replace

from replay.games.wuhan.ruleset import Ruleset
from replay.tiles import C, E, F, N, P, S, W

# 东→南→西→北→(skip 红中)→发→白→东; an indicator of 红中 gives 发.
_HONOUR_NEXT_C = {E: S, S: W, W: N, N: F, C: F, F: P, P: E}
# 红中发财 variant: neither 红中 nor 发财 can be laizi; 北, 红中 or 发财 gives 白, 白 gives 东.
_HONOUR_NEXT_CF = {E: S, S: W, W: N, N: P, C: P, F: P, P: E}
# R-3.6's cycle backwards (东→南→西→北→发→白→东, 红中 skipped)
_HONOUR_BEFORE = {S: E, W: S, N: W, F: N, P: F, E: P}


def laizi_of(indicator: int, rules: Ruleset) -> int:
    if indicator < 27:
        suit, rank = divmod(indicator, 9)
        return suit * 9 + (rank + 1) % 9
    table = _HONOUR_NEXT_CF if rules.fa_is_pizi else _HONOUR_NEXT_C
    return table[indicator]


def before(kind: int) -> int:
    """The kind before ``kind`` in R-3.6's order: suited n−1 (1→9), honours in the cycle."""
    if kind < 27:
        suit, rank = divmod(kind, 9)
        return suit * 9 + (rank - 1) % 9
    return _HONOUR_BEFORE[kind]


def pi_of(laizi: int) -> tuple[int, ...]:
    """R-3.6: the two 皮 kinds for this laizi (the indicator's kind and the one before it)."""
    first = before(laizi)
    return tuple(sorted((first, before(first))))


#: ``table_rules`` already made, by ``(id(rules), laizi)``, with the ruleset they came from
#: (a parsed ruleset is shared, ``replay.games.wuhan.ruleset.ruleset_from_json``): nine laizi a
#: ruleset, and no ``dataclasses.replace`` per board
_TABLE_RULES: dict[tuple[int, int], tuple[Ruleset, Ruleset]] = {}


def table_rules(rules: Ruleset, laizi: int) -> Ruleset:
    """The ruleset as one table plays it: with ``qipi``, its 皮 kinds added to the pizi (R-4.4).

    Every other ruleset comes back unchanged (the same object), so nothing of the old presets
    moves.
    """
    if not rules.qipi:
        return rules
    made = _TABLE_RULES.get((id(rules), laizi))
    if made is not None and made[0] is rules:
        return made[1]
    pi = pi_of(laizi)
    out = replace(rules, pizi=tuple(sorted({*rules.pizi, *pi})), pi=pi)
    if len(_TABLE_RULES) >= 256:
        _TABLE_RULES.clear()
    _TABLE_RULES[(id(rules), laizi)] = (rules, out)
    return out
