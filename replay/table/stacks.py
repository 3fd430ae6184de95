"""A wall of stacks two tiles high, for games that draw by stack: back draws and dice picks.

Wuhan and Sichuan draw from the two ends of the wall in index order (``wall.Wall``). Changsha
counts the wall in stacks (CS-2.1: stack j is ``wall[2j]`` on top of ``wall[2j+1]``): its back
draw (补张, CS-2.3) takes the top of the last stack still holding a tile before its bottom, and
its 开杠 picks (CS-2.4) take from the stack the dice point to, counted from the back afresh
before each pick, so tiles leave from the middle and the live wall is no longer one slice. This
keeps which tiles have left and answers where the next draw of each kind comes from; the board
checks the tile against the record and takes it.
"""

from __future__ import annotations

from collections.abc import Iterable


class StackedWall:
    """Which tiles of a wall of ``size`` (an even number) have left it, by stack."""

    def __init__(self, size: int, taken: Iterable[int] = ()) -> None:
        if size % 2:
            raise ValueError("a wall of stacks holds an even number of tiles")
        self.size = size
        self.gone = bytearray(size)
        self.live = size
        for index in taken:
            self.take(index)

    def copy(self) -> StackedWall:
        """An independent copy (a board copies its stacks before a draw while a kept state
        shares them): built directly, not through ``__init__``'s empty wall."""
        out = object.__new__(StackedWall)
        out.size = self.size
        out.gone = bytearray(self.gone)
        out.live = self.live
        return out

    def take(self, index: int) -> None:
        """The tile at ``index`` leaves the wall."""
        if self.gone[index]:
            raise ValueError(f"wall[{index}] has already left the wall")
        self.gone[index] = 1
        self.live -= 1

    def front(self) -> int | None:
        """A normal draw: the lowest-index tile still in the wall (CS-2.2); None when empty."""
        index = self.gone.find(0)
        return None if index < 0 else index

    def _stack_tile(self, stack: int) -> int:
        """The tile a stack still holding one gives: its top if present, else its bottom."""
        top = 2 * stack
        return top if not self.gone[top] else top + 1

    def _stacks_from_back(self) -> list[int]:
        """The stacks still holding a tile, the back-most first."""
        gone = self.gone
        return [j for j in range(self.size // 2 - 1, -1, -1) if not (gone[2 * j] and gone[2 * j + 1])]

    def back(self) -> int | None:
        """A back draw (补张, CS-2.3): the highest-index stack still holding a tile, its top if
        present, else its bottom; None when the wall is empty."""
        stacks = self._stacks_from_back()
        return self._stack_tile(stacks[0]) if stacks else None

    def dice_pick(self, d: int) -> int | None:
        """A pick by a die of value ``d`` (CS-2.4): the d-th stack still holding a tile, counted
        from the back (the back-most is the 1st), its top if present, else its bottom; the
        back-most one when fewer than ``d`` stacks hold a tile; None when the wall is empty."""
        if d < 1:
            raise ValueError(f"a die shows 1 or more, not {d}")
        stacks = self._stacks_from_back()
        if not stacks:
            return None
        return self._stack_tile(stacks[d - 1] if d <= len(stacks) else stacks[0])
