"""Changchun hands on the pages without a browser (issue 30): the viewer's model in words (no tile
code, None or JSON), the 宝 as each seat could know it, the opening sets and their 补, 报听,
截胡, and every payment's receipt with the gang money apart, on changchun.md §8's worked
examples (``tests/changchun_records``)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from dashboards.changchun_viewer import build
from tests.changchun_records import NAMES, changchun
from tests.dashboards.test_pages import strings

RAW = re.compile(r"(?<![A-Za-z0-9_-])[1-9][msp](?![A-Za-z0-9_-])|\bNone\b|[{}]")


def shown(model: dict[str, Any]) -> list[str]:
    return [
        *(s["caption"] for s in model["steps"]),
        *(s.get("caption_seen") or "" for s in model["steps"]),
        *(n for s in model["steps"] for n in s["notes"]),
        *(t for s in model["steps"] for t in s["ting"]),
        *(lk["text"] for s in model["steps"] for lk in s["learnt"]),
        *(s["bao"]["state"] for s in model["steps"] if s["bao"]),
        *(m["label"] for s in model["steps"] for melds in s["melds"] for m in melds),
        *(p[k] for s in model["steps"] for p in s["payments"] for k in ("text", "receipt")),
        *(m["text"] for m in model["moves"]),
        *(lk["text"] for lk in model["leaks"]),
        *([model["win"]["text"]] if model["win"] else []),
        *strings(model["settlement"] or {}),
    ]


@pytest.mark.parametrize("name", NAMES)
def test_no_raw_value_reaches_a_changchun_page(name: str) -> None:
    model = build(changchun(name))
    assert model["game"] == "changchun" and "长春" in model["game_name"]
    texts = [t for t in shown(model) if isinstance(t, str) and t]
    assert texts and not [t for t in texts if RAW.search(t)]


def test_the_bao_is_known_only_to_the_seat_that_rolled_it() -> None:
    """E3 (CC-4.4, CC-4.7): seat 1's roll at event 10 shows 三条 to seat 1 alone; the others'
    caption says a roll without the tile; after three 三条 it is dead and seat 1 rolls 八筒."""
    model = build(changchun("e3"))
    at = {s["index"]: s for s in model["steps"]}
    assert at[9]["bao"] is None and at[10]["bao_known"] == [None, "3s", None, None]
    assert "三条" in at[10]["caption"] and "三条" not in at[10]["caption_seen"]
    assert "hidden from you" in at[10]["caption_seen"]
    assert at[18]["bao"]["dead"] and "三条" in at[18]["bao"]["state"]
    assert "换宝" in at[19]["caption"] and at[19]["bao_known"][1] == "8p"
    assert [lk["text"] for lk in at[19]["learnt"]] == [
        "1 cc-b learnt 知宝 三条 at event 10 · rolled it 掷骰定宝",
        "1 cc-b learnt 知宝 八筒 at event 19 · rolled it 掷骰定宝",
    ]
    assert model["win"]["text"].startswith(
        "1 cc-b wins 胡 摸宝 mobao (drew the treasure) · the 宝 stands for 宝当 五筒"
    )
    assert model["tings"] == [{"who": "1 cc-b", "index": 3}]


def test_gang_money_is_apart_from_win_money() -> None:
    """E6 (CC-6.3): three win receipts (飘胡 8, 8, 4) and three gang receipts (旋风杠 1 each)."""
    s = build(changchun("e6"))["settlement"]
    assert [p["amount"] for p in s["win_payments"]] == [8, 8, 4]
    assert [p["amount"] for p in s["gang_payments"]] == [1, 1, 1]
    assert all("杠分 gang money" in p["text"] and "旋风杠" in p["receipt"] for p in s["gang_payments"])
    assert [d["delta"] for d in s["gang_deltas"]] == ["-1", "+3", "-1", "-1"]
    assert [d["delta"] for d in s["deltas"]] == ["-9", "-5", "+19", "-5"]


def test_huangzhuang_pays_gang_money_only_and_shows_the_set_with_its_bu() -> None:
    model = build(changchun("e5"))
    assert model["settlement"]["win_payments"] == [] and len(model["settlement"]["gang_payments"]) == 12
    (o,) = model["openings"]
    assert o["who"] == "2 cc-c" and o["tiles"] == ["E", "S", "W", "N"] and o["bu"] == ["E"]
    assert o["label"].startswith("旋风杠 whirlwind set")


def test_jiehu_and_the_robbed_gang_are_told() -> None:
    model = build(changchun("e7"))
    assert model["win"]["jiehu"] == ["1 cc-b"]
    notes = model["steps"][-1]["notes"]
    assert any("截胡" in n for n in notes) and any("was robbed" in n for n in notes)


def test_a_leak_is_shown_to_every_seat() -> None:
    model = build(changchun("leak"))
    (lk,) = model["leaks"]
    assert (lk["seat"], lk["index"], lk["tile"]) == (0, 9, "W")
    at = {s["index"]: s for s in model["steps"]}
    assert "泄宝" in at[9]["caption"] and "caption_seen" not in at[9]
    assert at[9]["leaked"][0] and at[9]["leaks"] == [lk]


def test_a_mistake_is_linked_to_its_moment() -> None:
    """§10 M5: a leak is a mistake at its event; the viewer names it in words and marks its step."""
    from replay.games.changchun.audit import audit_validated

    rec = changchun("leak")
    audit = audit_validated(rec)
    audit["mistakes"] = [
        {"type": "bao_leak", "seat": 0, "index": 9, "severity": "high", "cost": 192, "message": "leaked W"}
    ]
    model = build(rec, audit)
    (m,) = model["mistakes"]
    assert m["name"] == "泄宝 leaked the treasure" and m["message"] == "leaked 西风" and m["index"] == 9
    (marker,) = [x for x in model["markers"] if x["kind"] == "high"]
    assert model["steps"][marker["pos"]]["index"] == 9
