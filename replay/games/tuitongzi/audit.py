"""Auditing ``tuitongzi-round/1`` records: check the round, settle it, diff with the app's result.

The output has the keys of the other games' audits (``status``, ``first_illegal``, ``errors``,
``computed``, ``recorded``, ``differences``, ``mistakes``, ``game``); a round has no events, so
``first_illegal`` names the *field* of the first illegal item (``bets[3]``) beside its ``index``
in that list, the TT id and the reason code. ``check_sessions`` then checks a sitting of rounds
(linked by ``session``): the banker's rotation and carried bank (TT-1.3), the shoe (TT-2.3,
TT-2.5) and the pool carried from round to round (TT-5.1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from replay.audit_common import blank_audit, conclude, field_differences, mark_invalid
from replay.errors import InputError
from replay.games.tuitongzi import tiles as T
from replay.games.tuitongzi.evaluate import answer
from replay.games.tuitongzi.mistakes import find_mistakes, no_mistakes_because
from replay.games.tuitongzi.params import TuitongziRules, rules_from_json
from replay.games.tuitongzi.reasons import Illegal, illegal
from replay.games.tuitongzi.round import Round, read_round
from replay.games.tuitongzi.settle import Settlement

COMPARED = ("winners", "multipliers", "awards", "deltas", "pool_after")
SESSION_KEY = "_tuitongzi_session"


def read(record: Mapping[str, Any]) -> Round:
    """The record's round, checked; InputError for shape, Illegal for a broken rule."""
    rules = rules_from_json(record.get("ruleset", {"preset": "tuitongzi"}))
    seats = record.get("seats")
    return read_round(record, rules, len(seats) if isinstance(seats, list) else None)


def audit_validated(
    record: Mapping[str, Any], location: str | None = None, analysis: bool = True
) -> dict[str, Any]:
    """``replay audit`` of a ``tuitongzi-round/1`` record its schema accepted; ``analysis=False``
    (``--no-analysis``) leaves the mistakes list empty and keeps the verdict."""
    out = blank_audit(record, location, "tuitongzi", id_key="round_id")
    try:
        rnd = read(record)
    except InputError as err:
        return mark_invalid(out, err)
    except Illegal as bad:
        out["status"] = "illegal"
        out["first_illegal"] = bad.to_json()
        return out
    explained = answer(rnd)
    computed = explained.pop("result")
    computed.update({k: v for k, v in explained.items() if k not in ("game", "legal", "reason")})
    settlement = rnd.settle()
    conclude(out, computed, differences(out["recorded"], computed, settlement))
    why_not = no_mistakes_because(rnd)
    out["mistakes"] = [f.to_json() for f in find_mistakes(rnd)] if analysis else []
    out["mistakes_note"] = why_not
    session = record.get("session")
    if isinstance(session, Mapping) and "id" in session and "round_no" in session:
        out[SESSION_KEY] = (out["source"], session["id"], session["round_no"], rnd, settlement)
    return out


def differences(
    recorded: Mapping[str, Any] | None, computed: Mapping[str, Any], settlement: Settlement
) -> list[dict[str, Any]]:
    """Each result field the app gave that the engine settles differently; awards compare as a
    multiset (their order is not a rule). When the app gives both ``deltas`` and ``pool_after``,
    its own figures must also pass TT-5.4 (field ``check``)."""
    if not recorded:
        return []
    out = field_differences(recorded, computed, COMPARED, _same)
    deltas, pool_after = recorded.get("deltas"), recorded.get("pool_after")
    if isinstance(deltas, list) and all(isinstance(d, int) for d in deltas) and isinstance(pool_after, int):
        total = sum(deltas) + pool_after - settlement.pool_before
        if total != settlement.house_feed:
            out.append(
                {
                    "field": "check",
                    "rule": "TT-5.4",
                    "recorded": total,
                    "computed": settlement.house_feed,
                    "message": "the recorded deltas and pool do not balance:"
                    " Σ deltas + (pool_after − pool_before)"
                    f" = {total}, the house feed is {settlement.house_feed}",
                }
            )
    return out


def _same(name: str, got: Any, want: Any) -> bool:
    if name == "awards":
        return isinstance(got, list) and Counter(map(repr, map(_award_key, got))) == Counter(
            map(repr, map(_award_key, want))
        )
    return bool(got == want)


def _award_key(a: object) -> tuple[Any, ...]:
    if not isinstance(a, Mapping):
        return (a,)
    return tuple(a.get(k) for k in ("seat", "kind", "amount"))


def _expected_banker(rules: TuitongziRules, prev: int, round_no: int, n: int) -> tuple[int, str] | None:
    """TT-1.3: the banker of ``round_no`` given the previous round's, or None (``record``)."""
    if rules.banker_rotation == "each":
        return (prev + 1) % n, "banker_rotation each: the next seat banks every round"
    if rules.banker_rotation == "every_n":
        if (round_no - 1) % rules.banker_rounds == 0:
            return (prev + 1) % n, f"banker_rotation every_n: seat {prev} banked {rules.banker_rounds} rounds"
        return prev, f"banker_rotation every_n: seat {prev} banks {rules.banker_rounds} rounds in a row"
    return None


def _session_problem(
    no: int, sid: object, rnd: Round, prev: tuple[Round, Settlement] | None, shoe_seen: Counter[int]
) -> Illegal | None:
    rules = rnd.rules
    n = rnd.seats
    if prev is not None:
        last, s = prev
        expected = _expected_banker(rules, last.banker, no, n)
        if expected is not None and expected[0] != rnd.banker:
            return illegal(
                "banker_not_next",
                "banker",
                None,
                round_no=no,
                session=sid,
                expected=expected[0],
                why=expected[1],
            )
        if rules.bank_carry and rnd.banker == last.banker:
            delta = s.deltas[last.banker]
            if rnd.bank != last.bank + delta:
                return illegal(
                    "bank_not_carried",
                    "bank",
                    None,
                    seat=rnd.banker,
                    round_no=no,
                    expected=last.bank + delta,
                    last=last.bank,
                    delta=delta,
                    bank=rnd.bank,
                )
    if rnd.shoe is not None:
        sid_shoe, k = rnd.shoe
        prev_shoe = prev[0].shoe if prev is not None else None
        if prev is not None and prev_shoe is not None and prev_shoe[0] == sid_shoe:
            if k != prev_shoe[1] + 1:
                return illegal(
                    "shoe_broken",
                    "shoe.round",
                    None,
                    shoe=sid_shoe,
                    detail=f"round {k} follows round {prev_shoe[1]}",
                )
            if rnd.wall is not None and prev[0].wall is not None and rnd.wall != prev[0].wall:
                return illegal(
                    "shoe_broken",
                    "wall",
                    None,
                    shoe=sid_shoe,
                    detail="the wall differs from the previous round's",
                )
        elif prev is not None and k != 1:
            return illegal(
                "shoe_broken",
                "shoe.round",
                None,
                shoe=sid_shoe,
                detail=f"a new shoe starts at round 1, not {k}",
            )
        for h in rnd.hands:
            shoe_seen[h.low] += 1
            shoe_seen[h.high] += 1
        for rank, count in sorted(shoe_seen.items()):
            if count > T.COPIES:
                return illegal(
                    "too_many_copies",
                    "hands",
                    None,
                    tile=T.name(rank, rules.half_tile),
                    count=count,
                    where=f"shoe {sid_shoe} (rounds so far)",
                )
    if prev is not None and rnd.pool_before != prev[1].pool_after:
        return illegal(
            "pool_not_carried",
            "pool_before",
            None,
            round_no=no,
            session=sid,
            pool=rnd.pool_before,
            expected=prev[1].pool_after,
        )
    return None


def check_sessions(audits: list[dict[str, Any]]) -> None:
    """TT-1.3, TT-2.3/2.5 and TT-5.1 across consecutive rounds of a sitting: marks the later round
    illegal (index None, the field it points at), as the other games' session checks do."""
    by_session: dict[tuple[Any, Any], dict[int, dict[str, Any]]] = {}
    for a in audits:
        key = a.get(SESSION_KEY)
        if key:
            source, sid, no = key[:3]
            by_session.setdefault((source, sid), {})[no] = a
    for (_, sid), rounds in by_session.items():
        shoe_seen: Counter[int] = Counter()
        shoe_id: str | None = None
        for no in sorted(rounds):
            a = rounds[no]
            rnd = a[SESSION_KEY][3]
            before = rounds.get(no - 1)
            prev = (before[SESSION_KEY][3], before[SESSION_KEY][4]) if before is not None else None
            if rnd.shoe is not None and rnd.shoe[0] != shoe_id:
                shoe_seen = Counter()
                shoe_id = rnd.shoe[0]
            if prev is None and rnd.shoe is not None and rnd.shoe[1] > 1:
                shoe_seen = Counter()  # the shoe's earlier rounds are not in this batch
            bad = _session_problem(no, sid, rnd, prev, shoe_seen)
            if bad is not None and a.get("status") != "illegal":
                a["status"] = "illegal"
                a["first_illegal"] = bad.to_json()


def strip_private(audit: dict[str, Any]) -> None:
    """Drop the session key (it holds objects) before the audit is printed."""
    audit.pop(SESSION_KEY, None)
