"""The ``ruleset`` field of a record: ``{"preset", "overrides"}`` judged by the game's own code.

Each game validates its ruleset with the engine's parameter module, so the record and the
engine can never disagree about which settings exist. What is shared is the *reporting*: every
wrong override is reported (the engine stops at the first), each at its own path, the engine
never sees (and quotes) a value no parameter could take, and an engine bug is an error, not a
traceback. A game subclasses :class:`RulesetField` and fills in its names and hooks.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Mapping
from typing import Any

from marshmallow import ValidationError, fields
from marshmallow.exceptions import SCHEMA

from replay.errors import InputError
from schemas.fields import (
    COMMON_MESSAGES,
    Messages,
    UnknownKey,
    field_messages,
    json_type,
    merge_errors,
    short,
)


class RulesetField(fields.Field[dict[str, Any]]):
    """``{"preset", "overrides"}`` checked by the game's engine; kept exactly as given.

    Each override is tried on its own so that every wrong parameter is reported; then the
    whole set is tried for the cross-parameter rules.
    """

    default_error_messages: Messages = field_messages()

    #: The game's preset names, its parameter names, and the preset a lone override is judged
    #: against when the record's preset is itself wrong.
    presets: Collection[str] = ()
    parameters: Collection[str] = ()
    fallback_preset: str = ""

    def load_ruleset(self, spec: Mapping[str, Any]) -> None:
        """Build the engine's ruleset from ``spec``; raise ``InputError`` naming the field."""
        raise NotImplementedError

    def shape_problem(self, value: object) -> str | None:
        """Why no parameter of this game could take ``value`` (checked before the engine)."""
        return None

    def place(self, err: InputError, name: str) -> dict[Any, Any]:
        """An engine error about override ``name`` as a nested marshmallow error dict."""
        return {"overrides": {name: [err.message]}}

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise ValidationError(
                f"must be an object with 'preset' and optional 'overrides', not {json_type(value)}"
            )
        presets = ", ".join(self.presets)
        errors: dict[Any, Any] = {}
        for key in value:
            if key not in ("preset", "overrides"):
                errors[UnknownKey(str(key))] = ["unknown field"]
        preset = value.get("preset")
        preset_ok = isinstance(preset, str) and preset in self.presets
        if "preset" not in value:
            errors["preset"] = [COMMON_MESSAGES["required"]]
        elif not isinstance(preset, str):
            errors["preset"] = [f"must be a preset name ({presets}), not {json_type(preset)}"]
        elif not preset_ok:
            errors["preset"] = [f"unknown preset {short(preset)}; known: {presets}"]
        overrides = value.get("overrides", {})
        if not isinstance(overrides, Mapping):
            errors["overrides"] = [f"must be an object, not {json_type(overrides)}"]
            overrides = {}
        for name, setting in overrides.items():
            if name not in self.parameters:
                message = f"unknown ruleset parameter {short(name)}"
                merge_errors(errors, {"overrides": {UnknownKey(str(name)): [message]}})
                continue
            problem = self.shape_problem(setting)
            if problem is not None:
                merge_errors(errors, {"overrides": {name: [problem]}})
            else:  # with a bad preset, still judge the override against the fallback one
                spec = {"preset": preset if preset_ok else self.fallback_preset, "overrides": {name: setting}}
                self._try(errors, spec, name)
        if not errors:
            self._try(errors, {"preset": preset, "overrides": dict(overrides)}, None)
        if errors:
            raise ValidationError(errors)
        return copy.deepcopy(dict(value))

    def _try(self, errors: dict[Any, Any], spec: Mapping[str, Any], name: str | None) -> None:
        try:
            self.load_ruleset(spec)
        except InputError as err:
            if name is None:
                rest = err.field.removeprefix("ruleset.").removeprefix("overrides.")
                name = rest.split("[", 1)[0] if err.field.startswith("ruleset.overrides.") else None
            if name is None:
                merge_errors(errors, {SCHEMA: [err.message]})
            else:
                merge_errors(errors, self.place(err, name))
        except (TypeError, ValueError, KeyError):  # defence in depth: the engine must not crash us
            merge_errors(
                errors, {"overrides": {name: ["invalid value"]}} if name else {SCHEMA: ["invalid value"]}
            )
