"""The pages in a real browser: Debian's chromium driven by Playwright against a real server.

Issue 14's points, each at a desktop's 1366×900 and a phone's 390×844: every page renders with
no console error, no sideways scroll and no raw ``None``/``null``/``undefined`` or tile code;
charts draw with their titles clear of plotly's toolbar; the viewer opens on its verdict, its
move list and timeline markers jump to their step, receipts are labelled without hovering, and
a phone can swipe between steps with the controls on screen. Screenshots go to
``test-artifacts/`` (gitignored).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serving import serving

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect

if not Path(CHROMIUM).exists():  # pragma: no cover - ./dev test installs it
    pytest.skip("Debian's chromium is not installed (./dev test installs it)", allow_module_level=True)


#: A touch swipe across the board, as a phone sends it (the viewer steps on a horizontal swipe).
SWIPE = """([dx]) => {
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


def swipe(page: Any, dx: int) -> None:
    """A finger across the board, ``dx`` pixels (negative: to the left, the next step)."""
    page.evaluate(SWIPE, [dx])


def caption_at(page: Any, index: int) -> None:
    """Wait (Playwright's timeout) until the board's caption is at event ``index``.

    Waits go through ``expect``, never ``page.wait_for_function`` with a string: once its first
    check fails, that polls by ``eval`` inside the page, which the pages' Content-Security-Policy
    (``script-src 'self'``) refuses, so a slow redraw failed the test instead of being waited for."""
    expect(page.locator("#caption")).to_have_text(re.compile(rf"^event {index}:"))


def charts_drawn(page: Any) -> None:
    """Wait until every chart on the page says it is drawn (``data-drawn``)."""
    expect(page.locator(".chart:not([data-drawn=yes])")).to_have_count(0)


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
    with serving(db, "--public-read") as running:
        yield running.url


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


SIZES = {"desktop": (1366, 900), "phone": (390, 844)}
RAW = re.compile(r"\b(None|null|undefined|NaN)\b")
TILE_CODE = re.compile(r"(?<![A-Za-z0-9_-])[1-9][msp](?![A-Za-z0-9_-])")


def open_page(browser: Any, url: str, size: str = "desktop") -> tuple[Any, list[str]]:
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=size == "phone", is_mobile=size == "phone"
    )
    page = context.new_page()
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


def close(page: Any) -> None:
    context = page.context
    page.close()
    context.close()


def shoot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


#: a code meant for programs (``inefficient_discard``, ``dealt_in``, ``same_suit``) rather than words
SNAKE_CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def assert_readable(page: Any) -> None:
    """No sideways scroll, no raw None/null/undefined, no tile code or snake_case code in the
    visible text or in the charts' own text (axis labels, legends, bar texts)."""
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page scrolls sideways: {width} px wide in a {inner} px window"
    shown = page.evaluate("document.body.innerText")
    assert not RAW.search(shown), RAW.search(shown)
    assert not TILE_CODE.search(shown), shown[max(0, TILE_CODE.search(shown).start() - 60) :][:120]
    assert not SNAKE_CODE.search(shown), shown[max(0, SNAKE_CODE.search(shown).start() - 60) :][:120]
    if page.locator(".chart").count():
        charts_drawn(page)
        drawn = " ".join(page.locator(".chart svg text").all_text_contents())
        for pattern in (RAW, TILE_CODE, SNAKE_CODE):
            assert not pattern.search(drawn), drawn[max(0, pattern.search(drawn).start() - 60) :][:120]


PAGES = [
    ("overview", "/", 2),
    ("audits", "/audits", 0),
    ("mistakes", "/mistakes", 1),
    ("players", "/players", 0),
    ("player", "/players/p01", 5),
    ("upload", "/upload", 0),
    ("viewer-mismatch", "/hands/sample-club/mm-liable-1", 0),
    ("viewer-illegal", "/hands/sample-club/cl-1", 0),
    ("viewer-win", "/hands/sample-club/qingyise-1#step=5", 0),
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("name", "path", "charts"), PAGES)
def test_pages_render_readably_at_both_sizes(
    server: str, browser: Any, name: str, path: str, charts: int, size: str
) -> None:
    page, problems = open_page(browser, server + path, size)
    assert page.locator("header.top").count() == 1
    assert page.locator(".chart[data-drawn=yes] .main-svg").count() >= charts
    assert_readable(page)
    shoot(page, f"{name}-{size}")
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_chart_titles_are_headings_clear_of_the_toolbar(server: str, browser: Any, size: str) -> None:
    page, problems = open_page(browser, server + "/players/p01", size)
    titles = page.locator(".chart-title")
    assert titles.count() == 5
    for i in range(titles.count()):
        box = titles.nth(i).bounding_box()
        chart = page.locator(".chart").nth(i).bounding_box()
        assert box["y"] + box["height"] <= chart["y"] + 1  # the title sits above the plot area
    page.locator(".chart").first.hover()
    for bar in page.locator(".modebar").all():
        if bar.is_visible():
            bar_box = bar.bounding_box()
            for i in range(titles.count()):
                t = titles.nth(i).bounding_box()
                overlap = not (
                    bar_box["y"] >= t["y"] + t["height"] or bar_box["y"] + bar_box["height"] <= t["y"]
                )
                assert not overlap or bar_box["x"] >= t["x"] + t["width"]
    axis = page.locator("#won .xtitle").text_content()
    assert "log" in axis  # big hands read beside 屁胡 on a log axis
    assert problems == []
    close(page)


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
    caption = page.locator("#caption").inner_text()
    assert "胡" in caption and "放冲" in caption and "九条" in caption  # who, how and on which tile
    assert page.locator("#board .tile.win").count() >= 1  # the winning tile is highlighted
    shoot(page, "viewer-end")
    page.goto(server + "/hands/sample-club/qingyise-1#step=3")
    page.wait_for_load_state("networkidle")
    assert page.locator("#caption").inner_text().startswith("event 3:")
    assert page.locator("#position").inner_text().startswith("event 3 /")  # the counter reads the step
    assert page.locator(".seat").count() == 4
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_out_of_range_step_says_so(server: str, browser: Any, size: str) -> None:
    page, problems = open_page(browser, server + "/hands/sample-club/qingyise-1#step=9999", size)
    note = page.locator("#step-note")
    assert note.is_visible()
    assert "no step 9999" in note.inner_text()
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_move_list_and_timeline_markers_jump_to_their_step(server: str, browser: Any, size: str) -> None:
    page, problems = open_page(browser, server + "/hands/sample-club/mm-liable-1", size)
    line = page.locator("#moves li a", has_text="碰").first
    target = line.get_attribute("href").split("=")[1]
    line.click()
    caption_at(page, int(target))
    assert "碰" in page.locator("#caption").inner_text()
    assert page.locator("#moves li.current a").get_attribute("href") == f"#step={target}"
    assert page.locator("#board .meld.fresh .tile.claimed-now").count() == 1  # the claimed tile
    assert page.locator("#board .river .tile.last").count() == 1  # where it was discarded
    page.keyboard.press("ArrowRight")  # the claimer's discard
    assert "打" in page.locator("#caption").inner_text()
    actor = page.locator(".seat.turn").get_attribute("data-seat")
    assert page.locator(f'.seat[data-seat="{actor}"] .river .tile.last').count() == 1
    page.locator("#timeline .marker.win").click()
    expect(page.locator("#marks")).to_contain_text("wins 胡")
    page.locator("#timeline .marker.high").first.click()
    assert page.locator("#marks .mark.mistake").count() >= 1
    shoot(page, f"viewer-timeline-{size}")
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_mismatch_opens_on_its_verdict_with_the_app_beside_the_rules(
    server: str, browser: Any, size: str
) -> None:
    page, problems = open_page(browser, server + "/hands/sample-club/mm-liable-1", size)
    banner = page.locator("#verdict")
    assert banner.is_visible()
    box = banner.bounding_box()
    assert box["y"] < SIZES[size][1]  # on screen when the page opens, no scrolling
    assert "Settled wrong 算错" in banner.inner_text()
    rows = page.locator("#versus tr.differs")
    assert rows.count() == 3  # liable, and two seats' points
    assert "3 p3" in rows.first.inner_text() and "2 p2" in rows.first.inner_text()
    assert "{" not in banner.inner_text() and "[" not in banner.inner_text()  # words, not JSON
    banner.locator("a.jump").click()
    caption_at(page, 20)  # a link's hash moves the board on the next task, not at once
    assert_readable(page)
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_receipt_labels_are_visible_without_hover(server: str, browser: Any, size: str) -> None:
    page, problems = open_page(browser, server + "/hands/sample-club/mm-liable-1", size)
    receipt = page.locator(".receipt").first
    receipt.scroll_into_view_if_needed()
    text = receipt.inner_text()
    for label in ("底", "开口", "硬", "自摸", "= 60"):
        assert label in text
    assert page.locator(".receipt .factor.side-winner").first.is_visible()
    box = page.locator(".receipts").bounding_box()
    assert box["x"] + box["width"] <= SIZES[size][0]  # not cut off on the right
    assert "paid by 3 p3 (承包 liability)" in page.locator("#settlement").inner_text()
    shoot(page, f"viewer-receipt-{size}")
    assert problems == []
    close(page)


def test_illegal_event_is_marked_at_its_step_on_the_seat_that_broke_the_rule(
    server: str, browser: Any
) -> None:
    page, problems = open_page(browser, server + "/hands/sample-club/cl-1")
    assert page.locator("#verdict").is_visible()
    assert "R-4.2" in page.locator("#verdict").inner_text()
    page.locator("#verdict a.jump").click()
    caption_at(page, 1)  # a link's hash moves the board on the next task, not at once
    assert page.locator("#marks .mark.illegal").count() == 1
    assert page.locator(".seat.broke").get_attribute("data-seat") == "1"  # the claimer, not the discarder
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    assert page.locator("#marks .mark.illegal").count() == 1  # stepping back and forth adds no copies
    shoot(page, "viewer-illegal-step")
    assert problems == []
    close(page)


def test_mistakes_are_drawn_with_tiles_and_liability_highlighted(server: str, browser: Any) -> None:
    page, problems = open_page(browser, server + "/hands/sample-club/mm-liable-1#step=10")
    marks = page.locator("#marks")
    assert marks.locator(".mark:not(.liability) .choice.mine .tile").count() == 1
    assert marks.locator(".mark.liability .choice.mine .tile").count() == 1  # the feeding discard
    assert marks.locator(".choice.better .tile").count() >= 1
    assert "进张" in marks.inner_text()
    assert marks.locator(".liability").count() == 1
    assert "180" in marks.locator(".liability").inner_text()
    assert page.locator("#board .meld.feed-target").count() == 2  # the winner's two earlier opens
    assert problems == []
    close(page)


def test_one_seat_mode_hides_the_other_hands_until_the_end(server: str, browser: Any) -> None:
    page, problems = open_page(browser, server + "/hands/sample-club/qingyise-1#step=2")
    assert page.locator("#board .tile.back").count() == 0
    page.select_option("#mode", "2")
    assert page.locator(".seat.bottom").get_attribute("data-seat") == "2"
    assert page.locator("#board .tile.back").count() >= 30
    page.keyboard.press("End")
    assert page.locator("#board .tile.back").count() == 0  # open at the end
    page.goto(server + "/hands/sample-club/qingyise-1?as=3#step=2")  # as the player page links
    page.wait_for_load_state("networkidle")
    assert page.locator(".seat.bottom").get_attribute("data-seat") == "3"
    assert page.locator("#mode").input_value() == "3"
    assert problems == []
    close(page)


def test_phone_swipes_between_steps_with_the_controls_on_screen(server: str, browser: Any) -> None:
    page, problems = open_page(browser, server + "/hands/sample-club/mm-liable-1#step=5", "phone")
    board = page.locator("#board")
    board.scroll_into_view_if_needed()
    swipe(page, -120)
    assert page.locator("#caption").inner_text().startswith("event 6:")
    swipe(page, 120)
    assert page.locator("#caption").inner_text().startswith("event 5:")
    page.mouse.wheel(0, 500)
    controls = page.locator("#controls").bounding_box()
    assert controls["y"] >= 0 and controls["y"] + controls["height"] <= SIZES["phone"][1]
    assert problems == []
    close(page)


def test_mistakes_explorer_pages_sorts_and_collapses(server: str, browser: Any) -> None:
    page, problems = open_page(browser, server + "/mistakes")
    showing = page.locator("#showing").inner_text()
    match = re.fullmatch(r"1–(\d+) of ([\d,]+)", showing)
    assert match, showing
    total = int(match.group(2).replace(",", ""))
    assert int(match.group(1)) == min(50, total)
    assert page.locator("table.mistakes tbody tr").count() == min(50, total)
    assert "collapsed" in page.locator("#collapsed").inner_text()
    page.locator("#collapsed a").click()
    page.wait_for_load_state("networkidle")
    wider = int(page.locator("#showing").inner_text().split(" of ")[1].replace(",", ""))
    assert wider > total  # the low-severity 牌效率 findings were hidden, now shown
    page.goto(server + "/mistakes?sort=cost")
    page.wait_for_load_state("networkidle")
    costs = [
        int(c.replace(",", ""))
        for c in page.locator("table.mistakes tbody td.num").all_inner_texts()
        if c.replace(",", "").isdigit()
    ]
    assert costs and costs == sorted(costs, reverse=True)
    page.locator("a[rel=next]").click()
    page.wait_for_load_state("networkidle")
    assert page.locator("#showing").inner_text().startswith("51–")
    assert problems == []
    close(page)


def test_upload_page_audits_a_dropped_file(server: str, browser: Any) -> None:
    page, problems = open_page(browser, server + "/upload")
    page.set_input_files("#record", str(ROOT / "sample_logs" / "handwritten" / "disputed_wrong_liable.json"))
    page.click("button[type=submit]")
    page.wait_for_load_state("networkidle")
    assert page.locator("#verdict").is_visible()
    assert "Settled wrong 算错" in page.locator("#verdict").inner_text()
    shoot(page, "upload-result")
    assert problems == []
    close(page)


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
    assert "<img src=x" in page.locator("#board").inner_text()
    assert problems == []
    close(page)


@pytest.mark.parametrize("size", SIZES)
def test_mistakes_by_type_names_every_type_inside_the_chart(server: str, browser: Any, size: str) -> None:
    """A log axis so 放冲 reads beside 牌效率, and every type's name inside the chart's box."""
    page, problems = open_page(browser, server + "/mistakes", size)
    charts_drawn(page)
    chart = page.locator("#by-type").bounding_box()
    labels = page.locator("#by-type .ytick text")
    assert labels.count() >= 5
    for i in range(labels.count()):
        box = labels.nth(i).bounding_box()
        assert box["x"] >= chart["x"] - 1, labels.nth(i).text_content()  # not cut off on the left
    names = " ".join(labels.all_text_contents())
    assert "tile efficiency" in names and "牌效率" in names and "dealt in" in names
    assert "log" in page.locator("#by-type .xtitle").text_content()
    shoot(page, f"mistakes-chart-{size}")
    assert problems == []
    close(page)


def test_weekly_mistakes_lines_are_drawn_in_front_of_the_hands_bars(server: str, browser: Any) -> None:
    page, problems = open_page(browser, server + "/players/p01")
    charts_drawn(page)
    in_front = page.evaluate(
        """(() => {
          const c = document.getElementById("mistakes-over-time");
          const bars = c.querySelector(".barlayer .trace");
          const lines = c.querySelector(".scatterlayer .trace .lines");
          return !!(bars.compareDocumentPosition(lines) & Node.DOCUMENT_POSITION_FOLLOWING);
        })()"""
    )
    assert in_front  # SVG paints later elements over earlier ones
    legend = " ".join(page.locator("#mistakes-over-time .legendtext").all_text_contents())
    assert "hands that week" in legend and "tile efficiency 牌效率" in legend
    assert problems == []
    close(page)


def test_habits_marks_show_the_counts_the_test_weighed(server: str, browser: Any) -> None:
    page, problems = open_page(browser, server + "/players/p01")
    row = page.locator("table.habits tr", has_text="deal-in % 放冲率")
    text = row.inner_text()
    found = re.search(r"z = (-?[\d.]+) · (\d+) of (\d+) hands · others (\d+) of ([\d,]+)", text)
    assert found, text
    z, mine, hands = float(found.group(1)), int(found.group(2)), int(found.group(3))
    with urllib.request.urlopen(server + "/api/v1/players/p01/stats") as answer:  # the same store's count
        settled = json.loads(answer.read())["settled_hands"]
    assert hands == settled > 100 and 0 < mine <= hands  # 老王 p01 sits in many sample hands
    assert ("higher 偏高" in text or "lower 偏低" in text) == (abs(z) >= 1.96)
    assert page.locator("table.habits tr.significant").count() >= 1
    assert problems == []
    close(page)


def test_liable_receipt_adds_up_what_the_feeder_pays(server: str, browser: Any) -> None:
    page, problems = open_page(browser, server + "/hands/sample-club/mm-liable-1#step=end")
    assert page.locator("#caption").inner_text().startswith("event 20:")  # #step=end: the last step
    covers = page.locator(".receipt .covers")
    assert covers.count() == 1
    # R-10.6b: seat 3 fed the third open, so it pays its own 60 and seats 0's and 2's
    assert covers.inner_text() == "= 60 own 自付 + 60 for 0 p0 + 60 for 2 p2 (承包 liability)"
    assert "pays 付 180" in page.locator(".receipt", has=page.locator(".covers")).inner_text()
    assert problems == []
    close(page)


def test_plotly_reaches_the_browser_gzipped_and_cacheable(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    seen: list[Any] = []
    page.on("response", lambda r: seen.append(r) if "plotly" in r.url else None)
    page.goto(server + "/players/p01")
    page.wait_for_load_state("networkidle")
    assert page.locator(".chart[data-drawn=yes]").count() == 5
    assert len(seen) == 1
    headers = seen[0].all_headers()
    assert headers["content-encoding"] == "gzip"
    assert "max-age=604800" in headers["cache-control"]
    assert int(headers["content-length"]) < 2_000_000  # 4.8 MB uncompressed
    page.close()
    context.close()
