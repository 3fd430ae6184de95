"""The Changsha table's own rules by id (changsha.md CS-1.2, CS-2.1, CS-2.2, CS-2.5, CS-3.3, CS-3.6,
CS-3.11), each as whole ``changsha-hand/1`` records pushed through the board and audited: a legal
record with its hand-worked outcome (deltas, winners, birds, next dealer), and its illegal
neighbours, each refused at the event named with its reason code and CS rule.

Amounts are worked by hand from CS-6.2/6.3 (``changsha`` preset: small 10, dealer pair 20; big
self-draw 30, dealer pair 40) and CS-6.4 (a bird of value v hits seat (dealer + v − 1) mod 4 and
doubles every pair it is in). Walls come from ``tests/changsha_builders.py``, which puts each named
draw where the board must take it; the tests assert those indices by hand as well.
"""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.changsha.audit import audit_validated
from replay.games.changsha.board import Board
from replay.games.changsha.reasons import CATALOGUE
from replay.games.changsha.tiles import counts, parse, parse_list
from tests.changsha_builders import pool, record, tsumogiri
from tests.replay.test_changsha_board import E1_HANDS, E4_HANDS, E8_HANDS, E12_HANDS


def audited(rec: dict[str, Any]) -> dict[str, Any]:
    out = audit_validated(rec)
    assert out["status"] == "ok", (out["first_illegal"], out["errors"])
    computed: dict[str, Any] = out["computed"]
    return computed


def refused(rec: dict[str, Any], code: str, rule: str, index: int | None) -> None:
    """The audit stops at event ``index`` with ``code``, which the catalogue ties to ``rule``."""
    out = audit_validated(rec)
    assert out["status"] == "illegal", (out["status"], out["errors"], out["computed"])
    first = out["first_illegal"]
    assert (first["code"], first["rule"], first["index"]) == (code, rule, index), first
    assert CATALOGUE[code][0] == rule


# ---------------------------------------------------------------------------------- CS-1.2
# Seat 1 (下家 of the dealer) chis 3m; seat 0 (下家 of seat 3, round the table) chis 7s; seat 1
# then draws its 5s tanki (将) and wins 平胡.
TURN_HANDS = [
    "3m 89s 666m 777m 888m 22p",
    "45m 123p 456p 789p 2s 5s",
    "19m 19s 19p 2468m 35s 7p",
    "7s 2m 4m 3s 4p 6p 8p 1s 3p 5p 7p 9p 5m",
]
TURN_EVENTS = [
    "x0 3m", "c1 4m 5m", "x1 2s", "d2 4s", "x2 4s", "d3 6s", "x3 7s",
    "c0 8s 9s", "x0 2p", "d1 5s", "h1", "b 1m",
]  # fmt: skip


def test_cs_1_2_turn_order_and_chi_by_the_xiajia() -> None:
    """CS-1.2: play goes 0→1→2→3→0; s+1 is s's 下家, so seat 1 may chi seat 0's tile and seat 0
    seat 3's. Seat 1 wins a small self-draw (平胡, 5s pair): seat 0 (dealer) 20, seats 2, 3 10;
    the bird 1m hits (0 + 1 − 1) mod 4 = seat 0: its 20 doubles to 40. Deltas [−40, 60, −10, −10]."""
    got = audited(record(TURN_HANDS, TURN_EVENTS))
    assert got["winners"] == [1] and got["hands"] == {"1": ["pinghu"]}
    assert got["bird_seats"] == [0]
    assert got["deltas"] == [-40, 60, -10, -10]
    assert got["next_dealer"] == 1


@pytest.mark.parametrize(
    ("events", "code", "rule", "index"),
    [
        # 对家 (s+2) and 上家 (s−1) may not chi: only the 下家
        (["x0 3m", "c2 2m 4m"], "chi_not_next_seat", "CS-3.2", 1),
        (["x0 3m", "c3 2m 4m"], "chi_not_next_seat", "CS-3.2", 1),
        # seat 3's 下家 is seat 0, not seat 2 (its 上家)
        ([*TURN_EVENTS[:7], "c2 6s 8s"], "chi_not_next_seat", "CS-3.2", 7),
        # after seat 0's discard seat 1 draws, not seat 2
        (["x0 3m", "d2 4s"], "out_of_turn", "CS-3.1", 1),
        # after its chi seat 1 discards: nobody draws
        (["x0 3m", "c1 4m 5m", "d2 4s"], "out_of_turn", "CS-3.1", 2),
        # seat 2 drew: seat 3 may not discard in its place
        ([*TURN_EVENTS[:4], "x3 7s"], "out_of_turn", "CS-3.1", 4),
    ],
)
def test_cs_1_2_out_of_turn_refused(events: list[str], code: str, rule: str, index: int) -> None:
    """CS-1.2: a draw, discard or chi by a seat whose turn it is not."""
    refused(record(TURN_HANDS, events), code, rule, index)


# ---------------------------------------------------------------------------------- CS-2.1
def test_cs_2_1_the_deal_and_the_first_front_draw() -> None:
    """CS-2.1 with dealer seat 2 and the wall in code order (four of each kind in a row): seat 2
    gets wall[0..3] 1m, [16..19] 5m, [32..35] 9m, [48] 4s and the 14th wall[52] 5s; seat 3
    [4..7] 2m, [20..23] 6m, [36..39] 1s, [49] 4s; seat 0 3m, 7m, 2s, 4s; seat 1 4m, 8m, 3s, 4s.
    Seat 2 declares 四喜 + 缺一色 + 六六顺 (n = 3, ``end``); the bird is wall[53] = 5s → seat
    (2 + 5 − 1) mod 4 = 2, the winner: each pays 3 × 20 (dealer column) × 2 = 120."""
    wall = [code for code in (f"{d}{s}" for s in "msp" for d in range(1, 10)) for _ in range(4)]
    rec = record(E1_HANDS, [])
    rec["dealer"], rec["wall"] = 2, wall
    board = Board.from_record(rec)
    dealt = {
        2: ["1m"] * 4 + ["5m"] * 4 + ["9m"] * 4 + ["4s", "5s"],
        3: ["2m"] * 4 + ["6m"] * 4 + ["1s"] * 4 + ["4s"],
        0: ["3m"] * 4 + ["7m"] * 4 + ["2s"] * 4 + ["4s"],
        1: ["4m"] * 4 + ["8m"] * 4 + ["3s"] * 4 + ["4s"],
    }
    for s, hand in dealt.items():
        assert board.seats[s].hand == counts(parse_list(hand, "hand")), s
    assert wall[53] == "5s" and board.live_tiles()[0] == parse("5s", "tile")
    rec["events"] = [
        {"type": "qishou", "seat": 2, "kinds": ["sixi", "queyise", "liuliushun"]},
        {"type": "birds", "tiles": ["5s"]},
    ]
    got = audited(rec)
    assert got["deltas"] == [-120, -120, 360, -120] and got["bird_seats"] == [2]
    # the dealer's discard, then its 下家 (seat 3) draws wall[53]: naming another tile is refused
    rec["events"] = [
        {"type": "discard", "seat": 2, "tile": "4s"},
        {"type": "draw", "seat": 3, "tile": "6s"},
    ]
    refused(rec, "draw_mismatch", "CS-2.2", 1)


# ---------------------------------------------------------------------------------- CS-2.2
# Seat 1 opens a kong (开杠) of 6m at once: dice [3, 5] take wall[102] (stack 51's top) and
# wall[98] (stack 49's top); seat 0 then 补张s an-kong 3m from wall[106]. Every normal draw
# still takes the lowest-index live tile: wall[53], 54, … 97, then 99 (98 went to the dice).
FRONT_HANDS = [
    "3333m 111p 222p 444p 8p",
    "6666m 234s 567p 22m 4m",
    "111555999s 888p 7m",
    "777666888s 8m 9m 55m",
]
# ``front[k]`` is the k-th front draw after seat 1's 5m (wall[53]): wall[54 + k] up to k = 43
# (wall[97]), then wall[99] for k = 44, seat (2 + 44) mod 4 = 2.


def front_events() -> list[str]:
    """44 front draws tsumogiri'd (seats 2, 3, 0, 1, …; seat 0 also 补张s after its first),
    then seat 2's next front draw (wall[99]) is its 7m: 碰碰胡 (any pair)."""
    rest = [t for t in pool(FRONT_HANDS, ["5m", "9p", "2m", "7m", "2p", "3p"]) if t != "7m"]
    # seat 1 is locked after its 开杠 and waits on 3m only: all four 3m are seat 0's
    assert "3m" not in rest and len(rest) >= 44
    front = rest[:44]
    head = ["x0 8p", "d1 5m", "ga1 6m kai 3 5", "d1 9p", "d1 2m"]
    first = tsumogiri([2, 3], front[:2])
    dealer = [f"d0 {front[2]}", "ga0 3m bu", "d0 3p", "x0 3p"]
    later = tsumogiri([1, 2, 3, 0], front[3:])
    return [*head, *first, *dealer, *later, "d2 7m", "h2", "b 2p"]


def test_cs_2_2_front_draws_skip_what_the_dice_and_back_took() -> None:
    """CS-2.2 (with CS-2.3, CS-2.4): the 46th front draw after the deal is wall[99], not wall[98]
    (a dice pick took it) and never wall[106] (the 补张 took it). Seat 2 wins 碰碰胡 on it
    (111s 555s 999s 888p 77m): a big self-draw, seat 0 (dealer) 40, seats 1, 3 30; bird
    wall[100] = 2p → (0 + 2 − 1) mod 4 = seat 1, which pays 60. Deltas [−40, −60, 130, −30]."""
    events = front_events()
    rec = record(FRONT_HANDS, events)
    wall = rec["wall"]
    assert (wall[102], wall[98], wall[106], wall[99], wall[100]) == ("9p", "2m", "3p", "7m", "2p")
    got = audited(rec)
    assert got["hands"] == {"2": ["pengpenghu"]} and got["bird_seats"] == [1]
    assert got["deltas"] == [-40, -60, 130, -30]
    assert got["next_dealer"] == 2


def test_cs_2_2_a_draw_not_from_the_front_is_refused() -> None:
    """CS-2.2: seat 2's draw of wall[99] named as 2m (the tile the dice took from wall[98]), and
    seat 1's first draw after the 补张 named as wall[107] (the next back tile), are refused."""
    events = front_events()
    last = events.index("d2 7m")
    rec = record(FRONT_HANDS, events)
    rec["events"][last]["tile"] = "2m"
    refused(rec, "draw_mismatch", "CS-2.2", last)
    rec = record(FRONT_HANDS, events)
    after_bu = events.index("x0 3p") + 1
    assert events[after_bu].startswith("d1 ")
    rec["events"][after_bu]["tile"] = rec["wall"][107]
    assert rec["wall"][107] != rec["wall"][57]  # the front draw due is wall[57]
    refused(rec, "draw_mismatch", "CS-2.2", after_bu)


# ---------------------------------------------------------------------------------- CS-2.5
# Seat 1 holds 4444m 5555m. After the dealer's 6p, 52 front draws are tsumogiri'd and seat 1's
# own front draw leaves 2 live tiles (wall[106], wall[107]); its 补张 then take them from the back.
LAST_HANDS = [
    "111s 999s 666m 66s 89p 6p",
    "4444m 5555m 123p 2s 7s",
    "123m 789m 234s 567s 5p",
    "111p 999p 777p 4p 1m 9m 8s",
]


def last_events(keep: list[str], tail: list[str]) -> list[str]:
    """The dealer's 6p, 52 tsumogiri draws (every tile but ``keep``), then ``tail``."""
    rest = pool(LAST_HANDS, keep)
    assert len(rest) == 52
    return ["x0 6p", *tsumogiri([1, 2, 3, 0], rest), *tail]


def test_cs_2_5_one_live_tile_at_a_normal_draw_is_the_haidi() -> None:
    """CS-2.5: one 补张 leaves 1 live tile; seat 2's normal draw is then the 海底: taken and won,
    海底捞月 (big, k = 1): seat 0 (dealer) 40, seats 1, 3 30; no live tile is left, so the bird is
    the haidi 5p → (0 + 5 − 1) mod 4 = seat 0: 80. A plain ``draw`` by the due seat takes it too."""
    tail = ["d1 8s", "ga1 4m bu", "d1 2s", "x1 2s", "hd2 + 5p", "h2", "b 5p"]
    rec = record(LAST_HANDS, last_events(["8s", "2s", "5p"], tail))
    assert rec["wall"][106] == "2s" and rec["wall"][107] == "5p"
    got = audited(rec)
    assert got["hands"] == {"2": ["haidilaoyue"]} and got["birds"] == ["5p"]
    assert got["deltas"] == [-80, -30, 140, -30] and got["next_dealer"] == 2
    as_draw = [*tail[:4], "d2 5p", *tail[5:]]
    assert audited(record(LAST_HANDS, last_events(["8s", "2s", "5p"], as_draw)))["deltas"] == got["deltas"]


@pytest.mark.parametrize(
    ("tail", "code", "index"),
    [
        # the 海底 is due: the hand cannot be called a draw before it is offered
        (["d1 8s", "ga1 4m bu", "d1 2s", "x1 2s", "hz"], "early_huangzhuang", 109),
        # 2 live tiles at seat 2's normal draw: no 海底 yet
        (["d1 8s", "x1 8s", "hd2 +"], "haidi_not_due", 107),
    ],
)
def test_cs_2_5_haidi_refusals(tail: list[str], code: str, index: int) -> None:
    refused(record(LAST_HANDS, last_events(["8s", "2s", "5p"], tail)), code, "CS-2.5", index)


def test_cs_2_5_a_kong_replacement_takes_the_last_tile_no_haidi() -> None:
    """CS-2.5: seat 1's second 补张 is due with 1 live tile and takes it (wall[107] = 9s): it
    completes 123p 22s 789s with the two kongs, an ordinary self-draw 平胡, not 海底捞月. Seat 0
    (dealer) 20, seats 2, 3 10; no live tile: the bird is the last tile out, 9s → seat 0: 40."""
    tail = ["d1 8s", "ga1 4m bu", "d1 2s", "ga1 5m bu", "d1 9s", "h1", "b 9s"]
    rec = record(LAST_HANDS, last_events(["8s", "2s", "9s"], tail))
    assert rec["wall"][106] == "2s" and rec["wall"][107] == "9s"
    got = audited(rec)
    assert got["hands"] == {"1": ["pinghu"]} and got["birds"] == ["9s"]
    assert got["deltas"] == [-40, 60, -10, -10] and got["next_dealer"] == 1


def test_cs_2_5_a_kaigang_pick_of_the_last_tile_is_never_the_haidi() -> None:
    """CS-2.5 with CS-2.4, CS-4.5: seat 1's 开杠 of 5m is due with 1 live tile (123p 22s 78s
    waits 6s/9s): its one pick takes wall[107] and picks stop. 9s wins 杠上开花, not 海底捞月:
    big self-draw, seat 0 (dealer) 40, seats 2, 3 30; the bird is the last tile out, 9s → seat 0:
    80. Deltas [−80, 140, −30, −30]. A second pick is refused: the ganger must win (CS-3.6)."""
    tail = ["d1 8s", "ga1 4m bu", "d1 2s", "ga1 5m kai 1 1", "d1 9s", "h1", "b 9s"]
    got = audited(record(LAST_HANDS, last_events(["8s", "2s", "9s"], tail)))
    assert got["hands"] == {"1": ["gangshangkaihua"]} and got["birds"] == ["9s"]
    assert got["deltas"] == [-80, 140, -30, -30] and got["next_dealer"] == 1
    refused(
        record(LAST_HANDS, last_events(["8s", "2s", "9s"], [*tail[:5], "d1"])),
        "locked_must_win",
        "CS-3.6",
        110,
    )


@pytest.mark.parametrize(
    ("last", "hands", "deltas"),
    [
        # seat 2 wins on the 开杠 tile 5p: 杠上炮 (big discard, the ganger pays 60), not 海底炮;
        # the bird 5p hits seat 0, in no pair
        (["h2 5p", "b 5p"], {"2": ["gangshangpao"]}, [0, -60, 60, 0]),
        # nobody wins it: 黄庄, and seat 1, who took the wall's last tile, deals next (CS-1.3 F)
        (["hz"], {}, [0, 0, 0, 0]),
    ],
)
def test_cs_2_5_an_unwon_kaigang_last_tile(
    last: list[str], hands: dict[str, list[str]], deltas: list[int]
) -> None:
    tail = ["d1 8s", "ga1 4m bu", "d1 2s", "ga1 5m kai 1 1", "d1 5p", *last]
    got = audited(record(LAST_HANDS, last_events(["8s", "2s", "5p"], tail)))
    assert got["hands"] == hands and got["deltas"] == deltas
    assert got["next_dealer"] == (2 if hands else 1)


HUANG_TAIL = ["d1 8s", "ga1 4m bu", "d1 2s", "ga1 5m bu", "d1 7p", "x1 7p"]


def test_cs_2_5_no_live_tile_at_a_normal_draw_is_huangzhuang() -> None:
    """CS-2.5: the last tile went to a 补张, so seat 2's normal draw finds 0 live tiles: 黄庄,
    nothing paid (no 杠分, CS-3.3), and the seat that drew the last tile deals next (CS-1.3 F)."""
    got = audited(record(LAST_HANDS, last_events(["8s", "2s", "7p"], [*HUANG_TAIL, "hz"])))
    assert got["ended_by"] == "huangzhuang" and got["winners"] == []
    assert got["deltas"] == [0, 0, 0, 0] and got["next_dealer"] == 1


@pytest.mark.parametrize(("last", "code"), [("d2", "wall_empty"), ("hd2 +", "haidi_not_due")])
def test_cs_2_5_no_draw_and_no_haidi_from_an_empty_wall(last: str, code: str) -> None:
    refused(record(LAST_HANDS, last_events(["8s", "2s", "7p"], [*HUANG_TAIL, last])), code, "CS-2.5", 111)


# ---------------------------------------------------------------------------------- CS-3.3
# Seat 1 ming-kongs the dealer's 9m as 补张 (back draw wall[106]), pengs seat 2's 5s, draws the
# 4th 5s and adds it (xu) as 开杠 or 补张.
KONG_HANDS = [
    "9m 111s 222s 333s 444s 7p",
    "999m 55s 234p 678p 8s 1m",
    "5s 111p 999p 555m 777m",
    "666m 222m 333m 444m 6s",
]
KONG_HEAD = [
    "x0 9m", "gm1 9m bu", "d1 3p", "x1 3p", "d2 8m", "x2 5s", "p1", "x1 1m",
    "d2 8m", "x2 8m", "d3 9s", "x3 9s", "d0 6p", "x0 6p", "d1 5s",
]  # fmt: skip


def test_cs_3_3_ming_bu_then_xu_kai() -> None:
    """CS-3.3: a ming-kong as 补张, then a xu-kong as 开杠 (tenpai on 8s with it aside). Dice
    [3, 5]: stack 53 (its top gone to the 补张) is the 1st, so the 3rd is 51 → wall[102] = 1p,
    then the 5th is 49 → wall[98] = 8s: 杠上开花, big self-draw. Kongs score nothing: seat 0
    (dealer) 40, seats 2, 3 30; bird wall[58] = 3p → seat 2: 60. Deltas [−40, 130, −60, −30]."""
    rec = record(KONG_HANDS, [*KONG_HEAD, "gx1 5s kai 3 5", "d1 1p", "d1 8s", "h1", "b 3p"])
    assert (rec["wall"][106], rec["wall"][102], rec["wall"][98], rec["wall"][58]) == ("3p", "1p", "8s", "3p")
    got = audited(rec)
    assert got["hands"] == {"1": ["gangshangkaihua"]} and got["bird_seats"] == [2]
    assert got["deltas"] == [-40, 130, -60, -30] and got["next_dealer"] == 1


def test_cs_3_3_xu_bu_wins_as_an_ordinary_self_draw() -> None:
    """CS-3.3, CS-3.4: the same xu-kong as 补张 takes stack 53's bottom wall[107] = 8s: 平胡, a
    small self-draw, no kong payment: seat 0 20, seats 2, 3 10; bird 3p → seat 2: 20."""
    rec = record(KONG_HANDS, [*KONG_HEAD, "gx1 5s bu", "d1 8s", "h1", "b 3p"])
    assert rec["wall"][107] == "8s"
    got = audited(rec)
    assert got["hands"] == {"1": ["pinghu"]}
    assert got["deltas"] == [-20, 50, -20, -10]


@pytest.mark.parametrize(
    ("build", "code", "rule", "index"),
    [
        # a xu-kong needs a peng of the tile
        (lambda: record(KONG_HANDS, [*KONG_HEAD, "gx1 8s bu"]), "no_peng_to_extend", "CS-3.3", 15),
        # a ming-kong needs three in hand: seat 1 holds two 5s
        (lambda: record(KONG_HANDS, [*KONG_HEAD[:6], "gm1 5s bu"]), "no_pair_to_claim", "CS-3.2", 6),
        # no kong without a live tile: seat 3 holds 777p and seat 1 discards the last 7p at 0 live
        (
            lambda: record(LAST_HANDS, last_events(["8s", "2s", "7p"], [*HUANG_TAIL, "gm3 7p bu"])),
            "kong_no_live_tile",
            "CS-3.3",
            111,
        ),
        # an own-turn kong of a tile held fewer than 4 times
        (lambda: record(KONG_HANDS, [*KONG_HEAD[:3], "ga1 8s bu"]), "no_pair_to_claim", "CS-3.2", 3),
    ],
)
def test_cs_3_3_kong_refusals(build: Any, code: str, rule: str, index: int) -> None:
    refused(build(), code, rule, index)


# ---------------------------------------------------------------------------------- CS-3.6
# E6's table: seat 3 ming-kongs seat 2's 9m as 开杠; the picks 4s, 8p do not complete its
# 123s 456s 78s 55m (waits 6s, 9s), so it is locked for the rest of the hand.
LOCK_HANDS = [
    "123s 444m 66m 888m 999s",
    "123456789p 22p 67p",
    "9m 111m 234m 555s 77m 6m",
    "999m 123s 456s 78s 55m",
]
LOCK_EVENTS = [
    "x0 1s", "d1 3s", "x1 3s", "d2 2s", "x2 9m", "gm3 9m kai 2 2", "d3 4s", "d3 8p",
    "d0 3m", "x0 3m", "d1 1p", "x1 1p", "d2 6s", "x2 6s", "d3 2m", "x3 2m",
    "d0 5m", "x0 5m", "d1 3m", "x1 3m", "d2 7s", "x2 7s", "d3 9s", "h3", "b 4p",
]  # fmt: skip


def test_cs_3_6_locked_seat_must_win_its_completing_draw() -> None:
    """CS-3.6: locked, seat 3 lets seat 2's 6s go (wins on discards stay optional), discards its
    own 2m draw, then draws 9s and wins 平胡: small self-draw, seat 0 (dealer) 20, seats 1, 2 10;
    bird 4p → (0 + 4 − 1) mod 4 = seat 3, the winner: every amount doubles."""
    got = audited(record(LOCK_HANDS, LOCK_EVENTS))
    assert got["hands"] == {"3": ["pinghu"]} and got["bird_seats"] == [3]
    assert got["deltas"] == [-40, -20, -20, 80] and got["next_dealer"] == 3


def test_cs_3_6_locked_seat_may_win_on_a_discard() -> None:
    """CS-3.6: the lock binds its own draws only; seat 3 wins on seat 2's 6s: small discard,
    seat 2 pays 10; bird 1s (wall[58]) → seat 0, in no pair."""
    got = audited(record(LOCK_HANDS, [*LOCK_EVENTS[:14], "h3", "b 1s"]))
    assert got["winners"] == [3] and got["discarder"] == 2
    assert got["deltas"] == [0, 0, -10, 10]


@pytest.mark.parametrize(
    ("events", "code", "index"),
    [
        ([*LOCK_EVENTS[:23], "x3 9s"], "locked_must_win", 23),  # 9s completes: it must win
        ([*LOCK_EVENTS[:15], "x3 5m"], "locked_discard", 15),  # it must discard the 2m it drew
        ([*LOCK_EVENTS[:14], "c3 4s 5s"], "kaigang_locked", 14),  # no chi
        ([*LOCK_EVENTS[:18], "p3"], "kaigang_locked", 18),  # no peng
    ],
)
def test_cs_3_6_lock_refusals(events: list[str], code: str, index: int) -> None:
    refused(record(LOCK_HANDS, events), code, "CS-3.6", index)


# ---------------------------------------------------------------------------------- CS-3.11
E1 = ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"]
E4 = ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h3", "h0", "b 3m"]
E8 = ["q1 sixi,liuliushun 7777m 333s", "b 4s"]


def test_cs_3_11_the_hand_ends_with_every_tongpao_winner() -> None:
    """CS-3.11: E4's discard 5p is won by seat 3 and seat 0 (通炮): both are paid, then nothing."""
    got = audited(record(E4_HANDS, E4))
    assert sorted(got["winners"]) == [0, 3] and got["deltas"] == [140, 0, -160, 20]
    assert got["ended_by"] == "win"


@pytest.mark.parametrize(
    ("hands", "events", "index"),
    [
        ("E1", [*E1[:5], "x2 5p"], 5),  # a self-drawn win: only its birds may follow
        ("E1", [*E1, "d3"], 6),  # after the birds
        ("E4", [*E4[:6], "d1"], 6),  # 通炮 declared: no draw (other winners, then the birds)
        ("E4", [*E4[:7], "d1"], 7),
        ("E8", [E8[0], "x0 6p"], 1),  # an ``end``-mode opening declaration ends the hand
        ("E8", [*E8, "x0 6p"], 2),
        ("E12", ["hz", "d3"], 114),  # 黄庄 after E12's 113 events
    ],
)
def test_cs_3_11_events_after_the_end_refused(hands: str, events: list[str], index: int) -> None:
    if hands == "E12":
        rest = pool(E12_HANDS, [])[:-1]
        head = ["x0 6p", *tsumogiri([1, 2, 3, 0], rest), "hd3 -", "hd0 -", "hd1 -", "hd2 -"]
        assert len(head) == 113
        rec = record(E12_HANDS, [*head, *events])
    else:
        rec = record({"E1": E1_HANDS, "E4": E4_HANDS, "E8": E8_HANDS}[hands], events)
    refused(rec, "event_after_end", "CS-3.11", index)


def test_cs_3_11_continue_mode_opening_hands_do_not_end_the_hand() -> None:
    """CS-3.11 names ``end``-mode declarations only: in ``continue`` (changsha-app, per instance)
    E8's seat 1 declares 四喜 (one quad) + 六六顺 (7m, 3s: one pair of pung kinds), n = 2, and is
    paid at once: app units small self-draw 2, dealer +1 ``once``; die 3 → the bird hits seat
    (1 + 3 − 1) mod 4 = 3. Seat 0 pays 2 × 2 + 1 = 5, seat 2 4, seat 3 4 × 2 = 8; play goes on."""
    board = Board.from_record(record(E8_HANDS, [], preset="changsha-app"))
    board.push({"type": "qishou", "seat": 1, "kinds": ["sixi", "liuliushun"], "die": 3})
    board.push({"type": "discard", "seat": 0, "tile": "6p"})
    assert not board.ended and board.phase == "claim"
    assert board.deltas() == [-5, 17, -4, -8]


def test_cs_3_11_a_record_that_stops_early_is_unfinished() -> None:
    refused(record(E1_HANDS, E1[:4]), "hand_not_finished", "CS-3.11", 4)
