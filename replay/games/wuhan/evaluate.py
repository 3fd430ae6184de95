"""``replay evaluate``: judge and settle one described win, the contract of issue #2.

Input is a table at the moment of a win (see ``docs/evaluate.md``); output says whether the
win is legal (with the rule it breaks when not) and, when legal, every seat's delta with a
receipt per loser. Malformed input gives ``{"error": {"field", "message"}}`` instead.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from replay.errors import InputError
from replay.failure import evaluate_error
from replay.games.wuhan.hand import WAYS, Meld
from replay.games.wuhan.judge import judge
from replay.games.wuhan.laizi import laizi_of, table_rules
from replay.games.wuhan.reasons import Reason, reason
from replay.games.wuhan.ruleset import Ruleset, ruleset_from_json
from replay.games.wuhan.table import SeatState, Table, Win
from replay.inputs import Unreadable, decode
from replay.tiles import NUM_KINDS, code, parse_tile, parse_tiles

_TOP = {"ruleset", "laizi_indicator", "laizi", "dealer", "winner", "win", "seats"}
_SEAT = {
    "hand",
    "melds",
    "pizi_gangs",
    "laizi_gangs",
    "pizi_discards",
    "laizi_discards",
    "pi_gangs",
    "pi_discards",
}
_MELD = {
    "chi": {"type", "tiles", "from"},
    "peng": {"type", "tile", "from"},
    "gang": {"type", "kind", "tile", "from"},
}


def _obj(value: object, field: str, allowed: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InputError(field, "must be an object")
    for key in value:
        if key not in allowed:
            path = f"{field}.{key}" if field else str(key)
            raise InputError(path, f"unknown field {key!r}")
    return value


def _int(value: object, field: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError(field, f"must be an integer from {lo} to {hi}, not {value!r}")
    return value


def _seat_no(value: object, field: str) -> int:
    return _int(value, field, 0, 3)


def _meld(value: object, field: str) -> Meld:
    kind = value.get("type") if isinstance(value, Mapping) else None
    if not isinstance(value, Mapping) or not isinstance(kind, str) or kind not in _MELD:  # [] is no key
        raise InputError(f"{field}.type", "must be 'chi', 'peng' or 'gang'")
    kind_of = str(value["type"])
    _obj(value, field, _MELD[kind_of])
    source = _seat_no(value["from"], f"{field}.from") if value.get("from") is not None else None
    if kind_of == "chi":
        tiles = parse_tiles(value.get("tiles"), f"{field}.tiles")
        if len(tiles) != 3:
            raise InputError(f"{field}.tiles", "a chi has exactly 3 tiles")
        if source is None:
            raise InputError(f"{field}.from", "required: the seat the chi'd tile came from")
        return Meld("chi", tuple(sorted(tiles)), None, source)
    if "tile" not in value:
        raise InputError(f"{field}.tile", "required")
    tile = parse_tile(value["tile"], f"{field}.tile")
    if kind_of == "peng":
        if source is None:
            raise InputError(f"{field}.from", "required: the seat the peng'd tile came from")
        return Meld("peng", (tile,) * 3, None, source)
    gang_kind = value.get("kind")
    if gang_kind not in ("ming", "an", "xu"):
        raise InputError(f"{field}.kind", f"must be 'ming', 'an' or 'xu', not {gang_kind!r}")
    if gang_kind == "an" and source is not None:
        raise InputError(f"{field}.from", "an an-gang (暗杠) claims nothing: leave 'from' out")
    if gang_kind != "an" and source is None:
        raise InputError(f"{field}.from", "required: the seat the claimed tile came from")
    return Meld("gang", (tile,) * 4, str(gang_kind), source)


def _seat(value: object, field: str) -> SeatState:
    v = _obj(value, field, _SEAT)
    melds_raw = v.get("melds", [])
    if not isinstance(melds_raw, list) or len(melds_raw) > 4:
        raise InputError(f"{field}.melds", "must be a list of at most 4 melds")
    hand = parse_tiles(v.get("hand", []), f"{field}.hand")
    if len(hand) > 14:
        raise InputError(f"{field}.hand", "holds more than 14 tiles")
    counts = {k: _int(v.get(k, 0), f"{field}.{k}", 0, 8) for k in sorted(_SEAT - {"hand", "melds"})}
    return SeatState(
        hand=hand,
        melds=[_meld(m, f"{field}.melds[{i}]") for i, m in enumerate(melds_raw)],
        **counts,
    )


def parse_input(value: object) -> tuple[Table, int, Win, int | None]:
    """The JSON input as engine objects; raises InputError naming the field."""
    v = _obj(value, "", _TOP)
    for required in ("ruleset", "dealer", "winner", "win", "seats"):
        if required not in v:
            raise InputError(required, "required")
    rules: Ruleset = ruleset_from_json(v["ruleset"])
    indicator: int | None = None
    if ("laizi" in v) == ("laizi_indicator" in v):
        raise InputError("laizi_indicator", "give exactly one of 'laizi_indicator' and 'laizi'")
    if "laizi" in v:
        laizi = parse_tile(v["laizi"], "laizi")
        if laizi in rules.pizi:
            raise InputError("laizi", f"a gang tile ({code(laizi)}) is never the laizi in this ruleset")
    else:
        indicator = parse_tile(v["laizi_indicator"], "laizi_indicator")
        laizi = laizi_of(indicator, rules)
    rules = table_rules(rules, laizi)  # the 皮 follow from the laizi alone
    dealer = _seat_no(v["dealer"], "dealer")
    winner = _seat_no(v["winner"], "winner")
    w = _obj(v["win"], "win", {"way", "tile", "from"})
    if w.get("way") not in WAYS:
        raise InputError("win.way", f"must be one of {', '.join(WAYS)}, not {w.get('way')!r}")
    way = str(w["way"])
    if way == "haidi_gang_draw" and not rules.haidi_play_on:
        raise InputError(
            "win.way", "haidi_gang_draw needs haidi_play_on (R-3.7): no kong after the haidi line"
        )
    if "tile" not in w:
        raise InputError("win.tile", "required")
    tile = parse_tile(w["tile"], "win.tile")
    source: int | None = None
    if way in ("discard", "rob"):
        if w.get("from") is None:
            raise InputError("win.from", f"required for a win by {way}: the discarder or robbed seat")
        source = _seat_no(w["from"], "win.from")
        if source == winner:
            raise InputError("win.from", "is the winner's own seat")
    elif w.get("from") is not None:
        raise InputError("win.from", f"a win by {way} takes no tile from another seat")
    seats_raw = v["seats"]
    if not isinstance(seats_raw, list) or len(seats_raw) != 4:
        raise InputError("seats", "must be a list of exactly 4 seats")
    seats = [_seat(s, f"seats[{i}]") for i, s in enumerate(seats_raw)]
    if not rules.qipi:
        for i, s in enumerate(seats):
            for name in ("pi_gangs", "pi_discards"):
                if getattr(s, name):
                    raise InputError(f"seats[{i}].{name}", "there are no 皮 without qipi (R-3.6)")
    # what everyone sees (R-9.1 dead waits): the indicator and the discard being won on
    seen = [t for t in (indicator, tile if way == "discard" else None) if t is not None]
    return Table(rules, laizi, dealer, seats, seen), winner, Win(way, tile, source), indicator


def table_reason(table: Table, winner: int, win: Win, indicator: int | None) -> Reason | None:
    """Impossible tables (R-3.1 copies, R-4.1/4.2 melds, R-5.2 claims, R-5.6 hand sizes)."""
    rules = table.rules
    if win.way == "rob" and win.source is not None:
        robbed = table.seats[win.source].melds
        if not any(m.type == "peng" and m.tiles[0] == win.tile for m in robbed):
            return reason("rob_not_xu_gang", source=win.source, tile=code(win.tile))
    counts = [0] * NUM_KINDS
    special = 0
    for s, seat in enumerate(table.seats):
        for t in seat.hand:
            counts[t] += 1
        counts[table.laizi] += seat.laizi_gangs + seat.laizi_discards
        special += seat.pizi_gangs + seat.pizi_discards + seat.pi_gangs + seat.pi_discards
        if (
            rules.special_discard == "gang_only"
            and seat.pizi_discards + seat.pi_discards + seat.laizi_discards
        ):
            which = code(table.laizi) if seat.laizi_discards else "a pizi (痞子)"
            return reason("special_discard", seat=s, tile=which)
        for m in seat.melds:
            for t in m.tiles:
                counts[t] += 1
            for t in set(m.tiles):
                if t == table.laizi:
                    return reason("meld_with_laizi", tile=code(t))
                if t in rules.pizi:
                    return reason("meld_with_pizi", tile=code(t))
            if m.type == "chi":
                a, b, c = m.tiles
                if not (a < 27 and a // 9 == c // 9 and b == a + 1 and c == a + 2):
                    return reason(
                        "bad_meld", what=f"seat {s}'s chi {' '.join(code(t) for t in m.tiles)} is not a run"
                    )
                if m.source != (s - 1) % 4:
                    return reason("chi_not_from_previous_seat", seat=s, source=m.source, expected=(s - 1) % 4)
            if m.source == s:
                return reason("claim_from_self", seat=s)
        expected = 13 - 3 * len(seat.melds)
        if (s == winner or seat.hand) and len(seat.hand) != expected:
            return reason(
                "wrong_hand_size", seat=s, count=len(seat.hand), melds=len(seat.melds), expected=expected
            )
    counts[win.tile] += 1  # a robbed tile too: the robbed seat's peng shows only three
    if indicator is not None:
        counts[indicator] += 1
    for k in range(NUM_KINDS):
        extra = special if k in rules.pizi else 0
        limit = 4 * (len(rules.pizi) if k in rules.pizi else 1)
        pizi_total = sum(counts[p] for p in rules.pizi) + extra if k in rules.pizi else counts[k]
        if pizi_total > limit or counts[k] > 4:
            return reason("too_many_copies", tile=code(k), count=max(counts[k], pizi_total))
    return None


def evaluate(value: object) -> dict[str, Any]:
    """One input object to one output object; never raises for any JSON value, unless the
    engine has a bug (callers judging many inputs contain that: ``evaluate_each``).

    An input naming its ``game`` goes to that game's evaluate; one without is Wuhan's, as
    before games were named (so every existing input answers byte for byte as it did).
    """
    if isinstance(value, Mapping) and "game" in value:
        from replay.games import game_named

        try:
            game = game_named(value["game"])
        except InputError as err:
            return {"error": err.to_json()}
        return game.evaluate({k: v for k, v in value.items() if k != "game" or game.name != "wuhan"})
    return evaluate_wuhan(value)


def evaluate_wuhan(value: object) -> dict[str, Any]:
    """Wuhan's evaluate (docs/evaluate.md)."""
    try:
        table, winner, win, indicator = parse_input(value)
    except InputError as err:
        return {"error": err.to_json()}
    bad = table_reason(table, winner, win, indicator)
    if bad is None:
        j = judge(table, winner, win)
        bad = j.reason
    if bad is not None:
        return {
            "legal": False,
            "reason": bad.to_json(),
            "hands": [],
            "hard": None,
            "base": None,
            "deltas": None,
            "liable": None,
            "liability": None,
            "capped": None,
            "receipts": [],
        }
    s = j.settlement
    assert s is not None
    return {
        "legal": True,
        "reason": None,
        "hands": list(s.reading.hands),
        "hard": s.reading.hard,
        "base": s.base,
        "deltas": s.deltas,
        "liable": s.liable,
        "liability": s.liability,
        "capped": s.capped,
        "receipts": [r.to_json() for r in s.receipts],
    }


def read_inputs(text: str, max_items: int | None = None) -> Iterator[tuple[object | None, InputError | None]]:
    """One JSON value (an array gives its items), else NDJSON: a bad line is an error, not the end.
    More than ``max_items`` inputs is ``replay.inputs.TooManyRecords`` before any is judged."""
    for value, _ in decode(text, "input", max_items):
        if isinstance(value, Unreadable):
            where = f"line {value.line}" if value.line is not None else ""
            if value.field:  # a lone surrogate: the reader names the field that holds it
                yield None, InputError(value.field, value.message)
            elif value.key is not None:  # well-formed, but parsers disagree on which value counts
                yield None, InputError(where, value.detail)
            else:
                yield None, InputError(where, f"invalid JSON: {value.detail}")
        else:
            yield value, None


def evaluate_each(text: str, max_items: int | None = None) -> Iterator[dict[str, Any]]:
    """Each input's answer, in input order, as soon as it is known (``replay evaluate`` writes
    each line before judging the next, so a long file answers as it goes).

    An exception while judging one input (an engine bug, never the input's fault) is that
    input's ``internal_error`` answer (``replay.failure.evaluate_error``, naming its index)
    and the next input is judged as if nothing happened (issue #27). ``max_items``: see
    ``read_inputs`` (raised before any answer).
    """
    for index, (value, err) in enumerate(read_inputs(text, max_items)):
        yield {"error": err.to_json()} if err is not None else evaluate_at(index, value)


def evaluate_at(index: int, value: object) -> dict[str, Any]:
    """``evaluate`` of input ``index`` (0-based) of many: an exception inside it is that input's
    ``internal_error`` answer, logged under the answer's id (``replay.failure``)."""
    try:
        return evaluate(value)
    except Exception as exc:  # one input's failure is its answer, not the run's end
        return evaluate_error(exc, index)


def evaluate_text(text: str, max_items: int | None = None) -> tuple[list[dict[str, Any]], bool]:
    """All answers, in order, and whether every input was well-formed and judged."""
    answers = list(evaluate_each(text, max_items))
    return answers, not any("error" in answer for answer in answers)
