"""ER-4.1–ER-4.4 read back whole: each reading as a person writes it (exposed melds, an-gangs,
kongs, the winning tile's set), the placements §5's wait fans read (边张 at both ends of 条,
坎张, 单钓), the wait set's edges (the kinds held four times, 条 next to 条, the honours) and
the refusals of a count vector that is not 34 long. Expected values are worked by hand from
erren.md §4–§5 (issue #35: the lines the older tests never read back)."""

from __future__ import annotations

import pytest

from replay.games.erren import tiles as T
from replay.games.erren.choose import score
from replay.games.erren.params import make_rules
from replay.games.erren.readings import Meld, Reading, Set, is_tenpai, readings, waits
from replay.games.erren.steps import reading_json
from tests.erren_hands import counts, melds, win


def described(concealed: str, tile: str, melds_: str = "", self_draw: bool = False) -> list[str]:
    w = win(concealed, tile, melds_=melds_, self_draw=self_draw)
    return sorted(r.describe() for r in readings(w.counts, w.melds, w.tile, w.self_draw))


def test_er_4_2_er_4_3_a_reading_names_each_meld_as_the_table_shows_it() -> None:
    # ER-4.3: chi, peng, ming-gang and xu-gang are exposed ([…]); an an-gang is concealed ((…));
    # a kong shows its four tiles; the winning 6s completes 456s (the one set marked *).
    assert described("45s 77s", "6s", "gang:C:an gang:9s:ming peng:N") == ["(CCCC) [9999s] [NNN] 456s* 77s"]
    assert described("E", "E", "chi:1s gang:5s:xu peng:9s chi:4s") == ["[123s] [5555s] [999s] [456s] EE*"]
    # an an-gang of 条 in parentheses, a concealed chow and pung bare (in kind order: 7s < S < W),
    # the pair marked as the place
    assert described("WWW 456s 789s S", "S", "gang:2s:an") == ["(2222s) 456s 789s WWW SS*"]


def test_er_4_1_er_4_2_the_qidui_reading_lists_its_pairs_in_kind_order() -> None:
    # 七对 (ER-4.1): seven pairs, four of a kind are two pairs; the honours after 条, the 七对 mark.
    assert described("1111s 33s 55s 99s EE S", "S") == ["11s 11s 33s 55s 99s EE SS (七对)"]
    assert Reading("qidui", pairs=(9, 27)).describe() == "11s EE (七对)"


def test_er_4_2_the_winning_tile_placed_in_a_pung_and_in_a_chow() -> None:
    # 11s 222s 333s 999s EE + 1s: the 1s completes 111s (pungs) or the first of three identical
    # 123s (chows: the same placement in an identical set is one reading, ER-4.2)
    assert described("11s 222s 333s 999s EE", "1s") == ["111s* 222s 333s 999s EE", "123s* 123s 123s 999s EE"]


@pytest.mark.parametrize(
    ("concealed", "tile", "place"),
    [
        ("12s 456s 789s EEE 55s", "3s", "bianzhang"),  # the 3 of 123
        ("89s 456s 123s EEE 55s", "7s", "bianzhang"),  # the 7 of 789
        ("13s 456s 789s EEE 55s", "2s", "kanzhang"),  # the middle of 123
        ("79s 456s 123s EEE 55s", "8s", "kanzhang"),  # the middle of 789
        ("23s 456s 789s EEE 55s", "1s", ""),  # 1 of 123 (also 4 of 234: two kinds)
        ("78s 456s 123s EEE 55s", "9s", ""),  # 9 of 789 (also 6 of 678)
        ("34s 678s 789s EEE 11s", "5s", ""),  # the 5 of 345: an open end
        ("123s 456s 789s EEE S", "S", "dandiao"),  # the pair
        ("123s 456s 789s SS EE", "E", ""),  # a pung completed on E (对倒): no wait placement
    ],
)
def test_er_4_2_section_5_the_placement_of_the_winning_tile(concealed: str, tile: str, place: str) -> None:
    """§5 边张 / 坎张 / 单钓: the reading's ``place_wait`` for the set the tile is placed in."""
    w = win(concealed, tile)
    found = readings(w.counts, w.melds, w.tile, w.self_draw)
    assert {r.place_wait for r in found} == {place}


def test_er_4_4_waits_next_to_the_held_tiles_and_the_kinds_held_four_times() -> None:
    # 1112s 456s 789s EEE: + 2s → 111 22; + 3s → 11 123; + 1s → 1111 2 makes nothing
    assert [T.code(k) for k in waits(counts("1112s 456s 789s EEE"), [])] == ["2s", "3s"]
    # 9s not held is a wait beside 78s: 78s 123s 456s EEE 55s + 9s → 789; also + 1s → 11 234
    # 555 678, + 3s → 123 345 55 678, + 4s → 123 44 555 678, + 6s → 123 456 55 678
    assert [T.code(k) for k in waits(counts("78s 123s 456s EEE 55s"), [])] == ["1s", "3s", "4s", "6s", "9s"]
    # the 9s end: 8999s 123s 456s EEE: + 7s → 789 99; + 8s → 88 999; + 9s → 8 9999 nothing
    assert [T.code(k) for k in waits(counts("8999s 123s 456s EEE"), [])] == ["7s", "8s"]
    # a 4th 9s in an exposed peng + one concealed: the 单钓 on 9s is no wait (ER-4.4)
    assert waits(counts("123s 456s EEE 9s"), list(melds("peng:9s"))) == ()
    # a chi's tiles count once each: beside chi 123s, 22s 456s 789s EE waits on 2s (three held)
    # and E
    assert [T.code(k) for k in waits(counts("22s 456s 789s EE"), list(melds("chi:1s")))] == ["2s", "E"]
    # 123s 456s 789s 111s S: a 1s would make 1111 (held four: no wait), an honour joins no
    # chow: only the 单钓 on S
    assert [T.code(k) for k in waits(counts("123s 456s 789s 111s S"), [])] == ["S"]
    # a kong counts four tiles of its kind: 23s 456s 789s EE beside an-gang 1111s waits on 4s
    # (234 456 789) and 7s (234 567 789), not on 1s (123 456 789 would need a fifth 1s)
    assert [T.code(k) for k in waits(counts("23s 456s 789s EE"), list(melds("gang:1s:an")))] == ["4s", "7s"]


def test_er_4_4_er_3_5_a_count_vector_must_be_34_long() -> None:
    for ask in (waits, is_tenpai):
        with pytest.raises(ValueError, match=r"^concealed must be 34 counts$"):
            ask([0] * 33, [])


def test_sets_and_melds_hold_their_tiles() -> None:
    """§5: "pung" includes kongs; a chow is r, r+1, r+2."""
    assert Meld("chi", 10).kinds() == (10, 11, 12)
    assert Meld("peng", 27).kinds() == (27, 27, 27)
    assert Meld("gang", 27, "an").kinds() == (27,) * 4
    assert Set("chow", 15, False, False).kinds() == (15, 16, 17)
    assert Set("pung", 9, False, True).kinds() == (9, 9, 9)
    assert Set("kong", 9, True, False, "xu").kinds() == (9,) * 4
    assert Set("kong", 9, True, False).is_pung and not Set("chow", 9, True, False).is_pung


def test_er_4_2_a_reading_as_the_steps_show_it() -> None:
    """E1's reading (ER-4.2) as the replay steps give it: the peng CCC an exposed pung, the 3s
    placed in 123s, the pair EE; 七对's pairs (none exposed, none won)."""
    found = score(win("12s 456s 789s EE", "3s", melds_="peng:C"), make_rules("erren"))
    assert found is not None

    def group(shape: str, tiles: list[str], exposed: bool = False, won: bool = False) -> dict[str, object]:
        return {"shape": shape, "tiles": tiles, "exposed": exposed, "an_gang": False, "won": won}

    assert reading_json(found.reading) == [
        group("pung", ["C", "C", "C"], exposed=True),
        group("chow", ["1s", "2s", "3s"], won=True),
        group("chow", ["4s", "5s", "6s"]),
        group("chow", ["7s", "8s", "9s"]),
        group("pair", ["E", "E"]),
    ]
    assert reading_json(Reading("qidui", pairs=(9, 27))) == [
        group("pair", ["1s", "1s"]),
        group("pair", ["E", "E"]),
    ]
