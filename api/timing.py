"""``Server-Timing: app;dur=<ms>`` on every response: the time the app spent on the request.

Browsers show it in their network panel and ``bench/bench_scale.py`` reads it, so a page's own
cost (its queries and template) is told apart from the network's and the browser's. It is the
time from the first ``before_request`` to the last ``after_request``: routing, the view, the
template and the other after-request hooks registered before it (compression, when the
dashboards compress, is the blueprint's own hook and so counted).
"""

from __future__ import annotations

import time

from flask import Flask, Response, g


def register(app: Flask) -> None:
    # the first before_request; Flask runs after_request hooks in reverse order of registration
    # (a blueprint's before the app's), so the first registered is the last to run
    app.before_request_funcs.setdefault(None, []).insert(0, _start)
    app.after_request_funcs.setdefault(None, []).insert(0, _stamp)


def _start() -> None:
    g.replay_started = time.perf_counter()


def _stamp(response: Response) -> Response:
    started = g.get("replay_started")
    if started is not None:
        ms = (time.perf_counter() - started) * 1000
        response.headers["Server-Timing"] = f"app;dur={ms:.1f}"
    return response
