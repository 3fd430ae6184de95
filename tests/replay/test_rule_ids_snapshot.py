"""The committed snapshot of rule ids (tests/data/rule_ids.json) that the rules-index guards read
is the rules' own: compared with ../shared whenever it is beside the checkout."""

from __future__ import annotations

import pytest

from tools.rule_ids import find_shared, load_snapshot, read_ids


def test_the_snapshot_names_every_game_with_rules() -> None:
    snapshot = load_snapshot()
    assert set(snapshot) == {"wuhan", "sichuan", "changsha", "changchun", "erren"}
    assert all(r.startswith("R-") for r in snapshot["wuhan"]) and "R-7.12" in snapshot["wuhan"]
    assert all(r.startswith("SC-") for r in snapshot["sichuan"]) and "SC-3.5" in snapshot["sichuan"]
    assert all(r.startswith("CS-") for r in snapshot["changsha"]) and "CS-4.5" in snapshot["changsha"]
    assert all(r.startswith("CC-") for r in snapshot["changchun"]) and "CC-5.7" in snapshot["changchun"]
    assert all(r.startswith("ER-") for r in snapshot["erren"]) and "ER-6.1" in snapshot["erren"]


def test_the_snapshot_matches_the_shared_rules() -> None:
    """Fails when a rules file (RULES.md, sichuan.md, changsha.md, changchun.md, erren.md) gained or
    lost an id: run ``tools/rule_ids.py``."""
    shared = find_shared()
    if shared is None:
        pytest.skip("no shared/ beside this checkout: the guards use the committed snapshot alone")
    assert read_ids(shared) == load_snapshot(), "tests/data/rule_ids.json is stale: run tools/rule_ids.py"
