"""Reading hand records from files: JSON, NDJSON, gzip, and folders of them.

Every record keeps where it came from (``path:line`` or ``path[i]``) so an audit line can be
traced to its input; a line that is not JSON becomes an error for that line, not the end.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

SUFFIXES = (".json", ".ndjson", ".jsonl", ".gz")


class Unreadable:
    """A stand-in for a record that could not be decoded; audited as ``invalid``."""

    def __init__(self, message: str, line: int | None = None, detail: str = "") -> None:
        self.message = message
        self.line = line
        self.detail = detail


def expand(paths: list[str]) -> Iterator[Path]:
    """Files as given, folders walked in sorted order (only record files)."""
    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(f for f in p.rglob("*") if f.is_file() and f.name.endswith(SUFFIXES))
        else:
            yield p


def read_text(path: Path) -> str:
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return data.decode("utf-8")


def reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON (numbers must be finite)")


def loads(text: str) -> object:
    """``json.loads`` that refuses NaN and Infinity (Python's extension, not JSON)."""
    return json.loads(text, parse_constant=reject_constant)


# json.loads raises ValueError for an integer too long to convert, RecursionError for deep nesting
DECODE_ERRORS = (ValueError, RecursionError)


def decode(text: str, name: str) -> Iterator[tuple[object, str]]:
    """One JSON value (an array gives its items), else one value per non-blank line."""
    stripped = text.strip()
    if not stripped:
        return
    try:
        whole = loads(stripped)
    except DECODE_ERRORS:
        pass
    else:
        if isinstance(whole, list):
            for i, item in enumerate(whole):
                yield item, f"{name}[{i}]"
        else:
            yield whole, name
        return
    for n, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                yield loads(line), f"{name}:{n}"
            except DECODE_ERRORS as err:
                yield Unreadable(f"line {n} is not JSON: {err}", n, str(err)), f"{name}:{n}"


def iter_records(paths: list[str]) -> Iterator[tuple[object, str]]:
    for path in expand(paths):
        try:
            text = read_text(path)
        except (OSError, UnicodeDecodeError, EOFError, gzip.BadGzipFile) as err:
            yield Unreadable(f"cannot read {path}: {err}"), str(path)
            continue
        yield from decode(text, str(path))
