"""二人麻将 self-play (``replay simulate --game erren``): bots expose flowers (补花, ER-2.2), 报听
(ER-3.5), claim, kong and play whole legal hands of every preset; the same seed gives the same
records for any number of workers; every record audits ok with no differences."""

from __future__ import annotations

import json
import random
from collections import Counter
from datetime import datetime
from functools import cache
from itertools import pairwise
from typing import Any

from click.testing import CliRunner

from cli.main import main
from replay.games.erren import tiles as T
from replay.games.erren.board import Board
from replay.games.erren.bots import STYLES, legal_waits
from replay.games.erren.readings import Meld
from replay.games.erren.simulate import players, simulate
from replay.sittings import plan_sittings
from replay.sittings import players as pool_of
from schemas.audit import audit_records
from tests.erren_builders import record

PRESETS = ("erren", "erren-gb", "erren-lite")


@cache
def corpus(preset: str, seed: int, hands: int = 30) -> list[dict[str, Any]]:
    return list(simulate(hands, seed, preset))


def test_same_seed_same_records_for_any_workers() -> None:
    one = [json.dumps(r, ensure_ascii=False) for r in simulate(12, 4, "erren-gb")]
    two = [json.dumps(r, ensure_ascii=False) for r in simulate(12, 4, "erren-gb", workers=2)]
    assert one == two
    assert one != [json.dumps(r, ensure_ascii=False) for r in simulate(12, 5, "erren-gb")]


def test_every_simulated_hand_audits_ok_over_seeds_and_presets() -> None:
    """ER-3.6 (every hand ends), ER-3.4 (every hu legal: Q ≥ qihu), §9 (the recorded result is the
    engine's, no differences), ER-1.3 (each hand's dealer is the previous hand's next dealer)."""
    for preset in PRESETS:
        for seed in (1, 2, 3):
            records = corpus(preset, seed)
            audits = audit_records((r, None) for r in records)
            bad = [(a["hand_id"], a["first_illegal"], a["errors"]) for a in audits if a["status"] != "ok"]
            assert not bad, (preset, seed, bad[:3])
            assert all(a["differences"] == [] for a in audits)
            assert {r["ruleset"]["preset"] for r in records} == {preset}
            assert all(len(r["seats"]) == 2 and r["dealer"] in (0, 1) for r in records)


def test_sittings_of_two_and_the_dealer_rotation_er_1_3() -> None:
    """Two players a sitting; under ``erren-gb`` (alternate) the deal passes every hand, under
    ``erren`` (winner) the winner deals next and the dealer stays after 荒庄."""
    for preset in PRESETS:
        by_session: dict[str, list[dict[str, Any]]] = {}
        for r in corpus(preset, 2):
            by_session.setdefault(r["session"]["id"], []).append(r)
        for hands in by_session.values():
            assert len({tuple(s["player_id"] for s in r["seats"]) for r in hands}) == 1
            for a, b in pairwise(hands):
                if preset == "erren-gb":
                    assert b["dealer"] == 1 - a["dealer"]
                else:
                    winner = a["result"]["winner"]
                    assert b["dealer"] == (a["dealer"] if winner is None else winner)


def test_four_seat_plans_are_unchanged_by_the_seats_parameter() -> None:
    """``plan_sittings(seats=2)`` seats two; the default seats four exactly as before (the same
    draws from the generator, so Wuhan, Sichuan and Changsha records do not move)."""
    people = pool_of(8, "x", ("a", "b", "c"), ("s",))
    start = datetime(2027, 1, 1)
    four = plan_sittings(30, 1, random.Random(1), people, start)
    rng = random.Random(1)
    rng.randrange(28)
    size = rng.randint(4, 12)
    assert four[0].hands == size and four[0].seated == tuple(rng.sample(people, 4))
    assert four[0].dealer == rng.randrange(4)
    two = plan_sittings(30, 1, random.Random(1), people, start, seats=2)
    assert all(len(p.seated) == 2 and p.dealer in (0, 1) for p in two)
    assert sum(p.hands for p in two) == 30


def _events(preset: str) -> Counter[str]:
    out: Counter[str] = Counter()
    for seed in (1, 2, 3):
        for r in corpus(preset, seed):
            for e in r["events"]:
                out[e["type"] + ("/" + e["kind"] if e["type"] == "gang" else "")] += 1
    return out


def test_bots_use_the_moves_of_the_game() -> None:
    """补花 (ER-2.2), 报听 (ER-3.5), chi from the one opponent and peng (ER-3.2), an-gang (ER-3.1),
    wins; over the three presets, xu-gang and ming-gang too."""
    total: Counter[str] = Counter()
    for preset in PRESETS:
        seen = _events(preset)
        total += seen
        for key in ("buhua", "ting", "chi", "peng", "gang/an", "hu"):
            assert seen[key] > 0, (preset, key, seen)
    assert total["gang/xu"] and total["gang/ming"], total


def test_legal_waits_follow_qihu_e2() -> None:
    """E2 (ER-3.4): chi 123s, peng 999s, concealed 678s 34s EE waits on 2s and 5s; a win on 2s
    counts Q 7 < 8, on 5s Q 8 (T 10 with the flowers): only 5s is a wait a bot plays for."""
    rec = record(["123456789s EESSW", "123456789s NCCF"], [], wall=False)
    board = Board.from_record(rec)
    board.seats[1].flowers = [T.parse("1h"), T.parse("5h")]
    hand = T.counts(T.parse_list(["6s", "7s", "8s", "3s", "4s", "E", "E"], "h"))
    melds = [Meld("chi", T.parse("1s")), Meld("peng", T.parse("9s"))]
    assert legal_waits(board, 1, hand, melds) == [(T.parse("5s"), 10)]
    lite = Board.from_record({**rec, "ruleset": {"preset": "erren-lite", "overrides": {}}})
    lite.seats[1].flowers = board.seats[1].flowers
    assert [w for w, _ in legal_waits(lite, 1, hand, melds)] == [T.parse("2s"), T.parse("5s")]


def test_styles_differ_in_the_hands_they_win() -> None:
    """Every style sits; 报听 is declared most by the style that loves it, and the gambler melds
    most."""
    style = {p["player_id"]: p["style"] for p in players(8)}
    ting: Counter[str] = Counter()
    melds: Counter[str] = Counter()
    hands: Counter[str] = Counter()
    for preset in PRESETS:
        for seed in (1, 2, 3):
            for r in corpus(preset, seed):
                who = [style[s["player_id"]] for s in r["seats"]]
                for w in who:
                    hands[w] += 1
                for e in r["events"]:
                    if e["type"] == "ting":
                        ting[who[e["seat"]]] += 1
                    elif e["type"] in ("chi", "peng"):
                        melds[who[e["seat"]]] += 1
    assert set(style.values()) == set(STYLES) == set(hands)
    rate = {s: ting[s] / hands[s] for s in hands}
    assert max(rate, key=lambda s: rate[s]) == "ting_lover", rate
    per = {s: melds[s] / hands[s] for s in hands}
    assert max(per, key=lambda s: per[s]) == "gambler", per


def test_cli_simulate_game_erren() -> None:
    runner = CliRunner()
    args = ["simulate", "--game", "erren", "--preset", "erren-lite", "--hands", "3", "--seed", "2"]
    got = runner.invoke(main, args)
    assert got.exit_code == 0, got.output
    lines = [json.loads(line) for line in got.output.splitlines()]
    assert [r["format"] for r in lines] == ["erren-hand/1"] * 3
    assert lines == list(simulate(3, 2, "erren-lite"))
    bad = runner.invoke(main, ["simulate", "--game", "erren", "--preset", "xuezhan", "--hands", "1"])
    assert bad.exit_code == 2 and "not a erren preset" in bad.output
    bad = runner.invoke(main, ["simulate", "--game", "erren", "--hands", "1", "--overrides", '{"qihu": 0}'])
    assert bad.exit_code == 2 and "qihu" in bad.output
