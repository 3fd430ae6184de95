"""Committing a prepared batch: classify each record against what is stored, then insert.

All of it inside one ``Store.write()`` transaction: stored, duplicate or conflict is decided
under the lock, so two uploads of the same hand cannot both store it.
"""

from __future__ import annotations

import pyarrow.compute as pc  # type: ignore[import-untyped]

from store import page_rows
from store.db import Store
from store.entry import Result
from store.prepare import Prepared, _known_conflicts, _stored
from store.rows import ENTRY, SCHEMAS, Rows, _add_raw, insert_tables

CONFLICT_MESSAGE = "a different record is already stored under this source and hand_id; kept for review"


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
    base = entries[0].index if entries else 0  # a batch's later part counts from where it starts
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
                results[e.index - base] = Result(e.source, e.hand_id, "invalid", None, e.errors)
                keep.append(e.index)
                continue
            assert e.sha is not None
            hit = known.get(e.key)
            if hit is None:
                assert e.status is not None
                results[e.index - base] = Result(e.source, e.hand_id, "stored", e.status, e.errors)
                known[e.key] = (e.sha, e.status)
                keep.append(e.index)
            elif hit[0] == e.sha:
                results[e.index - base] = Result(e.source, e.hand_id, "duplicate", hit[1])
            else:
                error = {"field": "hand_id", "message": CONFLICT_MESSAGE}
                results[e.index - base] = Result(e.source, e.hand_id, "conflict", e.status, [error])
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
        kept = None if len(keep) == len(entries) else keep
        insert_tables(con, batch.tables, kept)
        page_rows.add_batch(con, batch.tables, SCHEMAS, ENTRY, kept)
        insert_tables(con, extra.tables())
    return [r for r in results if r is not None]
