"""Hand records in tests/data/records/ audited against their hand-worked expectations.

``expected.json`` maps each record file to what the audit must say: the first illegal event
(index, reason code, rule) for ``illegal/``, the settlement worked out by hand from RULES.md §10
for ``legal/`` (the records' own ``result`` holds the same numbers, so ``ok`` means the engine
agrees with every field), and the fields the app got wrong for ``mismatch/``. The records are
written by ``make_records.py`` beside them (``--check`` verifies the files are up to date).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from replay.games.wuhan.board import Board, IllegalEvent
from replay.games.wuhan.reasons import CATALOGUE
from replay.inputs import iter_records
from schemas.audit import audit_records

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"
FOLDERS = ("illegal", "legal", "mismatch")
MANIFEST: dict[str, Any] = json.loads((RECORDS / "expected.json").read_text(encoding="utf-8"))

#: Reason codes no hand record can make the audit report, and why.
UNREACHABLE: dict[str, str] = {
    "wrong_hand_size": "used only by `replay evaluate`, which takes hands as given; the replayer "
    "builds every hand from the deal and the events, so its sizes are always right",
    "too_many_copies": "used only by `replay evaluate`; in records a fifth copy is `fifth_copy` "
    "(a draw) or an invalid deal/wall (schema or set-up error, status invalid)",
    "gang_draw_without_gang": "a win on a replacement draw (杠上开) is only possible after a kong, "
    "and the replayer counts that kong (meld, pizi or laizi gang) before the win is judged",
    "draw_tile_missing": "a deal-mode draw without a tile is rejected by the schema first "
    "(`events[i].tile: required when there is no wall`, status invalid); Board.push alone emits it",
}


def audit_file(name: str) -> list[dict[str, Any]]:
    return audit_records(iter_records([str(RECORDS / name)]))


def check(audit: dict[str, Any], want: dict[str, Any]) -> None:
    assert audit["status"] == want["status"], (audit["first_illegal"], audit["differences"], audit["errors"])
    if want["status"] == "illegal":
        got = {k: audit["first_illegal"][k] for k in ("index", "code", "rule")}
        assert got == {k: want[k] for k in ("index", "code", "rule")}
        assert audit["first_illegal"]["message"]
        return
    computed = audit["computed"]
    for field in ("winner", "hands", "liable", "deltas"):
        assert computed[field] == want[field], field
    assert sum(computed["deltas"]) == 0
    if want["status"] == "ok":
        assert audit["differences"] == []
    else:
        assert [d["field"] for d in audit["differences"]] == want["fields"]


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_record(name: str) -> None:
    want = MANIFEST[name]
    wants = want if isinstance(want, list) else [want]
    audits = audit_file(name)
    assert len(audits) == len(wants)
    for audit, w in zip(audits, wants, strict=True):
        check(audit, w)


def test_every_record_file_is_in_the_manifest() -> None:
    on_disk = {
        p.relative_to(RECORDS).as_posix() for folder in FOLDERS for p in (RECORDS / folder).glob("*.json")
    }
    assert on_disk == set(MANIFEST)


def test_illegal_files_are_named_after_their_code() -> None:
    for name, want in MANIFEST.items():
        if name.startswith("illegal/"):
            wants = want if isinstance(want, list) else [want]
            codes = {w["code"] for w in wants if w["status"] == "illegal"}
            assert codes == {Path(name).stem}, name


def test_every_reachable_reason_code_has_a_record() -> None:
    assert set(UNREACHABLE) <= set(CATALOGUE)
    for code in CATALOGUE:
        if code in UNREACHABLE:
            assert f"illegal/{code}.json" not in MANIFEST, f"{code} is listed as unreachable but has a record"
        else:
            assert f"illegal/{code}.json" in MANIFEST, f"no record reaches {code}"


def test_rules_in_the_manifest_are_the_catalogue_rules() -> None:
    for want in MANIFEST.values():
        for w in want if isinstance(want, list) else [want]:
            if w["status"] == "illegal":
                assert CATALOGUE[w["code"]][0] == w["rule"]


def test_legal_records_carry_the_expected_result() -> None:
    """The hand-computed numbers in the manifest are the ones written into each record."""
    for name, want in MANIFEST.items():
        if not name.startswith("legal/"):
            continue
        record = json.loads((RECORDS / name).read_text(encoding="utf-8"))
        result = record["result"]
        assert {k: result[k] for k in ("winner", "hands", "liable", "deltas")} == {
            k: want[k] for k in ("winner", "hands", "liable", "deltas")
        }


def test_draw_tile_missing_is_only_reachable_through_board_push() -> None:
    record = json.loads((RECORDS / "illegal" / "hand_not_finished.json").read_text(encoding="utf-8"))
    board = Board.from_record(record)
    board.push(record["events"][0])
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "draw", "seat": 1})
    assert (err.value.reason.code, err.value.reason.rule) == ("draw_tile_missing", "R-3.3")
    record["events"] = [record["events"][0], {"type": "draw", "seat": 1}]
    (audit,) = audit_records([(record, None)])
    assert audit["status"] == "invalid"
    assert audit["errors"][0]["field"] == "events[1].tile"


def _cli_audit() -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "cli.main", "audit", "--json", *(str(RECORDS / f) for f in FOLDERS)],
        capture_output=True,
        cwd=ROOT,
        check=False,
    )


def test_cli_audit_json_is_deterministic_and_exits_1() -> None:
    first, second = _cli_audit(), _cli_audit()
    assert first.returncode == 1, first.stderr
    assert second.returncode == 1
    assert first.stdout == second.stdout
    lines = [json.loads(line) for line in first.stdout.decode("utf-8").splitlines()]
    expected_count = sum(len(w) if isinstance(w, list) else 1 for w in MANIFEST.values())
    assert len(lines) == expected_count
    statuses = {a["status"] for a in lines}
    assert statuses == {"ok", "illegal", "mismatch"}


def test_records_match_their_generator() -> None:
    done = subprocess.run(
        [sys.executable, str(RECORDS / "make_records.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
