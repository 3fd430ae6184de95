"""Issue #33: the compiled shape core is built by the ordinary install, and can be turned off.

Apart from ``test_shape_core.py``, whose tests skip where the extension is not built: these
must run there too, to say that it is not.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from replay import shape, shape_core

ROOT = Path(__file__).resolve().parents[2]


def test_the_core_is_built_where_a_compiler_is() -> None:
    """``pip install -e .`` builds the extension on a machine with a C compiler (the ordinary
    install of ``./dev``); a missing build would silently fall back to the slow path."""
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler here: the pure-Python path is the one installed")
    if not shape_core.wanted():
        pytest.skip("REPLAY_PURE_SHAPE turns the core off in this run")
    assert shape._core is not None


def test_REPLAY_PURE_SHAPE_forces_the_pure_path() -> None:
    code_ = "from replay import shape; print(shape._core is None, shape.complete is shape.PURE['complete'])"
    env = dict(os.environ, REPLAY_PURE_SHAPE="1")
    out = subprocess.run([sys.executable, "-c", code_], env=env, cwd=ROOT, capture_output=True, text=True)
    assert out.stdout.split() == ["True", "True"], out.stderr


def test_the_engine_version_leaves_the_built_extension_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """``store.version.engine_version`` digests every file under ``replay/``: the compiled
    extension is built per machine (and answers as the pure path), so it is left out, and a
    machine with a compiler stamps stored audits with the same version as one without."""
    from store import version

    built = list((ROOT / "replay").glob("_shapecore*.so"))
    if not built:
        pytest.skip("no compiled extension here to leave out")
    read: list[Path] = []
    real = Path.read_bytes

    def recording(self: Path) -> bytes:
        read.append(self)
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", recording)
    version.engine_version.__wrapped__()
    assert read, "the digest read no file"
    assert not [p for p in read if p.suffix == ".so"]
    assert ROOT / "replay" / "_shapecore.c" in read  # its source is in the digest
