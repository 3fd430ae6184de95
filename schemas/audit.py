"""The audit of a hand record as received: schema validation, then the replayer.

This is the ``replay audit --json`` contract for any decoded JSON value. It composes the two
layers here, above the domain, so that ``replay/`` imports no schema library: the replayer
(``replay.audit.audit_validated``) only ever sees records ``validate_record`` accepted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from replay.audit import _blank, _ident, audit_validated, check_sessions
from replay.inputs import Unreadable
from schemas.hand_record import validate_record


def audit_record(obj: object, location: str | None = None) -> dict[str, Any]:
    """The audit of one decoded JSON value, as ``replay audit --json`` prints it."""
    if isinstance(obj, Unreadable):
        out = _blank(None, None, location)
        out["errors"] = [{"field": "", "message": obj.message}]
        return out
    record, errors = validate_record(obj)
    if record is None:
        out = _blank(_ident(obj, "hand_id"), _ident(obj, "source"), location)
        if isinstance(obj, Mapping) and isinstance(obj.get("result"), Mapping):
            out["recorded"] = obj["result"]
        out["errors"] = errors
        return out
    return audit_validated(record, location)


def audit_records(items: Iterable[tuple[object, str | None]]) -> list[dict[str, Any]]:
    """Audit a batch in order, then the sittings it contains."""
    audits = [audit_record(obj, loc) for obj, loc in items]
    check_sessions(audits)
    for a in audits:
        a.pop("_session", None)
        a.pop("_facts", None)
    return audits
