"""``replay evaluate`` for a Changchun win: the input names the game (``"game": "changchun"``).

The contract keeps the skeleton of the other games' (docs/evaluate.md): ``ruleset``,
``dealer``, ``winner``, ``win``, ``seats``. Changchun adds the way of winning (点炮, 抢胡,
自摸, 对宝, 摸宝), the 宝 kind and whether the winner had declared 报听 (a 宝 win needs both),
and the opening sets among the melds (旋风杠, 喜杠, 幺蛋, 九蛋 with their 补s). The answer is
the best reading (CC-5.6) with its fans, one receipt per paying seat (CC-6.1/6.2) and, apart,
the gang money of every seat's standing gangs (CC-6.3); or the CC rule the win breaks. The
board's history (who looked at the 宝, whether it was dead or leaked, 截胡, 过胡) is not part
of one win: the input says it, the audit of a record checks it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.errors import InputError
from replay.games.changchun import tiles as T
from replay.games.changchun.params import Rules, rules_from_json
from replay.games.changchun.reading import FAN_ZH, KONGS, WAY_ZH, WAYS, Meld, Refusal, check_win
from replay.games.changchun.scoring import Payment, deltas, fan_by_seat, settle_gangs, settle_win
from replay.games.changchun.tiles import SETS
from replay.reasons import Reason, from_catalogue

_TOP = {"game", "ruleset", "dealer", "winner", "win", "seats"}
_WIN = {"way", "tile", "from", "bao", "ting"}
_SEAT = {"hand", "melds"}
_MELD = {"type", "kind", "tile", "tiles", "bu", "from"}

#: the verdicts of one described win: code -> (rule id, message). The board's catalogue
#: (``replay.games.changchun.reasons``, cc-board) holds the event-by-event ones.
REASONS: dict[str, tuple[str, str]] = {
    "too_many_copies": ("CC-1.1", "{count} copies of {tile} on the table (宝 included): there are four"),
    "wrong_hand_size": (
        "CC-2.6",
        "seat {seat} holds {count} concealed tiles with {melds} melds; it should hold {expected}",
    ),
    "claim_from_self": ("CC-2.2", "seat {seat} has a meld claimed from itself"),
    "rob_nothing": ("CC-2.4", "抢胡 robs a xu-gang or a 补杠: seat {seat} has {detail}"),
    "bao_without_ting": ("CC-4.2", "a 宝 win ({way}) needs a declared 报听: seat {seat} had not declared"),
    "bao_tile_mismatch": ("CC-4.6", "摸宝: the drawn tile {tile} is not the 宝 {bao}"),
    # the reading's refusals (replay.games.changchun.reading.check_win)
    "no_shape": ("CC-5.1", "seat {seat} with {tile}: {message}"),
    "no_three_suits": ("CC-5.2", "seat {seat} with {tile}: {message}"),
    "no_yaojiu": ("CC-5.3", "seat {seat} with {tile}: {message}"),
    "no_ke": ("CC-5.4", "seat {seat} with {tile}: {message}"),
    "shoubayi_not_piao": ("CC-5.5", "seat {seat} with {tile}: {message}"),
    "bao_not_in_waits": ("CC-4.5", "seat {seat}: {message}"),
    "bao_not_ting": ("CC-4.6", "seat {seat}: {message}"),
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
    """One meld of the input (the record's gang kinds, CC-3.1's sets with their 补 tiles)."""
    v = _obj(value, field, _MELD)
    src = _int(v["from"], f"{field}.from", 0, 3) if v.get("from") is not None else None
    kind = v.get("type")
    if kind == "chi":
        if "tiles" not in v:
            raise InputError(f"{field}.tiles", "required: the chow's three tiles")
        ts = sorted(T.parse_list(v["tiles"], f"{field}.tiles"))
        if len(ts) != 3 or ts[2] >= 27 or ts[0] // 9 != ts[2] // 9 or ts != [ts[0], ts[0] + 1, ts[0] + 2]:
            raise InputError(f"{field}.tiles", "must be three consecutive tiles of one suit (CC-2.2)")
        return Meld("chi", ts[0], source=src)
    if kind == "peng":
        if "tile" not in v:
            raise InputError(f"{field}.tile", "required")
        return Meld("peng", T.parse(v["tile"], f"{field}.tile"), source=src)
    if kind != "gang":
        raise InputError(f"{field}.type", f"must be 'chi', 'peng' or 'gang', not {kind!r}")
    gk = v.get("kind")
    if gk in KONGS:
        if "tile" not in v:
            raise InputError(f"{field}.tile", "required")
        if gk == "an" and src is not None:
            raise InputError(f"{field}.from", "an an-gang (暗杠) is claimed from nobody")
        return Meld(gk, T.parse(v["tile"], f"{field}.tile"), source=src if gk == "ming" else None)
    if gk in SETS:
        if src is not None:
            raise InputError(f"{field}.from", "an opening set is the seat's own dealt tiles (CC-3.2)")
        if "tiles" in v:
            ts = sorted(T.parse_list(v["tiles"], f"{field}.tiles"))
            if ts != sorted(SETS[gk]):
                want = " ".join(T.code(t) for t in SETS[gk])
                raise InputError(f"{field}.tiles", f"a {gk} ({T.SET_ZH[gk]}) is {want} (CC-3.1)")
        bu = T.parse_list(v.get("bu", []), f"{field}.bu")
        for i, t in enumerate(bu):
            if T.bu_set(t) != gk:
                raise InputError(
                    f"{field}.bu[{i}]", f"{T.name(t)} cannot be added to a {gk} ({T.SET_ZH[gk]}, CC-3.3)"
                )
        return Meld(gk, bu=tuple(bu))
    known = ", ".join((*KONGS, *SETS))
    raise InputError(f"{field}.kind", f"must be one of {known}, not {gk!r}")


class Seat:
    """One seat at the moment of the win: concealed tiles and melds."""

    def __init__(self, hand: list[int], melds: list[Meld]) -> None:
        self.hand = hand
        self.melds = melds

    def tiles(self) -> list[int]:
        """Every tile the seat holds, a kong's four and a set's 补s included."""
        return [*self.hand, *(k for m in self.melds for k in m.tiles())]


def _seat(value: object, field: str) -> Seat:
    v = _obj(value, field, _SEAT)
    hand = T.parse_list(v.get("hand", []), f"{field}.hand")
    raw = v.get("melds", [])
    if not isinstance(raw, list) or len(raw) > 4:
        raise InputError(f"{field}.melds", "must be a list of at most 4 melds")
    return Seat(hand, [_meld(m, f"{field}.melds[{i}]") for i, m in enumerate(raw)])


def evaluate(value: object) -> dict[str, Any]:
    """One input object to one answer; never raises for any JSON value."""
    try:
        return _evaluate(value)
    except InputError as err:
        return {"error": err.to_json()}


def _evaluate(value: object) -> dict[str, Any]:
    v = _obj(value, "", _TOP)
    for required in ("ruleset", "dealer", "winner", "win", "seats"):
        if required not in v:
            raise InputError(required, "required")
    rules = rules_from_json(v["ruleset"])
    dealer = _int(v["dealer"], "dealer", 0, 3)
    winner = _int(v["winner"], "winner", 0, 3)
    w = _obj(v["win"], "win", _WIN)
    way = w.get("way")
    if way not in WAYS:
        ways = ", ".join(f"'{x}' ({WAY_ZH[x]})" for x in WAYS)
        raise InputError("win.way", f"must be one of {ways} (CC-5.6), not {way!r}")
    bao = T.parse(w["bao"], "win.bao") if w.get("bao") is not None else None
    if way in ("duibao", "mobao") and bao is None:
        raise InputError("win.bao", f"required for {way} ({WAY_ZH[way]}): the 宝 kind (CC-4.4)")
    if way not in ("duibao", "mobao") and bao is not None:
        raise InputError("win.bao", f"only for a 宝 win (duibao, mobao), not {way}")
    if "tile" in w:
        tile = T.parse(w["tile"], "win.tile")
    elif way == "duibao" and bao is not None:
        tile = bao  # 对宝 draws nothing: the 宝 kind completes the hand (CC-4.5)
    else:
        raise InputError("win.tile", "required")
    if way == "duibao" and tile != bao:
        raise InputError("win.tile", "对宝 draws nothing: the winning tile is the 宝 kind (CC-4.5)")
    ting = w.get("ting", False)
    if not isinstance(ting, bool):
        raise InputError("win.ting", "must be true or false: had the winner declared 报听 (CC-4.2)")
    source: int | None = None
    if way in ("dianpao", "qianghu"):
        if w.get("from") is None:
            raise InputError(
                "win.from", f"required for {way} ({WAY_ZH[way]}): the discarder or the robbed seat"
            )
        source = _int(w["from"], "win.from", 0, 3)
        if source == winner:
            raise InputError("win.from", "is the winner's own seat")
    elif w.get("from") is not None:
        raise InputError("win.from", f"a {way} ({WAY_ZH[way]}) takes no tile from another seat")
    seats_raw = v["seats"]
    if not isinstance(seats_raw, list) or len(seats_raw) != 4:
        raise InputError("seats", "must be a list of exactly 4 seats")
    seats = [_seat(s, f"seats[{i}]") for i, s in enumerate(seats_raw)]

    gang_pays = settle_gangs([s.melds for s in seats], rules)
    bad = _table_reason(seats, winner, tile, way, source, bao, ting)
    if bad is None:
        me = seats[winner]
        got = check_win(T.counts(me.hand), me.melds, tile, way, rules)
        if isinstance(got, Refusal):
            bad = reason(got.code, seat=winner, tile=T.name(tile), message=got.message)
    if bad is not None:
        return {
            "game": "changchun",
            "legal": False,
            "reason": bad.to_json(),
            "hands": [],
            "fan": None,
            "win_deltas": None,
            "deltas": None,
            "receipts": [],
            **_gang_part(gang_pays),
        }
    assert not isinstance(got, Refusal)
    pays = settle_win(winner, got, source, dealer, rules)
    win_d = deltas(pays)
    gang_d = deltas(gang_pays)
    return {
        "game": "changchun",
        "legal": True,
        "reason": None,
        "way": way,
        "way_zh": WAY_ZH[way],
        "hands": list(got.hands),
        "hands_zh": [FAN_ZH[f] for f in got.hands],
        "fan": got.fan,
        "read_as": T.code(got.tile),
        "expression": _expression(got.hands, got.fan, rules),
        "fan_by_seat": fan_by_seat(pays),
        "win_deltas": win_d,
        "deltas": [a + b for a, b in zip(win_d, gang_d, strict=True)],
        "receipts": [_receipt(p) for p in pays],
        **_gang_part(gang_pays),
    }


def _gang_part(pays: list[Payment]) -> dict[str, Any]:
    """Gang money (杠分, CC-6.3), always apart from the win: paid whether the win stands or not."""
    return {"gang_deltas": deltas(pays), "gang_receipts": [_receipt(p) for p in pays]}


def _receipt(p: Payment) -> dict[str, Any]:
    return {"seat": p.payer, "to": p.payee, "n": p.n, "amount": p.amount, "expression": p.receipt}


def _expression(hands: tuple[str, ...], fan: int, rules: Rules) -> str:
    """The winner's fans a player names: ``门清 menqing 1 + 夹胡 jiahu 1 = 2 番``."""
    parts = []
    for f in hands:
        n = 0 if f == "pinghu" else 2 if f == "piaohu" else rules.bao_fan if f == "bao" else 1
        parts.append(f"{FAN_ZH[f]} {f} {n}")
    return f"{' + '.join(parts)} = {fan} 番 fan"


def _table_reason(
    seats: list[Seat], winner: int, tile: int, way: str, source: int | None, bao: int | None, ting: bool
) -> Reason | None:
    """Impossible tables: CC-1.1 copies, CC-2.6 sizes, CC-2.2 self-claims, CC-2.4 robbing,
    CC-4.2 a 宝 win without 报听, CC-4.6 a 摸宝 tile that is not the 宝."""
    if way in ("duibao", "mobao") and not ting:
        return reason("bao_without_ting", way=f"{way} {WAY_ZH[way]}", seat=winner)
    if way == "mobao" and tile != bao:
        return reason("bao_tile_mismatch", tile=T.name(tile), bao=T.name(bao if bao is not None else tile))
    if way == "qianghu" and source is not None:
        robbed = seats[source].melds
        group = T.bu_set(tile)
        if not any((m.kind == "peng" and m.tile == tile) or (m.is_set and m.kind == group) for m in robbed):
            detail = f"no peng of {T.name(tile)} to extend and no set {T.name(tile)} 补s"
            return reason("rob_nothing", seat=source, detail=detail)
    held = [0] * T.NUM_KINDS
    held[tile] += 1  # the winning tile (对宝: the 宝 tile in the wall; 摸宝: the drawn 宝)
    for s, seat in enumerate(seats):
        for t in seat.tiles():
            held[t] += 1
        if any(m.source == s for m in seat.melds):
            return reason("claim_from_self", seat=s)
        expected = 13 - 3 * len(seat.melds)
        if (s == winner or seat.hand) and len(seat.hand) != expected:
            return reason(
                "wrong_hand_size", seat=s, count=len(seat.hand), melds=len(seat.melds), expected=expected
            )
    for k in range(T.NUM_KINDS):
        if held[k] > 4:
            return reason("too_many_copies", tile=T.name(k), count=held[k])
    return None
