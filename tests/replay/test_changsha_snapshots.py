"""``Board.snapshot`` (copy on write) keeps exactly what ``Board.clone`` keeps.

The mistake analysis keeps the board after every event (``mistakes.Recorder``). Snapshots share
the seats, the open window and the stacks with the live board until it changes one (``_mine``,
``_own_claim``, ``_own_stacks`` copy first), and its lists and dicts because pushes replace them.
A handler that changed a shared object in place would change every kept state behind it: these
tests replay every sample hand both ways and compare each kept state with a full clone's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from replay.errors import InputError
from replay.games.changsha.board import Board
from replay.games.changsha.mistakes import Recorder
from replay.table.board import IllegalEvent

ROOT = Path(__file__).resolve().parents[2] / "sample_logs"


def _records() -> list[dict[str, Any]]:
    """Every hand-written Changsha record, then the simulated sittings' hands."""
    out = [
        json.loads(p.read_text("utf-8")) for p in sorted((ROOT / "handwritten" / "changsha").glob("*.json"))
    ]
    for name in ("changsha-changsha.ndjson", "changsha-app.ndjson"):
        lines = (ROOT / "simulated" / name).read_text("utf-8").splitlines()
        out += [json.loads(line) for line in lines if line.strip()]
    return out


def cloned_states(board: Board, events: list[dict[str, Any]]) -> list[Board]:
    """The board before the first event and after each one, by full clones (the reference the
    snapshots are held to); ValueError at an illegal event."""
    states = [board.clone()]
    for event in events:
        try:
            board.push(event)
        except (IllegalEvent, InputError) as err:
            raise ValueError(str(err)) from None
        states.append(board.clone())
    return states


def view(board: Board) -> dict[str, Any]:
    """Everything a board holds, by value (seats, stacks and the window field by field)."""
    state = {k: v for k, v in board.__dict__.items() if k not in ("seats", "stacks", "claim", "_owned")}
    state["seats"] = [{k: v for k, v in s.__dict__.items() if k != "wait_cache"} for s in board.seats]
    state["stacks"] = None if board.stacks is None else (bytes(board.stacks.gone), board.stacks.live)
    state["claim"] = None if board.claim is None else dict(board.claim.__dict__)
    return state


def both_ways(record: dict[str, Any]) -> tuple[list[Board], list[Board]] | None:
    """The kept states by snapshots and by clones; None for a hand with an illegal event."""
    try:
        cloned = cloned_states(Board.from_record(record), record["events"])
    except ValueError:
        return None
    recorder = Recorder(Board.from_record(record))
    for event in record["events"]:
        recorder.push(event)
    return recorder.states, cloned


def test_every_kept_state_equals_a_full_clone() -> None:
    """Over every sample hand (hand-written and simulated): same states, event by event."""
    compared = 0
    for record in _records():
        kept = both_ways(record)
        if kept is None:
            continue
        snapshots, clones = kept
        assert len(snapshots) == len(clones)
        for i, (snap, clone) in enumerate(zip(snapshots, clones, strict=True)):
            assert view(snap) == view(clone), (record.get("hand_id"), i)
        compared += 1
    assert compared >= 200  # the simulated sittings alone hold 220 legal hands


def test_a_snapshot_shares_what_the_next_event_left_alone() -> None:
    """A discard changes the discarder's seat only: the other three seats stay shared objects
    between the two snapshots, the discarder's is a new one and the earlier keeps its tile."""
    record = next(r for r in _records() if both_ways(r) is not None)
    board = Board.from_record(record)
    recorder = Recorder(board)
    events = record["events"]
    i = next(k for k, e in enumerate(events) if e["type"] == "discard")
    for event in events[: i + 1]:
        recorder.push(event)
    before, after = recorder.states[i], recorder.states[i + 1]
    s = events[i]["seat"]
    assert all(before.seats[k] is after.seats[k] for k in range(4) if k != s)
    assert before.seats[s] is not after.seats[s]
    assert sum(before.seats[s].hand) == sum(after.seats[s].hand) + 1


@pytest.mark.parametrize("pushes", [1, 5])
def test_pushing_on_a_clone_of_a_snapshot_leaves_it_alone(pushes: int) -> None:
    """Detectors try moves on ``clone()`` of a kept state: the state itself never moves."""
    record = next(r for r in _records() if len(r["events"]) >= 10 and both_ways(r) is not None)
    recorder = Recorder(Board.from_record(record))
    for event in record["events"][:10]:
        recorder.push(event)
    kept = recorder.states[3]
    was = view(kept)
    trial = kept.clone()
    for event in record["events"][3 : 3 + pushes]:
        trial.push(event)
    assert view(kept) == was
    assert view(trial) == view(recorder.states[3 + pushes])
