"""The Changsha audit (replay/games/changsha/audit.py): statuses, the diff against the app's
result, and the route through ``replay audit``'s schema layer (schemas/audit.py)."""

from __future__ import annotations

from replay.games.changsha.audit import audit_validated
from schemas.audit import audit_record
from tests.changsha_builders import record
from tests.replay.test_changsha_board import E1_HANDS, E4_HANDS

E1 = ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"]
E1_RESULT = {
    "winners": [2],
    "discarder": None,
    "hands": {"2": ["pinghu"]},
    "qishou": {},
    "birds": ["7s"],
    "bird_seats": [2],
    "deltas": [-40, -20, 80, -20],
    "next_dealer": 2,
}


def test_ok_when_the_app_settled_alike() -> None:
    out = audit_validated(record(E1_HANDS, E1, result=E1_RESULT))
    assert out["status"] == "ok" and out["game"] == "changsha" and out["differences"] == []
    assert out["first_illegal"] is None
    # E1's dealt hands of seats 0, 1 and 3 meet CS-5.1 (缺一色, 六六顺) and nobody declared: M4 (§10)
    assert [(m["type"], m["seat"]) for m in out["mistakes"]] == [
        ("qishou_not_declared", s) for s in (0, 1, 3)
    ]
    receipts = [p["receipt"] for p in out["computed"]["payments"]]
    assert all(
        r.endswith(f"= {p['amount']}") for r, p in zip(receipts, out["computed"]["payments"], strict=True)
    )


def test_mismatch_names_each_field() -> None:
    """An app that forgot the bird (CS-6.4): deltas halved, bird seats missing."""
    wrong = {**E1_RESULT, "deltas": [-20, -10, 40, -10], "bird_seats": []}
    out = audit_validated(record(E1_HANDS, E1, result=wrong))
    assert out["status"] == "mismatch"
    assert [d["field"] for d in out["differences"]] == ["bird_seats", "deltas"]
    assert out["differences"][1]["computed"] == [-40, -20, 80, -20]


def test_tongpao_winners_compare_as_a_set() -> None:
    rec = record(
        E4_HANDS,
        ["x0 9m", "d1 3s", "x1 3s", "d2 4s", "x2 5p", "h3", "h0", "b 3m"],
        result={
            "winners": [0, 3],
            "hands": {"0": ["qixiaodui"], "3": ["pinghu"]},
            "deltas": [140, 0, -160, 20],
        },
    )
    assert audit_validated(rec)["status"] == "ok"


def test_illegal_keeps_the_first_event() -> None:
    out = audit_validated(record(E1_HANDS, ["x1 9s"], result=E1_RESULT))
    assert out["status"] == "illegal" and out["computed"] is None
    assert out["first_illegal"]["index"] == 0 and out["first_illegal"]["rule"] == "CS-3.1"


def test_invalid_names_the_field() -> None:
    rec = record(E1_HANDS, E1)
    rec["dealer"] = 7
    out = audit_validated(rec)
    assert out["status"] == "invalid" and out["errors"][0]["field"] == "dealer"


def test_through_the_schema_layer() -> None:
    """``replay audit`` finds the game by its format, validates, then replays."""
    out = audit_record(record(E1_HANDS, E1, result=E1_RESULT))
    assert out["game"] == "changsha" and out["status"] == "ok"
    bad = record(E1_HANDS, E1)
    bad["wall"][0] = "E"
    out = audit_record(bad)
    assert out["status"] == "invalid" and out["errors"][0]["field"] == "wall[0]"
    assert "CS-1.1" in out["errors"][0]["message"]
