"""Audit throughput next to parsing the same lines, in one run (issues #3 and #15).

``json.loads`` of the NDJSON lines is the floor: an audit must at least parse. Issue #15's targets,
as ratios to that floor measured here: the verdict alone (parse, validate, replay, settle,
compare: ``--no-analysis``) ≤ 5×, the full audit with every mistake ≤ 20×. Then ``replay audit
--json`` itself on the same file, one worker and every core (hands/s). Input: simulated hands
(made in the same run, not timed). Run: ``.venv/bin/python bench/bench_audit.py [HANDS]``
(default 1,000).

Hands never seen before. The analysis keeps per-shape answers for the process (``replay.shape``'s
caches): a second pass over the same hands finds every answer there, a stream of new hands only
some. So the audit first warms up on 1,000 other hands (tables loaded, caches as a running
process has them), then each timed pass audits hands it has not met: every round a fresh set for
the verdict and one for the full audit, whose ``json.loads`` is the floor. An earlier version
took the best of passes over one set, and from the second pass on the full audit found every
shape cached: 30–45% faster than a real stream. That figure is printed too ("again"), so numbers
from before can be read against today's.

Five rounds, interleaved (parse, verdict, full audit, then the next round): this 2-core host's
speed drifts by a third within minutes, and a ratio of two figures taken minutes apart measures
the drift as much as the code; each figure is the best of its five. Each result is dropped as
soon as it is made, as a streaming audit drops it, and the garbage collector is set up as
``replay audit`` sets it up (``schemas.audit_run.freeze_heap``).
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

from replay import shape
from replay.games.wuhan.simulate import simulate
from schemas.audit import audit_record
from schemas.audit_run import default_workers, freeze_heap

ROOT = Path(__file__).resolve().parents[1]


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def stream(fn: Callable[[str], object], lines: list[str]) -> None:
    """``fn`` of every line, each result dropped at once (what a streaming audit keeps: nothing)."""
    for line in lines:
        fn(line)


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rounds = 5
    made = [json.dumps(r, ensure_ascii=False) for r in simulate(hands * (2 * rounds + 1), seed=7)]
    sets = [made[k * hands : (k + 1) * hands] for k in range(2 * rounds + 1)]
    lines = sets[-1]  # the file replay audit reads below
    events = sum(len(json.loads(line)["events"]) for line in lines)
    for r in simulate(1000, seed=11):  # tables loaded, caches as a running process has them
        audit_record(r)
    freeze_heap()  # as replay audit does after its first chunk, for every figure below
    parse = verdict = full = float("inf")
    for k in range(rounds):  # each audit on hands it has never met
        fresh_verdict, fresh_full = sets[2 * k], sets[2 * k + 1]
        parse = min(parse, timed(lambda f=fresh_full: stream(json.loads, f)))  # type: ignore[misc]
        verdict = min(
            verdict,
            timed(lambda f=fresh_verdict: stream(lambda x: audit_record(json.loads(x), None, False), f)),  # type: ignore[misc]
        )
        full = min(full, timed(lambda f=fresh_full: stream(lambda x: audit_record(json.loads(x)), f)))  # type: ignore[misc]
    again = min(timed(lambda: stream(lambda x: audit_record(json.loads(x)), sets[1])) for _ in range(3))
    per = 1e6 / hands
    path = "the compiled shape core" if shape._core is not None else "the pure-Python shape path"
    print(f"audit of {hands} simulated hands ({events / hands:.0f} events each), one core, in process,")
    print(f"on {path} (REPLAY_PURE_SHAPE=1 forces the pure one; docs/shape-core.md)")
    print(f"(hands never seen, after a warm-up on 1,000 others; best of {rounds} interleaved rounds;")
    print(f" each result dropped at once; gc frozen as replay audit does; load {_load()}):")
    print(f"  json.loads            {parse * per:8.0f} µs/hand  {hands / parse:8.0f} hands/s")
    print(f"  verdict only          {verdict * per:8.0f} µs/hand  {hands / verdict:8.0f} hands/s")
    print(f"  full audit (mistakes) {full * per:8.0f} µs/hand  {hands / full:8.0f} hands/s")
    print(f"  verdict / parse       {verdict / parse:8.1f}x   (issue #15 target ≤ 5x)")
    print(f"  full audit / parse    {full / parse:8.1f}x   (issue #15 target ≤ 20x)")
    print(
        f"  (the full audit of hands already audited once, as measured before: {again * per:.0f} µs/hand,"
        f" {again / parse:.1f}x)"
    )
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
