"""Every CC rule of changchun.md has a row in docs/rules-index-changchun.md, and every rules-core id
(tiles, reading, 宝 functions, settlement) a test naming it; the board's ids are cc-board's to name."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tests" / "data" / "rule_ids.json"
RULE_ID = re.compile(r"CC-\d+\.\d+")
#: the ids the rules core implements (replay/games/changchun: tiles, reading, bao, scoring, evaluate)
CORE = (
    "CC-1.1", "CC-1.3", "CC-1.5", "CC-2.4", "CC-2.5", "CC-2.6", "CC-3.1", "CC-3.3", "CC-3.5", "CC-3.6",
    "CC-4.1", "CC-4.2", "CC-4.3", "CC-4.4", "CC-4.5", "CC-4.6", "CC-4.7", "CC-5.1", "CC-5.2", "CC-5.3",
    "CC-5.4", "CC-5.5", "CC-5.6", "CC-5.7", "CC-6.1", "CC-6.2", "CC-6.3", "CC-6.4",
)  # fmt: skip


def rule_ids() -> list[str]:
    """changchun.md's ids as snapshotted in tests/data/rule_ids.json (``tools/rule_ids.py``)."""
    ids: list[str] = json.loads(SNAPSHOT.read_text(encoding="utf-8"))["changchun"]
    assert ids and all(RULE_ID.fullmatch(r) for r in ids), ids
    return ids


def test_every_cc_rule_has_a_row_in_the_index() -> None:
    index = (ROOT / "docs" / "rules-index-changchun.md").read_text(encoding="utf-8")
    rows = {m for line in index.splitlines() if line.startswith("| CC-") for m in RULE_ID.findall(line)[:1]}
    missing = [r for r in rule_ids() if r not in rows]
    assert not missing, f"not in docs/rules-index-changchun.md: {missing}"


def test_every_core_cc_rule_is_named_by_a_test() -> None:
    assert set(CORE) <= set(rule_ids())
    text = "\n".join(
        p.read_text(encoding="utf-8", errors="replace")
        for p in (ROOT / "tests").rglob("test_changchun*.py")
        if p.name != "test_changchun_index.py"
    )
    missing = [r for r in CORE if not re.search(re.escape(r) + r"\b", text)]
    assert not missing, f"no test names {missing}"
