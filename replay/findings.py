"""A mistake finding, the shape every game's detectors report (``mistakes`` in ``replay audit --json``).

Shared by the games so the store, the batch audit's Parquet and the pages read one shape: Wuhan's
detectors (``replay.analysis``) and Sichuan's (``replay.games.sichuan.mistakes``) both yield
``Finding``; what a cost is measured in (Wuhan points, Sichuan coins) and how it maps to a
severity is each game's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SEVERITIES = ("low", "medium", "high")


@dataclass(frozen=True)
class Finding:
    """One mistake, in the shape ``replay audit --json`` lists under ``mistakes``."""

    type: str
    seat: int
    index: int  # the event at which the mistake was made (or the chance was offered)
    severity: str
    cost: int | None  # points, or None where no amount can honestly be attributed
    message: str

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"severity must be one of {SEVERITIES}, not {self.severity!r}")
        if self.cost is not None and self.cost < 0:
            raise ValueError(f"a cost is what was lost: {self.cost} < 0")

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "seat": self.seat,
            "index": self.index,
            "severity": self.severity,
            "cost": self.cost,
            "message": self.message,
        }
