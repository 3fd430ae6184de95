"""Refactor guard, not a rules test: the games' outputs are frozen while their boards move onto
the shared table engine (issue 29).

Each case is a command whose output was captured before the move and is kept here as the SHA-256
of its bytes (``tests/data/engine_frozen.json``): ``replay simulate`` of a few hundred hands of
each game (Wuhan, and Sichuan under both presets) and ``replay audit --json`` of that output and
of ``sample_logs/``. A refactor that changes one byte of a record, a verdict, a receipt or a
mistake fails here, whatever the reason, so this test says *that* something moved, never whether
the new output is right. A rule change that is meant to change outputs rewrites the digests on
purpose, in its own commit, with ``python tests/replay/test_engine_frozen.py --write`` (and says
so in the commit message); a refactor never does.

The cases are small on purpose (CI time); the same check on 10,000 hands a game is done by hand:
``replay simulate --hands 10000 --seed 7 | replay audit --json /dev/stdin | sha256sum``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from schemas.audit_run import run_audit, to_json

ROOT = Path(__file__).resolve().parents[2]
DIGESTS = ROOT / "tests" / "data" / "engine_frozen.json"

#: case name -> ``replay simulate`` arguments (one worker: the output is the same for any number)
SIMULATED: dict[str, list[str]] = {
    "wuhan-hzlzg": ["--hands", "240", "--seed", "29"],
    "wuhan-qipi": ["--hands", "120", "--seed", "30", "--preset", "qipi"],
    "sichuan-xuezhan": ["--game", "sichuan", "--preset", "xuezhan", "--hands", "160", "--seed", "29"],
    "sichuan-xueliu": ["--game", "sichuan", "--preset", "xueliu", "--hands", "160", "--seed", "29"],
}


#: every case: the sample logs' audit, and each simulation with its audit
CASES = ["audit sample_logs", *(f"{what} {name}" for name in SIMULATED for what in ("simulate", "audit"))]


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _simulate(args: list[str]) -> bytes:
    result = CliRunner().invoke(main, ["simulate", *args, "--workers", "1"])
    assert result.exit_code == 0, result.output
    return result.stdout_bytes


def _audit(folder: Path, name: str) -> bytes:
    """``cd FOLDER && replay audit --json NAME``'s standard output, in this process, on one worker
    (from the folder: each audit's ``location`` names the file as given, so no absolute path)."""
    with contextlib.chdir(folder):
        lines = [a.line + "\n" for a in run_audit([name], to_json, workers=1)]
    return "".join(lines).encode("utf-8")


def digests() -> dict[str, str]:
    """Every case's output digest, as the code now stands."""
    out = {"audit sample_logs": _sha(_audit(ROOT, "sample_logs"))}
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in SIMULATED.items():
            records = _simulate(args)
            out[f"simulate {name}"] = _sha(records)
            (Path(tmp) / f"{name}.ndjson").write_bytes(records)
            out[f"audit {name}"] = _sha(_audit(Path(tmp), f"{name}.ndjson"))
    return out


@pytest.fixture(scope="module")
def now() -> dict[str, str]:
    return digests()


@pytest.mark.parametrize("case", CASES)
def test_output_unchanged(case: str, now: dict[str, str]) -> None:
    frozen = json.loads(DIGESTS.read_text(encoding="utf-8"))
    assert now[case] == frozen[case], f"{case}: the output changed (see this module's docstring)"


def test_every_case_is_frozen(now: dict[str, str]) -> None:
    assert sorted(now) == sorted(CASES) == sorted(json.loads(DIGESTS.read_text(encoding="utf-8")))


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/replay/test_engine_frozen.py --write (when outputs change on purpose)")
    DIGESTS.write_text(json.dumps(digests(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {DIGESTS.relative_to(ROOT)}")
