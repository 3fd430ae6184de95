"""Sichuan self-play speed beside Wuhan's, in the same run, one process (issue #13's benchmark).

Plays the same number of hands with Wuhan's bots (``replay.games.wuhan.simulate``, preset hzlzg: the baseline)
and with Sichuan's (``replay.games.sichuan.simulate``, xuezhan and xueliu club rooms), then audits
the Sichuan hands with their mistake detectors (the audit time ``replay audit`` adds per hand).
Prints hands/s, events per hand, how hands ended and the hand types won. Figures only, no
assertion. Run: ``.venv/bin/python bench/bench_sichuan_simulate.py [HANDS]`` (default 300).
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from common import timed_play

from replay.games.sichuan.audit import audit_validated
from replay.games.sichuan.mistakes import find_mistakes
from replay.games.sichuan.reading import NAMES_ZH
from replay.games.sichuan.simulate import simulate as sichuan
from replay.games.wuhan.simulate import simulate as wuhan


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(f"self-play of {hands} hands per game, one process (baseline: Wuhan's bots)")
    timed_play("wuhan hzlzg (baseline)", hands, lambda: wuhan(hands, seed=2026))
    games = {
        "sichuan xuezhan": timed_play(
            "sichuan xuezhan (same_suit)",
            hands,
            lambda: sichuan(hands, 2026, "xuezhan", {"swap_three": "same_suit"}),
        ),
        "sichuan xueliu": timed_play(
            "sichuan xueliu (any, no que)",
            hands,
            lambda: sichuan(hands, 2026, "xueliu", {"swap_three": "any", "que_first": False}),
        ),
    }
    for name, records in games.items():
        start = time.perf_counter()
        audits = [audit_validated(r) for r in records]
        full = time.perf_counter() - start
        start = time.perf_counter()
        mistakes: Counter[str] = Counter()
        for r in records:
            mistakes.update(m["type"] for m in find_mistakes(r))
        only = time.perf_counter() - start
        ends = Counter(a["computed"]["ended_by"] for a in audits)
        types: Counter[str] = Counter(w["hand"] for r in records for w in r["result"]["wins"])
        wins = sum(types.values())
        print(
            f"{name}: audit {full * 1e3 / hands:.1f} ms/hand of which mistakes {only * 1e3 / hands:.1f} ms;"
            f" {wins / hands:.2f} wins/hand; ends {dict(ends)}"
        )
        print("  hand types: " + ", ".join(f"{NAMES_ZH[h]} {n / wins:.1%}" for h, n in types.most_common()))
        print(
            "  mistakes per 100 hands: "
            + ", ".join(f"{k} {v * 100 / hands:.1f}" for k, v in mistakes.most_common())
        )


if __name__ == "__main__":
    main()
