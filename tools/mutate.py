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

``--screen`` judges the mutants with ``tools/mutation_screen.py`` instead of mutmut's runner:
the same mutants and the same killing set (every test module of pyproject's selection), each
mutant against only the tests that reach its function, in a cold forked child. Its kills are
kills by killing-set tests; what it leaves alive mutmut could still kill (tests that need
pytest fixtures are not run), so its score is a floor of mutmut's. On this machine it does a
module in minutes where mutmut's first run takes most of an hour. Its verdicts go to
``mutants/<module>.screen.txt`` and a run goes on from there; ``--again`` rechecks the ones
left alive, ``--fresh`` starts over. The first screen traces the killing set once
(``mutants/screen-trace*.json``; delete it after changing a test).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
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


def exit_codes(module: str) -> dict[str, int | None]:
    """mutmut's record of the module's mutants: each name and its last exit code (None: not run)."""
    meta = ROOT / "mutants" / f"{module}.meta"
    codes: dict[str, int | None] = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    return codes


def results(module: str) -> dict[str, str]:
    return {name: status(code) for name, code in exit_codes(module).items()}


def bounded(proc: subprocess.Popen[bytes], minutes: float) -> bool:
    """Wait for ``proc`` (started in a session of its own); False when it was stopped, with all
    its children, after ``minutes``."""
    try:
        proc.wait(timeout=minutes * 60)
        return True
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
        return False


def run(names: list[str], minutes: float, children: int) -> bool:
    """``mutmut run`` on these mutants (names or patterns); False when stopped by the time bound."""
    command = ["nice", "-n", "15", sys.executable, "-m", "mutmut", "run", "--max-children", str(children)]
    # the mutants are made in the pure-Python modules: the compiled shape core would answer for
    # replay/shape.py's and let them all survive (docs/shape-core.md)
    env = dict(os.environ, REPLAY_PURE_SHAPE="1")
    return bounded(subprocess.Popen([*command, *names], cwd=ROOT, start_new_session=True, env=env), minutes)


#: the screen's verdicts in mutate.py's words
SCREENED = {"killed": "killed", "TIMEOUT": "timeout", "SURVIVED": "survived", "UNREACHED": "no tests"}


def screen_file(module: str) -> Path:
    return ROOT / "mutants" / f"{module}.screen.txt"


def screened(module: str) -> dict[str, str]:
    """The screen's last verdict on each mutant of ``module`` ("not run" for the others)."""
    found = dict.fromkeys(exit_codes(module), "not run")
    path = screen_file(module)
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else []:
        word, *_, name = line.split() or [""]
        if word in SCREENED and name in found:
            found[name] = SCREENED[word]
    return found


def generated(module: str) -> None:
    """Make sure ``mutants/`` holds the module's mutants of its current source and the current
    tests. mutmut generates them; its run is stopped when it moves on to tracing the tests. New
    mutants drop the screen's earlier verdicts, which name the old ones."""
    source, meta = ROOT / module, ROOT / "mutants" / f"{module}.meta"
    if not meta.exists() or meta.stat().st_mtime < source.stat().st_mtime:
        print(f"generating the mutants of {module} (mutmut)...", flush=True)
        before = meta.read_bytes() if meta.exists() else b""
        pattern = module.removesuffix(".py").replace("/", ".") + ".*"
        command = [sys.executable, "-m", "mutmut", "run", "--max-children", "1", pattern]
        with tempfile.TemporaryFile("w+", encoding="utf-8") as said:
            proc = subprocess.Popen(command, cwd=ROOT, start_new_session=True, stdout=said, stderr=said)
            while proc.poll() is None:
                time.sleep(2)
                said.seek(0)
                if "stats" in said.read():  # generation done: mutmut traces its tests next
                    os.killpg(proc.pid, signal.SIGTERM)
                    proc.wait()
        if meta.read_bytes() != before:  # new mutants: the old verdicts name others
            screen_file(module).unlink(missing_ok=True)
        meta.touch()
    shutil.copytree(ROOT / "tests", ROOT / "mutants" / "tests", dirs_exist_ok=True)


def screen(module: str, names: list[str] | None, minutes: float) -> bool:
    """``tools/mutation_screen.py`` on the module (or only ``names``), appending its verdicts;
    False when stopped by the time bound."""
    generated(module)
    pure = module.startswith("replay/shape")
    path = screen_file(module)
    env = dict(
        os.environ,
        TRACE=str(ROOT / "mutants" / ("screen-trace-pure.json" if pure else "screen-trace.json")),
        SKIP_DONE="" if names else str(path),
        ONLY=",".join(names or []),
    )
    command = ["nice", "-n", "15", sys.executable, str(ROOT / "tools" / "mutation_screen.py"), module]
    with path.open("a", encoding="utf-8") as out:
        proc = subprocess.Popen(command, cwd=ROOT / "mutants", stdout=out, env=env, start_new_session=True)
        return bounded(proc, minutes)


def report(module: str, found: dict[str, str] | None = None) -> float:
    """Print the module's figures; return the score: killed (timeouts included) over the mutants
    not listed as equivalent that were run or had no test at all."""
    found = results(module) if found is None else found
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
    parser.add_argument("--screen", action="store_true", help="judge with tools/mutation_screen.py (a floor)")
    args = parser.parse_args(argv)
    if args.module not in rules_modules():
        parser.error(f"{args.module} is not a rules module of [tool.mutmut] only_mutate: {rules_modules()}")
    if args.screen:
        return screen_main(args.module, args.report, args.again, args.fresh, args.minutes)
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


def screen_main(module: str, only_report: bool, again: bool, fresh: bool, minutes: float) -> int:
    if fresh:
        screen_file(module).unlink(missing_ok=True)
    names = None
    if again:
        names = [n for n, s in screened(module).items() if s in ("survived", "no tests", "timeout")]
    finished = only_report or names == [] or screen(module, names, minutes)
    # a screen's time limit on a loaded machine proves nothing: a timeout counts as alive here
    # until ``--again`` (or a larger LIMIT) judges it
    found = {n: "survived" if s == "timeout" else s for n, s in screened(module).items()}
    score = report(module, found)
    if not finished:
        print(
            f"stopped after {minutes} minutes: run it again to go on (verdicts kept in {screen_file(module)})"
        )
        return 2
    return 0 if score >= BAR else 1


if __name__ == "__main__":
    sys.exit(main())
