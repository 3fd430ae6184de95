"""One record never takes down the rest (issue #27, deliverable 4) in the store and the batch audit.

The engine is made to fail on purpose on the records whose ``hand_id`` is ``tests.faults.MARKED``
(the game's replayer raises). Such a record is stored all the same, with status ``error`` and an
``internal_error`` entry naming the exception; every other record is stored exactly as without
the fault; the counts add up; ``replay reaudit`` judges the failed record again, and once the
engine no longer fails it gets its real verdict.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import duckdb
import pytest
from click.testing import CliRunner

import tests.faults as faults
from cli.main import main
from replay.games import GAMES
from replay.games.wuhan.simulate import simulate
from replay.inputs import Item, decode_ndjson
from store.db import Store
from store.ingest import ingest, ingest_stream, summarise
from store.reaudit import reaudit
from tests.faults import BOOM, MARKED, install_audit_fault


def records() -> list[dict[str, Any]]:
    """Wuhan and Sichuan hands; one of each game marked for the fault."""
    wuhan = list(simulate(10, 11))
    sichuan = list(GAMES["sichuan"].simulate(6, 5, "xuezhan"))
    wuhan[3] = {**wuhan[3], "hand_id": MARKED}
    sichuan[4] = {**sichuan[4], "hand_id": MARKED, "source": "sichuan-club"}
    return wuhan[:6] + sichuan + wuhan[6:]


def items(recs: list[dict[str, Any]]) -> list[Item]:
    return decode_ndjson(b"\n".join(json.dumps(r, ensure_ascii=False).encode() for r in recs))


def stored(store: Store) -> dict[tuple[str, str], tuple[str, dict[str, Any]]]:
    """``(source, hand_id) -> (hands.status, the stored audit)`` of every hand."""
    with store.read() as cur:
        rows = cur.execute(
            "SELECT h.source, h.hand_id, h.status, a.audit FROM hands h JOIN audits a USING (source, hand_id)"
        ).fetchall()
    return {(s, h): (status, json.loads(audit)) for s, h, status, audit in rows}


def one(store: Store, sql: str) -> Any:
    with store.read() as cur:
        return cur.execute(sql).fetchall()[0][0]


def hand_days(store: Store) -> dict[str, int]:
    with store.read() as cur:
        row = cur.execute(
            "SELECT sum(hands), sum(ok), sum(mismatch), sum(illegal), sum(invalid), sum(error) FROM hand_days"
        ).fetchall()[0]
    return dict(zip(("hands", "ok", "mismatch", "illegal", "invalid", "error"), map(int, row), strict=True))


@pytest.fixture
def clean(tmp_path: Path) -> dict[tuple[str, str], tuple[str, dict[str, Any]]]:
    """The same records ingested without any fault: what every unmarked hand must equal."""
    with Store(tmp_path / "clean.duckdb") as s:
        ingest(s, items(records()))
        return stored(s)


def assert_isolated(
    store: Store, clean: dict[tuple[str, str], tuple[str, dict[str, Any]]], failed: int = 2
) -> None:
    got = stored(store)
    assert set(got) == set(clean)  # every record stored, none dropped
    errors = {key: audit for key, (status, audit) in got.items() if status == "error"}
    assert {h for _, h in errors} == {MARKED} and len(errors) == failed
    for key, (status, audit) in got.items():
        if key in errors:
            assert audit["status"] == "error" and audit["computed"] is None
            (error,) = audit["errors"]
            assert error["code"] == "internal_error" and f"InjectedFault: {BOOM}" in error["message"]
            assert f"{key[0]}/{MARKED}" in error["message"] and len(error["id"]) == 32
            assert audit["recorded"] == clean[key][1]["recorded"]  # the app's result kept
        else:
            assert (status, audit) == clean[key], key
    days = hand_days(store)
    assert days["error"] == failed and days["hands"] == len(got)
    assert days["hands"] == sum(v for k, v in days.items() if k != "hands")  # the counts add up
    assert one(store, "SELECT count(*) FROM rejects") == 0


def test_ingest_stores_the_failing_record_with_status_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean: Any
) -> None:
    install_audit_fault(monkeypatch.setattr)
    with Store(tmp_path / "s.duckdb") as store:
        results = ingest(store, items(records()))
        outcomes, statuses = summarise(results)
        assert outcomes == {"stored": len(records())} and statuses["error"] == 2
        for r in results:  # the uploader's result says why
            if r.hand_id == MARKED:
                assert r.status == "error" and r.errors[0]["code"] == "internal_error"
            else:
                assert r.errors == []
        assert_isolated(store, clean)
        # the same bytes again are duplicates of the stored hand, error and all (not re-audited)
        again = ingest(store, items(records()))
        assert {(r.outcome, r.status) for r in again if r.hand_id == MARKED} == {("duplicate", "error")}


def test_reaudit_judges_the_failed_record_again_once_the_engine_is_fixed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean: Any
) -> None:
    with Store(tmp_path / "s.duckdb") as store:
        with monkeypatch.context() as m:
            install_audit_fault(m.setattr)
            ingest(store, items(records()))
            still = reaudit(store)  # the engine still fails: the hands keep status error
            assert still.statuses["error"] == 2 and still.audited == len(records())
            assert still.changed == []  # failing the same way again is no change (the log id aside)
            assert_isolated(store, clean)
        fixed = reaudit(store)  # the fault gone: the real verdicts
        assert fixed.statuses["error"] == 0
        changed = {(c.hand_id, c.before) for c in fixed.changed}
        assert changed == {(MARKED, "error")}
        assert {c.after for c in fixed.changed} <= {"ok", "mismatch", "illegal"}
        assert stored(store) == clean  # every hand as if the engine had never failed
        assert hand_days(store)["error"] == 0


def test_ingest_and_reaudit_in_spawned_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean: Any
) -> None:
    """The store's pools spawn their workers: the fault goes in through the task itself
    (``tests.faults.build_in_worker``), so it is caught where it happens, per record."""
    import store.ingest as ingest_module
    import store.reaudit as reaudit_module

    monkeypatch.setattr(ingest_module, "_build_in_worker", faults.build_in_worker)
    with Store(tmp_path / "s.duckdb") as store:
        seen: list[Any] = []
        ingest_stream(store, [items(records())], lambda _, results: seen.extend(results), workers=2, piece=4)
        assert len(seen) == len(records())
        assert_isolated(store, clean)
        monkeypatch.setattr(reaudit_module, "_reaudit_audits", faults.reaudit_audits)
        report = reaudit(store, workers=2, chunk=4)
        assert report.statuses["error"] == 2 and report.audited == len(records())
        assert_isolated(store, clean)


def test_the_cli_counts_and_names_failed_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install_audit_fault(monkeypatch.setattr)
    path = tmp_path / "records.ndjson"
    path.write_text("".join(json.dumps(r) + "\n" for r in records()))
    db = str(tmp_path / "cli.duckdb")
    out = CliRunner().invoke(main, ["ingest", "--db", db, "--quiet", str(path)])
    assert out.exit_code == 0, out.output
    lines = out.output.strip().splitlines()
    failed = [line for line in lines if line.startswith("error     ")]
    assert len(failed) == 2 and all(f"/{MARKED}" in line or "records.ndjson:" in line for line in failed)
    assert all(f"InjectedFault: {BOOM}" in line for line in failed)
    n = len(records())
    assert lines[-2] == f"{n} records: {n} stored, 0 duplicate, 0 conflict, 0 invalid"
    audit = Counter(dict(part.split(" ")[::-1] for part in lines[-1].removeprefix("audit: ").split(", ")))
    assert audit["error"] == "2" and sum(map(int, audit.values())) == n
    again = CliRunner().invoke(main, ["reaudit", "--db", db])
    assert again.output.strip().endswith(", 2 error") and f"{n} hands re-audited" in again.output


def test_batch_audit_writes_the_failing_record_as_an_error_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The batch audit's task audits record by record: the fault is one ``error`` row of its
    part, the part's other rows are what they are without it (an in-process cluster, so the
    fault reaches its worker thread)."""
    from distributed import Client

    from store.batch import run_batch

    path = tmp_path / "records.ndjson"
    path.write_text("".join(json.dumps(r) + "\n" for r in records()))

    def audits(out: Path) -> list[tuple[Any, ...]]:
        glob = str(out / "audits" / "**" / "*.parquet")
        return duckdb.sql(
            f"SELECT hand_id, status, audit FROM read_parquet('{glob}', hive_partitioning = true)"
            " ORDER BY part, part_row"
        ).fetchall()

    with Client(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None) as client:
        before = run_batch(client, [str(path)], tmp_path / "clean", part_lines=5, shared_inputs=True)
        install_audit_fault(monkeypatch.setattr)
        after = run_batch(client, [str(path)], tmp_path / "fault", part_lines=5, shared_inputs=True)
    assert after.records == before.records == len(records())
    assert after.to_json()["statuses"]["error"] == 2
    assert sum(after.statuses.values()) == after.records
    rows, clean_rows = audits(tmp_path / "fault"), audits(tmp_path / "clean")
    assert len(rows) == len(clean_rows) == len(records())
    for (hand_id, status, audit), (_, _, clean_audit) in zip(rows, clean_rows, strict=True):
        if hand_id == MARKED:
            assert status == "error" and json.loads(audit)["errors"][0]["code"] == "internal_error"
        else:
            assert audit == clean_audit


def test_a_new_store_counts_the_error_status_per_day(tmp_path: Path) -> None:
    """Migration 6: ``hand_days`` has an ``error`` column (an old database gets it, 0 everywhere:
    ``tests/store/test_old_database.py``)."""
    with Store(tmp_path / "new.duckdb") as store, store.read() as cur:
        cols = {r[0] for r in cur.execute("DESCRIBE hand_days").fetchall()}
    assert "error" in cols
