"""``replay audit`` of sichuan-hand/1 records: dispatch by format, verdicts, differences (§10)."""

from __future__ import annotations

import copy
import json
from typing import Any

from click.testing import CliRunner

from cli.main import main
from schemas.audit import audit_record, audit_records
from tests.replay.test_sichuan_board import E1_DEAL, E1_EVENTS, play
from tests.sichuan_builders import record, with_wall


def e1() -> dict[str, Any]:
    rec = record(E1_DEAL, E1_EVENTS, que="smpm")
    rec["result"] = play(copy.deepcopy(rec)).result()
    return rec


def test_a_sichuan_record_is_audited_by_its_format() -> None:
    a = audit_record(e1(), "e1.json")
    assert (a["game"], a["status"], a["differences"]) == ("sichuan", "ok", [])
    assert a["computed"]["deltas"] == [-6, 23, -2, -15]
    assert a["computed"]["receipts"][0]["expression"] == "平胡 1 · 根 2 · 根 2 = 4"


def test_sc_5_every_transfer_is_diffed() -> None:
    """A wrong amount in one transfer and in the deltas: both named, with app and engine values."""
    rec = e1()
    rec["result"]["transfers"][4]["amount"] = 6
    rec["result"]["deltas"] = [-7, 24, -2, -15]
    a = audit_record(rec)
    assert a["status"] == "mismatch"
    assert [d["field"] for d in a["differences"]] == ["transfers", "deltas"]
    assert a["differences"][1] == {
        "field": "deltas",
        "recorded": [-7, 24, -2, -15],
        "computed": [-6, 23, -2, -15],
    }


def test_transfers_in_another_payer_order_are_no_mismatch() -> None:
    rec = e1()
    rec["result"]["transfers"].reverse()
    assert audit_record(rec)["status"] == "ok"


def test_sc_4_2_a_tied_row_is_no_mismatch_but_another_hand_is() -> None:
    """SC-4.2: naming another tied row is no mismatch; naming a different hand type is."""
    rec = e1()
    rec["result"]["wins"][2]["hand"] = "pinghu"
    a = audit_record(rec)
    assert a["status"] == "mismatch" and a["differences"][0]["field"] == "wins"


def test_first_illegal_event_carries_its_sc_rule() -> None:
    rec = record(E1_DEAL, E1_EVENTS, que="smpm")
    rec["events"][4] = {"type": "discard", "seat": 1, "tile": "2s"}  # seat 1 must draw its replacement
    a = audit_record(rec)
    assert a["status"] == "illegal"
    assert (a["first_illegal"]["index"], a["first_illegal"]["code"], a["first_illegal"]["rule"]) == (
        4,
        "out_of_turn",
        "SC-3.1",
    )


def test_malformed_event_is_invalid_naming_the_field() -> None:
    rec = record(E1_DEAL, E1_EVENTS, que="smpm")
    rec["events"][1] = {"type": "discard", "seat": 0}
    a = audit_record(rec)
    assert a["status"] == "invalid"
    assert a["errors"][0]["field"] == "events[1].tile"


def test_a_record_that_stops_early_is_illegal() -> None:
    rec = record(E1_DEAL, E1_EVENTS[:5], que="smpm")
    a = audit_record(rec)
    assert a["status"] == "illegal" and a["first_illegal"]["code"] == "hand_not_finished"
    assert a["first_illegal"]["rule"] == "SC-3.9"


def test_cli_summary_line(tmp_path: Any) -> None:
    path = tmp_path / "e1.ndjson"
    path.write_text(json.dumps(e1(), ensure_ascii=False) + "\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["audit", str(path)])
    assert out.exit_code == 0, out.output
    assert "seat 1 pinghu M4" in out.output and "[-6, 23, -2, -15]" in out.output
    assert audit_records([(e1(), "x")])[0]["status"] == "ok"


def test_sc_1_4_the_same_hand_from_a_wall() -> None:
    """SC-1.4: with the wall the draws are known; the record may leave draw tiles out."""
    rec = with_wall(e1())
    assert len(rec["wall"]) == 108
    assert audit_record(copy.deepcopy(rec))["status"] == "ok"
    for e in rec["events"]:
        if e["type"] == "draw":
            del e["tile"]
    assert audit_record(copy.deepcopy(rec))["status"] == "ok"


def test_sc_1_4_a_draw_that_is_not_the_walls_next_tile() -> None:
    rec = with_wall(e1())
    rec["events"][2]["tile"] = "1p"  # seat 1's first draw is 9p
    a = audit_record(rec)
    assert (a["first_illegal"]["index"], a["first_illegal"]["code"], a["first_illegal"]["rule"]) == (
        2,
        "draw_mismatch",
        "SC-1.4",
    )
    assert "九筒 (9p)" in a["first_illegal"]["message"]


def test_the_schema_examples_audit_ok() -> None:
    """The hand-written wall records of the schema's tests (E1, E2, E7, built independently of this
    engine) replay and settle exactly as their ``result`` says."""
    from pathlib import Path

    from replay.inputs import iter_records

    folder = Path(__file__).resolve().parents[1] / "data" / "sichuan" / "valid"
    audits = audit_records(iter_records([str(folder)]))
    assert len(audits) >= 3
    assert [(a["status"], a["differences"]) for a in audits] == [("ok", [])] * len(audits)


def test_a_record_the_schema_rejects_is_invalid_with_its_errors() -> None:
    rec = e1()
    rec["events"][1]["tile"] = "C"
    a = audit_record(rec)
    assert (a["game"], a["status"], a["errors"][0]["field"]) == ("sichuan", "invalid", "events[1].tile")


def test_sc_1_3_the_next_hand_of_a_sitting_has_the_first_winner_as_dealer() -> None:
    """SC-1.3: E1's first winner is seat 1, so hand 2 of the sitting must be dealt by seat 1."""
    first = e1() | {"session": {"id": "s1", "hand_no": 1}}
    second = e1() | {"session": {"id": "s1", "hand_no": 2}, "hand_id": "t-2"}
    audits = audit_records([(first, "a"), (second, "b")])
    assert audits[1]["status"] == "illegal"
    assert (audits[1]["first_illegal"]["code"], audits[1]["first_illegal"]["rule"]) == (
        "dealer_not_next",
        "SC-1.3",
    )
    assert "seat 1 won first" in audits[1]["first_illegal"]["message"]
    assert "_sichuan_session" not in audits[0]
