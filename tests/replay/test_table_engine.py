"""The table engine (``replay/table/``) on its own: a toy game's board built from its hooks.

Each expectation is worked out from the shared rules the engine holds (turn order, the wall's two
ends, the deal, claim priority), not read from the engine; the games' own rules are tested with
their boards (``test_replay_rules.py``, ``test_sichuan_board.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from replay.errors import InputError
from replay.table.board import IllegalEvent, TableBoard
from replay.table.claims import Claim, ClaimRules, first_claim
from replay.table.seats import next_seat, seats_after
from replay.table.stacks import StackedWall
from replay.table.wall import BACK, FRONT, deal

CATALOGUE = {
    "event_after_end": ("T-1", "the hand is over ({how})"),
    "draw_mismatch": ("T-2", "seat {seat} drew {tile} from the {end}; the wall has {expected} there"),
    "draw_tile_missing": ("T-2", "a draw names its tile without a wall"),
    "fifth_copy": ("T-2", "a fifth {tile}"),
}


@dataclass
class Toy(TableBoard):
    """A game of draws only: ``draw`` takes from the front, ``kong`` from the back, ``stop`` ends."""

    REASONS = CATALOGUE

    wall: list[int] | None
    front: int = 0
    back: int = 0
    seen: list[int] = field(default_factory=lambda: [0] * 34)
    hands: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    over: bool = False
    events: int = 0

    @property
    def ended(self) -> bool:
        return self.over

    def how_it_ended(self) -> str:
        return "stopped"

    def _on_draw(self, event: Mapping[str, Any]) -> None:
        self.hands[event["seat"]].append(self.take(event["seat"], FRONT, event.get("tile")))

    def _on_kong(self, event: Mapping[str, Any]) -> None:
        self.hands[event["seat"]].append(self.take(event["seat"], BACK, event.get("tile")))

    def _on_stop(self, event: Mapping[str, Any]) -> None:
        self.over = True


def toy(wall: list[int] | None, live: int = 10) -> Toy:
    return Toy(wall, front=0, back=live - 1)


def test_handlers_are_found_by_their_names() -> None:
    assert set(Toy.HANDLERS) == {"draw", "kong", "stop"}


def test_front_draws_take_in_order_and_back_draws_from_the_other_end() -> None:
    board = toy(list(range(10)))
    for e in ({"type": "draw", "seat": 0}, {"type": "kong", "seat": 1}, {"type": "draw", "seat": 2}):
        board.push(e)
    # the front gives tiles 0 then 1; the back (a replacement) gives the last one, 9
    assert (board.hands[0], board.hands[1], board.hands[2]) == ([0], [9], [1])
    assert board.live == 7 and board.events == 3


def test_a_draw_that_names_another_tile_than_the_walls_is_refused_with_the_games_code() -> None:
    board = toy(list(range(10)))
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "kong", "seat": 3, "tile": 5})
    assert (err.value.reason.code, err.value.reason.rule) == ("draw_mismatch", "T-2")
    # kinds count 1m..9m from 0, then 1s: the named 5 is 6m, the back tile 9 is 1s
    assert err.value.reason.message == "seat 3 drew 6m from the back; the wall has 1s there"


def test_deal_mode_draws_name_their_tile_and_no_kind_a_fifth_time() -> None:
    board = toy(None)
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "draw", "seat": 0})
    assert err.value.reason.code == "draw_tile_missing"
    for _ in range(4):
        board.push({"type": "draw", "seat": 0, "tile": 7})
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "kong", "seat": 0, "tile": 7})
    assert err.value.reason.code == "fifth_copy"
    assert board.live == 10 - 4  # either end counts: four drawn, six left


def test_every_event_after_the_end_is_refused_and_an_unknown_one_cannot_be_read() -> None:
    board = toy(list(range(10)))
    with pytest.raises(InputError):
        board.push({"type": "flower", "seat": 0})
    board.push({"type": "stop"})
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "draw", "seat": 0})
    assert err.value.reason.message == "the hand is over (stopped)"
    assert board.events == 1


def test_the_deal_three_rounds_of_four_then_one_each_then_the_dealers_fourteenth() -> None:
    wall = list(range(60))
    hands, first_live = deal(wall, dealer=2)
    # seat 2 (the dealer) takes 0-3, seat 3 4-7, seat 0 8-11, seat 1 12-15; again from 16 and 32;
    # then 48, 49, 50, 51 one each in the same order; the dealer's 14th is 52
    assert hands[2] == [0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48, 52]
    assert hands[1] == [12, 13, 14, 15, 28, 29, 30, 31, 44, 45, 46, 47, 51]
    assert first_live == 53


def test_two_seats_alternate() -> None:
    assert (next_seat(1, 2), seats_after(1, 2)) == (0, [0])
    assert seats_after(3) == [0, 1, 2]


def test_a_win_beats_peng_beats_chi_then_turn_order_from_the_discarders_next_seat() -> None:
    wants: dict[int, dict[str, Any] | None] = {1: {"type": "chi"}, 2: {"type": "peng"}, 3: None}
    assert first_claim(wants, seats_after(0)) == {"type": "peng"}
    wants[3] = {"type": "hu", "seat": 3}
    wants[1] = {"type": "hu", "seat": 1}
    assert first_claim(wants, seats_after(0)) == {"type": "hu", "seat": 1}


def test_several_winners_or_the_first_in_turn_order() -> None:
    claim = Claim(seat=2, tile=5, rob=False, hus=[1, 3, 0])
    # from seat 2's 下家: 3, 0, 1
    assert claim.winners(4, several=True) == [3, 0, 1]
    assert claim.winners(4, several=False) == [3]  # 截胡: the first in turn order


def test_only_the_next_seat_may_chi_in_a_game_with_chi() -> None:
    assert toy(None).chi_seat(3) == 0

    class NoChi(Toy):
        CLAIMS = ClaimRules(chi=False, several_winners=True)

    assert NoChi(None).chi_seat(3) is None


def test_claim_rules_may_depend_on_the_ruleset() -> None:
    """Changsha's 通炮 is a parameter (``multi_hu``): a board may decide its claim rules itself."""

    @dataclass
    class Ruled(Toy):
        multi_hu: bool = True

        def claim_rules(self) -> ClaimRules:
            return ClaimRules(chi=True, several_winners=self.multi_hu)

    claim = Claim(seat=0, tile=4, rob=False, hus=[3, 2])
    assert Ruled(None, multi_hu=True).winners(claim) == [2, 3]  # turn order from seat 0: 1, 2, 3
    assert Ruled(None, multi_hu=False).winners(claim) == [2]


# -- a wall of stacks (Changsha CS-2.1 – CS-2.4: back draws and dice picks by stack) ---------------


def test_cs_2_3_a_back_draw_takes_the_last_stacks_top_then_its_bottom() -> None:
    """E10: with stack 53 intact the back draw is wall[106] (its top); then its bottom, 107; then
    stack 52's top, 104."""
    wall = StackedWall(108, range(53))
    order = []
    for _ in range(3):
        index = wall.back()
        assert index is not None
        wall.take(index)
        order.append(index)
    assert order == [106, 107, 104]


def test_cs_2_4_dice_picks_count_stacks_from_the_back_afresh_e5() -> None:
    """E5: stacks 49–53 intact, dice [3, 5]: the 3rd stack from the back is 51, its top wall[102];
    counted again (51 still holds its bottom), the 5th is 49, its top wall[98]."""
    wall = StackedWall(108, range(98))  # only stacks 49-53 hold tiles, all whole
    first = wall.dice_pick(3)
    assert first == 102
    wall.take(first)
    assert wall.dice_pick(5) == 98


def test_cs_2_4_the_same_stack_twice_gives_its_top_then_its_bottom_e6() -> None:
    """E6: dice [2, 2] on an intact back: the 2nd stack (52) gives its top, wall[104], then, still
    the 2nd stack holding a tile, its bottom, wall[105]."""
    wall = StackedWall(108, range(53))
    assert wall.dice_pick(2) == 104
    wall.take(104)
    assert wall.dice_pick(2) == 105


def test_cs_2_4_fewer_stacks_than_the_die_take_the_back_most_and_the_front_skips_picked_tiles() -> None:
    wall = StackedWall(108, [i for i in range(108) if i not in (20, 21, 41)])
    # stacks 10 (20, 21) and 20 (41, its bottom) hold tiles; a 5 finds only two: the back-most, 20
    assert wall.dice_pick(5) == 41
    assert (wall.front(), wall.live) == (20, 3)
    for i in (20, 21, 41):
        wall.take(i)
    assert (wall.front(), wall.back(), wall.dice_pick(1), wall.live) == (None, None, None, 0)
