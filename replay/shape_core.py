"""The compiled shape core's loader (issue #33, docs/shape-core.md).

``replay._shapecore`` is a C extension built by the project's ordinary ``pip install`` when a C
compiler and Python's headers are present (``setup.py``: an optional extension, so an install
never fails for want of one). It answers ``replay.shape``'s hot functions from the same shipped
tables laid out as flat arrays indexed by a base-5 shape code (7.9 MiB) instead of
dictionaries of big ints (about 90 MB). ``replay.shape`` calls ``load`` once, at import: with
the extension present and ``REPLAY_PURE_SHAPE`` unset (or ``0``) its compiled functions replace
the pure-Python ones, which stay as the reference and as the fallback.
"""

from __future__ import annotations

import array
import os
from collections.abc import Callable
from types import ModuleType
from typing import Any

from replay import shanten_tables, tables

ENV = "REPLAY_PURE_SHAPE"


def wanted() -> bool:
    """Is the compiled path wanted? ``REPLAY_PURE_SHAPE=1`` forces the pure-Python one."""
    return os.environ.get(ENV, "").strip() in ("", "0")


def load(pure: dict[str, Callable[..., Any]]) -> ModuleType | None:
    """The extension with its tables loaded, or None (not built, or not wanted).

    ``pure``: the pure-Python functions by name, for the few cases the extension hands back
    (a fifth copy asked about, an argument of an unusual type): their answer, or their error,
    is the reference's own.
    """
    if not wanted():
        return None
    try:
        from replay import _shapecore  # type: ignore[attr-defined]
    except ImportError:
        return None
    core: ModuleType = _shapecore
    if not core.ready():
        suit_keys, honour_keys, rules = shanten_tables.parse(shanten_tables.DATA_FILE.read_bytes())
        need_keys, need_values = tables.parse(tables.DATA_FILE.read_bytes())
        packed = tuple(
            (
                bytes(t.suit_class),
                bytes(t.honour_class),
                t.suits,
                t.honours,
                array.array("H", t.j).tobytes(),
                array.array("H", t.k).tobytes(),
                bytes(t.f),
            )
            for t in (rules["jiang"], rules["any"])
        )
        core.init(dict(pure), suit_keys, honour_keys, need_keys, need_values.tobytes(), packed)
    return core
