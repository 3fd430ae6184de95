"""二人麻将's registry hooks (see ``replay.games``): ``evaluate`` (the rules core's), and the
board's ``audit_validated`` and ``check_sessions`` from ``replay/games/erren/audit.py`` (helper
er-board) once it exists; until then a batch audit's sitting check has nothing of this game to do.
"""

from __future__ import annotations

from typing import Any

from replay.games.erren.evaluate import evaluate

try:
    from replay.games.erren.audit import audit_validated, check_sessions  # type: ignore[import-not-found,unused-ignore]
except ModuleNotFoundError:  # pragma: no cover - the board is not merged yet

    def check_sessions(audits: list[dict[str, Any]]) -> None:  # type: ignore[misc,unused-ignore]
        """No 二人 audit carries a sitting yet."""


__all__ = ["audit_validated", "check_sessions", "evaluate"]
