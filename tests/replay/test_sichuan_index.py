"""Every SC rule of sichuan.md has a row in docs/rules-index-sichuan.md and a test naming it."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tests" / "data" / "rule_ids.json"
RULE_ID = re.compile(r"SC-\d+\.\d+")


def rule_ids() -> list[str]:
    """The ids of sichuan.md as snapshotted in tests/data/rule_ids.json (``tools/rule_ids.py``), so this
    guard runs without ../shared; ``test_rule_ids_snapshot.py`` holds the snapshot to ../shared."""
    ids: list[str] = json.loads(SNAPSHOT.read_text(encoding="utf-8"))["sichuan"]
    assert ids and all(RULE_ID.fullmatch(r) for r in ids), ids
    return ids


def test_every_sc_rule_has_a_row_in_the_index() -> None:
    index = (ROOT / "docs" / "rules-index-sichuan.md").read_text(encoding="utf-8")
    rows = {m for line in index.splitlines() if line.startswith("| SC-") for m in RULE_ID.findall(line)[:1]}
    missing = [r for r in rule_ids() if r not in rows]
    assert not missing, f"not in docs/rules-index-sichuan.md: {missing}"


def test_every_sc_rule_is_named_by_a_test() -> None:
    text = "\n".join(
        p.read_text(encoding="utf-8", errors="replace") for p in (ROOT / "tests").rglob("test_sichuan*.py")
    )
    missing = [r for r in rule_ids() if not re.search(re.escape(r) + r"\b", text)]
    assert not missing, f"no test names {missing}"
