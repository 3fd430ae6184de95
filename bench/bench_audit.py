"""Audit throughput next to parsing the same lines, in one run (issues #3 and #15).

``json.loads`` of the NDJSON lines is the floor: an audit must at least parse. Issue #15's targets,
as ratios to that floor measured here: the verdict alone (parse, validate, replay, settle,
compare: ``--no-analysis``) ≤ 5×, the full audit with every mistake ≤ 20×. Then ``replay audit
--json`` itself on the same file, one worker and every core (hands/s). Input: simulated hands
(made in the same run, not timed). Run: ``.venv/bin/python bench/bench_audit.py [HANDS]``
(default 1,000).

Every in-process figure is the best of five passes in which each result is dropped as soon as
it is made, as a streaming audit drops it. The passes are interleaved (parse, verdict, full
audit, then again): this 2-core host's speed drifts by a third within minutes, and a ratio of
two figures taken minutes apart measures the drift as much as the code. The garbage collector
is set up as ``replay audit`` sets it up (``schemas.audit_run.freeze_heap``: after a warm-up,
everything alive is frozen), for the ``json.loads`` floor and the audits alike. An earlier
version kept every parsed record in a list: the garbage collector then walked that growing list
again and again, which made ``json.loads`` look two to three times slower than a streaming
parse — and every ratio that much better than it is. Both ways are printed, so figures from
before can be read against today's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from replay.games.wuhan.simulate import simulate
from schemas.audit import audit_record
from schemas.audit_run import default_workers, freeze_heap

ROOT = Path(__file__).resolve().parents[1]


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def interleaved(*fns: Callable[[], object], passes: int = 5) -> list[float]:
    """The best time of each of ``fns`` over ``passes`` rounds that run each once, in turn."""
    out = [float("inf")] * len(fns)
    for _ in range(passes):
        for i, fn in enumerate(fns):
            out[i] = min(out[i], timed(fn))
    return out


def stream(fn: Callable[[str], object], lines: list[str]) -> None:
    """``fn`` of every line, each result dropped at once (what a streaming audit keeps: nothing)."""
    for line in lines:
        fn(line)


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    lines = [json.dumps(r, ensure_ascii=False) for r in simulate(hands, seed=7)]
    events = sum(len(json.loads(line)["events"]) for line in lines)
    audit_record(json.loads(lines[0]))  # load the tables once, as a long-running process has
    freeze_heap()  # as replay audit does after its first chunk, for every figure below
    parse, verdict, full = interleaved(
        lambda: stream(json.loads, lines),
        lambda: stream(lambda line: audit_record(json.loads(line), None, False), lines),
        lambda: stream(lambda line: audit_record(json.loads(line)), lines),
    )
    kept = timed(lambda: [json.loads(line) for line in lines])  # the earlier, flattering floor
    per = 1e6 / hands
    print(f"audit of {hands} simulated hands ({events / hands:.0f} events each), one core, in process")
    print("(best of 5 interleaved passes, each result dropped at once; gc frozen after warm-up as")
    print(f" replay audit does; load {_load()}):")
    print(f"  json.loads            {parse * per:8.0f} µs/hand  {hands / parse:8.0f} hands/s")
    print(f"  verdict only          {verdict * per:8.0f} µs/hand  {hands / verdict:8.0f} hands/s")
    print(f"  full audit (mistakes) {full * per:8.0f} µs/hand  {hands / full:8.0f} hands/s")
    print(f"  verdict / parse       {verdict / parse:8.1f}x   (issue #15 target ≤ 5x)")
    print(f"  full audit / parse    {full / parse:8.1f}x   (issue #15 target ≤ 20x)")
    print(f"  (json.loads keeping every record in a list, as measured before: {kept * per:.0f} µs/hand;")
    print(f"   against that floor verdict {verdict / kept:.1f}x, full audit {full / kept:.1f}x)")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.ndjson"
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        replay = str(Path(sys.executable).with_name("replay"))
        cores = default_workers()
        print(f"replay audit --json of the same file (a fresh process each, {cores} cores, load {_load()}):")
        for label, args in (
            ("--workers 1 --no-analysis", ["--workers", "1", "--no-analysis"]),
            ("--workers 1", ["--workers", "1"]),
            (f"--workers {cores}", ["--workers", str(cores)]),
        ):
            seconds = timed(
                lambda args=args: subprocess.run(  # type: ignore[misc]
                    [replay, "audit", "--json", *args, str(path)], stdout=subprocess.DEVNULL, check=False
                )
            )
            print(f"  {label:26s} {hands / seconds:8.0f} hands/s   {seconds / parse:6.1f}x json.loads")


def _load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
