"""二人麻将's registry hooks (see ``replay.games``): ``evaluate`` here; the board's
``audit_validated`` and ``check_sessions`` join it from replay/games/erren/audit.py."""

from __future__ import annotations

from replay.games.erren.audit import audit_validated, check_sessions

__all__: list[str] = ["audit_validated", "check_sessions"]
