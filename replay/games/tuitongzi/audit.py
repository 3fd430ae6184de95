"""Auditing ``tuitongzi-round/1`` records: check the round, settle it, diff with the app's result.

The output has the keys of the other games' audits (``status``, ``first_illegal``, ``errors``,
``computed``, ``recorded``, ``differences``, ``mistakes``, ``game``); a round has no events, so
``first_illegal`` names the *field* of the first illegal item (``bets[3]``) beside its ``index``
in that list, the TT id and the reason code. ``check_sessions`` then checks a sitting of rounds
(linked by ``session``): the banker's rotation and carried bank (TT-1.3), the shoe (TT-2.3,
TT-2.5) and the pool carried from round to round (TT-5.1).

The check reads each round's :class:`Link`, a few plain numbers and lists (the banker and bank,
the banker's delta, the pool before and after, the shoe, the tiles dealt) rather than the
``Round`` and ``Settlement`` objects: the same facts then travel in the batch audit's Parquet
stubs (``store.batch``) and are rebuilt for rounds stored earlier (``store.prepare``), so all three
paths judge a sitting alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from replay.audit_common import blank_audit, conclude, field_differences, mark_invalid
from replay.errors import InputError
from replay.games.tuitongzi import tiles as T
from replay.games.tuitongzi.evaluate import answer
from replay.games.tuitongzi.mistakes import find_mistakes, no_mistakes_because
from replay.games.tuitongzi.params import rules_from_json
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
        facts = link(rnd, settlement.deltas, settlement.pool_after)
        out[SESSION_KEY] = (out["source"], session["id"], session["round_no"], facts)
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


@dataclass(frozen=True)
class Link:
    """What the sitting check needs of one round, all plain values (JSON and Parquet carry it).

    ``rotation``/``banker_rounds``/``bank_carry``/``half_tile`` are the round's own rules (TT-1.3,
    §6); ``tiles`` are the ranks dealt this round (TT-2.3's copies in a shoe), ``wall`` the
    round's wall when it was recorded (a shoe keeps one wall, TT-2.5); ``banker_delta`` and
    ``pool_after`` come from the settlement (the bank and pool carried, TT-1.3/TT-5.1).
    """

    seats: int
    banker: int
    bank: int
    rotation: str
    banker_rounds: int
    bank_carry: bool
    half_tile: str
    shoe: str | None
    shoe_round: int | None
    wall: list[int] | None
    tiles: list[int]
    pool_before: int
    pool_after: int
    banker_delta: int

    @staticmethod
    def of(facts: Mapping[str, Any]) -> Link:
        """A link from its JSON shape (``link``'s output, a stub's column)."""
        return Link(**{k: facts[k] for k in Link.__dataclass_fields__})


def link(rnd: Round, deltas: Sequence[int], pool_after: int) -> dict[str, Any]:
    """The round's :class:`Link` as a JSON object: the settlement's ``deltas`` and ``pool_after``
    (the audit's ``computed``, for a stored round) beside the round's own facts."""
    rules = rnd.rules
    return asdict(
        Link(
            seats=rnd.seats,
            banker=rnd.banker,
            bank=rnd.bank,
            rotation=rules.banker_rotation,
            banker_rounds=rules.banker_rounds,
            bank_carry=rules.bank_carry,
            half_tile=rules.half_tile,
            shoe=rnd.shoe[0] if rnd.shoe is not None else None,
            shoe_round=rnd.shoe[1] if rnd.shoe is not None else None,
            wall=list(rnd.wall) if rnd.wall is not None else None,
            tiles=[t for h in rnd.hands for t in (h.low, h.high)],
            pool_before=rnd.pool_before,
            pool_after=pool_after,
            banker_delta=deltas[rnd.banker],
        )
    )


def link_of_record(record: Mapping[str, Any], computed: Mapping[str, Any]) -> dict[str, Any]:
    """The link of a round stored earlier: its record read again (a legal round: it was stored
    ``ok`` or ``mismatch``) and the settlement figures its audit computed."""
    return link(read(record), computed["deltas"], computed["pool_after"])


def _expected_banker(rnd: Link, prev: int, round_no: int) -> tuple[int, str] | None:
    """TT-1.3: the banker of ``round_no`` given the previous round's, or None (``record``)."""
    n, every = rnd.seats, rnd.banker_rounds
    if rnd.rotation == "each":
        return (prev + 1) % n, "the bank passes every round (轮庄): the next seat banks"
    if rnd.rotation == "every_n":
        if (round_no - 1) % every == 0:
            return (prev + 1) % n, f"the bank passes every {every} rounds: seat {prev} banked {every}"
        return prev, f"the bank passes every {every} rounds: seat {prev} banks them in a row"
    return None


def _session_problem(
    no: int, sid: object, rnd: Link, last: Link | None, shoe_seen: Counter[int]
) -> Illegal | None:
    if last is not None:
        expected = _expected_banker(rnd, last.banker, no)
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
        if rnd.bank_carry and rnd.banker == last.banker:
            delta = last.banker_delta
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
    if rnd.shoe is not None and rnd.shoe_round is not None:
        sid_shoe, k = rnd.shoe, rnd.shoe_round
        if last is not None and last.shoe == sid_shoe and last.shoe_round is not None:
            if k != last.shoe_round + 1:
                return illegal(
                    "shoe_broken",
                    "shoe.round",
                    None,
                    shoe=sid_shoe,
                    detail=f"round {k} follows round {last.shoe_round}",
                )
            if rnd.wall is not None and last.wall is not None and rnd.wall != last.wall:
                return illegal(
                    "shoe_broken",
                    "wall",
                    None,
                    shoe=sid_shoe,
                    detail="the wall differs from the previous round's",
                )
        elif last is not None and k != 1:
            return illegal(
                "shoe_broken",
                "shoe.round",
                None,
                shoe=sid_shoe,
                detail=f"a new shoe starts at round 1, not {k}",
            )
        shoe_seen.update(rnd.tiles)
        for rank, count in sorted(shoe_seen.items()):
            if count > T.COPIES:
                return illegal(
                    "too_many_copies",
                    "hands",
                    None,
                    tile=T.name(rank, rnd.half_tile),
                    count=count,
                    where=f"shoe {sid_shoe} (rounds so far)",
                )
    if last is not None and rnd.pool_before != last.pool_after:
        return illegal(
            "pool_not_carried",
            "pool_before",
            None,
            round_no=no,
            session=sid,
            pool=rnd.pool_before,
            expected=last.pool_after,
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
            rnd = Link.of(a[SESSION_KEY][3])
            before = rounds.get(no - 1)
            prev = Link.of(before[SESSION_KEY][3]) if before is not None else None
            if rnd.shoe is not None and rnd.shoe != shoe_id:
                shoe_seen = Counter()
                shoe_id = rnd.shoe
            if prev is None and rnd.shoe_round is not None and rnd.shoe_round > 1:
                shoe_seen = Counter()  # the shoe's earlier rounds are not in this batch
            bad = _session_problem(no, sid, rnd, prev, shoe_seen)
            if bad is not None and a.get("status") != "illegal":
                a["status"] = "illegal"
                a["first_illegal"] = bad.to_json()


def strip_private(audit: dict[str, Any]) -> None:
    """Drop the private session key before the audit is printed."""
    audit.pop(SESSION_KEY, None)
