"""``replay simulate --game tuitongzi``: legal sittings, byte-identical for a seed and any number of
workers, the styles visible in the stakes, §9's mistakes where the preset informs."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from cli.main import main
from replay.games import GAMES
from schemas.audit import audit_records


def run(*args: str) -> str:
    result = CliRunner().invoke(main, ["simulate", "--game", "tuitongzi", *args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("preset", ["tuitongzi", "tuitongzi-table"])
def test_byte_identical_for_a_seed(preset: str) -> None:
    a = run("--preset", preset, "--hands", "30", "--seed", "7", "--workers", "1")
    b = run("--preset", preset, "--hands", "30", "--seed", "7", "--workers", "2")
    assert a == b and len(a.splitlines()) == 30
    assert a != run("--preset", preset, "--hands", "30", "--seed", "8", "--workers", "1")


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        ("tuitongzi", {}),
        ("tuitongzi-table", {}),
        ("tuitongzi", {"bet_after_peek": True, "seats": 3}),
        ("tuitongzi", {"banker_rotation": "each", "bank_cover": False, "bank_short": "in_order"}),
    ],
)
def test_every_simulated_round_audits_ok(preset: str, overrides: dict[str, object]) -> None:
    records = list(GAMES["tuitongzi"].simulate(60, 3, preset, overrides))
    audits = audit_records([(r, None) for r in records])
    assert Counter(a["status"] for a in audits) == Counter({"ok": 60})
    sessions = {r["session"]["id"] for r in records}
    assert len(sessions) >= 5  # sittings of 4–12 rounds, pool and bank carried (checked above)


def test_styles_show_in_the_stakes() -> None:
    records = list(GAMES["tuitongzi"].simulate(200, 1, "tuitongzi", {}))
    by_player: dict[str, list[int]] = {}
    for r in records:
        for seat, bet in zip(r["seats"], r["bets"], strict=True):
            if bet is not None:
                by_player.setdefault(seat["player_id"], []).append(bet)
    means = {p: sum(b) / len(b) for p, b in by_player.items()}
    assert min(means.values()) < 50 < 150 < max(means.values())  # timid bettors and gamblers


def test_mistakes_only_where_informed() -> None:
    plain = audit_records([(r, None) for r in GAMES["tuitongzi"].simulate(40, 2, "tuitongzi", {})])
    assert all(a["mistakes"] == [] and a["mistakes_note"] for a in plain)
    peek = audit_records(
        [(r, None) for r in GAMES["tuitongzi"].simulate(80, 2, "tuitongzi", {"bet_after_peek": True})]
    )
    kinds = Counter(m["type"] for a in peek for m in a["mistakes"])
    assert kinds["raise_negative_ev"] > 0 and kinds["min_bet_positive_ev"] > 0
    assert all(a["mistakes_note"] is None for a in peek)
    json.dumps(peek)
