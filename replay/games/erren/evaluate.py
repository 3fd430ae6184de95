"""``replay evaluate`` for a 二人麻将 win: the input names the game (``"game": "erren"``).

The contract keeps the skeleton of the other games' (docs/evaluate.md): ``ruleset``, ``dealer``,
``winner``, ``win``, ``seats`` (two); 二人 adds the winner's flowers (``seats[i].flowers``) and the
ways of winning the table knew (``win.ways``: 天胡, 海底捞月, 抢杠和, 报听 …). The answer is legal
or not by ER-3.4 (a winning shape and Q ≥ 起胡; a win under 起胡 is illegal but its fans are still
listed), every counted fan with its value and the reading it came from, T and Q (ER-6.2), every
reading's best score, and the payment as a receipt (ER-6.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.errors import InputError
from replay.games.erren import tiles as T
from replay.games.erren.choose import Score, legal, scores
from replay.games.erren.fans import WAYS, Win
from replay.games.erren.fantable import ROW
from replay.games.erren.params import Rules, rules_from_json
from replay.games.erren.readings import Meld
from replay.games.erren.settle import Payment, settle
from replay.reasons import Reason, from_catalogue

_TOP = {"game", "ruleset", "dealer", "winner", "win", "seats"}
_WIN = {"way", "tile", "from", "ways"}
_SEAT = {"hand", "melds", "flowers"}
_MELD = {"type", "kind", "tile", "tiles", "from"}
WAY_ORDER: tuple[str, ...] = ("tianhu", "dihu", "renhu", "tianting", "lizhi", "miaoshou", "haidi")
WAY_ORDER += ("gangkai", "qianggang", "hejuezhang")
SELF_DRAW_WAYS = frozenset({"tianhu", "dihu", "miaoshou", "gangkai"})
DISCARD_WAYS = frozenset({"renhu", "haidi", "qianggang"})

#: the verdicts of one described win: code -> (rule id, message)
REASONS: dict[str, tuple[str, str]] = {
    "too_many_copies": ("ER-1.1", "{count} copies of {tile} on the table: there are four of each tile"),
    "wrong_hand_size": (
        "ER-4.2",
        "seat {seat} holds {count} concealed tiles with {melds} melds; it should hold {expected}",
    ),
    "rob_not_xu_gang": ("ER-3.3", "抢杠和 robs a tile added to a peng: {detail}"),
    "not_a_winning_hand": (
        "ER-4.1",
        "seat {seat} with {tile} holds no winning shape: neither 4 sets and a pair nor 七对",
    ),
    "below_qihu": (
        "ER-3.4",
        "seat {seat}'s win counts Q = {q} fan toward 起胡, under qihu {qihu} (ER-6.2: {nq} not counted)",
    ),
}


def reason(code: str, **values: Any) -> Reason:
    return from_catalogue(REASONS, code, **values)


def _obj(value: object, field: str, allowed: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InputError(field, "must be an object")
    for key in value:
        if key not in allowed:
            raise InputError(f"{field}.{key}" if field else str(key), f"unknown field {key!r}")
    return value


def _int(value: object, field: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError(field, f"must be an integer from {lo} to {hi}, not {value!r}")
    return value


def _meld(value: object, field: str) -> Meld:
    v = _obj(value, field, _MELD)
    if v.get("from") is not None:
        _int(v["from"], f"{field}.from", 0, 1)
    kind = v.get("type")
    if kind == "chi":
        if "tiles" not in v:
            raise InputError(f"{field}.tiles", "required: the chow's three tiles")
        ts = sorted(T.parse_play_list(v["tiles"], f"{field}.tiles"))
        if len(ts) != 3 or ts[0] >= 27 or ts != [ts[0], ts[0] + 1, ts[0] + 2] or ts[2] > 17:
            raise InputError(f"{field}.tiles", "must be three consecutive 条 (ER-3.2)")
        return Meld("chi", ts[0])
    if "tile" not in v:
        raise InputError(f"{field}.tile", "required")
    tile = T.parse_play(v["tile"], f"{field}.tile")
    if kind == "peng":
        return Meld("peng", tile)
    if kind == "gang":
        gk = v.get("kind")
        if gk not in ("ming", "an", "xu"):
            raise InputError(
                f"{field}.kind", f"must be 'ming' (明杠), 'an' (暗杠) or 'xu' (补杠), not {gk!r}"
            )
        return Meld("gang", tile, gk)
    raise InputError(f"{field}.type", f"must be 'chi', 'peng' or 'gang', not {kind!r}")


def _seat(value: object, field: str) -> tuple[list[int], list[Meld], list[int]]:
    v = _obj(value, field, _SEAT)
    hand = T.parse_play_list(v.get("hand", []), f"{field}.hand")
    raw = v.get("melds", [])
    if not isinstance(raw, list) or len(raw) > 4:
        raise InputError(f"{field}.melds", "must be a list of at most 4 melds")
    melds = [_meld(m, f"{field}.melds[{i}]") for i, m in enumerate(raw)]
    flowers = T.parse_list(v.get("flowers", []), f"{field}.flowers")
    for i, f in enumerate(flowers):
        if not T.is_flower(f):
            raise InputError(f"{field}.flowers[{i}]", f"{T.name(f)} is not a flower (1h–8h, ER-1.1)")
        if flowers.index(f) != i:
            raise InputError(f"{field}.flowers[{i}]", f"{T.name(f)} twice: one of each flower (ER-1.1)")
    return hand, melds, flowers


def _ways(
    w: Mapping[str, Any], self_draw: bool, winner: int, dealer: int, melds: list[Meld]
) -> frozenset[str]:
    """``win.ways``: known ids, each consistent with how the tile came and who won (§5, ER-3.5)."""
    raw = w.get("ways", [])
    if not isinstance(raw, list):
        raise InputError("win.ways", f"must be a list of ways from {', '.join(WAY_ORDER)}")
    for i, way in enumerate(raw):
        f = f"win.ways[{i}]"
        if way not in WAYS:
            raise InputError(f, f"unknown way {way!r}; known: {', '.join(WAY_ORDER)}")
        zh = ROW[way].zh
        if self_draw and way in DISCARD_WAYS:
            raise InputError(f, f"{way} ({zh}) is won on the other seat's tile: way 'discard'")
        if not self_draw and way in SELF_DRAW_WAYS:
            raise InputError(f, f"{way} ({zh}) is a self-draw: way 'self_draw'")
        if way == "tianhu" and winner != dealer:
            raise InputError(f, "天胡 is the dealer's win on its dealt hand (§5)")
        if way in ("dihu", "renhu") and winner == dealer:
            raise InputError(f, f"{zh} is the non-dealer's win (§5)")
        if way in ("tianting", "lizhi") and any(m.exposed for m in melds):
            raise InputError(f, "报听 only with no chi, peng, ming-gang or xu-gang (ER-3.5)")
    ways = frozenset(raw)
    if {"tianting", "lizhi"} <= ways:
        raise InputError("win.ways", "tianting and lizhi: a 报听 is 天听 or not (ER-3.5, §5)")
    return ways


def _fan_json(score: Score, rules: Rules) -> list[dict[str, Any]]:
    return [
        {
            "id": f.id,
            "zh": ROW[f.id].zh,
            "en": ROW[f.id].en,
            "n": f.n,
            "value": f.value,
            "points": f.points,
            "qihu": f.id not in rules.qihu_excluded,
        }
        for f in score.fans
    ]


def evaluate(value: object) -> dict[str, Any]:
    """One input object to one answer; never raises for any JSON value."""
    try:
        return _evaluate(value)
    except InputError as err:
        return {"error": err.to_json()}


def _illegal(r: Reason) -> dict[str, Any]:
    return {"game": "erren", "legal": False, "reason": r.to_json(), "fans": [], "total": None,
            "qualifying": None, "deltas": None, "receipt": None}  # fmt: skip


def _evaluate(value: object) -> dict[str, Any]:
    v = _obj(value, "", _TOP)
    for required in ("ruleset", "dealer", "winner", "win", "seats"):
        if required not in v:
            raise InputError(required, "required")
    rules = rules_from_json(v["ruleset"])
    dealer = _int(v["dealer"], "dealer", 0, 1)
    winner = _int(v["winner"], "winner", 0, 1)
    w = _obj(v["win"], "win", _WIN)
    way = w.get("way")
    if way not in ("self_draw", "discard"):
        raise InputError("win.way", f"must be 'self_draw' (自摸) or 'discard' (点和, 抢杠和), not {way!r}")
    self_draw = way == "self_draw"
    if "tile" not in w:
        raise InputError("win.tile", "required")
    tile = T.parse_play(w["tile"], "win.tile")
    if w.get("from") is not None:
        if self_draw:
            raise InputError("win.from", "a self-draw takes no tile from the other seat")
        if _int(w["from"], "win.from", 0, 1) == winner:
            raise InputError("win.from", "is the winner's own seat")
    seats_raw = v["seats"]
    if not isinstance(seats_raw, list) or len(seats_raw) != 2:
        raise InputError("seats", "must be a list of exactly 2 seats (ER-1.2)")
    seats = [_seat(s, f"seats[{i}]") for i, s in enumerate(seats_raw)]
    hand, melds, flowers = seats[winner]
    ways = _ways(w, self_draw, winner, dealer, melds)

    bad = _table_reason(seats, winner, tile, ways)
    if bad is not None:
        return _illegal(bad)
    win = Win(tuple(sorted([*hand, tile])), tuple(melds), tile, self_draw, tuple(flowers), ways)
    found = scores(win, rules)
    if not found:
        return _illegal(reason("not_a_winning_hand", seat=winner, tile=T.name(tile)))
    best = found[0]
    ok = legal(best, rules)
    payment = settle(winner, best, rules) if ok else None
    nq = [ROW[f.id].zh for f in best.fans if f.id in rules.qihu_excluded]
    why = None if ok else reason(
        "below_qihu", seat=winner, q=best.qualifying, qihu=rules.qihu, nq=", ".join(nq) or "nothing"
    )  # fmt: skip
    return {
        "game": "erren",
        "legal": ok,
        "reason": why.to_json() if why else None,
        "reading": best.reading.describe(),
        "form": best.reading.form,
        "fans": _fan_json(best, rules),
        "total": best.total,
        "qualifying": best.qualifying,
        "qihu": rules.qihu,
        "deltas": payment.deltas() if payment else None,
        "receipt": None
        if payment is None
        else {
            "seat": payment.payer,
            "to": payment.payee,
            "amount": payment.amount,
            "lines": list(payment.receipt),
        },
        "readings": [
            {
                "reading": s.reading.describe(),
                "total": s.total,
                "qualifying": s.qualifying,
                "fans": [{"id": f.id, "n": f.n, "points": f.points} for f in s.fans],
            }
            for s in found
        ],
    }


def _receipt(payment: Payment | None) -> dict[str, Any] | None:
    if payment is None:
        return None
    return {
        "seat": payment.payer,
        "to": payment.payee,
        "amount": payment.amount,
        "lines": list(payment.receipt),
    }


def _table_reason(
    seats: list[tuple[list[int], list[Meld], list[int]]], winner: int, tile: int, ways: frozenset[str]
) -> Reason | None:
    """Impossible tables: ER-1.1 copies (flowers once), ER-4.2 hand size, ER-3.3 robbing a peng."""
    other = seats[1 - winner][1]
    if "qianggang" in ways and not any(m.type == "peng" and m.tile == tile for m in other):
        return reason("rob_not_xu_gang", detail=f"seat {1 - winner} has no peng of {T.name(tile)} to extend")
    held = [0] * T.NUM_KINDS
    held[tile] += 1
    flowers: list[int] = []
    for s, (hand, melds, fl) in enumerate(seats):
        for t in [*hand, *(k for m in melds for k in m.kinds())]:
            held[t] += 1
        flowers += fl
        expected = 13 - 3 * len(melds)
        if (s == winner or hand) and len(hand) != expected:
            return reason("wrong_hand_size", seat=s, count=len(hand), melds=len(melds), expected=expected)
    for k in T.PLAY_KINDS:
        if held[k] > 4:
            return reason("too_many_copies", tile=T.name(k), count=held[k])
    for f in set(flowers):
        if flowers.count(f) > 1:
            return reason("too_many_copies", tile=T.name(f), count=flowers.count(f))
    return None
