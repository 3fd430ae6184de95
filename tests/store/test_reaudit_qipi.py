"""`replay reaudit` after 七皮四赖 (issue 17): a database of the old presets changes nothing; after
issue 28 (R-4.4 amended), a database of qipi hands changes exactly the hand the ruling decides.

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


#: Written by the engine of commit 0255e4d, the one before issue 28 (R-4.4 amended: a laizi may stand
#: for a 皮 kind), from the checkout of that commit: ``replay ingest`` of every qipi record of the
#: test set — ``tests/data/records/{legal,mismatch,illegal}/`` (qipi_laizi_as_pi, the R-4.4
#: example as a hand, and the eight others), the four qipi hand-written samples and the 120 hands
#: of ``sample_logs/simulated/qipi.ndjson`` (134 hands: 127 ok, 5 illegal, 2 mismatch).
BEFORE_ISSUE_28 = ROOT / "tests" / "data" / "store" / "before-issue-28.duckdb.gz"


def test_R_4_4_reaudit_reports_the_qipi_hand_the_amended_ruling_changes(tmp_path: Path) -> None:
    """The old engine refused seat 1's win in qlp-1 (1-2条 + laizi 5条 as the 皮 3条: no run, so
    ``not_a_winning_hand``); the amended R-4.4 reads it as a soft 屁胡 and the app's result
    (−8, +20, −8, −4) is right: illegal → ok. No other qipi hand moves: nothing else stored there
    needed a laizi as a 皮 kind, to win or in its waits and findings."""
    db = tmp_path / "before-issue-28.duckdb"
    with gzip.open(BEFORE_ISSUE_28, "rb") as src, db.open("wb") as dst:
        shutil.copyfileobj(src, dst)
    out = CliRunner().invoke(replay_cli(), ["reaudit", "--db", str(db), "--json", "--workers", "1"])
    assert out.exit_code == 0, out.output
    lines = [json.loads(x) for x in out.output.strip().splitlines()]
    changes, summary = lines[:-1], lines[-1]["summary"]
    assert summary["audited"] == 134
    assert [(c["hand_id"], c["before"], c["after"]) for c in changes] == [("qlp-1", "illegal", "ok")]
    assert {"status", "first_illegal", "computed"} <= set(changes[0]["fields"])
    assert summary["statuses"] == {"ok": 128, "illegal": 4, "mismatch": 2}
