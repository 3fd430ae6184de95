"""Bettors with styles (§9's only decision is the stake) and how a banker keeps or passes the bank.

A bot never breaks a rule: every stake is clipped to TT-2.2's limits (``bet_min``, ``bet_max`` and,
with ``bank_cover``, what the bank still covers), so the simulated rounds are legal and the
styles show only in the sizes — and, where the preset gives information, in the §9 mistakes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from replay.games.tuitongzi.mistakes import ev_known, ev_unseen
from replay.games.tuitongzi.params import TuitongziRules
from replay.games.tuitongzi.ranking import Hand
from replay.games.tuitongzi.tiles import COPIES, RANKS

#: steady: one unit; timid: the minimum; gambler: 1–5 units at random; chaser: doubles after a
#: loss; reader: reads the EV when it has information (max when positive, the minimum when not)
STYLES = ("steady", "timid", "gambler", "chaser", "reader")


def stake(
    style: str,
    rng: random.Random,
    unit: int,
    losses: int,
    rules: TuitongziRules,
    limit: int | None,
    own: Hand | None,
    seen: Sequence[int],
) -> int:
    """A style's bet, within [bet_min, limit]; ``own`` is set when the bot saw its tiles."""
    if style == "timid":
        want = rules.bet_min if rng.random() < 0.8 else unit
    elif style == "gambler":
        want = unit * rng.randint(1, 5)
    elif style == "chaser":
        want = unit * 2 ** min(losses, 4)
    elif style == "reader" and (own is not None or seen):
        counts = Counter(seen)
        unseen = [COPIES - counts[r] for r in RANKS]
        if own is not None:
            unseen[own.low] -= 1
            unseen[own.high] -= 1
            ev = ev_known(own, unseen, rules)
        else:
            ev = ev_unseen(unseen, rules)
        want = unit * 5 if ev > 0 else rules.bet_min
    else:
        want = unit
    high = limit if limit is not None else want
    return max(rules.bet_min, min(want, high))


def limit_for(rules: TuitongziRules, bank: int, before: int) -> int | None:
    """The most the next player may bet: ``bet_max`` and the cover left (TT-2.2)."""
    limit = rules.bet_max
    if rules.bank_cover:
        cover = bank // rules.max_mult - before
        limit = cover if limit is None else min(limit, cover)
    return limit
