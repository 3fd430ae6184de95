"""二人麻将 hands in a real browser (issue 31 item 4), at 1366×900 and 390×844.

The checks of ``test_browser.py`` (no console error, no sideways scroll, no raw value, tile code or
snake_case code on screen) on the 二人 viewer and on the pages split by game, over a store of
``tests/erren_records`` (erren.md §8's examples and a few more); then what a 二人 viewer must
show: a table of two seats facing each other (one above the table's centre, one below, at both
sizes; never four seats with two empty), the flowers each seat set aside drawn as tiles, 报听 on
the seat, and the winning reading with every fan and its value as a receipt.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.dashboards.test_browser import (  # noqa: F401 - fixtures used by name
    ROOT,
    SIZES,
    assert_readable,
    browser,
    close,
    open_page,
    shoot,
)
from tests.erren_records import NAMES, erren
from tests.serving import serving

CLUB = "club-er"
PAGES = [
    ("er-viewer-e1", f"/hands/{CLUB}/er-e1"),
    ("er-viewer-e7-end", f"/hands/{CLUB}/er-e7#step=end"),
    ("er-viewer-tianting", f"/hands/{CLUB}/er-tt#step=2"),
    ("er-viewer-huangzhuang", f"/hands/{CLUB}/er-hz#step=end"),
    ("er-overview", "/?game=erren"),
    ("er-player", "/players/er-a?game=erren"),
]
FLOWER_CODE = re.compile(r"(?<![A-Za-z0-9_-])[1-8]h(?![A-Za-z0-9_-])")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("erren-browser")
    records = tmp / "erren.ndjson"
    lines = [json.dumps(erren(n, day=i + 1), ensure_ascii=False) for i, n in enumerate(NAMES)]
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
def test_erren_pages_render_readably_at_both_sizes(
    server: str,
    browser: Any,  # noqa: F811
    name: str,
    path: str,
    size: str,
) -> None:
    page, problems = open_page(browser, server + path, size)
    assert page.locator("header.top").count() == 1
    assert_readable(page)
    assert not FLOWER_CODE.search(page.evaluate("document.body.innerText"))
    shoot(page, f"{name}-{size}")
    assert problems == []
    close(page)


def _box(page: Any, selector: str) -> dict[str, float]:
    box: dict[str, float] = page.locator(selector).bounding_box()
    return box


@pytest.mark.parametrize("size", SIZES)
def test_two_seats_face_each_other_at_both_sizes(server: str, browser: Any, size: str) -> None:  # noqa: F811
    """ER-1.2: seat 1 above the centre, seat 0 below (all open), each as wide as the table; as
    seat 1 (?as=1) the other way round, seat 0's hand face down until the hand is over."""
    page, problems = open_page(browser, server + f"/hands/{CLUB}/er-e1#step=start", size)
    assert "二人麻将" in page.title() and "麻将 replay" in page.title()
    seats = page.locator("#board .seat")
    assert seats.count() == 2
    assert page.locator("#board .seat.left, #board .seat.right").count() == 0
    top, centre, bottom = (
        _box(page, s) for s in ('#board .seat[data-seat="1"]', "#centre", '#board .seat[data-seat="0"]')
    )
    assert top["y"] + top["height"] <= centre["y"] + 1 and centre["y"] + centre["height"] <= bottom["y"] + 1
    board = _box(page, "#board")
    assert top["width"] > 0.85 * board["width"] and bottom["width"] > 0.85 * board["width"]
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner
    assert page.locator("#timeline polyline").count() == 2  # one progress line per seat
    close(page)
    page, problems2 = open_page(browser, server + f"/hands/{CLUB}/er-e1?as=1#step=3", size)
    assert _box(page, '#board .seat[data-seat="1"]')["y"] > _box(page, '#board .seat[data-seat="0"]')["y"]
    assert page.locator('#board .seat[data-seat="0"] .hand .tile.back').count() > 0
    assert problems == [] and problems2 == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_flowers_set_aside_and_the_fans_receipt(server: str, browser: Any, size: str) -> None:  # noqa: F811
    """E1 (§8): seat 1's 夏 is set aside (drawn as a tile, apart from its hand); at the win the
    receipt lists 清龙 16, 混一色 6, 箭刻 2, 边张 1, 花牌 1: T 26, Q 25; seat 0 pays 26."""
    page, problems = open_page(browser, server + f"/hands/{CLUB}/er-e1#step=0", size)
    row = page.locator('#board .seat[data-seat="1"] .er-flowers-row')
    assert row.locator(".tile.h").count() == 1 and "夏" in row.inner_text()
    assert page.locator('#board .seat[data-seat="1"] .hand .tile.h').count() == 0
    assert "补花" in page.locator("#marks").inner_text()
    flowers = page.locator("#flowers")
    assert flowers.locator(".tile.h").count() == 1
    page.keyboard.press("End")
    marks = page.locator("#marks").inner_text()
    for text in ("清龙", "Pure Straight", "混一色", "边张", "T 26", "Q 25", "pays 付"):
        assert text in marks, text
    fans = page.locator("#fans tbody tr")
    assert fans.count() == 5
    values = [fans.nth(i).locator("td").nth(4).inner_text() for i in range(5)]
    assert values == ["16", "6", "2", "1", "1"]
    assert "26" in page.locator("#fans tfoot").inner_text()
    assert page.locator("#reading .er-won .tile").count() == 3  # 123s, the 3s placed in it
    assert "-26" in page.locator("#settlement .deltas").inner_text()
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_baoting_shows_on_the_seat(server: str, browser: Any, size: str) -> None:  # noqa: F811
    page, problems = open_page(browser, server + f"/hands/{CLUB}/er-tt#step=1", size)
    assert "天听" in page.locator('#board .seat[data-seat="0"] .badge.er-ting').inner_text()
    assert page.locator('#board .seat[data-seat="0"] .river .tile').count() == 1
    page.keyboard.press("End")
    assert "天听" in page.locator("#fans").inner_text()
    assert problems == []
    close(page)
