"""Settling one round (TT-4, TT-5): each player against the banker, the bank falling short, the
jackpot (奖池) fed and paid, and the TT-5.4 check; every amount as a receipt with its factors.

Pure arithmetic on integers: the round is already legal when it gets here (the audit's checks
come first), so nothing in this module refuses anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from replay.games.tuitongzi.params import TuitongziRules
from replay.games.tuitongzi.ranking import CLASS_EN, CLASS_ZH, Hand, Verdict, compare

Party = int | str  # a seat, or "pool" / "house"


@dataclass(frozen=True)
class Factor:
    """One factor of a receipt, English beside Chinese: ``{"name": "bet", "zh": "下注", "value": 50}``."""

    name: str
    zh: str
    value: int | str

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "zh": self.zh, "value": self.value}


@dataclass(frozen=True)
class Receipt:
    """One movement of money: who pays whom, how much, under which rule, and why that much."""

    kind: str
    zh: str
    rule: str
    payer: Party
    payee: Party
    amount: int
    factors: tuple[Factor, ...]
    note: str = ""

    @property
    def text(self) -> str:
        """``下注 bet 50 × 二八杠 2-8 bar 2 = 100``: the line a player writes."""
        line = " × ".join(f"{f.zh} {f.name} {f.value}" for f in self.factors)
        return f"{line} = {self.amount}" + (f" ({self.note})" if self.note else "")

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "zh": self.zh,
            "rule": self.rule,
            "from": self.payer,
            "to": self.payee,
            "amount": self.amount,
            "factors": [f.to_json() for f in self.factors],
            "text": self.text,
        }


@dataclass(frozen=True)
class Outcome:
    """One player against the banker (TT-4.1, TT-4.2): who won, why, m, and what was owed."""

    seat: int
    verdict: Verdict
    multiplier: int
    set_by: str  # the class that set m
    owed: int  # bet × m, owed by the loser
    paid: int  # what reached the winner (less than owed only when the bank fell short, TT-4.3)


@dataclass
class Settlement:
    """The whole round settled; ``result()`` is the §8 ``result`` object the audit compares."""

    banker: int
    outcomes: list[Outcome | None]
    deltas: list[int]
    feeds: list[int]
    house_feed: int
    pool_before: int
    pool_after_feed: int
    awards: list[dict[str, Any]]
    pool_after: int
    shortfall: dict[str, Any] | None
    receipts: list[Receipt] = field(default_factory=list)

    @property
    def check(self) -> dict[str, Any]:
        """TT-5.4: Σ deltas + (pool_after − pool_before) = the house feed."""
        total = sum(self.deltas)
        change = self.pool_after - self.pool_before
        return {
            "rule": "TT-5.4",
            "sum_deltas": total,
            "pool_change": change,
            "house_feed": self.house_feed,
            "holds": total + change == self.house_feed,
        }

    def result(self) -> dict[str, Any]:
        return {
            "winners": [None if o is None else o.verdict.player_wins for o in self.outcomes],
            "multipliers": [None if o is None else o.multiplier for o in self.outcomes],
            "awards": [{k: a[k] for k in ("seat", "kind", "amount")} for a in self.awards],
            "deltas": list(self.deltas),
            "pool_after": self.pool_after,
        }

    def comparisons(self) -> list[dict[str, Any]]:
        """Per player: who beat whom and why (the rule that decided), m and the money."""
        out = []
        for o in self.outcomes:
            if o is None:
                continue
            out.append(
                {
                    "seat": o.seat,
                    "winner": "player" if o.verdict.player_wins else "banker",
                    "rule": o.verdict.rule,
                    "why": o.verdict.why,
                    "multiplier": o.multiplier,
                    "multiplier_from": o.set_by,
                    "owed": o.owed,
                    "paid": o.paid,
                }
            )
        return out


def deal_order(banker: int, seats: int) -> list[int]:
    """The players in deal order: from the banker's next seat round the table (TT-1.2 numbers
    seats in deal order; TT-2.2 checks bets and TT-4.3 pays winners in this order)."""
    return [(banker + i) % seats for i in range(1, seats)]


def _outcome(seat: int, bet: int, banker_hand: Hand, hand: Hand, rules: TuitongziRules) -> Outcome:
    verdict = compare(banker_hand, hand, rules)
    winner_hand = hand if verdict.player_wins else banker_hand
    setter = hand if rules.mult_from == "player" else winner_hand
    m = setter.multiplier(rules)
    return Outcome(seat, verdict, m, setter.kind, bet * m, bet * m)


def settle(
    rules: TuitongziRules,
    banker: int,
    bank: int,
    bets: Sequence[int | None],
    hands: Sequence[Hand],
    pool_before: int,
) -> Settlement:
    """TT-4.1–TT-5.4 for one legal round (bets ``None`` at the banker)."""
    n = len(hands)
    order = deal_order(banker, n)
    outcomes: list[Outcome | None] = [None] * n
    deltas = [0] * n
    receipts: list[Receipt] = []
    for seat in order:
        bet = bets[seat]
        assert bet is not None
        outcomes[seat] = _outcome(seat, bet, hands[banker], hands[seat], rules)

    # TT-4.2 and TT-4.3: the banker collects from its losers first, then pays its winners in order
    collected = sum(o.owed for o in outcomes if o is not None and not o.verdict.player_wins)
    owed_out = sum(o.owed for o in outcomes if o is not None and o.verdict.player_wins)
    shortfall: dict[str, Any] | None = None
    left: int | None = None
    if owed_out - collected > bank:
        shortfall = {
            "rule": "TT-4.3",
            "mode": rules.bank_short,
            "bank": bank,
            "collected": collected,
            "owed": owed_out,
            "short": owed_out - collected - bank,
        }
        if rules.bank_short == "in_order":
            left = bank + collected
    for seat in order:
        o = outcomes[seat]
        assert o is not None
        bet = bets[seat]
        assert bet is not None
        paid = o.owed
        if o.verdict.player_wins and left is not None:
            paid = min(o.owed, left)
            left -= paid
            outcomes[seat] = o = Outcome(o.seat, o.verdict, o.multiplier, o.set_by, o.owed, paid)
        sign = 1 if o.verdict.player_wins else -1
        deltas[seat] += sign * paid
        deltas[banker] -= sign * paid
        factors = [
            Factor("bet", "下注", bet),
            Factor(CLASS_EN[o.set_by], CLASS_ZH[o.set_by], o.multiplier),
        ]
        note = ""
        if paid != o.owed:
            factors.append(Factor("paid of owed", "庄家不足 实付", f"{paid}/{o.owed}"))
            note = f"the bank fell short (庄家不足, TT-4.3 in_order): {o.owed - paid} unpaid"
        receipts.append(
            Receipt(
                "win" if o.verdict.player_wins else "loss",
                "闲家赢" if o.verdict.player_wins else "庄家赢",
                f"TT-4.2 ({o.verdict.rule})",
                banker if o.verdict.player_wins else seat,
                seat if o.verdict.player_wins else banker,
                paid,
                tuple(factors),
                note,
            )
        )

    # TT-5.2 the feed
    feeds = [0] * n
    house_feed = 0
    pct = rules.pool_feed_pct
    if rules.pool_feed_from == "players":
        for seat in order:
            bet = bets[seat]
            assert bet is not None
            feeds[seat] = bet * pct // 100
            deltas[seat] -= feeds[seat]
            if feeds[seat]:
                receipts.append(
                    Receipt(
                        "pool_feed",
                        "抽水入池",
                        "TT-5.2",
                        seat,
                        "pool",
                        feeds[seat],
                        (Factor("bet", "下注", bet), Factor("feed %", "抽水比例", f"{pct}%")),
                        "rounded down",
                    )
                )
    else:
        total = sum(b for b in bets if b is not None)
        house_feed = total * pct // 100
        if house_feed:
            receipts.append(
                Receipt(
                    "pool_feed",
                    "庄房入池",
                    "TT-5.2",
                    "house",
                    "pool",
                    house_feed,
                    (Factor("all bets", "总下注", total), Factor("feed %", "抽水比例", f"{pct}%")),
                    "rounded down",
                )
            )
    pool = pool_before + sum(feeds) + house_feed

    # TT-5.3 the awards, both computed on P′
    awards: list[dict[str, Any]] = []
    for kind, award_pct in (("fa_pair", rules.pool_fa_pct), ("erba", rules.pool_erba_pct)):
        hitters = [
            s
            for s in order
            if hands[s].kind == kind
            and (not rules.pool_needs_win or (outcomes[s] is not None and outcomes[s].verdict.player_wins))  # type: ignore[union-attr]
        ]
        if not hitters or award_pct == 0:
            continue
        award = pool * award_pct // 100
        stake = sum(bets[s] or 0 for s in hitters)
        for s in hitters:
            bet = bets[s] or 0
            amount = award * bet // stake
            awards.append({"seat": s, "kind": kind, "amount": amount})
            deltas[s] += amount
            receipts.append(
                Receipt(
                    "award",
                    f"奖池 {CLASS_ZH[kind]}",
                    "TT-5.3",
                    "pool",
                    s,
                    amount,
                    (
                        Factor("pool P′", "奖池", pool),
                        Factor("award %", "奖励比例", f"{award_pct}% → {award}"),
                        Factor("share of bets", "按下注比例", f"{bet}/{stake}"),
                    ),
                    "rounded down; the remainder stays in the pool",
                )
            )
    pool_after = pool - sum(a["amount"] for a in awards)
    return Settlement(
        banker,
        outcomes,
        deltas,
        feeds,
        house_feed,
        pool_before,
        pool,
        awards,
        pool_after,
        shortfall,
        receipts,
    )
