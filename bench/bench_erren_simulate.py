"""二人麻将 self-play speed beside Wuhan's, in the same run, one process (issue 31).

Plays the same number of hands with Wuhan's bots (hzlzg, the baseline) and 二人's (each preset),
then prints, per preset, how hands ended, the fans won most, the 报听 declared and the §10
mistakes the detectors find in the bots' play (the bots let small wins go, kong away waits).
Figures only, no assertion. Run: ``.venv/bin/python bench/bench_erren_simulate.py [HANDS]``
(default 40: a short run).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from replay.games.erren.mistakes import find_mistakes
from replay.games.erren.simulate import simulate as erren
from replay.games.wuhan.simulate import simulate as wuhan


def timed(label: str, hands: int, play: Callable[[], Iterator[dict[str, Any]]]) -> list[dict[str, Any]]:
    start = time.perf_counter()
    records = list(play())
    elapsed = time.perf_counter() - start
    events = sum(len(r["events"]) for r in records) / hands
    speed = f"{hands / elapsed:7.1f} hands/s  {elapsed * 1e3 / hands:6.1f} ms/hand"
    print(f"  {label:24} {speed}  {events:4.0f} events/hand")
    return records


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    print(f"self-play of {hands} hands per game, one process (baseline: Wuhan's bots)")
    timed("wuhan hzlzg (baseline)", hands, lambda: wuhan(hands, seed=2026))
    games = {
        preset: timed(f"erren {preset}", hands, lambda p=preset: erren(hands, 2026, p))  # type: ignore[misc]
        for preset in ("erren", "erren-gb", "erren-lite")
    }
    for name, records in games.items():
        start = time.perf_counter()
        mistakes: Counter[str] = Counter()
        for r in records:
            mistakes.update(m["type"] for m in find_mistakes(r))
        only = time.perf_counter() - start
        won = sum(r["result"]["winner"] is not None for r in records)
        fans = Counter(f["id"] for r in records for f in r["result"]["fans"])
        ting = sum(e["type"] == "ting" for r in records for e in r["events"])
        print(
            f"{name}: {won}/{hands} won, {ting} 报听,"
            f" mistakes {only * 1e3 / hands:.1f} ms/hand {dict(mistakes)}; fans {dict(fans.most_common(6))}"
        )


if __name__ == "__main__":
    main()
