"""The verdict tables of sample_logs/README.md, read and checked once for every game.

Each game's ``tests/replay/test_<game>_samples.py`` holds its hand-written records to its own
section of the README ("## The verdict each hand-written <game> record must get"): one row per
file with its status, its code (first illegal event's code @ index, the schema error's field, or
the fields a mismatch differs in), its deltas and its mistakes. The reading and the checks of a
row were the same in every game's test, so they are here; what a game holds beyond them (its
reason codes, its worked mistake costs, its fans) stays in its test.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from replay.inputs import iter_records
from schemas.audit import audit_records

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"
#: the columns of a game's table (二人麻将 adds its fans)
COLUMNS = ("file", "hand_id", "status", "code", "deltas", "mistakes")


def promised(
    heading: str,
    columns: tuple[str, ...] = COLUMNS,
    is_row: Callable[[str], bool] = lambda file: file.endswith(".json"),
) -> list[dict[str, str]]:
    """The rows of the README's table under ``## <heading>`` (up to the next section), each as
    ``{column: cell}``; a row is a line of ``len(columns)`` cells whose first ``is_row``."""
    text = (SAMPLES / "README.md").read_text(encoding="utf-8")
    section = text.split(f"## {heading}", 1)[1]
    section = section.split("\n## ", 1)[0]  # its own table, not the next game's
    rows = []
    for line in section.splitlines():
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if len(cells) == len(columns) and is_row(cells[0]):
            rows.append(dict(zip(columns, cells, strict=True)))
    return rows


def folder_audits(folder: Path) -> dict[str, dict[str, Any]]:
    """``replay audit`` of every record in ``folder``, by hand id."""
    return {a["hand_id"]: a for a in audit_records(iter_records([str(folder)]))}


def mistake_words(audit: Mapping[str, Any]) -> list[str]:
    """The audit's mistakes as the table writes them: type@event:seat:cost."""
    return [f"{m['type']}@{m['index']}:{m['seat']}:{m['cost']}" for m in audit["mistakes"]]


def check_verdict(
    audit: Mapping[str, Any], row: Mapping[str, str], game: str, catalogue: Mapping[str, tuple[str, ...]]
) -> bool:
    """The audit gets the row's verdict: its status; for an illegal record the code, the event
    (or ``session``) and the code's rule id from ``catalogue``; for an invalid one the field
    named; for a replayed one (returns True, the caller may check more) the fields that differ,
    the deltas and the mistakes. Every record the schema takes is the ``game``'s."""
    assert audit["game"] == game if audit["status"] != "invalid" else True
    assert audit["status"] == row["status"], audit
    if row["status"] == "illegal":
        code, _, at = row["code"].partition(" @ ")
        assert audit["first_illegal"]["code"] == code
        assert audit["first_illegal"]["index"] == (None if at == "session" else int(at))
        assert audit["first_illegal"]["rule"] == catalogue[code][0]
        return False
    if row["status"] == "invalid":
        assert row["code"] in [e["field"] for e in audit["errors"]]
        return False
    assert [d["field"] for d in audit["differences"]] == (row["code"].split(", ") if row["code"] else [])
    assert audit["computed"]["deltas"] == [int(x) for x in row["deltas"].split()]
    assert mistake_words(audit) == row["mistakes"].split()
    return True


def simulated(game: str) -> list[dict[str, Any]]:
    """Every record of ``simulated/<game>-*.ndjson``, in file order."""
    return [
        json.loads(line)
        for p in sorted((SAMPLES / "simulated").glob(f"{game}-*.ndjson"))
        for line in p.open()
    ]
