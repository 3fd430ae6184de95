"""Read tokens scoped to a source (issue 16, item 6): a club's token reads only its own hands.

Two clubs share players (the same ``player_id`` sits in both); club A's read token must see club
A's hands, figures and mistakes only, while the population figures beside them stay aggregate
over every club (a club learns how its player compares, not what happened at the other club).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from api.app import create_app
from replay.games.wuhan.simulate import simulate
from replay.inputs import decode_ndjson
from store.ingest import ingest
from store.tokens import create_token

CLUBS = {"clubA": 6, "clubB": 10}


@pytest.fixture
def app(tmp_path: Path) -> Any:
    app = create_app(tmp_path / "t.duckdb")
    lines = []
    for i, rec in enumerate(simulate(sum(CLUBS.values()), 23)):
        rec = copy.deepcopy(rec)
        rec["source"] = "clubA" if i < CLUBS["clubA"] else "clubB"
        lines.append(json.dumps(rec).encode())
    results = ingest(app.extensions["replay.store"], decode_ndjson(b"\n".join(lines)))
    assert all(r.outcome == "stored" for r in results)
    yield app
    app.extensions["replay.store"].close()


def token(app: Flask, scope: str, source: str | None = None) -> dict[str, str]:
    return {"Authorization": f"Bearer {create_token(app.extensions['replay.store'], scope, source)[1]}"}


def test_a_clubs_read_token_lists_and_opens_only_its_hands(app: Flask) -> None:
    client = app.test_client()
    club_a, everyone = token(app, "read", "clubA"), token(app, "read")
    mine = client.get("/api/v1/hands?limit=1000", headers=club_a).get_json()
    assert mine["total"] == CLUBS["clubA"] and {h["source"] for h in mine["items"]} == {"clubA"}
    assert client.get("/api/v1/hands?limit=1000", headers=everyone).get_json()["total"] == sum(CLUBS.values())
    assert client.get("/api/v1/hands?source=clubA", headers=club_a).status_code == 200
    refused = client.get("/api/v1/hands?source=clubB", headers=club_a)
    assert refused.status_code == 403 and "only source 'clubA'" in refused.get_json()["detail"]
    theirs = client.get("/api/v1/hands?source=clubB&limit=1", headers=everyone).get_json()["items"][0]
    ours = mine["items"][0]
    for suffix in ("", "/audit", "/replay"):
        assert client.get(f"/api/v1/hands/clubA/{ours['hand_id']}{suffix}", headers=club_a).status_code == 200
        # another club's hand is as absent as a missing one (its existence is not told)
        other = client.get(f"/api/v1/hands/clubB/{theirs['hand_id']}{suffix}", headers=club_a)
        missing = client.get(f"/api/v1/hands/clubA/no-such-hand{suffix}", headers=club_a)
        assert other.status_code == missing.status_code == 404


def test_player_figures_are_the_clubs_and_the_population_stays_aggregate(app: Flask) -> None:
    client = app.test_client()
    club_a, everyone = token(app, "read", "clubA"), token(app, "read")
    first = client.get("/api/v1/hands?source=clubA&limit=1", headers=everyone).get_json()["items"][0]
    player = first["players"][0]
    in_a = client.get(f"/api/v1/hands?source=clubA&player={player}&limit=1000", headers=everyone).get_json()
    in_all = client.get(f"/api/v1/hands?player={player}&limit=1000", headers=everyone).get_json()
    assert in_all["total"] > in_a["total"] > 0  # the simulator's players sit at both clubs
    scoped = client.get(f"/api/v1/players/{player}/stats", headers=club_a).get_json()
    full = client.get(f"/api/v1/players/{player}/stats", headers=everyone).get_json()
    assert scoped["hands"] == in_a["total"] and full["hands"] == in_all["total"]
    figures = {f["key"]: f for f in scoped["habits"]["figures"]}
    full_figures = {f["key"]: f for f in full["habits"]["figures"]}
    assert figures["hands"]["player"] == in_a["total"]
    assert figures["hands"]["population"] == full_figures["hands"]["population"] == 4 * sum(CLUBS.values())
    mistakes = client.get(f"/api/v1/players/{player}/mistakes", headers=club_a).get_json()["items"]
    assert mistakes and {m["source"] for m in mistakes} == {"clubA"}
    all_mistakes = client.get(f"/api/v1/players/{player}/mistakes", headers=everyone).get_json()["items"]
    assert len(all_mistakes) > len(mistakes)


def test_scopes_a_token_may_and_may_not_have(app: Flask) -> None:
    store = app.extensions["replay.store"]
    with pytest.raises(ValueError, match="admin tokens are not bound"):
        create_token(store, "admin", "clubA")
    # an admin and an unscoped read token read every club; upload tokens still cannot read
    client = app.test_client()
    assert client.get("/api/v1/hands?source=clubB", headers=token(app, "admin")).get_json()["total"] == 10
    assert client.get("/api/v1/hands", headers=token(app, "upload", "clubA")).status_code == 403


def test_the_pages_read_as_the_signed_in_club(app: Flask) -> None:
    store = app.extensions["replay.store"]
    client = app.test_client()
    client.set_cookie("replay_token", create_token(store, "read", "clubA")[1])
    everyone = token(app, "read")
    ours = client.get("/api/v1/hands?source=clubA&limit=1", headers=everyone).get_json()["items"][0]
    theirs = client.get("/api/v1/hands?source=clubB&limit=1", headers=everyone).get_json()["items"][0]
    assert client.get(f"/hands/clubA/{ours['hand_id']}").status_code == 200
    assert client.get(f"/hands/clubB/{theirs['hand_id']}").status_code == 404
    assert client.get("/audits?source=clubB").status_code == 404
    mistakes = client.get("/mistakes?low=1").get_data(as_text=True)
    linked = set(re_sources(mistakes))
    assert linked == {"clubA"}
    page = client.get(f"/players/{ours['players'][0]}").get_data(as_text=True)
    assert set(re_sources(page)) <= {"clubA"}


def re_sources(html: str) -> list[str]:
    import re

    return re.findall(r'href="/hands/([^/"]+)/', html)
