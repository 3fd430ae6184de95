"""推筒子 rounds in the store: ingested by their ``round_id``, the banker in the ``dealer`` column,
each seat's delta with the receipts it paid or received, the §9 findings as mistakes rows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from replay.inputs import decode_auto
from store.db import Store
from store.ingest import ingest

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "sample_logs" / "handwritten" / "tuitongzi"


def test_ingest_rounds(tmp_path: Path) -> None:
    path = tmp_path / "tt.duckdb"
    with Store(path) as store:
        for f in sorted(FOLDER.glob("*.*json")):
            ingest(store, decode_auto(f.read_bytes(), f.name))
        with store.read() as cur:
            rows: list[Any] = cur.execute(
                "SELECT hand_id, game, dealer, hand_no, status FROM hands"
                " WHERE hand_id IN ('tt-t1', 'tt-d-pool-2') ORDER BY hand_id"
            ).fetchall()
            assert rows == [
                ("tt-d-pool-2", "tuitongzi", 0, 2, "illegal"),
                ("tt-t1", "tuitongzi", 0, None, "ok"),
            ]
            settle = cur.execute(
                "SELECT seat, delta, receipt FROM settlements WHERE hand_id = 'tt-t1' ORDER BY seat"
            ).fetchall()
            assert [d for _, d, _ in settle] == [-400, -101, 1100, 398]
            kinds = [r["kind"] for r in json.loads(settle[2][2])]
            assert kinds == ["win", "award"]  # seat 2: 二八杠 beats the banker, and the A2 award
            mistakes = cur.execute(
                "SELECT type, seat, cost FROM mistakes WHERE hand_id = 'tt-mistake-peek' ORDER BY seat"
            ).fetchall()
            assert mistakes == [("min_bet_positive_ev", 1, 1989.0), ("raise_negative_ev", 3, 202.0)]
