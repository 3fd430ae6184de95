"""The shape of a reason code every game shares: why a win or an event is illegal.

Each game keeps its own catalogue (``replay.games.<game>.reasons``); the audit, the store and the
API read only this shape, so they treat every game's reasons alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Reason:
    code: str
    rule: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "rule": self.rule, "message": self.message}


def from_catalogue(catalogue: Mapping[str, tuple[str, str]], code: str, **values: Any) -> Reason:
    """The reason ``code`` of a game's catalogue (code -> (rule id, message template)), filled in."""
    rule, template = catalogue[code]
    return Reason(code, rule, template.format(**values))


def catalogue_markdown(catalogue: Mapping[str, tuple[str, str]], header: Sequence[str]) -> str:
    """A game's reason-code page: its ``header`` lines, then one table row per code.

    Generated, so the page apps read cannot drift from the codes the engine gives.
    """
    lines = [*header, "", "| code | rule | message |", "|---|---|---|"]
    for code, (rule, template) in catalogue.items():
        lines.append(f"| `{code}` | {rule} | {template.replace('|', '/')} |")
    return "\n".join(lines) + "\n"
