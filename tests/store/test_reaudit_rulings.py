"""`replay reaudit` after the amended rules (issue 11): exactly the hands they decide differently.

A store ingested by the engine as it was before R-7.13 (见将胡) and R-7.14 (见字胡) holds the two
disputed sample records as `ok` (the app's payment matched that engine). Re-auditing with the
current engine must report those two, ok → illegal, and no other hand. The "before" engine is
the current one with both parameters off in every preset, which is what they switched on.
The command is reached through its console-script entry point, so the test does not depend on
where the command's module lives.

The second test needs no stand-in: ``tests/data/store/before-issue-11.duckdb.gz`` was written by
the engine of the commit before issue 11 and holds a hand for each of its rulings.
"""

from __future__ import annotations

import gzip
import json
import shutil
from dataclasses import replace
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from replay.games.wuhan import ruleset

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_logs"
#: Written by the engine of commit 40bcdac, the one before issue 11's rulings: ``replay ingest
#: sample_logs/handwritten tests/data/records/legal`` (43 hands: 28 ok, 8 illegal, 7 mismatch).
BEFORE_ISSUE_11 = ROOT / "tests" / "data" / "store" / "before-issue-11.duckdb.gz"


def replay_cli() -> Any:
    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "replay"]
    return script.load()


def test_R_7_13_R_7_14_reaudit_reports_exactly_the_changed_verdicts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli = replay_cli()
    runner = CliRunner()
    db = tmp_path / "before.duckdb"
    # the Wuhan hand-written records (handwritten/sichuan/ is another game's, not these rulings')
    wuhan = sorted(str(p) for p in (SAMPLES / "handwritten").glob("*.json"))
    inputs = [*wuhan, str(SAMPLES / "simulated" / "hzfclzg.ndjson")]
    with monkeypatch.context() as before:
        for name, preset in list(ruleset.PRESETS.items()):
            old = replace(preset, jianjiang=False, jianzi_self_draw_only=False)
            before.setitem(ruleset.PRESETS, name, old)
        out = runner.invoke(cli, ["ingest", *inputs, "--db", str(db), "--workers", "1", "--quiet"])
        assert out.exit_code == 0, out.output
        # the old engine: the two disputed wins legal and matching what the app paid
        assert out.output.strip().splitlines()[-1] == "audit: 79 ok, 7 illegal, 4 mismatch"
    out = runner.invoke(cli, ["reaudit", "--db", str(db), "--json", "--workers", "1"])
    assert out.exit_code == 0, out.output
    lines = [json.loads(x) for x in out.output.strip().splitlines()]
    changes, summary = lines[:-1], lines[-1]["summary"]
    assert summary["audited"] == 30 + 60  # 30 hand-written (4 of them qipi, issue 17)
    assert sorted((c["hand_id"], c["before"], c["after"]) for c in changes) == [
        ("jzd-1", "ok", "illegal"),
        ("nrj-1", "ok", "illegal"),
    ]
    assert all("status" in c["fields"] and "first_illegal" in c["fields"] for c in changes)
    again = runner.invoke(cli, ["reaudit", "--db", str(db), "--json", "--workers", "1"])
    assert json.loads(again.output.strip().splitlines()[-1])["summary"]["changed"] == 0


def test_reaudit_of_a_store_written_before_issue_11_reports_exactly_the_rulings_hands(tmp_path: Path) -> None:
    """A database really ingested by the engine before issue 11 (commit 40bcdac): the re-audit
    reports the seven hands the amended rules decide differently, and no other of the 43:
    the app's 见将胡 and 见字胡 wins (R-7.13, R-7.14: ok -> illegal), the records whose
    results follow the new rulings (R-9.1 tenpai below 起胡 and a dead wait: the discarder is
    liable; R-10.9 金顶 with a null cap and above liability_cap: mismatch -> ok; R-10.8 起胡
    on the robber's own win: illegal below_qihu -> ok)."""
    db = tmp_path / "before-issue-11.duckdb"
    with gzip.open(BEFORE_ISSUE_11, "rb") as src, db.open("wb") as dst:
        shutil.copyfileobj(src, dst)
    cli = replay_cli()
    out = CliRunner().invoke(cli, ["reaudit", "--db", str(db), "--json", "--workers", "1"])
    assert out.exit_code == 0, out.output
    lines = [json.loads(x) for x in out.output.strip().splitlines()]
    changes, summary = lines[:-1], lines[-1]["summary"]
    assert summary["audited"] == 43
    assert sorted((c["hand_id"], c["before"], c["after"]) for c in changes) == [
        ("dwl-1", "mismatch", "ok"),  # dead wait
        ("fgn-1", "mismatch", "ok"),  # null cap
        ("flc-1", "mismatch", "ok"),  # beside liability_cap
        ("jzd-1", "ok", "illegal"),  # 见字胡
        ("nrj-1", "ok", "illegal"),  # 见将胡
        ("qgq-1", "illegal", "ok"),  # R-10.8 + R-10.7
        ("tbq-1", "mismatch", "ok"),  # with 起胡
    ]
    assert summary["statuses"] == {"ok": 31, "illegal": 9, "mismatch": 3}
    again = CliRunner().invoke(cli, ["reaudit", "--db", str(db), "--json", "--workers", "1"])
    assert json.loads(again.output.strip().splitlines()[-1])["summary"]["changed"] == 0
