"""An unexpected exception while judging one input becomes that input's answer (issue #27).

An engine bug on one described win or one hand record must not take the rest of a file, a
batch or a request with it: whoever judges inputs one by one catches ``Exception`` around each
and answers it with what is built here. The answer names the input (an index, or the record's
``hand_id`` and ``source``) and the exception's type and message, never a traceback: the
traceback goes to the ``replay.failure`` logger under a fresh ``id`` that the answer carries
too, so an operator can find it in the server's log. The logger has a ``NullHandler``, so a
command-line run that configures no logging prints nothing extra (Python would otherwise print
the traceback to stderr); a server or a test that handles the root logger gets every record.

Two shapes, both documented contracts:

- ``evaluate_error``: ``{"error": {"code": "internal_error", "field": "", "message", "index",
  "id"}}``, an evaluate answer beside the malformed input's ``{"error": {"field", "message"}}``;
- ``error_audit``: an audit with ``"status": "error"`` and one ``errors`` entry carrying
  ``"code": "internal_error"`` and the ``id`` (docs/audit.md, docs/reason-codes.md); the store
  keeps such a hand, and ``replay reaudit`` audits it again.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping
from typing import Any

#: the reason code of an input the engine failed on
INTERNAL_ERROR = "internal_error"
#: the audit status of a record the engine failed on (beside ok, illegal, mismatch, invalid)
ERROR = "error"
#: how much of an exception's message an answer shows (a message can hold a whole hand)
MESSAGE_LIMIT = 300

log = logging.getLogger("replay.failure")
log.addHandler(logging.NullHandler())


def describe(exc: BaseException) -> str:
    """``IndexError: tuple index out of range``: the type and message on one line, cut short."""
    try:
        text = " ".join(str(exc).split())
    except Exception:  # an exception whose message itself fails: its type still names it
        text = "(no message)"
    if len(text) > MESSAGE_LIMIT:
        text = text[: MESSAGE_LIMIT - 1] + "…"
    name = type(exc).__name__
    return f"{name}: {text}" if text else name


def report(exc: BaseException, what: str) -> str:
    """Log ``exc`` with its traceback under a new id and return the id (uuid4 hex)."""
    ident = uuid.uuid4().hex
    log.error("internal error %s on %s: %s", ident, what, describe(exc), exc_info=exc)
    return ident


def _message(exc: BaseException, what: str) -> str:
    return f"the engine failed on {what} ({describe(exc)}): a bug of the engine, not of the input"


def error_entry(exc: BaseException, what: str) -> dict[str, str]:
    """The ``errors[]`` entry of an audit the engine failed on: ``field`` and ``message`` as every
    entry has them (no field is to blame), then the reason code and the logged traceback's id."""
    ident = report(exc, what)
    return {"field": "", "message": _message(exc, what), "code": INTERNAL_ERROR, "id": ident}


def evaluate_error(exc: BaseException, index: int) -> dict[str, Any]:
    """The evaluate answer of input ``index`` (0-based, input order) that the engine failed on."""
    what = f"input {index}"
    ident = report(exc, what)
    error = {"code": INTERNAL_ERROR, "field": "", "message": _message(exc, what), "index": index, "id": ident}
    return {"error": error}


def without_ids(errors: object) -> object:
    """An audit's ``errors`` without the log ids: what a re-audit compares (a hand the engine
    still fails on the same way has not changed, whatever id its new traceback got)."""
    if not isinstance(errors, list):
        return errors
    return [{k: v for k, v in e.items() if k != "id"} if isinstance(e, Mapping) else e for e in errors]


def is_internal(answer: Mapping[str, Any]) -> bool:
    """Whether an evaluate answer is an ``internal_error`` (not a malformed input's error)."""
    error = answer.get("error")
    return isinstance(error, Mapping) and error.get("code") == INTERNAL_ERROR


def error_audit(
    exc: BaseException,
    record: object,
    location: str | None = None,
    game: str | None = None,
) -> dict[str, Any]:
    """The audit of a record the engine failed on, in the contract's keys and order.

    ``game``: another game's name (a Sichuan audit names its game; Wuhan's does not). The app's
    ``result`` is kept as ``recorded``, as for an invalid record, so nothing it said is lost.
    """

    def ident(key: str) -> str | None:
        value = record.get(key) if isinstance(record, Mapping) else None
        return value if isinstance(value, str) else None

    hand_id, source = ident("hand_id"), ident("source")
    where = f"hand {source or '?'}/{hand_id or '?'}" + (f" ({location})" if location else "")
    recorded = record.get("result") if isinstance(record, Mapping) else None
    out: dict[str, Any] = {"hand_id": hand_id, "source": source}
    if game is not None:
        out["game"] = game
    out.update(
        status=ERROR,
        first_illegal=None,
        errors=[error_entry(exc, where)],
        computed=None,
        recorded=recorded if isinstance(recorded, Mapping) else None,
        differences=[],
        mistakes=[],
    )
    if location is not None:
        out["location"] = location
    return out
