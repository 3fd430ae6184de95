"""Changchun hands in a real browser (issue 30), at 1366×900 and 390×844.

The checks of ``test_browser.py`` (no console error, no sideways scroll, no raw value, tile code or
snake_case code on screen) on the Changchun viewer and on the pages split by game, over a store of
changchun.md §8's worked examples (``tests/changchun_records``); then what a Changchun viewer must
show: the 宝 hidden in one seat's view until that seat learnt it and shown after (E3), the all-open
view with every moment a seat learnt one, the opening set and its 补 (E5), 截胡 (E7) and every
payment's receipt with the gang money apart (E6).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.changchun_records import NAMES, changchun
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

CLUB = "club-cc"
PAGES = [
    ("cc-viewer-mobao", f"/hands/{CLUB}/cc-e3#step=19"),
    ("cc-viewer-seat", f"/hands/{CLUB}/cc-e3?as=0#step=12"),
    ("cc-viewer-sets", f"/hands/{CLUB}/cc-e5#step=end"),
    ("cc-viewer-gang-money", f"/hands/{CLUB}/cc-e6#step=end"),
    ("cc-overview", "/?game=changchun"),
    ("cc-player", "/players/cc-b?game=changchun"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("changchun-browser")
    records = tmp / "changchun.ndjson"
    lines = [json.dumps(changchun(n, day=i + 1), ensure_ascii=False) for i, n in enumerate(NAMES)]
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
def test_changchun_pages_render_readably_at_both_sizes(
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


def _at(page: Any, step: int) -> None:
    page.goto(page.url.split("#")[0] + f"#step={step}")
    page.wait_for_timeout(150)


def _bao(page: Any) -> tuple[str, str | None]:
    box = page.locator("#bao")
    return box.inner_text(), box.get_attribute("data-tile")


@pytest.mark.parametrize("size", SIZES)
def test_the_bao_is_hidden_from_a_seat_until_it_learns_it(server: str, browser: Any, size: str) -> None:  # noqa: F811
    """E3 (CC-4.4, §10): seat 1 rolls the 宝 三条 at event 10. As seat 0 the 宝 stays hidden (no
    tile, the roll told without it) until the hand is over; as seat 1 it is hidden before event 10
    and shown from it; all open shows it with the moment seat 1 learnt it."""
    page, problems = open_page(browser, server + f"/hands/{CLUB}/cc-e3?as=1#step=9", size)
    assert "长春" in page.title() and "麻将" in page.title()
    text, tile = _bao(page)
    assert tile is None and "none yet" in text
    _at(page, 10)
    text, tile = _bao(page)
    assert tile == "3s" and "alive 活宝" in text
    assert "三条" in page.locator("#caption").inner_text()
    close(page)
    page, more = open_page(browser, server + f"/hands/{CLUB}/cc-e3?as=0#step=10", size)
    text, tile = _bao(page)
    assert tile is None and "hidden 未见" in text
    assert page.locator("#bao .tile.back").count() == 1
    caption = page.locator("#caption").inner_text()
    assert "看宝" in caption and "三条" not in caption
    assert "看过宝" in page.locator('#board .seat[data-seat="1"]').inner_text()
    _at(page, 20)
    assert _bao(page)[1] is None  # the new 宝 八筒 is seat 1's alone too
    page.keyboard.press("End")
    page.wait_for_timeout(150)
    assert _bao(page)[1] == "8p"  # the hand is over: everything is open
    close(page)
    page, rest = open_page(browser, server + f"/hands/{CLUB}/cc-e3#step=19", size)
    text, tile = _bao(page)
    assert tile == "8p"
    learnt = page.locator("#board .cc-learnt").inner_text()
    assert "learnt 知宝" in learnt and "at event 10" in learnt and "at event 19" in learnt
    assert "knows 宝" in page.locator('#board .seat[data-seat="1"]').inner_text()
    _at(page, 18)
    assert "dead 死宝" in _bao(page)[0]
    assert problems == [] and more == [] and rest == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_opening_set_bu_and_gang_money_apart(server: str, browser: Any, size: str) -> None:  # noqa: F811
    """E5 (CC-3, CC-6.3): seat 2's 旋风杠 with its 补 东风; 荒庄, gang money only (12 receipts)."""
    page, problems = open_page(browser, server + f"/hands/{CLUB}/cc-e5", size)
    openings = page.locator("#openings")
    assert "旋风杠" in openings.inner_text() and openings.locator("li .tile").count() == 5
    assert page.locator("#win-receipts li").count() == 1  # "no win money"
    assert page.locator("#gang-receipts li").count() == 12
    assert "荒庄" in page.locator("#settlement").inner_text()
    page.keyboard.press("End")
    page.wait_for_timeout(150)
    assert "Gang money 杠分" in page.locator("#marks").inner_text()
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_jiehu_winner_and_receipts(server: str, browser: Any, size: str) -> None:  # noqa: F811
    """E7 (CC-2.3, CC-2.4): seat 0 robs seat 3's 续杠 五筒 before seat 1 (截胡); E6's payments
    list win money and gang money apart, each with its receipt."""
    page, problems = open_page(browser, server + f"/hands/{CLUB}/cc-e7#step=end", size)
    winners = page.locator("#winners").inner_text()
    assert "抢胡" in winners and "截胡" in winners and "1 cc-b" in winners
    assert "截胡" in page.locator("#marks").inner_text()
    close(page)
    page, more = open_page(browser, server + f"/hands/{CLUB}/cc-e6", size)
    wins = page.locator("#win-receipts li")
    assert wins.count() == 3 and all("飘胡" in wins.nth(i).inner_text() for i in range(3))
    gangs = page.locator("#gang-receipts li")
    assert gangs.count() == 3 and all("旋风杠" in gangs.nth(i).inner_text() for i in range(3))
    assert problems == [] and more == []
    close(page)
