"""Changchun self-play speed beside Wuhan's (the baseline) and Changsha's, in the same run, one
process (issue #30).

Plays the same number of hands with Wuhan's bots (hzlzg), Changsha's and Changchun's (each of its
three presets), then audits the Changchun hands with and without their mistake detectors (the time
``replay audit`` adds per hand). Prints hands/s, events per hand, how hands ended and by which way
(对宝 and 摸宝 among them), the fans won and the mistakes found. Figures only, no assertion.
Run: ``.venv/bin/python bench/bench_changchun_simulate.py [HANDS]`` (default 40: short).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from replay.games.changchun.audit import audit_validated
from replay.games.changchun.mistakes import find_mistakes
from replay.games.changchun.simulate import simulate as changchun
from replay.games.changsha.simulate import simulate as changsha
from replay.games.wuhan.simulate import simulate as wuhan


def timed(label: str, hands: int, play: Callable[[], Iterator[dict[str, Any]]]) -> list[dict[str, Any]]:
    start = time.perf_counter()
    records = list(play())
    elapsed = time.perf_counter() - start
    events = sum(len(r["events"]) for r in records) / hands
    speed = f"{hands / elapsed:7.1f} hands/s  {elapsed * 1e3 / hands:6.1f} ms/hand"
    print(f"  {label:28} {speed}  {events:4.0f} events/hand")
    return records


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    print(f"self-play of {hands} hands per game, one process (baseline: Wuhan's bots)")
    timed("wuhan hzlzg (baseline)", hands, lambda: wuhan(hands, seed=2026))
    timed("changsha changsha", hands, lambda: changsha(hands, 2026, "changsha"))
    games = {
        preset: timed(f"changchun {preset}", hands, lambda p=preset: changchun(hands, 2026, p))  # type: ignore[misc]
        for preset in ("changchun", "changchun-135", "changchun-250")
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
        ways = Counter(str(a["computed"]["way"] or a["computed"]["ended_by"]) for a in audits)
        fans: Counter[str] = Counter(h for r in records for h in r["result"]["hands"])
        print(
            f"{name}: audit {bare * 1e3 / hands:.1f} ms/hand + mistakes {only * 1e3 / hands:.1f} ms/hand;"
            f" ends {dict(ways)}"
        )
        print("  fans won: " + ", ".join(f"{h} {n}" for h, n in fans.most_common()))
        print(
            "  mistakes per 100 hands: "
            + ", ".join(f"{k} {v * 100 / hands:.1f}" for k, v in mistakes.most_common())
        )


if __name__ == "__main__":
    main()
