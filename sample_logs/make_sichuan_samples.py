"""Rebuild the Sichuan samples: simulated sittings and the hand-written showcase and disputes.

- ``simulated/sichuan-*.ndjson``: sittings played by the Sichuan bots (``replay simulate --game
  sichuan``), both presets, in club-room variants.
- ``handwritten/sichuan/``: the worked examples of sichuan.md §9 as whole hands (from
  ``tests/data/sichuan/valid`` and the E-hands of ``tests/replay/test_sichuan_board.py``); one
  hand per mistake M1–M5; disputes whose recorded ``result`` the rules settle otherwise; and one
  disputed record per reason code an audit can give. Each of those is a legal hand (hand-written
  or simulated) with ONE event changed the way a faulty app would log it (``MUTATIONS``): the
  script keeps the first candidate whose audit stops at exactly the changed event with exactly
  the intended code, so the table in ``README.md`` states what the rules say, not what happened.

Run: ``.venv/bin/python sample_logs/make_sichuan_samples.py``.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from samples_common import mutated_disputes, simulate_files, write_json  # noqa: E402
from samples_common import settled as settled_by  # noqa: E402
from samples_common import states as states_of  # noqa: E402

from replay.games.sichuan import tiles as T  # noqa: E402
from replay.games.sichuan.audit import audit_validated  # noqa: E402
from replay.games.sichuan.board import Board  # noqa: E402
from replay.games.sichuan.simulate import simulate  # noqa: E402
from replay.table.wall import deal  # noqa: E402
from replay.tiles import CODES  # noqa: E402
from tests.replay.test_sichuan_board import E6_DEAL, E6_EVENTS, e2_record  # noqa: E402
from tests.replay.test_sichuan_mistakes import e5_finished, e6, e6_events  # noqa: E402
from tests.sichuan_builders import pool_after, tsumogiri  # noqa: E402

OUT = HERE / "handwritten" / "sichuan"
VALID = ROOT / "tests" / "data" / "sichuan" / "valid"
SOURCE = "sichuan-club"
SEATS = [{"player_id": f"sc-club-{s}", "name": n} for s, n in enumerate(["老张", "小李", "王姐", "阿强"])]

SIMULATED = (  # file, preset, overrides, seed, hands
    ("sichuan-xuezhan.ndjson", "xuezhan", {"swap_three": "same_suit", "cap": {"fan": 3}}, 11, 120),
    ("sichuan-xueliu.ndjson", "xueliu", {"swap_three": "any", "que_first": False}, 12, 100),
    (
        "sichuan-xuezhan-bankruptcy.ndjson",
        "xuezhan",
        {"swap_three": "same_suit", "que_first": False, "bankruptcy": True},
        13,
        40,
    ),
)

Mutation = Callable[[dict[str, Any], list[Board]], Iterator[tuple[dict[str, Any], int]]]
RESULT = ("wins", "huazhu", "tenpai", "transfers", "next_dealer", "deltas")


def dress(record: dict[str, Any], hand_id: str) -> dict[str, Any]:
    """A record as the club's app uploads it: its id, source and players (its ``played_at``
    kept, unlike ``samples_common.dress``: the Sichuan files have always carried it)."""
    out = copy.deepcopy(record)
    out["hand_id"] = hand_id
    out["source"] = SOURCE
    out["seats"] = copy.deepcopy(SEATS)
    out.pop("session", None)
    return out


def settled(record: dict[str, Any]) -> dict[str, Any]:
    """The record with the engine's result recorded, as an app that settles right would."""
    return settled_by(record, audit_validated, RESULT)


def states(record: dict[str, Any]) -> list[Board]:
    return states_of(Board.from_record(record), record["events"])


def insert(record: dict[str, Any], at: int, event: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(record)
    out["events"].insert(at, event)
    return out


def replace(record: dict[str, Any], at: int, event: dict[str, Any] | None) -> dict[str, Any]:
    out = copy.deepcopy(record)
    if event is None:
        del out["events"][at]
    else:
        out["events"][at] = event
    return out


def held(board: Board, seat: int) -> list[int]:
    return [k for k in range(27) if board.seats[seat].hand[k]]


# -- one mutation per reason code: (record, states) -> candidates (mutated record, its index) --------


def out_of_turn(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "draw":
            yield replace(r, i, {**e, "seat": (e["seat"] + 1) % 4}), i


def tile_not_in_hand(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "discard":
            missing = next(k for k in range(27) if not st[i].seats[e["seat"]].hand[k])
            yield replace(r, i, {**e, "tile": CODES[missing]}), i


def que_first(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        seat = st[i].seats[e.get("seat", 0)] if "seat" in e else None
        if (
            e["type"] == "discard"
            and seat is not None
            and seat.void is not None
            and e["tile"][1] == "msp"[seat.void]
        ):
            other = next((k for k in held(st[i], e["seat"]) if k // 9 != seat.void), None)
            if other is not None:
                yield replace(r, i, {**e, "tile": CODES[other]}), i


def draw_mismatch(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "draw" and e.get("tile"):
            yield replace(r, i, {**e, "tile": "5m" if e["tile"] != "5m" else "6m"}), i


def fifth_copy(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    if "wall" not in r:
        return
    deal_mode = copy.deepcopy(r)
    wall = [T.parse(t, "wall") for t in deal_mode.pop("wall")]
    hands, _ = deal(wall, r["dealer"])
    deal_mode["deal"] = [[CODES[k] for k in h] for h in hands]
    for i, e in enumerate(r["events"]):
        if e["type"] == "draw":
            full = next((k for k in range(27) if st[i].seen[k] >= 4), None)
            seen = [0] * 27
            for h in hands:
                for k in h:
                    seen[k] += 1
            for ev in r["events"][:i]:
                if ev["type"] == "draw":
                    seen[T.parse(ev["tile"], "tile")] += 1
            full = next((k for k in range(27) if seen[k] == 4), None)
            if full is not None:
                yield replace(deal_mode, i, {**e, "tile": CODES[full]}), i


def nothing_to_claim(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "draw":
            yield insert(r, i + 1, {"type": "peng", "seat": (e["seat"] + 2) % 4}), i + 1


def claim_void_suit(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] != "discard":
            continue
        t = T.parse(e["tile"], "tile")
        for s in range(4):
            seat = st[i + 1].seats[s]
            if s != e["seat"] and st[i + 1].active(s) and seat.void == t // 9 and seat.hand[t] >= 2:
                yield insert(r, i + 1, {"type": "peng", "seat": s}), i + 1


def no_pair_to_claim(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] != "discard":
            continue
        t = T.parse(e["tile"], "tile")
        for s in range(4):
            seat = st[i + 1].seats[s]
            if s != e["seat"] and st[i + 1].active(s) and seat.void != t // 9 and seat.hand[t] < 2:
                yield insert(r, i + 1, {"type": "peng", "seat": s}), i + 1


def late_kong(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        b = st[i + 1]
        if e["type"] == "draw" and b.live < b.rules.gang_min_wall:
            s = e["seat"]
            for k in range(27):
                if b.seats[s].hand[k] and k in b.seats[s].pengs:
                    yield insert(r, i + 1, {"type": "gang", "seat": s, "kind": "xu", "tile": CODES[k]}), i + 1
        if e["type"] == "discard" and b.live < b.rules.gang_min_wall:
            t = T.parse(e["tile"], "tile")
            for s in range(4):
                if s != e["seat"] and b.active(s) and b.seats[s].hand[t] == 3 and b.seats[s].void != t // 9:
                    kong = {"type": "gang", "seat": s, "kind": "ming", "tile": e["tile"]}
                    yield insert(r, i + 1, kong), i + 1


def haidi_claim(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        b = st[i + 1]
        if e["type"] == "discard" and b.claim is not None and b.claim.haidi:
            t = b.claim.tile
            for s in range(4):
                if s != e["seat"] and b.active(s) and b.seats[s].hand[t] >= 2 and b.seats[s].void != t // 9:
                    yield insert(r, i + 1, {"type": "peng", "seat": s}), i + 1


def no_peng_to_extend(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "draw":
            s = e["seat"]
            k = next(k for k in held(st[i + 1], s) if k not in st[i + 1].seats[s].pengs)
            if st[i + 1].seats[s].void != k // 9:
                yield insert(r, i + 1, {"type": "gang", "seat": s, "kind": "xu", "tile": CODES[k]}), i + 1


def win_without_draw(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "peng":
            yield insert(r, i + 1, {"type": "hu", "seat": e["seat"]}), i + 1


def swap_missing(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    if r["events"] and r["events"][0]["type"] == "swap":
        yield replace(r, 0, None), 0


def bad_swap(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    if (
        r["events"]
        and r["events"][0]["type"] == "swap"
        and r["ruleset"]["overrides"].get("swap_three") == "same_suit"
    ):
        e = copy.deepcopy(r["events"][0])
        hand = held(st[0], 0)
        two_suits = [CODES[k] for k in hand if k // 9 == hand[0] // 9][:2] + [
            CODES[next(k for k in hand if k // 9 != hand[0] // 9)]
        ]
        e["tiles"][0] = two_suits
        yield replace(r, 0, e), 0


def dingque_missing(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"][:2]):
        if e["type"] == "dingque":
            yield replace(r, i, None), i


def xueliu_locked(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        b = st[i]
        if e["type"] == "discard" and b.rules.mode == "xueliu" and b.seats[e["seat"]].wins:
            other = next((k for k in held(b, e["seat"]) if CODES[k] != e["tile"]), None)
            if other is not None:
                yield replace(r, i, {**e, "tile": CODES[other]}), i


def early_huangzhuang(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "draw" and st[i].live > 10:
            yield replace(r, i, {"type": "huangzhuang"}), i


def event_after_end(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    if st[-1].ended and st[-1].ended_by == "huangzhuang":
        n = len(r["events"])
        yield insert(r, n, {"type": "draw", "seat": r["dealer"], "tile": "5m"}), n


def hand_not_finished(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    n = len(r["events"]) - 12
    out = copy.deepcopy(r)
    out["events"] = out["events"][:n]
    yield out, n


def multiple_hu_order(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "hu" and st[i].phase == "claim":
            yield insert(r, i + 1, dict(e)), i + 1


def win_tile_mismatch(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "hu" and st[i].phase == "claim" and st[i].claim is not None:
            wrong = CODES[(st[i].claim.tile + 1) % 27]
            yield replace(r, i, {**e, "tile": wrong}), i


def claim_after_hu(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "hu" and st[i].phase == "claim" and st[i].claim is not None:
            other = next(s for s in range(4) if s not in (e["seat"], st[i].claim.seat))
            yield insert(r, i + 1, {"type": "peng", "seat": other}), i + 1


def wall_empty(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "huangzhuang":
            seat = st[i].actor if st[i].phase == "draw" else 0
            yield replace(r, i, {"type": "draw", "seat": seat, "tile": "5m"}), i


def claim_from_self(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "discard":
            yield insert(r, i + 1, {"type": "hu", "seat": e["seat"]}), i + 1


def seat_inactive(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "discard" and st[i].rules.mode == "xuezhan":
            for s in range(4):
                if st[i].seats[s].wins and s != e["seat"]:
                    yield insert(r, i + 1, {"type": "hu", "seat": s}), i + 1


def holds_void_suit(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "discard":
            for s in range(4):
                b = st[i + 1]
                if s != e["seat"] and b.active(s) and b.seats[s].holds_void() is not None:
                    yield insert(r, i + 1, {"type": "hu", "seat": s}), i + 1


def three_suits(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "discard" and not st[i].rules.dingque:
            for s in range(4):
                b = st[i + 1]
                hand = b.seats[s].hand
                if s != e["seat"] and b.active(s) and all(any(hand[9 * x : 9 * x + 9]) for x in range(3)):
                    yield insert(r, i + 1, {"type": "hu", "seat": s}), i + 1


def not_a_winning_hand(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "discard":
            for s in range(4):
                b = st[i + 1]
                if s != e["seat"] and b.active(s) and b.seats[s].holds_void() is None:
                    yield insert(r, i + 1, {"type": "hu", "seat": s}), i + 1


def pass_hu_locked(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        b = st[i + 1]
        if e["type"] == "discard" and b.claim is not None:
            for s in range(4):
                if b.seats[s].locked and b._could_win_on(s, b.claim) is not None:
                    yield insert(r, i + 1, {"type": "hu", "seat": s}), i + 1


def rob_not_xu_gang(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        if e["type"] == "gang" and e["kind"] == "xu":
            other = (e["seat"] + 1) % 4
            yield insert(r, i + 1, {"type": "peng", "seat": other}), i + 1


def forced_hu(r: dict[str, Any], st: list[Board]) -> Iterator[tuple[dict[str, Any], int]]:
    for i, e in enumerate(r["events"]):
        b = st[i]
        if e["type"] == "hu" and b.live < b.rules.forced_hu_last:
            if b.phase == "claim":
                if i + 1 < len(r["events"]) and r["events"][i + 1]["type"] != "hu":
                    yield replace(r, i, None), i
            elif b.drawn is not None:
                yield replace(r, i, {"type": "discard", "seat": e["seat"], "tile": CODES[b.drawn]}), i


MUTATIONS: dict[str, tuple[Mutation, str]] = {
    "out_of_turn": (out_of_turn, "a draw logged for the wrong seat"),
    "tile_not_in_hand": (tile_not_in_hand, "a discard of a tile the seat did not hold"),
    "que_first": (que_first, "a discard of another suit while a void-suit tile was held (que_first)"),
    "draw_mismatch": (draw_mismatch, "a draw of a tile that was not next in the wall"),
    "fifth_copy": (fifth_copy, "a draw of a tile whose four copies were already out (deal mode)"),
    "nothing_to_claim": (nothing_to_claim, "a peng with no discard to claim"),
    "claim_void_suit": (claim_void_suit, "a peng of the seat's own void suit"),
    "no_pair_to_claim": (no_pair_to_claim, "a peng without a pair in hand"),
    "late_kong": (late_kong, "a kong with fewer than gang_min_wall tiles left"),
    "haidi_claim": (haidi_claim, "a peng of the 海底 discard"),
    "no_peng_to_extend": (no_peng_to_extend, "a 补杠 without the peng"),
    "win_without_draw": (win_without_draw, "a self-draw win right after a peng"),
    "swap_missing": (swap_missing, "the 换三张 left out at a swapping table"),
    "bad_swap": (bad_swap, "a 换三张 of two suits where the table swaps one suit"),
    "dingque_missing": (dingque_missing, "the 定缺 left out"),
    "xueliu_locked": (xueliu_locked, "a xueliu winner throwing another tile than the one it drew"),
    "early_huangzhuang": (early_huangzhuang, "a 流局 with tiles left in the wall"),
    "event_after_end": (event_after_end, "a draw after the 流局"),
    "hand_not_finished": (hand_not_finished, "the log cut off before the end"),
    "multiple_hu_order": (multiple_hu_order, "the same seat's hu logged twice on one discard"),
    "win_tile_mismatch": (win_tile_mismatch, "a win naming another tile than the discard"),
    "claim_after_hu": (claim_after_hu, "a peng of a discard someone won on"),
    "wall_empty": (wall_empty, "a draw from the empty wall instead of the 流局"),
    "claim_from_self": (claim_from_self, "a seat winning on its own discard"),
    "seat_inactive": (seat_inactive, "a xuezhan winner winning again"),
    "holds_void_suit": (holds_void_suit, "a win while holding a void-suit tile"),
    "three_suits": (three_suits, "a win holding all three suits at a table without 定缺"),
    "not_a_winning_hand": (not_a_winning_hand, "a win on a hand that does not win"),
    "pass_hu_locked": (pass_hu_locked, "a win on a discard after passing one (过水) before drawing"),
    "rob_not_xu_gang": (rob_not_xu_gang, "a peng of the tile of a 补杠"),
    "forced_hu": (forced_hu, "a win let go among the last tiles (forced win)"),
}


def e6_two_chances() -> dict[str, Any]:
    """E6 with the two 9p in the pool drawn by seats 3 and 0 in turn: seat 2 (七对 on 9p) lets
    seat 3's go and is locked (过水) when seat 0's comes."""
    pool = pool_after(E6_DEAL, E6_EVENTS)
    pool.sort(key=lambda t: t != "9p")
    pool[0], pool[2] = pool[2], pool[0]
    return e6(E6_EVENTS + tsumogiri([2, 3, 0], pool) + ["hz"])


def write(name: str, record: dict[str, Any] | list[dict[str, Any]]) -> None:
    write_json(OUT, name, record)  # type: ignore[arg-type]  # a sitting's file holds a list of hands


def mismatches() -> dict[str, dict[str, Any]]:
    """Hands whose app settled otherwise than the rules (the audit lists the differing fields)."""
    out = {}
    e2 = settled(dress(e2_record(), "sc-mm-zhuanyi"))  # the app forgot 呼叫转移 (SC-5.6)
    e2["result"]["transfers"] = [t for t in e2["result"]["transfers"] if t["kind"] != "zhuanyi"]
    e2["result"]["deltas"] = [5, 3, -9, 1]
    out["disputed_no_hujiao_zhuanyi.json"] = e2
    e2b = settled(dress(e2_record(), "sc-mm-dealer"))  # the first winner, not the discarder (SC-1.3)
    e2b["result"]["next_dealer"] = 1
    out["disputed_next_dealer_after_yipaoduoxiang.json"] = e2b
    e1 = settled(dress(json.loads((VALID / "xuezhan_e1.json").read_text("utf-8")), "sc-mm-qingyise"))
    last = e1["result"]["wins"][-1]  # seat 2's 清一色 paid as a 平胡: M 1, seat 3 pays 2 not 5
    last.update(hand="pinghu", multiple=1)
    e1["result"]["transfers"][-1]["amount"] = 2
    e1["result"]["deltas"] = [-6, 23, -5, -12]
    out["disputed_qingyise_as_pinghu.json"] = e1
    e6rec = settled(dress(e6(e6_events()), "sc-mm-tuishui"))  # the app kept seat 3's 暗杠 income
    e6rec["result"]["transfers"] = [t for t in e6rec["result"]["transfers"] if t["kind"] != "tuishui"]
    e6rec["result"]["deltas"] = [-36, 4, 16, 16]
    out["disputed_no_tuishui.json"] = e6rec
    e8 = settled(dress(json.loads((VALID / "xuezhan_e8.json").read_text("utf-8")), "sc-mm-bankrupt"))
    for t in e8["result"]["transfers"]:  # the app let seat 1 pay 9 with 5 coins (§7)
        if t["from"] == 1 and t["kind"] == "hu":
            t["amount"] = 9
    e8["result"]["deltas"] = [-9, -9, -9, 27]
    out["disputed_paid_past_bankruptcy.json"] = e8
    return out


def main() -> None:
    OUT.mkdir(exist_ok=True)
    simulated = simulate_files(HERE / "simulated", SIMULATED, simulate)
    for old in OUT.glob("*.json"):
        old.unlink()
    for f in sorted(VALID.glob("*.json")):  # the worked examples as whole hands
        write(f.name, json.loads(f.read_text("utf-8")))
    write(
        "mistake_m1_gangshangpao_safe.json",
        settled(dress(e2_record(overrides={"que_first": False}), "sc-m1")),
    )
    write("mistake_m2_robbed_bugang.json", settled(dress(e5_finished(), "sc-m2")))
    write("mistake_m3_broke_xiajiao.json", settled(dress(e6(e6_events("4s")), "sc-m3")))
    write("mistake_m4_missed_win.json", settled(dress(e2_record(), "sc-m4")))
    write("mistake_m5_huazhu_neglect.json", settled(dress(e6(e6_events()), "sc-m5")))
    for name, record in mismatches().items():
        write(name, record)
    # the hand-written hands first (readable), then the simulated ones (every rule variant)
    hand_written = [
        settled(dress(e2_record(), "base")),
        settled(dress(e5_finished(), "base")),
        settled(dress(e6(e6_events()), "base")),
        settled(dress(e6_two_chances(), "base")),
        *(json.loads(f.read_text("utf-8")) for f in sorted(VALID.glob("*.json"))),
    ]
    no_dingque = list(simulate(8, 14, "xuezhan", {"dingque": False}))
    sources = hand_written + simulated + no_dingque
    found = mutated_disputes(
        {code: m for code, (m, _) in MUTATIONS.items()}, sources, states, audit_validated
    )
    for code in MUTATIONS:
        if code not in found:
            raise SystemExit(f"no candidate for {code}")
        write(f"disputed_{code}.json", dress(found[code], f"sc-illegal-{code.replace('_', '-')}"))
    # SC-1.3 across a sitting: after E2's 一炮多响 on seat 0's discard seat 0 deals next; the app
    # let the first winner (seat 1) deal
    second = next(r for r in simulated if r["dealer"] == 1)
    session = [settled(dress(e2_record(), "sc-session-1")), dress(second, "sc-session-2")]
    for i, r in enumerate(session):
        r["session"] = {"id": "sc-club-session", "hand_no": i + 1}
    write("disputed_dealer_not_next.json", session)
    # schema-level: no chi in Sichuan (SC-3.1), a deal-mode draw must name its tile (SC-1.4)
    chi = settled(dress(e2_record(), "sc-invalid-chi"))
    chi["events"].insert(2, {"type": "chi", "seat": 1, "tiles": ["4p", "5p", "6p"]})
    write("disputed_no_chi.json", chi)
    blind = settled(dress(e2_record(), "sc-invalid-draw"))
    del blind["events"][2]["tile"]
    write("disputed_draw_tile_missing.json", blind)


if __name__ == "__main__":
    main()
