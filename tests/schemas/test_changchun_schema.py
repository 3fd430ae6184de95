"""schemas/changchun_hand.py: spelling and shape of ``changchun-hand/1`` (changchun.md §9).

Every field error names its field path; what a record means (a set not dealt, a roll at the
wrong position) is the board's verdict, so such records load here and are refused by the audit.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from schemas.audit import audit_record
from schemas.changchun_hand import validate_record
from schemas.formats import validate_record as validate_any
from tests.changchun_builders import record
from tests.replay.test_changchun_board import (
    E1,
    E1_HANDS,
    E3,
    E3_HANDS,
    E4,
    E4_HANDS,
    E6,
    E6_HANDS,
    e5_record,
)


def errors(rec: dict[str, Any]) -> dict[str, str]:
    out, errs = validate_record(rec)
    assert out is None, "the record was accepted"
    return {e["field"]: e["message"] for e in errs}


def test_a_record_loads_as_given_through_the_format_dispatch() -> None:
    rec = record(E1_HANDS, E1)
    out, errs = validate_any(rec)
    assert errs == [] and out == rec


@pytest.mark.parametrize(
    "build",
    [
        lambda: record(E3_HANDS, E3),  # ting, bao rolls with index (and tile)
        lambda: record(E3_HANDS, E3, wall=False),  # bao rolls with tile alone
        lambda: record(E4_HANDS, E4),  # 对宝
        lambda: e5_record(),  # xuanfeng, bu, an, ming, huangzhuang
        lambda: record(E6_HANDS, E6),  # 抢碰 on a 补杠
        lambda: record(E4_HANDS, [*E4[:9], "k0", "l0"], overrides={"guohu": "until_own_draw"}),
    ],
)
def test_every_changchun_event_shape_loads(build: Any) -> None:
    rec = build()
    out, errs = validate_record(rec)
    assert errs == [] and out == rec


def test_aliases_become_codes() -> None:
    rec = record(E1_HANDS, E1)
    rec["events"][0]["tile"] = "九筒"
    rec["events"][2]["tile"] = "发财"
    out, _ = validate_record(rec)
    assert out is not None and (out["events"][0]["tile"], out["events"][2]["tile"]) == ("9p", "F")


def test_honours_are_changchun_tiles() -> None:
    """CC-1.1: 136 tiles, honours included (unlike Sichuan and Changsha); no flowers."""
    rec = record(E1_HANDS, E1)
    rec["events"][2]["tile"] = "红中"
    assert validate_record(rec)[1] == []
    rec["events"][2]["tile"] = "春"
    assert "events[2].tile" in errors(rec)


def test_no_laizi_indicator_and_no_wuhan_gangs() -> None:
    """§9: no ``laizi_indicator``; ``pizi`` and ``laizi`` are not gang kinds."""
    rec = record(E1_HANDS, E1)
    rec["laizi_indicator"] = "5m"
    rec["events"][1] = {"type": "gang", "seat": 2, "kind": "laizi", "tile": "9p"}
    errs = errors(rec)
    assert errs["laizi_indicator"] == "unknown field"
    assert errs["events[1].kind"].startswith("must be one of an, xu, ming, bu, xuanfeng")


@pytest.mark.parametrize(
    ("event", "field", "message"),
    [
        ({"type": "gang", "seat": 0, "kind": "an"}, "tile", "required for kind 'an'"),
        (
            {"type": "gang", "seat": 0, "kind": "bu", "tile": "E", "tiles": ["E", "S", "W"]},
            "tiles",
            "only an opening set",
        ),
        ({"type": "gang", "seat": 0, "kind": "xuanfeng"}, "tiles", "required for the opening set xuanfeng"),
        (
            {"type": "gang", "seat": 0, "kind": "xi", "tile": "C", "tiles": ["C", "F", "P"]},
            "tile",
            "an opening set names its tiles",
        ),
        ({"type": "gang", "seat": 0, "kind": "yaodan", "tiles": ["1m", "1s"]}, "tiles", "must hold 3 to 4"),
        ({"type": "bao", "seat": 0, "die": 7, "index": 130}, "die", "from 1 to 6"),
        ({"type": "bao", "seat": 0, "die": 1, "index": 136}, "index", "from 0 to 135"),
        ({"type": "bao", "seat": 0, "die": 1}, "index", "required with a wall"),
        ({"type": "ting", "seat": 4}, "seat", "from 0 to 3"),
        ({"type": "kanbao"}, "seat", "required"),
        ({"type": "bao_leak", "seat": True}, "seat", "must be an integer, not a boolean"),
        ({"type": "ting", "seat": 0, "tile": "5m"}, "tile", "unknown field"),
        ({"type": "chi", "seat": 1, "tiles": ["7p"]}, "tiles", "must hold exactly 2"),
        ({"type": "huangzhuang", "seat": 0}, "seat", "unknown field"),
    ],
)
def test_every_event_field_error_names_its_field(event: dict[str, Any], field: str, message: str) -> None:
    rec = record(E1_HANDS, E1)
    rec["events"][1] = event
    errs = errors(rec)
    assert list(errs) == [f"events[1].{field}"], errs
    assert message in errs[f"events[1].{field}"]


def test_without_a_wall_draws_and_rolls_name_their_tile() -> None:
    rec = record(E3_HANDS, E3, wall=False)
    del rec["events"][1]["tile"]  # d1 9m
    del rec["events"][10]["tile"]  # b1 4 3s
    errs = errors(rec)
    assert errs == {
        "events[1].tile": "required when there is no wall",
        "events[10].tile": "required when there is no wall",
    }


def test_wall_and_deal_together_and_neither() -> None:
    rec = record(E1_HANDS, E1)
    rec["deal"] = record(E1_HANDS, E1, wall=False)["deal"]
    assert "CC-1.4" in errors(rec)["deal"]
    del rec["deal"], rec["wall"]
    assert errors(rec)["deal"] == "required when there is no wall"


def test_the_dealer_is_dealt_fourteen() -> None:
    rec = record(E1_HANDS, E1, wall=False)
    rec["dealer"] = 1
    errs = errors(rec)
    assert set(errs) == {"deal[0]", "deal[1]"}
    assert "seat 1 is the dealer: must hold 14 tiles, not 13" in errs["deal[1]"]


def test_short_wall_and_bad_tiles_are_named() -> None:
    rec = record(E1_HANDS, E1)
    rec["wall"] = rec["wall"][:135]
    assert "must hold exactly 136 tiles" in errors(rec)["wall"]
    rec = record(E1_HANDS, E1)
    rec["wall"][7] = "0x99"
    assert set(errors(rec)) == {"wall[7]"}


def test_ruleset_errors_name_the_parameter() -> None:
    rec = record(E1_HANDS, E1)
    rec["ruleset"]["overrides"] = {"ladder": [1, 2, 1], "bao_fan": 3, "jiahu": "bian", "laizi": 1}
    errs = errors(rec)
    assert set(errs) == {
        "ruleset.overrides.ladder",
        "ruleset.overrides.bao_fan",
        "ruleset.overrides.jiahu",
        "ruleset.overrides.laizi",
    }
    rec = record(E1_HANDS, E1)
    rec["ruleset"]["preset"] = "changsha"
    assert "known: changchun, changchun-135, changchun-250" in errors(rec)["ruleset.preset"]


def test_every_parameter_takes_its_values() -> None:
    every = {
        "ladder": [1, 3, 5], "gang_unit": None, "dianpao_mode": "discarder_covers", "bao_fan": 2,
        "jiahu": "kan", "dadan_tiles": ["1s", "红中"], "reserve": 14, "bao_count": "stack",
        "shoubayi": "forbid_win", "chi_from": "any", "ting_gang": "still_ting", "ting_lock": "kanbao",
        "qianghu": "zimo", "special_open": True, "special_in_piao": False, "diangang_payer": "discarder",
        "guohu": "until_own_draw", "cap": 100,
    }  # fmt: skip
    assert validate_record(record(E1_HANDS, E1, preset="changchun-250", overrides=every))[1] == []


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


def test_result_shape() -> None:
    assert validate_record(record(E1_HANDS, E1, result=E1_RESULT))[1] == []
    huang = {"winner": None, "discarder": None, "way": None, "hands": [], "fan": [None] * 4}
    assert validate_record(record(E1_HANDS, E1, result=huang))[1] == []
    bad = {
        "winner": 4,
        "way": "gangkai",
        "hands": ["pinghu", "qidui"],
        "fan": [1, -1, None, 1],
        "win_deltas": [1, 0, 0, 0],
        "gang_deltas": [0, 0, 0],
        "deltas": [-2, -1, 5, "2"],
        "next_dealer": 1,
    }
    errs = errors(record(E1_HANDS, E1, result=bad))
    assert set(errs) == {
        "result.winner",
        "result.way",
        "result.hands[1]",
        "result.fan[1]",
        "result.win_deltas",
        "result.gang_deltas",
        "result.deltas[3]",
        "result.next_dealer",
    }
    assert "must sum to 0" in errs["result.win_deltas"]
    assert "zimo, dianpao, qianghu, duibao, mobao" in errs["result.way"]


@pytest.mark.parametrize("kind", [[], {}, ["draw"], {"type": "draw"}, None, 3])
def test_an_event_type_of_another_json_type_is_an_error_not_a_crash(kind: object) -> None:
    """``validate_record`` never raises for a JSON value: a list or object as ``type`` is refused by
    name (a dict lookup with it would raise TypeError), and so is the audit through schemas/audit.py."""
    rec = record(E1_HANDS, E1)
    rec["events"][0]["type"] = kind
    assert "must be one of draw, discard" in errors(rec)["events[0].type"]
    out = audit_record(copy.deepcopy(rec))
    assert out["status"] == "invalid" and out["game"] == "changchun"
    assert [e["field"] for e in out["errors"]] == ["events[0].type"]


def test_non_object_events_and_records() -> None:
    rec = record(E1_HANDS, E1)
    rec["events"][2] = "x2 F"
    assert errors(rec)["events[2]"] == "must be an object, not a string"
    assert validate_record([rec])[1][0]["field"] == ""


# ----------------------------------------------------------------- the audit as received
def test_replay_audit_of_a_builder_record_gives_the_boards_verdict() -> None:
    """``replay audit`` of a record as received (schemas/audit.py): the format picks Changchun's
    schema, then its board: E1 with its §9 result is ``ok``; E3 is settled as 摸宝 (CC-4.6); a
    record the board refuses keeps its CC id and event index."""
    ok = audit_record(record(E1_HANDS, E1, result=E1_RESULT))
    assert (ok["status"], ok["game"], ok["differences"]) == ("ok", "changchun", [])
    e3 = audit_record(record(E3_HANDS, E3))
    assert e3["computed"]["way"] == "mobao" and e3["computed"]["deltas"] == [-32, 64, -16, -16]
    bad = audit_record(record(E3_HANDS, [*E3[:-3], "d1 8p"]))
    assert bad["status"] == "illegal"
    assert {k: bad["first_illegal"][k] for k in ("index", "code", "rule")} == {
        "index": 19,
        "code": "bao_must_roll",
        "rule": "CC-4.7",
    }
    wrong = audit_record(record(E1_HANDS, E1, result={**E1_RESULT, "deltas": [-1, -2, 5, -2]}))
    assert wrong["status"] == "mismatch" and [d["field"] for d in wrong["differences"]] == ["deltas"]


def test_the_docs_example_loads_and_audits_ok() -> None:
    """docs/changchun-hand.md's example (§8 E3 without a wall) is valid, and the audit agrees with
    the app's hand-worked result: 摸宝 4 fan, 16 from seats 2 and 3, 32 from the dealer (CC-6.1)."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "changchun-hand.md").read_text("utf-8")
    found = re.search(r"```json\n(.*?)```", text, re.S)
    assert found is not None
    raw = json.loads(found.group(1))
    rec, errs = validate_record(raw)
    assert errs == [] and rec == raw
    out = audit_record(raw)
    assert (out["status"], out["differences"]) == ("ok", [])
    assert out["computed"]["deltas"] == [-32, 64, -16, -16] and out["computed"]["way"] == "mobao"
