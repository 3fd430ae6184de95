"""Mistake analysis (issue #6): what each player could have done better in a replayed hand.

``find_mistakes(record)`` replays a legal record once and runs every detector of
``replay.games.wuhan.analysis.detectors`` over it; ``docs/mistakes.md`` is the catalogue. The detectors are
imported here, so ``DETECTORS`` lists the whole catalogue as soon as the package is.
"""

from replay.games.wuhan.analysis import detectors as detectors
from replay.games.wuhan.analysis.base import Context, Finding, Offer
from replay.games.wuhan.analysis.registry import (
    DETECTORS,
    analyse,
    analyse_positions,
    detector,
    find_mistakes,
)

__all__ = [
    "DETECTORS",
    "Context",
    "Finding",
    "Offer",
    "analyse",
    "analyse_positions",
    "detector",
    "find_mistakes",
]
