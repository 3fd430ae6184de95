"""The store's commands through a running ``replay serve`` (``--server URL``), and the message for a
database another process holds.

DuckDB lets one process open a database file for writing. While ``replay serve`` runs, ``replay
token``, ``replay reaudit`` and ``replay ingest`` cannot open the file; with ``--server URL``
they call the server's API instead (``/api/v1/admin/...`` and ``POST /api/v1/hands``), so a
leaked token is revoked, or a rules fix re-audited, with no downtime. Without it they say which
process holds the file and what to do, instead of DuckDB's ``Could not set lock on file``.

Plain ``urllib``: the command line needs no HTTP library of its own for a handful of calls.
"""

from __future__ import annotations

import gzip
import json
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import click

API = "/api/v1"
#: Exit status when the database is held by another process (EX_TEMPFAIL: try again, or via the server).
EXIT_LOCKED = 75
COMMANDS = ("serve", "ingest", "reaudit", "token", "batch-audit")

server_option = click.option(
    "--server",
    "server",
    envvar="REPLAY_SERVER",
    default=None,
    metavar="URL",
    help="Go through a running `replay serve` at URL (e.g. http://127.0.0.1:8000) instead of "
    "opening the database; $REPLAY_SERVER sets it.",
)
token_option = click.option(
    "--token",
    "token",
    envvar="REPLAY_TOKEN",
    default=None,
    metavar="SECRET",
    help="With --server: the bearer token to send ($REPLAY_TOKEN); admin for tokens and re-audit, "
    "upload or admin for ingest.",
)


class Locked(click.ClickException):
    """Printed as is (no ``Error:`` prefix): the whole line is the remedy."""

    exit_code = EXIT_LOCKED

    def show(self, file: Any = None) -> None:
        click.echo(self.message, err=True)


def holder(pid: int | None) -> str | None:
    """The ``replay`` command running as ``pid`` (``serve``, ``ingest`` ...), from /proc when it
    can be read; None when it cannot, or the process is not a ``replay`` command."""
    if pid is None:
        return None
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return None
    words = [a.decode("utf-8", "replace") for a in argv]
    if not any(Path(w).name == "replay" or w in ("cli.main", "cli/main.py") for w in words[:3]):
        return None
    return next((w for w in words[1:] if w in COMMANDS), None)


def locked_message(db: str, pid: int | None, *, via_server: bool = True) -> str:
    """What to do about a database file another process holds (see ``store.db.StoreLocked``).

    ``via_server``: the command can go through the server instead (``--server URL``)."""
    who = holder(pid)
    ident = f"PID {pid}" if pid is not None else "PID unknown"
    remedy = "pass `--server URL` or stop it" if via_server else "stop it, or use another --db"
    if who == "serve":
        return f"`replay serve` ({ident}) holds {db}: {remedy}"
    if who is not None:
        return f"`replay {who}` ({ident}) holds {db}: wait for it to finish or stop it"
    if via_server:
        remedy = "if it is `replay serve`, pass `--server URL`; else stop it"
    return f"another process ({ident}) holds {db}: {remedy}"


class Client:
    """JSON calls to one server with one bearer token; failures become ``click`` errors naming the
    server's own problem detail."""

    def __init__(self, url: str, token: str | None) -> None:
        base = url.rstrip("/")
        if not base.startswith(("http://", "https://")):
            raise click.BadParameter("give the server as http://HOST:PORT", param_hint="--server")
        if base.endswith(API):
            base = base[: -len(API)]
        self.base = base + API
        if not token:
            raise click.UsageError("--server needs a token: pass --token SECRET or set $REPLAY_TOKEN")
        self.token = token

    def call(
        self,
        method: str,
        path: str,
        body: object = None,
        *,
        data: bytes | None = None,
        content_type: str = "application/json",
        gzipped: bool = False,
        ok: tuple[int, ...] = (200, 201, 202),
    ) -> tuple[int, Any]:
        """``(status, JSON answer)``; statuses outside ``ok`` raise with the problem's detail."""
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        if body is not None:
            data = json.dumps(body).encode()
        if data is not None:
            headers["Content-Type"] = content_type
            if gzipped:
                data = gzip.compress(data, compresslevel=5)
                headers["Content-Encoding"] = "gzip"
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=600) as response:
                status, text = response.status, response.read()
        except urllib.error.HTTPError as err:
            status, text = err.code, err.read()
        except (urllib.error.URLError, OSError) as err:
            reason = getattr(err, "reason", err)
            raise click.ClickException(f"cannot reach the server at {self.base}: {reason}") from None
        try:
            answer = json.loads(text) if text else None
        except ValueError:
            answer = None
        if status not in ok:
            detail = answer.get("detail") if isinstance(answer, dict) else None
            errors = answer.get("errors") if isinstance(answer, dict) else None
            where = "; ".join(f"{e.get('field')}: {e.get('message')}" for e in errors or [] if e.get("field"))
            message = f"the server answered {status}: {detail or text[:200].decode('utf-8', 'replace')}"
            raise click.ClickException(message + (f" ({where})" if where else ""))
        return status, answer

    def quote(self, value: str) -> str:
        return urllib.parse.quote(value, safe="")


def reaudit(
    client: Client, workers: int | None, show_progress: bool
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Start a re-audit on the server (or follow the one running), wait for it with a progress
    bar, and return ``(changes, job)`` once it is done: the same report ``replay reaudit`` makes."""
    import sys
    import time

    status, answer = client.call(
        "POST", "/admin/reaudit", {"workers": workers} if workers else {}, ok=(202, 409)
    )
    if status == 409:  # one is running already: follow it rather than fail
        _, jobs = client.call("GET", "/admin/reaudit")
        running = [j for j in jobs["items"] if j["state"] == "running"]
        if not running:
            raise click.ClickException(f"the server refused to start a re-audit: {answer.get('detail')}")
        answer = running[0]
        click.echo(f"following re-audit {answer['job_id']}, already running on the server", err=True)
    job_id = answer["job_id"]
    path = f"/admin/reaudit/{client.quote(job_id)}"
    shown = 0
    bar: Any = None
    try:
        while True:
            _, job = client.call("GET", f"{path}?limit=1000")
            done, total = job["progress"]["done"], job["progress"]["total"]
            if bar is None and total:
                bar = click.progressbar(
                    length=total, label="re-auditing", file=sys.stderr, hidden=not show_progress
                )
                bar.__enter__()
            if bar is not None:
                bar.update(done - shown)
                shown = done
            if job["state"] != "running":
                break
            time.sleep(0.5)
    except KeyboardInterrupt:
        raise click.ClickException(
            f"stopped following; re-audit {job_id} goes on on the server (GET {client.base}{path})"
        ) from None
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    if job["state"] == "failed":
        raise click.ClickException(f"the re-audit {job_id} failed on the server: {job['error']}")
    if job["state"] == "stopped":
        raise click.ClickException(
            f"the server stopped re-audit {job_id} at {done} of {total} hands (it was shutting down);"
            " run it again"
        )
    result = job["result"]
    changes: list[dict[str, Any]] = list(result["changes"])
    while len(changes) < result["changed"]:
        _, page = client.call("GET", f"{path}?limit=1000&offset={len(changes)}")
        if not page["result"]["changes"]:
            break
        changes.extend(page["result"]["changes"])
    return changes, job


def upload_batch(client: Client, items: list[Any], analysis: bool = True) -> list[dict[str, Any]]:
    """Send one batch of ``replay.inputs.Item`` to ``POST /hands``; one result per item, in order.

    ``analysis=False`` (``replay ingest --no-analysis --server``) asks ``?analysis=false``.

    Each record goes with its exact bytes, so the server stores what ``replay ingest`` would: the
    one-line records (NDJSON files, and the lines that do not parse, which the server keeps as
    ``invalid``) as one gzip NDJSON body, the records of JSON files (which may span lines) as one
    JSON array of their bytes. A file that could not be read at all has no bytes to send: it is
    reported ``invalid`` here, as the local command reports it.
    """
    from replay.inputs import Unreadable

    results: list[dict[str, Any] | None] = [None] * len(items)
    lines, values = [], []
    for i, item in enumerate(items):
        if item.raw.strip() and b"\n" not in item.raw and b"\r" not in item.raw:
            lines.append(i)
        elif not isinstance(item.obj, Unreadable):
            values.append(i)
        else:
            results[i] = {
                "source": None,
                "hand_id": None,
                "outcome": "invalid",
                "status": None,
                "errors": [{"field": item.obj.field, "message": item.obj.message}],
            }
    for indices, data, kind in (
        (lines, b"\n".join(items[i].raw for i in lines), "application/x-ndjson"),
        (values, b"[" + b",".join(items[i].raw for i in values) + b"]", "application/json"),
    ):
        if not indices:
            continue
        path = "/hands" if analysis else "/hands?analysis=false"
        status, answer = client.call("POST", path, data=data, content_type=kind, gzipped=True, ok=(200, 413))
        if status == 413:  # the server's limit on a request: smaller batches get through
            detail = answer.get("detail") if isinstance(answer, dict) else None
            raise click.ClickException(
                f"the server refused a batch of {len(indices)} records as too large ({detail});"
                " pass a smaller --batch-size"
            )
        got = answer["results"]
        if len(got) != len(indices):
            raise click.ClickException(
                f"the server answered {len(got)} results for {len(indices)} records; nothing more is sent"
            )
        for i, result in zip(indices, got, strict=True):
            results[i] = result
    return [r for r in results if r is not None]
