"""One round read and checked in TT-2.1's order: seats, banker and bank, the deal, the bets.

``read_round`` is shared by ``replay evaluate`` (raw JSON) and ``replay audit`` (a record the
schema accepted): spelling and shape errors are ``InputError`` naming the field; a round that
breaks a rule raises :class:`~replay.games.tuitongzi.reasons.Illegal` at its first illegal item,
with its TT id. The settlement (``settle.py``) only ever sees a round that passed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from replay.errors import InputError
from replay.games.tuitongzi import tiles as T
from replay.games.tuitongzi.params import TILES_IN_SET, TuitongziRules
from replay.games.tuitongzi.ranking import Hand
from replay.games.tuitongzi.reasons import illegal
from replay.games.tuitongzi.settle import Settlement, deal_order, settle

MAX_MONEY = 10**15


@dataclass
class Round:
    """A legal round: everything the settlement and the mistakes need."""

    rules: TuitongziRules
    banker: int
    bank: int
    bets: list[int | None]
    hands: list[Hand]
    pool_before: int
    wall: list[int] | None
    dice: tuple[int, int] | None
    shoe: tuple[str, int] | None

    @property
    def seats(self) -> int:
        return len(self.hands)

    def settle(self) -> Settlement:
        return settle(self.rules, self.banker, self.bank, self.bets, self.hands, self.pool_before)

    def seen_before(self) -> list[int]:
        """Tiles revealed in the earlier rounds of this ``five_rounds`` shoe (known from the wall)."""
        if self.wall is None or self.shoe is None or self.rules.shoe != "five_rounds":
            return []
        return self.wall[: 2 * self.seats * (self.shoe[1] - 1)]


def _int(value: object, field: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError(field, f"must be an integer from {lo} to {hi}, not {value!r}")
    return value


def _tiles(raw: object, field: str, rules: TuitongziRules) -> list[int]:
    """Ranks of a list of spelt tiles; a tile outside the set is TT-1.1's ``not_a_tile``."""
    if not isinstance(raw, list):
        raise InputError(field, "must be a list of tiles")
    out = []
    for i, token in enumerate(raw):
        rank = T.read(token, f"{field}[{i}]", rules.half_tile)
        if rank is None:
            raise illegal(
                "not_a_tile",
                f"{field}[{i}]",
                i,
                tile=T.outsider(token, f"{field}[{i}]"),
                half=T.name(T.HALF, rules.half_tile),
            )
        out.append(rank)
    return out


def start_seat(rules: TuitongziRules, banker: int, n: int, dice: tuple[int, int] | None) -> int:
    """TT-2.4: who gets the first stack (``next``: banker + 1; ``dice``: banker + d1 + d2 − 1)."""
    if rules.deal_start == "dice" and dice is not None:
        return (banker + dice[0] + dice[1] - 1) % n
    return (banker + 1) % n


def round_tiles(rules: TuitongziRules, wall: Sequence[int], n: int, k: int) -> Sequence[int]:
    """TT-2.3: this round's 2n tiles of the wall (round k of a ``five_rounds`` shoe)."""
    if rules.shoe == "five_rounds":
        return wall[2 * n * (k - 1) : 2 * n * k]
    return wall


def dealt_hands(
    rules: TuitongziRules, tiles: Sequence[int], banker: int, dice: tuple[int, int] | None
) -> list[list[int]]:
    """TT-2.4: stack i (tiles 2i, 2i+1) to seat (start + i) mod n."""
    n = len(tiles) // 2
    start = start_seat(rules, banker, n, dice)
    hands: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        hands[(start + i) % n] = [tiles[2 * i], tiles[2 * i + 1]]
    return hands


def _copies(ranks: Sequence[int], field: str, where: str, rules: TuitongziRules) -> None:
    for rank, count in sorted(Counter(ranks).items()):
        if count > T.COPIES:
            raise illegal(
                "too_many_copies", field, None, tile=T.name(rank, rules.half_tile), count=count, where=where
            )


def read_round(v: Mapping[str, Any], rules: TuitongziRules, seats: int | None = None) -> Round:
    """Check one round (TT-1 … TT-2.5) in TT-2.1's order; ``seats``: the record's seat count."""
    raw_hands = v.get("hands")
    if not isinstance(raw_hands, list) or not 2 <= len(raw_hands) <= 4:
        raise InputError("hands", "must be a list of 2 to 4 pairs of tiles, one per seat")
    n = len(raw_hands)
    if seats is not None and seats != n:
        raise InputError("hands", f"must hold one pair per seat: {seats} seats, {n} hands")
    if n != rules.seats:
        raise illegal(
            "seat_count", "seats" if seats is not None else "hands", None, count=n, expected=rules.seats
        )
    banker = _int(v.get("banker"), "banker", 0, n - 1)
    bank = _int(v.get("bank"), "bank", 0, MAX_MONEY)
    if bank < rules.bank_min:
        raise illegal("bank_below_min", "bank", None, bank=bank, minimum=rules.bank_min)
    pool_before = _int(v.get("pool_before", 0), "pool_before", 0, MAX_MONEY)

    # the deal: tiles in the set, the shoe, the wall, the copies, the wall's stacks
    wall = _tiles(v["wall"], "wall", rules) if v.get("wall") is not None else None
    hands_ranks: list[list[int]] = []
    for i, pair in enumerate(raw_hands):
        if not isinstance(pair, list) or len(pair) != 2:
            raise InputError(f"hands[{i}]", "must be a pair of two tiles")
        hands_ranks.append(_tiles(pair, f"hands[{i}]", rules))
    shoe: tuple[str, int] | None = None
    if rules.shoe == "five_rounds":
        raw = v.get("shoe")
        if not isinstance(raw, Mapping):
            raise illegal("shoe_missing", "shoe")
        k = _int(raw.get("round"), "shoe.round", 1, TILES_IN_SET)
        if k > rules.shoe_rounds:
            raise illegal(
                "shoe_round_out_of_range", "shoe.round", None, round=k, rounds=rules.shoe_rounds, seats=n
            )
        sid = raw.get("id")
        if not isinstance(sid, str):
            raise InputError("shoe.id", "must be a string naming the shoe")
        shoe = (sid, k)
    dice: tuple[int, int] | None = None
    if v.get("dice") is not None:
        d = v["dice"]
        if not isinstance(d, list) or len(d) != 2:
            raise InputError("dice", "must be two dice [d1, d2]")
        dice = (_int(d[0], "dice[0]", 1, 6), _int(d[1], "dice[1]", 1, 6))
    if wall is not None:
        expected = TILES_IN_SET if rules.shoe == "five_rounds" else 2 * n
        if len(wall) != expected:
            raise illegal(
                "wrong_wall_size", "wall", None, count=len(wall), shoe=rules.shoe, seats=n, expected=expected
            )
        _copies(wall, "wall", "wall", rules)
    _copies([t for pair in hands_ranks for t in pair], "hands", "round's hands", rules)
    if wall is not None:
        if rules.deal_start == "dice" and dice is None:
            raise illegal("dice_missing", "dice")
        tiles = round_tiles(rules, wall, n, shoe[1] if shoe else 1)
        start = start_seat(rules, banker, n, dice)
        for seat, dealt in enumerate(dealt_hands(rules, tiles, banker, dice)):
            if sorted(dealt) != sorted(hands_ranks[seat]):
                raise illegal(
                    "hand_not_dealt",
                    f"hands[{seat}]",
                    seat,
                    seat=seat,
                    hand=_spell(hands_ranks[seat], rules),
                    dealt=_spell(dealt, rules),
                    stack=(seat - start) % n,
                )

    # the bets (TT-2.2), in deal order
    raw_bets = v.get("bets")
    if not isinstance(raw_bets, list) or len(raw_bets) != n:
        raise InputError("bets", f"must be a list of {n} entries, null at the banker")
    bets: list[int | None] = [None] * n
    if raw_bets[banker] is not None:
        raise illegal("banker_bet", f"bets[{banker}]", banker, seat=banker)
    total = 0
    high = "∞" if rules.bet_max is None else str(rules.bet_max)
    for seat in deal_order(banker, n):
        raw_bet = raw_bets[seat]
        if raw_bet is None:
            raise illegal("bet_missing", f"bets[{seat}]", seat, seat=seat)
        bet = _int(raw_bet, f"bets[{seat}]", 0, MAX_MONEY)
        if bet < rules.bet_min or (rules.bet_max is not None and bet > rules.bet_max):
            raise illegal(
                "bet_out_of_range", f"bets[{seat}]", seat, seat=seat, bet=bet, low=rules.bet_min, high=high
            )
        total += bet
        if rules.bank_cover and total * rules.max_mult > bank:
            raise illegal(
                "bet_over_cover",
                f"bets[{seat}]",
                seat,
                seat=seat,
                total=total,
                mult=rules.max_mult,
                need=total * rules.max_mult,
                bank=bank,
            )
        bets[seat] = bet
    return Round(
        rules,
        banker,
        bank,
        bets,
        [Hand.of(a, b) for a, b in hands_ranks],
        pool_before,
        wall,
        dice,
        shoe,
    )


def _spell(ranks: Sequence[int], rules: TuitongziRules) -> str:
    return "+".join(T.code(r, rules.half_tile) for r in ranks)
