"""Sichuan self-play (``replay simulate --game sichuan``): bots swap (SC-2.1), declare a void suit
(SC-2.2) and play whole legal hands of both presets; the same seed gives the same records."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

from click.testing import CliRunner

from cli.main import main
from replay.games.sichuan.bots import STYLES
from replay.games.sichuan.simulate import players, simulate
from schemas.audit import audit_records

SUITS = "msp"


@cache
def corpus(preset: str, overrides: str) -> list[dict[str, Any]]:
    return list(simulate(24, 11, preset, json.loads(overrides)))


def test_same_seed_same_records_for_any_workers() -> None:
    one = [json.dumps(r, ensure_ascii=False) for r in simulate(10, 4, "xueliu")]
    two = [json.dumps(r, ensure_ascii=False) for r in simulate(10, 4, "xueliu", workers=2)]
    assert one == two
    assert one != [json.dumps(r, ensure_ascii=False) for r in simulate(10, 5, "xueliu")]


def test_every_simulated_hand_validates_and_audits_ok_on_both_presets() -> None:
    """SC-3.9 (every hand ends), §10 (the recorded result is the engine's), SC-1.3 (dealers follow)."""
    for preset, overrides in (("xuezhan", "{}"), ("xueliu", '{"swap_three": "any", "que_first": false}')):
        records = corpus(preset, overrides)
        audits = audit_records((r, None) for r in records)
        assert Counter(a["status"] for a in audits) == {"ok": len(records)}, preset
        assert {r["ruleset"]["preset"] for r in records} == {preset}


def test_sc_2_1_bots_swap_three_of_their_weakest_suit() -> None:
    """SC-2.1 same_suit: each seat gives three tiles of one suit; the bots give their shortest suit
    that has three, the one they then declare void (SC-2.2)."""
    for r in simulate(12, 3, "xuezhan", {"swap_three": "same_suit", "swap_direction": "across"}):
        swap, dingque = r["events"][0], r["events"][1]
        assert swap["type"] == "swap" and swap["direction"] == "across"
        assert dingque["type"] == "dingque"
        for given in swap["tiles"]:
            assert len(given) == 3 and len({t[1] for t in given}) == 1
        hands = _hands_after_swap(r)
        for s in range(4):
            sizes = [sum(1 for t in hands[s] if t[1] == x) for x in SUITS]
            assert sizes[SUITS.index(dingque["suits"][s])] == min(sizes)


def _hands_after_swap(r: dict[str, Any]) -> list[list[str]]:
    from replay.games.sichuan.board import Board

    board = Board.from_record({**r, "events": []})
    board.push(r["events"][0])
    return [[f"{k % 9 + 1}{SUITS[k // 9]}" for k in range(27) for _ in range(s.hand[k])] for s in board.seats]


def test_styles_show_void_neglect_and_qingyise_chasing() -> None:
    """Where void tiles need not go first (que_first false), the neglecting style discards other
    tiles while holding void ones and the careful style never does; the 清一色 chaser wins
    one-suit hands more often than the careful player."""
    records = list(simulate(60, 21, "xuezhan", {"swap_three": "same_suit", "que_first": False}))
    style = {p["player_id"]: p["style"] for p in players(8)}
    neglect: Counter[str] = Counter()
    qing: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    last = ""
    for r in records:
        voids = next(e["suits"] for e in r["events"] if e["type"] == "dingque")
        held = _hands_after_swap(r)
        for e in r["events"][2:]:
            s = e.get("seat")
            if e["type"] == "draw":
                held[s].append(e["tile"])
            elif e["type"] == "discard":
                if e["tile"][1] != voids[s] and any(t[1] == voids[s] for t in held[s]):
                    neglect[style[r["seats"][s]["player_id"]]] += 1
                held[s].remove(e["tile"])
                last = e["tile"]
            elif e["type"] in ("peng", "gang"):
                tile = e.get("tile", last)
                for _ in range({"peng": 2, "ming": 3, "an": 4, "xu": 1}[e.get("kind", "peng")]):
                    held[s].remove(tile)
        for w in r["result"]["wins"]:
            who = style[r["seats"][w["seat"]]["player_id"]]
            wins[who] += 1
            qing[who] += w["hand"].startswith("qing")
    assert neglect["void_neglecter"] > 0 and neglect["careful"] == 0
    assert qing["qingyise_chaser"] / wins["qingyise_chaser"] > qing["careful"] / max(wins["careful"], 1)
    assert set(style.values()) == set(STYLES)


def test_cli_simulate_game_sichuan() -> None:
    runner = CliRunner()
    args = ["simulate", "--game", "sichuan", "--preset", "xueliu", "--hands", "3", "--seed", "2"]
    got = runner.invoke(main, args)
    assert got.exit_code == 0, got.output
    lines = [json.loads(line) for line in got.output.splitlines()]
    assert [r["format"] for r in lines] == ["sichuan-hand/1"] * 3
    assert lines == list(simulate(3, 2, "xueliu"))
    bad = runner.invoke(main, ["simulate", "--game", "sichuan", "--preset", "hzlzg", "--hands", "1"])
    assert bad.exit_code == 2 and "not a sichuan preset" in bad.output
    bad = runner.invoke(main, ["simulate", "--game", "sichuan", "--hands", "1", "--overrides", '{"cap": 3}'])
    assert bad.exit_code == 2 and "cap" in bad.output
    bad = runner.invoke(main, ["simulate", "--hands", "1", "--overrides", "{}"])
    assert bad.exit_code == 2
