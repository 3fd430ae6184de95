"""推筒子's registry hooks (see ``replay.games``): evaluate, audit, simulate."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from replay.games.tuitongzi.audit import audit_validated, check_sessions
from replay.games.tuitongzi.evaluate import evaluate


def simulate(
    hands: int,
    seed: int,
    preset: str,
    overrides: Mapping[str, Any] | None = None,
    pool: int = 8,
    workers: int = 1,
) -> Iterator[dict[str, Any]]:
    """``replay simulate --game tuitongzi``: ``hands`` rounds (imported on use: the bots are not
    needed to audit)."""
    from replay.games.tuitongzi.simulate import simulate as play

    records: Iterator[dict[str, Any]] = play(hands, seed, preset, overrides, pool, workers)
    return records


__all__ = ["audit_validated", "check_sessions", "evaluate", "simulate"]
