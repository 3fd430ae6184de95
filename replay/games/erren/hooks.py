"""二人麻将's registry hooks (see ``replay.games``): ``evaluate`` here; the board's
``audit_validated`` and ``check_sessions`` join it from replay/games/erren/audit.py."""

from __future__ import annotations

__all__: list[str] = []
