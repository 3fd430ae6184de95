"""The harness the game benchmarks share (``bench_<game>_audit.py``, ``_simulate.py``,
``_viewer.py``), so that every game's figures are measured the same way and read side by side.

Imported as a sibling (``from common import ...``): a benchmark runs as
``.venv/bin/python bench/<script>.py``, which puts this folder first on the path.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from schemas.audit import audit_record

ROOT = Path(__file__).resolve().parents[1]
SIM = ROOT / "sample_logs" / "simulated"


def ndjson_lines(records: Iterable[dict[str, Any]]) -> list[str]:
    """The records as the NDJSON lines an app would upload."""
    return [json.dumps(r, ensure_ascii=False) for r in records]


def simulated(*names: str) -> list[dict[str, Any]]:
    """The records of ``sample_logs/simulated/<name>`` files, in order."""
    out = []
    for name in names:
        out += [json.loads(line) for line in (SIM / name).read_text("utf-8").splitlines() if line.strip()]
    return out


def parse_then_audit(lines: list[str]) -> tuple[float, float, int]:
    """Seconds for ``json.loads`` of every line (the floor an audit cannot beat), seconds for the
    full audit of the same lines (``schemas.audit.audit_record``), and how many audits are ok."""
    start = time.perf_counter()
    for line in lines:
        json.loads(line)
    parse = time.perf_counter() - start
    start = time.perf_counter()
    audits = [audit_record(json.loads(line)) for line in lines]
    full = time.perf_counter() - start
    return parse, full, sum(a["status"] == "ok" for a in audits)


def audit_hands(games: dict[str, list[str]], hands: int) -> None:
    """The audit benchmark's table for games of hands: per game, events per hand, ``json.loads``
    and the full audit per hand, hands/s and the audit's cost over parsing."""
    print(f"audit of {hands} hands per game, one core (baseline: json.loads of the same lines)")
    for name, lines in games.items():
        events = sum(len(json.loads(line)["events"]) for line in lines) / hands
        parse, full, ok = parse_then_audit(lines)
        print(
            f"  {name:8} {events:5.0f} events/hand  json.loads {parse * 1e6 / hands:7.0f} µs/hand"
            f"  audit {full * 1e6 / hands:7.0f} µs/hand  {hands / full:7.0f} hands/s"
            f"  audit/parse {full / parse:6.1f}x  ({ok}/{hands} ok)"
        )


def timed_play(label: str, hands: int, play: Callable[[], Iterator[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Self-play's records, with a line of hands/s, ms/hand and events/hand."""
    start = time.perf_counter()
    records = list(play())
    elapsed = time.perf_counter() - start
    events = sum(len(r["events"]) for r in records) / hands
    speed = f"{hands / elapsed:7.1f} hands/s  {elapsed * 1e3 / hands:6.1f} ms/hand"
    print(f"  {label:28} {speed}  {events:4.0f} events/hand")
    return records


def once_ms(build: Callable[..., Any], pairs: list[tuple[Any, Any]]) -> float:
    """The mean time of ``build(record, audit)`` over ``pairs``, in ms (a viewer's model)."""
    start = time.perf_counter()
    for record, audit in pairs:
        build(record, audit)
    return (time.perf_counter() - start) / len(pairs) * 1000


def without_progress(module: Any, record: Any, audit: Any) -> Any:
    """A viewer's ``build`` with every seat's 向听 left at 0 (``module._progress`` replaced for the
    call): the baseline that shows what the progress graph costs."""
    real = module._progress
    module._progress = lambda *args: [0, 0, 0, 0]
    try:
        return module.build(record, audit)
    finally:
        module._progress = real
