"""Issue #15: the faster analysis finds exactly what the analysis found before it was made faster.

``tests/data/findings/findings.ndjson.gz`` was written by ``tests/data/findings/make.py`` from the
code before the speed work: every hand of the test set and 10,000 simulated hands (three presets),
each with its findings in full and a digest of the rest of its audit (verdict, computed result,
per-seat facts). Every detector's findings — and the verdicts beside them — must be identical.
The default run checks the test set and the first 200 simulated hands of each preset; ``pytest -m
slow`` checks all 10,000.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

MAKE = Path(__file__).resolve().parents[1] / "data" / "findings" / "make.py"


def _make() -> ModuleType:
    spec = importlib.util.spec_from_file_location("saved_findings_make", MAKE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make = _make()
SAVED: dict[str, dict[str, Any]] = make.load()


def _compare(items: list[tuple[str, object]]) -> None:
    assert items, "nothing to compare"
    moved = []
    for key, obj in items:
        now = make.entry(key, obj)
        if SAVED.get(key) != now:
            moved.append((key, SAVED.get(key), now))
    assert not moved, "\n".join(f"{k}:\n  saved {s}\n  now   {n}" for k, s, n in moved[:5])


def test_saved_findings_cover_every_detector() -> None:
    """The saved set is worth comparing against: every detector fires in it, many times."""
    from replay.games.wuhan.analysis import DETECTORS

    fired = {m[0] for e in SAVED.values() for m in e["mistakes"]}
    assert fired == set(DETECTORS)
    assert sum(1 for k in SAVED if k.startswith("sim:")) == sum(n for _, _, n in make.SIMULATED) == 10_000


def test_test_set_findings_and_verdicts_unchanged() -> None:
    """Every hand saved is still in the test set and audits as it did; hands added to the test set
    since the save (later rulings' records, another game's samples) have nothing to compare with."""
    items = list(make.test_set())
    saved = {k for k in SAVED if not k.startswith("sim:")}
    assert saved <= {k for k, _ in items}, (
        f"saved hands gone from the test set: {sorted(saved - {k for k, _ in items})[:5]}"
    )
    _compare([(k, obj) for k, obj in items if k in saved])


def test_simulated_findings_unchanged_first_hands() -> None:
    _compare(list(make.simulated(limit=200)))


@pytest.mark.slow
def test_simulated_findings_unchanged_all_10000() -> None:
    _compare(list(make.simulated()))


def test_saved_findings_unchanged_on_the_pure_shape_path() -> None:
    """Issue #33: the tests above run on the compiled shape core when it is built; here the same
    file runs again in a child process with ``REPLAY_PURE_SHAPE=1``, every shape answer from the
    pure-Python reference (docs/shape-core.md). Skipped inside that child, and where the core is
    not built (the tests above are then the pure path already)."""
    import os
    import subprocess
    import sys

    from replay import shape

    if shape._core is None:
        pytest.skip("the tests above already ran on the pure-Python path")
    env = dict(os.environ, REPLAY_PURE_SHAPE="1")
    here = Path(__file__).resolve()
    out = subprocess.run(
        [sys.executable, "-m", "pytest", str(here), "-q", "-p", "no:cacheprovider", "-m", "not slow"],
        env=env,
        cwd=here.parents[2],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
