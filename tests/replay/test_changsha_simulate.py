"""Changsha self-play (``replay simulate --game changsha``): bots declare opening hands (CS-5),
kong, take or decline the 海底 and play whole legal hands of both presets; the same seed gives the
same records for any number of workers, and every record audits clean."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

from click.testing import CliRunner

from cli.main import main
from replay.games.changsha.bots import STYLES
from replay.games.changsha.simulate import players, simulate
from schemas.audit import audit_records

PRESETS = ("changsha", "changsha-app")


@cache
def corpus(preset: str, seed: int, hands: int = 40) -> list[dict[str, Any]]:
    return list(simulate(hands, seed, preset))


def test_same_seed_same_records_for_any_workers() -> None:
    one = [json.dumps(r, ensure_ascii=False) for r in simulate(10, 4, "changsha-app")]
    two = [json.dumps(r, ensure_ascii=False) for r in simulate(10, 4, "changsha-app", workers=2)]
    assert one == two
    assert one != [json.dumps(r, ensure_ascii=False) for r in simulate(10, 5, "changsha-app")]


def test_every_simulated_hand_audits_ok_over_many_seeds_and_both_presets() -> None:
    """CS-3.11 (every hand ends), §9 (the recorded result is the engine's, no differences), CS-1.3
    (each hand's dealer is the previous hand's next dealer)."""
    for preset in PRESETS:
        for seed in (1, 2, 3):
            records = corpus(preset, seed)
            audits = audit_records((r, None) for r in records)
            bad = [
                (a["hand_id"], a["first_illegal"], a["errors"], a["differences"])
                for a in audits
                if a["status"] != "ok"
            ]
            assert not bad, (preset, seed, bad[:3])
            assert {r["ruleset"]["preset"] for r in records} == {preset}
            assert all(a["differences"] == [] for a in audits)


def test_overrides_are_played_and_audited() -> None:
    """A table without roaming (CS-2.6 haidi_roam false), two birds, 开杠 with one pick (CS-3.5)."""
    over = {"haidi_roam": False, "birds": 2, "kaigang_draws": 1, "multi_hu": False}
    records = list(simulate(20, 7, "changsha", over))
    audits = audit_records((r, None) for r in records)
    assert Counter(a["status"] for a in audits) == {"ok": 20}
    assert all(e.get("take", True) for r in records for e in r["events"] if e["type"] == "haidi")


def _events(preset: str) -> Counter[str]:
    out: Counter[str] = Counter()
    for seed in (1, 2, 3):
        for r in corpus(preset, seed):
            for e in r["events"]:
                key = e["type"]
                if key == "gang":
                    key += "/" + e["mode"]
                elif key == "haidi":
                    key += "/" + ("take" if e["take"] else "decline")
                out[key] += 1
    return out


def test_bots_use_every_changsha_move() -> None:
    """Opening hands declared (CS-5.2), 补张 and 开杠 (CS-3.4, CS-3.5), the 海底 taken and declined
    (CS-2.6), chi and peng (CS-3.2), wins and birds (CS-6.4)."""
    for preset in PRESETS:
        seen = _events(preset)
        for key in (
            "qishou",
            "gang/bu",
            "gang/kai",
            "haidi/take",
            "haidi/decline",
            "chi",
            "peng",
            "hu",
            "birds",
        ):
            assert seen[key] > 0, (preset, key, seen)


def test_kai_only_when_tenpai_and_styles_chase_big_hands() -> None:
    """Every 开杠 the bots made passed the board's CS-3.5 check (the audit is ok); the chasers win
    big hands (清一色, 将将胡, 碰碰胡, 七小对) more often than the careful style."""
    style = {p["player_id"]: p["style"] for p in players(8)}
    big: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for preset in PRESETS:
        for seed in (1, 2, 3):
            for r in corpus(preset, seed):
                for seat, ids in r["result"]["hands"].items():
                    who = style[r["seats"][int(seat)]["player_id"]]
                    wins[who] += 1
                    big[who] += bool({"qingyise", "jiangjianghu", "pengpenghu", "qixiaodui"} & set(ids))
    chasers = big["qingyise_chaser"] + big["jiangjiang_chaser"]
    chase_wins = wins["qingyise_chaser"] + wins["jiangjiang_chaser"]
    assert chasers / chase_wins > big["careful"] / max(wins["careful"], 1)
    assert set(style.values()) == set(STYLES)


def test_cli_simulate_game_changsha() -> None:
    runner = CliRunner()
    args = ["simulate", "--game", "changsha", "--preset", "changsha-app", "--hands", "3", "--seed", "2"]
    got = runner.invoke(main, args)
    assert got.exit_code == 0, got.output
    lines = [json.loads(line) for line in got.output.splitlines()]
    assert [r["format"] for r in lines] == ["changsha-hand/1"] * 3
    assert lines == list(simulate(3, 2, "changsha-app"))
    bad = runner.invoke(main, ["simulate", "--game", "changsha", "--preset", "xuezhan", "--hands", "1"])
    assert bad.exit_code == 2 and "not a changsha preset" in bad.output
    bad = runner.invoke(
        main, ["simulate", "--game", "changsha", "--hands", "1", "--overrides", '{"birds": 9}']
    )
    assert bad.exit_code == 2 and "birds" in bad.output
