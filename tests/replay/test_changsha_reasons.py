# ruff: noqa: E501  (one case a line: the table reads better unwrapped)
"""Every Changsha reason code (replay/games/changsha/reasons.py) with a record that breaks exactly
that rule: the audit stops at the event named, with the code and its CS rule."""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.changsha.audit import audit_validated, check_sessions
from replay.games.changsha.board import Board, IllegalEvent
from replay.games.changsha.reasons import CATALOGUE
from tests.changsha_builders import pool, record, tsumogiri
from tests.replay.test_changsha_board import (
    E1_HANDS,
    E3_HANDS,
    E4_HANDS,
    E5_HANDS,
    E6_EVENTS,
    E6_HANDS,
    E7_HANDS,
    E8_HANDS,
    E10_HANDS,
    E12_HANDS,
    e7_events,
)

E1 = ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"]
E6_TO_PICKS = E6_EVENTS[:8]  # up to the 开杠's two picks (4s, 8p), neither winning for seat 3
FULL_QUADS = ["111222333m 444p 5p 6p", "4444m 5555m 6666m 1p", "111222333s 777p 8p", "888999s 789m 99p 44s"]


def quads_events(tail: list[str]) -> list[str]:
    """Seat 1 holds three quads; 52 tsumogiri draws leave 3 tiles when seat 1 draws."""
    rest = pool(FULL_QUADS, [])
    return ["x0 6p", *tsumogiri([1, 2, 3, 0], rest[:52]), f"d1 {rest[52]}", *tail]


def e12_events(offers: list[str]) -> list[str]:
    rest = pool(E12_HANDS, [])[:-1]
    return ["x0 6p", *tsumogiri([1, 2, 3, 0], rest), *offers]


def deal_mode(events: list[str]) -> dict[str, Any]:
    return record(E1_HANDS, events, wall=False)


def breaks(rec: dict[str, Any], code: str, index: int | None) -> None:
    out = audit_validated(rec)
    assert out["status"] == "illegal", (out["errors"], out["computed"])
    first = out["first_illegal"]
    assert (first["code"], first["index"]) == (code, index), first
    assert first["rule"] == CATALOGUE[code][0]


def with_wall_tile(rec: dict[str, Any], event: int, tile: str) -> dict[str, Any]:
    rec["events"][event]["tile"] = tile
    return rec


CASES: list[tuple[str, Any, int | None]] = [
    ("event_after_end", lambda: record(E1_HANDS, [*E1, "x2 5p"]), 6),
    ("draw_mismatch", lambda: with_wall_tile(record(E1_HANDS, E1), 1, "1m"), 1),
    ("fifth_copy", lambda: deal_mode(["x0 9p", "d1 6p", "x1 6p", "d2 6p"]), 3),
    ("out_of_turn", lambda: record(E1_HANDS, ["x1 9s"]), 0),
    ("tile_not_in_hand", lambda: record(E1_HANDS, ["x0 5s"]), 0),
    ("discard_only", lambda: record(E3_HANDS, ["x0 2s", "p1", "h1"]), 2),
    ("hand_not_finished", lambda: record(E1_HANDS, E1[:4]), 4),
    ("nothing_to_claim", lambda: record(E1_HANDS, ["p1"]), 0),
    ("claim_from_self", lambda: record(E1_HANDS, ["x0 9p", "p0"]), 1),
    ("chi_not_next_seat", lambda: record(E1_HANDS, ["x0 9p", "c2 7p 8p"]), 1),
    ("bad_chi", lambda: record(E1_HANDS, ["x0 9p", "c1 2m 3m"]), 1),
    ("no_pair_to_claim", lambda: record(E1_HANDS, ["x0 9p", "p1"]), 1),
    ("claim_after_hu", lambda: record(E4_HANDS, ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h3", "p0"]), 6),
    ("hu_twice", lambda: record(E4_HANDS, ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h3", "h3"]), 6),
    ("win_tile_mismatch", lambda: record(E1_HANDS, [*E1[:4], "h2 4p"]), 4),
    ("not_a_winning_hand", lambda: record(E1_HANDS, ["x0 9p", "d1 9s", "h1"]), 2),
    ("kong_no_live_tile", lambda: record(FULL_QUADS, quads_events(["ga1 4m bu", "d1", "ga1 5m bu", "d1", "ga1 6m bu"])), 110),
    ("wall_empty", lambda: record(FULL_QUADS, quads_events(["ga1 4m bu", "d1", "ga1 5m bu", "d1", "x1 1p", "d2"])), 111),
    ("no_peng_to_extend", lambda: record(E1_HANDS, ["x0 9p", "d1 9s", "gx1 9s bu"]), 2),
    ("kaigang_not_tenpai", lambda: record(E8_HANDS, ["x0 6p", "d1 9m", "ga1 7m kai 3 5"]), 2),
    ("kaigang_locked", lambda: record(E6_HANDS, [*E6_TO_PICKS, "d0 5m", "x0 5m", "p3"]), 10),
    ("locked_must_win", lambda: record(E5_HANDS, ["x0 9m", "d1 5m", "ga1 6m kai 3 5", "d1 9p", "d1 3m", "x1 3m"]), 5),
    ("locked_discard", lambda: record(E6_HANDS, [*E6_TO_PICKS, "d0 1p", "x0 1p", "d1 2p", "x1 2p", "d2 3p", "x2 3p", "d3 4p", "x3 5m"]), 15),
    ("kaigang_no_claim", lambda: record(E6_HANDS, [*E6_TO_PICKS, "c0 2s 3s @4s"], overrides={"kaigang_claims": "hu_only"}), 8),
    ("rob_not_xu", lambda: record(E10_HANDS, ["x1 6p", "d2 8p", "x2 8p", "d3 3p", "ga3 9p bu", "h0"], dealer=1), 5),
    ("haidi_not_due", lambda: record(E1_HANDS, ["x0 9p", "hd1 -"]), 1),
    ("haidi_out_of_order", lambda: record(E12_HANDS, e12_events(["hd0 -"])), 109),
    ("haidi_must_take", lambda: record(E12_HANDS, e12_events(["hd3 -"]), overrides={"haidi_roam": False}), 109),
    ("haidi_offer_expected", lambda: record(E12_HANDS, e12_events(["hd3 -", "h0"])), 110),
    ("haidi_claim", lambda: record(E7_HANDS, [*e7_events()[:-3], "p3"], dealer=2), 113),
    ("early_huangzhuang", lambda: record(E1_HANDS, ["x0 9p", "hz"]), 1),
    ("qishou_off", lambda: record(E8_HANDS, ["q1 sixi"], overrides={"qishou_mode": "off"}), 0),
    ("qishou_late", lambda: record(E8_HANDS, ["x0 6p", "q1 sixi"]), 1),
    ("qishou_twice", lambda: record(E8_HANDS, ["q1 sixi die=3", "q1 liuliushun die=2"], preset="changsha-app"), 1),
    ("qishou_not_met", lambda: record(E8_HANDS, ["q1 banbanhu"]), 0),
    ("qishou_tiles_not_held", lambda: record(E8_HANDS, ["q1 sixi 7777m 444s"]), 0),
    ("birds_not_now", lambda: record(E1_HANDS, ["x0 9p", "b 7s"]), 1),
    ("birds_mismatch", lambda: with_birds(record(E1_HANDS, E1), ["1m"]), 5),
    ("birds_count", lambda: deal_mode([*E1[:5], "b 7s 4p"]), 5),
    ("birds_missing", lambda: deal_mode(E1[:5]), 5),
]  # fmt: skip


def with_birds(rec: dict[str, Any], birds: list[str]) -> dict[str, Any]:
    rec["events"][-1]["tiles"] = birds
    return rec


@pytest.mark.parametrize(("code", "build", "index"), CASES, ids=[c[0] for c in CASES])
def test_reason_code(code: str, build: Any, index: int | None) -> None:
    breaks(build(), code, index)


def test_louhu_is_e11() -> None:
    """``louhu`` (CS-3.9) is held by E11 in test_changsha_board.py; here its catalogue row."""
    assert CATALOGUE["louhu"][0] == "CS-3.9"


def test_draw_tile_missing() -> None:
    rec = deal_mode(E1)
    del rec["events"][1]["tile"]
    breaks(rec, "draw_tile_missing", 1)


def test_wrong_hand_size_guard() -> None:
    """CS-3.10: a seat holding a tile too many (no valid record can make one) cannot discard."""
    board = Board.from_record(record(E1_HANDS, E1))
    board.seats[0].hand[0] += 1
    with pytest.raises(IllegalEvent) as err:
        board.push({"type": "discard", "seat": 0, "tile": "9p"})
    assert err.value.reason.code == "wrong_hand_size" and err.value.reason.rule == "CS-3.10"


def test_dealer_not_next() -> None:
    """CS-1.3 across a sitting: E1's winner (seat 2) deals next, not seat 0 again."""
    first = record(E1_HANDS, E1)
    first["session"] = {"id": "s1", "hand_no": 1}
    second = record(E1_HANDS, E1)  # dealt by seat 0 again
    second["session"] = {"id": "s1", "hand_no": 2}
    audits = [audit_validated(first), audit_validated(second)]
    check_sessions(audits)
    assert audits[1]["first_illegal"]["code"] == "dealer_not_next"
    assert audits[1]["first_illegal"]["index"] is None


def test_every_code_has_a_case() -> None:
    tested = {c[0] for c in CASES} | {"louhu", "draw_tile_missing", "wrong_hand_size", "dealer_not_next"}
    assert tested == set(CATALOGUE)


def test_kaigang_claims_all_allows_the_chi() -> None:
    """The same chi on a 开杠 tile is legal with ``kaigang_claims: all`` (CS-3.5)."""
    out = audit_validated(record(E6_HANDS, [*E6_TO_PICKS, "c0 2s 3s @4s", "x0 6m", "d1 1p", "x1 1p"]))
    assert out["status"] == "illegal" and out["first_illegal"]["code"] == "hand_not_finished"


def test_reason_codes_doc_is_generated_from_the_catalogue() -> None:
    """docs/reason-codes-changsha.md is ``python -m replay.games.changsha.reasons``'s output; every
    code names a CS rule of changsha.md and is raised somewhere in the Changsha engine or the
    shared code it stands on (``replay/table/``: draws from the wall, events after the end;
    ``replay/next_dealer.py``: the sitting's dealer order)."""
    import json
    from pathlib import Path

    from replay.games.changsha import reasons

    root = Path(__file__).resolve().parents[2]
    assert (root / "docs" / "reason-codes-changsha.md").read_text(encoding="utf-8") == reasons.markdown()
    rule_ids = json.loads((root / "tests" / "data" / "rule_ids.json").read_text("utf-8"))["changsha"]
    src = "".join(
        p.read_text("utf-8")
        for p in sorted((root / "replay" / "games" / "changsha").glob("*.py"))
        if p.name != "reasons.py"
    ) + "".join(
        p.read_text("utf-8")
        for p in [*sorted((root / "replay" / "table").glob("*.py")), root / "replay" / "next_dealer.py"]
    )
    for code, (rule, _) in reasons.CATALOGUE.items():
        assert rule in rule_ids and f'"{code}"' in src, code
