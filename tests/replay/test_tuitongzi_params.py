"""§6: the presets and the overrides, each bad value named by its parameter."""

from __future__ import annotations

import pytest

from replay.errors import InputError
from replay.games import GAMES, game_of_format
from replay.games.tuitongzi.params import PARAMETERS, PRESETS, make_rules, rules_from_json


def test_defaults_are_the_tuitongzi_preset() -> None:
    r = PRESETS["tuitongzi"]
    assert (r.seats, r.half_tile, r.erba_rank, r.point_tie) == (4, "F", "second", "high_tile")
    assert (r.mult_points, r.mult_erba, r.mult_pair, r.mult_fa_pair, r.mult_from) == (1, 2, 2, 3, "winner")
    assert (r.bet_min, r.bet_max, r.bank_min, r.bank_cover, r.bank_carry) == (1, None, 1, True, True)
    assert (r.bank_short, r.banker_rotation, r.banker_rounds) == ("full", "record", 5)
    assert (r.shoe, r.deal_start, r.bet_after_peek) == ("fresh", "next", False)
    assert (r.pool_feed_pct, r.pool_feed_from, r.pool_fa_pct, r.pool_erba_pct) == (1, "players", 20, 10)
    assert r.pool_needs_win is False and r.max_mult == 3 and r.shoe_rounds == 1


def test_table_preset() -> None:
    r = PRESETS["tuitongzi-table"]
    assert (r.half_tile, r.shoe, r.deal_start, r.point_tie) == (
        "P",
        "five_rounds",
        "dice",
        "high_tile_zero_banker",
    )
    assert (r.pool_feed_pct, r.pool_fa_pct, r.pool_erba_pct, r.bank_cover) == (0, 0, 0, False)
    assert r.shoe_rounds == 5  # TT-2.3: ⌊40 / 8⌋
    assert make_rules("tuitongzi-table", {"seats": 3}).shoe_rounds == 6


def test_every_parameter_is_in_to_json() -> None:
    assert set(PARAMETERS) <= set(make_rules().to_json())
    assert len(PARAMETERS) == 25


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"seats": 5}, "overrides.seats"),
        ({"half_tile": "C"}, "overrides.half_tile"),
        ({"point_tie": "dealer"}, "overrides.point_tie"),
        ({"mult_erba": 0}, "overrides.mult_erba"),
        ({"bank_cover": "yes"}, "overrides.bank_cover"),
        ({"bet_max": 0}, "overrides.bet_max"),
        ({"bet_min": 10, "bet_max": 5}, "overrides.bet_max"),
        ({"pool_fa_pct": 60, "pool_erba_pct": 50}, "overrides.pool_erba_pct"),
        ({"nonsense": 1}, "overrides.nonsense"),
    ],
)
def test_bad_overrides_name_the_parameter(overrides: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as err:
        make_rules("tuitongzi", overrides)
    assert err.value.field == field


def test_ruleset_spec_errors_are_under_ruleset() -> None:
    with pytest.raises(InputError) as err:
        rules_from_json({"preset": "tuitongzi", "overrides": {"seats": 1}})
    assert err.value.field == "ruleset.overrides.seats"
    with pytest.raises(InputError) as err:
        rules_from_json({"preset": "xuezhan"})
    assert err.value.field == "ruleset.preset"


def test_registered() -> None:
    game = GAMES["tuitongzi"]
    assert game.presets == ("tuitongzi", "tuitongzi-table")
    assert game_of_format("tuitongzi-round/1") is game
