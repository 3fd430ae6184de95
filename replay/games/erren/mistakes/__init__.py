"""二人麻将 mistakes (erren.md §10): what a player could have done better in a hand.

``find_mistakes(record)`` replays a legal, finished ``erren-hand/1`` record once and runs every
detector of ``detectors/`` over it (one module per type, registered by ``@detector``, as
Changsha's ``replay.games.changsha.mistakes``); the findings have the shared shape
(``replay.findings.Finding``). Costs are in fan (T, ER-6.2), §10's own measure;
``docs/mistakes-erren.md`` is the catalogue.
"""

from replay.games.erren.mistakes.base import DETECTORS, Context, detector, find_mistakes

__all__ = ["DETECTORS", "Context", "detector", "find_mistakes"]
