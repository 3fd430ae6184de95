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
    assert {"audit.py", "board.py", "analysis/base.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(REPLAY).as_posix())
def test_replay_imports_nothing_above_it(path: Path) -> None:
    bad = sorted(
        f"{path.relative_to(REPLAY.parent)}:{line} imports {top}"
        for line, top in imported_tops(path.read_text("utf-8"))
        if top in FORBIDDEN
    )
    assert not bad, "replay/ is the domain and imports no upper layer: " + "; ".join(bad)
