"""The engine's commands start without the web and database stack (issue #12).

``cli.main`` composes every ``replay`` command on one group; the store's commands import DuckDB,
Flask, Arrow and Dask only when they run. Each check runs a fresh interpreter, since this test
process has long since imported all of them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("flask", "duckdb", "pyarrow", "distributed", "waitress", "plotly")
PROBE = """
import json, sys
from click.testing import CliRunner
from cli.main import main
result = CliRunner().invoke(main, sys.argv[1:])
heavy = sorted(m for m in {heavy!r} if m in sys.modules)
print(json.dumps({{"exit": result.exit_code, "heavy": heavy, "out": result.output[:200]}}))
"""


def _probe(*args: str) -> dict[str, object]:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE.format(heavy=HEAVY), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    out: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return out


@pytest.mark.parametrize(
    "args",
    [
        ["audit", "--json", "sample_logs/handwritten/pihu.json"],
        ["evaluate", "sample_logs/evaluate/examples.ndjson"],
        ["simulate", "--hands", "1", "--workers", "1"],
        ["--help"],
    ],
    ids=lambda a: a[0],
)
def test_engine_commands_import_no_web_or_database_code(args: list[str]) -> None:
    got = _probe(*args)
    assert got["exit"] in (0, 1), got
    assert got["heavy"] == [], f"replay {args[0]} imported {got['heavy']}"


def test_the_probe_does_see_a_store_command_load_duckdb(tmp_path: Path) -> None:
    got = _probe("token", "list", "--db", str(tmp_path / "t.duckdb"))
    assert got["exit"] == 0, got
    assert "duckdb" in got["heavy"]
