"""Process pools for the store: workers forked from a clean server, that die with their parent.

Why not fork the parent: it holds DuckDB's threads and locks, which a fork would copy. Why not
spawn (as before): each spawned worker imported the engine and filled the compiled shape core's
tables by itself (8 MB, ``docs/shape-core.md``), so two workers held two copies. A
``forkserver`` is a fresh interpreter, started once, that imports the engine (``PRELOAD``: the
shape tables, the games' audits, DuckDB's module; no Arrow, no thread) and then forks each worker:
the workers share those pages with it instead of copying them, as ``replay audit``'s forked
workers share the parent's.

Dying with the parent: a worker's parent is the server, not the pool's owner. The server exits
once every holder of its "alive" pipe is gone, and it hands that pipe to each worker it forks,
so a SIGKILLed owner left the server waiting for the workers and the workers for the server. A
worker therefore closes its copy first thing: the owner is then the pipe's only holder, its
death ends the server, and the kernel kills the workers with it (``PR_SET_PDEATHSIG`` through
``replay.pool.die_with_parent``), even one busy in C code that never lets a watching thread
run. A worker also watches the owner itself (a pidfd, else a poll every half second) and ends
at once if the owner is already gone when it starts.
"""

from __future__ import annotations

import multiprocessing
import os
import select
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from replay.pool import die_with_parent

#: imported by the fork server before it forks a worker: shared by every worker, not copied.
#: DuckDB's module starts no thread at import (Arrow's does, so it is not here) and every worker
#: imports it through ``store.prepare``: 50 ms of CPU each at the start of a run, saved
PRELOAD = ["replay.shape", "schemas.audit", "duckdb"]


def _context() -> Any:
    """The forkserver context with the engine preloaded (spawn where there is no forkserver)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)  # read when the server starts: once per process
    return ctx


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process under a recycled pid: not ours
        return False
    return True


def _watch_owner(owner: int, pidfd: int | None) -> None:
    if pidfd is not None:
        select.select([pidfd], [], [])  # readable once the owner has ended
        os._exit(1)
    while _alive(owner):
        time.sleep(0.5)
    os._exit(1)


def die_with_owner(owner: int) -> None:
    """A pool initializer: end this worker when the pool's owner, or the server between them,
    is gone."""
    pidfd: int | None = None
    try:
        pidfd = os.pidfd_open(owner)
    except ProcessLookupError:  # the owner died before this worker started
        os._exit(1)
    except (AttributeError, OSError):  # no pidfd here: poll instead
        if not _alive(owner):
            os._exit(1)
    server = os.getppid()
    if server != owner:  # forked by the server: leave its "alive" pipe to the owner alone
        from multiprocessing import forkserver

        alive = getattr(forkserver._forkserver, "_forkserver_alive_fd", None)
        if alive is not None:
            os.close(alive)
            forkserver._forkserver._forkserver_alive_fd = None  # type: ignore[attr-defined]
    die_with_parent(server)
    threading.Thread(target=_watch_owner, args=(owner, pidfd), name="owner-watch", daemon=True).start()


def _threads() -> int:
    """The threads of this process, native ones included where ``/proc`` lists them."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


def _started() -> None:
    """A worker's first task (submitting it makes a fork pool start its workers): import what a
    batch needs, Arrow and the store's rows, while the parent reads the first batch. Arrow's
    thread is harmless in a worker, which forks nothing."""
    import store.prepare  # noqa: F401


def forked_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` forked from this process now, ending with it (``die_with_owner``).

    For ``replay ingest``, which calls it before it imports DuckDB or Arrow or opens the
    database, while it has no thread a fork could copy mid-lock: its workers then share the
    engine it has imported, as ``replay audit``'s do, and start at once. The fork server
    (``pool_options``) made them wait for a second interpreter to import the engine again, a
    third of a second of CPU that ``replay audit`` never spends (docs/store.md). A process that
    already runs threads, or a platform without fork, gets the fork server's pool instead."""
    if "fork" in multiprocessing.get_all_start_methods() and _threads() == 1:
        options: dict[str, Any] = {
            "mp_context": multiprocessing.get_context("fork"),
            "initializer": die_with_owner,
            "initargs": (os.getpid(),),
        }
    else:
        options = pool_options()
    pool = ProcessPoolExecutor(max_workers=workers, **options)
    for _ in range(workers):  # a fork pool starts every worker at its first submit
        pool.submit(_started)
    return pool


def pool_options() -> dict[str, Any]:
    """Keyword arguments for ``ProcessPoolExecutor``: workers forked from a server that has the
    engine loaded, ending with this process."""
    return {"mp_context": _context(), "initializer": die_with_owner, "initargs": (os.getpid(),)}
