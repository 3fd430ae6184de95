"""The shape of a reason code every game shares: why a win or an event is illegal.

Each game keeps its own catalogue (``replay.games.<game>.reasons``); the audit, the store and the
API read only this shape, so they treat every game's reasons alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Reason:
    code: str
    rule: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "rule": self.rule, "message": self.message}
