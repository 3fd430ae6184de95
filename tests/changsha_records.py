"""Whole Changsha records for the store, API and page tests: changsha.md §8's worked examples as
``tests/changsha_builders`` plays them out (the same hands and events as
``tests/replay/test_changsha_board.py``), each with its own hand id, players and time.

What each one shows, worked out by hand in the rules (§8), is what the tests expect of it:

- ``e1``: 平胡 self-draw by seat 2, bird 7s on the winner: deltas [-40, -20, 80, -20];
- ``e3``: seat 1 self-draws 清一色 + 碰碰胡 (k = 2): deltas [-160, 400, -120, -120] (not in
  ``NAMES``: the habits tests count the five others);
- ``e4``: 通炮, seats 3 and 0 win on seat 2's 5p: deltas [140, 0, -160, 20], bird 3m on seat 2;
- ``e5``: seat 1's 开杠 of 6m with dice [3, 5] shows 9p and 3m; 3m wins 杠上开花;
- ``e7``: 海底 declined by seat 3, taken by seat 0 (5s): two 海底炮 winners (1 and 3);
- ``e8``: seat 1 declares 四喜 + 六六顺 (end mode), bird 4s on seat 3.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.changsha_builders import pool, record, tsumogiri

E1_HANDS = ["1999m 111222s 6669p", "2345678m 345678s", "123456m 789s 3455p", "112233778899p 4p"]
E3_HANDS = ["2s 111444777m 1479p", "2255s 777s 99s 33s 1m 1p", "222555888m 258p 6s", "333666999m 369p 5s"]
E3_EVENTS = [
    "x0 2s", "p1", "x1 1m", "d2 8s", "x2 8s", "d3 4s", "x3 5s", "p1", "x1 1p",
    "d2 8s", "x2 8s", "d3 4s", "x3 4s", "d0 6s", "x0 6s", "d1 3s", "h1", "b 6m",
]  # fmt: skip
E4_HANDS = [
    "11m 44m 66s 99s 33p 77p 5p 9m",
    "222555888m 2s 5s 8s 6m",
    "666m 77m 2s 3s 11s 88p 5p 9p",
    "123m 456s 789p 22p 34p",
]
E5_HANDS = ["111222333444p 9m 8m", "6666m 234s 567p 22m 4m", "111555999s 888p 7m", "777666888s 8m 9m 11m"]
E7_HANDS = [
    "99p 22p 111s 999s 666m",
    "234m 678s 345p 88p 4s 6s",
    "9p 2s 111p 444p 777p 666p",
    "111m 789m 345s 22p 55s",
]
E8_HANDS = [
    "111222333m 444p 5p 6p",
    "7777m 333s 2m 8m 1p 4p 6p 9s",
    "111555999s 3m 6m 9m 7s",
    "222555888p 9m 1s 2s 3s",
]


def _e7_events() -> list[str]:
    return [
        "x2 9p",
        "p0",
        "x0 1s",
        *tsumogiri([1, 2, 3, 0], pool(E7_HANDS, ["5s"])),
        "hd3 -",
        "hd0 + 5s",
        "h1",
        "h3",
        "b 5s",
    ]


def _build() -> dict[str, dict[str, Any]]:
    return {
        "e1": record(E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"]),
        "e3": record(E3_HANDS, E3_EVENTS),
        "e4": record(E4_HANDS, ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h3", "h0", "b 3m"]),
        "e5": record(E5_HANDS, ["x0 9m", "d1 5m", "ga1 6m kai 3 5", "d1 9p", "d1 3m", "h1", "b 5s"]),
        "e7": record(E7_HANDS, _e7_events(), dealer=2),
        "e8": record(E8_HANDS, ["q1 sixi,liuliushun 7777m 333s", "b 4s"]),
    }


_CACHE: dict[str, dict[str, Any]] = {}


def changsha(
    name: str, players: list[str] | None = None, day: int = 1, source: str = "club-cs"
) -> dict[str, Any]:
    """A fresh copy of one example, ``hand_id`` ``cs-<name>``, players ``cs-a`` … ``cs-d``."""
    if not _CACHE:
        _CACHE.update(_build())
    rec = copy.deepcopy(_CACHE[name])
    rec["hand_id"] = f"cs-{name}"
    rec["source"] = source
    rec["played_at"] = f"2026-12-{day:02d}T20:00:00+08:00"
    names = players or ["cs-a", "cs-b", "cs-c", "cs-d"]
    rec["seats"] = [{"player_id": p, "name": p.upper()} for p in names]
    return rec


NAMES = ("e1", "e4", "e5", "e7", "e8")
