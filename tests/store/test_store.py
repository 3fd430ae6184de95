"""The DuckDB store: migrations, the one-writer transaction discipline, tokens, and the reads."""

from __future__ import annotations

import functools
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
import pytest

import store.db as db
from replay.games.wuhan.simulate import simulate
from replay.inputs import decode_ndjson
from store.db import Store, StoreError, migrate
from store.ingest import ingest
from store.migrations import Migration, all_migrations
from store.queries import HandFilter, get_hand, list_hands, player_stats
from store.tokens import create_token, list_tokens, revoke_token, verify_token

TABLES = {
    "schema_migrations",
    "raw_uploads",
    "hands",
    "seats",
    "events",
    "audits",
    "settlements",
    "rejects",
    "conflicts",
    "mistakes",
    "tokens",
}


@functools.cache
def sim_lines(n: int = 24, seed: int = 11) -> bytes:
    import json

    return b"\n".join(json.dumps(r, ensure_ascii=False).encode() for r in simulate(n, seed))


@pytest.fixture
def store(tmp_path: Path) -> Any:
    with Store(tmp_path / "store.duckdb") as s:
        yield s


def tables(store: Store) -> set[str]:
    with store.read() as cur:
        return {r[0] for r in cur.execute("SELECT table_name FROM information_schema.tables").fetchall()}


def count(store: Store, table: str) -> int:
    with store.read() as cur:
        return int(cur.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0])


def test_a_new_file_gets_every_table_and_the_view(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "dir" / "new.duckdb"
    with Store(path) as store:
        assert tables(store) >= TABLES
        assert "player_hands" in tables(store)
        with store.read() as cur:
            versions = [
                r[0] for r in cur.execute("SELECT version FROM schema_migrations ORDER BY 1").fetchall()
            ]
    assert versions == [m.version for m in all_migrations()]
    assert path.exists()


def test_reopening_applies_nothing_and_keeps_data(tmp_path: Path) -> None:
    path = tmp_path / "s.duckdb"
    with Store(path) as store:
        ingest(store, decode_ndjson(sim_lines(3)))
    with Store(path) as store:
        assert count(store, "hands") == 3
        with store.read() as cur:
            assert migrate(cur) == []


def test_a_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.duckdb"
    with Store(path) as store, store.write() as con:
        con.execute("INSERT INTO schema_migrations VALUES (999, 'future', now())").fetchall()
    with pytest.raises(StoreError, match="newer"):
        Store(path)


def test_a_failing_migration_leaves_nothing_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = all_migrations()
    bad = Migration(len(good) + 1, "broken", ("CREATE TABLE half_done (x INTEGER)", "THIS IS NOT SQL"))
    monkeypatch.setattr(db, "all_migrations", lambda: [*good, bad])
    path = tmp_path / "s.duckdb"
    with pytest.raises(duckdb.Error):
        Store(path)
    monkeypatch.setattr(db, "all_migrations", lambda: good)
    with Store(path) as store:
        assert "half_done" not in tables(store)
        with store.read() as cur:
            assert cur.execute("SELECT max(version) FROM schema_migrations").fetchall()[0][0] == len(good)


def test_a_write_that_fails_is_rolled_back_whole(store: Store) -> None:
    with pytest.raises(RuntimeError), store.write() as con:
        con.execute("INSERT INTO tokens VALUES ('t1', 'h1', 'read', NULL, NULL, now(), NULL)").fetchall()
        con.execute("INSERT INTO tokens VALUES ('t2', 'h2', 'read', NULL, NULL, now(), NULL)").fetchall()
        raise RuntimeError("crash in the middle of a batch")
    assert count(store, "tokens") == 0
    with store.write() as con:  # and the writer is usable again
        con.execute("INSERT INTO tokens VALUES ('t3', 'h3', 'read', NULL, NULL, now(), NULL)").fetchall()
    assert count(store, "tokens") == 1


def test_raw_ids_are_unique_across_threads(store: Store) -> None:
    got: list[range] = []
    lock = threading.Lock()

    def take() -> None:
        for _ in range(50):
            r = store.raw_ids(7)
            with lock:
                got.append(r)

    threads = [threading.Thread(target=take) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ids = [i for r in got for i in r]
    assert len(ids) == len(set(ids)) == 4 * 50 * 7


def test_reads_see_committed_data_while_a_write_is_open(store: Store) -> None:
    with store.write() as con:
        con.execute("INSERT INTO tokens VALUES ('t1', 'h1', 'read', NULL, NULL, now(), NULL)").fetchall()
        assert count(store, "tokens") == 0  # another cursor: the batch is not visible before COMMIT
    assert count(store, "tokens") == 1


# --------------------------------------------------------------------------------------------
# Tokens.


def test_tokens_are_stored_hashed_and_checked(store: Store) -> None:
    token_id, secret = create_token(store, "upload", "club42", "the club app")
    with store.read() as cur:
        stored = cur.execute("SELECT token_hash FROM tokens").fetchall()[0][0]
    assert secret not in stored and len(stored) == 64
    token = verify_token(store, secret)
    assert token is not None and token.token_id == token_id
    assert (token.scope, token.source, token.label) == ("upload", "club42", "the club app")
    assert verify_token(store, secret + "x") is None
    assert verify_token(store, "not-a-token") is None
    assert [t.token_id for t in list_tokens(store)] == [token_id]
    assert revoke_token(store, token_id)
    assert verify_token(store, secret) is None
    assert not revoke_token(store, token_id)
    assert list_tokens(store)[0].revoked_at is not None


@pytest.mark.parametrize(("scope", "source"), [("upload", None), ("admin", "club42"), ("owner", None)])
def test_token_scope_and_source_must_fit(store: Store, scope: str, source: str | None) -> None:
    with pytest.raises(ValueError):
        create_token(store, scope, source)


def test_a_read_token_may_be_bound_to_a_source(store: Store) -> None:
    """Issue 16: a club's read token reads only its own hands (tests/api/test_tenancy.py)."""
    _, secret = create_token(store, "read", "club42")
    token = verify_token(store, secret)
    assert token is not None and token.scope == "read" and token.source == "club42"


# --------------------------------------------------------------------------------------------
# Reads.


def test_list_get_and_stats_read_what_ingest_wrote(store: Store) -> None:
    results = ingest(store, decode_ndjson(sim_lines()))
    assert {r.outcome for r in results} == {"stored"}
    with store.read() as cur:
        items, total = list_hands(cur, HandFilter(), 5, 0)
        assert total == 24 and len(items) == 5
        played = [i["played_at"] for i in items]
        assert played == sorted(played, reverse=True)
        everyone, _ = list_hands(cur, HandFilter(), 1000, 0)
        player = everyone[0]["players"][0]
        mine, n = list_hands(cur, HandFilter(player=player), 1000, 0)
        assert n == sum(player in i["players"] for i in everyone) == len(mine)
        since = datetime.fromisoformat(everyone[5]["played_at"])
        _, n_since = list_hands(cur, HandFilter(since=since), 1000, 0)
        assert n_since == sum(datetime.fromisoformat(i["played_at"]) >= since for i in everyone)
        _, none = list_hands(cur, HandFilter(status="illegal", source="simulator"), 10, 0)
        assert none == 0
        hand = get_hand(cur, "simulator", everyone[0]["hand_id"])
        assert hand is not None and hand.audit["status"] == "ok"
        assert get_hand(cur, "simulator", "nope") is None
        stats = player_stats(cur, player)
        assert player_stats(cur, "nobody") is None
        by_hand = cur.execute(
            "SELECT count(*), sum(delta), count(*) FILTER (WHERE s.seat = h.winner) FROM seats s"
            " JOIN hands h USING (source, hand_id)"
            " JOIN settlements t ON t.source = s.source AND t.hand_id = s.hand_id AND t.seat = s.seat"
            " WHERE s.player_id = ?",
            [player],
        ).fetchall()[0]
    assert stats is not None
    assert (stats["hands"], stats["total_points"], stats["wins"]) == (by_hand[0], by_hand[1], by_hand[2])
    assert stats["win_rate"] == pytest.approx(by_hand[2] / by_hand[0])


def test_the_documented_queries_run(store: Store) -> None:
    """The examples of docs/store.md, so the page stays true."""
    ingest(store, decode_ndjson(sim_lines()))
    with store.read() as cur:
        tiles = cur.execute(
            "SELECT tile, count(*) AS n FROM events WHERE type = 'discard'"
            " GROUP BY tile ORDER BY n DESC LIMIT 3"
        ).fetchall()
        assert len(tiles) == 3
        table = cur.execute(
            "SELECT player_id, count(*) AS hands, avg(won::INT) AS win_rate, sum(delta) AS points"
            " FROM player_hands GROUP BY player_id ORDER BY points DESC"
        ).fetchall()
        assert sum(r[1] for r in table) == 24 * 4
        kinds = cur.execute(
            "SELECT unnest(CAST(json_extract(computed, '$.hands') AS VARCHAR[])) AS hand_type, count(*)"
            " FROM audits GROUP BY 1"
        ).fetchall()
        assert kinds
        events = cur.execute("SELECT count(*) FROM events e JOIN hands h USING (source, hand_id)").fetchall()[
            0
        ][0]
        assert events == cur.execute("SELECT sum(n_events) FROM hands").fetchall()[0][0]
        now = cur.execute("SELECT max(received_at) FROM raw_uploads").fetchall()[0][0]
    assert now <= datetime.now(UTC)
