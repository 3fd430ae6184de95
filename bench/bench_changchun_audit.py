"""Changchun audit throughput beside Wuhan's (the baseline) and Changsha's, in the same run (issue #30).

The records are made first (not timed) by each game's bots (``replay.games.wuhan.simulate``,
``replay.games.changsha.simulate``, ``replay.games.changchun.simulate`` over its three presets).
For each game: ``json.loads`` of the NDJSON lines (the floor an audit cannot beat), then the full
audit of the same lines (``schemas.audit.audit_record``: parse, validate, replay, settle, compare,
mistakes). Figures only, no assertion.
Run: ``.venv/bin/python bench/bench_changchun_audit.py [HANDS]`` (default 60: short).
"""

from __future__ import annotations

import json
import sys
import time

from replay.games.changchun.simulate import simulate as changchun
from replay.games.changsha.simulate import simulate as changsha
from replay.games.wuhan.simulate import simulate as wuhan
from schemas.audit import audit_record

PRESETS = ("changchun", "changchun-135", "changchun-250")


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    third = hands // 3
    sizes = [third, third, hands - 2 * third]
    games = {
        "wuhan": [json.dumps(r, ensure_ascii=False) for r in wuhan(hands, seed=7)],
        "changsha": [json.dumps(r, ensure_ascii=False) for r in changsha(hands, 7, "changsha")],
        "changchun": [
            json.dumps(r, ensure_ascii=False)
            for p, n in zip(PRESETS, sizes, strict=True)
            for r in changchun(n, 7, p)
        ],
    }
    print(f"audit of {hands} hands per game, one core (baseline: Wuhan; floor: json.loads of the same lines)")
    for name, lines in games.items():
        events = sum(len(json.loads(line)["events"]) for line in lines) / hands
        start = time.perf_counter()
        for line in lines:
            json.loads(line)
        parse = time.perf_counter() - start
        start = time.perf_counter()
        audits = [audit_record(json.loads(line)) for line in lines]
        full = time.perf_counter() - start
        ok = sum(a["status"] == "ok" for a in audits)
        print(
            f"  {name:9} {events:5.0f} events/hand  json.loads {parse * 1e6 / hands:7.0f} µs/hand"
            f"  audit {full * 1e6 / hands:7.0f} µs/hand  {hands / full:7.0f} hands/s"
            f"  audit/parse {full / parse:6.1f}x  ({ok}/{hands} ok)"
        )


if __name__ == "__main__":
    main()
