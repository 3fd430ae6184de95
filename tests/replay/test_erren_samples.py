"""sample_logs/ for 二人麻将: every hand-written record gets the verdict the README promises, every
reason code, every §10 mistake and every §5 fan has a sample, and the simulated sittings (≥ 200
hands over the three presets) audit ok."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import pytest

from replay.games.erren.fantable import IDS
from replay.games.erren.mistakes import DETECTORS
from replay.games.erren.mistakes.base import _load
from replay.games.erren.reasons import CATALOGUE
from schemas.audit import audit_records
from tests import sample_tables
from tests.sample_tables import COLUMNS as SHARED_COLUMNS
from tests.sample_tables import SAMPLES, check_verdict, simulated

FOLDER = SAMPLES / "handwritten" / "erren"
#: a guard no record can reach (ER-3.1: the board never lets a seat hold a tile too many)
GUARD_ONLY = {"wrong_hand_size"}
#: the shared columns and the win's fans
COLUMNS = (*SHARED_COLUMNS, "fans")


def promised() -> list[dict[str, str]]:
    return sample_tables.promised(
        "The verdict each hand-written 二人麻将 (erren) record must get",
        COLUMNS,
        lambda file: file.startswith(("reason_", "mistake_", "fan_")),
    )


@cache
def audits() -> dict[str, dict[str, Any]]:
    return sample_tables.folder_audits(FOLDER)


def test_every_erren_file_is_in_the_table() -> None:
    files = {p.name for p in FOLDER.iterdir()}
    assert {r["file"] for r in promised()} == files
    assert len(promised()) == len(audits())


@pytest.mark.parametrize("row", promised(), ids=lambda r: r["hand_id"])
def test_erren_verdicts(row: dict[str, str]) -> None:
    a = audits()[row["hand_id"]]
    if check_verdict(a, row, "erren", CATALOGUE):
        assert [f["id"] for f in a["computed"]["fans"]] == row["fans"].split()


def test_every_reason_code_has_a_sample() -> None:
    rows = promised()
    illegal = {r["code"].partition(" @ ")[0] for r in rows if r["status"] == "illegal"}
    invalid = {r["file"] for r in rows if r["status"] == "invalid"}
    assert invalid == {"reason_draw_tile_missing.json"}  # the schema names events[1].tile first
    assert illegal | {"draw_tile_missing"} | GUARD_ONLY == set(CATALOGUE)


def test_every_mistake_has_a_sample_with_its_worked_cost() -> None:
    """The costs of tests/replay/test_erren_mistakes.py: E1's 26, the 放大炮's 27, E6's 20."""
    _load()
    by_file = {r["file"]: r["mistakes"].split() for r in promised()}
    for kind in DETECTORS:
        assert any(m.startswith(f"{kind}@") for m in by_file[f"mistake_{kind}.json"]), kind
    assert "missed_win@7:1:26" in by_file["mistake_missed_win.json"]
    assert "big_deal_in@8:0:27" in by_file["mistake_big_deal_in.json"]
    assert "gang_cut_wait@2:1:None" in by_file["mistake_gang_cut_wait.json"]
    assert "robbed_xugang@8:0:20" in by_file["mistake_robbed_xugang.json"]


def test_every_fan_has_a_sample() -> None:
    """§5: for each fan, fan_<id>.json is a legal win that counts it."""
    rows = {r["file"]: r for r in promised()}
    for fan in IDS:
        row = rows[f"fan_{fan}.json"]
        assert row["status"] == "ok" and fan in row["fans"].split(), fan


def test_simulated_erren_sittings() -> None:
    """≥ 200 hands over the three presets, several players and sittings, every one ok (ER-1.3
    across each sitting included), with flowers, 报听 and claims among them."""
    records = simulated("erren")
    assert len(records) >= 200
    assert {r["ruleset"]["preset"] for r in records} == {"erren", "erren-gb", "erren-lite"}
    assert len({s["player_id"] for r in records for s in r["seats"]}) >= 6
    assert len({r["session"]["id"] for r in records}) >= 10
    assert all(r["format"] == "erren-hand/1" and len(r["seats"]) == 2 for r in records)
    kinds = Counter(e["type"] for r in records for e in r["events"])
    assert kinds["buhua"] and kinds["ting"] and kinds["chi"] and kinds["peng"] and kinds["gang"]
    statuses = Counter(a["status"] for a in audit_records((r, None) for r in records))
    assert statuses == {"ok": len(records)}
