"""sample_logs/ gets the verdicts its README promises; the simulated corpus is as described."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from replay.games.wuhan.ruleset import HAND_TYPES
from replay.inputs import iter_records
from schemas.audit import audit_records

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_logs"


def promised() -> list[dict[str, str]]:
    rows = []
    for line in (SAMPLES / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if len(cells) == 8 and cells[0].endswith(".json"):
            keys = ("file", "hand_id", "status", "code", "winner", "hands", "deltas", "liable")
            rows.append(dict(zip(keys, cells, strict=True)))
    return rows


@cache
def audits() -> dict[str, dict[str, Any]]:
    return {a["hand_id"]: a for a in audit_records(iter_records([str(SAMPLES / "handwritten")]))}


def test_every_hand_written_file_is_in_the_table() -> None:
    listed = {r["file"] for r in promised()}
    on_disk = {p.name for p in (SAMPLES / "handwritten").glob("*.json")}
    assert listed == on_disk


@pytest.mark.parametrize("row", promised(), ids=lambda r: r["hand_id"])
def test_hand_written_verdicts(row: dict[str, str]) -> None:
    a = audits()[row["hand_id"]]
    assert a["status"] == row["status"], a
    if row["status"] == "illegal":
        code, _, at = row["code"].partition(" @ ")
        assert a["first_illegal"]["code"] == code
        assert a["first_illegal"]["index"] == (None if at == "session" else int(at))
        return
    if row["status"] == "mismatch":
        assert [d["field"] for d in a["differences"]] == row["code"].split(", ")
    c = a["computed"]
    assert c["winner"] == (None if row["winner"] == "draw" else int(row["winner"]))
    assert c["hands"] == row["hands"].split()
    assert c["deltas"] == [int(x) for x in row["deltas"].split()]
    assert c["liable"] == (int(row["liable"]) if row["liable"] else None)


def test_the_disputes_the_issue_asks_for_are_there() -> None:
    statuses = Counter(r["status"] for r in promised())
    assert statuses["illegal"] >= 5 and statuses["mismatch"] >= 3
    hands = {h for r in promised() if r["status"] == "ok" for h in r["hands"].split()}
    assert hands == set(HAND_TYPES)


def test_simulated_corpus_audits_ok_with_several_presets_and_players() -> None:
    records = [
        json.loads(line) for p in sorted((SAMPLES / "simulated").glob("*.ndjson")) for line in p.open()
    ]
    assert len(records) >= 300
    assert len({r["ruleset"]["preset"] for r in records}) >= 2
    assert len({s["player_id"] for r in records for s in r["seats"]}) >= 8
    assert len({r["session"]["id"] for r in records}) >= 5
    statuses = Counter(a["status"] for a in audit_records((r, None) for r in records))
    assert statuses == {"ok": len(records)}
