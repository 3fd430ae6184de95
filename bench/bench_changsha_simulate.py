"""Changsha self-play speed beside Wuhan's and Sichuan's, in the same run, one process (issue #29).

Plays the same number of hands with Wuhan's bots (hzlzg, the baseline), Sichuan's (xuezhan club
room) and Changsha's (both presets), then audits the Changsha hands with their mistake detectors
(the time ``replay audit`` adds per hand). Prints hands/s, events per hand, how hands ended, the
hand ids won and the mistakes found. Figures only, no assertion.
Run: ``.venv/bin/python bench/bench_changsha_simulate.py [HANDS]`` (default 100).
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from common import timed_play

from replay.games.changsha.audit import audit_validated
from replay.games.changsha.mistakes import find_mistakes
from replay.games.changsha.simulate import simulate as changsha
from replay.games.sichuan.simulate import simulate as sichuan
from replay.games.wuhan.simulate import simulate as wuhan


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    print(f"self-play of {hands} hands per game, one process (baseline: Wuhan's bots)")
    timed_play("wuhan hzlzg (baseline)", hands, lambda: wuhan(hands, seed=2026))
    timed_play("sichuan xuezhan (same_suit)", hands, lambda: sichuan(hands, 2026, "xuezhan"))
    games = {
        preset: timed_play(f"changsha {preset}", hands, lambda p=preset: changsha(hands, 2026, p))  # type: ignore[misc]
        for preset in ("changsha", "changsha-app")
    }
    for name, records in games.items():
        start = time.perf_counter()
        audits = [audit_validated(r, analysis=False) for r in records]
        bare = time.perf_counter() - start
        start = time.perf_counter()
        mistakes: Counter[str] = Counter()
        for r in records:
            mistakes.update(m["type"] for m in find_mistakes(r))
        only = time.perf_counter() - start
        ends = Counter(a["computed"]["ended_by"] for a in audits)
        types: Counter[str] = Counter(
            h for r in records for ids in r["result"]["hands"].values() for h in ids
        )
        print(
            f"{name}: audit {bare * 1e3 / hands:.1f} ms/hand + mistakes {only * 1e3 / hands:.1f} ms/hand;"
            f" ends {dict(ends)}"
        )
        print("  hand ids won: " + ", ".join(f"{h} {n}" for h, n in types.most_common()))
        print(
            "  mistakes per 100 hands: "
            + ", ".join(f"{k} {v * 100 / hands:.1f}" for k, v in mistakes.most_common())
        )


if __name__ == "__main__":
    main()
