"""Changchun's registry hooks (see ``replay.games``): ``evaluate`` (cc-rules), ``audit_validated``
and ``check_sessions`` (the dealer that follows across a sitting, CC-1.3; cc-board) and
``simulate`` (the bots' sittings, ``replay simulate --game changchun``)."""

from __future__ import annotations

from replay.games.changchun.audit import audit_validated, check_sessions
from replay.games.changchun.evaluate import evaluate
from replay.games.changchun.simulate import simulate

__all__ = ["audit_validated", "check_sessions", "evaluate", "simulate"]
