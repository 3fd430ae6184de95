"""The ``error`` status (issue #27): a hand the engine failed on is stored with it, and the
overview counts it like the other verdicts.

``hand_days`` keeps one count column per status (``store.rollups.STATUSES``); it gains
``error``. No hand stored before this migration can have the status (the audit raised instead,
and nothing was stored), so 0 is every existing row's count.
"""

from __future__ import annotations

VERSION = 6
NAME = "error_status"

STATEMENTS = ("ALTER TABLE hand_days ADD COLUMN error BIGINT DEFAULT 0",)
