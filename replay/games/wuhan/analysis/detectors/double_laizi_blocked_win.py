"""双赖子不能屁胡 (double_laizi_blocked_win): a 屁胡 was there but for holding two laizi.

R-4.3 forbids 屁胡 with two or more laizi among the concealed tiles and the winning tile, however
they are read; big hands, and the ways 杠上开/海底捞/抢杠, are exempt, so only a discard or a
plain self-draw can be blocked. The 屁胡 must stand on the other rules: its 将 pair real (R-7.13
见将胡), and on a discard the hand not one that would win on every tile once R-4.3 is lifted
(R-7.14 见字胡 would refuse that discard anyway: two laizi beside complete melds and a 将 pair
make a meld with any tile, so such a hand is blocked only on its own draws). The usual cure is a
赖子杠 in time. The engine says so itself: the win is illegal with reason ``pihu_two_laizi``.
The cost is what the 屁胡 would have collected had R-4.3 not applied (the reading settled as the table stood).

Reported once per seat and stretch of holding two laizi, at the first tile that would have won.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from replay.games.wuhan.analysis.base import Context, Finding, Offer, severity_by_points, tile_name
from replay.games.wuhan.analysis.registry import detector
from replay.games.wuhan.hand import Meld, Reading, pihu_shape, readings
from replay.games.wuhan.ruleset import Ruleset
from replay.games.wuhan.settle import BelowQihu, Settlement, settle
from replay.shape import complete
from replay.tiles import NUM_KINDS


@detector("double_laizi_blocked_win")
def double_laizi_blocked_win(ctx: Context) -> Iterator[Finding]:
    laizi = ctx.laizi
    received = [state.hand.count(laizi) for state in ctx.seats_before(0)]
    for _, seat, tile, _, drawn in ctx.offered:  # every draw is an offer to its drawer
        if drawn and tile == laizi:
            received[seat] += 1
    if max(received) < 2:
        return  # nobody ever held two laizi
    reported = [False] * 4
    seats = ctx.positions.seats
    first = ctx.first_open
    # only the offers to a seat that ever held two laizi (a discarded laizi is never an offer)
    for offer in ctx.offers_to(frozenset(seat for seat in range(4) if received[seat] >= 2)):
        way = offer.way
        if (way != "discard" and way != "self_draw") or not offer.has_right or offer.taken:
            continue
        if offer.at + 1 < first[offer.seat]:
            continue  # not open yet: nothing to report, nor a report to end
        state = seats[offer.at + 1][offer.seat]
        count = state.hand.count(laizi) + (way == "discard" and offer.tile == laizi)
        if count < 2:
            reported[offer.seat] = False
            continue
        if reported[offer.seat] or not ctx.opened(state):
            continue
        held = seats[offer.at][offer.seat] if way == "self_draw" else state
        if offer.tile not in ctx.shapes(held):
            continue  # no winning shape at all (``could_win_shape``), so no 屁胡 shape either
        s = _blocked_pihu(ctx, offer)
        if s is None:
            continue
        reported[offer.seat] = True
        yield Finding(
            "double_laizi_blocked_win",
            offer.seat,
            offer.at,
            severity_by_points(s.total),
            s.total,
            f"held {count} laizi (双赖子不能屁胡): {tile_name(offer.tile)} made a 屁胡 worth {s.total}, "
            f"which two laizi forbid (R-4.3); a 赖子杠 in time would have kept it open",
        )


def _blocked_pihu(ctx: Context, offer: Offer) -> Settlement | None:
    state = ctx.seats_after(offer.at)[offer.seat]
    laizi = ctx.laizi
    hand = list(state.hand)
    if offer.drawn:
        hand.remove(offer.tile)
    counts = [0] * NUM_KINDS
    for t in (*hand, offer.tile):
        counts[t] += 1
    wild = counts[laizi]
    natural = list(counts)
    natural[laizi] = 0
    rules = ctx.rules
    hard = complete(counts, 0, "jiang")
    if not hard and not pihu_shape(natural, wild, laizi, rules):
        return None  # no 屁胡 shape with a real 将: nothing was blocked
    if offer.way == "discard" and _jianzi_but_for_r43(hand, state.melds, laizi, rules):
        return None  # would refuse the discard win even without
    board = ctx.after(offer.at)
    judged = board.judge_win(offer.seat, offer.win)
    if judged.legal or judged.reason is None or judged.reason.code != "pihu_two_laizi":
        return None  # a legal win is missed_win's; any other reason is not this one
    table = board.table()
    table.seats[offer.seat] = replace(state, hand=hand)
    try:
        return settle(table, offer.seat, offer.win, Reading(("pihu",), hard), None)
    except BelowQihu:
        return None


def _jianzi_but_for_r43(hand: list[int], melds: Sequence[Meld], laizi: int, rules: Ruleset) -> bool:
    """R-7.14 with R-4.3 lifted: would the hand win (a reading, or a 屁胡 shape) on every kind?"""
    if not rules.jianzi_self_draw_only:
        return False
    for k in range(NUM_KINDS):
        if k in rules.pizi or k == laizi:
            continue
        counts = [0] * NUM_KINDS
        for t in (*hand, k):
            counts[t] += 1
        wild = counts[laizi]
        counts[laizi] = 0
        if pihu_shape(counts, wild, laizi, rules):
            continue
        counts[laizi] = wild
        if complete(counts, 0, "jiang") or readings(hand, melds, k, "discard", laizi, rules):
            continue
        return False
    return True
