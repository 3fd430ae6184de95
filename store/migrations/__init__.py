"""The store's schema history, one module per version (``mNNNN_name.py``).

Migrations are Python modules rather than ``.sql`` files so they ship with the package without
package-data rules. Each holds ``VERSION``, ``NAME`` and ``STATEMENTS``; a migration, once on
main, is never edited: a change to the schema is a new module with the next number, so every
database in the field reaches the same shape by the same steps.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...]


def all_migrations() -> list[Migration]:
    """Every migration module in this package, in version order; gaps and repeats are bugs."""
    found: list[Migration] = []
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("m"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        found.append(Migration(int(module.VERSION), str(module.NAME), tuple(module.STATEMENTS)))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migration versions must run 1..n without gaps, found {versions}")
    return found
