"""DOMContentLoaded of each chart page in Chromium, next to a baseline measured in the same run.

A real server on the sample logs (the browser tests' database), Debian's chromium through
Playwright. For each page: the median DOMContentLoaded of a cold load (a fresh browser context,
nothing cached) as the pages are served (gzip, cacheable assets, plotly.js fetched after the
page is parsed), of a warm load (assets from the cache), and the baseline: the same page served
the way it was before issue 14 (plotly.js a blocking ``<script>`` in the page, sent
uncompressed: ``Accept-Encoding: identity``), cold. Figures only, no verdict: run
``.venv/bin/python bench/bench_pages.py [RUNS]``.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.request import urlopen

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PAGES = {
    "overview 总览": "/",
    "mistakes 失误": "/mistakes",
    "player 玩家": "/players/p01",
    "viewer 牌局": "/hands/sample-club/mm-liable-1",
}
DRAWN = "[...document.querySelectorAll('.chart')].every((e) => e.dataset.drawn === 'yes')"
DCL = "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
#: the first byte of the page: what of DOMContentLoaded is the server's (its queries), not the browser's
TTFB = "performance.getEntriesByType('navigation')[0].responseStart"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def old_style(url: str) -> str:
    """The page as it was served before: plotly.js loaded by a blocking script in the head."""
    html = urlopen(url).read().decode()
    plotly = re.search(r'data-plotly="([^"]+)"', html)
    if plotly:
        html = html.replace("</head>", f'<script src="{plotly.group(1)}"></script></head>', 1)
    return html


def load(browser: Any, url: str, baseline: bool = False, warm: bool = False) -> tuple[float, float, float]:
    """(DOMContentLoaded, every chart drawn, first byte) in ms from the navigation's start."""
    headers = {"Accept-Encoding": "identity"} if baseline else {}
    context = browser.new_context(viewport={"width": 1366, "height": 900}, extra_http_headers=headers)
    page = context.new_page()
    if baseline:
        body = old_style(url)
        page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=body))
    if warm:
        page.goto(url)
        page.wait_for_load_state("load")
    page.goto(url)
    page.wait_for_load_state("load")
    page.wait_for_function(DRAWN)
    value = float(page.evaluate(DCL)), float(page.evaluate("performance.now()")), float(page.evaluate(TTFB))
    context.close()
    return value


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    replay = [sys.executable, "-m", "cli.main"]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "pages.duckdb"
        subprocess.run(
            [*replay, "ingest", "--db", str(db), "sample_logs/handwritten", "sample_logs/simulated"],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        port = free_port()
        server = subprocess.Popen(
            [*replay, "serve", "--db", str(db), "--host", "127.0.0.1", "--port", str(port), "--public-read"],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(100):
                try:
                    with urlopen(base + "/api/v1/health", timeout=1):
                        break
                except OSError:
                    time.sleep(0.1)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
                load(browser, base + "/")  # the server's first-use work (plotly gzip) is not a page's
                print(f"DOMContentLoaded in ms, median of {runs} runs (Chromium, 1366×900, localhost)")
                print("(charts: every chart drawn; baseline: plotly.js blocking and uncompressed, as before)")
                print("(first byte: the server's share of the cold load; the machine's load average beside)")
                print(
                    f"{'page':<16}{'cold':>8}{'warm':>8}{'baseline':>10}{'first byte':>12}"
                    "   charts: cold / baseline"
                )
                for name, path in PAGES.items():
                    cold = [load(browser, base + path) for _ in range(runs)]
                    warm = [load(browser, base + path, warm=True) for _ in range(runs)]
                    plain = [load(browser, base + path, baseline=True) for _ in range(runs)]

                    def med(rows: list[tuple[float, float, float]], i: int) -> float:
                        return statistics.median(r[i] for r in rows)

                    print(
                        f"{name:<16}{med(cold, 0):>8.0f}{med(warm, 0):>8.0f}{med(plain, 0):>10.0f}"
                        f"{med(cold, 2):>12.0f}   {med(cold, 1):>6.0f} / {med(plain, 1):.0f}"
                    )
                print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
