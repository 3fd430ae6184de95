"""二人麻将's registry hooks (see ``replay.games``): ``evaluate`` (the rules core's), and the
board's ``audit_validated`` and ``check_sessions`` from ``replay/games/erren/audit.py``."""

from __future__ import annotations

from replay.games.erren.audit import audit_validated, check_sessions
from replay.games.erren.evaluate import evaluate

__all__ = ["audit_validated", "check_sessions", "evaluate"]
