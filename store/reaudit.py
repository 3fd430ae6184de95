"""Re-audit: every stored raw record through the current engine.

A rules fix changes verdicts of hands already stored; ``replay reaudit`` re-reads each hand's
raw bytes, audits them again and reports which verdicts changed and why.
"""

from __future__ import annotations

import collections
import json
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from replay.failure import without_ids
from replay.inputs import DECODE_ERRORS as _DECODE_ERRORS
from replay.inputs import Item, _unreadable
from replay.inputs import loads_stored as loads
from store import games, page_rows
from store.db import Store
from store.entry import _Entry
from store.habits import refresh_populations
from store.prepare import _audit_entries, _register, _validate
from store.rows import Rows, _add_verdict, insert_tables
from store.workers import pool_options

#: The tables only a multi-win game fills (``store.games.extra_rows``), rewritten with the audit.
MULTI_WIN_TABLES = (
    "wins",
    "transfers",
    "sichuan_seat_facts",
    "changsha_seat_facts",
    "changchun_seat_facts",
    "erren_seat_facts",
)
#: What a re-audit compares: the verdict and everything it rests on, not where the record came from.
VERDICT_FIELDS = ("status", "first_illegal", "errors", "differences", "computed", "mistakes")


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
    #: hands to re-audit (those stored when the run began); known once the run has listed them
    total: int = 0
    #: the run was stopped between chunks: the hands done so far are re-audited, the rest not
    stopped: bool = False


def reaudit(
    store: Store,
    *,
    chunk: int = 1000,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    report: ReauditReport | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> ReauditReport:
    """Re-run every stored hand's raw bytes through validation and the engine; rewrite the audits.

    Hands go in (source, session, hand_no) order, cut only between sittings, so the dealer
    rotation check sees each sitting whole. Each chunk is one transaction, so uploads are served
    between chunks and a run stopped by ``should_stop`` (checked between chunks) leaves every
    hand with one engine's whole verdict. With ``workers`` > 1 the chunks are audited in worker
    processes and written in order as they come back. ``report``, when given, is filled as the
    run goes (a background job shows it as progress).
    """
    report = report if report is not None else ReauditReport()
    _reaudit(store, chunk, progress, workers, report, should_stop)
    page_rows.compact(store, force=True)  # the rebuilt rows were appended out of player order
    refresh_populations(store)  # the player pages' baseline, for the new verdicts
    return report


def _reaudit(
    store: Store,
    chunk: int,
    progress: Callable[[int], None] | None,
    workers: int,
    report: ReauditReport,
    should_stop: Callable[[], bool] | None,
) -> ReauditReport:
    stop = should_stop or (lambda: False)
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
    report.total = len(order)

    def write(rows: list[_Stored], audits: list[dict[str, Any]]) -> None:
        _reaudit_write(store, rows, audits, report)
        if progress is not None:
            progress(len(rows))

    if workers <= 1:
        for keys in chunks:
            if stop():
                report.stopped = True
                break
            rows = _reaudit_load(store, keys)
            write(rows, _reaudit_audits([r[:4] for r in rows]))
        return report
    inflight: collections.deque[tuple[list[_Stored], Future[list[dict[str, Any]]]]] = collections.deque()
    with ProcessPoolExecutor(max_workers=workers, **pool_options()) as pool:
        for keys in chunks:
            if stop():
                report.stopped = True
                break
            rows = _reaudit_load(store, keys)
            inflight.append((rows, pool.submit(_reaudit_audits, [r[:4] for r in rows])))
            if len(inflight) > workers:
                done, future = inflight.popleft()
                write(done, future.result())
        while inflight:
            done, future = inflight.popleft()
            if report.stopped:
                future.cancel()
                continue
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
            **({"game": e.game} if e.game != games.WUHAN else {}),
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


def _same(name: str, audit: dict[str, Any]) -> object:
    """A verdict field as a re-audit compares it: an ``error`` entry's log id left out."""
    value = audit.get(name)
    return without_ids(value) if name == "errors" else value


def _reaudit_write(
    store: Store, rows: list[_Stored], audits: list[dict[str, Any]], report: ReauditReport
) -> None:
    now = datetime.now(UTC)
    out = Rows()
    verdicts: dict[str, list[Any]] = {"source": [], "hand_id": [], "status": [], "winner": [], "feeder": []}
    for i, ((source, hand_id, _, _, old_text), audit) in enumerate(zip(rows, audits, strict=True)):
        old = json.loads(old_text) if old_text else {}
        changed = [name for name in VERDICT_FIELDS if _same(name, old) != _same(name, audit)]
        report.audited += 1
        report.statuses[audit["status"]] += 1
        if changed:
            report.changed.append(
                Change(source, hand_id, old.get("status", "none"), audit["status"], changed)
            )
        _add_verdict(out, i, (source, hand_id), audit, now)
        columns = games.hand_columns(audit)
        winner, feeder = columns["winner"], columns["feeder"]
        verdicts["source"].append(source)
        verdicts["hand_id"].append(hand_id)
        verdicts["status"].append(audit["status"])
        verdicts["winner"].append(None if winner is None else str(winner))
        verdicts["feeder"].append(None if feeder is None else str(feeder))
    keys = {"source": verdicts["source"], "hand_id": verdicts["hand_id"]}
    with store.write() as con:
        _register(con, "_chunk", keys)
        try:
            for table in ("audits", "settlements", "mistakes", "seat_facts", *MULTI_WIN_TABLES):
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
        _register(con, "_chunk", keys)  # the pages' rows of these hands, from their new verdicts
        try:
            page_rows.rebuild(con, "_chunk")
        finally:
            con.unregister("_chunk")
