"""JSON Schema (draft 2020-12) of hand record format ``wuhan-hand/1``, for app developers.

Apps validate their uploads with off-the-shelf tooling in their own language; the server's
marshmallow schema (``schemas.hand_record``) stays the authority. The JSON Schema is built from
the same constants so the two cannot drift apart silently, and ``tests/schemas/test_schemas.py`` checks
that the published file ``docs/hand-record.schema.json`` is this function's output.

It accepts every record ``validate_record`` accepts. A few rules it cannot express (deltas
summing to 0, the laizi indicator matching the wall, a real calendar
date, every tile alias spelled exactly) are stated in descriptions and left to the server.

Regenerate with ``python -m schemas.jsonschema``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from replay.games.wuhan.ruleset import HAND_TYPES, PRESETS, VALIDATORS
from replay.tiles import ALIASES, CODES, HONOURS, SERVER_CODES
from schemas.envelope import TEXT_PATTERN
from schemas.hand_record import (
    DEALER_HAND_SIZE,
    EVENT_TYPES,
    FORMAT,
    GANG_KINDS,
    HAND_SIZE,
    ID_MAX_LENGTH,
    ID_PATTERN,
    MAX_DELTA,
    MAX_EVENTS,
    MAX_HAND_NO,
    MAX_POINTS,
    MAX_TILE_TOKEN,
    NAME_MAX_LENGTH,
    NUM_SEATS,
    PLAYED_AT_MAX_LENGTH,
    PLAYED_AT_PATTERN,
    PLAYER_ID_MAX_LENGTH,
    WALL_INDICATOR_INDEX,
    WALL_SIZE,
    event_fields,
)

SCHEMA_ID = "https://wuhan-replay.invalid/schemas/hand-record-v1.schema.json"
OUTPUT = Path(__file__).resolve().parent.parent / "docs" / "hand-record.schema.json"

#: references to the ``$defs`` every record schema has
TILE_REF = {"$ref": "#/$defs/tile"}
SEAT_REF = {"$ref": "#/$defs/seat"}
_TILE_REF = TILE_REF
_SEAT_REF = SEAT_REF
_ID = {
    "type": "string",
    "minLength": 1,
    "maxLength": ID_MAX_LENGTH,
    "pattern": f"^{ID_PATTERN}$",
}


# --------------------------------------------------------------------------------------------
# Helpers every game's JSON Schema export uses (schemas.<game>_jsonschema).


def array_of(items: dict[str, Any], lo: int, hi: int) -> dict[str, Any]:
    """An array of ``lo`` to ``hi`` ``items``."""
    return {"type": "array", "items": items, "minItems": lo, "maxItems": hi}


def tile_list(n: int, n_max: int | None = None) -> dict[str, Any]:
    """An array of ``n`` tiles (``n`` to ``n_max`` when given)."""
    return array_of(TILE_REF, n, n if n_max is None else n_max)


def int_range(lo: int, hi: int) -> dict[str, Any]:
    """An integer from ``lo`` to ``hi``."""
    return {"type": "integer", "minimum": lo, "maximum": hi}


def event_object(
    event_type: str,
    spec: dict[str, bool],
    description: str,
    own_field: Callable[[str], dict[str, Any] | None],
) -> dict[str, Any]:
    """One event type's object schema from its marshmallow fields (``spec``: name -> required).

    ``type``, ``seat`` and ``tile`` read alike in every game; ``own_field(name)`` gives the
    game's other fields, None for one it has not described (an error: a new event field must be
    described in the export).
    """
    properties: dict[str, Any] = {}
    for name in spec:
        if name == "type":
            properties[name] = {"const": event_type}
        elif name == "seat":
            properties[name] = SEAT_REF
        elif name == "tile":
            properties[name] = TILE_REF
        else:
            prop = own_field(name)
            if prop is None:
                raise AssertionError(f"no JSON Schema for event field {event_type}.{name}")
            properties[name] = prop
    return {
        "title": event_type,
        "description": description,
        "type": "object",
        "properties": properties,
        "required": [name for name, required in spec.items() if required],
        "additionalProperties": False,
    }


def event_union(event_types: tuple[str, ...], schema_of: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """``$defs.event``: an object whose ``type`` selects one of the event schemas."""
    return {
        "description": "an action; the type field selects which fields it has",
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": list(event_types)}},
        "oneOf": [schema_of(t) for t in event_types],
    }


def seat_def() -> dict[str, Any]:
    """``$defs.seat``: a seat number."""
    return {"type": "integer", "minimum": 0, "maximum": NUM_SEATS - 1}


def deal_property(
    description: str, hand_size: int = HAND_SIZE, dealer_hand_size: int = DEALER_HAND_SIZE
) -> dict[str, Any]:
    """``deal``: the dealt hands by seat, the dealer's ``dealer_hand_size`` tiles, the others'
    ``hand_size``."""
    return {
        "type": "array",
        "description": description,
        "items": tile_list(hand_size, dealer_hand_size),
        "minItems": NUM_SEATS,
        "maxItems": NUM_SEATS,
    }


def events_property(max_events: int) -> dict[str, Any]:
    """``events``: the record's events, each one ``$defs.event``."""
    return {"type": "array", "items": {"$ref": "#/$defs/event"}, "maxItems": max_events}


def no_wall_rule(required: list[str], deal_only_without_wall: bool = False) -> dict[str, Any]:
    """Without a wall: ``required`` are given and every draw names its tile; with
    ``deal_only_without_wall`` a record with a wall gives no deal (Changsha, CS-2.1)."""
    rule: dict[str, Any] = {
        "if": {"not": {"required": ["wall"]}},
        "then": {
            "required": required,
            "properties": {
                "events": {
                    "items": {
                        "if": {"properties": {"type": {"const": "draw"}}, "required": ["type"]},
                        "then": {"required": ["tile"]},
                    }
                }
            },
        },
    }
    if deal_only_without_wall:
        rule["else"] = {"not": {"required": ["deal"]}}
    return rule


def render_schema(schema: dict[str, Any]) -> str:
    """A published schema file's exact text: stable key order and a trailing newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schema(render: Callable[[], str], output: Path, argv: list[str] | None) -> int:
    """``python -m schemas.<x>_jsonschema [path]``: write ``render()`` to ``output`` (or the path)."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else output
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render(), encoding="utf-8")
    print(f"wrote {target}")
    return 0


def _tile_list(n_min: int, n_max: int) -> dict[str, Any]:
    return tile_list(n_min, n_max)


def _points(nullable: bool, lo: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": ["integer", "null"] if nullable else "integer"}
    schema.update(minimum=lo, maximum=MAX_POINTS)
    return schema


def envelope_properties(record_format: str) -> dict[str, Any]:
    """The JSON Schema of the envelope every format shares (``schemas.envelope``), by field."""
    return {
        "format": {"const": record_format},
        "hand_id": {**_ID, "description": "unique within source"},
        "source": {**_ID, "description": "the uploading app's id"},
        "played_at": {
            "type": "string",
            "format": "date-time",
            "maxLength": PLAYED_AT_MAX_LENGTH,
            "pattern": f"^{PLAYED_AT_PATTERN}$",
            "description": "RFC 3339 timestamp with offset, e.g. 2026-11-29T20:15:03+08:00",
        },
        "session": {
            "type": "object",
            "description": "links the hands of one sitting, in order",
            "properties": {
                "id": _ID,
                "hand_no": {"type": "integer", "minimum": 1, "maximum": MAX_HAND_NO},
            },
            "required": ["id", "hand_no"],
            "additionalProperties": False,
        },
        "seats": {
            "type": "array",
            "description": "index = seat number (turn order 0→1→2→3)",
            "items": {
                "type": "object",
                "properties": {
                    "player_id": {
                        "type": "string",
                        "minLength": 1,
                        "maxLength": PLAYER_ID_MAX_LENGTH,
                        "pattern": f"^{TEXT_PATTERN}$",
                    },
                    "name": {"type": "string", "maxLength": NAME_MAX_LENGTH, "pattern": f"^{TEXT_PATTERN}$"},
                },
                "required": ["player_id"],
                "additionalProperties": False,
            },
            "minItems": NUM_SEATS,
            "maxItems": NUM_SEATS,
        },
    }


#: One entry per ruleset parameter (RULES.md §11); a test checks the names match the engine's.
_OVERRIDES: dict[str, dict[str, Any]] = {
    "pizi": {
        "type": "array",
        "items": _TILE_REF,
        "minItems": 1,
        "maxItems": 8,
        "description": '["C"] or ["C", "F"] (红中发财 variant), in any tile spelling',
    },
    "open_mode": {"enum": ["kaikou", "koukou"]},
    "laizi_gang_factor": {"enum": [4, 2]},
    "laizi_discard_factor": {"enum": [2, 4]},
    "big_hand_stacking": {"enum": ["double", "add"]},
    "cap": _points(True, 1),
    "golden": _points(True, 1),
    "sunshine": _points(True, 1),
    "triple_sunshine": _points(True, 1),
    "liability_cap": _points(True, 1),
    "qihu": _points(False, 0),
    "qihu_scope": {"enum": ["all", "any"]},
    "quanqiuren_liability": {"enum": ["not_tenpai", "jiang_tile"]},
    "third_feed_hands": {
        "type": "array",
        "items": {"enum": ["qingyise", "jiangyise"]},
        "minItems": 1,
        "maxItems": 8,
        "contains": {"const": "qingyise"},
        "description": '["qingyise"] or ["qingyise", "jiangyise"]',
    },
    "qianggang_mode": {"enum": ["robber", "robbed_gangkai"]},
    "fengyise_golden": {"type": "boolean"},
    "haidi_trigger": {"type": "integer", "minimum": 4, "maximum": 100},
    "haidi_draws": {"type": "integer", "minimum": 0, "maximum": 4, "description": "at most haidi_trigger"},
    "jianjiang": {
        "type": "boolean",
        "description": "R-7.13 见将胡: a 将 pair needs a real 2/5/8, two laizi do not make one",
    },
    "jianzi_self_draw_only": {
        "type": "boolean",
        "description": "R-7.14 见字胡: a hand that wins on any tile wins only by self-draw or 抢杠",
    },
    "dealer_rotation": {
        "enum": ["next", "winner"],
        "description": "R-2.2 next: after a non-dealer win the dealer's 下家 deals; R-2.3 winner: the winner",
    },
    "qipi": {
        "type": "boolean",
        "description": "R-3.6 七皮: the indicator's kind and the one before it are 皮 (pizi); needs pizi [C]",
    },
    "haidi_play_on": {
        "type": "boolean",
        "description": "R-3.7: play (discards, claims, every gang) goes on to the last tile; the last "
        "haidi_draws draws are haidi draws",
    },
    "special_discard": {
        "enum": ["allowed", "gang_only"],
        "description": "R-4.5 gang_only: a pizi or laizi leaves the hand only as its gang, not as a discard",
    },
    "laizi_limit": {
        "enum": ["held", "wild"],
        "description": "R-4.3 held: two laizi held forbid 屁胡; R-4.6 wild: only laizi used as wildcards "
        "count, one for 屁胡, two for a big hand",
    },
    "strict_jiang": {
        "type": "boolean",
        "description": "R-7.15: 杠上开/海底捞/抢杠 only on four melds plus a 将 pair; 全求人's pair a 将",
    },
    "haidi_self_draw_factor": {
        "type": "boolean",
        "description": "R-10.10: a 海底捞 on a normal draw takes the big-hand self-draw factor 1.5",
    },
    "qianggang_fangchong": {
        "type": "boolean",
        "description": "R-10.11: in robber mode the robbed player takes the 放冲 factor",
    },
}

assert set(_OVERRIDES) == set(VALIDATORS), "describe every ruleset parameter in _OVERRIDES"

_EVENT_DESCRIPTIONS = {
    "draw": "a draw from the front, the replacement after a gang (from the back), or a haidi draw; "
    "tile is required when the record has no wall and must match the wall when it has one",
    "discard": "a discard",
    "chi": "claims the last discard from the seat's 上家 with the two tiles from hand",
    "peng": "claims the last discard with a pair",
    "gang": "a kong; ming claims the last discard, the others are on the seat's own turn",
    "hu": "a win (self-draw, on the last discard, or robbing the last xu-gang)",
    "pass": "optional: a player declined a claim",
    "huangzhuang": "the hand ended in a draw after the haidi draws",
}


def _event_field(name: str) -> dict[str, Any] | None:
    return {"tiles": _tile_list(2, 2), "kind": {"enum": list(GANG_KINDS)}}.get(name)


def _event_schema(event_type: str) -> dict[str, Any]:
    return event_object(event_type, event_fields(event_type), _EVENT_DESCRIPTIONS[event_type], _event_field)


def deal_matches_dealer() -> list[dict[str, Any]]:
    """One ``if dealer == k then deal[k] has 14 tiles, the others 13`` per seat."""
    rules = []
    for dealer in range(NUM_SEATS):
        hands = [
            {"minItems": n, "maxItems": n}
            for n in (DEALER_HAND_SIZE if seat == dealer else HAND_SIZE for seat in range(NUM_SEATS))
        ]
        rules.append(
            {
                "if": {"properties": {"dealer": {"const": dealer}}, "required": ["dealer"]},
                "then": {"properties": {"deal": {"prefixItems": hands}}},
            }
        )
    return rules


#: the old private name, still imported by branches written before it was shared
_deal_matches_dealer = deal_matches_dealer


def suited_tile_defs(codes: tuple[str, ...], rule_id: str) -> dict[str, Any]:
    """``$defs`` ``tile_code`` and ``tile`` of a game of 108 suited tiles (Sichuan, Changsha).

    ``codes`` are the game's canonical codes (its marshmallow schema's ``SUITED_CODES``); every
    exact spelling of an honour is refused, naming the game's rule ``rule_id``. Other spellings
    are left to the server (the alias table is too large to list usefully).
    """
    honours: list[Any] = [alias for alias, kind in ALIASES.items() if kind in HONOURS]
    honours += [f"0x{code:02x}" for code, kind in SERVER_CODES.items() if kind in HONOURS]
    return {
        "tile_code": {
            "description": "canonical tile codes: what the server stores and returns",
            "enum": list(codes),
        },
        "tile": {
            "description": (
                "a suited tile in any accepted spelling, normalised by the server to a canonical "
                "code (#/$defs/tile_code: 1m-9m 万, 1s-9s 条, 1p-9p 筒). Also accepted: Chinese "
                "names (五万, 5万, 三条, 9筒, ...) and the integer codes of Chinese game servers "
                '(0x01-0x09 万, 0x11-0x19 条, 0x21-0x29 筒), as JSON integers or strings like "0x25". '
                f"An honour tile (东 南 西 北 中 发 白) makes the record invalid ({rule_id})."
            ),
            "anyOf": [
                {"type": "string", "minLength": 1, "maxLength": MAX_TILE_TOKEN},
                {
                    "type": "integer",
                    "enum": sorted(c for c, k in SERVER_CODES.items() if k not in HONOURS),
                },
            ],
            "not": {"enum": honours},
            "examples": ["5m", "五万", "9筒", 37],
        },
    }


def hand_record_json_schema() -> dict[str, Any]:
    """The JSON Schema of one hand record (NDJSON uploads: one such object per line)."""
    canonical = list(CODES)
    envelope = envelope_properties(FORMAT)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"Wuhan mahjong hand record, format {FORMAT}",
        "description": (
            "One hand (一盘) of Wuhan mahjong (红中赖子杠) as uploaded by an app. Unknown fields are "
            "errors at every level. The server (schemas.hand_record.validate_record) is the "
            "authority; this schema cannot express: result.deltas summing to 0, "
            f"laizi_indicator matching wall[{WALL_INDICATOR_INDEX}], "
            "played_at being a real calendar date, and the exact set of tile spellings. "
            "See docs/hand-record.md."
        ),
        "type": "object",
        "properties": {
            **{name: envelope[name] for name in ("format", "hand_id", "source", "played_at", "session")},
            "ruleset": {
                "type": "object",
                "description": "a preset and optional overrides of any ruleset parameter (RULES.md §11)",
                "properties": {
                    "preset": {"enum": list(PRESETS)},
                    "overrides": {
                        "type": "object",
                        "properties": _OVERRIDES,
                        "additionalProperties": False,
                    },
                },
                "required": ["preset"],
                "additionalProperties": False,
            },
            "seats": envelope["seats"],
            "dealer": _SEAT_REF,
            "wall": {
                **_tile_list(WALL_SIZE, WALL_SIZE),
                "description": (
                    "all 136 tiles in the order they leave the wall from the front: the deal, "
                    f"then the indicator (wall[{WALL_INDICATOR_INDEX}]), then the live draws; "
                    "kong replacements are taken from the end"
                ),
            },
            "deal": deal_property("the four starting hands, by seat: the dealer 14 tiles, the others 13"),
            "laizi_indicator": {
                **_TILE_REF,
                "description": "the flipped tile; required without wall, must match the wall with one",
            },
            "events": {
                "type": "array",
                "items": {"$ref": "#/$defs/event"},
                "maxItems": MAX_EVENTS,
            },
            "result": {
                "type": "object",
                "description": "what the app settled; every field is optional and audited",
                "properties": {
                    "winner": {"oneOf": [_SEAT_REF, {"type": "null"}], "description": "null for a draw"},
                    "hands": {
                        "type": "array",
                        "items": {"enum": list(HAND_TYPES)},
                        "maxItems": len(HAND_TYPES),
                        "uniqueItems": True,
                    },
                    "self_draw": {"type": "boolean"},
                    "hard": {"type": ["boolean", "null"]},
                    "liable": {"oneOf": [_SEAT_REF, {"type": "null"}]},
                    "deltas": {
                        "type": "array",
                        "description": "points won (+) or paid (-) by seat; must sum to 0",
                        "items": {"type": "integer", "minimum": -MAX_DELTA, "maximum": MAX_DELTA},
                        "minItems": NUM_SEATS,
                        "maxItems": NUM_SEATS,
                    },
                },
                "additionalProperties": False,
            },
        },
        "required": ["format", "hand_id", "source", "ruleset", "seats", "dealer", "events"],
        "additionalProperties": False,
        "allOf": [
            no_wall_rule(["deal", "laizi_indicator"]),
            *deal_matches_dealer(),
        ],
        "$defs": {
            "seat": seat_def(),
            "tile_code": {
                "description": "canonical tile codes: what the server stores and returns",
                "enum": canonical,
            },
            "tile": {
                "description": (
                    "a tile in any accepted spelling, normalised by the server to a canonical code "
                    "(#/$defs/tile_code: " + " ".join(canonical) + "). Also accepted: Chinese names "
                    "(五万, 5万, 東風/东, 红中/中, 发财/发, 白板/白, ...), mpsz honours 1z-7z "
                    "(1z=E 2z=S 3z=W 4z=N 5z=P 6z=F 7z=C), and the integer codes of Chinese game "
                    "servers (0x01-0x09 万, 0x11-0x19 条, 0x21-0x29 筒, 0x31-0x37 E S W N C F P), "
                    'as JSON integers or as strings like "0x35".'
                ),
                "anyOf": [
                    {"type": "string", "minLength": 1, "maxLength": MAX_TILE_TOKEN},
                    {"type": "integer", "enum": sorted(SERVER_CODES)},
                ],
                "examples": ["5m", "E", "五万", "7z", 53],
            },
            "event": event_union(EVENT_TYPES, _event_schema),
        },
    }


def render() -> str:
    """The file's exact text: stable key order and a trailing newline, so diffs stay small."""
    return render_schema(hand_record_json_schema())


def main(argv: list[str] | None = None) -> int:
    """Write the schema to ``docs/hand-record.schema.json`` (or the path given)."""
    return write_schema(render, OUTPUT, argv)


if __name__ == "__main__":
    raise SystemExit(main())
