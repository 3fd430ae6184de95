"""Every SC rule of sichuan.md has a row in docs/rules-index-sichuan.md and a test naming it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "rules" / "sichuan.md"
RULE_ID = re.compile(r"SC-\d+\.\d+")


def rule_ids() -> list[str]:
    if not RULES.exists():
        pytest.skip("../shared/rules/sichuan.md is not beside this checkout")
    return sorted(set(RULE_ID.findall(RULES.read_text(encoding="utf-8"))))


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
