"""The Changsha board's legality (replay/games/changsha/board.py) by rule id, written against the
survivors of the mutation screen (issue #35). Each refusal is asserted by its reason code, its CS
rule AND its whole message (whose seat, which tile, how many), worked out by hand from
../shared/rules/changsha.md and the catalogue of ``replay/games/changsha/reasons.py``; each
boundary from both sides. Records come from ``tests/changsha_builders.py``."""

from __future__ import annotations

from typing import Any

import pytest

from replay.errors import InputError
from replay.games.changsha.board import Board, IllegalEvent, legal_actions
from replay.games.changsha.reasons import CATALOGUE
from tests.changsha_builders import event, record
from tests.replay.test_changsha_board import E1_HANDS


def pushed(rec: dict[str, Any], events: list[str] | None = None) -> Board:
    """The board after pushing ``events`` (default: the record's own)."""
    board = Board.from_record(rec)
    for e in rec["events"] if events is None else [event(x) for x in events]:
        board.push(e)
    return board


def refusal(board: Board, text: str) -> tuple[str, str, str]:
    """Push one more event (compact form), which must be refused: (code, rule, message)."""
    with pytest.raises(IllegalEvent) as err:
        board.push(event(text) if isinstance(text, str) else text)
    why = err.value.reason
    assert CATALOGUE[why.code][0] == why.rule
    return why.code, why.rule, why.message


# ---------------------------------------------------------------------------------- CS-1.2 / CS-2.1
@pytest.mark.parametrize("dealer", [True, 4, -1, "0", None])
def test_CS_1_2_the_dealer_is_a_seat_0_to_3(dealer: object) -> None:
    """CS-1.2: seats 0-3; the record's ``dealer`` (CS-1.3) outside them, a bool (True is 1 to
    Python) or no number is an input error naming ``dealer`` and the value; 3 is a seat."""
    rec = record(E1_HANDS, [])
    rec["dealer"] = dealer
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert (err.value.field, err.value.message) == ("dealer", f"must be a seat 0-3, not {dealer!r}")


def test_CS_1_2_seat_3_may_deal() -> None:
    """The other side of the boundary: dealer 3 holds the 14th tile (CS-2.1) and acts first."""
    hands = [E1_HANDS[1], E1_HANDS[2], E1_HANDS[3], E1_HANDS[0]]
    board = Board.from_record(record(hands, [], dealer=3))
    assert (board.dealer, board.actor, board.seats[3].size) == (3, 3, 14)


def test_CS_1_1_a_wall_tile_that_is_no_changsha_tile_names_its_index() -> None:
    """CS-1.1: an honour in the wall is named by its place, ``wall[5]``."""
    rec = record(E1_HANDS, [])
    rec["wall"][5] = "E"
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert err.value.field == "wall[5]"
    assert err.value.message == "E (东风) is not a Changsha tile: no honours (CS-1.1)"
    rec["wall"] = "1m"
    with pytest.raises(InputError) as err:
        Board.from_record(rec)
    assert (err.value.field, err.value.message) == ("wall", "must be a list of tiles")


def test_CS_6_4_without_a_wall_no_draw_and_no_birds_are_offered() -> None:
    """Deal mode (no ``wall``): the record names each drawn tile and its birds, so
    ``legal_actions`` lists neither, not even ``birds: 0``'s empty bird list after a win.
    E1 in deal mode: seat 2 draws 5p and wins 平胡 (CS-4.2); the birds are the record's."""
    rec = record(E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2"], wall=False, overrides={"birds": 0})
    board = pushed(rec)
    assert board.phase == "settle" and board.wall is None
    assert legal_actions(board) == []
    claim = pushed(rec, ["x0 9p"])
    assert [a for a in legal_actions(claim) if a["type"] == "draw"] == []
