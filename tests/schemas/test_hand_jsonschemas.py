"""What every published per-game JSON Schema must be (docs/<game>-hand.schema.json): the
generator's output, a valid draft 2020-12 schema, a description of every parameter of the game's
ruleset, and the shared envelope as Wuhan's ``hand-record.schema.json`` says it.

One parametrised test over the games (they were the same test in each game's file); what a
game's schema says of its own events and result stays in ``test_<game>_jsonschema.py``.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
#: game -> the envelope fields its schema shares with Wuhan's (二人麻将 redeclares ``seats``: two)
GAMES = {
    "sichuan": ("hand_id", "source", "played_at", "session", "seats"),
    "changsha": ("hand_id", "source", "played_at", "session", "seats"),
    "changchun": ("hand_id", "source", "played_at", "session", "seats"),
    "erren": ("hand_id", "source", "played_at", "session"),
}


def exporter(game: str) -> Any:
    return importlib.import_module(f"schemas.{game}_jsonschema")


def schema_of(game: str) -> dict[str, Any]:
    schema: dict[str, Any] = getattr(exporter(game), f"{game}_hand_json_schema")()
    return schema


@pytest.mark.parametrize("game", GAMES)
def test_schema_file_is_up_to_date(game: str) -> None:
    """Run ``python -m schemas.<game>_jsonschema`` when this fails."""
    module = exporter(game)
    assert DOCS / f"{game}-hand.schema.json" == module.OUTPUT
    assert module.OUTPUT.read_text(encoding="utf-8") == module.render()


@pytest.mark.parametrize("game", GAMES)
def test_schema_is_valid_draft_2020_12(game: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema_of(game))


@pytest.mark.parametrize("game", GAMES)
def test_schema_describes_every_parameter(game: str) -> None:
    """One entry per parameter of replay.games.<game>.params (its rules text's § on rulesets)."""
    validators = importlib.import_module(f"replay.games.{game}.params").VALIDATORS
    overrides = schema_of(game)["properties"]["ruleset"]["properties"]["overrides"]
    assert set(overrides["properties"]) == set(validators)


@pytest.mark.parametrize("game", GAMES)
def test_envelope_is_the_wuhan_one(game: str) -> None:
    """The shared envelope reads the same in every published schema (only format differs)."""
    wuhan = json.loads((DOCS / "hand-record.schema.json").read_text("utf-8"))["properties"]
    properties = schema_of(game)["properties"]
    for name in GAMES[game]:
        assert properties[name] == wuhan[name], name
    assert properties["format"] == {"const": f"{game}-hand/1"}
