"""Audit throughput per core next to parsing the same lines (issue #3's benchmark).

``json.loads`` of the NDJSON lines is the floor: an audit must at least parse. Target: auditing
costs at most 8x parsing. Input: simulated hands (made in the same run, not timed).
Run: ``.venv/bin/python bench/bench_audit.py [HANDS]`` (default 1,000).
"""

from __future__ import annotations

import json
import sys
import time

from replay.analysis import analyse
from replay.audit import replay_events
from replay.simulate import simulate
from schemas.audit import audit_record
from schemas.hand_record import validate_record


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    lines = [json.dumps(r, ensure_ascii=False) for r in simulate(hands, seed=7)]
    events = sum(len(json.loads(line)["events"]) for line in lines)

    def timed(fn: object) -> float:
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        return time.perf_counter() - start

    parse = timed(lambda: [json.loads(line) for line in lines])
    objs = [json.loads(line) for line in lines]
    validate = timed(lambda: [validate_record(o) for o in objs])
    records = [validate_record(o)[0] for o in objs]
    replay = timed(lambda: [replay_events(r) for r in records if r is not None])
    analysis = timed(lambda: [analyse(r) for r in records if r is not None])
    audit = timed(lambda: [audit_record(json.loads(line)) for line in lines])
    per = 1e6 / hands
    print(f"audit of {hands} simulated hands ({events / hands:.0f} events each), one core:")
    print(f"  json.loads         {parse * per:8.0f} µs/hand  {hands / parse:8.0f} hands/s")
    print(f"  validate (schema)  {validate * per:8.0f} µs/hand")
    print(f"  replay + settle    {replay * per:8.0f} µs/hand")
    verdict = parse + validate + replay
    print(
        f"  mistake analysis   {analysis * per:8.0f} µs/hand  (issue #6: a second replay, every offer judged)"
    )
    print(f"  full audit         {audit * per:8.0f} µs/hand  {hands / audit:8.0f} hands/s (parse, validate,")
    print("                     replay, settle, compare, mistakes)")
    print(f"  verdict / parse    {verdict / parse:8.1f}x   (parse + validate + replay: target ≤ 8x)")
    print(f"  full audit / parse {audit / parse:8.1f}x   (with the mistake analysis)")


if __name__ == "__main__":
    main()
