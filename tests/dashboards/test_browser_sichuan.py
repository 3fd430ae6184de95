"""Sichuan hands and the game split in a real browser (issue 13 item 3c), at 1366×900 and 390×844.

The same server and checks as ``test_browser.py`` (``replay ingest`` of ``sample_logs/``, which
holds Sichuan hands beside Wuhan ones; no console error, no sideways scroll, no raw value, tile
code or snake_case code on screen), on the Sichuan viewer and on the pages split by game; then
what a Sichuan viewer must show: the swap, the void suits, the winners in order, the coins that
move at a kong and at the end of the wall, a 血流成河 winner's locked hand, the receipts.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.dashboards.test_browser import (  # noqa: F401 - fixtures used by name
    ARTIFACTS,
    SIZES,
    assert_readable,
    browser,
    close,
    expect,
    open_page,
    server,
    shoot,
    swipe,
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
    at_event(page, kong_index)
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
    at_event(page, hu[1])
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
    swipe(page, -120)
    assert page.locator("#position").inner_text().startswith("event 6 ")
    swipe(page, 120)
    assert page.locator("#position").inner_text().startswith("event 5 ")
    controls = page.locator("#controls").bounding_box()
    assert controls is not None and controls["y"] >= 0 and controls["y"] + controls["height"] <= 844
    assert problems == []
    close(page)


def model_of(page: Any) -> Any:
    return page.evaluate("JSON.parse(document.getElementById('model').textContent)")


def at_event(page: Any, index: int) -> None:
    """Wait (Playwright's timeout) until the viewer's position line is at event ``index``
    (through ``expect``: see ``test_browser.caption_at``)."""
    expect(page.locator("#position")).to_have_text(re.compile(rf"^event {index} "))


def shoot_part(page: Any, selector: str, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(selector).screenshot(path=str(ARTIFACTS / f"{name}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_one_seat_view_hides_the_other_hands_until_the_end(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    size: str,
) -> None:
    """?as=2 (as the player page links): seat 2 at the bottom with its tiles face up, the other
    three hands face down, their swapped tiles and drawn tiles unsaid; all open at the end."""
    page, problems = open_page(browser, server + E1 + "?as=2#step=start", size)
    model = model_of(page)
    assert page.locator("#mode").input_value() == "2"
    assert page.locator(".seat.bottom").get_attribute("data-seat") == "2"
    dealt = [len(h) for h in model["steps"][0]["hands"]]  # 14 for the dealer, 13 for the others
    own = page.locator('#board .seat[data-seat="2"] .hand')
    assert own.locator(".tile.back").count() == 0 and own.locator(".tile").count() == dealt[2]
    for seat in (0, 1, 3):
        hand = page.locator(f'#board .seat[data-seat="{seat}"] .hand')
        assert hand.locator(".tile").count() == hand.locator(".tile.back").count() == dealt[seat]
    # the swap: seat 2 sees what it gave, not what the others gave
    swap = next(s["index"] for s in model["steps"] if s["swap"])
    page.goto(f"{server}{E1}?as=2#step={swap}")
    at_event(page, swap)
    lines = page.locator("#marks .sc-swap-now > div")
    assert lines.count() == 4
    for seat in range(4):
        backs = lines.nth(seat).locator(".tile.back").count()
        assert backs == (0 if seat == 2 else 3), (seat, backs)
    # another seat's draw is said without its tile
    draw = next(s for s in model["steps"] if s["kind"] == "draw" and s["actor"] != 2)
    page.goto(f"{server}{E1}?as=2#step={draw['index']}")
    at_event(page, draw["index"])
    assert page.locator("#caption").inner_text() == f"event {draw['index']}: {draw['caption_seen']}"
    moves = page.locator("#moves a")
    assert moves.filter(has_text=draw["caption_seen"]).count() > 0
    assert moves.filter(has_text=draw["caption"]).count() == 0  # its tile unsaid in the list too
    own = next(s for s in model["steps"] if s["kind"] == "draw" and s["actor"] == 2)
    assert moves.filter(has_text=own["caption"]).count() >= 1
    shoot(page, f"sc-viewer-as-seat-{size}")
    # 血战到底: the first winner lays its hand down and leaves; the others stay face down
    won = next(s for s in model["steps"] if any(s["laid_down"]))
    winner = won["laid_down"].index(True)
    page.goto(f"{server}{E1}?as=2#step={won['index']}")
    at_event(page, won["index"])
    assert page.locator(f'#board .seat[data-seat="{winner}"] .hand .tile.back').count() == 0
    for seat in {0, 1, 3} - {winner}:
        assert page.locator(f'#board .seat[data-seat="{seat}"] .hand .tile.back').count() > 0
    page.keyboard.press("End")
    assert page.locator("#board .tile.back").count() == 0  # the hand is over: all open
    page.select_option("#mode", "all")
    page.keyboard.press("Home")
    assert page.locator("#board .tile.back").count() == 0
    assert page.locator(".seat.bottom").get_attribute("data-seat") == "0"
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_the_progress_graph_draws_a_line_per_seat_and_markers_move_the_board(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    size: str,
) -> None:
    """E7 (血流成河): four lines, one marker per model marker; a win marker and the kong marker
    jump to their events; seat 0 stays at 胡 after its first win; one seat's view draws its line
    only."""
    page, problems = open_page(browser, server + E7, size)
    model = model_of(page)
    timeline = page.locator("#timeline")
    page.evaluate("document.getElementById('timeline').scrollIntoView({block: 'center'})")
    assert timeline.locator("polyline").count() == 4
    assert [timeline.locator("polyline").nth(i).get_attribute("data-seat") for i in range(4)] == [
        "0",
        "1",
        "2",
        "3",
    ]
    assert timeline.locator(".marker").count() == len(model["markers"])
    assert timeline.locator(".lines-legend span").count() == 4
    # seat 0's line: at 胡 (the top row) from its first win to the end
    first = next(m for m in model["markers"] if m["kind"] == "win")
    ys = timeline.locator('polyline[data-seat="0"]').get_attribute("points").split()
    top_row = {p.split(",")[1] for p in ys[first["pos"] :]}
    assert len(top_row) == 1 and float(ys[0].split(",")[1]) > float(top_row.pop())
    for kind in ("win", "gang"):
        marker = next(m for m in model["markers"] if m["kind"] == kind)
        timeline.locator(f'.marker.{kind}[data-pos="{marker["pos"]}"]').first.click()
        at_event(page, marker["index"])
        assert page.evaluate("location.hash") == f"#step={marker['index']}"
    shoot_part(page, "#timeline", f"sc-timeline-{size}")
    page.select_option("#mode", "3")
    assert timeline.locator("polyline").count() == 1
    assert timeline.locator("polyline").get_attribute("data-seat") == "3"
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_a_mistake_marker_opens_the_mistake_at_its_step(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    size: str,
) -> None:
    page, problems = open_page(browser, server + "/hands/sichuan-club/sc-m1", size)
    model = model_of(page)
    m1 = next(m for m in model["mistakes"] if m["type"] == "gangshangpao_safe")
    marker = next(k for k in model["markers"] if k["index"] == m1["index"] and k["kind"] == m1["severity"])
    page.evaluate("document.getElementById('timeline').scrollIntoView({block: 'center'})")
    page.locator(f'#timeline .marker.{marker["kind"]}[data-pos="{marker["pos"]}"]').first.click()
    at_event(page, m1["index"])
    assert m1["name"] in page.locator("#marks .mark.mistake").first.inner_text()
    assert page.locator("#moves li.current").count() == 1
    shoot_part(page, ".board-col", f"sc-board-mistake-{size}")
    assert problems == []
    close(page)


def test_the_player_page_opens_a_sichuan_mistake_as_that_seat(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    page, problems = open_page(browser, server + "/players/sc-club-3?game=sichuan")
    link = page.locator('table.mistakes a[href*="/hands/sichuan-club/"]').first
    href = link.get_attribute("href")
    assert "?as=3#step=" in href
    link.click()
    page.wait_for_load_state("networkidle")
    step = int(href.rsplit("=", 1)[1])
    at_event(page, step)
    assert page.locator(".seat.bottom").get_attribute("data-seat") == "3"
    assert page.locator("#mode").input_value() == "3"
    assert page.locator('#board .seat[data-seat="3"] .tile.back').count() == 0
    assert page.locator("#board .tile.back").count() > 0 or model_of(page)["steps"][-1]["index"] == step
    assert problems == []
    close(page)
