"""sample_logs/ for Changsha: every hand-written record gets the verdict the README promises, every
Changsha reason code and mistake has a sample, and the simulated sittings audit ok."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import pytest

from replay.games.changsha.mistakes import DETECTORS
from replay.games.changsha.mistakes.base import _load
from replay.games.changsha.reasons import CATALOGUE
from schemas.audit import audit_records
from tests import sample_tables
from tests.sample_tables import SAMPLES, check_verdict, simulated

FOLDER = SAMPLES / "handwritten" / "changsha"
#: Codes the schema reports before the replayer can (the record is invalid, naming the field).
SCHEMA_FIRST = {"draw_tile_missing": ("disputed_draw_tile_missing.json", "events[1].tile")}
#: A guard no record can reach (CS-3.10: the board never lets a seat hold a tile too many).
GUARD_ONLY = {"wrong_hand_size"}


def promised() -> list[dict[str, str]]:
    return sample_tables.promised("The verdict each hand-written Changsha record must get")


@cache
def audits() -> dict[str, dict[str, Any]]:
    return sample_tables.folder_audits(FOLDER)


def test_every_changsha_file_is_in_the_table() -> None:
    assert {r["file"] for r in promised()} == {p.name for p in FOLDER.glob("*.json")}
    assert len(promised()) == len(audits())


@pytest.mark.parametrize("row", promised(), ids=lambda r: r["hand_id"])
def test_changsha_verdicts(row: dict[str, str]) -> None:
    check_verdict(audits()[row["hand_id"]], row, "changsha", CATALOGUE)


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
    assert "haidi_declined_win@111:3:80" in by_file["mistake_m3_haidi_declined_win.json"]  # E7: 140 − 60
    assert "costly_kong@5:3:240" in by_file["mistake_m5_costly_kong.json"]


def test_simulated_changsha_sittings() -> None:
    """≥ 200 hands over both presets, several players and sittings, every one ok (CS-1.3 across
    each sitting included), with opening hands, both kong modes and the 海底 among them."""
    records = simulated("changsha")
    assert len(records) >= 200
    assert {r["ruleset"]["preset"] for r in records} == {"changsha", "changsha-app"}
    assert len({s["player_id"] for r in records for s in r["seats"]}) >= 8
    assert len({r["session"]["id"] for r in records}) >= 10
    assert all(r["format"] == "changsha-hand/1" for r in records)
    kinds = Counter(e["type"] + e.get("mode", "") for r in records for e in r["events"])
    assert kinds["qishou"] and kinds["gangbu"] and kinds["gangkai"] and kinds["haidi"]
    statuses = Counter(a["status"] for a in audit_records((r, None) for r in records))
    assert statuses == {"ok": len(records)}
