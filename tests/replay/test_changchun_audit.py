"""The Changchun audit (replay/games/changchun/audit.py): statuses, the diff against the app's §9
result, and the registry's hooks."""

from __future__ import annotations

from replay.games import GAMES
from replay.games.changchun.audit import audit_validated
from tests.changchun_builders import record
from tests.replay.test_changchun_board import E1, E1_HANDS, E6, E6_HANDS

E1_RESULT = {
    "winner": 2,
    "discarder": 3,
    "way": "dianpao",
    "hands": ["pinghu"],
    "fan": [1, 0, None, 1],
    "win_deltas": [-2, -1, 5, -2],
    "gang_deltas": [0, 0, 0, 0],
    "deltas": [-2, -1, 5, -2],
}


def test_ok_when_the_app_settled_alike() -> None:
    out = audit_validated(record(E1_HANDS, E1, result=E1_RESULT))
    assert out["status"] == "ok" and out["game"] == "changchun" and out["differences"] == []
    payments = out["computed"]["payments"]
    assert all(p["receipt"].endswith(f"= {p['amount']}") for p in payments)


def test_mismatch_names_each_field() -> None:
    """An app that forgot the dealer's extra fan (CC-6.1): seat 0 pays 1, not 2."""
    wrong = {**E1_RESULT, "fan": [0, 0, None, 1], "deltas": [-1, -1, 4, -2], "win_deltas": [-1, -1, 4, -2]}
    out = audit_validated(record(E1_HANDS, E1, result=wrong))
    assert out["status"] == "mismatch"
    assert [d["field"] for d in out["differences"]] == ["fan", "win_deltas", "deltas"]
    assert out["differences"][2]["computed"] == [-2, -1, 5, -2]


def test_gang_money_is_compared_apart() -> None:
    """E6: an app that paid the robbed 补 as gang money (CC-2.4: a robbed 补 never counts)."""
    wrong = {"gang_deltas": [-2, 6, -2, -2]}
    out = audit_validated(record(E6_HANDS, E6, result=wrong))
    assert out["differences"] == [
        {"field": "gang_deltas", "recorded": [-2, 6, -2, -2], "computed": [-1, 3, -1, -1]}
    ]


def test_illegal_keeps_the_first_event_and_no_result() -> None:
    out = audit_validated(record(E1_HANDS, ["x1 S"], result=E1_RESULT))
    assert out["status"] == "illegal" and out["computed"] is None
    assert out["first_illegal"]["index"] == 0 and out["first_illegal"]["rule"] == "CC-2.1"


def test_unreadable_record_is_invalid() -> None:
    rec = record(E1_HANDS, E1)
    rec["dealer"] = 7
    out = audit_validated(rec)
    assert out["status"] == "invalid" and out["errors"][0]["field"] == "dealer"


def test_registry_hooks() -> None:
    game = GAMES["changchun"]
    assert game.audit_validated(record(E1_HANDS, E1))["status"] == "ok"
    assert game.session_key == "_changchun_session"
