"""Running the app under waitress, and stopping it without losing a request or leaving a WAL.

``waitress.serve`` has no graceful stop: SIGTERM's default action kills the process in the
middle of whatever it does, so in-flight uploads get a reset connection and DuckDB's write-ahead
log is left for the next start to replay (6.7 MB after a busy day). ``serve`` here instead
catches SIGTERM and SIGINT and then:

1. stops listening (new connections are refused; a load balancer moves on);
2. lets every request already received, or being received, finish and its answer be sent,
   closing idle keep-alive connections, for at most ``grace`` seconds;
3. stops the worker threads; the caller then stops background jobs and checkpoints the store.

The asyncore loop is waitress's own (``wasyncore``); it is run here one poll at a time so the
signal handler only has to set a flag (it never runs code that takes a lock).
"""

from __future__ import annotations

import logging
import signal
import time
from collections.abc import Callable
from typing import Any

import waitress
from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer

logger = logging.getLogger("replay.serve")
_POLL = 0.2


def _busy(channel: HTTPChannel) -> bool:
    """A request is being received, served or its answer sent on this connection."""
    return bool(channel.requests) or channel.request is not None or bool(channel.total_outbufs_len)


def serve(
    app: Any,
    *,
    host: str,
    port: int,
    threads: int,
    grace: float = 30.0,
    on_stop: Callable[[], None] | None = None,
) -> None:
    """Serve ``app`` until SIGTERM or SIGINT, then drain (see the module docstring) and return.

    ``on_stop`` runs as soon as a signal arrives (to tell background jobs to stop while the
    requests drain). A second signal ends the wait for the requests still in flight (an
    impatient Ctrl-C): ``KeyboardInterrupt`` is raised, and the caller's cleanup still runs.
    """
    socket_map: dict[int, Any] = {}
    server = waitress.create_server(
        app, map=socket_map, host=host, port=port, threads=threads, ident="replay"
    )
    stopping: list[int] = []

    def on_signal(signum: int, _frame: object) -> None:
        if stopping:
            raise KeyboardInterrupt(f"signal {signum} again: not waiting for requests in flight")
        stopping.append(signum)

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        use_poll = server.adj.asyncore_use_poll
        while not stopping:
            wasyncore.loop(timeout=_POLL, map=socket_map, use_poll=use_poll, count=1)
        logger.info("signal %d: draining in-flight requests (at most %.0f s)", stopping[0], grace)
        if on_stop is not None:
            on_stop()
        _drain(server, socket_map, grace, use_poll)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _drain(server: Any, socket_map: dict[int, Any], grace: float, use_poll: bool) -> None:
    for listener in [d for d in socket_map.values() if isinstance(d, BaseWSGIServer)]:
        wasyncore.dispatcher.close(listener)  # stop accepting; the wake-up trigger stays
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        # Poll first: bytes already sent to us are read (and make their request in flight)
        # before a connection is judged idle.
        wasyncore.loop(timeout=_POLL / 4, map=socket_map, use_poll=use_poll, count=1)
        channels = [d for d in socket_map.values() if isinstance(d, HTTPChannel)]
        if not channels:
            break
        for channel in channels:
            if not _busy(channel):
                channel.will_close = True  # an idle keep-alive connection: close it now
    else:
        logger.warning("the grace period ended with requests still in flight")
    server.task_dispatcher.shutdown(cancel_pending=True, timeout=5)
    wasyncore.close_all(socket_map)
