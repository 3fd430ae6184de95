"""The ``ruleset`` object every game's record and evaluate input carry: a preset and overrides.

``{"preset": ..., "overrides": {...}}`` is part of the shared envelope, so its shape is checked
once here; what a preset means and which overrides it takes is each game's (``make``).

The override validators (``choice``, ``boolean``, ``int_range``, ``optional``, ``check_names``)
are shared too: every game's ``VALIDATORS`` table is built from them, so a bad value reads the
same in every game ("must be one of ...", "must be true or false, not ...").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from replay.errors import InputError

R = TypeVar("R")

#: An override's validator: the field name to blame and the raw value in, the value to keep out.
Check = Callable[[str, object], object]


def choice(*allowed: str) -> Check:
    """A validator of a string parameter that takes one of ``allowed``."""

    def check(name: str, value: object) -> object:
        if not isinstance(value, str) or value not in allowed:
            raise InputError(name, f"must be one of {', '.join(repr(a) for a in allowed)}, not {value!r}")
        return value

    return check


def boolean(name: str, value: object) -> bool:
    """A true/false parameter (JSON's, not 0/1)."""
    if not isinstance(value, bool):
        raise InputError(name, f"must be true or false, not {value!r}")
    return value


def int_range(lo: int, hi: int) -> Check:
    """A validator of an integer parameter from ``lo`` to ``hi`` inclusive (a bool is not one)."""

    def check(name: str, value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise InputError(name, f"must be an integer from {lo} to {hi}, not {value!r}")
        return value

    return check


def optional(inner: Check) -> Check:
    """``inner``, or null (a parameter whose null means "no limit")."""

    def check(name: str, value: object) -> object:
        return None if value is None else inner(name, value)

    return check


def check_names(name: str, value: object, known: tuple[str, ...], noun: str) -> list[str] | tuple[str, ...]:
    """A list parameter whose items are names from ``known`` (``noun``: "way", "hand"); the value
    as given, for the game to keep as a tuple or set. The item index names a bad item."""
    if not isinstance(value, list | tuple):
        raise InputError(name, f"must be a list of {noun}s from {', '.join(known)}")
    for i, item in enumerate(value):
        if item not in known:
            raise InputError(f"{name}[{i}]", f"unknown {noun} {item!r}; known: {', '.join(known)}")
    return value


def rules_from_spec(
    spec: object, make: Callable[[Any, Mapping[str, Any]], R], field_name: str = "ruleset"
) -> R:
    """``make(preset, overrides)`` of a well-formed spec; an InputError naming the field otherwise."""
    if not isinstance(spec, Mapping):
        raise InputError(field_name, "must be an object with 'preset' and optional 'overrides'")
    unknown = set(spec) - {"preset", "overrides"}
    if unknown:
        raise InputError(f"{field_name}.{sorted(unknown)[0]}", "unknown field")
    if "preset" not in spec:
        raise InputError(f"{field_name}.preset", "required")
    overrides = spec.get("overrides", {})
    if not isinstance(overrides, Mapping):
        raise InputError(f"{field_name}.overrides", "must be an object")
    try:
        return make(spec["preset"], overrides)
    except InputError as err:
        raise err.at(field_name) from None


def apply_overrides(
    presets: Mapping[str, R],
    validators: Mapping[str, Callable[[str, Any], Any]],
    preset: object,
    overrides: Mapping[str, Any] | None,
) -> R:
    """A game's preset with its validated overrides on top (the dataclass keeps ``overrides``).

    Each validator gets the field name to blame (``overrides.<name>``) and the raw value.
    """
    if not isinstance(preset, str) or preset not in presets:
        raise InputError("preset", f"unknown preset {preset!r}; known: {', '.join(presets)}")
    given = dict(overrides or {})
    changes: dict[str, Any] = {}
    for name, value in given.items():
        validate = validators.get(name)
        if validate is None:
            raise InputError(f"overrides.{name}", f"unknown ruleset parameter {name!r}")
        changes[name] = validate(f"overrides.{name}", value)
    rules: R = replace(presets[preset], overrides=given, **changes)  # type: ignore[type-var]
    return rules
