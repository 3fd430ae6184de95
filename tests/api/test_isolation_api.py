"""One input never takes down the rest (issue #27, deliverable 4) in the HTTP API.

The engine is made to fail on purpose on marked inputs (``tests/faults.py``). A request of one
input it fails on answers a problem+json 500 whose ``id`` is in the logged traceback; a list or
NDJSON answers 200 with that item's error and the others as without the fault; an upload stores
the record with status ``error`` and its reason, and a re-audit judges it again.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from replay.games.wuhan.evaluate import evaluate
from replay.games.wuhan.simulate import simulate
from schemas.audit import audit_record
from store.reaudit import reaudit
from tests.api.test_api import Api, api, line  # noqa: F401  (the fixture)
from tests.cli.test_isolation_cli import ISSUE_27
from tests.faults import BOOM, MARKED, install_audit_fault, install_evaluate_fault

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "sample_logs" / "evaluate" / "examples.ndjson"
WINS = [json.loads(s) for s in EXAMPLES.read_text().splitlines()]
MARK = " ".join(WINS[1]["seats"][WINS[1]["winner"]]["hand"])  # the second example fails


def traceback_logged(caplog: pytest.LogCaptureFixture, ident: str) -> bool:
    """Whether a log record names ``ident`` and carries the traceback of the injected fault."""
    return any(
        ident in r.getMessage() and r.exc_info is not None and r.exc_info[0].__name__ == "InjectedFault"
        for r in caplog.records
    )


def assert_500_with_logged_id(response: Any, caplog: pytest.LogCaptureFixture) -> dict[str, Any]:
    assert response.status_code == 500 and response.mimetype == "application/problem+json"
    body: dict[str, Any] = response.get_json(force=True)
    assert set(body) == {"type", "title", "status", "detail", "errors", "id"}
    assert body["status"] == 500 and len(body["id"]) == 32
    assert f"InjectedFault: {BOOM}" in body["detail"] and "Traceback" not in body["detail"]
    assert traceback_logged(caplog, body["id"])
    return body


def test_evaluate_one_input_is_a_500_with_the_logged_id_a_list_answers_every_input(
    api: Api,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    clean = [evaluate(w) for w in WINS]
    install_evaluate_fault([MARK], monkeypatch.setattr)
    caplog.set_level(logging.ERROR)
    assert_500_with_logged_id(api.post("/api/v1/evaluate", line(WINS[1]), who="read"), caplog)
    one_good = api.post("/api/v1/evaluate", line(WINS[0]), who="read")
    assert one_good.status_code == 200 and one_good.get_json() == clean[0]
    for body, ctype in (
        (json.dumps(WINS).encode(), "application/json"),
        (b"\n".join(map(line, WINS)), "application/x-ndjson"),
    ):
        response = api.post("/api/v1/evaluate", body, who="read", content_type=ctype)
        assert response.status_code == 200
        results = response.get_json()["results"]
        assert len(results) == len(WINS) and results[0] == clean[0] and results[2] == clean[2]
        error = results[1]["error"]
        assert error["code"] == "internal_error" and error["index"] == 1 and error["field"] == ""
        assert f"InjectedFault: {BOOM}" in error["message"]
        assert traceback_logged(caplog, error["id"])


def test_audit_one_record_is_a_500_a_list_answers_every_record(
    api: Api,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    records = list(simulate(4, 21))
    records[2] = {**records[2], "hand_id": MARKED}
    clean = [audit_record(r) for r in records]
    for a in clean:
        for key in ("_session", "_sichuan_session", "_facts"):
            a.pop(key, None)
    install_audit_fault(monkeypatch.setattr)
    caplog.set_level(logging.ERROR)
    assert_500_with_logged_id(api.post("/api/v1/audit", line(records[2]), who="read"), caplog)
    response = api.post("/api/v1/audit", json.dumps(records).encode(), who="read")
    assert response.status_code == 200
    results = response.get_json()["results"]
    assert len(results) == len(records)
    assert [r for i, r in enumerate(results) if i != 2] == [a for i, a in enumerate(clean) if i != 2]
    failed = results[2]
    assert failed["status"] == "error" and failed["hand_id"] == MARKED
    assert failed["errors"][0]["code"] == "internal_error"
    assert traceback_logged(caplog, failed["errors"][0]["id"])


def test_an_upload_stores_the_failed_record_and_a_reaudit_judges_it_again(
    api: Api,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    records = [{**r, "source": "simulator"} for r in simulate(4, 22)]
    records[1] = {**records[1], "hand_id": MARKED}
    clean = audit_record(records[1])
    caplog.set_level(logging.ERROR)
    with monkeypatch.context() as m:
        install_audit_fault(m.setattr)
        response = api.post("/api/v1/hands", json.dumps(records).encode())
        assert response.status_code == 200
        results = response.get_json()["results"]
        assert [r["outcome"] for r in results] == ["stored"] * 4
        assert results[1]["status"] == "error"
        (error,) = results[1]["errors"]
        assert f"InjectedFault: {BOOM}" in error["message"]
        assert error["code"] == "internal_error" and traceback_logged(caplog, error["id"])
        assert all(r["status"] != "error" and r["errors"] == [] for i, r in enumerate(results) if i != 1)
        listed = api.get("/api/v1/hands?status=error").get_json()
        assert listed["total"] == 1 and listed["items"][0]["hand_id"] == MARKED
        stored = api.get(f"/api/v1/hands/simulator/{MARKED}/audit").get_json()
        assert stored["status"] == "error" and stored["errors"][0]["code"] == "internal_error"
    report = reaudit(api.app.extensions["replay.store"])  # the engine "fixed": the fault is gone
    assert [(c.hand_id, c.before, c.after) for c in report.changed] == [(MARKED, "error", clean["status"])]
    after = api.get(f"/api/v1/hands/simulator/{MARKED}/audit").get_json()
    assert after["status"] == clean["status"] and after["computed"] == clean["computed"]
    assert api.get("/api/v1/hands?status=error").get_json()["total"] == 0


def test_any_unexpected_500_carries_the_id_of_its_logged_traceback(
    api: Api,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A bug outside the engine (here: reading the hand list) answers the same way."""
    import api.hands as hands

    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("a bug in a view")

    monkeypatch.setattr(hands, "list_hands", broken)
    caplog.set_level(logging.ERROR)
    response = api.get("/api/v1/hands")
    assert response.status_code == 500
    body = response.get_json(force=True)
    assert body["id"] in body["detail"] and "a bug in a view" not in body["detail"]
    assert any(body["id"] in r.getMessage() and r.exc_info for r in caplog.records)


def test_the_issue_27_input_in_a_list_is_one_answer_among_the_others(api: Api) -> None:  # noqa: F811
    """No fault injected: the described win of issue #27 that crashed the engine is answered in a
    list as alone — 风一色, legal (worked out in tests/replay/test_shape_counts.py)."""
    issue = json.loads(ISSUE_27)
    response = api.post("/api/v1/evaluate", json.dumps([WINS[0], issue, WINS[2]]).encode(), who="read")
    assert response.status_code == 200
    first, middle, last = response.get_json()["results"]
    assert first == evaluate(WINS[0]) and last == evaluate(WINS[2])
    alone = api.post("/api/v1/evaluate", line(issue), who="read")
    assert middle["legal"] is True and middle["hands"] == ["fengyise"], middle
    assert alone.status_code == 200 and alone.get_json() == middle
