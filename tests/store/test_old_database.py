"""A database written before the layout move (issue #12) opens and reads after it.

``tests/data/store/before-layout-move.duckdb.gz`` was written by the code of commit 40bcdac (the
store still under ``schemas/``, the CLI in ``api/commands.py``): ``replay ingest`` of
``sample_logs/handwritten/pihu.json`` (two hands) and ``disputed_dealer_not_rotated.json`` (one
hand), then ``replay token create --scope read --label fixture``. The move must not change the
stored data or what is read from it: the hands, their audits, the token, and ingest's verdict on
the same files (duplicates: the canonical JSON and its digest are unchanged).
"""

from __future__ import annotations

import gzip
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from replay.inputs import iter_records, read_paths
from schemas.audit import audit_records
from store.db import Store
from store.ingest import ingest, summarise
from store.queries import HandFilter, get_hand, list_hands
from store.reaudit import reaudit
from store.tokens import verify_token

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "data" / "store" / "before-layout-move.duckdb.gz"
FILES = [ROOT / "sample_logs" / "handwritten" / n for n in ("pihu.json", "disputed_dealer_not_rotated.json")]
SECRET = "wr_210VyzL74UzMUVutF_PoCodXcOfLCCJOjW1xeB4R1uU"  # the fixture's read token, nothing else


@pytest.fixture
def old_store(tmp_path: Path) -> Iterator[Store]:
    db = tmp_path / "old.duckdb"
    with gzip.open(FIXTURE, "rb") as src, db.open("wb") as dst:
        shutil.copyfileobj(src, dst)
    with Store(db) as store:
        yield store


def test_the_old_hands_read_back_with_the_audits_they_were_stored_with(old_store: Store) -> None:
    expected = {(a["source"], a["hand_id"]): a for a in audit_records(iter_records([str(f) for f in FILES]))}
    with old_store.read() as cur:
        rows, total = list_hands(cur, HandFilter(), 10, 0)
        assert total == 3
        assert {(r["source"], r["hand_id"]) for r in rows} == set(expected)
        for (source, hand_id), audit in expected.items():
            stored = get_hand(cur, source, hand_id)
            assert stored is not None
            assert stored.audit["status"] == audit["status"]
            assert stored.audit["computed"] == audit["computed"]
    assert sorted(a["status"] for a in expected.values()) == ["illegal", "ok", "ok"]


def test_the_same_records_again_are_duplicates_and_reaudit_changes_nothing(old_store: Store) -> None:
    items = [item for file in read_paths([str(f) for f in FILES]) for item in file]
    outcomes, _ = summarise(ingest(old_store, items))
    assert outcomes == {"duplicate": 3}
    report = reaudit(old_store)
    assert report.audited == 3
    assert report.changed == []


def test_the_old_token_still_verifies(old_store: Store) -> None:
    token = verify_token(old_store, SECRET)
    assert token is not None and token.scope == "read" and token.label == "fixture"
    assert verify_token(old_store, SECRET[:-1] + ("A" if SECRET[-1] != "A" else "B")) is None


def test_the_old_day_counts_gain_an_error_column_of_zeros(old_store: Store) -> None:
    """Migration 6 (issue #27): no hand stored before it can have failed the engine, so every
    existing day's ``error`` count is 0 and the verdict counts still add up to the hands."""
    with old_store.read() as cur:
        rows = cur.execute("SELECT hands, ok, mismatch, illegal, invalid, error FROM hand_days").fetchall()
    assert rows and all(error == 0 for *_, error in rows)
    assert sum(r[0] for r in rows) == 3 == sum(sum(r[1:]) for r in rows)
