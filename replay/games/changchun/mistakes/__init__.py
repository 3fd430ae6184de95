"""Changchun mistakes M1–M5 (changchun.md §10): what a player could have done better in a hand.

``find_mistakes(record)`` replays a legal, finished ``changchun-hand/1`` record once and runs every
detector of ``detectors/`` over it (one module per type, registered by ``@detector``, as the
Changsha package does); the findings have the shared shape (``replay.findings.Finding``). Each is
judged only on what that seat knew at that moment: a 宝 it had not looked at and others'
an-gangs are no part of it (the board's ``bao_known`` and its own 看宝 rule decide what a seat
could do). Costs are in the table's money (the preset's ladder). ``docs/mistakes-changchun.md``
is the catalogue.
"""

from replay.games.changchun.mistakes.base import DETECTORS, Context, detector, find_mistakes

__all__ = ["DETECTORS", "Context", "detector", "find_mistakes"]
