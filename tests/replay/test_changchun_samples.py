"""sample_logs/ for Changchun: every hand-written record gets the verdict the README promises, every
Changchun reason code and mistake has a sample, and the simulated sittings audit ok."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import pytest

from replay.games.changchun.mistakes import DETECTORS
from replay.games.changchun.mistakes.base import _load
from replay.games.changchun.reasons import CATALOGUE
from schemas.audit import audit_records
from tests import sample_tables
from tests.sample_tables import SAMPLES, check_verdict, simulated

FOLDER = SAMPLES / "handwritten" / "changchun"
#: Codes the schema reports before the replayer can (the record is invalid, naming the field).
SCHEMA_FIRST = {"draw_tile_missing": ("disputed_draw_tile_missing.json", "events[3].tile")}
#: A guard no record can reach (CC-2.6: the board never lets a seat hold a tile too many).
GUARD_ONLY = {"wrong_hand_size"}


def promised() -> list[dict[str, str]]:
    return sample_tables.promised("The verdict each hand-written Changchun record must get")


@cache
def audits() -> dict[str, dict[str, Any]]:
    return sample_tables.folder_audits(FOLDER)


def test_every_changchun_file_is_in_the_table() -> None:
    assert {r["file"] for r in promised()} == {p.name for p in FOLDER.glob("*.json")}
    assert len(promised()) == len(audits())


@pytest.mark.parametrize("row", promised(), ids=lambda r: r["hand_id"])
def test_changchun_verdicts(row: dict[str, str]) -> None:
    check_verdict(audits()[row["hand_id"]], row, "changchun", CATALOGUE)


def test_every_reason_code_has_a_sample() -> None:
    illegal = {r["code"].partition(" @ ")[0] for r in promised() if r["status"] == "illegal"}
    for code, (file, field) in SCHEMA_FIRST.items():
        row = next(r for r in promised() if r["file"] == file)
        assert (row["status"], row["code"]) == ("invalid", field), code
    assert illegal | set(SCHEMA_FIRST) | GUARD_ONLY == set(CATALOGUE)
    assert not illegal & (set(SCHEMA_FIRST) | GUARD_ONLY)


def test_every_mistake_has_a_sample() -> None:
    """Each type in the hand named after it, with §10's worked cost where the tests give one."""
    _load()
    by_file = {r["file"]: r["mistakes"].split() for r in promised()}
    for kind in DETECTORS:
        hits = [
            f
            for f, ms in by_file.items()
            if f.startswith("mistake_") and any(m.startswith(f"{kind}@") for m in ms)
        ]
        assert hits, kind
    assert "robbed_gang@11:3:11" in by_file["mistake_m1_robbed_gang.json"]  # E7: 3 gang + 8 paid
    assert "broke_menqing@3:2:5" in by_file["mistake_m2_broke_menqing.json"]  # 10 − 5
    assert "dealin_unready@5:3:1" in by_file["mistake_m3_dealin_unready.json"]  # 2 − 1
    assert "missed_win@16:2:64" in by_file["mistake_m4_missed_win.json"]  # 摸宝 16 + 16 + 32
    assert "bao_leak@15:2:32" in by_file["mistake_m5_bao_leak.json"]  # 16 + 8 + 8


def test_simulated_changchun_sittings() -> None:
    """≥ 200 hands over the three presets, several players and sittings, every one ok (CC-1.3
    across each sitting included), with opening sets, 报听, 宝 rolls and 宝 wins among them."""
    records = simulated("changchun")
    assert len(records) >= 200
    assert {r["ruleset"]["preset"] for r in records} == {"changchun", "changchun-135", "changchun-250"}
    assert len({s["player_id"] for r in records for s in r["seats"]}) >= 8
    assert len({r["session"]["id"] for r in records}) >= 10
    assert all(r["format"] == "changchun-hand/1" for r in records)
    kinds = Counter(e["type"] + e.get("kind", "") for r in records for e in r["events"])
    assert kinds["gangxuanfeng"] + kinds["gangxi"] + kinds["gangyaodan"] + kinds["gangjiudan"]
    assert kinds["gangbu"] and kinds["ting"] and kinds["bao"] and kinds["kanbao"]
    ways = Counter(r["result"]["way"] for r in records)
    assert ways["duibao"] + ways["mobao"] and ways["dianpao"] and ways[None]
    statuses = Counter(a["status"] for a in audit_records((r, None) for r in records))
    assert statuses == {"ok": len(records)}
