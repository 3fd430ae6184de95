"""The mutation screen's own choices (issue 35): which tests form the killing set and which
mutants ``ONLY=`` names. A wrong killing set would count frozen output as a rules test; a loose
``ONLY`` rechecked mutants nobody asked for."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from mutation_screen import _wanted, killing_set  # noqa: E402


def test_the_killing_set_is_pyprojects_selection(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the screen runs in mutants/, a copy of the project's root
    modules, deselected = killing_set()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    args = config["tool"]["mutmut"]["pytest_add_cli_args_test_selection"]
    ignored = {
        a.split("=", 1)[1].removesuffix(".py").replace("/", ".") for a in args if a.startswith("--ignore=")
    }
    assert "tests.replay.test_engine_frozen" in ignored and "tests.replay.test_sample_logs" in ignored
    assert not ignored & set(modules)  # no frozen output
    assert "tests.replay.test_rules" in modules and "tests.replay.test_sichuan_board_legality" in modules
    on_disk = {f"tests.replay.{p.stem}" for p in (ROOT / "tests" / "replay").glob("test_*.py")}
    assert set(modules) == on_disk - ignored  # every other test module of the folder
    assert "test_erren_simulate::test_cli_simulate_game_erren" in deselected
    assert "test_erren_simulate::test_legal_waits_follow_qihu_e2" not in deselected  # worked by hand


def test_only_names_a_mutant_exactly_or_a_part_of_names() -> None:
    name = "replay.games.wuhan.board.xǁBoardǁ_on_draw__mutmut_12"
    assert _wanted(name, "xǁBoardǁ_on_draw__mutmut_12")
    assert _wanted(name, name)
    assert not _wanted(name, "xǁBoardǁ_on_draw__mutmut_1")  # not _10 to _19 as well
    assert _wanted(name, "_on_draw")  # a function: all its mutants
    assert not _wanted(name, "_on_discard")
