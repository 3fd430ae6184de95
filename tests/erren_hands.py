"""Writing 二人 wins as people write them, for the erren tests and the reference.

``win("12s 456s 789s EE", "3s", melds="peng:C", flowers="2h")``: the concealed tiles before the
winning tile (``123s`` is 1s 2s 3s, ``EEE`` three 东), the winning tile, the melds
(``chi:1s`` by its lowest tile, ``peng:C``, ``gang:9s:ming`` / ``:an`` / ``:xu``), the flowers and
the ways of winning the board would report.
"""

from __future__ import annotations

from replay.games.erren import tiles as T
from replay.games.erren.fans import Win
from replay.games.erren.readings import Meld


def kinds(text: str) -> list[int]:
    """``123s EE 5s`` -> the kinds, in order."""
    out: list[int] = []
    for token in text.split():
        if token[-1] == "s" and token[:-1].isdigit():
            out += [T.parse(f"{d}s") for d in token[:-1]]
        elif token[-1] == "h":
            out.append(T.parse(token))
        else:
            out += [T.parse(c) for c in token]
    return out


def melds(text: str) -> tuple[Meld, ...]:
    out = []
    for token in text.split():
        parts = token.split(":")
        out.append(Meld(parts[0], T.parse(parts[1]), parts[2] if len(parts) > 2 else ""))
    return tuple(out)


def win(
    concealed: str,
    tile: str,
    *,
    melds_: str = "",
    self_draw: bool = False,
    flowers: str = "",
    ways: str = "",
) -> Win:
    """The win of ``concealed`` (before the tile) completed by ``tile``."""
    won = T.parse(tile)
    return Win(
        tuple(sorted([*kinds(concealed), won])),
        melds(melds_),
        won,
        self_draw,
        tuple(kinds(flowers)),
        frozenset(ways.split()),
    )


def counts(text: str) -> list[int]:
    """34 counts of ``text``'s kinds."""
    return T.counts(kinds(text))
