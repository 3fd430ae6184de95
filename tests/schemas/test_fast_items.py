"""``schemas.envelope.fast_seat``: a seat loaded without ``SeatSchema`` is what the schema returns, and
anything the schema would refuse or change is left to it (None)."""

from __future__ import annotations

from typing import Any

import pytest
from marshmallow import ValidationError

from schemas.changsha_hand import ChangshaRecordSchema
from schemas.envelope import NAME_MAX_LENGTH, PLAYER_ID_MAX_LENGTH, SeatSchema, fast_seat
from schemas.sichuan_hand import SichuanRecordSchema


def _schema(item: Any) -> Any:
    try:
        return SeatSchema().load(item)
    except ValidationError:
        return None


@pytest.mark.parametrize(
    "item",
    [
        {"player_id": "p0"},
        {"player_id": "cs03", "name": "伢子"},
        {"name": "", "player_id": "x"},  # key order kept, an empty name allowed
        {"player_id": "a" * PLAYER_ID_MAX_LENGTH, "name": "n" * NAME_MAX_LENGTH},
    ],
)
def test_a_common_seat_loads_as_the_schema_loads_it(item: dict[str, Any]) -> None:
    fast = fast_seat(item)
    assert fast is not None and fast is not item
    assert fast == _schema(item) and list(fast) == list(_schema(item))


@pytest.mark.parametrize(
    "item",
    [
        {},
        {"name": "x"},
        {"player_id": ""},
        {"player_id": "a" * (PLAYER_ID_MAX_LENGTH + 1)},
        {"player_id": "p0", "name": "n" * (NAME_MAX_LENGTH + 1)},
        {"player_id": "p\u00000"},  # a control character
        {"player_id": "p0", "name": "a\u200bb"},  # an invisible one
        {"player_id": "\ud800"},  # not valid Unicode
        {"player_id": 7},
        {"player_id": "p0", "seat": 0},
        {"player_id": "p0", "name": None},
        ["p0"],
        "p0",
    ],
)
def test_anything_else_is_left_to_the_schema(item: Any) -> None:
    assert fast_seat(item) is None


@pytest.mark.parametrize("schema", [SichuanRecordSchema, ChangshaRecordSchema])
def test_a_bad_seat_is_still_reported_at_its_path(schema: Any) -> None:
    """The games whose seats load this way report a bad seat as the envelope does."""
    field = schema().fields["seats"]
    seats = [{"player_id": f"p{i}"} for i in range(4)]
    assert field.deserialize(seats) == seats
    seats[2] = {"player_id": "p\u00002"}
    with pytest.raises(ValidationError) as err:
        field.deserialize(seats)
    assert 2 in err.value.messages and "player_id" in err.value.messages[2]
