"""The domain imports nothing above it (issue #12).

``replay/`` is the rules engine: it must not reach up into the input layer (``schemas``), the
store, the web layer or their libraries, so a rule fix never drags them in and the engine can be
read, tested and reused alone. The check walks the syntax tree of every module in ``replay/``,
including imports inside functions and under ``TYPE_CHECKING``, which a run-time check of
``sys.modules`` would miss.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPLAY = Path(__file__).resolve().parents[2] / "replay"
#: Top-level names replay/ may not import: the project's upper layers and their libraries.
FORBIDDEN = frozenset(
    {"schemas", "store", "api", "dashboards", "cli", "bench", "marshmallow", "flask", "flask_smorest",
     "werkzeug", "duckdb", "pyarrow", "dask", "distributed", "waitress", "plotly"}
)  # fmt: skip


def imported_tops(source: str) -> set[tuple[int, str]]:
    """``(line, top-level package)`` of every absolute import in a module's source."""
    found: set[tuple[int, str]] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update((node.lineno, alias.name.split(".")[0]) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add((node.lineno, node.module.split(".")[0]))
    return found


def test_the_walk_sees_every_kind_of_import() -> None:
    source = (
        "import duckdb\nimport flask.json as j\nfrom schemas.hand_record import x\n"
        "def f():\n    from store import db\n"
        "if TYPE_CHECKING:\n    import marshmallow\nfrom . import sibling\n"
    )
    assert {top for _, top in imported_tops(source)} == {"duckdb", "flask", "schemas", "store", "marshmallow"}


MODULES = sorted(REPLAY.rglob("*.py"))


def test_replay_has_modules_to_check() -> None:
    names = {p.relative_to(REPLAY).as_posix() for p in MODULES}
    assert {
        "tiles.py",
        "games/wuhan/board.py",
        "games/wuhan/analysis/base.py",
        "games/sichuan/board.py",
    } <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(REPLAY).as_posix())
def test_replay_imports_nothing_above_it(path: Path) -> None:
    bad = sorted(
        f"{path.relative_to(REPLAY.parent)}:{line} imports {top}"
        for line, top in imported_tops(path.read_text("utf-8"))
        if top in FORBIDDEN
    )
    assert not bad, "replay/ is the domain and imports no upper layer: " + "; ".join(bad)


def imported_modules(source: str) -> set[tuple[int, str]]:
    """``(line, dotted module)`` of every absolute import in a module's source."""
    found: set[tuple[int, str]] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add((node.lineno, node.module))
            if node.module in ("replay.games", "replay"):
                found.update((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)
    return found


GAMES = sorted(p.name for p in (REPLAY / "games").iterdir() if (p / "__init__.py").is_file())


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["replay", "games"] and parts[2] in GAMES else None


def test_the_games_are_packages() -> None:
    assert {"wuhan", "sichuan"} <= set(GAMES)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(REPLAY).as_posix())
def test_a_game_imports_no_other_game_and_shared_code_no_game(path: Path) -> None:
    """Issue #13: a game is a package; adding or changing one never touches another's code.

    A module inside ``replay/games/<g>/`` may import only its own game; a shared module (outside
    every game package) imports none — the registry ``replay/games/__init__.py`` finds games by
    name at run time, so it names no game module in an import either.
    """
    rel = path.relative_to(REPLAY).parts
    own = rel[1] if len(rel) > 2 and rel[0] == "games" else None
    bad = sorted(
        f"{path.relative_to(REPLAY.parent)}:{line} imports {module}"
        for line, module in imported_modules(path.read_text("utf-8"))
        if (game := _game_of(module)) is not None and game != own
    )
    assert not bad, "each game is its own package: " + "; ".join(bad)
