"""Every rule of RULES.md has a row in docs/rules-index.md and at least one test naming it."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tests" / "data" / "rule_ids.json"
RULE_ID = re.compile(r"R-\d+\.\d+")


def rule_ids() -> list[str]:
    """The ids of RULES.md as snapshotted in tests/data/rule_ids.json (``tools/rule_ids.py``), so this
    guard runs without ../shared; ``test_rule_ids_snapshot.py`` holds the snapshot to ../shared."""
    ids: list[str] = json.loads(SNAPSHOT.read_text(encoding="utf-8"))["wuhan"]
    assert ids and all(RULE_ID.fullmatch(r) for r in ids), ids
    return ids


def covered_by_index(rule: str, index: str) -> bool:
    if rule in index:
        return True
    for lo, hi in re.findall(r"R-(\d+\.\d+) – R-(\d+\.\d+)", index):
        (a, b), (c, d), (x, y) = (map(int, v.split(".")) for v in (lo, hi, rule[2:]))
        if a == c == x and b <= y <= d:
            return True
    return False


def test_every_rule_has_a_row_in_the_index() -> None:
    index = (ROOT / "docs" / "rules-index.md").read_text(encoding="utf-8")
    missing = [r for r in rule_ids() if not covered_by_index(r, index)]
    assert not missing, f"not in docs/rules-index.md: {missing}"


def test_every_rule_is_named_by_a_test() -> None:
    text = "\n".join(
        p.read_text(encoding="utf-8", errors="replace")
        for p in (ROOT / "tests").rglob("*")
        if p.is_file() and p.suffix in (".py", ".json")
    )
    named = set(RULE_ID.findall(text)) | {f"R-{a}.{b}" for a, b in re.findall(r"R_(\d+)_(\d+)", text)}
    missing = [r for r in rule_ids() if r not in named and r not in pending()]
    assert not missing, f"no test names {missing}"


def pending() -> set[str]:
    """Rules the index declares not yet in the engine: listed openly, never silently skipped."""
    index = (ROOT / "docs" / "rules-index.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- pending: ([^>]*) -->", index)
    return set(RULE_ID.findall(found.group(1))) if found else set()


def test_a_pending_rule_is_not_also_tested() -> None:
    """Once a rule has tests it leaves the pending list, so the list never hides a done rule."""
    text = "\n".join(
        p.read_text(encoding="utf-8", errors="replace")
        for p in (ROOT / "tests").rglob("*")
        if p.is_file() and p.suffix in (".py", ".json") and p.name != "test_rules_index.py"
    )
    stale = sorted(r for r in pending() if r in set(RULE_ID.findall(text)))
    assert not stale, f"tested but still listed as pending in docs/rules-index.md: {stale}"
