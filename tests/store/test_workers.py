"""Worker processes end with their parent, however it dies (issue 16, item 3).

A SIGKILLed ``replay ingest --workers 2`` used to leave its two workers and the multiprocessing
resource tracker running, re-parented to PID 1, one still burning CPU 80 s later. Each test here
starts a parent in a subprocess, finds its children in ``/proc``, SIGKILLs the parent (no
handler, no ``finally`` runs) and then waits for every child to be gone. The wait is a liveness
bound, generous for a loaded machine, not a speed claim.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from replay.games.wuhan.simulate import simulate

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")

#: A parent whose two pool workers burn CPU forever (``sum`` over a huge range, a picklable builtin).
PARENT = """
import json, sys, time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import resource_tracker
from store.workers import pool_options

if __name__ == "__main__":
    with ProcessPoolExecutor(max_workers=2, **pool_options()) as pool:
        busy = [pool.submit(sum, range(10**14)) for _ in range(2)]
        while len(pool._processes) < 2:
            time.sleep(0.05)
        tracker = resource_tracker._resource_tracker._pid
        print(json.dumps({"workers": sorted(pool._processes), "tracker": tracker}), flush=True)
        time.sleep(600)
"""


def _state(pid: int) -> tuple[int, str] | None:
    """``(parent pid, state letter)`` of a live process; None once it is gone (or a zombie)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()
    return None if fields[0] in ("Z", "X") else (int(fields[1]), fields[0])  # type: ignore[return-value]


def children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            state = _state(int(entry.name))
            if state is not None and state[0] == pid:
                found.add(int(entry.name))
    return found


def descendants(pid: int) -> set[int]:
    """Children and their children: the store's pools fork their workers from a fork server
    (``store.workers``), a child of the parent."""
    found = children(pid)
    for child in list(found):
        found |= descendants(child)
    return found


def wait_gone(pids: set[int], seconds: float = 60) -> set[int]:
    """The pids still alive after waiting up to ``seconds`` for them all to end."""
    deadline = time.monotonic() + seconds
    alive = set(pids)
    while alive and time.monotonic() < deadline:
        alive = {p for p in alive if _state(p) is not None}
        time.sleep(0.1)
    return alive


def _kill_all(pids: set[int]) -> None:
    for pid in pids:  # only our own leftovers, by pid, so a failed test cleans up after itself
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def test_pool_workers_and_the_resource_tracker_end_when_the_parent_is_sigkilled(tmp_path: Path) -> None:
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    parent = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
    )
    leftovers: set[int] = set()
    try:
        assert parent.stdout is not None
        started = json.loads(parent.stdout.readline())
        leftovers = {*started["workers"], started["tracker"]}
        assert leftovers <= descendants(parent.pid), "the workers and the tracker are the parent's"
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        alive = wait_gone(leftovers)
        assert not alive, f"still running after the parent was SIGKILLed: {sorted(alive)}"
    finally:
        parent.kill()
        parent.wait()
        _kill_all(leftovers)


def test_a_sigkilled_replay_ingest_with_two_workers_leaves_no_process(tmp_path: Path) -> None:
    records = list(simulate(20, 31))
    lines = []
    for copy in range(40):  # 800 distinct hands: ingest is still busy when it is killed
        for r in records:
            lines.append(json.dumps({**r, "hand_id": f"{r['hand_id']}-{copy}", "session_id": None}))
    data = tmp_path / "hands.ndjson"
    data.write_text("\n".join(lines) + "\n")
    ingest = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cli.main",
            "ingest",
            str(data),
            "--db",
            str(tmp_path / "killed.duckdb"),
            "--workers",
            "2",
            "--batch-size",
            "20",
            "--quiet",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    seen: set[int] = set()
    try:
        deadline = time.monotonic() + 120
        while len(seen) < 2 and time.monotonic() < deadline and ingest.poll() is None:
            seen |= descendants(ingest.pid)  # two workers, forked from it (store.workers.forked_pool)
            time.sleep(0.05)
        assert len(seen) >= 2, f"ingest did not start its workers: {sorted(seen)}"
        ingest.send_signal(signal.SIGKILL)
        ingest.wait()
        alive = wait_gone(seen)
        assert not alive, f"still running after ingest was SIGKILLed: {sorted(alive)}"
    finally:
        ingest.kill()
        ingest.wait()
        _kill_all(seen)
