"""A real ``replay serve`` for the integration tests: on a free port, waited for, then stopped.

Several test modules run the real server (the concurrency, bounds and admin tests, the browser
tests); they start and stop it the same way, here, so a change to how it starts is made once.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.error import URLError
from urllib.request import urlopen

import pytest

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Running:
    """A started server: its process, its base URL (``http://127.0.0.1:PORT``) and port."""

    proc: subprocess.Popen[bytes]
    url: str
    port: int

    @property
    def api(self) -> str:
        return f"{self.url}/api/v1"


def start(db: Path, *args: str, within: float = 90) -> Running:
    """``replay serve --db DB --host 127.0.0.1 --port <free> ARGS``, once its health check answers.

    Fails the test with the server's last words if it exits or is not up ``within`` seconds.
    """
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cli.main",
            "serve",
            "--db",
            str(db),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            *args,
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    running = Running(proc, f"http://127.0.0.1:{port}", port)
    deadline = time.monotonic() + within
    while True:
        try:
            with urlopen(f"{running.api}/health", timeout=2) as response:
                if response.status == 200:
                    return running
        except (URLError, OSError):
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            err = proc.stderr.read().decode() if proc.stderr else ""
            pytest.fail(f"the server did not start: {err[-2000:]}")
        time.sleep(0.2)


def stop(running: Running, within: float = 60) -> None:
    """SIGTERM (the server drains and checkpoints), then SIGKILL if it takes longer than ``within``."""
    if running.proc.poll() is None:
        running.proc.terminate()
        try:
            running.proc.wait(timeout=within)
        except subprocess.TimeoutExpired:
            running.proc.kill()
            running.proc.wait()


@contextmanager
def serving(db: Path, *args: str) -> Iterator[Running]:
    running = start(db, *args)
    try:
        yield running
    finally:
        stop(running)
