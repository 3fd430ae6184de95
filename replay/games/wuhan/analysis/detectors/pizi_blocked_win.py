"""红中在手不能胡 (pizi_blocked_win): a tile came that would have won, but a pizi was held.

While a seat holds a pizi it cannot win (R-4.1, R-7.1). "Had the pizi been put out earlier" is
read with the tiles the seat really had: at one of its own discards made while holding the
pizi, it could have thrown the pizi instead and kept the tile it threw. If that hand (plus the
pizi discard factor the throw would have earned, R-10.3) legally wins on the tile now offered,
the pizi blocked the win. Putting it out as a 红中杠 instead would have drawn an unknown tile,
so that is not guessed at.

Reported once per seat and holding stretch (until the seat holds no pizi again), at the first
offer that would have won; the cost is what that win would have collected.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations

from replay.games.wuhan.analysis.base import (
    Context,
    Finding,
    Offer,
    clone_board,
    hands_zh,
    severity_by_points,
    tile_name,
)
from replay.games.wuhan.analysis.registry import detector
from replay.games.wuhan.judge import can_win_on
from replay.games.wuhan.settle import Settlement
from replay.tiles import CODES, KIND_OF

MAX_HELD = 2  # more pizi held at once is rare and the swaps multiply


@detector("pizi_blocked_win")
def pizi_blocked_win(ctx: Context) -> Iterator[Finding]:
    if ctx.rules.special_discard == "gang_only":
        return  # a pizi could not have been thrown; a gang's draw is not guessed at
    pizi = ctx.rules.pizi
    free = frozenset(pizi).isdisjoint  # free(hand): no pizi held
    before = ctx.positions.seats
    # a pizi cannot be claimed: a seat holds one only if dealt or drawn one, and only a
    # seat that opened could win; then only one that threw another tile while holding a
    # pizi could have swapped — two scans that end most hands (2 in 3 simulated ones) before
    # the chances are built
    holders = {s for s, state in enumerate(before[0]) if not free(state.hand)}
    holders.update(s for s, _, tile, what in ctx.walk.marks if what == "received" and tile in pizi)
    if all(ctx.first_open[s] == len(before) for s in holders):
        return
    if not any(
        e["type"] == "discard"
        and e["seat"] in holders
        and KIND_OF[e["tile"]] not in pizi
        and not free(before[i][e["seat"]].hand)
        for i, e in enumerate(ctx.events)
    ):
        return  # nobody threw another tile while holding a pizi: nothing could have been swapped
    # _blocked needs the seat opened, as every win does, and a pizi held then (the tile
    # offered is not one, so a drawn one taken back leaves as many): the others find nothing
    blockable = [o for o, _ in ctx.chances_holding(frozenset(pizi)) if o.tile not in pizi]
    if not blockable:
        return  # no seat had a win to miss
    by_index: dict[int, list[Offer]] = {}
    for o in blockable:
        by_index.setdefault(o.at, []).append(o)
    swaps: list[dict[int, int]] = [{}, {}, {}, {}]  # per seat: kind thrown while holding pizi -> index
    reported = [False] * 4
    for i, event in enumerate(ctx.events):
        seat = event.get("seat")
        if event["type"] == "discard":
            seat, tile = int(event["seat"]), KIND_OF[event["tile"]]
            if tile not in pizi and not free(ctx.seats_before(i)[seat].hand):
                swaps[seat][tile] = i
        for offer in by_index.get(i, ()):
            if reported[offer.seat] or not swaps[offer.seat]:
                continue
            found = _blocked(ctx, offer, swaps[offer.seat])
            if found is None:
                continue
            reported[offer.seat] = True
            s, thrown, held = found
            where = " and ".join(f"{CODES[t]} at event {swaps[offer.seat][t]}" for t in thrown)
            pizi_names = " and ".join(CODES[t] for t in held)
            yield Finding(
                "pizi_blocked_win",
                offer.seat,
                offer.at,
                severity_by_points(s.total),
                s.total,
                f"held a gang tile (红中在手不能胡): had it thrown {pizi_names} instead of {where}, "
                f"{tile_name(offer.tile)} here would have won {hands_zh(s)} for {s.total}",
            )
        if seat is not None and free(ctx.seats_after(i)[seat].hand):
            swaps[seat] = {}
            reported[seat] = False


def _blocked(
    ctx: Context, offer: Offer, thrown: dict[int, int]
) -> tuple[Settlement, tuple[int, ...], list[int]] | None:
    state = ctx.seats_after(offer.at)[offer.seat]
    if not ctx.opened(state):
        return None
    rules, laizi = ctx.rules, ctx.laizi
    pizi = rules.pizi
    hand = list(state.hand)
    if offer.drawn:
        hand.remove(offer.tile)
    held = [t for t in hand if t in pizi]
    if not held or len(held) > MAX_HELD:
        return None
    rest = [t for t in hand if t not in pizi]
    best: tuple[Settlement, tuple[int, ...], list[int]] | None = None
    for kept in combinations(sorted(thrown), len(held)):
        pi = sum(1 for t in held if t in rules.pi)  # a 皮 thrown is a 皮 discard
        mine = replace(
            state,
            hand=[*rest, *kept],
            pizi_discards=state.pizi_discards + len(held) - pi,
            pi_discards=state.pi_discards + pi,
        )
        if not can_win_on(mine, offer.tile, offer.way, laizi, rules):
            continue
        trial = clone_board(ctx.after(offer.at))
        if offer.drawn:
            mine.hand.append(offer.tile)
        trial.seats[offer.seat] = mine
        judged = trial.judge_win(offer.seat, offer.win)
        s = judged.settlement
        if judged.legal and s is not None and (best is None or s.total > best[0].total):
            best = (s, kept, held)
    return best
