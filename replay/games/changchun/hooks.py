"""Changchun's registry hooks (see ``replay.games``).

cc-rules writes ``evaluate``; cc-board adds ``audit_validated`` and replaces the placeholder
``check_sessions`` below with the sitting check (the dealer that follows, CC-1.3). The
placeholder is here because the registry calls every game's ``check_sessions`` on any batch
of audits: without it, registering the game would break every batch audit.
"""

from __future__ import annotations

from typing import Any

from replay.games.changchun.evaluate import evaluate


def check_sessions(audits: list[dict[str, Any]]) -> None:
    """Placeholder until the board's sitting check lands: flags nothing."""


__all__ = ["check_sessions", "evaluate"]
