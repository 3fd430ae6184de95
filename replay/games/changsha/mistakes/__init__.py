"""Changsha mistakes M1–M5 (changsha.md §10): what a player could have done better in a hand.

``find_mistakes(record)`` replays a legal, finished ``changsha-hand/1`` record once and runs every
detector of ``detectors/`` over it (one module per type, registered by ``@detector``, as Sichuan's
``replay.games.sichuan.mistakes``); the findings have the shared shape (``replay.findings.Finding``)
so the store, the Parquet batch and the pages show them as they show the other games'. Costs are
in the table's money (the ruleset's ``units``). ``docs/mistakes-changsha.md`` is the catalogue.
"""

from replay.games.changsha.mistakes.base import (
    DETECTORS,
    Context,
    Recorder,
    detector,
    find_mistakes,
    mistakes_of,
)

__all__ = ["DETECTORS", "Context", "Recorder", "detector", "find_mistakes", "mistakes_of"]
