"""A quick pre-screen of one rules module's mutants against a few rules test files (issue 35).

    .venv/bin/python tools/mutate_screen.py replay/games/changsha/scoring.py \
        tests.replay.test_changsha_rules [--only NAME,NAME] [--skip FILE]

Why: on the shared two-core machine mutmut's own run (``tools/mutate.py``) first traces the whole
killing set and then reruns it clean, which took longer than a sitting (docs/mutation.md). This
plants each mutant through mutmut's own trampoline in ``mutants/`` (made by any earlier
``mutmut run``; the tests are copied there first, so a test just written is used) and runs the
named test modules' argument-free tests (hypothesis tests included) in one process, the fastest
first failure killing it. The killing set is a subset of mutmut's, so kills are a lower bound;
a mutant whose test reads a cache filled under another mutant can look alive (check it by hand).
Prints one line per mutant: ``killed TEST NAME`` or ``SURVIVED NAME``. Never part of ``./dev test``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import inspect
import io
import json
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "mutants"


def tests_of(modules: list[str]) -> list[tuple[str, Callable[[], object]]]:
    """The argument-free test functions of these modules, in file order."""
    found: list[tuple[str, Callable[[], object]]] = []
    for name in modules:
        module = importlib.import_module(name)
        for attr, f in vars(module).items():
            if not attr.startswith("test") or not callable(f) or getattr(f, "__module__", "") != name:
                continue
            try:
                params = inspect.signature(f).parameters
            except (TypeError, ValueError):
                params = {}  # type: ignore[assignment]
            if not params or hasattr(f, "hypothesis"):
                found.append((f"{name}::{attr}", f))
    return found


def main(argv: list[str] | None = None) -> int:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("module", help="a rules module, e.g. replay/games/changsha/scoring.py")
    parser.add_argument("tests", nargs="+", help="test modules, e.g. tests.replay.test_changsha_rules")
    parser.add_argument("--only", default="", help="comma-separated mutant names (or their endings)")
    parser.add_argument("--skip", help="a previous output: its mutants are not run again")
    args = parser.parse_args(argv)
    meta = MUTANTS / f"{args.module}.meta"
    if not meta.exists():
        parser.error(f"{meta} is missing: run tools/mutate.py once so mutmut generates the mutants")
    for name in args.tests:  # the current tests, a new one included
        rel = Path(*name.split(".")).with_suffix(".py")
        shutil.copyfile(ROOT / rel, MUTANTS / rel)
    names = list(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    if args.skip:
        done = {line.split()[-1] for line in Path(args.skip).read_text(encoding="utf-8").splitlines()}
        names = [n for n in names if n not in done]
    if args.only:
        wanted = args.only.split(",")
        names = [n for n in names if any(n.endswith(w) for w in wanted)]
    os.chdir(MUTANTS)
    sys.path.insert(0, str(MUTANTS))
    funcs = tests_of(args.tests)
    print(f"{len(funcs)} tests, {len(names)} mutants", flush=True)
    os.environ["MUTANT_UNDER_TEST"] = ""
    for _test, f in funcs:
        f()  # the unmutated code must pass every test
    for name in names:
        os.environ["MUTANT_UNDER_TEST"] = name
        killer = None
        for test, f in funcs:
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    f()
            except BaseException:  # any failure kills: an assertion, a crash, a SystemExit
                killer = test
                break
        print(f"killed {killer.split('::')[1]} {name}" if killer else f"SURVIVED {name}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
