"""A hand the engine failed on (status ``error``, issue #27) on the pages: counted and named like the
other verdicts, in Chinese and English, and its own page opens with the error instead of failing.

The fault sits where a real engine bug would: Wuhan's ``Board.from_record`` raises for the marked
hand, so both its audit at ingest and the viewer's own replay of it fail.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from api.app import create_app
from dashboards import terms
from replay.games.wuhan.board import Board
from replay.inputs import decode_auto
from store.db import Store
from store.ingest import ingest
from tests.faults import BOOM, MARKED, InjectedFault

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    real = Board.from_record.__func__  # type: ignore[attr-defined]

    def from_record(cls: type[Board], record: Any, *args: Any, **kwargs: Any) -> Board:
        if record.get("hand_id") == MARKED:
            raise InjectedFault(BOOM)
        return real(cls, record, *args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(Board, "from_record", classmethod(from_record))
    pihu = json.loads((ROOT / "sample_logs" / "handwritten" / "pihu.json").read_text(encoding="utf-8"))
    pihu["played_at"] = "2026-03-01T20:15:00+08:00"  # on the per-day chart
    records = [pihu, {**pihu, "hand_id": MARKED}]
    with Store(tmp_path / "pages.duckdb") as store:
        results = ingest(store, decode_auto(json.dumps(records).encode(), "two.json"))
        assert [(r.outcome, r.status) for r in results] == [("stored", "ok"), ("stored", "error")]
    app = create_app(tmp_path / "pages.duckdb", public_read=True)
    yield app.test_client()
    app.extensions["replay.store"].close()


def test_the_overview_and_the_audits_page_count_the_error_by_name(client: Any) -> None:
    label = terms.STATUS_NAMES["error"]
    assert "引擎" in label and "error" in label  # Chinese and English, never the raw code alone
    for path in ("/", "/audits"):
        text = client.get(path).get_data(as_text=True)
        assert f'<div class="n status-error">1</div>{label}' in text, path
    overview = client.get("/").get_data(as_text=True)
    found = re.search(r'id="per-day" data-figure="([^"]*)"', overview)
    assert found
    figure = json.loads(html.unescape(found.group(1)))
    assert label in [trace["name"] for trace in figure["data"]]  # the per-day chart's own colour


def test_the_hand_page_opens_with_the_error_instead_of_a_server_error(client: Any) -> None:
    response = client.get(f"/hands/sample-club/{MARKED}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "The engine failed on this hand 引擎出错" in page
    assert f"InjectedFault: {BOOM}" in page and "Traceback" not in page
    assert client.get("/hands/sample-club/pihu-1").status_code == 200  # the other hand as always
