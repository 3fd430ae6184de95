"""JSON Schema (draft 2020-12) of round record format ``tuitongzi-round/1``, for app developers.

As for the other formats: apps validate their uploads with off-the-shelf tooling, the server's
marshmallow schema (``schemas.tuitongzi_round``) stays the authority, and the JSON Schema is
built from the same constants (the envelope from ``schemas.jsonschema.envelope_properties`` with
a round's changes) so the two cannot drift apart silently. ``tests/replay/test_tuitongzi_schema.py``
checks that ``docs/tuitongzi-round.schema.json`` is this function's output and that the JSON
Schema accepts what the server accepts. Regenerate with ``python -m schemas.tuitongzi_jsonschema``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from replay.games.tuitongzi.params import PRESETS, VALIDATORS
from replay.tiles import SERVER_CODES
from schemas.envelope import MAX_HAND_NO
from schemas.fields import MAX_TILE_TOKEN
from schemas.jsonschema import envelope_properties, render_schema, write_schema
from schemas.tuitongzi_round import AWARD_KINDS, FORMAT, MAX_MONEY, MAX_SEATS, MIN_SEATS, WALL_MAX, WALL_MIN

SCHEMA_ID = "https://wuhan-replay.invalid/schemas/tuitongzi-round-v1.schema.json"
OUTPUT = Path(__file__).resolve().parent.parent / "docs" / "tuitongzi-round.schema.json"
_TILE = {"$ref": "#/$defs/tile"}
_SEAT = {"type": "integer", "minimum": 0, "maximum": MAX_SEATS - 1}


def _money(lo: int = 0) -> dict[str, Any]:
    return {"type": "integer", "minimum": lo, "maximum": MAX_MONEY}


def _per_seat(items: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "type": "array",
        "description": description,
        "items": items,
        "minItems": MIN_SEATS,
        "maxItems": MAX_SEATS,
    }


def tuitongzi_round_json_schema() -> dict[str, Any]:
    """The JSON Schema of one round record (NDJSON uploads: one such object per line)."""
    envelope = envelope_properties(FORMAT)
    seats = {**envelope["seats"], "minItems": MIN_SEATS, "maxItems": MAX_SEATS}
    seats["description"] = "2 to 4 seats, index = seat number in deal order (TT-1.2)"
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"推筒子 / 二八杠 round record, format {FORMAT}",
        "description": (
            "One round of 推筒子 (tuitongzi, 二八杠): a banker, 2-4 seats, two tiles each, bets and a "
            "jackpot pool. Unknown fields are errors at every level. The server "
            "(schemas.tuitongzi_round.validate_record) is the authority; this schema cannot express: "
            "bets, hands and the result's lists holding one entry per seat, the banker being one of "
            "the seats, played_at being a real calendar date and the exact set of tile spellings. "
            "See docs/tuitongzi-round.md."
        ),
        "type": "object",
        "properties": {
            **{name: envelope[name] for name in ("format", "source", "played_at")},
            "round_id": {**envelope["hand_id"], "description": "unique within source"},
            "session": {
                "type": "object",
                "description": "links the rounds of one sitting, in order (the pool and bank carry)",
                "properties": {
                    "id": envelope["session"]["properties"]["id"],
                    "round_no": {"type": "integer", "minimum": 1, "maximum": MAX_HAND_NO},
                },
                "required": ["id", "round_no"],
                "additionalProperties": False,
            },
            "ruleset": {
                "type": "object",
                "description": "a preset and optional overrides of any parameter (tuitongzi.md §6)",
                "properties": {
                    "preset": {"enum": list(PRESETS)},
                    "overrides": {
                        "type": "object",
                        "propertyNames": {"enum": list(VALIDATORS)},
                        "additionalProperties": {"type": ["integer", "string", "boolean", "null"]},
                    },
                },
                "required": ["preset"],
                "additionalProperties": False,
            },
            "seats": seats,
            "banker": {**_SEAT, "description": "the banker's seat (庄家)"},
            "bank": {**_money(), "description": "the banker's bank (注金) at the start of the round"},
            "bets": _per_seat(
                {"oneOf": [_money(), {"type": "null"}]},
                "one per seat: null at the banker, integers elsewhere",
            ),
            "dice": {
                "type": "array",
                "items": {"type": "integer", "minimum": 1, "maximum": 6},
                "minItems": 2,
                "maxItems": 2,
                "description": "[d1, d2]: required with deal_start dice and a wall (TT-2.4)",
            },
            "shoe": {
                "type": "object",
                "description": "with shoe five_rounds: which shoe and which round of it (TT-2.3)",
                "properties": {
                    "id": envelope["session"]["properties"]["id"],
                    "round": {"type": "integer", "minimum": 1, "maximum": 20},
                },
                "required": ["id", "round"],
                "additionalProperties": False,
            },
            "wall": {
                "type": "array",
                "items": _TILE,
                "minItems": WALL_MIN,
                "maxItems": WALL_MAX,
                "description": "the round's 2n tiles (fresh) or the shoe's 40 (five_rounds), in deal order",
            },
            "hands": _per_seat(
                {"type": "array", "items": _TILE, "minItems": 2, "maxItems": 2}, "one pair of tiles per seat"
            ),
            "pool_before": {**_money(), "description": "the jackpot (奖池) before the round; 0 when off"},
            "result": {
                "type": "object",
                "description": "what the app settled; every field optional, each audited",
                "properties": {
                    "winners": _per_seat(
                        {"type": ["boolean", "null"]}, "per seat: did the player beat the banker (null at it)"
                    ),
                    "multipliers": _per_seat(
                        {"oneOf": [{"type": "integer", "minimum": 1, "maximum": 10**6}, {"type": "null"}]},
                        "per seat: the m applied (null at the banker)",
                    ),
                    "awards": {
                        "type": "array",
                        "maxItems": 2 * MAX_SEATS,
                        "items": {
                            "type": "object",
                            "properties": {
                                "seat": _SEAT,
                                "kind": {"enum": list(AWARD_KINDS)},
                                "amount": _money(),
                            },
                            "required": ["seat", "kind", "amount"],
                            "additionalProperties": False,
                        },
                    },
                    "deltas": _per_seat(
                        _money(-MAX_MONEY), "per seat: the money won or lost, fees and awards in"
                    ),
                    "pool_after": _money(),
                },
                "additionalProperties": False,
            },
        },
        "required": [
            "format",
            "round_id",
            "source",
            "seats",
            "ruleset",
            "banker",
            "bank",
            "bets",
            "hands",
            "pool_before",
        ],
        "additionalProperties": False,
        "$defs": {
            "tile": {
                "description": (
                    "a tile in any accepted spelling, normalised by the server to its code: 1p-9p 筒 and "
                    "the half tile F 发财 or P 白板 (一筒 …, 发财, 白 accepted). A real tile outside the "
                    "40 (a 万, the other honour) is valid here and illegal in the audit (TT-1.1)."
                ),
                "anyOf": [
                    {"type": "string", "minLength": 1, "maxLength": MAX_TILE_TOKEN},
                    {"type": "integer", "enum": sorted(SERVER_CODES)},
                ],
                "examples": ["3p", "九筒", "F", "白板"],
            },
        },
    }


def render() -> str:
    """The file's exact text: stable key order and a trailing newline, so diffs stay small."""
    return render_schema(tuitongzi_round_json_schema())


def main(argv: list[str] | None = None) -> int:
    """Write the schema to ``docs/tuitongzi-round.schema.json`` (or the path given)."""
    return write_schema(render, OUTPUT, argv)


if __name__ == "__main__":
    raise SystemExit(main())
