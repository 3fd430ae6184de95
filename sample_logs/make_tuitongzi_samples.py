"""Rebuild the 推筒子 samples: simulated sittings, and the hand-written rounds and disputes.

- ``simulated/tuitongzi-*.ndjson``: sittings played by the bots (``replay simulate --game
  tuitongzi``) over both presets and an informed variant (``bet_after_peek``), 560 rounds.
- ``handwritten/tuitongzi/``: §7's worked examples as records with the app's ``result``; disputes
  whose recorded result the rules settle otherwise; one round per §9 mistake; and one disputed
  record per reason code the audit gives — a legal round (T1, or the home table's) with ONE field
  logged the way a faulty app would. Sittings (``*.ndjson``, two rounds) carry the codes checked
  across rounds. A dispute is written only if its audit stops with exactly the intended code at
  exactly the intended field, so the table in ``handwritten/tuitongzi/README.md`` (rewritten here)
  states what the rules say, not what happened.

Run: ``.venv/bin/python sample_logs/make_tuitongzi_samples.py``.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from replay.games.tuitongzi.simulate import simulate  # noqa: E402
from schemas.audit import audit_records  # noqa: E402

OUT = HERE / "handwritten" / "tuitongzi"
SOURCE = "tuitongzi-club"
SEATS = [{"player_id": f"tt-club-{s}", "name": n} for s, n in enumerate(["老板", "阿强", "小芳", "胖哥"])]
SIMULATED = (  # file, preset, overrides, seed, rounds
    ("tuitongzi-app.ndjson", "tuitongzi", {}, 21, 220),
    ("tuitongzi-table.ndjson", "tuitongzi-table", {}, 22, 200),
    ("tuitongzi-peek.ndjson", "tuitongzi", {"bet_after_peek": True, "seats": 3}, 23, 140),
)
T1_HANDS = [["3p", "4p"], ["5p", "6p"], ["2p", "8p"], ["9p", "9p"]]
_FIRST8 = ["3p", "7p", "2p", "2p", "4p", "6p", "1p", "9p"]  # dice 3+4: s2, s3, s0, s1 (T8)


def _rest(first: list[str]) -> list[str]:
    """The 40 tiles (half tile 白板) less ``first``, in rank order."""
    rest = [f"{n}p" for n in range(1, 10) for _ in range(4)] + ["P"] * 4
    for t in first:
        rest.remove(t)
    return rest


TABLE_WALL = _FIRST8 + _rest(_FIRST8)


def base(round_id: str, **changes: Any) -> dict[str, Any]:
    """§7's common table (T1 unless changed) as the club's app uploads it."""
    overrides = changes.pop("overrides", {})
    rec: dict[str, Any] = {
        "format": "tuitongzi-round/1",
        "round_id": round_id,
        "source": SOURCE,
        "played_at": "2026-12-04T21:30:00+08:00",
        "ruleset": {"preset": changes.pop("preset", "tuitongzi"), "overrides": overrides},
        "seats": copy.deepcopy(SEATS),
        "banker": 0,
        "bank": 2000,
        "bets": [None, 100, 50, 200],
        "hands": copy.deepcopy(T1_HANDS),
        "pool_before": 10000,
    }
    rec.update(changes)
    return rec


def table(round_id: str, **changes: Any) -> dict[str, Any]:
    """T8's home table: ``tuitongzi-table``, banker 0, dice 3 + 4, the first round of a shoe."""
    rec = base(
        round_id,
        preset="tuitongzi-table",
        bank=500,
        dice=[3, 4],
        shoe={"id": "shoe-1", "round": 1},
        wall=list(TABLE_WALL),
        hands=[["4p", "6p"], ["1p", "9p"], ["3p", "7p"], ["2p", "2p"]],
        pool_before=0,
    )
    rec.update(changes)
    return rec


def settled(rec: dict[str, Any]) -> dict[str, Any]:
    """The record with the engine's result, as an honest app would log it."""
    (a,) = audit_records([(rec, None)])
    assert a["status"] == "ok", a
    c = a["computed"]
    rec["result"] = {k: c[k] for k in ("winners", "multipliers", "awards", "deltas", "pool_after")}
    return rec


def legal() -> dict[str, list[dict[str, Any]]]:
    t5 = settled(base("tt-t5", hands=[["F", "F"], ["9p", "9p"], ["2p", "8p"], ["5p", "6p"]]))
    award_to_banker = copy.deepcopy(t5)
    award_to_banker["round_id"] = "tt-dispute-award-banker"
    award_to_banker["result"]["awards"] = [
        {"seat": 0, "kind": "fa_pair", "amount": 2000},
        {"seat": 2, "kind": "erba", "amount": 1000},
    ]
    award_to_banker["result"]["deltas"] = [3050, -301, 850, -602]
    award_to_banker["result"]["pool_after"] = 7003
    no_feed = settled(base("tt-dispute-no-feed"))
    no_feed["result"]["deltas"] = [-400, -100, 1100, 400]
    tie = settled(table("tt-dispute-zero-tie"))
    tie["result"]["winners"] = [None, True, False, True]
    tie["result"]["deltas"] = [-450, 100, -50, 400]
    return {
        "t1.json": [settled(base("tt-t1"))],
        "t4_fa_pair_award.json": [
            settled(base("tt-t4", hands=[["9p", "9p"], ["F", "F"], ["F", "F"], ["1p", "2p"]]))
        ],
        "t5_banker_fa_pair.json": [t5],
        "t8_home_table.json": [settled(table("tt-t8"))],
        "t10_bank_short_in_order.json": [
            settled(base("tt-t10", bank=300, overrides={"bank_cover": False, "bank_short": "in_order"}))
        ],
        "disputed_award_to_banker.json": [award_to_banker],
        "disputed_forgot_pool_feed.json": [no_feed],
        "disputed_zero_tie_to_player.json": [tie],
        "mistake_bet_after_peek.json": [
            settled(
                base(
                    "tt-mistake-peek",
                    overrides={"bet_after_peek": True},
                    bets=[None, 1, 50, 200],
                    hands=[["3p", "4p"], ["F", "F"], ["2p", "8p"], ["1p", "9p"]],
                )
            )
        ],
        "mistake_five_rounds.json": [
            settled(
                table(
                    "tt-mistake-shoe",
                    dice=[1, 1],
                    shoe={"id": "shoe-2", "round": 5},
                    wall=[f"{n}p" for n in range(1, 9) for _ in range(4)] + ["P"] * 4 + ["9p"] * 4,
                    hands=[["9p", "9p"], ["P", "P"], ["P", "P"], ["9p", "9p"]],
                    bank=100,
                )
            )
        ],
    }


def disputes() -> dict[str, tuple[list[dict[str, Any]], str, str]]:
    """file → (records, intended code, intended field of the last record)."""
    t1_wall = ["5p", "6p", "2p", "8p", "9p", "9p", "3p", "4p"]
    r1 = settled(base("tt-sit-1", session={"id": "sit", "round_no": 1}))

    def second(round_id: str, **changes: Any) -> list[dict[str, Any]]:
        first = copy.deepcopy(r1)
        first["round_id"] = f"{round_id}-1"
        first["session"] = {"id": round_id, "round_no": 1}
        overrides = changes.pop("overrides", {})
        first["ruleset"]["overrides"] = overrides
        nxt = base(round_id + "-2", session={"id": round_id, "round_no": 2}, pool_before=9003, bank=1600)
        nxt["ruleset"]["overrides"] = overrides
        nxt.update(changes)
        return [first, nxt]

    shoe1 = table("tt-shoe-broken-1", session={"id": "tt-shoe-broken", "round_no": 1})
    shoe2 = table(
        "tt-shoe-broken-2",
        session={"id": "tt-shoe-broken", "round_no": 2},
        shoe={"id": "shoe-1", "round": 3},
        dice=[1, 1],
        bank=250,  # T8's banker lost 250 and keeps the bank (TT-1.3 bank_carry)
        hands=[["1p", "1p"], ["1p", "2p"], ["3p", "3p"], ["3p", "4p"]],
    )
    shoe2["wall"] = list(TABLE_WALL)
    shoe2["hands"] = _deal(TABLE_WALL[16:24], 0, 1)
    return {
        "disputed_seat_count.json": ([base("tt-d-seats", overrides={"seats": 3})], "seat_count", "seats"),
        "disputed_bank_below_min.json": (
            [base("tt-d-bank", overrides={"bank_min": 5000})],
            "bank_below_min",
            "bank",
        ),
        "disputed_not_a_tile.json": (
            [base("tt-d-tile", hands=[["3p", "4p"], ["5p", "6p"], ["2p", "8p"], ["白板", "9p"]])],
            "not_a_tile",
            "hands[3][0]",
        ),
        "disputed_wrong_wall_size.json": ([base("tt-d-wall", wall=t1_wall[:7])], "wrong_wall_size", "wall"),
        "disputed_shoe_missing.json": (
            [{k: v for k, v in table("tt-d-noshoe").items() if k != "shoe"}],
            "shoe_missing",
            "shoe",
        ),
        "disputed_shoe_round_out_of_range.json": (
            [table("tt-d-shoe6", shoe={"id": "shoe-1", "round": 6})],
            "shoe_round_out_of_range",
            "shoe.round",
        ),
        "disputed_dice_missing.json": (
            [{k: v for k, v in table("tt-d-nodice").items() if k != "dice"}],
            "dice_missing",
            "dice",
        ),
        "disputed_too_many_copies.json": (
            [base("tt-d-copies", hands=[["9p", "9p"], ["5p", "9p"], ["2p", "8p"], ["9p", "9p"]])],
            "too_many_copies",
            "hands",
        ),
        "disputed_hand_not_dealt.json": (
            [base("tt-d-deal", wall=["2p", "8p", "5p", "6p", "9p", "9p", "3p", "4p"])],
            "hand_not_dealt",
            "hands[1]",
        ),
        "disputed_banker_bet.json": (
            [base("tt-d-bankerbet", bets=[100, 100, 50, 200])],
            "banker_bet",
            "bets[0]",
        ),
        "disputed_bet_missing.json": (
            [base("tt-d-nobet", bets=[None, 100, None, 200])],
            "bet_missing",
            "bets[2]",
        ),
        "disputed_bet_out_of_range.json": (
            [base("tt-d-betmax", overrides={"bet_max": 150})],
            "bet_out_of_range",
            "bets[3]",
        ),
        "disputed_bet_over_cover.json": ([base("tt-d-cover", bank=1000)], "bet_over_cover", "bets[3]"),
        "disputed_banker_not_next.ndjson": (
            second("tt-d-rotation", overrides={"banker_rotation": "each"}),
            "banker_not_next",
            "banker",
        ),
        "disputed_bank_not_carried.ndjson": (second("tt-d-carry", bank=2000), "bank_not_carried", "bank"),
        "disputed_pool_not_carried.ndjson": (
            second("tt-d-pool", pool_before=10000),
            "pool_not_carried",
            "pool_before",
        ),
        "disputed_shoe_broken.ndjson": ([settled(shoe1), shoe2], "shoe_broken", "shoe.round"),
    }


def _deal(tiles: list[str], banker: int, start_offset: int) -> list[list[str]]:
    n = len(tiles) // 2
    start = (banker + start_offset) % n
    hands: list[list[str]] = [[] for _ in range(n)]
    for i in range(n):
        hands[(start + i) % n] = tiles[2 * i : 2 * i + 2]
    return hands


def _write(name: str, records: list[dict[str, Any]]) -> None:
    path = OUT / name
    if name.endswith(".ndjson"):
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    else:
        (record,) = records
        path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _row(name: str, a: dict[str, Any]) -> str:
    code = ""
    if a["status"] == "illegal":
        code = f"{a['first_illegal']['code']} @ {a['first_illegal']['field']}"
    elif a["status"] == "mismatch":
        code = ", ".join(d["field"] for d in a["differences"])
    deltas = " ".join(map(str, a["computed"]["deltas"])) if a["computed"] else ""
    mistakes = " ".join(f"{m['type']}:{m['seat']}:{m['cost']}" for m in a["mistakes"])
    return f"| `{name}` | `{a['round_id']}` | {a['status']} | {code} | {deltas} | {mistakes} |"


def main() -> None:
    for name, preset, overrides, seed, rounds in SIMULATED:
        lines = (
            json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n"
            for r in simulate(rounds, seed, preset, overrides)
        )
        (HERE / "simulated" / name).write_text("".join(lines), encoding="utf-8")
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.*json"):
        old.unlink()
    rows = []
    for name, records in legal().items():
        _write(name, records)
        rows += [_row(name, a) for a in audit_records([(r, None) for r in records])]
    for name, (records, code, field) in disputes().items():
        audits = audit_records([(r, None) for r in records])
        last = audits[-1]
        got = (last["first_illegal"] or {}).get("code"), (last["first_illegal"] or {}).get("field")
        if got != (code, field) or any(a["status"] != "ok" for a in audits[:-1]):
            raise SystemExit(f"{name}: wanted {code} @ {field}, the audit says {got} ({last})")
        _write(name, records)
        rows += [_row(name, a) for a in audits]
    header = (
        (HERE / "handwritten" / "tuitongzi" / "README.md").read_text(encoding="utf-8").split("| file |")[0]
    )
    table = (
        "| file | round_id | status | code @ field / fields | deltas | mistakes |\n"
        "|---|---|---|---|---|---|\n"
    )
    (OUT / "README.md").write_text(header + table + "\n".join(sorted(rows)) + "\n", encoding="utf-8")
    print(f"wrote {len(rows)} rows")


if __name__ == "__main__":
    main()
