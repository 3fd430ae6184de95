"""Worker processes that end with their parent, however the parent ends.

``ProcessPoolExecutor`` workers outlive a parent that is SIGKILLed (or OOM-killed): they are
re-parented to PID 1 and finish, or spin on, the batch they hold, and the multiprocessing
resource tracker stays alive as long as any of them keeps its pipe open. A pool whose
initializer is ``die_with_parent`` avoids that:

- on Linux the kernel sends the worker SIGKILL when its parent dies (``prctl(PR_SET_PDEATHSIG)``);
- everywhere, a daemon thread checks every half second that the parent is still the one that
  started the worker, and ends the worker when it is not (this also covers the parent dying
  between the fork and the ``prctl``).

With the workers gone the resource tracker reads end-of-file on its pipe and exits too. It lives in
the domain because the simulators' pools need it as much as the store's ingest and re-audit do.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

_PR_SET_PDEATHSIG = 1
_POLL = 0.5

T = TypeVar("T")
R = TypeVar("R")


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


def ordered_map(fn: Callable[[T], R], items: Iterable[T], workers: int) -> Iterator[R]:
    """``map(fn, items)`` over ``workers`` processes, in input order, so output never depends on N.

    One worker (or one item) runs in this process: no pool to start for a small job.
    """
    todo = list(items)
    if workers <= 1 or len(todo) < 2:
        yield from map(fn, todo)
        return
    with ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent, initargs=(os.getpid(),)) as ex:
        yield from ex.map(fn, todo, chunksize=1)
