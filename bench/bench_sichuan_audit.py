"""Sichuan audit throughput beside Wuhan's, in the same run (issue #13's benchmark).

Both games' records are made first (not timed): Wuhan by ``replay.games.wuhan.simulate``, Sichuan by the
rules fuzzer ``replay.games.sichuan.selfplay`` (both presets). For each game: ``json.loads`` of
the NDJSON lines (the floor an audit cannot beat), then the full audit of the same lines
(``schemas.audit.audit_record``: parse, validate, replay, settle, compare). Figures only, no
assertion. Run: ``.venv/bin/python bench/bench_sichuan_audit.py [HANDS]`` (default 200).
"""

from __future__ import annotations

import sys

from common import audit_hands, ndjson_lines

from replay.games.sichuan.selfplay import random_hand
from replay.games.wuhan.simulate import simulate


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    games = {
        "wuhan": ndjson_lines(simulate(hands, seed=7)),
        "sichuan": ndjson_lines(random_hand(i, "xuezhan" if i % 2 else "xueliu") for i in range(hands)),
    }
    audit_hands(games, hands)


if __name__ == "__main__":
    main()
