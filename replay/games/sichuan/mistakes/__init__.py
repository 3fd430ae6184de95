"""Sichuan mistakes M1–M5 (sichuan.md §11): what a player could have done better in a hand.

``find_mistakes(record)`` replays a legal, finished ``sichuan-hand/1`` record once and runs every
detector of ``detectors/`` over it (one module per type, registered by ``@detector``, as Wuhan's
``replay.analysis``); the findings have the shared shape (``replay.findings.Finding``) so the
store, the Parquet batch and the pages show them as they show Wuhan's. Costs are coins.
``docs/mistakes-sichuan.md`` is the catalogue.
"""

from replay.games.sichuan.mistakes.base import (
    DETECTORS,
    Context,
    Recorder,
    detector,
    find_mistakes,
    mistakes_of,
)

__all__ = ["DETECTORS", "Context", "Recorder", "detector", "find_mistakes", "mistakes_of"]
