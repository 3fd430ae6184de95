"""The ingest pipeline: decode, validate, replay, store — and re-audit what is stored.

Guarantees the upload contract rests on:

- **Idempotent per (source, hand_id).** The identity of a record is the SHA-256 of its canonical
  normalised JSON (sorted keys, canonical tile codes), so the same hand sent again — even
  re-serialised or with tile aliases — is a ``duplicate`` and changes nothing; a *different*
  record under a stored id is a ``conflict``, kept for review while the stored hand stays.
- **Nothing accepted is lost.** Stored hands, conflicts and invalid records all keep their exact
  bytes in ``raw_uploads``; invalid ones also land in ``rejects`` with their errors.
- **A batch is one transaction.** Classification and every insert happen inside one
  ``Store.write()``: a crash leaves the whole batch or none of it. (The last batch of a stream
  with workers is two, its halves, each reported only once it is committed: ``SPLIT_LAST``.)
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
import contextlib
import queue
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor

from replay.inputs import Item, Unreadable
from schemas.audit_run import freeze_heap
from store import page_rows
from store.commit import commit
from store.db import Store
from store.entry import Result, _sitting
from store.habits import refresh_populations
from store.prepare import Prepared, _build_in_worker, _context, _warm, prepare
from store.workers import pool_options

OUTCOMES = ("stored", "duplicate", "conflict", "invalid")
#: the last batch of a stream with workers, at least this long, is committed in two halves: the
#: first while the workers still prepare the second, so the run's tail, when the workers have
#: nothing left to do, is half a batch's commit rather than a whole one (docs/store.md)
SPLIT_LAST = 256
STATUSES = ("ok", "illegal", "mismatch")


def ingest(
    store: Store,
    items: Sequence[Item],
    *,
    allowed_source: str | None = None,
    token_id: str | None = None,
    origin: str | None = None,
    analysis: bool = True,
) -> list[Result]:
    """Validate, audit and store one batch (one transaction); one ``Result`` per item, in order.

    ``allowed_source`` is the upload token's source: records of any other source are invalid.
    ``origin`` labels items without a location of their own (an HTTP upload). ``analysis=False``
    stores the verdict only (no mistakes, no per-seat facts).
    """
    prepared = prepare(
        store, items, allowed_source=allowed_source, token_id=token_id, origin=origin, analysis=analysis
    )
    results = commit(store, prepared)
    if any(r.outcome == "stored" for r in results):  # an upload keeps the pages' upkeep too
        page_rows.compact(store)  # once a fifth of the rows came since the last sort
        refresh_populations(store, stale=True)  # once they lack a hundredth of the hands
    return results


def ingest_stream(
    store: Store,
    stream: Iterable[Sequence[Item]],
    on_batch: Callable[[Sequence[Item], list[Result]], None] | None = None,
    *,
    workers: int = 1,
    analysis: bool = True,
    freeze_gc: bool = False,
    piece: int | None = None,
    pool: ProcessPoolExecutor | None = None,
) -> None:
    """Ingest batch after batch: each batch its own transaction, committed in order.

    Commits run on a writer thread (DuckDB releases the GIL) while the next batch is prepared;
    with ``workers`` > 1 the validation and replay of several batches run in worker processes
    at once. ``on_batch`` runs after each commit. A failure stops the stream after the batches
    already committed. ``freeze_gc``: each process preparing batches freezes its heap after its
    first batch (``schemas.audit_run.freeze_heap``), as ``replay audit`` does after its first
    chunk; ``replay ingest`` asks for it, a library caller keeps its own collector settings.
    ``piece``: the records a worker prepares at a time (default: a quarter of a batch's share
    per worker, at least 16). ``pool``: the workers to use, started by the caller
    (``store.workers.forked_pool``) and shut down by it; by default a pool of ``workers``
    forked from the fork server, for this call.
    """
    pending: queue.Queue[tuple[Sequence[Item], Prepared] | None] = queue.Queue(maxsize=max(1, workers))
    failure: list[BaseException] = []

    def writer() -> None:
        while (job := pending.get()) is not None:
            try:
                if failure:
                    continue
                items, prepared = job
                try:
                    results = commit(store, prepared)
                    if on_batch is not None:
                        on_batch(items, results)
                except BaseException as err:
                    failure.append(err)
            finally:
                pending.task_done()
        pending.task_done()

    thread = threading.Thread(target=writer, name="ingest-writer", daemon=True)
    thread.start()
    threads = _duckdb_threads(store, 1) if workers > 1 else None
    try:
        if workers <= 1:
            recent = _RecentSittings(2)
            for items in stream:
                if failure:
                    break
                if recent.continues(items):  # its sitting began in a batch still being written
                    pending.join()
                pending.put((items, prepare(store, items, analysis=analysis)))
                if freeze_gc:
                    freeze_heap()
        else:
            _stream_with_workers(store, stream, pending, failure, workers, analysis, freeze_gc, piece, pool)
    finally:
        pending.put(None)
        thread.join()
        if threads is not None:
            _duckdb_threads(store, threads)
    if failure:
        raise failure[0]
    page_rows.compact(store)  # player order again once a fifth of the rows came since the last sort
    refresh_populations(store)  # the player pages' baseline, aggregated once here (store.habits)


def _duckdb_threads(store: Store, threads: int) -> int:
    """Set DuckDB's worker threads; the setting it had. With ``workers`` processes preparing
    batches on every core, a commit split over DuckDB's threads only adds their hand-offs:
    one thread took less CPU a hand to commit (docs/store.md, "How a batch is written")."""
    with store.write() as con:
        row = con.execute("SELECT current_setting('threads')").fetchone()
        con.execute(f"SET threads = {int(threads)}")
    return int(row[0]) if row else threads


def _stream_with_workers(
    store: Store,
    stream: Iterable[Sequence[Item]],
    pending: queue.Queue[tuple[Sequence[Item], Prepared] | None],
    failure: list[BaseException],
    workers: int,
    analysis: bool = True,
    freeze_gc: bool = False,
    piece: int | None = None,
    given: ProcessPoolExecutor | None = None,
) -> None:
    """Each batch is prepared in pieces (``pieces``), spread over the workers, and committed
    whole. A batch given to one worker left the others idle at the end of a run for as long as
    it took (seconds, with batches of a thousand hands); pieces keep every worker busy until the
    last one is done."""
    inflight: collections.deque[tuple[Sequence[Item], list[Future[Prepared]]]] = collections.deque()
    recent = _RecentSittings(2 * workers + 2)
    # workers that end with this process, however it ends (store/workers.py); a pool given by
    # the caller is the caller's to shut down
    own = ProcessPoolExecutor(max_workers=workers, **pool_options()) if given is None else None
    with own or contextlib.nullcontext(given) as pool:
        assert pool is not None
        for _ in range(workers if own else 0):  # start them now: they import while the first batch is read
            pool.submit(_warm)

        def hand_over(last: bool = False) -> None:
            items, futures = inflight.popleft()
            parts = [futures]
            if last and len(futures) > 1 and len(items) >= SPLIT_LAST:
                parts = [futures[: len(futures) // 2], futures[len(futures) // 2 :]]
            for part in parts:
                prepared = Prepared.join([f.result() for f in part])
                for e in prepared.entries:
                    e.item = items[e.index]
                if len(parts) == 1:
                    pending.put((items, prepared))
                elif prepared.entries:
                    low, high = prepared.entries[0].index, prepared.entries[-1].index + 1
                    pending.put((items[low:high], prepared))

        for items in stream:
            if failure:
                break
            if recent.continues(items):  # its sitting began in a batch not yet written: wait for it
                while inflight:
                    hand_over()
                pending.join()
            # Lookups made now may miss the batches still in flight: those records come out
            # as duplicates at commit (the lock decides), only without the replay saved.
            ctx = _context(store, items, None, None, None, analysis)
            futures = []
            for start, stop in pieces(items, piece or max(16, len(items) // (4 * workers))):
                raws = [
                    (it.raw, it.location, it.obj if isinstance(it.obj, Unreadable) else None)
                    for it in items[start:stop]
                ]
                futures.append(pool.submit(_build_in_worker, raws, ctx, freeze_gc, start))
            inflight.append((items, futures))
            # wait for the oldest batch only while the others keep every worker busy
            while len(inflight) > 1 and sum(len(f) for _, f in list(inflight)[1:]) >= workers:
                hand_over()
        while inflight and not failure:
            hand_over(last=len(inflight) == 1)


class _RecentSittings:
    """The sittings of the last few batches handed to the writer.

    A batch's checks across a sitting (R-2.2, SC-1.3 …) read the sitting's earlier hands from
    the store. ``batches`` keeps a sitting's consecutive records in one batch, but an input may
    hold a sitting apart (Parquet parts come by game and preset): a batch that continues a
    sitting of a batch still being written must wait for that commit, or its check would miss
    those hands and pass a hand that breaks the rotation (which one depended on timing). Only
    such a batch waits; the others are prepared while the writer commits, as before."""

    def __init__(self, keep: int) -> None:
        self.batches: collections.deque[set[object]] = collections.deque(maxlen=keep)

    def continues(self, items: Sequence[Item]) -> bool:
        mine = {s for s in map(_sitting, items) if s is not None}
        hit = any(mine & earlier for earlier in self.batches)
        self.batches.append(mine)
        return hit


def pieces(items: Sequence[Item], size: int) -> list[tuple[int, int]]:
    """``(start, stop)`` of pieces of about ``size`` items, never cutting a sitting: a piece is
    audited by itself, and the dealer-rotation check (R-2.2) needs a sitting's hands together
    (``batches`` cuts a batch the same way). Records of no sitting are cut anywhere."""
    out = []
    start = 0
    sittings = [_sitting(it) for it in items]
    for i in range(1, len(items)):
        if i - start >= size and _may_cut(sittings[i - 1], sittings[i]):
            out.append((start, i))
            start = i
    if items:
        out.append((start, len(items)))
    return out


def _may_cut(before: object, after: object) -> bool:
    """Whether two consecutive records may go to different batches or pieces: not within a
    sitting (R-2.2 compares its hands); a record of no sitting (``None``) goes anywhere."""
    return after is None or after != before


def summarise(results: Iterable[Result]) -> tuple[Counter[str], Counter[str]]:
    """Counts by outcome and, for stored and duplicate hands, by audit status."""
    outcomes: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    for r in results:
        outcomes[r.outcome] += 1
        if r.outcome in ("stored", "duplicate") and r.status:
            statuses[r.status] += 1
    return outcomes, statuses


def batches(files: Iterable[Iterable[Item]], size: int, first: int = 64) -> Iterator[list[Item]]:
    """Batches of about ``size`` items, cut between sittings where possible.

    The dealer-rotation check (R-2.2) compares consecutive hands of a sitting; keeping a sitting
    in one batch lets it see them without waiting for the previous batch's commit. Records of no
    sitting are cut anywhere. The first batches are small (``first``, doubling up to ``size``)
    so the pipeline fills quickly.
    """
    batch: list[Item] = []
    target = min(first, size)
    for items in files:
        for item in items:
            if len(batch) >= target and (
                len(batch) >= 2 * target or _may_cut(_sitting(batch[-1]), _sitting(item))
            ):
                yield batch
                batch = []
                target = min(2 * target, size)
            batch.append(item)
    if batch:
        yield batch
