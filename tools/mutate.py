"""Mutation testing of one rules module with mutmut (issue 35; docs/mutation.md).

    .venv/bin/python tools/mutate.py replay/games/sichuan/scoring.py [--minutes 40]

Runs ``mutmut run`` (configured in pyproject's ``[tool.mutmut]``: the rules modules, the killing
set of rules tests) on that module's mutants only, niced and one worker at a time so it fits a
shared two-core machine, stopped after ``--minutes``; then prints killed / survived / equivalent
per the list in ``tools/equivalent_mutants.toml`` and the score, killed over non-equivalent
mutants. Exit 1 below the bar (90 %), 2 when the run was cut short. Never part of ``./dev test``.
``--again`` reruns only the mutants the last run left alive (after adding tests); ``--report``
prints the figures of the last run without running anything. A plain run goes on with the
mutants not yet run (``--fresh`` starts the module over).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENT = ROOT / "tools" / "equivalent_mutants.toml"
BAR = 0.90
#: mutmut's exit codes (mutmut/stats.py) reduced to what the report says
STATUS = {1: "killed", 3: "killed", 0: "survived", 33: "no tests", 5: "no tests", None: "not run"}
TIMEOUTS = {36, -24, 24, 152, 255}


def rules_modules() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    modules: list[str] = config["tool"]["mutmut"]["only_mutate"]
    return modules


def equivalents(module: str) -> dict[str, str]:
    """Mutant name -> why it cannot change an outcome, for ``module``."""
    data = tomllib.loads(EQUIVALENT.read_text(encoding="utf-8")) if EQUIVALENT.exists() else {}
    found: dict[str, str] = data.get(module, {})
    return found


def status(code: int | None) -> str:
    return "timeout" if code in TIMEOUTS else STATUS.get(code, "suspicious")


def results(module: str) -> dict[str, str]:
    meta = ROOT / "mutants" / f"{module}.meta"
    codes: dict[str, int | None] = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    return {name: status(code) for name, code in codes.items()}


def run(names: list[str], minutes: float, children: int) -> bool:
    """``mutmut run`` on these mutants (names or patterns); False when stopped by the time bound."""
    command = ["nice", "-n", "15", sys.executable, "-m", "mutmut", "run", "--max-children", str(children)]
    # the mutants are made in the pure-Python modules: the compiled shape core would answer for
    # replay/shape.py's and let them all survive (docs/shape-core.md)
    env = dict(os.environ, REPLAY_PURE_SHAPE="1")
    proc = subprocess.Popen([*command, *names], cwd=ROOT, start_new_session=True, env=env)
    try:
        proc.wait(timeout=minutes * 60)
        return True
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
        return False


def report(module: str) -> float:
    """Print the module's figures; return the score: killed (timeouts included) over the mutants
    not listed as equivalent that were run or had no test at all."""
    found = results(module)
    known = equivalents(module)
    alive = ("survived", "no tests")
    counts = Counter("equivalent" if name in known and s in alive else s for name, s in found.items())
    stale = sorted(n for n in known if found.get(n) not in alive)
    killed = counts["killed"] + counts["timeout"]
    judged = killed + counts["survived"] + counts["no tests"]
    score = killed / judged if judged else 0.0
    print(f"{module}: {len(found)} mutants, " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"score {killed}/{judged} = {score:.1%} of non-equivalent mutants killed (bar {BAR:.0%})")
    for name, s in sorted(found.items()):
        if s in alive and name not in known:
            print(f"  {s}: {name}")
    for name in stale:
        print(f"  listed as equivalent but {found.get(name, 'gone')}: {name}")
    return score


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("module", help="a rules module, e.g. replay/games/sichuan/scoring.py")
    parser.add_argument("--minutes", type=float, default=40, help="stop the run after this long (default 40)")
    parser.add_argument("--max-children", type=int, default=1, help="mutmut workers (default 1)")
    parser.add_argument("--report", action="store_true", help="only print the last run's figures")
    parser.add_argument("--again", action="store_true", help="rerun only the mutants the last run left alive")
    parser.add_argument("--fresh", action="store_true", help="rerun every mutant, not only those not yet run")
    args = parser.parse_args(argv)
    if args.module not in rules_modules():
        parser.error(f"{args.module} is not a rules module of [tool.mutmut] only_mutate: {rules_modules()}")
    names = [args.module.removesuffix(".py").replace("/", ".") + ".*"]
    if args.again:
        names = [n for n, s in results(args.module).items() if s not in ("killed", "timeout")]
    elif not args.fresh and (ROOT / "mutants" / f"{args.module}.meta").exists():
        # go on where the last run stopped: mutmut reruns every mutant it is given by name or
        # pattern, results or not, so a pattern would start the module over from its first mutant
        names = [n for n, s in results(args.module).items() if s == "not run"]
    finished = args.report or not names or run(names, args.minutes, args.max_children)
    score = report(args.module)
    if not finished:
        print(f"stopped after {args.minutes} minutes: run it again to go on (mutmut keeps its results)")
        return 2
    return 0 if score >= BAR else 1


if __name__ == "__main__":
    sys.exit(main())
