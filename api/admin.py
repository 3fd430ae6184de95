"""``/api/v1/admin``: tokens and re-audits while the server runs (admin tokens only).

DuckDB lets one process write a database file, so while ``replay serve`` runs it is the only
process that can create or revoke a token or re-audit the stored hands. These endpoints are how
that is done without downtime; ``replay token ... --server URL`` and ``replay reaudit --server
URL`` call them. A re-audit is a background job (``store.jobs``): the POST answers 202 with the
job at once, and uploads are served while it runs.
"""

from __future__ import annotations

import os
from typing import Any

from flask import current_app, url_for
from flask.views import MethodView

from api import auth
from api.bodies import Blueprint
from api.errors import Problem
from schemas.admin import (
    LABEL_MAX_LENGTH,
    JobListSchema,
    JobQuerySchema,
    JobSchema,
    ReauditStartSchema,
    TokenCreatedSchema,
    TokenCreateSchema,
    TokenListSchema,
    TokenSchema,
)
from schemas.fields import echo
from store.db import Store
from store.jobs import Job, JobRunning, Jobs
from store.tokens import create_token, list_tokens, revoke_token


def _token_create_body() -> dict[str, Any]:
    """The request body as the server takes it, the scope/source rule included (an upload token
    needs a source, an admin token has none, a read token may have one): marshmallow validates
    each field, ``create_token`` the rule between them, so the document states it here."""
    from schemas.envelope import TEXT_FORBIDDEN
    from schemas.hand_record import ID_PATTERN

    source = {"type": "string", "pattern": f"^{ID_PATTERN}$"}
    label = {
        "type": "string",
        "maxLength": LABEL_MAX_LENGTH,
        "pattern": f"^[^{TEXT_FORBIDDEN}]*$",
        "description": "who or what uses the token: no control character; invisible ones (zero-width,"
        " tags: docs/hand-record.md#names-and-ids) are removed",
    }

    def variant(scope: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {"scope": {"type": "string", "enum": [scope]}, **properties, "label": label},
            "required": ["scope", *required],
            "additionalProperties": False,
        }

    return {
        "required": True,
        "content": {
            "application/json": {
                "schema": {
                    "oneOf": [
                        variant("upload", {"source": source}, ["source"]),
                        variant("read", {"source": {**source, "description": "reads only this source"}}, []),
                        variant("admin", {}, []),
                    ]
                }
            }
        },
    }


blp = Blueprint(
    "admin", __name__, url_prefix="/api/v1/admin", description="Administration while serving (admin tokens)"
)

ADMIN = frozenset({"admin"})
SECURITY = [{"bearerAuth": []}]


@blp.before_request
def _admins_only() -> None:
    """Every admin route, before its body is even parsed: a stranger learns nothing of the API."""
    auth.require(ADMIN)


def _store() -> Store:
    store: Store = current_app.extensions["replay.store"]
    return store


def jobs() -> Jobs:
    """The app's job runner, made with the app (``api.app.create_app``)."""
    runner: Jobs = current_app.extensions["replay.jobs"]
    return runner


@blp.route("/tokens")
class Tokens(MethodView):
    @blp.doc(security=SECURITY, summary="Every token (never the secrets), oldest first")
    @blp.response(200, TokenListSchema)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    def get(self) -> dict[str, Any]:
        return {"items": [t.to_json() for t in list_tokens(_store())]}

    @blp.doc(
        security=SECURITY,
        summary="Create a token",
        description="The secret is in the answer once and never again (the server keeps its hash).",
        requestBody=_token_create_body(),
    )
    @blp.arguments(TokenCreateSchema)
    @blp.response(201, TokenCreatedSchema)
    @blp.alt_response(400, response="BAD_REQUEST")
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        store = _store()
        try:
            token_id, secret = create_token(store, body["scope"], body.get("source"), body.get("label"))
        except ValueError as err:
            message = str(err).replace("--source", "source")
            field = "label" if message.startswith("label") else "source"
            raise Problem(400, message, [{"field": field, "message": message}]) from None
        token = next(t for t in list_tokens(store) if t.token_id == token_id)
        return {"token": token.to_json(), "secret": secret}


@blp.route("/tokens/<token_id>/revoke")
class TokenRevoke(MethodView):
    @blp.doc(
        security=SECURITY,
        summary="Revoke a token",
        description="It stops working at the next request; revoked tokens stay listed.",
    )
    @blp.response(200, TokenSchema)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    def post(self, token_id: str) -> dict[str, Any]:
        store = _store()
        if not revoke_token(store, token_id):
            raise Problem(404, f"no live token {echo(token_id)}")
        return next(t for t in list_tokens(store) if t.token_id == token_id).to_json()


def _workers(asked: int | None) -> int:
    """At most one per core: the server's own threads need the rest of the machine."""
    cores = os.cpu_count() or 1
    if asked is not None:
        return max(1, min(asked, cores))
    with _store().read() as cur:
        rows = cur.execute("SELECT count(*) FROM hands").fetchall()
    return min(cores, 8) if int(rows[0][0]) > 2000 else 1


@blp.route("/reaudit")
class Reaudits(MethodView):
    @blp.doc(security=SECURITY, summary="Re-audit jobs this server has run, newest first")
    @blp.response(200, JobListSchema)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    def get(self) -> dict[str, Any]:
        return {"items": [job.to_json(limit=0) for job in jobs().list()]}

    @blp.doc(
        security=SECURITY,
        summary="Start re-auditing every stored hand in the background",
        description=(
            "Answers 202 with the job (and its URL in Location) at once; GET the job for its"
            " progress and, once done, the changed verdicts. One re-audit runs at a time: 409"
            " names the running one. Uploads are served meanwhile."
        ),
    )
    @blp.arguments(ReauditStartSchema, required=False)
    @blp.response(202, JobSchema)
    @blp.alt_response(400, response="BAD_REQUEST")
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(409, response="CONFLICT")
    def post(self, body: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
        try:
            job = jobs().start_reaudit(_workers(body.get("workers")))
        except JobRunning as err:
            raise Problem(
                409,
                f"re-audit {err.job.job_id} is still running; GET {_job_url(err.job)} for its progress",
                headers={"Location": _job_url(err.job)},
            ) from None
        except RuntimeError as err:  # shutting down
            raise Problem(503, str(err)) from None
        return job.to_json(), 202, {"Location": _job_url(job)}


def _job_url(job: Job) -> str:
    return url_for("admin.Reaudit", job_id=job.job_id)


@blp.route("/reaudit/<job_id>")
class Reaudit(MethodView):
    @blp.doc(security=SECURITY, summary="A re-audit job: its state, progress and result")
    @blp.arguments(JobQuerySchema, location="query")
    @blp.response(200, JobSchema)
    @blp.alt_response(400, response="BAD_REQUEST")
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, query: dict[str, Any], job_id: str) -> dict[str, Any]:
        job = jobs().get(job_id)
        if job is None:
            raise Problem(
                404, f"no re-audit job {echo(job_id)} on this server (jobs are kept until it restarts)"
            )
        return job.to_json(offset=query["offset"], limit=query["limit"])
