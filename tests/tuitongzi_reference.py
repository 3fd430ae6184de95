"""A reference for 推筒子's ranking, read from the rule text (TT-3.1–TT-3.5, TT-4.1) literally.

Written apart from ``replay.games.tuitongzi.ranking``: tiles stay strings, values are decimals
as S0 says them (发财 counts 0.5, 7p+8p = 5), classes are looked up by their Chinese names in a
list written in the rules' order. The exhaustive test holds the fast path to this.
"""

from __future__ import annotations

from fractions import Fraction

HALF_TILES = ("F", "P")


def tile_value(tile: str) -> Fraction:
    """TT-3.1: n筒 counts n, the half tile 0.5."""
    return Fraction(1, 2) if tile in HALF_TILES else Fraction(int(tile[0]))


def hand_class(hand: tuple[str, str]) -> str:
    """TT-3.2 in its words."""
    a, b = hand
    if a in HALF_TILES and b in HALF_TILES:
        return "对发财"
    if sorted(hand) == ["2p", "8p"]:
        return "二八杠"
    if a == b:
        return "对子"
    return "点数"


def hand_points(hand: tuple[str, str]) -> Fraction:
    """TT-3.3: the sum's ones digit (a decimal, so 9 + 0.5 = 9.5 and 1 + 9 = 10 → 0)."""
    total = tile_value(hand[0]) + tile_value(hand[1])
    return total - 10 * (total // 10)


def order(erba_rank: str) -> list[str]:
    if erba_rank == "top":
        return ["二八杠", "对发财", "对子", "点数"]
    return ["对发财", "二八杠", "对子", "点数"]


def winner(banker: tuple[str, str], player: tuple[str, str], erba_rank: str, point_tie: str) -> str:
    """``"banker"`` or ``"player"``: TT-3.2, then TT-3.5 (same tiles), TT-3.3, TT-3.4."""
    classes = order(erba_rank)
    cb, cp = classes.index(hand_class(banker)), classes.index(hand_class(player))
    if cb != cp:
        return "player" if cp < cb else "banker"
    if sorted(banker) == sorted(player):
        return "banker"  # TT-3.5
    if hand_class(player) == "对子":
        return "player" if tile_value(player[0]) > tile_value(banker[0]) else "banker"
    pb, pp = hand_points(banker), hand_points(player)
    if pp != pb:
        return "player" if pp > pb else "banker"
    if point_tie == "banker":
        return "banker"
    if point_tie == "high_tile_zero_banker" and pp == 0:
        return "banker"
    hb = max(tile_value(t) for t in banker)
    hp = max(tile_value(t) for t in player)
    assert hb != hp, "TT-3.5: equal points and equal high tile force identical hands"
    return "player" if hp > hb else "banker"


MULTIPLIER = {"点数": 1, "二八杠": 2, "对子": 2, "对发财": 3}


def player_return(
    banker: tuple[str, str], player: tuple[str, str], erba_rank: str, point_tie: str, mult_from: str
) -> int:
    """TT-4.1/4.2 per unit bet, default multipliers: +m when the player wins, −m when it loses."""
    w = winner(banker, player, erba_rank, point_tie)
    setter = player if mult_from == "player" or w == "player" else banker
    m = MULTIPLIER[hand_class(setter)]
    return m if w == "player" else -m
