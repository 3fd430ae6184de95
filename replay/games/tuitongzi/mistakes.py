"""The mistakes of §9: a stake against the exact expected return, where the player had information.

With a fresh shoe and bets placed unseen a player decides nothing but the stake, and nothing in
the record says what it should have been: no mistake is judged and the audit says why
(:func:`no_mistakes_because`). With ``bet_after_peek`` (the player saw its own two tiles) or in a
``five_rounds`` shoe after its first round (the earlier rounds' tiles were shown), EV is exact:
the mean of ±m over every banker pair — and every own pair when the player's tiles were unseen —
drawn without replacement from the tiles that player had not seen, the jackpot ignored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from replay.findings import Finding
from replay.games.tuitongzi.params import TuitongziRules
from replay.games.tuitongzi.ranking import Hand, compare
from replay.games.tuitongzi.round import Round
from replay.games.tuitongzi.settle import deal_order
from replay.games.tuitongzi.tiles import COPIES, RANKS

TYPES = ("raise_negative_ev", "min_bet_positive_ev")


def _pairs(counts: Sequence[int]) -> list[tuple[Hand, int]]:
    """Every two-tile hand drawable from ``counts`` (per rank) with its number of ways."""
    out = []
    for a in RANKS:
        for b in RANKS[a:]:
            ways = counts[a] * (counts[a] - 1) // 2 if a == b else counts[a] * counts[b]
            if ways:
                out.append((Hand(a, b), ways))
    return out


@lru_cache(maxsize=4096)
def _value(banker: Hand, player: Hand, rules: TuitongziRules) -> int:
    """±m for the player: what one unit of bet returns in this comparison (TT-4.1, TT-4.2)."""
    v = compare(banker, player, rules)
    setter = player if rules.mult_from == "player" or v.player_wins else banker
    m = setter.multiplier(rules)
    return m if v.player_wins else -m


def _sum_known(own: Hand, unseen: Sequence[int], rules: TuitongziRules) -> tuple[int, int]:
    """(Σ ways × ±m, Σ ways) over the banker pairs drawable from ``unseen``: integers, exact."""
    total = 0
    ways_sum = 0
    for banker, ways in _pairs(unseen):
        total += ways * _value(banker, own, rules)
        ways_sum += ways
    return total, ways_sum


def ev_known(own: Hand, unseen: Sequence[int], rules: TuitongziRules) -> Fraction:
    """EV per unit bet holding ``own`` against a banker pair drawn from ``unseen`` (per rank)."""
    total, ways_sum = _sum_known(own, unseen, rules)
    return Fraction(total, ways_sum)


def ev_unseen(unseen: Sequence[int], rules: TuitongziRules) -> Fraction:
    """EV per unit bet when the player's own pair is drawn from ``unseen`` too (then the banker's).

    Every (own pair, banker pair) drawing is equally likely, and every own pair leaves the same
    number of banker pairs, so the mean is one integer sum over one integer count. Cached: in a
    round every unseeing player has the same EV."""
    return _ev_unseen(tuple(unseen), rules)


@lru_cache(maxsize=256)
def _ev_unseen(unseen: tuple[int, ...], rules: TuitongziRules) -> Fraction:
    total = 0
    count = 0
    for own, ways in _pairs(unseen):
        left = list(unseen)
        left[own.low] -= 1
        left[own.high] -= 1
        t, w = _sum_known(own, left, rules)
        total += ways * t
        count += ways * w
    return Fraction(total, count)


def informed(rnd: Round) -> bool:
    """§9: the player had information — its own tiles, or earlier rounds of the shoe."""
    rules = rnd.rules
    return rules.bet_after_peek or (rules.shoe == "five_rounds" and rnd.shoe is not None and rnd.shoe[1] > 1)


def no_mistakes_because(rnd: Round) -> str | None:
    """Why no mistake is judged in this round (None when they are)."""
    rules = rnd.rules
    if not informed(rnd):
        if rules.shoe == "five_rounds":
            return (
                "no mistakes are judged in this round because it is the first of its shoe and bets are"
                " placed unseen: a player decides nothing but the stake and has nothing to read (§9)"
            )
        return (
            "no mistakes are judged under this preset because the shoe is fresh every round and bets are"
            " placed unseen: a player decides nothing but the stake, which the record cannot judge (§9)"
        )
    if not rules.bet_after_peek and rnd.wall is None:
        return (
            "no mistakes are judged in this round because the record has no wall: the earlier rounds of"
            " its shoe, which the players saw, cannot be read from it (§9)"
        )
    return None


def _limit(rnd: Round, seat: int) -> int | None:
    """The most ``seat`` could have bet (bet_max, and the bank's cover after the bets before it)."""
    rules = rnd.rules
    limit = rules.bet_max
    if rules.bank_cover:
        before = 0
        for s in deal_order(rnd.banker, rnd.seats):
            if s == seat:
                break
            before += rnd.bets[s] or 0
        cover = rnd.bank // rules.max_mult - before
        limit = cover if limit is None else min(limit, cover)
    return limit


def _severity(ev: Fraction) -> str:
    return "low" if abs(ev) < Fraction(1, 10) else "medium" if abs(ev) < Fraction(3, 10) else "high"


def find_mistakes(rnd: Round) -> list[Finding]:
    """§9's two findings for every player of an informed round (index = the seat's ``bets`` entry)."""
    if no_mistakes_because(rnd) is not None:
        return []
    rules = rnd.rules
    seen = Counter(rnd.seen_before())
    base = [COPIES - seen[r] for r in RANKS]
    found = []
    for seat in deal_order(rnd.banker, rnd.seats):
        bet = rnd.bets[seat]
        assert bet is not None
        unseen = list(base)
        if rules.bet_after_peek:
            own = rnd.hands[seat]
            unseen[own.low] -= 1
            unseen[own.high] -= 1
            ev = ev_known(own, unseen, rules)
            what = f"holding {own.label(rules)}"
        else:
            ev = ev_unseen(unseen, rules)
            what = f"after {sum(seen.values())} tiles of the shoe were shown"
        shown = f"EV {float(ev):+.4f} ({ev}) per unit bet {what}"
        if ev < 0 and bet > rules.bet_min:
            cost = round((bet - rules.bet_min) * -ev)
            found.append(
                Finding(
                    "raise_negative_ev",
                    seat,
                    seat,
                    _severity(ev),
                    cost,
                    f"seat {seat} bet {bet} (more than bet_min {rules.bet_min}) with {shown}:"
                    f" the extra {bet - rules.bet_min} is expected to lose {cost}",
                )
            )
        elif ev > 0 and bet == rules.bet_min:
            limit = _limit(rnd, seat)
            if limit is None or limit > bet:
                gain = None if limit is None else round((limit - bet) * ev)
                more = "no limit" if limit is None else f"up to {limit}"
                found.append(
                    Finding(
                        "min_bet_positive_ev",
                        seat,
                        seat,
                        _severity(ev),
                        gain,
                        f"seat {seat} bet only bet_min {bet} with {shown}; the rules allowed {more}",
                    )
                )
    return found
