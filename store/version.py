"""The engine version a stored or batch audit was made with.

Its own module because the stored rows, the batch audit and ``replay reaudit`` all stamp or
compare it, and none of them should have to import the others to do so.
"""

from __future__ import annotations

import functools
import hashlib
from importlib import metadata
from pathlib import Path


@functools.cache
def engine_version() -> str:
    """The package version plus a digest of the engine's code and data.

    A rules fix often lands without a version bump; the digest still tells a stored audit made
    before it from one made after, which is what ``replay reaudit`` reports on.
    """
    import replay

    root = Path(replay.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    try:
        version = metadata.version("wuhan-replay")
    except metadata.PackageNotFoundError:
        version = "0"
    return f"{version}+{digest.hexdigest()[:12]}"
