"""Changsha's registry hooks (see ``replay.games``)."""

from __future__ import annotations

from replay.games.changsha.evaluate import evaluate

# cs-board adds ``audit_validated`` (replay.games.changsha.audit); a later helper adds ``simulate``.
__all__ = ["evaluate"]
