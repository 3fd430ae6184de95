"""Sichuan audit throughput beside Wuhan's, in the same run (issue #13's benchmark).

Both games' records are made first (not timed): Wuhan by ``replay.games.wuhan.simulate``, Sichuan by the
rules fuzzer ``replay.games.sichuan.selfplay`` (both presets). For each game: ``json.loads`` of
the NDJSON lines (the floor an audit cannot beat), then the full audit of the same lines
(``schemas.audit.audit_record``: parse, validate, replay, settle, compare). Figures only, no
assertion. Run: ``.venv/bin/python bench/bench_sichuan_audit.py [HANDS]`` (default 200).
"""

from __future__ import annotations

import json
import sys

from common import ndjson_lines, parse_then_audit

from replay.games.sichuan.selfplay import random_hand
from replay.games.wuhan.simulate import simulate


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    games = {
        "wuhan": ndjson_lines(simulate(hands, seed=7)),
        "sichuan": ndjson_lines(random_hand(i, "xuezhan" if i % 2 else "xueliu") for i in range(hands)),
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
