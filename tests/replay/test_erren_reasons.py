# ruff: noqa: E501  (one case a line: the table reads better unwrapped)
"""Every 二人麻将 reason code (replay/games/erren/reasons.py) with a record that breaks exactly
that rule: the audit stops at the event named, with the code and its ER rule."""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.erren.audit import audit_validated, check_sessions
from replay.games.erren.board import Board, IllegalEvent
from replay.games.erren.reasons import CATALOGUE
from tests.erren_builders import pool, record, tiles
from tests.replay.test_erren_board import E1, E1_HANDS, E2, E2_HANDS, E6, E6_HANDS, E7, E7_HANDS, E8, E8_HANDS

TING_HANDS = ["234s 567s 789s NN 44s F", "111s 999s EEE SSS C"]
TIAN_HANDS = ["111s 999s EEE SSS CC", "234s 567s 789s NN 44s"]
FLOWER_HANDS = ["123456789s EEE P 1h", "SSS WWW NNN CCC 2h"]


def to_the_last_tile(last: str, tail: list[str], **kw: Any) -> dict[str, Any]:
    """Seat 0 is dealt all eight flowers (8 back draws), the two seats draw and discard at once
    until seat 0 draws the wall's last tile ``last``; then ``tail``."""
    s1, s0 = "234s 567s 789s NN 44s F", "N 4s 111s 12345678h"
    rest = pool([s1, s0], [last])
    back, front = rest[:8], [*rest[8:], last]
    events = [e for f, t in zip(tiles("12345678h"), back, strict=True) for e in (f"f0 {f}", f"d0 {t}")]
    events.append("x1 F")
    for i, t in enumerate(front[:-1]):
        events += [f"d{i % 2} {t}", f"x{i % 2} {t}"]
    return record([s0, s1], [*events, f"d0 {last}", *tail], dealer=1, **kw)


def flower_last(tail: list[str]) -> dict[str, Any]:
    """Seven flowers dealt to seat 0; the wall's last tile is 8h, drawn by seat 1."""
    s1, s0 = "234s 567s 789s NN 44s F", "N 4s 111s 9s 1234567h"
    rest = pool([s1, s0])
    events = [e for f, t in zip(tiles("1234567h"), rest[:7], strict=True) for e in (f"f0 {f}", f"d0 {t}")]
    events.append("x1 F")
    for i, t in enumerate(rest[7:]):
        events += [f"d{i % 2} {t}", f"x{i % 2} {t}"]
    return record([s0, s1], [*events, "d1 8h", "f1 8h", *tail], dealer=1)


def deal_mode(hands: list[str], events: list[str]) -> dict[str, Any]:
    return record(hands, events, wall=False)


def breaks(rec: dict[str, Any], code: str, index: int | None) -> None:
    out = audit_validated(rec)
    assert out["status"] == "illegal", (out["errors"], out["computed"])
    first = out["first_illegal"]
    assert (first["code"], first["index"]) == (code, index), first
    assert first["rule"] == CATALOGUE[code][0]


def with_tile(rec: dict[str, Any], event: int, tile: str) -> dict[str, Any]:
    rec["events"][event]["tile"] = tile
    return rec


N_LAST = len(to_the_last_tile("1s", [])["events"])  # the index of the first event after seat 0's last draw
FL_LAST = len(flower_last([])["events"])

CASES: list[tuple[str, Any, int | None]] = [
    ("event_after_end", lambda: record(E8_HANDS, [*E8, "x0 1s"]), 7),
    ("draw_mismatch", lambda: with_tile(record(E8_HANDS, E8), 1, "P"), 1),
    ("fifth_copy", lambda: deal_mode(E8_HANDS, ["x0 N", "d1 E", "x1 E", "d0 E"]), 3),
    ("out_of_turn", lambda: record(E8_HANDS, ["x1 E"]), 0),
    ("tile_not_in_hand", lambda: record(E8_HANDS, ["x0 E"]), 0),
    ("discard_only", lambda: record(E1_HANDS, ["f1 2h", "d1 P", "x0 C", "p1", "h1"]), 4),
    ("hand_not_finished", lambda: record(E1_HANDS, E1[:4]), 4),
    ("not_a_flower", lambda: record(E1_HANDS, ["f1 E"]), 0),
    ("flower_kept", lambda: record(E1_HANDS, ["x1 P"]), 0),
    ("flower_discarded", lambda: record(E8_HANDS, ["x0 6h"]), 0),
    ("buhua_out_of_order", lambda: record(FLOWER_HANDS, ["f1 2h"]), 0),
    ("flower_no_replacement", lambda: flower_last(["x1 4s"]), FL_LAST),
    ("nothing_to_claim", lambda: record(E8_HANDS, ["p1"]), 0),
    ("claim_from_self", lambda: record(E8_HANDS, ["x0 N", "p0"]), 1),
    ("bad_chi", lambda: record(E1_HANDS, ["f1 2h", "d1 P", "x0 C", "c1 E F"]), 3),
    ("no_pair_to_claim", lambda: record(E8_HANDS, ["x0 N", "p1"]), 1),
    ("win_tile_mismatch", lambda: record(E8_HANDS, ["x0 N", "h1 E"]), 1),
    ("claim_after_wall", lambda: to_the_last_tile("N", ["x0 N", "p1"], overrides={"claims_after_wall": False}), N_LAST + 1),
    ("kong_no_live_tile", lambda: to_the_last_tile("1s", ["ga0 1s"]), N_LAST),
    ("no_peng_to_extend", lambda: record(E8_HANDS, ["gx0 1s"]), 0),
    ("rob_not_xu", lambda: record(E7_HANDS, [*E7[:4], "h0"]), 4),
    ("wall_empty", lambda: to_the_last_tile("1s", ["x0 1s", "d1 P"]), N_LAST + 1),
    ("early_huangzhuang", lambda: record(E1_HANDS, ["f1 2h", "d1 P", "x0 C", "hz"]), 3),
    ("not_a_winning_hand", lambda: record(E8_HANDS, ["h0"]), 0),
    ("below_qihu", lambda: record(E2_HANDS, [*E2, "d0 2s", "x0 2s", "h1"]), 13),
    ("ting_with_melds", lambda: record(E1_HANDS, ["f1 2h", "d1 P", "x0 C", "p1", "t1"]), 4),
    ("ting_not_tenpai", lambda: record(E1_HANDS, ["f1 2h", "d1 P", "t0"]), 2),
    ("ting_twice", lambda: record(TING_HANDS, ["t0", "t0"]), 1),
    ("ting_not_now", lambda: record(TIAN_HANDS, ["x0 C", "d1 P", "x1 P", "t1"]), 3),
    ("ting_discard_expected", lambda: record(TING_HANDS, ["t0", "h0"]), 1),
    ("ting_locked", lambda: record(TING_HANDS, ["t0", "x0 F", "d1 N", "x1 N", "p0"]), 4),
    ("ting_discard_drawn", lambda: record(TING_HANDS, ["t0", "x0 F", "d1 C", "x1 C", "d0 P", "x0 2s"]), 5),
    ("ting_gang_changes_wait", lambda: record(E8_HANDS, ["t0", "x0 N", "d1 W", "x1 W", "d0 1s", "ga0 1s"]), 5),
]  # fmt: skip


@pytest.mark.parametrize(("code", "build", "index"), CASES, ids=[c[0] for c in CASES])
def test_reason_code(code: str, build: Any, index: int | None) -> None:
    breaks(build(), code, index)


def test_the_same_records_are_legal_without_the_break() -> None:
    """The near-identical legal records: each case above breaks only its one rule."""
    assert (
        audit_validated(to_the_last_tile("N", ["x0 N", "p1", "x1 2s"]))["computed"]["ended_by"]
        == "huangzhuang"
    )
    assert audit_validated(to_the_last_tile("1s", ["x0 1s", "hz"]))["status"] == "ok"
    assert audit_validated(record(E6_HANDS, E6))["status"] == "ok"  # a xu-gang may be robbed
    ting = record(E8_HANDS, ["t0", "x0 N", "d1 W", "x1 W", "d0 5s", "x0 5s"])
    assert audit_validated(ting)["first_illegal"]["code"] == "hand_not_finished"


def test_draw_tile_missing() -> None:
    rec = deal_mode(E8_HANDS, E8)
    del rec["events"][1]["tile"]
    breaks(rec, "draw_tile_missing", 1)


def test_wrong_hand_size_guard() -> None:
    """ER-3.1: a seat holding a tile too many (no valid record can make one) cannot discard."""
    board = Board.from_record(record(E8_HANDS, E8))
    board.seats[0].hand[9] += 1
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "discard", "seat": 0, "tile": "N"})
    assert err.value.reason.code == "wrong_hand_size" and err.value.reason.rule == "ER-3.1"


def test_dealer_not_next() -> None:
    """ER-1.3 across a sitting: E1's winner (seat 1) deals next (``winner`` rotation), not seat 0."""
    first = record(E1_HANDS, E1)
    first["session"] = {"id": "s1", "hand_no": 1}
    second = record(E8_HANDS, E8)  # dealt by seat 0 again
    second["session"] = {"id": "s1", "hand_no": 2}
    audits = [audit_validated(first), audit_validated(second)]
    check_sessions(audits)
    assert audits[1]["first_illegal"]["code"] == "dealer_not_next"
    assert audits[1]["first_illegal"]["index"] is None
    assert audits[0]["status"] == "ok"


def test_dealer_not_next_alternate() -> None:
    """``erren-gb`` alternates: after E8 (seat 0 wins, dealt by seat 0) seat 1 deals."""
    first = record(E8_HANDS, E8, preset="erren-gb")
    first["session"] = {"id": "s2", "hand_no": 1}
    again = record(E8_HANDS, E8, preset="erren-gb")
    again["session"] = {"id": "s2", "hand_no": 2}
    audits = [audit_validated(first), audit_validated(again)]
    check_sessions(audits)
    assert audits[1]["first_illegal"]["code"] == "dealer_not_next"


def test_every_code_has_a_case() -> None:
    tested = {c[0] for c in CASES} | {"draw_tile_missing", "wrong_hand_size", "dealer_not_next"}
    assert tested == set(CATALOGUE)


def test_reason_codes_doc_is_generated_from_the_catalogue() -> None:
    """docs/reason-codes-erren.md is ``python -m replay.games.erren.reasons``'s output; every code
    names an ER rule of erren.md and is raised somewhere in the erren engine or the shared code it
    stands on (``replay/table/``, ``replay/next_dealer.py``)."""
    import json
    from pathlib import Path

    from replay.games.erren import reasons

    root = Path(__file__).resolve().parents[2]
    assert (root / "docs" / "reason-codes-erren.md").read_text(encoding="utf-8") == reasons.markdown()
    rule_ids = json.loads((root / "tests" / "data" / "rule_ids.json").read_text("utf-8"))["erren"]
    src = "".join(
        p.read_text("utf-8")
        for p in sorted((root / "replay" / "games" / "erren").glob("*.py"))
        if p.name != "reasons.py"
    ) + "".join(
        p.read_text("utf-8")
        for p in [*sorted((root / "replay" / "table").glob("*.py")), root / "replay" / "next_dealer.py"]
    )
    for code, (rule, _) in reasons.CATALOGUE.items():
        assert f'"{code}"' in src, code
        assert rule in rule_ids, rule
