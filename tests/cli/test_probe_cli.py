"""Issue 36 on the command line: bounded reads, lone surrogates, a meld type that is a list,
token labels. Each input is the issue's; each answer is an ``invalid`` line naming the field or
the bound (and the option that raises it), the other records audited or stored, no traceback,
and the documented exit status (``replay audit``: 2 when a record is invalid; ``replay
evaluate``: 2 when an input is malformed).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cli.main import main
from replay.games.wuhan.simulate import simulate
from store.db import Store
from store.tokens import list_tokens

#: small bounds, so each refusal costs a few hundred kilobytes of reading, not 32 MiB
BOUND = ["--max-bytes", "65536"]


def run(*args: str, input: str | bytes | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert "Traceback" not in result.output
    return result


def records(n: int) -> list[bytes]:
    return [json.dumps(r).encode() for r in simulate(n, 21)]


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "link"])
def test_audit_and_ingest_of_a_device_stop_at_the_bound(tmp_path: Path, device: str) -> None:
    if device == "link":  # a symlink to /dev/zero that looks like a record file
        (tmp_path / "x.json").symlink_to("/dev/zero")
        device = str(tmp_path / "x.json")
    audited = run("audit", *BOUND, device)
    assert audited.exit_code == 2
    assert f"{device} is over --max-bytes (65536 bytes) and is not NDJSON" in audited.output
    assert "raise it to read the file whole" in audited.output
    ingested = run("ingest", "--db", str(tmp_path / "s.duckdb"), *BOUND, device)
    assert ingested.exit_code == 0 and "1 invalid" in ingested.output


def test_evaluate_of_a_device_stops_at_the_bound() -> None:
    out = run("evaluate", *BOUND, "/dev/zero")
    assert out.exit_code == 2
    message = "input is over --max-bytes (65536 bytes): raise --max-bytes or split it"
    assert json.loads(out.output) == {"error": {"field": "", "message": message}}


def test_a_gzip_of_newlines_is_inflated_only_to_the_bound(tmp_path: Path) -> None:
    path = tmp_path / "blank.ndjson.gz"
    path.write_bytes(gzip.compress(b"\n" * (64 * 1024 * 1024), 9))  # 64 MiB of newlines, ~60 KB
    assert path.stat().st_size < 100_000
    out = run("audit", *BOUND, str(path))
    assert out.exit_code == 2 and "is over --max-bytes (65536 bytes)" in out.output


def test_a_gzip_of_many_records_stops_at_max_records(tmp_path: Path) -> None:
    path = tmp_path / "braces.ndjson.gz"
    path.write_bytes(gzip.compress(b"{}\n" * 2_000_000, 9))  # the 5.8 KB of 2 million records
    out = run("audit", "--no-analysis", "--max-records", "50", str(path))
    assert out.exit_code == 2
    lines = out.output.splitlines()
    assert lines[-1] == "51 records: 0 ok, 0 illegal, 0 mismatch, 51 invalid"
    assert lines[-2].endswith(
        f"{path} holds more than 50 records, the bound --max-records: the rest is not read;"
        " raise --max-records or split the file"
    )


def test_a_long_ndjson_line_ends_the_file_naming_the_bound(tmp_path: Path) -> None:
    good = records(3)
    path = tmp_path / "night.ndjson"
    path.write_bytes(
        good[0] + b"\n" + good[1] + b"\n" + b'{"pad":"' + b"x" * 200_000 + b'"}\n' + good[2] + b"\n"
    )
    out = run("audit", "--json", *BOUND, str(path))
    results = [json.loads(line) for line in out.output.splitlines()]
    assert [r["status"] for r in results] == ["ok", "ok", "invalid"]
    assert results[2]["errors"][0]["message"].startswith(
        f"line 3 of {path} is over --max-bytes (65536 bytes)"
    )


def test_an_array_over_max_records_is_refused_whole(tmp_path: Path) -> None:
    path = tmp_path / "many.json"
    path.write_bytes(b"[" + b",".join([b"{}"] * 20) + b"]")
    out = run("audit", "--json", "--max-records", "10", str(path))
    (result,) = [json.loads(line) for line in out.output.splitlines()]
    assert "a JSON array of more than 10 records, the bound --max-records" in result["errors"][0]["message"]


def test_a_lone_surrogate_in_record_16_of_30_is_that_record_invalid(tmp_path: Path) -> None:
    good = records(30)
    items = list(good)
    items[15] = good[15].replace(b'"hand_id":', b'"hand_id":"\\udfff","was":', 1)
    path = tmp_path / "night.json"
    path.write_bytes(b"[" + b",\n".join(items) + b"]")
    audited = run("audit", "--json", "--no-analysis", str(path))
    assert audited.exit_code == 2
    results = [json.loads(line) for line in audited.output.splitlines()]
    assert [r["status"] for r in results].count("invalid") == 1
    assert results[15]["errors"] == [
        {
            "field": "hand_id",
            "message": "a lone surrogate escape (\\ud800-\\udfff) in a string: not valid Unicode",
        }
    ]
    db = str(tmp_path / "s.duckdb")
    for outcome in ("stored", "duplicate"):  # a re-run answers the same way, it does not die there
        ingested = run("ingest", "--db", db, "--no-analysis", str(path))
        assert ingested.exit_code == 0
        assert f"30 records: {29 if outcome == 'stored' else 0} stored" in ingested.output
        assert "1 invalid" in ingested.output and "hand_id: a lone surrogate escape" in ingested.output


MELD_LIST = (
    '{"ruleset":{"preset":"hzlzg"},"laizi_indicator":"4p","dealer":0,"winner":3,'
    '"win":{"way":"self_draw","tile":"9s"},"seats":[{},{"melds":[{"type":[]}]},{},{}]}'
)


def test_evaluate_answers_every_line_when_a_meld_type_is_a_list() -> None:
    fine = Path("sample_logs/evaluate/examples.ndjson").read_text("utf-8").splitlines()[0]
    out = run("evaluate", "-", input=fine + "\n" + MELD_LIST + "\n")
    assert out.exit_code == 2
    first, second = (json.loads(line) for line in out.output.splitlines())
    assert "error" not in first
    assert second == {
        "error": {"field": "seats[1].melds[0].type", "message": "must be 'chi', 'peng' or 'gang'"}
    }


def test_evaluate_refuses_more_inputs_than_max_records() -> None:
    out = run("evaluate", "--max-records", "2", "-", input="{}\n{}\n{}\n")
    assert out.exit_code == 2
    assert "more than 2 inputs, the bound --max-records" in json.loads(out.output)["error"]["message"]


def test_token_labels_refuse_controls_and_old_ones_are_listed_escaped(tmp_path: Path) -> None:
    db = str(tmp_path / "t.duckdb")
    refused = run("token", "create", "--db", db, "--scope", "read", "--label", "\x1b[31mred\x00")
    assert (
        refused.exit_code == 2 and "must not hold control characters: U+001B at position 0" in refused.output
    )
    with Store(db) as store:
        assert list_tokens(store) == []
        with store.write() as con:  # a label stored before labels were checked
            con.execute(
                "INSERT INTO tokens (token_id, token_hash, scope, source, label, created_at)"
                " VALUES ('tok_00000001', 'x', 'read', NULL, ?, now())",
                ["\x1b[31mred\x00"],
            ).fetchall()
    listed = run("token", "list", "--db", db)
    assert "\x1b" not in listed.output and "\x00" not in listed.output
    assert listed.output.rstrip().endswith("\\u001b[31mred\\u0000")
