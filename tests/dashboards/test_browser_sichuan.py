"""Sichuan hands and the game split in a real browser (issue 13 item 3c), at 1366×900 and 390×844.

The same server and checks as ``test_browser.py`` (``replay ingest`` of ``sample_logs/``, which
holds Sichuan hands beside Wuhan ones; no console error, no sideways scroll, no raw value, tile
code or snake_case code on screen), on the Sichuan viewer and on the pages split by game; then
what a Sichuan viewer must show: the swap, the void suits, the winners in order, the coins that
move at a kong and at the end of the wall, a 血流成河 winner's locked hand, the receipts.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.dashboards.test_browser import (  # noqa: F401 - fixtures used by name
    SIZES,
    assert_readable,
    browser,
    close,
    open_page,
    server,
    shoot,
)

E1 = "/hands/sichuan-club/sc-xuezhan-e1"
E7 = "/hands/sichuan-club/sc-xueliu-e7"
PAGES = [
    ("sc-viewer-xuezhan", E1),
    ("sc-viewer-xueliu-end", E7 + "#step=end"),
    ("sc-viewer-mismatch", "/hands/sichuan-club/sc-mm-tuishui"),
    ("sc-viewer-illegal", "/hands/sichuan-club/sc-illegal-que-first"),
    ("sc-viewer-mistakes", "/hands/sichuan-club/sc-m5"),
    ("sc-overview", "/?game=sichuan"),
    ("overview-by-game", "/"),
    ("sc-players", "/players?game=sichuan"),
    ("sc-player", "/players/sc1?game=sichuan"),
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("name", "path"), PAGES)
def test_sichuan_pages_render_readably_at_both_sizes(
    server: str,  # noqa: F811
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


@pytest.mark.parametrize("size", SIZES)
def test_the_swap_the_void_suits_and_the_winners_in_order(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    size: str,
) -> None:
    """SC-2.1/SC-2.2/SC-3.7: E1 swaps across, every seat declares a void suit, three seats win."""
    page, problems = open_page(browser, server + E1, size)
    swap = page.locator("#swap")
    assert "对家" in swap.inner_text() and swap.locator(".tile").count() == 12
    voids = page.locator("#voids .sc-void")
    assert voids.count() == 4 and all("缺" in voids.nth(i).inner_text() for i in range(4))
    winners = page.locator("#winners li")
    assert winners.count() == 3
    assert [winners.nth(i).inner_text().split(" · ")[0] for i in range(3)] == [
        "1st 第一",
        "2nd 第二",
        "3rd 第三",
    ]
    # the void suit is on every seat's panel, and a won seat is marked out (血战到底)
    page.keyboard.press("End")
    badges = page.locator("#board .sc-void-badge")
    assert badges.count() == 4
    assert page.locator("#board .sc-status").count() >= 2
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_kong_money_moves_at_the_kong_and_the_end_of_wall_checks_at_the_end(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    size: str,
) -> None:
    """SC-5.5 and §6 on E7 (血流成河): the 暗杠 is paid at its event; the 流局 step shows 查大叫
    paid; seat 0, who won twice, plays on with the tiles it won on set aside."""
    page, problems = open_page(browser, server + E7, size)
    kong_index = page.evaluate(
        "JSON.parse(document.getElementById('model').textContent).steps.find((s) => s.kind === 'gang').index"
    )
    page.goto(f"{server}{E7}#step={kong_index}")
    page.wait_for_function(
        f"document.getElementById('position').textContent.startsWith('event {kong_index} ')"
    )
    moved = page.locator("#marks .sc-transfers-now").inner_text()
    assert "下雨" in moved and moved.count("pays 付") == 3
    page.keyboard.press("End")
    marks = page.locator("#marks").inner_text()
    assert "查大叫" in marks and "查花猪" in marks
    seat0 = page.locator('#board .seat[data-seat="0"]')
    assert "锁牌" in seat0.inner_text()
    assert seat0.locator(".sc-won .tile").count() == 2
    settlement = page.locator("#settlement").inner_text()
    assert "根 2" in settlement and "自摸加底" in settlement and "查大叫" in settlement
    assert page.locator("#all-transfers li").count() >= 9
    assert problems == []
    close(page)


def test_a_multiple_win_waits_for_its_window_then_settles_with_zhuanyi(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    """SC-3.2/SC-5.6 (E2): both 胡 on one 杠上炮 discard say they wait; the next step settles both
    and passes the kong money on (呼叫转移)."""
    page, problems = open_page(browser, server + "/hands/sichuan-club/sc-xuezhan-e2")
    hu = page.evaluate(
        "JSON.parse(document.getElementById('model').textContent).steps"
        ".filter((s) => s.kind === 'hu').map((s) => s.index)"
    )
    assert len(hu) == 2
    page.goto(f"{page.url.split('#')[0]}#step={hu[1]}")
    page.wait_for_function(f"document.getElementById('position').textContent.startsWith('event {hu[1]} ')")
    assert "等待其他家胡" in page.locator("#marks").inner_text()
    page.keyboard.press("ArrowRight")
    marks = page.locator("#marks").inner_text()
    assert "呼叫转移" in marks and marks.count("settled 结算") == 2
    assert problems == []
    close(page)


def test_the_phone_keeps_the_controls_on_screen_and_swipes(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    page, problems = open_page(browser, server + E1 + "#step=5", "phone")
    board = page.locator("#board")
    board.scroll_into_view_if_needed()
    swipe = """([dx]) => {
      const el = document.getElementById("board");
      const r = el.getBoundingClientRect();
      const at = (x) => new Touch({identifier: 1, target: el, clientX: x, clientY: r.top + 50});
      const x0 = r.left + r.width / 2;
      const fire = (kind, x, down) =>
        el.dispatchEvent(new TouchEvent(kind, {
          changedTouches: [at(x)], touches: down ? [at(x)] : [], bubbles: true}));
      fire("touchstart", x0, true);
      fire("touchend", x0 + dx, false);
    }"""
    page.evaluate(swipe, [-120])
    assert page.locator("#position").inner_text().startswith("event 6 ")
    page.evaluate(swipe, [120])
    assert page.locator("#position").inner_text().startswith("event 5 ")
    controls = page.locator("#controls").bounding_box()
    assert controls is not None and controls["y"] >= 0 and controls["y"] + controls["height"] <= 844
    assert problems == []
    close(page)
