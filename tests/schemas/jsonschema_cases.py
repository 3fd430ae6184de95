"""What the tests of the games' published JSON Schemas share: changing a record at a path, the
mutated records of the "never stricter than the server" property, and the two checks every
game makes of a record (the server and the JSON Schema both accept it, or both refuse it).

The tests that are the same for every game (the file is the generator's output, a valid draft,
every parameter described, the shared envelope) are ``test_hand_jsonschemas.py``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import jsonschema
from hypothesis import strategies as st

from schemas.envelope import Validated

Record = dict[str, Any]
Change = Callable[[Record], None]


def _parent(rec: Record, path: tuple[Any, ...]) -> Any:
    parent: Any = rec
    for part in path[:-1]:
        parent = parent[part]
    return parent


def set_at(path: tuple[Any, ...], value: Any) -> Change:
    """A change that sets ``rec[path...] = value``."""

    def change(rec: Record) -> None:
        _parent(rec, path)[path[-1]] = value

    return change


def drop_at(path: tuple[Any, ...]) -> Change:
    """A change that deletes ``rec[path...]``."""

    def change(rec: Record) -> None:
        del _parent(rec, path)[path[-1]]

    return change


def paths(value: Any, max_list: int, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``value``, but not into lists of ``max_list`` items or more (the wall:
    one tile is like another)."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, max_list, (*prefix, k))
    elif isinstance(value, list) and len(value) < max_list:
        for i, v in enumerate(value):
            out += paths(v, max_list, (*prefix, i))
    return out


def mutated(
    records: Sequence[Record], values: st.SearchStrategy[Any], max_list: int
) -> st.SearchStrategy[Record]:
    """One of ``records`` with one or two of its values replaced by one of ``values`` or deleted."""

    @st.composite
    def draw_one(draw: st.DrawFn) -> Record:
        rec: Record = copy.deepcopy(draw(st.sampled_from(records)))
        for _ in range(draw(st.integers(1, 2))):
            path = draw(st.sampled_from(paths(rec, max_list)))
            parent = _parent(rec, path)
            if draw(st.booleans()):
                parent[path[-1]] = copy.deepcopy(draw(values))  # a drawn list is shared between examples
            else:
                del parent[path[-1]]
        return rec

    return draw_one()


def accepted_by_both(
    validator: jsonschema.Draft202012Validator, validate_record: Callable[[object], Validated], rec: Record
) -> None:
    """What the server accepts, as sent and as stored (tiles as codes), the JSON Schema accepts."""
    normalised, errors = validate_record(rec)
    assert errors == [] and normalised is not None
    validator.validate(rec)
    validator.validate(normalised)


def refused_by_both(
    validator: jsonschema.Draft202012Validator,
    validate_record: Callable[[object], Validated],
    rec: Record,
    mistake: Change,
) -> None:
    """The record is fine before the mistake; after it the server and the JSON Schema refuse it."""
    assert validate_record(rec)[1] == [] and validator.is_valid(rec)
    mistake(rec)
    assert validate_record(rec)[0] is None, "the server accepts it: not a shape error"
    assert not validator.is_valid(rec)


def never_stricter(
    validator: jsonschema.Draft202012Validator, validate_record: Callable[[object], Validated], rec: Record
) -> None:
    """A record the server takes, the JSON Schema takes (as sent and as stored)."""
    normalised, _ = validate_record(rec)
    if normalised is not None:
        validator.validate(rec)
        validator.validate(normalised)
