"""``replay evaluate`` for one 推筒子 round: the input names the game (``"game": "tuitongzi"``).

Input: ``ruleset``, ``banker``, ``bank``, ``bets`` (null at the banker), ``hands`` (one pair per
seat), ``pool_before``, and optionally ``wall``/``dice``/``shoe`` as in the record (§8). The
answer: each hand's class and points, each player against the banker with the rule that decided
(TT-3.2–3.5) and the multiplier, a receipt per movement of money (bets, shortfall, pool feed,
awards), the pool, the deltas and the TT-5.4 check — or the TT rule the round breaks.
"""

from __future__ import annotations

from typing import Any

from replay.evaluate_input import answer_or_error, top
from replay.games.tuitongzi.params import rules_from_json
from replay.games.tuitongzi.reasons import Illegal
from replay.games.tuitongzi.round import Round, read_round

_TOP = {"game", "ruleset", "banker", "bank", "bets", "hands", "pool_before", "wall", "dice", "shoe"}


def evaluate(value: object) -> dict[str, Any]:
    """One input object to one answer; never raises for any JSON value."""
    return answer_or_error(_evaluate, value)


def _evaluate(value: object) -> dict[str, Any]:
    v = top(value, _TOP, ("ruleset", "banker", "bank", "bets", "hands"))
    rules = rules_from_json(v["ruleset"])
    try:
        rnd = read_round(v, rules)
    except Illegal as bad:
        return {
            "game": "tuitongzi",
            "legal": False,
            "reason": bad.to_json(),
            "hands": None,
            "comparisons": [],
            "receipts": [],
            "deltas": None,
            "pool": None,
            "check": None,
        }
    return answer(rnd)


def answer(rnd: Round) -> dict[str, Any]:
    """The settled round as ``replay evaluate`` and the audit's ``computed`` explain it."""
    s = rnd.settle()
    rules = rnd.rules
    return {
        "game": "tuitongzi",
        "legal": True,
        "reason": None,
        "banker": rnd.banker,
        "hands": [{"seat": i, **h.to_json(rules)} for i, h in enumerate(rnd.hands)],
        "comparisons": s.comparisons(),
        "shortfall": s.shortfall,
        "receipts": [r.to_json() for r in s.receipts],
        "pool": {
            "before": s.pool_before,
            "feed": sum(s.feeds) + s.house_feed,
            "after_feed": s.pool_after_feed,
            "awards": s.awards,
            "after": s.pool_after,
        },
        "deltas": s.deltas,
        "check": s.check,
        "result": s.result(),
    }
