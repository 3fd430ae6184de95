"""Reading upload bodies: content type, gzip, size limits, and the split into records.

Every bound is checked before the work it bounds: the bytes sent (``--max-body``), what they
inflate to (the same limit, while inflating), and the number of records (``--max-records``,
counted while the body is split, before any record is validated or audited). Past any of them
the answer is a 413 that says which limit and how to send the data instead.
"""

from __future__ import annotations

from typing import Any

import flask_smorest
from flask import current_app, request
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from api.errors import Problem
from replay.inputs import (
    DECODE_ERRORS,
    BodyError,
    BodyTooLarge,
    DuplicateKey,
    Item,
    LoneSurrogate,
    TooManyRecords,
    decode_json,
    decode_ndjson,
    gunzip,
    loads,
)

JSON_TYPES = frozenset({"application/json"})
NDJSON_TYPES = frozenset(
    {"application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines"}
)


def body_kind() -> str:
    """``json`` or ``ndjson`` from the Content-Type; anything else is a 415."""
    mimetype = request.mimetype
    if mimetype in JSON_TYPES:
        return "json"
    if mimetype in NDJSON_TYPES:
        return "ndjson"
    got = f"'{mimetype}'" if mimetype else "no Content-Type"
    raise Problem(415, f"send application/json or application/x-ndjson, not {got}")


CHUNK = 64 * 1024


def _read_stream(limit: int) -> bytes:
    """The body's bytes, read in chunks: one ``read(limit + 1)`` would allocate the whole limit
    (32 MiB) up front for every request, however small its body."""
    chunks: list[bytes] = []
    total = 0
    while True:
        chunk = request.stream.read(min(CHUNK, limit + 1 - total))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            raise Problem(413, f"the body is over the limit of {limit} bytes")


def read_body() -> bytes:
    """The body, gunzipped when it is gzip (by Content-Encoding or by its magic bytes).

    The limit applies both to the bytes sent and to what they inflate to, so a small gzip bomb
    is refused like a large body.
    """
    limit = int(current_app.config["REPLAY_MAX_BODY"])
    length = request.content_length
    if length is not None and length > limit:
        raise Problem(413, f"the body is over the limit of {limit} bytes")
    data = _read_stream(limit)
    encoding = (request.headers.get("Content-Encoding") or "").strip().lower()
    if encoding in ("gzip", "x-gzip") or (encoding in ("", "identity") and data[:2] == b"\x1f\x8b"):
        try:
            data = gunzip(data, limit)
        except BodyTooLarge as err:
            raise Problem(413, str(err)) from None
        except BodyError as err:
            raise Problem(400, str(err)) from None
    elif encoding not in ("", "identity"):
        raise Problem(415, f"Content-Encoding must be gzip or identity, not {encoding[:40]!r}")
    return data


def read_items() -> list[Item]:
    """The records of an upload body, each with its exact bytes; malformed JSON is a 400 (an
    NDJSON body keeps its good lines: a bad line becomes that record's ``invalid`` result)."""
    return read_upload()[0]


def read_upload() -> tuple[list[Item], bool]:
    """``read_items`` and whether the body was one JSON value (not a list, not NDJSON)."""
    kind = body_kind()
    data = read_body()
    if not data.strip():
        raise Problem(400, "the body is empty: send one record, a list of records, or NDJSON")
    max_items = int(current_app.config["REPLAY_MAX_RECORDS"])
    try:
        if kind == "ndjson":
            items = decode_ndjson(data, "line", max_items)
        else:
            items = decode_json(data, "body", max_items)
    except TooManyRecords as err:
        raise Problem(413, str(err)) from None
    except BodyError as err:
        raise Problem(400, str(err)) from None
    for item in items:  # an upload's records are answered in order; no file to point into
        item.location = None
    single = kind == "json" and not data.lstrip(b" \t\r\n\xef\xbb\xbf").startswith(b"[")
    return items, single


def read_json_value(data: bytes) -> Any:
    """A body that is one JSON value (the admin API's), read by the records' reader: strict
    UTF-8, no lone surrogates, no duplicate keys (``{"scope":"read","scope":"admin"}`` must not
    make an admin token by whichever parser keeps the last). A refusal is a 400 naming the field."""
    try:
        return loads(data)
    except DuplicateKey as err:
        raise Problem(400, str(err), [{"field": err.key[:80], "message": str(err)}]) from None
    except LoneSurrogate as err:
        raise Problem(400, f"{err.field}: {err}", [{"field": err.field, "message": str(err)}]) from None
    except DECODE_ERRORS as err:
        raise Problem(400, f"the body is not valid JSON: {str(err)[:200]}") from None


class StrictParser(FlaskParser):
    """webargs' parser with ``read_json_value`` in place of ``json.loads`` (which keeps the last of
    two equal keys and reads lone surrogates), for every body a schema loads."""

    def _raw_load_json(self, req: Any) -> Any:
        if not is_json_request(req):
            return core.missing
        data = read_body()  # bounded like every upload
        return read_json_value(data) if data.strip() else core.missing  # ``null`` is not "no body"


class Blueprint(flask_smorest.Blueprint):  # type: ignore[misc]
    """The API's blueprints: flask-smorest's, with ``StrictParser`` for their arguments."""

    ARGUMENTS_PARSER = StrictParser()
