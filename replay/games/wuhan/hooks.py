"""Wuhan's registry hooks, delegating to the existing engine unchanged (outputs byte for byte)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def evaluate(value: object) -> dict[str, Any]:
    from replay.evaluate import evaluate_wuhan

    return evaluate_wuhan(value)


def audit_validated(record: Mapping[str, Any], location: str | None = None) -> dict[str, Any]:
    from replay.audit import audit_validated as wuhan_audit

    return wuhan_audit(record, location)
