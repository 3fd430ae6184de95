"""JSON Schema (draft 2020-12) of hand record format ``changsha-hand/1``, for app developers.

As for ``wuhan-hand/1`` (``schemas.jsonschema``) and ``sichuan-hand/1``
(``schemas.sichuan_jsonschema``): apps validate their uploads with off-the-shelf tooling, the
server's marshmallow schema (``schemas.changsha_hand``) stays the authority, and the JSON Schema
is built from the same constants and names (the envelope from
``schemas.jsonschema.envelope_properties``, the event fields from
``schemas.changsha_hand.event_fields``, the parameters from ``replay.games.changsha.params``) so
the two cannot drift apart silently. ``tests/schemas/test_changsha_jsonschema.py`` checks that the
published file ``docs/changsha-hand.schema.json`` is this function's output, and that the JSON
Schema never refuses what the server accepts.

Regenerate with ``python -m schemas.changsha_jsonschema``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from replay.games.changsha.params import CHOICES, EXTRA_HANDS, FLAGS, INT_RANGES, PRESETS, VALIDATORS
from replay.games.changsha.reading import OPENING_HANDS
from schemas.changsha_hand import (
    DEALER_HAND_SIZE,
    EVENT_TYPES,
    FORMAT,
    GANG_KINDS,
    GANG_MODES,
    MAX_BIRDS,
    MAX_COINS,
    MAX_EVENTS,
    MAX_HAND_IDS,
    MAX_OVERRIDE_LIST,
    SEAT_KEYS,
    WALL_SIZE,
    WIN_HANDS,
    event_fields,
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

SCHEMA_ID = "https://wuhan-replay.invalid/schemas/changsha-hand-v1.schema.json"
OUTPUT = Path(__file__).resolve().parent.parent / "docs" / "changsha-hand.schema.json"

_TILE_REF = TILE_REF
_SEAT_REF = SEAT_REF
#: the two dice of a 开杠 (CS-2.4) and the bird die of a ``continue``-mode 起手胡
_DIE = {"type": "integer", "minimum": 1, "maximum": 6}


_array = array_of
_tile_list = tile_list
_int = int_range


#: What each §7 parameter means; the values come from ``replay.games.changsha.params``.
_PARAMETER_DESCRIPTIONS: dict[str, str] = {
    "units": "CS-6.3 plain column: small self-draw, small discard, big self-draw, big discard",
    "dealer_bonus": "added to a unit in the dealer column (庄家: S3 +10)",
    "dealer_scaling": "CS-6.2 per_hand: k × (unit + dealer_bonus); once: k × unit + dealer_bonus",
    "qishou_mode": "起手胡 (CS-5.2): end the hand, continue it, or off",
    "qishou_per_instance": "起手胡 (CS-5.1): 四喜 counts per quad kind, 六六顺 per two pung kinds",
    "birds": "扎鸟 (CS-6.4): how many birds",
    "bird_mode": "CS-6.4 h birds hitting the pair: double ×2^h, linear ×(1 + h), plus + h small units",
    "bird_from": "the seat the birds count from (CS-6.4)",
    "multi_hu": "通炮 (CS-3.2): every seat declaring a win on a discard wins",
    "louhu_scope": "漏胡 (CS-3.9): the lock covers the same tile or any tile",
    "kaigang_draws": "开杠 (CS-3.5): 2 picks, one per die, or 1 pick with the sum",
    "shuang_kaihua": "双杠上开花 (CS-4.3)",
    "kaigang_claims": "开杠 tiles (CS-3.5): all claims or only wins",
    "haidi_roam": "海底漫游 (CS-2.6): the 海底 is offered on; false: the due seat must take it",
    "extra_hands": "CS-4.3's optional hands: quanqiuren 全求人, haohua 豪华七小对",
}


def _parameter(name: str) -> dict[str, Any]:
    """One §7 parameter's JSON Schema, from the constants its validator is built on."""
    described = {"description": _PARAMETER_DESCRIPTIONS[name]}
    if name == "units":
        return {**_array(_int(*INT_RANGES[name]), 4, 4), **described}
    if name == "extra_hands":
        return {**_array({"enum": list(EXTRA_HANDS)}, 0, MAX_OVERRIDE_LIST), **described}
    if name in CHOICES:
        return {"enum": list(CHOICES[name]), **described}
    if name in INT_RANGES:
        return {**_int(*INT_RANGES[name]), **described}
    if name in FLAGS:
        return {"type": "boolean", **described}
    raise AssertionError(f"no JSON Schema for parameter {name}")  # pragma: no cover


_EVENT_DESCRIPTIONS = {
    "qishou": "起手胡 (CS-5): an opening hand declared before the dealer's first discard or kong; "
    "tiles are the ones shown, die the bird die in continue mode",
    "draw": "a front draw, a 补张 back draw or a 开杠 dice pick (the board knows which from the "
    "events before); tile is required when the record has no wall and must match the wall when it has one",
    "discard": "a discard",
    "chi": "claims the last discard (only the discarder's 下家, CS-3.2) with two tiles from hand; "
    "tile names the claimed one on 开杠 tiles",
    "peng": "claims the last discard with a pair; tile names it on 开杠 tiles",
    "gang": "a kong: an 暗杠, xu 补杠 or ming 直杠, declared as bu 补张 or kai 开杠 (dice with kai); "
    "its replacement draws follow",
    "hu": "a win: self-draw, on the last discard or 开杠 tile, robbing a xu kong, or on the 海底; "
    "consecutive hu events on one tile are 通炮",
    "pass": "optional: 漏胡 (CS-3.9) is derived from wins not declared",
    "haidi": "one offer of the 海底 (CS-2.6), taken or declined; a take may name the tile",
    "birds": "扎鸟 (CS-6.4) after the last hu or the end-mode declarations; must match the wall if given",
    "huangzhuang": "黄庄: the wall is empty or all four declined the 海底",
}


def _event_field(event_type: str, name: str) -> dict[str, Any] | None:
    if name == "kind":
        return {"enum": list(GANG_KINDS)}
    if name == "mode":
        return {"enum": list(GANG_MODES)}
    if name == "dice":
        return _array(_DIE, 2, 2)
    if name == "die":
        return _DIE
    if name == "take":
        return {"type": "boolean"}
    if name == "kinds":
        opening = {"enum": list(OPENING_HANDS)}
        return {**_array(opening, 1, len(OPENING_HANDS)), "uniqueItems": True}
    tiles = {"qishou": (0, DEALER_HAND_SIZE), "chi": (2, 2), "birds": (0, MAX_BIRDS)}
    if name == "tiles" and event_type in tiles:
        return _tile_list(*tiles[event_type])
    return None


def _event_schema(event_type: str) -> dict[str, Any]:
    return event_object(
        event_type,
        event_fields(event_type),
        _EVENT_DESCRIPTIONS[event_type],
        lambda name: _event_field(event_type, name),
    )


def _seat_map(ids: tuple[str, ...], description: str) -> dict[str, Any]:
    """``{"2": [ids]}``: seats as JSON string keys to 1 to MAX_HAND_IDS ids of one vocabulary."""
    hand_ids = _array({"enum": list(ids)}, 1, MAX_HAND_IDS)
    return {
        "type": "object",
        "description": description,
        "properties": dict.fromkeys(SEAT_KEYS, hand_ids),
        "additionalProperties": False,
    }


def _result() -> dict[str, Any]:
    return {
        "type": "object",
        "description": "what the app settled (§9); every field is optional and audited",
        "properties": {
            "winners": {
                **_array(_SEAT_REF, 0, NUM_SEATS),
                "uniqueItems": True,
                "description": "the seats that won (compared as a set); the end-mode 起手胡 declarers",
            },
            "discarder": {
                "oneOf": [_SEAT_REF, {"type": "null"}],
                "description": "the seat that paid a discard kind (the ganger, the robbed seat, the 海底 "
                "taker), or null",
            },
            "hands": _seat_map(WIN_HANDS, "each winner's hand ids (CS-4.3 big hands or pinghu 平胡)"),
            "qishou": _seat_map(OPENING_HANDS, "each declarer's opening hand ids (起手胡, CS-5.1)"),
            "birds": {**_tile_list(0, MAX_BIRDS), "description": "the birds (扎鸟, CS-6.4)"},
            "bird_seats": {
                **_array(_SEAT_REF, 0, MAX_BIRDS),
                "description": "the seat each bird hits, counted from bird_from",
            },
            "deltas": {
                **_array(_int(-MAX_COINS, MAX_COINS), NUM_SEATS, NUM_SEATS),
                "description": "units won (+) or paid (-) by seat; must sum to 0",
            },
            "next_dealer": {**_SEAT_REF, "description": "CS-1.3"},
        },
        "additionalProperties": False,
    }


def changsha_hand_json_schema() -> dict[str, Any]:
    """The JSON Schema of one Changsha hand record (NDJSON uploads: one such object per line)."""
    envelope = envelope_properties(FORMAT)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"Changsha mahjong hand record, format {FORMAT}",
        "description": (
            "One hand (一盘) of Changsha mahjong (长沙麻将) as uploaded by an app. Unknown fields "
            "are errors at every level. The server (schemas.changsha_hand.validate_record) is the "
            "authority; this schema cannot express: result.deltas summing to 0, played_at being "
            "a real calendar date, and the exact set of tile spellings. See docs/changsha-hand.md."
        ),
        "type": "object",
        "properties": {
            **{name: envelope[name] for name in ("format", "hand_id", "source", "played_at", "session")},
            "ruleset": {
                "type": "object",
                "description": "a preset and optional overrides of any parameter (changsha.md §7)",
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
                    "all 108 tiles in front order (CS-2.1): the deal takes wall[0..52]; stack j is "
                    "wall[2j] over wall[2j+1]. Every draw (front, 补张 back, 开杠 dice pick, 海底) "
                    "and the birds are checked against it"
                ),
            },
            "deal": deal_property(
                "without a wall only: the four dealt hands, by seat: the dealer 14 tiles, the others 13"
            ),
            "events": events_property(MAX_EVENTS),
            "result": _result(),
        },
        "required": ["format", "hand_id", "source", "ruleset", "seats", "dealer", "events"],
        "additionalProperties": False,
        "allOf": [
            no_wall_rule(["deal"], deal_only_without_wall=True),
            *deal_matches_dealer(),
        ],
        "$defs": {
            "seat": seat_def(),
            **suited_tile_defs(SUITED_CODES, "CS-1.1"),
            "event": event_union(EVENT_TYPES, _event_schema),
        },
    }


def render() -> str:
    """The file's exact text: stable key order and a trailing newline, so diffs stay small."""
    return render_schema(changsha_hand_json_schema())


def main(argv: list[str] | None = None) -> int:
    """Write the schema to ``docs/changsha-hand.schema.json`` (or the path given)."""
    return write_schema(render, OUTPUT, argv)


if __name__ == "__main__":
    raise SystemExit(main())
