"""The mistakes' ``States`` (replay/games/erren/mistakes/base.py): a view at every event and a
board rebuilt from a checkpoint when asked must be exactly the board the replay had there."""

from __future__ import annotations

import json
from typing import Any

import pytest

from replay.games.erren.board import Board
from replay.games.erren.mistakes.base import CHECKPOINT, Context, States
from replay.games.erren.simulate import simulate


def _state(board: Board) -> dict[str, Any]:
    """Everything a board holds, its seats as dicts (a failure then names the field)."""
    out = {k: v for k, v in vars(board).items() if k != "seats"}
    for s, seat in enumerate(board.seats):
        out[f"seat{s}"] = dict(vars(seat))
    return out


def _records() -> list[dict[str, Any]]:
    return [json.loads(json.dumps(r)) for p in ("erren", "erren-gb", "erren-lite") for r in simulate(4, 9, p)]


@pytest.mark.parametrize("record", _records(), ids=lambda r: r["hand_id"] + r["ruleset"]["preset"])
def test_every_board_and_view_is_the_replays(record: dict[str, Any]) -> None:
    board = Board.from_record(record)
    expected = [board.clone()]
    for event in record["events"]:
        board.push(event)
        expected.append(board.clone())
    ctx = Context.replay(record)
    assert len(ctx.states) == len(expected) == len(record["events"]) + 1
    assert len(ctx.states.checkpoints) == -(-len(expected) // CHECKPOINT)
    for i in reversed(range(len(expected))):  # later boards first: no help from earlier ones
        want = expected[i]
        view = ctx.view(i)
        assert (view.phase, view.actor, view.dealer, view.drawn, view.first_turn, view.claim) == (
            want.phase,
            want.actor,
            want.dealer,
            want.drawn,
            want.first_turn,
            want.claim,
        )
        assert view.hands == tuple(tuple(s.hand) for s in want.seats)
        assert view.melds == tuple(len(s.melds) for s in want.seats)
        assert _state(ctx.before(i)) == _state(want)
        assert ctx.before(i) is ctx.before(i)  # rebuilt once, then kept


def test_a_board_out_of_the_replay_is_an_index_error() -> None:
    states = States([])
    with pytest.raises(IndexError):
        states[0]
