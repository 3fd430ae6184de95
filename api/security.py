"""Security headers on every response, ``Secure`` cookies over HTTPS, and running behind a proxy.

Every answer, API or page, error or not, carries ``X-Content-Type-Options: nosniff``,
``X-Frame-Options: DENY``, ``Referrer-Policy: same-origin`` and a Content-Security-Policy:

- pages: scripts and styles only from this server (the pages have no inline scripts; data rides
  in ``<script type="application/json">`` blocks, which are never executed); inline *styles* are
  allowed because plotly.js adds its own ``<style>`` element; no framing, no plugins, forms post
  only here;
- the Swagger UI page (``/api/v1/docs``): the same, plus the hash of its one inline script (the
  template belongs to flask-smorest and holds no user data, so its hash is computed from the
  response itself; no other page gets this);
- everything else (JSON, problem+json, scripts, images): ``default-src 'none'`` — nothing in an
  API answer may ever run as a page.

Behind a TLS-terminating proxy the app sees plain HTTP; ``proxy_hops`` (``--proxy-hops N``)
trusts that many proxies' ``X-Forwarded-For/-Proto/-Host/-Port`` (werkzeug's ``ProxyFix``), so
``request.is_secure`` and the client's address (for rate limits) are the real ones.
``secure_cookies`` is ``auto`` (``Secure`` when the request came over HTTPS) or ``always``.
"""

from __future__ import annotations

import base64
import hashlib
import re

from flask import Flask, current_app, request
from flask.wrappers import Response
from werkzeug.middleware.proxy_fix import ProxyFix

SECURE_COOKIE_CHOICES = ("auto", "always")

PAGE_CSP = (
    "default-src 'self'; script-src 'self'{extra}; style-src 'self' 'unsafe-inline';"
    " img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none';"
    " base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
DOCS_ENDPOINT = "api-docs.openapi_swagger_ui"
_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)

HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def cookie_secure() -> bool:
    """Whether a cookie set now is marked ``Secure``: always, or when the request is HTTPS."""
    return current_app.config.get("REPLAY_SECURE_COOKIES", "auto") == "always" or request.is_secure


def _docs_hashes(response: Response) -> str:
    if response.direct_passthrough or response.is_streamed:
        return ""
    hashes = []
    for body in _INLINE_SCRIPT.findall(response.get_data()):
        digest = base64.b64encode(hashlib.sha256(body).digest()).decode()
        hashes.append(f" 'sha256-{digest}'")
    return "".join(hashes)


def add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if response.mimetype == "text/html":
        extra = _docs_hashes(response) if request.endpoint == DOCS_ENDPOINT else ""
        response.headers["Content-Security-Policy"] = PAGE_CSP.format(extra=extra)
    else:
        response.headers.setdefault("Content-Security-Policy", API_CSP)
    return response


def register(app: Flask, *, proxy_hops: int = 0, secure_cookies: str = "auto") -> None:
    if secure_cookies not in SECURE_COOKIE_CHOICES:
        raise ValueError(f"secure_cookies must be auto or always, not {secure_cookies!r}")
    app.config["REPLAY_SECURE_COOKIES"] = secure_cookies
    app.config["SESSION_COOKIE_SECURE"] = secure_cookies == "always"
    if proxy_hops:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxy_hops, x_proto=proxy_hops, x_host=proxy_hops, x_port=proxy_hops
        )
    app.after_request(add_headers)
