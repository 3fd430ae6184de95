"""Process pools for the store: spawned workers that die with their parent.

Why spawn: the parent holds DuckDB's threads and locks, which a fork would copy. Why the
initializer: see ``replay.pool.die_with_parent`` (shared with the simulators' pools).
"""

from __future__ import annotations

import multiprocessing
import os
from typing import Any

from replay.pool import die_with_parent


def pool_options() -> dict[str, Any]:
    """Keyword arguments for ``ProcessPoolExecutor``: spawned workers that die with this process."""
    return {
        "mp_context": multiprocessing.get_context("spawn"),
        "initializer": die_with_parent,
        "initargs": (os.getpid(),),
    }
