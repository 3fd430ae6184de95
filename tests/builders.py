"""Small builders for ``replay evaluate`` inputs, so each test reads like the rule it checks."""

from __future__ import annotations

from typing import Any


def seat(hand: str = "", *melds: dict[str, Any], **counts: int) -> dict[str, Any]:
    out: dict[str, Any] = {"hand": hand.split(), "melds": list(melds)}
    out.update(counts)
    return out


def chi(tiles: str, src: int) -> dict[str, Any]:
    return {"type": "chi", "tiles": tiles.split(), "from": src}


def peng(tile: str, src: int) -> dict[str, Any]:
    return {"type": "peng", "tile": tile, "from": src}


def gang(kind: str, tile: str, src: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "gang", "kind": kind, "tile": tile}
    if src is not None:
        out["from"] = src
    return out


def win_input(
    seats: list[dict[str, Any]],
    winner: int,
    way: str,
    tile: str,
    src: int | None = None,
    *,
    dealer: int = 0,
    preset: str = "hzlzg",
    laizi: str | None = None,
    indicator: str | None = None,
    **overrides: Any,
) -> dict[str, Any]:
    win: dict[str, Any] = {"way": way, "tile": tile}
    if src is not None:
        win["from"] = src
    out: dict[str, Any] = {
        "ruleset": {"preset": preset, "overrides": overrides},
        "dealer": dealer,
        "winner": winner,
        "win": win,
        "seats": seats,
    }
    if indicator is not None:
        out["laizi_indicator"] = indicator
    else:
        out["laizi"] = laizi or "P"  # 白板: a laizi nobody holds unless a test says so
    return out
