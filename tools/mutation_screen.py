"""A quick mutation screen: mutmut's generated mutants against chosen killing-set test modules.

    cd mutants && ../.venv/bin/python ../tools/mutation_screen.py replay/games/wuhan/settle.py \
        /tmp/settle.screen tests.replay.test_settle_receipts tests.replay.test_rules ...

Why it exists: on the shared two-core machine mutmut's first step (tracing the whole killing set
once) can take longer than a session, while a rules module's mutants are killed in seconds by the
few test modules of its concern. So this runs, for each mutant of ``MODULE_PATH`` (names from
mutmut's ``.meta`` file; run ``tools/mutate.py`` once to generate ``mutants/``), a child forked from
a process that has only imported the given test modules (caches cold, as under mutmut's
forkserver), switches the mutant on (``MUTANT_UNDER_TEST``) and calls each test until the first
failure. Killed here is a kill by a killing-set test; a survivor is only a candidate (other
killing-set tests may kill it) and is read by hand. Plain and parametrised test functions only:
fixtures and hypothesis tests are left out. Results are appended to OUT_FILE, one line a mutant
(``killed NAME 0.4s test::name Error``); a rerun skips the names already there. ``ONLY=a,b``
restricts to names containing those parts, ``LIMIT`` seconds a mutant (default 90, then
``timeout``), ``BASELINE=1`` checks that no chosen test fails unmutated. docs/mutation.md.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import itertools
import json
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

Case = tuple[str, Callable[..., Any], dict[str, Any]]


def cases(f: Callable[..., Any]) -> list[dict[str, Any]]:
    """The keyword sets a plain or parametrised test is called with (none for fixtures, hypothesis)."""
    if hasattr(f, "hypothesis"):
        return []
    marks = [m for m in getattr(f, "pytestmark", []) if m.name == "parametrize"]
    params = list(inspect.signature(f).parameters)
    if not marks:
        return [{}] if not params else []
    axes = []
    for m in marks:
        argnames = m.args[0]
        names = [a.strip() for a in argnames.split(",")] if isinstance(argnames, str) else list(argnames)
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
    for t in modules:
        m = importlib.import_module(t)
        for n, f in vars(m).items():
            if n.startswith("test") and callable(f) and getattr(f, "__module__", "") == m.__name__:
                found.extend((t.split(".")[-1] + "::" + n, f, kw) for kw in cases(f))
    return found


def first_failure(tests: list[Case]) -> str:
    """The first test that fails, as ``name Error`` ("" when all pass)."""
    for name, f, kw in tests:
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                f(**kw)
        except BaseException as e:
            if type(e).__name__ == "Skipped":
                continue
            return f"{name} {type(e).__name__}"
    return ""


def screen(name: str, tests: list[Case], limit: float) -> tuple[str, str]:
    """(verdict, killer) of one mutant, run in a forked child with the mutant switched on."""
    r, w = os.pipe()
    start = time.time()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        os.environ["MUTANT_UNDER_TEST"] = name
        os.write(w, first_failure(tests).encode())
        os._exit(0)
    os.close(w)
    status = None
    while time.time() - start < limit:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        status = None
        time.sleep(0.05)
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(r)
        return "timeout", ""
    why = os.read(r, 4096).decode()
    os.close(r)
    return ("killed" if why else "SURVIVED"), why


def main() -> None:
    sys.path.insert(0, os.getcwd())
    os.environ["REPLAY_PURE_SHAPE"] = "1"  # the mutants are in the pure-Python shape code
    os.environ["MUTANT_UNDER_TEST"] = ""
    module, out_path, *modules = sys.argv[1:]
    meta = json.loads(Path(module + ".meta").read_text(encoding="utf-8"))
    names = list(meta["exit_code_by_key"])
    if only := os.environ.get("ONLY"):
        names = [n for n in names if any(n.endswith(o) or o in n for o in only.split(","))]
    out = Path(out_path)
    if out.exists():
        done = {line.split()[1] for line in out.read_text(encoding="utf-8").splitlines() if line.strip()}
        names = [n for n in names if n not in done]
    tests = collect(modules)
    print(len(tests), "test cases", len(names), "mutants", flush=True)
    if os.environ.get("BASELINE"):
        failing = first_failure(tests)
        print("fails unmutated:", failing or "none")
        sys.exit(1 if failing else 0)
    limit = float(os.environ.get("LIMIT", "90"))
    with out.open("a", encoding="utf-8") as log:
        for name in names:
            start = time.time()
            verdict, why = screen(name, tests, limit)
            log.write(f"{verdict} {name} {time.time() - start:.1f}s {why}\n")
            log.flush()


if __name__ == "__main__":
    main()
