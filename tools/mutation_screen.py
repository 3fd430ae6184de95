"""A faster first pass over one rules module's mutants than ``tools/mutate.py`` (issue 35).

    cd mutants && ../.venv/bin/python ../tools/mutation_screen.py replay/games/wuhan/judge.py \
        tests.replay.test_rules tests.replay.test_rulings > /tmp/judge_screen.txt

Needs the ``mutants/`` tree mutmut generated (``tools/mutate.py MODULE --screen`` makes it and
runs this over pyproject's whole killing set). Runs the named test modules of the killing set, or
with none named all of ``[tool.mutmut]``'s selection without its deselected tests (their tests
without fixtures, parametrized ones expanded from their marks, hypothesis ones as they are)
against each mutant, in a child forked from a process that only imported them (cold caches, as
mutmut's forkserver workers), stopping at the first failing test. A kill here is a kill by a
killing-set test; a survivor is only a candidate, checked by hand (planted in the source, the
test run) or by ``tools/mutate.py``. Prints ``killed <test> <mutant>``, ``SURVIVED <mutant>``,
``UNREACHED <mutant>`` or ``TIMEOUT <mutant>``. ``ONLY=a,b`` keeps the mutants named (a name
ending in ``__mutmut_<n>`` is that mutant alone; anything else, a part of names such as a
function), ``EXCLUDE=`` drops exact short names, ``SKIP_DONE=file`` skips those a previous output
already judged, ``LIMIT`` seconds per mutant and per traced test (default 120), ``BASELINE=1``
runs the tests unmutated and prints the first failure.

Before the mutants, each test runs once unmutated in its own cold child with mutmut's trampolines
recording which mutated functions it reaches; ``TRACE=file`` keeps that per test, for any module's
later screen (only tests not in it yet are traced; a test failing unmutated is left out). A
mutant then runs only the tests that reach its function, fastest first, the test that last killed
a mutant of the same function ahead of them; a mutant no test reaches is printed ``UNREACHED``
without running anything (it counts as surviving). On the boards this cuts a mutant from seconds
to a fraction of one.
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


def _in_child(work: Callable[[], str], limit: float) -> str | None:
    """``work()`` in a forked child (cold: the parent only imported); its answer, None past
    ``limit`` seconds (the child is killed)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        os.write(w, (work() or "-").encode())
        os._exit(0)
    os.close(w)
    start = time.time()
    while not os.waitpid(pid, os.WNOHANG)[0]:
        if time.time() - start > limit:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            os.close(r)
            return None
        time.sleep(0.01)
    chunks = []
    while chunk := os.read(r, 1 << 16):
        chunks.append(chunk)
    os.close(r)
    data = b"".join(chunks).decode()
    return "" if data == "-" else data


def reach(case: Case, limit: float) -> tuple[float, list[str], str]:
    """One test unmutated in a cold child: its seconds, the mutated functions it calls, and its
    failure ('' when it passes)."""
    from mutmut.mutation import trampoline

    def work() -> str:
        hits: set[str] = set()
        setattr(trampoline, "record_trampoline_hit", lambda name, caller=None: hits.add(name))  # noqa: B010
        os.environ["MUTANT_UNDER_TEST"] = "stats"
        start = time.perf_counter()
        failed = first_failure([case])
        return json.dumps([time.perf_counter() - start, sorted(hits), failed])

    answer = _in_child(work, limit)
    if answer is None:
        return limit, [], "TIMEOUT"
    took, hits, failed = json.loads(answer)
    return float(took), list(hits), str(failed)


def trace(tests: list[Case], path: str, limit: float) -> dict[str, list[int]]:
    """Which tests (by index, fastest first) reach each mutated function.

    Kept per test in ``path`` (when given) and reused by any later screen: the trampolines
    record the functions of every rules module, so one trace serves them all; only tests not
    in it yet are run (delete the file after changing a test). A test that fails unmutated
    reaches nothing: it would "kill" every mutant it runs.
    """
    saved: dict[str, list[Any]] = {}
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            saved = json.load(f).get("tests", {})
    last_save = time.time()
    for n, case in enumerate(tests):
        if case[0] in saved:
            continue
        took, hits, failed = reach(case, limit)
        if failed:
            print("baseline fails, left out:", case[0], failed.split()[-1], flush=True)
        saved[case[0]] = [took, hits, failed]
        if path and time.time() - last_save > 30:
            _save(path, saved)
            last_save = time.time()
            print(f"traced {n + 1} of {len(tests)} tests", flush=True)
    if path:
        _save(path, saved)
    order = sorted(range(len(tests)), key=lambda i: saved[tests[i][0]][0])
    reached: dict[str, list[int]] = {}
    for i in order:
        took, hits, failed = saved[tests[i][0]]
        for fn in [] if failed else hits:
            reached.setdefault(fn, []).append(i)
    return reached


def _save(path: str, saved: dict[str, list[Any]]) -> None:
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump({"tests": saved}, f)
    os.replace(path + ".tmp", path)


def judge(name: str, tests: list[Case], limit: float) -> str:
    """Run the tests in a forked child with ``name`` active; the first failure, '' or TIMEOUT."""

    def work() -> str:
        os.environ["MUTANT_UNDER_TEST"] = name
        return first_failure(tests)

    answer = _in_child(work, limit)
    return "TIMEOUT" if answer is None else answer


def killing_set(pyproject: str = "pyproject.toml") -> tuple[list[str], set[str]]:
    """The killing set of ``[tool.mutmut]``: the test modules of its folders without the
    ``--ignore``d files, and the ``--deselect``ed tests (as the screen labels them)."""
    import glob
    import tomllib

    with open(pyproject, "rb") as f:
        args = tomllib.load(f)["tool"]["mutmut"]["pytest_add_cli_args_test_selection"]
    ignored = {a.split("=", 1)[1] for a in args if a.startswith("--ignore=")}
    deselected = set()
    for a in args:
        if a.startswith("--deselect="):
            path, _, test = a.split("=", 1)[1].partition("::")
            deselected.add(f"{os.path.basename(path).removesuffix('.py')}::{test}")
    files = []
    for folder in (a for a in args if not a.startswith("-")):
        files += sorted(glob.glob(os.path.join(folder, "**", "test_*.py"), recursive=True))
    modules = [f.removesuffix(".py").replace(os.sep, ".") for f in files if f not in ignored]
    return modules, deselected


def _wanted(name: str, token: str) -> bool:
    """``ONLY``'s test: a token naming one mutant (``..._mutmut_12``) is that mutant, not
    ``_120`` too; any other token is a part of the name (a function, a class)."""
    if token.rpartition("__mutmut_")[2].isdigit():
        return name == token or name.endswith("." + token)
    return token in name


def main() -> None:
    sys.path.insert(0, os.getcwd())
    os.environ["MUTANT_UNDER_TEST"] = ""
    module, *modules = sys.argv[1:]
    if module.startswith("replay/shape"):
        os.environ["REPLAY_PURE_SHAPE"] = "1"  # its mutants live in the pure-Python shape code
    preload()
    with open(module + ".meta", encoding="utf-8") as meta:
        names = list(json.load(meta)["exit_code_by_key"])
    if only := [o for o in os.environ.get("ONLY", "").split(",") if o]:
        names = [n for n in names if any(_wanted(n, o) for o in only)]
    if os.environ.get("SKIP_DONE") and os.path.exists(os.environ["SKIP_DONE"]):
        with open(os.environ["SKIP_DONE"], encoding="utf-8") as done_file:
            judged = ("killed", "SURVIVED", "TIMEOUT", "UNREACHED")
            done = {line.split()[-1] for line in done_file if line.startswith(judged)}
        names = [n for n in names if n not in done]
    excluded = set(os.environ.get("EXCLUDE", "").split(","))
    names = [n for n in names if n.split(".")[-1] not in excluded]
    deselected: set[str] = set()
    if not modules:  # the whole killing set of pyproject's [tool.mutmut]
        modules, deselected = killing_set()
    tests = [t for t in collect(modules) if t[0].partition("[")[0] not in deselected]
    print(len(tests), "test cases", len(names), "mutants", flush=True)
    if os.environ.get("BASELINE"):
        print(first_failure(tests) or "baseline passes", flush=True)
        return
    limit = float(os.environ.get("LIMIT", "120"))
    reached = trace(tests, os.environ.get("TRACE", ""), limit)
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
