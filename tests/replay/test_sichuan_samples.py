"""sample_logs/ for Sichuan: every hand-written record gets the verdict the README promises, every
Sichuan reason code and mistake has a sample, and the simulated sittings audit ok."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

import pytest

from replay.games.sichuan.mistakes import DETECTORS
from replay.games.sichuan.mistakes.base import _load
from replay.games.sichuan.reasons import CATALOGUE
from replay.games.wuhan.evaluate import evaluate
from schemas.audit import audit_records
from tests import sample_tables
from tests.sample_tables import SAMPLES, check_verdict, simulated

FOLDER = SAMPLES / "handwritten" / "sichuan"
#: Codes the schema reports before the replayer can (the record is invalid, naming the field).
SCHEMA_FIRST = {
    "no_chi": ("disputed_no_chi.json", "events[2].type"),
    "draw_tile_missing": ("disputed_draw_tile_missing.json", "events[2].tile"),
}
#: Codes only ``replay evaluate`` gives (a described table, not a replayed hand).
EVALUATE_ONLY = {"wrong_hand_size", "too_many_copies"}


def promised() -> list[dict[str, str]]:
    return sample_tables.promised("The verdict each hand-written Sichuan record must get")


@cache
def audits() -> dict[str, dict[str, Any]]:
    return sample_tables.folder_audits(FOLDER)


def test_every_sichuan_file_is_in_the_table() -> None:
    assert {r["file"] for r in promised()} == {p.name for p in FOLDER.glob("*.json")}
    assert len(promised()) == len(audits())


@pytest.mark.parametrize("row", promised(), ids=lambda r: r["hand_id"])
def test_sichuan_verdicts(row: dict[str, str]) -> None:
    check_verdict(audits()[row["hand_id"]], row, "sichuan", CATALOGUE)


def test_every_reason_code_has_a_sample() -> None:
    """Each code of the Sichuan catalogue is shown: an illegal record stopping on it, a record the
    schema refuses first, or an evaluation."""
    illegal = {r["code"].partition(" @ ")[0] for r in promised() if r["status"] == "illegal"}
    for code, (file, field) in SCHEMA_FIRST.items():
        row = next(r for r in promised() if r["file"] == file)
        assert (row["status"], row["code"]) == ("invalid", field), code
    answers = [evaluate(json.loads(line)) for line in (SAMPLES / "evaluate" / "sichuan.ndjson").open()]
    evaluated = {a["reason"]["code"] for a in answers if a["reason"]}
    assert evaluated == EVALUATE_ONLY
    assert illegal | set(SCHEMA_FIRST) | evaluated == set(CATALOGUE)
    assert not illegal & (set(SCHEMA_FIRST) | EVALUATE_ONLY)


def test_every_mistake_has_a_sample() -> None:
    _load()
    for kind in DETECTORS:
        hits = [r for r in promised() if r["file"].startswith("mistake_") and f"{kind}@" in r["mistakes"]]
        assert hits, kind


def test_simulated_sichuan_sittings() -> None:
    """≥ 200 hands over both presets, several players and sittings, each with its 换三张 and 定缺
    where the table has them, every one ok (SC-1.3 across each sitting included)."""
    records = simulated("sichuan")
    assert len(records) >= 200
    assert {r["ruleset"]["preset"] for r in records} == {"xuezhan", "xueliu"}
    assert len({s["player_id"] for r in records for s in r["seats"]}) >= 8
    assert len({r["session"]["id"] for r in records}) >= 10
    assert all(r["format"] == "sichuan-hand/1" for r in records)
    assert all([e["type"] for e in r["events"][:2]] == ["swap", "dingque"] for r in records)
    assert any(r.get("stacks") for r in records)
    statuses = Counter(a["status"] for a in audit_records((r, None) for r in records))
    assert statuses == {"ok": len(records)}
