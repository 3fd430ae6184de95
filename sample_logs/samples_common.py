"""What the games' sample scripts (``make_changsha_samples.py``, ``make_changchun_samples.py``,
``make_erren_samples.py``) share: a club's record dressing, the simulated sittings written as
NDJSON, the search for a disputed record ("change one event of a legal hand, keep it only if the
audit stops exactly there with exactly the intended code") and the README's verdict table.

One copy, so that a fix to how disputes are chosen or how the table states a verdict reaches
every game. A script imports it as ``from samples_common import ...`` (``sample_logs/`` is the
script's own folder, first on ``sys.path``).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

from replay.tiles import CODES

Record = dict[str, Any]
#: (record, the board before each event and after the last) -> candidates (mutated record, its index)
Mutation = Callable[[Record, list[Any]], Iterator[tuple[Record, int]]]
Audit = Callable[[Record], dict[str, Any]]


class _Board(Protocol):
    def clone(self) -> _Board: ...

    def push(self, event: dict[str, Any]) -> Any: ...


def dress(rec: Record, hand_id: str, source: str, seats: list[dict[str, Any]]) -> Record:
    """A record as the club's app uploads it: its id, source and players."""
    out = copy.deepcopy(rec)
    out["hand_id"] = hand_id.replace("_", "-")  # pages show it: a name, not code
    out["source"] = source
    out["seats"] = copy.deepcopy(seats)
    out.pop("session", None)
    out.pop("played_at", None)
    return out


def settled(rec: Record, audit: Audit, result_keys: Iterable[str]) -> Record:
    """The record with the engine's result recorded, as an app that settles right would."""
    a = audit(rec)
    assert a["status"] == "ok", (rec["hand_id"], a["first_illegal"], a["errors"])
    rec["result"] = {k: a["computed"][k] for k in result_keys}
    return rec


def states(board: _Board, events: list[dict[str, Any]]) -> list[Any]:
    """The board before each event and after the last (what a mutation looks at)."""
    out = [board.clone()]
    for e in events:
        board.push(e)
        out.append(board.clone())
    return out


def replace(rec: Record, at: int, event: dict[str, Any]) -> Record:
    """A copy of ``rec`` with event ``at`` changed (the one change a faulty app makes)."""
    out = copy.deepcopy(rec)
    out["events"][at] = event
    return out


def stops_at(audit: Audit, rec: Record, code: str, index: int | None) -> bool:
    """The audit finds ``rec`` illegal first at event ``index`` with ``code``, nothing else."""
    a = audit(rec)
    first = a["first_illegal"]
    return a["status"] == "illegal" and (first["code"], first["index"]) == (code, index)


# ------------------------------------------------------------------------------ mutations every game has
def seat_moved_on(event_type: str, after: int = -1) -> Mutation:
    """Each ``event_type`` event past index ``after`` given to the next seat (a discard out of
    turn, a chi not from the seat before, a 海底 offer out of order)."""

    def mutate(r: Record, st: list[Any]) -> Iterator[tuple[Record, int]]:
        for i, e in enumerate(r["events"]):
            if e["type"] == event_type and i > after:
                yield replace(r, i, {**e, "seat": (e["seat"] + 1) % 4}), i

    return mutate


def tile_not_in_hand(kinds: int) -> Mutation:
    """Each discard past the opening replaced by the first of the ``kinds`` the seat does not hold."""

    def mutate(r: Record, st: list[Any]) -> Iterator[tuple[Record, int]]:
        for i, e in enumerate(r["events"]):
            if e["type"] == "discard" and i > 5:
                missing = next(k for k in range(kinds) if not st[i].seats[e["seat"]].hand[k])
                yield replace(r, i, {**e, "tile": CODES[missing]}), i

    return mutate


def draw_mismatch(r: Record, st: list[Any]) -> Iterator[tuple[Record, int]]:
    """Each draw past the opening naming another tile than the wall's (5m, or 6m for a 5m)."""
    for i, e in enumerate(r["events"]):
        if e["type"] == "draw" and i > 5:
            yield replace(r, i, {**e, "tile": "5m" if e["tile"] != "5m" else "6m"}), i


def drawn_discard_as_hu(r: Record, st: list[Any]) -> Iterator[tuple[Record, int]]:
    """Each discard past the opening, made after a draw, replaced by a self-drawn ``hu``."""
    for i, e in enumerate(r["events"]):
        if e["type"] == "discard" and i > 5 and st[i].drawn is not None:
            yield replace(r, i, {"type": "hu", "seat": e["seat"]}), i


def mutated_disputes(
    mutations: Mapping[str, Mutation],
    legal: list[Record],
    states_of: Callable[[Record], list[Any]],
    audit: Audit,
) -> dict[str, Record]:
    """Per reason code, the first one-event change of a legal hand (in ``legal``'s order, the
    mutation's candidates in theirs) whose audit stops exactly at the changed event with that
    code; a code no candidate reaches is left out (the script takes a test's record for it)."""
    out: dict[str, Record] = {}
    for code, mutate in mutations.items():
        for r in legal:
            hit = next(((m, i) for m, i in mutate(r, states_of(r)) if stops_at(audit, m, code, i)), None)
            if hit is not None:
                out[code] = hit[0]
                break
    return out


def write_json(folder: Path, name: str, rec: Record) -> None:
    """One hand-written record, indented (the files are read by people)."""
    (folder / name).write_text(json.dumps(rec, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def write_ndjson(path: Path, records: Iterable[Record]) -> None:
    """Simulated hands, one compact record a line."""
    with path.open("w", encoding="utf-8") as out:
        for r in records:
            out.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")


def simulate_files(
    folder: Path,
    runs: Iterable[tuple[str, str, dict[str, Any], int, int]],
    simulate: Callable[..., Iterable[Record]],
) -> list[Record]:
    """Each ``(file, preset, overrides, seed, hands)`` sitting played by the bots and written
    under ``folder``; every hand, in order."""
    played: list[Record] = []
    for name, preset, overrides, seed, hands in runs:
        records = list(simulate(hands, seed, preset, overrides))
        played += records
        write_ndjson(folder / name, records)
    return played


# ------------------------------------------------------------------------------ the README table
def verdict_code(audit: Mapping[str, Any]) -> str:
    """The table's "code" cell: the first illegal event's code @ its index (``session`` for a
    sitting's), the first schema error's field, or the fields a mismatch differs in."""
    if audit["status"] == "illegal":
        at = audit["first_illegal"]["index"]
        return f"{audit['first_illegal']['code']} @ {'session' if at is None else at}"
    if audit["status"] == "invalid":
        return str(audit["errors"][0]["field"])
    return ", ".join(d["field"] for d in audit["differences"])


def mistake_words(audit: Mapping[str, Any]) -> str:
    """The table's "mistakes" cell: type@event:seat:cost of each mistake found."""
    return " ".join(f"{m['type']}@{m['index']}:{m['seat']}:{m['cost']}" for m in audit["mistakes"])


def table(folder: Path) -> str:
    """The README's table of every hand-written record in ``folder`` as ``replay audit`` judges
    it: status, code, and for a replayed hand its deltas and mistakes."""
    from replay.inputs import iter_records
    from schemas.audit import audit_records

    rows = [
        "| file | hand_id | status | code @ event / fields | deltas | mistakes |",
        "|---|---|---|---|---|---|",
    ]
    files = sorted(folder.glob("*.json"))
    audits = {a["hand_id"]: a for a in audit_records(iter_records([str(folder)]))}
    for f in files:
        hand_id = json.loads(f.read_text("utf-8"))["hand_id"]
        a = audits[hand_id]
        code = verdict_code(a)
        deltas = mistakes = ""
        if a["status"] not in ("illegal", "invalid"):
            deltas = " ".join(str(d) for d in a["computed"]["deltas"])
            mistakes = mistake_words(a)
        rows.append(f"| `{f.name}` | `{hand_id}` | {a['status']} | {code} | {deltas} | {mistakes} |")
    return "\n".join(rows)
