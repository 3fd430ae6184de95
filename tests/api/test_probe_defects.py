"""Issue 36: the eight defects a hostile probe found, each sent as the issue sent it.

Every answer is the clean one: a 400/404 problem+json naming the field, or an ``invalid``
item naming it while the other records of the same request are stored; never a 500. The
command line's half is ``tests/cli/test_probe_cli.py``; the cross-site form in a real browser is
``tests/dashboards/test_browser_origin.py``; the probe's classes, generated over every path and
endpoint, are ``tests/api/test_probe.py``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import orjson
import pytest

from api.app import create_app
from store.tokens import list_tokens
from tests.api.test_api import Api, assert_problem, line, sim

SURROGATE = "a lone surrogate escape (\\ud800-\\udfff) in {}: not valid Unicode"


@pytest.fixture
def api(tmp_path: Path) -> Any:
    app = create_app(tmp_path / "probe.duckdb", public_read=True)
    yield Api(app)
    app.extensions["replay.jobs"].shutdown()
    app.extensions["replay.store"].close()


def stored_ids(api: Api) -> list[str]:
    items = api.get("/api/v1/hands?limit=100").get_json()["items"]
    return sorted(h["hand_id"] for h in items)


# -- 1. lone surrogates in a JSON-list body -------------------------------------------------------

BAD_ITEMS = [
    (b'{"source":"simulator","\\ud800":1}', "\\ud800", "a key"),
    (b'{"format":"wuhan-hand/1","source":"simulator","hand_id":"\\ud800"}', "hand_id", "a string"),
    (b'{"format":"wuhan-hand/1","source":"simulator","session":{"id":"\\udfff"}}', "session.id", "a string"),
]


@pytest.mark.parametrize(("bad", "field", "where"), BAD_ITEMS)
def test_a_lone_surrogate_in_a_list_is_that_item_invalid_and_the_others_are_stored(
    api: Api, bad: bytes, field: str, where: str
) -> None:
    first, last = sim()[:2]
    body = b"[" + line(first) + b"," + bad + b"," + line(last) + b"]"
    for attempt in ("first", "resent"):
        response = api.post("/api/v1/hands", body)
        assert response.status_code == 200, response.data[:300]
        results = response.get_json()["results"]
        outcome = "stored" if attempt == "first" else "duplicate"
        assert [r["outcome"] for r in results] == [outcome, "invalid", outcome]
        assert results[1]["errors"] == [{"field": field, "message": SURROGATE.format(where)}]
    assert stored_ids(api) == sorted([first["hand_id"], last["hand_id"]])
    # /audit answers strict JSON: no "\ud800" escape that strict parsers refuse
    audited = api.post("/api/v1/audit", body, who=None)
    assert audited.status_code == 200
    results = orjson.loads(audited.data)["results"]
    assert [r["status"] for r in results] == ["ok", "invalid", "ok"]
    assert results[1]["errors"][0]["field"] == field


def test_the_upload_page_audits_such_a_file_without_a_500(api: Api) -> None:
    body = b"[" + line(sim()[0]) + b"," + BAD_ITEMS[0][0] + b"]"
    response = api.client.post(
        "/upload?i=1", data={"record": (io.BytesIO(body), "night.json")}, content_type="multipart/form-data"
    )
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "<code>\\ud800</code>: a lone surrogate escape" in page


# -- 2. a meld type that is a list or an object ---------------------------------------------------

MELD_TYPE = {
    "ruleset": {"preset": "hzlzg"},
    "laizi_indicator": "4p",
    "dealer": 0,
    "winner": 3,
    "win": {"way": "self_draw", "tile": "9s"},
    "seats": [{}, {"melds": [{"type": []}]}, {}, {}],
}
MELD_ERROR = {"error": {"field": "seats[1].melds[0].type", "message": "must be 'chi', 'peng' or 'gang'"}}


@pytest.mark.parametrize("kind", [[], {}, ["peng"], {"peng": 1}])
def test_evaluate_with_a_meld_type_that_is_not_a_string_names_the_field(api: Api, kind: object) -> None:
    value = json.loads(json.dumps(MELD_TYPE))
    value["seats"][1]["melds"][0]["type"] = kind
    single = api.post("/api/v1/evaluate", line(value), who=None)
    assert single.status_code == 200 and single.get_json() == MELD_ERROR
    listed = api.post("/api/v1/evaluate", b"[" + line(value) + b"]", who=None)
    assert listed.get_json() == {"results": [MELD_ERROR]}


# -- 3. a page number past any integer --------------------------------------------------------------


@pytest.mark.parametrize("page", ["9223372036854775807", "9223372036854775808", str(10**200)])
def test_the_mistakes_page_past_every_page_is_the_documented_404(api: Api, page: str) -> None:
    response = api.client.get(f"/mistakes?page={page}")
    assert response.status_code == 404
    text = response.get_data(as_text=True)
    assert "there are 1 pages of mistakes with these filters" in text
    assert page[:20] in text and (len(page) <= 20 or page not in text)  # a long number is cut


# -- 4, 6, 7. the admin token endpoint --------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field", "detail"),
    [
        (b'{"scope":"read","label":"\\ud800"}', "label", SURROGATE.format("a string")),
        (b'{"scope":"read","scope":"admin"}', "scope", "duplicate key 'scope'"),
        (b'{"scope":"read","label":"\\u001b[31mred\\u0000"}', "label", "must not hold control characters"),
    ],
)
def test_the_admin_token_body_is_read_strictly(api: Api, body: bytes, field: str, detail: str) -> None:
    store = api.app.extensions["replay.store"]
    before = [t.token_id for t in list_tokens(store)]
    response = api.post("/api/v1/admin/tokens", body, who="admin")
    problem = assert_problem(response, 400)
    assert [e["field"] for e in problem["errors"]] == [field], problem
    assert detail in json.dumps(problem, ensure_ascii=False).replace("\\\\", "\\")
    assert [t.token_id for t in list_tokens(store)] == before  # no token made, admin or any


def test_an_ordinary_label_still_makes_its_token_and_invisible_characters_are_removed(api: Api) -> None:
    response = api.post(
        "/api/v1/admin/tokens", '{"scope":"read","label":"老王 的 club 🀄"}'.encode(), who="admin"
    )
    assert response.status_code == 201
    assert response.get_json()["token"]["label"] == "老王 的 club 🀄"
    # a label is a note, not an identity: zero-width and tag characters are dropped, not refused
    body = b'{"scope":"read","label":"ops\\u200bteam\\udb40\\udc41 \\ud83d\\udc68\\u200d\\ud83d\\udc67"}'
    response = api.post("/api/v1/admin/tokens", body, who="admin")
    assert response.status_code == 201
    assert response.get_json()["token"]["label"] == "opsteam \U0001f468\u200d\U0001f467"


# -- 8. forms from another origin ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site", "Origin": "http://evil.example"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://localhost:9"},
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
    ],
)
@pytest.mark.parametrize("path", ["/signin", "/upload"])
def test_a_form_from_another_origin_is_refused(api: Api, headers: dict[str, str], path: str) -> None:
    data: dict[str, Any] = {"token": api.tokens["read"]}
    if path == "/upload":
        data = {"record": (io.BytesIO(line(sim()[0])), "a.json")}
    response = api.client.post(path, data=data, headers=headers)
    assert response.status_code == 403
    assert "Set-Cookie" not in response.headers
    assert "sent from another site" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "headers",
    [{"Sec-Fetch-Site": "same-origin"}, {"Origin": "http://localhost"}, {"Sec-Fetch-Site": "none"}, {}],
)
def test_the_servers_own_sign_in_form_still_signs_in(api: Api, headers: dict[str, str]) -> None:
    response = api.client.post("/signin", data={"token": api.tokens["read"]}, headers=headers)
    assert response.status_code == 302
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"replay_token={api.tokens['read']}") and "SameSite=Strict" in cookie


# -- also seen: echoed values and look-alike names ------------------------------------------------------


def test_a_404_echoes_a_long_id_cut_with_its_length(api: Api) -> None:
    long_id = "p" * 100_000
    for path in (f"/api/v1/players/{long_id}/stats", f"/api/v1/hands/simulator/{long_id}"):
        problem = assert_problem(api.get(path, who=None), 404)
        assert "(100000 characters)" in problem["detail"] and len(problem["detail"]) < 200
    page = api.client.get(f"/players/{long_id}")
    assert page.status_code == 404 and len(page.data) < 20_000


def test_a_look_alike_player_name_is_refused_and_the_others_stored(api: Api) -> None:
    first, second = (json.loads(json.dumps(r)) for r in sim()[2:4])
    second["seats"][1]["name"] = "al\u200bice"
    results = api.post("/api/v1/hands", b"[" + line(first) + b"," + line(second) + b"]").get_json()["results"]
    assert [r["outcome"] for r in results] == ["stored", "invalid"]
    assert results[1]["errors"][0]["field"] == "seats[1].name"
    assert results[1]["errors"][0]["message"].startswith("must not hold invisible characters: U+200B")
