"""The audit of a hand record as received: schema validation, then the replayer.

This is the ``replay audit --json`` contract for any decoded JSON value. It composes the two
layers here, above the domain, so that ``replay/`` imports no schema library: the replayer
(``replay.games.wuhan.audit.audit_validated``, here ``audit_wuhan``) only ever sees records
``validate_record`` accepted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from replay.failure import error_audit
from replay.games import Game, check_all_sessions, drop_session_keys
from replay.games.wuhan.audit import _blank, _ident, audit_wuhan, other_game
from replay.inputs import Unreadable
from schemas.formats import validate_record as validate_any
from schemas.hand_record import validate_record


def audit_record(obj: object, location: str | None = None, analysis: bool = True) -> dict[str, Any]:
    """The audit of one decoded JSON value, as ``replay audit --json`` prints it.

    ``analysis=False``: the verdict only, no mistakes (``replay audit --no-analysis``). An
    exception inside the audit (an engine bug) is this record's audit with status ``error``
    (``replay.failure.error_audit``), so the records around it are audited all the same: every
    batch caller (``audit_records``, ``replay audit``'s chunks in their workers, the batch audit's
    parts) audits record by record through here (issue #27).
    """
    try:
        return _audit_record(obj, location, analysis)
    except Exception as exc:  # an engine bug: this record's answer, not the batch's end
        game = other_game(obj)
        return error_audit(exc, obj, location, game.name if game is not None else None)


def _audit_record(obj: object, location: str | None, analysis: bool) -> dict[str, Any]:
    if isinstance(obj, Unreadable):
        out = _blank(None, None, location)
        out["errors"] = [{"field": obj.field, "message": obj.message}]
        return out
    game = other_game(obj)
    if game is not None and isinstance(obj, Mapping):
        return _audit_other(game, obj, location, analysis)
    record, errors = validate_record(obj)
    if record is None:
        out = _blank(_ident(obj, "hand_id"), _ident(obj, "source"), location)
        if isinstance(obj, Mapping) and isinstance(obj.get("result"), Mapping):
            out["recorded"] = obj["result"]
        out["errors"] = errors
        return out
    return audit_wuhan(record, location, analysis)  # Wuhan's schema took it: no other format


def _audit_other(
    game: Game, obj: Mapping[str, Any], location: str | None, analysis: bool = True
) -> dict[str, Any]:
    """A record of another game, picked by its ``format``: that game's schema, then its replayer."""
    record, errors = validate_any(obj)
    if record is None:
        out = _blank(_ident(obj, "hand_id"), _ident(obj, "source"), location)
        out = {**dict(list(out.items())[:2]), "game": game.name, **dict(list(out.items())[2:])}
        out["recorded"] = obj["result"] if isinstance(obj.get("result"), Mapping) else None
        out["errors"] = errors
        return out
    return game.audit_validated(record, location, analysis)


def audit_records(items: Iterable[tuple[object, str | None]], analysis: bool = True) -> list[dict[str, Any]]:
    """Audit a batch in order, then the sittings it contains."""
    audits = [audit_record(obj, loc, analysis) for obj, loc in items]
    check_all_sessions(audits)
    for a in audits:
        drop_session_keys(a)
        a.pop("_facts", None)
    return audits
