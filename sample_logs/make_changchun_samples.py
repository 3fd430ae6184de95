"""Rebuild the Changchun samples: simulated sittings and the hand-written mistakes and disputes.

- ``simulated/changchun-*.ndjson``: sittings played by the Changchun bots (``replay simulate
  --game changchun``), the three presets.
- ``handwritten/changchun/``: one hand per mistake M1–M5 (the hands of
  ``tests/replay/test_changchun_mistakes.py``), and one disputed record per reason code an audit
  can give. A dispute is first sought as a legal simulated hand with ONE event changed the way a
  faulty app would log it (``MUTATIONS``); the script keeps the first candidate whose audit stops
  at exactly the changed event with exactly the intended code, so the table in ``README.md``
  states what the rules say, not what happened. A code no simulated hand reaches by one change
  takes the short record of ``tests/replay/test_changchun_reasons.py`` (or of the board tests)
  that breaks it, checked the same way.

Run: ``.venv/bin/python sample_logs/make_changchun_samples.py`` (prints the README table).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

import samples_common  # noqa: E402
from samples_common import (  # noqa: E402
    Mutation,
    draw_mismatch,
    drawn_discard_as_hu,
    replace,
    seat_moved_on,
    tile_not_in_hand,
)

from replay.games.changchun.audit import audit_validated, check_sessions  # noqa: E402
from replay.games.changchun.board import Board  # noqa: E402
from replay.games.changchun.simulate import RESULT, simulate  # noqa: E402
from replay.tiles import CODES  # noqa: E402
from tests.changchun_builders import record, tsumogiri  # noqa: E402
from tests.replay.test_changchun_board import E1, E1_HANDS, E6, E6_HANDS, E7, E7_HANDS, e5_record  # noqa: E402
from tests.replay.test_changchun_mistakes import (  # noqa: E402
    BAO_HANDS,
    BAO_HEAD,
    BAO_TAIL,
    M2,
    M2_HANDS,
    M3,
)
from tests.replay.test_changchun_reasons import CASES  # noqa: E402

OUT = HERE / "handwritten" / "changchun"
SOURCE = "changchun-club"
SEATS = [{"player_id": f"cc-club-{s}", "name": n} for s, n in enumerate(["王姐", "老董", "小孙", "赵叔"])]
SIMULATED = (  # file, preset, overrides, seed, hands
    ("changchun-changchun.ndjson", "changchun", {}, 31, 90),
    ("changchun-135.ndjson", "changchun-135", {}, 32, 60),
    ("changchun-250.ndjson", "changchun-250", {}, 33, 60),
)
E9_NO_KE = ["123m 456m 234p 678s E 9p", "11223344p SSWWN", "789m 56789s 99p FFF", "88m 99m 11s 22s 3s CC PP"]

dress = partial(samples_common.dress, source=SOURCE, seats=SEATS)


def settled(rec: dict[str, Any]) -> dict[str, Any]:
    """The record with the engine's result recorded, as an app that settles right would."""
    return samples_common.settled(rec, audit_validated, RESULT)


def states(rec: dict[str, Any]) -> list[Board]:
    return samples_common.states(Board.from_record(rec), rec["events"])


def stops_at(rec: dict[str, Any], code: str, index: int | None) -> bool:
    return samples_common.stops_at(audit_validated, rec, code, index)


def write(name: str, rec: dict[str, Any]) -> None:
    samples_common.write_json(OUT, name, rec)


# -- one mutation per reason code: (record, states) -> candidates (mutated record, its index) --------
def ting_locked(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        b = st[i]
        if e["type"] == "discard" and b.seats[e["seat"]].locked and b.drawn is not None:
            other = next((k for k in range(34) if b.seats[e["seat"]].hand[k] and k != b.drawn), None)
            if other is not None:
                yield replace(r, i, {**e, "tile": CODES[other]}), i


def bao_position(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "bao" and "die" in e:
            yield replace(r, i, {**e, "index": e["index"] - 1}), i


MUTATIONS: dict[str, Mutation] = {
    "out_of_turn": seat_moved_on("discard", after=5),
    "tile_not_in_hand": tile_not_in_hand(34),
    "draw_mismatch": draw_mismatch,
    "no_shape": drawn_discard_as_hu,
    "chi_not_shangjia": seat_moved_on("chi"),
    "ting_locked": ting_locked,
    "bao_position": bao_position,
}


def disputes(legal: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out = samples_common.mutated_disputes(MUTATIONS, legal, states, audit_validated)
    board_cases = [
        (
            "no_ke",
            lambda: record(E9_NO_KE, ["x0 9p", *tsumogiri([1, 2, 3], ["1p", "5p", "7p"]), "d0 E", "h0"]),
            8,
        ),
        ("wall_reserve", lambda: e5_record(tail=("d3",)), 122),
        ("early_huangzhuang", lambda: e5_record(live=50), 120),
    ]
    for code, build, index in [*CASES, *board_cases]:  # the codes no simulated hand reached by one change
        if code not in out and code != "draw_tile_missing":
            rec = build()
            assert stops_at(rec, code, index), code
            out[code] = rec
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    simulated = samples_common.simulate_files(HERE / "simulated", SIMULATED, simulate)
    for old in OUT.glob("*.json"):
        old.unlink()
    m1 = record(E7_HANDS, [*E7[:5], "t0", *E7[5:]], dealer=2)
    write("mistake_m1_robbed_gang.json", settled(dress(m1, "cc-m1")))
    write("mistake_m2_broke_menqing.json", settled(dress(record(M2_HANDS, M2), "cc-m2")))
    write("mistake_m3_dealin_unready.json", settled(dress(record(E1_HANDS, M3), "cc-m3")))
    m4 = record(BAO_HANDS, [*BAO_HEAD, "k2", "d2 3s", "x2 3s", *BAO_TAIL])
    write("mistake_m4_missed_win.json", settled(dress(m4, "cc-m4")))
    m5 = record(BAO_HANDS, [*BAO_HEAD, "k2", "l2", "b2 1 C", "d2 5m", "x2 5m", *BAO_TAIL])
    write("mistake_m5_bao_leak.json", settled(dress(m5, "cc-m5")))
    # a settlement dispute: E6 with the robbed 补 paid as gang money (CC-2.4: it never counts)
    e6 = settled(dress(record(E6_HANDS, E6), "cc-robbed-bu-paid"))
    e6["result"]["gang_deltas"] = [-2, 6, -2, -2]
    e6["result"]["deltas"] = [
        a - b + c for a, b, c in zip(e6["result"]["win_deltas"], [0] * 4, [-2, 6, -2, -2], strict=True)
    ]
    write("disputed_robbed_bu_paid.json", e6)
    legal = [r for r in simulated if audit_validated(r, analysis=False)["status"] == "ok"][:60]
    for code, rec in sorted(disputes(legal).items()):
        write(f"disputed_{code}.json", dress(rec, f"cc-{code}"))
    # draw_tile_missing: a deal-mode record whose draw names no tile (the schema refuses it first)
    deal = record(E1_HANDS, E1, wall=False)
    del deal["events"][3]["tile"]
    write("disputed_draw_tile_missing.json", dress(deal, "cc-draw_tile_missing"))
    # dealer_not_next: two hands of one sitting, the second dealt by seat 0 again (E1's winner is seat 2)
    session = []
    for no in (1, 2):
        rec = settled(dress(record(E1_HANDS, E1), f"cc-session-{no}"))
        rec["session"] = {"id": "cc-club-night", "hand_no": no}
        session.append(rec)
    audits = [audit_validated(r) for r in session]
    check_sessions(audits)
    assert audits[1]["first_illegal"]["code"] == "dealer_not_next"
    write("disputed_dealer_not_next_1.json", session[0])
    write("disputed_dealer_not_next_2.json", session[1])
    print(samples_common.table(OUT))


if __name__ == "__main__":
    main()
