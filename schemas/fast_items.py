"""Schema-free loading of a nested object's common form, for games whose record has no whole
fast path (Sichuan, Changsha): a list of such objects skips the per-item nested schema calls.

``FastNested(schema, fast)`` is a ``Nested`` field whose ``fast_item`` (read by
``BoundedList._fast``) returns what the schema would return for an item already in canonical
form (an equal new dict, in the input's key order, as ``StrictSchema`` keeps it) or None: then
the whole list goes through the schema, so every message and edge case stays the schema's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from schemas.envelope import NAME_MAX_LENGTH, PLAYER_ID_MAX_LENGTH
from schemas.fast_record import _is_text
from schemas.fields import Nested

_SEAT_KEYS = frozenset({"player_id", "name"})


class FastNested(Nested):
    """A nested object with a schema-free ``fast_item`` for its common form."""

    def __init__(self, schema: Any, fast: Callable[[object], dict[str, Any] | None]) -> None:
        super().__init__(schema)
        self.fast_item = fast


def fast_seat(item: object) -> dict[str, Any] | None:
    """A ``seats`` entry (``SeatSchema``): ``player_id`` and an optional ``name``, texts the
    Wuhan fast record's own check accepts (valid Unicode, no control or invisible character)."""
    if type(item) is not dict or not item.keys() <= _SEAT_KEYS:
        return None
    if not _is_text(item.get("player_id"), 1, PLAYER_ID_MAX_LENGTH):
        return None
    if "name" in item and not _is_text(item["name"], 0, NAME_MAX_LENGTH):
        return None
    return dict(item)
