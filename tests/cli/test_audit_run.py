"""``replay audit`` streamed on every core (issue #15): the same output for any number of workers,
the same as auditing the whole input as one list, and ``--no-analysis`` as the verdict alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import schemas.audit_run as audit_run
from cli.main import main
from replay.games.wuhan.simulate import simulate
from replay.inputs import iter_records
from schemas.audit import audit_records

ROOT = Path(__file__).resolve().parents[2]
DEALER = ROOT / "sample_logs" / "handwritten" / "disputed_dealer_not_rotated.json"


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["audit", *args])
    return result.exit_code, result.stdout


@pytest.fixture
def sim_file(tmp_path: Path) -> Path:
    path = tmp_path / "sim.ndjson"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in simulate(60, seed=11)))
    return path


def test_any_number_of_workers_gives_the_same_bytes(sim_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(audit_run, "CHUNK", 7)  # many chunks, sittings cut across them
    one = _run("--json", "--workers", "1", str(sim_file), str(DEALER))
    two = _run("--json", "--workers", "2", str(sim_file), str(DEALER))
    three = _run("--workers", "3", str(sim_file), str(DEALER))
    assert one == two
    assert len(one[1].split("\n")) == 60 + 2 + 1  # the dealer file holds two records; a final newline
    assert three[1].splitlines()[-1].startswith("62 records: ")


def test_streamed_output_is_the_whole_list_audit(sim_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of 2 cut R-2.2's sittings apart: the check still sees the hand before (earlier chunk)."""
    monkeypatch.setattr(audit_run, "CHUNK", 2)
    # the Wuhan hand-written records (the sichuan/ folder beside them holds invalid ones: exit 2)
    paths = [*sorted(str(p) for p in (ROOT / "sample_logs" / "handwritten").glob("*.json")), str(sim_file)]
    want = [audit_run.to_json(a) for a in audit_records(iter_records(paths))]
    code, out = _run("--json", *paths)
    assert out.splitlines() == want
    assert code == 1  # the Wuhan hand-written records hold illegal and mismatched hands, none invalid
    firsts = [json.loads(x)["first_illegal"] for x in out.splitlines()]
    assert [f["rule"] for f in firsts if f and f["code"] == "dealer_not_rotated"] == ["R-2.2"]


def test_no_analysis_is_the_verdict_without_mistakes(sim_file: Path) -> None:
    _, full = _run("--json", str(sim_file))
    _, bare = _run("--json", "--no-analysis", str(sim_file))
    full_audits = [json.loads(x) for x in full.splitlines()]
    bare_audits = [json.loads(x) for x in bare.splitlines()]
    assert any(a["mistakes"] for a in full_audits)
    assert all(a["mistakes"] == [] for a in bare_audits)
    for a in full_audits:
        a["mistakes"] = []
    assert bare_audits == full_audits


def test_progress_only_when_asked_or_on_a_terminal(sim_file: Path) -> None:
    quiet = CliRunner().invoke(main, ["audit", str(sim_file)])
    assert "hands/s" not in quiet.stderr
    shown = CliRunner().invoke(main, ["audit", "--progress", str(sim_file)])
    assert "60 hands" in shown.stderr and "hands/s" in shown.stderr
    assert shown.stdout == quiet.stdout


def test_replay_audit_freezes_its_heap_once(sim_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After its first chunk (tables loaded) ``replay audit`` moves what is alive out of the
    collector's sight (``gc.freeze``), once; a library caller of ``run_audit`` is left alone."""
    import gc

    monkeypatch.setattr(audit_run, "CHUNK", 7)
    list(audit_run.run_audit([str(sim_file)], audit_run.to_json))
    assert gc.get_freeze_count() == 0
    freezes = []
    monkeypatch.setattr(gc, "freeze", lambda: freezes.append(1))
    _, out = _run("--json", "--workers", "1", str(sim_file))
    assert len(out.splitlines()) == 60 and freezes == [1]


@pytest.mark.parametrize(
    ("game", "says"),
    [
        ("changsha", "seat "),
        ("changchun", "seat "),
        ("erren", "番 fan"),
        ("tuitongzi", "banker "),
    ],
)
def test_the_summary_line_reads_every_games_settlement(game: str, says: str, tmp_path: Path) -> None:
    """Without ``--json`` each hand is one line naming how it ended, in its game's terms (a Changsha
    hand once made the summary fail on Wuhan's ``winner`` key: a traceback for the user)."""
    from replay.games import GAMES

    records = list(GAMES[game].simulate(6, 5, GAMES[game].presets[0]))
    path = tmp_path / f"{game}.ndjson"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    code, out = _run(str(path))
    *lines, total = out.splitlines()
    assert code == 0 and len(lines) == 6 and total.startswith("6 records: 6 ok"), out
    assert all(line.startswith("ok ") for line in lines), out
    assert any(says in line for line in lines), out
