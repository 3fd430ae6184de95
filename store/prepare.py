"""Preparing a batch for the store without the write lock: validate, audit, build Arrow rows.

Everything that costs Python time happens here, so concurrent uploads prepare side by side and
``replay ingest`` can run it in worker processes; ``store.commit`` then takes the lock.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import duckdb
import orjson
import pyarrow as pa  # type: ignore[import-untyped]

from replay.failure import ERROR, error_audit
from replay.games import GAMES, check_all_sessions, drop_session_keys
from replay.games.wuhan.ruleset import PRESETS
from replay.inputs import DECODE_ERRORS as _DECODE_ERRORS
from replay.inputs import Item, Unreadable, _unreadable, surrogate_path
from schemas.audit_run import freeze_heap
from store import games
from store.db import Store, first
from store.entry import _Entry, _ident, _safe_text, _sitting
from store.rows import Rows, _add_hand, _add_raw
from store.verdict import dumps as _dumps

#: the rule naming the next dealer of a game whose result names it (the stored hand's ``why``)
NEXT_DEALER_RULE = {"changsha": "CS-1.3", "changchun": "CC-1.3", "erren": "ER-1.3"}


def _validate(entry: _Entry, allowed_source: str | None) -> None:
    """Fill ``record``/``canonical``/``sha`` or ``errors``; never raises for decoded JSON."""
    obj = entry.item.obj
    if isinstance(obj, Unreadable):
        entry.errors = [{"field": obj.field, "message": obj.message}]
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
    entry.game, (record, errors) = games.validate(obj)
    if record is None:
        entry.errors = errors
        return
    try:
        entry.canonical = orjson.dumps(record, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # lone surrogates: only the json module's decoder lets them through
        found = surrogate_path(record)
        where = found[0] if found is not None else ""
        entry.errors = [{"field": where, "message": "contains a lone UTF-16 surrogate: not valid Unicode"}]
        return
    entry.record = record
    entry.sha = hashlib.sha256(entry.canonical).hexdigest()
    entry.valid = True


def audit_valid(
    record: Mapping[str, Any],
    location: str | None = None,
    game: str = games.WUHAN,
    analysis: bool = True,
) -> dict[str, Any]:
    """The audit of a record validated here (validation runs once): its game's replayer
    (``replay.games.wuhan.audit.audit_validated`` for Wuhan).

    ``analysis=False`` (``replay ingest --no-analysis``, ``?analysis=false``) stores the verdict
    without mistakes or per-seat facts.

    An exception inside the audit (an engine bug) is the record's audit with status ``error``
    (``replay.failure.error_audit``): ingest, uploads and re-audit store the hand with it, its
    batch goes on, and ``replay reaudit`` judges it again once the engine is fixed (issue #27).
    """
    try:
        return games.audit(game, record, location, analysis)
    except Exception as exc:  # one record's failure is its verdict, not the batch's end
        return error_audit(exc, record, location, game if game != games.WUHAN else None)


def _register(con: duckdb.DuckDBPyConnection, name: str, columns: dict[str, list[Any]]) -> None:
    con.register(name, pa.table({k: pa.array(v, pa.string()) for k, v in columns.items()}))


def _session_stubs(con: duckdb.DuckDBPyConnection, items: Sequence[Item]) -> list[dict[str, Any]]:
    """Stored hands of the sittings in a batch, shaped for ``check_sessions``.

    Apps upload hand by hand, so the dealer-rotation rule (R-2.2, SC-1.3 for Sichuan) would
    never see two hands together; the stored neighbours let a new hand be checked against the
    one before it. Each game's check reads only its own game's hands. A 推筒子 round stored
    earlier is rebuilt from its record and computed settlement (the bank, pool and shoe carried).
    """
    sessions = {
        s for s in map(_sitting, items) if isinstance(s, tuple) and all(isinstance(x, str) for x in s)
    }
    if not sessions:
        return []
    _register(con, "_batch_sessions", {"source": [s for s, _ in sessions], "sid": [i for _, i in sessions]})
    try:
        rows = con.execute(
            "SELECT h.source, h.session_id, h.hand_no, h.dealer, h.winner, h.preset,"
            " json_extract_string(h.record, '$.ruleset.overrides.dealer_rotation') FROM hands h"
            " JOIN _batch_sessions b ON h.source = b.source AND h.session_id = b.sid"
            " WHERE h.status IN ('ok', 'mismatch') AND h.game = 'wuhan'"
        ).fetchall()
        others = con.execute(
            "SELECT h.source, h.session_id, h.hand_no, h.dealer, a.computed FROM hands h"
            " JOIN _batch_sessions b ON h.source = b.source AND h.session_id = b.sid"
            " JOIN audits a ON a.source = h.source AND a.hand_id = h.hand_id"
            " WHERE h.status IN ('ok', 'mismatch') AND h.game = 'sichuan' AND a.computed IS NOT NULL"
        ).fetchall()
        named = con.execute(  # games whose result names the next dealer (replay/next_dealer.py)
            "SELECT h.game, h.source, h.session_id, h.hand_no, h.dealer,"
            " CAST(json_extract(a.computed, '$.next_dealer') AS INTEGER) FROM hands h"
            " JOIN _batch_sessions b ON h.source = b.source AND h.session_id = b.sid"
            " JOIN audits a ON a.source = h.source AND a.hand_id = h.hand_id"
            " WHERE h.status IN ('ok', 'mismatch') AND h.game IN ('changsha', 'changchun', 'erren')"
            " AND a.computed IS NOT NULL"
        ).fetchall()
        rounds = con.execute(  # 推筒子: the round's record and the settlement its audit computed
            "SELECT h.source, h.session_id, h.hand_no, h.record, a.computed FROM hands h"
            " JOIN _batch_sessions b ON h.source = b.source AND h.session_id = b.sid"
            " JOIN audits a ON a.source = h.source AND a.hand_id = h.hand_id"
            " WHERE h.status IN ('ok', 'mismatch') AND h.game = 'tuitongzi' AND a.computed IS NOT NULL"
        ).fetchall()
    finally:
        con.unregister("_batch_sessions")
    stubs: list[dict[str, Any]] = []
    for src, sid, no, dealer, winner, preset, rotation in rows:
        keeps = winner is None or winner == dealer
        key: tuple[Any, ...] = (src, sid, no, dealer, keeps)
        if rotation is None:
            rotation = PRESETS[preset].dealer_rotation if preset in PRESETS else "next"
        if not keeps and rotation == "winner":  # the stored hand's winner deals next
            key = (*key, winner)
        stubs.append({"_session": key})
    stubs.extend(
        games.sichuan_session_stub(src, sid, no, dealer, orjson.loads(computed))
        for src, sid, no, dealer, computed in others
    )
    stubs.extend(  # CS-1.3, CC-1.3, ER-1.3, in replay/next_dealer.py's shape
        {GAMES[game].session_key: (*row, f"the next dealer is seat {row[4]} ({NEXT_DEALER_RULE[game]})")}
        for game, *row in named
    )
    for src, sid, no, record, computed in rounds:  # TT-1.3, TT-2.3/2.5, TT-5.1
        stub = games.tuitongzi_session_stub(src, sid, no, orjson.loads(record), orjson.loads(computed))
        if stub is not None:
            stubs.append(stub)
    return stubs


def _audit_entries(entries: Sequence[_Entry], stubs: list[dict[str, Any]], analysis: bool = True) -> None:
    """Audit the valid entries together (R-2.2 and SC-1.3 need the batch), then drop the session keys."""
    todo = [e for e in entries if e.valid and e.audit is None and e.skipped is None]
    for e in todo:
        assert e.record is not None
        e.audit = audit_valid(e.record, e.item.location, e.game, analysis)
    audits = [*stubs, *(e.audit for e in todo if e.audit is not None)]
    check_all_sessions(audits)
    for e in todo:
        assert e.audit is not None
        drop_session_keys(e.audit)
        if e.audit["status"] == ERROR:  # stored with its error; the upload's result says why
            e.errors = e.audit["errors"]
        if e.audit["status"] == "invalid":  # a set-up the schema passes but the board refuses
            e.errors = e.audit["errors"]
            e.record = None
            e.valid = False


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

    @staticmethod
    def join(pieces: Sequence[Prepared]) -> Prepared:
        """One batch from the pieces its workers prepared (``_build``'s ``start``), in order."""
        if len(pieces) == 1:
            return pieces[0]
        names = dict.fromkeys(name for p in pieces for name in p.tables)
        tables = {
            name: pa.concat_tables([p.tables[name] for p in pieces if name in p.tables]) for name in names
        }
        head = pieces[0]
        entries = [e for p in pieces for e in p.entries]
        return Prepared(entries, tables, head.received_at, head.token_id, head.origin)


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
    analysis: bool = True


def _context(
    store: Store,
    items: Sequence[Item],
    allowed_source: str | None,
    token_id: str | None,
    origin: str | None,
    analysis: bool = True,
) -> _Context:
    keys = []
    for it in items:
        source, hand_id = _ident(it.obj, "source"), games.record_id(it.obj)
        if source is not None and hand_id is not None:
            keys.append((source, hand_id))
    with store.read() as cur:
        known = _stored(cur, keys)
        stubs = _session_stubs(cur, items)
    ids = store.raw_ids(len(items))
    return _Context(known, stubs, ids.start, datetime.now(UTC), allowed_source, token_id, origin, analysis)


def _build(items: Sequence[Item], ctx: _Context, start: int = 0) -> Prepared:
    """The CPU phase: validate, audit (skipping records already stored as they are), lay out rows.

    ``start``: where ``items`` begin in their batch, when a worker prepares a piece of it
    (``Prepared.join`` puts the pieces together): entries, rows and raw ids count from there."""
    entries = [
        _Entry(i, it, _ident(it.obj, "source"), games.record_id(it.obj)) for i, it in enumerate(items, start)
    ]
    for e in entries:
        _validate(e, ctx.allowed_source)
        if e.valid:
            hit = ctx.known.get(e.key)
            if hit is not None and hit[0] == e.sha:  # the same record already stored: no replay needed
                e.skipped = hit[1]
    _audit_entries(entries, ctx.stubs, ctx.analysis)
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
    analysis: bool = True,
) -> Prepared:
    """Everything but the write: runs without the lock, side by side with other uploads."""
    return _build(items, _context(store, items, allowed_source, token_id, origin, analysis))


def _warm() -> None:
    """Start a worker before its first batch (its imports happen while the parent reads).

    The pure shape path's ``complete_flags`` table is filled here; the compiled core (the usual
    path) never reads it, and filling it cost each worker 0.1 s of CPU at the start of a run,
    while the first batch waited (docs/store.md, "How a batch is written")."""
    from replay import shape, tables

    if shape._core is None:
        tables.complete_flags()


def _build_in_worker(
    raws: list[tuple[bytes, str | None, Unreadable | None]],
    ctx: _Context,
    freeze_gc: bool = False,
    start: int = 0,
) -> Prepared:
    """``_build`` in a worker process: decodes the bytes again (cheaper than pickling values).
    The parent's strict parse (``replay.inputs.loads``: duplicate keys, lone surrogates) already
    accepted every record sent without an ``Unreadable``, so this is the plain ``orjson.loads``
    of those bytes, the same value without checking them twice (≈ 45 µs a hand).
    ``freeze_gc``: freeze this process's heap after its first batch (``ingest_stream``);
    ``start``: where these records begin in their batch (a piece of it, ``_build``)."""
    items = []
    for raw, location, unreadable in raws:
        obj: object = unreadable
        if unreadable is None:
            try:
                obj = orjson.loads(raw)
            except _DECODE_ERRORS as err:
                obj = _unreadable(err)
        items.append(Item(obj, raw, location))
    prepared = _build(items, ctx, start)
    for e in prepared.entries:
        e.item = Item(None, b"", e.item.location)  # the parent has the bytes
    if freeze_gc:
        freeze_heap()
    return prepared
