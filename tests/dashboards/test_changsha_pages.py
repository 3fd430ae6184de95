"""Changsha hands on the pages without a browser (issue 29 item 5): the viewer's model in words
(no tile code, None or JSON), the opening hand and its tiles, every winner of a 通炮, the birds
and the seat each hits, each payment's receipt, on changsha.md §8's worked examples."""

from __future__ import annotations

import re
from typing import Any

import pytest

from dashboards.changsha_viewer import build
from tests.changsha_records import NAMES, changsha
from tests.dashboards.test_pages import strings

RAW = re.compile(r"(?<![A-Za-z0-9_-])[1-9][msp](?![A-Za-z0-9_-])|\bNone\b|[{}]")


def shown(model: dict[str, Any]) -> list[str]:
    return [
        *(s["caption"] for s in model["steps"]),
        *(n for s in model["steps"] for n in s["notes"]),
        *(p[k] for s in model["steps"] for p in s["payments"] for k in ("text", "receipt")),
        *(b["text"] for s in model["steps"] for b in s["birds"]),
        *(m["text"] for m in model["moves"]),
        *(w["text"] for w in model["wins"]),
        *strings({k: v for k, v in (model["settlement"] or {}).items() if k != "birds"}),  # birds: tiles
    ]


@pytest.mark.parametrize("name", [*NAMES, "e3"])
def test_no_raw_value_reaches_a_changsha_page(name: str) -> None:
    model = build(changsha(name))
    assert model["game"] == "changsha" and "长沙" in model["game_name"]
    texts = [t for t in shown(model) if isinstance(t, str)]
    assert texts and not [t for t in texts if RAW.search(t)]


def test_tongpao_lists_both_winners_and_the_bird_on_the_discarder() -> None:
    """E4 (CS-3.2, CS-6.4): seats 3 and 0 win on seat 2's 五筒; bird 三万 hits seat 2."""
    model = build(changsha("e4"))
    assert [w["seat"] for w in model["wins"]] == [3, 0]
    assert all("on 2 CS-C's tile 五筒" in w["text"] for w in model["wins"])
    assert model["settlement"]["birds"][0]["text"] == "鸟 bird 三万 hits 中 2 CS-C"
    receipts = [p["receipt"] for p in model["settlement"]["payments"]]
    assert receipts == ["小胡点炮 small discard k1 × 10 · 中鸟 birds 1 ×2 = 20", *receipts[1:]]


def test_the_opening_hand_shows_its_names_and_tiles() -> None:
    model = build(changsha("e8"))
    (q,) = model["openings"]
    assert q["kinds"] == "四喜 sixi (four alike) + 六六顺 liuliushun (two triplets)"
    assert q["tiles"] == ["7m"] * 4 + ["3s"] * 3  # drawn as tiles by the template
    assert {p["kind"] for p in model["settlement"]["payments"]} == {"qishou"}
