"""Random legal hands (tests/sichuan_selfplay.py) through the whole engine: what ``legal_actions``
offers ``push`` accepts, money is conserved, and the audit agrees with the board's own result."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from replay.games.sichuan.audit import audit_validated
from replay.games.sichuan.selfplay import random_hand

CASES: list[tuple[int, str, dict[str, Any], list[int] | None]] = [
    (1, "xuezhan", {}, None),
    (2, "xueliu", {}, None),
    (3, "xuezhan", {"pass_hu": "free", "cap": {"fan": 2}}, None),
    (4, "xueliu", {"pass_hu": "higher_ok", "zimo_bonus": "fan", "hujiao_zhuanyi": "all"}, None),
    (5, "xuezhan", {"bankruptcy": True}, [3, 2, 4, 1]),
    (6, "xueliu", {"bankruptcy": True, "base": 2}, [5, 3, 8, 2]),
    (7, "xuezhan", {"dingque": False, "gang_min_wall": 1, "forced_hu_last": 0}, None),
    (8, "xueliu", {"que_first": False, "diangang_hua": "dianpao", "draw_dealer": "next"}, None),
]


@pytest.mark.parametrize(("seed", "preset", "overrides", "stacks"), CASES)
def test_random_legal_hands_settle_and_audit_ok(
    seed: int, preset: str, overrides: dict[str, Any], stacks: list[int] | None
) -> None:
    """SC-3.9 (every hand ends), §7 (no seat pays more than it has), §10 (the audit agrees)."""
    rec = random_hand(seed, preset, overrides, stacks=stacks)
    res = rec["result"]
    assert sum(res["deltas"]) == 0
    assert (
        sum(t["amount"] for t in res["transfers"] if t["to"] == 0)
        - sum(t["amount"] for t in res["transfers"] if t["from"] == 0)
        == res["deltas"][0]
    )
    if stacks is not None:
        assert all(s + d >= 0 for s, d in zip(stacks, res["deltas"], strict=True))
    a = audit_validated(copy.deepcopy(rec))
    assert (a["status"], a["differences"]) == ("ok", [])
    bad = copy.deepcopy(rec)
    bad["result"]["deltas"] = [
        d + (1 if i == 0 else -1 if i == 1 else 0) for i, d in enumerate(res["deltas"])
    ]
    assert audit_validated(bad)["status"] == "mismatch"
