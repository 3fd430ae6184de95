"""Money in a Sichuan hand (SC-5, SC-6, §7): every transfer as it happens, capped by coins.

Each settlement step (one kong's payments, one win's, one 呼叫转移, one 花猪's, one payer's 大叫,
one seat's 退税) goes through ``step`` so bankruptcy applies the same way everywhere: a payer
pays at most its balance, serving payees in turn order from its 下家, and the rest is lost.
Kong income is remembered as paid so 呼叫转移 (SC-5.6) and 退税 (SC-6.4) move the real coins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

KIND_ZH = {
    "gang_ming": "直杠 刮风",
    "gang_xu": "补杠 刮风",
    "gang_an": "暗杠 下雨",
    "hu": "胡",
    "zhuanyi": "呼叫转移",
    "huazhu": "查花猪",
    "dajiao": "查大叫",
    "tuishui": "退税",
}


@dataclass
class Transfer:
    kind: str
    payer: int
    payee: int
    amount: int  # coins, after §7
    owed: int  # coins before §7

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "from": self.payer, "to": self.payee, "amount": self.amount}


@dataclass
class KongIncome:
    """One payment a seat received for a kong (SC-5.5), kept for 呼叫转移 and 退税."""

    payer: int
    amount: int
    turn: int
    transferred: bool = False


@dataclass
class Ledger:
    """Balances (with ``stacks``) or unbounded deltas, and every transfer in settlement order."""

    base: int
    stacks: list[int] | None = None
    deltas: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    transfers: list[Transfer] = field(default_factory=list)
    bankrupt: set[int] = field(default_factory=set)
    kong_income: list[list[KongIncome]] = field(default_factory=lambda: [[], [], [], []])

    def copy(self) -> Ledger:
        """A copy later steps cannot change: the balances, the transfers, the bankrupt seats and
        the kong income (whose ``transferred`` flags 呼叫转移 and 退税 set) are copied."""
        return Ledger(
            self.base,
            self.stacks,
            list(self.deltas),
            list(self.transfers),
            set(self.bankrupt),
            [[KongIncome(k.payer, k.amount, k.turn, k.transferred) for k in ks] for ks in self.kong_income],
        )

    def balance(self, seat: int) -> int | None:
        return None if self.stacks is None else self.stacks[seat] + self.deltas[seat]

    def step(self, kind: str, debts: Sequence[tuple[int, int, int]]) -> list[Transfer]:
        """One step of (payer, payee, units) debts; returns the transfers made (0 coins included
        when a payer ran out, so a receipt can say so)."""
        made: list[Transfer] = []
        by_payer: dict[int, list[tuple[int, int]]] = {}
        for payer, payee, units in debts:
            by_payer.setdefault(payer, []).append((payee, units))
        for payer, owed in by_payer.items():
            for payee, units in sorted(owed, key=lambda d: (d[0] - payer) % 4):
                want = units * self.base
                have = self.balance(payer)
                amount = want if have is None else max(0, min(want, have))
                self.deltas[payer] -= amount
                self.deltas[payee] += amount
                t = Transfer(kind, payer, payee, amount, want)
                self.transfers.append(t)
                made.append(t)
        if self.stacks is not None:
            for seat in range(4):
                bal = self.balance(seat)
                if bal is not None and bal <= 0:
                    self.bankrupt.add(seat)
        return made

    def kong(self, kind: str, seat: int, payers: Sequence[int], units: int, turn: int) -> list[Transfer]:
        made = self.step(kind, [(p, seat, units) for p in payers])
        for t in made:
            self.kong_income[seat].append(KongIncome(t.payer, t.amount, turn))
        return made

    def zhuanyi(self, kong_seat: int, winner: int, turn: int | None) -> Transfer | None:
        """SC-5.6: hand the winner the kong income of that turn (``turn``) or all still held."""
        incomes = [
            k for k in self.kong_income[kong_seat] if not k.transferred and (turn is None or k.turn == turn)
        ]
        total = sum(k.amount for k in incomes)
        if not total:
            return None
        for k in incomes:
            k.transferred = True
        units_owed = total  # coins already; step multiplies by base, so pass coins through base 1
        base, self.base = self.base, 1
        try:
            (t,) = self.step("zhuanyi", [(kong_seat, winner, units_owed)])
        finally:
            self.base = base
        return t

    def refund(self, seat: int) -> list[Transfer]:
        """SC-6.4 退税: return every kong payment received, as paid, except those transferred."""
        back: dict[int, int] = {}
        for k in self.kong_income[seat]:
            if not k.transferred and k.amount:
                back[k.payer] = back.get(k.payer, 0) + k.amount
        if not back:
            return []
        base, self.base = self.base, 1
        try:
            return self.step("tuishui", [(seat, payer, coins) for payer, coins in back.items()])
        finally:
            self.base = base
