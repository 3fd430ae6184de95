"""ER-1.2: two seats, 0 and 1, each the other's 上家 and 下家: either may chi the other's discard
(chi is otherwise only from the 上家), a third seat does not exist (the record and every event)."""

from __future__ import annotations

import pytest

from replay.errors import InputError
from replay.games.erren.board import Board
from replay.games.erren.readings import Meld
from replay.games.erren.tiles import parse
from schemas.audit import audit_record
from tests.erren_builders import record
from tests.replay.test_erren_board import E1_HANDS

BOTH_CHI = ["f1 2h", "d1 P", "x0 3s", "c1 1s 2s", "x1 7s", "c0 8s 9s", "x0 C"]


def test_er_1_2_each_seat_chis_the_others_discard() -> None:
    """E1's deal: seat 1 chis the dealer's 3s with 1s 2s, then seat 0 chis seat 1's 7s with 8s 9s:
    both are legal, since each seat is the other's 上家."""
    board = Board.from_record(record(E1_HANDS, BOTH_CHI))
    for e in record(E1_HANDS, BOTH_CHI)["events"]:
        board.push(e)
    assert board.seats[1].melds == [Meld("chi", parse("1s"))]
    assert board.seats[0].melds == [Meld("chi", parse("7s"))]
    assert board.other(0) == 1 and board.other(1) == 0
    assert board.phase == "claim" and board.claim is not None and board.claim.seat == 0


def test_er_1_2_no_third_seat() -> None:
    """An event naming seat 2 is refused by field; a record with three seats is invalid."""
    rec = record(E1_HANDS, ["f1 2h", "d1 P", "x0 3s", "c1 1s 2s"])
    rec["events"][3]["seat"] = 2
    board = Board.from_record(rec)
    for e in rec["events"][:3]:
        board.push(e)
    with pytest.raises(InputError) as err:
        board.push(rec["events"][3])
    assert err.value.field == "seat" and "0 or 1" in err.value.message
    three = record(E1_HANDS, ["f1 2h"])
    three["seats"] = [{"player_id": f"p{i}"} for i in range(3)]
    audit = audit_record(three)
    assert audit["status"] == "invalid" and any(e["field"].startswith("seats") for e in audit["errors"])
    dealer = record(E1_HANDS, ["f1 2h"])
    dealer["dealer"] = 2
    assert audit_record(dealer)["status"] == "invalid"
