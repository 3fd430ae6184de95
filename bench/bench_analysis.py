"""The mistake analysis, detector by detector, per hand (issue #15).

Each figure is the time one piece of the analysis takes over simulated hands, streaming: every
hand is replayed with its positions (not timed, except for the line that times keeping them),
then a fresh ``Context`` is made and only the piece measured is run on it, and everything is
dropped before the next hand, as a streaming audit drops it. A detector alone pays for what it
shares with the others (the offers, the wins), so the lines do not add up to ``analysis``.

Lines: ``positions`` (the replay keeping every position, less the verdict's replay without),
each detector alone, ``seat_facts``, ``rest`` (every detector but 牌效率, with the facts: what
``inefficient_discard`` does not cost) and ``analysis`` (all of it, as the audit runs it).

Run: ``.venv/bin/python bench/bench_analysis.py [HANDS] [PASSES]`` (default 600 hands, 3 passes,
best of the passes, CPU time). For an A/B, run it twice in one window with ``PYTHONPATH`` at each tree.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any

from replay.games.wuhan.analysis import DETECTORS
from replay.games.wuhan.analysis.base import Context
from replay.games.wuhan.analysis.facts import seat_facts
from replay.games.wuhan.analysis.registry import run
from replay.games.wuhan.audit import replay_events
from replay.games.wuhan.simulate import simulate
from schemas.hand_record import validate_record

Piece = Callable[[Context], object]
#: CPU time of this process, not wall time: on a machine shared with other work (two cores, a
#: load of five), wall time counts the moments the process waits for a core, and two runs of
#: the same code differ by half; CPU time differs by a few per cent
CLOCK = time.process_time


def _rest(ctx: Context) -> object:
    out = [f for kind, fn in DETECTORS.items() if kind != "inefficient_discard" for f in fn(ctx)]
    return out, seat_facts(ctx)


def _all(ctx: Context) -> object:
    return run(ctx), seat_facts(ctx)


def pieces() -> dict[str, Piece]:
    out: dict[str, Piece] = {}
    for kind, fn in DETECTORS.items():
        out[kind] = lambda ctx, fn=fn: list(fn(ctx))  # type: ignore[misc]
    out["seat_facts"] = seat_facts
    out["rest"] = _rest
    out["analysis"] = _all
    return out


def time_piece(records: list[dict[str, Any]], piece: Piece) -> float:
    total = 0.0
    clock = CLOCK
    for record in records:
        positions = replay_events(record, positions=True).positions
        assert positions is not None
        start = clock()
        piece(Context(record, record["events"], positions))
        total += clock() - start
        del positions
    return total


def time_positions(records: list[dict[str, Any]]) -> float:
    """The replay keeping positions, less the verdict's replay (which keeps none)."""
    clock = CLOCK
    start = clock()
    for record in records:
        replay_events(record, positions=True)
    kept = clock() - start
    start = clock()
    for record in records:
        replay_events(record)
    return kept - (clock() - start)


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    passes = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    records = [r for r in simulate(hands, seed=7) if validate_record(r)[0]]
    assert len(records) == hands
    for record in records[:5]:  # load the tables once, as a long-running process has
        _all(Context(record, record["events"], replay_events(record, positions=True).positions))  # type: ignore[arg-type]
    per = 1e6 / hands
    figures: dict[str, float] = {"positions": min(time_positions(records) for _ in range(passes))}
    for name, piece in pieces().items():
        figures[name] = min(time_piece(records, piece) for _ in range(passes))
    print(f"analysis of {hands} simulated hands, µs/hand, best of {passes} (load {_load()}):")
    for name, t in figures.items():
        print(f"  {name:26s} {t * per:8.0f}")
    print(f"  {'rest + positions':26s} {(figures['rest'] + figures['positions']) * per:8.0f}")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
