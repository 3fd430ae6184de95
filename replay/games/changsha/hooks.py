"""Changsha's registry hooks (see ``replay.games``)."""

from __future__ import annotations

from replay.games.changsha.audit import audit_validated, check_sessions
from replay.games.changsha.evaluate import evaluate
from replay.games.changsha.simulate import simulate

__all__ = ["audit_validated", "check_sessions", "evaluate", "simulate"]
