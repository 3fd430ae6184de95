"""``replay audit`` over files of any size: streamed, on every core, the same output for any N.

Why a module of its own: ``schemas.audit.audit_records`` audits a list and checks the sittings in
it afterwards, which holds every audit in memory; a million hands would not fit. Here records
are read as a stream (``replay.inputs`` reads large NDJSON line by line), cut into chunks of
``CHUNK`` records in input order, each chunk audited in one task (in worker processes when
``workers`` > 1) and written out in input order as soon as it and the chunks before it are done,
so memory is bounded by the chunks in flight, not by the input.

The output is the same for any number of workers: chunks are cut the same way, each record is
audited alone, and the checks across the hands of a sitting (R-2.2 for Wuhan, SC-1.3 for
Sichuan) run in the parent, in input order. A hand is checked against the hands of its sitting
in its own chunk (either side of it, as ``audit_records`` does) and against those of earlier
chunks, which the parent remembers (``_Sittings``, the last ``REMEMBERED`` hands' keys); only a
hand whose predecessor comes *later* in the input, in a later chunk, goes unchecked, since it has
been written by then. Records of one sitting in order, as apps and the simulator write them, are
checked exactly as before.
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import os
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from replay.failure import ERROR
from replay.games import SESSION_KEYS, check_all_sessions, drop_session_keys
from replay.inputs import DEFAULT_LIMITS, Item, Limits, read_paths
from schemas.audit import audit_record

CHUNK = 200  # records per task: big enough to amortise a task, small enough to keep memory flat
REMEMBERED = 200_000  # hands of earlier chunks kept for the checks across a sitting
_KEYS = SESSION_KEYS

#: a record's line of output: the audit as JSON, or a summary line
Render = Callable[[dict[str, Any]], str]


@dataclass
class Audited:
    """One record's audit as a worker returns it: its output line, ready to write, and what the
    parent needs for the checks across hands."""

    line: str
    status: str
    sessions: tuple[Any, ...]  # each game's sitting key (SESSION_KEYS order), None when not its
    audit_json: str | None  # kept only for a hand in a sitting, in case a check flags it


def to_json(audit: dict[str, Any]) -> str:
    """The ``--json`` line of an audit (the contract's keys, in their order)."""
    return json.dumps(audit, ensure_ascii=False, separators=(",", ":"))


def outcome_text(game: object, c: dict[str, Any]) -> str:
    """How a settled hand ended, in the summary line: its winners, hands and deltas."""
    if game == "sichuan":
        wins = ", ".join(f"seat {w['seat']} {w['hand']} M{w['multiple']}" for w in c["wins"]) or "no win"
        return f"{wins}; {c['ended_by']} {c['deltas']}"
    if game == "tuitongzi":
        return f"banker {c['banker']} {c['deltas']} pool {c['pool_after']}"
    if game == "changsha":  # 通炮: several winners, each with its hands; or opening hands (起手胡)
        hands = c.get("hands") or {}
        qishou = c.get("qishou") or {}
        won = [
            f"seat {w} {'+'.join(hands.get(str(w)) or qishou.get(str(w)) or ['?'])}"
            for w in c.get("winners") or []
        ]
        return f"{', '.join(won) or 'draw (黄庄)'}; {c.get('ended_by')} {c['deltas']}"
    if c.get("winner") is None:
        return "draw (黄庄)"
    if game == "erren":
        return f"seat {c['winner']} wins {c['total']} 番 fan {c['deltas']}"
    return f"seat {c['winner']} wins {'+'.join(c['hands'])} {c['deltas']}"


def summary_line(a: dict[str, Any]) -> str:
    """The one-line summary ``replay audit`` prints without ``--json``."""
    who = f"{a['source'] or '?'}/{a['hand_id'] or '?'}"
    status = a["status"]
    if status == "invalid":
        err = a["errors"][0] if a["errors"] else {"field": "", "message": "invalid"}
        more = f" (+{len(a['errors']) - 1} more)" if len(a["errors"]) > 1 else ""
        where = a.get("location") or who
        return f"invalid   {where}  {err['field'] or '<record>'}: {err['message']}{more}"
    if status == ERROR:  # the engine failed on this record (issue #27): its error names why
        err = a["errors"][0] if a["errors"] else {"message": ERROR}
        return f"error     {who}  {err['message']}"
    if status == "illegal":
        f = a["first_illegal"]
        at = f"event {f['index']}" if f["index"] is not None else "session"
        if a.get("game") == "tuitongzi":  # a round has no events: the field of its first illegal item
            at = f.get("field") or at
        return f"illegal   {who}  {at}: {f['code']} ({f['rule']}) {f['message']}"
    outcome = outcome_text(a.get("game"), a["computed"])
    if status == "mismatch":
        diffs = "; ".join(
            f"{d['field']}: app {d['recorded']}, engine {d['computed']}" for d in a["differences"]
        )
        return f"mismatch  {who}  {outcome}; {diffs}"
    return f"ok        {who}  {outcome}"


def audit_chunk(
    chunk: list[tuple[object, str | None]], analysis: bool, render: Render, freeze: bool = False
) -> list[Audited]:
    """Audit a chunk, each record alone; the checks across hands are the parent's.

    ``freeze``: after this process's first chunk, ``freeze_heap`` (see there).
    """
    out = []
    for obj, location in chunk:
        a = audit_record(obj, location, analysis)
        a.pop("_facts", None)
        sessions = drop_session_keys(a)
        kept = json.dumps(a, ensure_ascii=False) if any(k is not None for k in sessions) else None
        out.append(Audited(render(a), a["status"], sessions, kept))
    if freeze:
        freeze_heap()
    return out


_frozen = False


def freeze_heap() -> None:
    """Once per process: collect, then move every object alive now out of the garbage
    collector's sight (``gc.freeze``).

    What is alive after a first chunk is what a long run keeps: modules, the rule and shape
    tables, the caches the audit fills. An audit allocates many containers that live while
    its hand is replayed (chunk records, positions for the analysis), so the collector runs
    often, and each full collection walked all of that again, a lasting 5–15% of a run.
    Frozen objects are still freed by reference counting; only cycles among them would stay.
    The standard remedy for long-running processes, and the CLI's choice (``run_audit``'s
    ``freeze_gc``); a library caller keeps its own collector settings.
    """
    global _frozen
    if not _frozen:
        gc.collect()
        gc.freeze()
        _frozen = True


class _Sittings:
    """The session keys of hands already written, by sitting, for the next chunks' checks."""

    def __init__(self, limit: int = REMEMBERED) -> None:
        self.limit = limit
        self.count = 0
        self.by_sitting: OrderedDict[tuple[Any, ...], list[dict[str, Any]]] = OrderedDict()

    def stubs(self, chunk: list[Audited]) -> list[dict[str, Any]]:
        """Fresh stand-ins for the remembered hands of the sittings in ``chunk`` (a check may
        mark a stand-in, never a hand already written)."""
        out: list[dict[str, Any]] = []
        for sitting in {_sitting(a) for a in chunk} - {None}:
            for stub in self.by_sitting.get(sitting, ()):  # type: ignore[arg-type]
                out.append(dict(stub))
        return out

    def remember(self, chunk: list[Audited]) -> None:
        for a in chunk:
            sitting = _sitting(a)
            if sitting is None:
                continue
            stub = {name: key for name, key in zip(_KEYS, a.sessions, strict=True) if key is not None}
            self.by_sitting.setdefault(sitting, []).append(stub)
            self.by_sitting.move_to_end(sitting)
            self.count += 1
        while self.count > self.limit and self.by_sitting:
            _, dropped = self.by_sitting.popitem(last=False)
            self.count -= len(dropped)


def _sitting(a: Audited) -> tuple[Any, ...] | None:
    for n, key in enumerate(a.sessions):
        if key is not None:
            return (n, key[0], key[1])
    return None


def _check(chunk: list[Audited], sittings: _Sittings, render: Render) -> None:
    """R-2.2 / SC-1.3 across the hands of each sitting, as ``audit_records`` checks them."""
    mine: list[tuple[Audited, dict[str, Any]]] = []
    for a in chunk:
        if a.audit_json is not None:
            stub = {"status": a.status, **dict(zip(_KEYS, a.sessions, strict=True))}
            mine.append((a, stub))
    if not mine:
        return
    stubs = [*sittings.stubs(chunk), *(s for _, s in mine)]
    check_all_sessions(stubs)
    for a, stub in mine:
        if "first_illegal" in stub:  # flagged: the audit again, with the check's verdict
            assert a.audit_json is not None
            audit = json.loads(a.audit_json)
            audit["status"] = stub["status"]
            audit["first_illegal"] = stub["first_illegal"]
            a.line, a.status = render(audit), stub["status"]
    sittings.remember(chunk)


def _chunks(items: Iterable[Item]) -> Iterator[tuple[list[tuple[object, str | None]], float]]:
    chunk: list[tuple[object, str | None]] = []
    weight = 0.0
    for item in items:
        chunk.append((item.obj, item.location))
        weight += item.weight
        if len(chunk) == CHUNK:
            yield chunk, weight
            chunk, weight = [], 0.0
    if chunk:
        yield chunk, weight


def _items(paths: list[str], limits: Limits) -> Iterator[Item]:
    for items in read_paths(paths, limits):
        yield from items


def default_workers() -> int:
    """Every core (``os.process_cpu_count`` where Python has it: the cores this process may use)."""
    count = getattr(os, "process_cpu_count", None)
    n = count() if count is not None else None
    if n is None:
        try:
            n = len(os.sched_getaffinity(0))
        except AttributeError:
            n = os.cpu_count()
    return max(1, n or 1)


def run_audit(
    paths: list[str],
    render: Render,
    *,
    analysis: bool = True,
    workers: int = 1,
    on_chunk: Callable[[int, float], None] | None = None,
    freeze_gc: bool = False,
    limits: Limits = DEFAULT_LIMITS,
) -> Iterator[Audited]:
    """The audits of every record in ``paths``, in input order, chunk by chunk.

    ``render`` makes each record's output line (it runs in the workers); ``on_chunk(records,
    weight)`` reports progress after each chunk is written. ``workers`` > 1 audits chunks in that
    many processes, at most ``2 × workers`` chunks in flight. ``freeze_gc``: each auditing
    process freezes its heap after its first chunk (``freeze_heap``; ``replay audit`` does).
    ``limits``: the bounds of each file's read (``replay.inputs.Limits``).
    """
    sittings = _Sittings()
    chunks = _chunks(_items(paths, limits))
    if workers <= 1:
        for chunk, weight in chunks:
            done = audit_chunk(chunk, analysis, render, freeze_gc)
            _check(done, sittings, render)
            yield from done
            if on_chunk is not None:
                on_chunk(len(done), weight)
        return
    methods = multiprocessing.get_all_start_methods()
    mp = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    inflight: deque[tuple[Future[list[Audited]], float]] = deque()
    with ProcessPoolExecutor(max_workers=workers, mp_context=mp) as pool:

        def drain() -> Iterator[Audited]:
            future, weight = inflight.popleft()
            done = future.result()
            _check(done, sittings, render)
            yield from done
            if on_chunk is not None:
                on_chunk(len(done), weight)

        for chunk, weight in chunks:
            inflight.append((pool.submit(audit_chunk, chunk, analysis, render, freeze_gc), weight))
            if len(inflight) >= 2 * workers:
                yield from drain()
        while inflight:
            yield from drain()


class Rate:
    """Hands per second for a progress bar's label."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.hands = 0

    def add(self, n: int) -> str:
        self.hands += n
        elapsed = max(time.perf_counter() - self.start, 1e-9)
        return f"{self.hands:,} hands, {self.hands / elapsed:,.0f} hands/s"
