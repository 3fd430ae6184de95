"""R-3.2: the laizi (赖子, wildcard) is the kind after the flipped indicator (赖子皮)."""

from __future__ import annotations

from replay.ruleset import Ruleset
from replay.tiles import C, E, F, N, P, S, W

# 东→南→西→北→(skip 红中)→发→白→东; an indicator of 红中 gives 发.
_HONOUR_NEXT_C = {E: S, S: W, W: N, N: F, C: F, F: P, P: E}
# 红中发财 variant: neither 红中 nor 发财 can be laizi; 北, 红中 or 发财 gives 白, 白 gives 东.
_HONOUR_NEXT_CF = {E: S, S: W, W: N, N: P, C: P, F: P, P: E}


def laizi_of(indicator: int, rules: Ruleset) -> int:
    if indicator < 27:
        suit, rank = divmod(indicator, 9)
        return suit * 9 + (rank + 1) % 9
    table = _HONOUR_NEXT_CF if rules.fa_is_pizi else _HONOUR_NEXT_C
    return table[indicator]
