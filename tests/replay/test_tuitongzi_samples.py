"""sample_logs/ for 推筒子: every hand-written round gets the verdict its README table promises,
every reason code has a disputed sample, and the simulated sittings audit ok."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from replay.games.tuitongzi.mistakes import TYPES
from replay.games.tuitongzi.reasons import CATALOGUE
from replay.inputs import iter_records
from schemas.audit import audit_records

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_logs"
FOLDER = SAMPLES / "handwritten" / "tuitongzi"
COLUMNS = ("file", "round_id", "status", "code", "deltas", "mistakes")


def promised() -> list[dict[str, str]]:
    rows = []
    for line in (FOLDER / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if len(cells) == len(COLUMNS) and cells[0].endswith("json"):
            rows.append(dict(zip(COLUMNS, cells, strict=True)))
    return rows


@cache
def audits() -> dict[str, dict[str, Any]]:
    return {a["round_id"]: a for a in audit_records(iter_records([str(FOLDER)]))}


def test_every_file_is_in_the_table() -> None:
    assert {r["file"] for r in promised()} == {p.name for p in FOLDER.glob("*.*json")}
    assert len(promised()) == len(audits())


@pytest.mark.parametrize("row", promised(), ids=lambda r: r["round_id"])
def test_verdicts(row: dict[str, str]) -> None:
    a = audits()[row["round_id"]]
    assert a["game"] == "tuitongzi"
    assert a["status"] == row["status"], a
    if row["status"] == "illegal":
        code, _, field = row["code"].partition(" @ ")
        assert (a["first_illegal"]["code"], a["first_illegal"]["field"]) == (code, field)
        assert a["first_illegal"]["rule"] == CATALOGUE[code][0]
    elif row["status"] == "mismatch":
        assert [d["field"] for d in a["differences"]] == row["code"].split(", ")
    if row["deltas"]:
        assert a["computed"]["deltas"] == [int(x) for x in row["deltas"].split()]
    got = [f"{m['type']}:{m['seat']}:{m['cost']}" for m in a["mistakes"]]
    assert got == row["mistakes"].split()


def test_every_reason_code_and_mistake_has_a_sample() -> None:
    illegal = {r["code"].partition(" @ ")[0] for r in promised() if r["status"] == "illegal"}
    assert illegal == set(CATALOGUE)
    shown = " ".join(r["mistakes"] for r in promised())
    assert all(f"{kind}:" in shown for kind in TYPES)


def test_simulated_sittings() -> None:
    """≥ 500 rounds over both presets, several players and sittings, every one ok (the pool, the
    bank and the shoe checked across each sitting)."""
    records = [
        json.loads(line)
        for p in sorted((SAMPLES / "simulated").glob("tuitongzi-*.ndjson"))
        for line in p.open(encoding="utf-8")
    ]
    assert len(records) >= 500
    assert {r["ruleset"]["preset"] for r in records} == {"tuitongzi", "tuitongzi-table"}
    assert len({s["player_id"] for r in records for s in r["seats"]}) >= 8
    assert len({r["session"]["id"] for r in records}) >= 40
    audited = audit_records((r, None) for r in records)
    assert Counter(a["status"] for a in audited) == {"ok": len(records)}
    assert {m["type"] for a in audited for m in a["mistakes"]} == set(TYPES)
