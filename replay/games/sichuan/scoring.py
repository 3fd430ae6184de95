"""What one Sichuan win is worth (SC-4.4, SC-4.5, SC-5.1): M and the line a player writes for it.

Kept apart from the money (``ledger``): M depends only on the hand, the ways and the ruleset,
while who pays and how much reaches them depends on who is still in the hand and their coins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from replay.games.sichuan.params import WAY_NAMES_ZH, SichuanRules
from replay.games.sichuan.reading import NAMES_ZH, POINTS, Reading

FLAT = 32  # 天胡/地胡 (SC-4.5)


@dataclass(frozen=True)
class Factor:
    name: str
    zh: str
    value: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "zh": self.zh, "value": self.value}


@dataclass(frozen=True)
class WinScore:
    """M (uncapped) with its factors: P, one 2 per 根, one 2 per way, 2 for 自摸 under ``fan``."""

    hand: str
    points: int
    gen: int
    ways: tuple[str, ...]
    multiple: int
    flat: bool
    factors: tuple[Factor, ...]

    @property
    def expression(self) -> str:
        """``清一色 4 · 根 2 · 杠上花 2 = 16``: the product as a player writes it."""
        return " · ".join(f"{f.zh} {f.value}" for f in self.factors) + f" = {self.multiple}"


def score_win(
    reading: Reading,
    ways: tuple[str, ...],
    rules: SichuanRules,
    *,
    self_draw: bool,
    tiandi: str | None = None,
    zimo_fan: bool = True,
) -> WinScore:
    """SC-5.1. ``ways``: the SC-4.4 ways that happened (only those in ``rules.ways`` count);
    ``tiandi``: ``tianhu``/``dihu`` when SC-4.5 holds (flat 32 unless the normal M, 自摸 ``fan``
    included, is larger); ``zimo_fan``: False where a self-draw pays
    as a discard (点杠花 ``dianpao``, SC-5.4)."""
    counted = tuple(w for w in ways if w in rules.ways)
    factors = [Factor(reading.hand, NAMES_ZH[reading.hand], reading.points)]
    factors += [Factor("gen", "根", 2)] * reading.gen
    factors += [Factor(w, WAY_NAMES_ZH[w], 2) for w in counted]
    fan = self_draw and zimo_fan and rules.zimo_bonus == "fan"
    if fan:
        factors.append(Factor("zimo", "自摸", 2))
    m = reading.points * 2 ** (reading.gen + len(counted) + fan)
    if tiandi is not None and rules.tiandihu and m <= FLAT:
        # SC-4.5: flat "unless its normal M ... is larger": a normal M of exactly 32 is flat too,
        # so the win is named 天胡/地胡 with gen 0 and no ways (the audit compares those, §10).
        return WinScore(tiandi, POINTS[tiandi], 0, (), FLAT, True, (Factor(tiandi, NAMES_ZH[tiandi], FLAT),))
    return WinScore(reading.hand, reading.points, reading.gen, counted, m, False, tuple(factors))


@dataclass(frozen=True)
class WinCharge:
    """What one payer owes one winner (before §7): M' and 自摸加底, written out."""

    payer: int
    capped: int
    bonus: int
    units: int
    text: str


def charge(score: WinScore, payer: int, rules: SichuanRules, *, bonus: bool) -> WinCharge:
    """SC-5.2/5.3: M' = min(M, C), +1 自摸加底 under ``di`` (inside the cap with ``di_in_cap``)."""
    m = score.multiple
    di = 1 if bonus and rules.zimo_bonus == "di" else 0
    cap = rules.cap.value if rules.cap is not None else None
    if di and rules.di_in_cap:
        units = rules.capped(m + di)
        capped = units
        text = f"{m} + 自摸加底 1" + (f" → 封顶 {units}" if units != m + di else f" = {units}")
        return WinCharge(payer, capped, di, units, text)
    capped = rules.capped(m)
    text = f"{m}" if capped == m else f"{m} → 封顶 {capped}"
    if cap is not None and capped != m:
        text = f"{m} → 封顶 {capped}"
    units = capped + di
    if di:
        text += f" + 自摸加底 1 = {units}"
    return WinCharge(payer, capped, di, units, text)
