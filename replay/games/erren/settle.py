"""Settlement of a 二人 win (ER-6.3) and its receipt.

The other seat pays the winner ``unit × T`` (``fan``) or ``unit × (T + base)`` (``guobiao``),
the same by discard or self-draw, at most ``cap``; no kong payments, no other bonus; 荒庄 pays
nothing. The receipt lists every fan with its value, Chinese beside English, as a person checks it.
"""

from __future__ import annotations

from dataclasses import dataclass

from replay.games.erren.choose import Score
from replay.games.erren.fantable import ROW
from replay.games.erren.params import Rules


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: int
    #: one line per fan (``清龙 qinglong (Pure Straight) 16``, ``幺九刻 yaojiuke … 1 × 2 = 2``), then
    #: the totals and the payment
    receipt: tuple[str, ...]

    def deltas(self) -> list[int]:
        """The two seats' changes: [seat 0, seat 1], summing to 0."""
        out = [0, 0]
        out[self.payer] -= self.amount
        out[self.payee] += self.amount
        return out


def fan_lines(found: Score, rules: Rules) -> list[str]:
    """Every counted fan with its value (× count when counted more than once), nq ones marked."""
    lines = []
    for f in found.fans:
        row = ROW[f.id]
        amount = f"{f.value}" if f.n == 1 else f"{f.value} × {f.n} = {f.points}"
        nq = " (不计起胡 nq)" if f.id in rules.qihu_excluded else ""
        lines.append(f"{row.zh} {row.id} ({row.en}) {amount}{nq}")
    return lines


def amount(total: int, rules: Rules) -> int:
    """ER-6.3: unit × T or unit × (T + base), capped."""
    pay = rules.unit * (total + (rules.base if rules.settle == "guobiao" else 0))
    return min(pay, rules.cap) if rules.cap is not None else pay


def settle(winner: int, found: Score, rules: Rules) -> Payment:
    """The payment of a win by ``winner`` (0 or 1) scored ``found`` (ER-6.3)."""
    pay = amount(found.total, rules)
    lines = fan_lines(found, rules)
    lines.append(f"T = {found.total}, Q = {found.qualifying} (起胡 qihu {rules.qihu})")
    if rules.settle == "guobiao":
        how = f"guobiao 国标: {rules.unit} × ({found.total} + {rules.base})"
    else:
        how = f"fan 番: {rules.unit} × {found.total}"
    if rules.cap is not None and pay == rules.cap and pay < rules.unit * found.total:
        how += f", capped at {rules.cap}"
    lines.append(f"seat {1 - winner} pays seat {winner}: {how} = {pay}")
    return Payment(1 - winner, winner, pay, tuple(lines))


def no_payment() -> list[int]:
    """荒庄 (ER-6.3): nobody pays."""
    return [0, 0]
