"""API tokens: created by the command line, stored only as hashes, checked on every request.

A token is 32 random bytes, so a plain SHA-256 is enough to make a stolen database useless for
logging in (a slow password hash protects guessable secrets, and these are not guessable). The
short ``token_id`` is what lists, logs and uploads name; the secret itself is shown once.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from store.db import Store, first

SCOPES = ("upload", "read", "admin")
PREFIX = "wr_"


@dataclass(frozen=True)
class Token:
    token_id: str
    scope: str
    source: str | None
    label: str | None
    created_at: datetime
    revoked_at: datetime | None

    def to_json(self) -> dict[str, Any]:
        return {
            "token_id": self.token_id,
            "scope": self.scope,
            "source": self.source,
            "label": self.label,
            "created_at": self.created_at.isoformat(),
            "revoked_at": self.revoked_at.isoformat() if self.revoked_at else None,
        }


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def clean_label(label: str) -> str:
    """A label as stored: it is printed on terminals (``replay token list``), so a control (an ANSI
    escape would recolour or rewrite the screen) is refused and invisible characters (zero-width,
    tags) are removed; at most 200 characters. A ValueError starting "label" names what is wrong.

    Names are refused instead of cleaned (a player id is an identity); a label is a note."""
    from marshmallow import ValidationError

    from schemas.admin import LABEL_MAX_LENGTH
    from schemas.envelope import check_controls, strip_invisible

    try:
        check_controls(label)
    except ValidationError as err:
        raise ValueError(f"label: {err.messages[0]}") from None
    label = strip_invisible(label)
    if len(label) > LABEL_MAX_LENGTH:
        raise ValueError(f"label: at most {LABEL_MAX_LENGTH} characters, not {len(label)}")
    return label


def printable(text: str) -> str:
    """``text`` for a terminal: any character that is not printable as itself (a control, an
    escape, an invisible one) as its ``\\uXXXX`` escape. Labels stored before they were checked
    may hold them."""
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)


def create_token(
    store: Store, scope: str, source: str | None = None, label: str | None = None
) -> tuple[str, str]:
    """A new token; returns ``(token_id, secret)``. Upload tokens are bound to one source; a read
    token may be (a club's token then reads only its own hands); admin tokens never are."""
    if scope not in SCOPES:
        raise ValueError(f"scope must be one of {', '.join(SCOPES)}, not {scope!r}")
    if scope == "upload" and not source:
        raise ValueError("an upload token needs --source: it may only store that source's records")
    if scope == "admin" and source:
        raise ValueError("admin tokens are not bound to a source")
    if label is not None:
        label = clean_label(label)
    token_id = "tok_" + secrets.token_hex(4)
    secret = PREFIX + secrets.token_urlsafe(32)
    with store.write() as con:
        con.execute(
            "INSERT INTO tokens (token_id, token_hash, scope, source, label, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [token_id, _hash(secret), scope, source, label, datetime.now(UTC)],
        ).fetchall()
    return token_id, secret


def _row(row: tuple[Any, ...]) -> Token:
    return Token(*row)


_COLUMNS = "token_id, scope, source, label, created_at, revoked_at"


def list_tokens(store: Store) -> list[Token]:
    with store.read() as cur:
        rows = cur.execute(f"SELECT {_COLUMNS} FROM tokens ORDER BY created_at, token_id").fetchall()
    return [_row(r) for r in rows]


def revoke_token(store: Store, token_id: str) -> bool:
    """Revoke by id; False when no live token has that id. Revoked tokens stay listed."""
    with store.write() as con:
        found = first(
            con, "SELECT count(*) FROM tokens WHERE token_id = ? AND revoked_at IS NULL", [token_id]
        )
        if not found or not found[0]:
            return False
        con.execute(
            "UPDATE tokens SET revoked_at = ? WHERE token_id = ?", [datetime.now(UTC), token_id]
        ).fetchall()
    return True


def verify_token(store: Store, secret: str) -> Token | None:
    """The live token with this secret, or None (unknown, malformed or revoked)."""
    if not secret.startswith(PREFIX) or len(secret) > 200:
        return None
    digest = _hash(secret)
    with store.read() as cur:
        row = first(
            cur,
            f"SELECT {_COLUMNS}, token_hash FROM tokens WHERE token_hash = ? AND revoked_at IS NULL",
            [digest],
        )
    if row is None or not hmac.compare_digest(str(row[-1]), digest):
        return None
    return _row(row[:-1])
