"""The Parquet layout of a batch audit: four hive-partitioned datasets and how audits become rows.

``replay batch-audit`` writes, under its output folder::

    audits/game=wuhan/preset=hzlzg/played_date=2026-11-05/part-000012.parquet
    audits/game=sichuan/preset=xueliu/played_date=2026-11-30/part-000012.parquet
    settlements/…   mistakes/…   events/…      (the same partitioning)

``game`` is the game the record's ``format`` names (``replay.games``). Output written before
games were partitioned (``audits/preset=…/played_date=…/``) stays readable: ``replay ingest
--parquet`` reads every ``part-*.parquet`` below ``audits/`` whatever the folders, and a
``hive_partitioning`` query over it simply has no ``game`` column (every hand in it is Wuhan).

One audit row per input record (invalid ones too, with their errors); settlements, mistakes and
events hang off it by ``(part, part_row)`` (and, for valid records, ``(source, hand_id)``). The
partition columns live only in the folder names, the way Spark, Trino and DuckDB's
``hive_partitioning`` expect; a record without a known preset or a readable ``played_at`` goes
under ``__HIVE_DEFAULT_PARTITION__``, which those readers all turn back into NULL.
``played_date`` is the UTC date, the same instant the store's ``played_at`` column holds.

Columns follow the store's tables (``store/migrations``) so a query carries over between the
two; JSON-valued columns are JSON text. This module is pure Arrow: the Dask job writes with it
on the workers, and the store side reads what it wrote.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]
from marshmallow import ValidationError

from replay.failure import ERROR
from replay.games import game_of_format
from replay.tiles import CODES
from schemas.hand_record import canonical_tile
from store.games import audit_game, hand_columns
from store.verdict import dumps, int_in, mistake_rows, settlement_rows, text, verdict_columns

DATASETS = ("audits", "settlements", "mistakes", "events")
PARTITION_KEYS = ("game", "preset", "played_date")
#: Hive's spelling of a NULL partition value; Spark, Trino, pyarrow and DuckDB read it as NULL.
HIVE_NULL = "__HIVE_DEFAULT_PARTITION__"
#: Written at the top of the output folder when a run completes: what made it and what is in it.
MANIFEST = "_batch.json"
COMPRESSION = "zstd"

_STR = pa.string()
_JSON = pa.string()  # JSON text: DuckDB's json functions and ``::JSON`` read it directly
_ORDER = [("part", pa.int32()), ("part_row", pa.int32())]

SCHEMAS: dict[str, pa.Schema] = {
    "audits": pa.schema(
        [
            *_ORDER,
            ("location", _STR),
            ("source", _STR),
            ("hand_id", _STR),
            ("status", _STR),
            ("first_illegal_index", pa.int32()),
            ("first_illegal_code", _STR),
            ("first_illegal", _JSON),
            ("errors", _JSON),
            ("differences", _JSON),
            ("played_at", pa.timestamp("us", tz="UTC")),
            ("session_id", _STR),
            ("hand_no", pa.int32()),
            ("dealer", pa.int8()),
            ("winner", pa.int8()),
            ("self_draw", pa.bool_()),
            ("hands", pa.list_(_STR)),
            ("deltas", pa.list_(pa.int64())),
            ("engine_version", _STR),
            ("audit", _JSON),
            ("raw", pa.binary()),
        ]
    ),
    "settlements": pa.schema(
        [
            *_ORDER,
            ("source", _STR),
            ("hand_id", _STR),
            ("seat", pa.int8()),
            ("player_id", _STR),
            ("delta", pa.int64()),
            ("receipt", _JSON),
        ]
    ),
    "mistakes": pa.schema(
        [
            *_ORDER,
            ("source", _STR),
            ("hand_id", _STR),
            ("type", _STR),
            ("seat", pa.int8()),
            ("idx", pa.int32()),
            ("severity", _STR),
            ("cost", pa.float64()),
            ("message", _STR),
            ("detail", _JSON),
        ]
    ),
    "events": pa.schema(
        [
            *_ORDER,
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
}

#: Columns of the R-2.2 / SC-1.3 stubs a part hands back for the check across parts (see
#: ``store.batch``): Wuhan's need whether the dealer keeps the deal, Sichuan's the next dealer
#: and the reason the audit gives for it.
STUB_SCHEMA = pa.schema(
    [
        ("source", _STR),
        ("session", _STR),
        ("hand_no", pa.int64()),
        ("dealer", pa.int8()),
        ("keeps", pa.bool_()),
        ("passes_to", pa.int8()),  # the winner who deals next, else null
        ("part", pa.int32()),
        ("part_row", pa.int32()),
        ("file", pa.dictionary(pa.int32(), _STR)),  # a handful of files per part: 4 bytes a hand
        ("game", pa.dictionary(pa.int8(), _STR)),
        ("next_dealer", pa.int8()),
        ("why", _STR),
        # 推筒子: the round's Link (replay/games/tuitongzi/audit.py) as JSON text: bank, pool,
        # shoe and tiles, the plain values its sitting check compares (TT-1.3, TT-2.3/2.5, TT-5.1)
        ("link", _JSON),
    ]
)

_CANONICAL = frozenset(CODES)
_PLAYED_AT = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))"
)


# --------------------------------------------------------------------------------------------
# Values taken from records that may not have validated: every helper returns None for junk.


def played_at_utc(value: object) -> datetime | None:
    """An RFC 3339 ``played_at`` as a UTC instant; a leap second (``:60``) counts as ``:59``."""
    if not isinstance(value, str):
        return None
    m = _PLAYED_AT.fullmatch(value)
    if m is None:
        return None
    year, month, day, hour, minute, second = (int(g) for g in m.groups()[:6])
    micro = int((m.group(7) or "0")[:6].ljust(6, "0"))
    if m.group(8):
        tz = UTC
    else:
        offset = timedelta(hours=int(m.group(10)), minutes=int(m.group(11)))
        try:
            tz = timezone(-offset if m.group(9) == "-" else offset)
        except ValueError:
            return None
    try:
        return datetime(year, month, day, hour, minute, min(second, 59), micro, tzinfo=tz).astimezone(UTC)
    except (ValueError, OverflowError):
        return None


def _at(obj: object, *keys: str) -> object:
    for key in keys:
        if not isinstance(obj, Mapping):
            return None
        obj = obj.get(key)
    return obj


Partition = tuple[str | None, str | None, str | None]


def partition_of(obj: object) -> Partition:
    """``(game, preset, played_date)`` of a record, valid or not; None where it cannot be told.

    The game is the one the record's ``format`` names (None for a missing or unknown format).
    Only known names become folder names: an invalid record's format or preset is arbitrary
    text (slashes, ``=``) that must not turn into a path; a preset counts only in its own game.
    """
    game = game_of_format(_at(obj, "format"))
    preset = _at(obj, "ruleset", "preset")
    when = played_at_utc(_at(obj, "played_at"))
    presets = game.presets if game is not None else ()
    return (
        game.name if game is not None else None,
        preset if isinstance(preset, str) and preset in presets else None,
        when.date().isoformat() if when is not None else None,
    )


def partition_path(dataset: str, key: Partition, part: int) -> str:
    """Where one part's rows of one partition go, relative to the output folder: deterministic,
    so a retried task overwrites its own files instead of adding to them."""
    game, preset, date = key
    return (
        f"{dataset}/game={game or HIVE_NULL}/preset={preset or HIVE_NULL}"
        f"/played_date={date or HIVE_NULL}/part-{part:06d}.parquet"
    )


def _tile(value: object) -> str | None:
    """The canonical code of a validated record's tile (it may be written as an alias). A 二人
    flower (``3h``, ``秋``, 0x43: ER-1.1) is no tile of the shared set: its game's code."""
    if value is None:
        return None
    try:
        return canonical_tile(value)
    except ValidationError:
        from replay.errors import InputError
        from replay.games.erren.tiles import code, is_flower, parse

        try:
            kind = parse(value)
        except InputError:
            kind = None
        if kind is None or not is_flower(kind):
            raise
        return code(kind)


def _event_tiles(tiles: list[Any]) -> list[str | None]:
    """An event's ``tiles`` as canonical codes. A Sichuan ``swap`` lists three tiles per seat: each
    seat's three become one JSON text (``["1m","4m","8m"]``), as the store's ``events`` holds them."""
    out: list[str | None] = []
    for t in tiles:
        if isinstance(t, list):
            out.append(dumps([_tile(x) for x in t]))
        else:
            out.append(t if t in _CANONICAL else _tile(t))
    return out


# --------------------------------------------------------------------------------------------
# Building one part's rows.


_NAMES = {dataset: tuple(schema.names) for dataset, schema in SCHEMAS.items()}
_STUB_NAMES = tuple(STUB_SCHEMA.names)


class _Columns:
    def __init__(self) -> None:
        self.columns: dict[str, dict[str, list[Any]]] = {
            dataset: {name: [] for name in names} for dataset, names in _NAMES.items()
        }

    def add(self, dataset: str, **values: Any) -> None:
        for name, column in self.columns[dataset].items():
            column.append(values.get(name))

    def tables(self) -> dict[str, pa.Table]:
        return {
            dataset: pa.table(cols, schema=SCHEMAS[dataset])
            for dataset, cols in self.columns.items()
            if cols["part"]
        }


class PartRows:
    """The rows of one part of the input, grouped by partition, in input order."""

    def __init__(self, part: int, engine_version: str) -> None:
        self.part = part
        self.engine_version = engine_version
        self.by_key: dict[Partition, _Columns] = {}
        self.rows = 0
        self.stubs: dict[str, list[Any]] = {name: [] for name in _STUB_NAMES}

    def add(self, audit: Mapping[str, Any], obj: object, raw: bytes | None) -> None:
        """One audit as ``audit_record`` returns it (private ``_`` keys still on it) and its input."""
        key = partition_of(obj)
        cols = self.by_key.get(key)
        if cols is None:
            cols = self.by_key[key] = _Columns()
        row = self.rows
        self.rows += 1
        order = {"part": self.part, "part_row": row}
        session = audit.get("_session")
        if session:
            source, sid, no, dealer, keeps, *rest = session
            passes_to = rest[0] if rest else None
            self._stub(text(source), text(sid), no, dealer, keeps, passes_to, row, key, "wuhan", None, None)
        for game in ("sichuan", "changsha", "changchun", "erren"):  # one shape: replay/next_dealer.py
            session = audit.get(f"_{game}_session")
            if session:
                source, sid, no, dealer, nxt, why = session
                self._stub(text(source), text(sid), no, dealer, None, None, row, key, game, nxt, why)
        session = audit.get("_tuitongzi_session")
        if session:  # the banker stands in the dealer column, as in the store's hands table
            source, sid, no, facts = session
            values = (text(source), text(sid), no, facts["banker"], None, None, row, key, "tuitongzi")
            self._stub(*values, None, None, link=dumps(facts))
        source, hand_id = text(audit.get("source")), text(audit.get("hand_id"))
        computed = audit.get("computed")
        columns = hand_columns(audit)
        when = played_at_utc(_at(obj, "played_at"))
        cols.add(
            "audits",
            **order,
            **verdict_columns(audit),
            location=text(audit.get("location")),
            source=source,
            hand_id=hand_id,
            played_at=when,
            session_id=text(_at(obj, "session", "id"), 256),
            hand_no=int_in(_hand_no(obj), 0, 2**31 - 1),
            dealer=int_in(_dealer(obj), 0, 3),
            winner=columns["winner"],
            self_draw=columns["self_draw"],
            hands=_hand_types(audit, computed),
            deltas=list(computed["deltas"]) if computed else None,
            engine_version=self.engine_version,
            raw=raw,
        )
        seats = _at(obj, "seats")
        for paid in settlement_rows(audit):
            seat = paid["seat"]
            player = _at(seats[seat], "player_id") if isinstance(seats, list) and seat < len(seats) else None
            cols.add("settlements", **order, source=source, hand_id=hand_id, player_id=text(player), **paid)
        for finding in mistake_rows(audit):
            cols.add("mistakes", **order, source=source, hand_id=hand_id, **finding)
        # validated: the events are well-formed (an ``error`` audit may come from a record the
        # engine failed on before its validation was done: its raw bytes are kept, not its events)
        if audit["status"] not in ("invalid", ERROR):
            self._add_events(cols, order, source, hand_id, _at(obj, "events"))

    def _stub(self, *values: Any, **more: Any) -> None:
        """One stub row: the columns every game fills, then a game's own (``more``; None elsewhere)."""
        source, sid, no, dealer, keeps, passes_to, row, key, game, nxt, why = values
        where = partition_path("audits", key, self.part)
        stub = (source, sid, no, dealer, keeps, passes_to, self.part, row, where)
        filled = {**dict(zip(_STUB_NAMES, (*stub, game, nxt, why), strict=False)), **more}
        for name in _STUB_NAMES:
            self.stubs[name].append(filled.get(name))

    @staticmethod
    def _add_events(
        cols: _Columns, order: dict[str, int], source: str | None, hand_id: str | None, events: object
    ) -> None:
        if not isinstance(events, list):
            return
        ev = cols.columns["events"]
        n = len(events)
        ev["part"].extend([order["part"]] * n)
        ev["part_row"].extend([order["part_row"]] * n)
        ev["source"].extend([source] * n)
        ev["hand_id"].extend([hand_id] * n)
        ev["idx"].extend(range(n))
        ev["type"].extend([x["type"] for x in events])
        ev["seat"].extend([x.get("seat") for x in events])
        canonical = _CANONICAL
        tiles = [x.get("tile") for x in events]
        ev["tile"].extend(t if t in canonical else _tile(t) for t in tiles)
        ev["tiles"].extend(_event_tiles(x["tiles"]) if "tiles" in x else None for x in events)
        ev["kind"].extend([x.get("kind") for x in events])

    def stub_table(self) -> pa.Table:
        return pa.table(self.stubs, schema=STUB_SCHEMA)

    def write(self, out_dir: str | os.PathLike[str]) -> dict[str, int]:
        """Write every non-empty (dataset, partition) as one file; rows written per dataset."""
        counts = dict.fromkeys(DATASETS, 0)
        for key, cols in sorted(self.by_key.items(), key=lambda kv: tuple(k or "" for k in kv[0])):
            for dataset, table in cols.tables().items():
                write_table(table, Path(out_dir) / partition_path(dataset, key, self.part))
                counts[dataset] += table.num_rows
        return counts


def _hand_no(obj: object) -> object:
    """The hand's number in its sitting: ``session.hand_no``, or a 推筒子 round's ``round_no``
    (the store's ``hand_no`` column holds the same)."""
    no = _at(obj, "session", "hand_no")
    return _at(obj, "session", "round_no") if no is None else no


def _dealer(obj: object) -> object:
    """The dealer, or a 推筒子 round's banker (庄家), as the store's ``dealer`` column holds it."""
    dealer = _at(obj, "dealer")
    return _at(obj, "banker") if dealer is None and _at(obj, "format") == "tuitongzi-round/1" else dealer


def _hand_types(audit: Mapping[str, Any], computed: Mapping[str, Any] | None) -> list[str] | None:
    """The hand types won: Wuhan's one winner's ``hands``, each Sichuan win's ``hand`` in order,
    every hand id of each Changsha win in order, or a 二人 win's fan ids; a 推筒子 round's class of
    every seat's two tiles, in seat order (the banker's too: a round has no single winner)."""
    if not computed:
        return None
    if audit_game(audit) == "wuhan":
        return list(computed["hands"])
    if audit_game(audit) == "changchun":  # the one winner's fan ids (none at 荒庄)
        return list(computed.get("hands") or [])
    if audit_game(audit) == "erren":  # the one winner's fan ids, in walk order (ER-6.1)
        return [str(f.get("id")) for f in computed.get("fans") or []]
    if audit_game(audit) == "tuitongzi":  # each seat's class (points, erba, pair, fa_pair), by seat
        return [str(h.get("class")) for h in computed.get("hands") or []]
    if audit_game(audit) == "changsha":  # each winner's hand ids, in the order they won
        hands = computed.get("hands") or {}
        return [h for s in computed.get("winners") or [] for h in hands.get(str(s), [])]
    return [str(w.get("hand")) for w in computed.get("wins") or []]


def write_table(table: pa.Table, path: Path) -> None:
    """Write whole or not at all: readers glob ``*.parquet`` and must never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    pq.write_table(table, tmp, compression=COMPRESSION)
    os.replace(tmp, path)


def patch_audits(path: str | os.PathLike[str], flags: Mapping[int, Mapping[str, Any]]) -> dict[str, int]:
    """Mark rows of one audits file illegal by the check across hands (R-2.2), keyed by ``part_row``;
    returns how many rows changed, by the status they had.

    The check needs every hand of a sitting, which may sit in other parts; it runs after all
    parts are written, and only the few files holding a flagged hand are rewritten.
    """
    table = pq.read_table(path, schema=SCHEMAS["audits"])
    cols = {name: table.column(name).to_pylist() for name in ("part_row", "status", "audit")}
    extra: dict[str, list[Any]] = {
        name: table.column(name).to_pylist()
        for name in ("first_illegal_index", "first_illegal_code", "first_illegal")
    }
    changed: dict[str, int] = {}
    for i, row in enumerate(cols["part_row"]):
        first = flags.get(row)
        if first is None:
            continue
        audit = json.loads(cols["audit"][i])
        changed[audit["status"]] = changed.get(audit["status"], 0) + 1
        audit["status"] = "illegal"
        audit["first_illegal"] = dict(first)
        cols["status"][i] = "illegal"
        cols["audit"][i] = dumps(audit)
        extra["first_illegal_index"][i] = first.get("index")
        extra["first_illegal_code"][i] = first.get("code")
        extra["first_illegal"][i] = dumps(first)
    if changed:
        for name, values in {**cols, **extra}.items():
            index = table.schema.get_field_index(name)
            table = table.set_column(
                index, table.schema.field(index), pa.array(values, table.schema.field(index).type)
            )
        write_table(table, Path(path))
    return changed
