"""The skeleton every game's ``audit_validated`` shares (Sichuan, Changsha, 推筒子 and the games
after them): the blank audit, the verdict's fields, the differences with the app's result.

The keys and their order are the ``replay audit --json`` contract (docs/audit.md), so they are
written once here; what a game compares, how it replays and what it adds stays in its
``audit.py``. Wuhan's audit predates this and keeps its own (its output is frozen).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from replay.errors import InputError
from replay.reasons import Reason

B = TypeVar("B")

#: ``same(field, recorded, computed)``: the app's value is as right as the engine's
Same = Callable[[str, Any, Any], bool]


def ident(record: Mapping[str, Any], key: str) -> str | None:
    """A record's identifying string (``hand_id``, ``source``), or None when it is not one."""
    value = record.get(key)
    return value if isinstance(value, str) else None


def blank_audit(
    record: Mapping[str, Any], location: str | None, game: str, id_key: str = "hand_id"
) -> dict[str, Any]:
    """The audit before the replay: ``invalid`` with nothing computed, the app's ``result``.

    ``id_key``: the record's id field; a game whose records are not hands (推筒子's
    ``round_id``) also keeps it under its own name, right after ``hand_id``.
    """
    out: dict[str, Any] = {"hand_id": ident(record, id_key)}
    if id_key != "hand_id":
        out[id_key] = ident(record, id_key)
    out.update(
        {
            "source": ident(record, "source"),
            "game": game,
            "status": "invalid",
            "first_illegal": None,
            "errors": [],
            "computed": None,
            "recorded": record.get("result") if isinstance(record.get("result"), Mapping) else None,
            "differences": [],
            "mistakes": [],
        }
    )
    if location is not None:
        out["location"] = location
    return out


def mark_invalid(out: dict[str, Any], err: InputError) -> dict[str, Any]:
    """The audit of a record the replay could not read: its one error, naming the field."""
    out["errors"] = [err.to_json()]
    return out


def mark_illegal(out: dict[str, Any], index: int | None, why: Reason) -> dict[str, Any]:
    """The audit of a record with an illegal event: ``first_illegal`` with its index and reason."""
    out["status"] = "illegal"
    out["first_illegal"] = {"index": index, **why.to_json()}
    return out


def replay_or_stop(
    out: dict[str, Any],
    replay: Callable[[Mapping[str, Any]], tuple[B, int | None, Reason | None]],
    record: Mapping[str, Any],
) -> B | None:
    """The board of a record the game's ``replay`` pushed to its end; None when the audit stops
    there (``out`` is then marked: ``invalid`` for an InputError, ``illegal`` with the event)."""
    try:
        board, index, why = replay(record)
    except InputError as err:
        mark_invalid(out, err)
        return None
    if why is not None:
        mark_illegal(out, index, why)
        return None
    return board


def conclude(out: dict[str, Any], computed: Mapping[str, Any], differences: list[dict[str, Any]]) -> None:
    """A legal record's verdict: what the engine settled, where the app differs, ``ok`` or
    ``mismatch``."""
    out["computed"] = computed
    out["differences"] = differences
    out["status"] = "mismatch" if differences else "ok"


def field_differences(
    recorded: Mapping[str, Any] | None,
    computed: Mapping[str, Any],
    compared: Sequence[str],
    same: Same,
) -> list[dict[str, Any]]:
    """Each field of ``compared`` (in that order) the app gave and the engine settles otherwise,
    as ``{"field", "recorded", "computed"}``; none without a recorded result."""
    if not recorded:
        return []
    return [
        {"field": name, "recorded": recorded[name], "computed": computed[name]}
        for name in compared
        if name in recorded and not same(name, recorded[name], computed[name])
    ]


def session_place(record: Mapping[str, Any], number_key: str = "hand_no") -> tuple[Any, Any] | None:
    """``(session id, number)`` of a record that names its place in a sitting, else None; the
    game's session check links consecutive numbers (``hand_no``, 推筒子's ``round_no``)."""
    session = record.get("session")
    if isinstance(session, Mapping) and "id" in session and number_key in session:
        return session["id"], session[number_key]
    return None


def note_sitting(
    out: dict[str, Any], record: Mapping[str, Any], key: str, dealer: int, next_dealer: int, why: str
) -> None:
    """Keep the hand's place in its sitting under the game's private ``key`` for the check across
    hands (``replay.next_dealer.check_next_dealer``): ``(source, session id, hand_no, dealer,
    next dealer, why)``. A record that names no sitting keeps nothing."""
    place = session_place(record)
    if place is not None:
        out[key] = (out["source"], *place, dealer, next_dealer, why)
