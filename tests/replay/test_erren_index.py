"""Every ER rule of erren.md has a row in docs/rules-index-erren.md and a test naming it, as
Changsha's index is held (tests/replay/test_changsha_index.py); the rules-core ids keep their own
check (a test may name them ``er_6_1`` too)."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tests" / "data" / "rule_ids.json"
RULE_ID = re.compile(r"ER-\d+\.\d+")
#: the ids the rules core implements (replay/games/erren: tiles, readings, fans, choose, settle, evaluate)
CORE = (
    "ER-1.1", "ER-3.3", "ER-3.4", "ER-3.5", "ER-4.1", "ER-4.2", "ER-4.3", "ER-4.4", "ER-6.1", "ER-6.2",
    "ER-6.3",
)  # fmt: skip


def rule_ids() -> list[str]:
    """erren.md's ids as snapshotted in tests/data/rule_ids.json (``tools/rule_ids.py``)."""
    ids: list[str] = json.loads(SNAPSHOT.read_text(encoding="utf-8"))["erren"]
    assert ids and all(RULE_ID.fullmatch(r) for r in ids), ids
    return ids


def test_every_er_rule_has_a_row_in_the_index() -> None:
    index = (ROOT / "docs" / "rules-index-erren.md").read_text(encoding="utf-8")
    rows = {m for line in index.splitlines() if line.startswith("| ER-") for m in RULE_ID.findall(line)[:1]}
    missing = [r for r in rule_ids() if r not in rows]
    assert not missing, f"not in docs/rules-index-erren.md: {missing}"


def test_every_core_er_rule_is_named_by_a_test() -> None:
    assert set(CORE) <= set(rule_ids())
    text = "\n".join(
        p.read_text(encoding="utf-8", errors="replace")
        for p in (ROOT / "tests").rglob("test_erren*.py")
        if p.name != "test_erren_index.py"
    )
    missing = [
        r
        for r in CORE
        if not re.search(re.escape(r).replace(r"\-", "[-_]").replace(r"\.", "[._]") + r"\b", text, re.I)
    ]
    assert not missing, f"no test names {missing}"


def test_every_er_rule_is_named_by_a_test() -> None:
    """Every id, written as the rules write it (``ER-1.2``), in some test_erren*.py."""
    text = "\n".join(
        p.read_text(encoding="utf-8", errors="replace")
        for p in (ROOT / "tests").rglob("test_erren*.py")
        if p.name != "test_erren_index.py"
    )
    missing = [r for r in rule_ids() if not re.search(re.escape(r) + r"\b", text)]
    assert not missing, f"no test names {missing}"


def test_no_board_placeholders_left_in_the_index() -> None:
    """The board's rows name its functions and tests, not the placeholder ``board``."""
    index = (ROOT / "docs" / "rules-index-erren.md").read_text(encoding="utf-8")
    for line in index.splitlines():
        if line.startswith("| ER-"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            assert "board" not in (cells[1], cells[2]), line
            assert not cells[2].endswith("; board"), line
