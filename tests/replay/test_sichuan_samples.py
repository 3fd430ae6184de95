"""sample_logs/ for Sichuan: every hand-written record gets the verdict the README promises, every
Sichuan reason code and mistake has a sample, and the simulated sittings audit ok."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from replay.games.sichuan.mistakes import DETECTORS
from replay.games.sichuan.mistakes.base import _load
from replay.games.sichuan.reasons import CATALOGUE
from replay.games.wuhan.evaluate import evaluate
from replay.inputs import iter_records
from schemas.audit import audit_records

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_logs"
FOLDER = SAMPLES / "handwritten" / "sichuan"
#: Codes the schema reports before the replayer can (the record is invalid, naming the field).
SCHEMA_FIRST = {
    "no_chi": ("disputed_no_chi.json", "events[2].type"),
    "draw_tile_missing": ("disputed_draw_tile_missing.json", "events[2].tile"),
}
#: Codes only ``replay evaluate`` gives (a described table, not a replayed hand).
EVALUATE_ONLY = {"wrong_hand_size", "too_many_copies"}


def promised() -> list[dict[str, str]]:
    text = (SAMPLES / "README.md").read_text(encoding="utf-8")
    section = text.split("## The verdict each hand-written Sichuan record must get", 1)[1]
    section = section.split("\n## ", 1)[0]  # its own table, not the next game's
    rows = []
    for line in section.splitlines():
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[0].endswith(".json"):
            rows.append(
                dict(zip(("file", "hand_id", "status", "code", "deltas", "mistakes"), cells, strict=True))
            )
    return rows


@cache
def audits() -> dict[str, dict[str, Any]]:
    return {a["hand_id"]: a for a in audit_records(iter_records([str(FOLDER)]))}


def test_every_sichuan_file_is_in_the_table() -> None:
    assert {r["file"] for r in promised()} == {p.name for p in FOLDER.glob("*.json")}
    assert len(promised()) == len(audits())


@pytest.mark.parametrize("row", promised(), ids=lambda r: r["hand_id"])
def test_sichuan_verdicts(row: dict[str, str]) -> None:
    a = audits()[row["hand_id"]]
    assert a["game"] == "sichuan" if a["status"] != "invalid" else True
    assert a["status"] == row["status"], a
    if row["status"] == "illegal":
        code, _, at = row["code"].partition(" @ ")
        assert a["first_illegal"]["code"] == code
        assert a["first_illegal"]["index"] == (None if at == "session" else int(at))
        assert a["first_illegal"]["rule"] == CATALOGUE[code][0]
        return
    if row["status"] == "invalid":
        assert row["code"] in [e["field"] for e in a["errors"]]
        return
    assert [d["field"] for d in a["differences"]] == (row["code"].split(", ") if row["code"] else [])
    assert a["computed"]["deltas"] == [int(x) for x in row["deltas"].split()]
    got = [f"{m['type']}@{m['index']}:{m['seat']}:{m['cost']}" for m in a["mistakes"]]
    assert got == row["mistakes"].split()


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
    records = [
        json.loads(line)
        for p in sorted((SAMPLES / "simulated").glob("sichuan-*.ndjson"))
        for line in p.open()
    ]
    assert len(records) >= 200
    assert {r["ruleset"]["preset"] for r in records} == {"xuezhan", "xueliu"}
    assert len({s["player_id"] for r in records for s in r["seats"]}) >= 8
    assert len({r["session"]["id"] for r in records}) >= 10
    assert all(r["format"] == "sichuan-hand/1" for r in records)
    assert all([e["type"] for e in r["events"][:2]] == ["swap", "dingque"] for r in records)
    assert any(r.get("stacks") for r in records)
    statuses = Counter(a["status"] for a in audit_records((r, None) for r in records))
    assert statuses == {"ok": len(records)}
