"""The engine version a stored or batch audit was made with.

Its own module because the stored rows, the batch audit and ``replay reaudit`` all stamp or
compare it, and none of them should have to import the others to do so.
"""

from __future__ import annotations

import functools
import hashlib
from importlib import metadata
from pathlib import Path

#: files built on the machine, not written: bytecode and compiled extensions
_BUILT = frozenset({".pyc", ".so", ".pyd"})


@functools.cache
def engine_version() -> str:
    """The package version plus a digest of the engine's code and data.

    A rules fix often lands without a version bump; the digest still tells a stored audit made
    before it from one made after, which is what ``replay reaudit`` reports on. A compiled
    extension (``replay/_shapecore*.so``, docs/shape-core.md) is left out: it is built from a
    source file that is in the digest, differs from machine to machine, and answers as the pure
    path does, so a machine with a compiler and one without stamp the same version.
    """
    import replay

    root = Path(replay.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in _BUILT:
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    try:
        version = metadata.version("wuhan-replay")
    except metadata.PackageNotFoundError:
        version = "0"
    return f"{version}+{digest.hexdigest()[:12]}"
