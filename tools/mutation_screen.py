"""A faster first pass over one rules module's mutants than ``tools/mutate.py`` (issue 35).

    cd mutants && ../.venv/bin/python ../tools/mutation_screen.py replay/games/wuhan/judge.py \
        tests.replay.test_rules tests.replay.test_rulings > /tmp/judge_screen.txt

Needs the ``mutants/`` tree a first ``tools/mutate.py`` run generated. Runs the named test modules
of the killing set (their tests without fixtures, parametrized ones expanded from their marks,
hypothesis ones as they are) against each mutant, in a child forked from a process that only
imported them (cold caches, as mutmut's forkserver workers), stopping at the first failing test.
On this shared machine mutmut spends most of its time in the tests of every game a Wuhan function
reaches; this pass runs only the modules named. A kill here is a kill by a killing-set test; a
survivor is only a candidate, checked by hand (planted in the source, the test run) or by
``tools/mutate.py``. Prints ``killed <test> <mutant>``, ``SURVIVED <mutant>`` or
``TIMEOUT <mutant>``. ``ONLY=a,b`` keeps mutants whose name holds one of them, ``EXCLUDE=`` drops
exact short names, ``SKIP_DONE=file`` skips those a previous output already judged, ``LIMIT``
seconds per mutant (default 120), ``BASELINE=1`` runs the tests unmutated and prints failures.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import itertools
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

Case = tuple[str, Callable[..., Any], dict[str, Any]]


def cases(f: Callable[..., Any]) -> list[dict[str, Any]]:
    """The keyword sets ``f`` runs with: its parametrize marks' product; none if it needs fixtures."""
    params = list(inspect.signature(f).parameters)
    if hasattr(f, "hypothesis"):
        return [{}]
    marks = [m for m in getattr(f, "pytestmark", []) if m.name == "parametrize"]
    if not marks:
        return [] if params else [{}]
    axes = []
    for m in marks:
        names = m.args[0]
        names = [a.strip() for a in names.split(",")] if isinstance(names, str) else list(names)
        rows = []
        for v in m.args[1]:
            if type(v).__name__ == "ParameterSet":
                v = v.values if len(names) > 1 else v.values[0]
            rows.append({names[0]: v} if len(names) == 1 else dict(zip(names, v, strict=True)))
        axes.append(rows)
    out = []
    for combo in itertools.product(*axes):
        kw: dict[str, Any] = {}
        for d in combo:
            kw.update(d)
        if set(kw) == set(params):
            out.append(kw)
    return out


def collect(modules: list[str]) -> list[Case]:
    found: list[Case] = []
    for name in modules:
        mod = importlib.import_module(name)
        for n, f in vars(mod).items():
            if n.startswith("test") and callable(f) and getattr(f, "__module__", "") == mod.__name__:
                found += [(f"{name.split('.')[-1]}::{n}", f, kw) for kw in cases(f)]
    return found


def first_failure(tests: list[Case]) -> str:
    for label, f, kw in tests:
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                f(**kw)
        except BaseException as e:
            if type(e).__name__ != "Skipped":
                return f"{label} {type(e).__name__}"
    return ""


def judge(name: str, tests: list[Case], limit: float) -> str:
    """Run the tests in a forked child with ``name`` active; the first failure, '' or TIMEOUT."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        os.environ["MUTANT_UNDER_TEST"] = name
        os.write(w, first_failure(tests).encode() or b"-")
        os._exit(0)
    os.close(w)
    start = time.time()
    while not os.waitpid(pid, os.WNOHANG)[0]:
        if time.time() - start > limit:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            os.close(r)
            return "TIMEOUT"
        time.sleep(0.05)
    data = os.read(r, 4096).decode()
    os.close(r)
    return "" if data == "-" else data


def main() -> None:
    sys.path.insert(0, os.getcwd())
    os.environ["REPLAY_PURE_SHAPE"] = "1"  # the mutants live in the pure-Python shape code
    os.environ["MUTANT_UNDER_TEST"] = ""
    module, *modules = sys.argv[1:]
    with open(module + ".meta", encoding="utf-8") as meta:
        names = list(json.load(meta)["exit_code_by_key"])
    if only := os.environ.get("ONLY"):
        names = [n for n in names if any(o in n for o in only.split(","))]
    if os.environ.get("SKIP_DONE") and os.path.exists(os.environ["SKIP_DONE"]):
        with open(os.environ["SKIP_DONE"], encoding="utf-8") as done_file:
            done = {
                line.split()[-1] for line in done_file if line.startswith(("killed", "SURVIVED", "TIMEOUT"))
            }
        names = [n for n in names if n not in done]
    excluded = set(os.environ.get("EXCLUDE", "").split(","))
    names = [n for n in names if n.split(".")[-1] not in excluded]
    tests = collect(modules)
    print(len(tests), "test cases", len(names), "mutants", flush=True)
    if os.environ.get("BASELINE"):
        print(first_failure(tests) or "baseline passes", flush=True)
        return
    limit = float(os.environ.get("LIMIT", "120"))
    for name in names:
        found = judge(name, tests, limit)
        if found == "TIMEOUT":
            print("TIMEOUT", name, flush=True)
        elif found:
            print("killed", found.split()[0].split("::")[1], name, flush=True)
        else:
            print("SURVIVED", name, flush=True)


if __name__ == "__main__":
    main()
