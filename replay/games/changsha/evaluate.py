"""``replay evaluate`` for a Changsha win: the input names the game (``"game": "changsha"``).

The contract keeps the skeleton of Wuhan's and Sichuan's (docs/evaluate.md): ``ruleset``,
``dealer``, ``winner``, ``win``, ``seats``; Changsha adds the ways of winning the board would
know (``win.ways``: 天胡, 海底, 杠上开花 …) and the birds (扎鸟, ``birds``: the tiles turned
over). The answer is the best reading (CS-4.5) with its k, one receipt per payer (CS-6.1:
three for a self-draw, the discarder for a discard) and the deltas, or the CS rule the win
breaks. The board's history (漏胡, whether the haidi was really the last tile) is not part of
one win: the input says it, the audit of a record checks it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from replay.errors import InputError
from replay.evaluate_input import answer_or_error, int_in, obj, win_envelope
from replay.games.changsha import tiles as T
from replay.games.changsha.params import rules_from_json
from replay.games.changsha.reading import NAMES_ZH, WAYS, Meld, Win, read_win
from replay.games.changsha.scoring import bird_hits, deltas, settle
from replay.reasons import Reason, from_catalogue
from replay.shape import complete
from replay.tiles import CODES

_TOP = {"game", "ruleset", "dealer", "winner", "win", "seats", "birds"}
_WIN = {"way", "tile", "from", "ways", "kaihua_twice"}
_SEAT = {"hand", "melds"}
_MELD = {"type", "kind", "tile", "tiles", "from"}
#: ways of winning that are self-draws (CS-6.1: every other seat pays) and those on a discard
SELF_DRAW_WAYS = ("tianhu", "haidilaoyue", "gangshangkaihua")
DISCARD_WAYS = ("dihu", "haidipao", "gangshangpao", "qiangganghu")
WAY_ORDER = ("tianhu", "dihu", "haidilaoyue", "haidipao", "gangshangkaihua", "gangshangpao", "qiangganghu")

#: the verdicts of one described win: code -> (rule id, message). The board's catalogue
#: (``replay.games.changsha.reasons``) holds the event-by-event ones.
REASONS: dict[str, tuple[str, str]] = {
    "too_many_copies": ("CS-1.1", "{count} copies of {tile} on the table: there are four of each tile"),
    "wrong_hand_size": (
        "CS-3.10",
        "seat {seat} holds {count} concealed tiles with {melds} melds; it should hold {expected}",
    ),
    "claim_from_self": ("CS-3.2", "seat {seat} has a meld claimed from itself"),
    "rob_not_xu_gang": ("CS-3.7", "抢杠胡 robs a tile added to a peng: {detail}"),
    "no_jiang_pair": (
        "CS-4.1",
        "seat {seat} with {tile}: four melds and a pair, but the pair is no 将 (2, 5 or 8) and the hand"
        " is neither 碰碰胡, 清一色 nor 全求人{way}",
    ),
    "not_a_winning_hand": (
        "CS-4.1",
        "seat {seat} with {tile} holds no legal shape: standard, 七小对 or 将将胡",
    ),
}


def reason(code: str, **values: Any) -> Reason:
    return from_catalogue(REASONS, code, **values)


class Seat:
    """One seat at the moment of the win: concealed tiles and melds (with who fed them)."""

    def __init__(self, hand: list[int], melds: list[Meld], sources: list[int | None]) -> None:
        self.hand = hand
        self.melds = melds
        self.sources = sources

    def tiles(self) -> list[int]:
        """Every tile the seat holds, a kong's four included."""
        return [*self.hand, *(k for m in self.melds for k in m.kinds())]


def _meld(value: object, field: str) -> tuple[Meld, int | None]:
    v = obj(value, field, _MELD)
    src = int_in(v["from"], f"{field}.from", 0, 3) if v.get("from") is not None else None
    kind = v.get("type")
    if kind == "chi":
        if "tiles" not in v:
            raise InputError(f"{field}.tiles", "required: the chow's three tiles")
        ts = sorted(T.parse_list(v["tiles"], f"{field}.tiles"))
        if len(ts) != 3 or ts[0] // 9 != ts[2] // 9 or ts != [ts[0], ts[0] + 1, ts[0] + 2]:
            raise InputError(f"{field}.tiles", "must be three consecutive tiles of one suit (CS-3.2)")
        return Meld("chi", ts[0]), src
    if "tile" not in v:
        raise InputError(f"{field}.tile", "required")
    tile = T.parse(v["tile"], f"{field}.tile")
    if kind == "peng":
        return Meld("peng", tile), src
    if kind == "gang":
        gk = v.get("kind")
        if gk not in ("ming", "an", "xu"):
            raise InputError(
                f"{field}.kind", f"must be 'ming' (明杠), 'an' (暗杠) or 'xu' (补杠), not {gk!r}"
            )
        return Meld("gang", tile, concealed=gk == "an"), src
    raise InputError(f"{field}.type", f"must be 'chi', 'peng' or 'gang', not {kind!r}")


def _seat(value: object, field: str) -> Seat:
    v = obj(value, field, _SEAT)
    hand = T.parse_list(v.get("hand", []), f"{field}.hand")
    raw = v.get("melds", [])
    if not isinstance(raw, list) or len(raw) > 4:
        raise InputError(f"{field}.melds", "must be a list of at most 4 melds")
    melds, sources = [], []
    for i, m in enumerate(raw):
        meld, src = _meld(m, f"{field}.melds[{i}]")
        melds.append(meld)
        sources.append(src)
    return Seat(hand, melds, sources)


def _illegal(r: Reason) -> dict[str, Any]:
    return {
        "game": "changsha",
        "legal": False,
        "reason": r.to_json(),
        "hands": [],
        "k": None,
        "deltas": None,
        "receipts": [],
    }


def evaluate(value: object) -> dict[str, Any]:
    """One input object to one answer; never raises for any JSON value."""
    return answer_or_error(_evaluate, value)


def _ways(
    w: Mapping[str, Any], self_draw: bool, winner: int, dealer: int, source: int | None
) -> frozenset[str]:
    """``win.ways``: known ids, each consistent with how the tile came (CS-4.3, CS-6.1)."""
    raw = w.get("ways", [])
    if not isinstance(raw, list):
        raise InputError("win.ways", f"must be a list of ways from {', '.join(WAY_ORDER)}")
    for i, way in enumerate(raw):
        f = f"win.ways[{i}]"
        if way not in WAYS:
            raise InputError(f, f"unknown way {way!r}; known: {', '.join(WAY_ORDER)}")
        if self_draw and way in DISCARD_WAYS:
            raise InputError(
                f, f"{way} ({NAMES_ZH[way]}) is won on another seat's tile: way 'discard' (CS-6.1)"
            )
        if not self_draw and way in SELF_DRAW_WAYS:
            raise InputError(f, f"{way} ({NAMES_ZH[way]}) is a self-draw: way 'self_draw' (CS-6.1)")
        if way == "tianhu" and winner != dealer:
            raise InputError(f, "天胡 is the dealer's win on its dealt 14 tiles (CS-4.3)")
        if way == "dihu" and (winner == dealer or source != dealer):
            raise InputError(f, "地胡 is a non-dealer's win on the dealer's first discard (CS-4.3)")
    ways = frozenset(raw)
    for a, b in (("haidilaoyue", "gangshangkaihua"), ("haidipao", "gangshangpao")):
        if a in ways and b in ways:
            raise InputError("win.ways", f"{a} and {b}: a 开杠 tile is never the haidi (CS-4.5)")
    return ways


def _evaluate(value: object) -> dict[str, Any]:
    v, rules, dealer, winner, w = win_envelope(value, _TOP, _WIN, rules_from_json)
    way = w.get("way")
    if way not in ("self_draw", "discard"):
        raise InputError(
            "win.way",
            f"must be 'self_draw' (自摸, CS-6.1) or 'discard' (点炮, 抢杠, 杠上炮, 海底炮), not {way!r}",
        )
    self_draw = way == "self_draw"
    if "tile" not in w:
        raise InputError("win.tile", "required")
    tile = T.parse(w["tile"], "win.tile")
    source: int | None = None
    if not self_draw:
        if w.get("from") is None:
            raise InputError(
                "win.from", "required for a discard win: the discarder, ganger, haidi taker or robbed seat"
            )
        source = int_in(w["from"], "win.from", 0, 3)
        if source == winner:
            raise InputError("win.from", "is the winner's own seat")
    elif w.get("from") is not None:
        raise InputError("win.from", "a self-draw takes no tile from another seat")
    ways = _ways(w, self_draw, winner, dealer, source)
    twice = w.get("kaihua_twice", False)
    if not isinstance(twice, bool):
        raise InputError("win.kaihua_twice", "must be true or false")
    if twice and "gangshangkaihua" not in ways:
        raise InputError("win.kaihua_twice", "only with the way gangshangkaihua (双杠上开花, CS-3.5)")
    seats_raw = v["seats"]
    if not isinstance(seats_raw, list) or len(seats_raw) != 4:
        raise InputError("seats", "must be a list of exactly 4 seats")
    seats = [_seat(s, f"seats[{i}]") for i, s in enumerate(seats_raw)]
    birds = T.parse_list(v.get("birds", []), "birds")
    if len(birds) > max(rules.birds, 1) or (birds and rules.birds == 0):
        raise InputError(
            "birds", f"at most {rules.birds} bird tiles under this ruleset (CS-6.4), not {len(birds)}"
        )

    bad = _table_reason(seats, winner, tile, source, ways)
    if bad is not None:
        return _illegal(bad)
    me = seats[winner]
    concealed = T.counts([*me.hand, tile])
    win = read_win(concealed, me.melds, ways, rules, kaihua_twice=twice)
    if win is None:
        return _illegal(_why_not(concealed, winner, tile, ways))
    base = dealer if rules.bird_from == "dealer" else winner
    hits = bird_hits(birds, base)
    payers = [s for s in range(4) if s != winner] if self_draw else [source]
    pays = settle(
        winner, win.k, win.big, self_draw, [p for p in payers if p is not None], dealer, hits, rules
    )
    return {
        "game": "changsha",
        "legal": True,
        "reason": None,
        "hands": list(win.hands),
        "hands_zh": [NAMES_ZH[h] for h in win.hands],
        "k": win.k,
        "big": win.big,
        "shape": win.shape,
        "expression": _expression(win),
        "birds": [CODES[b] for b in birds],
        "bird_seats": hits,
        "deltas": deltas(pays),
        "receipts": [
            {
                "seat": p.payer,
                "to": p.payee,
                "expression": p.receipt,
                "birds": sum(1 for s in hits if s in (p.payer, p.payee)),
                "amount": p.amount,
            }
            for p in pays
        ],
    }


def _expression(win: Win) -> str:
    """The hands a player names, then k: ``清一色 + 碰碰胡 = k2``; ``平胡 小胡`` for a small win."""
    if not win.big:
        return "平胡 pinghu (小胡 small) = k1"
    named = " + ".join(f"{NAMES_ZH[h]} {h}" for h in win.hands)
    return f"{named} = k{win.k}"


def _why_not(concealed: list[int], winner: int, tile: int, ways: frozenset[str]) -> Reason:
    """No legal shape: a complete hand whose pair is no 将 says so (CS-4.1, with a way CS-4.4)."""
    if complete([*concealed, 0, 0, 0, 0, 0, 0, 0], 0, "any"):
        named = [w for w in WAY_ORDER if w in ways]
        way = f" ({', '.join(NAMES_ZH[w] for w in named)} needs the 将 too, CS-4.4)" if named else ""
        r = reason("no_jiang_pair", seat=winner, tile=T.name(tile), way=way)
        return Reason(r.code, "CS-4.4" if named else r.rule, r.message)
    return reason("not_a_winning_hand", seat=winner, tile=T.name(tile))


def _table_reason(
    seats: list[Seat], winner: int, tile: int, source: int | None, ways: frozenset[str]
) -> Reason | None:
    """Impossible tables: CS-1.1 copies, CS-3.10 hand size, CS-3.7 robbing only a peng."""
    robbed = seats[source].melds if source is not None else []
    if "qiangganghu" in ways and not any(m.kind == "peng" and m.first == tile for m in robbed):
        return reason("rob_not_xu_gang", detail=f"seat {source} has no peng of {T.name(tile)} to extend")
    held = [0] * 27
    held[tile] += 1
    for s, seat in enumerate(seats):
        for t in seat.tiles():
            held[t] += 1
        if any(src == s for src in seat.sources):
            return reason("claim_from_self", seat=s)
        expected = 13 - 3 * len(seat.melds)
        if (s == winner or seat.hand) and len(seat.hand) != expected:
            return reason(
                "wrong_hand_size", seat=s, count=len(seat.hand), melds=len(seat.melds), expected=expected
            )
    for k in range(27):
        if held[k] > 4:
            return reason("too_many_copies", tile=T.name(k), count=held[k])
    return None
