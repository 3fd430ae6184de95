# ruff: noqa: E501  (one case a line: the table reads better unwrapped)
"""Changchun reason codes (replay/games/changchun/reasons.py) with records that break exactly that
rule: the audit stops at the event named, with the code and its CC rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from replay.games.changchun import reasons
from replay.games.changchun.audit import audit_validated, check_sessions
from replay.games.changchun.board import Board, IllegalEvent
from replay.games.changchun.reasons import CATALOGUE
from tests.changchun_builders import event, record, tsumogiri
from tests.replay.test_changchun_board import (
    E1,
    E1_HANDS,
    E3,
    E3_HANDS,
    E4,
    E4_HANDS,
    E5_HANDS,
    E5_HEAD,
    E7,
    E7_HANDS,
)


def deal_mode(events: list[str]) -> dict[str, Any]:
    return record(E1_HANDS, events, wall=False)


def edit(rec: dict[str, Any], i: int, **fields: Any) -> dict[str, Any]:
    rec["events"][i].update(fields)
    return rec


def drop_tile(rec: dict[str, Any], i: int) -> dict[str, Any]:
    del rec["events"][i]["tile"]
    return rec


def with_event(events: list[str], raw: dict[str, Any], hands: list[str], **kw: Any) -> dict[str, Any]:
    rec = record(hands, events, **kw)
    rec["events"].append(raw)
    return rec


#: E9's second hand as the dealer's after it discards 5m: ready on 6s/9s, no 幺九 (CC-4.2)
NO_YAOJIU_HANDS = [
    "234m 555p 678s 44m 78s 5m",
    "11223344p SSWWN",
    "567m 56789s 99p FFF",
    "88m 99m 11s 22s 3s CC PP",
]
#: E5's seat 2 hand (旋风杠 and a second E) as the dealer's
DEALER_SET_HANDS = ["ESWNE 234m 345p 56p 9m", E5_HANDS[1], "777p 123m 789m 789s 1p", E5_HANDS[3]]
#: seat 1 waits on E with 123m 456m 789m NNN: a shape, a 刻 and 幺九, but no 条 or 筒 (CC-5.2)
NO_SUITS_HANDS = [E1_HANDS[0], "123m 456m 789m NNN E", E1_HANDS[2], E1_HANDS[3]]
#: seat 1 pengs 1m, 9p and E, then chis 1s2s3s from its 上家: four melds, one concealed N (CC-2.5)
SHOUBAYI_HANDS = [
    "1m 3s 234p 567p 22m 33m 88s",
    "11m 99p EE 1s 2s N 4m 5p 6s 7m",
    "456m 789s 2s 3s 4s 5p 6p 7p W",
    "FFF CCC PP SS 9s 88m",
]
SHOUBAYI = [
    "x0 1m", "p1", "x1 4m", "d2 9p", "x2 9p", "p1", "x1 5p", "d2 E", "x2 E", "p1", "x1 6s",
    "d2 5s", "x2 5s", "d3 6p", "x3 6p", "d0 7p", "x0 3s", "c1 1s 2s", "x1 7m", "d2 N", "x2 N", "h1",
]  # fmt: skip
#: E3 with seat 1 holding 111p 23p instead of 46p: after 报听 W = {1p, 4p, 5m}; an-gang 1p leaves {4p}
TING_GANG_HANDS = [E3_HANDS[0], "234m 789s 111p 55m 23p", E3_HANDS[2], E3_HANDS[3]]
TING_GANG = ["x0 7s", "d1 9m", "x1 9m", "t1", *tsumogiri([2, 3, 0], ["N", "N", "N"]), "d1 1p", "ga1 1p"]
#: E1 until seat 2 waits on 5m/8m; seat 3's 5m goes by, seat 0's 8m comes before seat 2 draws again
GUOHU = ["x0 9p", "p2", "x2 F", "d3 E", "x3 5m", "d0 8m", "x0 8m", "h2"]
UNTIL_DRAW = {"guohu": "until_own_draw"}

CASES: list[tuple[str, Any, int]] = [
    ("event_after_end", lambda: record(E1_HANDS, [*E1, "x2 F"]), 6),
    ("draw_mismatch", lambda: edit(record(E1_HANDS, E1), 3, tile="1m"), 3),
    ("draw_tile_missing", lambda: drop_tile(deal_mode(E1), 3), 3),
    ("fifth_copy", lambda: deal_mode(["x0 E", "d1 S", "x1 S", "d2 S", "x2 S", "d3 S"]), 5),
    ("out_of_turn", lambda: record(E1_HANDS, ["x1 S"]), 0),
    ("tile_not_in_hand", lambda: record(E1_HANDS, ["x0 5s"]), 0),
    ("hand_not_finished", lambda: record(E1_HANDS, E1[:4]), 4),
    ("nothing_to_claim", lambda: record(E1_HANDS, ["p1"]), 0),
    ("claim_from_self", lambda: record(E1_HANDS, ["x0 9p", "p0"]), 1),
    ("chi_not_shangjia", lambda: record(E1_HANDS, ["x0 9p", "c2 7p 8p"]), 1),
    ("bad_chi", lambda: record(E1_HANDS, ["x0 E", "c1 S W"]), 1),
    ("no_pair_to_claim", lambda: record(E1_HANDS, ["x0 E", "p1"]), 1),
    ("claim_after_hu", lambda: record(E1_HANDS, [*E1, "p0"]), 6),
    ("hu_twice", lambda: record(E1_HANDS, [*E1, "h2"]), 6),
    ("win_tile_mismatch", lambda: record(E1_HANDS, [*E1[:5], "h2 8m"]), 5),
    ("no_shape", lambda: record(E1_HANDS, ["x0 9p", "d1 N", "h1"]), 2),
    ("nothing_drawn", lambda: record(E1_HANDS, ["x0 9p", "p2", "h2"]), 2),
    ("rob_not_allowed", lambda: record(E5_HANDS, [*E5_HEAD[:8], "h0"]), 8),
    ("qiangpeng_not_bu", lambda: record(E7_HANDS, [*E7[:11], "p1"], dealer=2), 11),
    ("no_peng_to_extend", lambda: record(E1_HANDS, ["x0 9p", "d1 S", "gx1 S"]), 2),
    ("set_late", lambda: record(E5_HANDS, [*E5_HEAD[:5], "xf0"]), 5),
    ("set_not_dealt", lambda: record(E5_HANDS, [*E5_HEAD[:17], "xf3"]), 17),
    ("set_twice", lambda: record(E5_HANDS, [*E5_HEAD[:13], "xf2"]), 13),
    ("bad_set", lambda: with_event(E5_HEAD[:11], {"type": "gang", "seat": 2, "kind": "xuanfeng", "tiles": ["E", "S", "W", "E"]}, E5_HANDS), 11),
    ("bu_no_set", lambda: record(E5_HANDS, [*E5_HEAD[:5], "gb0 9s"]), 5),
    ("ting_not_now", lambda: record(E1_HANDS, ["t0"]), 0),
    ("ting_not_ready", lambda: record(E1_HANDS, ["x0 9p", "t0"]), 1),
    ("ting_twice", lambda: record(E3_HANDS, [*E3[:13], "t1"]), 13),
    ("ting_locked", lambda: record(E3_HANDS, [*E3[:12], "x1 2m"]), 12),
    ("look_not_ting", lambda: record(E1_HANDS, ["x0 9p", "k1"]), 1),
    ("bao_not_now", lambda: record(E3_HANDS, [*E3[:5], "b1 4 3s"]), 5),
    ("bao_none", lambda: record(E4_HANDS, [*E4[:8], "k0"]), 8),
    ("bao_exists", lambda: record(E4_HANDS, [*E4[:9], "b0 2 N"]), 9),
    ("bao_position", lambda: edit(record(E4_HANDS, E4), 8, index=130), 8),
    ("bao_must_roll", lambda: record(E3_HANDS, [*E3[:-3], "d1 8p"]), 19),
    ("bao_dead", lambda: record(E3_HANDS, [*E3[:-3], "b1 4 3s", "h1"]), 20),
    ("bao_not_in_waits", lambda: record(E3_HANDS, [*E3[:11], "h1"]), 11),
    ("leak_unknown", lambda: record(E1_HANDS, ["x0 9p", "l1"]), 1),
    ("ting_no_yaojiu", lambda: record(NO_YAOJIU_HANDS, ["x0 5m", "t0"]), 1),
    ("bu_dealer_first_turn", lambda: record(DEALER_SET_HANDS, ["xf0", "d0 1s", "gb0 E"]), 2),
    ("leaked", lambda: record(E4_HANDS, [*E4[:9], "l0", "h0"]), 10),
    ("guohu", lambda: record(E1_HANDS, GUOHU, overrides=UNTIL_DRAW), 7),
    ("no_three_suits", lambda: record(NO_SUITS_HANDS, ["x0 E", "h1"]), 1),
    ("no_yaojiu", lambda: record(NO_YAOJIU_HANDS, ["x0 5m", "d1 6s", "x1 6s", "h0"]), 3),
    ("shoubayi", lambda: record(SHOUBAYI_HANDS, SHOUBAYI), 17),
    ("shoubayi_not_piao", lambda: record(SHOUBAYI_HANDS, SHOUBAYI, overrides={"shoubayi": "forbid_win"}), 21),
    ("ting_gang_changes_wait", lambda: record(TING_GANG_HANDS, TING_GANG), 11),
]  # fmt: skip


@pytest.mark.parametrize(("code", "build", "index"), CASES, ids=[c[0] for c in CASES])
def test_reason_code(code: str, build: Any, index: int) -> None:
    out = audit_validated(build())
    assert out["status"] == "illegal", (out["errors"], out["computed"])
    first = out["first_illegal"]
    assert (first["code"], first["index"]) == (code, index), first
    assert first["rule"] == CATALOGUE[code][0]


def test_wrong_hand_size_guard() -> None:
    """CC-2.6: a seat holding a tile too many (no valid record can make one) cannot discard."""
    board = Board.from_record(record(E1_HANDS, E1))
    board.seats[0].hand[0] += 1
    with pytest.raises(IllegalEvent) as err:
        board.push(event("x0 9p"))
    assert err.value.reason.code == "wrong_hand_size" and err.value.reason.rule == "CC-2.6"


def test_dealer_not_next() -> None:
    """CC-1.3 across a sitting: E1's winner is seat 2, not the dealer: seat 1 deals next."""
    first = record(E1_HANDS, E1)
    first["session"] = {"id": "s1", "hand_no": 1}
    second = record(E1_HANDS, E1)  # dealt by seat 0 again
    second["session"] = {"id": "s1", "hand_no": 2}
    audits = [audit_validated(first), audit_validated(second)]
    check_sessions(audits)
    assert audits[0]["status"] == "ok"
    assert audits[1]["first_illegal"]["code"] == "dealer_not_next"
    assert audits[1]["first_illegal"]["index"] is None


def test_the_rules_core_refusals_keep_their_rule() -> None:
    """A win refused by the rules core (``reading.Refusal``) is reported under the code and the
    rule the core gave: the catalogue agrees with it."""
    assert {c: CATALOGUE[c][0] for c in ("no_shape", "no_three_suits", "no_yaojiu", "no_ke", "shoubayi_not_piao", "bao_not_in_waits", "ting_not_ready", "ting_no_yaojiu")} == {
        "no_shape": "CC-5.1", "no_three_suits": "CC-5.2", "no_yaojiu": "CC-5.3", "no_ke": "CC-5.4",
        "shoubayi_not_piao": "CC-5.5", "bao_not_in_waits": "CC-4.5", "ting_not_ready": "CC-4.2", "ting_no_yaojiu": "CC-4.2",
    }  # fmt: skip


def test_reason_codes_doc_is_generated_from_the_catalogue() -> None:
    """docs/reason-codes-changchun.md is ``python -m replay.games.changchun.reasons``'s output;
    every code names a CC rule of changchun.md and is raised somewhere in the Changchun engine or
    the shared code it stands on (``replay/table/``, ``replay/next_dealer.py``), or is a refusal
    code of the rules core passed through (``reading.py``)."""
    root = Path(__file__).resolve().parents[2]
    assert (root / "docs" / "reason-codes-changchun.md").read_text(encoding="utf-8") == reasons.markdown()
    rule_ids = json.loads((root / "tests" / "data" / "rule_ids.json").read_text("utf-8"))["changchun"]
    src = "".join(
        p.read_text("utf-8")
        for p in sorted((root / "replay" / "games" / "changchun").glob("*.py"))
        if p.name != "reasons.py"
    ) + "".join(
        p.read_text("utf-8")
        for p in [*sorted((root / "replay" / "table").glob("*.py")), root / "replay" / "next_dealer.py"]
    )
    for code, (rule, _) in reasons.CATALOGUE.items():
        assert rule in rule_ids and f'"{code}"' in src, code


#: codes held by whole records in test_changchun_board.py
IN_BOARD_TESTS = {"no_ke", "wall_reserve", "early_huangzhuang"}
#: codes not yet held by a record (none left)
NOT_YET: set[str] = set()


def test_every_code_is_accounted_for() -> None:
    tested = {c[0] for c in CASES} | {"wrong_hand_size", "dealer_not_next"} | IN_BOARD_TESTS
    assert tested | NOT_YET == set(CATALOGUE) and not tested & NOT_YET


# ------------------------------------------------------------------ the same records, rule kept
# Each record above breaks exactly its rule: the same events under the parameter that drops the
# rule, or the tile the rule allows, play on, with hand-worked settlements.


def test_guohu_is_a_parameter() -> None:
    """CC-2.3 (``guohu: none``, the default): the same 8m is seat 2's 平胡; seat 0 deals and dealt
    in: 0 + 1 + 1 = 2 → 4; seats 1 and 3: 0 → 1 each."""
    out = audit_validated(record(E1_HANDS, GUOHU))
    assert out["status"] == "ok" and out["computed"]["deltas"] == [-4, -1, 6, -1]


def test_guohu_lasts_until_the_own_draw() -> None:
    """CC-2.3 ``until_own_draw``: after seat 2's next draw the lock is gone; it wins 平胡 on
    seat 3's 5m: seat 3 dealt in 1 → 2, seat 0 deals 1 → 2, seat 1 0 → 1."""
    events = [*GUOHU[:-1], "d1 S", "x1 S", "d2 W", "x2 W", "d3 5m", "x3 5m", "h2"]
    out = audit_validated(record(E1_HANDS, events, overrides=UNTIL_DRAW))
    assert out["status"] == "ok", out["first_illegal"]
    assert out["computed"]["deltas"] == [-2, -1, 5, -2]


def test_e9_only_the_yaojiu_tile_wins() -> None:
    """CC-5.3 (E9): 234m 555p 678s 44m 78s waits on 6s and 9s but only 9s wins. With W = {9s} it
    is 夹胡 (duting): menqing + jiahu = 2; the dealer wins: seat 1 dealt in 2+1+1 = 4 → 16,
    seats 2 and 3: 3 → 8."""
    out = audit_validated(record(NO_YAOJIU_HANDS, ["x0 5m", "d1 9s", "x1 9s", "h0"]))
    assert out["status"] == "ok" and out["computed"]["deltas"] == [32, -16, -8, -8]
    assert sorted(out["computed"]["hands"]) == ["jiahu", "menqing"]


def test_the_ting_gang_rule_is_a_parameter() -> None:
    """CC-4.3 ``ting_gang: still_ting``: the an-gang stands (W = {4p} is not empty) and seat 1's
    replacement draw is due: the record stops there."""
    out = audit_validated(record(TING_GANG_HANDS, TING_GANG, overrides={"ting_gang": "still_ting"}))
    assert out["first_illegal"]["code"] == "hand_not_finished" and out["first_illegal"]["index"] == 12
