"""The one place detectors are registered, and the pass that runs them all over a hand.

A detector is a function of the shared :class:`~replay.games.wuhan.analysis.base.Context` that yields
findings of its own type; ``@detector("type")`` is all it takes to join the catalogue.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from replay.findings import register, run_detectors
from replay.games.wuhan.analysis.base import Context, Finding
from replay.games.wuhan.analysis.positions import Positions

Detector = Callable[[Context], Iterable[Finding]]

#: type -> detector, in registration order
DETECTORS: dict[str, Detector] = {}


def detector(kind: str) -> Callable[[Detector], Detector]:
    """Register a detector for the finding type ``kind`` (one detector per type)."""
    return register(DETECTORS, kind)


def _load() -> None:
    """Importing the package registers every module in it; a new file needs no other edit."""
    import replay.games.wuhan.analysis.detectors  # noqa: F401


def run(context: Context) -> list[Finding]:
    _load()
    return run_detectors(DETECTORS, context)


def analyse(record: Mapping[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The mistakes and the per-seat facts (``replay.games.wuhan.analysis.facts``) from one replay."""
    from replay.games.wuhan.analysis.facts import seat_facts

    context = Context.replay(record)
    return [f.to_json() for f in run(context)], seat_facts(context)


def analyse_positions(
    record: Mapping[str, Any], positions: Positions
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``analyse`` on the positions of a replay already made (``replay.games.wuhan.audit.replay_events``
    keeps them): the audit's verdict and its analysis come from one replay. The record must have
    replayed legal to its end."""
    from replay.games.wuhan.analysis.facts import seat_facts

    context = Context(record, record["events"], positions)
    return [f.to_json() for f in run(context)], seat_facts(context)


def find_mistakes(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ``mistakes`` of a validated, legal, finished record, sorted by (index, seat, type).

    Raises ValueError for a record that is illegal or unfinished: a mistake is only a mistake
    against what the rules allowed, which an illegal hand does not settle.
    """
    return [f.to_json() for f in run(Context.replay(record))]
