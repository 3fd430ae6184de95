"""JSON Schema (draft 2020-12) of hand record format ``sichuan-hand/1``, for app developers.

As for ``wuhan-hand/1`` (``schemas.jsonschema``): apps validate their uploads with off-the-shelf
tooling, the server's marshmallow schema (``schemas.sichuan_hand``) stays the authority, and the
JSON Schema is built from the same constants and names (the envelope from
``schemas.jsonschema.envelope_properties``, the vocabulary from ``replay.games.sichuan``) so the
two cannot drift apart silently. ``tests/schemas/test_sichuan_jsonschema.py`` checks that the published
file ``docs/sichuan-hand.schema.json`` is this function's output, and that the JSON Schema never
refuses what the server accepts.

Regenerate with ``python -m schemas.sichuan_jsonschema``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from replay.games.sichuan.params import MODES, PRESETS, VALIDATORS, WAYS
from replay.games.sichuan.vocabulary import (
    GANG_KINDS,
    HAND_TYPES,
    SUIT_ALIASES,
    SWAP_DIRECTIONS,
    TRANSFER_KINDS,
)
from schemas.envelope import NUM_SEATS
from schemas.events import SUITED_CODES
from schemas.jsonschema import (
    SEAT_REF,
    TILE_REF,
    array_of,
    deal_matches_dealer,
    deal_property,
    envelope_properties,
    event_object,
    event_union,
    events_property,
    int_range,
    no_wall_rule,
    render_schema,
    seat_def,
    suited_tile_defs,
    tile_list,
    write_schema,
)
from schemas.sichuan_hand import (
    EVENT_TYPES,
    FORMAT,
    MAX_COINS,
    MAX_EVENTS,
    MAX_GEN,
    MAX_MULTIPLE,
    MAX_TRANSFERS,
    MAX_WINS,
    SWAP_SIZE,
    WALL_SIZE,
    event_fields,
)

SCHEMA_ID = "https://wuhan-replay.invalid/schemas/sichuan-hand-v1.schema.json"
OUTPUT = Path(__file__).resolve().parent.parent / "docs" / "sichuan-hand.schema.json"

_TILE_REF = TILE_REF
_SEAT_REF = SEAT_REF
_SEAT_OR_NULL = {"oneOf": [_SEAT_REF, {"type": "null"}]}


_tile_list = tile_list


def _bool() -> dict[str, Any]:
    return {"type": "boolean"}


_int = int_range


#: One entry per Sichuan parameter (sichuan.md §8); a test checks the names match the engine's.
_OVERRIDES: dict[str, dict[str, Any]] = {
    "mode": {"enum": list(MODES), "description": "xuezhan 血战到底 or xueliu 血流成河"},
    "base": {**_int(1, 10**9), "description": "底注: coins per unit"},
    "swap_three": {"enum": ["off", "same_suit", "any"], "description": "换三张 (SC-2.1)"},
    "swap_direction": {"enum": ["random", "next", "prev", "across"]},
    "dingque": {**_bool(), "description": "定缺 (SC-2.2)"},
    "que_first": _bool(),
    "pass_hu": {"enum": ["until_draw", "higher_ok", "free"], "description": "过水 (SC-3.5)"},
    "forced_hu_last": {**_int(0, WALL_SIZE), "description": "0 = off (SC-1.7)"},
    "gang_min_wall": _int(1, 2),
    "cap": {
        "description": 'SC-5.1: null = no cap, {"fan": n} = 2ⁿ, {"multiple": m} = m',
        "oneOf": [
            {"type": "null"},
            {
                "type": "object",
                "properties": {"fan": _int(0, 30)},
                "required": ["fan"],
                "additionalProperties": False,
            },
            {
                "type": "object",
                "properties": {"multiple": _int(1, 10**9)},
                "required": ["multiple"],
                "additionalProperties": False,
            },
        ],
    },
    "zimo_bonus": {"enum": ["di", "fan", "none"], "description": "自摸加底 / 自摸加番 (SC-5.3)"},
    "di_in_cap": _bool(),
    "diangang_hua": {"enum": ["zimo", "dianpao"], "description": "点杠花 (SC-5.4)"},
    "ways": {
        "type": "array",
        "items": {"enum": list(WAYS)},
        "maxItems": 8,
        "description": "the ways that double (SC-4.4)",
    },
    "tiandihu": _bool(),
    "jiang_hands": _bool(),
    "hujiao_zhuanyi": {"enum": ["last", "all", "off"], "description": "呼叫转移 (SC-5.6)"},
    "huazhu_multiple": _int(0, 10**6),
    "chadajiao": _bool(),
    "tuishui": _bool(),
    "draw_dealer": {"enum": ["stay", "next"]},
    "bankruptcy": {**_bool(), "description": "破产 (§7); the record then gives stacks"},
}

assert set(_OVERRIDES) == set(VALIDATORS), "describe every Sichuan parameter in _OVERRIDES"

_EVENT_DESCRIPTIONS = {
    "swap": "换三张 (SC-2.1): tiles[s] are the three tiles seat s gave away; direction is where "
    "they went (next s→s+1, prev s→s−1, across s→s+2)",
    "dingque": "定缺 (SC-2.2): suits[s] is seat s's void suit",
    "draw": "a draw from the front, or the replacement after a kong (from the back); tile is "
    "required when the record has no wall and must match the wall when it has one",
    "discard": "a discard",
    "peng": "claims the last discard with a pair",
    "gang": "a kong: ming 直杠 claims the last discard, an 暗杠 and xu 补杠 are on the seat's own turn",
    "hu": "a win: by self-draw, on the last discard, or robbing the last 补杠; several seats "
    "winning on one tile are consecutive hu events",
    "pass": "optional: a player declined a claim",
    "huangzhuang": "the wall ran out (流局); the end-of-wall checks follow",
}


def _event_field(name: str) -> dict[str, Any] | None:
    if name == "kind":
        return {"enum": list(GANG_KINDS)}
    if name == "direction":
        return {"enum": list(SWAP_DIRECTIONS)}
    if name == "tiles":
        return array_of(_tile_list(SWAP_SIZE), NUM_SEATS, NUM_SEATS)
    if name == "suits":
        return array_of({"$ref": "#/$defs/suit"}, NUM_SEATS, NUM_SEATS)
    return None


def _event_schema(event_type: str) -> dict[str, Any]:
    return event_object(event_type, event_fields(event_type), _EVENT_DESCRIPTIONS[event_type], _event_field)


def _result() -> dict[str, Any]:
    coins = _int(-MAX_COINS, MAX_COINS)
    win = {
        "type": "object",
        "description": "one win, in settlement order",
        "properties": {
            "seat": _SEAT_REF,
            "from": {**_SEAT_OR_NULL, "description": "the discarder (robbed seat); null = self-draw 自摸"},
            "tile": _TILE_REF,
            "hand": {"enum": list(HAND_TYPES), "description": "the single highest hand type (SC-4.2)"},
            "gen": {**_int(0, MAX_GEN), "description": "G (根/杠) in the multiple (SC-4.3)"},
            "ways": {
                "type": "array",
                "items": {"enum": list(WAYS)},
                "maxItems": len(WAYS),
                "uniqueItems": True,
            },
            "multiple": {**_int(1, MAX_MULTIPLE), "description": "M before the cap (32 if flat 天胡/地胡)"},
        },
        "required": ["seat"],
        "additionalProperties": False,
    }
    transfer = {
        "type": "object",
        "description": "one payment between two seats, in coins after bankruptcy (§7)",
        "properties": {
            "kind": {"enum": list(TRANSFER_KINDS)},
            "from": _SEAT_REF,
            "to": {**_SEAT_REF, "description": "differs from from"},
            "amount": _int(0, MAX_COINS),
        },
        "required": ["kind", "from", "to", "amount"],
        "additionalProperties": False,
    }
    seats = {"type": "array", "items": _SEAT_REF, "maxItems": NUM_SEATS, "uniqueItems": True}
    return {
        "type": "object",
        "description": "what the app settled; every field is optional and audited",
        "properties": {
            "wins": {"type": "array", "items": win, "maxItems": MAX_WINS},
            "huazhu": {**seats, "description": "the eligible 花猪 seats at an end of wall (SC-6.1)"},
            "tenpai": {**seats, "description": "the eligible seats with 下叫 at an end of wall (SC-6.2)"},
            "transfers": {"type": "array", "items": transfer, "maxItems": MAX_TRANSFERS},
            "next_dealer": _SEAT_REF,
            "deltas": {
                "type": "array",
                "description": "coins won (+) or paid (-) by seat; must sum to 0",
                "items": coins,
                "minItems": NUM_SEATS,
                "maxItems": NUM_SEATS,
            },
        },
        "additionalProperties": False,
    }


def _stacks_with_bankruptcy() -> dict[str, Any]:
    """``stacks`` is required with ``bankruptcy: true`` and refused without it (§7)."""
    bankrupt = {"properties": {"bankruptcy": {"const": True}}, "required": ["bankruptcy"]}
    return {
        "if": {
            "properties": {"ruleset": {"properties": {"overrides": bankrupt}, "required": ["overrides"]}},
            "required": ["ruleset"],
        },
        "then": {"required": ["stacks"]},
        "else": {"not": {"required": ["stacks"]}},
    }


def sichuan_hand_json_schema() -> dict[str, Any]:
    """The JSON Schema of one Sichuan hand record (NDJSON uploads: one such object per line)."""
    envelope = envelope_properties(FORMAT)
    suit_pattern = "|".join(SUIT_ALIASES)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"Sichuan mahjong hand record, format {FORMAT}",
        "description": (
            "One hand (一盘) of Sichuan mahjong (血战到底 xuezhan / 血流成河 xueliu) as uploaded by an "
            "app. Unknown fields are errors at every level. The server "
            "(schemas.sichuan_hand.validate_record) is the authority; this schema cannot express: "
            "result.deltas summing to 0, a transfer's from and to differing, played_at being a "
            "real calendar date, and the exact set of tile spellings. See docs/sichuan-hand.md."
        ),
        "type": "object",
        "properties": {
            **{name: envelope[name] for name in ("format", "hand_id", "source", "played_at", "session")},
            "ruleset": {
                "type": "object",
                "description": "a preset and optional overrides of any parameter (sichuan.md §8)",
                "properties": {
                    "preset": {"enum": list(PRESETS)},
                    "overrides": {"type": "object", "properties": _OVERRIDES, "additionalProperties": False},
                },
                "required": ["preset"],
                "additionalProperties": False,
            },
            "seats": envelope["seats"],
            "dealer": _SEAT_REF,
            "stacks": {
                "type": "array",
                "description": "with bankruptcy only: each seat's coins at the start (§7)",
                "items": _int(1, MAX_COINS),
                "minItems": NUM_SEATS,
                "maxItems": NUM_SEATS,
            },
            "wall": {
                **_tile_list(WALL_SIZE),
                "description": (
                    "all 108 tiles in the order they leave the wall from the front: the deal (4-4-4 "
                    "to each seat from the dealer, three rounds, 1 each, the dealer's 14th), then the "
                    "live draws; kong replacements are taken from the end (SC-1.4)"
                ),
            },
            "deal": deal_property(
                "the hands dealt (before 换三张), by seat: the dealer 14 tiles, the others 13"
            ),
            "events": events_property(MAX_EVENTS),
            "result": _result(),
        },
        "required": ["format", "hand_id", "source", "ruleset", "seats", "dealer", "events"],
        "additionalProperties": False,
        "allOf": [
            no_wall_rule(["deal"]),
            *deal_matches_dealer(),
            _stacks_with_bankruptcy(),
        ],
        "$defs": {
            "seat": seat_def(),
            **suited_tile_defs(SUITED_CODES, "SC-1.1"),
            "suit": {
                "description": "a suit: m 万, s 条 or p 筒 (also 萬 條 索 饼 餅); stored as the letter",
                "type": "string",
                "pattern": rf"^\s*({suit_pattern})\s*$",
            },
            "event": event_union(EVENT_TYPES, _event_schema),
        },
    }


def render() -> str:
    """The file's exact text: stable key order and a trailing newline, so diffs stay small."""
    return render_schema(sichuan_hand_json_schema())


def main(argv: list[str] | None = None) -> int:
    """Write the schema to ``docs/sichuan-hand.schema.json`` (or the path given)."""
    return write_schema(render, OUTPUT, argv)


if __name__ == "__main__":
    raise SystemExit(main())
