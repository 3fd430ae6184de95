"""``replay ingest --parquet DIR`` loads ``replay batch-audit`` output like ordinary ingest."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from replay.games.wuhan.simulate import simulate

ROOT = Path(__file__).resolve().parents[2]


def replay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cli.main", *args], capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_batch_audit_output_loads_once_then_is_duplicate(tmp_path: Path) -> None:
    import json

    source = tmp_path / "in.ndjson"
    source.write_text("".join(json.dumps(r) + "\n" for r in simulate(12, seed=8)), encoding="utf-8")
    out = tmp_path / "out"
    done = replay("batch-audit", str(source), "--out", str(out), "--workers", "1")
    assert done.returncode == 0, done.stderr
    db = str(tmp_path / "r.duckdb")
    first = replay("ingest", "--db", db, "--parquet", str(out))
    assert first.returncode == 0, first.stderr
    assert "12 records: 12 stored, 0 duplicate" in first.stdout
    again = replay("ingest", "--db", db, "--parquet", str(out))
    assert "12 records: 0 stored, 12 duplicate" in again.stdout
    both = replay("ingest", "--db", db, "--parquet", str(out), str(source))
    assert both.returncode == 2 and "not both" in both.stderr
