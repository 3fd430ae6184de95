"""Every error as ``application/problem+json`` (RFC 9457), with field paths where a field is to blame.

Apps match on ``status`` and read ``errors[].field``; people read ``title`` and ``detail``. The
handlers are registered for every exception, so a bug in a view still answers in this shape
(a 500, logged with its traceback) instead of Werkzeug's HTML page. A 500 carries an ``id``
(uuid4 hex) that the logged traceback carries too, so an operator finds the one a user reports.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping

from flask import Flask, Response, current_app, json
from werkzeug.exceptions import HTTPException, InternalServerError

from schemas.hand_record import flatten_errors

PROBLEM_TYPE = "application/problem+json"


class Problem(HTTPException):
    """An HTTP error with a detail for people and a list of ``{"field", "message"}``."""

    def __init__(
        self,
        code: int,
        detail: str,
        errors: list[dict[str, str]] | None = None,
        headers: Mapping[str, str] | None = None,
        ident: str | None = None,
    ) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.errors = errors or []
        self.extra_headers = dict(headers or {})
        self.ident = ident  # the ``id`` of a 500's logged traceback


def problem_response(
    status: int,
    detail: str,
    errors: list[dict[str, str]] | None = None,
    headers: Mapping[str, str] | None = None,
    ident: str | None = None,
) -> Response:
    title = _title(status)
    body: dict[str, object] = {
        "type": "about:blank",
        "title": title,
        "status": status,
        "detail": detail,
        "errors": errors or [],
    }
    if ident is not None:  # an extension member (RFC 9457 §3.2): where the log has the rest
        body["id"] = ident
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_TYPE)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def _title(status: int) -> str:
    try:
        from http import HTTPStatus

        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def _webargs_errors(messages: object) -> list[dict[str, str]]:
    """webargs nests errors under the location (``{"query": {"limit": [...]}}``); the field path
    is what an app can act on, so the location goes."""
    if isinstance(messages, Mapping) and all(
        k in ("query", "json", "path", "headers", "form") for k in messages
    ):
        out: list[dict[str, str]] = []
        for value in messages.values():
            out.extend(flatten_errors(value))
        return out
    return flatten_errors(messages)


def handle_http_exception(error: HTTPException) -> Response:
    if isinstance(error, Problem):
        return problem_response(error.code, error.detail, error.errors, error.extra_headers, error.ident)
    code = error.code or 500
    data = getattr(error, "data", None)
    if isinstance(data, Mapping) and "messages" in data:  # webargs: bad query parameters
        return problem_response(400, "invalid request parameters", _webargs_errors(data["messages"]))
    if code >= 500:
        return handle_unexpected(error)
    headers = {}
    if code == 405 and getattr(error, "valid_methods", None):
        headers["Allow"] = ", ".join(error.valid_methods or [])
    return problem_response(code, error.description or _title(code), [], headers)


def handle_unexpected(error: BaseException) -> Response:
    """A fault of ours, never of the input: logged in full under a new id, answered with the id
    and without internals."""
    original = getattr(error, "original_exception", None) or error
    ident = uuid.uuid4().hex
    if not isinstance(original, HTTPException) or isinstance(original, InternalServerError):
        current_app.logger.error(
            "unhandled error %s", ident, exc_info=(type(original), original, original.__traceback__)
        )
    return problem_response(
        500, f"the server failed to answer this request; the error is logged with id {ident}", ident=ident
    )


def register(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(Exception, handle_unexpected)
