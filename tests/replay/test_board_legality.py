"""Wuhan board legality checks read back by R-id (issue 35, the mutation screen of ``board.py``).

Each test is worked by hand from /work/shared/RULES.md: the events pushed, the reason code and the
message a refused event carries, both sides of each boundary.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from replay.games.wuhan.board import ACT, CLAIM, HAIDI, REPLACE, ROB, Board, Draw, IllegalEvent
from replay.games.wuhan.hand import meld
from replay.tiles import CODES, KIND_OF
from tests.replay.test_qipi_rules import deal_board, plain, play_plain_until
from tests.replay.test_qipi_rules import wall_board as qipi_wall_board
from tests.replay.test_replay_rules import shuffled_wall, tsumogiri_until, wall_board


def refused(board: Board, event: dict[str, object]) -> tuple[str, str, str]:
    """The (code, rule, message) of the refusal ``event`` meets; the board is left as it was."""
    with pytest.raises(IllegalEvent) as err:
        board.push(event)
    why = err.value.reason
    return why.code, why.rule, why.message


def test_R_5_1_out_of_turn_names_whose_turn_it_is_in_each_phase() -> None:
    """R-5.1 (play order): an event out of turn is refused and the message says what was expected.

    hzlzg, indicator 5p (laizi 6p, R-3.2), 红中 C the gang tile (R-4.1). Dealer 0 holds one 5m,
    seat 1 holds 5m 5m 5m and a C. 0 discards 5m (CLAIM: "seat 0 just discarded ... seat 1
    draws"), 1 pengs it keeping its third 5m (ACT, seat 1), xu-gangs the 5m (ROB, seat 1), draws
    its replacement 9s, gangs the C (痞子杠: REPLACE, seat 1)."""
    board = deal_board({0: "5m", 1: "5m 5m 5m C"}, "5p", preset="hzlzg")
    assert board.phase == ACT and board.turn == 0
    assert refused(board, {"type": "draw", "seat": 1}) == (
        "out_of_turn",
        "R-5.1",
        "seat 1 cannot draw now: it is seat 0's turn to discard, kong or win",
    )
    board.push({"type": "discard", "seat": 0, "tile": "5m"})
    assert board.phase == CLAIM
    assert refused(board, {"type": "discard", "seat": 2, "tile": "1s"})[2] == (
        "seat 2 cannot discard now: seat 0 just discarded: claims, or seat 1 draws"
    )
    board.push({"type": "peng", "seat": 1})
    assert board.phase == ACT and board.turn == 1
    assert refused(board, {"type": "discard", "seat": 3, "tile": "2s"})[2] == (
        "seat 3 cannot discard now: it is seat 1's turn to discard, kong or win"
    )
    board.push({"type": "gang", "seat": 1, "kind": "xu", "tile": "5m"})
    assert board.phase == ROB and board.turn == 1
    assert refused(board, {"type": "discard", "seat": 3, "tile": "2s"})[2] == (
        "seat 3 cannot discard now: seat 1 declared a xu-gang: it may be robbed, or seat 1 draws"
    )
    board.push({"type": "draw", "seat": 1, "tile": "9s"})
    board.push({"type": "gang", "seat": 1, "kind": "pizi", "tile": "C"})
    assert board.phase == REPLACE and board.turn == 1
    assert refused(board, {"type": "discard", "seat": 2, "tile": "1s"})[2] == (
        "seat 2 cannot discard now: seat 1 must draw a replacement tile after its kong"
    )
    assert refused(board, {"type": "peng", "seat": 2}) == (
        "out_of_turn",
        "R-5.1",
        "seat 2 cannot peng now: seat 1 must draw a replacement tile after its kong",
    )


def test_R_3_4_out_of_turn_in_the_haidi_phase() -> None:
    """R-3.4: at 14 live tiles (hzlzg's haidi line) the next seat's draw opens 海底捞; another
    seat's discard is out of turn and the message names the seat that drew."""
    board = wall_board(seed=7)
    tsumogiri_until(board, 14)
    first = (board.last_discard[0] + 1) % 4  # type: ignore[index]
    board.push({"type": "draw", "seat": first})
    assert board.phase == HAIDI and board.turn == first
    other = (first + 2) % 4
    tile = CODES[board.seats[other].hand[0]]
    assert refused(board, {"type": "discard", "seat": other, "tile": tile})[2] == (
        f"seat {other} cannot discard now: haidi (海底捞): seat {first} may win on its draw,"
        " else the next seat draws"
    )
    assert refused(board, {"type": "discard", "seat": first, "tile": CODES[board.seats[first].hand[-1]]}) == (
        "haidi_no_discard",
        "R-3.4",
        f"in the 海底捞 phase nobody discards, claims or kongs; seat {first} tried to discard",
    )
    assert refused(board, {"type": "peng", "seat": other}) == (
        "haidi_no_discard",
        "R-3.4",
        f"in the 海底捞 phase nobody discards, claims or kongs; seat {other} tried to peng",
    )
    # the next haidi draw is the front tile too: a record naming another one is refused
    second = (first + 1) % 4
    expected = CODES[board.wall[board.front]]  # type: ignore[index]
    wrong = next(c for c in CODES if c != expected)
    trial = copy.deepcopy(board)
    assert refused(trial, {"type": "draw", "seat": second, "tile": wrong})[:2] == ("draw_mismatch", "R-3.3")
    board.push({"type": "draw", "seat": second, "tile": expected})
    assert board.phase == HAIDI and board.turn == second and board.haidi_drawn == 2


def test_R_5_1_after_seat_3_discards_seat_0_draws() -> None:
    """R-5.1: turn order wraps: dealer 3 discards, so seat (3 + 1) mod 4 = 0 draws, not seat 4."""
    board = wall_board(seed=2, dealer=3)
    board.push({"type": "discard", "seat": 3, "tile": CODES[board.seats[3].hand[0]]})
    message = refused(board, {"type": "discard", "seat": 1, "tile": CODES[board.seats[1].hand[0]]})[2]
    assert message == "seat 1 cannot discard now: seat 3 just discarded: claims, or seat 0 draws"
    board.push({"type": "draw", "seat": 0})
    assert board.phase == ACT and board.turn == 0


def test_R_3_3_a_wrong_replacement_tile_names_the_seat_and_the_back() -> None:
    """R-3.3: a replacement draw after a kong comes from the back: tile 136 of the wall (index
    135). Seat 1 draws wall[54] (the front), gangs a laizi (set-up: one laizi put in its hand),
    then names a tile other than wall[135]: refused, naming seat 1, the back and both tiles."""
    wall = shuffled_wall(5)
    board = Board.from_record({"ruleset": {"preset": "hzlzg"}, "dealer": 0, "wall": wall})
    board.push({"type": "discard", "seat": 0, "tile": CODES[board.seats[0].hand[0]]})
    board.push({"type": "draw", "seat": 1, "tile": wall[54]})
    board.seats[1].hand.append(board.laizi)  # set-up only: a laizi to gang
    board.push({"type": "gang", "seat": 1, "kind": "laizi", "tile": CODES[board.laizi]})
    wrong = next(c for c in CODES if c != wall[135])
    assert refused(board, {"type": "draw", "seat": 1, "tile": wrong}) == (
        "draw_mismatch",
        "R-3.3",
        f"seat 1 should draw {wall[135]} from the back of the wall, not {wrong}",
    )
    board.push({"type": "draw", "seat": 1, "tile": wall[135]})
    assert board.seats[1].hand[-1] == CODES.index(wall[135]) and board.phase == ACT


def test_R_5_1_tile_not_in_hand_names_the_seat_and_how_many() -> None:
    """R-5.1 / R-5.2: a discard needs the tile in hand (one), a peng a pair (2×), a ming-gang
    three (3×). Dealer 0 holds one 5m and no 9p; seat 1 holds one 5m; seat 2 holds two 5m.
    0 discards 9p: refused "seat 0 does not hold 9p". 0 discards 5m: seat 1 cannot peng it
    ("2× 5m"), seat 2 cannot ming-gang it ("3× 5m"), seat 2 may peng it."""
    board = deal_board({0: "5m", 1: "5m", 2: "5m 5m"}, "5p", preset="hzlzg")
    assert refused(board, {"type": "discard", "seat": 0, "tile": "9p"}) == (
        "tile_not_in_hand",
        "R-5.1",
        "seat 0 does not hold 9p",
    )
    board.push({"type": "discard", "seat": 0, "tile": "5m"})
    assert refused(copy.deepcopy(board), {"type": "peng", "seat": 1})[2] == "seat 1 does not hold 2× 5m"
    gang = {"type": "gang", "seat": 2, "kind": "ming", "tile": "5m"}
    assert refused(copy.deepcopy(board), gang)[2] == "seat 2 does not hold 3× 5m"
    board.push({"type": "peng", "seat": 2})
    assert board.turn == 2 and board.seats[2].hand.count(KIND_OF["5m"]) == 0


def test_R_4_5_a_laizi_not_held_is_tile_not_in_hand_even_under_gang_only() -> None:
    """R-4.5 with R-5.1: under ``gang_only`` a held laizi may not be discarded (special_discard),
    but a laizi the seat does not hold is refused as any tile not held (tile_not_in_hand).
    Indicator 5p: laizi 6p (R-3.2). Dealer 0 holds one 6p, seat 1 none."""
    board = deal_board({0: "6p 1s"}, "5p", preset="hzlzg", special_discard="gang_only")
    assert CODES[board.laizi] == "6p"
    assert refused(board, {"type": "discard", "seat": 0, "tile": "6p"}) == (
        "special_discard",
        "R-4.5",
        "seat 0 may put 6p out only as its gang (杠), not as a discard (special_discard: gang_only)",
    )
    board.push({"type": "discard", "seat": 0, "tile": "1s"})
    board.push({"type": "draw", "seat": 1, "tile": "9p"})
    assert refused(board, {"type": "discard", "seat": 1, "tile": "6p"}) == (
        "tile_not_in_hand",
        "R-5.1",
        "seat 1 does not hold 6p",
    )


def plain_until(board: Board, live: int) -> None:
    """Each seat draws and discards its last tile that is no pizi or laizi (legal under
    ``gang_only``), no claims, until a draw has left ``live`` tiles; the drawer is then to act."""
    special = {*board.rules.pizi, board.laizi}
    while True:
        seat = board.turn
        tile = next(t for t in reversed(board.seats[seat].hand) if t not in special)
        board.push({"type": "discard", "seat": seat, "tile": CODES[tile]})
        board.push({"type": "draw", "seat": (seat + 1) % 4})
        if board.live == live:
            return


def test_R_4_5_R_3_5_gang_only_a_held_laizi_goes_out_only_when_no_gang_may_be_declared() -> None:
    """R-4.5 (``gang_only``: a pizi or laizi leaves the hand only as its gang) with R-3.5 (no kong
    once 14 or fewer tiles are left): then a seat holding nothing but pizi and laizi may discard
    one, or the hand could not go on. hzlzg, 14 the line. Set-up only: the hands are replaced by
    two laizi (as after four melds) or one laizi is added.
    - 15 left after the draw: a gang may be declared, so the laizi may not go out (special_discard);
    - 14 left: with another tile in hand still refused; with only laizi in hand, allowed."""
    board = wall_board(seed=7, special_discard="gang_only")
    lz = board.laizi
    plain_until(board, 15)
    seat = board.turn
    above = copy.deepcopy(board)
    above.seats[seat].hand[:] = [lz, lz]
    assert refused(above, {"type": "discard", "seat": seat, "tile": CODES[lz]})[:2] == (
        "special_discard",
        "R-4.5",
    )
    # and legal_actions offers the laizi's gang only (no win: the set-up hand cannot win)
    assert above.legal_actions() == [{"type": "gang", "seat": seat, "kind": "laizi", "tile": CODES[lz]}]
    plain_until(board, 14)
    assert board.live == 14 and board.phase == ACT
    seat = board.turn
    mixed = copy.deepcopy(board)
    mixed.seats[seat].hand.append(lz)
    assert refused(mixed, {"type": "discard", "seat": seat, "tile": CODES[lz]})[:2] == (
        "special_discard",
        "R-4.5",
    )
    assert CODES[lz] not in [a.get("tile") for a in mixed.legal_actions()]
    board.seats[seat].hand[:] = [lz, lz]
    assert [a for a in board.legal_actions() if a["type"] != "hu"] == [
        {"type": "discard", "seat": seat, "tile": CODES[lz]}
    ]
    board.push({"type": "discard", "seat": seat, "tile": CODES[lz]})
    assert board.phase == CLAIM and board.seats[seat].hand == [lz]


def test_R_4_1_R_4_2_R_4_4_each_special_discard_is_counted_once() -> None:
    """R-4.1: a 红中 discarded as a plain discard counts as a pizi gang factor; R-4.4 (qipi): a
    皮 likewise, counted apart (打皮); R-4.2: a discarded laizi its own factor. Under
    ``special_discard: allowed`` seat 0 discards, on six turns of its own, C, C, 皮, 皮, laizi,
    laizi (set-up only: the six put in its hand); the others discard what they drew. Each count
    is then 2: one per discard, not 1, 3 or −2."""
    board = qipi_wall_board(3, special_discard="allowed")
    pi = board.rules.pi[0]
    red = KIND_OF["C"]
    assert red in board.rules.pizi and pi not in (red, board.laizi)
    order = [red, red, pi, pi, board.laizi, board.laizi]
    board.seats[0].hand += order  # set-up only
    for tile in order:
        if board.turn != 0:
            board.push({"type": "draw", "seat": 0})
        board.push({"type": "discard", "seat": 0, "tile": CODES[tile]})
        for seat in (1, 2, 3):
            board.push({"type": "draw", "seat": seat})
            board.push({"type": "discard", "seat": seat, "tile": CODES[board.seats[seat].hand[-1]]})
    me = board.seats[0]
    assert (me.pizi_discards, me.pi_discards, me.laizi_discards) == (2, 2, 2)
    assert [t for t, _ in board.discards[0]] == order


def test_R_5_4_a_pass_changes_nothing_and_a_discard_spends_the_draw() -> None:
    """R-5.4 (no furiten): letting a tile pass binds nobody, so a ``pass`` is recorded in any phase
    and refuses nothing later. Seat 2 passes while dealer 0 is to act, 0 discards (its draw is
    spent: no drawn tile is left to self-draw on, R-5.1), seat 2 passes on the discard, seat 1 draws
    and may act."""
    board = wall_board(seed=4)
    board.push({"type": "pass", "seat": 2})
    board.push({"type": "discard", "seat": 0, "tile": CODES[board.seats[0].hand[0]]})
    assert board.phase == CLAIM and board.last_draw is None and board.passes == set()
    board.push({"type": "pass", "seat": 2})
    assert board.passes == {2}
    board.push({"type": "draw", "seat": 1})
    assert board.phase == ACT and board.turn == 1 and board.passes == set()
    assert board.last_draw is not None and board.last_draw.seat == 1


def test_R_5_2_R_4_1_R_4_2_which_discards_may_be_claimed() -> None:
    """R-5.2: a claim needs a discard just made, by another seat; R-4.1: a discarded 红中 (痞子)
    is never claimed; R-4.2: nor a discarded laizi. hzlzg, indicator 5p: laizi 6p. Seat 1 holds
    the pairs 5m 5m, C C and 6p 6p, so only the rules stop its pengs. 0 discards C: 0 cannot
    claim it, 1 cannot peng it; 3 discards 6p: 1 cannot peng it; 0 discards 5m: 1 pengs it."""
    hands = {0: "5m C", 1: "5m 5m C C 6p 6p", 3: "6p"}
    board = deal_board(hands, "5p", preset="hzlzg", special_discard="allowed")
    assert refused(board, {"type": "peng", "seat": 1}) == (
        "nothing_to_claim",
        "R-5.2",
        "seat 1 cannot peng: there is no discard to claim",
    )
    board.push({"type": "discard", "seat": 0, "tile": "C"})
    assert refused(board, {"type": "peng", "seat": 0}) == (
        "claim_from_self",
        "R-5.2",
        "seat 0 cannot claim its own tile",
    )
    assert refused(board, {"type": "peng", "seat": 1}) == (
        "claim_pizi",
        "R-4.1",
        "a discarded gang tile (痞子 C) cannot be claimed",
    )
    for seat, tile in ((1, "9s"), (2, "9p"), (3, "8p")):
        board.push({"type": "draw", "seat": seat, "tile": tile})
        board.push({"type": "discard", "seat": seat, "tile": "6p" if seat == 3 else tile})
    assert refused(board, {"type": "peng", "seat": 1}) == (
        "claim_laizi",
        "R-4.2",
        "a discarded laizi (赖子 6p) cannot be claimed",
    )
    board.push({"type": "draw", "seat": 0, "tile": "8s"})
    board.push({"type": "discard", "seat": 0, "tile": "5m"})
    board.push({"type": "peng", "seat": 1})
    assert board.phase == ACT and board.turn == 1
    assert [(m.type, m.tiles) for m in board.seats[1].melds] == [("peng", (KIND_OF["5m"],) * 3)]


def test_R_3_7_the_discard_after_the_last_tile_cannot_be_claimed() -> None:
    """R-3.7 (qipi plays to the last tile): once the last tile is drawn and discarded nothing is
    left, so that discard cannot be claimed; the message names its discarder. With one tile
    still to draw a discard may be claimed (set-up only: the claimer given the pair)."""
    board = qipi_wall_board(7)
    play_plain_until(board, 1)
    source, tile = board.last_discard  # type: ignore[misc]
    trial = copy.deepcopy(board)
    trial.seats[(source + 1) % 4].hand += [tile, tile]
    trial.push({"type": "peng", "seat": (source + 1) % 4})
    assert trial.phase == ACT and trial.turn == (source + 1) % 4
    seat = (source + 1) % 4
    board.push({"type": "draw", "seat": seat})
    board.push({"type": "discard", "seat": seat, "tile": plain(board, seat)})
    assert board.live == 0
    assert refused(board, {"type": "peng", "seat": (seat + 1) % 4}) == (
        "wall_empty",
        "R-3.7",
        f"the wall is empty: seat {seat}'s last discard cannot be claimed or won on",
    )
    assert refused(board, {"type": "hu", "seat": (seat + 2) % 4}) == (
        "wall_empty",
        "R-3.7",
        f"the wall is empty: seat {seat}'s last discard cannot be won on",
    )


def test_R_3_5_late_kong_names_the_line_and_the_tiles_left() -> None:
    """R-3.5: no kong once the wall holds 14 or fewer tiles (hzlzg's line, 14). A 赖子杠 (set-up
    only: a laizi put in the hand) with 15 left after the draw is declared; with 14 left it is
    refused, the message naming the line and the count."""
    board = wall_board(seed=7)
    lz = board.laizi
    plain_until(board, 15)
    trial = copy.deepcopy(board)
    trial.seats[trial.turn].hand.append(lz)
    trial.push({"type": "gang", "seat": trial.turn, "kind": "laizi", "tile": CODES[lz]})
    assert trial.phase == REPLACE
    plain_until(board, 14)
    board.seats[board.turn].hand.append(lz)
    assert refused(board, {"type": "gang", "seat": board.turn, "kind": "laizi", "tile": CODES[lz]}) == (
        "late_kong",
        "R-3.5",
        "no kong (杠) once the wall holds 14 or fewer tiles (14 left)",
    )


def test_R_5_3_event_after_end_names_how_the_hand_ended() -> None:
    """``event_after_end`` (filed under R-5.3 by the reason catalogue: one win ends the hand):
    nothing follows the end of a hand, and the refusal says how it ended. After the four haidi
    draws (R-3.4) the hand is a draw (黄庄), no judgement: a further draw names "draw"."""
    board = wall_board(seed=7)
    tsumogiri_until(board, 14)
    seat = (board.last_discard[0] + 1) % 4  # type: ignore[index]
    for k in range(4):
        board.push({"type": "draw", "seat": (seat + k) % 4})
    board.push({"type": "huangzhuang"})
    assert board.ended and board.judgement is None
    assert refused(board, {"type": "draw", "seat": (seat + 4) % 4}) == (
        "event_after_end",
        "R-5.3",
        "the hand already ended (draw); nothing may follow",
    )


def test_an_event_without_a_handler_fails_on_its_type() -> None:
    """Not a rule: the board's contract for unreadable events (the audit's schema rejects them
    first). An unknown type fails on the handler lookup (AttributeError naming ``_on_<type>``),
    a missing type on the key (KeyError 'type'): push and push_all alike."""
    for push in (lambda b, e: b.push(e), lambda b, e: b.push_all([e])):
        with pytest.raises(AttributeError, match="'Board' object has no attribute '_on_chow'"):
            push(wall_board(seed=1), {"type": "chow", "seat": 1})
        with pytest.raises(KeyError, match="'type'"):
            push(wall_board(seed=1), {"seat": 1})


def test_R_5_2_R_4_1_R_4_2_what_a_chi_may_take_and_use() -> None:
    """R-5.2: chi only from the 上家 (the discarder's 下家 claims), a run of one suit from the hand
    plus the discard, the hand's tiles held; R-4.2 / R-4.1: never with a laizi or a 红中. hzlzg,
    indicator 5p: laizi 6p. Dealer 0 discards 3m; seat 1 holds 4m 5m 6p C 1s 2s 8m 9m, seat 2
    holds 4m 5m 8m 9m. Each refusal checked by code, rule and message, then 3m 4m 5m chi'd by seat 1;
    seat 1 discards 1s: seat 2 cannot chi it with 8m 9m (kinds 7, 8, 9 but two suits); seat 0's
    上家 is seat (0 − 1) mod 4 = 3."""
    hands = {0: "3m", 1: "4m 5m 6p C 1s 2s 8m 9m", 2: "4m 5m 8m 9m"}
    board = deal_board(hands, "5p", preset="hzlzg", special_discard="allowed")

    def chi(seat: int, tiles: str) -> tuple[str, str, str]:
        return refused(board, {"type": "chi", "seat": seat, "tiles": tiles.split()})

    assert chi(1, "4m 5m") == ("nothing_to_claim", "R-5.2", "seat 1 cannot chi: there is no discard to claim")
    board.push({"type": "discard", "seat": 0, "tile": "3m"})
    assert chi(0, "4m 5m") == ("claim_from_self", "R-5.2", "seat 0 cannot claim its own tile")
    assert chi(2, "4m 5m") == (
        "chi_not_from_previous_seat",
        "R-5.2",
        "seat 2 chi'd (吃) from seat 0, but chi is only allowed from the 上家 (seat 1)",
    )
    assert chi(1, "4m 6p") == (
        "meld_with_laizi",
        "R-4.2",
        "a laizi (赖子 6p) cannot be used in a chi, peng or gang",
    )
    assert chi(1, "C 4m") == (
        "meld_with_pizi",
        "R-4.1",
        "a gang tile (痞子 C) cannot be chi'd, peng'd or ganged",
    )
    assert chi(1, "1s 2s") == ("bad_meld", "R-5.2", "3m 1s 2s is not a run of one suit")
    assert chi(1, "8m 9m") == ("bad_meld", "R-5.2", "3m 8m 9m is not a run of one suit")
    assert chi(1, "3m 5m") == ("bad_meld", "R-5.2", "3m 3m 5m is not a run of one suit")
    assert chi(1, "4m 2m") == ("tile_not_in_hand", "R-5.1", "seat 1 does not hold 2m")
    board.push({"type": "chi", "seat": 1, "tiles": ["5m", "4m"]})
    assert board.phase == ACT and board.turn == 1
    melds = [(m.type, m.tiles, m.source) for m in board.seats[1].melds]
    assert melds == [("chi", (KIND_OF["3m"], KIND_OF["4m"], KIND_OF["5m"]), 0)]
    assert board.discards[0][-1] == (KIND_OF["3m"], 1)
    board.push({"type": "discard", "seat": 1, "tile": "1s"})
    assert chi(2, "8m 9m") == ("bad_meld", "R-5.2", "8m 9m 1s is not a run of one suit")  # 7, 8, 9: two suits
    assert chi(0, "7m 9m") == (
        "chi_not_from_previous_seat",
        "R-5.2",
        "seat 0 chi'd (吃) from seat 1, but chi is only allowed from the 上家 (seat 3)",
    )


def test_R_5_1_R_7_1_who_may_declare_hu_and_on_which_tile() -> None:
    """R-5.1: a seat wins on its own turn right after drawing (自摸), or on another's discard
    (R-5.2). hzlzg, indicator 5p; dealer 0 holds a 4m. At the start, seat 1's hu is out of turn
    (seat 0 is to act) and seat 0's is refused: its 14 were dealt, nothing drawn. Seat 0
    discards 4m: its own hu on it is out of turn (the discard is its own); seat 1 naming 9p as the
    winning tile is refused before any shape is read (R-7.1: the tile is the 4m)."""
    board = deal_board({0: "4m"}, "5p", preset="hzlzg")
    assert refused(board, {"type": "hu", "seat": 1}) == (
        "out_of_turn",
        "R-5.1",
        "seat 1 cannot win (hu) now: it is seat 0's turn to discard, kong or win",
    )
    assert refused(board, {"type": "hu", "seat": 0}) == (
        "win_without_draw",
        "R-5.1",
        "seat 0 can only win by self-draw (自摸) right after drawing",
    )
    board.push({"type": "discard", "seat": 0, "tile": "4m"})
    assert refused(board, {"type": "hu", "seat": 0}) == (
        "out_of_turn",
        "R-5.1",
        "seat 0 cannot win (hu) now: seat 0 just discarded: claims, or seat 1 draws",
    )
    assert refused(board, {"type": "hu", "seat": 1, "tile": "9p"}) == (
        "win_tile_mismatch",
        "R-7.1",
        "the winning tile is 4m, not 9p",
    )


def robbing_board() -> Board:
    """hzlzg, indicator 5p. Seat 0 discards 7s, seat 2 pengs it (opened, R-6.2) and discards 9m,
    holding 2m 3m 5s 5s 1p 2p 3p 7p 8p 9p: waiting on 1m / 4m with the 5s 将 pair (R-7.2). Seat 3
    and seat 0 draw and discard; seat 0's 4m is penged by seat 1, which adds its fourth 4m as a
    xu-gang (phase ROB)."""
    board = deal_board(
        {0: "7s 4m", 1: "4m 4m 4m", 2: "7s 7s 2m 3m 5s 5s 1p 2p 3p 7p 8p 9p 9m"}, "5p", preset="hzlzg"
    )
    for event in [
        {"type": "discard", "seat": 0, "tile": "7s"},
        {"type": "peng", "seat": 2},
        {"type": "discard", "seat": 2, "tile": "9m"},
        {"type": "draw", "seat": 3, "tile": "E"},
        {"type": "discard", "seat": 3, "tile": "E"},
        {"type": "draw", "seat": 0, "tile": "S"},
        {"type": "discard", "seat": 0, "tile": "4m"},
        {"type": "peng", "seat": 1},
        {"type": "gang", "seat": 1, "kind": "xu", "tile": "4m"},
    ]:
        board.push(event)
    return board


def test_R_5_5_a_xu_gang_is_robbed_by_another_seat_not_by_its_own() -> None:
    """R-5.5: the xu-gang's 4m may be robbed by a seat that can win on it: seat 2 (2-3-4m, 1-2-3p,
    7-8-9p, peng 7s, pair 5s: 抢杠, R-7.10, hard). Seat 1, which declared it, is out of turn. The
    rob gives the 4m to seat 2 and leaves seat 1 its peng. hzlzg settles it 杠进杠出 (R-10.8
    robbed_gangkai): what seat 1 would win by a soft 杠上开 with the kong completed, base 10,
    W = 2 (opened) × 2 (the xu-gang) = 4; from seat 0 (no open) 40, seat 2 (a peng) 80, seat 3
    40: seat 1 pays 160 to seat 2 (R-10.6c)."""
    board = robbing_board()
    assert board.phase == ROB and board.turn == 1
    # the xu-gang keeps its peng's source (seat 0); a seat may pass on robbing it
    assert board.seats[1].melds == [meld("gang", (KIND_OF["4m"],) * 4, "xu", 0)]
    board.push({"type": "pass", "seat": 3})
    # the seats after the gang seat that could win on its tile, then its replacement draw
    assert board.legal_actions() == [{"type": "hu", "seat": 2}, {"type": "draw", "seat": 1}]
    assert refused(board, {"type": "hu", "seat": 1}) == (
        "out_of_turn",
        "R-5.1",
        "seat 1 cannot win (hu) now: seat 1 declared a xu-gang: it may be robbed, or seat 1 draws",
    )
    board.push({"type": "hu", "seat": 2, "tile": "4m"})
    settlement = board.settlement
    assert settlement is not None and settlement.winner == 2
    assert settlement.reading.hands == ("qianggang",) and settlement.reading.hard
    assert settlement.deltas == [0, -160, 160, 0]
    assert board.phase == "over" and board.ended_by == "hu"
    assert board.seats[1].melds == [meld("peng", (KIND_OF["4m"],) * 3, None, 0)]  # still seat 0's feed
    assert board.seats[2].hand[-1] == KIND_OF["4m"]


def test_R_5_5_an_an_gang_cannot_be_robbed() -> None:
    """R-5.5: only a xu-gang can be robbed. The dealer (1m×4 dealt) an-gangs 1m; before its
    replacement draw another seat's hu is refused, naming the gang seat and tile; so is one
    after a ming-gang (seat 1 ming-gangs seat 0's 4m in ``robbing_board``'s deal)."""
    board = deal_board({0: "7s 4m", 1: "4m 4m 4m"}, "5p", preset="hzlzg")
    board.push({"type": "gang", "seat": 0, "kind": "an", "tile": "1m"})
    assert board.phase == REPLACE
    assert refused(board, {"type": "hu", "seat": 2}) == (
        "rob_not_xu_gang",
        "R-5.5",
        "only a xu-gang (蓄杠) can be robbed: seat 0 has no peng of 1m",
    )
    board.push({"type": "draw", "seat": 0, "tile": "E"})
    # a ming-gang claims a discard, none yet; then it must be of the discarded tile
    assert refused(board, {"type": "gang", "seat": 1, "kind": "ming", "tile": "4m"}) == (
        "nothing_to_claim",
        "R-5.2",
        "seat 1 cannot ming-gang: there is no discard to claim",
    )
    board.push({"type": "discard", "seat": 0, "tile": "4m"})
    assert refused(board, {"type": "gang", "seat": 1, "kind": "ming", "tile": "5m"})[2].endswith(
        "the ming-gang is of 5m but the discard is 4m"
    )
    board.push({"type": "gang", "seat": 1, "kind": "ming", "tile": "4m"})
    assert board.seats[1].melds == [meld("gang", (KIND_OF["4m"],) * 4, "ming", 0)]
    assert (board.phase, board.turn, board.last_gang) == (REPLACE, 1, (1, KIND_OF["4m"], "ming"))
    assert board.discards[0][-1] == (KIND_OF["4m"], 1)  # claimed from seat 0
    assert refused(board, {"type": "hu", "seat": 3})[:2] == ("rob_not_xu_gang", "R-5.5")
    # the gang seat itself is out of turn: it must draw its replacement first
    assert refused(board, {"type": "hu", "seat": 1}) == (
        "out_of_turn",
        "R-5.1",
        "seat 1 cannot win (hu) now: seat 1 must draw a replacement tile after its kong",
    )


def test_R_5_1_R_3_3_a_plain_draw_names_the_seat_and_the_front_tile() -> None:
    """R-5.1 / R-3.3 on the common draw (a known wall, far above the haidi line): after the
    dealer's discard only seat 1 draws, and it draws the wall's 55th tile (index 54: 53 dealt,
    the indicator, then the front). Seat 2's draw is out of turn; seat 1 naming another tile is
    refused with both tiles; seat 1's draw of wall[54] is taken. Through ``push`` and through
    ``push_all``, which applies such a draw inline and leaves a refusal to the same handler."""
    wall = shuffled_wall(5)
    for pushing in ("push", "push_all"):
        board = Board.from_record({"ruleset": {"preset": "hzlzg"}, "dealer": 0, "wall": wall})
        board.push({"type": "discard", "seat": 0, "tile": CODES[board.seats[0].hand[0]]})
        wrong = next(c for c in CODES if c != wall[54])
        for event, why in [
            (
                {"type": "draw", "seat": 2},
                (
                    "out_of_turn",
                    "R-5.1",
                    "seat 2 cannot draw now: seat 0 just discarded: claims, or seat 1 draws",
                ),
            ),
            (
                {"type": "draw", "seat": 1, "tile": wrong},
                (
                    "draw_mismatch",
                    "R-3.3",
                    f"seat 1 should draw {wall[54]} from the front of the wall, not {wrong}",
                ),
            ),
        ]:
            with pytest.raises(IllegalEvent) as err:
                board.push(event) if pushing == "push" else board.push_all([event])
            assert (err.value.reason.code, err.value.reason.rule, err.value.reason.message) == why
        board.push({"type": "draw", "seat": 1, "tile": wall[54]})
        assert board.phase == ACT and board.turn == 1 and board.seats[1].hand[-1] == KIND_OF[wall[54]]
        assert board.last_discard is None and board.front == 55


def test_R_8_1_R_3_4_a_draw_comes_only_after_the_haidi_draws() -> None:
    """R-8.1 / R-3.4 (hzlzg: haidi line 14, four haidi draws). At the start 136 − 53 − 1 = 82
    tiles are left: a 黄庄 is refused naming them. At the line the next seat's draw is the first
    haidi draw; after two of them the refusal counts them; after the fourth the draw ends the
    hand (no payments, ``ended_by`` huangzhuang)."""
    board = wall_board(seed=7)
    assert refused(board, {"type": "huangzhuang"}) == (
        "early_huangzhuang",
        "R-8.1",
        "a draw (黄庄) comes only after the haidi draws; 82 tiles are left to draw",
    )
    tsumogiri_until(board, 14)
    first = (board.last_discard[0] + 1) % 4  # type: ignore[index]
    board.push({"type": "draw", "seat": first})
    assert refused(board, {"type": "draw", "seat": (first + 2) % 4})[2] == (
        f"seat {(first + 2) % 4} cannot draw now: haidi (海底捞): seat {first} may win on its draw,"
        " else the next seat draws"
    )
    board.push({"type": "draw", "seat": (first + 1) % 4})
    assert refused(board, {"type": "huangzhuang"})[2] == (
        "a draw (黄庄) comes only after the haidi draws; only 2 of the 4 haidi draws were made"
    )
    board.push({"type": "draw", "seat": (first + 2) % 4})
    board.push({"type": "draw", "seat": (first + 3) % 4})
    # four haidi draws made: not a fifth, even by the next seat
    assert refused(board, {"type": "draw", "seat": first})[:2] == ("out_of_turn", "R-5.1")
    board.push({"type": "huangzhuang"})
    assert board.phase == "over" and board.ended_by == "huangzhuang" and board.settlement is None


def test_R_8_1_with_no_haidi_draws_the_line_itself_ends_the_hand() -> None:
    """R-3.4 with ``haidi_draws`` 0: at 14 tiles left (the line) the discard is followed by the
    draw (黄庄), with 15 left it is refused naming them; and R-3.7 (qipi, play to the last tile):
    only an empty wall ends it, one tile left is refused."""
    board = wall_board(seed=7, haidi_draws=0)
    tsumogiri_until(board, 15)
    assert refused(board, {"type": "huangzhuang"})[2] == (
        "a draw (黄庄) comes only after the haidi draws; 15 tiles are left to draw"
    )
    seat = (board.last_discard[0] + 1) % 4  # type: ignore[index]
    assert board.legal_actions()[-1] == {"type": "draw", "seat": seat}
    board.push({"type": "draw", "seat": seat})
    board.push({"type": "discard", "seat": seat, "tile": CODES[board.seats[seat].hand[-1]]})
    assert board.live == 14
    assert board.legal_actions()[-1] == {"type": "huangzhuang"}
    assert refused(board, {"type": "draw", "seat": (seat + 1) % 4}) == (
        "early_huangzhuang",
        "R-8.1",
        "a draw (黄庄) comes only after the haidi draws; the wall is at the haidi line with no haidi"
        " draws: the hand is a draw",
    )
    board.push({"type": "huangzhuang"})
    assert board.phase == "over" and board.ended_by == "huangzhuang"
    qipi = qipi_wall_board(7)
    play_plain_until(qipi, 1)
    assert qipi.legal_actions()[-1]["type"] == "draw"
    assert refused(qipi, {"type": "huangzhuang"})[2] == (
        "a draw (黄庄) comes only after the haidi draws; 1 tiles are left to draw"
    )
    seat = (qipi.last_discard[0] + 1) % 4  # type: ignore[index]
    qipi.push({"type": "draw", "seat": seat})
    # a draw that leaves fewer than haidi_draws (4) tiles is a haidi draw (海底捞 on it)
    assert qipi.last_draw is not None and qipi.last_draw.kind == "haidi"
    qipi.push({"type": "discard", "seat": seat, "tile": plain(qipi, seat)})
    assert refused(qipi, {"type": "draw", "seat": (seat + 1) % 4}) == (
        "wall_empty",
        "R-3.7",
        "the wall is empty: nothing is left to draw; the hand is a draw (黄庄)",
    )
    qipi.push({"type": "huangzhuang"})
    assert qipi.phase == "over" and qipi.ended_by == "huangzhuang"


def walked(board: Board, seed: int) -> list[dict[str, object]]:
    """A random legal hand on ``board`` (never a win, claims and kongs as they come), one event
    at a time through ``push``; half the draws name their tile. Returns the events."""
    rng = random.Random(seed)
    events: list[dict[str, object]] = []
    while not board.ended:
        acts = board.legal_actions()
        pick = rng.choice([a for a in acts if a["type"] != "hu"] or acts)
        if pick["type"] == "draw" and rng.random() < 0.5:
            pick = {**pick, "tile": CODES[board.peek_draw()]}  # type: ignore[index]
        events.append(pick)
        board.push(pick)
    return events


@pytest.mark.parametrize(
    ("make", "seed"),
    [(lambda: wall_board(seed=3), 3), (lambda: wall_board(seed=5), 5), (lambda: qipi_wall_board(7), 7)],
    ids=["hzlzg-3", "hzlzg-5", "qipi-7"],
)
def test_R_5_1_push_all_applies_each_event_as_push_does(make: Any, seed: int) -> None:
    """``push_all`` (the verdict's loop, with plain draws and discards applied inline) leaves the
    board exactly as ``push`` of each event does, field by field, and counts the events; given an
    illegal event after 40 (seat 0 an-ganging a 红中: out of turn, or R-4.1) it stops there,
    ``events`` 40, the board as after the first 40. hzlzg stops at its haidi line (R-3.4),
    qipi plays to the last tile (R-3.7)."""
    one = make()
    events = walked(one, seed)
    every = make()
    every.push_all(events)
    assert every == one and every.events == len(events)
    cut = make()
    wrong = {"type": "gang", "seat": 0, "kind": "an", "tile": "C"}  # out of turn, or R-4.1's 红中
    with pytest.raises(IllegalEvent):
        cut.push_all([*events[:40], wrong, *events[40:]])
    first = make()
    for event in events[:40]:
        first.push(event)
    assert cut.events == 40 and cut == first


def test_R_5_1_R_4_1_R_4_2_a_seats_own_gangs_their_refusals_and_counts() -> None:
    """R-5.1: on its turn a seat may an-gang four of a kind, put out a 红中 (R-4.1) or the laizi
    (R-4.2) as its gang, each followed by a replacement draw. hzlzg, indicator 5p: laizi 6p.
    The dealer holds C C 6p 6p 7p×4. Refused: seat 2's an-gang (out of turn), an an-gang of
    the laizi, a xu-gang of C (a gang tile is never melded), a 赖子杠 of 7p (not the laizi), a
    xu-gang of 9p (no peng). Then the an-gang of 7p (a meld, no open), and two 红中杠 and two
    赖子杠, each counted once."""
    board = deal_board({0: "C C 6p 6p 7p 7p 7p 7p"}, "5p", preset="hzlzg")
    assert refused(board, {"type": "gang", "seat": 2, "kind": "an", "tile": "1s"})[2] == (
        "seat 2 cannot declare a an-gang now: it is seat 0's turn to discard, kong or win"
    )
    assert refused(board, {"type": "gang", "seat": 0, "kind": "an", "tile": "6p"}) == (
        "meld_with_laizi",
        "R-4.2",
        "a laizi (赖子 6p) cannot be used in a chi, peng or gang",
    )
    assert refused(board, {"type": "gang", "seat": 0, "kind": "xu", "tile": "C"}) == (
        "meld_with_pizi",
        "R-4.1",
        "a gang tile (痞子 C) cannot be chi'd, peng'd or ganged",
    )
    assert refused(board, {"type": "gang", "seat": 0, "kind": "laizi", "tile": "7p"}) == (
        "bad_meld",
        "R-5.2",
        "7p is not the laizi (6p)",
    )
    assert refused(board, {"type": "gang", "seat": 0, "kind": "xu", "tile": "9p"}) == (
        "no_peng_to_extend",
        "R-5.1",
        "seat 0 has no peng of 9p to extend to a xu-gang (蓄杠)",
    )
    board.push({"type": "gang", "seat": 0, "kind": "an", "tile": "7p"})
    assert board.seats[0].melds == [meld("gang", (KIND_OF["7p"],) * 4, "an", None)]
    assert (board.phase, board.last_gang) == (REPLACE, (0, KIND_OF["7p"], "an"))
    for n, (kind, tile) in enumerate([("pizi", "C"), ("pizi", "C"), ("laizi", "6p"), ("laizi", "6p")]):
        board.push({"type": "draw", "seat": 0, "tile": ["E", "S", "W", "N"][n]})
        board.push({"type": "gang", "seat": 0, "kind": kind, "tile": tile})
    state = board.seats[0]
    assert (state.pizi_gangs, state.laizi_gangs, state.opens) == (2, 2, 0)


def test_R_5_1_push_all_refuses_what_push_refuses() -> None:
    """``push_all`` applies plain draws and discards inline only when the handler would accept
    them: R-5.1's order holds there too. On a known wall (hzlzg, dealer 0): another seat's
    discard, the dealer's second discard, and after it a draw by any seat but 1 (0, 2, 3) are
    out of turn; after dealer 3's discard only seat 0 draws (seat 1 is refused). Passes (R-5.4)
    between inline draws and discards change nothing."""
    wall = shuffled_wall(5)

    def fresh(dealer: int = 0) -> Board:
        return Board.from_record({"ruleset": {"preset": "hzlzg"}, "dealer": dealer, "wall": wall})

    def code(board: Board, events: list[dict[str, object]]) -> str:
        with pytest.raises(IllegalEvent) as err:
            board.push_all(events)
        return err.value.reason.code

    board = fresh()
    first = CODES[board.seats[0].hand[0]]
    assert (
        code(fresh(), [{"type": "discard", "seat": 1, "tile": CODES[board.seats[1].hand[0]]}])
        == "out_of_turn"
    )
    second = CODES[board.seats[0].hand[1]]
    discard = {"type": "discard", "seat": 0, "tile": first}
    assert code(fresh(), [discard, {"type": "discard", "seat": 0, "tile": second}]) == "out_of_turn"
    for seat in (0, 2, 3):
        assert code(fresh(), [discard, {"type": "draw", "seat": seat}]) == "out_of_turn"
    third = fresh(3)
    assert code(
        third,
        [{"type": "discard", "seat": 3, "tile": CODES[third.seats[3].hand[0]]}, {"type": "draw", "seat": 1}],
    ) == ("out_of_turn")
    events = [
        discard,
        {"type": "pass", "seat": 2},
        {"type": "draw", "seat": 1},
        {"type": "discard", "seat": 1, "tile": wall[54]},
        {"type": "pass", "seat": 3},
        {"type": "draw", "seat": 2},
        {"type": "pass", "seat": 3},
    ]
    inline, one_by_one = fresh(), fresh()
    inline.push_all(events)
    for event in events:
        one_by_one.push(event)
    assert inline == one_by_one and inline.passes == {3}


def test_R_5_1_draws_off_the_common_path_name_whose_draw_it_is() -> None:
    """R-5.1 / R-3.3 without a wall (deal mode: every draw goes through the handler's full
    path): after seat 0's discard only seat 1 draws; passes (R-5.4) before and after change
    nothing. After a 红中杠 (R-4.1) only the gang seat draws, from the back."""
    board = deal_board({0: "4m C"}, "5p", preset="hzlzg")
    board.push({"type": "discard", "seat": 0, "tile": "4m"})
    board.push({"type": "pass", "seat": 2})
    assert refused(board, {"type": "draw", "seat": 2, "tile": "E"}) == (
        "out_of_turn",
        "R-5.1",
        "seat 2 cannot draw now: seat 0 just discarded: claims, or seat 1 draws",
    )
    board.push({"type": "draw", "seat": 1, "tile": "E"})
    assert board.passes == set()
    assert board.last_draw == Draw(1, KIND_OF["E"], "normal")  # a self-draw win may follow
    board.push({"type": "discard", "seat": 1, "tile": "E"})
    board.push({"type": "pass", "seat": 3})
    assert board.passes == {3}
    other = deal_board({0: "4m C"}, "5p", preset="hzlzg")
    other.push({"type": "gang", "seat": 0, "kind": "pizi", "tile": "C"})
    assert refused(other, {"type": "draw", "seat": 1, "tile": "E"}) == (
        "out_of_turn",
        "R-5.1",
        "seat 1 cannot draw now: seat 0 must draw a replacement tile after its kong",
    )
    other.push({"type": "draw", "seat": 0, "tile": "E"})
    assert other.last_draw is not None and other.last_draw.kind == "replacement"
