"""Rows for the store's tables, built column-wise into Arrow tables and inserted in bulk.

DuckDB's row-by-row ``executemany`` managed 22 hands/s; one ``INSERT ... SELECT`` per table
from an Arrow table is what makes a batch fast.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import duckdb
import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.compute as pc  # type: ignore[import-untyped]

from store import games
from store.entry import _Entry, _safe_text
from store.verdict import dumps as _dumps
from store.verdict import mistake_rows, settlement_rows, verdict_columns
from store.version import engine_version

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
            ("game", _STR),
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
    "wins": pa.schema(
        [
            ("source", _STR),
            ("hand_id", _STR),
            ("n", pa.int16()),
            ("seat", pa.int8()),
            ("from_seat", pa.int8()),
            ("tile", _STR),
            ("hand", _STR),
            ("gen", pa.int8()),
            ("ways", pa.list_(_STR)),
            ("multiple", pa.int32()),
        ]
    ),
    "transfers": pa.schema(
        [
            ("source", _STR),
            ("hand_id", _STR),
            ("n", pa.int32()),
            ("kind", _STR),
            ("payer", pa.int8()),
            ("payee", pa.int8()),
            ("amount", pa.int64()),
        ]
    ),
    "sichuan_seat_facts": pa.schema(
        [
            ("source", _STR),
            ("hand_id", _STR),
            ("seat", pa.int8()),
            ("void_suit", _STR),
            ("swapped", pa.list_(_STR)),
            ("void_turns", pa.int16()),
            ("wins", pa.int8()),
            ("self_draw_wins", pa.int8()),
            ("first_win", pa.int8()),
            ("fed", pa.int8()),
            ("kongs", pa.int8()),
            ("kong_coins", pa.int64()),
            ("huazhu", pa.bool_()),
            ("tenpai", pa.bool_()),
            ("paid_dajiao", pa.bool_()),
            ("bankrupt", pa.bool_()),
            ("max_multiple", pa.int32()),
            ("one_suit_wins", pa.int8()),
            ("hand_types", pa.list_(_STR)),
        ]
    ),
    "changsha_seat_facts": pa.schema(
        [
            ("source", _STR),
            ("hand_id", _STR),
            ("seat", pa.int8()),
            ("wins", pa.int8()),
            ("self_draw_wins", pa.int8()),
            ("big_wins", pa.int8()),
            ("max_k", pa.int32()),
            ("fed", pa.int8()),
            ("hand_types", pa.list_(_STR)),
            ("qishou", pa.list_(_STR)),
            ("qishou_missed", pa.bool_()),
            ("kai_kongs", pa.int8()),
            ("bu_kongs", pa.int8()),
            ("haidi_offered", pa.int8()),
            ("haidi_taken", pa.bool_()),
            ("louhu", pa.int8()),
            ("birds_hit", pa.int8()),
        ]
    ),
    "changchun_seat_facts": pa.schema(
        [
            ("source", _STR),
            ("hand_id", _STR),
            ("seat", pa.int8()),
            ("wins", pa.int8()),
            ("self_draw_wins", pa.int8()),
            ("bao_wins", pa.int8()),
            ("way", _STR),
            ("fan", pa.int32()),
            ("fed", pa.int8()),
            ("hand_types", pa.list_(_STR)),
            ("ting", pa.bool_()),
            ("ting_turn", pa.int32()),
            ("looks", pa.int8()),
            ("leaked", pa.bool_()),
            ("jiehu_lost", pa.int8()),
            ("sets", pa.list_(_STR)),
            ("bu", pa.int8()),
            ("kongs", pa.int8()),
            ("gang_money", pa.int32()),
            ("win_money", pa.int32()),
        ]
    ),
    "erren_seat_facts": pa.schema(
        [
            ("source", _STR),
            ("hand_id", _STR),
            ("seat", pa.int8()),
            ("won", pa.bool_()),
            ("self_draw", pa.bool_()),
            ("fed", pa.bool_()),
            ("fans", pa.list_(_STR)),
            ("total", pa.int32()),
            ("qualifying", pa.int32()),
            ("qihu_misses", pa.int16()),
            ("ting", _STR),
            ("flowers", pa.int8()),
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


def _played_at(text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        return datetime.fromisoformat(text.upper()).astimezone(UTC)
    except ValueError:  # a leap second (…:60) is valid RFC 3339 but not a datetime
        return None


def _add_verdict(
    rows: Rows, entry: int, key: tuple[str, str], audit: Mapping[str, Any], now: datetime
) -> None:
    """The audit row and what hangs off it (settlements, mistakes): rewritten by a re-audit."""
    source, hand_id = key
    computed = audit.get("computed")
    rows.add(
        "audits",
        entry,
        **verdict_columns(audit),
        source=source,
        hand_id=hand_id,
        computed=_dumps(computed) if computed is not None else None,
        engine_version=engine_version(),
        audited_at=now,
    )
    for facts in audit.get("_facts") or []:  # per-seat facts for the habit queries
        rows.add("seat_facts", entry, source=source, hand_id=hand_id, **facts)
    for row in settlement_rows(audit):
        rows.add("settlements", entry, source=source, hand_id=hand_id, **row)
    for row in mistake_rows(audit):
        rows.add("mistakes", entry, source=source, hand_id=hand_id, **row)
    for table, row in games.extra_rows(audit):  # a multi-win game's wins, transfers and facts
        rows.add(table, entry, source=source, hand_id=hand_id, **row)


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
    session = record.get("session") or {}
    events = record.get("events") or []  # a 推筒子 round has none
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
        hand_no=session.get("hand_no", session.get("round_no")),
        dealer=record.get("dealer", record.get("banker")),  # a round's banker (庄家) in the dealer column
        **games.hand_columns(audit),
        n_events=len(events),
        status=audit["status"],
        record=e.canonical.decode("utf-8"),
        game=e.game,
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
