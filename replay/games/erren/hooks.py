"""二人麻将's registry hooks (see ``replay.games``): ``evaluate`` (the rules core's), the board's
``audit_validated`` and ``check_sessions`` from ``replay/games/erren/audit.py``, and ``simulate``
(the bots' self-play, ``replay simulate --game erren``)."""

from __future__ import annotations

from replay.games.erren.audit import audit_validated, check_sessions
from replay.games.erren.evaluate import evaluate
from replay.games.erren.simulate import simulate

__all__ = ["audit_validated", "check_sessions", "evaluate", "simulate"]
