"""Sichuan's registry hooks (see ``replay.games``)."""

from __future__ import annotations

from replay.games.sichuan.audit import audit_validated, check_sessions
from replay.games.sichuan.evaluate import evaluate
from replay.games.sichuan.simulate import simulate

__all__ = ["audit_validated", "check_sessions", "evaluate", "simulate"]
