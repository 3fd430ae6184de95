"""Duplicate keys on the command line (issue 16, item 5): ``replay audit``, ``evaluate`` and
``ingest`` refuse a record with a key twice, naming the key, and go on with the others."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cli.main import main
from replay.games.wuhan.simulate import simulate

DUP = b'{"format":"wuhan-hand/1","source":"clubB","hand_id":"h1","source":"clubA"}'
MESSAGE = "duplicate key 'source': each key may appear once in an object"


def test_audit_and_ingest_refuse_the_record_naming_the_key(tmp_path: Path) -> None:
    good = json.dumps(next(iter(simulate(1, 4)))).encode()
    path = tmp_path / "night.ndjson"
    path.write_bytes(good + b"\n" + DUP + b"\n")
    audited = CliRunner().invoke(main, ["audit", "--json", str(path)])
    results = [json.loads(line) for line in audited.output.splitlines()]
    assert [r["status"] for r in results] == ["ok", "invalid"]
    assert results[1]["errors"] == [{"field": "", "message": f"line 2 has a {MESSAGE}"}]
    ingested = CliRunner().invoke(main, ["ingest", "--db", str(tmp_path / "s.duckdb"), str(path)])
    assert ingested.exit_code == 0, ingested.output
    assert "1 stored" in ingested.output and "1 invalid" in ingested.output
    assert MESSAGE in ingested.output


def test_evaluate_answers_the_contracts_error_naming_the_key() -> None:
    out = CliRunner().invoke(main, ["evaluate", "-"], input='{"dealer": 0, "dealer": 1}')
    assert json.loads(out.output) == {
        "error": {"field": "", "message": "duplicate key 'dealer': each key may appear once in an object"}
    }
