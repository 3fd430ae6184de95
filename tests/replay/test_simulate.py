"""Self-play: legal, settled records; the same seed gives the same bytes, whatever the workers."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from itertools import pairwise
from pathlib import Path

from replay.games.wuhan.simulate import simulate
from replay.tiles import KIND_OF
from schemas.audit import audit_records

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> str:
    proc = subprocess.run(
        [sys.executable, "-m", "cli.main", "simulate", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return proc.stdout


def test_same_seed_same_bytes_for_any_number_of_workers() -> None:
    one = run("--hands", "24", "--seed", "3", "--workers", "1")
    assert one == run("--hands", "24", "--seed", "3", "--workers", "2")
    assert one != run("--hands", "24", "--seed", "4", "--workers", "1")
    assert len(one.splitlines()) == 24


def test_records_are_legal_and_settled_as_the_engine_settles_them() -> None:
    records = list(simulate(40, seed=5, preset="hzfclzg"))
    audits = audit_records((r, None) for r in records)
    assert Counter(a["status"] for a in audits) == {"ok": 40}
    assert all(r["wall"] and all("tile" in e for e in r["events"] if e["type"] == "draw") for r in records)


def test_sittings_rotate_the_dealer_and_seat_players_from_the_pool() -> None:
    records = list(simulate(60, seed=6, pool=10))
    by_session: dict[str, list[dict]] = {}
    for r in records:
        by_session.setdefault(r["session"]["id"], []).append(r)
    assert len(by_session) >= 5
    for hands in by_session.values():
        assert [h["session"]["hand_no"] for h in hands] == list(range(1, len(hands) + 1))
        assert len({tuple(s["player_id"] for s in h["seats"]) for h in hands}) == 1
        for prev, nxt in pairwise(hands):
            winner = prev["result"]["winner"]
            keeps = winner is None or winner == prev["dealer"]
            assert nxt["dealer"] == (prev["dealer"] if keeps else (prev["dealer"] + 1) % 4)
    assert len({s["player_id"] for r in records for s in r["seats"]}) >= 8
    assert json.loads(json.dumps(records)) == records


def test_qipi_bots_put_specials_out_as_gangs_and_play_to_the_last_tile() -> None:
    """``replay simulate --preset qipi``: every record audits ok; no 红中, 皮 or laizi is ever a
    plain discard (R-4.5 gang_only); 皮子杠 are played (R-4.4); hands drawn play to the last
    tile (R-3.7); the winner of a hand deals the next one of its sitting (R-2.3)."""
    from replay.games.wuhan.board import Board

    records = list(simulate(40, seed=17, preset="qipi"))
    audits = audit_records((r, None) for r in records)
    assert Counter(a["status"] for a in audits) == {"ok": 40}
    pi_gangs = 0
    for r in records:
        board = Board.from_record(r)
        special = {*board.rules.pizi, board.laizi}
        pi = set(board.rules.pi)
        for e in r["events"]:
            if e["type"] == "discard":
                assert KIND_OF[e["tile"]] not in special, (r["hand_id"], e)
            if e["type"] == "gang" and e["kind"] == "pizi" and KIND_OF[e["tile"]] in pi:
                pi_gangs += 1
            board.push(e)
        if r["result"]["winner"] is None:
            assert board.live == 0
    assert pi_gangs >= 40
    by_session: dict[str, list[dict]] = {}
    for r in records:
        by_session.setdefault(r["session"]["id"], []).append(r)
    for hands in by_session.values():
        for a, b in pairwise(hands):
            winner = a["result"]["winner"]
            assert b["dealer"] == (a["dealer"] if winner is None else winner)
