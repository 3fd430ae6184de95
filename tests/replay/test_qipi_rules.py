"""The 七皮四赖 rules (preset qipi, issue 17) by R-id: 皮 tiles, play to the last tile, special
discards, the laizi limit, strict 将, and the two settlement switches.

Boards are dealt by hand (deal mode) or from a shuffled wall; wins are judged through
``replay evaluate`` inputs. Every expected amount is worked out in a comment from RULES.md §10.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from replay.games.wuhan.board import ACT, Board, IllegalEvent
from replay.games.wuhan.evaluate import evaluate
from replay.games.wuhan.hand import Meld, readings
from replay.games.wuhan.judge import is_tenpai, waits
from replay.games.wuhan.laizi import laizi_of, table_rules
from replay.games.wuhan.ruleset import make_ruleset
from replay.games.wuhan.table import SeatState, Table
from replay.tiles import CODES, JIANG, KIND_OF
from schemas.audit import audit_records
from tests.builders import chi, peng, seat, win_input
from tests.reference import engine_readings_as_set, ref_readings, ref_waits
from tests.strategies import SWITCH_RULESETS, RefMeld, forced_pi_runs

NOBODY = seat()


def deal_board(
    hands: dict[int, str], indicator: str, preset: str = "qipi", dealer: int = 0, **overrides: Any
) -> Board:
    """A deal-mode board: the given tiles, each hand filled with plain tiles (no pizi, 皮 or laizi)."""
    rules = make_ruleset(preset, overrides)
    laizi = laizi_of(KIND_OF[indicator], rules)
    special = {*table_rules(rules, laizi).pizi, laizi}
    pool = Counter({k: 4 for k in range(34)})
    pool[KIND_OF[indicator]] -= 1
    given = {s: [KIND_OF[t] for t in h.split()] for s, h in hands.items()}
    for h in given.values():
        pool.subtract(h)
    deal = []
    for s in range(4):
        mine = list(given.get(s, []))
        for k in range(34):
            while len(mine) < (14 if s == dealer else 13) and pool[k] > 0 and k not in special:
                pool[k] -= 1
                mine.append(k)
        deal.append([CODES[k] for k in mine])
    record = {
        "ruleset": {"preset": preset, "overrides": overrides},
        "dealer": dealer,
        "deal": deal,
        "laizi_indicator": indicator,
    }
    return Board.from_record(record)


def wall_board(seed: int, preset: str = "qipi", **overrides: Any) -> Board:
    wall = [c for c in CODES for _ in range(4)]
    random.Random(seed).shuffle(wall)
    return Board.from_record(
        {"ruleset": {"preset": preset, "overrides": overrides}, "dealer": 0, "wall": wall}
    )


def ev(
    seats: list[dict[str, Any]], winner: int, way: str, tile: str, *args: Any, **kw: Any
) -> dict[str, Any]:
    """``replay evaluate`` under preset qipi (indicator 4万 unless given)."""
    kw.setdefault("preset", "qipi")
    kw.setdefault("indicator", "4m")
    return evaluate(win_input(seats, winner, way, tile, *args, **kw))


def code_of(err: pytest.ExceptionInfo[IllegalEvent]) -> tuple[str, str]:
    return err.value.reason.code, err.value.reason.rule


def plain(board: Board, seat_no: int) -> str:
    """A tile the seat may discard (not a pizi, 皮 or laizi)."""
    hand = board.seats[seat_no].hand
    return CODES[next(t for t in hand if t not in board.rules.pizi and t != board.laizi)]


def spare(board: Board) -> int:
    """A kind with a copy still unseen, plain ones first (deal mode: the next draw's tile)."""
    special = {*board.rules.pizi, board.laizi}
    return next(k for k in sorted(range(34), key=lambda k: (k in special, k)) if board.seen[k] < 4)


def play_plain_until(board: Board, live: int) -> None:
    """Seats draw and discard plain tiles (no claims) until ``live`` tiles are left to draw."""
    seat_no = board.turn
    board.push({"type": "discard", "seat": seat_no, "tile": plain(board, seat_no)})
    while board.live > live:
        seat_no = (seat_no + 1) % 4
        board.push({"type": "draw", "seat": seat_no})
        board.push({"type": "discard", "seat": seat_no, "tile": plain(board, seat_no)})


# ----------------------------------------------------------------------------


def test_R_3_6_R_4_4_pi_gang_is_legal_under_qipi_and_refused_without_it() -> None:
    """Indicator 4万: 4万 and 3万 are 皮; the dealer's 3万 goes out as a 皮子杠 and draws from the back."""
    board = deal_board({0: "3m"}, "4m")
    board.push({"type": "gang", "seat": 0, "kind": "pizi", "tile": "3m"})
    assert board.seats[0].pi_gangs == 1 and board.seats[0].pizi_gangs == 0
    board.push({"type": "draw", "seat": 0, "tile": "9s"})
    assert board.last_draw is not None and board.last_draw.kind == "replacement"
    assert board.snapshot()["pi"] == ["3m", "4m"]
    old = deal_board({0: "3m"}, "4m", preset="hzlzg")
    with pytest.raises(IllegalEvent) as err:
        old.push({"type": "gang", "seat": 0, "kind": "pizi", "tile": "3m"})
    assert code_of(err) == ("bad_meld", "R-5.2") and "not a gang tile" in str(err.value)


def test_R_4_4_a_pi_is_never_claimed_or_melded() -> None:
    """A discarded 皮 (allowed here only by overriding R-4.5) cannot be peng'd; nor chi'd with."""
    board = deal_board({0: "4m 9m", 1: "5m 6m", 2: "4m 4m"}, "4m", special_discard="allowed")
    board.push({"type": "discard", "seat": 0, "tile": "4m"})
    assert board.seats[0].pi_discards == 1
    assert not [a for a in board.legal_actions() if a["type"] in ("peng", "chi")]
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "peng", "seat": 2})
    assert code_of(err) == ("claim_pizi", "R-4.1")


def test_R_4_4_holding_a_pi_blocks_the_win_and_tenpai() -> None:
    """E7's seat 1 before its 皮子杠: holding 3万 it cannot win on 5条, and is not tenpai."""
    winner = seat("6s 7s 8s 2p 2p 2p 3m", chi("1s 2s 3s", 0), peng("9p", 2))
    out = ev([NOBODY, winner, NOBODY, NOBODY], 1, "discard", "5s", 0)
    assert out["reason"]["code"] == "holds_pizi" and "3m" in out["reason"]["message"]
    rules = make_ruleset("qipi")
    laizi = laizi_of(KIND_OF["4m"], rules)
    melds = [Meld("chi", (9, 10, 11), None, 0), Meld("peng", (26, 26, 26), None, 2)]
    for hand, tenpai in (("6s 7s 8s 2p 2p 2p 3m", False), ("6s 7s 8s 2p 2p 2p 5s", True)):
        seats = [SeatState(), SeatState([KIND_OF[t] for t in hand.split()], melds), SeatState(), SeatState()]
        assert is_tenpai(Table(table_rules(rules, laizi), laizi, 0, seats), 1) is tenpai


#: R-4.4's example: indicator 4条, laizi 5条, 皮 4条 and 3条. Seat 1 has peng 9筒 (from 2) and chi
#: 6-7-8筒 (from 0, its 上家) and holds 8万 8万 1条 2条 5条 2筒 3筒.
R_4_4_MELDS = (peng("9p", 2), chi("6p 7p 8p", 0))
R_4_4_HAND = "8m 8m 1s 2s 5s 2p 3p"


def test_R_4_4_a_laizi_may_stand_for_a_pi_kind() -> None:
    """R-4.4's example: on 1筒 it reads 1-2条 + laizi as 3条 (a 皮 kind), 1-2-3筒, pair 8万 (a 将),
    peng 9筒, chi 6-7-8筒: a legal 屁胡, soft (the laizi stands for another kind, R-7.11).

    Receipts (R-10, preset qipi: 口口番, dealer seat 0, 屁胡 base 1; the losers opened nothing):
    W = 1 · 2·2 (two opens) = 4, no 硬胡.
    On seat 0's discard: seat 0 pays 1·4 · 放冲 2 · 庄 2 = 16; seats 2 and 3 pay 1·4 = 4 each;
    seat 1 +24. Self-drawn: W = 4 · 自摸 2 = 8; seat 0 pays 8 · 庄 2 = 16, seats 2 and 3 8; +32.
    Seat 1 before the tile is tenpai (R-9.1) on 1筒 and 4筒 (2-3筒 with either end)."""
    winner = seat(R_4_4_HAND, *R_4_4_MELDS)
    seats = [NOBODY, winner, NOBODY, NOBODY]
    out = ev(seats, 1, "discard", "1p", 0, indicator="4s")
    assert out["legal"] and out["hands"] == ["pihu"] and out["hard"] is False
    assert [(r["seat"], r["expression"], r["raw"]) for r in out["receipts"]] == [
        (0, "1·4·2·2", 16),
        (2, "1·4", 4),
        (3, "1·4", 4),
    ]
    assert out["deltas"] == [-16, 24, -4, -4]
    drawn = ev(seats, 1, "self_draw", "1p", indicator="4s")
    assert drawn["legal"] and drawn["hard"] is False and drawn["deltas"] == [-16, 32, -8, -8]
    rules = make_ruleset("qipi")
    laizi = laizi_of(KIND_OF["4s"], rules)
    melds = [Meld("peng", (26, 26, 26), None, 2), Meld("chi", (23, 24, 25), None, 0)]
    held = SeatState([KIND_OF[t] for t in R_4_4_HAND.split()], melds)
    table = Table(table_rules(rules, laizi), laizi, 0, [SeatState(), held, SeatState(), SeatState()])
    assert [CODES[k] for k in waits(table, 1)] == ["1p", "4p"] and is_tenpai(table, 1)


def test_R_4_4_the_example_without_the_laizi_is_no_win() -> None:
    """Its twin: 6条 instead of the laizi 5条 leaves 1条 2条 6条 with nothing to make a run of them
    (8万 8万, 1-2-3筒 and the two melds are the rest): not a winning hand, on 1筒 nor any tile."""
    twin = seat("8m 8m 1s 2s 6s 2p 3p", *R_4_4_MELDS)
    out = ev([NOBODY, twin, NOBODY, NOBODY], 1, "discard", "1p", 0, indicator="4s")
    assert not out["legal"] and out["reason"]["code"] == "not_a_winning_hand"


def test_R_4_4_a_held_pi_still_blocks_the_laizi_reading() -> None:
    """The laizi may stand for a 皮 kind, but a 皮 tile held still blocks the win (R-4.4): 8万 1条
    2条 5条 3条 3条 3条 on 8万 reads 8万 8万, 1-2条 + laizi as 3条, 3条 ×3, yet 3条 is held: no win
    under qipi; with qipi off 3条 is a plain tile and the same hand wins."""
    hand = seat("8m 1s 2s 5s 3s 3s 3s", *R_4_4_MELDS)
    out = ev([NOBODY, hand, NOBODY, NOBODY], 1, "discard", "8m", 0, indicator="4s")
    assert out["reason"]["code"] == "holds_pizi" and "3s" in out["reason"]["message"]
    off = ev([NOBODY, hand, NOBODY, NOBODY], 1, "discard", "8m", 0, indicator="4s", qipi=False)
    assert off["legal"] and off["hands"] == ["pihu"]


@st.composite
def pi_run_hands(draw: Any) -> tuple[list[int], list[RefMeld], int, str, int, Any]:
    """A 七皮 table's winning hand by construction whose laizi must stand for a 皮 kind: laizi 5
    of a suit (皮 4 and 3), the run 1-2-3 of that suit held as 1, 2 and the laizi (only the 皮
    3 completes it, ``tests.strategies.forced_pi_runs``), three more sets of plain kinds (one to
    three of them exposed as chi/peng, so the seat has opened) and a 将 pair of a plain kind: a
    soft 屁胡 (R-4.4, R-7.2), which the old reading (no laizi as a 皮) refused.
    (concealed, melds, winning tile, way, laizi, table rules)."""
    rules = draw(st.sampled_from([r for r in SWITCH_RULESETS if r.qipi]))
    laizi = 9 * draw(st.integers(0, 2)) + 4
    table = table_rules(rules, laizi)
    (run,) = forced_pi_runs(table, laizi)
    counts = [0] * 34
    held = [laizi if t in table.pi else t for t in run]
    for t in held:
        counts[t] += 1
    plain = [k for k in range(34) if k not in table.pizi and k != laizi]
    groups: list[tuple[int, ...]] = []
    for _ in range(3):
        k = draw(st.sampled_from(plain))
        group = (k, k + 1, k + 2) if draw(st.booleans()) and k < 27 and k % 9 <= 6 else (k, k, k)
        assume(all(t in plain for t in group) and all(counts[t] + group.count(t) <= 4 for t in group))
        for t in group:
            counts[t] += 1
        groups.append(group)
    pair = draw(st.sampled_from([k for k in plain if k in JIANG and counts[k] <= 2]))
    exposed = draw(st.integers(1, 3))
    melds = [RefMeld("chi" if g[0] != g[1] else "peng", g) for g in groups[:exposed]]
    concealed = held + [t for g in groups[exposed:] for t in g] + [pair, pair]
    win = draw(st.sampled_from(sorted(set(concealed))))
    concealed.remove(win)
    way = draw(st.sampled_from(("self_draw", "discard")))
    return sorted(concealed), melds, win, way, laizi, table


@settings(max_examples=150, deadline=None, derandomize=True)
@given(pi_run_hands(), st.data())
def test_R_4_4_laizi_as_a_pi_kind_matches_the_reference(
    case: tuple[list[int], list[RefMeld], int, str, int, Any], data: st.DataObject
) -> None:
    """R-4.4 against the brute force: the readings of a hand whose laizi must stand for a 皮 kind
    include the soft 屁胡 (the reference is held to the construction too), and engine and
    reference agree on the readings and, with one natural tile out, on the waits (R-9.1), where
    the tile taken out is one."""
    concealed, ref_melds, win, way, laizi, rules = case
    melds = [Meld(m.type, m.tiles) for m in ref_melds]
    want = ref_readings(concealed, ref_melds, win, way, laizi, rules)
    assert (frozenset({"pihu"}), False) in want
    assert engine_readings_as_set(readings(concealed, melds, win, way, laizi, rules)) == want
    tiles = sorted([*concealed, win])
    out = data.draw(st.sampled_from(sorted({t for t in tiles if t != laizi})), label="taken out")
    tiles.remove(out)
    seats = [SeatState(tiles, melds), SeatState(), SeatState(), SeatState()]
    expected = ref_waits(tiles, ref_melds, laizi, rules)
    assert out in expected and waits(Table(rules, laizi, 1, seats), 0) == expected


# ----------------------------------------------------------------------------


def test_R_3_7_play_goes_on_past_the_haidi_line_to_the_last_tile() -> None:
    """Discards, claims and kongs go on below 14 tiles; the draws leaving fewer than 4 are haidi
    draws; the discard after the last tile ends the hand in a draw (黄庄) and cannot be claimed."""
    board = wall_board(7)
    play_plain_until(board, 10)
    assert board.phase != "haidi" and board.live == 10
    acts = {a["type"] for a in board.legal_actions()}
    assert "draw" in acts
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "huangzhuang"})
    assert code_of(err)[0] == "early_huangzhuang"
    kinds = []
    while board.live > 0:
        s = (board.last_discard[0] + 1) % 4  # type: ignore[index]
        board.push({"type": "draw", "seat": s})
        assert board.last_draw is not None
        kinds.append(board.last_draw.kind)
        board.push({"type": "discard", "seat": s, "tile": plain(board, s)})
    # live after each draw: 9 .. 0; fewer than 4 left (3, 2, 1, 0) is a haidi draw
    assert kinds == ["normal"] * 6 + ["haidi"] * 4
    assert board.legal_actions() == [{"type": "huangzhuang"}]
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "peng", "seat": (board.last_discard[0] + 1) % 4})  # type: ignore[index]
    assert code_of(err) == ("wall_empty", "R-3.7")
    board.push({"type": "huangzhuang"})
    assert board.ended and board.ended_by == "huangzhuang"


def test_R_3_7_kong_below_the_line_and_a_haidi_replacement_draw() -> None:
    """R-3.5 does not apply: the dealer's an-gang with 2 tiles left is legal; its replacement
    leaves 1, a haidi draw (a win on it would be 杠上开 + 海底捞). The old rules refuse the kong."""
    for preset, code in (("qipi", None), ("hzlzg", "late_kong")):
        board = deal_board(
            {0: "9m 9m 9m 9m 1m"}, "4p", preset=preset, haidi_play_on=True, special_discard="allowed"
        )
        board.push({"type": "discard", "seat": 0, "tile": "1m"})
        seat_no = 0
        while board.live > 2:  # 80 draws: the 80th is seat 0's
            seat_no = (seat_no + 1) % 4
            k = spare(board)
            board.push({"type": "draw", "seat": seat_no, "tile": CODES[k]})
            if board.live > 2:
                board.push({"type": "discard", "seat": seat_no, "tile": CODES[k]})
        assert seat_no == 0 and board.last_draw is not None and board.last_draw.kind == "haidi"
        if preset == "hzlzg":
            board = deal_board({0: "9m 9m 9m 9m 1m"}, "4p", preset=preset)
            board.front = board.back - 13  # 14 tiles left: R-3.5's line
            with pytest.raises(IllegalEvent) as err:
                board.push({"type": "gang", "seat": 0, "kind": "an", "tile": "9m"})
            assert code_of(err) == (code, "R-3.5")
            continue
        board.push({"type": "gang", "seat": 0, "kind": "an", "tile": "9m"})
        board.push(
            {"type": "draw", "seat": 0, "tile": CODES[next(k for k in range(34) if board.seen[k] < 4)]}
        )
        assert board.live == 1 and board.last_draw.kind == "haidi_replacement"


def test_R_3_7_haidi_gang_draw_is_gangshangkai_and_haidilao() -> None:
    """A win on a replacement draw that is a haidi draw: 杠上开 + 海底捞, base 20 (added), no
    self-draw factor (R-10.10: none on a replacement draw); W = 2 (one open) · 2 (红中杠) · 2 (hard)."""
    winner = seat("2m 3m 4m 5s 6s 7s 2p 2p 3p 4p", peng("9m", 2), pizi_gangs=1)
    seats = [NOBODY, winner, NOBODY, NOBODY]
    out = ev(seats, 1, "haidi_gang_draw", "5p", indicator="1s")
    assert out["legal"] and out["hands"] == ["gangshangkai", "haidilao"] and out["base"] == 20
    assert out["receipts"][0]["expression"] == "20·2·2·2"  # base, 开口 2¹, 红中杠, 硬胡
    old = evaluate(win_input(seats, 1, "haidi_gang_draw", "5p", indicator="1s"))
    assert old["error"]["field"] == "win.way"


def test_R_3_7_a_kong_with_the_wall_empty_draws_nothing() -> None:
    """The last tile drawn, a 红中杠 draws nothing: the hand is a draw."""
    board = deal_board({0: "1m"}, "4p", special_discard="allowed")
    board.push({"type": "discard", "seat": 0, "tile": "1m"})
    seat_no = 0
    while board.live > 0:
        seat_no = (seat_no + 1) % 4
        nxt = spare(board)
        board.push({"type": "draw", "seat": seat_no, "tile": CODES[nxt]})
        if board.live == 0:
            break
        board.push({"type": "discard", "seat": seat_no, "tile": CODES[nxt]})
    assert board.live == 0 and board.phase == ACT
    board.seats[seat_no].hand.append(KIND_OF["C"])  # test set-up: the drawer holds a 红中
    board.push({"type": "gang", "seat": seat_no, "kind": "pizi", "tile": "C"})
    assert board.legal_actions() == [{"type": "huangzhuang"}]
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "draw", "seat": seat_no, "tile": "5m"})
    assert code_of(err) == ("wall_empty", "R-3.7")
    board.push({"type": "huangzhuang"})
    assert board.ended


# ----------------------------------------------------------------------------


def test_R_4_5_gang_only_refuses_special_discards() -> None:
    """A 红中, a 皮 or the laizi leaves the hand only as its gang; legal_actions offers no discard of it."""
    board = deal_board({0: "C 3m 5m 9s"}, "4m")
    discards = {a["tile"] for a in board.legal_actions() if a["type"] == "discard"}
    assert {"C", "3m", "5m"}.isdisjoint(discards) and "9s" in discards
    gangs = {(a["kind"], a["tile"]) for a in board.legal_actions() if a["type"] == "gang"}
    assert {("pizi", "C"), ("pizi", "3m"), ("laizi", "5m")} <= gangs
    for tile in ("C", "3m", "5m"):
        with pytest.raises(IllegalEvent) as err:
            board.push({"type": "discard", "seat": 0, "tile": tile})
        assert code_of(err) == ("special_discard", "R-4.5")
    allowed = deal_board({0: "C 3m 5m 9s"}, "4m", special_discard="allowed")
    allowed.push({"type": "discard", "seat": 0, "tile": "5m"})
    assert allowed.seats[0].laizi_discards == 1


def test_R_4_5_evaluate_refuses_a_special_discard_under_gang_only() -> None:
    winner = seat("2m 3m 4m 5s 6s 7s 2p 2p 3p 4p", peng("9m", 2))
    seats = [seat("", laizi_discards=1), winner, NOBODY, NOBODY]
    out = ev(seats, 1, "self_draw", "5p", indicator="1s")
    assert out["reason"]["code"] == "special_discard"


# ----------------------------------------------------------------------------


def test_R_4_6_a_big_hand_may_use_two_wildcards_not_three() -> None:
    """碰碰胡 1条1条+赖 2筒2筒+赖 7条×3, 6万 pair: two wildcards, legal and soft under wild.
    With a third wildcard needed the hand is refused under wild (R-4.6) but not under held."""
    two = seat("1s 1s 5m 2p 2p 5m 7s 7s 7s 6m", peng("9p", 2))
    out = ev([NOBODY, two, NOBODY, NOBODY], 1, "self_draw", "6m")
    assert out["legal"] and out["hands"] == ["pengpenghu"] and out["hard"] is False
    three = seat("1s 1s 5m 2p 2p 5m 7s 7s 5m 6m", peng("9p", 2))
    out = ev([NOBODY, three, NOBODY, NOBODY], 1, "self_draw", "6m")
    assert out["reason"]["code"] == "too_many_wild_laizi" and out["reason"]["rule"] == "R-4.6"
    held = evaluate(
        win_input(
            [NOBODY, three, NOBODY, NOBODY],
            1,
            "self_draw",
            "6m",
            preset="qipi",
            indicator="4m",
            laizi_limit="held",
        )
    )
    assert held["legal"] and held["hands"] == ["pengpenghu"]


def test_R_4_6_a_pihu_may_use_one_wildcard_and_hold_more_laizi_as_themselves() -> None:
    """5万 5万 (laizi, as themselves) the 将 and one more 5万 standing in for 4条: a soft 屁胡."""
    winner = seat("1s 2s 6s 7s 8s 2p 2p 2p 5m 5m", peng("9p", 2))
    out = ev([NOBODY, winner, NOBODY, NOBODY], 1, "self_draw", "5m")
    assert out["legal"] and out["hands"] == ["pihu"]


# ----------------------------------------------------------------------------


def _rob_pengpenghu(**overrides: Any) -> dict[str, Any]:
    robber = seat("9s 9s 9s 1p 1p 1p 8m 8m 8m 6s", peng("7m", 1))  # 6s: the laizi
    robbed = seat("", peng("6p", 0))
    seats = [NOBODY, NOBODY, robber, robbed]
    return ev(seats, 2, "rob", "6p", 3, indicator="5s", **overrides)


def test_R_7_15_a_robbed_kong_without_a_jiang_is_pengpenghu_alone() -> None:
    """The robbed 6筒 pairs with the laizi: no 将, so 碰碰胡 alone (soft), no 抢杠, no 放冲 even
    with qianggang_fangchong, no liability. W = 2 (one open): 10·2 = 20, seat 3 (一口) 10·2·2 = 40."""
    out = _rob_pengpenghu(qianggang_fangchong=True)
    assert out["hands"] == ["pengpenghu"] and out["hard"] is False and out["liable"] is None
    assert {r["seat"]: r["pays"] for r in out["receipts"]} == {0: 20, 1: 20, 3: 40}
    # without: 碰碰胡 + 抢杠, base 20; seat 3 20·2·2·1.5 = 120 and liable for 40 + 40 + 120
    loose = _rob_pengpenghu(qianggang_fangchong=True, strict_jiang=False)
    assert loose["hands"] == ["pengpenghu", "qianggang"] and loose["liable"] == 3
    assert loose["deltas"] == [0, 0, 200, -200]


def test_R_7_15_quanqiuren_pair_is_always_a_jiang() -> None:
    """全求人 + 碰碰胡 with a 9条 pair: without R-7.15 both; with it 碰碰胡 alone (no 将)."""
    melds = [peng("1m", 0), peng("E", 0), peng("3p", 0), peng("7s", 0)]
    seats = [NOBODY, seat("9s", *melds), NOBODY, NOBODY]
    out = ev(seats, 1, "discard", "9s", 0)
    assert out["hands"] == ["pengpenghu"]
    loose = ev(seats, 1, "discard", "9s", 0, strict_jiang=False)
    assert loose["hands"] == ["pengpenghu", "quanqiuren"]


def test_R_7_15_haidi_without_a_jiang_is_a_plain_self_draw() -> None:
    """碰碰胡 on a normal haidi draw with no 将: no 海底捞, the big-hand self-draw 1.5 (10·2·2·1.5 = 60)."""
    winner = seat("9s 9s 9s 1p 1p 1p 8m 8m 8m 3s", peng("7m", 1))
    out = ev([NOBODY, NOBODY, winner, NOBODY], 2, "haidi", "3s", indicator="5p")
    assert out["hands"] == ["pengpenghu"]
    assert out["receipts"][0]["expression"] == "10·2·2·1.5" and out["receipts"][0]["raw"] == 60


# ----------------------------------------------------------------------------


def test_R_10_10_haidilao_on_a_replacement_draw_takes_no_self_draw_factor() -> None:
    """R-10.10: only a 海底捞 on a normal draw takes the 1.5 (E8 has it); on a replacement draw
    (also 杠上开) none: 20 · 2 (one open) · 2 (红中杠) · 2 (hard) = 160."""
    winner = seat("2m 3m 4m 5s 6s 7s 2p 2p 3p 4p", peng("9m", 2), pizi_gangs=1)
    out = ev([NOBODY, winner, NOBODY, NOBODY], 1, "haidi_gang_draw", "5p", indicator="1s")
    assert [f["name"] for f in out["receipts"][0]["factors"]].count("self_draw") == 0
    assert out["receipts"][0]["raw"] == 160


# ----------------------------------------------------------------------------


def _sitting(dealer2: int) -> list[dict[str, Any]]:
    """Two hands of one qipi sitting: seat 1 wins hand 1 (dealer 0) on seat 0's 1万."""
    board_hands = {0: "1m", 1: "2m 3m 4s 5s 6s 7p 8p 9p 3s 3s 5m 5m E"}
    records = []
    for no, dealer in ((1, 0), (2, dealer2)):
        board = deal_board(board_hands, "5p", dealer=0)
        deal = [[CODES[t] for t in s.hand] for s in board.seats]
        record = {
            "format": "wuhan-hand/1",
            "hand_id": f"r23-{no}",
            "source": "t",
            "session": {"id": "sit", "hand_no": no},
            "ruleset": {"preset": "qipi"},
            "seats": [{"player_id": f"p{s}"} for s in range(4)],
            "dealer": 0,
            "deal": deal,
            "laizi_indicator": "5p",
            "events": [
                {"type": "discard", "seat": 0, "tile": "1m"},
                {"type": "chi", "seat": 1, "tiles": ["2m", "3m"]},
                {"type": "discard", "seat": 1, "tile": "E"},
                {"type": "draw", "seat": 2, "tile": "3s"},
                {"type": "discard", "seat": 2, "tile": "3s"},
                {"type": "hu", "seat": 1},
            ],
        }
        if no == 2:  # the same deal, seated so that `dealer` deals
            record["dealer"] = dealer
            if dealer != 0:
                record["deal"] = deal[-dealer:] + deal[:-dealer]
                record["events"] = [{**e, "seat": (e["seat"] + dealer) % 4} for e in record["events"]]
        records.append(record)
    return records


def test_R_2_3_the_winner_deals_the_next_hand() -> None:
    """dealer_rotation winner: seat 1 won hand 1, so seat 1 deals hand 2 (R-2.2 would say seat 1
    too); with seat 2 dealing, hand 2 is flagged dealer_not_winner."""
    ok = audit_records((r, None) for r in _sitting(1))
    assert [a["status"] for a in ok] == ["ok", "ok"]
    bad = audit_records((r, None) for r in _sitting(2))
    assert bad[1]["status"] == "illegal"
    assert (
        bad[1]["first_illegal"]["code"] == "dealer_not_winner" and bad[1]["first_illegal"]["rule"] == "R-2.3"
    )
