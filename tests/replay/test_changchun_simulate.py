"""Changchun self-play (``replay simulate --game changchun``): bots declare opening sets (CC-3),
报听 (CC-4.2), look at and roll the 宝 (CC-4.4, CC-4.7), leak it (CC-4.8), claim and win, over
the three presets; the same seed gives the same records for any number of workers, and every
record audits ok with no difference."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

from click.testing import CliRunner

from cli.main import main
from replay.games.changchun.bots import STYLES
from replay.games.changchun.simulate import players, simulate
from schemas.audit import audit_records

PRESETS = ("changchun", "changchun-135", "changchun-250")


@cache
def corpus(preset: str, seed: int, hands: int = 30) -> list[dict[str, Any]]:
    return list(simulate(hands, seed, preset))


def audits(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Through the schema (``schemas/formats.py``) and the sittings check, as ``replay audit``."""
    return audit_records((r, None) for r in records)


def test_same_seed_same_records_for_any_workers() -> None:
    one = [json.dumps(r, ensure_ascii=False) for r in simulate(8, 4, "changchun-135")]
    two = [json.dumps(r, ensure_ascii=False) for r in simulate(8, 4, "changchun-135", workers=2)]
    assert one == two
    assert one != [json.dumps(r, ensure_ascii=False) for r in simulate(8, 5, "changchun-135")]


def test_every_simulated_hand_audits_ok_over_seeds_and_presets() -> None:
    """CC-1.5 (every hand ends), §9 (the recorded result is the engine's: no differences), CC-1.3
    (each hand's dealer is the previous hand's next dealer)."""
    for preset in PRESETS:
        for seed in (1, 2):
            records = corpus(preset, seed)
            got = audits(records)
            bad = [
                (a["hand_id"], a["first_illegal"], a["errors"], a["differences"])
                for a in got
                if a["status"] != "ok"
            ]
            assert not bad, (preset, seed, bad[:3])
            assert {r["ruleset"]["preset"] for r in records} == {preset}
            assert {r["format"] for r in records} == {"changchun-hand/1"}


def test_the_presets_price_the_same_play_by_their_ladders() -> None:
    """CC-6.1/§7: one seed plays the same hands under each preset (the ladders differ, not the
    play); changchun-250's gang money is twice changchun's (gang_unit 2, CC-6.3)."""
    base, dear = corpus("changchun", 1), corpus("changchun-250", 1)
    assert [r["events"] for r in base] == [r["events"] for r in dear]
    for a, b in zip(base, dear, strict=True):
        assert b["result"]["gang_deltas"] == [2 * x for x in a["result"]["gang_deltas"]]


def test_overrides_are_played_and_audited() -> None:
    """A table where any seat may chi (chi_from: any), the 宝 counted by stacks (bao_count:
    stack), the lock from the first look (ting_lock: kanbao) and a discarder who pays alone."""
    over = {"chi_from": "any", "bao_count": "stack", "ting_lock": "kanbao", "dianpao_mode": "discarder_only"}
    records = list(simulate(16, 7, "changchun", over))
    assert Counter(a["status"] for a in audits(records)) == {"ok": 16}


def _events(preset: str) -> Counter[str]:
    out: Counter[str] = Counter()
    for seed in (1, 2):
        for r in corpus(preset, seed):
            for e in r["events"]:
                out[e["type"] + ("/" + e["kind"] if e["type"] == "gang" else "")] += 1
            out["way/" + str(r["result"]["way"])] += 1
    return out


def test_bots_use_the_changchun_moves() -> None:
    """Opening sets and 补 (CC-3), 报听 (CC-4.2), 宝 rolls and looks (CC-4.4), chi and peng,
    wins on a discard and by self-draw, 宝 wins (对宝/摸宝, CC-4.5/4.6) and 荒庄 (CC-1.5)."""
    seen = _events("changchun")
    for key in (
        "gang/bu",
        "ting",
        "bao",
        "kanbao",
        "chi",
        "peng",
        "hu",
        "huangzhuang",
        "way/dianpao",
        "way/zimo",
    ):
        assert seen[key] > 0, (key, seen)
    assert sum(seen[f"gang/{k}"] for k in ("xuanfeng", "xi", "yaodan", "jiudan")) > 0
    assert seen["way/duibao"] + seen["way/mobao"] > 0


def test_styles_differ_like_people() -> None:
    """The opener loses 门清 more often than the careful player; every style sits at the table."""
    style = {p["player_id"]: p["style"] for p in players(8)}
    opened: Counter[str] = Counter()
    hands: Counter[str] = Counter()
    for seed in (1, 2):
        for r in corpus("changchun", seed):
            for e in r["events"]:
                if e["type"] in ("chi", "peng"):
                    opened[style[r["seats"][e["seat"]]["player_id"]]] += 1
            for p in r["seats"]:
                hands[style[p["player_id"]]] += 1
    assert opened["opener"] / hands["opener"] > opened["careful"] / hands["careful"]
    assert set(style.values()) == set(STYLES)


def test_cli_simulate_game_changchun() -> None:
    runner = CliRunner()
    args = ["simulate", "--game", "changchun", "--preset", "changchun-250", "--hands", "3", "--seed", "2"]
    got = runner.invoke(main, args)
    assert got.exit_code == 0, got.output
    lines = [json.loads(line) for line in got.output.splitlines()]
    assert [r["format"] for r in lines] == ["changchun-hand/1"] * 3
    assert lines == list(simulate(3, 2, "changchun-250"))
    bad = runner.invoke(main, ["simulate", "--game", "changchun", "--preset", "xuezhan", "--hands", "1"])
    assert bad.exit_code == 2 and "not a changchun preset" in bad.output
    bad = runner.invoke(
        main, ["simulate", "--game", "changchun", "--hands", "1", "--overrides", '{"jiahu": "nope"}']
    )
    assert bad.exit_code == 2 and "jiahu" in bad.output
