"""Whole Changchun records for the store, API and page tests: changchun.md §8's worked examples as
``tests/changchun_builders`` plays them out (the same hands and events as
``tests/replay/test_changchun_board.py``), each with its own hand id, players and time, and one
hand with a 泄宝.

What each one shows, worked out by hand in the rules (§8), is what the tests expect of it:

- ``e1``: 平胡 by seat 2 on seat 3's 5m (dealer 0): deltas [-2, -1, 5, -2];
- ``e3``: seat 1 declares 报听 after its first discard (event 3), rolls the 宝 3s at event 10 (die
  4), three 3s make it dead, rolls 8p at event 19 and wins 摸宝 on 8p: [-32, 64, -16, -16];
- ``e4``: the dealer 报听 (event 1) and wins 对宝 on W right after its roll (event 9): [192, -64, -64, -64];
- ``e5``: 荒庄 with gang money only: seat 2's 旋风杠 and 补 E, seat 3's an-gang 5m, seat 0's
  ming-gang 7p, seat 1's 暗大蛋 C: [-5, 7, -1, -1];
- ``e6``: seat 3 抢碰s seat 1's 补杠 N; seat 2 wins 飘胡 on seat 1's 8m; seat 1's 旋风杠 is paid:
  win [-8, -8, 20, -4], gang [-1, 3, -1, -1];
- ``e7``: seats 1 and 0 both rob seat 3's xu-gang 5p; seat 0, nearer, wins (截胡 of seat 1):
  [20, -4, -8, -8] (dealer 2);
- ``e8``: ``changchun-135``, seat 3 self-draws with an an-gang 2m: [-7, -12, -7, 26] (dealer 1);
- ``leak``: E4's dealer looks at the 宝 W and does not take 对宝, leaks it (泄宝, event 9), rolls
  a new one (C) and the hand ends 荒庄 with no gang: all deltas 0.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.changchun_builders import pool, record, tsumogiri
from tests.replay.test_changchun_board import (
    E1,
    E1_HANDS,
    E3,
    E3_HANDS,
    E4,
    E4_HANDS,
    E6,
    E6_HANDS,
    E7,
    E7_HANDS,
    E8,
    E8_HANDS,
    e5_record,
)

PLAYERS = ("cc-a", "cc-b", "cc-c", "cc-d")


def _leak() -> dict[str, Any]:
    head = [*E4[:-1], "l0", "b0 2 C"]
    draws = pool(E4_HANDS, ["1p", "5p", "7p", "W", "C"])
    return record(E4_HANDS, [*head, *tsumogiri([0, 1, 2, 3], draws[:66]), "hz"])


_BUILT: dict[str, Any] = {
    "e1": lambda: record(E1_HANDS, E1),
    "e3": lambda: record(E3_HANDS, E3),
    "e4": lambda: record(E4_HANDS, E4),
    "e5": e5_record,
    "e6": lambda: record(E6_HANDS, E6),
    "e7": lambda: record(E7_HANDS, E7, dealer=2),
    "e8": lambda: record(E8_HANDS, E8, dealer=1, preset="changchun-135"),
    "leak": _leak,
}
NAMES = tuple(_BUILT)
_CACHE: dict[str, dict[str, Any]] = {}


def changchun(name: str, day: int = 1) -> dict[str, Any]:
    """A fresh copy of one record: hand id ``cc-<name>``, players cc-a … cc-d, played on day
    ``day`` of December 2026 (Beijing time)."""
    if name not in _CACHE:
        _CACHE[name] = _BUILT[name]()
    rec = copy.deepcopy(_CACHE[name])
    rec["hand_id"] = f"cc-{name}"
    rec["source"] = "club-cc"
    rec["seats"] = [{"player_id": p} for p in PLAYERS]
    rec["played_at"] = f"2026-12-{day:02d}T20:00:00+08:00"
    return rec
