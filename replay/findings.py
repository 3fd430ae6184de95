"""A mistake finding, the shape every game's detectors report (``mistakes`` in ``replay audit --json``).

Shared by the games so the store, the batch audit's Parquet and the pages read one shape: Wuhan's
detectors (``replay.games.wuhan.analysis``) and Sichuan's (``replay.games.sichuan.mistakes``) both yield
``Finding``; what a cost is measured in (Wuhan points, Sichuan coins) and how it maps to a
severity is each game's own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

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


Ctx = TypeVar("Ctx")


def register(
    detectors: dict[str, Callable[[Ctx], Iterable[Finding]]], kind: str
) -> Callable[[Callable[[Ctx], Iterable[Finding]]], Callable[[Ctx], Iterable[Finding]]]:
    """A game's ``@detector(kind)``: one detector per finding type, in that game's table."""

    def add(fn: Callable[[Ctx], Iterable[Finding]]) -> Callable[[Ctx], Iterable[Finding]]:
        if kind in detectors and detectors[kind] is not fn:
            raise ValueError(f"two detectors for mistake type {kind!r}")
        detectors[kind] = fn
        return fn

    return add


def run_detectors(detectors: dict[str, Callable[[Ctx], Iterable[Finding]]], context: Ctx) -> list[Finding]:
    """Every detector of a game over one hand, its findings in the order of the hand."""
    found: list[Finding] = []
    for kind, fn in detectors.items():
        for f in fn(context):
            if f.type != kind:
                raise ValueError(f"the {kind!r} detector reported a {f.type!r} finding")
            found.append(f)
    found.sort(key=lambda f: (f.index, f.seat, f.type))
    return found
