"""``/api/v1/hands``: upload records, list them, and fetch one with its audit and replay."""

from __future__ import annotations

import functools
from typing import Any

from flask import current_app, request
from flask.views import MethodView

from api import auth
from api.bodies import Blueprint, read_items
from api.errors import Problem
from replay.errors import InputError
from replay.games.wuhan.audit import replay_events
from schemas.api import (
    HandDetailSchema,
    HandListSchema,
    HandQuerySchema,
    ReplaySchema,
    UploadQuerySchema,
    UploadResponseSchema,
)
from schemas.fields import echo
from store.db import Store
from store.ingest import ingest
from store.queries import HandFilter, StoredHand, get_hand, list_hands

blp = Blueprint("hands", __name__, url_prefix="/api/v1/hands", description="Hand records and their audits")

READ_SECURITY = [{"bearerAuth": []}, {}]
UPLOAD_SECURITY = [{"bearerAuth": []}]


@functools.cache
def example_record() -> dict[str, Any]:
    """A real, legal record (self-play, fixed seed) for the document and its "try it" button."""
    from replay.games.wuhan.simulate import simulate

    return next(iter(simulate(1, 5)))


#: An NDJSON body: text with at least one non-blank line (a blank body is a 400). Any other text
#: is answered line by line: a line that is not JSON is that record's ``invalid`` result.
NDJSON_BODY = {
    "type": "string",
    "pattern": "[^ \\t\\n\\r\\v\\f]",
    "description": "one JSON value per line; blank lines are skipped; a line that is not JSON is answered"
    " as that record's error, the others still count",
}


def upload_body_doc() -> dict[str, Any]:
    """The upload body as the server reads it: any JSON value is answered record by record.

    ``HandRecord`` is what a *valid* record is; a body that is not one (or a list item that is not)
    is still a 200, with that record ``invalid`` and its errors (kept for review), so the body's
    schema accepts any JSON value and names ``HandRecord`` for the reader and the "try it" button.
    """
    return {
        "required": True,
        "description": (
            "One hand record, a JSON list of them, or NDJSON; each record's `format` picks its game:"
            " wuhan-hand/1 (docs/hand-record.md), sichuan-hand/1 (docs/sichuan-hand.md),"
            " changsha-hand/1 (docs/changsha-hand.md), changchun-hand/1 (docs/changchun-hand.md) or"
            " erren-hand/1 (docs/erren-hand.md)."
            " Gzip bodies are accepted (Content-Encoding: gzip). Any JSON value is answered record by"
            " record: one that is not a valid record of its format comes back `invalid` with its"
            " errors. At most --max-records records (default 5000) per request: more is a 413 before"
            " any is read."
        ),
        "content": {
            "application/json": {
                "schema": {
                    "anyOf": [
                        {"$ref": "#/components/schemas/HandRecord"},
                        {"$ref": "#/components/schemas/SichuanHandRecord"},
                        {
                            "type": "array",
                            "items": {
                                "anyOf": [
                                    {"$ref": "#/components/schemas/HandRecord"},
                                    {"$ref": "#/components/schemas/SichuanHandRecord"},
                                ]
                            },
                        },
                        {"description": "any other JSON value: answered as invalid records"},
                    ]
                },
                "example": example_record(),
            },
            "application/x-ndjson": {"schema": NDJSON_BODY},
        },
    }


def _store() -> Store:
    store: Store = current_app.extensions["replay.store"]
    return store


def _stored_hand(source: str, hand_id: str) -> StoredHand:
    """The hand, if the caller may read it: another club's hand is as absent as a missing one."""
    scope = auth.read_scope(auth.require(auth.READ, public=True))
    hand = None
    if scope is None or scope == source:
        with _store().read() as cur:
            hand = get_hand(cur, source, hand_id)
    if hand is None:
        raise Problem(404, f"no hand {echo(hand_id)} from source {echo(source)}")
    return hand


@blp.route("")
class Hands(MethodView):
    @blp.doc(
        security=UPLOAD_SECURITY,
        requestBody=upload_body_doc(),
        summary="Upload hand records",
        description=(
            "Validates, replays and stores each record; one result per record, in order. The same record"
            " again is a `duplicate` (nothing changes); a different record under a stored id is a"
            " `conflict` (kept for review, the stored hand untouched); a record that does not validate"
            " is `invalid` (kept with its errors). An upload token only stores its own source."
        ),
    )
    @blp.arguments(UploadQuerySchema, location="query", as_kwargs=True)
    @blp.response(200, UploadResponseSchema)
    @blp.alt_response(400, response="BAD_REQUEST")
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(413, response="REQUEST_ENTITY_TOO_LARGE")
    @blp.alt_response(415, response="UNSUPPORTED_MEDIA_TYPE")
    def post(self, analysis: bool = True) -> dict[str, Any]:
        token = auth.require(auth.UPLOAD)
        unknown = sorted(set(request.args) - set(UploadQuerySchema().fields))
        if unknown:  # webargs drops unknown query keys: a misspelt ?analyis=false must not pass
            raise Problem(400, f"unknown query parameter {unknown[0][:40]!r}; known: analysis")
        assert token is not None
        items = read_items()
        allowed = token.source if token.scope == "upload" else None
        results = ingest(
            _store(), items, allowed_source=allowed, token_id=token.token_id, origin="http", analysis=analysis
        )
        return {"results": [r.to_json() for r in results]}

    @blp.doc(security=READ_SECURITY, summary="List stored hands")
    @blp.arguments(HandQuerySchema, location="query", as_kwargs=True)
    @blp.response(200, HandListSchema)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    def get(self, limit: int, offset: int, **filters: Any) -> dict[str, Any]:
        scope = auth.read_scope(auth.require(auth.READ, public=True))
        if scope is not None:
            if filters.get("source") not in (None, scope):
                raise Problem(403, f"this read token reads only source {scope!r}")
            filters["source"] = scope
        with _store().read() as cur:
            items, total = list_hands(cur, HandFilter(**filters), limit, offset)
        return {"items": items, "total": total}


@blp.route("/<source>/<hand_id>")
class Hand(MethodView):
    @blp.doc(security=READ_SECURITY, summary="A stored hand: the record as uploaded and its audit")
    @blp.response(200, HandDetailSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, source: str, hand_id: str) -> dict[str, Any]:
        hand = _stored_hand(source, hand_id)
        return {"record": _as_uploaded(hand), "audit": hand.audit}


def _as_uploaded(hand: StoredHand) -> dict[str, Any]:
    from replay.inputs import loads_stored

    value = loads_stored(hand.raw)
    return value if isinstance(value, dict) else hand.record


@blp.route("/<source>/<hand_id>/audit")
class HandAudit(MethodView):
    @blp.doc(security=READ_SECURITY, summary="The stored audit of a hand (as `replay audit --json`)")
    @blp.response(200, description="the audit object")
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, source: str, hand_id: str) -> dict[str, Any]:
        return _stored_hand(source, hand_id).audit


@blp.route("/<source>/<hand_id>/replay")
class HandReplay(MethodView):
    @blp.doc(
        security=READ_SECURITY,
        summary="The hand event by event: the table after each event",
        description="For a Sichuan hand the first step is the deal (`index` null) and each step also"
        " gives the void suits, the winners so far, who is out, and the `transfers` made at that event."
        " For a Changsha hand likewise, with the opening hands declared (`qishou`, the tiles shown),"
        " a 开杠's tiles (`kai`), the 海底 offers (`haidi`), every winner of a 通炮 (`wins`), the"
        " birds and the seat each hits (`birds`), and the `payments` made at that event, each with"
        " its receipt. For a Changchun hand, each step also gives the opening sets and their 补"
        " (`melds`), 报听 (`ting`, `ting_at`, `locked`), the 宝 as it stands (`bao`: its tile, whether"
        " it is dead and why, how many of its kind are visible), what each seat knows of it"
        " (`bao_known`), every moment a seat learnt one (`learnt`), the leaks (`leaks`), a robbed"
        " gang (`robbed`), the win with its fans (`win`), the seats that lost the tile to a nearer"
        " winner (`jiehu`, 截胡) and the `payments` (kind `win` or `gang`, gang money apart)."
        " For a 二人麻将 hand (two seats) each step gives each seat's flowers set aside"
        " (`flowers`) and 报听 (`ting`), and at the win (`win`) the reading with every fan, its"
        " value in Chinese and English, T and Q, and the payment with its receipt.",
    )
    @blp.response(200, ReplaySchema)
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, source: str, hand_id: str) -> dict[str, Any]:
        hand = _stored_hand(source, hand_id)
        steps: list[dict[str, Any]] = []
        try:
            if hand.record.get("format") == "sichuan-hand/1":
                from replay.games.sichuan.steps import replay_steps

                # the deal first (index null), then each event with the transfers made at it
                steps = replay_steps(hand.record)
            elif hand.record.get("format") == "changsha-hand/1":
                from replay.games.changsha.steps import replay_steps as changsha_steps

                # the deal first, then each event with the payments (and their receipts) made at it
                steps = changsha_steps(hand.record)
            elif hand.record.get("format") == "changchun-hand/1":
                from replay.games.changchun.steps import replay_steps as changchun_steps

                # the deal first, then each event: the 宝 and who knew it, the payments at the end
                steps = changchun_steps(hand.record)
            elif hand.record.get("format") == "erren-hand/1":
                from replay.games.erren.steps import replay_steps as erren_steps

                # the deal first, then each event: two seats, their flowers and 报听, the win's
                # reading with every fan and its value, and the payment with its receipt
                steps = erren_steps(hand.record)
            else:
                replay_events(hand.record, steps)
        except InputError as err:  # a set-up the board refuses: stored by an older engine
            raise Problem(409, f"this hand cannot be replayed: {err.message}", [err.to_json()]) from None
        return {"steps": steps}
