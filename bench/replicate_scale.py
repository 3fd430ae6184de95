"""A database ``--times`` bigger than a snapshot, for the pages' timings only (issue #15 item 6).

Building a million hands through ``replay ingest`` takes hours (every hand is replayed and
analysed); the pages only read ``hands``, ``seats``, ``mistakes`` and the page tables. This
copies those rows ``--times - 1`` more times under new hand and session ids (``~1``, ``~2`` …
appended; same players, sources and presets; copy ``i`` played ``i`` days later, so a player
plays on more days and a day holds more hands, as a store grows), then sorts the player-ordered
tables as ``compact`` leaves them. The audits, events, settlements and raw uploads are not
copied: the result is for ``bench_scale.py --no-build --next 0``, not for viewing hands or
re-auditing. It writes a database of schema version 4 (migration 5's day counts are left for
the code under test to build when it opens the copy).

Run: ``python bench/replicate_scale.py SNAPSHOT OUT --times 4`` (OUT must not exist).
"""

from __future__ import annotations

import argparse
import shutil
import time
from pathlib import Path

import duckdb

#: table -> the columns re-keyed in a copy (every other column copied as is)
COPIED = {
    "hands": ("hand_id", "session_id"),
    "seats": ("hand_id",),
    "mistakes": ("hand_id",),
    "seat_rows": ("hand_id", "session_id"),
    "mistake_rows": ("hand_id", "session_id"),
    "won_types": ("hand_id", "session_id"),
    "disputed_rows": ("hand_id", "session_id"),
}
SORTED = {"seat_rows": "player_id, played_at", "mistake_rows": "player_id, played_at"}


def _copied(column: str, keyed: tuple[str, ...], i: int) -> str:
    """A column of copy ``i``: a new id, or a time ``i`` days later."""
    if column in keyed:
        return f"{column} || '~{i}' AS {column}"
    if column == "played_at":
        return f"played_at + INTERVAL {i} DAY AS played_at"
    if column == "day":
        return f"day + {i} AS day"
    if column == "played_at_text":  # the record's own date, i days later, its time and offset kept
        return (
            f"strftime(TRY_CAST(substr(played_at_text, 1, 10) AS DATE) + {i}, '%Y-%m-%d')"
            " || substr(played_at_text, 11) AS played_at_text"
        )
    return column


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("snapshot", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--times", type=int, default=4)
    args = parser.parse_args()
    if args.out.exists():
        raise SystemExit(f"{args.out} exists")
    shutil.copyfile(args.snapshot, args.out)
    con = duckdb.connect(str(args.out))
    version = con.execute("SELECT max(version) FROM schema_migrations").fetchall()[0][0]
    if version != 4:
        raise SystemExit(f"{args.snapshot}: schema version {version}, this copies version 4")
    t0 = time.perf_counter()
    for table, keyed in COPIED.items():
        columns = [r[0] for r in con.execute(f"DESCRIBE {table}").fetchall()]
        for i in range(1, args.times):
            picked = ", ".join(_copied(c, keyed, i) for c in columns)
            con.execute(
                f"INSERT INTO {table} BY NAME SELECT {picked} FROM {table} WHERE NOT contains(hand_id, '~')"
            )
        rows = con.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0]
        print(f"  {table}: {rows:,} rows", flush=True)
    for table, order in SORTED.items():
        con.execute(f"CREATE TEMP TABLE _sorted AS SELECT * FROM {table} ORDER BY {order}")
        con.execute(f"DELETE FROM {table}")
        con.execute(f"INSERT INTO {table} SELECT * FROM _sorted")
        con.execute("DROP TABLE _sorted")
        con.execute("DELETE FROM page_layout WHERE name = ?", [table])
        con.execute(f"INSERT INTO page_layout SELECT '{table}', count(*) FROM {table}")
    con.execute("DELETE FROM population_cache")  # of the snapshot's state
    con.execute("CHECKPOINT")
    con.close()
    print(f"{args.out}: {args.times}x {args.snapshot} in {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
