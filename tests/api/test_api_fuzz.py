"""Schemathesis over every operation of the OpenAPI document with every check (``--checks all``):
no input may produce a 5xx, and the document must be the truth — what it allows is accepted, what
it forbids is refused, every answer has a documented status, type, headers and shape.

The app runs with an admin token on every call (and public reads), so the fuzzer reaches the
handlers instead of stopping at the auth check; the store holds a few real hands so the
path-parameter endpoints have something to find. Answers are asked for uncompressed
(``Accept-Encoding: identity``): the pages gzip for browsers, and the WSGI client schemathesis
uses would not inflate them. ``max_examples`` bounds the run (examples, not time) so the whole
file runs in a few minutes on two slow cores.
"""

from __future__ import annotations

import functools
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS as REGISTRY
from schemathesis.checks import load_all_checks

from api.app import create_app
from replay.games.wuhan.simulate import simulate
from replay.inputs import decode_ndjson
from store.ingest import ingest
from store.tokens import create_token

load_all_checks()
#: Every check schemathesis has, as ``schemathesis run --checks all``.
CHECKS = list(REGISTRY.get_all())


@functools.cache
def records() -> list[dict[str, Any]]:
    return list(simulate(4, 21))


def make_app() -> tuple[Any, str, dict[str, str]]:
    """Built at import: schemathesis needs the document when the tests are collected."""
    folder = tempfile.mkdtemp(prefix="replay-fuzz-")
    app = create_app(Path(folder) / "fuzz.duckdb", public_read=True, max_body=512 * 1024)
    store = app.extensions["replay.store"]
    ingest(store, decode_ndjson(b"\n".join(json.dumps(r).encode() for r in records())))
    _, secret = create_token(store, "admin")
    return app, folder, {"Authorization": f"Bearer {secret}"}


@schemathesis.serializer("application/x-ndjson")
def ndjson(ctx: Any, value: Any) -> bytes:
    """NDJSON bodies as the fuzzer makes them: text as is (even lone surrogates).

    The document says an NDJSON body is text; a value of another type (the negative phase's "wrong
    type") cannot be put on the wire as text at all, so it goes as the one text the server must
    refuse for every reason a body could be wrong: an empty one (a 400).
    """
    if isinstance(value, str):
        return value.encode("utf-8", "surrogatepass")
    return b""


APP, FOLDER, HEADERS = make_app()
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP)


@pytest.fixture(scope="module", autouse=True)
def _cleanup() -> Any:
    yield
    APP.extensions["replay.jobs"].shutdown()  # a re-audit the fuzzer started
    APP.extensions["replay.store"].close()
    shutil.rmtree(FOLDER, ignore_errors=True)


@schema.parametrize()
@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_input_makes_the_server_fail(case: Any) -> None:
    case.call_and_validate(headers={**HEADERS, "Accept-Encoding": "identity"}, checks=CHECKS)


def test_the_fuzzer_reaches_stored_hands() -> None:
    """The path endpoints are fuzzed with made-up ids; one real id shows they answer 200 too."""
    client = APP.test_client()
    first = records()[0]
    for suffix in ("", "/audit", "/replay"):
        response = client.get(f"/api/v1/hands/{first['source']}/{first['hand_id']}{suffix}", headers=HEADERS)
        assert response.status_code == 200
