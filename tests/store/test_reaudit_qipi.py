"""`replay reaudit` after 七皮四赖 (issue 17): a database of the old presets changes nothing.

``tests/data/store/before-qipi.duckdb.gz`` was written by the engine of main at commit 3208f25,
before any 七皮四赖 rule: ``replay ingest sample_logs/handwritten
sample_logs/simulated/hzlzg-koukou.ndjson --workers 1`` (the 26 hand-written records of that
time and 60 simulated 口口番 hands; 74 ok, 9 illegal, 3 mismatch). Every new switch is off in the
old presets (RULES.md §11), so re-auditing with this engine must report no changed verdict.
"""

from __future__ import annotations

import gzip
import json
import shutil
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "data" / "store" / "before-qipi.duckdb.gz"


def replay_cli() -> Any:
    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "replay"]
    return script.load()


def test_R_2_3_to_R_10_11_reaudit_of_the_old_presets_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "before.duckdb"
    with gzip.open(FIXTURE, "rb") as src, db.open("wb") as dst:
        shutil.copyfileobj(src, dst)
    out = CliRunner().invoke(replay_cli(), ["reaudit", "--db", str(db), "--json", "--workers", "1"])
    assert out.exit_code == 0, out.output
    lines = [json.loads(x) for x in out.output.strip().splitlines()]
    changes, summary = lines[:-1], lines[-1]["summary"]
    assert summary["audited"] == 86
    assert changes == [] and summary["changed"] == 0
