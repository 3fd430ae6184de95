"""Changsha hands in a real browser (issue 29 item 5), at 1366×900 and 390×844.

The checks of ``test_browser.py`` (no console error, no sideways scroll, no raw value, tile code or
snake_case code on screen) on the Changsha viewer and on the pages split by game, over a store of
changsha.md §8's worked examples (``tests/changsha_records``); then what a Changsha viewer must
show: the opening hand declared with its tiles (E8), a 开杠's two tiles (E5), the 海底 offers and
both winners of a 通炮 (E7, E4), the birds with the seat each hits, and every payment's receipt.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.changsha_records import NAMES, changsha
from tests.dashboards.test_browser import (  # noqa: F401 - fixtures used by name
    ROOT,
    SIZES,
    assert_readable,
    browser,
    close,
    open_page,
    shoot,
)
from tests.serving import serving

CLUB = "club-cs"
PAGES = [
    ("cs-viewer-tongpao", f"/hands/{CLUB}/cs-e4"),
    ("cs-viewer-kaigang", f"/hands/{CLUB}/cs-e5#step=end"),
    ("cs-viewer-haidi", f"/hands/{CLUB}/cs-e7#step=end"),
    ("cs-viewer-qishou", f"/hands/{CLUB}/cs-e8"),
    ("cs-overview", "/?game=changsha"),
    ("cs-player", "/players/cs-c?game=changsha"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("changsha-browser")
    records = tmp / "changsha.ndjson"
    lines = [json.dumps(changsha(n, day=i + 1), ensure_ascii=False) for i, n in enumerate([*NAMES, "e3"])]
    records.write_text("\n".join(lines) + "\n", encoding="utf-8")
    db = tmp / "replay.duckdb"
    subprocess.run(
        [sys.executable, "-m", "cli.main", "ingest", "--db", str(db), str(records)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with serving(db, "--public-read") as running:
        yield running.url


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("name", "path"), PAGES)
def test_changsha_pages_render_readably_at_both_sizes(
    server: str,
    browser: Any,  # noqa: F811
    name: str,
    path: str,
    size: str,
) -> None:
    page, problems = open_page(browser, server + path, size)
    assert page.locator("header.top").count() == 1
    assert_readable(page)
    shoot(page, f"{name}-{size}")
    assert problems == []
    close(page)


def _model_steps(page: Any, kind: str) -> list[int]:
    return list(
        page.evaluate(
            "(k) => JSON.parse(document.getElementById('model').textContent).steps"
            ".filter((s) => s.kind === k).map((s) => s.index)",
            kind,
        )
    )


@pytest.mark.parametrize("size", SIZES)
def test_the_opening_hand_and_its_tiles(server: str, browser: Any, size: str) -> None:  # noqa: F811
    """E8 (CS-5.1/5.2): seat 1 declares 四喜 + 六六顺 showing 7777m 333s, paid by all three."""
    page, problems = open_page(browser, server + f"/hands/{CLUB}/cs-e8", size)
    assert "长沙" in page.title() and "麻将" in page.title()
    openings = page.locator("#openings")
    assert "四喜" in openings.inner_text() and "六六顺" in openings.inner_text()
    assert openings.locator(".tile").count() == 7
    page.keyboard.press("End")
    assert "起手胡" in page.locator('#board .seat[data-seat="1"]').inner_text()
    receipts = page.locator("#receipts li")
    assert receipts.count() == 3 and "起手胡 opening hand" in receipts.nth(0).inner_text()
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_kaigang_tiles_birds_and_receipts(server: str, browser: Any, size: str) -> None:  # noqa: F811
    """E5 (CS-2.4/3.5): the 开杠 turns up 9p and 3m; 3m wins 杠上开花; the bird 5s hits seat 0;
    each payer's receipt shows its factors."""
    page, problems = open_page(browser, server + f"/hands/{CLUB}/cs-e5", size)
    page.keyboard.press("End")
    centre = page.locator("#board").inner_text()
    assert "开杠" in centre and "九筒" not in centre  # tiles are drawn as tiles, not words
    assert page.locator("#board .cs-kai .tile").count() == 2
    birds = page.locator("#birds").inner_text()
    assert "五条" in birds and "hits 中 0" in birds
    receipts = page.locator("#receipts li")
    assert receipts.count() == 3
    assert all("=" in receipts.nth(i).inner_text() for i in range(3))
    assert "杠上开花" in page.locator("#winners").inner_text()
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_haidi_offers_and_every_winner_of_a_tongpao(server: str, browser: Any, size: str) -> None:  # noqa: F811
    """E7 (CS-2.6): seat 3 declines the 海底, seat 0 takes it; seats 1 and 3 both win 海底炮."""
    page, problems = open_page(browser, server + f"/hands/{CLUB}/cs-e7", size)
    page.keyboard.press("End")
    haidi = page.locator("#board .cs-haidi").inner_text()
    assert "不要 declines" in haidi and "要 takes" in haidi
    winners = page.locator("#winners li")
    assert winners.count() == 2 and all("海底炮" in winners.nth(i).inner_text() for i in range(2))
    birds_at = _model_steps(page, "birds")
    page.goto(page.url.split("#")[0] + f"#step={birds_at[0]}")
    page.wait_for_timeout(200)
    marks = page.locator("#marks").inner_text()
    assert "扎鸟" in marks and marks.count("pays 付") == 2
    assert problems == []
    close(page)
