"""Changsha audit throughput beside Wuhan's and Sichuan's, in the same run (issue #29's benchmark).

The records are made first (not timed): Wuhan's and Changsha's by their bots
(``replay.games.wuhan.simulate``, ``replay.games.changsha.simulate``, both Changsha presets),
Sichuan's by its rules fuzzer (``replay.games.sichuan.selfplay``, both presets). For each game:
``json.loads`` of the NDJSON lines (the floor an audit cannot beat), then the full audit of the same
lines (``schemas.audit.audit_record``: parse, validate, replay, settle, compare, mistakes). Figures
only, no assertion. Run: ``.venv/bin/python bench/bench_changsha_audit.py [HANDS]`` (default 100).
"""

from __future__ import annotations

import json
import sys

from common import ndjson_lines, parse_then_audit

from replay.games.changsha.simulate import simulate as changsha
from replay.games.sichuan.selfplay import random_hand
from replay.games.wuhan.simulate import simulate as wuhan


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    half = hands // 2
    games = {
        "wuhan": ndjson_lines(wuhan(hands, seed=7)),
        "sichuan": ndjson_lines(random_hand(i, "xuezhan" if i % 2 else "xueliu") for i in range(hands)),
        "changsha": ndjson_lines(
            [*changsha(half, 7, "changsha"), *changsha(hands - half, 7, "changsha-app")]
        ),
    }
    print(f"audit of {hands} hands per game, one core (baseline: json.loads of the same lines)")
    for name, lines in games.items():
        events = sum(len(json.loads(line)["events"]) for line in lines) / hands
        parse, full, ok = parse_then_audit(lines)
        print(
            f"  {name:8} {events:5.0f} events/hand  json.loads {parse * 1e6 / hands:7.0f} µs/hand"
            f"  audit {full * 1e6 / hands:7.0f} µs/hand  {hands / full:7.0f} hands/s"
            f"  audit/parse {full / parse:6.1f}x  ({ok}/{hands} ok)"
        )


if __name__ == "__main__":
    main()
