"""The ``replay`` command line: every command, composed on one click group.

The engine's commands (``audit``, ``evaluate``, ``simulate``) import no web or database code;
the store's (``ingest``, ``serve``, ``token``, ``reaudit``) and ``batch-audit`` import DuckDB,
Flask, Arrow and Dask inside the command, so ``replay evaluate`` starts as quickly as the engine
alone allows (``tests/cli/test_cli_imports.py`` holds this).
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import click

from cli.remote import server_option, token_option
from replay.errors import InputError
from replay.failure import ERROR, is_internal
from replay.games import GAMES, PLATFORM, platform_games
from replay.games.wuhan.audit import STATUSES
from replay.games.wuhan.evaluate import evaluate_each
from replay.games.wuhan.ruleset import PRESETS

if TYPE_CHECKING:
    from store.batch import PartResult
    from store.db import Store


@click.group(
    help=f"{PLATFORM}: replay, audit and settle the hand records of the platform's mahjong games"
    f" ({platform_games()})."
)
@click.version_option(package_name="wuhan-replay")  # the distribution's name, which installs keep
def main() -> None:
    pass


#: The bounds of one read, the server's per request (``--max-body``, ``--max-records``): the most
#: bytes held at once (a file read whole, what a .gz inflates to, one NDJSON line; NDJSON past it
#: is streamed) and the most records a file (audit, ingest) or an input (evaluate) may hold.
DEFAULT_MAX_BYTES = 32 * 1024 * 1024
DEFAULT_MAX_RECORDS = 1_000_000
EVALUATE_MAX_RECORDS = 5000

max_bytes_option = click.option(
    "--max-bytes",
    type=click.IntRange(1024),
    default=DEFAULT_MAX_BYTES,
    show_default=True,
    help="Bytes read into memory at once: a file read whole, a .gz inflated, one NDJSON line.",
)


def max_records_option(default: int, what: str) -> Any:
    return click.option(
        "--max-records",
        type=click.IntRange(1),
        default=default,
        show_default=True,
        help=f"Records {what}; past it the rest is refused, naming the bound.",
    )


def _evaluate_error(message: str) -> None:
    click.echo(json.dumps({"error": {"field": "", "message": message}}))
    sys.exit(2)


@main.command()
@click.argument("file", type=click.File("rb"), default="-")
@max_bytes_option
@max_records_option(EVALUATE_MAX_RECORDS, "in one input (as the server's /evaluate)")
def evaluate(file: BinaryIO, max_bytes: int, max_records: int) -> None:
    """Judge and settle described wins: one JSON object or NDJSON in, one JSON line out per input."""
    from replay.inputs import TooManyRecords, read_upto

    data = read_upto(file, max_bytes + 1)  # a device or an endless pipe costs the bound, no more
    if len(data) > max_bytes:
        _evaluate_error(f"input is over --max-bytes ({max_bytes} bytes): raise --max-bytes or split it")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        _evaluate_error(f"input is not UTF-8: {err}")
    malformed = failed = False
    try:
        for answer in evaluate_each(text, max_records):  # each line written before the next is judged
            if is_internal(answer):
                failed = True
            elif "error" in answer:
                malformed = True
            click.echo(json.dumps(answer, ensure_ascii=False, separators=(",", ":")))
    except TooManyRecords:  # counted before any input is judged
        _evaluate_error(
            f"input holds more than {max_records} inputs, the bound --max-records: raise --max-records"
            " or split it"
        )
    sys.exit(INTERNAL_EXIT if failed else 2 if malformed else 0)


#: the exit status of ``evaluate`` and ``audit`` when the engine failed on some input (an
#: ``internal_error`` answer, an audit with status ``error``): apart from 1 (illegal or mismatch)
#: and 2 (malformed input), and it wins over both, since an engine bug is news for an operator
#: (docs/evaluate.md, docs/audit.md)
INTERNAL_EXIT = 3


def _with_errors(parts: str, errors: int) -> str:
    """A summary's status counts, with ``, N error`` when the engine failed on some record (a
    run without one prints exactly what it printed before the status existed)."""
    return f"{parts}, {errors} {ERROR}" if errors else parts


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per record, in input order.")
@click.option(
    "--analysis/--no-analysis",
    default=True,
    show_default=True,
    help="The mistake analysis; --no-analysis gives the verdict only (mistakes: []), faster.",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 256),
    default=None,
    help="Processes that audit (default: every core, for inputs over a few thousand hands).",
)
@click.option("--progress/--no-progress", default=None, help="Progress bar (default: on a terminal).")
@max_bytes_option
@max_records_option(DEFAULT_MAX_RECORDS, "in one file")
def audit(
    paths: tuple[str, ...],
    as_json: bool,
    analysis: bool,
    workers: int | None,
    progress: bool | None,
    max_bytes: int,
    max_records: int,
) -> None:
    """Replay and audit hand records (JSON, NDJSON, .gz files or folders).

    Streams: records are audited chunk by chunk and written in input order, in constant memory;
    the output is the same for any number of workers.
    """
    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        raise click.UsageError(f"no such file or folder: {missing[0]}")
    from replay.inputs import Limits, expand
    from schemas.audit_run import Rate, default_workers, run_audit, summary_line, to_json

    total = sum(p.stat().st_size for p in expand(list(paths)))
    big = total > BIG_INPUT
    nproc = workers or (default_workers() if big else 1)
    show = progress if progress is not None else (big and sys.stderr.isatty())
    counts: Counter[str] = Counter()
    out = sys.stdout
    rate = Rate()
    with click.progressbar(
        length=max(total, 1), label="auditing", file=sys.stderr, hidden=not show, show_pos=False
    ) as bar:

        def on_chunk(records: int, weight: float) -> None:
            bar.label = f"auditing ({rate.add(records)})"
            bar.update(int(weight))

        render = to_json if as_json else summary_line
        # a process that runs to the end of its input: its heap is frozen after a first chunk
        audits = run_audit(
            list(paths),
            render,
            analysis=analysis,
            workers=nproc,
            on_chunk=on_chunk,
            freeze_gc=True,
            limits=Limits(max_bytes, max_records),
        )
        for a in audits:
            counts[a.status] += 1
            out.write(a.line + "\n")
    if not as_json:
        parts = ", ".join(f"{counts[s]} {s}" for s in STATUSES)
        click.echo(f"{sum(counts.values())} records: {_with_errors(parts, counts[ERROR])}")
    out.flush()
    if counts[ERROR]:
        sys.exit(INTERNAL_EXIT)
    if counts["invalid"]:
        sys.exit(2)
    sys.exit(1 if counts["illegal"] or counts["mismatch"] else 0)


#: inputs larger than this (about 3,000 hands) get every core and, on a terminal, a progress bar:
#: below it, starting worker processes costs more than it saves
BIG_INPUT = 12 * 1024 * 1024


@main.command()
@click.option("--hands", type=click.IntRange(1, 10_000_000), required=True, help="How many hands to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, byte-identical output.")
@click.option(
    "--game",
    type=click.Choice(sorted(GAMES)),
    default="wuhan",
    show_default=True,
    help=(
        "Which game the bots play (its record format: wuhan-hand/1, sichuan-hand/1, changsha-hand/1,"
        " erren-hand/1)."
    ),
)
@click.option(
    "--preset",
    type=click.Choice(sorted(set(PRESETS) | {p for g in GAMES.values() for p in g.presets})),
    default=None,
    help="The game's preset (default: hzlzg for wuhan, xuezhan for sichuan, changsha for changsha).",
)
@click.option(
    "--overrides",
    default=None,
    help=(
        'Sichuan and Changsha: ruleset overrides as JSON (Sichuan: default {"swap_three": "same_suit"},'
        " the club room, {} plays the bare preset; Changsha: default {})."
    ),
)
@click.option("--players", type=click.IntRange(4, 1000), default=8, show_default=True, help="Pool size.")
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=None,
    help="Processes (default: one per core from 100 hands).",
)
def simulate(
    hands: int,
    seed: int,
    game: str,
    preset: str | None,
    overrides: str | None,
    players: int,
    workers: int | None,
) -> None:
    """Self-play: NDJSON of complete, legal hand records with the engine's result.

    The output depends only on the seed, not on the number of workers.
    """
    chosen = GAMES[game]
    presets = sorted(PRESETS) if game == "wuhan" else chosen.presets
    preset = preset or chosen.presets[0]
    if preset not in presets:
        raise click.BadParameter(
            f"{preset!r} is not a {game} preset; {game} has {', '.join(presets)}", param_hint="--preset"
        )
    if workers is None:
        workers = min(os.cpu_count() or 1, 8) if hands >= 100 else 1
    if game == "wuhan":
        if overrides is not None:
            raise click.BadParameter("Wuhan's bots play presets as they are", param_hint="--overrides")
        from replay.games.wuhan import simulate as sim

        for record in sim.simulate(hands, seed, preset, players, workers):
            sys.stdout.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
        return
    parsed: dict[str, Any] | None = None
    if overrides is not None:
        try:
            parsed = json.loads(overrides)
        except json.JSONDecodeError as err:
            raise click.BadParameter(f"not JSON: {err}", param_hint="--overrides") from None
        if not isinstance(parsed, dict):
            raise click.BadParameter("must be a JSON object of ruleset parameters", param_hint="--overrides")
    try:
        records = chosen.simulate(hands, seed, preset, parsed, players, workers)
        first = next(records, None)
    except InputError as err:
        raise click.BadParameter(f"{err.field}: {err.message}", param_hint="--overrides") from None
    if first is not None:
        sys.stdout.write(json.dumps(first, ensure_ascii=False, separators=(",", ":")) + "\n")
    for record in records:
        sys.stdout.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")


# --------------------------------------------------------------------------------------------
# The store's commands: DuckDB (and Flask for serve) imported inside each.

DEFAULT_DB = "data/replay.duckdb"

db_option = click.option(
    "--db",
    "db",
    envvar="REPLAY_DB",
    default=DEFAULT_DB,
    show_default=True,
    type=click.Path(dir_okay=False),
    help="The DuckDB file (created if missing); $REPLAY_DB overrides the default.",
)


def _open(db: str, *, via_server: bool = True) -> Store:
    """The store, or the remedy when another process holds the file (cli/remote.py)."""
    from store.db import Store, StoreError, StoreLocked

    try:
        return Store(db)
    except StoreLocked as err:
        from cli.remote import Locked, locked_message

        raise Locked(locked_message(db, err.pid, via_server=via_server)) from None
    except StoreError as err:
        raise click.ClickException(str(err)) from None


def _invalid_line(result: dict[str, Any], location: str | None) -> str:
    """An invalid or conflicting record, or one stored with status ``error`` (the engine failed on
    it: stored all the same, for ``replay reaudit`` to judge again once the engine is fixed)."""
    label = ERROR if result["outcome"] == "stored" else result["outcome"]
    errors = result["errors"] or [{"field": "", "message": label}]
    first = errors[0]
    more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
    where = location or f"{result['source'] or '?'}/{result['hand_id'] or '?'}"
    return f"{label:<9} {where}  {first['field'] or '<record>'}: {first['message']}{more}"


@main.command()
@click.argument("paths", nargs=-1, required=False)
@db_option
@click.option(
    "--parquet",
    "parquet_dir",
    type=click.Path(exists=True, file_okay=False),
    help="Load the output of `replay batch-audit --out DIR` instead of record files.",
)
@click.option("--batch-size", type=click.IntRange(1, 100_000), default=1000, show_default=True)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=None,
    help="Processes that validate and replay (default: one per CPU for inputs over 8 MB, else 1).",
)
@click.option("--quiet", is_flag=True, help="No progress bar.")
@server_option
@token_option
@click.option(
    "--analysis/--no-analysis",
    default=True,
    show_default=True,
    help="The mistake analysis; --no-analysis stores verdicts only (no mistakes, no per-seat facts).",
)
@max_bytes_option
@max_records_option(DEFAULT_MAX_RECORDS, "in one file")
def ingest(
    paths: tuple[str, ...],
    db: str,
    parquet_dir: str | None,
    batch_size: int,
    workers: int | None,
    quiet: bool,
    server: str | None,
    token: str | None,
    analysis: bool,
    max_bytes: int,
    max_records: int,
) -> None:
    """Validate, replay and store hand records (files, folders, .json, .ndjson, .gz).

    Each batch is one transaction. The same record again is a duplicate and changes nothing; a
    different record under a stored (source, hand_id) is a conflict, kept for review. With
    --server each batch is one upload to the running server instead (an upload or admin token).
    """

    if bool(paths) == bool(parquet_dir):
        raise click.UsageError("give record files or folders, or --parquet DIR (not both)")
    if server and parquet_dir:
        raise click.UsageError("--parquet loads into a database file; stop the server for it, not --server")
    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        raise click.UsageError(f"no such file or folder: {missing[0]}")
    from replay.inputs import Limits, read_paths
    from schemas.audit_run import Rate

    total_bytes = _path_bytes(paths) if paths else 0
    pool = None
    if paths and not server:
        # Forked now, before DuckDB and Arrow are loaded (their threads must not be copied), the
        # workers share the engine this process imported (store/workers.py, forked_pool).
        nproc = _worker_count(workers, total_bytes)
        if nproc > 1:
            from store.workers import forked_pool

            pool = forked_pool(nproc)
            click.get_current_context().call_on_close(pool.shutdown)
    from store.ingest import batches, ingest_stream

    if parquet_dir:
        from store.parquet_load import ParquetInputError, parquet_bytes, read_parquet

        try:
            total_bytes, files = parquet_bytes(parquet_dir), read_parquet(parquet_dir)
        except ParquetInputError as err:
            raise click.ClickException(str(err)) from None
    else:
        files = read_paths(list(paths), Limits(max_bytes, max_records))
    outcomes: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    notes: list[str] = []
    store = None if server else _open(db)
    nproc = _worker_count(workers, total_bytes)
    rate = Rate()
    with click.progressbar(
        length=max(total_bytes, 1),
        label="ingesting",
        file=sys.stderr,
        hidden=quiet or not sys.stderr.isatty(),
        show_pos=False,
    ) as bar:

        def on_batch(items: Any, results: Any) -> None:
            for item, answer in zip(items, results, strict=True):
                result = answer if isinstance(answer, dict) else answer.to_json()  # from the server or not
                outcomes[result["outcome"]] += 1
                if result["outcome"] in ("stored", "duplicate") and result["status"]:
                    statuses[result["status"]] += 1
                failed = result["outcome"] == "stored" and result["status"] == ERROR
                if (result["outcome"] in ("invalid", "conflict") or failed) and len(notes) < 50:
                    notes.append(_invalid_line(result, item.location))
            bar.label = f"ingesting ({rate.add(len(items))})"
            bar.update(int(sum(item.weight for item in items)))

        try:
            if store is not None:
                # With workers each batch is cut into pieces for all of them, so the first need
                # not be small to get them going; small ones cost more to commit (940 µs a hand
                # at 250 against about 600 at 1,000): no ramp then (docs/store.md)
                ingest_stream(
                    store,
                    batches(files, batch_size, first=batch_size if nproc > 1 else 64),
                    on_batch,
                    workers=nproc,
                    analysis=analysis,
                    freeze_gc=True,
                    pool=pool,
                )
            else:
                from cli import remote

                client = remote.Client(str(server), token)
                for items in batches(files, batch_size):
                    on_batch(items, remote.upload_batch(client, items, analysis=analysis))
        finally:
            if store is not None:
                store.close()
    for note in notes:
        click.echo(note)
    total = sum(outcomes.values())
    if total - len(notes) > 0 and len(notes) == 50:
        click.echo("… (first 50 invalid, conflicting or failed records shown)")
    click.echo(
        f"{total} records: "
        + ", ".join(f"{outcomes[o]} {o}" for o in ("stored", "duplicate", "conflict", "invalid"))
    )
    audited = ", ".join(f"{statuses[s]} {s}" for s in ("ok", "illegal", "mismatch"))
    click.echo("audit: " + _with_errors(audited, statuses[ERROR]))


def _worker_count(workers: int | None, total_bytes: int) -> int:
    """``--workers``, or every core for input over 8 MB: worker processes take a second to start,
    worth it only for more than a few thousand hands."""
    from schemas.audit_run import default_workers

    return workers or (default_workers() if total_bytes > 8 * 1024 * 1024 else 1)


def _path_bytes(paths: tuple[str, ...]) -> int:
    """The bytes of every record file under ``paths`` (for the progress bar and ``--workers``)."""
    from replay.inputs import expand

    return sum(p.stat().st_size for p in expand(list(paths)))


@main.command()
@db_option
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--public-read", is_flag=True, help="Reads need no token (for a local demo only).")
@click.option(
    "--max-body", type=click.IntRange(1024), default=32 * 1024 * 1024, show_default=True, help="Bytes."
)
@click.option(
    "--max-records",
    type=click.IntRange(1),
    default=5000,
    show_default=True,
    help="Records in one request (413 past it, before any is audited).",
)
@click.option(
    "--rate-limit",
    default="600 per minute",
    show_default=True,
    help="Requests per token (or per address without one); 'off' for none. 429 past it.",
)
@click.option(
    "--work-rate-limit",
    default="60 per minute",
    show_default=True,
    help="Uploads, audits and evaluations per token (or address); 'off' for none.",
)
@click.option(
    "--proxy-hops",
    type=click.IntRange(0, 10),
    default=0,
    show_default=True,
    help="Proxies in front that set X-Forwarded-For/-Proto/-Host (trusted for HTTPS and addresses).",
)
@click.option(
    "--secure-cookies",
    type=click.Choice(["auto", "always"]),
    default="auto",
    show_default=True,
    help="Mark the sign-in cookie Secure: when the request is HTTPS (auto), or always.",
)
@click.option("--threads", type=click.IntRange(1, 256), default=8, show_default=True)
@click.option(
    "--grace",
    type=click.FloatRange(0, 3600),
    default=30,
    show_default=True,
    help="Seconds in-flight requests get to finish after SIGTERM/SIGINT.",
)
def serve(
    db: str,
    host: str,
    port: int,
    public_read: bool,
    max_body: int,
    max_records: int,
    rate_limit: str,
    work_rate_limit: str,
    proxy_hops: int,
    secure_cookies: str,
    threads: int,
    grace: float,
) -> None:
    """Serve the HTTP API (waitress) over the database.

    SIGTERM or SIGINT stops it cleanly: no new connections, in-flight requests finish (up to
    --grace seconds), a running re-audit stops between chunks, and the database is checkpointed.
    """
    from api.app import create_app
    from api.serve import serve as run

    store = _open(db, via_server=False)
    try:
        app = create_app(
            store,
            public_read=public_read,
            max_body=max_body,
            max_records=max_records,
            rate_limit=rate_limit,
            work_rate_limit=work_rate_limit,
            proxy_hops=proxy_hops,
            secure_cookies=secure_cookies,
        )
    except ValueError as err:
        store.close()
        raise click.BadParameter(str(err)) from None
    jobs = app.extensions["replay.jobs"]
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"serving {db}", err=True)
    click.echo(f"  dashboards: http://{shown}:{port}/   (overview 总览)", err=True)
    click.echo(f"  API:        http://{shown}:{port}/api/v1   (documentation: /api/v1/docs)", err=True)
    if public_read:
        click.echo("--public-read: anyone who can reach this port can read every hand", err=True)
    try:
        run(app, host=host, port=port, threads=threads, grace=grace, on_stop=lambda: jobs.shutdown(0))
        jobs.shutdown()
    finally:
        store.close(checkpoint=True)
    click.echo("stopped: requests drained, database checkpointed", err=True)


@main.group()
def token() -> None:
    """API tokens: create, list, revoke (stored hashed; the secret is shown once)."""


@token.command("create")
@db_option
@click.option("--scope", type=click.Choice(["upload", "read", "admin"]), required=True)
@click.option(
    "--source", help="Upload tokens: the only source they may store; read tokens: the only source they read."
)
@click.option("--label", help="A note for the token list (who or what uses it).")
@server_option
@token_option
def token_create(
    db: str, scope: str, source: str | None, label: str | None, server: str | None, token: str | None
) -> None:
    """Create a token; its secret is printed alone on the last line."""
    from schemas.hand_record import ID_PATTERN
    from store.tokens import clean_label, create_token

    if source is not None:
        import re

        if not re.fullmatch(ID_PATTERN, source, re.ASCII):
            raise click.BadParameter("1-128 characters of A-Z a-z 0-9 . _ : -", param_hint="--source")
    if label is not None:
        try:
            clean_label(label)
        except ValueError as err:
            raise click.BadParameter(str(err).removeprefix("label: "), param_hint="--label") from None
    if server:
        from cli.remote import Client

        body = {k: v for k, v in (("scope", scope), ("source", source), ("label", label)) if v is not None}
        _, answer = Client(server, token).call("POST", "/admin/tokens", body)
        token_id, secret = answer["token"]["token_id"], answer["secret"]
    else:
        store = _open(db)
        try:
            token_id, secret = create_token(store, scope, source, label)
        except ValueError as err:
            raise click.UsageError(str(err)) from None
        finally:
            store.close()
    bound = f" for source {source}" if source else ""
    click.echo(
        f"created {scope} token {token_id}{bound}; keep the secret below, it is not shown again:", err=True
    )
    click.echo(secret)


@token.command("list")
@db_option
@click.option("--json", "as_json", is_flag=True)
@server_option
@token_option
def token_list(db: str, as_json: bool, server: str | None, token: str | None) -> None:
    """Every token (never the secrets): id, scope, source, created, revoked."""
    from store.tokens import Token, list_tokens, printable

    if server:
        from datetime import datetime

        from cli.remote import Client

        _, answer = Client(server, token).call("GET", "/admin/tokens")
        tokens = [
            Token(
                t["token_id"],
                t["scope"],
                t["source"],
                t["label"],
                datetime.fromisoformat(t["created_at"]),
                datetime.fromisoformat(t["revoked_at"]) if t["revoked_at"] else None,
            )
            for t in answer["items"]
        ]
    else:
        store = _open(db)
        try:
            tokens = list_tokens(store)
        finally:
            store.close()
    for t in tokens:
        if as_json:
            click.echo(json.dumps(t.to_json(), ensure_ascii=False))
        else:
            state = f"revoked {t.revoked_at:%Y-%m-%d %H:%M}" if t.revoked_at else "active"
            click.echo(
                f"{t.token_id}  {t.scope:<6}  {t.source or '-':<20}  {t.created_at:%Y-%m-%d %H:%M}  {state}"
                + (f"  {printable(t.label)}" if t.label else "")
            )


@token.command("revoke")
@click.argument("token_id")
@db_option
@server_option
@token_option
def token_revoke(token_id: str, db: str, server: str | None, token: str | None) -> None:
    """Revoke a token by its id; it stops working at once."""
    from store.tokens import revoke_token

    if server:
        from cli.remote import Client

        client = Client(server, token)
        status, _ = client.call("POST", f"/admin/tokens/{client.quote(token_id)}/revoke", ok=(200, 404))
        found = status == 200
    else:
        store = _open(db)
        try:
            found = revoke_token(store, token_id)
        finally:
            store.close()
    if not found:
        raise click.ClickException(f"no active token {token_id}")
    click.echo(f"revoked {token_id}")


@main.command()
@db_option
@click.option("--json", "as_json", is_flag=True, help="One JSON object per changed verdict, then a summary.")
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=None,
    help="Processes that replay (default: one per CPU for more than 2000 hands, else 1).",
)
@server_option
@token_option
def reaudit(db: str, as_json: bool, workers: int | None, server: str | None, token: str | None) -> None:
    """Re-run every stored record through the current engine; report the verdicts that changed.

    With --server the running server re-audits in the background (uploads go on); this command
    follows its progress and prints the same report.
    """
    import os

    from store.reaudit import reaudit as run
    from store.version import engine_version

    if server:
        from cli import remote

        changes, job = remote.reaudit(remote.Client(server, token), workers, sys.stderr.isatty())
        statuses = {s: n for s, n in job["result"]["statuses"].items() if n}
        audited, version = job["result"]["audited"], job["engine_version"]
    else:
        store = _open(db)
        try:
            with store.read() as cur:
                row = cur.execute("SELECT count(*) FROM hands").fetchall()
            total = int(row[0][0])
            with click.progressbar(
                length=max(total, 1), label="re-auditing", file=sys.stderr, hidden=not sys.stderr.isatty()
            ) as bar:
                nproc = workers or (min(os.cpu_count() or 1, 8) if total > 2000 else 1)
                report = run(store, progress=bar.update, workers=nproc)
        finally:
            store.close()
        changes = [change.to_json() for change in report.changed]
        statuses, audited, version = dict(report.statuses), report.audited, engine_version()
    for change in changes:
        if as_json:
            click.echo(json.dumps(change, ensure_ascii=False))
        else:
            fields = ", ".join(change["fields"])
            click.echo(
                f"{change['source']}/{change['hand_id']}: {change['before']} → {change['after']} ({fields})"
            )
    summary = {"audited": audited, "changed": len(changes), "engine_version": version, "statuses": statuses}
    if as_json:
        click.echo(json.dumps({"summary": summary}))
    else:
        parts = ", ".join(f"{statuses.get(s, 0)} {s}" for s in ("ok", "illegal", "mismatch", "invalid"))
        parts = _with_errors(parts, statuses.get(ERROR, 0))
        click.echo(
            f"{audited} hands re-audited with engine {version}: {len(changes)} verdicts changed; now {parts}"
        )


# --------------------------------------------------------------------------------------------
# The batch audit on a Dask cluster.


@main.command("batch-audit")
@click.argument("inputs", nargs=-1, required=True, type=click.Path(exists=True))
@click.option(
    "--out", "out_dir", required=True, type=click.Path(file_okay=False), help="Folder for the Parquet."
)
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="A running Dask scheduler.")
@click.option(
    "--workers",
    type=click.IntRange(1, 512),
    default=None,
    help="Worker processes of the local cluster (default: one per core); not with --scheduler.",
)
@click.option(
    "--part-lines",
    type=click.IntRange(1, 10_000_000),
    default=None,
    help="Input lines per task (default: sized from the input, about 8 tasks per worker, 256 KiB-32 MiB).",
)
@click.option(
    "--shared-inputs",
    is_flag=True,
    help="With --scheduler: the input paths exist on every worker (a shared mount), so workers "
    "read their parts instead of the client sending them. Always so for a local cluster.",
)
@click.option("--overwrite", is_flag=True, help="Replace earlier batch output in the folder.")
@click.option("--progress/--no-progress", default=None, help="Progress bar (default: when on a terminal).")
@click.option("--json", "as_json", is_flag=True, help="The summary as one JSON object.")
@click.option(
    "--analysis/--no-analysis",
    default=True,
    show_default=True,
    help="The mistake analysis; --no-analysis writes the verdicts only (no mistakes rows), faster.",
)
def batch_audit_command(
    inputs: tuple[str, ...],
    out_dir: str,
    scheduler: str | None,
    workers: int | None,
    part_lines: int | None,
    shared_inputs: bool,
    overwrite: bool,
    progress: bool | None,
    as_json: bool,
    analysis: bool,
) -> None:
    """Audit NDJSON/gzip hand records on a Dask cluster into hive-partitioned Parquet.

    Writes DIR/audits, DIR/settlements, DIR/mistakes and DIR/events, partitioned by ruleset
    preset and played date (UTC); one audits row per input record, invalid ones included.
    Exits 0 when the run completed, whatever the records' statuses (they are in the output).
    """
    from store.batch import BatchError, dask_client, input_bytes, run_batch, summary_lines

    if scheduler is not None and workers is not None:
        raise click.UsageError("--workers sizes the local cluster; with --scheduler the cluster is yours")
    show = sys.stderr.isatty() if progress is None else progress
    hands = 0
    with click.progressbar(
        length=max(input_bytes(list(inputs)), 1),
        label="auditing",
        file=sys.stderr,
        hidden=not show,
        item_show_func=lambda item: item,
    ) as bar:

        def on_part(result: PartResult) -> None:
            nonlocal hands
            hands += result.records
            bar.update(result.size, f"{hands:,} hands")

        try:
            with dask_client(scheduler, workers) as client:
                summary = run_batch(
                    client,
                    inputs,
                    out_dir,
                    part_lines=part_lines,
                    overwrite=overwrite,
                    shared_inputs=shared_inputs or scheduler is None,
                    on_part=on_part,
                    analysis=analysis,
                )
        except BatchError as err:
            raise click.ClickException(str(err)) from None
        except OSError as err:  # the scheduler cannot be reached
            raise click.ClickException(f"cannot reach the Dask scheduler {scheduler}: {err}") from None
    if as_json:
        click.echo(json.dumps(summary.to_json()))
    else:
        for line in summary_lines(summary):
            click.echo(line)


if __name__ == "__main__":
    main()
