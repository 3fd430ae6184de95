"""Wuhan's registry hooks: the entry points the game registry calls, over this package's engine."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any


def evaluate(value: object) -> dict[str, Any]:
    from replay.games.wuhan.evaluate import evaluate_wuhan

    return evaluate_wuhan(value)


def audit_validated(
    record: Mapping[str, Any], location: str | None = None, analysis: bool = True
) -> dict[str, Any]:
    from replay.games.wuhan.audit import audit_validated as wuhan_audit

    return wuhan_audit(record, location, analysis)


def check_sessions(audits: list[dict[str, Any]]) -> None:
    from replay.games.wuhan.audit import check_sessions as wuhan_check

    wuhan_check(audits)


def simulate(
    hands: int,
    seed: int,
    preset: str,
    overrides: Mapping[str, Any] | None = None,
    pool: int = 8,
    workers: int = 1,
) -> Iterator[dict[str, Any]]:
    """Wuhan's bots play its presets as they are; overrides are not theirs to take."""
    from replay.errors import InputError
    from replay.games.wuhan.simulate import simulate as wuhan_simulate

    if overrides:
        raise InputError("overrides", "the Wuhan simulator plays presets without overrides")
    return wuhan_simulate(hands, seed, preset, pool, workers)
