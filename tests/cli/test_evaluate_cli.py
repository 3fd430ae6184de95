"""``replay evaluate``: one JSON line per input, in order; exit 0 only when all were well-formed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.games.wuhan.evaluate import evaluate
from tests.builders import chi, seat, win_input

ROOT = Path(__file__).resolve().parents[2]
GOOD = win_input(
    [seat(), seat(), seat(), seat("1m 2m 3m 4m 5m 6m 7m 8m 9m 2p", chi("1s 2s 3s", 2))], 3, "discard", "2p", 1
)


def run(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cli.main", "evaluate", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_one_object_in_one_line_out() -> None:
    proc = run(json.dumps(GOOD, indent=2))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    # winner side 1·2·2 (opened, hard); seat 0 ·2 (庄 dealer), seat 1 ·2 (放冲 dealt in)
    assert out["legal"] and out["deltas"] == [-8, -8, -4, 20]


def test_ndjson_bad_lines_are_answered_in_place_and_exit_2() -> None:
    bad_tile = dict(GOOD, win={"way": "discard", "tile": "X9", "from": 1})
    text = "\n".join([json.dumps(GOOD), "{not json", json.dumps(bad_tile), json.dumps(GOOD)]) + "\n"
    proc = run(text)
    assert proc.returncode == 2
    outs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(outs) == 4
    assert outs[0]["legal"] and outs[3]["legal"]
    assert outs[1]["error"]["field"] == "line 2"
    assert outs[2]["error"] == {"field": "win.tile", "message": "unknown tile 'X9'"}
    assert "Traceback" not in proc.stderr


def test_file_argument_and_identical_output_on_rerun(tmp_path: Path) -> None:
    path = tmp_path / "in.ndjson"
    path.write_text(json.dumps(GOOD) + "\n" + json.dumps(GOOD) + "\n", encoding="utf-8")
    first = run("", str(path))
    assert first.returncode == 0 and len(first.stdout.splitlines()) == 2
    assert run("", str(path)).stdout == first.stdout


def test_illegal_but_well_formed_exits_0() -> None:
    illegal = dict(GOOD, win={"way": "discard", "tile": "C", "from": 1})
    proc = run(json.dumps(illegal))
    out = json.loads(proc.stdout)
    assert proc.returncode == 0 and out["legal"] is False and out["reason"]["rule"] == "R-4.1"


def test_missing_file_is_a_usage_error_without_traceback() -> None:
    proc = run("", "/no/such/file.json")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(json_values)
def test_any_json_value_gets_an_answer_not_an_exception(value: object) -> None:
    out = evaluate(value)
    assert "error" in out or "legal" in out


def _mutations() -> st.SearchStrategy[dict]:
    paths = [
        ("dealer",),
        ("winner",),
        ("win", "way"),
        ("win", "tile"),
        ("win", "from"),
        ("seats",),
        ("ruleset", "preset"),
        ("laizi",),
    ]
    return st.tuples(st.sampled_from(paths), json_values).map(lambda pv: _mutate(pv[0], pv[1]))


def _mutate(path: tuple[str, ...], value: object) -> dict:
    doc = json.loads(json.dumps(GOOD))
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


@settings(max_examples=300, deadline=None, derandomize=True)
@given(_mutations())
def test_mutated_inputs_name_the_field_or_are_judged(doc: dict) -> None:
    out = evaluate(doc)
    if "error" in out:
        assert isinstance(out["error"]["field"], str) and out["error"]["message"]
    else:
        assert isinstance(out["legal"], bool)


def test_huge_integers_nan_and_deep_nesting_are_errors_not_tracebacks() -> None:
    text = "\n".join(["1" * 5000, '{"dealer": NaN}', "[" * 100000, json.dumps(GOOD)]) + "\n"
    proc = run(text)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    outs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [o.get("error", {}).get("field") for o in outs[:3]] == ["line 1", "line 2", "line 3"]
    assert outs[3]["legal"] is True
