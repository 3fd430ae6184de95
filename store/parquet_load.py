"""Reading ``replay batch-audit`` output back as the store's ingest items (``replay ingest --parquet``).

The batch keeps every input record's exact bytes (``audits.raw``), so loading is ordinary
ingest of those bytes: the same identity, idempotency (loading twice changes nothing),
conflict handling and R-2.2 checks against stored neighbours as ingesting the original files.
Items come part by part in input order (``part``, ``part_row``), so a sitting arrives in
order and ingest's batches can cut between sittings as they do for files.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import duckdb

from replay.inputs import Unreadable
from store.decode import Item, loads
from store.parquet import MANIFEST

_PART_FILE = re.compile(r"part-(\d+)\.parquet")


class ParquetInputError(Exception):
    """The folder is not the output of a completed ``replay batch-audit`` run."""


def audit_files(out_dir: str | os.PathLike[str]) -> dict[int, list[Path]]:
    """The audits files by part number; refuses a run that did not finish (no manifest)."""
    root = Path(out_dir)
    if not (root / MANIFEST).is_file():
        raise ParquetInputError(
            f"{root} holds no completed batch audit ({MANIFEST} is missing): a run that stopped "
            "half-way would load only some of its records"
        )
    parts: dict[int, list[Path]] = {}
    for path in sorted((root / "audits").rglob("part-*.parquet")):
        m = _PART_FILE.fullmatch(path.name)
        if m:
            parts.setdefault(int(m.group(1)), []).append(path)
    return parts


def parquet_bytes(out_dir: str | os.PathLike[str]) -> int:
    """What the items' weights add up to, for a progress bar over a load."""
    return sum(p.stat().st_size for files in audit_files(out_dir).values() for p in files)


def _item(raw: bytes | None, location: str | None, errors: str, weight: float) -> Item:
    if raw is None:  # a file that could not be read at all: the batch's message is all there is
        first = json.loads(errors)[0] if errors and errors != "[]" else {"message": "unreadable"}
        return Item(Unreadable(first["message"]), b"", location, weight)
    if location is not None and location.endswith(":1"):  # as ingest reads NDJSON: a BOM opens a file
        raw = raw.removeprefix(b"\xef\xbb\xbf")
    try:
        obj: object = loads(raw)
    except (ValueError, RecursionError) as err:  # ingest words its own message for bad JSON
        obj = Unreadable(f"is not JSON: {str(err)[:200]}")
    return Item(obj, raw, location, weight)


def read_parquet(
    out_dir: str | os.PathLike[str], con: duckdb.DuckDBPyConnection | None = None
) -> Iterator[list[Item]]:
    """One list of items per part, parts in input order: what ``store.decode.read_paths`` gives
    for files, so ``batches`` and ``ingest_stream`` take it unchanged."""
    parts = audit_files(out_dir)
    cur = duckdb.connect() if con is None else con.cursor()
    try:
        for part in sorted(parts):
            files = [str(p) for p in parts[part]]
            rows = cur.execute(
                "SELECT raw, location, errors FROM read_parquet(?, hive_partitioning = true)"
                " ORDER BY part_row",
                [files],
            ).fetchall()
            if not rows:
                continue
            weight = sum(os.path.getsize(f) for f in files) / len(rows)
            yield [_item(bytes(raw) if raw is not None else None, loc, err, weight) for raw, loc, err in rows]
    finally:
        cur.close()
