"""二人麻将 audit throughput beside Wuhan's, in the same run (issue 31's benchmark).

The records are made first (not timed) by each game's bots (``replay.games.wuhan.simulate``;
``replay.games.erren.simulate`` over its three presets). For each game: ``json.loads`` of the NDJSON
lines (the floor an audit cannot beat), then the full audit of the same lines
(``schemas.audit.audit_record``: parse, validate, replay, settle with the fan table, compare,
mistakes), after 二人's audit without the mistakes (``--no-analysis``, run first while the fan
caches are cold) to show what §10 adds.
Figures only, no assertion. Run: ``.venv/bin/python bench/bench_erren_audit.py [HANDS]``
(default 60: a short run).
"""

from __future__ import annotations

import json
import sys
import time

from replay.games.erren.simulate import simulate as erren
from replay.games.wuhan.simulate import simulate as wuhan
from schemas.audit import audit_record

PRESETS = ("erren", "erren-gb", "erren-lite")


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    share = [hands // 3 + (i < hands % 3) for i in range(3)]
    games = {
        "wuhan": [json.dumps(r, ensure_ascii=False) for r in wuhan(hands, seed=7)],
        "erren": [
            json.dumps(r, ensure_ascii=False)
            for p, n in zip(PRESETS, share, strict=True)
            for r in erren(n, 7, p)
        ],
    }
    print(f"audit of {hands} hands per game, one core (baseline: Wuhan's audit, json.loads of the lines)")
    for name, lines in games.items():
        events = sum(len(json.loads(line)["events"]) for line in lines) / hands
        start = time.perf_counter()
        for line in lines:
            json.loads(line)
        parse = time.perf_counter() - start
        start = time.perf_counter()  # without mistakes first: the fan caches start cold
        for line in lines:
            audit_record(json.loads(line), analysis=False)
        bare = time.perf_counter() - start
        start = time.perf_counter()
        audits = [audit_record(json.loads(line)) for line in lines]
        full = time.perf_counter() - start
        ok = sum(a["status"] == "ok" for a in audits)
        print(
            f"  {name:6} {events:5.0f} events/hand  json.loads {parse * 1e6 / hands:7.0f} µs/hand"
            f"  audit {full * 1e6 / hands:8.0f} µs/hand  {hands / full:7.0f} hands/s"
            f"  (no mistakes {bare * 1e6 / hands:8.0f} µs/hand)  audit/parse {full / parse:6.1f}x"
            f"  ({ok}/{hands} ok)"
        )


if __name__ == "__main__":
    main()
