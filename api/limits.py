"""Rate limits per token, and per address for requests without a valid token (Flask-Limiter).

Two budgets, each counted over every route together (application-wide limits, keyed by caller):

- ``requests``: every request except the health probe, the OpenAPI document, its docs page and
  static files (``--rate-limit``, default 600 per minute);
- ``work``: the requests that run the engine — ``POST /hands``, ``/audit``, ``/evaluate`` and
  the upload page (``--work-rate-limit``, default 60 per minute; with at most
  ``--max-records`` records each, that is more than two cores can audit).

The caller is the token's id when a valid token is sent (bearer header, or the pages' sign-in
cookie), else the client's address (``--proxy-hops`` makes that the real one behind a proxy), so
anonymous reads under ``--public-read`` and requests with a bad token share their address's
budget. Past a budget: 429 problem+json with ``Retry-After`` (seconds) and the
``X-RateLimit-*`` headers. Counters live in the server's memory (one process serves).
"""

from __future__ import annotations

from flask import Flask, request
from flask_limiter import ApplicationLimit, Limiter
from limits import parse_many

from api import auth

DEFAULT_RATE_LIMIT = "600 per minute"
DEFAULT_WORK_RATE_LIMIT = "60 per minute"
OFF = ("off", "none", "")

#: Endpoints that cost nothing and must answer even to a busy client (load balancers, docs).
EXEMPT = frozenset(
    {"meta.Health", "api-docs.openapi_json", "api-docs.openapi_swagger_ui", "docs_assets.static"}
    | {"dashboards.static", "dashboards.favicon", "dashboards.plotly_js", "static"}
)
WORK = frozenset({"hands.Hands", "tools.Audit", "tools.Evaluate", "dashboards.upload"})


def caller() -> str:
    """The rate-limit key: ``token:<id>`` for a valid token, else ``addr:<client address>``."""
    header = request.headers.get("Authorization", "")
    scheme, _, secret = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        secret = request.cookies.get("replay_token", "")
    token = auth.lookup(secret.strip()) if secret.strip() else None
    if token is not None:
        return f"token:{token.token_id}"
    return f"addr:{request.remote_addr or '-'}"


def _exempt() -> bool:
    return request.endpoint is None or request.endpoint in EXEMPT


def _not_work() -> bool:
    return request.method != "POST" or request.endpoint not in WORK


def register(app: Flask, rate_limit: str | None, work_rate_limit: str | None) -> Limiter | None:
    """Install the limits; ``None`` or ``"off"`` for both means no limiter at all."""
    limits = []
    for given, scope, exempt, what in (
        (rate_limit, "requests", _exempt, "requests"),
        (work_rate_limit, "work", _not_work, "uploads, audits and evaluations"),
    ):
        if given is None or given.strip().lower() in OFF:
            continue
        try:
            parsed = parse_many(given)
        except ValueError:
            raise ValueError(f"not a rate limit: {given!r} (write e.g. '600 per minute' or 'off')") from None
        message = (
            f"too many {what}: the limit is {'; '.join(map(str, parsed))} for each token (or address,"
            " without one); wait the Retry-After seconds"
        )
        limits.append(ApplicationLimit(given, scope=scope, exempt_when=exempt, error_message=message))
    if not limits:
        return None
    limiter = Limiter(
        caller,
        app=app,
        application_limits=limits,
        storage_uri="memory://",
        headers_enabled=True,
        retry_after="delta-seconds",
        strategy="moving-window",
    )
    return limiter
