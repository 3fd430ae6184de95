"""M4 qishou_not_declared: a dealt hand met an opening hand (起手胡, CS-5.1) and the seat declared
none (CS-5.2). In ``continue`` mode the cost is the payment forgone: n small self-draws from each
other seat (CS-5.2, CS-6.2), counted without the bird die it would have rolled (a bird could only
have added: the cost is at least this). In ``end`` mode declaring ends the hand, and playing on
for more may be sound: reported with no cost.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay.findings import Finding
from replay.games.changsha.mistakes.base import Context, detector, hands_zh, severity
from replay.games.changsha.reading import opening_hands, opening_n
from replay.games.changsha.scoring import settle


@detector("qishou_not_declared")
def qishou_not_declared(ctx: Context) -> Iterator[Finding]:
    rules = ctx.rules
    if rules.qishou_mode == "off":
        return
    start = ctx.states[0]
    declared = {e.get("seat") for e in ctx.events if e.get("type") == "qishou"}
    for s in range(4):
        found = opening_hands(start.seats[s].dealt, rules)
        if not found or s in declared:
            continue
        n = opening_n(found)
        held = hands_zh(list(found))
        if rules.qishou_mode == "continue":
            pay = settle(s, n, False, True, start.seats_after(s), start.dealer, [], rules)
            cost: int | None = sum(p.amount for p in pay)
            what = f"forgone at least {cost} (n = {n} small self-draws from each other seat, before birds)"
        else:
            cost = None
            what = f"declaring (n = {n}) would have ended the hand as a small self-draw"
        yield Finding(
            "qishou_not_declared",
            s,
            0,
            severity(cost or 0, rules) if cost is not None else "low",
            cost,
            f"was dealt {held} (起手胡) and did not declare it: {what} (M4)",
        )
