"""The ingest pipeline: decode, validate, replay, store — and re-audit what is stored.

Guarantees the upload contract rests on:

- **Idempotent per (source, hand_id).** The identity of a record is the SHA-256 of its canonical
  normalised JSON (sorted keys, canonical tile codes), so the same hand sent again — even
  re-serialised or with tile aliases — is a ``duplicate`` and changes nothing; a *different*
  record under a stored id is a ``conflict``, kept for review while the stored hand stays.
- **Nothing accepted is lost.** Stored hands, conflicts and invalid records all keep their exact
  bytes in ``raw_uploads``; invalid ones also land in ``rejects`` with their errors.
- **A batch is one transaction.** Classification and every insert happen inside one
  ``Store.write()``: a crash leaves the whole batch or none of it.
- **Bulk writes.** Rows are gathered column-wise into Arrow tables and inserted with one
  ``INSERT ... SELECT`` per table; DuckDB's row-by-row ``executemany`` managed 22 hands/s.

A batch goes through two phases. ``prepare`` does everything that costs Python time —
validation, replay, serialisation, building the Arrow tables — without the write lock, so
concurrent uploads prepare side by side. ``commit`` then takes the lock, classifies each record
against what is stored (stored, duplicate, conflict), drops the rows of those not stored and
inserts the rest: mostly DuckDB work, which runs without the GIL, so ``ingest_stream`` overlaps
one batch's commit with the next batch's preparation.
"""

from __future__ import annotations

import collections
import functools
import gzip
import hashlib
import json
import multiprocessing
import queue
import re
import threading
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

import duckdb
import orjson
import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.compute as pc  # type: ignore[import-untyped]

from replay.audit import audit_validated, check_sessions
from replay.inputs import DECODE_ERRORS, Unreadable, expand, reject_constant
from schemas.db import Store, first
from schemas.hand_record import validate_record

OUTCOMES = ("stored", "duplicate", "conflict", "invalid")
STATUSES = ("ok", "illegal", "mismatch")
#: What a re-audit compares: the verdict and everything it rests on, not where the record came from.
VERDICT_FIELDS = ("status", "first_illegal", "errors", "differences", "computed", "mistakes")
CONFLICT_MESSAGE = "a different record is already stored under this source and hand_id; kept for review"

_WS = re.compile(r"[ \t\n\r]*")


@functools.cache
def engine_version() -> str:
    """The package version plus a digest of the engine's code and data.

    A rules fix often lands without a version bump; the digest still tells a stored audit made
    before it from one made after, which is what ``replay reaudit`` reports on.
    """
    import replay

    root = Path(replay.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    try:
        version = metadata.version("wuhan-replay")
    except metadata.PackageNotFoundError:
        version = "0"
    return f"{version}+{digest.hexdigest()[:12]}"


# --------------------------------------------------------------------------------------------
# Decoding bodies and files into items that keep their exact bytes.


class BodyError(ValueError):
    """A body that cannot be split into records at all (not UTF-8, or not the JSON it claims)."""


class BodyTooLarge(BodyError):
    """A (decompressed) body over the configured limit."""


@dataclass
class Item:
    """One record as received: the decoded value (or an ``Unreadable``), its bytes, where from.

    ``weight`` is the item's share of its file's size, for progress bars.
    """

    obj: object
    raw: bytes
    location: str | None = None
    weight: float = 0.0


def _skip(text: str, pos: int = 0) -> int:
    """The position after any JSON whitespace at ``pos``."""
    m = _WS.match(text, pos)
    return m.end() if m else pos


#: For arrays only (``raw_decode`` gives each item's span); single values go through orjson.
_DECODER = json.JSONDecoder(parse_constant=reject_constant)

#: JSONDecodeError (orjson's too) and the int-digits limit are ValueErrors.
_DECODE_ERRORS = DECODE_ERRORS


def loads(data: bytes) -> object:
    """Strict JSON: UTF-8, no NaN or Infinity, no lone surrogates, at most 1024 levels deep."""
    return orjson.loads(data)


def _unreadable(err: BaseException, prefix: str = "") -> Unreadable:
    if isinstance(err, RecursionError):
        return Unreadable(f"{prefix}is not JSON: nested too deeply")
    return Unreadable(f"{prefix}is not JSON: {str(err)[:200]}")


def gunzip(data: bytes, limit: int | None = None) -> bytes:
    """Decompress gzip (every member), refusing output past ``limit`` so a bomb costs nothing."""
    out: list[bytes] = []
    total = 0
    rest = data
    while rest:
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            chunk = d.decompress(rest, (limit - total + 1) if limit is not None else 0)
        except zlib.error as err:
            raise BodyError(f"the body is not valid gzip: {err}") from None
        total += len(chunk)
        if limit is not None and (total > limit or d.unconsumed_tail):
            raise BodyTooLarge(f"the decompressed body is over the limit of {limit} bytes")
        out.append(chunk)
        if not d.eof:
            raise BodyError("the gzip body is truncated")
        rest = d.unused_data.lstrip(b"\x00")
    return b"".join(out)


def _array_items(text: str, start: int, name: str) -> list[Item]:
    """Items of a top-level JSON array, each with the exact bytes it had in the input."""
    items: list[Item] = []
    pos = _skip(text, start + 1)
    if pos < len(text) and text[pos] == "]":
        pos += 1
    else:
        while True:
            obj, end = _DECODER.raw_decode(text, pos)
            items.append(Item(obj, text[pos:end].encode("utf-8", "surrogatepass"), f"{name}[{len(items)}]"))
            pos = _skip(text, end)
            if pos < len(text) and text[pos] == ",":
                pos = _skip(text, pos + 1)
                continue
            if pos < len(text) and text[pos] == "]":
                pos += 1
                break
            raise json.JSONDecodeError("Expecting ',' or ']'", text, pos)
    if _skip(text, pos) != len(text):
        raise json.JSONDecodeError("Extra data", text, pos)
    return items


def decode_json(data: bytes, name: str = "body") -> list[Item]:
    """A body that must be one JSON value: an array gives its items, anything else one item."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    stripped = data.strip(b" \t\r\n")
    try:
        if stripped[:1] != b"[":
            return [Item(loads(stripped), stripped, name)]
        text = stripped.decode("utf-8")
        return _array_items(text, 0, name)
    except UnicodeDecodeError as err:
        raise BodyError(f"the body is not UTF-8: {err}") from None
    except _DECODE_ERRORS as err:
        raise BodyError(f"the body is not valid JSON: {str(err)[:200]}") from None


def decode_ndjson(data: bytes, name: str = "body") -> list[Item]:
    """One record per non-blank line; a bad line is an invalid item, the others still count."""
    return list(iter_ndjson(data, name))


def iter_ndjson(data: bytes, name: str, scale: float = 0.0) -> Iterator[Item]:
    """``decode_ndjson`` lazily, so a big file's first batch can start before its last line is
    parsed; ``scale`` turns a line's length into its share of the file for progress bars."""
    for n, line in enumerate(data.split(b"\n"), start=1):
        raw = line.removesuffix(b"\r")
        if n == 1:
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        if not raw.strip():
            continue
        try:
            obj = loads(raw)
        except _DECODE_ERRORS as err:
            obj = _unreadable(err, f"line {n} ")
        yield Item(obj, raw, f"{name}:{n}", (len(line) + 1) * scale)


def decode_auto(data: bytes, name: str) -> list[Item]:
    """A file: one JSON value (an array gives its items) if it parses whole, else NDJSON."""
    stripped = data.lstrip(b" \t\r\n\xef\xbb\xbf")
    if stripped[:1] in (b"[", b"{"):
        try:
            return decode_json(data, name)
        except BodyError:
            pass
    return decode_ndjson(data, name)


def read_paths(paths: Sequence[str]) -> Iterator[Iterable[Item]]:
    """Files (``.json``, ``.ndjson``, ``.gz``) and folders of them: the items of each file.

    Each item's ``weight`` is its share of the file's size on disk, so the weights of a file
    add up to its size (a progress bar over the inputs' total size).
    """
    for path in expand(list(paths)):
        try:
            size = path.stat().st_size
            data = path.read_bytes()
            if data[:2] == b"\x1f\x8b":
                data = gzip.decompress(data)
        except (OSError, EOFError, gzip.BadGzipFile, zlib.error) as err:
            yield [Item(Unreadable(f"cannot read {path}: {err}"), b"", str(path), 0.0)]
            continue
        if data.lstrip(b" \t\r\n\xef\xbb\xbf")[:1] in (b"[", b"{"):
            try:  # NDJSON fails this at the end of its first line, so the attempt is cheap
                whole = decode_json(data, str(path))
            except BodyError:
                pass
            else:
                for item in whole:
                    item.weight = size / len(whole)
                yield whole
                continue
        yield iter_ndjson(data, str(path), size / max(len(data), 1))


def batches(files: Iterable[Iterable[Item]], size: int, first: int = 64) -> Iterator[list[Item]]:
    """Batches of about ``size`` items, cut between sittings where possible.

    The dealer-rotation check (R-2.2) compares consecutive hands of a sitting; keeping a sitting
    in one batch lets it see them without waiting for the previous batch's commit. The first
    batches are small (``first``, doubling up to ``size``) so the pipeline fills quickly.
    """
    batch: list[Item] = []
    target = min(first, size)
    for items in files:
        for item in items:
            if len(batch) >= target and (len(batch) >= 2 * target or _sitting(item) != _sitting(batch[-1])):
                yield batch
                batch = []
                target = min(2 * target, size)
            batch.append(item)
    if batch:
        yield batch


def _sitting(item: Item) -> object:
    obj = item.obj
    if not isinstance(obj, dict):
        return None
    session = obj.get("session")
    return (obj.get("source"), session.get("id")) if isinstance(session, dict) else None


# --------------------------------------------------------------------------------------------
# Validation and audit.


@dataclass
class Result:
    """What became of one record: the ``results[]`` entry of an upload."""

    source: str | None
    hand_id: str | None
    outcome: str
    status: str | None
    errors: list[dict[str, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "hand_id": self.hand_id,
            "outcome": self.outcome,
            "status": self.status,
            "errors": self.errors,
        }


@dataclass
class _Entry:
    index: int
    item: Item
    source: str | None
    hand_id: str | None
    record: dict[str, Any] | None = None
    canonical: bytes | None = None
    sha: str | None = None
    audit: dict[str, Any] | None = None
    skipped: str | None = None  # audit status of the stored twin when the replay was skipped
    errors: list[dict[str, str]] = field(default_factory=list)
    raw_id: int | None = None
    valid: bool = False
    status: str | None = None  # the audit's verdict, kept when the audit itself is dropped

    @property
    def key(self) -> tuple[str, str]:
        assert self.source is not None and self.hand_id is not None
        return self.source, self.hand_id


def _ident(obj: object, key: str) -> str | None:
    value = obj.get(key) if isinstance(obj, Mapping) else None
    return value if isinstance(value, str) else None


def _safe_text(value: str | None, limit: int = 256) -> str | None:
    """Text DuckDB can hold: lone surrogates (legal in JSON escapes, not in UTF-8) escaped."""
    if value is None:
        return None
    value = value[:limit]
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        value = value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


def _surrogate_path(value: object, path: str = "") -> str | None:
    """Where the first lone surrogate sits in a decoded value (the rare, slow path)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return path
        return None
    if isinstance(value, Mapping):
        for k, v in value.items():
            found = _surrogate_path(k, path) if isinstance(k, str) else None
            if found is None:
                found = _surrogate_path(v, f"{path}.{k}" if path else str(k))
            if found is not None:
                return found
    if isinstance(value, list):
        for i, v in enumerate(value):
            found = _surrogate_path(v, f"{path}[{i}]")
            if found is not None:
                return found
    return None


def _validate(entry: _Entry, allowed_source: str | None) -> None:
    """Fill ``record``/``canonical``/``sha`` or ``errors``; never raises for decoded JSON."""
    obj = entry.item.obj
    if isinstance(obj, Unreadable):
        entry.errors = [{"field": "", "message": obj.message}]
        return
    if allowed_source is not None and entry.source != allowed_source:
        got = "no source" if entry.source is None else f"source {_safe_text(entry.source, 64)!r}"
        entry.errors = [
            {
                "field": "source",
                "message": f"this token may only upload records of source {allowed_source!r}, not {got}",
            }
        ]
        return
    record, errors = validate_record(obj)
    if record is None:
        entry.errors = errors
        return
    try:
        entry.canonical = orjson.dumps(record, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # lone surrogates: only the json module's decoder lets them through
        where = _surrogate_path(record) or ""
        entry.errors = [{"field": where, "message": "contains a lone UTF-16 surrogate: not valid Unicode"}]
        return
    entry.record = record
    entry.sha = hashlib.sha256(entry.canonical).hexdigest()
    entry.valid = True


def audit_valid(record: Mapping[str, Any], location: str | None = None) -> dict[str, Any]:
    """The audit of a record validated here (validation runs once): ``replay.audit.audit_validated``."""
    return audit_validated(record, location)


def _register(con: duckdb.DuckDBPyConnection, name: str, columns: dict[str, list[Any]]) -> None:
    con.register(name, pa.table({k: pa.array(v, pa.string()) for k, v in columns.items()}))


def _session_stubs(con: duckdb.DuckDBPyConnection, items: Sequence[Item]) -> list[dict[str, Any]]:
    """Stored hands of the sittings in a batch, shaped for ``check_sessions``.

    Apps upload hand by hand, so the dealer-rotation rule (R-2.2) would never see two hands
    together; the stored neighbours let a new hand be checked against the one before it.
    """
    sessions = {
        s for s in map(_sitting, items) if isinstance(s, tuple) and all(isinstance(x, str) for x in s)
    }
    if not sessions:
        return []
    _register(con, "_batch_sessions", {"source": [s for s, _ in sessions], "sid": [i for _, i in sessions]})
    try:
        rows = con.execute(
            "SELECT h.source, h.session_id, h.hand_no, h.dealer, h.winner FROM hands h"
            " JOIN _batch_sessions b ON h.source = b.source AND h.session_id = b.sid"
            " WHERE h.status IN ('ok', 'mismatch')"
        ).fetchall()
    finally:
        con.unregister("_batch_sessions")
    return [
        {"_session": (src, sid, no, dealer, winner is None or winner == dealer)}
        for src, sid, no, dealer, winner in rows
    ]


def _audit_entries(entries: Sequence[_Entry], stubs: list[dict[str, Any]]) -> None:
    """Audit the valid entries together (R-2.2 needs the batch), then drop the session keys."""
    todo = [e for e in entries if e.valid and e.audit is None and e.skipped is None]
    for e in todo:
        assert e.record is not None
        e.audit = audit_valid(e.record, e.item.location)
    check_sessions([*stubs, *(e.audit for e in todo if e.audit is not None)])
    for e in todo:
        assert e.audit is not None
        e.audit.pop("_session", None)
        if e.audit["status"] == "invalid":  # a set-up the schema passes but the board refuses
            e.errors = e.audit["errors"]
            e.record = None
            e.valid = False


# --------------------------------------------------------------------------------------------
# Rows for the tables, built column-wise.

_TS = pa.timestamp("us", tz="UTC")
_STR = pa.string()

SCHEMAS: dict[str, pa.Schema] = {
    "raw_uploads": pa.schema(
        [
            ("raw_id", pa.int64()),
            ("received_at", _TS),
            ("source", _STR),
            ("hand_id", _STR),
            ("token_id", _STR),
            ("origin", _STR),
            ("outcome", _STR),
            ("raw_sha256", _STR),
            ("raw", pa.binary()),
        ]
    ),
    "hands": pa.schema(
        [
            ("source", _STR),
            ("hand_id", _STR),
            ("raw_id", pa.int64()),
            ("record_sha256", _STR),
            ("received_at", _TS),
            ("played_at", _TS),
            ("played_at_text", _STR),
            ("preset", _STR),
            ("session_id", _STR),
            ("hand_no", pa.int32()),
            ("dealer", pa.int8()),
            ("winner", pa.int8()),
            ("feeder", pa.int8()),
            ("self_draw", pa.bool_()),
            ("n_events", pa.int32()),
            ("status", _STR),
            ("record", _STR),
        ]
    ),
    "seats": pa.schema(
        [("source", _STR), ("hand_id", _STR), ("seat", pa.int8()), ("player_id", _STR), ("name", _STR)]
    ),
    "events": pa.schema(
        [
            ("source", _STR),
            ("hand_id", _STR),
            ("idx", pa.int32()),
            ("type", _STR),
            ("seat", pa.int8()),
            ("tile", _STR),
            ("tiles", pa.list_(_STR)),
            ("kind", _STR),
        ]
    ),
    "audits": pa.schema(
        [
            ("source", _STR),
            ("hand_id", _STR),
            ("status", _STR),
            ("first_illegal_index", pa.int32()),
            ("first_illegal_code", _STR),
            ("first_illegal", _STR),
            ("errors", _STR),
            ("differences", _STR),
            ("computed", _STR),
            ("engine_version", _STR),
            ("audited_at", _TS),
            ("audit", _STR),
        ]
    ),
    "settlements": pa.schema(
        [("source", _STR), ("hand_id", _STR), ("seat", pa.int8()), ("delta", pa.int64()), ("receipt", _STR)]
    ),
    "rejects": pa.schema(
        [
            ("raw_id", pa.int64()),
            ("received_at", _TS),
            ("source", _STR),
            ("hand_id", _STR),
            ("origin", _STR),
            ("errors", _STR),
        ]
    ),
    "conflicts": pa.schema(
        [
            ("raw_id", pa.int64()),
            ("received_at", _TS),
            ("source", _STR),
            ("hand_id", _STR),
            ("record_sha256", _STR),
            ("stored_sha256", _STR),
            ("status", _STR),
            ("audit", _STR),
        ]
    ),
    "seat_facts": pa.schema(
        [
            ("source", _STR),
            ("hand_id", _STR),
            ("seat", pa.int8()),
            ("opens", pa.int8()),
            ("first_open_turn", pa.int16()),
            *(
                (f"{kind}_{what}", pa.int8())
                for kind in ("pizi", "laizi")
                for what in ("received", "ganged", "discarded", "held")
            ),
            ("pizi_turns_to_out", pa.float64()),
            ("laizi_turns_to_out", pa.float64()),
            ("liable", pa.bool_()),
            ("won_from_liable", pa.bool_()),
            ("hand_types", pa.list_(pa.string())),
        ]
    ),
    "mistakes": pa.schema(
        [
            ("source", _STR),
            ("hand_id", _STR),
            ("type", _STR),
            ("seat", pa.int8()),
            ("idx", pa.int32()),
            ("severity", _STR),
            ("cost", pa.float64()),
            ("message", _STR),
            ("detail", _STR),
        ]
    ),
}


#: Internal column tying each prepared row to its entry, so a commit can drop the rows of
#: records that turned out to be duplicates or conflicts.
ENTRY = "_entry"


class Rows:
    """Column-wise buffers, one per table, turned into Arrow tables for one bulk insert each."""

    def __init__(self) -> None:
        self.columns: dict[str, dict[str, list[Any]]] = {
            table: {name: [] for name in (*schema.names, ENTRY)} for table, schema in SCHEMAS.items()
        }

    def add(self, table: str, entry: int, **values: Any) -> None:
        cols = self.columns[table]
        values[ENTRY] = entry
        for name, column in cols.items():
            column.append(values.get(name))

    def tables(self) -> dict[str, pa.Table]:
        out = {}
        for table, cols in self.columns.items():
            if cols[ENTRY]:
                schema = SCHEMAS[table].append(pa.field(ENTRY, pa.int32()))
                out[table] = pa.table(cols, schema=schema)
        return out


#: The events rows, taken from the stored canonical record by DuckDB: a hand has a hundred-odd
#: events, and building those rows in Python cost more than the rest of the insert together.
_EVENT_STRUCT = '[{"type":"VARCHAR","seat":"TINYINT","tile":"VARCHAR","tiles":["VARCHAR"],"kind":"VARCHAR"}]'
_EVENTS_FROM_HANDS = (
    "INSERT INTO events BY NAME"
    " SELECT source, hand_id, idx, e.type, e.seat, e.tile, e.tiles, e.kind FROM ("
    "  SELECT source, hand_id, CAST(generate_subscripts(evs, 1) - 1 AS INTEGER) AS idx, unnest(evs) AS e"
    "  FROM (SELECT source, hand_id, from_json(json_extract(record, '$.events'), '"
    + _EVENT_STRUCT
    + "') AS evs FROM {name}))"
)


def insert_tables(
    con: duckdb.DuckDBPyConnection, tables: Mapping[str, pa.Table], keep: Sequence[int] | None = None
) -> None:
    """One ``INSERT ... SELECT`` per table; with ``keep``, only the rows of those entries."""
    wanted = pa.array(keep, pa.int32()) if keep is not None else None
    for table, arrow in tables.items():
        if wanted is not None:
            arrow = arrow.filter(pc.is_in(arrow[ENTRY], value_set=wanted))
        if arrow.num_rows == 0:
            continue
        name = f"_new_{table}"
        con.register(name, arrow.drop_columns([ENTRY]))
        try:
            con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM {name}").fetchall()
            if table == "hands":
                con.execute(_EVENTS_FROM_HANDS.replace("{name}", name)).fetchall()
        finally:
            con.unregister(name)


def _dumps(value: object) -> str:
    """Compact JSON; text that was never validated may hold lone surrogates, which get escaped."""
    try:
        return orjson.dumps(value).decode("utf-8")
    except TypeError:
        return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


def _played_at(text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        return datetime.fromisoformat(text.upper()).astimezone(UTC)
    except ValueError:  # a leap second (…:60) is valid RFC 3339 but not a datetime
        return None


def _feeder(computed: Mapping[str, Any] | None) -> int | None:
    """The seat that dealt in (放冲): its receipt carries the ``dealt_in`` factor."""
    if not computed or computed.get("winner") is None or computed.get("self_draw"):
        return None
    for receipt in computed.get("receipts") or []:
        if any(f.get("name") == "dealt_in" for f in receipt.get("factors", [])):
            return int(receipt["seat"])
    return None


def _add_verdict(
    rows: Rows, entry: int, key: tuple[str, str], audit: Mapping[str, Any], now: datetime
) -> None:
    """The audit row and what hangs off it (settlements, mistakes): rewritten by a re-audit."""
    source, hand_id = key
    first_illegal = audit.get("first_illegal")
    computed = audit.get("computed")
    rows.add(
        "audits",
        entry,
        source=source,
        hand_id=hand_id,
        status=audit["status"],
        first_illegal_index=first_illegal.get("index") if first_illegal else None,
        first_illegal_code=first_illegal.get("code") if first_illegal else None,
        first_illegal=_dumps(first_illegal) if first_illegal else None,
        errors=_dumps(audit.get("errors") or []),
        differences=_dumps(audit.get("differences") or []),
        computed=_dumps(computed) if computed is not None else None,
        engine_version=engine_version(),
        audited_at=now,
        audit=_dumps({k: v for k, v in audit.items() if not k.startswith("_")}),
    )
    for facts in audit.get("_facts") or []:  # per-seat facts for the habit queries
        rows.add("seat_facts", entry, source=source, hand_id=hand_id, **facts)
    if computed is not None:
        receipts = {r["seat"]: r for r in computed.get("receipts") or []}
        for seat, delta in enumerate(computed["deltas"]):
            receipt = receipts.get(seat)
            rows.add(
                "settlements",
                entry,
                source=source,
                hand_id=hand_id,
                seat=seat,
                delta=delta,
                receipt=_dumps(receipt) if receipt is not None else None,
            )
    for m in audit.get("mistakes") or []:
        if not isinstance(m, Mapping):
            continue
        cost = m.get("cost")
        who = m.get("seat")
        index = m.get("index")
        rows.add(
            "mistakes",
            entry,
            source=source,
            hand_id=hand_id,
            type=str(m.get("type")) if m.get("type") is not None else None,
            seat=who if isinstance(who, int) and 0 <= who < 4 else None,
            idx=index if isinstance(index, int) and 0 <= index < 2**31 else None,
            severity=str(m.get("severity")) if m.get("severity") is not None else None,
            cost=float(cost) if isinstance(cost, int | float) and not isinstance(cost, bool) else None,
            message=str(m.get("message")) if m.get("message") is not None else None,
            detail=_dumps(m),
        )


def _add_raw(
    rows: Rows, e: _Entry, outcome: str, now: datetime, token_id: str | None, origin: str | None
) -> None:
    assert e.raw_id is not None
    rows.add(
        "raw_uploads",
        e.index,
        raw_id=e.raw_id,
        received_at=now,
        source=_safe_text(e.source),
        hand_id=_safe_text(e.hand_id),
        token_id=token_id,
        origin=_safe_text(e.item.location or origin),
        outcome=outcome,
        raw_sha256=hashlib.sha256(e.item.raw).hexdigest(),
        raw=e.item.raw,
    )


def _add_hand(rows: Rows, e: _Entry, now: datetime) -> None:
    record, audit = e.record, e.audit
    assert record is not None and audit is not None and e.sha is not None and e.canonical is not None
    source, hand_id = e.key
    computed = audit.get("computed")
    session = record.get("session") or {}
    events = record["events"]
    rows.add(
        "hands",
        e.index,
        source=source,
        hand_id=hand_id,
        raw_id=e.raw_id,
        record_sha256=e.sha,
        received_at=now,
        played_at=_played_at(record.get("played_at")),
        played_at_text=record.get("played_at"),
        preset=record["ruleset"]["preset"],
        session_id=session.get("id"),
        hand_no=session.get("hand_no"),
        dealer=record["dealer"],
        winner=computed["winner"] if computed else None,
        feeder=_feeder(computed),
        self_draw=computed["self_draw"] if computed and computed["winner"] is not None else None,
        n_events=len(events),
        status=audit["status"],
        record=e.canonical.decode("utf-8"),
    )
    for seat, s in enumerate(record["seats"]):
        rows.add(
            "seats",
            e.index,
            source=source,
            hand_id=hand_id,
            seat=seat,
            player_id=s["player_id"],
            name=s.get("name"),
        )
    _add_verdict(rows, e.index, e.key, audit, now)


# --------------------------------------------------------------------------------------------
# The two phases.


def _stored(
    con: duckdb.DuckDBPyConnection, keys: Iterable[tuple[str, str]]
) -> dict[tuple[str, str], tuple[str, str]]:
    """``(source, hand_id) -> (record_sha256, status)`` of the stored hands among ``keys``."""
    keys = set(keys)
    if not keys:
        return {}
    if len(keys) == 1:
        ((source, hand_id),) = keys
        row = first(
            con, "SELECT record_sha256, status FROM hands WHERE source = ? AND hand_id = ?", [source, hand_id]
        )
        return {(source, hand_id): (row[0], row[1])} if row else {}
    _register(con, "_batch_keys", {"source": [k[0] for k in keys], "hand_id": [k[1] for k in keys]})
    try:
        rows = con.execute(
            "SELECT h.source, h.hand_id, h.record_sha256, h.status FROM hands h"
            " JOIN _batch_keys k ON h.source = k.source AND h.hand_id = k.hand_id"
        ).fetchall()
    finally:
        con.unregister("_batch_keys")
    return {(s, h): (sha, status) for s, h, sha, status in rows}


def _known_conflicts(con: duckdb.DuckDBPyConnection, keys: set[tuple[str, str]]) -> set[tuple[str, str, str]]:
    if not keys:
        return set()
    _register(con, "_batch_keys", {"source": [k[0] for k in keys], "hand_id": [k[1] for k in keys]})
    try:
        rows = con.execute(
            "SELECT c.source, c.hand_id, c.record_sha256 FROM conflicts c"
            " JOIN _batch_keys k ON c.source = k.source AND c.hand_id = k.hand_id"
        ).fetchall()
    finally:
        con.unregister("_batch_keys")
    return {(s, h, sha) for s, h, sha in rows}


@dataclass
class Prepared:
    """A batch validated, audited and laid out as Arrow tables, waiting for ``commit``."""

    entries: list[_Entry]
    tables: dict[str, pa.Table]
    received_at: datetime
    token_id: str | None
    origin: str | None


@dataclass(frozen=True)
class _Context:
    """What the CPU phase needs from the store, looked up beforehand (a worker process cannot
    open the database: DuckDB lets one process at a time have it)."""

    known: dict[tuple[str, str], tuple[str, str]]
    stubs: list[dict[str, Any]]
    first_raw_id: int
    received_at: datetime
    allowed_source: str | None
    token_id: str | None
    origin: str | None


def _context(
    store: Store, items: Sequence[Item], allowed_source: str | None, token_id: str | None, origin: str | None
) -> _Context:
    keys = []
    for it in items:
        source, hand_id = _ident(it.obj, "source"), _ident(it.obj, "hand_id")
        if source is not None and hand_id is not None:
            keys.append((source, hand_id))
    with store.read() as cur:
        known = _stored(cur, keys)
        stubs = _session_stubs(cur, items)
    ids = store.raw_ids(len(items))
    return _Context(known, stubs, ids.start, datetime.now(UTC), allowed_source, token_id, origin)


def _build(items: Sequence[Item], ctx: _Context) -> Prepared:
    """The CPU phase: validate, audit (skipping records already stored as they are), lay out rows."""
    entries = [
        _Entry(i, it, _ident(it.obj, "source"), _ident(it.obj, "hand_id")) for i, it in enumerate(items)
    ]
    for e in entries:
        _validate(e, ctx.allowed_source)
        if e.valid:
            hit = ctx.known.get(e.key)
            if hit is not None and hit[0] == e.sha:  # the same record already stored: no replay needed
                e.skipped = hit[1]
    _audit_entries(entries, ctx.stubs)
    now = ctx.received_at
    rows = Rows()
    for e in entries:
        if e.skipped is not None:
            continue
        e.raw_id = ctx.first_raw_id + e.index
        if not e.valid:
            _add_raw(rows, e, "invalid", now, ctx.token_id, ctx.origin)
            rows.add(
                "rejects",
                e.index,
                raw_id=e.raw_id,
                received_at=now,
                source=_safe_text(e.source),
                hand_id=_safe_text(e.hand_id),
                origin=_safe_text(e.item.location or ctx.origin),
                errors=_dumps(e.errors),
            )
        else:
            _add_raw(rows, e, "stored", now, ctx.token_id, ctx.origin)
            _add_hand(rows, e, now)
        if e.audit is not None:
            e.status = e.audit["status"]
        e.record = e.canonical = e.audit = None  # in the tables now; keeps a worker's reply small
    return Prepared(entries, rows.tables(), now, ctx.token_id, ctx.origin)


def prepare(
    store: Store,
    items: Sequence[Item],
    *,
    allowed_source: str | None = None,
    token_id: str | None = None,
    origin: str | None = None,
) -> Prepared:
    """Everything but the write: runs without the lock, side by side with other uploads."""
    return _build(items, _context(store, items, allowed_source, token_id, origin))


def _warm() -> None:
    """Load the engine's lookup tables in a fresh worker before its first batch."""
    from replay import tables

    tables.complete_flags()


def _build_in_worker(raws: list[tuple[bytes, str | None, Unreadable | None]], ctx: _Context) -> Prepared:
    """``_build`` in a worker process: decodes the bytes again (cheaper than pickling values)."""
    items = []
    for raw, location, unreadable in raws:
        obj: object = unreadable
        if unreadable is None:
            try:
                obj = loads(raw)
            except _DECODE_ERRORS as err:
                obj = _unreadable(err)
        items.append(Item(obj, raw, location))
    prepared = _build(items, ctx)
    for e in prepared.entries:
        e.item = Item(None, b"", e.item.location)  # the parent has the bytes
    return prepared


def _audit_text(batch: Prepared, index: int) -> str | None:
    """The audit JSON prepared for an entry's audits row (a conflict keeps it for review)."""
    audits = batch.tables.get("audits")
    if audits is None:
        return None
    found = audits.filter(pc.equal(audits[ENTRY], index))
    return str(found["audit"][0].as_py()) if found.num_rows else None


def commit(store: Store, batch: Prepared) -> list[Result]:
    """Classify against the store and insert, all in one transaction; one result per item."""
    entries = batch.entries
    results: list[Result | None] = [None] * len(entries)
    with store.write() as con:
        valid = [e for e in entries if e.valid]
        known = _stored(con, (e.key for e in valid))
        late = [e for e in valid if e.skipped is not None and known.get(e.key, ("",))[0] != e.sha]
        if late:  # skipped as a duplicate, yet not stored: impossible while hands are never deleted
            raise RuntimeError(f"{len(late)} records vanished from the store during an upload")
        clash = {e.key for e in valid if e.key in known and known[e.key][0] != e.sha}
        seen_conflicts = _known_conflicts(con, clash) if clash else set()
        keep: list[int] = []
        extra = Rows()
        for e in entries:
            if not e.valid:
                results[e.index] = Result(e.source, e.hand_id, "invalid", None, e.errors)
                keep.append(e.index)
                continue
            assert e.sha is not None
            hit = known.get(e.key)
            if hit is None:
                assert e.status is not None
                results[e.index] = Result(e.source, e.hand_id, "stored", e.status)
                known[e.key] = (e.sha, e.status)
                keep.append(e.index)
            elif hit[0] == e.sha:
                results[e.index] = Result(e.source, e.hand_id, "duplicate", hit[1])
            else:
                error = {"field": "hand_id", "message": CONFLICT_MESSAGE}
                results[e.index] = Result(e.source, e.hand_id, "conflict", e.status, [error])
                if (*e.key, e.sha) not in seen_conflicts:
                    seen_conflicts.add((*e.key, e.sha))
                    _add_raw(extra, e, "conflict", batch.received_at, batch.token_id, batch.origin)
                    extra.add(
                        "conflicts",
                        e.index,
                        raw_id=e.raw_id,
                        received_at=batch.received_at,
                        source=e.source,
                        hand_id=e.hand_id,
                        record_sha256=e.sha,
                        stored_sha256=hit[0],
                        status=e.status,
                        audit=_audit_text(batch, e.index),
                    )
        insert_tables(con, batch.tables, None if len(keep) == len(entries) else keep)
        insert_tables(con, extra.tables())
    return [r for r in results if r is not None]


def ingest(
    store: Store,
    items: Sequence[Item],
    *,
    allowed_source: str | None = None,
    token_id: str | None = None,
    origin: str | None = None,
) -> list[Result]:
    """Validate, audit and store one batch (one transaction); one ``Result`` per item, in order.

    ``allowed_source`` is the upload token's source: records of any other source are invalid.
    ``origin`` labels items without a location of their own (an HTTP upload).
    """
    prepared = prepare(store, items, allowed_source=allowed_source, token_id=token_id, origin=origin)
    return commit(store, prepared)


def ingest_stream(
    store: Store,
    stream: Iterable[Sequence[Item]],
    on_batch: Callable[[Sequence[Item], list[Result]], None] | None = None,
    *,
    workers: int = 1,
) -> None:
    """Ingest batch after batch: each batch its own transaction, committed in order.

    Commits run on a writer thread (DuckDB releases the GIL) while the next batch is prepared;
    with ``workers`` > 1 the validation and replay of several batches run in worker processes
    at once. ``on_batch`` runs after each commit. A failure stops the stream after the batches
    already committed.
    """
    pending: queue.Queue[tuple[Sequence[Item], Prepared] | None] = queue.Queue(maxsize=max(1, workers))
    failure: list[BaseException] = []

    def writer() -> None:
        while (job := pending.get()) is not None:
            if failure:
                continue
            items, prepared = job
            try:
                results = commit(store, prepared)
                if on_batch is not None:
                    on_batch(items, results)
            except BaseException as err:
                failure.append(err)

    thread = threading.Thread(target=writer, name="ingest-writer", daemon=True)
    thread.start()
    try:
        if workers <= 1:
            for items in stream:
                if failure:
                    break
                pending.put((items, prepare(store, items)))
        else:
            _stream_with_workers(store, stream, pending, failure, workers)
    finally:
        pending.put(None)
        thread.join()
    if failure:
        raise failure[0]


def _stream_with_workers(
    store: Store,
    stream: Iterable[Sequence[Item]],
    pending: queue.Queue[tuple[Sequence[Item], Prepared] | None],
    failure: list[BaseException],
    workers: int,
) -> None:
    # spawn, not fork: the parent holds DuckDB's threads and locks, which a fork would copy
    mp = multiprocessing.get_context("spawn")
    inflight: collections.deque[tuple[Sequence[Item], Future[Prepared]]] = collections.deque()
    with ProcessPoolExecutor(max_workers=workers, mp_context=mp) as pool:
        for _ in range(workers):  # start them now: they import while the first batch is read
            pool.submit(_warm)

        def hand_over() -> None:
            items, future = inflight.popleft()
            prepared = future.result()
            for e in prepared.entries:
                e.item = items[e.index]
            pending.put((items, prepared))

        for items in stream:
            if failure:
                break
            # Lookups made now may miss the batches still in flight: those records come out
            # as duplicates at commit (the lock decides), only without the replay saved.
            ctx = _context(store, items, None, None, None)
            raws = [(it.raw, it.location, it.obj if isinstance(it.obj, Unreadable) else None) for it in items]
            inflight.append((items, pool.submit(_build_in_worker, raws, ctx)))
            if len(inflight) > workers:
                hand_over()
        while inflight and not failure:
            hand_over()


def summarise(results: Iterable[Result]) -> tuple[Counter[str], Counter[str]]:
    """Counts by outcome and, for stored and duplicate hands, by audit status."""
    outcomes: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    for r in results:
        outcomes[r.outcome] += 1
        if r.outcome in ("stored", "duplicate") and r.status:
            statuses[r.status] += 1
    return outcomes, statuses


# --------------------------------------------------------------------------------------------
# Re-audit: every stored raw record through the current engine.


@dataclass
class Change:
    source: str
    hand_id: str
    before: str
    after: str
    fields: list[str]

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "hand_id": self.hand_id,
            "before": self.before,
            "after": self.after,
            "fields": self.fields,
        }


@dataclass
class ReauditReport:
    audited: int = 0
    changed: list[Change] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)


def reaudit(
    store: Store,
    *,
    chunk: int = 1000,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
) -> ReauditReport:
    """Re-run every stored hand's raw bytes through validation and the engine; rewrite the audits.

    Hands go in (source, session, hand_no) order, cut only between sittings, so the dealer
    rotation check sees each sitting whole. Each chunk is one transaction. With ``workers`` > 1
    the chunks are audited in worker processes and written in order as they come back.
    """
    report = ReauditReport()
    with store.read() as cur:
        order = cur.execute(
            "SELECT source, hand_id, session_id FROM hands"
            " ORDER BY source, session_id NULLS LAST, hand_no, hand_id"
        ).fetchall()
    chunks: list[list[tuple[str, str]]] = []
    start = 0
    while start < len(order):
        end = min(start + chunk, len(order))
        while end < len(order) and order[end][2] is not None and order[end][::2] == order[end - 1][::2]:
            end += 1
        chunks.append([(s, h) for s, h, _ in order[start:end]])
        start = end

    def write(rows: list[_Stored], audits: list[dict[str, Any]]) -> None:
        _reaudit_write(store, rows, audits, report)
        if progress is not None:
            progress(len(rows))

    if workers <= 1:
        for keys in chunks:
            rows = _reaudit_load(store, keys)
            write(rows, _reaudit_audits([r[:4] for r in rows]))
        return report
    mp = multiprocessing.get_context("spawn")
    inflight: collections.deque[tuple[list[_Stored], Future[list[dict[str, Any]]]]] = collections.deque()
    with ProcessPoolExecutor(max_workers=workers, mp_context=mp) as pool:
        for keys in chunks:
            rows = _reaudit_load(store, keys)
            inflight.append((rows, pool.submit(_reaudit_audits, [r[:4] for r in rows])))
            if len(inflight) > workers:
                done, future = inflight.popleft()
                write(done, future.result())
        while inflight:
            done, future = inflight.popleft()
            write(done, future.result())
    return report


#: A stored hand as a re-audit reads it: source, hand_id, raw bytes, origin, the old audit JSON.
_Stored = tuple[str, str, bytes, str | None, str | None]


def _reaudit_load(store: Store, keys: list[tuple[str, str]]) -> list[_Stored]:
    with store.read() as cur:
        _register(cur, "_chunk", {"source": [k[0] for k in keys], "hand_id": [k[1] for k in keys]})
        rows = cur.execute(
            "SELECT h.source, h.hand_id, r.raw, r.origin, a.audit FROM _chunk k"
            " JOIN hands h ON h.source = k.source AND h.hand_id = k.hand_id"
            " JOIN raw_uploads r ON r.raw_id = h.raw_id"
            " LEFT JOIN audits a ON a.source = h.source AND a.hand_id = h.hand_id"
        ).fetchall()
        cur.unregister("_chunk")
    by_key = {(s, h): (s, h, bytes(raw), origin, audit) for s, h, raw, origin, audit in rows}
    return [by_key[key] for key in keys]


def _reaudit_audits(rows: list[tuple[str, str, bytes, str | None]]) -> list[dict[str, Any]]:
    """The new audit of each stored hand, in order (runs in a worker process too)."""
    entries: list[_Entry] = []
    for i, (source, hand_id, raw, origin) in enumerate(rows):
        try:
            obj: object = loads(raw)
        except _DECODE_ERRORS as err:
            obj = _unreadable(err)
        location = origin if origin and origin != "http" else None
        entry = _Entry(i, Item(obj, raw, location), source, hand_id)
        _validate(entry, None)
        entries.append(entry)
    _audit_entries(entries, [])
    audits = []
    for e in entries:
        if e.audit is not None:
            audits.append(e.audit)
            continue
        audit = {  # the stored bytes no longer validate: an invalid verdict, kept on the hand
            "hand_id": e.hand_id,
            "source": e.source,
            "status": "invalid",
            "first_illegal": None,
            "errors": e.errors,
            "computed": None,
            "recorded": None,
            "differences": [],
            "mistakes": [],
        }
        if e.item.location is not None:
            audit["location"] = e.item.location
        audits.append(audit)
    return audits


def _reaudit_write(
    store: Store, rows: list[_Stored], audits: list[dict[str, Any]], report: ReauditReport
) -> None:
    now = datetime.now(UTC)
    out = Rows()
    verdicts: dict[str, list[Any]] = {"source": [], "hand_id": [], "status": [], "winner": [], "feeder": []}
    for i, ((source, hand_id, _, _, old_text), audit) in enumerate(zip(rows, audits, strict=True)):
        old = json.loads(old_text) if old_text else {}
        changed = [name for name in VERDICT_FIELDS if old.get(name) != audit.get(name)]
        report.audited += 1
        report.statuses[audit["status"]] += 1
        if changed:
            report.changed.append(
                Change(source, hand_id, old.get("status", "none"), audit["status"], changed)
            )
        _add_verdict(out, i, (source, hand_id), audit, now)
        computed = audit.get("computed")
        winner = computed["winner"] if computed else None
        feeder = _feeder(computed)
        verdicts["source"].append(source)
        verdicts["hand_id"].append(hand_id)
        verdicts["status"].append(audit["status"])
        verdicts["winner"].append(None if winner is None else str(winner))
        verdicts["feeder"].append(None if feeder is None else str(feeder))
    keys = {"source": verdicts["source"], "hand_id": verdicts["hand_id"]}
    with store.write() as con:
        _register(con, "_chunk", keys)
        try:
            for table in ("audits", "settlements", "mistakes", "seat_facts"):
                con.execute(
                    f"DELETE FROM {table} t USING _chunk k"
                    " WHERE t.source = k.source AND t.hand_id = k.hand_id"
                ).fetchall()
        finally:
            con.unregister("_chunk")
        insert_tables(con, out.tables())
        _register(con, "_verdicts", verdicts)
        try:
            con.execute(
                "UPDATE hands h SET status = v.status, winner = CAST(v.winner AS TINYINT),"
                " feeder = CAST(v.feeder AS TINYINT) FROM _verdicts v"
                " WHERE h.source = v.source AND h.hand_id = v.hand_id"
                " AND (h.status IS DISTINCT FROM v.status"
                " OR h.winner IS DISTINCT FROM CAST(v.winner AS TINYINT)"
                " OR h.feeder IS DISTINCT FROM CAST(v.feeder AS TINYINT))"
            ).fetchall()
        finally:
            con.unregister("_verdicts")
