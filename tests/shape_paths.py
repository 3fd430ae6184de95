"""Run a test on either path of ``replay.shape``: the compiled core or the pure-Python reference.

``use_path(monkeypatch, "pure")`` puts the pure-Python functions back wherever the compiled ones
were bound (``replay.shape`` and every ``replay.*`` module that imported one by name), and the
dictionary tables under the functions left in Python; ``"core"`` skips the test when the
extension is not built (or ``REPLAY_PURE_SHAPE`` turns it off). A test parametrized over
``PATHS`` so holds both paths to the same expected values (docs/shape-core.md).
"""

from __future__ import annotations

import sys

import pytest

from replay import shape

PATHS = ("core", "pure")


def core_on() -> bool:
    return shape._core is not None


def use_path(monkeypatch: pytest.MonkeyPatch, path: str) -> None:
    if path == "core":
        if not core_on():
            pytest.skip("the compiled shape core is not built here (or REPLAY_PURE_SHAPE is set)")
        return
    if not core_on():
        return  # already pure
    compiled = {id(getattr(shape._core, name)): shape.PURE[name] for name in shape.COMPILED}
    for module in [m for name, m in sys.modules.items() if name.startswith("replay") and m is not None]:
        for attr, value in list(vars(module).items()):
            if id(value) in compiled and callable(value):
                monkeypatch.setattr(module, attr, compiled[id(value)])
    monkeypatch.setattr(shape, "_core", None)
    monkeypatch.setattr(shape, "_RULES", {})
