"""Every response says how long the app worked on it (``Server-Timing: app;dur=<ms>``)."""

from __future__ import annotations

import re
import time
from pathlib import Path

from api.app import create_app

TIMING = re.compile(r"^app;dur=(\d+\.\d)$")


def test_pages_api_and_errors_carry_the_apps_own_time(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.duckdb", public_read=True)
    client = app.test_client()
    for url, status in (
        ("/", 200),
        ("/api/v1/health", 200),
        ("/players/nobody", 404),
        ("/audits?status=x", 400),
    ):
        started = time.perf_counter()
        response = client.get(url)
        elapsed_ms = (time.perf_counter() - started) * 1000
        assert response.status_code == status, url
        found = TIMING.match(response.headers.get("Server-Timing", ""))
        assert found, (url, response.headers.get("Server-Timing"))
        assert 0 < float(found.group(1)) <= elapsed_ms + 0.1, url  # within the request as the client saw it
