"""The ingest pipeline: idempotency, conflicts, invalid records kept, atomic batches, re-audit."""

from __future__ import annotations

import copy
import functools
import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import store.commit as commit_module
from cli.main import main
from replay.games.wuhan.audit import check_sessions
from replay.games.wuhan.simulate import simulate
from replay.inputs import (
    BodyError,
    BodyTooLarge,
    Item,
    decode_auto,
    decode_json,
    decode_ndjson,
    gunzip,
    iter_records,
    read_paths,
)
from schemas.audit import audit_records
from schemas.hand_record import validate_record
from store.db import Store
from store.ingest import batches, ingest, ingest_stream, pieces, summarise
from store.prepare import audit_valid
from store.reaudit import reaudit

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"


@functools.cache
def sim(n: int = 30, seed: int = 3) -> tuple[dict[str, Any], ...]:
    return tuple(simulate(n, seed))


def line(record: dict[str, Any]) -> bytes:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()


def items_of(*records: dict[str, Any]) -> list[Item]:
    return decode_ndjson(b"\n".join(line(r) for r in records))


@pytest.fixture
def store(tmp_path: Path) -> Any:
    with Store(tmp_path / "store.duckdb") as s:
        yield s


def count(store: Store, table: str, where: str = "TRUE") -> int:
    with store.read() as cur:
        return int(cur.execute(f"SELECT count(*) FROM {table} WHERE {where}").fetchall()[0][0])


def snapshot(store: Store) -> dict[str, int]:
    return {
        t: count(store, t)
        for t in ("raw_uploads", "hands", "seats", "events", "audits", "settlements", "rejects", "conflicts")
    }


# --------------------------------------------------------------------------------------------
# The audit inside the pipeline is the audit of `replay audit`.


def test_audit_valid_agrees_with_replay_audit_on_the_corpus() -> None:
    files = sorted(str(p) for p in RECORDS.rglob("*.json") if p.name != "expected.json")
    inputs = list(iter_records(files)) + [(r, None) for r in sim(12, 5)]
    want = audit_records(inputs)
    mine: list[dict[str, Any]] = []
    for obj, location in inputs:
        record, _ = validate_record(obj)
        if record is None:
            mine.append({})
            continue
        mine.append(audit_valid(record, location))
    check_sessions([a for a in mine if a])
    checked = 0
    for got, expected in zip(mine, want, strict=True):
        if got:
            got.pop("_session", None)
            got.pop("_facts", None)
            assert got == expected
            checked += 1
    assert checked > 40


# --------------------------------------------------------------------------------------------
# Storing.


def test_a_batch_is_stored_with_every_row(store: Store) -> None:
    records = sim()
    results = ingest(store, items_of(*records))
    assert [r.outcome for r in results] == ["stored"] * len(records)
    assert [r.hand_id for r in results] == [r["hand_id"] for r in records]
    n = len(records)
    assert snapshot(store) == {
        "raw_uploads": n,
        "hands": n,
        "seats": 4 * n,
        "events": sum(len(r["events"]) for r in records),
        "audits": n,
        "settlements": 4 * n,
        "rejects": 0,
        "conflicts": 0,
    }
    first = records[7]
    with store.read() as cur:
        rows = cur.execute(
            "SELECT idx, type, seat, tile, tiles, kind FROM events WHERE hand_id = ? ORDER BY idx",
            [first["hand_id"]],
        ).fetchall()
        raw = cur.execute("SELECT raw FROM raw_uploads WHERE hand_id = ?", [first["hand_id"]]).fetchall()[0][
            0
        ]
        seats = cur.execute(
            "SELECT seat, player_id, name FROM seats WHERE hand_id = ? ORDER BY seat", [first["hand_id"]]
        ).fetchall()
        hand = cur.execute(
            "SELECT preset, session_id, hand_no, dealer, status, played_at_text FROM hands WHERE hand_id = ?",
            [first["hand_id"]],
        ).fetchall()[0]
    assert rows == [
        (i, e["type"], e.get("seat"), e.get("tile"), e.get("tiles"), e.get("kind"))
        for i, e in enumerate(first["events"])
    ]
    assert bytes(raw) == line(first)
    assert seats == [(i, s["player_id"], s.get("name")) for i, s in enumerate(first["seats"])]
    assert hand == (
        "hzlzg",
        first["session"]["id"],
        first["session"]["hand_no"],
        first["dealer"],
        "ok",
        first["played_at"],
    )


def test_settlements_winner_and_feeder_follow_the_engine(store: Store) -> None:
    ingest(store, items_of(*sim()))
    with store.read() as cur:
        rows = cur.execute(
            "SELECT h.hand_id, h.winner, h.feeder, h.self_draw, a.computed"
            " FROM hands h JOIN audits a USING (hand_id)"
        ).fetchall()
        deltas = dict(
            cur.execute(
                "SELECT hand_id, list(delta ORDER BY seat) FROM settlements GROUP BY hand_id"
            ).fetchall()
        )
    wins = 0
    for hand_id, winner, feeder, self_draw, computed_text in rows:
        computed = json.loads(computed_text)
        assert winner == computed["winner"]
        assert deltas[hand_id] == computed["deltas"]
        if winner is not None:
            wins += 1
            assert self_draw == computed["self_draw"]
            assert (feeder is None) == computed["self_draw"]
            if feeder is not None:
                assert computed["deltas"][feeder] < 0
    assert wins > 0


def test_the_same_record_again_is_a_duplicate_and_changes_nothing(store: Store) -> None:
    records = sim()[:10]
    ingest(store, items_of(*records))
    before = snapshot(store)
    again = ingest(store, items_of(*records))
    assert [r.outcome for r in again] == ["duplicate"] * 10
    assert [r.status for r in again] == ["ok"] * 10
    assert snapshot(store) == before


def test_a_reserialised_record_with_tile_aliases_is_still_a_duplicate(store: Store) -> None:
    record = sim()[0]
    ingest(store, items_of(record))
    respelt = copy.deepcopy(record)
    respelt["wall"] = ["五万" if t == "5m" else t for t in respelt["wall"]]
    reordered = dict(reversed(list(respelt.items())))
    text = json.dumps(reordered, indent=2).encode()
    results = ingest(store, decode_json(text))
    assert [r.outcome for r in results] == ["duplicate"]


def test_a_different_record_under_a_stored_id_is_a_conflict_kept_for_review(store: Store) -> None:
    record = sim()[1]
    ingest(store, items_of(record))
    before = snapshot(store)
    changed = copy.deepcopy(record)
    changed["played_at"] = "2030-01-01T00:00:00+08:00"
    results = ingest(store, items_of(changed))
    assert results[0].outcome == "conflict" and results[0].status == "ok"
    assert results[0].errors[0]["field"] == "hand_id"
    after = snapshot(store)
    assert after["conflicts"] == 1 and after["raw_uploads"] == before["raw_uploads"] + 1
    assert {k: v for k, v in after.items() if k not in ("conflicts", "raw_uploads")} == {
        k: v for k, v in before.items() if k not in ("conflicts", "raw_uploads")
    }
    with store.read() as cur:
        played = cur.execute(
            "SELECT played_at_text FROM hands WHERE hand_id = ?", [record["hand_id"]]
        ).fetchall()
        outcome = cur.execute("SELECT outcome FROM raw_uploads ORDER BY raw_id DESC LIMIT 1").fetchall()
    assert played == [(record["played_at"],)] and outcome == [("conflict",)]
    again = ingest(store, items_of(changed))  # the same conflicting record: no second review row
    assert again[0].outcome == "conflict"
    assert snapshot(store) == after


def test_duplicates_and_conflicts_inside_one_batch(store: Store) -> None:
    a, b = sim()[2], sim()[3]
    b2 = copy.deepcopy(b)
    b2["played_at"] = "2031-01-01T00:00:00Z"
    results = ingest(store, items_of(a, b, a, b2))
    assert [r.outcome for r in results] == ["stored", "stored", "duplicate", "conflict"]
    assert count(store, "hands") == 2 and count(store, "conflicts") == 1


def test_invalid_records_are_kept_with_their_errors_and_exact_bytes(store: Store) -> None:
    good = sim()[4]
    bad = copy.deepcopy(sim()[5])
    bad["events"][3]["tile"] = "9z"
    body = line(good) + b"\n{not json\n" + line(bad) + b"\n[1, 2]\n"
    results = ingest(store, decode_ndjson(body, "upload"))
    assert [r.outcome for r in results] == ["stored", "invalid", "invalid", "invalid"]
    assert results[1].errors[0]["message"].startswith("line 2 is not JSON")
    assert results[2].errors[0]["field"] == "events[3].tile"
    assert (results[2].source, results[2].hand_id) == (bad["source"], bad["hand_id"])
    assert results[3].errors == [{"field": "", "message": "a hand record must be a JSON object, not a list"}]
    with store.read() as cur:
        rejects = cur.execute(
            "SELECT r.raw, j.errors, j.hand_id, j.origin FROM rejects j JOIN raw_uploads r USING (raw_id)"
            " ORDER BY raw_id"
        ).fetchall()
    assert [bytes(r[0]) for r in rejects] == [b"{not json", line(bad), b"[1, 2]"]
    assert json.loads(rejects[1][1]) == results[2].errors
    assert rejects[1][2:] == (bad["hand_id"], "upload:3")
    assert count(store, "hands") == 1
    again = ingest(store, decode_ndjson(line(bad)))  # invalid again: still answered, still kept
    assert again[0].outcome == "invalid" and count(store, "rejects") == 4


def test_an_upload_token_stores_only_its_own_source(store: Store) -> None:
    record = sim()[6]
    other = {**copy.deepcopy(sim()[7]), "source": "club42"}
    results = ingest(store, items_of(record, other), allowed_source="club42", token_id="tok_x")
    assert [r.outcome for r in results] == ["invalid", "stored"]
    assert results[0].errors[0]["field"] == "source"
    assert "club42" in results[0].errors[0]["message"]
    with store.read() as cur:
        tokens = cur.execute("SELECT DISTINCT token_id FROM raw_uploads").fetchall()
    assert tokens == [("tok_x",)]


def test_odd_unicode_is_stored_or_refused_but_never_crashes(store: Store) -> None:
    nul = copy.deepcopy(sim()[8])
    nul["seats"][0]["name"] = "a\x00b\u202e老王"
    lone = copy.deepcopy(sim()[9])
    lone["seats"][1]["player_id"] = "PLACEHOLDER"
    text = json.dumps([nul, lone]).replace("PLACEHOLDER", "\\ud800")
    results = ingest(store, decode_json(text.encode()))
    # issue 16: a NUL (or any control, or a bidi override) in a name is refused, naming it
    assert [r.outcome for r in results] == ["invalid", "invalid"]
    assert results[0].errors == [
        {
            "field": "seats[0].name",
            "message": "must not hold control characters: U+0000 at position 1"
            " (controls, line separators and bidirectional controls are refused)",
        }
    ]
    assert results[1].errors == [  # issue 36: refused by the reader, naming the field, as NDJSON is
        {
            "field": "seats[1].player_id",
            "message": "a lone surrogate escape (\\ud800-\\udfff) in a string: not valid Unicode",
        }
    ]
    ok = copy.deepcopy(sim()[8])
    ok["seats"][0]["name"] = "a b 老王 👨\u200d👩\u200d👧"
    assert ingest(store, decode_json(json.dumps(ok).encode()))[0].outcome == "stored"
    with store.read() as cur:
        sql = "SELECT name FROM seats WHERE hand_id = ? AND seat = 0"
        name = cur.execute(sql, [ok["hand_id"]]).fetchall()
    assert name == [("a b 老王 👨\u200d👩\u200d👧",)]
    results = ingest(store, decode_ndjson(b'{"hand_id": "\\udc00", "source": "x"}'))  # orjson refuses it
    assert results[0].outcome == "invalid"


def test_a_batch_is_all_or_nothing(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    real = commit_module.insert_tables
    calls = 0

    def crash_after_the_first_insert(*args: Any, **kwargs: Any) -> None:
        nonlocal calls
        calls += 1
        real(*args, **kwargs)
        raise OSError("disk full")

    monkeypatch.setattr(commit_module, "insert_tables", crash_after_the_first_insert)
    with pytest.raises(OSError):
        ingest(store, items_of(*sim()[:5]))
    assert calls == 1
    assert set(snapshot(store).values()) == {0}
    monkeypatch.setattr(commit_module, "insert_tables", real)
    assert {r.outcome for r in ingest(store, items_of(*sim()[:5]))} == {"stored"}


def test_dealer_rotation_is_checked_against_the_stored_hand_before(store: Store) -> None:
    first, second = json.loads((RECORDS / "illegal" / "dealer_not_rotated.json").read_text())
    assert ingest(store, items_of(first))[0].status == "ok"
    result = ingest(store, items_of(second))[0]
    assert (result.outcome, result.status) == ("stored", "illegal")
    with store.read() as cur:
        code = cur.execute(
            "SELECT first_illegal_code FROM audits WHERE hand_id = ?", [second["hand_id"]]
        ).fetchall()
    assert code == [("dealer_not_rotated",)]


# --------------------------------------------------------------------------------------------
# Decoding.


def test_a_json_array_keeps_each_items_exact_bytes() -> None:
    body = b' [ {"a": 1} ,\n{"b" :[2, 3]},"x"  ] \n'
    items = decode_json(body)
    assert [it.raw for it in items] == [b'{"a": 1}', b'{"b" :[2, 3]}', b'"x"']
    assert [it.obj for it in items] == [{"a": 1}, {"b": [2, 3]}, "x"]
    assert decode_json(b"[]") == []
    for bad in (b"[1,", b"[1] 2", b"{", b"\xff", b'{"a": NaN}', b"[" * 5000 + b"]" * 5000, b"1" * 5000):
        with pytest.raises(BodyError):
            decode_json(bad)


def test_ndjson_lines_keep_their_bytes_and_bad_lines_stay_local() -> None:
    items = decode_ndjson(b'\xef\xbb\xbf{"a":1}\r\n\n  \n{"b":2}\n\xff\xfe\n{"c":')
    assert [it.raw for it in items] == [b'{"a":1}', b'{"b":2}', b"\xff\xfe", b'{"c":']
    assert [it.location for it in items] == ["body:1", "body:4", "body:5", "body:6"]
    assert [type(it.obj).__name__ for it in items] == ["dict", "dict", "Unreadable", "Unreadable"]
    assert decode_auto(b'{"a":1}\n{"b":2}\n', "f")[1].obj == {"b": 2}
    assert decode_auto(b'[{"a":1}, {"b":2}]', "f")[1].location == "f[1]"


def test_gunzip_refuses_bombs_and_garbage() -> None:
    data = b"x" * 100_000
    packed = gzip.compress(data)
    assert gunzip(packed) == data
    assert gunzip(packed + gzip.compress(b"yz")) == data + b"yz"
    with pytest.raises(BodyTooLarge):
        gunzip(packed, limit=99_999)
    with pytest.raises(BodyError):
        gunzip(packed[:-10])
    with pytest.raises(BodyError):
        gunzip(b"\x1f\x8bnot gzip at all")


def test_files_folders_and_gz_are_read(tmp_path: Path) -> None:
    records = sim()[:6]
    (tmp_path / "a.json").write_text(json.dumps(list(records[:2])))
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.ndjson").write_bytes(b"\n".join(line(r) for r in records[2:4]))
    (tmp_path / "sub" / "c.ndjson.gz").write_bytes(gzip.compress(b"\n".join(line(r) for r in records[4:])))
    (tmp_path / "notes.txt").write_text("ignored")
    files = [list(f) for f in read_paths([str(tmp_path)])]
    got = [it.obj["hand_id"] for items in files for it in items]  # type: ignore[index]
    assert got == [r["hand_id"] for r in records]
    assert sum(it.weight for items in files for it in items) == pytest.approx(
        sum(p.stat().st_size for p in tmp_path.rglob("*") if p.is_file() and p.name != "notes.txt"), rel=0.01
    )
    cut = list(batches(iter(files), 4))
    assert sum(len(b) for b in cut) == 6


@pytest.mark.parametrize(("workers", "piece"), [(1, None), (2, None), (2, 2)])
def test_a_stream_of_batches_matches_one_big_batch(tmp_path: Path, workers: int, piece: int | None) -> None:
    records = list(sim())
    records.insert(10, copy.deepcopy(records[3]))  # a duplicate across batches
    broken = copy.deepcopy(records[5])
    broken["hand_id"] = "broken-1"
    broken["dealer"] = 7
    records.append(broken)
    path = tmp_path / "in.ndjson"
    path.write_bytes(b"\n".join(line(r) for r in records))
    with Store(tmp_path / "one.duckdb") as one:
        want = ingest(one, decode_ndjson(path.read_bytes(), str(path)))
        want_rows = snapshot(one)
    got: list[Any] = []
    with Store(tmp_path / "many.duckdb") as many:
        stream = batches(read_paths([str(path)]), 7)
        ingest_stream(many, stream, lambda _, r: got.extend(r), workers=workers, piece=piece)
        rows = snapshot(many)
    assert [r.to_json() for r in got] == [r.to_json() for r in want]
    assert rows == want_rows
    outcomes, _ = summarise(got)
    assert outcomes == {"stored": len(records) - 2, "duplicate": 1, "invalid": 1}


def test_the_last_batch_committed_in_halves_stores_what_one_batch_stores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``SPLIT_LAST``: with workers the last batch is two transactions, each reported after its
    commit with its own items (the command line zips them with the results); a record stored by
    the first half and sent again in the second is that half's duplicate, as within one batch."""
    import store.ingest as ingest_module

    HANDS = "SELECT raw_id, source, hand_id, status FROM hands ORDER BY 1"
    monkeypatch.setattr(ingest_module, "SPLIT_LAST", 2)
    records = list(sim())
    records.append(copy.deepcopy(records[0]))  # stored in the first half, a duplicate in the second
    broken = copy.deepcopy(records[5])
    broken["hand_id"] = "broken-1"
    broken["dealer"] = 7
    records.append(broken)
    path = tmp_path / "in.ndjson"
    path.write_bytes(b"\n".join(line(r) for r in records))
    with Store(tmp_path / "one.duckdb") as one:
        want = ingest(one, decode_ndjson(path.read_bytes(), str(path)))
        want_rows = snapshot(one)
        with one.read() as cur:
            want_hands = cur.execute(HANDS).fetchall()
    calls: list[tuple[list[str | None], list[Any]]] = []
    with Store(tmp_path / "halves.duckdb") as halves:
        stream = batches(read_paths([str(path)]), 1000)  # one batch: the last, cut in two
        note = lambda it, r: calls.append(([i.location for i in it], r))  # noqa: E731
        ingest_stream(halves, stream, note, workers=2, piece=2)
        rows = snapshot(halves)
        with halves.read() as cur:
            hands = cur.execute(HANDS).fetchall()
    assert len(calls) == 2
    assert [loc for locs, _ in calls for loc in locs] == [f"{path}:{n}" for n in range(1, len(records) + 1)]
    assert all(len(locs) == len(r) for locs, r in calls)
    assert [r.to_json() for _, r in calls for r in r] == [r.to_json() for r in want]
    assert rows == want_rows and hands == want_hands
    assert calls[1][1][-2].outcome == "duplicate"


def test_a_batch_is_cut_into_pieces_only_between_sittings() -> None:
    records = sim()  # sittings of 12, 4, 11, ... hands
    items = items_of(*records)
    cut = pieces(items, 2)
    assert [a for a, _ in cut] == [0, *(b for _, b in cut[:-1])] and cut[-1][1] == len(items)
    sittings = [r["session"]["id"] for r in records]
    for start, stop in cut:  # a whole sitting each: the dealer-rotation check sees its hands together
        assert len(set(sittings[start:stop])) == 1
        assert start == 0 or sittings[start - 1] != sittings[start]
    assert len(cut) == len(set(sittings))
    assert pieces(items, 100) == [(0, len(items))]
    assert pieces([], 5) == []
    alone = [{k: v for k, v in r.items() if k != "session"} for r in records[:10]]
    assert pieces(items_of(*alone), 3) == [(0, 3), (3, 6), (6, 9), (9, 10)]  # no sitting: cut anywhere
    assert [len(b) for b in batches([items_of(*alone)], 4)] == [4, 4, 2]
    # batches: cut where a sitting ends once 4 are in, or at 8 inside a long sitting
    assert [len(b) for b in batches([items], 4)] == [8, 4, 4, 8, 6]


# --------------------------------------------------------------------------------------------
# Re-audit.


@pytest.mark.parametrize("workers", [1, 2])
def test_reaudit_reports_and_fixes_a_verdict_that_changed(store: Store, workers: int) -> None:
    records = sim()[:12]
    ingest(store, items_of(*records))
    assert reaudit(store).changed == []
    victim = records[4]["hand_id"]
    with store.write() as con:
        old = json.loads(con.execute("SELECT audit FROM audits WHERE hand_id = ?", [victim]).fetchall()[0][0])
        old["status"] = "mismatch"
        old["differences"] = [{"field": "deltas", "recorded": [1, -1, 0, 0], "computed": [0, 0, 0, 0]}]
        con.execute(
            "UPDATE audits SET status = 'mismatch', audit = ? WHERE hand_id = ?", [json.dumps(old), victim]
        ).fetchall()
        con.execute(
            "UPDATE hands SET status = 'mismatch', winner = NULL WHERE hand_id = ?", [victim]
        ).fetchall()
        con.execute("DELETE FROM settlements WHERE hand_id = ?", [victim]).fetchall()
    report = reaudit(store, chunk=5, workers=workers)
    assert report.audited == 12
    assert [(c.hand_id, c.before, c.after, c.fields) for c in report.changed] == [
        (victim, "mismatch", "ok", ["status", "differences"])
    ]
    with store.read() as cur:
        assert cur.execute("SELECT status FROM hands WHERE hand_id = ?", [victim]).fetchall() == [("ok",)]
        audit = json.loads(
            cur.execute("SELECT audit FROM audits WHERE hand_id = ?", [victim]).fetchall()[0][0]
        )
        assert count(store, "settlements", f"hand_id = '{victim}'") == 4
    assert audit["status"] == "ok" and audit["differences"] == []
    assert snapshot(store)["audits"] == 12
    assert reaudit(store).changed == []


# --------------------------------------------------------------------------------------------
# The command line.


def test_replay_ingest_reaudit_and_token_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    records = sim()[:8]
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.ndjson.gz").write_bytes(gzip.compress(b"\n".join(line(r) for r in records[:5])))
    (folder / "b.json").write_text(json.dumps([records[5], records[6], {"format": "wuhan-hand/1"}]))
    runner = CliRunner()
    db = tmp_path / "x.duckdb"
    out = runner.invoke(
        main, ["ingest", str(folder), str(folder / "b.json"), "--db", str(db), "--workers", "1"]
    )
    assert out.exit_code == 0, out.output
    lines = out.output.strip().splitlines()
    assert lines[-2] == "11 records: 7 stored, 2 duplicate, 0 conflict, 2 invalid"
    assert lines[-1] == "audit: 9 ok, 0 illegal, 0 mismatch"
    assert any(x.startswith("invalid") and "b.json[2]" in x for x in lines)
    monkeypatch.setenv("REPLAY_DB", str(db))
    out = runner.invoke(main, ["reaudit"])
    assert out.exit_code == 0, out.output
    assert "7 hands re-audited" in out.output and "0 verdicts changed" in out.output
    out = runner.invoke(
        main, ["token", "create", "--scope", "upload", "--source", "simulator", "--label", "app"]
    )
    assert out.exit_code == 0, out.output
    secret = out.output.strip().splitlines()[-1]
    assert secret.startswith("wr_") and " " not in secret
    out = runner.invoke(main, ["token", "list", "--json"])
    listed = json.loads(out.output.strip().splitlines()[-1])
    assert listed["scope"] == "upload" and listed["source"] == "simulator" and secret not in out.output
    out = runner.invoke(main, ["token", "revoke", listed["token_id"]])
    assert out.exit_code == 0 and "revoked" in out.output
    assert runner.invoke(main, ["token", "revoke", listed["token_id"]]).exit_code != 0
    assert runner.invoke(main, ["token", "create", "--scope", "upload"]).exit_code != 0
    assert runner.invoke(main, ["ingest", str(tmp_path / "missing.json")]).exit_code == 2


@pytest.mark.parametrize("workers", ["1", "2"])
def test_replay_ingest_no_analysis_stores_verdicts_without_mistakes(tmp_path: Path, workers: str) -> None:
    """Issue #15: ``--no-analysis`` stores the same hands and verdicts, no mistakes or seat facts."""
    records = sim()[:8]
    path = tmp_path / "in.ndjson"
    path.write_bytes(b"\n".join(line(r) for r in records))
    runner = CliRunner()
    counts = {}
    for flag in ("--analysis", "--no-analysis"):
        db = tmp_path / f"{flag}.duckdb"
        out = runner.invoke(main, ["ingest", str(path), "--db", str(db), "--workers", workers, flag])
        assert out.exit_code == 0, out.output
        assert (
            out.output.strip().splitlines()[-2] == "8 records: 8 stored, 0 duplicate, 0 conflict, 0 invalid"
        )
        with Store(db) as store:
            counts[flag] = {
                **snapshot(store),
                "mistakes": count(store, "mistakes"),
                "facts": count(store, "seat_facts"),
            }
            with store.read() as cur:
                counts[flag]["verdicts"] = cur.execute(
                    "SELECT hand_id, status FROM hands ORDER BY 1"
                ).fetchall()
    full, bare = counts["--analysis"], counts["--no-analysis"]
    assert full["mistakes"] > 0 and full["facts"] == 32
    assert bare["mistakes"] == 0 and bare["facts"] == 0
    assert {k: v for k, v in bare.items() if k not in ("mistakes", "facts")} == {
        k: v for k, v in full.items() if k not in ("mistakes", "facts")
    }


def test_replay_ingest_freezes_its_heap_once_a_library_caller_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As ``replay audit``: after its first batch ``replay ingest`` moves what is alive out of the
    collector's sight (``gc.freeze``), once; ``ingest_stream`` called as a library leaves the
    collector alone."""
    import gc

    import schemas.audit_run as audit_run

    records = tmp_path / "hands.ndjson"
    records.write_text("".join(json.dumps(r) + "\n" for r in simulate(30, seed=5)), encoding="utf-8")
    freezes: list[int] = []
    monkeypatch.setattr(gc, "freeze", lambda: freezes.append(1))
    with Store(tmp_path / "lib.duckdb") as store:
        ingest_stream(store, batches(read_paths([str(records)]), 7))
    assert freezes == []
    monkeypatch.setattr(audit_run, "_frozen", False)
    done = CliRunner().invoke(
        main,
        ["ingest", "--db", str(tmp_path / "cli.duckdb"), "--batch-size", "7", "--workers", "1", str(records)],
    )
    assert done.exit_code == 0, done.output
    assert freezes == [1]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_sitting_held_apart_across_batches_waits_for_its_earlier_hands(
    tmp_path: Path, workers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-2.2 across batches does not depend on timing: a batch continuing a sitting whose earlier
    hand is still being written waits for that commit (a slow commit once let a hand dealt by the
    wrong seat pass as ok, when Parquet parts held a sitting apart)."""
    import time

    hands = sim(30, seed=3)
    first = hands[0]
    # a later hand of the sitting numbered as the second: only the check across hands refuses it
    wrong = None
    for later in hands[2:]:
        if later["session"]["id"] != first["session"]["id"]:
            break
        candidate = copy.deepcopy(later)
        candidate["session"]["hand_no"] = first["session"]["hand_no"] + 1
        candidate["hand_id"] = "wrong-dealer"
        alone, together = (
            audit_records([(candidate, None)]),
            audit_records([(first, None), (candidate, None)]),
        )
        if alone[0]["status"] == "ok" and together[1]["status"] == "illegal":
            wrong = candidate
            break
    assert wrong is not None
    real_commit = commit_module.commit

    def slow_commit(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.5)
        return real_commit(*args, **kwargs)

    monkeypatch.setattr("store.ingest.commit", slow_commit)
    got: list[Any] = []
    with Store(tmp_path / "s.duckdb") as s:
        ingest_stream(s, [items_of(first), items_of(wrong)], lambda _, r: got.extend(r), workers=workers)
        with s.read() as cur:
            status = dict(cur.execute("SELECT hand_id, status FROM hands").fetchall())
    assert status == {first["hand_id"]: "ok", "wrong-dealer": "illegal"}
