"""Changchun's wall (CC-1.4, CC-1.5, CC-4.4): live draws from the front, replacement draws from
the back skipping the 宝, the 宝's position counted from the back, and the reserve kept at 荒庄.

Why not ``replay.table.wall.Wall``: the 宝 stays in the wall where it was counted and is drawn by
nobody, and goes back to being an ordinary tile when it is changed (换宝, CC-4.7), so the back
draw is "the highest undrawn position that is not the 宝", not a pointer. A wall-mode board keeps
which positions have left (``gone``); a deal-mode board (no ``wall``) only counts them. Kept
as plain fields copied by ``copy()`` so a board clone stays cheap.
"""

from __future__ import annotations

from replay.games.changchun.bao import bao_rank
from replay.games.changchun.params import Rules
from replay.games.changchun.tiles import DEAL_SIZE, WALL_SIZE


class BaoWall:
    """Which tiles of the 136 have left the wall and where the current 宝 lies."""

    __slots__ = ("_front", "bao_index", "gone", "left", "replacements", "wall")

    def __init__(self, wall: list[int] | None) -> None:
        #: every tile in wall order (wall mode) or None (deal mode: the record names each tile)
        self.wall = wall
        self.gone = bytearray(WALL_SIZE)
        self.gone[:DEAL_SIZE] = b"\x01" * DEAL_SIZE
        #: undrawn tiles, the 宝 included (CC-1.5 counts it)
        self.left = WALL_SIZE - DEAL_SIZE
        #: the current 宝's position (wall mode), None when there is none
        self.bao_index: int | None = None
        #: replacement draws so far: g of CC-1.5 and of ``bao_count: stack``
        self.replacements = 0
        self._front = DEAL_SIZE

    def copy(self) -> BaoWall:
        out = BaoWall.__new__(BaoWall)
        out.wall = self.wall  # never mutated
        out.gone = bytearray(self.gone)
        out.left = self.left
        out.bao_index = self.bao_index
        out.replacements = self.replacements
        out._front = self._front
        return out

    def front(self) -> int:
        """The next live draw's position: the lowest undrawn one that is not the 宝."""
        i = self._front
        while self.gone[i] or i == self.bao_index:
            i += 1
        return i

    def back(self) -> int:
        """The next replacement draw's position: the highest undrawn one that is not the 宝."""
        i = WALL_SIZE - 1
        gone = self.gone
        while gone[i] or i == self.bao_index:
            i -= 1
        return i

    def take(self, index: int | None, replacement: bool) -> None:
        """A tile leaves the wall (at ``index`` in wall mode)."""
        if index is not None:
            self.gone[index] = 1
            while self._front < WALL_SIZE and self.gone[self._front]:
                self._front += 1
        self.left -= 1
        if replacement:
            self.replacements += 1

    def drawable(self) -> int:
        """Undrawn tiles a draw may take: all but a standing 宝, which nobody draws (CC-4.4)."""
        return self.left - (self.bao_index is not None)

    def from_back(self, n: int) -> int | None:
        """The n-th undrawn position counted from the back (the back-most is the 1st); None when
        fewer than n are undrawn."""
        gone = self.gone
        for i in range(WALL_SIZE - 1, DEAL_SIZE - 1, -1):
            if not gone[i]:
                n -= 1
                if n == 0:
                    return i
        return None

    def bao_target(self, die: int, rules: Rules) -> int | None:
        """CC-4.4: where a roll of ``die`` puts the 宝 (``bao.bao_rank``: the die-th undrawn
        position from the back, or by stacks), None past the front."""
        return self.from_back(bao_rank(die, self.replacements, rules))
