"""gang_cut_wait 杠后减听 (§10): a tenpai seat's an-gang leaves a wait set (ER-4.4) with fewer kinds
than it had before the draw that preceded the an-gang. The seat was ready, drew the 4th tile of a
kind it held three of, and concealed the kong: the tiles it took out of the hand were part of its
wait (a 3-tile run end, a 坎张 shape), so it now waits on fewer kinds, or on none.

A 报听 seat under ``ting_lock`` cannot do this (the board refuses an an-gang that changes its
wait, ER-3.5), so only seats that did not declare are found. Cost: none can honestly be named
(whether a lost wait kind would have come is not in the record), so ``cost`` is null; severity
is ``medium`` when no wait is left, ``low`` when some are.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.erren.mistakes.base import Context, detector, tile_name, waits_text


@detector("gang_cut_wait")
def gang_cut_wait(ctx: Context) -> Iterator[Finding]:
    for i, e in enumerate(ctx.events):
        if e.get("type") != "gang" or e.get("kind") != "an":
            continue
        s = e.get("seat")
        assert isinstance(s, int)
        draws = [j for j, d in enumerate(ctx.events[:i]) if d.get("type") == "draw" and d.get("seat") == s]
        if not draws:
            continue  # the dealer's dealt 14: no draw before the an-gang
        before = ctx.before(draws[-1]).waits_of(s)
        after = ctx.after(i).waits_of(s)
        if not before or len(after) >= len(before):
            continue
        tile = ctx.after(i).seats[s].melds[-1].tile
        yield Finding(
            "gang_cut_wait",
            s,
            i,
            "medium" if not after else "low",
            None,
            f"was tenpai on {waits_text(before)} and its an-gang (暗杠) of {tile_name(tile)} left"
            f" {'no wait' if not after else 'a wait on ' + waits_text(after)} (杠后减听)",
        )
