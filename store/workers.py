"""Worker processes that end with their parent, however the parent ends.

``ProcessPoolExecutor`` workers outlive a parent that is SIGKILLed (or OOM-killed): they are
re-parented to PID 1 and finish, or spin on, the batch they hold, and the multiprocessing
resource tracker stays alive as long as any of them keeps its pipe open. A pool made with
``pool_options()`` runs ``die_with_parent`` in each worker first:

- on Linux the kernel sends the worker SIGKILL when its parent dies (``prctl(PR_SET_PDEATHSIG)``);
- everywhere, a daemon thread checks every half second that the parent is still the one that
  started the worker, and ends the worker when it is not (this also covers the parent dying
  between the fork and the ``prctl``).

With the workers gone the resource tracker reads end-of-file on its pipe and exits too.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import sys
import threading
import time
from typing import Any

_PR_SET_PDEATHSIG = 1
_POLL = 0.5


def _set_pdeathsig() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; False where that is unavailable."""
    if not sys.platform.startswith("linux"):
        return False
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    return False


def _watch(parent: int) -> None:
    while True:
        if os.getppid() != parent:
            os._exit(1)
        time.sleep(_POLL)


def die_with_parent(parent: int) -> None:
    """A pool initializer: end this worker when ``parent`` (the pool's owner) is gone."""
    _set_pdeathsig()
    if os.getppid() != parent:  # the parent died before the prctl took effect
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()


def pool_options() -> dict[str, Any]:
    """Keyword arguments for ``ProcessPoolExecutor``: spawned workers that die with this process.

    Spawn, not fork: the parent holds DuckDB's threads and locks, which a fork would copy.
    """
    return {
        "mp_context": multiprocessing.get_context("spawn"),
        "initializer": die_with_parent,
        "initargs": (os.getpid(),),
    }
