"""What the store does differently for each hosted game, in one place.

A record's ``format`` picks its game (``replay.games``); from then on ingest, re-audit and the
batch audit ask this module, never test a game's name themselves:

- ``validate``: the game's schema (``schemas.formats``). A record whose ``format`` names no
  other game goes through Wuhan's schema exactly as before, so its errors are unchanged;
- ``audit``: the game's replayer, with a Sichuan, Changsha or Changchun hand's per-seat facts
  attached for habits (and a Changsha or Changchun hand's wins, which its ``result`` does not
  detail);
- ``hand_columns``: the ``hands`` columns a hand's result fills (``winner``, ``feeder``,
  ``self_draw``): Wuhan's one winner, or a Sichuan or Changsha hand's *first* winner (every
  win is in the ``wins`` table);
- ``session_stub``: a stored hand as the SC-1.3 / R-2.2 check across a sitting needs it (a
  stored 推筒子 round: ``tuitongzi_session_stub``);
- ``extra_rows``: rows of the tables only multi-win games fill (``wins``, ``transfers``,
  ``sichuan_seat_facts``, ``changsha_seat_facts``, ``changchun_seat_facts``,
  ``erren_seat_facts``). A 二人 hand (two seats) keeps its one winner in ``hands`` and its fans
  in ``wins`` and ``erren_seat_facts``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from replay.games import DEFAULT, GAMES
from replay.games.wuhan.audit import audit_validated as wuhan_audit
from replay.games.wuhan.audit import other_game
from schemas.envelope import Validated
from schemas.formats import validate_record as validate_any
from schemas.hand_record import validate_record as validate_wuhan

#: the game of stored rows older than the game column, and of any record not another game's
WUHAN = DEFAULT.name
CHANGSHA = "changsha"
CHANGCHUN = "changchun"
ERREN = "erren"
GAME_NAMES: tuple[str, ...] = tuple(GAMES)
#: every preset of every game, by name: a filter's ``preset`` is checked against these
PRESET_GAME: dict[str, str] = {p: g.name for g in GAMES.values() for p in g.presets}


def record_id(obj: object) -> str | None:
    """The record's id in the store's ``hand_id`` column: ``hand_id``, or a 推筒子 round's
    ``round_id`` (a round is the unit its format records)."""
    if not isinstance(obj, Mapping):
        return None
    value = obj.get("hand_id")
    if value is None and obj.get("format") == "tuitongzi-round/1":
        value = obj.get("round_id")
    return value if isinstance(value, str) else None


def game_of(obj: object) -> str:
    """The game a decoded record belongs to: another game's ``format``, else Wuhan."""
    game = other_game(obj)
    return game.name if game is not None else WUHAN


def validate(obj: object) -> tuple[str, Validated]:
    """``(game, (record, errors))``: the game's schema, picked by the record's ``format``."""
    game = game_of(obj)
    return game, (validate_wuhan(obj) if game == WUHAN else validate_any(obj))


def audit(
    game: str, record: Mapping[str, Any], location: str | None = None, analysis: bool = True
) -> dict[str, Any]:
    """The game's audit of a validated record (``replay audit --json``), private keys included;
    ``analysis=False`` is the verdict only (no mistakes, no per-seat facts)."""
    if game == WUHAN:
        return wuhan_audit(record, location, analysis)
    out = GAMES[game].audit_validated(record, location, analysis)
    if analysis and game == "sichuan" and out.get("computed") is not None:
        from replay.games.sichuan.facts import seat_facts

        out["_sichuan_facts"] = seat_facts(record, out["computed"])
    if game == CHANGSHA and out.get("computed") is not None:
        # the wins rows come from the same replay as the facts: kept even without analysis
        from replay.games.changsha.facts import store_facts

        extra = store_facts(record, out["computed"])
        if not analysis:
            extra.pop("_changsha_facts", None)
        out.update(extra)
    if game == CHANGCHUN and out.get("computed") is not None:
        # the win's row comes from the same replay as the facts: kept even without analysis
        from replay.games.changchun.facts import store_facts as changchun_facts

        extra = changchun_facts(record, out["computed"])
        if not analysis:
            extra.pop("_changchun_facts", None)
        out.update(extra)
    if game == ERREN and out.get("computed") is not None:
        # the win's row comes from the same replay as the facts: kept even without analysis
        from replay.games.erren.facts import store_facts as erren_facts

        extra = erren_facts(record, out["computed"])
        if not analysis:
            extra.pop("_erren_facts", None)
        out.update(extra)
    return out


def audit_game(audit: Mapping[str, Any]) -> str:
    """The game of an audit: another game's audit names it, Wuhan's does not."""
    game = audit.get("game")
    return game if isinstance(game, str) and game in GAMES else WUHAN


def hand_columns(audit: Mapping[str, Any]) -> dict[str, Any]:
    """``winner``, ``feeder`` and ``self_draw`` of a hand from its audit (None when unsettled)."""
    computed = audit.get("computed")
    if not computed:
        return {"winner": None, "feeder": None, "self_draw": None}
    if audit_game(audit) == WUHAN:
        winner = computed["winner"]
        return {
            "winner": winner,
            "feeder": _wuhan_feeder(computed),
            "self_draw": computed["self_draw"] if winner is not None else None,
        }
    if audit_game(audit) == CHANGSHA:
        return _changsha_columns(computed)
    if audit_game(audit) == CHANGCHUN:  # one winner (截胡, CC-2.3); the robbed seat is the feeder
        winner = computed.get("winner")
        discarder = computed.get("discarder") if winner is not None else None
        return {
            "winner": winner,
            "feeder": discarder,
            "self_draw": discarder is None if winner is not None else None,
        }
    if audit_game(audit) == ERREN:
        return _erren_columns(computed)
    wins = computed.get("wins") or []
    if not wins:
        return {"winner": None, "feeder": None, "self_draw": None}
    first = wins[0]
    return {"winner": first["seat"], "feeder": first.get("from"), "self_draw": first.get("from") is None}


def _changsha_columns(computed: Mapping[str, Any]) -> dict[str, Any]:
    """A Changsha hand's first winner (a 通炮 has several, every one in ``wins``), its
    discarder, and whether it was self-drawn: an ``end``-mode opening hand (起手胡) counts as
    self-drawn, as it is paid by all three (CS-5.2)."""
    winners = computed.get("winners") or []
    if not winners:
        return {"winner": None, "feeder": None, "self_draw": None}
    discarder = computed.get("discarder")  # one discarder however many won on its tile
    return {"winner": winners[0], "feeder": discarder, "self_draw": discarder is None}


def _erren_columns(computed: Mapping[str, Any]) -> dict[str, Any]:
    """A 二人 hand's one winner (ER-3.6); on a discard (or a robbed xu-gang) the other seat of
    the two fed it (ER-1.2)."""
    winner = computed.get("winner")
    if winner is None:
        return {"winner": None, "feeder": None, "self_draw": None}
    self_draw = bool(computed.get("self_draw"))
    return {"winner": winner, "feeder": None if self_draw else 1 - int(winner), "self_draw": self_draw}


def _wuhan_feeder(computed: Mapping[str, Any]) -> int | None:
    """The seat that dealt in (放冲): its receipt carries the ``dealt_in`` factor."""
    if computed.get("winner") is None or computed.get("self_draw"):
        return None
    for receipt in computed.get("receipts") or []:
        if any(f.get("name") == "dealt_in" for f in receipt.get("factors", [])):
            return int(receipt["seat"])
    return None


def extra_rows(audit: Mapping[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(table, row)`` for the multi-win tables: a Sichuan hand's wins, transfers and facts."""
    computed = audit.get("computed")
    if not computed or audit_game(audit) == WUHAN:
        return
    if audit_game(audit) == CHANGSHA:
        yield from _changsha_rows(audit, computed)
        return
    if audit_game(audit) == CHANGCHUN:
        yield from _changchun_rows(audit, computed)
        return
    if audit_game(audit) == ERREN:
        yield from _erren_rows(audit, computed)
        return
    for n, w in enumerate(computed.get("wins") or []):
        yield (
            "wins",
            {
                "n": n,
                "seat": w["seat"],
                "from_seat": w.get("from"),
                "tile": w.get("tile"),
                "hand": w.get("hand"),
                "gen": w.get("gen"),
                "ways": list(w.get("ways") or []),
                "multiple": w.get("multiple"),
            },
        )
    for n, t in enumerate(computed.get("transfers") or []):
        yield (
            "transfers",
            {"n": n, "kind": t["kind"], "payer": t["from"], "payee": t["to"], "amount": t["amount"]},
        )
    for facts in audit.get("_sichuan_facts") or []:
        yield "sichuan_seat_facts", facts


def _changsha_rows(
    audit: Mapping[str, Any], computed: Mapping[str, Any]
) -> Iterator[tuple[str, dict[str, Any]]]:
    """A Changsha hand's wins (one per winner of a 通炮), its payments as transfers (``qishou``
    for an opening hand, ``hu`` for a win, as the replay told them) and its facts."""
    for row in audit.get("_changsha_wins") or []:
        yield "wins", row
    kinds = audit.get("_changsha_payment_kinds") or []
    for n, p in enumerate(computed.get("payments") or []):
        kind = kinds[n] if n < len(kinds) else "hu"
        yield "transfers", {"n": n, "kind": kind, "payer": p["from"], "payee": p["to"], "amount": p["amount"]}
    for facts in audit.get("_changsha_facts") or []:
        yield "changsha_seat_facts", facts


def _changchun_rows(
    audit: Mapping[str, Any], computed: Mapping[str, Any]
) -> Iterator[tuple[str, dict[str, Any]]]:
    """A Changchun hand's win (none at 荒庄), its payments as transfers (``hu`` for the win
    money, ``gang`` for the gang money, which is paid apart and even at 荒庄, CC-6.3) and its
    facts."""
    for row in audit.get("_changchun_wins") or []:
        yield "wins", row
    for n, p in enumerate(computed.get("payments") or []):
        kind = "gang" if p.get("kind") == "gang" else "hu"
        yield "transfers", {"n": n, "kind": kind, "payer": p["from"], "payee": p["to"], "amount": p["amount"]}
    for facts in audit.get("_changchun_facts") or []:
        yield "changchun_seat_facts", facts


def _erren_rows(
    audit: Mapping[str, Any], computed: Mapping[str, Any]
) -> Iterator[tuple[str, dict[str, Any]]]:
    """A 二人 hand's win (fan ids in ``hand``, T in ``multiple``), its one payment as a ``hu``
    transfer, and a facts row per seat (two)."""
    for row in audit.get("_erren_wins") or []:
        yield "wins", row
    for n, p in enumerate(computed.get("payments") or []):
        yield "transfers", {"n": n, "kind": "hu", "payer": p["from"], "payee": p["to"], "amount": p["amount"]}
    for facts in audit.get("_erren_facts") or []:
        yield "erren_seat_facts", facts


def sichuan_session_stub(
    source: str, session_id: str, hand_no: int, dealer: int, computed: Mapping[str, Any]
) -> dict[str, Any]:
    """A stored Sichuan hand as ``replay.games.sichuan.audit.check_sessions`` reads it.

    The next dealer is the stored result's; the reason is worded as the audit words it, told
    from that result: a first win by one seat makes it the dealer, so a next dealer that is not
    the first winner means the first win was a multiple one (一炮多响) and the discarder deals.
    """
    nxt = computed.get("next_dealer")
    wins = computed.get("wins") or []
    if not wins:
        why = "no one won, so the dealer " + (
            "stays (draw_dealer stay)" if nxt == dealer else "passes to its 下家 (draw_dealer next)"
        )
    elif nxt == wins[0]["seat"]:
        why = f"seat {wins[0]['seat']} won first and deals next"
    else:
        source = wins[0].get("from")
        why = f"the first win was a multiple win (一炮多响) on seat {source}'s tile: the discarder deals"
    return {"_sichuan_session": (source, session_id, hand_no, dealer, nxt, why)}


def tuitongzi_session_stub(
    source: str, session_id: str, round_no: int, record: Mapping[str, Any], computed: Mapping[str, Any]
) -> dict[str, Any] | None:
    """A stored 推筒子 round as ``replay.games.tuitongzi.audit.check_sessions`` reads it: its
    ``Link`` (bank, pool, shoe, tiles) from the stored record and the settlement its audit
    computed. None when the record no longer reads as a legal round (an engine changed since it
    was stored): like an illegal round, it then stands in for nothing."""
    from replay.errors import InputError
    from replay.games.tuitongzi.audit import SESSION_KEY, link_of_record
    from replay.games.tuitongzi.reasons import Illegal

    try:
        facts = link_of_record(record, computed)
    except (InputError, Illegal):
        return None
    return {SESSION_KEY: (source, session_id, round_no, facts)}
