"""The ``replay`` command line with the store and server commands added to the engine's.

``replay.cli`` holds the engine commands and imports no web or database code; this module adds
``ingest``, ``serve``, ``token`` and ``reaudit`` to the same click group. Flask and DuckDB are
imported inside the commands, so ``replay evaluate`` starts as quickly as before.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from api.batch import register as register_batch_audit
from replay.cli import main

register_batch_audit(main)

if TYPE_CHECKING:
    from schemas.db import Store

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


def _open(db: str) -> Store:
    from schemas.db import Store, StoreError

    try:
        return Store(db)
    except StoreError as err:
        raise click.ClickException(str(err)) from None


def _invalid_line(result: dict[str, Any], location: str | None) -> str:
    errors = result["errors"] or [{"field": "", "message": "invalid"}]
    first = errors[0]
    more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
    where = location or f"{result['source'] or '?'}/{result['hand_id'] or '?'}"
    return f"{result['outcome']:<9} {where}  {first['field'] or '<record>'}: {first['message']}{more}"


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
def ingest(
    paths: tuple[str, ...],
    db: str,
    parquet_dir: str | None,
    batch_size: int,
    workers: int | None,
    quiet: bool,
) -> None:
    """Validate, replay and store hand records (files, folders, .json, .ndjson, .gz).

    Each batch is one transaction. The same record again is a duplicate and changes nothing; a
    different record under a stored (source, hand_id) is a conflict, kept for review.
    """
    import os

    from schemas.ingest import batches, ingest_stream, read_paths

    if bool(paths) == bool(parquet_dir):
        raise click.UsageError("give record files or folders, or --parquet DIR (not both)")
    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        raise click.UsageError(f"no such file or folder: {missing[0]}")
    from replay.inputs import expand

    if parquet_dir:
        from schemas.parquet_ingest import ParquetInputError, parquet_bytes, read_parquet

        try:
            total_bytes, files = parquet_bytes(parquet_dir), read_parquet(parquet_dir)
        except ParquetInputError as err:
            raise click.ClickException(str(err)) from None
    else:
        total_bytes = sum(p.stat().st_size for p in expand(list(paths)))
        files = read_paths(list(paths))
    outcomes: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    notes: list[str] = []
    store = _open(db)
    # Worker processes take a second to start: worth it only for more than a few thousand hands.
    nproc = workers or (min(os.cpu_count() or 1, 8) if total_bytes > 8 * 1024 * 1024 else 1)
    with click.progressbar(
        length=max(total_bytes, 1),
        label="ingesting",
        file=sys.stderr,
        hidden=quiet or not sys.stderr.isatty(),
        show_pos=False,
    ) as bar:

        def on_batch(items: Any, results: Any) -> None:
            for item, result in zip(items, results, strict=True):
                outcomes[result.outcome] += 1
                if result.outcome in ("stored", "duplicate") and result.status:
                    statuses[result.status] += 1
                if result.outcome in ("invalid", "conflict") and len(notes) < 50:
                    notes.append(_invalid_line(result.to_json(), item.location))
            bar.update(int(sum(item.weight for item in items)))

        try:
            ingest_stream(store, batches(files, batch_size), on_batch, workers=nproc)
        finally:
            store.close()
    for note in notes:
        click.echo(note)
    total = sum(outcomes.values())
    if total - len(notes) > 0 and len(notes) == 50:
        click.echo("… (first 50 invalid or conflicting records shown)")
    click.echo(
        f"{total} records: "
        + ", ".join(f"{outcomes[o]} {o}" for o in ("stored", "duplicate", "conflict", "invalid"))
    )
    click.echo("audit: " + ", ".join(f"{statuses[s]} {s}" for s in ("ok", "illegal", "mismatch")))


@main.command()
@db_option
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=click.IntRange(0, 65535), default=8080, show_default=True)
@click.option("--public-read", is_flag=True, help="Reads need no token (for a local demo only).")
@click.option(
    "--max-body", type=click.IntRange(1024), default=32 * 1024 * 1024, show_default=True, help="Bytes."
)
@click.option("--threads", type=click.IntRange(1, 256), default=8, show_default=True)
def serve(db: str, host: str, port: int, public_read: bool, max_body: int, threads: int) -> None:
    """Serve the HTTP API (waitress) over the database."""
    import waitress

    from api.app import create_app

    store = _open(db)
    app = create_app(store, public_read=public_read, max_body=max_body)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"serving {db}", err=True)
    click.echo(f"  dashboards: http://{shown}:{port}/   (overview 总览)", err=True)
    click.echo(f"  API:        http://{shown}:{port}/api/v1   (documentation: /api/v1/docs)", err=True)
    if public_read:
        click.echo("--public-read: anyone who can reach this port can read every hand", err=True)
    try:
        waitress.serve(app, host=host, port=port, threads=threads, ident="replay")
    finally:
        store.close()


@main.group()
def token() -> None:
    """API tokens: create, list, revoke (stored hashed; the secret is shown once)."""


@token.command("create")
@db_option
@click.option("--scope", type=click.Choice(["upload", "read", "admin"]), required=True)
@click.option("--source", help="For upload tokens: the only source they may store.")
@click.option("--label", help="A note for the token list (who or what uses it).")
def token_create(db: str, scope: str, source: str | None, label: str | None) -> None:
    """Create a token; its secret is printed alone on the last line."""
    from schemas.hand_record import ID_PATTERN
    from schemas.tokens import create_token

    if source is not None:
        import re

        if not re.fullmatch(ID_PATTERN, source, re.ASCII):
            raise click.BadParameter("1-128 characters of A-Z a-z 0-9 . _ : -", param_hint="--source")
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
def token_list(db: str, as_json: bool) -> None:
    """Every token (never the secrets): id, scope, source, created, revoked."""
    from schemas.tokens import list_tokens

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
                + (f"  {t.label}" if t.label else "")
            )


@token.command("revoke")
@click.argument("token_id")
@db_option
def token_revoke(token_id: str, db: str) -> None:
    """Revoke a token by its id; it stops working at once."""
    from schemas.tokens import revoke_token

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
def reaudit(db: str, as_json: bool, workers: int | None) -> None:
    """Re-run every stored record through the current engine; report the verdicts that changed."""
    import os

    from schemas.ingest import engine_version
    from schemas.ingest import reaudit as run

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
    for change in report.changed:
        if as_json:
            click.echo(json.dumps(change.to_json(), ensure_ascii=False))
        else:
            fields = ", ".join(change.fields)
            click.echo(f"{change.source}/{change.hand_id}: {change.before} → {change.after} ({fields})")
    summary = {
        "audited": report.audited,
        "changed": len(report.changed),
        "engine_version": engine_version(),
        "statuses": dict(report.statuses),
    }
    if as_json:
        click.echo(json.dumps({"summary": summary}))
    else:
        parts = ", ".join(f"{report.statuses[s]} {s}" for s in ("ok", "illegal", "mismatch", "invalid"))
        click.echo(
            f"{report.audited} hands re-audited with engine {summary['engine_version']}: "
            f"{len(report.changed)} verdicts changed; now {parts}"
        )


__all__ = ["main"]

if __name__ == "__main__":
    main()
