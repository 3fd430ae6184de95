"""The ``ruleset`` object every game's record and evaluate input carry: a preset and overrides.

``{"preset": ..., "overrides": {...}}`` is part of the shared envelope, so its shape is checked
once here; what a preset means and which overrides it takes is each game's (``make``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from replay.errors import InputError

R = TypeVar("R")


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
