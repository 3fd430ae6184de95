"""The ``replay`` command line: one module, ``cli.main``, composing the engine's commands and
the store's (the store's import DuckDB and Flask only when they run)."""
