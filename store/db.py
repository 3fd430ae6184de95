"""The DuckDB store: opening, migrating, and the one-writer discipline.

DuckDB allows one writing process per database file and, inside it, resolves concurrent writes
optimistically (the loser of a conflict gets an error). The service instead serialises every
write through one lock, so an upload never fails because another upload touched the same table,
while reads each get their own cursor and run alongside the writer on DuckDB's snapshots.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb

from store.migrations import all_migrations

DEFAULT_DB = "data/replay.duckdb"


class StoreError(Exception):
    """The database cannot be used as it is (written by a newer version, locked, corrupt)."""


class StoreLocked(StoreError):
    """Another process has the file open (DuckDB allows one): ``pid`` is that process, when known.

    DuckDB's own message names the holder's executable and PID but not the remedy; the command
    line turns this into one (``replay serve`` holds it: go through the server, or stop it).
    """

    def __init__(self, path: str, pid: int | None, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.pid = pid


_LOCK_PID = re.compile(r"Conflicting lock is held in .*?\(PID (\d+)\)")


def _locked(path: str, err: duckdb.Error) -> StoreLocked | None:
    """A ``StoreLocked`` when DuckDB refused the file because another process holds its lock."""
    text = str(err)
    if "Could not set lock" not in text and "Conflicting lock" not in text:
        return None
    found = _LOCK_PID.search(text)
    pid = int(found.group(1)) if found else None
    who = f"process {pid}" if pid else "another process"
    return StoreLocked(path, pid, f"{path} is in use by {who}")


def default_db_path() -> str:
    """``$REPLAY_DB`` when set, so a deployment names its file once for every command."""
    return os.environ.get("REPLAY_DB") or DEFAULT_DB


def first(
    con: duckdb.DuckDBPyConnection, sql: str, params: list[Any] | None = None
) -> tuple[Any, ...] | None:
    """The first row, reading the result to its end: DuckDB 2 refuses further work on a
    connection whose last result is still open (``fetchone`` leaves it open)."""
    rows = con.execute(sql, params).fetchall()
    return rows[0] if rows else None


def migrate(con: duckdb.DuckDBPyConnection) -> list[int]:
    """Bring the schema up to date; returns the versions applied now (each in its own transaction).

    A database whose schema is newer than this code is refused rather than used: the code would
    write rows a newer reader does not expect.
    """
    con.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMPTZ NOT NULL)"
    )
    applied = {int(row[0]) for row in con.execute("SELECT version FROM schema_migrations").fetchall()}
    known = all_migrations()
    if applied and max(applied) > len(known):
        raise StoreError(
            f"the database has schema version {max(applied)}, newer than this program knows "
            f"({len(known)}): upgrade wuhan-replay"
        )
    done: list[int] = []
    for m in known:
        if m.version in applied:
            continue
        con.execute("BEGIN TRANSACTION")
        try:
            for statement in m.statements:
                con.execute(statement)
            con.execute(
                "INSERT INTO schema_migrations VALUES (?, ?, ?)", [m.version, m.name, datetime.now(UTC)]
            ).fetchall()
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        done.append(m.version)
    return done


def schema_version(con: duckdb.DuckDBPyConnection) -> int:
    row = first(con, "SELECT coalesce(max(version), 0) FROM schema_migrations")
    return int(row[0]) if row else 0


class Store:
    """One open database: a writer behind a lock, and a fresh cursor per reader."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._con = duckdb.connect(self.path)
        except duckdb.IOException as err:
            raise _locked(self.path, err) or StoreError(f"cannot open {self.path}: {err}") from None
        self._cursor_lock = threading.Lock()
        self._write_lock = threading.RLock()
        self._writer = self._con.cursor()
        self._id_lock = threading.Lock()
        self._next_raw_id: int | None = None
        try:
            migrate(self._writer)
        except BaseException:
            self.close()
            raise

    def checkpoint(self) -> None:
        """Fold the write-ahead log into the database file (waits for the writer to be idle)."""
        with self._write_lock:
            self._writer.execute("CHECKPOINT").fetchall()

    def close(self, *, checkpoint: bool = False) -> None:
        """Close; with ``checkpoint`` the WAL is folded in first, so the file alone is the database
        (a server shutting down leaves no log to replay)."""
        with self._write_lock:
            if checkpoint:
                with contextlib.suppress(duckdb.Error):  # closing still folds what it can
                    self._writer.execute("CHECKPOINT").fetchall()
            self._writer.close()
            self._con.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def read(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A cursor of its own: DuckDB connections must not be shared between threads."""
        with self._cursor_lock:
            cur = self._con.cursor()
        try:
            yield cur
        finally:
            cur.close()

    @contextmanager
    def write(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """The only way to change the database: serialised, and one transaction (all or nothing)."""
        with self._write_lock:
            con = self._writer
            con.execute("BEGIN TRANSACTION")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            try:
                con.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(duckdb.Error):  # a failed COMMIT may have ended it already
                    con.execute("ROLLBACK")
                raise

    def raw_ids(self, count: int) -> range:
        """``count`` fresh upload ids, handed out before the batch takes the write lock.

        Kept in memory (DuckDB lets only this process write the file) so a batch neither scans
        ``raw_uploads`` for ``max(raw_id)`` nor waits for the writer; ids of a batch that is
        rolled back or turns out duplicate are simply never used.
        """
        with self._id_lock:
            if self._next_raw_id is None:
                with self.read() as cur:
                    row = first(cur, "SELECT coalesce(max(raw_id), 0) FROM raw_uploads")
                self._next_raw_id = int(row[0]) + 1 if row else 1
            start = self._next_raw_id
            self._next_raw_id += count
        return range(start, start + count)
