"""JSON Schema (draft 2020-12) of hand record format ``changchun-hand/1``, for app developers.

As for the other formats (``schemas.changsha_jsonschema``): apps validate their uploads with
off-the-shelf tooling, the server's marshmallow schema (``schemas.changchun_hand``) stays the
authority, and the JSON Schema is built from the same constants and names (the envelope from
``schemas.jsonschema.envelope_properties``, the tile definitions from the Wuhan schema: the same
34 kinds, CC-1.1; the event fields from ``schemas.changchun_hand.event_fields``, the parameters
from ``replay.games.changchun.params``) so the two cannot drift apart silently.
``tests/schemas/test_changchun_jsonschema.py`` checks that the published file
``docs/changchun-hand.schema.json`` is this function's output, and that the JSON Schema never
refuses what the server accepts.

Regenerate with ``python -m schemas.changchun_jsonschema``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from replay.games.changchun.params import CHOICES, FLAGS, MAX_POINTS, PRESETS, VALIDATORS
from replay.games.changchun.reading import WAYS
from schemas.changchun_hand import (
    DEALER_HAND_SIZE,
    EVENT_TYPES,
    FORMAT,
    GANG_KINDS,
    HAND_IDS,
    HAND_SIZE,
    MAX_COINS,
    MAX_EVENTS,
    MAX_FAN,
    MAX_OVERRIDE_LIST,
    SET_GANGS,
    SET_MAX,
    SET_MIN,
    TILE_GANGS,
    WALL_SIZE,
    event_fields,
)
from schemas.envelope import NUM_SEATS
from schemas.jsonschema import _deal_matches_dealer, envelope_properties, hand_record_json_schema

SCHEMA_ID = "https://wuhan-replay.invalid/schemas/changchun-hand-v1.schema.json"
OUTPUT = Path(__file__).resolve().parent.parent / "docs" / "changchun-hand.schema.json"

_TILE_REF = {"$ref": "#/$defs/tile"}
_SEAT_REF = {"$ref": "#/$defs/seat"}
_NULL = {"type": "null"}


def _array(items: dict[str, Any], lo: int, hi: int) -> dict[str, Any]:
    return {"type": "array", "items": items, "minItems": lo, "maxItems": hi}


def _tile_list(n: int, n_max: int | None = None) -> dict[str, Any]:
    return _array(_TILE_REF, n, n if n_max is None else n_max)


def _int(lo: int, hi: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": lo, "maximum": hi}


#: What each §7 parameter means; the values come from ``replay.games.changchun.params``.
_PARAMETER_DESCRIPTIONS: dict[str, str] = {
    "ladder": "CC-6.1 points paid for 0, 1, 2 … fan, never falling; longer n doubles the last entry",
    "gang_unit": "CC-6.3 the gang-money unit (杠分); null: the ladder's first entry",
    "dianpao_mode": "CC-6.2 who pays a win on a discard or a rob: all three, the discarder only, "
    "or the discarder covering all three",
    "bao_fan": "CC-5.7 the fan of a 宝 win (对宝, 摸宝)",
    "jiahu": "CC-5.7 夹胡: any single wait (duting), also the middle/edge tile (kan_bian), middle only (kan)",
    "dadan_tiles": "CC-3.5 the 大蛋 kinds (S4: 1s 1p C F P)",
    "reserve": "CC-1.5 the tiles kept at 荒庄: seed (S4's R(g)) or a fixed number",
    "bao_count": "CC-4.4 the die counts tiles (tile) or stacks (stack) from the back",
    "shoubayi": "CC-2.5 手把一: forbid the action, or only the win (CC-5.5)",
    "chi_from": "CC-2.2 chi only from the 上家, or from any seat",
    "ting_gang": "CC-4.3 a gang after 报听 keeps the same wait, or only keeps the seat ready",
    "ting_lock": "CC-4.3 the lock starts at 报听 or at the first look at the 宝",
    "qianghu": "CC-5.6 a robbed tile is settled as a discard (dianpao) or a self-draw (zimo)",
    "special_open": "CC-3.6 an opening set opens the hand (no 门清)",
    "special_in_piao": "CC-3.6 an opening set counts as a kong for 飘胡",
    "diangang_payer": "CC-6.3 a ming-gang's gang money: all three, or its discarder alone",
    "guohu": "CC-2.3 过胡: a seat that let a win pass may not win on a discard before its next draw",
    "cap": "CC-6.4 the most one loser pays in win money (null: no cap)",
}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"oneOf": [schema, _NULL]}


def _parameter(name: str) -> dict[str, Any]:
    """One §7 parameter's JSON Schema, from the constants its validator is built on."""
    described = {"description": _PARAMETER_DESCRIPTIONS[name]}
    if name == "ladder":
        return {**_array(_int(1, MAX_POINTS), 1, MAX_OVERRIDE_LIST), **described}
    if name == "gang_unit":
        return {**_nullable(_int(0, MAX_POINTS)), **described}
    if name == "cap":
        return {**_nullable(_int(1, MAX_POINTS)), **described}
    if name == "bao_fan":
        return {**_int(1, 2), **described}
    if name == "dadan_tiles":
        return {**_array(_TILE_REF, 0, MAX_OVERRIDE_LIST), **described}
    if name == "reserve":
        return {"oneOf": [{"const": "seed"}, _int(0, WALL_SIZE - 1)], **described}
    if name in CHOICES:
        return {"enum": list(CHOICES[name]), **described}
    if name in FLAGS:
        return {"type": "boolean", **described}
    raise AssertionError(f"no JSON Schema for parameter {name}")  # pragma: no cover


_EVENT_DESCRIPTIONS = {
    "draw": "a live draw from the front or a replacement draw from the back skipping the 宝 (the "
    "board knows which from the events before); tile is required when the record has no wall and "
    "must match the wall when it has one",
    "discard": "a discard",
    "chi": "claims the last discard (from the 上家 unless chi_from: any, CC-2.2) with two tiles from "
    "hand; tile, if given, names the claimed one",
    "peng": "claims the last discard with a pair; right after a bu it is 抢碰 (CC-2.4)",
    "gang": "an, xu, ming (as in wuhan-hand/1) or bu 补 (CC-3.3) with its tile; an opening set "
    "(CC-3.1: xuanfeng 旋风杠 E S W N, xi 喜杠 C F P, yaodan 幺蛋 1m 1s 1p, jiudan 九蛋 9m 9s 9p) "
    "with its tiles; no draw follows a 3-tile set",
    "hu": "a win: self-draw, on the last discard, robbing the last xu or 补杠 (抢胡), right after "
    "a look (对宝), or on a drawn 宝 (摸宝); several hu on one tile: the first in turn order wins (截胡)",
    "pass": "optional: a seat declined a claim",
    "ting": "报听 (CC-4.2), right after the seat's own discard",
    "bao": "a roll of the 宝 (CC-4.4, CC-4.7): index (its wall position) is required with a wall, "
    "tile without one; die, if given, is checked against index",
    "kanbao": "看宝 (CC-4.4): a 报听 seat looks at the standing 宝 before its draw",
    "bao_leak": "泄宝 (CC-4.8): the seat may not win for the rest of the hand; the 宝 is changed",
    "huangzhuang": "荒庄 (CC-1.5): the undrawn tiles reached the reserve",
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
        elif name == "die":
            properties[name] = _int(1, 6)
        elif name == "index":
            properties[name] = _int(0, WALL_SIZE - 1)
        elif (event_type, name) == ("chi", "tiles"):
            properties[name] = _tile_list(2)
        elif (event_type, name) == ("gang", "tiles"):
            properties[name] = _tile_list(SET_MIN, SET_MAX)
        else:  # pragma: no cover - a new event field must be described here
            raise AssertionError(f"no JSON Schema for event field {event_type}.{name}")
    out: dict[str, Any] = {
        "title": event_type,
        "description": _EVENT_DESCRIPTIONS[event_type],
        "type": "object",
        "properties": properties,
        "required": [name for name, required in spec.items() if required],
        "additionalProperties": False,
    }
    if event_type == "gang":  # a kong or 补 names its tile, an opening set its tiles
        out["if"] = {"properties": {"kind": {"enum": list(TILE_GANGS)}}}
        out["then"] = {"required": ["tile"], "not": {"required": ["tiles"]}}
        out["else"] = {
            "properties": {"kind": {"enum": list(SET_GANGS)}},
            "required": ["tiles"],
            "not": {"required": ["tile"]},
        }
    return out


def _amounts(description: str) -> dict[str, Any]:
    return {**_array(_int(-MAX_COINS, MAX_COINS), NUM_SEATS, NUM_SEATS), "description": description}


def _result() -> dict[str, Any]:
    return {
        "type": "object",
        "description": "what the app settled (§9); every field is optional and audited",
        "properties": {
            "winner": {**_nullable(_SEAT_REF), "description": "the one winner (截胡), null at 荒庄"},
            "discarder": {
                **_nullable(_SEAT_REF),
                "description": "the seat that dealt in or was robbed; null for a self-draw or 荒庄",
            },
            "way": {
                "oneOf": [{"enum": list(WAYS)}, _NULL],
                "description": "CC-5.6: zimo 自摸, dianpao 点炮, qianghu 抢胡, duibao 对宝, mobao 摸宝",
            },
            "hands": {
                **_array({"enum": list(HAND_IDS)}, 0, len(HAND_IDS)),
                "uniqueItems": True,
                "description": "the winner's fan ids (CC-5.7; pinghu 平胡 with none), compared as a set",
            },
            "fan": {
                **_array(_nullable(_int(0, MAX_FAN)), NUM_SEATS, NUM_SEATS),
                "description": "n(L) of CC-6.1 per seat; null for the winner and for non-payers",
            },
            "win_deltas": _amounts("the win money by seat (CC-6.1, CC-6.2); must sum to 0"),
            "gang_deltas": _amounts("the gang money by seat (杠分, CC-6.3); must sum to 0"),
            "deltas": _amounts("win money + gang money by seat (CC-6.4); must sum to 0"),
        },
        "additionalProperties": False,
    }


def changchun_hand_json_schema() -> dict[str, Any]:
    """The JSON Schema of one Changchun hand record (NDJSON uploads: one such object per line)."""
    envelope = envelope_properties(FORMAT)
    tiles = hand_record_json_schema()["$defs"]
    no_wall_item = {
        "if": {"properties": {"type": {"enum": ["draw", "bao"]}}, "required": ["type"]},
        "then": {"required": ["tile"]},
    }
    wall_item = {
        "if": {"properties": {"type": {"const": "bao"}}, "required": ["type"]},
        "then": {"required": ["index"]},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"Changchun mahjong hand record, format {FORMAT}",
        "description": (
            "One hand (一盘) of Changchun mahjong (长春麻将) as uploaded by an app. Unknown fields "
            "are errors at every level. The server (schemas.changchun_hand.validate_record) is the "
            "authority; this schema cannot express: result.deltas, win_deltas and gang_deltas "
            "summing to 0, a ladder that never falls, played_at being a real calendar date, and "
            "the exact set of tile spellings. See docs/changchun-hand.md."
        ),
        "type": "object",
        "properties": {
            **{name: envelope[name] for name in ("format", "hand_id", "source", "played_at", "session")},
            "ruleset": {
                "type": "object",
                "description": "a preset and optional overrides of any parameter (changchun.md §7)",
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
            "seats": envelope["seats"],
            "dealer": _SEAT_REF,
            "wall": {
                **_tile_list(WALL_SIZE),
                "description": (
                    "all 136 tiles (CC-1.4): the deal takes wall[0..52] (4-4-4 from the dealer, "
                    "then 1 each and the dealer's 14th), live draws take 53, 54, …, replacement "
                    "draws 135, 134, … skipping the 宝; no indicator. Every draw and 宝 roll is "
                    "checked against it"
                ),
            },
            "deal": {
                "type": "array",
                "description": "without a wall only: the four dealt hands, by seat: the dealer 14 tiles, "
                "the others 13",
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
                "then": {"required": ["deal"], "properties": {"events": {"items": no_wall_item}}},
                "else": {"not": {"required": ["deal"]}, "properties": {"events": {"items": wall_item}}},
            },
            *_deal_matches_dealer(),
        ],
        "$defs": {
            "seat": {"type": "integer", "minimum": 0, "maximum": NUM_SEATS - 1},
            "tile_code": tiles["tile_code"],
            "tile": tiles["tile"],
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
    return json.dumps(changchun_hand_json_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the schema to ``docs/changchun-hand.schema.json`` (or the path given)."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else OUTPUT
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render(), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
