"""One input never takes down the rest (issue #27, deliverable 4) on the command line.

Each test makes the engine fail on purpose on one input (``tests/faults.py``: the game's own
judge or replayer raises) and holds the other inputs' answers to what the same run gives
without the fault, the failing one to its documented error (docs/evaluate.md, docs/audit.md),
and the counts and exit status to what docs say.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import replay.games.wuhan.evaluate as wuhan_evaluate
from cli.main import INTERNAL_EXIT, main
from replay.games import GAMES
from replay.games.wuhan.evaluate import evaluate_each
from replay.games.wuhan.simulate import simulate
from tests.faults import BOOM, MARKED, install_audit_fault, install_evaluate_fault

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "sample_logs" / "evaluate"
#: one Wuhan and one Sichuan described win the injected fault fails on (their winners' hands)
WUHAN_MARK = "4s 5s 6s 9s"
SICHUAN_MARK = "1s 2s 3s 4s 5s 6s 7s 8s 9s 1p 1p 2p"
#: the described win of issue #27 that crashed the engine (IndexError in replay/shape.py)
ISSUE_27 = (
    '{"ruleset": {"preset": "hzfclzg", "overrides": {}}, "dealer": 1, "winner": 2, "win": {"way":'
    ' "discard", "tile": "N", "from": 3}, "laizi_indicator": "F", "seats": [{"hand": [], "melds": []},'
    ' {"hand": [], "melds": []}, {"hand": ["P", "S", "S", "S", "S", "E", "E", "E", "N", "N"], "melds":'
    ' [{"type": "peng", "tile": "W", "from": 0}]}, {"hand": [], "melds": []}]}'
)


def evaluate_lines() -> list[str]:
    """Both games' example inputs, a malformed line among them."""
    lines = (EXAMPLES / "examples.ndjson").read_text().splitlines()
    lines += (EXAMPLES / "sichuan.ndjson").read_text().splitlines()
    lines.insert(4, '{"ruleset": {"preset": "hzlzg"}}')  # malformed: no dealer
    return [line for line in lines if line.strip()]


def winner_hand(line: str) -> str | None:
    value = json.loads(line)
    seats = value.get("seats")
    return " ".join(seats[value["winner"]]["hand"]) if seats else None


def answers(result: Any) -> list[dict[str, Any]]:
    return [json.loads(line) for line in result.output.splitlines()]


def assert_internal_error(answer: dict[str, Any], index: int) -> None:
    error = answer["error"]
    assert error["code"] == "internal_error" and error["index"] == index and error["field"] == ""
    assert f"input {index}" in error["message"] and f"InjectedFault: {BOOM}" in error["message"]
    assert "Traceback" not in error["message"] and len(error["id"]) == 32


def test_evaluate_answers_every_other_input_as_without_the_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = evaluate_lines()
    text = "\n".join(lines) + "\n"
    before = CliRunner().invoke(main, ["evaluate"], input=text)
    assert before.exit_code == 2  # the malformed line only
    install_evaluate_fault([WUHAN_MARK, SICHUAN_MARK], monkeypatch.setattr)
    after = CliRunner().invoke(main, ["evaluate"], input=text)
    failing = [i for i, line in enumerate(lines) if winner_hand(line) in (WUHAN_MARK, SICHUAN_MARK)]
    assert len(failing) == 2  # one input of each game
    assert after.exit_code == INTERNAL_EXIT == 3  # over the malformed line's 2
    got, want = answers(after), answers(before)
    assert len(got) == len(want) == len(lines)
    for i, (mine, theirs) in enumerate(zip(got, want, strict=True)):
        if i in failing:
            assert "error" not in theirs  # judged fine without the fault
            assert_internal_error(mine, i)
        else:
            assert mine == theirs, i
    assert "Traceback" not in after.output


def test_evaluate_writes_each_answer_before_judging_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """Streamed: the first answer exists before the second input is judged (a crash later in a
    file no longer costs the answers before it)."""
    judged: list[int] = []
    real = wuhan_evaluate.judge

    def counting(table: Any, winner: int, win: Any) -> Any:
        judged.append(winner)
        return real(table, winner, win)

    monkeypatch.setattr(wuhan_evaluate, "judge", counting)
    text = (EXAMPLES / "examples.ndjson").read_text()
    stream = evaluate_each(text)
    first = next(stream)
    assert first["legal"] is True and len(judged) == 1
    assert len(list(stream)) == len(text.splitlines()) - 1 and len(judged) == len(text.splitlines())


def test_the_issue_27_input_gives_exactly_one_json_line_and_the_others_are_answered() -> None:
    """A real subprocess, no fault injected: the input that crashed the engine (issue #27) is
    now answered like the others — 风一色, legal (worked out in tests/replay/test_shape_counts.py)."""
    good = (EXAMPLES / "examples.ndjson").read_text().splitlines()
    text = "\n".join([good[0], ISSUE_27, good[1]]) + "\n"
    proc = subprocess.run(
        [sys.executable, "-m", "cli.main", "evaluate"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    lines = proc.stdout.splitlines()
    assert len(lines) == 3, proc.stderr
    out = [json.loads(line) for line in lines]  # every line valid JSON
    alone = [evaluate_each(line) for line in good[:2]]
    assert out[0] == next(alone[0]) and out[2] == next(alone[1])
    middle = out[1]
    assert middle["legal"] is True and middle["hands"] == ["fengyise"], middle
    assert middle["deltas"] == [-40, -40, 140, -60]
    assert proc.returncode == 0
    assert "Traceback" not in proc.stderr + proc.stdout


def audit_records_file(tmp_path: Path) -> tuple[Path, list[str]]:
    """Wuhan and Sichuan records, one of each marked for the fault, as NDJSON (more than one
    audit chunk, so workers get several)."""
    wuhan = list(simulate(12, 7))
    sichuan = list(GAMES["sichuan"].simulate(8, 3, "xuezhan"))
    wuhan[5] = {**wuhan[5], "hand_id": MARKED}
    sichuan[2] = {**sichuan[2], "hand_id": MARKED}
    records = wuhan[:8] + sichuan + wuhan[8:]
    path = tmp_path / "records.ndjson"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    return path, [str(r["hand_id"]) for r in records]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_audit_marks_the_failing_records_error_and_audits_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: str
) -> None:
    path, ids = audit_records_file(tmp_path)
    monkeypatch.setattr("schemas.audit_run.CHUNK", 5)  # several chunks, in worker processes with 2
    before = CliRunner().invoke(main, ["audit", "--json", "--workers", workers, str(path)])
    install_audit_fault(monkeypatch.setattr)  # the workers are forked: they have it too
    after = CliRunner().invoke(main, ["audit", "--json", "--workers", workers, str(path)])
    assert after.exit_code == INTERNAL_EXIT, after.output
    got, want = answers(after), answers(before)
    assert len(got) == len(want) == len(ids)  # nothing dropped, in input order
    for mine, theirs, hand_id in zip(got, want, ids, strict=True):
        assert mine["hand_id"] == hand_id
        if hand_id != MARKED:
            assert mine == theirs, hand_id
            continue
        assert theirs["status"] in ("ok", "mismatch", "illegal")
        assert mine["status"] == "error" and mine["computed"] is None and mine["mistakes"] == []
        assert mine["recorded"] == theirs["recorded"] and mine["location"] == theirs["location"]
        assert mine.get("game") == theirs.get("game")  # the Sichuan one still names its game
        (error,) = mine["errors"]
        assert error["code"] == "internal_error" and f"InjectedFault: {BOOM}" in error["message"]
        assert f"/{MARKED}" in error["message"]  # names the hand
    summary = CliRunner().invoke(main, ["audit", "--workers", workers, str(path)])
    assert summary.exit_code == INTERNAL_EXIT
    counts = Counter(a["status"] for a in got)
    assert counts["error"] == 2
    parts = ", ".join(f"{counts[s]} {s}" for s in ("ok", "illegal", "mismatch", "invalid"))
    assert summary.output.splitlines()[-1] == f"{len(ids)} records: {parts}, 2 error"
    assert sum(line.startswith("error     ") for line in summary.output.splitlines()) == 2


def test_a_real_process_with_the_fault_injected(tmp_path: Path) -> None:
    """``python -m tests.faults`` is ``replay`` with the faults in: the command line as users run
    it, exit status and all, with nothing but stdout to read."""
    path, ids = audit_records_file(tmp_path)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "tests.faults", "--mark-hand", WUHAN_MARK, *args],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
        )

    audit = run("audit", "--json", str(path))
    assert audit.returncode == INTERNAL_EXIT, audit.stderr
    statuses = [json.loads(line)["status"] for line in audit.stdout.splitlines()]
    assert len(statuses) == len(ids)
    marked = [i for i, h in enumerate(ids) if h == MARKED]
    assert [i for i, s in enumerate(statuses) if s == "error"] == marked
    evaluate = run("evaluate", str(EXAMPLES / "examples.ndjson"))
    assert evaluate.returncode == INTERNAL_EXIT
    out = [json.loads(line) for line in evaluate.stdout.splitlines()]
    assert [a.get("error", {}).get("code") for a in out] == [None, "internal_error", None]
    clean = list(evaluate_each((EXAMPLES / "examples.ndjson").read_text()))  # this process: no fault
    assert out[0] == clean[0] and out[2] == clean[2] and "error" not in clean[1]
    assert "Traceback" not in audit.stderr + evaluate.stderr
