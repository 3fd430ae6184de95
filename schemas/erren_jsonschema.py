"""JSON Schema (draft 2020-12) of hand record format ``erren-hand/1``, for app developers.

As for the other formats (``schemas.changsha_jsonschema``): apps validate their uploads with
off-the-shelf tooling, the server's marshmallow schema (``schemas.erren_hand``) stays the
authority, and the JSON Schema is built from the same constants and names (the envelope from
``schemas.jsonschema.envelope_properties`` with two seats, the event fields from
``schemas.erren_hand.event_fields``, the parameters and fan ids from ``replay.games.erren``) so
the two cannot drift apart silently. ``tests/schemas/test_erren_jsonschema.py`` checks that
``docs/erren-hand.schema.json`` is this function's output and never refuses what the server
accepts.

Regenerate with ``python -m schemas.erren_jsonschema``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from replay.games.erren.fantable import IDS
from replay.games.erren.params import CHOICES, FLAGS, INT_RANGES, PRESETS, VALIDATORS
from schemas.erren_hand import (
    CODES,
    DEALER_HAND_SIZE,
    EVENT_TYPES,
    FORMAT,
    GANG_KINDS,
    HAND_SIZE,
    MAX_COINS,
    MAX_EVENTS,
    MAX_FAN_COUNT,
    MAX_FANS,
    NUM_SEATS,
    WALL_SIZE,
    event_fields,
)
from schemas.fields import MAX_TILE_TOKEN
from schemas.jsonschema import envelope_properties

SCHEMA_ID = "https://wuhan-replay.invalid/schemas/erren-hand-v1.schema.json"
OUTPUT = Path(__file__).resolve().parent.parent / "docs" / "erren-hand.schema.json"

_TILE_REF = {"$ref": "#/$defs/tile"}
_SEAT_REF = {"$ref": "#/$defs/seat"}


def _array(items: dict[str, Any], lo: int, hi: int) -> dict[str, Any]:
    return {"type": "array", "items": items, "minItems": lo, "maxItems": hi}


def _tile_list(n: int, n_max: int | None = None) -> dict[str, Any]:
    return _array(_TILE_REF, n, n if n_max is None else n_max)


def _int(lo: int, hi: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": lo, "maximum": hi}


#: What each §7 parameter means; the values come from ``replay.games.erren.params``.
_PARAMETER_DESCRIPTIONS: dict[str, str] = {
    "qihu": "起胡 (ER-3.4, ER-6.2): the least Q a hu needs",
    "qihu_excluded": "fan ids not counted toward 起胡 (nq)",
    "fan_values": "fan id -> its value (erren.md §5); unnamed fans keep the table's",
    "extra_exclusions": "the † 不计 entries of §5 (国标/大众 practice)",
    "settle": "ER-6.3: fan (unit × T) or guobiao (unit × (T + base))",
    "unit": "ER-6.3 the unit paid per fan",
    "base": "ER-6.3 guobiao base",
    "cap": "ER-6.3 the most one win pays (null: no cap)",
    "dealer_rotation": "ER-1.3: winner (the winner deals, the dealer stays after 荒庄) or alternate",
    "claims_after_wall": "ER-2.3: the discard after the last tile may be chi'd or peng'd",
    "ting_lock": "ER-3.5: after 报听 no chi/peng/ming-gang, discard the drawn tile",
    "gangkai_via_flower": "a 补花 replacement after a kong's replacement flower wins 杠上开花",
}


def _parameter(name: str) -> dict[str, Any]:
    """One §7 parameter's JSON Schema, from the constants its validator is built on."""
    described = {"description": _PARAMETER_DESCRIPTIONS[name]}
    if name == "qihu_excluded":
        return {**_array({"enum": list(IDS)}, 0, len(IDS)), **described}
    if name == "fan_values":
        return {
            "type": "object",
            "propertyNames": {"enum": list(IDS)},
            "additionalProperties": _int(0, 10**6),
            **described,
        }
    if name == "cap":
        lo, hi = INT_RANGES[name]
        return {"oneOf": [_int(lo, hi), {"type": "null"}], **described}
    if name in CHOICES:
        return {"enum": list(CHOICES[name]), **described}
    if name in INT_RANGES:
        return {**_int(*INT_RANGES[name]), **described}
    if name in FLAGS:
        return {"type": "boolean", **described}
    raise AssertionError(f"no JSON Schema for parameter {name}")  # pragma: no cover


_EVENT_DESCRIPTIONS = {
    "draw": "a front draw, or the back replacement after a buhua or a kong (the board knows which); "
    "tile is required when the record has no wall and must match the wall when it has one",
    "discard": "a discard (never a flower, ER-2.2)",
    "chi": "claims the opponent's last discard (either seat: each is the other's 上家) with two 条 from hand",
    "peng": "claims the last discard with a pair",
    "gang": "a kong: an 暗杠, xu 补杠 (robbable: 抢杠, ER-3.3) or ming on a discard; "
    "its replacement draw follows",
    "hu": "a win: self-drawn, on the last discard, or robbing a xu-gang; legal only with Q >= qihu (ER-3.4)",
    "pass": "optional: the opponent let the tile go",
    "huangzhuang": "荒庄 (ER-2.3): the last discard was not taken, or a flower found no replacement",
    "buhua": "补花 (ER-2.2): a flower exposed; its replacement draw from the back follows",
    "ting": "报听 (ER-3.5): before the seat's discard, or alone for a non-dealer's 天听",
}


def _event_schema(event_type: str) -> dict[str, Any]:
    spec = event_fields(event_type)
    properties: dict[str, Any] = {}
    for name in spec:
        if name == "type":
            properties[name] = {"const": event_type}
        elif name == "seat":
            properties[name] = _SEAT_REF
        elif name == "tile":
            properties[name] = _TILE_REF
        elif name == "kind":
            properties[name] = {"enum": list(GANG_KINDS)}
        elif (event_type, name) == ("chi", "tiles"):
            properties[name] = _tile_list(2)
        else:  # pragma: no cover - a new event field must be described here
            raise AssertionError(f"no JSON Schema for event field {event_type}.{name}")
    return {
        "title": event_type,
        "description": _EVENT_DESCRIPTIONS[event_type],
        "type": "object",
        "properties": properties,
        "required": [name for name, required in spec.items() if required],
        "additionalProperties": False,
    }


def _result() -> dict[str, Any]:
    return {
        "type": "object",
        "description": "what the app settled (§9); every field is optional and audited",
        "properties": {
            "winner": {"oneOf": [_SEAT_REF, {"type": "null"}], "description": "the winner, null after 荒庄"},
            "self_draw": {"type": ["boolean", "null"], "description": "自摸 (a 抢杠 win is not one)"},
            "fans": {
                **_array(
                    {
                        "type": "object",
                        "properties": {"id": {"enum": list(IDS)}, "n": _int(1, MAX_FAN_COUNT)},
                        "required": ["id", "n"],
                        "additionalProperties": False,
                    },
                    0,
                    MAX_FANS,
                ),
                "description": "each counted fan once, with how many times it counts (compared as counts)",
            },
            "total": {**_int(0, MAX_COINS), "description": "T (ER-6.2)"},
            "qualifying": {**_int(0, MAX_COINS), "description": "Q: T less the nq fans (ER-6.2)"},
            "deltas": {
                **_array(_int(-MAX_COINS, MAX_COINS), NUM_SEATS, NUM_SEATS),
                "description": "units won (+) or paid (-) by seat; must sum to 0",
            },
        },
        "additionalProperties": False,
    }


def _deal_matches_dealer() -> list[dict[str, Any]]:
    """``if dealer == k then deal[k] has 14 tiles, the other 13``."""
    return [
        {
            "if": {"properties": {"dealer": {"const": dealer}}, "required": ["dealer"]},
            "then": {
                "properties": {
                    "deal": {
                        "prefixItems": [
                            {"minItems": n, "maxItems": n}
                            for n in (
                                DEALER_HAND_SIZE if s == dealer else HAND_SIZE for s in range(NUM_SEATS)
                            )
                        ]
                    }
                }
            },
        }
        for dealer in range(NUM_SEATS)
    ]


def erren_hand_json_schema() -> dict[str, Any]:
    """The JSON Schema of one 二人麻将 hand record (NDJSON uploads: one such object per line)."""
    envelope = envelope_properties(FORMAT)
    seats = {
        **envelope["seats"],
        "minItems": NUM_SEATS,
        "maxItems": NUM_SEATS,
        "description": "index = seat number: two seats, each the other's 上家 and 下家 (ER-1.2)",
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"二人麻将 (two-player mahjong) hand record, format {FORMAT}",
        "description": (
            "One hand of two-player mahjong (二人麻将) as uploaded by an app. Unknown fields are "
            "errors at every level. The server (schemas.erren_hand.validate_record) is the "
            "authority; this schema cannot express: result.deltas summing to 0, fans listed once "
            "each, played_at being a real calendar date, and the exact set of tile spellings. "
            "See docs/erren-hand.md."
        ),
        "type": "object",
        "properties": {
            **{name: envelope[name] for name in ("format", "hand_id", "source", "played_at", "session")},
            "ruleset": {
                "type": "object",
                "description": "a preset and optional overrides of any parameter (erren.md §7)",
                "properties": {
                    "preset": {"enum": list(PRESETS)},
                    "overrides": {
                        "type": "object",
                        "properties": {name: _parameter(name) for name in VALIDATORS},
                        "additionalProperties": False,
                    },
                },
                "required": ["preset"],
                "additionalProperties": False,
            },
            "seats": seats,
            "dealer": _SEAT_REF,
            "wall": {
                **_tile_list(WALL_SIZE),
                "description": (
                    "all 72 tiles in the order they leave the front (ER-2.1): the deal takes "
                    "wall[0..26]; every 补花 and kong replacement takes the last tile still in it"
                ),
            },
            "deal": {
                "type": "array",
                "description": "without a wall only: the two dealt hands, flowers included, by seat: "
                "the dealer 14 tiles, the other 13",
                "items": _tile_list(HAND_SIZE, DEALER_HAND_SIZE),
                "minItems": NUM_SEATS,
                "maxItems": NUM_SEATS,
            },
            "events": {"type": "array", "items": {"$ref": "#/$defs/event"}, "maxItems": MAX_EVENTS},
            "result": _result(),
        },
        "required": ["format", "hand_id", "source", "ruleset", "seats", "dealer", "events"],
        "additionalProperties": False,
        "allOf": [
            {
                "if": {"not": {"required": ["wall"]}},
                "then": {
                    "required": ["deal"],
                    "properties": {
                        "events": {
                            "items": {
                                "if": {"properties": {"type": {"const": "draw"}}, "required": ["type"]},
                                "then": {"required": ["tile"]},
                            }
                        }
                    },
                },
                "else": {"not": {"required": ["deal"]}},
            },
            *_deal_matches_dealer(),
        ],
        "$defs": {
            "seat": {"type": "integer", "minimum": 0, "maximum": NUM_SEATS - 1},
            "tile_code": {
                "description": "canonical tile codes: what the server stores and returns",
                "enum": list(CODES),
            },
            "tile": {
                "description": (
                    "an 二人 tile in any accepted spelling, normalised by the server to a canonical "
                    "code (#/$defs/tile_code: 1s-9s 条, E S W N C F P, flowers 1h-8h 春夏秋冬梅兰竹菊). "
                    "Also accepted: Chinese names and the integer codes of Chinese game servers "
                    "(0x11-0x19 条, 0x31-0x37 honours, 0x41-0x48 flowers). A 万 or 筒 tile makes the "
                    "record invalid (ER-1.1)."
                ),
                "anyOf": [
                    {"type": "string", "minLength": 1, "maxLength": MAX_TILE_TOKEN},
                    {"type": "integer", "minimum": 0x11, "maximum": 0x48},
                ],
                "examples": ["5s", "五条", "春", 0x41],
            },
            "event": {
                "description": "an action; the type field selects which fields it has",
                "type": "object",
                "required": ["type"],
                "properties": {"type": {"enum": list(EVENT_TYPES)}},
                "oneOf": [_event_schema(t) for t in EVENT_TYPES],
            },
        },
    }


def render() -> str:
    """The file's exact text: stable key order and a trailing newline, so diffs stay small."""
    return json.dumps(erren_hand_json_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the schema to ``docs/erren-hand.schema.json`` (or the path given)."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else OUTPUT
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render(), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
