"""Administration against a running ``replay serve``, and its clean stop (issue 16, items 2 and 3).

A real server process on loopback holds the database file, as in production. The store's
commands then either go through it (``--server URL``) or say exactly what to do; and SIGTERM
lets an upload that is half sent finish, then leaves the database checkpointed (no WAL).
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests
from click.testing import CliRunner

from cli.main import main
from replay.games.wuhan.simulate import simulate
from store.db import Store
from store.tokens import create_token
from tests import serving

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Served:
    proc: subprocess.Popen[bytes]
    db: Path
    url: str
    port: int
    admin: str
    upload: str


def start_server(db: Path) -> Served:
    with Store(db) as store:
        admin = create_token(store, "admin")[1]
        upload = create_token(store, "upload", "simulator")[1]
    running = serving.start(db, "--threads", "4")
    return Served(running.proc, db, running.url, running.port, admin, upload)


def stop(served: Served) -> None:
    serving.stop(serving.Running(served.proc, served.url, served.port))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    running = start_server(tmp_path_factory.mktemp("served") / "replay.duckdb")
    try:
        yield running
    finally:
        stop(running)


def ndjson(records: list[dict[str, object]]) -> str:
    return "\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n"


@pytest.mark.parametrize(
    "args",
    [
        ["token", "list"],
        ["token", "create", "--scope", "read"],
        ["token", "revoke", "tok_12345678"],
        ["reaudit"],
        ["ingest", "sample_logs/handwritten/pihu.json"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_a_command_on_a_served_database_says_which_process_holds_it_and_what_to_do(
    served: Served, args: list[str]
) -> None:
    result = CliRunner().invoke(main, [*args, "--db", str(served.db)])
    assert result.exit_code == 75, result.output
    expected = f"`replay serve` (PID {served.proc.pid}) holds {served.db}: pass `--server URL` or stop it\n"
    assert result.stderr == expected
    assert "Traceback" not in result.output and "IO Error" not in result.output


def test_tokens_ingest_and_reaudit_go_through_the_running_server(served: Served, tmp_path: Path) -> None:
    runner = CliRunner(env={"REPLAY_SERVER": served.url, "REPLAY_TOKEN": served.admin})
    made = runner.invoke(
        main, ["token", "create", "--scope", "upload", "--source", "club9", "--label", "app"]
    )
    assert made.exit_code == 0, made.output
    secret = made.stdout.strip().splitlines()[-1]
    listed = runner.invoke(main, ["token", "list", "--json"])
    rows = [json.loads(x) for x in listed.stdout.splitlines()]
    mine = next(r for r in rows if r["source"] == "club9")
    assert mine["scope"] == "upload" and mine["label"] == "app" and mine["revoked_at"] is None
    assert secret not in listed.output

    # ingest through the server with the new token: its own source stored, another one refused
    records = list(simulate(6, 44))
    club = [{**r, "source": "club9"} for r in records[:4]]
    stray = {**records[4], "source": "club10"}
    path = tmp_path / "tonight.ndjson"
    path.write_text(ndjson([*club, stray]) + "{not json\n")
    pretty = tmp_path / "one.json"  # a record spanning lines goes with its exact bytes too
    pretty.write_text(json.dumps({**records[5], "source": "club9"}, indent=2))
    out = runner.invoke(main, ["ingest", str(path), str(pretty), "--token", secret])
    assert out.exit_code == 0, out.output
    lines = out.stdout.strip().splitlines()
    assert lines[-2] == "7 records: 5 stored, 0 duplicate, 0 conflict, 2 invalid"
    assert any(x.startswith("invalid") and "tonight.ndjson:6" in x for x in lines), lines
    assert any(x.startswith("invalid") and "tonight.ndjson:5" in x and "source" in x for x in lines), lines
    again = runner.invoke(main, ["ingest", str(path), str(pretty), "--token", secret])
    assert again.stdout.strip().splitlines()[-2] == "7 records: 0 stored, 5 duplicate, 0 conflict, 2 invalid"
    hand = requests.get(
        f"{served.url}/api/v1/hands/club9/{records[5]['hand_id']}",
        headers={"Authorization": f"Bearer {served.admin}"},
        timeout=30,
    ).json()
    assert hand["record"]["seats"] == records[5]["seats"]

    # revoke it: the server refuses it at once
    revoked = runner.invoke(main, ["token", "revoke", mine["token_id"]])
    assert revoked.exit_code == 0 and f"revoked {mine['token_id']}" in revoked.output
    refused = runner.invoke(main, ["ingest", str(path), "--token", secret])
    assert refused.exit_code == 1 and "401" in refused.output and "revoked" in refused.output
    assert runner.invoke(main, ["token", "revoke", mine["token_id"]]).exit_code == 1

    # re-audit in the server's background job, followed to the end
    report = runner.invoke(main, ["reaudit", "--json"])
    assert report.exit_code == 0, report.output
    summary = json.loads(report.stdout.strip().splitlines()[-1])["summary"]
    assert summary["audited"] == 5 and summary["changed"] == 0
    assert sum(summary["statuses"].values()) == 5

    # a read token may not administer; no token at all is a usage error
    reader = runner.invoke(main, ["token", "list", "--token", "wr_not-a-token"])
    assert reader.exit_code == 1 and "401" in reader.output
    bare = CliRunner(env={"REPLAY_TOKEN": None}).invoke(main, ["token", "list", "--server", served.url])
    assert bare.exit_code == 2 and "--token" in bare.output


def _connect_refused(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            return False
    except OSError:
        return True


def test_sigterm_drains_a_half_sent_upload_then_checkpoints(tmp_path: Path) -> None:
    server = start_server(tmp_path / "drain.duckdb")
    try:
        record = next(iter(simulate(1, 45)))
        body = json.dumps(record).encode()
        head = (
            "POST /api/v1/hands HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{server.port}\r\n"
            f"Authorization: Bearer {server.upload}\r\n"
            "Content-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        ).encode()
        with socket.create_connection(("127.0.0.1", server.port), timeout=60) as conn:
            conn.sendall(head + body[: len(body) // 2])
            time.sleep(0.3)
            server.proc.send_signal(signal.SIGTERM)
            deadline = time.monotonic() + 30
            while not _connect_refused(server.port) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert _connect_refused(server.port), "the server still accepts connections after SIGTERM"
            conn.sendall(body[len(body) // 2 :])
            answer = b""
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                chunk = conn.recv(65536)
                if not chunk:
                    break
                answer += chunk
        status, _, payload = answer.partition(b"\r\n\r\n")
        assert status.startswith(b"HTTP/1.1 200"), answer[:300]
        assert json.loads(payload)["results"][0]["outcome"] == "stored"
        assert server.proc.wait(timeout=60) == 0
        err = server.proc.stderr.read().decode() if server.proc.stderr else ""
        assert "database checkpointed" in err and "Traceback" not in err
    finally:
        stop(server)
    wal = Path(f"{server.db}.wal")
    assert not wal.exists() or wal.stat().st_size == 0, "the WAL was left behind"
    with Store(server.db) as store, store.read() as cur:
        assert cur.execute("SELECT hand_id FROM hands").fetchall() == [(record["hand_id"],)]
