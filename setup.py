"""The optional compiled shape core (docs/shape-core.md): everything else is in pyproject.toml.

``optional=True``: a machine without a C compiler or Python's headers still installs the
project (setuptools warns and skips the extension), and ``replay.shape`` runs its pure-Python
functions instead.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "replay._shapecore",
            sources=["replay/_shapecore.c"],
            optional=True,
            extra_compile_args=["-O2", "-std=c99", "-Wall", "-Wno-unused-parameter"],
        )
    ]
)
