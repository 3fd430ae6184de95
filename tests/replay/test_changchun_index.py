"""Every CC rule of changchun.md has a row in docs/rules-index-changchun.md naming its code and
its tests, and a test naming it, as Changsha's index is held (tests/replay/test_changsha_index.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tests" / "data" / "rule_ids.json"
RULE_ID = re.compile(r"CC-\d+\.\d+")


def rule_ids() -> list[str]:
    """changchun.md's ids as snapshotted in tests/data/rule_ids.json (``tools/rule_ids.py``), so
    this guard runs without ../shared; ``test_rule_ids_snapshot.py`` holds the snapshot to ../shared."""
    ids: list[str] = json.loads(SNAPSHOT.read_text(encoding="utf-8"))["changchun"]
    assert ids and all(RULE_ID.fullmatch(r) for r in ids), ids
    return ids


def index_rows() -> dict[str, list[str]]:
    """The index's rule rows: id -> its cells (what, code, tests)."""
    index = (ROOT / "docs" / "rules-index-changchun.md").read_text(encoding="utf-8")
    rows = {}
    for line in index.splitlines():
        if line.startswith("| CC-"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows[cells[0]] = cells[1:]
    return rows


def test_every_cc_rule_has_a_row_in_the_index() -> None:
    rows = index_rows()
    missing = [r for r in rule_ids() if r not in rows]
    assert not missing, f"not in docs/rules-index-changchun.md: {missing}"


def test_every_row_names_its_code_and_tests() -> None:
    """No row is left with the placeholder "board": each names functions and test files that exist."""
    tests = {p.name for p in (ROOT / "tests").rglob("test_changchun*.py")}
    for rule, (_what, code, named) in index_rows().items():
        assert code != "board" and named != "board" and "`" in code, rule
        files = re.findall(r"test_changchun\w*\.py", named)
        assert files and set(files) <= tests, (rule, files)


def test_every_cc_rule_is_named_by_a_test() -> None:
    text = "\n".join(
        p.read_text(encoding="utf-8", errors="replace")
        for p in (ROOT / "tests").rglob("test_changchun*.py")
        if p.name != "test_changchun_index.py"
    )
    missing = [r for r in rule_ids() if not re.search(re.escape(r) + r"\b", text)]
    assert not missing, f"no test names {missing}"
