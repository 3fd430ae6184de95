"""Validation errors as the upload contract's flat list: ``[{"field": "events[17].tile", "message"}]``.

Apps code against the ``field`` paths, so every game's schema reports its errors through this
one function: the same path syntax, the same natural order, the same bound on their number.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping

from marshmallow.exceptions import SCHEMA

from schemas.fields import UnknownKey

#: At most this many errors are returned; a broken exporter can produce one per event.
MAX_ERRORS = 200

_IDENTIFIER_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*", re.ASCII)


_PathPart = str | int


def _walk(messages: object, path: tuple[_PathPart, ...]) -> Iterator[tuple[tuple[_PathPart, ...], str]]:
    """Flatten marshmallow's nested error dict into (path, message) pairs."""
    if isinstance(messages, Mapping):
        for key, value in messages.items():
            if key == SCHEMA and not isinstance(key, UnknownKey):
                yield from _walk(value, path)
            elif isinstance(key, UnknownKey):
                yield from _walk(value, (*path, key.name))
            elif isinstance(key, int) and not isinstance(key, bool):
                yield from _walk(value, (*path, key))
            else:
                yield from _walk(value, (*path, str(key)))
    elif isinstance(messages, list | tuple):
        for item in messages:
            yield from _walk(item, path)
    else:
        yield path, str(messages)


def _render(path: tuple[_PathPart, ...]) -> str:
    """``("events", 17, "tile")`` → ``events[17].tile``; odd names as ``["a b"]``."""
    out: list[str] = []
    for part in path:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif _IDENTIFIER_RE.fullmatch(part) and len(part) <= 64:
            out.append(f".{part}" if out else part)
        else:
            name = part if len(part) <= 64 else part[:64] + "…"
            out.append(f"[{json.dumps(name, ensure_ascii=False)}]")
    return "".join(out)


def _sort_key(item: tuple[tuple[_PathPart, ...], str]) -> tuple[tuple[tuple[int, int, str], ...], str]:
    """Natural order: ``events[2]`` before ``events[10]``, a parent before its children."""
    path, message = item
    return tuple((0, p, "") if isinstance(p, int) else (1, 0, p) for p in path), message


def flatten_errors(messages: object) -> list[dict[str, str]]:
    """marshmallow's error structure as the contract's sorted ``[{"field", "message"}]`` list."""
    pairs = sorted(set(_walk(messages, ())), key=_sort_key)
    errors = [{"field": _render(path), "message": message[:500]} for path, message in pairs]
    if len(errors) > MAX_ERRORS:
        more = len(errors) - (MAX_ERRORS - 1)
        errors = [*errors[: MAX_ERRORS - 1], {"field": "", "message": f"and {more} more errors"}]
    return errors
