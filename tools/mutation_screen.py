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

Before the mutants, each test runs once unmutated in its own cold child with mutmut's trampolines
recording which mutated functions it reaches (``TRACE=file`` keeps that map for the next run of the
same module and tests). A mutant then runs only the tests that reach its function, fastest first,
the test that last killed a mutant of the same function ahead of them; a mutant no named test
reaches is printed ``UNREACHED`` without running anything (it counts as surviving). On the boards
this cuts a mutant from seconds to a fraction of one.
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
                each = cases(f)
                label = f"{name.split('.')[-1]}::{n}"
                found += [(f"{label}[{k}]" if len(each) > 1 else label, f, kw) for k, kw in enumerate(each)]
    return found


def preload() -> None:
    """Import every module of ``replay`` and ``schemas`` before the first fork.

    The games' registry imports each game's package lazily, and ``mutants/``' files (mutmut's
    trampolines beside every mutant) take seconds to compile; with no bytecode written, every
    child compiled them again. Importing runs no mutated function's body but module-level code,
    which mutmut leaves unmutated, so the children stay as cold as they were.
    """
    import pkgutil

    for top in ("replay", "schemas"):
        package = importlib.import_module(top)
        for info in pkgutil.walk_packages(package.__path__, top + "."):
            with contextlib.suppress(Exception):
                importlib.import_module(info.name)
    # The shape tables' loaders (``replay.tables``, ``replay.shanten_tables``: cached, never
    # mutated) cost a cold child about two seconds on this machine, more than most tests; loaded
    # here once, every child shares them. ``replay.shape``'s own caches (``_RULES`` ...) stay cold.
    from replay.shanten_tables import load
    from replay.tables import complete_flags, suit_needs

    load()
    suit_needs()
    complete_flags()


def first_failure(tests: list[Case]) -> str:
    for label, f, kw in tests:
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                f(**kw)
        except BaseException as e:
            if type(e).__name__ != "Skipped":
                return f"{label} {type(e).__name__}"
    return ""


def reach(case: Case) -> tuple[float, list[str]]:
    """One test unmutated in a cold child: its seconds and the mutated functions it calls."""
    from mutmut.mutation import trampoline

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        hits: set[str] = set()
        setattr(trampoline, "record_trampoline_hit", lambda name, caller=None: hits.add(name))  # noqa: B010
        os.environ["MUTANT_UNDER_TEST"] = "stats"
        start = time.perf_counter()
        failed = first_failure([case])
        took = time.perf_counter() - start
        os.write(w, json.dumps([took, sorted(hits), failed]).encode())
        os._exit(0)
    os.close(w)
    chunks = []
    while chunk := os.read(r, 1 << 16):
        chunks.append(chunk)
    os.close(r)
    os.waitpid(pid, 0)
    took, reached, failed = json.loads(b"".join(chunks) or b'[0, [], "no answer"]')
    if failed:
        print("baseline fails:", failed, flush=True)
    return float(took), list(reached)


def trace(tests: list[Case], modules: list[str], module: str) -> dict[str, list[int]]:
    """Which tests (by index, fastest first) reach each mutated function; kept in ``TRACE``."""
    path = os.environ.get("TRACE", "")
    key = [module, modules, [label for label, _, _ in tests]]
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            saved = json.load(f)
        if saved["key"] == json.loads(json.dumps(key)):
            return {k: list(v) for k, v in saved["reach"].items()}
    timed = [reach(case) for case in tests]
    order = sorted(range(len(tests)), key=lambda i: timed[i][0])
    reached: dict[str, list[int]] = {}
    for i in order:
        for fn in timed[i][1]:
            reached.setdefault(fn, []).append(i)
    if path:
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"key": key, "reach": reached}, f)
    return reached


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
    os.environ["MUTANT_UNDER_TEST"] = ""
    module, *modules = sys.argv[1:]
    if module.startswith("replay/shape"):
        os.environ["REPLAY_PURE_SHAPE"] = "1"  # its mutants live in the pure-Python shape code
    preload()
    with open(module + ".meta", encoding="utf-8") as meta:
        names = list(json.load(meta)["exit_code_by_key"])
    if only := os.environ.get("ONLY"):
        names = [n for n in names if any(o in n for o in only.split(","))]
    if os.environ.get("SKIP_DONE") and os.path.exists(os.environ["SKIP_DONE"]):
        with open(os.environ["SKIP_DONE"], encoding="utf-8") as done_file:
            judged = ("killed", "SURVIVED", "TIMEOUT", "UNREACHED")
            done = {line.split()[-1] for line in done_file if line.startswith(judged)}
        names = [n for n in names if n not in done]
    excluded = set(os.environ.get("EXCLUDE", "").split(","))
    names = [n for n in names if n.split(".")[-1] not in excluded]
    tests = collect(modules)
    print(len(tests), "test cases", len(names), "mutants", flush=True)
    if os.environ.get("BASELINE"):
        print(first_failure(tests) or "baseline passes", flush=True)
        return
    limit = float(os.environ.get("LIMIT", "120"))
    reached = trace(tests, modules, module)
    print(len(reached), "mutated functions reached", flush=True)
    last_killer: dict[str, int] = {}
    labels = {label: i for i, (label, _, _) in enumerate(tests)}
    for name in names:
        fn = name.partition("__mutmut_")[0]
        indices = reached.get(fn, [])
        if not indices:
            print("UNREACHED", name, flush=True)
            continue
        if fn in last_killer:
            indices = [last_killer[fn]] + [i for i in indices if i != last_killer[fn]]
        found = judge(name, [tests[i] for i in indices], limit)
        if found == "TIMEOUT":
            print("TIMEOUT", name, flush=True)
        elif found:
            last_killer[fn] = labels[found.split()[0]]
            print("killed", found.split()[0].split("::")[1], name, flush=True)
        else:
            print("SURVIVED", name, flush=True)


if __name__ == "__main__":
    main()
