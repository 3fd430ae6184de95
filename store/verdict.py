"""The walk over one audit that both the store's tables and the batch audit's Parquet are made of.

An audit (the ``replay audit --json`` object) becomes an ``audits`` row, one ``settlements`` row
per seat and one ``mistakes`` row per finding, in DuckDB (``store.rows``) and in Parquet
(``store.parquet``) alike. The two add columns of their own (the store its audit time and engine
version, Parquet its partition keys, the player ids and the input bytes), but the columns they
share are read off the audit here, once, so a query over one carries over to the other.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import orjson


def dumps(value: object) -> str:
    """Compact JSON, readable Chinese; escaped only when the value holds a lone surrogate (or an
    integer past 64 bits), which orjson refuses. orjson because every audit is dumped."""
    try:
        return orjson.dumps(value).decode("utf-8")
    except TypeError:
        return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


def text(value: object, limit: int | None = None) -> str | None:
    """A string DuckDB and Parquet can hold: lone surrogates (legal in JSON escapes, not in
    UTF-8) escaped; None for anything that is not a string."""
    if not isinstance(value, str):
        return None
    if limit is not None:
        value = value[:limit]
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        value = value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


def int_in(value: object, lo: int, hi: int) -> int | None:
    """``value`` if it is an integer (not a bool) in ``lo..hi``, else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi else None


def verdict_columns(audit: Mapping[str, Any]) -> dict[str, Any]:
    """The ``audits`` columns both keep: the verdict, what it rests on, and the audit as JSON
    (its private ``_`` keys, ``_session`` and ``_facts``, left out)."""
    first = audit.get("first_illegal")
    return {
        "status": audit["status"],
        "first_illegal_index": first.get("index") if first else None,
        "first_illegal_code": first.get("code") if first else None,
        "first_illegal": dumps(first) if first else None,
        "errors": dumps(audit.get("errors") or []),
        "differences": dumps(audit.get("differences") or []),
        "audit": dumps({k: v for k, v in audit.items() if not k.startswith("_")}),
    }


def settlement_rows(audit: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """One row per seat of a settled hand: its delta and its receipt (R-10), none otherwise.

    A Wuhan receipt is one loser's payment, so each loser's row holds its own. A Sichuan receipt
    is one win with a line per payer (a seat may win, and pay, several times), so a Sichuan
    seat's row holds the list of the win receipts it took part in, as winner or payer. A
    Changsha or Changchun payment is one payer to one payee with its receipt (a Changchun one's
    ``kind`` tells win money from gang money, CC-6.3); a seat's row holds the payments it made
    or received.
    A 二人 hand's one payment is the loser's to the winner, its receipt the fans with their
    values (ER-6.3); both seats' rows hold it.
    """
    computed = audit.get("computed")
    if computed is None:
        return
    if audit.get("game") in ("changsha", "changchun", "tuitongzi", "erren"):  # one party pays another
        key = "receipts" if audit.get("game") == "tuitongzi" else "payments"
        for seat, delta in enumerate(computed["deltas"]):
            mine = [p for p in computed.get(key) or [] if seat in (p.get("from"), p.get("to"))]
            yield {"seat": seat, "delta": delta, "receipt": dumps(mine) if mine else None}
        return
    if audit.get("game", "wuhan") != "wuhan":
        for seat, delta in enumerate(computed["deltas"]):
            mine = [
                r
                for r in computed.get("receipts") or []
                if r.get("seat") == seat or any(p.get("seat") == seat for p in r.get("payers") or [])
            ]
            yield {"seat": seat, "delta": delta, "receipt": dumps(mine) if mine else None}
        return
    receipts = {r["seat"]: r for r in computed.get("receipts") or []}
    for seat, delta in enumerate(computed["deltas"]):
        receipt = receipts.get(seat)
        yield {"seat": seat, "delta": delta, "receipt": dumps(receipt) if receipt is not None else None}


def mistake_rows(audit: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """One row per finding of the mistake catalogue; a malformed finding keeps only its JSON."""
    for m in audit.get("mistakes") or []:
        if not isinstance(m, Mapping):
            continue
        cost = m.get("cost")
        yield {
            "type": text(str(m["type"])) if m.get("type") is not None else None,
            "seat": int_in(m.get("seat"), 0, 3),
            "idx": int_in(m.get("index"), 0, 2**31 - 1),
            "severity": text(str(m["severity"])) if m.get("severity") is not None else None,
            "cost": float(cost) if isinstance(cost, int | float) and not isinstance(cost, bool) else None,
            "message": text(str(m["message"])) if m.get("message") is not None else None,
            "detail": dumps(m),
        }
