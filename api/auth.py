"""Bearer tokens and scopes.

``upload`` tokens store records of their own source; ``read`` tokens read (every source, or only
their own when made with ``--source``); ``admin`` does both for every source. With
``--public-read`` (a local demo) reads need no token at all, but a token that *is* sent must
still be valid: a typo in a deployment should fail loudly, not fall back to anonymous access.
"""

from __future__ import annotations

from flask import current_app, g, request

from api.errors import Problem
from store.tokens import Token, verify_token

READ = frozenset({"read", "admin"})
UPLOAD = frozenset({"upload", "admin"})
ANY = frozenset({"upload", "read", "admin"})

_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="replay"'}


def read_scope(token: Token | None) -> str | None:
    """The one source a caller may read, or None for every source: a read token made with
    ``--source`` reads only that club's hands (population figures stay aggregate)."""
    return token.source if token is not None and token.scope == "read" else None


def lookup(secret: str) -> Token | None:
    """``verify_token``, once per request and secret (the rate limiter and the view both ask)."""
    cache: dict[str, Token | None] = g.setdefault("replay_tokens", {})
    if secret not in cache:
        cache[secret] = verify_token(current_app.extensions["replay.store"], secret)
    return cache[secret]


def bearer() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, secret = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        raise Problem(401, "the Authorization header must be 'Bearer <token>'", headers=_CHALLENGE)
    return secret.strip()


def require(scopes: frozenset[str], *, public: bool = False) -> Token | None:
    """The caller's token, checked for ``scopes``; None for an anonymous read allowed by
    ``--public-read`` (only where ``public`` says the endpoint is a read)."""
    secret = bearer()
    if secret is None:
        if public and current_app.config["REPLAY_PUBLIC_READ"]:
            g.token = None
            return None
        raise Problem(
            401, "this endpoint needs a token: send 'Authorization: Bearer <token>'", headers=_CHALLENGE
        )
    token = lookup(secret)
    if token is None:
        raise Problem(401, "the token is unknown or revoked", headers=_CHALLENGE)
    if token.scope not in scopes:
        wanted = " or ".join(sorted(scopes))
        raise Problem(403, f"a {token.scope} token cannot do this; it needs a {wanted} token")
    g.token = token
    return token
