"""``/api/v1/audit`` and ``/api/v1/evaluate``: the engine without the store."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api import auth
from api.bodies import Blueprint, read_upload
from api.errors import Problem
from api.hands import NDJSON_BODY, upload_body_doc
from replay.failure import ERROR, is_internal
from replay.games.wuhan.evaluate import evaluate_at
from replay.inputs import Unreadable
from schemas.api import AuditListSchema
from schemas.audit import audit_records

blp = Blueprint("tools", __name__, url_prefix="/api/v1", description="Audit and evaluate without storing")

SECURITY = [{"bearerAuth": []}, {}]


@blp.route("/audit")
class Audit(MethodView):
    @blp.doc(
        security=SECURITY,
        requestBody=upload_body_doc(),
        summary="Audit records without storing them",
        description="The `replay audit --json` object for each record, in order (dealer rotation checked"
        " across the records sent together). A record the engine fails on has status `error` (its"
        " `errors[0]` has code `internal_error` and the `id` of the logged traceback) and the others"
        " are audited; a body of one record the engine fails on is a 500 problem with that `id`.",
    )
    @blp.response(200, AuditListSchema)
    @blp.alt_response(400, response="BAD_REQUEST")
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(413, response="REQUEST_ENTITY_TOO_LARGE")
    @blp.alt_response(415, response="UNSUPPORTED_MEDIA_TYPE")
    @blp.alt_response(500, response="INTERNAL_SERVER_ERROR")
    def post(self) -> dict[str, Any]:
        auth.require(auth.ANY, public=True)
        items, single = read_upload()
        results = audit_records((item.obj, None) for item in items)
        if single and results[0]["status"] == ERROR:
            raise engine_failed(results[0]["errors"][0])
        return {"results": results}


EVALUATE_EXAMPLE = {
    "ruleset": {"preset": "hzlzg"},
    "laizi_indicator": "4p",
    "dealer": 0,
    "winner": 3,
    "win": {"way": "self_draw", "tile": "9s"},
    "seats": [
        {},
        {"melds": [{"type": "peng", "tile": "E", "from": 0}]},
        {},
        {
            "hand": ["4s", "5s", "6s", "9s"],
            "melds": [
                {"type": "chi", "tiles": ["1s", "2s", "3s"], "from": 2},
                {"type": "peng", "tile": "7s", "from": 1},
                {"type": "peng", "tile": "8s", "from": 2},
            ],
        },
    ],
}


def _answer(index: int, value: object) -> dict[str, Any]:
    """One input's evaluate answer; an engine failure on it is its ``internal_error`` answer
    (logged with its traceback under the answer's id), so the other inputs are answered."""
    if isinstance(value, Unreadable):
        return {"error": {"field": value.field, "message": value.message}}
    return evaluate_at(index, value)


def engine_failed(error: dict[str, Any]) -> Problem:
    """The 500 of a single-object request the engine failed on: its id is the logged
    traceback's (``replay.failure``), the detail names the exception, never more."""
    return Problem(500, str(error["message"]), ident=str(error["id"]))


@blp.route("/evaluate")
class Evaluate(MethodView):
    @blp.doc(
        security=SECURITY,
        requestBody={
            "required": True,
            "description": "One described win (docs/evaluate.md), a JSON list of them, or NDJSON.",
            "content": {
                "application/json": {
                    "schema": {
                        "oneOf": [
                            {"type": "object", "description": "one described win (docs/evaluate.md)"},
                            {"type": "array", "description": "described wins, each answered in order"},
                        ]
                    },
                    "example": EVALUATE_EXAMPLE,
                },
                "application/x-ndjson": {"schema": NDJSON_BODY},
            },
        },
        summary="Judge and settle a described win (the `replay evaluate` contract)",
        description="A single object is answered with the evaluate object, exactly as `replay evaluate`"
        ' prints it: a malformed one gets `{"error": {"field", "message"}}` (naming the field) with a'
        ' 200, like every other answer of the contract; a list or NDJSON with `{"results": [...]}`.'
        " A body that is neither an object nor a list is a 400. In a list or NDJSON, an input the engine"
        ' fails on is answered `{"error": {"code": "internal_error", "index", "id", ...}}` and the others'
        " as usual; a single object the engine fails on is a 500 problem whose `id` is the logged"
        " traceback's.",
    )
    @blp.response(200, description="the evaluate object, or {results: [...]}")
    @blp.alt_response(400, response="BAD_REQUEST")
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(413, response="REQUEST_ENTITY_TOO_LARGE")
    @blp.alt_response(415, response="UNSUPPORTED_MEDIA_TYPE")
    @blp.alt_response(500, response="INTERNAL_SERVER_ERROR")
    def post(self) -> dict[str, Any]:
        auth.require(auth.ANY, public=True)
        items, single = read_upload()
        answers = [_answer(index, item.obj) for index, item in enumerate(items)]
        if single:
            if not isinstance(items[0].obj, dict | Unreadable):
                raise Problem(400, "the body must be one input object, a list of them, or NDJSON")
            if is_internal(answers[0]):
                raise engine_failed(answers[0]["error"])
            # the contract's answer as is, a malformed input's {"error": ...} too (docs/evaluate.md):
            # which inputs are malformed is the engine's to say, not something a schema can state
            return answers[0]
        return {"results": answers}
