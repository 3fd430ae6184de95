"""The pages in a real browser: Debian's chromium driven by Playwright against a real server.

Each page renders with no console errors, the charts draw, the viewer steps with the keyboard
and opens at a ``#step=`` link. Screenshots of every page are kept in ``test-artifacts/``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
playwright = pytest.importorskip("playwright.sync_api")

if not Path(CHROMIUM).exists():  # pragma: no cover - ./dev test installs it
    pytest.skip("Debian's chromium is not installed (./dev test installs it)", allow_module_level=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("browser") / "replay.duckdb"
    replay = [sys.executable, "-m", "cli.main"]
    subprocess.run(
        [*replay, "ingest", "--db", str(db), "sample_logs/handwritten", "sample_logs/simulated"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    port = free_port()
    proc = subprocess.Popen(
        [*replay, "serve", "--db", str(db), "--host", "127.0.0.1", "--port", str(port), "--public-read"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                with urlopen(base + "/api/v1/health", timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield b
        b.close()


def open_page(browser: Any, url: str) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    problems: list[str] = []
    page.on(
        "console",
        lambda m: problems.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None,
    )
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return page, problems


def shoot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize(
    ("name", "path", "charts"),
    [
        ("overview", "/", 2),
        ("audits", "/audits", 0),
        ("mistakes", "/mistakes", 1),
        ("players", "/players", 0),
        ("player", "/players/p01", 5),
        ("upload", "/upload", 0),
    ],
)
def test_pages_render_without_console_errors_and_charts_draw(
    server: str, browser: Any, name: str, path: str, charts: int
) -> None:
    page, problems = open_page(browser, server + path)
    assert page.locator("header.top").count() == 1
    assert page.locator(".chart[data-drawn=yes] .main-svg").count() >= charts
    shoot(page, name)
    assert problems == []
    page.close()


def test_viewer_steps_with_the_keyboard_and_opens_at_a_step_link(server: str, browser: Any) -> None:
    page, problems = open_page(browser, server + "/hands/sample-club/qingyise-1")
    assert page.locator("#caption").inner_text().startswith("the deal")
    page.keyboard.press("ArrowRight")
    assert page.locator("#caption").inner_text().startswith("event 0:")
    assert page.evaluate("location.hash") == "#step=0"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.locator("#caption").inner_text().startswith("event 0:")
    page.keyboard.press("End")
    assert "wins" in page.locator("#caption").inner_text()
    assert page.locator("table.receipt").count() == 1
    shoot(page, "viewer-end")
    page.goto(server + "/hands/sample-club/qingyise-1#step=3")
    page.wait_for_load_state("networkidle")
    assert page.locator("#caption").inner_text().startswith("event 3:")
    assert page.locator(".seat").count() == 4
    shoot(page, "viewer-step3")
    assert problems == []
    page.close()


def test_illegal_event_is_marked_at_its_step(server: str, browser: Any) -> None:
    page, problems = open_page(browser, server + "/hands/sample-club/cnfps-1#step=1")
    assert page.locator("#caption").inner_text().startswith("event 1:")
    assert page.locator("#marks .mark.illegal").count() == 1
    assert "R-5.2" in page.locator("#marks").inner_text()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    assert page.locator("#marks .mark.illegal").count() == 1  # stepping back and forth adds no copies
    shoot(page, "viewer-illegal")
    assert problems == []
    page.close()


def test_upload_page_audits_a_dropped_file(server: str, browser: Any) -> None:
    page, problems = open_page(browser, server + "/upload")
    page.set_input_files("#record", str(ROOT / "sample_logs" / "handwritten" / "disputed_wrong_liable.json"))
    page.click("button[type=submit]")
    page.wait_for_load_state("networkidle")
    assert "mismatch" in page.locator("h1").nth(1).inner_text()
    page.keyboard.press("End")
    assert "The app recorded something else" in page.locator("#settlement").inner_text()
    shoot(page, "upload-result")
    assert problems == []
    page.close()


def test_player_names_are_escaped(server: str, browser: Any) -> None:
    """Names come from apps: a name with markup shows as text (checked through the upload page)."""
    import json

    record = json.loads((ROOT / "sample_logs" / "handwritten" / "pihu.json").read_text(encoding="utf-8"))
    record["seats"][0]["name"] = "<img src=x onerror=alert(1)>"
    path = Path(os.environ.get("TMPDIR", "/tmp")) / "xss-record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    page, problems = open_page(browser, server + "/upload")
    page.set_input_files("#record", str(path))
    page.click("button[type=submit]")
    page.wait_for_load_state("networkidle")
    assert page.locator("img[src=x]").count() == 0
    assert "<img src=x" in page.locator("#seats").inner_text()
    assert problems == []
    page.close()
