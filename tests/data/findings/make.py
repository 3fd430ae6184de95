"""Saved findings (issue #15): what the audit said of every test record and 10,000 simulated hands.

Why: the mistake analysis and the verdict are made faster by rewriting how they are computed,
never what they compute. This file was generated from the code *before* that rewrite, and
``tests/replay/test_saved_findings.py`` holds every later version to it: each hand's findings
(type, seat, event index, severity, cost, message) exactly, and a digest of the rest of its
audit (status, computed result, differences, per-seat facts), so a change anywhere shows up
with the hand and the finding that moved.

One NDJSON line per hand, gzipped: ``{"key", "digest", "mistakes": [[type, seat, index,
severity, cost, message], ...]}``. ``key`` is the record's file (and line) for the test set, or
``sim:<preset>:<hand_id>`` for the simulated hands (``replay.games.wuhan.simulate``, byte-identical for a
seed). Regenerate only on purpose, when a rule change is meant to move findings:
``.venv/bin/python tests/data/findings/make.py`` (``--check`` compares instead).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
OUT = Path(__file__).with_name("findings.ndjson.gz")
#: the test set: every record file the tests and the README use
TEST_SET = ("tests/data/records", "tests/data/mistakes", "sample_logs/handwritten", "sample_logs/simulated")
#: files in those folders that are not hand records (expectations, not inputs)
NOT_RECORDS = ("expected.json",)
#: (preset, seed, hands): 10,000 simulated hands over the three presets
SIMULATED = (("hzlzg", 15, 4000), ("hzlzg-koukou", 16, 3000), ("hzfclzg", 17, 3000))


def test_set() -> Iterator[tuple[str, object]]:
    from replay.inputs import iter_records

    for folder in TEST_SET:
        for obj, location in iter_records([str(ROOT / folder)]):
            if Path(location.split(":")[0].split("[")[0]).name in NOT_RECORDS:
                continue
            yield str(Path(location).relative_to(ROOT)) if location.startswith(str(ROOT)) else location, obj


def simulated(limit: int | None = None) -> Iterator[tuple[str, object]]:
    """The simulated hands in order; ``limit`` takes the first hands of each preset only."""
    from replay.games.wuhan.simulate import simulate

    for preset, seed, hands in SIMULATED:
        records = simulate(hands, seed=seed, preset=preset)
        for record in islice(records, limit):
            yield f"sim:{preset}:{record['hand_id']}", record


def entry(key: str, obj: object) -> dict[str, Any]:
    """One hand's line: its findings in full, the rest of its audit as a digest."""
    from schemas.audit import audit_record

    audit = audit_record(obj, key if key.startswith("sim:") else None)
    mistakes = [
        [f["type"], f["seat"], f["index"], f["severity"], f["cost"], f["message"]] for f in audit["mistakes"]
    ]
    rest = {k: v for k, v in audit.items() if k not in ("mistakes", "location")}
    text = json.dumps(rest, sort_keys=True, ensure_ascii=False, default=list)
    return {"key": key, "digest": hashlib.sha256(text.encode()).hexdigest()[:16], "mistakes": mistakes}


def lines(limit: int | None = None) -> Iterator[str]:
    for key, obj in (*test_set(), *simulated(limit)):
        yield json.dumps(entry(key, obj), ensure_ascii=False, separators=(",", ":"))


def load() -> dict[str, dict[str, Any]]:
    with gzip.open(OUT, "rt", encoding="utf-8") as f:
        return {e["key"]: e for e in map(json.loads, f) if Path(e["key"]).name not in NOT_RECORDS}


def main() -> None:
    sys.path.insert(0, str(ROOT))
    made = list(lines())
    if "--check" in sys.argv:
        saved = load()
        moved = [e for e in map(json.loads, made) if saved.get(e["key"]) != e]
        for e in moved[:20]:
            print("moved:", e["key"])
        print(f"{len(made)} hands, {len(moved)} differ from {OUT.name}")
        sys.exit(1 if moved else 0)
    data = ("\n".join(made) + "\n").encode()
    OUT.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    print(f"{len(made)} hands, {sum(len(json.loads(x)['mistakes']) for x in made)} findings -> {OUT}")


if __name__ == "__main__":
    main()
