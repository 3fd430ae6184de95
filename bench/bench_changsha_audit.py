"""Changsha audit throughput beside Wuhan's and Sichuan's, in the same run (issue #29's benchmark).

The records are made first (not timed): Wuhan's and Changsha's by their bots
(``replay.games.wuhan.simulate``, ``replay.games.changsha.simulate``, both Changsha presets),
Sichuan's by its rules fuzzer (``replay.games.sichuan.selfplay``, both presets). For each game:
``json.loads`` of the NDJSON lines (the floor an audit cannot beat), then the full audit of the same
lines (``schemas.audit.audit_record``: parse, validate, replay, settle, compare, mistakes). Figures
only, no assertion. Run: ``.venv/bin/python bench/bench_changsha_audit.py [HANDS]`` (default 100).
"""

from __future__ import annotations

import sys

from common import audit_hands, ndjson_lines

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
    audit_hands(games, hands)


if __name__ == "__main__":
    main()
