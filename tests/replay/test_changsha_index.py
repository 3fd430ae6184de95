"""Every CS rule of changsha.md has a row in docs/rules-index-changsha.md and a test naming it,
as Sichuan's index is held (tests/replay/test_sichuan_index.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tests" / "data" / "rule_ids.json"
RULE_ID = re.compile(r"CS-\d+\.\d+")


def rule_ids() -> list[str]:
    """changsha.md's ids as snapshotted in tests/data/rule_ids.json (``tools/rule_ids.py``), so this
    guard runs without ../shared; ``test_rule_ids_snapshot.py`` holds the snapshot to ../shared."""
    ids: list[str] = json.loads(SNAPSHOT.read_text(encoding="utf-8"))["changsha"]
    assert ids and all(RULE_ID.fullmatch(r) for r in ids), ids
    return ids


def test_every_cs_rule_has_a_row_in_the_index() -> None:
    index = (ROOT / "docs" / "rules-index-changsha.md").read_text(encoding="utf-8")
    rows = {m for line in index.splitlines() if line.startswith("| CS-") for m in RULE_ID.findall(line)[:1]}
    missing = [r for r in rule_ids() if r not in rows]
    assert not missing, f"not in docs/rules-index-changsha.md: {missing}"


def test_every_cs_rule_is_named_by_a_test() -> None:
    text = "\n".join(
        p.read_text(encoding="utf-8", errors="replace")
        for p in (ROOT / "tests").rglob("test_changsha*.py")
        if p.name != "test_changsha_index.py"
    )
    missing = [r for r in rule_ids() if not re.search(re.escape(r) + r"\b", text)]
    assert not missing, f"no test names {missing}"
