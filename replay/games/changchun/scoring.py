"""Settling a Changchun hand (CC-6): the fan ladder, dealer factor, 点炮 modes and gang money.

Each payment carries a receipt with every factor as a person writes it on the score sheet
(Chinese beside English), so a disputed amount can be checked by hand: the winner's fans, the
dealer's and the discarder's extra fan, n, ladder(n). Gang money (杠分) is settled apart:
no dealer factor (不随庄走), paid even at 荒庄, robbed gangs never (CC-6.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from replay.games.changchun.params import Rules
from replay.games.changchun.reading import FAN_ZH, MELD_ZH, Meld, Win, self_draw

SEATS = 4


@dataclass(frozen=True)
class Payment:
    """What one payer owes one payee, and why. ``n``: n(L) of a win payment (None for gang money)."""

    payer: int
    payee: int
    amount: int
    receipt: str
    kind: str = "win"  # "win" | "gang"
    n: int | None = None


def _fan_terms(win: Win, rules: Rules) -> list[str]:
    out = []
    for f in win.fans:
        v = 2 if f == "piaohu" else rules.bao_fan if f == "bao" else 1
        out.append(f"{FAN_ZH[f]} {f} {v}")
    return out or ["平胡 pinghu 0"]


def share(
    win: Win, payer: int, winner: int, dealer: int, dealt_in: bool, rules: Rules
) -> tuple[int, int, str]:
    """One loser's n(L), ladder(n(L)) and the receipt of it (CC-6.1).

    n = the winner's fan + 1 if the winner or L is the dealer (庄) + 1 if L dealt in or was
    robbed (点炮). The loser's own 门清 never counts (S4).
    """
    terms = _fan_terms(win, rules)
    n = win.fan
    if dealer in (winner, payer):
        n += 1
        terms.append(f"庄 zhuang 1 (seat {dealer})")
    if dealt_in:
        n += 1
        terms.append("点炮 dianpao 1")
    amount = rules.ladder_at(n)
    return n, amount, f"{' + '.join(terms)} = {n} 番 fan → ladder[{n}] = {amount}"


def settle_win(winner: int, win: Win, discarder: int | None, dealer: int, rules: Rules) -> list[Payment]:
    """The win money of one win (CC-6.1, CC-6.2, CC-6.4 ``cap``): one Payment per paying seat.

    ``discarder``: the seat that dealt in (点炮) or was robbed (抢胡), None on a self-draw
    (自摸, 对宝, 摸宝). A 抢胡 under ``qianghu: zimo`` settles as a self-draw: all three pay,
    nobody's 点炮 fan.
    """
    seats = [s for s in range(SEATS) if s != winner]
    if self_draw(win.way, rules) or discarder is None:
        shares = {s: share(win, s, winner, dealer, False, rules) for s in seats}
        payers = seats
        return [_capped(s, winner, *shares[s], rules) for s in payers]
    if discarder == winner or not 0 <= discarder < SEATS:
        raise ValueError(f"seat {discarder} cannot deal in to seat {winner}")
    shares = {s: share(win, s, winner, dealer, s == discarder, rules) for s in seats}
    mode = rules.dianpao_mode
    if mode == "all":
        return [_capped(s, winner, *shares[s], rules) for s in seats]
    if mode == "discarder_only":
        n, a, text = shares[discarder]
        return [_capped(discarder, winner, n, a, f"{text} · 只有放炮家输分 discarder only", rules)]
    n = shares[discarder][0]
    total = sum(a for _, a, _ in shares.values())
    parts = " + ".join(f"seat {s} [{text}]" for s, (_, _, text) in shares.items())
    return [_capped(discarder, winner, n, total, f"包 covers {parts} = {total}", rules)]


def _capped(payer: int, payee: int, n: int, amount: int, receipt: str, rules: Rules) -> Payment:
    if rules.cap is not None and amount > rules.cap:
        receipt = f"{receipt} · 封顶 cap {rules.cap}"
        amount = rules.cap
    return Payment(payer, payee, amount, receipt, "win", n)


def gang_units(meld: Meld, rules: Rules) -> int:
    """CC-6.3's m of one standing gang: ming- and xu-gang 1, an-gang 2, 明大蛋 2, 暗大蛋 4, a set
    1 plus 1 per standing 补; claims (chi, peng) 0."""
    if meld.is_set:
        return 1 + len(meld.bu)
    if not meld.is_kong:
        return 0
    dadan = meld.tile in rules.dadan_tiles
    if meld.kind == "an":
        return 4 if dadan else 2
    return 2 if dadan else 1


def _gang_label(meld: Meld, rules: Rules) -> str:
    label = meld.label()
    if meld.is_kong and meld.tile in rules.dadan_tiles:
        label += " 暗大蛋 an-dadan" if meld.kind == "an" else " 明大蛋 ming-dadan"
    if meld.is_set and meld.bu:
        label += f" ({len(meld.bu)} 补 bu)"
    return label


def settle_gangs(standing: Sequence[Sequence[Meld]], rules: Rules) -> list[Payment]:
    """Gang money (杠分, CC-6.3) of every seat's standing gangs: ``standing[s]`` are seat s's
    melds still standing at the end (robbed gangs left out; chi and peng are ignored). Every other
    seat pays the owner ``gang_money_unit`` × m per gang, no dealer factor; under
    ``diangang_payer: discarder`` a ming-gang's ``source`` pays all three shares. Paid at 荒庄 too.
    """
    unit = rules.gang_money_unit
    owed: dict[tuple[int, int], list[tuple[int, str]]] = {}
    for owner, melds in enumerate(standing):
        for meld in melds:
            m = gang_units(meld, rules)
            if not m:
                continue
            label = _gang_label(meld, rules)
            payers = [s for s in range(SEATS) if s != owner]
            if meld.kind == "ming" and rules.diangang_payer == "discarder" and meld.source is not None:
                text = f"{label} {m} × {unit} × 3 点杠 discarder pays all"
                owed.setdefault((meld.source, owner), []).append((m * unit * 3, text))
                continue
            for p in payers:
                owed.setdefault((p, owner), []).append((m * unit, f"{label} {m} × {unit}"))
    out = []
    for (payer, owner), items in sorted(owed.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        total = sum(a for a, _ in items)
        text = " + ".join(t for _, t in items)
        out.append(
            Payment(payer, owner, total, f"杠分 gang: {text} = {total} (不随庄走 no dealer factor)", "gang")
        )
    return out


def deltas(payments: Sequence[Payment], seats: int = SEATS) -> list[int]:
    """Each seat's net result; they sum to 0 (CC-6.4)."""
    out = [0] * seats
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


def fan_by_seat(payments: Sequence[Payment], seats: int = SEATS) -> list[int | None]:
    """The record's ``fan``: n(L) per paying seat of the win money, None for the winner and
    non-payers (§9)."""
    out: list[int | None] = [None] * seats
    for p in payments:
        if p.kind == "win":
            out[p.payer] = p.n
    return out


def next_dealer(dealer: int, winner: int | None) -> int:
    """CC-1.3: the dealer stays when it wins or at 荒庄 (winner None); else its 下家 deals."""
    return dealer if winner is None or winner == dealer else (dealer + 1) % SEATS


MELD_NAMES = MELD_ZH  # re-exported for receipts elsewhere
