"""Errors the engine raises for input that cannot be understood.

Kept apart from *illegal* play: a malformed input is the caller's mistake and is reported
with the field that is wrong, while an illegal hand is a verdict (see ``replay.games.wuhan.reasons``).
"""

from __future__ import annotations


class InputError(ValueError):
    """Input that cannot be read; ``field`` is a JSON path such as ``seats[2].hand[3]``."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}

    def at(self, prefix: str) -> InputError:
        """The same error with ``prefix`` put before its field path."""
        if not self.field:
            return InputError(prefix, self.message)
        sep = "" if self.field.startswith("[") else "."
        return InputError(f"{prefix}{sep}{self.field}", self.message)
