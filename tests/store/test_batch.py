"""``replay batch-audit`` on a real Dask cluster (2 worker processes, 127.0.0.1) against ``replay audit``."""

from __future__ import annotations

import gzip
import json
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest
from click.testing import CliRunner
from distributed import get_task_stream

from cli.main import batch_audit_command
from cli.main import main as replay_main
from replay.games.wuhan.simulate import simulate
from replay.inputs import Unreadable, iter_records, read_paths
from schemas.audit import audit_record
from store.batch import (
    BatchError,
    Summary,
    _part_items,
    dask_client,
    plan_parts,
    run_batch,
)
from store.db import Store
from store.ingest import batches, ingest_stream, summarise
from store.parquet import MANIFEST, partition_of, played_at_utc
from store.parquet_load import ParquetInputError, read_parquet

ROOT = Path(__file__).resolve().parents[2]
HANDWRITTEN = ROOT / "sample_logs" / "handwritten"
SICHUAN = ROOT / "tests" / "data" / "sichuan" / "valid"
TUITONGZI = ROOT / "sample_logs" / "simulated" / "tuitongzi-table.ndjson"
TT_POOL = HANDWRITTEN / "tuitongzi" / "disputed_pool_not_carried.ndjson"
PART_LINES = 25  # small parts: many tasks, sittings cut across parts and files


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def _rotation_breach(records: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two legal hands relabelled as hands 1 and 2 of a new sitting whose dealer does not follow."""
    first = records[0]
    result = first["result"]
    keeps = result["winner"] is None or result["winner"] == first["dealer"]
    expected = first["dealer"] if keeps else (first["dealer"] + 1) % 4
    second = next(r for r in records[1:] if r["dealer"] != expected)
    return (
        {**first, "hand_id": "rot-1", "session": {"id": "rot", "hand_no": 1}},
        {**second, "hand_id": "rot-2", "session": {"id": "rot", "hand_no": 2}},
    )


def _sichuan_breach() -> tuple[dict[str, Any], dict[str, Any]]:
    """SC-1.3: E5 (seat 2 wins first, so seat 2 deals next) then a hand dealt by seat 0."""
    first = json.loads((SICHUAN / "xuezhan_e5.json").read_text(encoding="utf-8"))
    second = json.loads((SICHUAN / "xueliu_e7.json").read_text(encoding="utf-8"))
    assert first["result"]["next_dealer"] != second["dealer"]
    return (
        {**first, "hand_id": "sc-rot-1", "session": {"id": "sc-rot", "hand_no": 1}},
        {**second, "hand_id": "sc-rot-2", "session": {"id": "sc-rot", "hand_no": 2}},
    )


def _tuitongzi_rounds() -> tuple[list[str], list[str]]:
    """推筒子 across two files: a legal sitting of ten rounds in two shoes (the bank, the pool and
    the shoe carried) cut after round 3, and TT-5.1's breach (round 2's pool is not round 1's
    ``pool_after``) relabelled as a new sitting with one round in each file."""
    table = TUITONGZI.read_text(encoding="utf-8").splitlines()[:10]
    assert {json.loads(x)["session"]["id"] for x in table} == {"ttsim22-s0001"}
    pool = [json.loads(x) for x in TT_POOL.read_text(encoding="utf-8").splitlines()]
    cut = [
        _line({**r, "round_id": f"tt-cut-{i}", "session": {"id": "tt-cut", "round_no": i}})
        for i, r in enumerate(pool, 1)
    ]
    return [*table[:3], cut[0]], [*table[3:], cut[1]]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Two hundred simulated hands as NDJSON and gzip, bad lines, sittings across files,
    the handwritten JSON samples, a one-line file and a truncated gzip; Sichuan hands beside
    them, with a Sichuan sitting cut across two files; two 推筒子 sittings cut across two more
    (after the others, so that the store's batches of the Wuhan and Sichuan records stay as
    they were: a batch is prepared while the one before it commits)."""
    d = tmp_path_factory.mktemp("inputs")
    records = list(simulate(200, seed=11, workers=2))
    rot1, rot2 = _rotation_breach(records)
    bad_record = {**records[3], "hand_id": "bad-dealer", "dealer": 9}
    lines = [_line(r) for r in records[:130]]
    lines[10:10] = ["this is not JSON {", "", '["a JSON array, not a record"]', _line(bad_record)]
    sc1, sc2 = _sichuan_breach()
    lines[60:60] = [_line(rot1), "   ", "\ufeff" + _line(records[0]), _line(sc1)]
    (d / "a.ndjson").write_text(
        "\r\n".join(lines[:90]) + "\n" + "\n".join(lines[90:]) + "\n", encoding="utf-8"
    )
    gz = [_line(r) for r in records[130:]]
    gz.insert(40, _line(rot2))
    gz.insert(41, _line(sc2))
    (d / "b.ndjson.gz").write_bytes(gzip.compress(("\n".join(gz) + "\n").encode()))
    tt_a, tt_b = _tuitongzi_rounds()  # two files: two parts, two sittings across them
    (d / "tt-a.ndjson").write_text("\n".join(tt_a) + "\n", encoding="utf-8")
    (d / "tt-b.ndjson").write_text("\n".join(tt_b) + "\n", encoding="utf-8")
    (d / "one.ndjson").write_text(_line(records[5]) + "\n", encoding="utf-8")
    (d / "cut.ndjson.gz").write_bytes(gzip.compress(b"\n".join(_line(r).encode() for r in records[:3]))[:900])
    return [
        str(d / "a.ndjson"),
        str(d / "b.ndjson.gz"),
        str(HANDWRITTEN),
        str(SICHUAN),
        str(d / "tt-a.ndjson"),
        str(d / "tt-b.ndjson"),
        str(d / "one.ndjson"),
        str(d / "cut.ndjson.gz"),
    ]


@pytest.fixture(scope="module")
def reference(inputs: list[str]) -> list[dict[str, Any]]:
    """What ``replay audit --json`` prints for the same inputs."""
    result = CliRunner().invoke(replay_main, ["audit", "--json", *inputs])
    assert result.exit_code == 2, result.output  # invalid records present
    return [json.loads(line) for line in result.output.splitlines()]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with dask_client(None, 2) as c:
        assert len(c.nthreads()) == 2
        assert all(addr.startswith("tcp://127.0.0.1:") for addr in c.nthreads())
        yield c


@pytest.fixture(scope="module")
def batch(
    client: Any, inputs: list[str], tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, Summary, set[str]]:
    out = tmp_path_factory.mktemp("batch") / "out"
    with get_task_stream(client) as stream:
        summary = run_batch(client, inputs, out, part_lines=PART_LINES, shared_inputs=True)
    workers = {t["worker"] for t in stream.data if str(t["key"]).startswith("batch-audit-")}
    return out, summary, workers


def _query(out: Path, dataset: str, select: str = "*", tail: str = "") -> list[tuple[Any, ...]]:
    glob = str(out / dataset / "**" / "*.parquet")
    return duckdb.sql(
        f"SELECT {select} FROM read_parquet('{glob}', hive_partitioning = true) {tail}"
    ).fetchall()


def test_audits_equal_replay_audit_record_by_record(
    batch: tuple[Path, Summary, set[str]], reference: list[dict[str, Any]]
) -> None:
    out, summary, workers = batch
    assert len(workers) == 2  # both workers got parts
    rows = _query(out, "audits", "audit, status, first_illegal_code, deltas", "ORDER BY part, part_row")
    got = [json.loads(r[0]) for r in rows]
    assert len(got) == len(reference) == summary.records
    for mine, theirs in zip(got, reference, strict=True):
        assert mine == theirs, theirs["location"]
    for (_, status, code, deltas), theirs in zip(rows, reference, strict=True):
        assert status == theirs["status"]
        assert code == (theirs["first_illegal"] or {}).get("code")
        assert deltas == (theirs["computed"]["deltas"] if theirs["computed"] else None)
    assert summary.statuses == Counter(a["status"] for a in reference)
    # what the inputs were built to contain
    by_id = {a["hand_id"]: a for a in got if a["hand_id"]}
    assert by_id["rot-2"]["first_illegal"]["code"] == "dealer_not_rotated"  # sitting across two files
    assert by_id["sc-rot-2"]["first_illegal"]["code"] == "dealer_not_next"  # SC-1.3, the same
    assert by_id["sc-rot-2"]["game"] == "sichuan" and by_id["sc-xuezhan-e1"]["status"] == "ok"
    assert by_id["tt-cut-2"]["first_illegal"]["code"] == "pool_not_carried"  # TT-5.1, the same
    assert by_id["tt-cut-1"]["status"] == "ok"
    sitting = [by_id[f"ttsim22-{n:06d}"] for n in range(1, 11)]  # carried across the files: legal
    assert [a["status"] for a in sitting] == ["ok"] * 10
    assert summary.flagged >= 2  # with the handwritten sitting
    invalid = [a for a in got if a["status"] == "invalid"]
    assert all(a["errors"] for a in invalid)
    messages = " ".join(e["message"] for a in invalid for e in a["errors"])
    assert "is not JSON" in messages and "cannot read" in messages
    assert by_id["bad-dealer"]["status"] == "invalid"
    assert any(a["location"].endswith("one.ndjson") for a in got)  # a one-line file is one document


def test_row_counts_and_contents_of_every_dataset(
    batch: tuple[Path, Summary, set[str]], reference: list[dict[str, Any]]
) -> None:
    out, summary, _ = batch
    settled = [a for a in reference if a["computed"] is not None]
    counts = {d: _query(out, d, "count(*)")[0][0] for d in ("audits", "settlements", "mistakes", "events")}
    raws = _query(out, "audits", "raw, status", "WHERE raw IS NOT NULL ORDER BY part, part_row")
    n_events = sum(  # a 推筒子 round has no events
        len(json.loads(bytes(raw).decode()).get("events", [])) for raw, status in raws if status != "invalid"
    )
    assert any(a.get("game") == "tuitongzi" for a in settled)  # two to four seats: a row each
    assert counts == {
        "audits": len(reference),
        "settlements": sum(len(a["computed"]["deltas"]) for a in settled),
        "mistakes": sum(len(a["mistakes"]) for a in reference),
        "events": n_events,
    }
    assert counts == dict(summary.rows)
    assert counts["mistakes"] > 0
    # the settlements are the engine's deltas, seat by seat
    deltas: dict[tuple[int, int], list[int]] = {}
    for part, row, delta in _query(
        out, "settlements", "part, part_row, delta", "ORDER BY part, part_row, seat"
    ):
        deltas.setdefault((part, row), []).append(delta)
    audited = _query(out, "audits", "part, part_row, deltas", "WHERE deltas IS NOT NULL")
    assert {(p, r): d for p, r, d in audited} == deltas
    # events in order, canonical tiles
    hand = _query(out, "audits", "part, part_row, raw", "WHERE hand_id = 'sim11-000007'")[0]
    record = json.loads(bytes(hand[2]).decode())
    events = _query(
        out, "events", "type, seat, tile", f"WHERE part = {hand[0]} AND part_row = {hand[1]} ORDER BY idx"
    )
    assert events == [(e["type"], e.get("seat"), e.get("tile")) for e in record["events"]]


def _decoded(raw: bytes | None) -> object:
    try:
        return json.loads(bytes(raw).decode("utf-8")) if raw is not None else None
    except ValueError:
        return None


def test_hive_partitions_follow_game_preset_and_utc_date(batch: tuple[Path, Summary, set[str]]) -> None:
    out = batch[0]
    rows = _query(out, "audits", "raw, game, preset, played_date, status")
    for raw, game, preset, date, _ in rows:
        assert (game, preset, date.isoformat() if date else None) == partition_of(_decoded(raw))
    assert any(p is None for _, _, p, _, s in rows if s == "invalid")  # no known preset: the NULL partition
    names = {p.name for p in (out / "audits").rglob("*")}
    assert "preset=__HIVE_DEFAULT_PARTITION__" in names and "preset=hzlzg" in names
    assert {"game=wuhan", "game=sichuan", "preset=xuezhan", "preset=xueliu"} <= names
    games = dict(_query(out, "audits", "game, count(*)", "WHERE status <> 'invalid' GROUP BY 1"))
    # the valid Sichuan examples, the two of the cut sitting, and the hand-written Sichuan disputes
    # that get past the schema (sample_logs/handwritten/sichuan/)
    disputes = [audit_record(obj)["status"] for obj, _ in iter_records([str(HANDWRITTEN / "sichuan")])]
    assert games["sichuan"] == len(list(SICHUAN.glob("*.json"))) + 2 + sum(s != "invalid" for s in disputes)
    when = played_at_utc("2026-11-05T01:39:13+08:00")
    assert when is not None and when.date().isoformat() == "2026-11-04"
    assert played_at_utc("2026-11-05T23:59:60Z") is not None
    assert played_at_utc("yesterday") is None and played_at_utc("2026-02-30T10:00:00Z") is None


def test_the_same_input_gives_the_same_files(
    client: Any, inputs: list[str], batch: tuple[Path, Summary, set[str]], tmp_path: Path
) -> None:
    """Parts sent as bytes (as for a remote cluster) or read by the workers: byte-identical output."""
    out = batch[0]
    again = tmp_path / "again"
    run_batch(client, inputs, again, part_lines=PART_LINES, shared_inputs=False)
    files = sorted(p.relative_to(out) for p in out.rglob("*.parquet"))
    assert files == sorted(p.relative_to(again) for p in again.rglob("*.parquet"))
    assert all((out / f).read_bytes() == (again / f).read_bytes() for f in files)
    with pytest.raises(BatchError, match="--overwrite"):
        run_batch(client, inputs, again, part_lines=PART_LINES)


def test_parts_number_lines_as_replay_audit_does(tmp_path: Path) -> None:
    """Lines are NDJSON's (cut at ``\\n`` only, as ``replay.inputs`` cuts them for every command),
    numbered the same whatever the part size; U+2028 inside a JSON string does not end a line."""
    rec = _line(next(simulate(1, seed=2)))
    odd = tmp_path / "odd.ndjson"
    lines = [
        rec,
        "",
        "x\u2028y",
        rec,
        "\x0c",
        rec + "\r",
        "   ",
        "not json",
        '{"a": "x\u2028y"}',
        "\u00e9\u2029",
    ]
    odd.write_text("\n".join(lines) + "\n" + rec, encoding="utf-8")
    want = [(loc, type(obj).__name__) for obj, loc in iter_records([str(odd)])]
    kinds = {1: "dict", 3: "Unreadable", 4: "dict", 6: "dict", 8: "Unreadable", 9: "dict", 10: "Unreadable"}
    assert want == [(f"{odd}:{n}", kind) for n, kind in {**kinds, 11: "dict"}.items()]
    for size in (1, 2, 3, 100):
        parts = list(plan_parts([str(odd)], size))
        assert all(p.mode == "lines" for p in parts)
        got = [(loc, type(obj).__name__) for part in parts for obj, loc, _ in _part_items(part)]
        assert got == want
    # not UTF-8: the bad line is lost, in a batch as in replay audit, not the file
    bad = tmp_path / "bad.ndjson"
    bad.write_bytes(f"{rec}\n".encode() + b"\xff\xfe\n" + f"{rec}\n".encode())
    got = [(loc, obj) for part in plan_parts([str(bad)], 1) for obj, loc, _ in _part_items(part)]
    assert [loc for loc, _ in got] == [f"{bad}:1", f"{bad}:2", f"{bad}:3"]
    assert isinstance(got[1][1], Unreadable) and "not valid UTF-8" in got[1][1].message
    mine = [(loc, type(obj).__name__) for obj, loc in iter_records([str(bad)])]
    assert mine == [(loc, type(obj).__name__) for loc, obj in got]
    # a worker reading its range of a file that changed since it was cut refuses to guess
    parts = list(plan_parts([str(bad)], 1, shared=True))
    assert parts[2].path and not parts[2].data
    bad.write_bytes(bad.read_bytes().replace(b"simulator", b"SIMULATOR"))
    with pytest.raises(BatchError, match="changed while it was being audited"):
        list(_part_items(parts[2]))


def test_cli_with_a_named_scheduler_and_with_a_local_cluster(client: Any, tmp_path: Path) -> None:
    src = tmp_path / "in.ndjson"
    src.write_text("".join(_line(r) + "\n" for r in simulate(24, seed=5)), encoding="utf-8")
    address = client.scheduler.address
    runner = CliRunner()
    args = [str(src), "--out", str(tmp_path / "out"), "--part-lines", "5", "--no-progress"]
    first = runner.invoke(batch_audit_command, [*args, "--scheduler", address, "--json"])
    assert first.exit_code == 0, first.output
    assert json.loads(first.output)["records"] == 24
    assert (tmp_path / "out" / MANIFEST).is_file()
    refused = runner.invoke(batch_audit_command, [*args, "--scheduler", address])
    assert refused.exit_code == 1 and "--overwrite" in refused.output
    both = runner.invoke(batch_audit_command, [*args, "--scheduler", address, "--workers", "2"])
    assert both.exit_code == 2
    local = runner.invoke(batch_audit_command, [*args, "--overwrite", "--workers", "2"])
    assert local.exit_code == 0, local.output
    assert "24 records in 5 parts on 2 workers" in local.output
    assert "status  24 ok, 0 illegal, 0 mismatch, 0 invalid" in local.output
    assert replay_main.commands["batch-audit"] is batch_audit_command


def test_loading_into_the_store_is_ordinary_ingest_and_idempotent(
    batch: tuple[Path, Summary, set[str]], inputs: list[str], tmp_path: Path
) -> None:
    out = batch[0]
    tables = ("hands", "audits", "events", "settlements", "mistakes", "seats")

    def snapshot(store: Store) -> dict[str, Any]:
        with store.read() as cur:
            snap: dict[str, Any] = {
                t: cur.execute(f"SELECT count(*) FROM {t}").fetchall()[0][0] for t in tables
            }
            snap["verdicts"] = cur.execute(
                "SELECT source, hand_id, status FROM audits ORDER BY ALL"
            ).fetchall()
        return snap

    def load(store: Store, stream: Any) -> Counter[str]:
        results: list[Any] = []
        ingest_stream(store, batches(stream, 100), lambda _, r: results.extend(r))
        return summarise(results)[0]

    with Store(tmp_path / "store.duckdb") as store:
        first = load(store, read_parquet(out))
        loaded = snapshot(store)
        assert loaded["hands"] == first["stored"] > 200
        again = load(store, read_parquet(out))
        assert snapshot(store) == loaded  # loading twice changes nothing
        assert (
            again["duplicate"] == first["stored"] + first["duplicate"]
            and again["invalid"] == first["invalid"]
        )
        # the original files are the same records to the store: nothing new, nothing in conflict
        files = load(store, read_paths(inputs))
        assert snapshot(store) == loaded
        assert set(files) == {"duplicate", "invalid"} and files == again
    # the store's verdicts are the batch's
    batch_verdicts = _query(out, "audits", "source, hand_id, status", "WHERE status != 'invalid'")
    assert set(loaded["verdicts"]) == set(batch_verdicts)


def test_an_unfinished_run_is_not_loaded(batch: tuple[Path, Summary, set[str]], tmp_path: Path) -> None:
    half = tmp_path / "half"
    shutil.copytree(batch[0], half)
    (half / MANIFEST).unlink()
    with pytest.raises(ParquetInputError, match="no completed batch audit"):
        next(read_parquet(half))


def test_output_of_the_layout_without_game_folders_still_loads(
    batch: tuple[Path, Summary, set[str]], tmp_path: Path
) -> None:
    """Runs made before ``game=`` partitions (``audits/preset=…/played_date=…/``) load the same
    records, and a hive query over them still reads ``preset`` and ``played_date``."""
    new, old = batch[0], tmp_path / "old"
    for path in new.rglob("*.parquet"):
        parts = [p for p in path.relative_to(new).parts if not p.startswith("game=")]
        target = old.joinpath(*parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists():  # rows of two games in one old partition of a part: one file, as before
            import pyarrow as pa
            import pyarrow.parquet as pq

            both = pa.concat_tables([pq.read_table(target), pq.read_table(path)]).sort_by("part_row")
            pq.write_table(both, target)
        else:
            shutil.copy(path, target)
    shutil.copy(new / MANIFEST, old / MANIFEST)
    assert not any(p.name.startswith("game=") for p in old.rglob("*"))
    loaded = sorted(it.location or "" for items in read_parquet(old) for it in items)
    fresh = sorted(it.location or "" for items in read_parquet(new) for it in items)
    assert loaded == fresh
    presets = dict(_query(old, "audits", "preset, count(*)", "GROUP BY 1"))
    assert presets["xuezhan"] > 0 and presets["hzlzg"] > 0


@pytest.mark.parametrize("kind", ["zero", "newlines", "long_line", "one_value"])
def test_splitting_reads_within_the_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """Issue 36: ``/dev/zero``, a gzip of newlines, a line or a value past the bound: the split
    holds at most ``MAX_BYTES`` and ends the file with one unreadable part naming the bound;
    the parts before it stand."""
    import store.batch

    monkeypatch.setattr(store.batch, "MAX_BYTES", 16384)
    rec = _line(next(iter(simulate(1, seed=5))))
    path = tmp_path / "in.ndjson"
    if kind == "zero":
        path = tmp_path / "x.json"
        path.symlink_to("/dev/zero")
    elif kind == "newlines":
        path = tmp_path / "blank.ndjson.gz"
        path.write_bytes(gzip.compress(b"\n" * 10_000_000))
    elif kind == "long_line":
        path.write_text(
            f"{rec}\n{rec}\n" + '{"pad": "' + "x" * 20_000 + '"}\n' + f"{rec}\n", encoding="utf-8"
        )
    else:
        path.write_text(json.dumps([json.loads(rec)] * 10, indent=1), encoding="utf-8")
    parts = list(plan_parts([str(path)], 1))
    assert parts[-1].mode == "unreadable"
    assert parts[-1].message == (
        f"{path} holds a JSON value or a line over 16384 bytes, the bound of one read"
        " (replay audit --max-bytes): the rest of the file is not read"
    )
    assert len(parts) == (3 if kind == "long_line" else 1)  # the two records before the long line
