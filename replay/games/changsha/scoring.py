"""Settling one Changsha win (CS-6.2–CS-6.4): birds, units, the dealer column, receipts.

Who pays (CS-6.1), where the birds are counted from and which seats they hit are the board's
to say; this module turns one winner's k, big/small and self-draw/discard into one payment per
payer, each with a receipt that shows every factor as a person writes it on the score sheet
(Chinese beside English), so a disputed amount can be checked by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from replay.games.changsha.params import Rules


def bird_hits(birds: Sequence[int], base: int) -> list[int]:
    """The seat each bird (a tile kind) hits: value v counted from ``base`` (CS-6.4).

    v = 1, 5, 9 hit ``base`` itself, 2, 6 its 下家, 3, 7 its 对家, 4, 8 its 上家.
    """
    return [(base + kind % 9) % 4 for kind in birds]


@dataclass(frozen=True)
class Payment:
    """What one payer owes one winner, and why."""

    payer: int
    payee: int
    amount: int
    receipt: str


#: the four kinds of CS-6.3's table by (big, self_draw): index into ``Rules.units``
_KIND: dict[tuple[bool, bool], tuple[int, str]] = {
    (False, True): (0, "小胡自摸 small self-draw"),
    (False, False): (1, "小胡点炮 small discard"),
    (True, True): (2, "大胡自摸 big self-draw"),
    (True, False): (3, "大胡点炮 big discard"),
}


def amount(k: int, big: bool, self_draw: bool, with_dealer: bool, h: int, rules: Rules) -> tuple[int, str]:
    """A = what one payer pays one winner (CS-6.2, CS-6.4), and its receipt."""
    idx, label = _KIND[big, self_draw]
    plain = rules.units[idx]
    bonus = rules.dealer_bonus if with_dealer else 0
    if rules.dealer_scaling == "per_hand":
        base = k * (plain + bonus)
        text = f"{label} k{k} × " + (f"庄 dealer {plain + bonus}" if with_dealer else f"{plain}")
    else:
        base = k * plain + bonus
        text = f"{label} (k{k} × {plain}" + (f" + 庄 dealer {bonus})" if with_dealer else ")")
    if h == 0:
        total = base
    elif rules.bird_mode == "double":
        total = base * 2**h
        text += f" · 中鸟 birds {h} ×{2**h}"
    elif rules.bird_mode == "linear":
        total = base * (1 + h)
        text += f" · 中鸟 birds {h} ×(1+{h})"
    else:  # plus: each bird adds one small self-draw plain unit
        total = base + h * rules.units[0]
        text += f" · 中鸟 birds {h} +{h}×{rules.units[0]}"
    return total, f"{text} = {total}"


def settle(
    winner: int,
    k: int,
    big: bool,
    self_draw: bool,
    payers: Sequence[int],
    dealer: int,
    hit_seats: Sequence[int],
    rules: Rules,
) -> list[Payment]:
    """One Payment per payer for one winner (CS-6.2–6.4).

    h for a payer = the birds in ``hit_seats`` hitting the winner or that payer (a bird on
    a seat counts once, two birds on the same seat twice).
    """
    out = []
    for payer in payers:
        h = sum(1 for s in hit_seats if s in (winner, payer))
        a, receipt = amount(k, big, self_draw, dealer in (winner, payer), h, rules)
        out.append(Payment(payer, winner, a, receipt))
    return out


def deltas(payments: Sequence[Payment], seats: int = 4) -> list[int]:
    """Each seat's net result; they sum to 0 (CS-6.5)."""
    out = [0] * seats
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out
