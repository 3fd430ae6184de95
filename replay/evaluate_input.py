"""The input envelope every game's ``replay evaluate`` reads alike (docs/evaluate.md).

An input is one JSON object of known fields; a win names ``ruleset``, ``dealer``, ``winner``,
``win`` and ``seats`` (Sichuan, Changsha; Wuhan's, older, keeps its own copy of the same
checks), a 推筒子 round its own required fields. A bad input is answered ``{"error": ...}``
naming the field, never raised: ``answer_or_error`` is that guard. What a game reads inside the
win and the seats stays in its ``evaluate.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from replay.errors import InputError

R = TypeVar("R")

#: the fields every win input must give, in the order a missing one is named
WIN_REQUIRED = ("ruleset", "dealer", "winner", "win", "seats")


def obj(value: object, field: str, allowed: set[str]) -> Mapping[str, Any]:
    """``value`` as an object with only ``allowed`` keys; field "" is the input itself."""
    if not isinstance(value, Mapping):
        raise InputError(field, "must be an object")
    for key in value:
        if key not in allowed:
            raise InputError(f"{field}.{key}" if field else str(key), f"unknown field {key!r}")
    return value


def int_in(value: object, field: str, lo: int, hi: int) -> int:
    """An integer from ``lo`` to ``hi`` inclusive (a bool is not one)."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError(field, f"must be an integer from {lo} to {hi}, not {value!r}")
    return value


def top(value: object, allowed: set[str], required: Iterable[str]) -> Mapping[str, Any]:
    """The input object: only ``allowed`` fields, every one of ``required`` given."""
    v = obj(value, "", allowed)
    for name in required:
        if name not in v:
            raise InputError(name, "required")
    return v


def win_envelope(
    value: object,
    allowed: set[str],
    win_fields: set[str],
    rules_from_json: Callable[[object], R],
    seats: int = 4,
) -> tuple[Mapping[str, Any], R, int, int, Mapping[str, Any]]:
    """A win input's envelope: the object, its ruleset (the game's ``rules_from_json``), the
    dealer, the winner and the ``win`` object (its fields the game's to read)."""
    v = top(value, allowed, WIN_REQUIRED)
    rules = rules_from_json(v["ruleset"])
    dealer = int_in(v["dealer"], "dealer", 0, seats - 1)
    winner = int_in(v["winner"], "winner", 0, seats - 1)
    return v, rules, dealer, winner, obj(v["win"], "win", win_fields)


def answer_or_error(judge: Callable[[object], dict[str, Any]], value: object) -> dict[str, Any]:
    """``judge(value)``, or ``{"error": {"field", "message"}}`` for an input it cannot read."""
    try:
        return judge(value)
    except InputError as err:
        return {"error": err.to_json()}
