"""The canonical-code fast paths of ``replay.games.changsha.tiles`` read exactly what the alias
search reads (CS-1.1), and fall back to it, with its messages, for anything else."""

from __future__ import annotations

import pytest

from replay.errors import InputError
from replay.games.changsha.tiles import NUM_SUITED, parse, parse_list
from replay.table.stacks import StackedWall
from replay.tiles import CODES, parse_tile


def test_every_suited_code_reads_as_the_alias_search_reads_it() -> None:
    for k in range(NUM_SUITED):
        assert parse(CODES[k], "tile") == parse_tile(CODES[k]) == k


def test_aliases_and_server_codes_still_read() -> None:
    assert parse("五万", "tile") == parse("5M", "tile") == parse(" 5m ", "tile") == 4
    assert parse_list(["1m", "九筒", "9s"], "tiles") == [0, 26, 17]


def test_an_honour_is_refused_naming_its_place() -> None:
    """CS-1.1: no honours; in a list the message names the item, fast path or not."""
    with pytest.raises(InputError) as err:
        parse_list(["1m", "E"], "wall")
    assert err.value.field == "wall[1]" and "CS-1.1" in err.value.message


def test_a_copied_wall_of_stacks_is_independent() -> None:
    wall = StackedWall(8, [0])
    copy = wall.copy()
    copy.take(1)
    assert (wall.live, bytes(wall.gone)) == (7, bytes([1, 0, 0, 0, 0, 0, 0, 0]))
    assert (copy.live, copy.front(), copy.size) == (6, 2, 8)
