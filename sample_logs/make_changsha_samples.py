"""Rebuild the Changsha samples: simulated sittings and the hand-written mistakes and disputes.

- ``simulated/changsha-*.ndjson``: sittings played by the Changsha bots (``replay simulate --game
  changsha``), both presets.
- ``handwritten/changsha/``: one hand per mistake M1–M5 (§8's examples as the tests of
  ``tests/replay/test_changsha_mistakes.py`` build them), and one disputed record per reason code
  an audit can give. A dispute is a legal hand with ONE event changed the way a faulty app would
  log it (``MUTATIONS``, tried on simulated hands first); the script keeps the first candidate
  whose audit stops at exactly the changed event with exactly the intended code, so the table in
  ``README.md`` states what the rules say, not what happened. A code no simulated hand reaches by
  one change (a 开杠 lock, an opening hand refused, the wall running out under three kongs) takes
  the short record of ``tests/replay/test_changsha_reasons.py`` that breaks it, checked the same way.

Run: ``.venv/bin/python sample_logs/make_changsha_samples.py`` (prints the README table).
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

from replay.games.changsha.audit import audit_validated, check_sessions  # noqa: E402
from replay.games.changsha.board import Board  # noqa: E402
from replay.games.changsha.simulate import simulate  # noqa: E402
from tests.changsha_builders import record  # noqa: E402
from tests.replay.test_changsha_board import (  # noqa: E402
    E1_HANDS,
    E6_EVENTS,
    E6_HANDS,
    E7_HANDS,
    E11_HANDS,
    e7_events,
)
from tests.replay.test_changsha_mistakes import E7_NOT_READY, e7_like, e8_played_on, to_the_end  # noqa: E402
from tests.replay.test_changsha_reasons import CASES  # noqa: E402

OUT = HERE / "handwritten" / "changsha"
SOURCE = "changsha-club"
SEATS = [{"player_id": f"cs-club-{s}", "name": n} for s, n in enumerate(["刘姐", "老彭", "小曾", "谭叔"])]
SIMULATED = (  # file, preset, overrides, seed, hands
    ("changsha-changsha.ndjson", "changsha", {}, 21, 120),
    ("changsha-app.ndjson", "changsha-app", {}, 22, 100),
)
RESULT = ("winners", "discarder", "hands", "qishou", "birds", "bird_seats", "deltas", "next_dealer")

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
def win_without_draw(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if (
            e["type"] == "discard"
            and i > 5
            and st[i].drawn is None
            and st[i].seats[e["seat"]].claimed is False
        ):
            yield replace(r, i, {"type": "hu", "seat": e["seat"]}), i


def discard_only(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "discard" and st[i].seats[e["seat"]].claimed:
            yield replace(r, i, {"type": "hu", "seat": e["seat"]}), i


def early_huangzhuang(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "draw" and st[i].phase == "draw" and i > 20:
            yield replace(r, i, {"type": "huangzhuang"}), i


def birds_mismatch(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "birds":
            other = "9p" if e["tiles"][0] != "9p" else "1m"
            yield replace(r, i, {**e, "tiles": [other, *e["tiles"][1:]]}), i


def no_pair_to_claim(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "peng":
            who = next(s for s in range(4) if s != e["seat"] and st[i].claim and s != st[i].claim.seat)
            yield replace(r, i, {**e, "seat": who}), i


def kaigang_not_tenpai(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "gang" and e["mode"] == "bu":
            yield replace(r, i, {**e, "mode": "kai", "dice": [3, 4]}), i


MUTATIONS: dict[str, Mutation] = {
    "out_of_turn": seat_moved_on("discard", after=5),
    "tile_not_in_hand": tile_not_in_hand(27),
    "draw_mismatch": draw_mismatch,
    "not_a_winning_hand": drawn_discard_as_hu,
    "win_without_draw": win_without_draw,
    "discard_only": discard_only,
    "early_huangzhuang": early_huangzhuang,
    "birds_mismatch": birds_mismatch,
    "no_pair_to_claim": no_pair_to_claim,
    "chi_not_next_seat": seat_moved_on("chi"),
    "haidi_out_of_order": seat_moved_on("haidi"),
    "kaigang_not_tenpai": kaigang_not_tenpai,
}


def disputes(legal: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out = samples_common.mutated_disputes(MUTATIONS, legal, states, audit_validated)
    for code, build, index in CASES:  # the codes no simulated hand reached by one change
        if code not in out:
            rec = build()
            assert stops_at(rec, code, index), code
            out[code] = rec
    louhu = record(E11_HANDS, ["x0 9m", "d1 5m", "x1 6p", "d2 1m", "x2 6p", "h3"])
    assert stops_at(louhu, "louhu", 5)
    out["louhu"] = louhu
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    simulated = samples_common.simulate_files(HERE / "simulated", SIMULATED, simulate)
    for old in OUT.glob("*.json"):
        old.unlink()
    m1 = record(
        E1_HANDS,
        to_the_end(
            E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "x2 5p"], ["9s", "5p"], ["7s"], [3, 0, 1, 2]
        ),
    )
    write("mistake_m1_missed_win.json", settled(dress(m1, "cs-m1")))
    m2 = record(E7_NOT_READY, e7_like(E7_NOT_READY, ["hd3 -", "hd0 + 5s", "h1", "h3", "b 5s"]), dealer=2)
    write("mistake_m2_haidi_not_tenpai.json", settled(dress(m2, "cs-m2")))
    write(
        "mistake_m3_haidi_declined_win.json", settled(dress(record(E7_HANDS, e7_events(), dealer=2), "cs-m3"))
    )
    write("mistake_m4_qishou_not_declared.json", settled(dress(e8_played_on([], "changsha-app"), "cs-m4")))
    write("mistake_m5_costly_kong.json", settled(dress(record(E6_HANDS, E6_EVENTS), "cs-m5")))
    legal = [r for r in simulated if audit_validated(r)["status"] == "ok"][:60]
    for code, rec in sorted(disputes(legal).items()):
        write(f"disputed_{code}.json", dress(rec, f"cs-{code}"))
    # draw_tile_missing: a deal-mode record whose draw names no tile
    deal = record(E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"], wall=False)
    del deal["events"][1]["tile"]
    write("disputed_draw_tile_missing.json", dress(deal, "cs-draw_tile_missing"))
    # dealer_not_next: two hands of one sitting, the second dealt by seat 0 again (E1's winner is seat 2)
    session = []
    for no in (1, 2):
        rec = settled(
            dress(record(E1_HANDS, ["x0 9p", "d1 9s", "x1 9s", "d2 5p", "h2", "b 7s"]), f"cs-session-{no}")
        )
        rec["session"] = {"id": "cs-club-night", "hand_no": no}
        session.append(rec)
    audits = [audit_validated(r) for r in session]
    check_sessions(audits)
    assert audits[1]["first_illegal"]["code"] == "dealer_not_next"
    write("disputed_dealer_not_next_1.json", session[0])
    write("disputed_dealer_not_next_2.json", session[1])
    print(samples_common.table(OUT))


if __name__ == "__main__":
    main()
