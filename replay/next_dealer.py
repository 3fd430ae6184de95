"""The check across a sitting that games whose hand names its next dealer share (SC-1.3, CS-1.3).

An audit carries its hand's place in the sitting under the game's private key (see
``replay.games.Game.session_key``): ``(source, session id, hand_no, dealer, next dealer, why)``,
``why`` saying in words why that seat deals next. Across a batch, a hand whose dealer is not the
previous hand's next dealer is marked illegal with index None (the fault is between records,
not at an event). Wuhan's R-2.2 check keeps its own tuple (a dealer that keeps the deal).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from replay.reasons import Reason

#: ``reason(code, **values)`` of the game's catalogue
MakeReason = Callable[..., Reason]


def check_next_dealer(audits: list[dict[str, Any]], key: str, reason: MakeReason) -> None:
    """Mark each hand whose dealer did not follow its sitting's previous hand (``dealer_not_next``)."""
    by_session: dict[tuple[Any, Any], dict[int, tuple[int, int, str]]] = {}
    audit_of: dict[tuple[Any, Any, int], dict[str, Any]] = {}
    for a in audits:
        place = a.get(key)
        if place:
            source, sid, no, dealer, nxt, why = place
            by_session.setdefault((source, sid), {})[no] = (dealer, nxt, why)
            audit_of[(source, sid, no)] = a
    for (source, sid), hands in by_session.items():
        for no, (dealer, _, _) in sorted(hands.items()):
            prev = hands.get(no - 1)
            if prev is None or prev[1] == dealer:
                continue
            r = reason(
                "dealer_not_next",
                hand_no=no,
                session=sid,
                expected=prev[1],
                why=f"in hand {no - 1} {prev[2]}",
            )
            a = audit_of[(source, sid, no)]
            a["status"] = "illegal"
            a["first_illegal"] = {"index": None, **r.to_json()}
