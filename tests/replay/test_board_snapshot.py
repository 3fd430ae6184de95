"""The hand viewer's table (``Board.snapshot``) read back field by field (issue 35: no test read
most of it, so any change to it survived). Each expected value is worked by hand from the events
pushed and RULES.md: R-3.1 (deal, indicator), R-3.2 (laizi), R-3.3 (draws from the front, kong
replacements from the back), R-4.1 (红中杠), R-5.2 / R-6.1 (a claimed discard, a meld's source).
"""

from __future__ import annotations

from tests.replay.test_qipi_rules import deal_board


def test_R_3_3_R_4_1_R_6_1_the_viewers_table_after_kongs_a_peng_and_discards() -> None:
    """hzlzg, indicator 5p (laizi 6p). The deal (``deal_board``, kinds in order, no special tile
    but those named): seat 0 5m C 1m×4 2m×4 3m×4; seat 1 5m×3 4m×4 6m×4 7m×2; seat 2 7m×2 8m×4
    9m×4 1s×3; seat 3 1s 2s×4 3s×4 4s×4.

    Seat 0 an-gangs 1m and draws 9s from the back, puts out C as a 红中杠 and draws 9p from the
    back, discards 5m; seat 1 pengs it and discards 4m; seat 2 draws 1p from the front and
    discards it. Wall: 136 − 53 dealt − 1 indicator = 82 live at the start, two back draws and one
    front draw leave 79."""
    board = deal_board({0: "5m C"}, "5p", preset="hzlzg")
    for event in [
        {"type": "gang", "seat": 0, "kind": "an", "tile": "1m"},
        {"type": "draw", "seat": 0, "tile": "9s"},
        {"type": "gang", "seat": 0, "kind": "pizi", "tile": "C"},
        {"type": "draw", "seat": 0, "tile": "9p"},
        {"type": "discard", "seat": 0, "tile": "5m"},
        {"type": "peng", "seat": 1},
        {"type": "discard", "seat": 1, "tile": "4m"},
        {"type": "draw", "seat": 2, "tile": "1p"},
        {"type": "discard", "seat": 2, "tile": "1p"},
    ]:
        board.push(event)
    plain = {"pizi_gangs": 0, "laizi_gangs": 0, "pizi_discards": 0, "laizi_discards": 0}
    assert board.snapshot() == {
        "phase": "claim",
        "turn": 2,
        "hands": [
            ["2m"] * 4 + ["3m"] * 4 + ["9s", "9p"],
            ["4m"] * 3 + ["5m"] + ["6m"] * 4 + ["7m"] * 2,
            ["7m"] * 2 + ["8m"] * 4 + ["9m"] * 4 + ["1s"] * 3,
            ["1s"] + ["2s"] * 4 + ["3s"] * 4 + ["4s"] * 4,
        ],
        "melds": [
            [{"type": "gang", "tiles": ["1m"] * 4, "kind": "an"}],
            [{"type": "peng", "tiles": ["5m"] * 3, "from": 0}],
            [],
            [],
        ],
        "discards": [[{"tile": "5m", "claimed_by": 1}], [{"tile": "4m"}], [{"tile": "1p"}], []],
        "gangs": [{**plain, "pizi_gangs": 1}, plain, plain, plain],
        "wall": {"live": 79, "drawn_front": 1, "drawn_back": 2},
        "indicator": "5p",
        "laizi": "6p",
        "dealer": 0,
        "last_discard": {"seat": 2, "tile": "1p"},
    }


def test_R_3_6_R_4_4_the_viewer_shows_the_pi_and_their_counts_under_qipi() -> None:
    """qipi, indicator 4万: laizi 5万, 皮 4万 and 3万 (R-3.6). The dealer puts out its 3万 as a
    皮子杠 (R-4.4): counted as a pi gang, not a pizi gang; the viewer lists the 皮 and both 皮
    counts, which an hzlzg table (no 皮) leaves out. Before any discard ``last_discard`` is None."""
    board = deal_board({0: "3m"}, "4m")
    board.push({"type": "gang", "seat": 0, "kind": "pizi", "tile": "3m"})
    view = board.snapshot()
    assert view["pi"] == ["3m", "4m"] and view["laizi"] == "5m" and view["last_discard"] is None
    assert view["gangs"][0] == {
        "pizi_gangs": 0,
        "laizi_gangs": 0,
        "pizi_discards": 0,
        "laizi_discards": 0,
        "pi_gangs": 1,
        "pi_discards": 0,
    }
    assert view["phase"] == "replace" and view["turn"] == 0
    assert view["wall"] == {"live": 82, "drawn_front": 0, "drawn_back": 0}
    assert "pi" not in deal_board({0: "3m"}, "4m", preset="hzlzg").snapshot()
