"""Background re-audits inside a running server: one at a time, with progress and a kept result.

A re-audit of a real archive takes hours, and the server is the only process that may write the
database while it runs; so the admin API starts the re-audit here, on a thread of the server,
and answers at once with a job id. ``store.reaudit`` commits chunk by chunk (each chunk one
short transaction under the write lock), so uploads keep being stored between chunks; the
validation and replay run in worker processes when ``workers`` > 1, leaving the server's own
threads free to answer requests.

Jobs live in the server's memory (the last ``KEEP`` of them): their result is the report of
changed verdicts, which ``replay reaudit`` prints too; what the re-audit wrote is in the
database either way. A server that shuts down stops a running job between two chunks.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from store.db import Store
from store.reaudit import ReauditReport, reaudit
from store.version import engine_version

KEEP = 20
STATES = ("running", "done", "failed", "stopped")


class JobRunning(Exception):
    """A re-audit is already running; ``job`` is that one (two at once would race on the rows)."""

    def __init__(self, job: Job) -> None:
        super().__init__(f"re-audit {job.job_id} is still running")
        self.job = job


@dataclass
class Job:
    job_id: str
    workers: int
    started_at: datetime
    engine_version: str
    state: str = "running"
    finished_at: datetime | None = None
    error: str | None = None
    report: ReauditReport = field(default_factory=ReauditReport)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _snapshot: dict[str, Any] = field(default_factory=dict, repr=False)

    def _progress(self, _: int) -> None:
        """After each committed chunk: a consistent copy for readers on other threads."""
        report = self.report
        with self._lock:
            self._snapshot = {
                "audited": report.audited,
                "changed": len(report.changed),
                "statuses": dict(report.statuses),
            }

    def to_json(self, offset: int = 0, limit: int = 100) -> dict[str, Any]:
        """The job as the API answers it. ``result`` appears once the job has finished (``done``, or
        ``stopped`` by a shutdown: the hands up to ``progress.done`` are re-audited); ``changes``
        is the page ``offset``/``limit`` of the changed verdicts."""
        with self._lock:
            snap = dict(self._snapshot)
            state = self.state
        done = int(snap.get("audited", 0))
        changed = int(snap.get("changed", 0))
        changes = [c.to_json() for c in self.report.changed[:changed][offset : offset + limit]]
        return {
            "job_id": self.job_id,
            "kind": "reaudit",
            "state": state,
            "started_at": self.started_at.isoformat(),
            "finished_at": self.finished_at.isoformat() if self.finished_at else None,
            "workers": self.workers,
            "engine_version": self.engine_version,
            "progress": {"done": done, "total": self.report.total},
            "result": None
            if state in ("running", "failed")
            else {
                "audited": done,
                "changed": changed,
                "statuses": {s: int(snap.get("statuses", {}).get(s, 0)) for s in _VERDICTS},
                "changes": changes,
            },
            "error": self.error,
        }


_VERDICTS = ("ok", "illegal", "mismatch", "invalid", "error")  # error: the engine failed on a hand


class Jobs:
    """The server's background re-audits: at most one running, the last ``KEEP`` remembered."""

    def __init__(self, store: Store, chunk: int = 1000) -> None:
        self.store = store
        self.chunk = chunk  # hands per transaction: uploads wait at most one chunk's write
        self._lock = threading.Lock()
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._running: tuple[Job, threading.Thread] | None = None
        self._stop = threading.Event()

    def start_reaudit(self, workers: int = 1) -> Job:
        """Start a re-audit on a thread of its own; ``JobRunning`` when one is still going."""
        with self._lock:
            if self._running is not None and self._running[1].is_alive():
                raise JobRunning(self._running[0])
            if self._stop.is_set():
                raise RuntimeError("the server is shutting down")
            job = Job("job_" + secrets.token_hex(6), workers, datetime.now(UTC), engine_version())
            thread = threading.Thread(
                target=self._run, args=(job,), name=f"reaudit-{job.job_id}", daemon=True
            )
            self._jobs[job.job_id] = job
            while len(self._jobs) > KEEP:
                self._jobs.popitem(last=False)
            self._running = (job, thread)
            thread.start()
        return job

    def _run(self, job: Job) -> None:
        state, error = "done", None
        try:
            reaudit(
                self.store,
                chunk=self.chunk,
                workers=job.workers,
                report=job.report,
                progress=job._progress,
                should_stop=self._stop.is_set,
            )
            if job.report.stopped:
                state = "stopped"
        except Exception as err:  # kept on the job for the admin to read; the server goes on
            state, error = "failed", f"{type(err).__name__}: {err}"
        job._progress(0)
        with job._lock:
            job.state, job.error, job.finished_at = state, error, datetime.now(UTC)

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def list(self) -> list[Job]:
        """Newest first."""
        with self._lock:
            return list(reversed(self._jobs.values()))

    def running(self) -> Job | None:
        with self._lock:
            if self._running is not None and self._running[1].is_alive():
                return self._running[0]
            return None

    def shutdown(self, timeout: float | None = None) -> bool:
        """Stop a running job after its current chunk and wait for it; False if it is still going."""
        self._stop.set()
        with self._lock:
            running = self._running
        if running is None:
            return True
        running[1].join(timeout)
        return not running[1].is_alive()
