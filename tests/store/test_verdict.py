"""One walk over an audit for the store's rows and the batch audit's Parquet rows (issue #12).

The two layouts add columns of their own, but the columns they share come from
``store.verdict``; these tests hold both to it on real audits and on malformed findings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from replay.inputs import iter_records
from schemas.audit import audit_record
from store.parquet import PartRows
from store.rows import Rows, _add_verdict
from store.verdict import mistake_rows, settlement_rows, text, verdict_columns

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_logs" / "handwritten"


def _records() -> list[tuple[object, str]]:
    return list(iter_records([str(SAMPLES)]))


def _shared(rows: dict[str, list[Any]], names: set[str]) -> list[dict[str, Any]]:
    n = len(next(iter(rows.values())))
    return [{k: rows[k][i] for k in sorted(names)} for i in range(n)]


@pytest.mark.parametrize("obj, location", _records()[:8], ids=lambda v: str(v)[-30:])
def test_store_rows_and_parquet_rows_agree_on_the_shared_columns(obj: object, location: str) -> None:
    audit = audit_record(obj, location)
    assert audit["status"] in ("ok", "illegal", "mismatch")
    stored = Rows()
    _add_verdict(stored, 0, (audit["source"], audit["hand_id"]), audit, now=None)  # type: ignore[arg-type]
    part = PartRows(0, "test")
    part.add(audit, obj, b"{}")
    (cols,) = part.by_key.values()
    for table in ("audits", "settlements", "mistakes"):
        mine, theirs = stored.columns[table], cols.columns[table]
        names = (set(mine) & set(theirs)) - {"_entry", "engine_version"}
        assert _shared(mine, names) == _shared(theirs, names), table
    # and what they share is what the audit says
    computed = audit["computed"]
    deltas = stored.columns["settlements"]["delta"]
    assert deltas == (computed["deltas"] if computed else [])
    assert stored.columns["mistakes"]["type"] == [m["type"] for m in audit["mistakes"]]
    public = {k: v for k, v in audit.items() if not k.startswith("_")}
    assert json.loads(stored.columns["audits"]["audit"][0]) == public


def test_a_verdict_row_leaves_out_the_private_keys() -> None:
    audit = {
        "status": "illegal",
        "first_illegal": {"index": 7, "code": "not_your_turn", "rule": "R-5.1"},
        "errors": [],
        "differences": [],
        "_session": ("s", "x", 1, 0, True),
        "_facts": [{}],
    }
    row = verdict_columns(audit)
    assert (row["status"], row["first_illegal_index"], row["first_illegal_code"]) == (
        "illegal",
        7,
        "not_your_turn",
    )
    assert json.loads(row["audit"]) == {k: v for k, v in audit.items() if not k.startswith("_")}
    assert list(settlement_rows(audit)) == []


def test_malformed_findings_keep_only_what_fits_the_columns() -> None:
    audit = {
        "mistakes": [
            "not a finding",
            {
                "type": "dealt_in",
                "seat": True,
                "index": -1,
                "severity": "high",
                "cost": False,
                "message": "\ud800",
            },
            {"type": "missed_win", "seat": 2, "index": 40, "severity": "low", "cost": 12, "message": "漏胡"},
        ]
    }
    first, second = mistake_rows(audit)
    assert (first["seat"], first["idx"], first["cost"]) == (None, None, None)  # a bool is not a seat
    assert first["message"] == "\\ud800" and text("\ud800") == "\\ud800"  # storable text
    assert (second["seat"], second["idx"], second["cost"], second["message"]) == (2, 40, 12.0, "漏胡")
    assert json.loads(second["detail"])["type"] == "missed_win"
