"""The wall: the tiles still to draw, from the front (a turn's draw) and from the back (the
replacement after a kong, 补张/杠后补), down to the last tile.

A record gives the wall in order (wall mode: every draw is checked against the tile it must be)
or only the starting hands (deal mode: each draw names its tile, and no kind may be seen a fifth
time). Either way the board counts the same two ends, so "how many tiles are left" is one
subtraction and the last tile (海底) is ``live == 0`` after its draw, whichever end took it.

``Wall`` is the part of a board that holds this; the game's board declares the fields (its
dataclass gives them their starting values: where the deal ends, where the back begins) and
decides what a draw means (whose turn, when the wall is too short for a kong, what the last
tile is worth). Fields, not a separate object, so a board copied by its ``__dict__`` (bots and
mistake detectors copy thousands a hand) copies the wall with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from replay.tiles import CODES

FRONT = "front"
BACK = "back"


def deal(wall: Sequence[int], dealer: int, seats: int = 4) -> tuple[list[list[int]], int]:
    """The starting hands out of the front of a wall, and the index of its first live tile.

    Every hosted game deals alike (Wuhan R-3.1, Sichuan SC-1.4, Changsha CS-2.1): three rounds of
    four tiles to each seat from the dealer in turn order, then one each, then the dealer's 14th.
    """
    hands: list[list[int]] = [[] for _ in range(seats)]
    i = 0
    for _ in range(3):
        for k in range(seats):
            hands[(dealer + k) % seats].extend(wall[i : i + 4])
            i += 4
    for k in range(seats):
        hands[(dealer + k) % seats].append(wall[i])
        i += 1
    hands[dealer].append(wall[i])
    return hands, i + 1


class Wall:
    """Draws from the front and back of the wall; refusals through the board's ``refuse``."""

    #: every tile in the order it is drawn (wall mode), or None (deal mode: draws name the tile)
    wall: list[int] | None
    #: the index of the next front draw
    front: int
    #: the index of the next back draw: the live wall is ``wall[front : back + 1]``
    back: int
    #: deal mode: copies of each kind seen so far (dealt, shown or drawn), at most four
    seen: list[int]

    def refuse(self, code: str, **values: Any) -> Exception:
        """The error for an illegal event (``TableBoard.refuse``: the game's reason code)."""
        raise NotImplementedError

    def tile_name(self, tile: int) -> str:
        """A tile as the game's messages name it (hook: Wuhan the code ``5m``, Sichuan
        ``五万 (5m)``)."""
        return CODES[tile]

    @property
    def live(self) -> int:
        """Tiles left to draw, from either end."""
        return self.back - self.front + 1

    def peek(self, end: str) -> int | None:
        """In wall mode, the tile the next draw from ``end`` takes (None in deal mode)."""
        if self.wall is None:
            return None
        return self.wall[self.front] if end == FRONT else self.wall[self.back]

    def checked_draw(self, seat: int, end: str, expected: int | None, given: int | None) -> int:
        """The tile a draw takes, checked against the record: the wall's ``expected`` one, which
        must be the ``given`` one when the record names it (``draw_mismatch``); in deal mode
        (``expected`` None) the ``given`` one, which the record must name (``draw_tile_missing``)
        and which must not be a fifth copy (``fifth_copy``, counted in ``seen``). ``end`` is how
        the message names where the tile came from. Shared by ``take`` and by games that find the
        tile's place themselves (Changsha's stacks, ``stacks.StackedWall``)."""
        if expected is not None:
            if given is not None and given != expected:
                name = self.tile_name
                raise self.refuse(
                    "draw_mismatch", seat=seat, expected=name(expected), end=end, tile=name(given)
                )
            return expected
        if given is None:
            raise self.refuse("draw_tile_missing")
        if self.seen[given] >= 4:
            raise self.refuse("fifth_copy", tile=self.tile_name(given))
        self.seen[given] += 1
        return given

    def take(self, seat: int, end: str, given: int | None) -> int:
        """Draw one tile for ``seat`` from ``end``: the wall's, which must be the ``given`` one
        when the record names it (``draw_mismatch``); in deal mode the ``given`` one, which the
        record must name (``draw_tile_missing``) and which must not be a fifth copy
        (``fifth_copy``). Whether the seat may draw now, and whether anything is left, is the
        game's to check first."""
        wall = self.wall
        expected = None if wall is None else (wall[self.front] if end == FRONT else wall[self.back])
        tile = self.checked_draw(seat, end, expected, given)
        if end == FRONT:
            self.front += 1
        else:
            self.back -= 1
        return tile
