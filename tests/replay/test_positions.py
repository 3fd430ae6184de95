"""``replay.games.wuhan.analysis.positions``: every position the analysis reads is the board as it stood.

The positions keep only what each event changed; the reference is the board itself, copied in
full (``copy.deepcopy``) after every push of the same replay.
"""

from __future__ import annotations

import copy
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from replay.games.wuhan.analysis.positions import Positions
from replay.games.wuhan.board import Board, IllegalEvent
from replay.games.wuhan.simulate import simulate
from replay.inputs import iter_records
from schemas.hand_record import validate_record

ROOT = Path(__file__).resolve().parents[2]


def _records() -> list[dict[str, Any]]:
    out = []
    data = ROOT / "tests" / "data"
    folders = [data / "records" / "legal", data / "mistakes", ROOT / "sample_logs" / "handwritten"]
    for obj, _ in iter_records([str(f) for f in folders]):
        record, _ = validate_record(obj)
        if record is not None and record.get("format", "wuhan-hand/1") == "wuhan-hand/1" and _legal(record):
            out.append(record)
    for preset, seed in (("hzlzg", 5), ("hzlzg-koukou", 6), ("hzfclzg", 8)):
        for raw in islice(simulate(40, seed=seed, preset=preset), 40):
            record, errors = validate_record(raw)
            assert record is not None, errors
            out.append(record)
    out.append(_with_passes(out[-1]))
    return out


def _legal(record: dict[str, Any]) -> bool:
    board = Board.from_record(record)
    try:
        for event in record["events"]:
            board.push(event)
    except IllegalEvent:
        return False
    return True


def _with_passes(record: dict[str, Any]) -> dict[str, Any]:
    """The records hold no ``pass``: one with the next seat passing on every discard, and a
    stray pass by the seat to act (which a later gang does not clear)."""
    events: list[dict[str, Any]] = []
    for e in record["events"]:
        events.append(e)
        if e["type"] == "discard":
            events.append({"type": "pass", "seat": (e["seat"] + 1) % 4})
        if e["type"] == "draw":
            events.append({"type": "pass", "seat": (e["seat"] + 2) % 4})
    return {**record, "hand_id": f"{record['hand_id']}-passes", "events": events}


RECORDS = _records()


def _replay(record: dict[str, Any]) -> tuple[Positions, list[Board]]:
    board = Board.from_record(record)
    positions = Positions(board)
    boards = [copy.deepcopy(board)]
    for event in record["events"]:
        board.push(event)
        positions.record(board, event)
        boards.append(copy.deepcopy(board))
    return positions, boards


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["hand_id"])
def test_every_position_is_the_board_as_it_stood(record: dict[str, Any]) -> None:
    positions, boards = _replay(record)
    assert len(positions) == len(boards)
    for i, want in enumerate(boards):
        got = positions.board(i)
        assert got == want, f"position {i}"
        assert list(positions.seats[i]) == want.seats
        assert [list(r) for r in positions.rivers[i]] == want.discards
        assert positions.draw(i) == want.last_draw
        assert positions.live_tiles(i) == want.live


def test_the_records_cover_claims_gangs_robs_and_both_deal_modes() -> None:
    """The comparison is worth making: the records exercise every way an event changes a board."""
    kinds = {e["type"] if e["type"] != "gang" else f"gang:{e['kind']}" for r in RECORDS for e in r["events"]}
    gangs = {"gang:ming", "gang:an", "gang:xu", "gang:pizi", "gang:laizi"}
    assert {"chi", "peng", "pass", "hu", *gangs} <= kinds
    assert any(r.get("wall") is None for r in RECORDS) and any(r.get("wall") is not None for r in RECORDS)
    robbed = [r for r in RECORDS if (r.get("result") or {}).get("winner") is not None and _robbed(r)]
    assert robbed, "no robbed kong among the records"


def _robbed(record: dict[str, Any]) -> bool:
    events = record["events"]
    acts = [e for e in events if e["type"] != "pass"]
    if len(acts) < 2 or acts[-1]["type"] != "hu":
        return False
    return acts[-2]["type"] == "gang" and acts[-2]["kind"] == "xu"


def test_positions_are_not_changed_by_later_pushes() -> None:
    """A seat state handed out for an early position keeps its tiles while the replay goes on."""
    record = RECORDS[0]
    board = Board.from_record(record)
    positions = Positions(board)
    first = [list(s.hand) for s in positions.seats[0]]
    for event in record["events"]:
        board.push(event)
        positions.record(board, event)
    assert [list(s.hand) for s in positions.seats[0]] == first
    assert positions.board(len(positions) - 1) is board


def _state(positions: Positions) -> tuple[Any, ...]:
    return positions.seats, positions.rivers, positions.scalars, positions._passes


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["hand_id"])
def test_push_all_keeps_what_record_keeps(record: dict[str, Any]) -> None:
    """``push_all`` (the audit's one loop) keeps exactly the positions ``record`` does."""
    board = Board.from_record(record)
    kept = Positions(board)
    kept.push_all(board, record["events"])
    want, _ = _replay(record)
    assert _state(kept) == _state(want)
    assert kept.board(len(kept) - 1) is board


def _illegal_records() -> list[dict[str, Any]]:
    out = []
    folder = ROOT / "tests" / "data" / "records" / "illegal"
    for obj, _ in iter_records([str(folder)]):
        record, _ = validate_record(obj)
        if record is not None and record.get("format", "wuhan-hand/1") == "wuhan-hand/1":
            out.append(record)
    return out


@pytest.mark.parametrize("record", _illegal_records(), ids=lambda r: r["hand_id"])
def test_push_all_stops_where_push_stops(record: dict[str, Any]) -> None:
    """At an illegal event ``push_all`` raises what ``push`` raises, the positions those before it."""
    board = Board.from_record(record)
    kept = Positions(board)
    try:
        kept.push_all(board, record["events"])
    except IllegalEvent as err:
        got: tuple[Any, ...] | None = (len(kept) - 1, err.reason)
    else:
        got = None
    board = Board.from_record(record)
    want = Positions(board)
    expected: tuple[Any, ...] | None = None
    for i, event in enumerate(record["events"]):
        try:
            board.push(event)
        except IllegalEvent as err:
            expected = (i, err.reason)
            break
        want.record(board, event)
    assert got == expected
    assert _state(kept) == _state(want)


def test_a_pizi_or_laizi_gang_keeps_the_meld_list() -> None:
    """R-4.1 痞子杠 and R-4.2 赖子杠 take a tile out of the hand and add to a count, no meld: the
    position after one shares the meld list of the one before (as after a draw), both in
    ``record`` and in ``push_all``, while a chi, peng or other gang gives the seat a new list."""
    seen = 0
    for record in RECORDS:
        recorded, _ = _replay(record)
        board = Board.from_record(record)
        pushed = Positions(board)
        pushed.push_all(board, record["events"])
        for positions in (recorded, pushed):
            for i, event in enumerate(record["events"]):
                if event["type"] != "gang":
                    continue
                seat = event["seat"]
                before, after = positions.seats[i][seat], positions.seats[i + 1][seat]
                if event["kind"] in ("pizi", "laizi"):
                    seen += 1
                    assert after.melds is before.melds
                    assert len(after.hand) == len(before.hand) - 1
                else:
                    assert after.melds is not before.melds
                    assert len(after.melds) == len(before.melds) + (event["kind"] in ("an", "ming"))
    assert seen  # the records hold such gangs
