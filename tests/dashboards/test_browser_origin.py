"""Issue 36, item 8: a form on another origin cannot sign a user in or out (login CSRF).

A real Chromium, a real ``replay serve``, and an attacker's page served from a second local
origin that auto-submits its own token to ``/signin``: the signed-in user's ``replay_token``
cookie must be unchanged. Both a cross-site origin (``localhost`` against the server's
``127.0.0.1``) and a same-site one (another port of ``127.0.0.1``, which ``SameSite`` cookies do
not tell apart) are tried; the server's own sign-in form still works.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from store.db import Store
from store.tokens import create_token
from tests.dashboards.test_browser import browser  # noqa: F401  (the module's Chromium fixture)
from tests.serving import Running, serving


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Running, str, str]]:
    db = tmp_path_factory.mktemp("origin") / "replay.duckdb"
    with Store(db) as store:
        _, victim = create_token(store, "read", None, "victim")
        _, attacker = create_token(store, "read", None, "attacker")
    with serving(db) as running:
        yield running, victim, attacker


def attacker_site(target: str, token: str) -> tuple[ThreadingHTTPServer, int]:
    """A page that posts ``token`` to ``target`` as soon as it loads, as a hostile site would."""
    page = (
        f'<!doctype html><form method="post" action="{target}/signin">'
        f'<input name="token" value="{token}"></form>'
        "<script>document.forms[0].submit()</script>"
    ).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, httpd.server_address[1]


def cookie(context: Any, url: str) -> str | None:
    values = [c["value"] for c in context.cookies(url) if c["name"] == "replay_token"]
    return values[0] if values else None


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1"])
def test_a_cross_origin_form_cannot_replace_the_sign_in_cookie(
    server: tuple[Running, str, str],
    browser: Any,  # noqa: F811
    host: str,
) -> None:
    running, victim, attacker = server
    context = browser.new_context()
    page = context.new_page()
    try:
        # the user signs in on the server's own page: that form is accepted
        page.goto(f"{running.url}/signin")
        page.fill("input[name=token]", victim)
        page.locator("form button, form input[type=submit]").first.click()
        page.wait_for_load_state("networkidle")
        assert cookie(context, running.url) == victim
        assert page.url.rstrip("/") == running.url  # the overview, readable with the token
        # another origin's page posts the attacker's token to /signin
        httpd, port = attacker_site(running.url, attacker)
        try:
            with page.expect_response(lambda r: r.url.endswith("/signin")) as answer:
                page.goto(f"http://{host}:{port}/")
            assert answer.value.status == 403
            page.wait_for_load_state("networkidle")
            assert "sent from another site" in page.content()
        finally:
            httpd.shutdown()
            httpd.server_close()
        assert cookie(context, running.url) == victim
    finally:
        page.close()
        context.close()
