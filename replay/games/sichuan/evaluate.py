"""``replay evaluate`` for a Sichuan win: the input names the game (``"game": "sichuan"``).

The contract extends Wuhan's (docs/evaluate.md) compatibly: same ``ruleset``/``dealer``/
``winner``/``win``/``seats`` skeleton, Sichuan's own fields (``void`` per seat, ``out`` for a seat
that already won or went bankrupt, ``win.kong``/``haidi``/``first`` for the ways and 天胡/地胡,
``stacks`` for §7). The answer is the win's M with the line a player writes, one receipt per
payer and the transfers, or the SC rule the win breaks.
"""

from __future__ import annotations

from typing import Any

from replay.errors import InputError
from replay.evaluate_input import answer_or_error, int_in, obj, win_envelope
from replay.games.sichuan import tiles as T
from replay.games.sichuan.ledger import Ledger
from replay.games.sichuan.params import SichuanRules, rules_from_json
from replay.games.sichuan.reading import NAMES_ZH, score
from replay.games.sichuan.reasons import reason
from replay.games.sichuan.scoring import charge, score_win
from replay.reasons import Reason

_TOP = {"game", "ruleset", "dealer", "winner", "win", "seats", "stacks"}
_WIN = {"way", "tile", "from", "kong", "kong_from", "haidi", "first", "zhuanyi"}
_SEAT = {"hand", "melds", "void", "out"}
_MELD = {"type", "kind", "tile", "from"}


class Seat:
    """One seat at the moment of the win: concealed tiles, pengs/kongs, void suit, still in?"""

    def __init__(
        self,
        hand: list[int],
        pengs: list[int],
        kongs: list[tuple[int, str, int | None]],
        void: int | None,
        out: str | None,
    ) -> None:
        self.hand = hand
        self.pengs = pengs
        self.kongs = kongs
        self.void = void
        self.out = out

    @property
    def melds(self) -> int:
        return len(self.pengs) + len(self.kongs)


def _seat(value: object, field: str, rules: SichuanRules) -> Seat:
    v = obj(value, field, _SEAT)
    hand = T.parse_list(v.get("hand", []), f"{field}.hand")
    melds = v.get("melds", [])
    if not isinstance(melds, list) or len(melds) > 4:
        raise InputError(f"{field}.melds", "must be a list of at most 4 melds")
    pengs: list[int] = []
    kongs: list[tuple[int, str, int | None]] = []
    for i, m in enumerate(melds):
        mf = f"{field}.melds[{i}]"
        mv = obj(m, mf, _MELD)
        if "tile" not in mv:
            raise InputError(f"{mf}.tile", "required")
        tile = T.parse(mv["tile"], f"{mf}.tile")
        src = int_in(mv["from"], f"{mf}.from", 0, 3) if mv.get("from") is not None else None
        if mv.get("type") == "peng":
            pengs.append(tile)
        elif mv.get("type") == "gang":
            kind = mv.get("kind")
            if kind not in ("ming", "an", "xu"):
                raise InputError(
                    f"{mf}.kind", f"must be 'ming' (直杠), 'an' (暗杠) or 'xu' (补杠), not {kind!r}"
                )
            kongs.append((tile, str(kind), src))
        else:
            raise InputError(f"{mf}.type", "must be 'peng' or 'gang' (no chi in Sichuan, SC-3.1)")
    void: int | None = None
    if v.get("void") is not None:
        void = T.parse_suit(v["void"], f"{field}.void")
    elif rules.dingque:
        raise InputError(f"{field}.void", "required: the suit the seat declared void (定缺)")
    out = v.get("out")
    if out not in (None, "won", "bankrupt"):
        raise InputError(f"{field}.out", f"must be null, 'won' or 'bankrupt', not {out!r}")
    return Seat(hand, pengs, kongs, void, out)


def _illegal(r: Reason) -> dict[str, Any]:
    return {
        "game": "sichuan",
        "legal": False,
        "reason": r.to_json(),
        "hand": None,
        "multiple": None,
        "deltas": None,
        "receipts": [],
        "transfers": [],
    }


def evaluate(value: object) -> dict[str, Any]:
    """One input object to one answer; never raises for any JSON value."""
    return answer_or_error(_evaluate, value)


def _evaluate(value: object) -> dict[str, Any]:
    v, rules, dealer, winner, w = win_envelope(value, _TOP, _WIN, rules_from_json)
    way = w.get("way")
    if way not in ("self_draw", "discard", "rob"):
        raise InputError("win.way", f"must be 'self_draw', 'discard' or 'rob', not {way!r}")
    if "tile" not in w:
        raise InputError("win.tile", "required")
    tile = T.parse(w["tile"], "win.tile")
    source: int | None = None
    if way != "self_draw":
        if w.get("from") is None:
            raise InputError("win.from", f"required for a win by {way}: the discarder or robbed seat")
        source = int_in(w["from"], "win.from", 0, 3)
        if source == winner:
            raise InputError("win.from", "is the winner's own seat")
    elif w.get("from") is not None:
        raise InputError("win.from", "a self-draw takes no tile from another seat")
    kong = w.get("kong")
    if kong not in (None, "ming", "an", "xu"):
        raise InputError("win.kong", f"must be null, 'ming', 'an' or 'xu', not {kong!r}")
    if kong is not None and way == "rob":
        raise InputError("win.kong", "a robbed kong is no kong of the robbed seat's turn (SC-3.3)")
    kong_from = int_in(w["kong_from"], "win.kong_from", 0, 3) if w.get("kong_from") is not None else None
    haidi = w.get("haidi", False)
    if not isinstance(haidi, bool):
        raise InputError("win.haidi", "must be true or false")
    first = w.get("first")
    if first not in (None, "tianhu", "dihu"):
        raise InputError("win.first", f"must be null, 'tianhu' or 'dihu', not {first!r}")
    if first == "tianhu" and (winner != dealer or way != "self_draw"):
        raise InputError("win.first", "天胡 is the dealer's self-draw on its first action (SC-4.5)")
    if first == "dihu" and winner == dealer:
        raise InputError("win.first", "地胡 is a non-dealer's win (SC-4.5)")
    zhuanyi = int_in(w.get("zhuanyi", 0), "win.zhuanyi", 0, 10**9)
    seats_raw = v["seats"]
    if not isinstance(seats_raw, list) or len(seats_raw) != 4:
        raise InputError("seats", "must be a list of exactly 4 seats")
    seats = [_seat(s, f"seats[{i}]", rules) for i, s in enumerate(seats_raw)]
    stacks: list[int] | None = None
    if rules.bankruptcy:
        if not isinstance(v.get("stacks"), list) or len(v["stacks"]) != 4:
            raise InputError("stacks", "required with bankruptcy: 4 integers ≥ 1 (coins at the start)")
        stacks = [int_in(x, f"stacks[{i}]", 1, 10**12) for i, x in enumerate(v["stacks"])]
    elif "stacks" in v:
        raise InputError("stacks", "only with the bankruptcy parameter (§7)")

    bad = _table_reason(seats, winner, way, tile, source)
    if bad is not None:
        return _illegal(bad)
    me = seats[winner]
    c = [0] * 27
    for t in [*me.hand, tile]:
        c[t] += 1

    def active(seat: Seat) -> bool:
        """SC-1.2: bankrupt seats are out; winners only in xuezhan (xueliu winners play on)."""
        return seat.out is None or (seat.out == "won" and rules.mode == "xueliu")

    if not active(me):
        return _illegal(reason("seat_inactive", seat=winner, why=me.out, action="win"))
    if me.void is not None:
        held = [t for t in [*me.hand, tile, *me.pengs, *(k for k, _, _ in me.kongs)] if t // 9 == me.void]
        if held:
            return _illegal(
                reason(
                    "holds_void_suit",
                    seat=winner,
                    suit=T.SUIT_NAMES_ZH[me.void],
                    action="win",
                    tile=T.name(held[0]),
                )
            )
    elif len({t // 9 for t in [*me.hand, tile, *me.pengs, *(k for k, _, _ in me.kongs)]}) > 2:
        return _illegal(reason("three_suits", seat=winner))
    r = score(c, me.pengs, [k for k, _, _ in me.kongs], jiang_hands=rules.jiang_hands)
    if r is None:
        return _illegal(reason("not_a_winning_hand", seat=winner, tile=T.name(tile)))

    ways: list[str] = []
    if kong is not None:
        ways.append("gangshanghua" if way == "self_draw" else "gangshangpao")
    if way == "rob":
        ways.append("qiangganghu")
    if haidi:
        ways.append("haidilaoyue" if way == "self_draw" else "haidipao")
    dianpao = way == "self_draw" and kong == "ming" and rules.diangang_hua == "dianpao"
    if dianpao and kong_from is None:
        raise InputError(
            "win.kong_from", "required: the seat that fed the 直杠 pays under 点杠花 dianpao (SC-5.4)"
        )
    s = score_win(r, tuple(ways), rules, self_draw=way == "self_draw", tiandi=first, zimo_fan=not dianpao)
    if way == "self_draw" and not dianpao:
        payers = [(winner + k) % 4 for k in (1, 2, 3) if active(seats[(winner + k) % 4])]
    else:
        payer = kong_from if dianpao else source
        assert payer is not None
        payers = [payer]
    bonus = way == "self_draw" and not dianpao
    charges = [charge(s, p, rules, bonus=bonus) for p in payers]
    ledger = Ledger(rules.base, stacks)
    made = ledger.step("hu", [(ch.payer, winner, ch.units) for ch in charges])
    receipts = []
    for ch, tr in zip(charges, made, strict=True):
        receipts.append(
            {
                "seat": ch.payer,
                "to": winner,
                "expression": ch.text,
                "units": ch.units,
                "amount": tr.owed,
                "pays": tr.amount,
            }
        )
    if (
        way == "discard"
        and kong is not None
        and zhuanyi
        and rules.hujiao_zhuanyi != "off"
        and source is not None
    ):
        base, ledger.base = ledger.base, 1
        ledger.step("zhuanyi", [(source, winner, zhuanyi)])
        ledger.base = base
    return {
        "game": "sichuan",
        "legal": True,
        "reason": None,
        "hand": s.hand,
        "hand_zh": NAMES_ZH[s.hand],
        "points": s.points,
        "gen": s.gen,
        "ways": list(s.ways),
        "multiple": s.multiple,
        "flat": s.flat,
        "expression": s.expression,
        "capped": rules.capped(s.multiple) != s.multiple,
        "deltas": ledger.deltas,
        "receipts": receipts,
        "transfers": [t.to_json() for t in ledger.transfers if t.amount],
    }


def _table_reason(seats: list[Seat], winner: int, way: str, tile: int, source: int | None) -> Reason | None:
    """Impossible tables: SC-1.1 copies, SC-3.8 hand size, SC-3.3 robbing only a peng."""
    if way == "rob" and source is not None and tile not in seats[source].pengs:
        return reason("rob_not_xu_gang", detail=f"seat {source} has no peng of {T.name(tile)} to extend")
    counts = [0] * 27
    counts[tile] += 1
    for s, seat in enumerate(seats):
        for t in seat.hand:
            counts[t] += 1
        for t in seat.pengs:
            counts[t] += 3
        for t, _, src in seat.kongs:
            counts[t] += 4
            if src == s:
                return reason("claim_from_self", seat=s)
        expected = 13 - 3 * seat.melds
        if (s == winner or seat.hand) and len(seat.hand) != expected:
            return reason(
                "wrong_hand_size", seat=s, count=len(seat.hand), melds=seat.melds, expected=expected
            )
    for k in range(27):
        if counts[k] > 4:
            return reason("too_many_copies", tile=T.name(k), count=counts[k])
    return None
