"""Whole 二人麻将 records for the store, API and page tests: erren.md §8's worked examples (and
a few more hands) as ``tests/erren_builders`` plays them out (the same hands and events as
``tests/replay/test_erren_board.py``), each with its own hand id, two players and a time.

What each one shows, worked out by hand in the rules (§5–§8), is what the tests expect of it:

- ``e1``: seat 1 (peng 中, flower 夏 2h) wins on seat 0's 3s: 清龙 16 + 混一色 6 + 箭刻 2 +
  边张 1 + 花牌 1, T 26, Q 25: deltas [-26, +26];
- ``e2``: E2's seat 1 (chi 123s, peng 999s, flowers 春 梅) could complete on seat 0's 2s with
  Q 7 < 起胡 8 (one 起胡 miss, ER-3.4), then wins on 5s: T 10, Q 8: [-10, +10];
- ``e4``: seat 0 wins on seat 1's 9s: T 56 (一色三节高, 三暗刻 …): [+56, -56];
- ``e7``: seat 1 self-draws on its second an-gang's replacement: 三杠 32, 杠上开花 8 …
  T 52: [-52, +52];
- ``e8``: seat 0's 九莲宝灯 self-drawn after a 补花 (兰 6h): T 93, Q 92: [+93, -93];
- ``tt``: the dealer (seat 0) declares 天听 with its first discard and wins on seat 1's N;
- ``hz``: 荒庄: the wall's last tile is a flower (菊 8h) with nothing to replace it (ER-2.3);
  seat 0 (not the dealer) set seven flowers aside, seat 1 one: deltas [0, 0].

Seat 0 is ``er-a`` and seat 1 ``er-b`` in every hand (the habits tests count on it).
"""

from __future__ import annotations

import copy
from typing import Any

from tests.erren_builders import pool, record, tiles

E1_HANDS = ["3s C NNN WWW SSS 99s 8s", "CC 12s 456s 789s EE 2h"]
E1 = ["f1 2h", "d1 P", "x0 C", "p1", "x1 P", "d0 6s", "x0 3s", "h1"]
E2_HANDS = ["1s 9s 5s WWW SSS CCC FF", "23s 99s 678s 34s EE 15h"]
E2 = ["f1 1h", "d1 N", "f1 5h", "d1 P", "x0 1s", "c1 2s 3s", "x1 N", "d0 F", "x0 9s", "p1", "x1 P"]
E2_MISS = ["d0 2s", "x0 2s", "d1 W", "x1 W", "d0 6s", "x0 5s", "h1"]
E4_HANDS = ["111s 222s 333s 99s EE N", "456s 78s WWW SSS CC"]
E7_HANDS = ["9s 123s 234s SSS WWW N", "CCCC 999s EEE 45s 7s"]
E7 = ["x0 9s", "gm1 9s", "d1 7s", "ga1 C", "d1 P", "x1 P", "d0 F", "x0 F", "d1 E", "ga1 E", "d1 6s", "h1"]
E8_HANDS = ["1112345678999s N", "EEE SSS CCC FFF P"]
E8 = ["x0 N", "d1 W", "x1 W", "d0 6h", "f0 6h", "d0 5s", "h0"]
TT_HANDS = ["234s 567s 789s NN 44s F", "111s 999s EEE SSS C"]


def _hz() -> dict[str, Any]:
    """ER-2.3's 荒庄: dealer 1; seat 0 is dealt seven flowers, the last wall tile is 8h."""
    s1, s0 = "234s 567s 789s NN 44s F", "N 4s 111s 9s 1234567h"
    rest = pool([s1, s0])
    back, front = rest[:7], rest[7:]
    events = [e for f, t in zip(tiles("1234567h"), back, strict=True) for e in (f"f0 {f}", f"d0 {t}")]
    events.append("x1 F")
    for i, t in enumerate(front):
        events += [f"d{i % 2} {t}", f"x{i % 2} {t}"]
    events += ["d1 8h", "f1 8h", "hz"]
    return record([s0, s1], events, dealer=1)


_CACHE: dict[str, dict[str, Any]] = {
    "e1": record(E1_HANDS, E1),
    "e2": record(E2_HANDS, [*E2, *E2_MISS]),
    "e4": record(E4_HANDS, ["x0 N", "d1 9s", "x1 9s", "h0"]),
    "e7": record(E7_HANDS, E7),
    "e8": record(E8_HANDS, E8),
    "tt": record(TT_HANDS, ["t0", "x0 F", "d1 N", "x1 N", "h0"]),
    "hz": _hz(),
}
#: the hands the store and habits tests ingest together
NAMES = ("e1", "e2", "e4", "e7", "e8", "tt", "hz")


def erren(
    name: str, players: list[str] | None = None, day: int = 1, source: str = "club-er"
) -> dict[str, Any]:
    """A fresh copy of one hand, ``hand_id`` ``er-<name>``, players ``er-a`` and ``er-b``."""
    rec = copy.deepcopy(_CACHE[name])
    rec["hand_id"] = f"er-{name}"
    rec["source"] = source
    rec["played_at"] = f"2026-12-{day:02d}T20:00:00+08:00"
    names = players or ["er-a", "er-b"]
    rec["seats"] = [{"player_id": p, "name": p.upper()} for p in names]
    return rec
