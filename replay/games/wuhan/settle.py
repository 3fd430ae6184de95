"""Settlement (R-10): who pays whom, factor by factor, with caps and liability.

Every amount is built as a list of named factors so a player can check it the way they
would on paper (``1·2·4·2·2 = 32``); the same list drives the arithmetic, so the receipt
cannot disagree with the deltas.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from replay.games.wuhan.hand import SELF_DRAWN_WAYS, Meld, Reading
from replay.games.wuhan.ruleset import Ruleset
from replay.games.wuhan.table import SeatState, Table, Win
from replay.tiles import JIANG

FACTOR_NAMES_ZH: dict[str, str] = {
    "base": "底分",
    "opened": "开口",
    "ming_gang": "冲杠",
    "xu_gang": "蓄杠",
    "an_gang": "暗杠",
    "pizi_gang": "红中杠",
    "pizi_discard": "打红中",
    "pi_gang": "皮子杠",
    "pi_discard": "打皮",
    "laizi_gang": "赖子杠",
    "laizi_discard": "丢赖子",
    "hard": "硬胡",
    "self_draw": "自摸",
    "dealt_in": "放冲",
    "dealer": "庄",
}


#: R-10.3's big-hand 自摸 and 放冲 factor (R-10.10 too), the one factor that is not an integer:
#: every other factor is a plain ``int``, so most receipts multiply without ``Fraction``
_HALF_AGAIN = Fraction(3, 2)


@dataclass(frozen=True)
class Factor:
    name: str
    value: int | Fraction
    side: str  # "base" | "winner" | "loser" | "pair"
    note: str = ""

    @property
    def text(self) -> str:
        v = self.value
        if type(v) is int:
            return str(v)
        return str(v.numerator) if v.denominator == 1 else str(float(v))

    def to_json(self) -> dict[str, Any]:
        kept = _FACTOR_JSON.get(id(self))
        if kept is not None and kept[0] is self:
            return dict(kept[1])  # the caller's own copy
        zh = FACTOR_NAMES_ZH[self.name]
        made: dict[str, Any] = {"name": self.name, "zh": zh, "value": self.text, "side": self.side}
        if self.note:
            made["note"] = self.note
        if len(_FACTOR_JSON) >= 4096:
            _FACTOR_JSON.clear()
        _FACTOR_JSON[id(self)] = (self, made)
        return dict(made)


#: Factors already made, by their fields: a factor is an immutable value, and every settlement
#: names the same few dozen (building a frozen dataclass costs more than finding it here)
_FACTORS: dict[tuple[str, int | Fraction, str, str], Factor] = {}


def _factor(name: str, value: int | Fraction, side: str, note: str = "") -> Factor:
    key = (name, value, side, note)
    made = _FACTORS.get(key)
    if made is None:
        if len(_FACTORS) >= 4096:
            _FACTORS.clear()
        made = _FACTORS[key] = Factor(name, value, side, note)
    return made


#: ``Factor.to_json`` by the factor's id, with the factor (kept alive, so the id stays its own):
#: settlements share their factors (``_factor``), and an id is cheaper to look up than a value
_FACTOR_JSON: dict[int, tuple[Factor, dict[str, Any]]] = {}


@dataclass
class Receipt:
    seat: int
    factors: list[Factor]
    raw: int
    amount: int = 0  # after caps
    pays: int = 0  # what the seat actually pays, after liability
    covered_by: int | None = None
    parts: list[Receipt] = field(default_factory=list)

    @property
    def expression(self) -> str:
        if self.parts:
            return " + ".join(str(p.amount) for p in self.parts)
        return "·".join(f.text for f in self.factors)

    def to_json(self) -> dict[str, Any]:
        factors = [f.to_json() for f in self.factors]
        # ``expression`` from the factors' printed values (each factor's ``text``, made once)
        expression = (
            " + ".join(str(p.amount) for p in self.parts)
            if self.parts
            else "·".join([f["value"] for f in factors])
        )
        out: dict[str, Any] = {
            "seat": self.seat,
            "expression": expression,
            "raw": self.raw,
            "amount": self.amount,
            "pays": self.pays,
            "factors": factors,
        }
        if self.covered_by is not None:
            out["covered_by"] = self.covered_by
        if self.parts:
            out["parts"] = [p.to_json() for p in self.parts]
        return out


@dataclass
class Settlement:
    winner: int
    reading: Reading
    base: int
    deltas: list[int]
    liable: int | None
    liability: str | None  # "quanqiuren" | "third_feed" | "qianggang"
    capped: str | None
    receipts: list[Receipt]
    self_draw: bool

    @property
    def total(self) -> int:
        return self.deltas[self.winner]

    @property
    def raw_total(self) -> int:
        """What the losers' amounts add up to before caps (R-7.12's first tie-break)."""
        return sum(r.raw for r in self.receipts)


def base_points(reading: Reading, rules: Ruleset) -> int:
    """R-10.4: 屁胡 1; big hands 10 each, stacked by doubling or adding."""
    if not reading.big:
        return 1
    n = len(reading.hands)
    return 10 * (2 ** (n - 1) if rules.big_hand_stacking == "double" else n)


def seat_factors(
    seat: SeatState, rules: Ruleset, side: str, completed: Meld | None = None, opens: int | None = None
) -> list[Factor]:
    """R-10.3 factors a seat brings by itself: opens, gangs, pizi and laizi put out.

    ``opens``: ``seat.opens`` when the caller already counted them (``settle``'s ``opens``).
    """
    out: list[Factor] = []
    if opens is None:
        opens = seat.opens
    if opens:
        if rules.open_mode == "kaikou":
            out.append(_factor("opened", 2, side))
        else:
            out.append(_factor("opened", 2**opens, side, f"口口番 2 per open × {opens}"))
    melds = seat.melds if completed is None else [*seat.melds, completed]
    for m in melds:
        if m.type == "gang":
            if m.kind == "an":
                out.append(_factor("an_gang", 4, side))
            else:
                out.append(_factor("ming_gang" if m.kind == "ming" else "xu_gang", 2, side))
    if seat.pizi_gangs:
        out += [_factor("pizi_gang", 2, side)] * seat.pizi_gangs
    if seat.pizi_discards:
        out += [_factor("pizi_discard", 2, side)] * seat.pizi_discards
    if seat.pi_gangs:
        out += [_factor("pi_gang", 2, side)] * seat.pi_gangs  # a 皮 is a pizi
    if seat.pi_discards:
        out += [_factor("pi_discard", 2, side)] * seat.pi_discards
    if seat.laizi_gangs:
        out += [_factor("laizi_gang", rules.laizi_gang_factor, side)] * seat.laizi_gangs
    if seat.laizi_discards:
        out += [_factor("laizi_discard", rules.laizi_discard_factor, side)] * seat.laizi_discards
    return out


def _product(factors: list[Factor]) -> int:
    value: int | Fraction = 1
    for f in factors:
        value *= f.value
    if value.denominator != 1:  # 1.5 only ever meets a base of 10 or more
        raise ArithmeticError(f"non-integer amount {value} from {[f.text for f in factors]}")
    return value.numerator


def apply_caps(
    raws: dict[int, int], opened: dict[int, bool], rules: Ruleset, liability: bool, golden_outright: bool
) -> tuple[dict[int, int], str | None]:
    """R-10.5 caps (封顶, 金顶, 阳光顶, 三阳), R-10.6's liability cap and R-10.9's 风一色 金顶.

    R-10.9 comes first: its 金顶 needs only ``golden`` (a null ``cap`` does not switch it off)
    and no cap, ``liability_cap`` included, reduces it.
    """
    if golden_outright and rules.golden is not None:
        return _golden(raws, opened, rules)
    if liability and rules.liability_cap is not None:
        lc = rules.liability_cap
        return {s: min(r, lc) for s, r in raws.items()}, (
            "cap" if any(r > lc for r in raws.values()) else None
        )
    cap = rules.cap
    if cap is None:
        return dict(raws), None
    if all(r >= cap for r in raws.values()) and rules.golden is not None:
        return _golden(raws, opened, rules)
    amounts = {s: min(r, cap) for s, r in raws.items()}
    return amounts, ("cap" if any(r > cap for r in raws.values()) else None)


def _golden(raws: dict[int, int], opened: dict[int, bool], rules: Ruleset) -> tuple[dict[int, int], str]:
    """金顶 with its 阳光顶 / 三阳 upgrades for losers who never opened (R-10.5)."""
    assert rules.golden is not None
    if not any(opened.values()) and rules.triple_sunshine is not None:
        return dict.fromkeys(raws, rules.triple_sunshine), "triple_sunshine"
    if rules.sunshine is not None and not all(opened.values()):
        return {s: (rules.golden if opened[s] else rules.sunshine) for s in raws}, "sunshine"
    return dict.fromkeys(raws, rules.golden), "golden"


def third_open_source(seat: SeatState) -> int | None:
    """The seat that fed the third open (喂第三口), opens counted in the order they were made."""
    opens = [m for m in seat.melds if m.is_open]
    return opens[2].source if len(opens) >= 3 else None


def liable_seat(
    table: Table, winner: int, win: Win, reading: Reading, discarder_tenpai: bool | None
) -> tuple[int | None, str | None]:
    """R-10.6 liability (承包). Order when cases meet: 抢杠, then 全求人, then 喂第三口 (S3 text)."""
    rules = table.rules
    if win.way == "rob" and "qianggang" in reading.hands:  # no 抢杠 credited, no liability
        return win.source, "qianggang"
    if "quanqiuren" in reading.hands and win.way == "discard":
        if rules.quanqiuren_liability == "jiang_tile":
            if win.tile in JIANG:
                return win.source, "quanqiuren"
        elif discarder_tenpai is False:
            return win.source, "quanqiuren"
    if any(h in rules.third_feed_hands for h in reading.hands):
        feeder = third_open_source(table.seats[winner])
        if feeder is not None and feeder != winner:
            return feeder, "third_feed"
    return None, None


def _qihu_ok(raws: list[int], rules: Ruleset) -> bool:
    if not rules.qihu:
        return True
    if rules.qihu_scope == "all":
        return all(r >= rules.qihu for r in raws)
    return any(r >= rules.qihu for r in raws)


class BelowQihu(Exception):
    def __init__(self, raws: list[int]) -> None:
        super().__init__(raws)
        self.raws = raws


def settle(
    table: Table,
    winner: int,
    win: Win,
    reading: Reading,
    discarder_tenpai: bool | None = None,
    opens: list[int] | None = None,
) -> Settlement:
    """Settle one reading of a legal win; raises BelowQihu when R-10.7 forbids it.

    ``opens``: each seat's ``opens`` (R-6.1) on this table, when the caller settles several
    readings of one win (``judge``): counted once, not per reading, seat and use.
    """
    rules = table.rules
    if opens is None:
        opens = [s.opens for s in table.seats]
    receipts = _winner_receipts(table, winner, win, reading, opens)
    raws = {s: r.raw for s, r in receipts.items()}
    # under robbed_gangkai judged on the robber's own win, before 杠进杠出
    if not _qihu_ok(list(raws.values()), rules):
        raise BelowQihu(list(raws.values()))
    if win.way == "rob" and rules.qianggang_mode == "robbed_gangkai":
        return _settle_robbed_gangkai(table, winner, win, reading, opens)
    liable, case = liable_seat(table, winner, win, reading, discarder_tenpai)
    golden_outright = rules.fengyise_golden and "fengyise" in reading.hands
    amounts, capped = apply_caps(
        raws, {s: opens[s] > 0 for s in raws}, rules, liable is not None, golden_outright
    )
    for s, r in receipts.items():
        r.amount = amounts[s]
        if liable is None:
            r.pays = r.amount
        elif s == liable:
            r.pays = sum(amounts.values())
        else:
            r.covered_by = liable
    self_draw = win.way in SELF_DRAWN_WAYS
    return _finish(winner, reading, base_points(reading, rules), receipts, liable, case, capped, self_draw)


def _winner_receipts(
    table: Table, winner: int, win: Win, reading: Reading, opens: list[int]
) -> dict[int, Receipt]:
    """Each loser's raw amount for this reading as R-10.2 builds it (a robbed kong: `robber`)."""
    rules = table.rules
    big = reading.big
    base = base_points(reading, rules)
    seats = table.seats
    w_factors = [_factor("base", base, "base", "+".join(reading.hands))]
    w_factors += seat_factors(seats[winner], rules, "winner", None, opens[winner])
    if reading.hard:
        w_factors.append(_factor("hard", 2, "winner"))
    if _self_draw_factor(win, reading, rules):
        w_factors.append(_factor("self_draw", 2 if not big else _HALF_AGAIN, "winner"))
    # the robbed seat is the discarder only for a credited 抢杠, and only
    # with ``qianggang_fangchong``
    robbed_deals_in = rules.qianggang_fangchong and "qianggang" in reading.hands
    receipts: dict[int, Receipt] = {}
    for s in range(4):
        if s == winner:
            continue
        factors = w_factors + seat_factors(seats[s], rules, "loser", None, opens[s])
        discarder = win.source == s and (win.way == "discard" or (win.way == "rob" and robbed_deals_in))
        if discarder:
            factors.append(_factor("dealt_in", 2 if not big else _HALF_AGAIN, "loser"))
        if not big and table.dealer in (winner, s):
            factors.append(_factor("dealer", 2, "pair"))
        receipts[s] = Receipt(s, factors, _product(factors))
    return receipts


def _self_draw_factor(win: Win, reading: Reading, rules: Ruleset) -> bool:
    """R-10.3's 自摸 factor: none on a replacement draw (杠上开, R-7.15 even when not credited),
    none for 海底捞 unless R-10.10 gives a normal-draw 海底捞 its 1.5; a haidi draw R-7.15 does
    not credit as 海底捞 is a plain self-draw."""
    if win.way == "self_draw":
        return True
    if win.way == "haidi":
        return "haidilao" not in reading.hands or rules.haidi_self_draw_factor
    return False


def _finish(
    winner: int,
    reading: Reading,
    base: int,
    receipts: dict[int, Receipt],
    liable: int | None,
    case: str | None,
    capped: str | None,
    self_draw: bool,
) -> Settlement:
    deltas = [0] * 4
    for s, r in receipts.items():
        deltas[s] -= r.pays
        deltas[winner] += r.pays
    return Settlement(
        winner,
        reading,
        base,
        deltas,
        liable,
        case,
        capped,
        [receipts[s] for s in sorted(receipts)],
        self_draw,
    )


def _settle_robbed_gangkai(
    table: Table, winner: int, win: Win, reading: Reading, opens: list[int]
) -> Settlement:
    """R-10.8 杠进杠出: the robbed seat pays what it would have won with a soft 杠上开."""
    rules = table.rules
    robbed = win.source
    assert robbed is not None
    seats = table.seats
    peng = next(m for m in seats[robbed].melds if m.type == "peng" and m.tiles[0] == win.tile)
    completed = Meld("gang", (win.tile,) * 4, "xu", peng.source)
    robbed_state = replace(seats[robbed], melds=[m for m in seats[robbed].melds if m is not peng])
    robbed_state.melds.insert(seats[robbed].melds.index(peng), completed)
    r_factors = [_factor("base", 10, "base", "gangshangkai (robbed player's 杠上开)")]
    r_factors += seat_factors(robbed_state, rules, "winner")
    parts: dict[int, Receipt] = {}
    for s in range(4):
        if s != robbed:
            factors = r_factors + seat_factors(seats[s], rules, "loser", None, opens[s])
            parts[s] = Receipt(s, factors, _product(factors))
    raws = {s: p.raw for s, p in parts.items()}
    amounts, capped = apply_caps(raws, {s: opens[s] > 0 for s in raws}, rules, True, False)
    for s, p in parts.items():
        p.amount = amounts[s]
    total = sum(amounts.values())
    robbed_receipt = Receipt(
        robbed, [], sum(raws.values()), total, total, parts=[parts[s] for s in sorted(parts)]
    )
    receipts: dict[int, Receipt] = {robbed: robbed_receipt}
    for s, p in parts.items():
        if s != winner:
            receipts[s] = Receipt(s, p.factors, p.raw, p.amount, 0, covered_by=robbed)
    return _finish(winner, reading, 10, receipts, robbed, "qianggang", capped, False)
