"""The 二人麻将 audit (replay/games/erren/audit.py): its keys, the payment recomputed and diffed
against the app's §9 ``result``, illegal and unreadable records, the sitting key."""

from __future__ import annotations

from typing import Any

from replay.games.changsha.audit import audit_validated as changsha_audit
from replay.games.erren.audit import SESSION_KEY, audit_validated
from tests.changsha_builders import record as changsha_record
from tests.erren_builders import record
from tests.replay.test_changsha_board import E1_HANDS as CS_E1_HANDS
from tests.replay.test_erren_board import E1, E1_HANDS, E2, E2_HANDS

E1_RESULT: dict[str, Any] = {
    "winner": 1,
    "self_draw": False,
    "fans": [
        {"id": "qinglong", "n": 1},
        {"id": "hunyise", "n": 1},
        {"id": "jianke", "n": 1},
        {"id": "bianzhang", "n": 1},
        {"id": "huapai", "n": 1},
    ],
    "total": 26,
    "qualifying": 25,
    "deltas": [-26, 26],
}


def test_keys_are_the_other_games_plus_game() -> None:
    cs = changsha_audit(changsha_record(CS_E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"]))
    out = audit_validated(record(E1_HANDS, E1, result=E1_RESULT))
    assert set(out) == set(cs) and out["game"] == "erren"
    assert (out["status"], out["differences"], out["first_illegal"], out["errors"]) == ("ok", [], None, [])
    assert out["recorded"] == E1_RESULT


def test_fans_compare_as_counts_in_any_order() -> None:
    shuffled = {**E1_RESULT, "fans": list(reversed(E1_RESULT["fans"]))}
    assert audit_validated(record(E1_HANDS, E1, result=shuffled))["status"] == "ok"


def test_an_app_that_counted_the_dropped_group_fans() -> None:
    """An app that kept 连六 ×2 and 老少副 under 清龙 (ER-6.1c: 清龙 excludes them): T 29 ≠ 26."""
    wrong = {
        **E1_RESULT,
        "fans": [*E1_RESULT["fans"], {"id": "lianliu", "n": 2}, {"id": "laoshaofu", "n": 1}],
        "total": 29,
        "qualifying": 28,
        "deltas": [-29, 29],
    }
    out = audit_validated(record(E1_HANDS, E1, result=wrong))
    assert out["status"] == "mismatch"
    assert [d["field"] for d in out["differences"]] == ["fans", "total", "qualifying", "deltas"]
    assert out["differences"][-1] == {"field": "deltas", "recorded": [-29, 29], "computed": [-26, 26]}


def test_payment_receipt_is_recomputed() -> None:
    """ER-6.3 under ``erren-gb``: 1 × (26 + 8) = 34, with the receipt's lines."""
    out = audit_validated(record(E1_HANDS, E1, preset="erren-gb", result={"deltas": [-26, 26]}))
    assert out["status"] == "mismatch"
    pay = out["computed"]["payments"][0]
    assert (pay["from"], pay["to"], pay["amount"]) == (0, 1, 34)
    assert pay["receipt"][0].startswith("清龙 qinglong") and pay["receipt"][-1].endswith("= 34")


def test_cap_limits_the_payment() -> None:
    out = audit_validated(record(E1_HANDS, E1, overrides={"cap": 20}))
    assert out["computed"]["deltas"] == [-20, 20] and out["computed"]["total"] == 26


def test_illegal_keeps_the_first_event_and_no_settlement() -> None:
    out = audit_validated(record(E2_HANDS, [*E2, "d0 2s", "x0 2s", "h1"], result={"deltas": [-9, 9]}))
    assert out["status"] == "illegal" and out["computed"] is None and out["differences"] == []
    assert out["first_illegal"]["index"] == 13 and out["first_illegal"]["rule"] == "ER-3.4"


def test_unreadable_record_names_the_field() -> None:
    rec = record(E1_HANDS, E1)
    rec["wall"][0] = "5m"
    out = audit_validated(rec)
    assert out["status"] == "invalid" and out["errors"][0]["field"].startswith("wall")
    rec = record(E1_HANDS, E1)
    rec["events"][2]["tile"] = "9p"
    out = audit_validated(rec)
    assert out["status"] == "invalid" and out["errors"][0]["field"] == "events[2].tile"


def test_huangzhuang_settles_nothing() -> None:
    from tests.replay.test_erren_board import e9_record

    rec = e9_record()
    rec["events"][-1] = {"type": "huangzhuang"}
    rec["result"] = {"winner": None, "deltas": [0, 0]}
    out = audit_validated(rec)
    assert out["status"] == "ok" and out["computed"]["payments"] == []


def test_session_key_carries_the_next_dealer() -> None:
    rec = record(E1_HANDS, E1)
    rec["session"] = {"id": "s", "hand_no": 3}
    place = audit_validated(rec)[SESSION_KEY]
    assert place[:5] == ("tests", "s", 3, 0, 1)
    assert SESSION_KEY not in audit_validated(record(E1_HANDS, E1))


def test_location_is_kept() -> None:
    assert audit_validated(record(E1_HANDS, E1), "file.ndjson:3")["location"] == "file.ndjson:3"
