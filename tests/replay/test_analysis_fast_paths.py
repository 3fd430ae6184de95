"""The analysis' fast paths (issue #15) against the slow code they stand in for.

``winning_tiles`` (the kinds a hand could win on, from the shanten tables) must be the kinds
``replay.games.wuhan.judge.could_win_shape`` accepts one by one.

牌效率's quick path:
``inefficient_discard`` asks ``_Quick.judge`` first and ``_judge`` (every plan an object, every
shanten whole-hand) only when the quick path leaves a discard undecided. Whatever the quick
path decides must be what ``_judge`` says of the same board: on every discard of simulated hands
of the three presets, and on generated positions (near-complete hands, exposed melds, laizi
and pizi held, another seat two opens into a one-suit hand).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from replay.games.wuhan.analysis.base import Context, surely_unreadable, winning_tiles
from replay.games.wuhan.analysis.detectors.inefficient_discard import (
    _danger_of,
    _judge,
    _Quick,
    _triplets_value,
)
from replay.games.wuhan.board import Board, Draw
from replay.games.wuhan.hand import Meld, pihu_shape, readings
from replay.games.wuhan.judge import could_win_shape
from replay.games.wuhan.simulate import simulate
from replay.games.wuhan.table import SeatState
from replay.inputs import iter_records
from replay.shape import complete
from replay.tiles import KIND_OF, NUM_KINDS
from schemas.hand_record import validate_record
from tests.strategies import HandCase, hand_cases


@pytest.mark.parametrize(("preset", "seed"), [("hzlzg", 21), ("hzlzg-koukou", 22), ("hzfclzg", 23)])
def test_quick_verdicts_are_the_reference_verdicts_on_simulated_hands(preset: str, seed: int) -> None:
    tally: Counter[str] = Counter()
    for raw in simulate(60, seed=seed, preset=preset):
        record, errors = validate_record(raw)
        assert record is not None, errors
        ctx = Context.replay(record)
        quick = _Quick(ctx.rules, ctx.laizi, ctx.final.indicator)
        for i, event in enumerate(ctx.events):
            thrown = KIND_OF[event["tile"]] if event["type"] == "discard" else ctx.laizi
            if thrown == ctx.laizi:
                continue
            seat = int(event["seat"])
            decided, verdict = quick.judge(ctx.seats_before(i), ctx.positions.rivers[i], seat, thrown)
            if not decided:
                tally["left to the reference"] += 1
                continue
            assert verdict == _judge(ctx.before(i), seat, thrown, {}), (record["hand_id"], i)
            tally["found" if verdict else "fine"] += 1
    # worth the comparison: the quick path decides most discards, and finds mistakes among them
    assert tally["found"] >= 10 and tally["fine"] > 10 * tally["left to the reference"], tally


def test_danger_once_per_set_of_meld_lists_is_danger_of() -> None:
    """``_Quick.danger`` keeps ``_danger_of`` (喂第三口, R-10.6b) per seat and meld lists: at every
    position of simulated hands, for every seat, it gives what ``_danger_of`` works out, and
    hands with a one-suit seat two opens in give a non-empty set (the comparison is not empty)."""
    dangerous = 0
    for raw in simulate(40, seed=31, preset="hzlzg"):
        record, errors = validate_record(raw)
        assert record is not None, errors
        ctx = Context.replay(record)
        quick = _Quick(ctx.rules, ctx.laizi, ctx.final.indicator)
        for seats in ctx.positions.seats:
            for seat in range(4):
                want = _danger_of(seats, seat, ctx.rules)
                assert quick.danger(seats, seat) == want
                assert quick.danger(seats, seat) == want  # asked again: the kept answer
                dangerous += bool(want)
    assert dangerous


def _position(case: HandCase, pizi: int, thrown_at: int, feeder: int | None) -> tuple[Board, int]:
    """A board where seat 0 holds the case's tiles (plus ``pizi`` pizi) and is to discard."""
    rules, laizi = case.rules, case.laizi
    hand = [*case.concealed, case.win_tile]
    kinds = [k for k in range(NUM_KINDS) if k not in rules.pizi]
    for n in range(min(pizi, len(rules.pizi) * 2)):  # a pizi in place of a non-laizi tile
        spots = [i for i, t in enumerate(hand) if t != laizi and t not in rules.pizi]
        if spots:
            hand[spots[(thrown_at + 3 * n) % len(spots)]] = rules.pizi[n % len(rules.pizi)]
    melds = [
        Meld(m.type, m.tiles, m.kind, m.source if m.type != "gang" or m.kind != "an" else None)
        for m in case.melds
    ]
    seats = [SeatState(hand=hand, melds=melds)]
    for s in (1, 2, 3):
        other = SeatState(hand=[])
        if feeder == s:  # two opens of one suit: a discard of that suit could feed a third
            base = 9 * (s - 1)
            other.melds = [
                Meld("peng", (base + 2,) * 3, None, 0),
                Meld("chi", (base + 4, base + 5, base + 6), None, 0),
            ]
        seats.append(other)
    board = object.__new__(Board)
    board.__dict__.update(
        rules=rules,
        dealer=0,
        indicator=kinds[(thrown_at * 7) % len(kinds)],
        laizi=laizi,
        seats=seats,
        discards=[[], [(kinds[thrown_at % len(kinds)], None)], [], [(kinds[-1], 0)]],
        last_draw=Draw(0, hand[-1], "normal"),
    )
    others = sorted(t for t in hand if t != laizi)
    thrown = others[thrown_at % len(others)] if others else laizi
    return board, thrown


@settings(max_examples=600, deadline=None, derandomize=True)
@given(
    hand_cases(),
    st.sampled_from((0, 0, 0, 1, 2)),
    st.integers(0, 13),
    st.sampled_from((None, None, 1, 2, 3)),
)
def test_quick_verdicts_are_the_reference_verdicts_on_generated_positions(
    case: HandCase, pizi: int, thrown_at: int, feeder: int | None
) -> None:
    board, thrown = _position(case, pizi, thrown_at, feeder)
    if thrown == board.laizi or len(board.seats[0].hand) % 3 != 2:
        return
    note(
        f"hand={sorted(board.seats[0].hand)} melds={board.seats[0].melds} thrown={thrown} laizi={board.laizi}"
    )
    quick = _Quick(board.rules, board.laizi, board.indicator)
    decided, verdict = quick.judge(board.seats, board.discards, 0, thrown)
    if decided:
        assert verdict == _judge(board, 0, thrown, {})


@settings(max_examples=400, deadline=None, derandomize=True)
@given(hand_cases())
def test_winning_tiles_are_the_kinds_could_win_shape_accepts(case: HandCase) -> None:
    hand, melds = list(case.concealed), list(case.melds)
    possible = [k for k in range(NUM_KINDS) if hand.count(k) < 4]  # no fifth copy is ever offered
    want = {k for k in possible if could_win_shape(hand, melds, k, case.laizi, case.rules)}  # type: ignore[arg-type]
    got = winning_tiles(hand, melds, case.laizi, case.rules)  # type: ignore[arg-type]
    assert got & set(possible) == want


@pytest.mark.parametrize(
    ("codes", "laizi", "family"),
    [
        ("E E E S S S W W N N F P P", "1m", "ESWNFP"),  # 风一色: every wind, and the laizi
        ("E E E S S S W W N N F 1m 2p", "1m", ""),  # a suited tile beside the laizi: no family
        ("2m 2m 2m 5m 5m 8m 8p 8p 2s 2s 5s 5s 5s", "1m", "2m 5m 8m 2p 5p 8p 2s 5s 8s"),  # 将一色
        ("2m 2m 2m 5m 5m 8m 8p 8p 2s 2s 5s 5s 1m", "1m", "2m 5m 8m 2p 5p 8p 2s 5s 8s"),  # laizi aside
        ("2m 2m 2m 5m 5m 8m 8p 8p 2s 2s 5s 5s E", "1m", ""),  # an honour: not 将一色
        ("2m 2m 2m 5m 5m 8m 8p 8p 2s 2s 5s 5s 3s", "1m", ""),  # a 3: not 将一色
    ],
)
def test_winning_tiles_of_a_family_hand(codes: str, laizi: str, family: str) -> None:
    """风一色 / 将一色 need no structure: every kind of the family wins, and the laizi (R-7.4, R-7.5);
    a tile outside the family (a suited tile, an honour, a 3) and the family is out."""
    from replay.games.wuhan.ruleset import PRESETS

    rules = PRESETS["hzlzg"]
    hand = [KIND_OF[c] for c in codes.split()]
    got = winning_tiles(hand, [], KIND_OF[laizi], rules)
    possible = [k for k in range(NUM_KINDS) if hand.count(k) < 4]
    want = {k for k in possible if could_win_shape(hand, [], k, KIND_OF[laizi], rules)}
    assert got & set(possible) == want
    if family:
        assert {KIND_OF[c] for c in (family.split() if " " in family else family)} | {KIND_OF[laizi]} <= got


def test_winning_tiles_on_every_hand_of_simulated_play() -> None:
    checked = won = 0
    for raw in simulate(40, seed=31, preset="hzfclzg"):
        record, _ = validate_record(raw)
        assert record is not None
        ctx = Context.replay(record)
        for seats in ctx.positions.seats[::3]:
            for state in seats:
                if len(state.hand) % 3 != 1:
                    continue
                possible = {k for k in range(NUM_KINDS) if state.hand.count(k) < 4}
                want = {
                    k for k in possible if could_win_shape(state.hand, state.melds, k, ctx.laizi, ctx.rules)
                }
                assert winning_tiles(state.hand, state.melds, ctx.laizi, ctx.rules) & possible == want
                checked += 1
                won += bool(want)
    assert checked > 1000 and won > 50, (checked, won)


def _triplets_reference(counts: list[int], m: int, wild: int) -> int:
    """碰碰胡's value kind by kind, as the detector first computed it."""
    held = [c for c in counts if c]
    trips = sorted((min(c, 3) for c in held), reverse=True)
    top = sum(trips[:m])
    nxt = trips[m] if len(trips) > m else 0
    low = trips[m - 1] if 0 < m <= len(trips) else -1
    kept = top
    for c in held:
        v = min(c, 3)
        rest = top - v + nxt if m and v >= low else top
        kept = max(kept, min(c, 2) + rest)
    return 3 * m + 2 - kept - wild - 1


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(
    st.lists(st.sampled_from((0, 0, 0, 0, 1, 1, 2, 3, 4)), min_size=34, max_size=34),
    st.integers(0, 4),
    st.integers(0, 3),
)
def test_triplets_value_by_how_many_kinds_are_held_how_often(counts: list[int], m: int, wild: int) -> None:
    assert _triplets_value(counts, m, wild) == _triplets_reference(counts, m, wild)


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(hand_cases())
def test_surely_unreadable_only_when_readings_are_empty(case: HandCase) -> None:
    """The screen before ``can_win_on`` may let a hand through, never stop one with a reading."""
    hand, melds = list(case.concealed), [Meld(m.type, m.tiles, m.kind, m.source) for m in case.melds]
    if surely_unreadable(hand, melds, case.win_tile, case.way, case.laizi, case.rules):
        assert not readings(hand, melds, case.win_tile, case.way, case.laizi, case.rules)


def test_surely_unreadable_stops_most_hands_that_would_be_refused() -> None:
    """Worth having: on simulated play it stops most of the win checks that find no reading."""
    tally: Counter[str] = Counter()
    for raw in simulate(80, seed=41, preset="hzlzg"):
        record, _ = validate_record(raw)
        assert record is not None
        ctx = Context.replay(record)
        for offer, state in ctx.chances:
            held = ctx.seats_before(offer.at)[offer.seat] if offer.drawn else state
            if offer.tile not in ctx.shapes(held):
                continue
            found = readings(held.hand, held.melds, offer.tile, offer.way, ctx.laizi, ctx.rules)
            stopped = surely_unreadable(held.hand, held.melds, offer.tile, offer.way, ctx.laizi, ctx.rules)
            assert not (stopped and found)
            tally["stopped" if stopped else "read" if found else "let through"] += 1
    assert tally["stopped"] > 2 * tally["let through"], tally


@pytest.mark.parametrize(("preset", "seed"), [("hzlzg", 51), ("hzfclzg", 52)])
def test_chances_skip_only_seats_that_never_opened(preset: str, seed: int) -> None:
    """``chances`` passes over the offers to a seat not open at the end of the hand: opens only
    grow, so such a seat was never open. The list is the one every offer checked would give."""
    kept = 0
    for raw in simulate(40, seed=seed, preset=preset):
        record, _ = validate_record(raw)
        assert record is not None
        ctx = Context.replay(record)
        seats = ctx.positions.seats
        want = [
            (o, seats[o.at + 1][o.seat])
            for o in ctx.offers
            if not o.taken and o.has_right and seats[o.at + 1][o.seat].opened
        ]
        assert ctx.chances == want
        for position in seats:  # opens never shrink
            assert all(p.opens <= f.opens for p, f in zip(position, seats[-1], strict=True))
        kept += len(want)
    assert kept > 100


@pytest.mark.parametrize(("preset", "seed"), [("hzlzg", 53), ("hzlzg-koukou", 54), ("hzfclzg", 55)])
def test_laizi_held_never_exceed_those_dealt_and_drawn(preset: str, seed: int) -> None:
    """``double_laizi_blocked_win`` passes over a seat dealt and drawn fewer than two laizi: it
    can never have held two. Every position of simulated play bears that out."""
    for raw in simulate(40, seed=seed, preset=preset):
        record, _ = validate_record(raw)
        assert record is not None
        ctx = Context.replay(record)
        received = [state.hand.count(ctx.laizi) for state in ctx.seats_before(0)]
        for i, event in enumerate(ctx.events):
            if event["type"] == "draw":
                draw = ctx.draw_after(i)
                if draw is not None and draw.tile == ctx.laizi:
                    received[draw.seat] += 1
            for seat, state in enumerate(ctx.seats_after(i)):
                assert state.hand.count(ctx.laizi) <= received[seat], (record["hand_id"], i, seat)


def _reference_wins(ctx: Context) -> list[Any]:
    """``wins`` as it was: every chance, its held tiles' ``winning_tiles``, then ``judge``."""
    out = []
    for offer, state in ctx.chances:
        held = ctx.seats_before(offer.at)[offer.seat] if offer.drawn else state
        if offer.tile in winning_tiles(held.hand, held.melds, ctx.laizi, ctx.rules):
            judged = ctx.judge(offer)
            if judged is not None:
                out.append((offer, judged))
    return out


def _fast_path_contexts() -> list[Context]:
    out = []
    for preset, seed in (("hzlzg", 61), ("hzlzg-koukou", 62), ("hzfclzg", 63), ("qipi", 64)):
        for raw in simulate(30, seed=seed, preset=preset):
            record, _ = validate_record(raw)
            assert record is not None
            out.append(Context.replay(record))
    mistakes = Path(__file__).resolve().parents[1] / "data" / "mistakes"
    for obj, _ in iter_records([str(mistakes)]):
        record, _ = validate_record(obj)
        if record is None:
            continue
        try:
            out.append(Context.replay(record))
        except ValueError:
            continue  # illegal or unfinished: no analysis
    return out


FAST_PATH_CONTEXTS = _fast_path_contexts()


def test_the_fast_path_hands_have_wins_and_robbed_kongs() -> None:
    """The comparisons below are worth making: missed wins, wins on discards, draws and robs."""
    assert sum(len(ctx.wins) for ctx in FAST_PATH_CONTEXTS) > 5
    ways = {ctx.win_offer.way for ctx in FAST_PATH_CONTEXTS if ctx.win_offer is not None}
    assert {"discard", "self_draw", "rob"} <= ways


def test_offers_read_off_the_events_are_the_reference_offers() -> None:
    """``win_offer``, ``offers_to``, ``chances_holding``, ``first_open`` and ``wins`` each walk
    the offers without building them all: each is the plain list it stands for."""
    for ctx in FAST_PATH_CONTEXTS:
        offers, seats = ctx.offers, ctx.positions.seats
        assert ctx.win_offer == next((o for o in offers if o.taken), None)
        for chosen in ({0}, {1, 3}, {0, 1, 2, 3}, set()):
            assert ctx.offers_to(frozenset(chosen)) == [o for o in offers if o.seat in chosen]
        for kinds in (frozenset(ctx.rules.pizi), frozenset({ctx.laizi}), frozenset(range(9))):
            want = [(o, s) for o, s in ctx.chances if not kinds.isdisjoint(s.hand)]
            assert ctx.chances_holding(kinds) == want
        for seat in range(4):
            opened = [p for p, position in enumerate(seats) if position[seat].opened]
            assert ctx.first_open[seat] == (opened[0] if opened else len(seats))
        assert ctx.wins == _reference_wins(ctx)


def test_a_pihu_shape_is_a_winning_shape() -> None:
    """``double_laizi_blocked_win`` asks ``_blocked_pihu`` only of a tile in ``shapes`` of the
    seat's concealed tiles: every 屁胡 shape ``_blocked_pihu`` accepts (a real 将 read as
    themselves, or ``pihu_shape`` with the laizi wild) is among them, on every offer."""
    checked = 0
    for ctx in FAST_PATH_CONTEXTS:
        laizi, rules = ctx.laizi, ctx.rules
        for offer in ctx.offers:
            held = (
                ctx.seats_before(offer.at)[offer.seat]
                if offer.drawn
                else ctx.seats_after(offer.at)[offer.seat]
            )
            counts = [0] * NUM_KINDS
            for t in (*held.hand, offer.tile):
                counts[t] += 1
            natural = list(counts)
            natural[laizi] = 0
            if complete(counts, 0, "jiang") or pihu_shape(natural, counts[laizi], laizi, rules):
                assert offer.tile in ctx.shapes(held), (offer, held)
                checked += 1
    assert checked > 20
