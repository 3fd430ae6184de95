"""推筒子 audit throughput beside Wuhan's, in the same run (issue 32's benchmark).

Both games' records are made first (not timed): Wuhan hands by ``replay.games.wuhan.simulate``,
推筒子 rounds by ``replay.games.tuitongzi.simulate`` (both presets, and the informed
``bet_after_peek`` table whose §9 EV is computed for every player). For each: ``json.loads`` of
the NDJSON lines (the floor an audit cannot beat), then the full audit of the same lines
(``schemas.audit.audit_record``: parse, validate, check, settle, compare, mistakes). Figures only,
no assertion; short by default. Run: ``.venv/bin/python bench/bench_tuitongzi_audit.py [N]``
(default 200 hands / rounds per line).
"""

from __future__ import annotations

import sys

from common import ndjson_lines, parse_then_audit

from replay.games.tuitongzi.simulate import simulate as simulate_rounds
from replay.games.wuhan.simulate import simulate


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    games = {
        "wuhan": ndjson_lines(simulate(n, seed=7)),
        "tuitongzi": ndjson_lines(simulate_rounds(n, 7, "tuitongzi")),
        "tt-table": ndjson_lines(simulate_rounds(n, 7, "tuitongzi-table")),
        "tt-peek": ndjson_lines(simulate_rounds(n, 7, "tuitongzi", {"bet_after_peek": True})),
    }
    print(f"audit of {n} records per line, one core (baseline: json.loads of the same lines)")
    for name, lines in games.items():
        parse, full, ok = parse_then_audit(lines)
        print(
            f"  {name:10} json.loads {parse * 1e6 / n:7.0f} µs/record  audit {full * 1e6 / n:7.0f} µs/record"
            f"  {n / full:7.0f} records/s  audit/parse {full / parse:6.1f}x  ({ok}/{n} ok)"
        )


if __name__ == "__main__":
    main()
