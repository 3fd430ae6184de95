"""One entry for every upload format: a record's ``format`` picks its game's schema.

Apps of one platform upload hands of several games to the same endpoint; the ``format`` field
(``wuhan-hand/1``, ``sichuan-hand/1``) says which contract the rest of the record follows. An
unknown or missing format is reported alone, on ``format``: the other fields cannot be judged
without knowing which game's contract was meant (as an event's ``type`` is for its fields).
Each game's own ``validate_record`` stays as it was for callers that know the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from schemas import changchun_hand, changsha_hand, erren_hand, hand_record, sichuan_hand, tuitongzi_round
from schemas.envelope import FORMAT_MAX_LENGTH, Validated
from schemas.fields import json_type, short

#: Format string → that game's validator, in the order they were added.
VALIDATORS: dict[str, Callable[[object], Validated]] = {
    hand_record.FORMAT: hand_record.validate_record,
    sichuan_hand.FORMAT: sichuan_hand.validate_record,
    changsha_hand.FORMAT: changsha_hand.validate_record,
    tuitongzi_round.FORMAT: tuitongzi_round.validate_record,
    erren_hand.FORMAT: erren_hand.validate_record,
    changchun_hand.FORMAT: changchun_hand.validate_record,
}
FORMATS: tuple[str, ...] = tuple(VALIDATORS)


def format_error(obj: Mapping[object, object]) -> str | None:
    """Why ``obj['format']`` names no known format, or None when it names one."""
    known = ", ".join(FORMATS)
    if "format" not in obj:
        return f"required field is missing; one of {known}"
    value = obj["format"]
    if not isinstance(value, str):
        return f"must be one of {known}, not {json_type(value)}"
    if value not in VALIDATORS:
        shown = short(value[: FORMAT_MAX_LENGTH + 1])
        return f"unknown format {shown}; known: {known}"
    return None


def validate_record(obj: object) -> Validated:
    """Validate one decoded hand record of any known format (see each game's ``validate_record``)."""
    if not isinstance(obj, Mapping):
        return None, [{"field": "", "message": f"a hand record must be a JSON object, not {json_type(obj)}"}]
    problem = format_error(obj)
    if problem is not None:
        return None, [{"field": "format", "message": problem}]
    return VALIDATORS[obj["format"]](obj)
