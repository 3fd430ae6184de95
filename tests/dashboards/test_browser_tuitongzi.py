"""推筒子 rounds in a real browser (issue 32 item 5), at 1366×900 and 390×844.

The checks of ``test_browser.py`` (no console error, no sideways scroll, no raw value) on the
round viewer, a round of a sitting with its running-totals chart, and the player page with the
banker and player figures; then what a round must show on both sizes: each seat's two tiles,
who beat whom by which rule, the receipts and the pool.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.dashboards.test_browser import (  # noqa: F401 - fixtures used by name
    RAW,
    ROOT,
    SIZES,
    TILE_CODE,
    browser,
    charts_drawn,
    close,
    open_page,
    shoot,
)
from tests.serving import serving

CLUB = "tuitongzi-club"
FOLDER = ROOT / "sample_logs" / "handwritten" / "tuitongzi"
TABLE = ROOT / "sample_logs" / "simulated" / "tuitongzi-table.ndjson"
#: an element's text stands on one line and inside it (三筒 not broken into 三 / 筒, nothing cut)
FITS = """t => {
  const r = document.createRange(); r.selectNodeContents(t);
  return r.getClientRects().length === 1
    && t.scrollWidth <= t.clientWidth && t.scrollHeight <= t.clientHeight;
}"""
PAGES = [
    ("tt-viewer-t1", f"/hands/{CLUB}/tt-t1", 0),
    ("tt-viewer-sitting", f"/hands/{CLUB}/tt-d-pool-2", 1),
    ("tt-viewer-table", "/hands/simulator/ttsim22-000007", 1),
    ("tt-player", "/players/tt-club-1?game=tuitongzi", 3),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("tuitongzi-browser")
    db = tmp / "replay.duckdb"
    sitting = tmp / "table.ndjson"
    sitting.write_text(
        "\n".join(TABLE.read_text(encoding="utf-8").splitlines()[:10]) + "\n", encoding="utf-8"
    )
    subprocess.run(
        [sys.executable, "-m", "cli.main", "ingest", "--db", str(db), str(FOLDER), str(sitting)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with serving(db, "--public-read") as running:
        yield running.url


def _readable(page: Any) -> None:
    """No sideways scroll and no raw None/null/undefined, on the page and in its charts."""
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page scrolls sideways: {width} px wide in a {inner} px window"
    shown = page.evaluate("document.body.innerText")
    assert not RAW.search(shown), shown[max(0, RAW.search(shown).start() - 60) :][:120]
    if page.locator(".chart").count():
        charts_drawn(page)
        drawn = " ".join(page.locator(".chart svg text").all_text_contents())
        assert not RAW.search(drawn), drawn


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("name", "path", "charts"), PAGES)
def test_tuitongzi_pages_render_readably_at_both_sizes(
    server: str,
    browser: Any,  # noqa: F811
    name: str,
    path: str,
    charts: int,
    size: str,
) -> None:
    page, problems = open_page(browser, server + path, size)
    assert page.locator("header.top").count() == 1
    assert page.locator(".chart").count() == charts
    _readable(page)
    shoot(page, f"{name}-{size}")
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_a_round_shows_tiles_comparisons_receipts_and_pool(server: str, browser: Any, size: str) -> None:  # noqa: F811
    """§7 T1: banker 3p4p (7) beats 5p6p (1) by TT-3.3; 2p8p (二八杠) and 9p9p beat the banker (TT-3.2)."""
    page, problems = open_page(browser, server + f"/hands/{CLUB}/tt-t1", size)
    hands = page.locator("#hands tbody tr")
    assert hands.count() == 4
    assert "三筒" in hands.nth(0).inner_text() and "banker 庄家" in hands.nth(0).inner_text()
    assert not TILE_CODE.search(page.locator("#hands").inner_text())  # tiles in Chinese only
    # each tile's name fits its box on one line (the column was cramped at 390 px); on a phone
    # each seat is a card of labelled cells, not a row of seven squeezed columns
    assert page.locator("#hands td[data-label]").count() == 28
    boxes = page.locator("#hands .tt-tiles .tile")
    assert boxes.count() == 8
    for i in range(boxes.count()):
        fits = boxes.nth(i).evaluate(FITS)
        assert fits, (size, boxes.nth(i).inner_text())
    assert "二八杠" in hands.nth(2).inner_text() and "+1100" in hands.nth(2).inner_text()
    comparisons = page.locator("#comparisons li")
    assert comparisons.count() == 3 and "TT-3.3" in comparisons.nth(0).inner_text()
    receipts = page.locator("#receipts tbody tr")
    assert receipts.count() >= 4
    # every receipt cell labelled; on a phone each receipt is a card (its header row hidden), not
    # six columns squeezed into 390 px
    assert page.locator("#receipts td[data-label]").count() == 6 * receipts.count()
    assert page.locator("#receipts thead").is_visible() == (size == "desktop")
    assert "9003" in page.locator("#pool").inner_text()
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_the_sitting_chart_draws_a_line_per_player(server: str, browser: Any, size: str) -> None:  # noqa: F811
    """Ten rounds of a home-table sitting: four players' running totals, drawn on both sizes."""
    page, problems = open_page(browser, server + "/hands/simulator/ttsim22-000007", size)
    charts_drawn(page)
    chart = page.locator("#sitting-totals")
    assert chart.locator(".scatterlayer .trace").count() == 4
    assert "本场累计输赢" in page.locator("#sitting").inner_text()
    box = chart.bounding_box()
    assert box is not None and box["width"] <= SIZES[size][0]
    assert problems == []
    close(page)
