"""Every CS rule of changsha.md has a row in docs/rules-index-changsha.md, and every rules-core id
(tiles, reading, settlement) a test naming it; the board's ids are cs-board's to name."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tests" / "data" / "rule_ids.json"
RULE_ID = re.compile(r"CS-\d+\.\d+")
#: the ids the rules core implements (replay/games/changsha: tiles, reading, scoring, evaluate)
CORE = (
    "CS-1.1", "CS-3.5", "CS-3.7", "CS-3.8", "CS-3.10", "CS-4.1", "CS-4.2", "CS-4.3", "CS-4.4",
    "CS-4.5", "CS-5.1", "CS-6.1", "CS-6.2", "CS-6.3", "CS-6.4", "CS-6.5",
)  # fmt: skip


def rule_ids() -> list[str]:
    """changsha.md's ids as snapshotted in tests/data/rule_ids.json (``tools/rule_ids.py``)."""
    ids: list[str] = json.loads(SNAPSHOT.read_text(encoding="utf-8"))["changsha"]
    assert ids and all(RULE_ID.fullmatch(r) for r in ids), ids
    return ids


def test_every_cs_rule_has_a_row_in_the_index() -> None:
    index = (ROOT / "docs" / "rules-index-changsha.md").read_text(encoding="utf-8")
    rows = {m for line in index.splitlines() if line.startswith("| CS-") for m in RULE_ID.findall(line)[:1]}
    missing = [r for r in rule_ids() if r not in rows]
    assert not missing, f"not in docs/rules-index-changsha.md: {missing}"


def test_every_core_cs_rule_is_named_by_a_test() -> None:
    assert set(CORE) <= set(rule_ids())
    text = "\n".join(
        p.read_text(encoding="utf-8", errors="replace")
        for p in (ROOT / "tests").rglob("test_changsha*.py")
        if p.name != "test_changsha_index.py"
    )
    missing = [r for r in CORE if not re.search(re.escape(r) + r"\b", text)]
    assert not missing, f"no test names {missing}"
