"""``replay batch-audit``: the audit of many files spread over a Dask cluster, written as Parquet.

Where the work happens:

- **The client** walks the inputs and cuts them into *parts* (``--part-lines`` lines, or sized
  from the input), numbered in input order. Line numbers are counted here so every record keeps
  the ``path:line`` location ``replay audit`` gives it. A part travels as its bytes, so remote
  workers need no access to the inputs and a gzip file is decompressed once; when the workers
  see the same files (a local cluster, a shared mount) a part of a plain file travels as a byte
  range the worker reads itself, which keeps the data off the scheduler.
- **A worker** audits one part with ``schemas.audit.audit_record`` (the ``replay audit --json``
  contract, unchanged) and writes that part's rows into the hive layout of ``store.parquet``
  itself, so no result rows travel back; it returns counts and the small R-2.2 stubs.
- **The reduce step**, back on the client, runs ``check_sessions`` (dealer rotation, R-2.2) over
  the stubs of the whole run, sitting by sitting, because a sitting may be cut across parts or
  files; the few audit files holding a flagged hand are then rewritten by patch tasks. The
  result equals ``replay audit`` over the same inputs in one process.

A run is complete when ``_batch.json`` appears in the output folder (written last, like Spark's
``_SUCCESS``); file names are deterministic, so a retried or repeated task overwrites its own
files rather than adding rows.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import sys
import time
import uuid
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import chain, count
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from replay.failure import ERROR
from replay.games import GAMES, check_all_sessions
from replay.games.wuhan.audit import STATUSES
from replay.inputs import DECODE_ERRORS, Unreadable, expand, iter_auto, iter_ndjson, loads, read_upto
from schemas.audit import audit_record

if TYPE_CHECKING:
    import pyarrow as pa  # type: ignore[import-untyped]

# pyarrow and store.parquet are imported where they are used: ``replay batch-audit`` imports this
# module, and the client side of a run should not pay for Arrow before it needs it.

#: Bounds of a part's (decompressed) size when it is chosen for the run: below the floor, task
#: and per-file overheads show; above the ceiling, a part holds too much memory on a worker.
MIN_PART_BYTES = 256 * 1024
MAX_PART_BYTES = 32 * 1024 * 1024
#: Parts per worker thread when sizing: enough that the last parts to finish leave little idle.
PARTS_PER_THREAD = 8
_READ_ERRORS = (OSError, EOFError, gzip.BadGzipFile, zlib.error)
#: The most bytes held at once while a file is split (issue 36): a file read whole (one JSON
#: value), one NDJSON line, the blank lines before the second record. The bound of ``replay
#: audit``'s ``--max-bytes`` and the server's ``--max-body``, so ``/dev/zero`` or a gzip of
#: newlines costs this much and no more.
MAX_BYTES = 32 * 1024 * 1024


class _OverBound(Exception):
    pass


def _bounded_lines(stream: BinaryIO) -> Iterator[bytes]:
    """The stream's lines, each of at most ``MAX_BYTES`` (``_OverBound`` past it)."""
    while True:
        line = stream.readline(MAX_BYTES + 2)
        if not line:
            return
        if len(line.removesuffix(b"\n")) > MAX_BYTES:
            raise _OverBound
        yield line


class BatchError(Exception):
    """The run cannot go on (a failed task, workers on another engine, output in the way)."""


# --------------------------------------------------------------------------------------------
# Cutting the inputs into parts (client side).


@dataclass(frozen=True)
class Part:
    """A slice of one input file, with what a worker needs to audit it exactly like ``replay audit``.

    ``mode`` is ``lines`` (NDJSON lines numbered from ``first_line``), ``whole`` (a file that is
    not plain NDJSON, decoded as ``replay audit`` decodes a file) or ``unreadable``. The bytes
    travel in ``data``, or, when the workers can see the input, as a range of ``path`` the worker
    reads itself (``crc`` guards against a file changed since it was cut). ``size`` is the input
    bytes (compressed, for gzip) the part stands for: what the progress bar counts.
    """

    number: int
    name: str
    mode: str
    data: bytes = b""
    first_line: int = 1
    size: int = 0
    message: str = ""
    path: str = ""
    offset: int = 0
    length: int = 0
    crc: int = 0

    def load(self) -> bytes:
        """The part's bytes, read from the shared input when they did not travel with it."""
        if not self.path:
            return self.data
        with open(self.path, "rb") as f:
            f.seek(self.offset)
            data = f.read(self.length)
        if len(data) != self.length or zlib.crc32(data) != self.crc:
            raise BatchError(f"{self.name} changed while it was being audited (part {self.number})")
        return data


def _is_json(line: bytes, first: bool) -> bool:
    """Whether one NDJSON line is a record by itself, as ``replay.inputs.iter_ndjson`` reads it."""
    raw = line.rstrip(b"\n").removesuffix(b"\r")
    try:
        loads(raw.removeprefix(b"\xef\xbb\xbf") if first else raw)
    except DECODE_ERRORS:
        return False
    return True


def _open(raw: BinaryIO) -> tuple[BinaryIO, bool]:
    """The file's content stream, and whether it is gzip (whose parts must travel as bytes)."""
    if raw.read(2) == b"\x1f\x8b":
        raw.seek(0)
        return gzip.GzipFile(fileobj=raw, mode="rb"), True  # type: ignore[return-value]
    raw.seek(0)
    return raw, False


def _file_parts(
    path: Path, numbers: Iterator[int], part_lines: int, part_bytes: int, shared: bool
) -> Iterator[Part]:
    """One file as parts. It is split only if it is NDJSON for sure: its first non-blank line is
    a JSON value by itself and another non-blank line follows, so the file as a whole is not one
    JSON document (which ``replay audit`` would read as one record or an array)."""
    name = str(path)
    total = path.stat().st_size
    sent = 0  # input bytes accounted for, for progress
    offset = 0  # where the next part starts in the (decompressed) content
    with path.open("rb") as raw:
        stream, gzipped = _open(raw)
        by_range = shared and not gzipped

        def part(mode: str, data: bytes, first_line: int, size: int) -> Part:
            nonlocal offset
            start, offset = offset, offset + len(data)
            if by_range:
                where = str(path.resolve())
                return Part(
                    next(numbers),
                    name,
                    mode,
                    b"",
                    first_line,
                    size,
                    "",
                    where,
                    start,
                    len(data),
                    zlib.crc32(data),
                )
            return Part(next(numbers), name, mode, data, first_line, size)

        head: list[bytes] = []
        nonblank: list[bytes] = []
        first_json = False
        held = 0
        lines = _bounded_lines(stream)
        for line in lines:
            head.append(line)
            held += len(line)
            if held > MAX_BYTES:
                raise _OverBound
            if line.strip(b" \t\r\n\xef\xbb\xbf" if len(head) == 1 else b" \t\r\n"):
                nonblank.append(line)
                if len(nonblank) == 1:
                    first_json = _is_json(line, len(head) == 1)
            if len(nonblank) >= 2 or (nonblank and not first_json):
                break
        if len(nonblank) < 2 or not first_json:
            data = b"".join([*head, read_upto(stream, MAX_BYTES + 1 - held)])
            if len(data) > MAX_BYTES:
                raise _OverBound
            if data.strip():
                yield part("whole", data, 1, total)
            return
        first_line = 1
        buf: list[bytes] = []
        size = 0

        def cut(final: bool) -> Part:
            nonlocal first_line, sent, buf, size
            data = b"".join(buf)
            done = total if final else min(raw.tell(), total)
            out = part("lines", data, first_line, max(done - sent, 0))
            first_line += len(buf)
            sent = max(sent, done)
            buf, size = [], 0
            return out

        for line in chain(head, lines):
            buf.append(line)
            size += len(line)
            if len(buf) >= part_lines or size >= part_bytes:
                yield cut(False)
        if buf:
            yield cut(True)


def plan_parts(
    paths: Sequence[str],
    part_lines: int | None = None,
    part_bytes: int = MAX_PART_BYTES,
    *,
    shared: bool = False,
) -> Iterator[Part]:
    """Parts of every input in ``replay audit`` order (files as given, folders sorted), lazily:
    the client holds only the parts in flight, however large the input. ``shared``: the workers
    see the same files, so plain files' parts go as ranges to read rather than as bytes."""
    numbers = count()
    lines = part_lines if part_lines is not None else sys.maxsize
    for path in expand(list(paths)):
        try:
            yield from _file_parts(path, numbers, lines, part_bytes, shared)
        except _READ_ERRORS as err:  # parts already sent stand; the rest of the file is one error
            yield Part(next(numbers), str(path), "unreadable", message=f"cannot read {path}: {err}")
        except _OverBound:
            message = (
                f"{path} holds a JSON value or a line over {MAX_BYTES} bytes, the bound of one read"
                " (replay audit --max-bytes): the rest of the file is not read"
            )
            yield Part(next(numbers), str(path), "unreadable", message=message)


def input_bytes(paths: Sequence[str], *, decompressed: bool = False) -> int:
    """Bytes of the input files as stored, or (an estimate) once decompressed.

    A gzip file's last four bytes hold its decompressed size modulo 4 GiB (exact for the usual
    one-member file under that); it only sizes parts, so a wrong guess costs nothing but balance.
    """
    total = 0
    for path in expand(list(paths)):
        with suppress(OSError), path.open("rb") as f:
            size = os.fstat(f.fileno()).st_size
            if decompressed and size >= 18 and f.read(2) == b"\x1f\x8b":
                f.seek(-4, os.SEEK_END)
                size = max(size, int.from_bytes(f.read(4), "little"))
            total += size
    return total


def part_size(paths: Sequence[str], threads: int) -> int:
    """Bytes per part for this input on this many worker threads."""
    share = input_bytes(paths, decompressed=True) // max(threads * PARTS_PER_THREAD, 1)
    return min(max(share, MIN_PART_BYTES), MAX_PART_BYTES)


# --------------------------------------------------------------------------------------------
# Auditing one part (worker side).


def _part_items(part: Part) -> Iterator[tuple[object, str, bytes | None]]:
    """``(decoded value, location, input bytes)``: the part decoded by ``replay.inputs``, as
    ``replay audit`` decodes the whole file (a part of lines is numbered from its first line)."""
    if part.mode == "unreadable":
        yield Unreadable(part.message), part.name, None
        return
    data = part.load()
    if part.mode == "whole":
        items = iter_auto(data, part.name)
    else:
        items = iter_ndjson(data, part.name, first_line=part.first_line)
    for item in items:
        yield item.obj, item.location or part.name, item.raw


@dataclass
class PartResult:
    """What a worker sends back: counts and R-2.2 stubs; the rows themselves are on disk."""

    number: int
    size: int
    records: int
    statuses: dict[str, int]
    rows: dict[str, int]
    stubs: pa.Table
    seconds: float


def audit_part(part: Part, out_dir: str, engine_version: str, analysis: bool = True) -> PartResult:
    """The Dask task: audit every record of a part and write its Parquet files (``analysis=False``:
    the verdict only, no mistakes rows)."""
    from store.parquet import PartRows

    start = time.perf_counter()
    rows = PartRows(part.number, engine_version)
    statuses: Counter[str] = Counter()
    for obj, location, raw in _part_items(part):
        audit = audit_record(obj, location, analysis)
        statuses[audit["status"]] += 1
        rows.add(audit, obj, raw)
    written = rows.write(out_dir)
    return PartResult(
        part.number,
        part.size,
        rows.rows,
        dict(statuses),
        written,
        rows.stub_table(),
        time.perf_counter() - start,
    )


def patch_task(out_dir: str, file: str, flags: dict[int, dict[str, Any]]) -> dict[str, int]:
    from store.parquet import patch_audits

    return patch_audits(Path(out_dir) / file, flags)


def worker_engine_version() -> str:
    from store.version import engine_version

    return engine_version()


# --------------------------------------------------------------------------------------------
# The reduce step: dealer rotation across the whole run (client side).


def session_flags(stubs: Sequence[pa.Table]) -> dict[str, dict[int, dict[str, Any]]]:
    """``{audits file: {part_row: first_illegal}}`` for hands the checks across a sitting flag
    (R-2.2 ``check_sessions`` for Wuhan, SC-1.3 for Sichuan, CS-1.3 for Changsha, CC-1.3 for
    Changchun, ER-1.3 for 二人麻将, TT-1.3/2.3/5.1 for 推筒子).

    The stubs are sorted by sitting (then input order, so a repeated hand number resolves as in
    one process) and checked one sitting at a time: the client never holds more than a sitting
    of Python objects, whatever the size of the run.
    """
    import pyarrow as pa

    tables = [t for t in stubs if t.num_rows]
    if not tables:
        return {}
    table = pa.concat_tables(tables).sort_by(
        [("source", "ascending"), ("session", "ascending"), ("part", "ascending"), ("part_row", "ascending")]
    )
    flags: dict[str, dict[int, dict[str, Any]]] = {}
    sitting: list[dict[str, Any]] = []

    def flush() -> None:
        check_all_sessions(sitting)
        for stub in sitting:
            if "first_illegal" in stub:
                flags.setdefault(stub["file"], {})[stub["part_row"]] = stub["first_illegal"]
        sitting.clear()

    current: tuple[str, str] | None = None
    for batch in table.to_batches(max_chunksize=65536):
        for row in batch.to_pylist():
            key = (row["source"], row["session"])
            if key != current:
                flush()
                current = key
            if row.get("game") in ("sichuan", "changsha", "changchun", "erren"):  # replay/next_dealer.py
                row[GAMES[row["game"]].session_key] = (
                    row["source"],
                    row["session"],
                    row["hand_no"],
                    row["dealer"],
                    row["next_dealer"],
                    row["why"],
                )
            elif row.get("game") == "tuitongzi":  # the round's Link, as the audit carried it
                row["_tuitongzi_session"] = (
                    row["source"],
                    row["session"],
                    row["hand_no"],
                    json.loads(row["link"]),
                )
            else:
                row["_session"] = (
                    row["source"],
                    row["session"],
                    row["hand_no"],
                    row["dealer"],
                    row["keeps"],
                    row["passes_to"],
                )
            sitting.append(row)
    flush()
    return flags


# --------------------------------------------------------------------------------------------
# Running a batch.


@dataclass
class Summary:
    records: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    rows: Counter[str] = field(default_factory=Counter)
    parts: int = 0
    flagged: int = 0
    workers: int = 0
    seconds: float = 0.0
    out_dir: str = ""

    @property
    def hands_per_second(self) -> float:
        return self.records / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        from store.parquet import DATASETS

        return {
            "records": self.records,
            "statuses": {s: self.statuses[s] for s in (*STATUSES, ERROR)},
            "rows": {d: self.rows[d] for d in DATASETS},
            "parts": self.parts,
            "dealer_rotation_flags": self.flagged,
            "workers": self.workers,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
        }


def prepare_out_dir(out_dir: Path, overwrite: bool) -> None:
    """Refuse to mix runs: stale files of an earlier run would be read as rows of this one."""
    from store.parquet import DATASETS, MANIFEST

    existing = [d for d in (MANIFEST, *DATASETS) if (out_dir / d).exists()]
    if existing and not overwrite:
        raise BatchError(f"{out_dir} already holds batch output ({', '.join(existing)}); pass --overwrite")
    (out_dir / MANIFEST).unlink(missing_ok=True)  # first: a half-replaced folder is never "complete"
    for d in DATASETS:
        if (out_dir / d).exists():
            shutil.rmtree(out_dir / d)
    out_dir.mkdir(parents=True, exist_ok=True)


def run_batch(
    client: Any,
    paths: Sequence[str],
    out_dir: str | os.PathLike[str],
    *,
    part_lines: int | None = None,
    overwrite: bool = False,
    shared_inputs: bool = False,
    on_part: Callable[[PartResult], None] | None = None,
    analysis: bool = True,
) -> Summary:
    """Audit ``paths`` on the cluster behind ``client`` (a ``distributed.Client``) into ``out_dir``.

    Parts are ``part_lines`` lines each when given, else sized from the input and the cluster.
    ``shared_inputs``: every worker can read the input paths (a local cluster, a shared mount),
    so the client need not send the bytes of uncompressed files through the scheduler.
    """
    from distributed import as_completed

    from store.parquet import MANIFEST
    from store.version import engine_version

    out = Path(out_dir).resolve()
    version = engine_version()
    versions = client.run(worker_engine_version)
    if not versions:
        raise BatchError("the Dask cluster has no workers")
    other = sorted({v for v in versions.values() if v != version})
    if other:
        raise BatchError(
            f"workers run engine {', '.join(other)}, this client {version}: install the same "
            "wuhan-replay on every machine"
        )
    prepare_out_dir(out, overwrite)
    started = datetime.now(UTC)
    start = time.perf_counter()
    summary = Summary(workers=len(versions), out_dir=str(out))
    run = uuid.uuid4().hex[:12]
    threads = sum(client.nthreads().values())
    part_bytes = MAX_PART_BYTES if part_lines is not None else part_size(paths, threads)
    parts = plan_parts(paths, part_lines, part_bytes, shared=shared_inputs)
    window = 2 * threads + 2  # keeps every worker busy, bounds client memory
    stubs: list[pa.Table] = []

    def submit(part: Part) -> Any:
        return client.submit(
            audit_part, part, str(out), version, analysis, key=f"batch-audit-{run}-{part.number}", pure=False
        )

    pending = as_completed(  # type: ignore[no-untyped-call]
        [submit(p) for _, p in zip(range(window), parts, strict=False)]
    )
    try:
        for future in pending:
            result: PartResult = future.result()
            future.release()
            nxt = next(parts, None)
            if nxt is not None:
                pending.add(submit(nxt))  # type: ignore[no-untyped-call]
            summary.parts += 1
            summary.records += result.records
            summary.statuses.update(result.statuses)
            summary.rows.update(result.rows)
            stubs.append(result.stubs)
            if on_part is not None:
                on_part(result)
        flags = session_flags(stubs)
        if flags:
            patched = client.gather(
                [
                    client.submit(patch_task, str(out), file, rows, key=f"batch-patch-{run}-{i}", pure=False)
                    for i, (file, rows) in enumerate(sorted(flags.items()))
                ]
            )
            for was in patched:
                for status, n in was.items():
                    summary.statuses[status] -= n
                    summary.statuses["illegal"] += n
                    summary.flagged += n
    except Exception as err:
        client.cancel(list(pending.futures))
        raise BatchError(f"the batch failed: {type(err).__name__}: {err}") from err
    summary.seconds = time.perf_counter() - start
    manifest = {
        **summary.to_json(),
        "engine_version": version,
        "started_at": started.isoformat(),
        "finished_at": datetime.now(UTC).isoformat(),
        "inputs": [str(p) for p in paths],
        "part_lines": part_lines,
        "part_bytes": part_bytes,
        "shared_inputs": shared_inputs,
        "partitioning": ["game", "preset", "played_date"],
    }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return summary


@contextmanager
def dask_client(scheduler: str | None, workers: int | None) -> Iterator[Any]:
    """A client of the named scheduler, or of a local cluster of ``workers`` processes.

    One thread per worker process: the engine is pure Python, so threads would share one GIL.
    Two diagnostics are turned down for the local cluster, as they cost CPU the workers share on
    a small machine: the workers' statistical profiler (it samples the busy thread every 10 ms)
    and the event-loop health tick (every 20 ms in each process; 1 s still catches a 3 s stall).
    """
    import dask
    from distributed import Client, LocalCluster

    if scheduler is not None:
        with Client(scheduler, timeout="30s") as client:  # type: ignore[no-untyped-call]
            try:
                client.wait_for_workers(1, timeout=60)
            except TimeoutError:
                raise BatchError(f"no Dask worker joined {scheduler} within 60 s") from None
            yield client
        return
    with (
        dask.config.set(
            {"distributed.worker.profile.enabled": False, "distributed.admin.tick.interval": "1s"}
        ),
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",  # health and metrics routes only, on loopback
        ) as cluster,
        Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        yield client


def _n(value: int) -> str:
    return f"{value:,}"


def summary_lines(s: Summary) -> list[str]:
    from store.parquet import DATASETS, MANIFEST

    statuses = ", ".join(f"{_n(s.statuses[k])} {k}" for k in STATUSES)
    if s.statuses[ERROR]:  # the engine failed on some records: their audits rows say why
        statuses += f", {_n(s.statuses[ERROR])} {ERROR}"
    flagged = f" ({_n(s.flagged)} by dealer rotation, R-2.2)" if s.flagged else ""
    rows = ", ".join(f"{d} {_n(s.rows[d])}" for d in DATASETS)
    return [
        f"{_n(s.records)} records in {_n(s.parts)} parts on {s.workers} workers: "
        f"{s.seconds:.1f} s, {s.hands_per_second:,.0f} hands/s",
        f"  status  {statuses}{flagged}",
        f"  rows    {rows}",
        f"  output  {s.out_dir}  (complete: {MANIFEST} written)",
    ]
