"""`replay reaudit` after the amended rules (issue 11): exactly the hands they decide differently.

A store ingested by the engine as it was before R-7.13 (见将胡) and R-7.14 (见字胡) holds the two
disputed sample records as `ok` (the app's payment matched that engine). Re-auditing with the
current engine must report those two, ok → illegal, and no other hand. The "before" engine is
the current one with both parameters off in every preset, which is what they switched on.
The command is reached through its console-script entry point, so the test does not depend on
where the command's module lives.
"""

from __future__ import annotations

import json
from dataclasses import replace
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from replay import ruleset

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_logs"


def replay_cli() -> Any:
    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "replay"]
    return script.load()


def test_R_7_13_R_7_14_reaudit_reports_exactly_the_changed_verdicts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli = replay_cli()
    runner = CliRunner()
    db = tmp_path / "before.duckdb"
    inputs = [str(SAMPLES / "handwritten"), str(SAMPLES / "simulated" / "hzfclzg.ndjson")]
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
