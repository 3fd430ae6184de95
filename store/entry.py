"""One record on its way into the store, and what became of it.

Shared by the phases (prepare, rows, commit, reaudit) so each can be read on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from replay.inputs import Item


@dataclass
class Result:
    """What became of one record: the ``results[]`` entry of an upload."""

    source: str | None
    hand_id: str | None
    outcome: str
    status: str | None
    errors: list[dict[str, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "hand_id": self.hand_id,
            "outcome": self.outcome,
            "status": self.status,
            "errors": self.errors,
        }


@dataclass
class _Entry:
    index: int
    item: Item
    source: str | None
    hand_id: str | None
    record: dict[str, Any] | None = None
    canonical: bytes | None = None
    sha: str | None = None
    audit: dict[str, Any] | None = None
    skipped: str | None = None  # audit status of the stored twin when the replay was skipped
    errors: list[dict[str, str]] = field(default_factory=list)
    raw_id: int | None = None
    valid: bool = False
    status: str | None = None  # the audit's verdict, kept when the audit itself is dropped
    game: str = "wuhan"  # the game the record's ``format`` picked (``store.games``)

    @property
    def key(self) -> tuple[str, str]:
        assert self.source is not None and self.hand_id is not None
        return self.source, self.hand_id


def _ident(obj: object, key: str) -> str | None:
    value = obj.get(key) if isinstance(obj, Mapping) else None
    return value if isinstance(value, str) else None


def _safe_text(value: str | None, limit: int = 256) -> str | None:
    """Text DuckDB can hold: lone surrogates (legal in JSON escapes, not in UTF-8) escaped."""
    if value is None:
        return None
    value = value[:limit]
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        value = value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


def _sitting(item: Item) -> object:
    obj = item.obj
    if not isinstance(obj, dict):
        return None
    session = obj.get("session")
    return (obj.get("source"), session.get("id")) if isinstance(session, dict) else None
